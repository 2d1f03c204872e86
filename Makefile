# Two commands: `make build` and `make test`. Each sets up its own virtual environment in .venv.
# PYTHON: the interpreter .venv is made with; by default the distribution's optimised build when it has one
# (tools/pick_python.sh says why). `make test PYTHON=python3.12` chooses another (remove a .venv made before).
PYTHON ?= $(shell tools/pick_python.sh)
VENV   := .venv
BIN    := $(VENV)/bin
GAME   ?= no_retreat
STAMP  := $(VENV)/.installed

.PHONY: build test bench fuzz clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

# The engine setup installs the JDK (as root on Debian) and the VASSAL jar the modules' Check rules plugin is compiled
# against; where it cannot (exit 3, reason printed), the module is built without the plugin and says so.
build: $(STAMP)
	PYTHON=$(PYTHON) tools/vassal_engine/setup.sh || [ $$? -eq 3 ]
	$(BIN)/hexforge build $(GAME)

# Python's compiled bytecode, as a regular install writes it (pip byte-compiles what it installs; an editable install
# does not, and where PYTHONDONTWRITEBYTECODE is set nothing ever writes it): without it every process, each command
# line a test or a benchmark starts among them, compiles every module from source again. Only stale files are
# compiled; a file changed later is compiled in memory as before.
BYTECODE := $(BIN)/python -m compileall -q -j 0 games art modgen validator players hexforge mapgen tests benchmarks

# The engine is set up before the tests start: the session's module builds look for its jar to compile the Check rules
# plugin into the module, and a build made before another test's setup ran would lack it. Where it cannot be had the
# engine tests skip with the reason.
test: $(STAMP)
	PYTHON=$(PYTHON) tools/vassal_engine/setup.sh || echo "make test: VASSAL engine not installed; engine tests will skip" >&2
	$(BYTECODE)
	$(BIN)/python -m pytest -q -n 2 --junitxml=build/test-report.xml

# The long hostile-input run (SECURITY.md): many more generated inputs, each command in a child process under the
# memory limit and the timeout; FUZZ_EXAMPLES per property (default 400).
FUZZ_EXAMPLES ?= 400
fuzz: $(STAMP)
	$(BYTECODE)
	HEXFORGE_FUZZ=1 HEXFORGE_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest -q -n 2 -p no:cacheprovider \
		tests/test_hostile_fuzz.py tests/test_hostile_corpus.py

# every benchmark (`make bench`), or some: `make bench BENCH=rebuild` (benchmarks/<name>.py)
BENCH ?=
bench: $(STAMP)
	$(BYTECODE)
	$(BIN)/python benchmarks/run.py $(BENCH)

clean:
	rm -rf build
