"""Child processes that a test stops with Ctrl-C (SIGINT), as a user stops ``build --watch`` and ``preview``.

A test run started in the background (``make test &``, a CI runner without a terminal) inherits SIGINT ignored, and
so would every child it starts: Python then installs no Ctrl-C handler, the child never stops and the test waits
for it until its timeout. :func:`ctrl_c_reaches` gives the child SIGINT's default back before it starts.
"""

from __future__ import annotations

import signal


def ctrl_c_reaches() -> None:
    """``preexec_fn`` of a child that a test stops with SIGINT."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
