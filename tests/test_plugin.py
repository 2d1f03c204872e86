"""The Check rules plugin without the engine (issue 17): compiled from source deterministically for Java 11, put
into every module with its toolbar element, left out with one clear line when no JDK is here; and what hexforge
gives it (``validate --module``, each violation's ``location``). tests/test_plugin_engine.py plays it in VASSAL."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys

import pytest
from lxml import etree

from hexforge.cli import main as hexforge
from modgen import module, plugin, toolbar
from modgen.archive import zip_bytes
from modgen.traits import key_text
from test_modgen import fake_art

LOGS = os.path.join(os.path.dirname(__file__), "logs")
JAVA_11 = 55  # class file major version: VASSAL 3.6 warns about anything newer


@pytest.fixture(scope="module")
def classes() -> dict[str, bytes]:
    try:
        return plugin.compile_classes()
    except plugin.PluginUnavailable as exc:
        pytest.skip(str(exc))


@pytest.fixture(scope="module")
def art_dir(nr_game, tmp_path_factory) -> str:
    out = str(tmp_path_factory.mktemp("plugin") / "no_retreat")
    fake_art(nr_game, out)
    return out


def test_two_compilations_give_the_same_class_bytes_for_java_11(classes) -> None:
    again = plugin.compile_classes()
    assert again == classes
    assert "hexforge/plugin/CheckRules.class" in classes
    for name, data in classes.items():
        assert name.startswith("hexforge/plugin/") and name.endswith(".class")
        assert data[:4] == b"\xca\xfe\xba\xbe" and int.from_bytes(data[6:8], "big") == JAVA_11, name


def test_every_module_carries_the_classes_and_the_button(nr_game, art_dir, classes) -> None:
    entries = module.module_entries(nr_game, art_dir)
    assert {k: v for k, v in entries.items() if k.startswith("hexforge/")} == classes
    root = etree.fromstring(entries["buildFile.xml"])
    (button,) = root.findall(plugin.COMPONENT)
    keys = toolbar.hotkeys(module.context(nr_game, art_dir))
    assert list(keys)[-1] == "Check rules"  # its hot key handed out after every other button's, which keep theirs
    assert button.attrib == {"name": "Check rules", "text": "Check rules", "icon": "",
                             "hotkey": key_text(keys["Check rules"]),
                             "tooltip": "Check the game so far against the rules with hexforge"}
    assert button.attrib["hotkey"] == "123,65"  # Shift+F12: No Retreat!'s toolbar hands out 19 keys before it
    help_page = entries[module.HELP_FILE].decode()
    assert "<tr><td>Check rules</td><td>Shift+F12</td></tr>" in help_page
    assert "<i>Check rules</i> on the toolbar (Shift+F12)" in help_page
    assert zip_bytes(entries) == zip_bytes(module.module_entries(nr_game, art_dir))


def test_without_a_jdk_the_module_is_built_without_the_plugin_and_one_line_says_why(
        nr_game, art_dir, monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.setattr(plugin.shutil, "which", lambda name: None)
    with pytest.raises(plugin.PluginUnavailable, match="no javac .*setup.sh"):
        plugin.compile_classes()
    plugin._classes_for.cache_clear()
    monkeypatch.setattr(plugin, "inputs_key", lambda: "no-jdk")  # a key no build with a JDK uses
    entries = module.module_entries(nr_game, art_dir)
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [err[0]] and err[0].startswith("module: built without the Check rules button: no javac")
    assert not [k for k in entries if k.startswith("hexforge/")]
    assert etree.fromstring(entries["buildFile.xml"]).find(plugin.COMPONENT) is None
    assert "Check rules" not in entries[module.HELP_FILE].decode()
    assert "Check rules" not in toolbar.buttons(module.context(nr_game, art_dir))
    module.module_entries(nr_game, art_dir)
    assert capsys.readouterr().err == ""  # said once per process
    plugin._classes_for.cache_clear()


def test_javac_runs_under_the_builds_address_space_limit(classes) -> None:
    """SECURITY.md: build, art and pnp stay within 3 GB of address space. javac's JVM reserves more by default (a
    gigabyte of class space, a heap by the machine's memory) and did not start under that limit; it is given a small
    one (``plugin.JVM_FLAGS``) and compiles the same class bytes."""
    code = "import sys; from modgen import plugin; sys.stdout.write(repr(sorted(plugin.compile_classes().items())))"
    limit = 3 * 1024 ** 3

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    p = subprocess.run([sys.executable, "-c", code], preexec_fn=cap, capture_output=True, text=True, timeout=300,
                       cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout == repr(sorted(classes.items()))


def test_a_jvm_that_cannot_start_leaves_the_plugin_out_not_a_bug_report(tmp_path) -> None:
    fake = tmp_path / "javac"
    fake.write_text("#!/bin/sh\necho 'Error occurred during initialization of VM'\nexit 1\n")
    fake.chmod(0o755)
    with pytest.raises(plugin.PluginUnavailable, match="javac's JVM could not start"):
        plugin.compile_classes(javac=str(fake))


def test_a_missing_engine_jar_is_reported_not_raised(tmp_path) -> None:
    with pytest.raises(plugin.PluginUnavailable, match="no VASSAL engine jar"):
        plugin.compile_classes(jar=str(tmp_path / "none.jar"), javac="javac")


# --- what hexforge gives the plugin ---------------------------------------------------------------------------------


def validate_json(log: str, capsys, *extra: str) -> tuple[int, dict]:
    code = hexforge(["validate", log, "--format", "json", *extra])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("log, rule, location", [
    ("blind2_combat_lake.jsonl", "10.1", "1703"),  # a path: where it ends (the attacked hex)
    ("blind2_card_joker.jsonl", "10.5", "2111"),  # a battle: its target
    ("blind2_card_movement_twice.jsonl", "5.3.4", "1004"),  # only a unit: where it stood
    ("blind2_supply_yugoslav.jsonl", "6.2", "W. Balkans"),  # an area, by the name the module's zone has
    ("victory_none.jsonl", "12.0", None),  # the score: no one place
])
def test_each_violation_names_the_place_it_is_about(log, rule, location, capsys) -> None:
    code, report = validate_json(os.path.join(LOGS, log), capsys)
    assert code == 1
    found = [v for v in report["violations"] if v["rule"] == rule]
    assert found and all(v["location"] == location for v in found), found
    assert set(found[0]) == {"line", "turn", "side", "phase", "rule", "message", "units", "path", "location",
                             "step", "did", "at", "where", "follows"}


def test_validate_reads_a_vassal_log_with_the_module_it_is_given(nr_game, art_dir, tmp_path, capsys) -> None:
    entries = module.module_entries(nr_game, art_dir)
    vmod = tmp_path / "elsewhere" / "Some.vmod"
    vmod.parent.mkdir()
    vmod.write_bytes(zip_bytes(entries))
    setup = next(name for name in entries if name.endswith(".vsav"))
    save = tmp_path / "setup.vsav"
    save.write_bytes(entries[setup])
    assert hexforge(["validate", str(save), "--module", str(vmod)]) == 0
    assert f"module {vmod}" in capsys.readouterr().err
    assert hexforge(["validate", str(save), "--module", str(tmp_path / "none.vmod")]) == 2
    assert "cannot read the module" in capsys.readouterr().err
