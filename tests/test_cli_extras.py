"""Playing needs only the core (click and rich); the server and the tournaments are extras
(pyproject.toml). Run in a python where the extras' modules cannot be imported: playing,
replaying, reviewing and every command's help work, and ``bezique serve`` and ``bezique
tournament`` stop with one line naming the extra and how to install it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import bezique
from bezique.extras import EXTRAS, MissingExtra
from bezique.tournament import run_tournament

ROOT = Path(__file__).resolve().parents[1]
SRC = str(Path(bezique.__file__).resolve().parents[1])

#: imports of these modules raise ImportError, as when the extras are not installed
BLOCK = """
import sys
for name in {modules!r}:
    sys.modules[name] = None
"""


def run_without(modules: tuple[str, ...], code: str, stdin: str = ""
                ) -> subprocess.CompletedProcess[str]:
    """``code`` run by a new python in which ``modules`` cannot be imported."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [SRC, *filter(None, [os.environ.get("PYTHONPATH")])]), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-c", BLOCK.format(modules=modules) + code],
                          input=stdin, capture_output=True, text=True, timeout=120, env=env,
                          cwd=ROOT)


def bezique_without(modules: tuple[str, ...], *args: str, stdin: str = ""
                    ) -> subprocess.CompletedProcess[str]:
    """The ``bezique`` command with ``args``, in a python without ``modules``."""
    return run_without(modules, "from bezique.cli.main import main\n"
                                f"sys.argv = ['bezique', *{list(args)!r}]\nmain()\n", stdin)


ALL_EXTRAS = tuple(m for modules in EXTRAS.values() for m in modules)


@pytest.mark.parametrize(("extra", "command", "args", "target"), [
    ("server", "serve", ("--port", "8123"), "make serve"),
    ("tournament", "tournament", ("--players", "random,rules", "--deals", "1"),
     "make tournament"),
])
def test_a_command_without_its_extra_says_in_one_line_what_to_install(
        extra: str, command: str, args: tuple[str, ...], target: str) -> None:
    proc = bezique_without(EXTRAS[extra], command, *args)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert f"bezique {command} needs the {extra} extra" in lines[0]
    assert f"pip install 'bezique[{extra}]'" in lines[0] and target in lines[0]
    assert proc.stdout == ""


def test_the_server_without_starlette_alone_names_what_is_missing() -> None:
    proc = bezique_without(("starlette",), "serve")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "(no starlette)" in proc.stderr and "pip install 'bezique[server]'" in proc.stderr


@pytest.mark.parametrize("command", ["play", "players", "referee", "replay", "review",
                                     "serve", "tournament", "verify"])
def test_every_command_helps_without_the_extras(command: str) -> None:
    proc = bezique_without(ALL_EXTRAS, command, "--help")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"Usage: bezique {command} "), proc.stdout


def test_a_match_is_played_saved_and_replayed_without_the_extras(tmp_path: Path) -> None:
    record = tmp_path / "r.txt"
    played = bezique_without(ALL_EXTRAS, "play", "--game", "sixtysix", "--seed", "1",
                             "--opponent", "random", "--first-dealer", "computer",
                             "--record", str(record), "--display", "plain",
                             stdin="1\nquit\n")
    assert played.returncode == 0, played.stderr
    assert "Traceback" not in played.stderr and record.exists()
    replayed = bezique_without(ALL_EXTRAS, "replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    assert "Sixty-Six" in replayed.stdout


def test_every_module_but_the_servers_imports_without_the_extras() -> None:
    code = """
import importlib, pkgutil
import bezique
server = ("bezique.server.app", "bezique.server.store", "bezique.server.service")
names = [m.name for m in pkgutil.walk_packages(bezique.__path__, "bezique.")]
assert len(names) > 40, names
for name in names:
    if name not in server and not name.endswith("__main__"):
        importlib.import_module(name)
print(len(names))
"""
    proc = run_without(ALL_EXTRAS, code)
    assert proc.returncode == 0, proc.stderr


def test_a_tournament_without_openskill_is_refused_before_any_deal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "openskill", None)
    played: list[int] = []
    with pytest.raises(MissingExtra, match=re.escape("pip install 'bezique[tournament]'")):
        run_tournament("sixtysix", ["random", "rules"], deals=2, seed=1, jobs=1,
                       progress=played.append)
    assert played == []


def _requirement_names(requirements: list[str]) -> tuple[str, ...]:
    return tuple(re.split(r"[\[<>=!~ ;]", r, maxsplit=1)[0].lower() for r in requirements)


def test_playing_installs_only_click_and_rich_and_each_extra_its_modules() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert _requirement_names(project["dependencies"]) == ("click", "rich")
    extras = project["optional-dependencies"]
    for extra, modules in EXTRAS.items():
        assert _requirement_names(extras[extra]) == modules, extra
    # the test extra installs every other extra, so that every part is tested
    [own] = [r for r in extras["test"] if r.startswith("bezique[")]
    assert set(own[len("bezique["):-1].split(",")) == set(EXTRAS)
