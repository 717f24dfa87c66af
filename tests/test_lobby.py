"""The lobby's HTTP side (docs/PROTOCOL.md): each game described in a line and its
options' values in words (from the game modules), "your games" saying whose turn it is,
open seats anyone may take (listed without tokens, taken once, stored hashed in the same
transaction as the players), a table waiting for its open seat, and the favicon."""

from __future__ import annotations

import json
import sqlite3
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from wsclient import Client

from bezique.games import GAMES
from bezique.server.app import create_app
from bezique.server.store import SeatTaken, Store, token_hash

STATIC = Path(__file__).resolve().parent.parent / "src" / "bezique" / "server" / "static"


def app_on(path: Path) -> Any:
    return create_app(f"sqlite:///{path / 'tables.db'}", computer_delay=0.0, rate=1000.0)


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(app_on(tmp_path)) as c:
        yield c


def new_table(c: TestClient, game: str, seats: list[dict[str, str]]) -> dict[str, Any]:
    r = c.post("/api/tables", json={"game": game, "seats": seats})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


# -- the games in words ---------------------------------------------------------------------

def test_every_game_has_a_line_about_it_from_its_module(client: TestClient) -> None:
    games = client.get("/api/games").json()["games"]
    assert {g["name"] for g in games} == set(GAMES)
    for g in games:
        assert g["about"] == GAMES[g["name"]].about()
        assert 20 < len(g["about"]) < 200 and "\n" not in g["about"], g
    bezique = next(g for g in games if g["name"] == "bezique")
    assert bezique["about"] == "Two-handed Bézique (Foster), 64 cards, game 1000."


def test_every_options_values_have_words(client: TestClient) -> None:
    for g in client.get("/api/games").json()["games"]:
        for o in g["options"]:
            if " | " in o["allowed"]:  # a menu: each value has its words
                assert list(o["words"]) == o["allowed"].split(" | "), (g["name"], o)
                assert all(w and "_" not in w for w in o["words"].values()), (g["name"], o)
            else:
                assert o["words"] == {}
    binocle4 = next(g for g in client.get("/api/games").json()["games"]
                    if g["name"] == "binocle4")
    scoring = next(o for o in binocle4["options"] if o["name"] == "partnership_meld_scoring")
    assert scoring["words"]["own_trick_own_melds"] == "each scores his melds on his own trick"
    mode = next(o for o in binocle4["options"] if o["name"] == "grand_binocle")
    assert mode["words"] == {"true": "yes", "false": "no"}


def test_an_option_shared_by_another_game_keeps_its_words() -> None:
    auction = GAMES["binocleauction"].options_class.value_words("partnership_meld_scoring")
    assert auction == GAMES["binocle4"].options_class.value_words("partnership_meld_scoring")


# -- your games ----------------------------------------------------------------------------

def test_your_games_say_whose_turn_it_is(client: TestClient) -> None:
    t = new_table(client, "sixtysix", [{"kind": "human", "name": "Ann"},
                                       {"kind": "human", "name": "Bob"}])
    tokens = [s["token"] for s in t["seats"]]
    mine = client.post("/api/mine", json={"tokens": tokens}).json()["tables"]
    assert [m["seat"] for m in mine] == [0, 1]
    assert sum(m["your_turn"] for m in mine) == 1
    mover = next(m for m in mine if m["your_turn"])
    waiting = next(m for m in mine if not m["your_turn"])
    assert mover["to_move"] == waiting["to_move"] == ["Ann", "Bob"][mover["seat"]]
    assert mover["open"] == [] and not mover["over"]


# -- open seats ------------------------------------------------------------------------------

def test_an_open_seat_is_listed_taken_once_and_stored_hashed(client: TestClient,
                                                             tmp_path: Path) -> None:
    t = new_table(client, "sixtysix", [{"kind": "human", "name": "Ann"}, {"kind": "open"}])
    tid = t["table"]
    assert t["seats"][1] == {"seat": 1, "name": "Open seat", "kind": "open"}  # no token
    listed = client.get("/api/open")
    assert "token" not in listed.text
    entry = next(e for e in listed.json()["tables"] if e["table"] == tid)
    assert entry["open"] == [1] and entry["title"] == "Sixty-Six"
    assert [p["name"] for p in entry["players"]] == ["Ann", "Open seat"]
    seed = client.app.state.service.table(tid).row.seed  # type: ignore[attr-defined]
    assert seed not in listed.text

    r = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "  Bob  Stranger "})
    assert r.status_code == 200, r.text
    joined = r.json()
    token = joined["token"]
    assert joined["name"] == "Bob Stranger" and joined["url"] == f"/t/{tid}?token={token}"
    again = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Cy"})
    assert again.status_code == 409 and "seat 1 is taken" in again.json()["error"]
    assert all(e["table"] != tid for e in client.get("/api/open").json()["tables"])
    info = client.get(f"/api/tables/{tid}").json()
    assert info["players"][1] == {"name": "Bob Stranger", "kind": "human"}
    mine = client.post("/api/mine", json={"tokens": [token]}).json()["tables"]
    assert [(m["table"], m["seat"]) for m in mine] == [(tid, 1)]
    # stored: the players and the token's hash, never the token
    with sqlite3.connect(tmp_path / "tables.db") as db:
        players = json.loads(db.execute("SELECT players FROM bz_tables WHERE id = ?",
                                        (tid,)).fetchone()[0])
        hashes = [r[0] for r in db.execute("SELECT token_hash FROM bz_seats WHERE seat = 1"
                                           " AND table_id = ?", (tid,))]
    assert players[1] == {"name": "Bob Stranger", "kind": "human"}
    assert hashes == [token_hash(token)]
    assert token.encode() not in (tmp_path / "tables.db").read_bytes()
    # the seat's link works
    with client.websocket_connect(f"/ws/{tid}?token={token}") as ws:
        view = Client.of_testclient(ws, "Bob").first_view()
        assert view["seat"] == 1 and view["players"][1]["name"] == "Bob Stranger"


@pytest.mark.parametrize("body,status,words", [
    ({"seat": "1", "name": "Bob"}, 400, "seat: the number of an open seat"),
    ({"seat": 1, "name": ""}, 400, "name: printable"),
    ({"seat": 1, "name": "x" * 41}, 400, "name: printable"),
    ({"seat": 7, "name": "Bob"}, 400, "this table's seats are 0 to 1"),
    ({"seat": 0, "name": "Bob"}, 409, "seat 0 is taken"),
])
def test_a_bad_join_is_refused(client: TestClient, body: dict[str, Any], status: int,
                               words: str) -> None:
    t = new_table(client, "sixtysix", [{"kind": "human", "name": "Ann"}, {"kind": "open"}])
    r = client.post(f"/api/tables/{t['table']}/join", json=body)
    assert r.status_code == status and words in r.json()["error"], r.text
    r = client.post("/api/tables/nosuchtable/join", json={"seat": 1, "name": "Bob"})
    assert r.status_code == 404


def test_two_joins_of_one_seat_in_the_store_one_wins(tmp_path: Path) -> None:
    with TestClient(app_on(tmp_path)) as c:
        t = new_table(c, "sixtysix", [{"kind": "human", "name": "Ann"}, {"kind": "open"}])
    first, second = Store(f"sqlite:///{tmp_path / 'tables.db'}"), \
        Store(f"sqlite:///{tmp_path / 'tables.db'}")  # two processes, say
    try:
        first.join(t["table"], 1, "Bob", "token-of-bob")
        with pytest.raises(SeatTaken):
            second.join(t["table"], 1, "Cy", "token-of-cy")
        assert second.seat_of_token("token-of-cy") is None
        assert second.seat_of_token("token-of-bob") == (t["table"], 1)
    finally:
        first.close()
        second.close()


def test_a_computer_never_plays_for_an_open_seat(client: TestClient) -> None:
    t = new_table(client, "sixtysix", [{"kind": "rules", "name": "Robot"}, {"kind": "open"}])
    tid = t["table"]
    service = client.app.state.service  # type: ignore[attr-defined]
    live = service.table(tid)
    # computer players play only while someone watches: a spectator, to see the
    # computer's lead, if it leads, and then nothing
    with client.websocket_connect(f"/ws/{tid}") as watching:
        Client.of_testclient(watching, "spectator").view_where(lambda v: v["to_move"] == 1)
        for _ in range(50):
            client.get(f"/api/tables/{tid}")
        assert live.match.state.current_player() == 1 and live.seq <= 1
    assert service.computer_plan(tid) is None
    token = client.post(f"/api/tables/{tid}/join",
                        json={"seat": 1, "name": "Bob"}).json()["token"]
    with client.websocket_connect(f"/ws/{tid}?token={token}") as ws:
        bob = Client.of_testclient(ws, "Bob")
        bob.first_view()
        view = bob.view_where(lambda v: v["your_turn"])
        seq = view["seq"]
        # his move (and the draw and the lead after it, when it won a trick: his own
        # turns still), and the computer's
        while bob.view["your_turn"] and not bob.view["over"]:
            assert bob.act()["type"] == "ack"
        mark = bob.view["seq"]
        view = bob.view_where(lambda v: v["seq"] > mark or v["over"])
    assert service.table(tid).seq >= max(seq + 2, mark + 1) or view["over"]


# -- the favicon and the lobby page --------------------------------------------------------

def test_the_favicon_is_a_small_svg(client: TestClient) -> None:
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert r.text.lstrip().startswith("<svg") and len(r.content) < 2000
    page = client.get("/").text
    assert '<link rel="icon" href="/favicon.ico" type="image/svg+xml">' in page


def test_the_lobby_script_takes_its_words_from_the_server() -> None:
    lobby = (STATIC / "lobby.js").read_text(encoding="utf-8")
    for needle in ['"/api/open"', "/join`", "game.about", "option.words", "your turn",
                   "waiting for ", "rememberToken({ table: table.table, seat"]:
        assert needle in lobby, needle


# -- in a browser ------------------------------------------------------------------------------

def test_a_stranger_takes_an_open_seat_from_the_lobby_in_chromium(
        start_server: Any, chromium_page: Any, tmp_path: Path) -> None:
    url, _ = start_server(["--database", f"sqlite:///{tmp_path / 'tables.db'}",
                           "--computer-delay", "0"])
    request = urllib.request.Request(
        url + "/api/tables", headers={"Content-Type": "application/json"},
        data=json.dumps({"game": "sixtysix", "seats": [{"kind": "human", "name": "Ann"},
                                                       {"kind": "open"}]}).encode())
    with urllib.request.urlopen(request, timeout=10) as response:
        tid = json.load(response)["table"]
    page = chromium_page
    page.goto(url + "/")
    # the game's line and its options' values in words
    page.wait_for_function("() => document.querySelector('#game-about').textContent.length > 0")
    page.select_option("#game", "binocle4")
    assert page.text_content("#game-about") == GAMES["binocle4"].about()
    chosen = page.eval_on_selector("#opt-partnership_meld_scoring",
                                   "s => s.options[s.selectedIndex].textContent")
    assert chosen == "each scores his melds on his own trick (default)"
    # the open table, taken by a stranger
    button = page.locator("#open-list button.join[data-seat='1']")
    button.wait_for()
    assert "Ann" in page.text_content("#open-list")
    page.fill("#join-name", "Bob")
    button.click()
    page.wait_for_url(f"**/t/{tid}?token=*")
    token = page.url.split("token=")[1]
    held = page.evaluate("() => JSON.parse(localStorage.getItem('bezique.tokens'))")
    assert [(e["table"], e["seat"], e["token"]) for e in held] == [(tid, 1, token)]
    # back in the lobby: his game, saying whose turn it is; the table no longer open
    page.goto(url + "/")
    page.wait_for_function("() => document.querySelector('#mine-running li')")
    words = page.text_content("#mine-running li .turn-words")
    assert words in ("your turn", "waiting for Ann"), words
    page.wait_for_function("() => !/Loading/.test(document.querySelector('#open-status')"
                           ".textContent)")
    assert page.locator("#open-list li").count() == 0
