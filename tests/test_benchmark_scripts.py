"""Every benchmark script that runs in the project's environment at least starts: its
``--help`` parses (two merges once declared the same option twice in
``bot_strength.py``, and the script would not start; no test ran it). The scripts of the
peers' environment (``schnapsen_match.py``, ``hearts_match.py``) need OpenSpiel or the
platform and are left to ``benchmarks/peers.py``'s environment."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PEERS_ONLY = {"schnapsen_match.py", "hearts_match.py"}
SCRIPTS = sorted(p.name for p in (ROOT / "benchmarks").glob("*.py") if p.name not in PEERS_ONLY)


@pytest.mark.parametrize("script", SCRIPTS)
def test_benchmark_script_starts(script: str) -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"),
                                                       str(ROOT / "benchmarks")]))
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), "--help"],
                          capture_output=True, text=True, timeout=120, env=env, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage:" in done.stdout
