"""One seat's table as data: the structured view every front end draws.

:func:`table_view` reads an observation of any game (``state.observation(seat)``, or
``state.public_observation()`` for a spectator) from the fields it has, as plain data a
browser draws and JSON carries: the seats around the table, each with its name, its
hand (the viewer's face up; another seat's face down but for its cards known to be in
it), its declared cards and its figures; the stock, turn-up, trumps, the trick in play
and the last trick. Nothing it does not hold is read, so nothing a seat may not see can
be drawn. Cards are written in the records' notation (``QS``, ``TD``), a card face down
as ``None``.

The web server sends this view to each connection, and then only what changed;
:func:`bezique.svg.table` draws this view as a picture for notebooks and documents.

>>> from bezique.games import GAMES
>>> state = GAMES["sixtysix"]().deal(0, seed=1)
>>> view = table_view(state.observation(1), ["Ann", "Bob"])
>>> view["viewer"], [s["name"] for s in view["seats"]], len(view["seats"][1]["hand"])
(1, ['Ann', 'Bob'], 6)
>>> view["seats"][0]["hand"]  # the other hand, face down
[None, None, None, None, None, None]
>>> table_view(state.public_observation(), ["Ann", "Bob"])["viewer"] is None
True

At a table around a game of two (Chouette), the seats that hold no cards are listed
apart (``others``), each with the player whose hand he consults on, and the box marked:

>>> chouette = GAMES["chouette"]()
>>> state = chouette.deal(1, seed=5)  # seat 1 plays the box (seat 0) first
>>> names = ["Ann", "Bob", "Cid", "Dan"]
>>> view = table_view(state.observation(2), names, sides=chouette.sides)
>>> [(s["name"], s["box"]) for s in view["seats"]], view["own"]
([('Ann', True), ('Bob', False)], 1)
>>> [(o["name"], o["consults"], o["box"]) for o in view["others"]]
[('Cid', 1, False), ('Dan', 1, False)]

In the partners form each consults with his partner, by the table's ``sides``; without
``names`` the seats are named by their numbers:

>>> from bezique.games.bezique.chouette import ChouetteOptions
>>> partners = GAMES["chouette"](ChouetteOptions(form="partners"))
>>> view = table_view(partners.deal(0, seed=3).observation(2), sides=partners.sides)
>>> [(o["name"], o["consults"]) for o in view["others"]]
[('Seat 2', 0), ('Seat 3', 1)]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ..core.cards import JOKER, Card, Suit
from ..core.errors import quoted
from ..core.events import Played, TrickWon

__all__ = ["PER_SEAT", "inner_observation", "table_view"]

#: the per-seat fields of an observation, one entry a seat
PER_SEAT = ("hand_sizes", "points", "tables", "hands", "known_in_hand")


def _field(obs: object, name: str) -> Any:
    return getattr(obs, name, None)


def _per_seat(value: object, n: int) -> list[Any] | None:
    if isinstance(value, (tuple, list)) and len(value) == n:
        return list(value)
    return None


def _seat_number(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    return None


def inner_observation(obs: object) -> object | None:
    """The observation of a game inside this one (Chouette's game of two), when this one
    has no per-seat fields of its own but holds exactly one observation with a hand."""
    if any(hasattr(obs, name) for name in PER_SEAT) or not dataclasses.is_dataclass(obs):
        return None
    inner = [getattr(obs, f.name) for f in dataclasses.fields(obs)]
    inner = [v for v in inner if dataclasses.is_dataclass(v)
             and isinstance(_field(v, "hand"), tuple)]
    return inner[0] if len(inner) == 1 else None


#: each card id's notation, made once (a view writes every card it shows)
_NOTATION = tuple(Card(c).notation() if c & 15 in range(2, 15) or c == JOKER else ""
                  for c in range(64))


def _card(value: object) -> str:
    c = int(value)  # type: ignore[call-overload]
    text = _NOTATION[c] if 0 <= c < 64 else ""
    return text or Card(c).notation()


def _cards(values: object) -> list[str]:
    return [_card(c) for c in values] if isinstance(values, (tuple, list)) else []


def _trick(value: object, leader: object, n: int) -> list[dict[str, Any]]:
    """A trick as ``[{"seat", "card"}]``: given as cards or as ``(seat, card)`` pairs."""
    out = []
    lead = _seat_number(leader)
    for i, entry in enumerate(value if isinstance(value, (tuple, list)) else ()):
        if isinstance(entry, (tuple, list)) and len(entry) == 2:
            out.append({"seat": int(entry[0]), "card": _card(entry[1])})
        else:
            seat = (lead + i) % n if lead is not None and lead >= 0 else None
            out.append({"seat": seat, "card": _card(entry)})
    return out


def _last_trick_played(events: object) -> tuple[list[dict[str, Any]], int | None]:
    """The last trick gathered in ``events`` (an observation's public events): its cards
    with the seat that played each, and its winner."""
    if not isinstance(events, (tuple, list)):
        return [], None
    plays: list[dict[str, Any]] = []
    winner = None
    for e in reversed(events):  # back from the end: the last trick gathered
        if isinstance(e, TrickWon):
            if winner is not None:
                break
            winner = e.seat
        elif isinstance(e, Played) and winner is not None:
            plays.append({"seat": e.seat, "card": _card(e.card)})
        elif winner is not None and getattr(e, "breaks_trick", False):
            break  # a trick taken up into a hand (Enflé) before the one gathered
    plays.reverse()
    return plays, winner


def table_view(observation: object, names: Sequence[str] | None = None, *,
               show_counts: bool = True, sides: Sequence[int] | None = None
               ) -> dict[str, Any]:
    """The table as ``observation``'s seat sees it, as JSON-ready data.

    ``names`` names the table's seats (a ``ValueError`` when it leaves one out, a
    ``TypeError`` for a name that is not text); ``None`` names them ``Seat 0``,
    ``Seat 1``... up to the highest seat the observation (or ``sides``) speaks of.
    ``show_counts=False`` leaves out the running counts of a game of memory (each seat's
    points and tricks, the sides' totals), which its players keep in their heads
    (Sixty-Six, SS 27; Binocle).

    The result: ``viewer`` (the observer's seat; ``None`` for a spectator), ``own`` (the
    seat whose hand the viewer holds or consults on, drawn face up as his own; ``None``
    for a spectator, who sees the table from nobody's side), ``seats`` in seat order
    (``seat``, ``name``, ``hand``, ``in_hand``, ``table``, ``points``, ``tricks``,
    ``dealer``, ``to_move``, ``side``, ``bids``: what the seat bid or called in an
    auction, from the observation's ``bids`` as ``(seat, text)``), ``sides``,
    ``side_points``, ``phase``, ``stock``
    (``{"size", "closed"}``, or ``None`` in a game with no stock), ``turn_up``,
    ``trump`` (a suit letter; ``""`` before trumps are made; ``None`` in a game
    without), ``contract`` (``{"seat", "text"}``: the declarer and his contract in words,
    from the observation's ``declarer`` or ``bidder`` and ``contract``; ``None`` where
    there is none), ``trick`` and ``last_trick`` (``[{"seat", "card"}]``, the seat ``None``
    where the observation does not tell it; ``trick`` ``None`` in a game whose
    observation has no trick), ``trick_leader``, ``winning``, ``last_winner``;
    ``others``: at a table around a game of two (Chouette), the table's seats that hold
    no cards (``seat``, ``name``, ``consults``: the seat of the player of his side whose
    hand he consults on, or ``None``; ``box``), each seat of ``seats`` then marked
    ``box`` too (the observation's ``box``); ``[]`` elsewhere. ``sides`` (the table's
    side of each seat, when the game has them) says who consults with whom; without it,
    everyone but the box consults with the player who is not the box.
    """
    hand_value = _field(observation, "hand")
    if not isinstance(hand_value, (tuple, list)):
        raise TypeError(f"a table is read from a seat's observation (with a hand), not"
                        f" {quoted(observation)}")
    viewer = _seat_number(_field(observation, "seat"))
    spectator = viewer is not None and viewer < 0
    inner = inner_observation(observation)
    table_seats: list[int] | None = None
    outer: object = None
    if inner is not None:
        # a table around a game of two (Chouette): the game is what is drawn, its seats
        # those of the table that hold its hands
        players = _field(observation, "players")
        table_seats = [int(p) for p in players] if isinstance(players, (tuple, list)) else None
        outer = observation
        observation = inner
    seat = _seat_number(_field(observation, "seat"))
    seat = seat if seat is not None and seat >= 0 else 0
    n = 0
    for name in PER_SEAT:
        value = _field(observation, name)
        if isinstance(value, (tuple, list)) and len(value) > seat:
            n = len(value)
            break
    n = max(n, seat + 1)
    at_table = table_seats if table_seats is not None and len(table_seats) == n \
        else list(range(n))
    box: int | None = _seat_number(_field(outer, "box")) if outer is not None else None
    if names is None:
        spoken = [*at_table, viewer if viewer is not None else 0, box if box is not None else 0]
        table_size = max(max(spoken) + 1, len(sides) if sides is not None else 0)
        names = [f"Seat {s}" for s in range(table_size)]
    elif isinstance(names, str) or not isinstance(names, Sequence):
        raise TypeError(f"names must be a sequence of the seats' names, not {quoted(names)}")
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"names: a seat's name is text, not {quoted(name)}")
    if len(names) <= max(at_table):
        raise ValueError(f"names must name each of the table's seats ({max(at_table) + 1}),"
                         f" not {quoted(names)}")

    # the hand drawn at the bottom, face up: the one the viewer plays or consults on
    own: int | None = None if spectator else seat

    hand_sizes = _per_seat(_field(observation, "hand_sizes"), n)
    known = _per_seat(_field(observation, "known_in_hand"), n)
    hands = _per_seat(_field(observation, "hands"), n)
    tables = _per_seat(_field(observation, "tables"), n)
    points = _per_seat(_field(observation, "points"), n) if show_counts else None
    tricks_won = _per_seat(_field(observation, "tricks_won"), n) if show_counts else None
    seat_sides = _per_seat(_field(observation, "sides"), n)  # the drawn seats' sides
    dealer = _seat_number(_field(observation, "dealer"))
    to_move = _seat_number(_field(observation, "to_move"))
    said: dict[int, list[str]] = {}
    for entry in _field(observation, "bids") or ():
        if isinstance(entry, (tuple, list)) and len(entry) == 2 and isinstance(entry[1], str):
            said.setdefault(int(entry[0]), []).append(entry[1])

    seats = []
    for s in range(n):
        count = hand_sizes[s] if hand_sizes is not None else None
        if s == own:
            hand: list[str | None] = list(_cards(hand_value))
            count = len(hand)
        elif hands is not None and hands[s] is not None:
            hand = list(_cards(hands[s]))  # a hand the viewer sees (a consulting partner's)
        else:
            face_up: list[str | None] = list(_cards(known[s])) if known is not None else []
            if isinstance(count, int):
                face_up = face_up[:count]
                hand = face_up + [None] * max(0, count - len(face_up))
            else:
                hand = face_up
        seats.append({
            "seat": at_table[s], "name": names[at_table[s]], "hand": hand,
            "in_hand": count if isinstance(count, int) else len(hand),
            "table": _cards(tables[s]) if tables is not None else [],
            "points": int(points[s]) if points is not None else None,
            "tricks": int(tricks_won[s]) if tricks_won is not None else None,
            "dealer": dealer == s, "to_move": to_move == s,
            "side": int(seat_sides[s]) if seat_sides is not None else None,
            "bids": said.get(s, []),
        })

    stock = None
    if hasattr(observation, "stock_size"):
        size = _field(observation, "stock_size")
        stock = {"size": size if isinstance(size, int) else None,
                 "closed": _field(observation, "closed") is True}
    trump: str | None = None
    if hasattr(observation, "trump"):
        t = _field(observation, "trump")
        trump = Suit(int(t)).letter if isinstance(t, int) and 0 <= t <= 3 else ""
    turn_up = _field(observation, "turn_up")
    contract = _field(observation, "contract")
    declarer = _seat_number(_field(observation, "declarer"))
    if declarer is None:
        declarer = _seat_number(_field(observation, "bidder"))
    side_points = _field(observation, "side_points")
    winning = _seat_number(_field(observation, "winning"))
    last_winner = _seat_number(_field(observation, "last_winner"))
    leader = _field(observation, "trick_leader")
    trick = _field(observation, "trick")
    has_trick = hasattr(observation, "trick")
    if leader is None and n == 2 and isinstance(trick, (tuple, list)) and len(trick) == 1 \
            and to_move in (0, 1):
        leader = 1 - to_move  # at two, the card down is the other seat's lead
    phase = _field(observation, "phase")

    last_trick = _trick(_field(observation, "last_trick"), None, n)
    if last_trick and last_trick[0]["seat"] is None:
        # who played each card of the last trick, and who won it, from the deal's public
        # events when the observation's own fields do not say (a table of two)
        plays, won = _last_trick_played(_field(observation, "events"))
        if [e["card"] for e in plays] == [e["card"] for e in last_trick]:
            last_trick, last_winner = plays, won
    others: list[dict[str, Any]] = []
    if outer is not None and table_seats is not None:
        box = box if box is not None and box in range(len(names)) else None
        for entry in seats:
            entry["box"] = entry["seat"] == box
        for s in range(len(names)):
            if s in at_table:
                continue
            with_: int | None = None
            if sides is not None and len(sides) == len(names):
                with_ = next((p for p in at_table if sides[p] == sides[s]), None)
            elif box is not None and box in at_table:
                with_ = next((p for p in at_table if p != box), None)
            others.append({"seat": s, "name": names[s], "consults": with_, "box": s == box})

    def at(s: int | None) -> int | None:
        return at_table[s] if s is not None and 0 <= s < n else None

    def seated(trick: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{"seat": at(e["seat"]), "card": e["card"]} for e in trick]

    return {
        "viewer": None if spectator else viewer,
        "own": at_table[own] if own is not None else None,
        "seats": seats,
        "sides": [int(x) for x in seat_sides]
        if seat_sides is not None and len(set(seat_sides)) < n else None,
        "side_points": [int(x) for x in side_points]
        if show_counts and seat_sides is not None and isinstance(side_points, (tuple, list))
        else None,
        "phase": phase if isinstance(phase, str) else None,
        "stock": stock,
        "turn_up": _card(turn_up) if turn_up is not None and not isinstance(turn_up, bool)
        else None,
        "trump": trump,
        "contract": {"seat": at(declarer), "text": contract}
        if isinstance(contract, str) and contract and declarer is not None and declarer >= 0
        else None,
        "trick": seated(_trick(trick, leader, n)) if has_trick else None,
        "trick_leader": at(_seat_number(leader)),
        "winning": at(winning),
        "last_trick": seated(last_trick),
        "last_winner": at(last_winner),
        "others": others,
    }
