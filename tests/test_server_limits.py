"""Work that one client can cause (issue 15, section 2), each limit tried as an adversary
would: option values no game means, tables and search players opened by the dozen,
computer-only tables played to nobody, one client's search players holding up
another's, requests from another site's page, and a server stopped leaving its worker
processes behind."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import json
import os
import re
import signal
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from wsclient import Client

from bezique.core.errors import OptionError
from bezique.games import GAMES, make_game
from bezique.server import app as app_module
from bezique.server.app import create_app
from bezique.server.limits import Caps, FairGate, same_origin
from bezique.server.service import Plan


def app_on(path: Path, **kw: Any) -> Any:
    kw.setdefault("computer_delay", 0.0)
    kw.setdefault("rate", 1000.0)
    return create_app(f"sqlite:///{path / 'tables.db'}", **kw)


def as_clients(app: Any) -> Any:
    """The app behind a test-only door: a request's ``x-test-client`` header gives its
    remote address (the TestClient's is always ``testclient``), so that one TestClient
    plays several clients."""
    async def door(scope: Any, receive: Any, send: Any) -> None:
        for key, value in scope.get("headers", ()):
            if key == b"x-test-client":
                scope = dict(scope, client=(value.decode(), 50000))
        await app(scope, receive, send)
    door.state = app.state  # type: ignore[attr-defined]
    return door


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(app_on(tmp_path)) as c:
        yield c


def table(c: TestClient, who: str, seats: list[str], game: str = "sixtysix",
          options: dict[str, Any] | None = None) -> Any:
    """POST a table for client ``who``: the response."""
    return c.post("/api/tables", headers={"x-test-client": who},
                  json={"game": game, "options": options or {},
                        "seats": [{"kind": k} for k in seats]})


def seq_of(c: TestClient, table_id: str) -> int:
    seq: int = c.get(f"/api/tables/{table_id}").json()["seq"]
    return seq


def wait_until(test: Any, seconds: float = 30.0, what: str = "") -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, f"not within {seconds:g} s: {what}"
        time.sleep(0.02)


# -- 1. every numeric option bounded to what its game means ----------------------------------

def _numeric_options() -> list[tuple[str, str, int, int]]:
    """``(game, option, least, most)`` for every whole-number option without choices."""
    out = []
    for name, cls in GAMES.items():
        for f in dataclasses.fields(cls.options_class):
            if (isinstance(f.default, int) and not isinstance(f.default, bool)
                    and not f.metadata.get("choices")):
                out.append((name, f.name, f.metadata["least"], f.metadata["most"]))
    return out


NUMERIC = _numeric_options()


def test_the_numeric_options_are_found_and_each_is_bounded() -> None:
    found = {(g, o) for g, o, _, _ in NUMERIC}
    assert {("sixtysix", "game_target"), ("rubicon", "series_deals"),
            ("chouette", "series_deals"), ("binocleauction", "deals")} <= found
    for game, opt, least, most in NUMERIC:
        assert least <= GAMES[game].options_class().to_mapping()[opt] <= most
        assert most <= 100, f"{game} {opt}: up to {most}"


def _out_of_range(least: int, most: int) -> list[int]:
    return [least - 1, most + 1, 99999999999999999999]


@pytest.mark.parametrize("game,opt,least,most", NUMERIC)
def test_make_game_refuses_an_option_out_of_its_range(game: str, opt: str, least: int,
                                                      most: int) -> None:
    for value in _out_of_range(least, most):
        for given in (value, str(value)):
            with pytest.raises(OptionError) as err:
                make_game(game, {opt: given})
            words = str(err.value)
            assert f"option {opt} takes a whole number from {least} to {most}" in words
            assert str(value) in words
    make_game(game, {opt: least})
    if opt != "box":  # the box is a seat of the table's players (4 by default)
        make_game(game, {opt: most})


@pytest.mark.parametrize("game,opt,least,most", NUMERIC)
def test_the_server_refuses_an_option_out_of_its_range(client: TestClient, game: str,
                                                       opt: str, least: int,
                                                       most: int) -> None:
    seats = [{"kind": "random"}] * make_game(game).num_players
    for value in _out_of_range(least, most):
        r = client.post("/api/tables", json={"game": game, "options": {opt: value},
                                             "seats": seats})
        assert r.status_code == 400, r.text
        error = r.json()["error"]
        assert re.search(rf"option {opt} takes a whole number from {least} to {most},"
                         rf" not '?{value}'?", error), error


def test_the_lobby_lists_each_numeric_options_range(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    for game, opt, least, most in NUMERIC:
        row = next(o for o in games[game]["options"] if o["name"] == opt)
        assert row["allowed"] == f"a whole number from {least} to {most}"


def test_an_unbounded_whole_number_option_cannot_be_declared() -> None:
    from bezique.core.game import option
    with pytest.raises(TypeError, match="least and most"):
        option(7, None, "Game points that win.")


# -- 2. what one client may open ---------------------------------------------------------------

CAPS = Caps(tables_per_client=2, tables=3, searchers_per_client=2, searchers=3)


@pytest.fixture()
def capped(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(as_clients(app_on(tmp_path, caps=CAPS))) as c:
        yield c


def test_a_client_may_open_so_many_tables_and_the_server_so_many(capped: TestClient) -> None:
    for _ in range(2):
        assert table(capped, "10.0.0.1", ["human", "rules"]).status_code == 200
    r = table(capped, "10.0.0.1", ["human", "rules"])
    assert r.status_code == 429
    assert r.json()["error"].startswith("you have 2 tables in play, the most one client may"
                                        " have (2)")
    assert table(capped, "10.0.0.2", ["human", "human"]).status_code == 200  # another client
    r = table(capped, "10.0.0.3", ["human", "rules"])
    assert r.status_code == 429 and "the server has 3 tables in play" in r.json()["error"]


def test_a_finished_table_counts_no_more(capped: TestClient) -> None:
    done = table(capped, "10.0.0.1", ["random", "random"], options={"game_target": 1}).json()
    assert table(capped, "10.0.0.1", ["human", "rules"]).status_code == 200
    assert table(capped, "10.0.0.1", ["human", "rules"]).status_code == 429
    with capped.websocket_connect(f"/ws/{done['table']}"):  # played out while watched
        wait_until(lambda: capped.get(f"/api/tables/{done['table']}").json()["over"], 60,
                   "the computers finish a one-game match")
    assert table(capped, "10.0.0.1", ["human", "rules"]).status_code == 200


def test_search_players_are_capped_by_client_and_in_all(capped: TestClient) -> None:
    assert table(capped, "10.0.0.1", ["pimc", "ismcts"]).status_code == 200
    r = table(capped, "10.0.0.1", ["human", "flat"])
    assert r.status_code == 429
    assert "1 search players more would make 3 at your tables in play, over the 2" in \
        r.json()["error"]
    assert table(capped, "10.0.0.1", ["human", "rules"]).status_code == 200  # quick: free
    r = table(capped, "10.0.0.2", ["pimc", "pimc"])
    assert r.status_code == 429
    assert "the server has 2 search players at tables in play; 2 more would pass the 3" in \
        r.json()["error"]
    assert table(capped, "10.0.0.2", ["human", "pimc"]).status_code == 200


def test_a_bad_table_is_still_a_400_and_counts_nothing(capped: TestClient) -> None:
    for _ in range(3):
        r = table(capped, "10.0.0.1", ["human", "god"])
        assert r.status_code == 400 and "kind must be one of" in r.json()["error"]
    assert table(capped, "10.0.0.1", ["human", "rules"]).status_code == 200


def test_the_caps_have_sensible_defaults() -> None:
    caps = Caps()
    assert 1 <= caps.tables_per_client <= caps.tables
    assert 1 <= caps.searchers_per_client <= caps.searchers
    with pytest.raises(ValueError, match="tables must be at least 0"):
        Caps(tables=-1)


# -- 3. computer players play only while someone is at the table -------------------------------

def test_a_computer_only_table_plays_only_while_watched(client: TestClient) -> None:
    t = table(client, "x", ["random", "random"], "bezique").json()
    time.sleep(0.5)
    assert seq_of(client, t["table"]) == 0  # nobody there: paused from the start
    with client.websocket_connect(f"/ws/{t['table']}"):
        wait_until(lambda: seq_of(client, t["table"]) > 5, 30, "the computers play, watched")
    time.sleep(0.3)  # a move under way when he left may still be stored
    paused = seq_of(client, t["table"])
    time.sleep(0.5)
    assert seq_of(client, t["table"]) == paused
    with client.websocket_connect(f"/ws/{t['table']}"):  # someone back: on it goes
        wait_until(lambda: seq_of(client, t["table"]) > paused + 5, 30, "resumed")


def test_after_a_restart_no_table_resumes_until_someone_connects(tmp_path: Path) -> None:
    with TestClient(app_on(tmp_path)) as c:
        t = table(c, "x", ["random", "rules"], "bezique").json()
        with c.websocket_connect(f"/ws/{t['table']}"):
            wait_until(lambda: seq_of(c, t["table"]) > 3, 30, "the computers play")
    with TestClient(app_on(tmp_path)) as c:
        was = seq_of(c, t["table"])
        time.sleep(0.6)
        assert seq_of(c, t["table"]) == was
        assert not c.app.state.hub.running  # type: ignore[attr-defined]
        with c.websocket_connect(f"/ws/{t['table']}"):
            wait_until(lambda: seq_of(c, t["table"]) > was, 30, "resumed when watched")


def test_a_person_sees_the_computers_moves_as_soon_as_he_connects(client: TestClient) -> None:
    """Three-handed Bézique, a person and two computers: nothing moves before he comes;
    connected, he is sent the computers' moves up to his own turn, and waits for none."""
    t = table(client, "x", ["rules", "rules", "human"], "bezique3").json()
    time.sleep(0.3)
    assert seq_of(client, t["table"]) == 0
    with client.websocket_connect(f"/ws/{t['table']}?token={t['seats'][2]['token']}") as ws:
        view = Client.of_testclient(ws, "person").view_where(lambda v: v["your_turn"])
        assert view["seq"] == seq_of(client, t["table"])


# -- 4. the search players' thinking shared out fairly -----------------------------------------

def test_the_gate_serves_clients_in_turn_and_a_waiting_person_first() -> None:
    async def scenario() -> list[str]:
        gate = FairGate(1)
        order: list[str] = []
        await gate.turn("a", False)  # a's first thought holds the one place

        async def wait(name: str, client: str, urgent: bool) -> None:
            await gate.turn(client, urgent)
            order.append(name)
            await asyncio.sleep(0)
            gate.done()

        tasks = [asyncio.create_task(wait(f"a{i}", "a", False)) for i in range(4)]
        await asyncio.sleep(0)
        tasks += [asyncio.create_task(wait("b0", "b", False)),
                  asyncio.create_task(wait("b1", "b", False)),
                  asyncio.create_task(wait("c0", "c", True))]
        late = asyncio.create_task(wait("gone", "d", False))
        await asyncio.sleep(0)
        late.cancel()  # given up while waiting: skipped
        gate.done()
        await asyncio.gather(*tasks)
        assert gate.free == 1 and not gate.waiting
        return order

    # c's person first; then b (never served) and a in turn; a's own in arrival order
    # in a thread of its own: Playwright's sync API (the browser tests, session-wide)
    # keeps an event loop running in the main thread
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        order = pool.submit(asyncio.run, scenario()).result()
    assert order == ["c0", "b0", "a0", "b1", "a1", "a2", "a3"]


def test_one_clients_many_tables_do_not_keep_anothers_waiting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Client A's eight search-player tables, watched, think one at a time (a fake
    think of 50 ms in a thread, one place); client B's table, started after, is served
    at the next free place or the one after, not behind A's eight."""
    thoughts: list[str] = []  # the secret seed of each table, in the order thought
    def slow_think(plan: Plan) -> str:
        time.sleep(0.05)
        thoughts.append(plan.seed.split()[0])
        return str(plan.state.legal_actions()[0].notation())

    monkeypatch.setattr(app_module, "think", slow_think)
    caps = Caps(tables_per_client=50, searchers_per_client=50)
    app = app_on(tmp_path, caps=caps, thinkers=1)
    with TestClient(as_clients(app)) as c, contextlib.ExitStack() as watching:
        hub = app.state.hub
        hub.pool = concurrent.futures.ThreadPoolExecutor(1)
        service = app.state.service
        mine = [table(c, "10.0.0.1", ["pimc", "pimc"]).json()["table"] for _ in range(8)]
        for t in mine:
            watching.enter_context(c.websocket_connect(f"/ws/{t}"))
        wait_until(lambda: len(thoughts) >= 12, 30, "A's tables think")
        theirs = table(c, "10.0.0.2", ["pimc", "pimc"]).json()["table"]
        seed = service.table(theirs).row.seed
        ws = watching.enter_context(c.websocket_connect(f"/ws/{theirs}"))
        json.loads(ws.receive_text())  # connected: B's first thought is asked for
        mark = len(thoughts)
        wait_until(lambda: seed in thoughts, 30, "B's table thinks")
        assert thoughts.index(seed) - mark <= 2, (thoughts.index(seed), mark)
        hub.pool.shutdown(wait=False)


# -- 5. JSON only, and from this server's own pages ---------------------------------------------

BODY = {"game": "sixtysix", "seats": [{"kind": "human"}, {"kind": "rules"}]}


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x"])
def test_a_post_that_is_not_json_is_refused_with_415(client: TestClient,
                                                     content_type: str | None) -> None:
    headers = {} if content_type is None else {"content-type": content_type}
    for path in ("/api/tables", "/api/mine"):
        r = client.post(path, content=json.dumps(BODY).encode(), headers=headers)
        assert r.status_code == 415, r.text
        assert "content-type: application/json" in r.json()["error"]
    r = client.post("/api/tables", content=json.dumps(BODY).encode(),
                    headers={"content-type": "Application/JSON; charset=utf-8"})
    assert r.status_code == 200


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://testserver:8080",
                                    "https://testserver", "http://testserver.evil.example"])
def test_another_sites_page_is_refused(client: TestClient, origin: str) -> None:
    for path, body in (("/api/tables", BODY), ("/api/mine", {"tokens": []})):
        r = client.post(path, json=body, headers={"origin": origin})
        assert r.status_code == 403 and "another site" in r.json()["error"], r.text
    t = client.post("/api/tables", json=BODY).json()
    with pytest.raises(WebSocketDisconnect) as closed, \
            client.websocket_connect(f"/ws/{t['table']}", headers={"origin": origin}) as ws:
        ws.receive_text()
    assert closed.value.code == 1008


def test_this_servers_own_pages_and_programs_are_let_in(client: TestClient) -> None:
    for headers in ({"origin": "http://testserver"}, {"origin": "http://TestServer:80"}, {}):
        r = client.post("/api/tables", json=BODY, headers=headers)
        assert r.status_code == 200, r.text
        with client.websocket_connect(f"/ws/{r.json()['table']}", headers=headers) as ws:
            assert json.loads(ws.receive_text())["type"] == "view"


@pytest.mark.parametrize("origin,scheme,host,same", [
    ("http://127.0.0.1:8766", "http", "127.0.0.1:8766", True),
    ("http://127.0.0.1:8766", "ws", "127.0.0.1:8766", True),
    ("https://cards.example", "wss", "cards.example:443", True),
    ("http://[::1]:8000", "http", "[::1]:8000", True),
    ("http://127.0.0.1:8766", "http", "127.0.0.1:8767", False),
    ("http://127.0.0.1:8766", "https", "127.0.0.1:8766", False),
    ("http://localhost:8766", "http", "127.0.0.1:8766", False),
    ("http://127.0.0.1:8766/path", "http", "127.0.0.1:8766", False),
    ("http://user@127.0.0.1:8766", "http", "127.0.0.1:8766", False),
    ("http://127.0.0.1:99999", "http", "127.0.0.1:99999", False),
    ("", "http", "", False),
])
def test_same_origin(origin: str, scheme: str, host: str, same: bool) -> None:
    assert same_origin(origin, scheme, host) is same


def _post(url: str, body: Any, headers: dict[str, str]) -> tuple[int, Any]:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_a_real_server_refuses_another_sites_requests(start_server: Any, tmp_path: Path) -> None:
    url, _ = start_server(["--database", f"sqlite:///{tmp_path / 'o.db'}"])
    json_type = {"content-type": "application/json"}
    status, out = _post(url + "/api/tables", BODY, json_type)  # a program: no Origin
    assert status == 200
    assert _post(url + "/api/tables", BODY, {"content-type": "text/plain"})[0] == 415
    assert _post(url + "/api/tables", BODY, {**json_type, "origin": "http://evil.example"}
                 )[0] == 403
    assert _post(url + "/api/tables", BODY, {**json_type, "origin": url})[0] == 200
    ws_url = url.replace("http://", "ws://") + f"/ws/{out['table']}"
    with pytest.raises(InvalidStatus) as refused:
        connect(ws_url, origin="http://evil.example", open_timeout=20)  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
    with connect(ws_url, origin=url, open_timeout=20) as ws:  # type: ignore[arg-type]
        assert json.loads(ws.recv(timeout=20))["type"] == "view"


# -- 6. stopping the server stops its worker processes -----------------------------------------

def _descendants(pid: int) -> list[int]:
    """The processes under ``pid`` (from /proc: each one's parent)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, parent in parents.items() if parent == p]
        out += kids
        todo += kids
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_stopping_the_server_stops_its_worker_processes(start_server: Any, tmp_path: Path,
                                                        sig: signal.Signals) -> None:
    url, proc = start_server(["--database", f"sqlite:///{tmp_path / 's.db'}",
                              "--computer-delay", "0"])
    status, t = _post(url + "/api/tables", {"game": "sixtysix", "seats": [
        {"kind": "pimc"}, {"kind": "pimc"}]}, {"content-type": "application/json"})
    assert status == 200
    ws_url = url.replace("http://", "ws://") + f"/ws/{t['table']}"
    with connect(ws_url, open_timeout=20):  # a spectator: the search players think
        kids: list[int] = []
        def workers() -> bool:
            kids[:] = _descendants(proc.pid)
            return len(kids) >= 2  # the pool's worker and the resource tracker
        wait_until(workers, 60, "the search players' worker processes start")
        proc.send_signal(sig)
        proc.wait(timeout=20)
    deadline = time.monotonic() + 5
    while any(_alive(k) for k in kids):
        if time.monotonic() > deadline:
            left = [k for k in kids if _alive(k)]
            for k in left:  # not to leave them running after a failure
                with contextlib.suppress(OSError):
                    os.kill(k, signal.SIGKILL)
            pytest.fail(f"worker processes {left} outlived the server")
        time.sleep(0.1)
