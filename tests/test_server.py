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
from wsclient import Client

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


def connect(c: TestClient, table_id: str, token: str | None = None) -> Any:
    """A WebSocket to the table (a spectator's without a token)."""
    return c.websocket_connect(f"/ws/{table_id}" + (f"?token={token}" if token else ""))


def held(ws: Any, name: str = "client") -> Client:
    """The connection read as a browser reads it, its first view held."""
    client = Client.of_testclient(ws, name)
    client.first_view()
    return client


#: where a face-up card lies on the board
HAND, OTHER_HAND, TABLE, TRICK = "hand", "other-hand", "table", "trick"


def faces(view: dict[str, Any]) -> list[tuple[str, str]]:
    """(card, place) of every face-up card on the view's board: the hand the viewer holds
    ("hand"), another seat's cards known to be in its hand ("other-hand"), the cards
    declared on the table, the trick, the last trick and the turn-up."""
    board = view["board"]
    out = []
    for seat in board["seats"]:
        place = HAND if seat["seat"] == board["own"] else OTHER_HAND
        out += [(card, place) for card in seat["hand"] if card is not None]
        out += [(card, TABLE) for card in seat["table"]]
    out += [(e["card"], TRICK) for e in board["trick"] + board["last_trick"]]
    if board["turn_up"] is not None:
        out.append((board["turn_up"], TABLE))
    return out


def board_of(service: Any, table_id: str, seat: int | None) -> dict[str, Any]:
    """The board the engine's observation of ``seat`` (``None``: the public one) makes
    at the table's position now, with the game's default for the running counts."""
    from bezique.present import view_for
    from bezique.present.table import table_view
    live = service.table(table_id)
    state = live.match.state
    obs = state.public_observation() if seat is None else state.observation(seat)
    names = [p["name"] for p in live.row.players]
    return table_view(obs, names, show_counts=view_for(live.game).show_counts)


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
    r = client.post("/api/tables", content=b"not json",
                    headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not JSON" in r.json()["error"]
    r = client.post("/api/tables", content=b"not json")  # not said to be: 415
    assert r.status_code == 415 and "application/json" in r.json()["error"]


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
    with connect(client, t["table"], token) as ws:
        c = held(ws)
        view = c.view
        assert view["seat"] == 0 and view["players"][1]["kind"] == "rules"
        assert view["deal_end"] is None
        first_commitment = view["commitment"]
        while view["deal"] == 1:
            view = c.my_turn()
            if view["deal"] != 1:
                break
            assert view["legal"] and all(a["label"] for a in view["legal"])
            reply = c.act()
            assert reply["type"] == "ack" and reply["seq"] == view["seq"] + 1, reply
            view = c.view
        # the first deal is over: its record is revealed and matches the commitment
        assert view["revealed"] == [{"deal": 1, "url": f"/api/tables/{t['table']}/deals/1"}]
        assert view["sheet"]["deals"][0]["deal"] == 1
        # and its end is shown: the deal, its last trick, each seat's points
        end = view["deal_end"]
        assert end["deal"] == 1 and end["story"] and len(end["columns"]) == 2
        assert end["last_trick"] is not None and len(end["last_trick"]["cards"]) == 2
        assert len(end["totals"]) == 2 and isinstance(end["result"], list)
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
    with connect(client, t["table"], token) as ws:
        c = held(ws)
        view = c.view
        assert view["players"][1]["kind"] == "pimc"
        moved = 0
        while moved < 2 and view["deal"] == 1:
            was = view["seq"]
            view = c.my_turn()
            moved += view["seq"] > was  # the computer's moves since ours
            if view["deal"] != 1 or view["over"]:
                break
            notation = next(a["notation"] for a in view["legal"]
                            if a["notation"] not in ("claim", "close"))
            assert c.act(notation)["type"] == "ack"
            view = c.view
        assert moved >= 1
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.pool is not None  # it thought in a worker process, not in the server's


def test_a_move_made_while_the_computers_task_finds_none_to_make_is_answered(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer players' task asks, in a worker thread, whether a computer is to move;
    a person's move made before that answer comes back (a loaded machine) must not be
    left unanswered when the answer, taken before his move, was no."""
    service = client.app.state.service  # type: ignore[attr-defined]
    plan = service.computer_plan

    def slow_plan(table_id: str) -> Any:
        found = plan(table_id)
        time.sleep(0.3)  # the worker thread slow to hand it back
        return found

    monkeypatch.setattr(service, "computer_plan", slow_plan)
    t = new_table(client, "sixtysix")
    with connect(client, t["table"], t["seats"][0]["token"]) as ws:
        c = Client.of_testclient(ws, "Ann", timeout=10)
        c.first_view()
        for _ in range(4):
            view = c.my_turn()
            notation = next(a["notation"] for a in view["legal"]
                            if a["notation"] not in ("claim", "close"))
            assert c.act(notation)["type"] == "ack"


def test_two_people_play_each_other(client: TestClient) -> None:
    t = new_table(client, "sixtysix", [{"kind": "human", "name": "Ann"},
                                       {"kind": "human", "name": "Bob"}])
    tok = [s["token"] for s in t["seats"]]
    with connect(client, t["table"], tok[0]) as a, connect(client, t["table"], tok[1]) as b:
        socks = {0: held(a, "Ann"), 1: held(b, "Bob")}
        # each joining seat is told to the others: read until both are present
        views = {s: socks[s].view_where(lambda v: all(p["connected"] for p in v["players"]))
                 for s in (0, 1)}
        for _ in range(12):
            mover = next(s for s in (0, 1) if views[s]["your_turn"])
            other = 1 - mover
            assert not views[other]["your_turn"] and views[other]["legal"] == []
            reply = socks[mover].act()
            assert reply["type"] == "ack"
            seq = reply["seq"]
            for s in (0, 1):  # both told of the move
                views[s] = socks[s].at(seq)
                assert views[s]["seq"] == seq
            # each holds the same story, and the board of its own seat
            assert views[0]["story"] == views[1]["story"]
            service = client.app.state.service  # type: ignore[attr-defined]
            for s in (0, 1):
                assert views[s]["board"] == board_of(service, t["table"], s)


def test_no_message_shows_a_card_the_seat_cannot_see(client: TestClient) -> None:
    t = new_table(client)
    table_id, token = t["table"], t["seats"][0]["token"]
    service = client.app.state.service  # type: ignore[attr-defined]
    with connect(client, table_id, token) as ws, connect(client, table_id) as watching:
        c, watcher = held(ws, "Ann"), held(watching, "spectator")
        for _ in range(25):
            view = c.my_turn()
            watched = watcher.at(view["seq"])
            state = service.table(table_id).match.state
            mine = {Card(x).notation() for x in state.observation(0).hand}
            known = {Card(x).notation() for x in state.observation(0).known_in_hand[1]}
            for card, place in faces(view):
                if place == OTHER_HAND:
                    assert card in known, f"the other hand's {card} shown"
                if place == HAND:
                    assert card in mine
            assert {card for card, place in faces(view) if place == HAND} == mine
            for _card, place in faces(watched):
                assert place != HAND, "a spectator is shown a hand"
            assert watched["board"]["own"] is None and watched["board"]["viewer"] is None
            # the boards are exactly the engine's observations, the spectator's the public
            assert view["board"] == board_of(service, table_id, 0)
            assert watched["board"] == board_of(service, table_id, None)
            seed = service.table(table_id).row.seed
            salt = service.table(table_id).deals[-1].salt
            for text in c.frames + watcher.frames:  # every message, views and updates
                assert seed not in text and salt not in text and '"pack' not in text
            c.act()


@pytest.mark.parametrize("game", ["sixtysix4", "binocle3", "chouette"])
def test_a_spectator_is_shown_the_public_observation_not_a_seats(client: TestClient,
                                                                 game: str) -> None:
    """A spectator's board and story come from the engine's public observation: no
    seat's hand in it, no seat drawn as "you" (four-handed Sixty-Six and Binocle at
    three kept seat 0's hand in the observation sent; Chouette its side)."""
    from bezique.core.game import SPECTATOR
    from bezique.games import GAMES
    from bezique.present import view_for
    from bezique.present.table import table_view
    players = GAMES[game]().num_players
    t = new_table(client, game, [{"kind": "human", "name": "Ann"}]
                  + [{"kind": "rules", "name": f"Bot {i}"} for i in range(1, players)])
    service = client.app.state.service  # type: ignore[attr-defined]
    with connect(client, t["table"], t["seats"][0]["token"]) as ws, \
            connect(client, t["table"]) as watching:
        c, watcher = held(ws), held(watching, "spectator")
        stories = 0
        for _ in range(8):
            view = c.my_turn()
            if view["over"]:
                break
            watched = watcher.at(view["seq"])
            assert watched == service.view(t["table"], None) | {"players": watched["players"]}
            live = service.table(t["table"])
            public = live.match.state.public_observation()
            assert public.seat == SPECTATOR
            names = [p["name"] for p in watched["players"]]
            counts = view_for(live.game).show_counts
            assert watched["board"] == table_view(public, names, show_counts=counts)
            board = watched["board"]
            assert board["viewer"] is None and board["own"] is None
            assert not any(place == HAND for _card, place in faces(watched))
            # the same story as the seats are told, no one addressed as "you"
            told = service.view(t["table"], 0)["story"]
            assert watched["story"] == told
            stories += len(told)
            assert not any(re.search(r"\byou(r)?\b", e, re.I) for e in watched["story"])
            c.act()
        assert stories > 0


def test_the_story_of_binocles_continuation_names_the_seats_that_play() -> None:
    """V-BN3-02: after a wrong claim two of three play on two-handed; the story names
    the table seats that hold the deal's hands (the pone and dealer are not hands 0 and
    1: it had told seat 2's card as seat 0's). The story is told as the server tells
    it (``TableService._shared``): the game's view narrating the deal's events to no
    seat in particular."""
    from bezique.core.game import SPECTATOR
    from bezique.games import GAMES
    from bezique.games.binocle.multi import ContinuationState
    from bezique.present import Seats, show, view_for
    game = GAMES["binocle3"]()
    state = ContinuationState.deal(game, 0, list(game.pack_order(seed=7)), 1,
                                   (900, 600, 950), (1000, 1000, 1000))
    assert state.seats == (0, 2) and state.players == (2, 0)
    mover = state.current_player()
    action = state.legal_actions()[0]
    state.apply(action)
    names = ["Ann", "Bob", "Cy"]
    story = view_for(game).narrate(list(state.events()), 0, Seats(SPECTATOR, tuple(names)))
    assert story[-1] == f"{names[mover]} leads {show(Card.parse(action.notation()))}.", story


# -- hostile and mistaken messages ---------------------------------------------------------------

def test_a_spectator_cannot_act_and_a_wrong_token_is_refused(client: TestClient) -> None:
    t = new_table(client)
    other = new_table(client)
    with connect(client, t["table"]) as ws:
        c = held(ws)
        view = c.view
        assert view["seat"] is None and view["legal"] == []
        c.send({"type": "act", "seq": view["seq"], "action": "QS"})
        assert c.error_of() == "a spectator cannot act"
    with connect(client, t["table"], other["seats"][0]["token"]) as ws:
        c = Client.of_testclient(ws)
        assert c.error_of() == "that seat token is not valid here"
        with pytest.raises(WebSocketDisconnect) as closed:
            c.receive()
        assert closed.value.code == 1008


def test_old_replayed_garbage_and_out_of_turn_messages_change_nothing(
        client: TestClient) -> None:
    t = new_table(client, seats=[{"kind": "human"}, {"kind": "human"}])
    tok = [s["token"] for s in t["seats"]]
    service = client.app.state.service  # type: ignore[attr-defined]
    with connect(client, t["table"], tok[0]) as a, connect(client, t["table"], tok[1]) as b:
        ca, cb = held(a, "seat 0"), held(b, "seat 1")
        for c in (ca, cb):  # both present: nothing more is due to either
            c.view_where(lambda v: all(p["connected"] for p in v["players"]))
        sock, idle = (ca, cb) if ca.view["your_turn"] else (cb, ca)
        mover = sock.view
        before = service.table(t["table"]).seq
        for message, words in [
            ("not json", "a message is a JSON object"),
            ("[1, 2]", "a message is a JSON object"),
            (json.dumps({"type": "hello"}), "unknown message type"),
            (json.dumps({"type": "act", "seq": mover["seq"], "action": "ZZ"}), "ZZ"),
            (json.dumps({"type": "act", "seq": "1", "action": "QS"}), "seq:"),
            (json.dumps({"type": "act", "seq": mover["seq"], "action": ""}), "action:"),
        ]:
            sock.send(message)
            reply = sock.answer()
            assert reply["type"] == "error" and words in reply["message"], (message, reply)
            # nothing changed: no update follows the refusal, and none reaches the other
            assert sock.quiet() == [] and idle.quiet() == [], message
        idle.send({"type": "act", "seq": mover["seq"], "action": mover["legal"][0]["notation"]})
        assert idle.error_of() == "it is not your turn"
        assert idle.quiet() == [] and sock.quiet() == []
        assert service.table(t["table"]).seq == before
        ok = sock.act()
        assert ok["type"] == "ack"
        # the same message again (an old position) is refused
        sock.send({"type": "act", "seq": mover["seq"], "action": mover["legal"][0]["notation"]})
        assert "that position is gone" in sock.error_of()
        assert sock.quiet() == []  # the update of the move was read with the ack
        assert service.table(t["table"]).seq == before + 1
        assert sock.view["seq"] == idle.at(before + 1)["seq"] == before + 1


def test_oversized_and_flooding_clients_are_cut_off(tmp_path: Path) -> None:
    with TestClient(app_on(tmp_path, rate=5)) as tc:
        t = new_table(tc)
        with connect(tc, t["table"], t["seats"][0]["token"]) as ws:
            c = held(ws)
            c.send("x" * (MAX_MESSAGE + 1))
            assert "over 4096 bytes" in c.error_of()
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:  # the computer's move, when it was his, may come before
                    assert c.receive()["type"] == "update"
            assert closed.value.code == 1009
        with connect(tc, t["table"], t["seats"][0]["token"]) as ws:
            c = held(ws)
            errors = []
            for _ in range(12):
                c.send({"type": "ping"})
            while True:
                try:
                    m = c.receive()
                except WebSocketDisconnect as exc:
                    assert exc.code == 1008
                    break
                if m["type"] == "error":
                    errors.append(m["message"])
            assert any("more than 5 messages a second" in e for e in errors)


def test_the_same_seat_token_twice_leaves_the_seat_to_the_newer(client: TestClient) -> None:
    t = new_table(client)
    token = t["seats"][0]["token"]
    with connect(client, t["table"], token) as old_ws:
        old = held(old_ws, "old")
        with connect(client, t["table"], token) as new_ws:
            new = held(new_ws, "new")
            assert "taken over" in old.error_of()
            with pytest.raises(WebSocketDisconnect) as closed:
                old.receive()
            assert closed.value.code == 4001
            new.my_turn()
            assert new.act()["type"] == "ack"


# -- nothing lost ---------------------------------------------------------------------------------

def test_a_restart_goes_on_where_the_table_was(tmp_path: Path) -> None:
    with TestClient(app_on(tmp_path)) as tc:
        t = new_table(tc)
        token = t["seats"][0]["token"]
        with connect(tc, t["table"], token) as ws:
            c = held(ws)
            for _ in range(6):
                c.my_turn()
                assert c.act()["type"] == "ack"
            view = c.my_turn()
        service = tc.app.state.service  # type: ignore[attr-defined]
        record = [(d.dealer, d.actions[:]) for d in service.table(t["table"]).match.deals]
    with TestClient(app_on(tmp_path)) as tc:  # a new process on the same database
        with connect(tc, t["table"], token) as ws:
            again = held(ws).view
        # the whole view alike: board, story, legal actions, sheet (the seat connected
        # in both), the one held from updates and the new process's first
        assert again["seq"] == view["seq"] and again["board"] == view["board"]
        assert again == view
        service = tc.app.state.service  # type: ignore[attr-defined]
        assert [(d.dealer, d.actions) for d in service.table(t["table"]).match.deals] == record


def test_a_failed_store_refuses_the_action_and_loses_nothing(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    t = new_table(client)
    service = client.app.state.service  # type: ignore[attr-defined]
    store: Store = service.store
    real = store.append

    def down(*args: Any, **kw: Any) -> None:
        raise StoreError("the action could not be stored: database is locked")

    with connect(client, t["table"], t["seats"][0]["token"]) as ws:
        c = held(ws)
        view = c.my_turn()
        seq = view["seq"]
        monkeypatch.setattr(store, "append", down)
        reply = c.act()
        assert reply["type"] == "error" and "database is locked" in reply["message"]
        assert "nothing was done, try again" in reply["message"]
        assert c.quiet() == []  # the table as it was: no update follows
        assert c.view == view and service.table(t["table"]).seq == seq
        assert c.view == service.view(t["table"], 0) | {"players": view["players"]}
        monkeypatch.setattr(store, "append", real)
        assert c.act()["type"] == "ack"
    live = service.table(t["table"])
    with live.lock:  # the computer may be storing its answer meanwhile
        _, _, actions = store.load(t["table"])
        assert len(actions) == live.seq


def test_the_computer_takes_its_turn_after_a_restart(tmp_path: Path) -> None:
    """A table of computers only plays itself out while watched; stopped mid-deal, a new
    server takes up where it stopped once someone watches again."""
    app = app_on(tmp_path, computer_delay=0.0)
    with TestClient(app) as c:
        t = new_table(c, "sixtysix", [{"kind": "random"}, {"kind": "rules"}])
        service = c.app.state.service  # type: ignore[attr-defined]
        # let it run a little, watched, then stop the server
        with c.websocket_connect(f"/ws/{t['table']}"):
            for _ in range(200):
                if service.table(t["table"]).seq > 3:
                    break
                c.get("/api/games")
    with TestClient(app_on(tmp_path)) as c:
        service = c.app.state.service  # type: ignore[attr-defined]
        with c.websocket_connect(f"/ws/{t['table']}"):
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
    with connect(client, t["table"], t["seats"][1]["token"]) as ws:
        c = held(ws)
        view = c.my_turn()  # the table waits for this seat: its hand stays
        assert view["your_turn"] and view["legal"]
        state = service.table(t["table"]).match.state
        side_hand = {Card(x).notation() for x in state.duel.hands[state.hand_index(1)]}
        shown = {card for card, place in faces(view) if place == HAND}
        assert shown == side_hand
        assert view["board"] == board_of(service, t["table"], 1)


def test_match_replays_as_stored(tmp_path: Path) -> None:
    """The store is the table: a match replayed from its rows equals the live one."""
    with TestClient(app_on(tmp_path)) as c:
        t = new_table(c, "bezique", [{"kind": "random"}, {"kind": "random"}])
        service = c.app.state.service  # type: ignore[attr-defined]
        deadline = time.monotonic() + 120
        with c.websocket_connect(f"/ws/{t['table']}"):  # computers play while watched
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
    SEND_SECONDS; the others at its table get their views all the same, at once; one
    that lets MAX_QUEUE messages pile up is dropped then, without waiting."""
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

    class Store:
        url = "sqlite://"  # the hub runs a SQLite table's calls in its event loop

    class Service:
        seq = 6
        store = Store()

        def views(self, table_id: str, seats: list[int]) -> list[dict[str, Any]]:
            self.seq += 1
            return [{"type": "view", "seq": self.seq, "seat": s, "players": [{}, {}]}
                    for s in seats]

    monkeypatch.setattr(app_module, "SEND_SECONDS", 0.2)
    monkeypatch.setattr(app_module, "MAX_QUEUE", 4)

    async def scene() -> tuple[Any, Any, Any, tuple[float, int, bool]]:
        hub = app_module.Hub(Service())  # type: ignore[arg-type]
        hub.call = lambda fn, *a: asyncio.sleep(0, fn(*a))  # type: ignore[method-assign]
        stuck = app_module._Conn(Socket(True), 1)  # type: ignore[arg-type]
        honest = app_module._Conn(Socket(False), 0)  # type: ignore[arg-type]
        unread = app_module._Conn(Socket(True), None)  # type: ignore[arg-type]
        writers = [asyncio.ensure_future(c.write()) for c in (stuck, honest)]  # not unread's
        hub.conns["t"] = {stuck, honest, unread}
        t0 = asyncio.get_running_loop().time()
        await asyncio.wait_for(hub.broadcast("t"), 1)  # queued: no wait on any socket
        await asyncio.sleep(0.05)
        told = asyncio.get_running_loop().time() - t0, len(honest.ws.sent), stuck.closed
        await asyncio.sleep(0.4)  # the stuck one's SEND_SECONDS pass
        await asyncio.wait_for(hub.broadcast("t"), 1)  # the dropped one is passed over
        for _ in range(5):  # the one whose queue is never written fills it
            await asyncio.wait_for(hub.broadcast("t"), 1)
        await asyncio.sleep(0.05)
        for w in writers:
            w.cancel()
        return stuck, honest, unread, told

    # in a thread of its own: a browser test's driver may hold this thread's event loop
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        stuck, honest, unread, told = pool.submit(asyncio.run, scene()).result()
    # the honest one told at once, while the stuck one was still waiting on its socket
    assert told[0] < 0.2 and told[1] == 1 and not told[2]
    assert stuck.closed and stuck.gone.is_set()
    assert unread.closed and unread.gone.is_set()
    # the first message a full view, then updates with what changed: the seq (and the
    # players' flags once the stuck one is gone)
    assert honest.ws.sent[0] == {"type": "view", "seq": 7, "seat": 0,
                                 "players": [{"connected": True}, {"connected": True}]}
    assert [(m["type"], m["seq"]) for m in honest.ws.sent[1:]] == \
        [("update", n) for n in range(8, 14)]
    assert honest.ws.sent[1]["players"] == [{"connected": True}, {"connected": False}]
    assert not honest.closed


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
