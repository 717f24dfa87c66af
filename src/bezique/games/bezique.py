"""Two-handed Bézique, as Foster's *Complete Hoyle* gives it, with Enquire Within's
differences as options.

Rules are cited by section of Foster's "Bézique" (Cards, Dealing, Method of Playing,
Declarations, Double Declarations, The Last Eight Tricks, Scoring) and by the project's
checklist numbers (``BZ n``, see ``shared/rules/CHECKLIST.md``).

Foster's laws about human mistakes (misdeals, drawing wrongly, too many cards, revokes in
the last eight tricks, false announcements) cannot arise here: the engine deals, draws
and checks every action itself and refuses an illegal one.

Representation (chosen for speed): cards are int ids; a hand is a list of ids; each
player's declared cards lying on the table are tuples ``(card, serial, used_a, used_b,
used_c)`` where ``used_x`` is the highest value of a class-x combination the card has
been announced in. That is all the "no taking away", "no equal reuse" and "adding"
rules need (Declarations).
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from ..core.cards import Card, Pack, Rank, Suit, card_name, parse_game_card
from ..core.errors import IllegalActionError, NotationError, quoted
from ..core.game import (
    Action,
    DealResult,
    Game,
    Observation,
    Options,
    action_text,
    action_words,
    check_seat,
)
from ..core.game import option as _opt
from ..core.match import GameResult, ScoreSheet, SheetRow
from ..core.trick import END_PHASE, RankOrder, TrickState, must_follow_and_win

# -- cards and tables ------------------------------------------------------------------

ACE, TEN, KING, QUEEN, JACK, SEVEN = 14, 10, 13, 12, 11, 7
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
ORDER = RankOrder([Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE,
                   Rank.EIGHT, Rank.SEVEN])
STRENGTH = ORDER.strength
BRISQUE = [1 if (c & 15) in (ACE, TEN) else 0 for c in range(64)]
PACK = Pack.piquet(copies=2)

LEAD, FOLLOW, DECLARE, END = 0, 1, 2, END_PHASE
PHASE_NAMES = ("lead", "follow", "declare", "end")
CLASS_A, CLASS_B, CLASS_C = 0, 1, 2


@dataclasses.dataclass(frozen=True)
class Combination:
    """A kind of declaration: its name in the notation, class (A marriages and sequences,
    B béziques, C fours), value and number of cards (Declarations, table of values)."""

    name: str
    klass: int
    value: int
    title: str
    size: int = 2

    @property
    def words(self) -> str:
        """The name as a player says it: ``royal marriage``, ``double bézique``."""
        return self.title.lower()


#: The combinations in the order of the book's table (Declarations): class A, B, C.
COMBINATIONS: dict[str, Combination] = {c.name: c for c in (
    Combination("marriage", CLASS_A, 20, "Marriage"),
    Combination("royal-marriage", CLASS_A, 40, "Royal Marriage"),
    Combination("sequence", CLASS_A, 250, "Sequence", 5),
    Combination("bezique", CLASS_B, 40, "Bézique"),
    Combination("double-bezique", CLASS_B, 500, "Double Bézique", 4),
    Combination("four-aces", CLASS_C, 100, "Four Aces", 4),
    Combination("four-kings", CLASS_C, 80, "Four Kings", 4),
    Combination("four-queens", CLASS_C, 60, "Four Queens", 4),
    Combination("four-jacks", CLASS_C, 40, "Four Jacks", 4),
)}
FOURS = (("four-jacks", JACK), ("four-queens", QUEEN), ("four-kings", KING), ("four-aces", ACE))

#: The names of the combinations in the notation, in the order of the book's table.
COMBINATION_NAMES: tuple[str, ...] = tuple(COMBINATIONS)


def combination_names(style: str = "notation") -> tuple[str, ...]:
    """The combinations' names in the order of the book's table, for help texts:
    ``"notation"`` (``royal-marriage``), ``"words"`` (``royal marriage``, ``double
    bézique``) or ``"title"`` (``Royal Marriage``). ``parse_action`` reads every style, in
    any case, with or without the accent.

    >>> combination_names("words")[:5]
    ('marriage', 'royal marriage', 'sequence', 'bézique', 'double bézique')
    """
    if style == "notation":
        return COMBINATION_NAMES
    if style == "words":
        return tuple(c.words for c in COMBINATIONS.values())
    if style == "title":
        return tuple(c.title for c in COMBINATIONS.values())
    raise ValueError(f"style is notation, words or title, not {quoted(style)}")


def _name_key(words: Sequence[str]) -> tuple[str, ...]:
    return tuple(w for word in words
                 for w in word.lower().replace("é", "e").replace("_", "-").split("-") if w)


# every spelling of each name, as a tuple of plain lower-case words; a few of the texts'
# own synonyms too (Enquire Within's knaves and common marriage)
_NAMES: dict[tuple[str, ...], str] = {}
for _c in COMBINATIONS.values():
    _NAMES[_name_key([_c.name])] = _c.name
    _NAMES[_name_key(_c.title.split())] = _c.name
_NAMES[("four", "knaves")] = "four-jacks"
_NAMES[("common", "marriage")] = "marriage"
_LONGEST_NAME = max(len(k) for k in _NAMES)
_NAME_LIST = ", ".join(c.words for c in COMBINATIONS.values())


# -- options -----------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class BeziqueOptions(Options):
    """The variants of two-handed Bézique (VARIANTS.md section 1). Defaults are Foster's.

    Each ``doc`` is what ``bezique play --list-options`` shows a player; the checklist
    label is ``BeziqueOptions.source(name)``.
    """

    game_title: ClassVar[str] = "Bézique"

    draw_order: str = _opt(
        "winner_first", ("winner_first", "pone_always_first"),
        "Who draws first after each trick: the winner of the trick (Foster), or always the"
        " non-dealer, as in France. Either way the winner of the 24th trick takes the last"
        " card of the stock and the loser the turn-up.", "V-BZ-01")
    offsuit_follow_wins: bool = _opt(
        False, None,
        "While the stock lasts, a higher card of another plain suit wins the trick (the main"
        " rule of Enquire Within upon Everything). Foster: the card led wins unless the"
        " follower plays higher in its suit or trumps.", "V-BZ-02")
    last_trick_bonus_at: int = _opt(
        32, (32, 24),
        "The trick that scores 10 as the last trick: the 32nd, the very last (Foster), or the"
        " 24th, the last before the final eight (a variation in Enquire Within upon"
        " Everything).", "V-BZ-03")
    seven_of_trumps_played_scores: bool = _opt(
        False, None,
        "A Seven of trumps played in the first 24 tricks scores 10, whether it wins the trick"
        " or not (Enquire Within upon Everything). Foster: only its exchange for the turn-up"
        " scores.", "V-BZ-04")
    second_seven_scoring: str = _opt(
        "exchange", ("exchange", "when_played"),
        "The Seven of trumps left once the turn-up is a Seven: 'exchange', it may still be"
        " exchanged, Seven for Seven, scoring 10 (Foster); 'when_played', there is no such"
        " exchange and it scores 10 when played in the first 24 tricks, once only (Enquire"
        " Within upon Everything).", "V-BZ-06")
    seven_exchange_with_declaration: bool = _opt(
        False, None,
        "After winning a trick, exchange the Seven of trumps and also declare, the card taken"
        " up not being used in that declaration (Enquire Within upon Everything). Foster: one"
        " or the other.", "V-BZ-05")
    brisque_scoring: str = _opt(
        "as_taken", ("as_taken", "end_of_deal"),
        "Aces and Tens (brisques) scored as the tricks holding them are taken (Foster), or"
        " counted after the last trick, the non-dealer first (Enquire Within upon"
        " Everything).", "V-BZ-07")
    bezique_pair: str = _opt(
        "QS_JD", ("QS_JD", "QC_JH_if_trump_S_or_D"),
        "The cards of bézique: the Queen of spades and the Jack of diamonds (Foster), or the"
        " Queen of clubs and the Jack of hearts when spades or diamonds are trumps (a"
        " variation in Enquire Within upon Everything).", "V-BZ-08")
    multiple_announcements: str = _opt(
        "carry", ("carry", "one_per_trick"),
        "Several combinations may be announced at once, one scored and the others kept 'to"
        " score' after later tricks ('carry', Foster), or one declaration after each trick"
        " won and nothing kept ('one_per_trick', Enquire Within upon Everything).",
        "V-BZ-25")
    trumps_only_in_last_eight: bool = _opt(
        False, None,
        "An old custom Foster mentions and rejects: trumps win nothing while the stock"
        " lasts.", "V-BZ-26")
    count_stock_allowed: bool = _opt(
        True, None,
        "Whether the players may count the stock: English laws allow it (Foster's default),"
        " French laws do not. No program can stop a player counting, and the trick number"
        " tells the stock's size anyway: 'false' only tells the screen not to show it.",
        "V-BZ-11")
    game_target: int = _opt(
        1000, (1000, 2000, 4000),
        "Points for game: 1000 (Foster); Enquire Within upon Everything also plays to 2000"
        " or 4000.", "V-BZ-17")
    end_of_game: str = _opt(
        "higher_total", ("higher_total", "ew_count_order"),
        "When both pass the target in one deal: the higher total wins (Foster is silent;"
        " the usual rule), or the non-dealer counts his Aces and Tens first and the first to"
        " reach the target wins (Enquire Within upon Everything).", "V-BZ-18")
    double_game_under_half: bool = _opt(
        True, None,
        "A game counts double when the loser has not reached half the target, 500 of 1000"
        " (Foster: the usual practice).", "V-BZ-19")
    stakes: str = _opt(
        "per_game", ("per_game", "per_point", "partie_of_five"),
        "How a game is settled (Foster gives all three): so much a game, so much a point"
        " (the difference of the scores), or a partie of five, ended when one player has won"
        " three games.", "V-BZ-20")


# -- actions -----------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True)
class Play(Action):
    """Lead or play a card. ``from_table`` plays a declared card lying on the table:
    written with a star, ``QS*`` (Foster: play the one on the table)."""

    card: Card
    from_table: bool = False

    def notation(self) -> str:
        return self.card.notation() + ("*" if self.from_table else "")


@dataclasses.dataclass(frozen=True, slots=True)
class Meld:
    """One announced combination: its name and its cards, each marked if it already lay
    on the table (``KS*``) rather than coming fresh from the hand."""

    name: str
    cards: tuple[tuple[Card, bool], ...]

    def notation(self) -> str:
        return self.name + " " + " ".join(c.notation() + ("*" if t else "")
                                          for c, t in self.cards)

    @property
    def combination(self) -> Combination:
        return COMBINATIONS[self.name]


@dataclasses.dataclass(frozen=True, slots=True)
class Declare(Action):
    """Announce one or more combinations after winning a trick: the first is scored now,
    the rest are carried "to score" (Double Declarations). Written
    ``bezique QS JD + marriage KS* QS``."""

    melds: tuple[Meld, ...]

    def notation(self) -> str:
        return " + ".join(m.notation() for m in self.melds)


@dataclasses.dataclass(frozen=True, slots=True)
class ScoreCarried(Action):
    """Score a combination announced earlier and carried "to score". ``score marriage KS
    QS``."""

    name: str
    cards: tuple[Card, ...]

    def notation(self) -> str:
        return "score " + self.name + " " + " ".join(c.notation() for c in self.cards)


@dataclasses.dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Exchange the Seven of trumps for the turn-up and score 10."""

    def notation(self) -> str:
        return "exchange"


@dataclasses.dataclass(frozen=True, slots=True)
class Draw(Action):
    """Declare nothing (more) and draw from the stock."""

    def notation(self) -> str:
        return "draw"


EXCHANGE = Exchange()
DRAW = Draw()
PLAY_HAND = {c: Play(Card(c), False) for c in range(64) if 2 <= (c & 15) <= 14}
PLAY_TABLE = {c: Play(Card(c), True) for c in range(64) if 2 <= (c & 15) <= 14}
# indexed by card id for the hot path (ids of no card hold None and are never looked up)
_PH: list[Any] = [PLAY_HAND.get(c) for c in range(64)]
_PT: list[Any] = [PLAY_TABLE.get(c) for c in range(64)]


def parse_action(text: str) -> Action:
    """Parse any Bézique action's notation (context free), and the text the screen writes
    for it: combination names with spaces or hyphens, any case, with or without the
    accent (``royal marriage``, ``Double Bézique``), cards as ``QS``, ``10♠`` or ``QS*``
    (lying on the table), a value in brackets after each combination (``(40)``,
    ``(20 to score)``), several joined by ``+``.

    >>> parse_action("QS*")
    Play(card=Card.parse('QS'), from_table=True)
    >>> str(parse_action("bezique qs jd + marriage ks* qs"))
    'bezique QS JD + marriage KS* QS'
    >>> str(parse_action("Royal Marriage K♥ Q♥ (40) + double bézique Q♠ Q♠ J♦* J♦* (500 to score)"))
    'royal-marriage KH QH + double-bezique QS QS JD* JD*'
    """
    t = action_words(text, "Bézique")
    low = t.lower()
    if low == "draw" or low.startswith("draw ("):
        return DRAW
    if low in ("exchange", "exchange seven", "exchange 7") or low.startswith("exchange ("):
        return EXCHANGE
    words = t.split()
    if low.startswith("score "):
        name, rest = _read_name(words[1:], text)
        if name is None:
            raise NotationError(f"unknown combination {quoted(words[1])} in {quoted(text)};"
                                f" combinations: {_NAME_LIST}")
        pairs = _read_meld_cards(name, rest, text)
        return ScoreCarried(name, tuple(sorted((c for c, _ in pairs), key=book_order)))
    if _read_name(words, text)[0] is not None:
        melds = []
        for chunk in t.split("+"):
            parts = chunk.split()
            if not parts:
                raise NotationError(f"empty combination in {quoted(text)}")
            name, rest = _read_name(parts, text)
            if name is None:
                raise NotationError(f"unknown combination {quoted(parts[0])} in"
                                    f" {quoted(text)}; combinations: {_NAME_LIST}")
            pairs = _read_meld_cards(name, rest, text)
            melds.append(Meld(name, tuple(sorted(pairs, key=_pair_order))))
        if len(melds) > MAX_MELDS:
            raise NotationError(f"{len(melds)} combinations in one declaration: no declaration"
                                f" holds more than {MAX_MELDS}")
        return Declare(tuple(melds))
    if len(words) == 1:
        play: Play = _PT[_read_card(t[:-1])] if t.endswith("*") else _PH[_read_card(t)]
        return play
    raise NotationError(f"not a Bézique action: {quoted(text)} (a card like QS or QS*, a"
                        " combination like 'bezique QS JD', 'score ...', 'exchange' or 'draw')")


#: No declaration can hold more combinations: each needs a card fresh from the hand (at
#: most 8) that no other combination of its class in it has (3 classes).
MAX_MELDS = 24


def _read_card(text: str) -> Card:
    return parse_game_card(text, ORDER.ranks, "Bézique")


def _read_name(words: list[str], text: str) -> tuple[str | None, list[str]]:
    """The combination named by the first words (the longest name that fits) and the
    words after it."""
    for n in range(min(_LONGEST_NAME, len(words)), 0, -1):
        name = _NAMES.get(_name_key(words[:n]))
        if name is not None:
            return name, words[n:]
    return None, words


def _read_meld_cards(name: str, words: list[str], text: str) -> list[tuple[Card, bool]]:
    """The cards of one combination (``QS``, ``QS*``), after an optional value in brackets
    as the screen writes it (``(40)``, ``(20 to score)``)."""
    combo = COMBINATIONS[name]
    words = [w for word in words for w in word.split(",") if w]
    if words and words[-1].endswith(")"):
        start = max((i for i, w in enumerate(words) if w.startswith("(")), default=-1)
        note = " ".join(words[start:])[1:-1].split() if start >= 0 else []
        if not note or not note[0].isdecimal() or note[1:] not in ([], ["to", "score"]):
            raise NotationError(f"{quoted(' '.join(words[start:]))} in {quoted(text)}: after"
                                " the cards write the value only, e.g. (40) or (20 to score)")
        if len(note[0]) > 6 or int(note[0]) != combo.value:
            raise NotationError(f"{combo.words} is worth {combo.value}, not {note[0]}"
                                f" ({quoted(text)})")
        words = words[:start]
    if len(words) != combo.size:
        raise NotationError(f"a {combo.words} has {combo.size} cards, not {len(words)}:"
                            f" {quoted(text)}")
    return [(_read_card(w[:-1]), True) if w.endswith("*") else (_read_card(w), False)
            for w in words]


# -- the game ----------------------------------------------------------------------------

class Bezique(Game["BeziqueState"]):
    """Two-handed Bézique (Foster), 64 cards, game 1000.

    >>> game = Bezique()
    >>> state = game.deal(dealer=0, seed=1)
    >>> len(state.hands[0]), len(state.hands[1]), len(state.stock)
    (8, 8, 47)
    """

    name = "bezique"
    title = "Bézique"
    options_class = BeziqueOptions
    options: BeziqueOptions

    def __init__(self, options: BeziqueOptions | None = None) -> None:
        super().__init__(options)
        # options built directly are checked as parsed ones are (OptionError naming the
        # option): a bad value would silently change the rules, e.g. a last-trick bonus
        # at trick 30
        self.options = type(self.options).from_mapping(self.options.to_mapping())
        o = self.options
        self._draw_pone_first = o.draw_order == "pone_always_first"
        self._carry = o.multiple_announcements == "carry"
        # may playing a Seven of trumps score (V-BZ-04, V-BZ-06)? checked on every play
        self._seven_played = o.seven_of_trumps_played_scores \
            or o.second_seven_scoring == "when_played"
        self._patterns: dict[int, list[tuple[str, list[int], dict[int, int]]]] = {}
        self._candidates: dict[int, list[tuple[str, list[int] | int, int, int]]] = {}

    @property
    def pack(self) -> Pack:
        return PACK

    def deal(self, dealer: int, *, seed: int | None = None, pack: Sequence[int] | None = None,
             rng: random.Random | None = None) -> BeziqueState:
        order = self.pack_order(seed=seed, pack=pack, rng=rng)
        return BeziqueState.from_pack(self, dealer, order)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def deal_result(self, state: BeziqueState) -> DealResult:
        late = [0, 0]
        if self.options.brisque_scoring == "end_of_deal":
            late = [10 * state.brisques[0], 10 * state.brisques[1]]
        last = state.last_winner
        return DealResult((state.points[0], state.points[1]),
                          details=(("late0", late[0]), ("late1", late[1]),
                                   ("last_trick", last)))

    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        """Points add up to the target (1000); the game is decided after the deal in which
        a player reaches it, the higher total winning (GAP-BZ-3), or by EW's counting order
        (V-BZ-18). A loser under half the target loses a double game (BZ 88). A partie of
        five ends when one player has won three games (BZ 87)."""
        o = self.options
        before = list(sheet.totals)
        for i in (0, 1):
            sheet.totals[i] += result.points[i]
        t = sheet.totals
        notes: list[str] = []
        sheet.rows.append(SheetRow(deal_no, dealer, result.points, (t[0], t[1])))
        target = o.game_target
        if max(t) < target:
            return
        winner = self._game_winner(before, result, dealer)
        if winner is None:
            sheet.rows[-1].notes = ("both past the target and level: play on",)
            return
        loser = 1 - winner
        value = 2 if o.double_game_under_half and t[loser] < target // 2 else 1
        if value == 2:
            notes.append(f"double game: the loser has not reached {target // 2}")
        if o.stakes == "per_point":
            notes.append(f"per point: {t[winner] - t[loser]}")
        sheet.games.append(GameResult(winner, (t[0], t[1]), value, tuple(notes)))
        if o.stakes == "partie_of_five":
            if sheet.games_won(winner) >= 3:
                sheet.over = True
                sheet.winner = winner
                sheet.summary = (f"partie of five won by seat {winner}, "
                                 f"{sheet.games_won(winner)}-{sheet.games_won(loser)}")
            else:
                sheet.totals = [0, 0]
            return
        sheet.over = True
        sheet.winner = winner
        sheet.summary = f"seat {winner} wins the game {t[winner]}-{t[loser]}"

    def _game_winner(self, before: list[int], result: DealResult, dealer: int) -> int | None:
        t = [before[i] + result.points[i] for i in (0, 1)]
        target = self.options.game_target
        if self.options.end_of_game == "ew_count_order":
            # EW: scores counted before the aces and tens first, then the non-dealer's aces
            # and tens, then the dealer's; the first to reach the target wins.
            pre = [t[i] - result.detail(f"late{i}") for i in (0, 1)]
            if (pre[0] >= target) != (pre[1] >= target):
                return 0 if pre[0] >= target else 1
            if pre[0] < target:
                for seat in (1 - dealer, dealer):
                    if t[seat] >= target:
                        return seat
            if t[0] == t[1]:
                if pre[0] != pre[1]:
                    return 0 if pre[0] > pre[1] else 1
                last = result.detail("last_trick", -1)
                return last if last in (0, 1) else None
        if t[0] == t[1]:
            return None
        return 0 if t[0] > t[1] else 1

    def patterns(self, trump: int) -> list[tuple[str, list[int], dict[int, int]]]:
        """The fixed-card combinations under a trump suit (Declarations, the table), with
        the count of each card they need; computed once per trump."""
        cached = self._patterns.get(trump)
        if cached is None:
            q, j = self.bezique_cards(trump)
            t = trump
            pats: list[tuple[str, list[int]]] = []
            for s in range(4):
                pats.append(("royal-marriage" if s == t else "marriage",
                             [s * 16 + KING, s * 16 + QUEEN]))
            pats.append(("sequence", [t * 16 + ACE, t * 16 + TEN, t * 16 + KING,
                                      t * 16 + QUEEN, t * 16 + JACK]))
            pats.append(("bezique", [q, j]))
            pats.append(("double-bezique", [q, q, j, j]))
            full = []
            for name, kinds in pats:
                need: dict[int, int] = {}
                for k in kinds:
                    need[k] = need.get(k, 0) + 1
                full.append((name, kinds, need))
            self._patterns[trump] = full
            return full
        return cached

    def candidates(self, trump: int) -> list[tuple[str, list[int] | int, int, int]]:
        """Every combination under a trump suit as ``(name, cards or rank of a four,
        class, value)``, lowest value first: the order in which combinations carried "to
        score" are completed."""
        cached = self._candidates.get(trump)
        if cached is None:
            both: list[tuple[str, list[int] | int]] = [
                (n, k) for n, k, _ in self.patterns(trump)]
            both += [(n, r) for n, r in FOURS]
            both.sort(key=lambda nk: COMBINATIONS[nk[0]].value)
            cached = self._candidates[trump] = [
                (n, k, COMBINATIONS[n].klass, COMBINATIONS[n].value) for n, k in both]
        return cached

    def bezique_cards(self, trump: int) -> tuple[int, int]:
        """The Queen and Jack of bézique (V-BZ-08)."""
        if self.options.bezique_pair == "QC_JH_if_trump_S_or_D" and trump in (SPADES, DIAMONDS):
            return CLUBS * 16 + QUEEN, HEARTS * 16 + JACK
        return SPADES * 16 + QUEEN, DIAMONDS * 16 + JACK


# -- observations ------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class BeziqueObservation(Observation):
    """Everything one seat may know in a deal of Bézique, and nothing more.

    ``stock_size`` counts the stock with the turn-up; it is None when the French laws are
    played (``count_stock_allowed=false``), which only tells a screen to show no count:
    ``tricks_played`` tells it all the same (two cards drawn per trick while the stock
    lasts), as no engine can forbid counting.
    """

    dealer: int
    to_move: int
    phase: str
    trump: Suit
    turn_up: Card | None
    stock_size: int | None
    hand: tuple[Card, ...]
    tables: tuple[tuple[Card, ...], tuple[Card, ...]]
    hand_sizes: tuple[int, int]
    known_in_hand: tuple[tuple[Card, ...], tuple[Card, ...]]
    trick: tuple[Card, ...]
    last_trick: tuple[Card, ...]
    tricks_played: int
    points: tuple[int, int]
    carried: tuple[tuple[str, ...], tuple[str, ...]]
    history: tuple[str, ...]
    #: the cards of the finished tricks, in the order played (public: BZ 31 forbids
    #: looking back at quitted tricks, not remembering them)
    played: tuple[Card, ...] = ()
    #: each seat's announcements (scored or carried "to score"), as (name, cards)
    announced: tuple[tuple[tuple[str, tuple[Card, ...]], ...],
                     tuple[tuple[str, tuple[Card, ...]], ...]] = ((), ())


# -- the state ---------------------------------------------------------------------------

class BeziqueState(TrickState):
    """A position in one deal of two-handed Bézique."""

    __slots__ = ("game", "dealer", "trump", "turn_up", "stock", "hands", "tables",
                 "carried", "points", "phase", "player", "lead", "lead_table", "tricks",
                 "won", "known", "serial", "log", "last_trick", "brisques", "exchanged",
                 "last_winner", "declared", "_decl")

    game: Bezique
    dealer: int
    trump: int
    turn_up: int  # -1 once drawn
    stock: list[int]  # the top card last
    hands: list[list[int]]  # concealed cards
    tables: list[list[tuple[int, int, int, int, int]]]  # (card, serial, used_a, used_b, used_c)
    carried: list[list[tuple[str, int, tuple[int, ...], tuple[int, ...]]]]
    points: list[int]
    phase: int
    player: int
    lead: int
    lead_table: bool
    tricks: int
    won: list[list[int]]
    known: list[list[int]]  # cards publicly known to be in a concealed hand
    serial: int
    log: Any  # persistent list: (entry, previous) or None
    last_trick: tuple[int, ...]
    brisques: list[int]
    exchanged: bool
    declared: bool  # a declaration was made after this trick (EW's exchange may follow)
    last_winner: int
    _decl: dict[Action, Any] | None

    @classmethod
    def from_pack(cls, game: Bezique, dealer: int, order: Sequence[int]) -> BeziqueState:
        """Deal from a pack order (index 0 the top card): three, two, three to each, the
        pone first (Dealing; GAP-BZ-1), then the seventeenth card turned for trump."""
        dealer = check_seat(dealer, 2, "dealer")
        s = cls.__new__(cls)
        s.game = game
        s.dealer = dealer
        pone = 1 - dealer
        hands: list[list[int]] = [[], []]
        i = 0
        for n in (3, 2, 3):
            for seat in (pone, dealer):
                hands[seat].extend(order[i:i + n])
                i += n
        s.hands = hands
        s.turn_up = order[16]
        s.trump = order[16] >> 4
        s.stock = list(reversed(order[17:]))  # pop() takes the top card
        s.tables = [[], []]
        s.carried = [[], []]
        s.points = [0, 0]
        s.phase = LEAD
        s.player = pone  # the pone leads first (Method of Playing)
        s.lead = -1
        s.lead_table = False
        s.tricks = 0
        s.won = [[], []]
        s.known = [[], []]
        s.serial = 0
        s.log = None
        s.last_trick = ()
        s.last_winner = -1
        s.brisques = [0, 0]
        s.exchanged = False
        s.declared = False
        s._decl = None
        if order[16] & 15 == SEVEN:  # a Seven turned up scores the dealer 10 (Dealing)
            s._score(dealer, 10, "seven turned up")
        return s

    @classmethod
    def position(cls, game: Bezique, *, hands: Sequence[Sequence[int]],
                 trump: Suit | int, turn_up: int | None, stock: Sequence[int] = (),
                 tables: Sequence[Sequence[int]] = ((), ()), dealer: int = 0,
                 to_move: int = 1, phase: str = "lead", lead: int | None = None,
                 tricks: int = 0, points: Sequence[int] = (0, 0)) -> BeziqueState:
        """Set up a position directly (tests, puzzles): hands, declared table cards (as
        not yet used in any combination), trump, turn-up (None once taken), the stock top
        first, whose turn and in which phase (``lead``, ``follow`` with ``lead`` card, or
        ``declare`` for the winner of the last trick). Cards not placed count as played."""
        s = cls.__new__(cls)
        s.game = game
        s.dealer = check_seat(dealer, 2, "dealer")
        to_move = check_seat(to_move, 2, "to_move")
        s.hands = [[int(c) for c in hands[0]], [int(c) for c in hands[1]]]
        s.trump = int(trump)
        s.turn_up = -1 if turn_up is None else int(turn_up)
        s.stock = [int(c) for c in reversed(stock)]
        s.serial = 0
        s.tables = [[], []]
        for p in (0, 1):
            for c in tables[p]:
                s.serial += 1
                s.tables[p].append((int(c), s.serial, 0, 0, 0))
        s.carried = [[], []]
        s.points = list(points)
        s.phase = PHASE_NAMES.index(phase)
        s.player = to_move
        s.lead = -1 if lead is None else int(lead)
        s.lead_table = False
        s.tricks = tricks
        placed = [c for h in s.hands for c in h] + [e[0] for t in s.tables for e in t] \
            + s.stock + ([s.turn_up] if s.turn_up >= 0 else []) + ([s.lead] if lead else [])
        rest = [int(c) for c in PACK.all_cards()]
        for c in placed:
            if c not in rest:
                raise ValueError(f"too many {card_name(c)} in the position")
            rest.remove(c)
        s.won = [rest, []]
        s.known = [[], []]
        s.log = None
        s.last_trick = ()
        s.last_winner = -1
        s.brisques = [0, 0]
        s.exchanged = False
        s.declared = False
        s._decl = None
        return s

    # -- bookkeeping ---------------------------------------------------------------------

    @property
    def stock_exhausted(self) -> bool:
        """True once the last stock card and the turn-up have been drawn."""
        return self.turn_up < 0

    def table_cards(self, seat: int) -> list[Card]:
        """The declared cards ``seat`` has lying face up."""
        return [Card(e[0]) for e in self.tables[seat]]

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        p = self.player
        if phase == LEAD or (phase == FOLLOW and self.turn_up >= 0):
            # while the stock lasts any card, from the hand or the table (Method of Playing)
            acts: list[Action] = [_PH[c] for c in dict.fromkeys(self.hands[p])]
            if self.tables[p]:
                acts += [_PT[c] for c in dict.fromkeys(e[0] for e in self.tables[p])]
            return acts
        if phase == FOLLOW:  # the last eight tricks: follow suit and win if able (BZ 71)
            return [_PH[c] for c in dict.fromkeys(
                must_follow_and_win(self.hands[p], self.lead, self.trump, STRENGTH))]
        if phase == DECLARE:
            return list(self._declare_options())
        return []

    def apply(self, action: Action) -> None:
        phase = self.phase
        if phase == END:
            raise IllegalActionError("the deal is over")
        if type(action) is Play:
            card = action.card
            if card.__class__ is not Card:  # built by hand: Play(999), Play("QS")
                card = _card_of_play(action)
            if phase == DECLARE:
                raise IllegalActionError(
                    f"{action} is not allowed now: the winner of the trick declares or draws"
                    " before the next lead")
            self._play(card, action.from_table)
            return
        if not isinstance(action, Action):
            raise IllegalActionError(f"apply takes an Action, not {quoted(action)}: read text"
                                     " with state.parse_action")
        if phase != DECLARE:
            raise IllegalActionError(
                f"{action_text(action)} is not allowed now: declarations, the Seven's exchange"
                " and drawing come only after winning a trick while the stock lasts; play a"
                " card")
        opts = self._declare_options()
        try:
            listed = action in opts
        except TypeError:  # built by hand with unhashable parts (lists)
            listed = False
        p = self.player
        if listed:
            plan = opts[action]
        elif type(action) is Declare:  # several combinations at once, not listed (BZ 54)
            action, plan = self._resolve(p, action)
        else:
            raise IllegalActionError(self._why_not(action))
        if type(action) is Draw:
            self._draw()
        elif type(action) is Exchange:
            self._exchange(p)
            self._decl = None  # the hand has changed: compute the declarations afresh
            # EW (V-BZ-05) lets a declaration follow. Whether the node stays open depends on
            # public facts only, never on what the hand holds (that would tell the adversary).
            if not (self.game.options.seven_exchange_with_declaration and not self.declared):
                self._draw()
        elif type(action) is Declare:
            self._declare(p, action, plan)
            self.declared = True
            self._decl = None
            if not (self.game.options.seven_exchange_with_declaration and not self.exchanged):
                self._draw()
        elif type(action) is ScoreCarried:
            self._score_carried(p, plan)
            self.declared = True
            self._decl = None
            if not (self.game.options.seven_exchange_with_declaration and not self.exchanged):
                self._draw()
        else:  # pragma: no cover - unreachable: checked against the options above
            raise IllegalActionError(f"not a Bézique action: {quoted(action)}")

    # -- playing -------------------------------------------------------------------------

    def _play(self, c: int, from_table: bool) -> None:
        p = self.player
        hand = self.hands[p]
        c = int(c)
        if from_table:
            entries = self.tables[p]
            idx = self._table_index_to_play(p, c)
            if idx < 0:
                raise IllegalActionError(f"{card_name(c)}* is not among your declared cards on"
                                         " the table")
            if self.phase == FOLLOW and self.turn_up < 0:  # pragma: no cover - table empty then
                raise IllegalActionError("no table cards in the last eight tricks")
        else:
            if c not in hand:
                where = " (it lies on your table: play it as " + card_name(c) + "*)" \
                    if any(e[0] == c for e in self.tables[p]) else ""
                raise IllegalActionError(f"{card_name(c)} is not in your hand{where}")
            if self.phase == FOLLOW and self.turn_up < 0:
                allowed = must_follow_and_win(hand, self.lead, self.trump, STRENGTH)
                if c not in allowed:
                    raise IllegalActionError(
                        f"{card_name(c)} is not allowed: in the last eight tricks you must follow"
                        " suit and win the trick if you can (with a higher card of the suit, or"
                        " a trump when void); allowed: "
                        + " ".join(card_name(x) for x in dict.fromkeys(allowed)))
        # the move is legal: commit
        if from_table:
            entry = entries.pop(idx)
            sid = entry[1]
            if self.carried[p]:
                lost = [m for m in self.carried[p] if sid in m[2]]
                for m in lost:  # a card of a carried combination is played: it is lost (BZ 67)
                    self.carried[p].remove(m)
                    self._note("lost", p, m[0], m[3])
        else:
            hand.remove(c)
            kn = self.known[p]
            if kn and c in kn:
                kn.remove(c)
        self._note("play", p, c, from_table)
        if self.game._seven_played and c == self.trump * 16 + SEVEN and self.turn_up >= 0:
            opts = self.game.options
            # EW: 10 for a Seven of trumps played in the first 24 tricks (V-BZ-04); the
            # Seven left once the turn-up is a Seven scores so instead of being exchanged
            # Seven for Seven (V-BZ-06); never both
            if opts.seven_of_trumps_played_scores or (
                    self.turn_up == c and opts.second_seven_scoring == "when_played"):
                self._score(p, 10, "seven of trumps played")
        if self.phase == LEAD:
            self.lead = c
            self.lead_table = from_table
            self.phase = FOLLOW
            self.player = 1 - p
            return
        self._finish_trick(c)

    def _table_index_to_play(self, p: int, c: int) -> int:
        """Which of identical table cards is played: one outside any carried combination,
        and of those the one whose declaring power is most spent."""
        best = -1
        best_key: tuple[int, int] | None = None
        carried = {s for m in self.carried[p] for s in m[2]}
        for i, e in enumerate(self.tables[p]):
            if e[0] != c:
                continue
            key = (0 if e[1] in carried else 1, e[2] + e[3] + e[4])
            if best_key is None or key > best_key:
                best, best_key = i, key
        return best

    def _finish_trick(self, follow: int) -> None:
        lead = self.lead
        leader = 1 - self.player
        opts = self.game.options
        stock_phase = self.turn_up >= 0
        # Method of Playing: suit followed, the higher wins, identical cards the leader;
        # trumps win plain suits (not in the obsolete custom of V-BZ-26).
        if lead >> 4 == follow >> 4:
            fw = STRENGTH[follow] > STRENGTH[lead]
        elif follow >> 4 == self.trump:
            fw = not (stock_phase and opts.trumps_only_in_last_eight)
        elif stock_phase and opts.offsuit_follow_wins and lead >> 4 != self.trump:
            fw = STRENGTH[follow] > STRENGTH[lead]  # EW: the higher card, of any suit
        else:
            fw = False
        winner = self.player if fw else leader
        self.tricks += 1
        self.won[winner] += (lead, follow)
        self.last_trick = (lead, follow)
        self.last_winner = winner
        self._note("trick", winner, lead, follow)
        nb = BRISQUE[lead] + BRISQUE[follow]
        if nb:
            if opts.brisque_scoring == "as_taken":
                self._score(winner, 10 * nb, "brisque" if nb == 1 else "two brisques")
            else:
                self.brisques[winner] += nb
        if self.tricks == opts.last_trick_bonus_at:
            self._score(winner, 10, "last trick")
        self.lead = -1
        self.player = winner
        if stock_phase:
            self.exchanged = False
            self.declared = False
            self._decl = None
            self.phase = DECLARE
            return
        if self.tricks == 32:
            self.phase = END
            if opts.brisque_scoring == "end_of_deal":
                for seat in (self.dealer ^ 1, self.dealer):  # EW: the non-dealer first
                    if self.brisques[seat]:
                        self._score(seat, 10 * self.brisques[seat],
                                    f"{self.brisques[seat]} brisques")
            return
        self.phase = LEAD

    def _draw(self) -> None:
        """Both draw, the winner first (or the pone, V-BZ-01); the last stock card goes to
        the winner of the trick and the turn-up to the loser, whoever draws first otherwise
        (BZ 29: the texts give the last card to the winner under either order)."""
        w = self.player
        first = (self.dealer ^ 1) if self.game._draw_pone_first and len(self.stock) > 1 \
            else w
        second = 1 - first
        stock = self.stock
        self.hands[first].append(stock.pop())
        if stock:
            self.hands[second].append(stock.pop())
            self._note("draw", first)
        else:
            up = self.turn_up
            self.hands[second].append(up)
            self.known[second].append(up)
            self.turn_up = -1
            self._note("draw-last", first, up)
            self._stock_exhausted()
        self._decl = None
        self.phase = LEAD
        self.player = w

    def _stock_exhausted(self) -> None:
        """The last eight tricks: carried scores are lost (BZ 68) and each takes his table
        cards back into his hand (BZ 69)."""
        for p in (0, 1):
            for m in self.carried[p]:
                self._note("lost", p, m[0], m[3])
            self.carried[p] = []
            back = [e[0] for e in self.tables[p]]
            self.hands[p] += back
            self.known[p] += back
            self.tables[p] = []

    def _exchange(self, p: int) -> None:
        seven = self.trump * 16 + SEVEN
        self.hands[p].remove(seven)
        up = self.turn_up
        self.hands[p].append(up)
        self.known[p].append(up)
        self.turn_up = seven
        self.exchanged = True
        self._note("exchange", p, up)
        self._score(p, 10, "seven of trumps exchanged")

    # -- declarations --------------------------------------------------------------------

    def _exchange_available(self) -> bool:
        """The Seven of trumps may be exchanged just after winning a trick, before drawing
        (BZ 37-39), once per trick."""
        seven = self.trump * 16 + SEVEN
        if self.exchanged or self.turn_up < 0 or seven not in self.hands[self.player]:
            return False
        if self.turn_up == seven and self.game.options.second_seven_scoring == "when_played":
            return False  # V-BZ-06 (EW): that Seven scores when played, not by exchange
        # each Seven scores its exchange once: once a Seven has been taken up from the
        # turn-up (Seven for Seven, BZ 39) none is left to exchange
        return not any(e[0] == "exchange" and e[2] == seven for e in self.events())

    def _declare_options(self) -> dict[Action, Any]:
        """Every legal action after winning a trick, mapped to how it is carried out."""
        if self._decl is not None:
            return self._decl
        p = self.player
        opts: dict[Action, Any] = {}
        if self._exchange_available():
            opts[EXCHANGE] = None
        if self.declared:
            pass  # one declaration per trick (BZ 53); only the EW exchange may follow
        elif not self.exchanged or self.game.options.seven_exchange_with_declaration:
            for m in self.carried[p]:
                opts[ScoreCarried(m[0], tuple(sorted((Card(c) for c in m[3]),
                                                     key=book_order)))] = m
            for action, plan in self._declarations(p):
                opts.setdefault(action, plan)
        opts[DRAW] = None
        self._decl = opts
        return opts

    def _fresh_counts(self, p: int) -> dict[int, int]:
        """How many of each card ``p`` may lay fresh from the hand in a declaration now."""
        counts: dict[int, int] = {}
        for c in self.hands[p]:
            if (c & 15) >= TEN:  # only A 10 K Q J enter combinations (BZ 50)
                counts[c] = counts.get(c, 0) + 1
        if self.exchanged and self.game.options.seven_exchange_with_declaration:
            # EW (V-BZ-05): the card taken up by the exchange is not used in a declaration
            # made after the same trick
            taken = next(e[2] for e in reversed(self.events()) if e[0] == "exchange")
            if counts.get(taken, 0) > 1:
                counts[taken] -= 1
            else:
                counts.pop(taken, None)
        return counts

    def _declarations(self, p: int) -> list[tuple[Declare, Any]]:
        counts = self._fresh_counts(p)
        if not counts:
            return []
        # cheap rejection first: most tricks leave nothing to declare
        avail = dict(counts)
        for e in self.tables[p]:
            c = e[0]
            avail[c] = avail.get(c, 0) + 1
        out: dict[Declare, Any] = {}
        for name, kinds, need in self.game.patterns(self.trump):
            fresh = False
            for k in need:
                if k in counts:
                    fresh = True
                    break
            if not fresh:
                continue
            for k, n in need.items():
                if avail.get(k, 0) < n:
                    break
            else:
                for plan in self._fixed_plans(p, name, kinds, counts):
                    for act, iplan in self._build(p, name, plan):
                        out.setdefault(act, iplan)
        by_rank = [0, 0, 0, 0, 0]  # J Q K A counts (hand), index rank - 10
        for c, n in counts.items():
            by_rank[(c & 15) - 10] += n
        for name, rank in FOURS:
            in_hand = by_rank[rank - 10]
            if not in_hand:
                continue
            total = in_hand
            for e in self.tables[p]:
                if e[0] & 15 == rank:
                    total += 1
            if total >= 4:
                for plan in self._four_plans(p, name, rank, counts):
                    for act, iplan in self._build(p, name, plan):
                        out.setdefault(act, iplan)
        return list(out.items())

    def _eligible(self, entry: tuple[int, int, int, int, int], klass: int, value: int) -> bool:
        # "no taking away" and "no equal reuse" (BZ 56, 58): a card already announced in
        # this class for as much or more cannot serve; "adding" (BZ 57) can.
        return entry[2 + klass] < value

    def _fixed_plans(self, p: int, name: str, kinds: list[int],
                     counts: dict[int, int]) -> list[list[tuple[int, int]]]:
        """Ways to form a fixed combination: table cards wherever an eligible one lies
        there, fresh cards from the hand for the rest, at least one fresh card (BZ 59).
        A plan is a list of ``(card, serial)``, serial -1 for a fresh card."""
        combo = COMBINATIONS[name]
        need: dict[int, int] = {}
        for k in kinds:
            need[k] = need.get(k, 0) + 1
        for k, n in need.items():  # enough cards in all?
            have = counts.get(k, 0) + sum(1 for e in self.tables[p] if e[0] == k)
            if have < n:
                return []
        plan: list[tuple[int, int]] = []
        spare_fresh: list[int] = []
        for k, n in need.items():
            elig = sorted((e for e in self.tables[p] if e[0] == k
                           and self._eligible(e, combo.klass, combo.value)),
                          key=lambda e: -(e[2 + combo.klass]))
            take = elig[:n]
            plan += [(k, e[1]) for e in take]
            rest = n - len(take)
            if rest > counts.get(k, 0):
                return []
            plan += [(k, -1)] * rest
            if take and counts.get(k, 0) > rest:
                spare_fresh.append(k)
        if any(s < 0 for _, s in plan):
            return [plan]
        # all from the table: one card must be fresh; offer each way of making one fresh
        plans = []
        for k in spare_fresh:
            alt = list(plan)
            i = max(i for i, (c, _) in enumerate(alt) if c == k)
            alt[i] = (k, -1)
            plans.append(alt)
        return plans

    def _four_plans(self, p: int, name: str, rank: int,
                    counts: dict[int, int]) -> list[list[tuple[int, int]]]:
        """Four of a kind of any suits, duplicates allowed (BZ 48-49): eligible table cards
        first (at most three), then every choice of fresh cards from the hand."""
        combo = COMBINATIONS[name]
        fresh_kinds = [c for c in counts for _ in range(counts[c]) if c & 15 == rank]
        if not fresh_kinds:
            return []
        elig = sorted((e for e in self.tables[p] if e[0] & 15 == rank
                       and self._eligible(e, combo.klass, combo.value)),
                      key=lambda e: (-e[2 + combo.klass], e[1]))[:3]
        n_fresh = 4 - len(elig)
        if len(fresh_kinds) < n_fresh:
            return []
        base = [(e[0], e[1]) for e in elig]
        choices = _multisets(sorted(fresh_kinds), n_fresh)
        return [base + [(k, -1) for k in ch] for ch in choices]

    def _build(self, p: int, name: str,
               plan: list[tuple[int, int]]) -> list[tuple[Declare, Any]]:
        """The declarations for one way of forming a combination: alone, and (Foster) with
        each largest set of other combinations that its fresh cards complete together with
        cards on the table, announced "to score" (BZ 63, 66). Internally a plan is ``(fresh
        cards, melds)``, each meld a name and references: a table serial, or ``-(i+1)`` for
        the i-th fresh card."""
        fresh: list[int] = []
        refs: list[tuple[int, int]] = []
        for c, sid in plan:
            if sid < 0:
                fresh.append(c)
                refs.append((c, -len(fresh)))
            else:
                refs.append((c, sid))
        primary = (name, refs)
        first = _meld(name, refs)
        result = [(Declare((first,)), (fresh, [primary]))]
        # with nothing on the table the fresh cards complete no other combination: the
        # laid cards form exactly one, and any smaller one of its class is barred by it
        if self.game._carry and self.tables[p]:
            for extras in self._extra_sets(p, primary, fresh):
                melds = (first,) + tuple(_meld(n, r) for n, r in extras)
                result.append((Declare(melds), (fresh, [primary] + extras)))
        return result

    def _extra_sets(self, p: int, primary: tuple[str, list[tuple[int, int]]],
                    fresh: list[int]) -> list[list[tuple[str, list[tuple[int, int]]]]]:
        """Every largest set of other combinations the cards just laid complete, each
        using at least one of them not yet announced in its class and only cards not
        barred in it (BZ 56-59, 63, 66). Combinations are taken lowest first, as adding is
        allowed and taking away is not: so a single bézique may be carried with the double
        (BZ 57, 60), but not two singles with it (BZ 59). A set contained in another is
        left out (the larger one announces all it does); the set that takes every
        combination it can, lowest first, always comes first."""
        # simulated table after laying: ref -> [card, used_a, used_b, used_c]
        table: dict[int, list[int]] = {e[1]: [e[0], e[2], e[3], e[4]] for e in self.tables[p]}
        for i, c in enumerate(fresh):
            table[-(i + 1)] = [c, 0, 0, 0]
        combo = COMBINATIONS[primary[0]]
        for _, ref in primary[1]:
            u = table[ref]
            u[1 + combo.klass] = max(u[1 + combo.klass], combo.value)
        candidates = self.game.candidates(self.trump)
        leaves: list[list[tuple[str, list[tuple[int, int]]]]] = []
        chosen: list[tuple[str, list[tuple[int, int]]]] = []

        def grow(i: int, table: dict[int, list[int]]) -> None:
            while i < len(candidates):
                n, kinds, klass, value = candidates[i]
                refs = _pick(table, kinds, klass, value)
                if refs is not None:
                    # with it (perhaps again: two marriages of one suit), then without it
                    taken = dict(table)
                    for _, ref in refs:
                        u = taken[ref] = taken[ref][:]
                        u[1 + klass] = max(u[1 + klass], value)
                    chosen.append((n, refs))
                    grow(i, taken)
                    chosen.pop()
                i += 1
            if chosen:
                leaves.append(list(chosen))

        grow(0, table)
        if len(leaves) < 2:
            return leaves
        keys = [Counter(_meld(n, r) for n, r in leaf) for leaf in leaves]
        out = []
        for i, key in enumerate(keys):
            if i and any(j != i and (key < other or (key == other and j < i))
                         for j, other in enumerate(keys)):
                continue  # contained in another set (or the same as an earlier one)
            out.append(leaves[i])
        return out

    def _why_not(self, action: Action) -> str:
        if type(action) is Exchange:
            if self.exchanged:
                return "the Seven has already been exchanged after this trick"
            if self.turn_up < 0:
                return "there is no turn-up left to exchange"
            seven = self.trump * 16 + SEVEN
            if seven not in self.hands[self.player]:
                return "exchange needs the Seven of trumps in your hand"
            if self.turn_up == seven and \
                    self.game.options.second_seven_scoring == "when_played":
                return ("the turn-up is already a Seven: under second_seven_scoring ="
                        " when_played your Seven scores 10 when played, not by exchange")
            return "each Seven of trumps is exchanged once: both exchanges have been made"
        if type(action) is ScoreCarried:
            return f"{action_text(action)} is not among your combinations carried 'to score'"
        if type(action) is Declare:
            if self.exchanged and not self.game.options.seven_exchange_with_declaration:
                return "you cannot score the Seven and make a declaration after the same trick"
            if self.declared:
                return "a declaration has been made after this trick: one per trick won (BZ 53)"
            listed = [str(a) for a in self._declare_options() if type(a) is Declare]
            return (f"{action_text(action)} is not a legal declaration here: each combination"
                    " needs the cards (table cards marked *), at least one fresh card from the"
                    " hand, and no card already announced in that class for as much or more; "
                    + ("legal: " + "; ".join(listed) if listed
                       else "you have nothing to declare"))
        return f"{action_text(action)} is not allowed now"

    def is_legal(self, action: Action) -> bool:
        """Whether the rules allow ``action`` now: a listed action, or a declaration that
        announces several combinations at once which the list leaves out (BZ 54, 62)."""
        if self.phase != DECLARE or type(action) is not Declare:
            return action in self.legal_actions()
        try:
            if action in self._declare_options():
                return True
        except TypeError:
            return False
        try:
            self._resolve(self.player, action)
        except IllegalActionError:
            return False
        return True

    def _resolve(self, p: int, action: Declare, loose: bool = False) -> tuple[Declare, Any]:
        """Check a declaration that the list does not hold (e.g. several combinations
        announced at once, BZ 54, 62) and work out its cards: which lay on the table and
        which are laid fresh now. The first combination is scored; the others are carried
        "to score" and count as announced lowest first (adding is allowed, taking away is
        not: BZ 56, 57). Each needs a card fresh from the hand, laid now, that no
        combination of its class before it in the declaration has used (BZ 59), and only
        cards not announced in its class for as much or more (BZ 56, 58). A card named in
        two combinations is one card where the rules allow it (``bezique QS JD + marriage
        KS* QS``: one Queen). ``loose`` ignores the stars (table or hand, as the rules
        allow, the table first). Returns the declaration as the engine writes it and its
        plan; raises IllegalActionError saying why not."""
        opts = self.game.options
        melds = action.melds
        if not isinstance(melds, tuple) or not melds or not all(
                type(m) is Meld and m.name in COMBINATIONS and isinstance(m.cards, tuple)
                and all(isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], int)
                        and not isinstance(x[0], bool) and x[0] in _PACK_IDS
                        for x in m.cards) for m in melds):
            raise IllegalActionError(f"{action_text(action)} is not a declaration: give one"
                                     " or more combinations, each a Meld(name, ((card,"
                                     " on_table), ...)) of Bézique cards")
        if self.exchanged and not opts.seven_exchange_with_declaration:
            raise IllegalActionError(self._why_not(action))
        if self.declared:
            raise IllegalActionError(self._why_not(action))
        if len(melds) > 1 and not self.game._carry:
            raise IllegalActionError(
                "one combination per declaration in this game (multiple_announcements ="
                " one_per_trick, as Enquire Within has it): nothing is carried 'to score'")
        if len(melds) > MAX_MELDS:
            raise IllegalActionError(f"{len(melds)} combinations: no declaration holds more"
                                     f" than {MAX_MELDS}")
        for m in melds:
            problem = self._shape_problem(m.name, [int(c) for c, _ in m.cards])
            if problem:
                raise IllegalActionError(f"{m.notation()} is no {COMBINATIONS[m.name].words}:"
                                         f" {problem}")
        order = [melds[0]] + sorted(melds[1:], key=lambda m: COMBINATIONS[m.name].value)
        found = _Assignment(self.tables[p], self._fresh_counts(p), loose).solve(order)
        if found is None:
            raise IllegalActionError(self._why_not(action))
        fresh, plan_melds = found
        resolved = Declare(tuple(_meld(n, r) for n, r in plan_melds))
        return resolved, (fresh, plan_melds)

    def _shape_problem(self, name: str, cards: list[int]) -> str:
        """What is wrong with the cards of a combination, whatever their place ("" if
        they make it under this trump)."""
        combo = COMBINATIONS[name]
        if len(cards) != combo.size:
            return f"it has {combo.size} cards, not {len(cards)}"
        for n, rank in FOURS:
            if n == name:
                if all(c & 15 == rank for c in cards):
                    return ""
                return f"{COMBINATIONS[n].words} are four cards of that rank, of any suits"
        shapes = [sorted(kinds) for n, kinds, _ in self.game.patterns(self.trump) if n == name]
        if sorted(cards) in shapes:
            return ""
        q, j = (card_name(c) for c in self.game.bezique_cards(self.trump))
        trump = "CDHS"[self.trump]
        return {"marriage": "a King and Queen of one plain suit",
                "royal-marriage": f"K{trump} Q{trump}, the King and Queen of trumps",
                "sequence": f"A{trump} T{trump} K{trump} Q{trump} J{trump}, the five highest"
                            " trumps",
                "bezique": f"{q} {j}",
                "double-bezique": f"{q} {q} {j} {j}"}[name]

    def _declare(self, p: int, action: Declare, plan: Any) -> None:
        fresh, melds = plan
        hand = self.hands[p]
        kn = self.known[p]
        serial_of: dict[int, int] = {}
        table = self.tables[p]
        for i, c in enumerate(fresh):  # lay the fresh cards face up (BZ 33)
            hand.remove(c)
            if c in kn:
                kn.remove(c)
            self.serial += 1
            serial_of[-(i + 1)] = self.serial
            table.append((c, self.serial, 0, 0, 0))
        index = {e[1]: i for i, e in enumerate(table)}
        for k, (name, refs) in enumerate(melds):
            cb = COMBINATIONS[name]
            serials = tuple(serial_of.get(r, r) for _, r in refs)
            for sid in serials:
                i = index[sid]
                e = table[i]
                if e[2 + cb.klass] < cb.value:
                    used = list(e)
                    used[2 + cb.klass] = cb.value
                    table[i] = (used[0], used[1], used[2], used[3], used[4])
            cards = tuple(c for c, _ in refs)
            shown = tuple(sorted(cards, key=book_order))
            text = name + " " + " ".join(card_name(c) for c in shown)
            if k == 0:
                self._note("declare", p, text, name, shown)
                self._score(p, cb.value, COMBINATIONS[name].title)
            else:  # announced now, scored after a later trick (BZ 63)
                self.carried[p].append((name, cb.value, serials, cards))
                self._note("carry", p, text, name, shown)

    def _score_carried(self, p: int, m: Any) -> None:
        self.carried[p].remove(m)
        self._note("declare", p, _carried_text(m) + " (carried)")
        self._score(p, m[1], COMBINATIONS[m[0]].title + " (carried)")

    # -- copies, observations, sampling --------------------------------------------------

    def clone(self) -> BeziqueState:
        s = BeziqueState.__new__(BeziqueState)
        s.game = self.game
        s.dealer = self.dealer
        s.trump = self.trump
        s.turn_up = self.turn_up
        s.stock = self.stock[:]
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.tables = [self.tables[0][:], self.tables[1][:]]
        s.carried = [self.carried[0][:], self.carried[1][:]]
        s.points = self.points[:]
        s.phase = self.phase
        s.player = self.player
        s.lead = self.lead
        s.lead_table = self.lead_table
        s.tricks = self.tricks
        s.won = [self.won[0][:], self.won[1][:]]
        s.known = [self.known[0][:], self.known[1][:]]
        s.serial = self.serial
        s.log = self.log
        s.last_trick = self.last_trick
        s.last_winner = self.last_winner
        s.brisques = self.brisques[:]
        s.exchanged = self.exchanged
        s.declared = self.declared
        s._decl = self._decl
        return s

    def hidden_from(self, seat: int) -> list[int]:
        """The cards ``seat`` cannot see, sorted by card id: the stock and the unknown part
        of the other hand. As a multiset it follows from ``seat``'s observation alone (the
        pack less every card that seat has seen), and sorting drops the true order."""
        other = 1 - check_seat(seat)
        hidden = self.hands[other] + self.stock
        for c in self.known[other]:
            hidden.remove(c)
        hidden.sort()
        return hidden

    def resample(self, seat: int, rng: random.Random) -> BeziqueState:
        """A state drawn uniformly among those ``seat`` cannot tell apart from this one: the
        cards hidden from it, taken in a canonical order (sorted ids) and shuffled with
        ``rng``, make the other's unknown cards and the stock. The result is a function of
        the observation and the generator alone: it cannot leak the true order."""
        other = 1 - check_seat(seat)
        pool = self.hidden_from(seat)
        rng.shuffle(pool)
        s = self.clone()
        known = self.known[other]  # in the order the public record made them known
        n_other = len(self.hands[other]) - len(known)
        s.hands[other] = known + pool[:n_other]
        s.stock = pool[n_other:]
        s._decl = None
        return s

    def observation(self, seat: int) -> BeziqueObservation:
        seat = check_seat(seat)
        opts = self.game.options
        hand = tuple(sorted(Card(c) for c in self.hands[seat]))
        tables = (tuple(sorted(Card(e[0]) for e in self.tables[0])),
                  tuple(sorted(Card(e[0]) for e in self.tables[1])))
        trick = (Card(self.lead),) if self.phase == FOLLOW else ()
        carried = (tuple(_carried_text(m) for m in self.carried[0]),
                   tuple(_carried_text(m) for m in self.carried[1]))
        stock_size = len(self.stock) + (1 if self.turn_up >= 0 else 0)
        events = self.events()
        return BeziqueObservation(
            seat=seat, dealer=self.dealer, to_move=self.current_player(),
            phase=PHASE_NAMES[self.phase], trump=Suit(self.trump),
            turn_up=Card(self.turn_up) if self.turn_up >= 0 else None,
            stock_size=stock_size if opts.count_stock_allowed else None,
            hand=hand, tables=tables,
            hand_sizes=(len(self.hands[0]), len(self.hands[1])),
            known_in_hand=(tuple(sorted(Card(c) for c in self.known[0])),
                           tuple(sorted(Card(c) for c in self.known[1]))),
            trick=trick, last_trick=tuple(Card(c) for c in self.last_trick),
            tricks_played=self.tricks, points=self.scores(), carried=carried,
            history=tuple(describe_event(e) for e in events),
            played=tuple(Card(c) for e in events if e[0] == "trick" for c in e[2:4]),
            announced=(tuple((e[3], tuple(Card(c) for c in e[4])) for e in events
                             if len(e) == 5 and e[1] == 0 and e[0] in ("declare", "carry")),
                       tuple((e[3], tuple(Card(c) for c in e[4])) for e in events
                             if len(e) == 5 and e[1] == 1 and e[0] in ("declare", "carry"))))

    # -- notation ------------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        action = parse_action(text)
        if type(action) is Play and not action.from_table:
            p = self.player
            if action.card not in self.hands[p] and any(e[0] == action.card
                                                        for e in self.tables[p]):
                play: Play = _PT[action.card]
                return play
        if type(action) is Declare and self.phase == DECLARE:
            opts = self._declare_options()
            if action in opts:
                return action
            # accept the cards without (or with wrong) stars: a listed declaration of the
            # same cards, else any legal reading of them (BZ 54)
            loose = _loose(action)
            for legal in opts:
                if type(legal) is Declare and _loose(legal) == loose:
                    return legal
            for stars in (False, True):
                try:
                    return self._resolve(self.player, action, loose=stars)[0]
                except IllegalActionError:
                    continue
        return action

    def __str__(self) -> str:
        lines = [f"Bézique deal, dealer {self.dealer}, trump {Suit(self.trump).symbol}, "
                 f"turn-up {card_name(self.turn_up) if self.turn_up >= 0 else '-'}, "
                 f"stock {len(self.stock)}, trick {self.tricks + 1}, "
                 f"{PHASE_NAMES[self.phase]} by {self.current_player()}"]
        for p in (0, 1):
            lines.append(f"  {p}: hand {' '.join(card_name(c) for c in self.hands[p])}"
                         f" | table {' '.join(card_name(e[0]) for e in self.tables[p])}"
                         f" | points {self.points[p]}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<BeziqueState trick={self.tricks} phase={PHASE_NAMES[self.phase]}>"


_PACK_IDS = frozenset(int(c) for c in PACK.cards)


class _Assignment:
    """Which physical cards a declaration written in notation uses: each card named is a
    declared card on the table (``KS*``: one of that player's table entries) or a card
    laid fresh from the hand now, the same fresh card where several combinations of the
    declaration name it and the rules allow (Declarations; Double Declarations). A depth
    first search over the few copies of each card (two of each in the pack), trying the
    most spent table card first and an already laid card before laying another."""

    BUDGET = 50_000  # steps; far beyond any real declaration (a few dozen)

    def __init__(self, table: list[tuple[int, int, int, int, int]], counts: dict[int, int],
                 loose: bool) -> None:
        # ref -> [card, used_a, used_b, used_c]: table serials, then -(i+1) fresh cards
        self.used: dict[int, list[int]] = {e[1]: [e[0], e[2], e[3], e[4]] for e in table}
        self.table_refs: dict[int, list[int]] = {}
        for e in table:
            self.table_refs.setdefault(e[0], []).append(e[1])
        self.counts = counts
        self.loose = loose
        self.fresh: list[int] = []  # cards laid fresh, in the order laid
        self.steps = 0

    def solve(self, melds: list[Meld]
              ) -> tuple[list[int], list[tuple[str, list[tuple[int, int]]]]] | None:
        out: list[tuple[str, list[tuple[int, int]]]] = []
        if self._meld(melds, 0, out):
            return list(self.fresh), out
        return None

    def _meld(self, melds: list[Meld], k: int,
              out: list[tuple[str, list[tuple[int, int]]]]) -> bool:
        if k == len(melds):
            return True
        m = melds[k]
        combo = COMBINATIONS[m.name]
        cards = [(int(c), bool(t)) for c, t in m.cards]
        return self._card(melds, k, out, combo, cards, 0, [])

    def _card(self, melds: list[Meld], k: int, out: list[tuple[str, list[tuple[int, int]]]],
              combo: Combination, cards: list[tuple[int, bool]], i: int,
              refs: list[tuple[int, int]]) -> bool:
        self.steps += 1
        if self.steps > self.BUDGET:
            raise IllegalActionError("this declaration has too many readings to check")
        klass, value = combo.klass, combo.value
        if i == len(cards):
            # BZ 59: a card fresh from the hand, not yet announced in this class
            if not any(r < 0 and self.used[r][1 + klass] == 0 for _, r in refs):
                return False
            saved = [(r, self.used[r][1 + klass]) for _, r in refs]
            for _, r in refs:
                u = self.used[r]
                u[1 + klass] = max(u[1 + klass], value)
            out.append((melds[k].name, list(refs)))
            if self._meld(melds, k + 1, out):
                return True
            out.pop()
            for r, v in saved:
                self.used[r][1 + klass] = v
            return False
        c, on_table = cards[i]
        taken = {r for _, r in refs}
        options: list[int] = []
        seen: set[tuple[bool, int, int, int]] = set()
        if on_table or self.loose:
            for r in sorted(self.table_refs.get(c, ()),
                            key=lambda r: -self.used[r][1 + klass]):
                u = self.used[r]
                sig = (True, u[1], u[2], u[3])
                if r not in taken and u[1 + klass] < value and sig not in seen:
                    seen.add(sig)
                    options.append(r)
        if not on_table or self.loose:
            for i_fresh, card in enumerate(self.fresh):
                r = -(i_fresh + 1)
                u = self.used[r]
                sig = (False, u[1], u[2], u[3])
                if card == c and r not in taken and u[1 + klass] < value and sig not in seen:
                    seen.add(sig)
                    options.append(r)
            if self.fresh.count(c) < self.counts.get(c, 0):
                options.append(0)  # lay another copy from the hand
        for r in options:
            laid = r == 0
            if laid:
                self.fresh.append(c)
                r = -len(self.fresh)
                self.used[r] = [c, 0, 0, 0]
            refs.append((c, r))
            if self._card(melds, k, out, combo, cards, i + 1, refs):
                return True
            refs.pop()
            if laid:
                self.fresh.pop()
                del self.used[r]
        return False


def _card_of_play(action: Any) -> Card:
    """The card of a ``Play`` built by hand with a bare id; anything that is no card of the
    pack is an illegal action naming it."""
    c = action.card
    if isinstance(c, int) and not isinstance(c, bool) and c in _PACK_IDS:
        return Card(c)
    raise IllegalActionError(f"{quoted(c)} is not a card of the Bézique pack"
                             " (A 10 K Q J 9 8 7); give a Card, e.g. Card.parse('QS')")


def book_order(card: int) -> tuple[int, int]:
    """Sort key writing cards as the book does: higher rank first (``KS QS``, ``QS JD``,
    ``AH TH KH QH JH``), then spades, hearts, diamonds, clubs."""
    return (-STRENGTH[card], -(int(card) >> 4))


def _pair_order(pair: tuple[Card, bool]) -> tuple[int, int, bool]:
    return (-STRENGTH[pair[0]], -(int(pair[0]) >> 4), pair[1])


def _meld(name: str, refs: list[tuple[int, int]]) -> Meld:
    return Meld(name, tuple(sorted(((Card(c), r >= 0) for c, r in refs), key=_pair_order)))


def _pick(table: dict[int, list[int]], kinds: list[int] | int, klass: int,
          value: int) -> list[tuple[int, int]] | None:
    """Instances on a simulated table forming a combination with at least one new card
    (negative reference), all eligible in the class; new cards preferred."""
    free = sorted((ref for ref, u in table.items() if u[1 + klass] < value),
                  key=lambda r: (r >= 0, -table[r][1 + klass]))
    chosen: list[tuple[int, int]] = []
    if isinstance(kinds, int):  # four of a rank
        for ref in free:
            if table[ref][0] & 15 == kinds:
                chosen.append((table[ref][0], ref))
                if len(chosen) == 4:
                    break
        if len(chosen) < 4:
            return None
    else:
        taken: set[int] = set()
        for k in kinds:
            for ref in free:
                if ref not in taken and table[ref][0] == k:
                    taken.add(ref)
                    chosen.append((k, ref))
                    break
            else:
                return None
    # BZ 59: each announcement in a class needs a fresh card of its own, so a fresh card
    # already announced in this class in the same declaration does not count (no second
    # bézique scored with the double bézique carried on the same cards)
    if not any(r < 0 and table[r][1 + klass] == 0 for _, r in chosen):
        return None
    return chosen


def _loose(a: Declare) -> tuple[Any, ...]:
    """A declaration's combinations without the stars; those carried in any order."""
    melds = [(m.name, tuple(sorted((c for c, _ in m.cards), key=book_order)))
             for m in a.melds]
    return (melds[0], tuple(sorted(melds[1:]))) if melds else ()


def _carried_text(m: tuple[Any, ...]) -> str:
    return str(m[0]) + " " + " ".join(card_name(c) for c in sorted(m[3], key=book_order))


def _multisets(items: list[int], k: int) -> list[tuple[int, ...]]:
    """Distinct sub-multisets of size ``k`` of a sorted list."""
    out: list[tuple[int, ...]] = []

    def rec(start: int, chosen: list[int]) -> None:
        if len(chosen) == k:
            out.append(tuple(chosen))
            return
        prev = None
        for i in range(start, len(items)):
            if items[i] == prev:
                continue
            prev = items[i]
            chosen.append(items[i])
            rec(i + 1, chosen)
            chosen.pop()

    rec(0, [])
    return out


# cached: every observation describes the whole log, and its entries recur (hashable
# tuples of ints, bools and text)
@functools.lru_cache(maxsize=8192)
def describe_event(e: tuple[Any, ...]) -> str:
    """One public log entry in words (never a hidden card)."""
    kind = e[0]
    if kind == "play":
        return f"{e[1]} plays {card_name(e[2])}{'*' if e[3] else ''}"
    if kind == "trick":
        return f"{e[1]} wins {card_name(e[2])} {card_name(e[3])}"
    if kind == "score":
        return f"{e[1]} scores {e[2]} ({e[3]})"
    if kind == "draw":
        return f"{e[1]} draws first"
    if kind == "draw-last":
        return f"{e[1]} draws the last card; {1 - e[1]} takes the turn-up {card_name(e[2])}"
    if kind == "exchange":
        return f"{e[1]} exchanges the seven for {card_name(e[2])}"
    if kind == "declare":
        return f"{e[1]} declares {e[2]}"
    if kind == "carry":
        return f"{e[1]} announces {e[2]} to score"
    if kind == "lost":
        return f"{e[1]} loses {e[2]} {' '.join(card_name(c) for c in e[3])} (carried)"
    return " ".join(str(x) for x in e)
