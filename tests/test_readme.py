"""The README's Python examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_blocks_run(capsys: object) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README should show the library in use"
    for code in blocks:
        exec(compile(code, str(README), "exec"), {})  # noqa: S102 - our own document


def test_readme_quick_start_is_two_make_commands() -> None:
    text = README.read_text(encoding="utf-8")
    quick = text.split("## Quick start", 1)[1].split("##", 1)[0]
    commands = [line.split("#")[0].strip() for line in quick.splitlines()
                if line.startswith("make ")]
    assert commands == ["make play", "make test"]
    makefile = (README.parent / "Makefile").read_text(encoding="utf-8")
    assert "\nplay:" in makefile and "\ntest:" in makefile
    assert "make test" in (README.parent / ".ci" / "run").read_text(encoding="utf-8")


def test_playing_installs_no_test_tools_and_the_licence_is_an_spdx_string() -> None:
    import tomllib

    root = README.parent
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert isinstance(project["license"], str)  # not the deprecated {text = ...} table
    test_tools = " ".join(project["optional-dependencies"]["test"])
    for tool in ("pytest", "hypothesis", "ruff", "mypy"):
        assert tool in test_tools and tool not in " ".join(project["dependencies"])
    makefile = (root / "Makefile").read_text(encoding="utf-8")
    rules = dict(re.findall(r"^([^\s#][^:\n]*):[^\n]*\n((?:\t[^\n]*\n)*)", makefile, re.M))
    assert "[test]" not in rules["$(VENV)/.installed"]
    assert "setup:" in makefile and re.search(r"^play: setup$", makefile, re.M)
    assert re.search(r"^test: setup-test$", makefile, re.M)


def test_the_readme_compares_with_no_figure_from_another_machine() -> None:
    text = README.read_text(encoding="utf-8")
    assert "PERFORMANCE.md" not in text and "240,000" not in text
