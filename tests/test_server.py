"""The table server (docs/PROTOCOL.md): tables made in the lobby, played over WebSockets
against the computer and between people, the hidden cards kept on the server, every
acknowledged action stored, a restart losing nothing, and hostile input refused."""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bezique.core.cards import Card
from bezique.core.match import Match
from bezique.server.app import MAX_MESSAGE, create_app
from bezique.server.store import Store, StoreError, commitment

FAST = 1000.0  # messages a second a test client may send


def app_on(path: Path, **kw: Any) -> Any:
    kw.setdefault("computer_delay", 0.0)
    kw.setdefault("rate", FAST)
    return create_app(f"sqlite:///{path / 'tables.db'}", **kw)


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(app_on(tmp_path)) as c:
        yield c


def new_table(c: TestClient, game: str = "bezique", seats: list[dict[str, str]] | None = None,
              options: dict[str, str] | None = None) -> dict[str, Any]:
    seats = seats or [{"kind": "human", "name": "Ann"}, {"kind": "rules"}]
    r = c.post("/api/tables", json={"game": game, "seats": seats, "options": options or {}})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def receive(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.receive_text())
    return message


def next_view(ws: Any) -> dict[str, Any]:
    while True:
        m = receive(ws)
        if m["type"] == "view":
            return m


def view_where(ws: Any, test: Any) -> dict[str, Any]:
    """The first view that passes ``test`` (earlier ones, told before it, passed over)."""
    while True:
        view = next_view(ws)
        if test(view):
            return view


def error_of(ws: Any) -> str:
    """The next error's message, views sent meanwhile (others' moves) passed over."""
    while True:
        m = receive(ws)
        if m["type"] == "error":
            return str(m["message"])


def my_turn(ws: Any, view: dict[str, Any]) -> dict[str, Any]:
    while not view["your_turn"] and not view["over"]:
        view = next_view(ws)
    return view


def act(ws: Any, view: dict[str, Any], notation: str | None = None) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "act", "seq": view["seq"],
                             "action": notation or view["legal"][0]["notation"]}))
    while True:  # views sent before the answer (another seat's move) are passed over
        reply = receive(ws)
        if reply["type"] != "view":
            return reply


def faces(view: dict[str, Any]) -> list[tuple[str, str]]:
    """(card, place) of every face-up card drawn in the view's picture."""
    out = []
    for g in re.findall(r"<g [^>]*class=\"card\"[^>]*>", view["svg"]):
        card = re.search(r'data-card="([^"]+)"', g)
        place = re.search(r'data-place="([^"]+)"', g)
        if card:
            out.append((card.group(1), place.group(1) if place else ""))
    return out


# -- the lobby ----------------------------------------------------------------------------------

def test_the_lobby_lists_every_game_with_its_options(client: TestClient) -> None:
    games = client.get("/api/games").json()["games"]
    names = {g["name"] for g in games}
    assert {"bezique", "sixtysix", "rubicon", "bezique3", "bezique4", "chouette"} <= names
    bezique = next(g for g in games if g["name"] == "bezique")
    assert any(o["name"] == "game_target" for o in bezique["options"])


@pytest.mark.parametrize("body,words", [
    ({"game": "chess", "seats": []}, "unknown game 'chess'"),
    ({"game": "bezique", "seats": [{"kind": "human"}]}, "seats 2; give one seat each (1 given)"),
    ({"game": "bezique", "seats": [{"kind": "human"}, {"kind": "god"}]},
     "seat 1: kind must be one of human, random, rules, flat, pimc, ismcts"),
    ({"game": "bezique", "seats": [{"kind": "human"}, {"kind": "pimc:iterations=99999"}]},
     "seat 1: kind must be one of"),
    ({"game": "bezique", "options": {"nonsense": "1"},
      "seats": [{"kind": "human"}, {"kind": "rules"}]}, "unknown option 'nonsense'"),
    ({"game": "bezique", "seats": [{"kind": "human", "name": "x" * 41}, {"kind": "rules"}]},
     "a name is printable, 1 to 40 characters"),
])
def test_a_bad_table_is_refused_naming_what_is_wrong(client: TestClient, body: dict[str, Any],
                                                      words: str) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400 and words in r.json()["error"]


def test_a_request_body_that_is_too_large_or_not_json_is_refused(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"{" + b" " * 20000 + b"}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 400 and "over 16384 bytes" in r.json()["error"]
    r = client.post("/api/tables", content=b"not json")
    assert r.status_code == 400 and "not JSON" in r.json()["error"]


def test_each_human_seat_gets_its_own_secret_link(client: TestClient) -> None:
    t = new_table(client, seats=[{"kind": "human"}, {"kind": "human"}])
    a, b = t["seats"][0]["token"], t["seats"][1]["token"]
    assert a != b and len(a) >= 22 and t["seats"][0]["url"].endswith(a)
    mine = client.post("/api/mine", json={"tokens": [a, "guessed"]}).json()["tables"]
    assert [(m["table"], m["seat"]) for m in mine] == [(t["table"], 0)]


# -- play ----------------------------------------------------------------------------------------

def test_a_whole_deal_against_the_computer(client: TestClient) -> None:
    t = new_table(client)
    token = t["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{t['table']}?token={token}") as ws:
        view = next_view(ws)
        assert view["seat"] == 0 and view["players"][1]["kind"] == "rules"
        first_commitment = view["commitment"]
        while view["deal"] == 1:
            view = my_turn(ws, view)
            if view["deal"] != 1:
                break
            assert view["legal"] and all(a["label"] for a in view["legal"])
            reply = act(ws, view)
            assert reply["type"] == "ack" and reply["seq"] == view["seq"] + 1, reply
            view = next_view(ws)
        # the first deal is over: its record is revealed and matches the commitment
        assert view["revealed"] == [{"deal": 1, "url": f"/api/tables/{t['table']}/deals/1"}]
        assert view["sheet"]["deals"][0]["deal"] == 1
    record = client.get(f"/api/tables/{t['table']}/deals/1").json()
    assert record["commitment"] == first_commitment
    text = record["salt"] + ":" + " ".join(str(c) for c in record["pack_ids"])
    assert hashlib.sha256(text.encode()).hexdigest() == first_commitment
    assert commitment(record["pack_ids"], record["salt"]) == first_commitment
    assert [Card(c).notation() for c in record["pack_ids"]] == record["pack"]
    # the deal in play is not revealed
    r = client.get(f"/api/tables/{t['table']}/deals/2")
    assert r.status_code == 409 and "still in play" in r.json()["error"]


def test_a_search_player_takes_its_seat_and_thinks_in_a_process_of_its_own(
        client: TestClient) -> None:
    kinds = client.get("/api/games").json()["kinds"]
    assert [k["kind"] for k in kinds][:3] == ["human", "random", "rules"]
    assert {"pimc", "ismcts", "flat"} <= {k["kind"] for k in kinds}
    t = new_table(client, "sixtysix", [{"kind": "human", "name": "Ann"}, {"kind": "pimc"}])
    token = t["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{t['table']}?token={token}") as ws:
        view = next_view(ws)
        assert view["players"][1]["kind"] == "pimc"
        moved = 0
        while moved < 2 and view["deal"] == 1:
            was = view["seq"]
            view = my_turn(ws, view)
            moved += view["seq"] > was  # the computer's moves since ours
            if view["deal"] != 1 or view["over"]:
                break
            notation = next(a["notation"] for a in view["legal"]
                            if a["notation"] not in ("claim", "close"))
            assert act(ws, view, notation)["type"] == "ack"
            view = next_view(ws)
        assert moved >= 1
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.pool is not None  # it thought in a worker process, not in the server's


def test_two_people_play_each_other(client: TestClient) -> None:
    t = new_table(client, "sixtysix", [{"kind": "human", "name": "Ann"},
                                       {"kind": "human", "name": "Bob"}])
    tok = [s["token"] for s in t["seats"]]
    with client.websocket_connect(f"/ws/{t['table']}?token={tok[0]}") as a, \
            client.websocket_connect(f"/ws/{t['table']}?token={tok[1]}") as b:
        socks = {0: a, 1: b}
        # each joining connection is told to the others: read until both are present
        views = {s: view_where(socks[s], lambda v: all(p["connected"] for p in v["players"]))
                 for s in (0, 1)}
        for _ in range(12):
            mover = next(s for s in (0, 1) if views[s]["your_turn"])
            other = 1 - mover
            assert not views[other]["your_turn"] and views[other]["legal"] == []
            reply = act(socks[mover], views[mover])
            assert reply["type"] == "ack"
            seq = reply["seq"]
            for s in (0, 1):  # both told of the move
                views[s] = view_where(socks[s], lambda v, seq=seq: v["seq"] == seq)


def test_no_message_shows_a_card_the_seat_cannot_see(client: TestClient) -> None:
    t = new_table(client)
    table_id, token = t["table"], t["seats"][0]["token"]
    service = client.app.state.service  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws, \
            client.websocket_connect(f"/ws/{table_id}") as watcher:
        view = next_view(ws)
        watched = next_view(watcher)
        for _ in range(25):
            view = my_turn(ws, view)
            state = service.table(table_id).match.state
            mine = {Card(c).notation() for c in state.observation(0).hand}
            known = {Card(c).notation() for c in state.observation(0).known_in_hand[1]}
            for card, place in faces(view):
                if place == "other-hand":
                    assert card in known, f"the other hand's {card} shown"
                if place == "hand":
                    assert card in mine
            for _card, place in faces(watched):
                assert place != "hand", "a spectator is shown a hand"
            seed = service.table(table_id).row.seed
            salt = service.table(table_id).deals[-1].salt
            for message in (view, watched):
                text = json.dumps(message)
                assert seed not in text and salt not in text and '"pack' not in text
            act(ws, view)
            view = next_view(ws)
            watched = next_view(watcher)


@pytest.mark.parametrize("game", ["sixtysix4", "binocle3", "chouette"])
def test_a_spectator_is_shown_the_public_observation_not_a_seats(client: TestClient,
                                                                 game: str) -> None:
    """A spectator's picture and story come from the engine's public observation: no
    seat's hand in it, no seat drawn as "you" (four-handed Sixty-Six and Binocle at
    three kept seat 0's hand in the observation sent; Chouette its side)."""
    from bezique import svg
    from bezique.core.game import SPECTATOR
    from bezique.games import GAMES
    players = GAMES[game]().num_players
    t = new_table(client, game, [{"kind": "human", "name": "Ann"}]
                  + [{"kind": "rules", "name": f"Bot {i}"} for i in range(1, players)])
    service = client.app.state.service  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{t['table']}?token={t['seats'][0]['token']}") as ws:
        view = next_view(ws)
        for _ in range(8):
            view = my_turn(ws, view)
            if view["over"]:
                break
            watched = service.view(t["table"], None)
            state = service.table(t["table"]).match.state
            public = state.public_observation()
            assert public.seat == SPECTATOR
            names = [p["name"] for p in watched["players"]]
            assert watched["svg"] == str(svg.table(public, names=names))
            assert "(you)" not in watched["svg"] and 'data-place="hand"' not in watched["svg"]
            # the same story as the seats are told, no one addressed as "you"
            told = service.view(t["table"], 0)["events"]
            assert len(watched["events"]) == len(told)
            assert not any(re.search(r"\byou(r)?\b", e, re.I) for e in watched["events"])
            act(ws, view)
            view = next_view(ws)


def test_the_story_of_binocles_continuation_names_the_seats_that_play() -> None:
    """V-BN3-02: after a wrong claim two of three play on two-handed; the story names
    the table seats that hold the deal's hands (the pone and dealer are not hands 0 and
    1: it had told seat 2's card as seat 0's)."""
    from bezique.games import GAMES
    from bezique.games.binocle.multi import ContinuationState
    from bezique.server.service import _told
    game = GAMES["binocle3"]()
    state = ContinuationState.deal(game, 0, list(game.pack_order(seed=7)), 1,
                                   (900, 600, 950), (1000, 1000, 1000))
    assert state.seats == (0, 2) and state.players == (2, 0)
    mover = state.current_player()
    action = state.legal_actions()[0]
    state.apply(action)
    names = ["Ann", "Bob", "Cy"]
    card = _told(state, names)[-1].split()[-1]
    assert _told(state, names)[-1] == f"{names[mover]} plays {card}"


# -- hostile and mistaken messages ---------------------------------------------------------------

def test_a_spectator_cannot_act_and_a_wrong_token_is_refused(client: TestClient) -> None:
    t = new_table(client)
    other = new_table(client)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        view = next_view(ws)
        assert view["seat"] is None and view["legal"] == []
        ws.send_text(json.dumps({"type": "act", "seq": view["seq"], "action": "QS"}))
        assert error_of(ws) == "a spectator cannot act"
    with client.websocket_connect(f"/ws/{t['table']}?token={other['seats'][0]['token']}") as ws:
        assert error_of(ws) == "that seat token is not valid here"
        with pytest.raises(WebSocketDisconnect):
            receive(ws)


def test_old_replayed_garbage_and_out_of_turn_messages_change_nothing(
        client: TestClient) -> None:
    t = new_table(client, seats=[{"kind": "human"}, {"kind": "human"}])
    tok = [s["token"] for s in t["seats"]]
    service = client.app.state.service  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{t['table']}?token={tok[0]}") as a, \
            client.websocket_connect(f"/ws/{t['table']}?token={tok[1]}") as b:
        va, vb = next_view(a), next_view(b)
        mover, sock, idle = (va, a, b) if va["your_turn"] else (vb, b, a)
        before = service.table(t["table"]).seq
        for message, words in [
            ("not json", "a message is a JSON object"),
            ("[1, 2]", "a message is a JSON object"),
            (json.dumps({"type": "hello"}), "unknown message type"),
            (json.dumps({"type": "act", "seq": mover["seq"], "action": "ZZ"}), "ZZ"),
            (json.dumps({"type": "act", "seq": "1", "action": "QS"}), "seq:"),
            (json.dumps({"type": "act", "seq": mover["seq"], "action": ""}), "action:"),
        ]:
            sock.send_text(message)
            reply = error_of(sock)
            assert words in reply, (message, reply)
            if message.startswith("{\"type\": \"act\""):
                next_view(sock)
        idle.send_text(json.dumps({"type": "act", "seq": mover["seq"],
                                   "action": mover["legal"][0]["notation"]}))
        assert error_of(idle) == "it is not your turn"
        next_view(idle)
        assert service.table(t["table"]).seq == before
        ok = act(sock, mover)
        assert ok["type"] == "ack"
        # the same message again (an old position) is refused
        sock.send_text(json.dumps({"type": "act", "seq": mover["seq"],
                                   "action": mover["legal"][0]["notation"]}))
        assert "that position is gone" in error_of(sock)
        assert service.table(t["table"]).seq == before + 1


def test_oversized_and_flooding_clients_are_cut_off(tmp_path: Path) -> None:
    with TestClient(app_on(tmp_path, rate=5)) as c:
        t = new_table(c)
        url = f"/ws/{t['table']}?token={t['seats'][0]['token']}"
        with c.websocket_connect(url) as ws:
            next_view(ws)
            ws.send_text("x" * (MAX_MESSAGE + 1))
            assert "over 4096 bytes" in error_of(ws)
            with pytest.raises(WebSocketDisconnect):
                receive(ws)
        with c.websocket_connect(url) as ws:
            next_view(ws)
            errors = []
            for _ in range(12):
                ws.send_text(json.dumps({"type": "ping"}))
            while True:
                try:
                    m = receive(ws)
                except WebSocketDisconnect:
                    break
                if m["type"] == "error":
                    errors.append(m["message"])
            assert any("more than 5 messages a second" in e for e in errors)


def test_the_same_seat_token_twice_leaves_the_seat_to_the_newer(client: TestClient) -> None:
    t = new_table(client)
    url = f"/ws/{t['table']}?token={t['seats'][0]['token']}"
    with client.websocket_connect(url) as old:
        next_view(old)
        with client.websocket_connect(url) as new:
            assert "taken over" in error_of(old)
            view = my_turn(new, next_view(new))
            assert act(new, view)["type"] == "ack"


# -- nothing lost ---------------------------------------------------------------------------------

def test_a_restart_goes_on_where_the_table_was(tmp_path: Path) -> None:
    with TestClient(app_on(tmp_path)) as c:
        t = new_table(c)
        url = f"/ws/{t['table']}?token={t['seats'][0]['token']}"
        with c.websocket_connect(url) as ws:
            view = next_view(ws)
            for _ in range(6):
                view = my_turn(ws, view)
                assert act(ws, view)["type"] == "ack"
                view = next_view(ws)
            view = my_turn(ws, view)
        seq, svg = view["seq"], view["svg"]
        service = c.app.state.service  # type: ignore[attr-defined]
        record = [(d.dealer, d.actions[:]) for d in service.table(t["table"]).match.deals]
    with TestClient(app_on(tmp_path)) as c:  # a new process on the same database
        with c.websocket_connect(url) as ws:
            again = next_view(ws)
        assert again["seq"] == seq and again["svg"] == svg
        service = c.app.state.service  # type: ignore[attr-defined]
        assert [(d.dealer, d.actions) for d in service.table(t["table"]).match.deals] == record


def test_a_failed_store_refuses_the_action_and_loses_nothing(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    t = new_table(client)
    service = client.app.state.service  # type: ignore[attr-defined]
    store: Store = service.store
    real = store.append

    def down(*args: Any, **kw: Any) -> None:
        raise StoreError("the action could not be stored: database is locked")

    with client.websocket_connect(f"/ws/{t['table']}?token={t['seats'][0]['token']}") as ws:
        view = my_turn(ws, next_view(ws))
        seq = view["seq"]
        monkeypatch.setattr(store, "append", down)
        reply = act(ws, view)
        assert reply["type"] == "error" and "database is locked" in reply["message"]
        assert "nothing was done, try again" in reply["message"]
        view = next_view(ws)
        assert view["seq"] == seq and service.table(t["table"]).seq == seq
        monkeypatch.setattr(store, "append", real)
        assert act(ws, view)["type"] == "ack"
    live = service.table(t["table"])
    with live.lock:  # the computer may be storing its answer meanwhile
        _, _, actions = store.load(t["table"])
        assert len(actions) == live.seq


def test_the_computer_takes_its_turn_after_a_restart(tmp_path: Path) -> None:
    """A table of computers only plays itself out; stopped mid-deal, a new server takes
    up where it stopped."""
    app = app_on(tmp_path, computer_delay=0.0)
    with TestClient(app) as c:
        t = new_table(c, "sixtysix", [{"kind": "random"}, {"kind": "rules"}])
        service = c.app.state.service  # type: ignore[attr-defined]
        # let it run a little, then stop the server
        for _ in range(200):
            if service.table(t["table"]).seq > 3:
                break
            c.get("/api/games")
    with TestClient(app_on(tmp_path)) as c:
        service = c.app.state.service  # type: ignore[attr-defined]
        for _ in range(20000):
            if service.table(t["table"]).match.is_over():
                break
            c.get(f"/api/tables/{t['table']}")
        info = c.get(f"/api/tables/{t['table']}").json()
        assert info["over"] and info["summary"]


def test_chouette_partners_see_the_hand_they_consult_on(client: TestClient) -> None:
    t = new_table(client, "chouette", [{"kind": "rules"}, {"kind": "human"}, {"kind": "rules"}],
                  {"players": "3"})
    service = client.app.state.service  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{t['table']}?token={t['seats'][1]['token']}") as ws:
        view = next_view(ws)
        state = service.table(t["table"]).match.state
        side_hand = {Card(c).notation() for c in state.duel.hands[state.hand_index(1)]}
        shown = {c for c, place in faces(view) if place == "hand"}
        assert shown == side_hand
        view = my_turn(ws, view)
        assert view["your_turn"] and view["legal"]


def test_match_replays_as_stored(tmp_path: Path) -> None:
    """The store is the table: a match replayed from its rows equals the live one."""
    with TestClient(app_on(tmp_path)) as c:
        t = new_table(c, "bezique", [{"kind": "random"}, {"kind": "random"}])
        service = c.app.state.service  # type: ignore[attr-defined]
        deadline = time.monotonic() + 120
        while not service.table(t["table"]).match.is_over():
            assert time.monotonic() < deadline, "the computers did not finish the match"
            time.sleep(0.05)
        live: Match = service.table(t["table"]).match
        service.forget(t["table"])
        again: Match = service.table(t["table"]).match
        assert [d.actions for d in again.deals] == [d.actions for d in live.deals]
        assert again.sheet.totals == live.sheet.totals


def test_a_client_that_stops_reading_is_dropped_and_holds_up_no_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A connection whose socket takes no more (its buffers full) is cut off after
    SEND_SECONDS; the others at its table get their views all the same."""
    import asyncio
    import concurrent.futures

    from bezique.server import app as app_module

    class Socket:
        def __init__(self, stuck: bool) -> None:
            self.stuck, self.sent = stuck, []

        async def send_text(self, text: str) -> None:
            if self.stuck:
                await asyncio.sleep(3600)
            self.sent.append(json.loads(text))

    class Service:
        def views(self, table_id: str, seats: list[int]) -> list[dict[str, Any]]:
            return [{"type": "view", "seq": 7, "seat": s, "players": [{}, {}]} for s in seats]

    monkeypatch.setattr(app_module, "SEND_SECONDS", 0.2)

    async def scene() -> tuple[Any, Any]:
        hub = app_module.Hub(Service())  # type: ignore[arg-type]
        hub.call = lambda fn, *a: asyncio.sleep(0, fn(*a))  # type: ignore[method-assign]
        stuck = app_module._Conn(Socket(True), 1)  # type: ignore[arg-type]
        honest = app_module._Conn(Socket(False), 0)  # type: ignore[arg-type]
        hub.conns["t"] = {stuck, honest}
        # within 5 s (not the hour the stuck socket would take), or wait_for raises
        await asyncio.wait_for(hub.broadcast("t"), 5)
        await asyncio.wait_for(hub.broadcast("t"), 5)  # the dropped one is passed over
        return stuck, honest

    # in a thread of its own: a browser test's driver may hold this thread's event loop
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        stuck, honest = pool.submit(asyncio.run, scene()).result()
    assert stuck.closed and stuck.gone.is_set()
    assert [m["seq"] for m in honest.ws.sent] == [7, 7]


def test_bids_over_the_rule_players_estimate_ask_to_be_confirmed(client: TestClient) -> None:
    """Auction Binocle: the seat to bid is sent, with each bid its hand cannot safely
    make by the rule-based player's estimate, a ``confirm`` text; other choices none."""
    from bezique.bots.binocle_multi_rules import bid_warnings
    t = new_table(client, "binocleauction", [{"kind": "human", "name": n}
                                             for n in ("Ann", "Bob", "Cid")])
    service = client.app.state.service  # type: ignore[attr-defined]
    state = service.table(t["table"]).match.state
    seat = state.current_player()
    view = service.view(t["table"], seat)
    warned = {a["notation"]: a["confirm"] for a in view["legal"] if "confirm" in a}
    assert warned == bid_warnings(state) and "bid 1000" in warned
    assert all(a["notation"].startswith("bid") for a in view["legal"] if "confirm" in a)
    assert not any("confirm" in a for a in service.view(t["table"], (seat + 1) % 3)["legal"])


def test_chouettes_board_lists_who_consults_with_whom(client: TestClient) -> None:
    t = new_table(client, "chouette", [{"kind": "human", "name": n}
                                       for n in ("Ann", "Bob", "Cid", "Dan")])
    service = client.app.state.service  # type: ignore[attr-defined]
    state = service.table(t["table"]).match.state
    for seat in (None, 0, 1, 2, 3):
        board = service.view(t["table"], seat)["board"]
        playing = [s["seat"] for s in board["seats"]]
        assert playing == list(state.players)
        others = board["others"]
        assert sorted(o["seat"] for o in others) == sorted(set(range(4)) - set(playing))
        captain = next(p for p in playing if p != 0)  # seat 0 is the box by default
        assert [s["box"] for s in board["seats"]] == [p == 0 for p in playing]
        assert all(o["consults"] == captain and not o["box"] for o in others)
