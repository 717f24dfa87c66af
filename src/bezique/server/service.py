"""The tables of the server: created, loaded from the store, acted on, and drawn for each
seat, with nothing a seat may not see ever leaving this module.

The service is synchronous and thread-safe (a lock per table); the web app calls it from
worker threads. Every table in memory is the replay of what the store holds: an action is
checked on the live match, stored in one transaction, and only then counted; a failure
to store throws the live match away, so that the next access replays the store again.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import secrets
import threading
from collections.abc import Iterator, Sequence
from typing import Any

from ..bots import BOTS, Bot, make_bot
from ..bots.binocle_multi_rules import bid_warnings
from ..core.cards import Card
from ..core.errors import BeziqueError, OptionError
from ..core.game import SPECTATOR, Game, Observation, State
from ..core.match import Match
from ..games import GAMES, make_game
from ..present import GameView, Seats, Story, name_seats, played_tricks, show, view_for
from ..present.table import table_view
from .store import DealRow, SeatTaken, Stale, Store, StoreError, TableRow, commitment, now

__all__ = ["KINDS", "LiveTable", "SeatTakenError", "ServiceError", "TableService"]

#: who may sit at a seat: a person, or a computer player by its registry name alone (a
#: search player at its default budget: no client sets what a move may cost), or "open":
#: a person's seat anyone may take from the lobby's list (POST /api/tables/<id>/join)
KINDS = ("human", *BOTS, "open")
#: the seats a person holds or will hold: no computer ever plays for them
PERSONS = frozenset({"human", "open"})
MAX_NAME = 40
MAX_TOKENS = 200  # tokens one request may ask about
#: the story's lines a view holds at most (the end of the deal's): more than a deal of
#: any game here tells (Chinese Bézique's 96 tricks), so that the story only grows in a
#: deal and an update carries its new lines alone
MAX_STORY = 1000
#: a table's own setting kept among its options: show the running counts of a game of
#: memory ("true") or not ("false"); not one of the game's options
SHOW_COUNTS = "show_counts"
MAX_OPEN = 50  # open tables listed


def _seat_name(value: object, refusal: str) -> str:
    """A player's name as given, its white space folded; ``refusal`` raised when it is
    empty, unprintable or over ``MAX_NAME`` characters."""
    name = " ".join(str(value).split())
    if not name or not name.isprintable() or len(name) > MAX_NAME:
        raise ServiceError(refusal)
    return name


def _named_sheet(sheet: dict[str, Any], seats: Seats) -> dict[str, Any]:
    """The score sheet's JSON with its notes and summary speaking of the players by name
    (the sheet's own text says "seat 1")."""
    def named(notes: Any) -> Any:
        return [name_seats(n, seats) for n in notes] if isinstance(notes, list) else notes

    out = dict(sheet)
    for key in ("deals", "games"):
        if isinstance(out.get(key), list):
            out[key] = [r | {"notes": named(r.get("notes"))} if isinstance(r, dict) else r
                        for r in out[key]]
    if isinstance(out.get("summary"), str):
        out["summary"] = name_seats(out["summary"], seats)
    return out


def game_options(stored: dict[str, str]) -> dict[str, Any]:
    """The game's options among a table's stored options (without the table's own
    settings: :data:`SHOW_COUNTS`)."""
    return {k: v for k, v in stored.items() if k != SHOW_COUNTS}


class ServiceError(Exception):
    """What was wrong with a request, in words for the client; nothing changed."""


class SeatTakenError(ServiceError):
    """The open seat asked for is taken (HTTP 409)."""


@dataclasses.dataclass(frozen=True)
class Plan:
    """A computer player's turn to think about: the table's position (``seq``), the seat
    and kind of the player, a copy of the state, and the seed of its choice."""

    seq: int
    seat: int
    kind: str
    state: State
    seed: str


def think(plan: Plan) -> str:
    """The notation of the action the computer player of ``plan`` takes (a function of
    the plan alone, so that it may run in a worker process)."""
    seed = int.from_bytes(hashlib.sha256(plan.seed.encode()).digest()[:8], "big")
    bot: Bot = make_bot(plan.kind, plan.state.game, seed)
    return bot.choose(plan.state.clone()).notation()


@dataclasses.dataclass
class LiveTable:
    """A table in memory: the stored row and deals, and the match replayed from them."""

    row: TableRow
    game: Game[Any]
    match: Match
    deals: list[DealRow]
    lock: threading.RLock = dataclasses.field(default_factory=threading.RLock)
    #: what every seat's view of the latest position holds alike (``_shared``), and the
    #: part of it that changes only when a deal ends
    shared: dict[str, Any] | None = None
    per_deal: dict[str, Any] | None = None
    deal_view: GameView | None = None
    story: tuple[Any, Story] | None = None  # the deal's story as it grows

    @property
    def show_counts(self) -> bool | None:
        """The table's choice to show the running counts of a game of memory (``None``:
        the game's default, hidden in Sixty-Six and Binocle as at the terminal)."""
        value = self.row.options.get(SHOW_COUNTS)
        return None if value is None else value == "true"

    @property
    def seq(self) -> int:
        return self.row.seq

    def kind(self, seat: int) -> str:
        return self.row.players[seat]["kind"]

    def humans(self) -> list[int]:
        return [s for s, p in enumerate(self.row.players) if p["kind"] == "human"]

    def open_seats(self) -> list[int]:
        return [s for s, p in enumerate(self.row.players) if p["kind"] == "open"]


def _salted(pack: Sequence[int], deal_no: int, dealer: int) -> DealRow:
    salt = secrets.token_hex(16)
    return DealRow(deal_no, dealer, [int(c) for c in pack], salt, commitment(pack, salt))


class TableService:
    """Every table of one store. ``bot_seed`` (tests) fixes the computer players'
    randomness, which otherwise comes from each table's secret seed."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._tables: dict[str, LiveTable] = {}
        self._lock = threading.Lock()

    # -- making and finding tables --------------------------------------------------------

    def create(self, game_name: object, options: object, seats: object
               ) -> tuple[str, dict[int, str]]:
        """A new table: ``(table id, {seat: token})`` for its human seats."""
        if not isinstance(game_name, str) or game_name not in GAMES:
            raise ServiceError(f"unknown game {str(game_name)[:40]!r}; known: {', '.join(GAMES)}")
        if options is None:
            options = {}
        if not isinstance(options, dict) or len(options) > 40 or not all(
                isinstance(k, str) and isinstance(v, (str, int, bool)) for k, v in options.items()):
            raise ServiceError("options must be an object of option names and values")
        options = dict(options)
        setting = options.pop(SHOW_COUNTS, None)
        if setting is not None and not isinstance(setting, bool) \
                and str(setting) not in ("true", "false"):
            raise ServiceError(f"{SHOW_COUNTS}: true or false, not {str(setting)[:20]!r}")
        try:
            game = make_game(game_name, {k: str(v) for k, v in options.items()})
        except (OptionError, ValueError) as exc:
            raise ServiceError(str(exc)) from None
        if not isinstance(seats, list) or len(seats) != game.num_players:
            given = len(seats) if isinstance(seats, list) else 0
            raise ServiceError(f"{game.title} with these options seats {game.num_players};"
                               f" give one seat each ({given} given)")
        players = []
        for i, s in enumerate(seats):
            if not isinstance(s, dict):
                raise ServiceError(f"seat {i}: give an object with kind and name")
            kind = s.get("kind", "human")
            if kind not in KINDS:
                raise ServiceError(f"seat {i}: kind must be one of {', '.join(KINDS)}, not"
                                   f" {str(kind)[:20]!r}")
            default = {"human": "Player", "open": "Open seat"}.get(kind, "Computer")
            name = _seat_name(s.get("name") or default,
                              f"seat {i}: a name is printable, 1 to {MAX_NAME} characters")
            if kind == "rules":
                try:
                    make_bot("rules", game, 0)
                except OptionError:
                    raise ServiceError(f"seat {i}: there is no rule-based player for"
                                       f" {game.title}; choose random") from None
            players.append({"name": name, "kind": kind})
        seed = str(secrets.randbits(128))
        firsts = game.first_dealers()
        first = firsts[secrets.randbelow(len(firsts))]
        match = Match(game, seed=int(seed), first_dealer=first)
        table_id = secrets.token_urlsafe(12)
        tokens = {i: secrets.token_urlsafe(16) for i, p in enumerate(players)
                  if p["kind"] == "human"}
        if game.name != game_name:  # a form that is another game (64-card Binocle of 8)
            options = game.options.changed()
        kept = {k: str(v) for k, v in options.items()}
        if setting is not None:
            kept[SHOW_COUNTS] = str(setting).lower()
        row = TableRow(table_id, game.name, kept, players, seed, first, now(), 0, False, "")
        deal = _salted(match.deals[0].pack, 1, match.deals[0].dealer)
        try:
            self.store.create(row, tokens, deal)
        except StoreError as exc:
            raise ServiceError(str(exc)) from None
        with self._lock:
            self._tables[table_id] = LiveTable(row, game, match, [deal])
        return table_id, tokens

    def table(self, table_id: str) -> LiveTable:
        """The table, from memory or replayed from the store."""
        with self._lock:
            live = self._tables.get(table_id)
        if live is not None:
            return live
        live = self._load(table_id)
        with self._lock:
            return self._tables.setdefault(table_id, live)

    def _load(self, table_id: str) -> LiveTable:
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 40:
            raise ServiceError("no such table")
        try:
            row, deals, actions = self.store.load(table_id)
        except KeyError:
            raise ServiceError("no such table") from None
        except StoreError as exc:
            raise ServiceError(str(exc)) from None
        game = make_game(row.game, game_options(row.options))
        match = Match(game, seed=int(row.seed), first_dealer=row.first_dealer,
                      packs=[d.pack for d in deals])
        for _deal_no, seat, text in actions:
            if match.state.current_player() != seat:
                raise ServiceError(f"table {table_id}: the stored actions do not replay")
            match.apply_text(text)
        return LiveTable(row, game, match, deals[:len(match.deals)])

    @contextlib.contextmanager
    def _current(self, table_id: str) -> Iterator[LiveTable]:
        """The table locked, and still the one in memory once locked (a failed store
        may have replaced it meanwhile)."""
        while True:
            live = self.table(table_id)
            with live.lock:
                with self._lock:
                    current = self._tables.get(table_id) is live
                if current:
                    yield live
                    return

    def forget(self, table_id: str) -> None:
        """Drop the table from memory: the next access replays the store."""
        with self._lock:
            self._tables.pop(table_id, None)

    def refresh(self, table_id: str) -> bool:
        """Replay a table another process has moved on; ``True`` when it had."""
        try:
            return self._drop_if_behind(table_id)
        except StoreError:
            return False

    def _drop_if_behind(self, table_id: str) -> bool:
        """Drop the table from memory when the store holds more of it (another process
        moved it on), checked under its lock so that an action of ours being stored is
        not taken for one; ``True`` when dropped."""
        with self._lock:
            live = self._tables.get(table_id)
        if live is None:
            return False
        with live.lock:
            if self.store.seq_of([table_id]).get(table_id, live.seq) == live.seq:
                return False
            self.forget(table_id)
            return True

    def moved_elsewhere(self, told: dict[str, int]) -> list[str]:
        """Of the tables watched here (``told``: the seq their connections were last
        sent), those whose store has moved past it, by another process or while a
        refusal dropped the table from memory (one query for all); each is replayed from
        the store when its copy in memory is behind."""
        if not told:
            return []
        stored = self.store.seq_of(list(told))
        moved = [t for t, seq in told.items() if t in stored and stored[t] != seq]
        for table_id in moved:
            self._drop_if_behind(table_id)
        return moved

    def seat_of(self, table_id: str, token: str | None) -> int | None:
        """The seat a token holds at this table; ``None`` for no token (a spectator). A
        token of another table, or none at all, is refused."""
        if token is None or token == "":
            return None
        if not isinstance(token, str) or len(token) > 100:
            raise ServiceError("that seat token is not valid here")
        try:
            found = self.store.seat_of_token(token)
        except StoreError as exc:
            raise ServiceError(str(exc)) from None
        if found is None or found[0] != table_id:
            raise ServiceError("that seat token is not valid here")
        return found[1]

    def mine(self, tokens: object) -> list[dict[str, Any]]:
        """The tables the given seat tokens sit at, each saying whose turn it is there:
        ``to_move``, the name of the player to act (``None`` when the match is over),
        ``your_turn`` (this seat decides now), ``open`` (the seats no one has taken)."""
        if not isinstance(tokens, list) or len(tokens) > MAX_TOKENS:
            raise ServiceError(f"tokens: a list of at most {MAX_TOKENS} seat tokens")
        out = []
        for token in tokens:
            if not isinstance(token, str) or len(token) > 100:
                continue
            try:
                found = self.store.seat_of_token(token)
            except StoreError as exc:
                raise ServiceError(str(exc)) from None
            if found is None:
                continue
            live = self.fresh(found[0])
            with live.lock:
                over = live.match.is_over()
                state = live.match.state
                cp = state.current_player()
                out.append({"table": live.row.id, "game": live.game.name,
                            "title": live.game.title, "seat": found[1], "over": over,
                            "seq": live.seq, "url": f"/t/{live.row.id}?token={token}",
                            "to_move": (live.row.players[cp]["name"]
                                        if not over and cp >= 0 else None),
                            "your_turn": not over and state.decides(found[1]),
                            "open": live.open_seats()})
        return out

    def open_tables(self) -> list[dict[str, Any]]:
        """The tables with a seat anyone may take: the game, the players, which seats
        are open (never a token)."""
        try:
            rows = self.store.with_open_seats(MAX_OPEN)
        except StoreError as exc:
            raise ServiceError(str(exc)) from None
        out = []
        for row in rows:
            free = [s for s, p in enumerate(row.players) if p.get("kind") == "open"]
            if not free:
                continue
            cls = GAMES.get(row.game)
            out.append({"table": row.id, "game": row.game,
                        "title": cls.title if cls is not None else row.game,
                        "options": row.options, "created": row.created,
                        "players": [{"name": p["name"], "kind": p["kind"]}
                                    for p in row.players],
                        "open": free, "started": row.seq > 0})
        return out

    def join(self, table_id: str, seat: object, name: object) -> str:
        """Give the open ``seat`` to a person called ``name``: the seat's new token
        (shown to him once, stored hashed). A seat not open is refused
        (:class:`SeatTakenError`)."""
        if type(seat) is not int:
            raise ServiceError("seat: the number of an open seat")
        name = _seat_name(name or "", f"name: printable, 1 to {MAX_NAME} characters")
        token = secrets.token_urlsafe(16)
        with self._current(table_id) as live:
            if not 0 <= seat < len(live.row.players):
                raise ServiceError(f"seat: this table's seats are 0 to"
                                   f" {len(live.row.players) - 1}")
            try:
                players = self.store.join(table_id, seat, name, token)
            except SeatTaken:
                self.forget(table_id)  # another process may have seated him: read again
                raise SeatTakenError(f"seat {seat} is taken") from None
            except KeyError:
                raise ServiceError("no such table") from None
            except StoreError as exc:
                raise ServiceError(f"{exc}; nothing was done, try again") from None
            live.row.players = players
        return token

    # -- acting ------------------------------------------------------------------------------

    def act(self, table_id: str, seat: int, seq: object, text: object) -> int:
        """Take the action ``text`` for ``seat`` at position ``seq``; the new ``seq`` once
        stored. A refusal raises :class:`ServiceError` and changes nothing."""
        if not isinstance(text, str) or not 0 < len(text) <= 200:
            raise ServiceError("action: a notation of 1 to 200 characters")
        if type(seq) is not int:
            raise ServiceError("seq: the number of the position the action is taken at")
        with self._current(table_id) as live:
            if live.match.is_over():
                raise ServiceError("the match is over")
            if seq != live.seq:
                raise ServiceError(f"that position is gone: the table is at {live.seq}, not"
                                   f" {seq}")
            state = live.match.state
            if not state.decides(seat):
                raise ServiceError("it is not your turn")
            try:
                action = state.action_from_text(text)
            except BeziqueError as exc:
                raise ServiceError(str(exc)[:200]) from None
            return self._commit(live, state.current_player(), action)

    def _commit(self, live: LiveTable, actor: int, action: Any) -> int:
        match = live.match
        deals_before = len(match.deals)
        deal_no = deals_before
        seq = live.seq
        match.apply(action)  # legal: checked by the caller
        new_deal = None
        if len(match.deals) > deals_before:
            log = match.deals[-1]
            new_deal = _salted(log.pack, len(match.deals), log.dealer)
        over = match.is_over()
        try:
            self.store.append(live.row.id, seq, deal_no, actor, action.notation(), new_deal,
                              over, match.sheet.summary if over else "")
        except (Stale, StoreError) as exc:
            self.forget(live.row.id)  # the live match is ahead of the store: replay it
            if isinstance(exc, Stale):
                raise ServiceError("the table moved on meanwhile: look again") from None
            raise ServiceError(f"{exc}; nothing was done, try again") from None
        live.row.seq = seq + 1
        live.row.over = over
        if new_deal is not None:
            live.deals.append(new_deal)
        return live.row.seq

    def computer_to_move(self, table_id: str) -> bool:
        """Whether a computer player is to act now (no person deciding for the seat)."""
        live = self.table(table_id)
        with live.lock:
            state = live.match.state
            cp = state.current_player()
            if live.match.is_over() or cp < 0 or live.kind(cp) in PERSONS:
                return False  # a person's turn, or an open seat's: it waits for him
            return not any(state.decides(h) for h in live.humans() + live.open_seats())

    def computer_move(self, table_id: str) -> bool:
        """Take one computer player's action, if one is to act; ``True`` when taken (the
        plan, the thought and the commit in one call: see :meth:`computer_plan`)."""
        plan = self.computer_plan(table_id)
        if plan is None:
            return False
        return self.computer_commit(table_id, plan, think(plan))

    def computer_plan(self, table_id: str) -> Plan | None:
        """What a computer player to act now must think about (``None``: none is to
        act): its kind, the game, a copy of the position and the seed of its choice, from
        the secret seed and the position (nothing a client sees or sends). The thinking
        (:func:`think`) needs no lock and may run in another process."""
        live = self.table(table_id)
        with live.lock:
            if not self.computer_to_move(table_id):
                return None
            state = live.match.state
            return Plan(live.seq, state.current_player(), live.kind(state.current_player()),
                        state.clone(), f"{live.row.seed} computer {live.seq}")

    def computer_commit(self, table_id: str, plan: Plan, notation: str) -> bool:
        """Take the action a computer player chose on ``plan``'s position; ``False``
        when the table moved on meanwhile (the choice is dropped and thought again)."""
        with self._current(table_id) as live:
            if live.seq != plan.seq or not self.computer_to_move(table_id):
                return False
            state = live.match.state
            try:
                action = state.action_from_text(notation)
            except BeziqueError:
                raise ServiceError(f"the computer player chose an illegal {notation}"
                                   ) from None
            try:
                self._commit(live, plan.seat, action)
            except ServiceError:
                return False
            return True

    # -- what each seat is sent ---------------------------------------------------------------

    def view(self, table_id: str, seat: int | None) -> dict[str, Any]:
        """The ``view`` message for ``seat`` (``None``: a spectator)."""
        live = self.table(table_id)
        with live.lock:
            return self._view(live, seat)

    def views(self, table_id: str, seats: Sequence[int | None]) -> list[dict[str, Any]]:
        """The views of several seats (and spectators) of one position; each is made
        once however many connections share it."""
        live = self.table(table_id)
        with live.lock:
            made: dict[int | None, dict[str, Any]] = {}
            out = []
            for seat in seats:
                if seat not in made:
                    made[seat] = self._view(live, seat)
                out.append(made[seat])
            return out

    def _view(self, live: LiveTable, seat: int | None) -> dict[str, Any]:
        match, game = live.match, live.game
        state = match.state
        shared = self._shared(live)
        names = shared["names"]
        deal_view = shared["deal_view"]
        obs: Observation = (state.observation(seat) if seat is not None
                            else state.public_observation())
        your_turn = seat is not None and not match.is_over() and state.decides(seat)
        legal = []
        if your_turn and seat is not None:
            shown, seats = deal_view.table(state, Seats(seat, tuple(names)))
            # a bid above what the hand can safely make, by the rule-based player's
            # estimate: the page asks before sending it
            warnings = bid_warnings(state)
            for a in state.legal_actions():
                spot = deal_view.card_play(a)
                if spot is not None:
                    label = show(spot[0]) + ("*" if spot[1] else "")
                    legal.append({"notation": a.notation(), "label": label,
                                  "card": spot[0].notation(), "from_table": spot[1]})
                else:
                    legal.append({"notation": a.notation(),
                                  "label": deal_view.label(shown, a),
                                  "card": None, "from_table": False})
                    if a.notation() in warnings:
                        legal[-1]["confirm"] = warnings[a.notation()]
        cp = state.current_player()
        return {
            "type": "view", "table": live.row.id, "game": game.name, "title": game.title,
            "seat": seat,
            "players": [{"name": p["name"], "kind": p["kind"]} for p in live.row.players],
            "seq": live.seq, "deal": len(match.deals),
            "commitment": live.deals[len(match.deals) - 1].commitment,
            "to_move": cp if cp >= 0 and not match.is_over() else None,
            "your_turn": your_turn,
            "board": table_view(obs, names, show_counts=deal_view.show_counts,
                                sides=getattr(state, "sides", None)),
            "legal": legal, "story": shared["story"], "show_counts": deal_view.show_counts,
            "deal_word": deal_view.deal_word,
            "sheet": shared["sheet"], "over": match.is_over(), "summary": shared["summary"],
            "revealed": shared["revealed"], "deal_end": shared["deal_end"],
        }

    def _shared(self, live: LiveTable) -> dict[str, Any]:
        """What every seat's view of the table's position holds alike (the story, the
        sheet, the finished deals, the end of the last deal), made once a position."""
        if live.shared is not None and live.shared["seq"] == live.seq:
            return live.shared
        match = live.match
        names = [p["name"] for p in live.row.players]
        if live.deal_view is None:
            live.deal_view = view_for(live.game, show_counts=live.show_counts)
        deal_view = live.deal_view
        everyone = Seats(SPECTATOR, tuple(names))
        # what changes only when a deal ends (or a seat is taken): made once a deal
        key = (len(match.deals), len(match.sheet.rows), match.is_over(), tuple(names))
        per_deal = live.per_deal
        if per_deal is None or per_deal["key"] != key:
            finished = len(match.deals) if match.is_over() else len(match.deals) - 1
            per_deal = live.per_deal = {
                "key": key,
                "sheet": _named_sheet(match.sheet.to_json(), everyone)
                | {"labels": match.sheet.labels(names)},
                "summary": name_seats(match.sheet.summary, everyone),
                "revealed": [{"deal": k, "url": f"/api/tables/{live.row.id}/deals/{k}"}
                             for k in range(1, finished + 1)],
                "deal_end": self._deal_end(live, deal_view, everyone),
            }
        live.shared = {
            "seq": live.seq, "names": names, "deal_view": deal_view,
            "story": self._story(live, everyone)[-MAX_STORY:],
            "sheet": per_deal["sheet"], "revealed": per_deal["revealed"],
            "summary": per_deal["summary"],
            "deal_end": per_deal["deal_end"],
        }
        return live.shared

    @staticmethod
    def _story(live: LiveTable, everyone: Seats) -> list[str]:
        """The deal's story, told as it grows (:class:`~bezique.present.Story`): a new
        story for each deal, or when the names change (a seat taken)."""
        key = (len(live.match.deals), everyone.names)
        if live.story is None or live.story[0] != key:
            assert live.deal_view is not None
            live.story = (key, Story(live.deal_view, everyone))
        return live.story[1].lines(live.match.state.events())

    @staticmethod
    def _deal_end(live: LiveTable, deal_view: GameView, everyone: Seats
                  ) -> dict[str, Any] | None:
        """The end of the last finished deal, for the page to show before going on: its
        number, the deal's last events told, its last trick (who played what, who won),
        and what each seat's points were made of."""
        final = live.match.finished
        if final is None:
            return None
        number = len(live.match.sheet.rows)
        drawn, seats = deal_view.table(final, everyone)
        tricks = [t for t in played_tricks(final) if t[0] >= 0]
        last = tricks[-1] if tricks else None
        parts = deal_view.breakdown(drawn, seats)
        story = deal_view.narrate(list(final.events()), 0, everyone)
        return {
            "deal": number,
            "story": story[-12:],
            "last_trick": None if last is None else {
                "winner": last[0],
                "cards": [{"seat": s, "card": Card(c).notation()} for s, c in last[1]]},
            "columns": [seats.label(s) for s in seats.order()],
            "rows": [[what, list(points)] for what, points in parts.rows],
            "totals": list(parts.totals), "result": list(parts.result),
        }

    def fresh(self, table_id: str) -> LiveTable:
        """The table as the store has it now: replayed first if another process moved it
        on (one query), for a read that no connection keeps up to date."""
        self.refresh(table_id)
        return self.table(table_id)

    def info(self, table_id: str) -> dict[str, Any]:
        live = self.fresh(table_id)
        with live.lock:
            # the options as stored: with the game's name they make the game again, for
            # anyone replaying the revealed deals (bezique verify)
            return {"table": live.row.id, "game": live.game.name, "title": live.game.title,
                    "options": game_options(live.row.options),
                    "show_counts": live.show_counts,
                    "players": [{"name": p["name"], "kind": p["kind"]}
                                for p in live.row.players],
                    "seq": live.seq, "over": live.match.is_over(),
                    "summary": live.match.sheet.summary}

    def deal_record(self, table_id: str, deal_no: object) -> dict[str, Any]:
        """A finished deal, revealed: its pack, salt and actions, to check its
        commitment. A deal in play is refused."""
        live = self.fresh(table_id)
        with live.lock:
            match = live.match
            finished = len(match.deals) if match.is_over() else len(match.deals) - 1
            if type(deal_no) is not int or not 1 <= deal_no <= len(match.deals):
                raise ServiceError("no such deal")
            if deal_no > finished:
                raise ServiceError("that deal is still in play: it is revealed when it is over")
            log, row = match.deals[deal_no - 1], live.deals[deal_no - 1]
            return {"deal": deal_no, "dealer": log.dealer,
                    "pack": [Card(c).notation() for c in row.pack], "pack_ids": row.pack,
                    "salt": row.salt, "commitment": row.commitment,
                    "actions": [[s, a] for s, a in zip(log.seats, log.actions, strict=True)]}

