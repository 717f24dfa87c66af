"""``python -m bezique``: the ``bezique`` command."""

from bezique.cli.main import main

main()
