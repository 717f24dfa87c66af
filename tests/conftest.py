"""Shared test infrastructure: a throw-away PostgreSQL server, a headless chromium, servers
run as subprocesses.

- ``postgres_url`` (session): the SQLAlchemy URL (``postgresql+psycopg://...``) of an empty
  database on a PostgreSQL cluster of its own (initdb into a temporary directory, trust auth,
  a free localhost port and a unix socket in that directory), stopped and removed at the end.
- ``chromium_browser`` (session): a Playwright (sync API) ``Browser``, Debian's
  /usr/bin/chromium, headless; ``chromium_page``: a fresh context and page per test.
- ``start_server``: ``start_server(args, env=None) -> (url, Popen)`` runs ``bezique serve
  --host 127.0.0.1 --port <free port> *args`` and returns once the port answers HTTP; every
  server it started is stopped at the end of the test.

PostgreSQL and chromium are Debian packages that ``make setup-system`` installs (``make
test`` does so as root). When one is missing the tests needing it are skipped with that
hint, but fail under CI (env var ``CI`` set) or as root, where it should have been installed.
"""

from __future__ import annotations

import glob
import os
import pwd
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",  # as root (CI) chromium refuses its sandbox
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SERVER_TIMEOUT = 20.0  # seconds for a started server to answer HTTP


def _missing(what: str) -> None:
    """Skip, or fail where the Makefile installs system packages (CI, root)."""
    message = f"{what} is not installed: run `make setup-system` (as root), or `make test`"
    if os.environ.get("CI") or os.geteuid() == 0:
        pytest.fail(f"{message} (required under CI and as root)", pytrace=False)
    pytest.skip(message)


def free_port() -> int:
    """A TCP port free on localhost now (the OS's pick; another may take it before us)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# --- PostgreSQL ---------------------------------------------------------------------------


def _postgres_bindir() -> Path | None:
    """The directory of initdb and pg_ctl: Debian's newest version, else the one on PATH."""

    def version(path: str) -> tuple[int, ...]:
        name = Path(path).parents[1].name  # /usr/lib/postgresql/<ver>/bin/initdb
        return tuple(int(p) for p in name.split(".") if p.isdigit())

    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=version)
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    if on_path and shutil.which("pg_ctl", path=str(Path(on_path).parent)):
        return Path(on_path).parent
    return None


class _Cluster:
    """A PostgreSQL cluster in a temporary directory, run as ``postgres`` when we are root."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        # not under pytest's tmp_path: its parents are 0700 root's, closed to the postgres user
        self.dir = Path(tempfile.mkdtemp(prefix="bezique-pg-"))
        self.data = self.dir / "data"
        self.log = self.dir / "postgres.log"
        self.as_root = os.geteuid() == 0  # PostgreSQL refuses to run as root: as postgres
        if self.as_root:
            try:
                user = pwd.getpwnam("postgres")  # created by the Debian package
            except KeyError:
                shutil.rmtree(self.dir)
                pytest.fail("running as root but there is no `postgres` user to run PostgreSQL")
            os.chown(self.dir, user.pw_uid, user.pw_gid)
        self.port = 0

    def run(self, tool: str, *args: str, timeout: float = 60) -> None:
        argv = [str(self.bindir / tool), *args]
        if self.as_root:
            if shutil.which("runuser"):
                argv = ["runuser", "-u", "postgres", "--", *argv]
            else:
                argv = ["su", "postgres", "-s", "/bin/sh", "-c", shlex.join(argv)]
        done = subprocess.run(
            argv,
            cwd=self.dir,  # the tools want to be able to read their working directory
            capture_output=True,
            text=True,
            timeout=timeout,
            env={**os.environ, "LC_ALL": "C", "TZ": "UTC"},
        )
        if done.returncode != 0:
            log = self.log.read_text(errors="replace") if self.log.exists() else ""
            raise RuntimeError(
                f"{tool} failed ({done.returncode}):\n{done.stdout}{done.stderr}\n{log}"
            )

    def start(self) -> None:
        self.run(
            "initdb",
            "--pgdata", str(self.data),
            "--username", "postgres",
            "--auth", "trust",
            "--encoding", "UTF8",
            "--locale", "C",
            "--no-sync",
        )  # fmt: skip
        for attempt in range(3):  # the free port may be taken before the server binds it
            self.port = free_port()
            options = (
                f"-c listen_addresses=127.0.0.1 -p {self.port} "
                f"-c unix_socket_directories={self.dir} "
                "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            )
            try:
                self.run(
                    "pg_ctl", "start", "--pgdata", str(self.data), "--log", str(self.log),
                    "--wait", "--timeout", "30", "--options", options,
                )  # fmt: skip
                return
            except RuntimeError:
                if attempt == 2:
                    raise

    def stop(self) -> None:
        try:
            self.run("pg_ctl", "stop", "--pgdata", str(self.data), "--mode", "immediate", "--wait")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """SQLAlchemy URL of an empty database ``bezique_test`` on a throw-away PostgreSQL."""
    bindir = _postgres_bindir()
    if bindir is None:
        _missing("PostgreSQL (initdb, pg_ctl: Debian package postgresql)")
        raise AssertionError  # unreachable: _missing skips or fails
    import psycopg

    cluster = _Cluster(bindir)
    try:
        cluster.start()
        with psycopg.connect(
            host=str(cluster.dir), port=cluster.port, user="postgres", dbname="postgres",
            autocommit=True,
        ) as conn:  # fmt: skip
            conn.execute("CREATE DATABASE bezique_test")
        yield f"postgresql+psycopg://postgres@127.0.0.1:{cluster.port}/bezique_test"
    finally:
        cluster.stop()


# --- chromium -----------------------------------------------------------------------------


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator[Browser]:
    """Debian's chromium, headless, driven by Playwright's sync API (not in an asyncio loop)."""
    if not os.access(CHROMIUM, os.X_OK):
        _missing(f"chromium ({CHROMIUM}: Debian package chromium)")
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()
    finally:
        playwright.stop()


@pytest.fixture
def chromium_page(chromium_browser: Browser) -> Iterator[Page]:
    """A page in a fresh browser context (own cookies and storage), closed after the test."""
    context = chromium_browser.new_context()
    context.set_default_timeout(10_000)
    try:
        yield context.new_page()
    finally:
        context.close()


# --- servers as subprocesses --------------------------------------------------------------


def serve_command(port: int, args: Sequence[str] = (), host: str = "127.0.0.1") -> list[str]:
    """The command line of ``bezique serve`` in this interpreter."""
    return [
        sys.executable, "-m", "bezique.cli.main",
        "serve", "--host", host, "--port", str(port), *args,
    ]  # fmt: skip


def _wait_http(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float) -> None:
    """Return once ``url`` answers HTTP (any status); raise with the log if it died or hung."""
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(
                f"server {proc.args!r} exited ({proc.returncode}) before answering {url}:\n"
                + log.read_text(errors="replace")
            )
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError:  # an answer all the same
            return
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(
                f"server {proc.args!r} did not answer {url} within {timeout:g} s:\n"
                + log.read_text(errors="replace")
            )
        time.sleep(0.05)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


StartServer = Callable[..., tuple[str, "subprocess.Popen[bytes]"]]


@pytest.fixture
def start_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StartServer]:
    """``start_server(args, env=None, *, command=None, timeout=20.0) -> (url, Popen)``.

    Runs ``bezique serve --host 127.0.0.1 --port <free port> *args`` (``command``: another
    command line instead, its ``"{port}"`` items replaced by the port) with ``env`` added to
    the environment, and returns ``("http://127.0.0.1:<port>", process)`` once the port
    answers HTTP. Its stdout and stderr go to a log file, shown if it dies or never answers
    within ``timeout`` seconds. Every server started is stopped at the end of the test.
    """
    started: list[subprocess.Popen[bytes]] = []
    logs = tmp_path_factory.mktemp("servers")

    def start(
        args: Sequence[str] = (),
        env: Mapping[str, str] | None = None,
        *,
        command: Sequence[str] | None = None,
        timeout: float = SERVER_TIMEOUT,
    ) -> tuple[str, subprocess.Popen[bytes]]:
        port = free_port()
        if command is None:
            argv = serve_command(port, args)
        else:
            argv = [a.replace("{port}", str(port)) for a in command] + list(args)
        log = logs / f"server-{len(started)}-{port}.log"
        with log.open("wb") as out:
            proc = subprocess.Popen(
                argv,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
            )
        started.append(proc)
        url = f"http://127.0.0.1:{port}"
        _wait_http(url + "/", proc, log, timeout)
        return url, proc

    try:
        yield start
    finally:
        for proc in started:
            _stop(proc)
