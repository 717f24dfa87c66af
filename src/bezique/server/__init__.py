"""The table server: people and computer players at tables in the browser and over the
network, the hidden cards kept on the server (``bezique serve``; docs/PROTOCOL.md).

- :mod:`.store`: the event-sourced store (SQLite by default, PostgreSQL for several
  processes) through SQLAlchemy 2 Core;
- :mod:`.service`: the tables in memory, replayed from the store, acted on, and each
  seat's view (never another seat's hand);
- :mod:`.limits`: what one client may make the server do (tables, search players, their
  share of the thinking, requests from other sites' pages);
- :mod:`.app`: the Starlette app (HTTP lobby, WebSockets), on uvicorn.
"""
