"""``bezique``: the command line. Subcommands live in their own modules."""

from __future__ import annotations

import click

from .. import __version__
from ..extras import MissingExtra, require

#: The make target that installs each extra in the source tree (and runs its command).
MAKE_TARGETS = {"server": "make serve", "tournament": "make tournament"}


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bezique")
def cli() -> None:
    """Bézique, Sixty-Six and their family, played by the book (Foster's Complete Hoyle)."""


def require_extra(extra: str, command: str) -> None:
    """Stop ``command`` with one line naming the ``extra`` it needs and how to install it
    (pip, or make in the source tree), unless the extra is installed."""
    try:
        require(extra, command)
    except MissingExtra as exc:
        raise click.ClickException(f"{exc} (in the source tree: {MAKE_TARGETS[extra]})"
                                   ) from None


def _register() -> None:
    from . import play, players, referee, replay, review, serve, tournament, verify  # noqa: F401  (each module adds its commands to ``cli``)


def main() -> None:
    """Entry point of the ``bezique`` script."""
    _register()
    cli()


if __name__ == "__main__":  # python -m bezique.cli.main: the commands live on the package's
    from bezique.cli.main import main as _main  # module, not on this __main__ copy

    _main()
