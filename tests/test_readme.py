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
