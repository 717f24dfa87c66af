"""``bezique serve``: the table server for the browser and the network."""

from __future__ import annotations

import click

from ..server.limits import Caps  # the standard library's alone: no extra needed
from .main import cli, require_extra

DEFAULT_PORT = 8766


@cli.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (0.0.0.0: every interface).")
@click.option("--port", default=DEFAULT_PORT, show_default=True, type=click.IntRange(1, 65535),
              help="The port to listen on.")
@click.option("--database", default=None, metavar="URL",
              help="Where the tables are kept: a SQLAlchemy URL such as "
                   "postgresql://user@host/db (several server processes may share it). "
                   "Default: SQLite in $XDG_DATA_HOME/bezique/server.db.")
@click.option("--computer-delay", default=0.3, show_default=True,
              type=click.FloatRange(0, 10),
              help="Seconds the computer players wait before each of their moves.")
@click.option("--max-tables-per-client", default=Caps.tables_per_client, show_default=True,
              type=click.IntRange(0), help="Tables in play one client (address) may open.")
@click.option("--max-tables", default=Caps.tables, show_default=True, type=click.IntRange(0),
              help="Tables in play the server takes in all.")
@click.option("--max-searchers-per-client", default=Caps.searchers_per_client, show_default=True,
              type=click.IntRange(0),
              help="Seats of search players (flat, pimc, ...) at one client's tables in play.")
@click.option("--max-searchers", default=Caps.searchers, show_default=True, type=click.IntRange(0),
              help="Seats of search players at the tables in play in all.")
@click.option("--max-rate", default=20.0, show_default=True, type=click.FloatRange(1, 10000),
              help="Messages a second one connection may send (more closes it).")
def serve(host: str, port: int, database: str | None, computer_delay: float,
          max_tables_per_client: int, max_tables: int, max_searchers_per_client: int,
          max_searchers: int, max_rate: float) -> None:
    """Serve tables in the browser: open http://HOST:PORT/ to start one."""
    require_extra("server", "bezique serve")
    import uvicorn

    from ..server.app import MAX_MESSAGE, create_app
    from ..server.store import StoreError

    caps = Caps(tables_per_client=max_tables_per_client, tables=max_tables,
                searchers_per_client=max_searchers_per_client, searchers=max_searchers)
    try:
        app = create_app(database, computer_delay=computer_delay, caps=caps, rate=max_rate)
    except StoreError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"bezique serve: http://{host}:{port}/ (database: "
               f"{app.state.service.store.url.split('@')[-1]})", err=True)
    uvicorn.run(app, host=host, port=port, ws_max_size=2 * MAX_MESSAGE, log_level="warning",
                ws_ping_interval=20, ws_ping_timeout=20, ws_per_message_deflate=False)
