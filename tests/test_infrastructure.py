"""Smoke tests of the test infrastructure (tests/conftest.py): a real PostgreSQL server, a
real chromium driven by Playwright, servers started as subprocesses."""

from __future__ import annotations

import os
import sys
import urllib.request
from pathlib import Path

import conftest
import pytest

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def http_server(directory: Path) -> list[str]:
    """Python's own static file server on {port}, standing in for `bezique serve`."""
    return [
        sys.executable, "-m", "http.server", "{port}",
        "--bind", "127.0.0.1", "--directory", str(directory),
    ]  # fmt: skip


def test_postgres_creates_writes_and_reads_a_table(postgres_url: str) -> None:
    import sqlalchemy as sa

    assert postgres_url.startswith("postgresql+psycopg://")
    engine = sa.create_engine(postgres_url)
    meta = sa.MetaData()
    t = sa.Table(
        "smoke",
        meta,
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
    )
    try:
        meta.create_all(engine)
        with engine.begin() as conn:
            conn.execute(t.insert(), [{"name": "bézique"}, {"name": "rubicon"}])
        with engine.connect() as conn:
            assert conn.execute(sa.text("select version()")).scalar_one().startswith(
                "PostgreSQL"
            )
            names = conn.execute(sa.select(t.c.name).order_by(t.c.id)).scalars().all()
        assert names == ["bézique", "rubicon"]
    finally:
        meta.drop_all(engine)
        engine.dispose()


def test_start_server_waits_until_the_port_answers(start_server, tmp_path: Path) -> None:
    (tmp_path / "hello.txt").write_text("hello")
    url, proc = start_server(command=http_server(tmp_path))
    assert proc.poll() is None
    with urllib.request.urlopen(url + "/hello.txt", timeout=5) as response:
        assert response.read() == b"hello"


def test_start_server_passes_env_and_stops_servers_at_teardown(
    start_server, tmp_path: Path
) -> None:
    script = (
        "import os, http.server, sys\n"
        "class H(http.server.BaseHTTPRequestHandler):\n"
        "    def do_GET(self):\n"
        "        body = os.environ['BEZIQUE_SMOKE'].encode()\n"
        "        self.send_response(200); self.end_headers(); self.wfile.write(body)\n"
        "http.server.HTTPServer(('127.0.0.1', int(sys.argv[1])), H).serve_forever()\n"
    )
    url, _ = start_server(
        env={"BEZIQUE_SMOKE": "from env"}, command=[sys.executable, "-c", script, "{port}"]
    )
    with urllib.request.urlopen(url + "/", timeout=5) as response:
        assert response.read() == b"from env"


def test_start_server_reports_a_server_that_died(start_server) -> None:
    dying = [sys.executable, "-c", "import sys; sys.exit('no such thing on port {port}')"]
    with pytest.raises(RuntimeError, match=r"(?s)exited \(1\).*no such thing on port"):
        start_server(command=dying)


def test_start_server_builds_the_bezique_serve_command() -> None:
    argv = conftest.serve_command(8123, ["--database", "sqlite:///x.db"])
    assert argv[0] == sys.executable
    assert argv[-7:] == [
        "serve", "--host", "127.0.0.1", "--port", "8123", "--database", "sqlite:///x.db",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("ci", "root", "outcome"),
    [("", False, pytest.skip.Exception), ("1", False, pytest.fail.Exception),
     ("", True, pytest.fail.Exception)],
)  # fmt: skip
def test_missing_system_package_skips_only_off_ci_and_not_root(
    monkeypatch: pytest.MonkeyPatch, ci: str, root: bool, outcome: type[BaseException]
) -> None:
    monkeypatch.setenv("CI", ci)
    monkeypatch.setattr(os, "geteuid", lambda: 0 if root else 1000)
    with pytest.raises(outcome, match="make setup-system"):
        conftest._missing("chromium")


def test_chromium_clicks_a_button_and_takes_a_screenshot(
    chromium_page, start_server, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text(
        "<!doctype html><html><head><title>smoke</title></head><body>"
        '<button id="b" onclick="this.textContent = \'clicked\'">click me</button>'
        "</body></html>"
    )
    url, _ = start_server(command=http_server(site))
    page = chromium_page
    page.goto(url + "/index.html")
    assert page.title() == "smoke"
    assert page.text_content("#b") == "click me"
    page.click("#b")
    assert page.text_content("#b") == "clicked"
    shot = tmp_path / "page.png"
    page.screenshot(path=str(shot))
    assert shot.read_bytes()[:8] == PNG_SIGNATURE
