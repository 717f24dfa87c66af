"""The parts of the package that need more than the core, and the extras of pyproject.toml
that install them. Playing needs only click and rich; the table server (``bezique serve``)
needs the ``server`` extra, the tournaments' ratings and pictures (``bezique tournament``)
the ``tournament`` extra, tournaments on Ray the ``cluster`` extra. Their modules are
imported only where they are used, and :func:`require` says up front what to install.

>>> install_command("server")
"pip install 'bezique[server]'"
>>> missing("tournament", modules=("openskill", "no_such_module"))
('no_such_module',)
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence

from .core.errors import BeziqueError

EXTRAS: dict[str, tuple[str, ...]] = {
    "server": ("starlette", "uvicorn", "sqlalchemy", "psycopg", "orjson"),
    "tournament": ("openskill", "matplotlib"),
    "cluster": ("ray",),
}
"""Extra -> the top-level modules of its packages (each named as its distribution is)."""


class MissingExtra(BeziqueError, ImportError):
    """A part of the package used without the extra that installs it; the message names
    the extra and the command that installs it."""


def install_command(extra: str) -> str:
    """The command that installs ``extra``."""
    return f"pip install 'bezique[{extra}]'"


def _absent(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is None
    except (ImportError, ValueError):  # a parent that fails to import, a broken __spec__
        return True


def missing(extra: str, modules: Sequence[str] | None = None) -> tuple[str, ...]:
    """The modules of ``extra`` (or those of ``modules``) that cannot be imported: none
    when it is installed. Looked up, not imported."""
    return tuple(m for m in (EXTRAS[extra] if modules is None else modules) if _absent(m))


def require(extra: str, what: str, modules: Sequence[str] | None = None) -> None:
    """Raise :class:`MissingExtra` naming ``what`` needs ``extra`` and how to install it
    unless its modules (or those of ``modules``, a part of them) can be imported."""
    gone = missing(extra, modules)
    if gone:
        raise MissingExtra(f"{what} needs the {extra} extra, which is not installed"
                           f" (no {', '.join(gone)}): {install_command(extra)}")
