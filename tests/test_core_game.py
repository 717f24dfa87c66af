"""The N-seat core, proved on a small trick game defined here (not in ``GAMES``): seats
and sides, the turn order and the deal passing to the left, N-card tricks with a follow
rule, exclusion masks, visibility for consulting partners, consistent resampling, score
sheets of seats and of sides, and matches.

*Follow* (the test game): three to six players, one or two piquet packs dealt out one card
at a time from the dealer's left, the cards left over face down and never used (they are
hidden from everyone: a sample must move them too). The dealer's last card is turned for
trump and stays known in his hand until he plays it. The seat left of the dealer leads;
each must follow suit, and if void must trump if able. Cards count as at Sixty-Six (A 11,
T 10, K 4, Q 3, J 2), the last trick 10. Sides: each for himself, partners sitting
opposite (four or six seats), or one against the rest (seat 0 alone, as the box at
Chouette); with ``consult`` partners see each other's hands. A match goes to ``target``.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

from bezique.core import table
from bezique.core.cards import Pack, Rank, parse_game_card
from bezique.core.errors import IllegalActionError, NotationError, OptionError, SeatError
from bezique.core.events import Played
from bezique.core.game import (
    Action,
    DealResult,
    Game,
    Options,
    State,
    action_words,
    check_seat,
    option,
)
from bezique.core.match import Match, ScoreSheet
from bezique.core.sample import NoConsistentDeal, sample_hands
from bezique.core.trick import (
    ORDER_AKQJT,
    PLAYS,
    SUIT_MASKS,
    RankOrder,
    TrickStateN,
    above_mask,
    beats,
    card_mask,
    follower_wins,
    mask_cards,
    trick_winner,
)

ORDER = RankOrder([Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE,
                   Rank.EIGHT, Rank.SEVEN],
                  {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2})
LAST_TRICK = 10


# -- the test game -------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class FollowOptions(Options):
    game_title: ClassVar[str] = "Follow"

    players: int = option(4, (3, 4, 5, 6), "Seats at the table.")
    packs: int = option(1, (1, 2), "Piquet packs shuffled together.")
    partners: str = option("none", ("none", "opposite", "one_against_rest"),
                           "Each for himself, partners opposite, or seat 0 against the rest.")
    consult: bool = option(False, None, "Partners see each other's hands.")
    target: int = option(150, None, "Points that win the match.", least=1, most=1000)


class FollowState(TrickStateN):
    __slots__ = ("turn_up",)

    order: ClassVar[RankOrder] = ORDER
    turn_up: int

    @classmethod
    def from_pack(cls, game: Follow, dealer: int, order: Sequence[int]) -> FollowState:
        n = game.num_players
        size = len(order) // n
        hands: list[list[int]] = [[] for _ in range(n)]
        seat = dealer
        for c in order[:size * n]:  # one at a time from the dealer's left
            seat = table.next_seat(seat, n)
            hands[seat].append(int(c))
        turn_up = hands[dealer][-1]  # the dealer's last card, turned for trump
        known = [[] for _ in range(n)]
        known[dealer] = [turn_up]
        s = cls.__new__(cls)
        s.start(game, dealer, hands, stock=order[size * n:], trump=turn_up >> 4, known=known)
        s.turn_up = turn_up
        return s

    copies = {"turn_up": "same"}

    def follow_cards(self, hand: list[int]) -> list[int]:
        suit = self.trick[0] >> 4
        same = [c for c in hand if c >> 4 == suit]
        if same:
            return same
        trumps = [c for c in hand if c >> 4 == self.trump]
        return trumps or list(hand)

    def note_play(self, seat: int, card: int) -> None:
        suit = self.trick[0] >> 4
        if card >> 4 != suit:  # void in the suit led
            self.exclude(seat, SUIT_MASKS[suit])
            if self.trump >= 0 and card >> 4 != self.trump:  # and held no trump
                self.exclude(seat, SUIT_MASKS[self.trump])

    def trick_done(self, winner: int, cards: tuple[int, ...]) -> None:
        super().trick_done(winner, cards)
        if self.is_terminal():
            self.score(winner, LAST_TRICK, "last trick")


class Follow(Game[FollowState]):
    name = "follow"
    title = "Follow"
    options_class = FollowOptions
    min_players = 3
    max_players = 6
    options: FollowOptions

    @property
    def pack(self) -> Pack:
        return Pack.piquet(self.options.packs)

    def fixed_sides(self) -> Sequence[int]:
        n = self.num_players
        how = self.options.partners
        if how == "opposite":
            if n % 2:
                raise OptionError(f"partners sit opposite at four or six seats, not {n}")
            return tuple(p % (n // 2) for p in range(n))
        if how == "one_against_rest":
            return (0,) + (1,) * (n - 1)
        return table.solo_sides(n)

    def visible(self, viewer: int, owner: int) -> bool:
        return viewer == owner or (self.options.consult and self.sides[viewer]
                                   == self.sides[owner])

    def deal(self, dealer: int, *, seed: int | None = None, pack: Sequence[int] | None = None,
             rng: random.Random | None = None) -> FollowState:
        dealer = check_seat(dealer, self.num_players, "dealer")
        return FollowState.from_pack(self, dealer, self.pack_order(seed=seed, pack=pack,
                                                                     rng=rng))

    def parse_action(self, text: str) -> Action:
        return PLAYS[parse_game_card(action_words(text, "Follow"), ORDER.ranks, "Follow")]

    def deal_result(self, state: FollowState) -> DealResult:
        if not state.is_terminal():
            raise ValueError("the deal is not over")
        return DealResult(state.scores())

    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        sheet.enter(deal_no, dealer, result)
        t = sheet.totals
        best = max(t)
        if best >= self.options.target and t.count(best) == 1:
            w = t.index(best)
            what = "side" if sheet.sides else "seat"
            sheet.end_game(w, summary=f"{what} {w} wins the match with {best}")


class FollowBox(Follow):
    """Follow with the deal passing as Chouette's box does: a dealer who makes the most
    points of the deal deals again; otherwise the deal passes to his left."""

    name = "followbox"

    def next_dealer(self, deal_no: int, dealer: int, result: DealResult) -> int:
        if result.points[dealer] == max(result.points):
            return dealer
        return super().next_dealer(deal_no, dealer, result)


def follow(**options: Any) -> Follow:
    return Follow(FollowOptions(**options))


def random_play(state: State, rng: random.Random, steps: int | None = None) -> list[str]:
    """Random legal actions (all of them, or ``steps``); their notations."""
    done = []
    while not state.is_terminal() and (steps is None or len(done) < steps):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        done.append(str(action))
    return done


def initial_state(state: FollowState) -> FollowState:
    """The deal that ``state`` (perhaps a sample) began as: each hand as it is now plus
    the cards it has played, the stock, the turned trump in the dealer's hand."""
    n = state.n
    hands = [h[:] for h in state.hands]
    for e in state.events():
        if isinstance(e, Played):
            hands[e.seat].append(e.card)
    s = FollowState.__new__(FollowState)
    known: list[list[int]] = [[] for _ in range(n)]
    known[state.dealer] = [state.turn_up]
    s.start(state.game, state.dealer, hands, stock=state.stock, trump=state.turn_up >> 4,
            known=known)
    s.turn_up = state.turn_up
    return s


def replay_history(state: FollowState) -> FollowState:
    """Replay the public history of ``state`` from its initial deal through the checking
    ``apply``: an inconsistent sample fails here with an illegal play."""
    s = initial_state(state)
    for e in state.events():
        if isinstance(e, Played):
            s.apply(PLAYS[e.card])
    return s


# -- the game's own rules, as a check of the test game ------------------------------------

def test_the_deal_goes_one_at_a_time_from_the_dealers_left() -> None:
    game = follow(players=3)
    order = game.pack_order(seed=1)
    s = game.deal(1, pack=order)
    assert s.hands[2][0] == order[0] and s.hands[0][0] == order[1]
    assert s.hands[1][0] == order[2]
    assert [len(h) for h in s.hands] == [10, 10, 10] and len(s.stock) == 2
    assert s.stock == [int(c) for c in order[30:]]
    assert s.trump == s.hands[1][-1] >> 4 and s.known[1] == [s.hands[1][-1]]
    assert s.current_player() == 2 == s.leader  # the seat left of the dealer leads


def test_follow_suit_else_trump_else_anything() -> None:
    s = follow(players=3).deal(0, seed=5)
    rng = random.Random(2)
    for _ in range(300):
        if s.is_terminal():
            s = follow(players=3).deal(0, seed=rng.randrange(1000))
        hand = s.hands[s.player]
        legal = {a.card for a in s.legal_actions()}  # type: ignore[attr-defined]
        if s.trick:
            suit = s.trick[0] >> 4
            same = {c for c in hand if c >> 4 == suit}
            trumps = {c for c in hand if c >> 4 == s.trump}
            assert legal == (same or trumps or set(hand))
        else:
            assert legal == set(hand)
        s.apply(rng.choice(s.legal_actions()))


def test_a_deal_scores_every_card_and_the_last_trick() -> None:
    for n in (3, 4, 5, 6):
        s = follow(players=n).deal(0, seed=n)
        random_play(s, random.Random(n))
        pack_points = sum(ORDER.points[c] for c in s.game.pack.all_cards())
        dealt = pack_points - sum(ORDER.points[c] for c in s.stock)
        assert sum(s.points) == dealt + LAST_TRICK
        assert sum(s.tricks_won) == s.tricks == 32 // n
        assert s.returns() == s.scores() == tuple(s.points)


# -- seats and sides ---------------------------------------------------------------------

def test_the_seat_count_is_held_by_the_instance() -> None:
    assert (Follow.min_players, Follow.max_players) == (3, 6)
    assert [follow(players=n).num_players for n in (3, 4, 5, 6)] == [3, 4, 5, 6]
    assert Follow.num_players == 2  # the class keeps the two-handed default
    with pytest.raises(OptionError, match="players"):
        follow(players=7)
    with pytest.raises(OptionError, match="4 or|four or six"):
        follow(players=5, partners="opposite")


def test_a_game_without_a_players_option_seats_its_minimum() -> None:
    from bezique import Bezique, SixtySix
    assert Bezique().num_players == SixtySix().num_players == 2
    assert Bezique().sides == (0, 1)
    assert Bezique().next_dealer(1, 0, DealResult((0, 0))) == 1
    assert Bezique().next_dealer(2, 1, DealResult((0, 0))) == 0


def test_sides_and_partners_are_read_through_helpers() -> None:
    g = follow(players=4, partners="opposite")
    assert g.sides == (0, 1, 0, 1)
    assert [g.side_of(p) for p in range(4)] == [0, 1, 0, 1]
    assert g.partners(1) == (3,) and g.partners(2) == (0,)
    g6 = follow(players=6, partners="opposite")
    assert g6.sides == (0, 1, 2, 0, 1, 2) and g6.partners(4) == (1,)
    box = follow(players=3, partners="one_against_rest")
    assert box.sides == (0, 1, 1) and box.partners(0) == () and box.partners(1) == (2,)
    solo = follow(players=5)
    assert solo.sides == (0, 1, 2, 3, 4) and solo.partners(3) == ()
    state = g.deal(0, seed=1)
    assert state.sides == g.sides and state.partners(0) == (2,) and state.side_of(3) == 1
    with pytest.raises(SeatError, match="the seats are 0, 1, 2 and 3"):
        g.side_of(4)
    with pytest.raises(SeatError):
        state.partners(-1)


def test_table_helpers() -> None:
    sides = table.check_sides([0, 1, 1, 0], 4)
    assert table.members(sides, 0) == (0, 3) and table.num_sides(sides) == 2
    assert table.side_totals(sides, [1, 2, 3, 4]) == (5, 5)
    assert table.seat_results(sides, (7, 9)) == (7, 9, 9, 7)
    assert table.is_partnership(sides) and not table.is_partnership((0, 1, 2))
    assert [table.next_seat(s, 5) for s in range(5)] == [1, 2, 3, 4, 0]
    for bad in ([0, 0, 0], [0, 2, 1], [0, 1], [1, 0, 1], ["x", 1, 0]):
        with pytest.raises(SeatError):
            table.check_sides(bad, 3)


def test_partners_scores_combine_and_each_member_gets_the_sides_result() -> None:
    g = follow(players=4, partners="opposite")
    s = g.deal(2, seed=9)
    random_play(s, random.Random(9))
    a = s.points[0] + s.points[2]
    b = s.points[1] + s.points[3]
    assert s.scores() == (a, b, a, b) == s.returns() == g.deal_result(s).points
    box = follow(players=3, partners="one_against_rest")
    s = box.deal(0, seed=3)
    random_play(s, random.Random(3))
    rest = s.points[1] + s.points[2]
    assert s.returns() == (s.points[0], rest, rest)


def test_returns_are_zero_for_every_seat_before_the_end() -> None:
    s = follow(players=5).deal(0, seed=1)
    assert s.returns() == (0, 0, 0, 0, 0)


# -- turn order and N-card tricks ------------------------------------------------------------

def test_trick_winner_of_n_cards() -> None:
    st = ORDER.strength
    AS, TS, KS, QH, KH, AH, AD = (parse_game_card(t, ORDER.ranks, "t") for t in
                                  ("AS", "TS", "KS", "QH", "KH", "AH", "AD"))
    assert trick_winner([QH, KH, AH], -1, st) == 2
    assert trick_winner([QH, KS, AD, KH], 1, st) == 2  # the only trump
    assert trick_winner([QH, KS, TS, AS], 3, st) == 3  # the highest of several trumps
    assert trick_winner([KH, KH, QH], 0, st) == 0  # identical cards: the first wins
    assert trick_winner([KH, AD, AS], 0, st) == 0  # off-suit cards never win
    # the N-card rule agrees with the two-card one
    for lead in (AS, TS, QH, AD):
        for other in (AS, KS, KH, AH, AD):
            for trump in (-1, 0, 1, 2, 3):
                assert (trick_winner([lead, other], trump, st) == 1) \
                    == follower_wins(lead, other, trump, st, trump >= 0) \
                    == beats(other, lead, trump, st)


def test_effective_suits_map_before_the_winner_rule() -> None:
    # Euchre's left bower: the Jack of the same colour counts as a trump, ranked second
    jh, jd, ad = 2 * 16 + 11, 1 * 16 + 11, 1 * 16 + 14
    suit_of = [c >> 4 for c in range(64)]
    suit_of[jd] = 2
    strength = list(ORDER_AKQJT.strength)
    strength[jh], strength[jd] = 100, 99
    assert trick_winner([ad, jd], 2, strength, suit_of) == 1
    assert trick_winner([jd, jh], 2, strength, suit_of) == 1


def test_the_running_winner_follows_each_card() -> None:
    s = follow(players=5).deal(3, seed=11)
    rng = random.Random(4)
    for _ in range(60):
        if s.is_terminal():
            break
        before = s.tricks
        s.apply(rng.choice(s.legal_actions()))
        if s.tricks == before:
            assert s.trick_seats[trick_winner(s.trick, s.trump, ORDER.strength)] == s.winner
            assert s.trick_seats == [(s.leader + i) % 5 for i in range(len(s.trick))]
        else:
            seats = [p for p, _ in s.last_trick]
            cards = [c for _, c in s.last_trick]
            assert seats[trick_winner(cards, s.trump, ORDER.strength)] == s.leader


def test_inactive_seats_are_skipped() -> None:
    # a loner's partner sits out (Euchre): three play each trick
    g = follow(players=4)
    s = FollowState.__new__(FollowState)
    hands = [[14, 13], [30, 29], [], [46, 45]]
    s.start(g, 0, hands, active=[0, 1, 3])
    s.turn_up = 14
    assert s.current_player() == 1 and s.next_active(1) == 3 and s.next_active(3) == 0
    s.apply(PLAYS[30])
    s.apply(PLAYS[46])
    s.apply(PLAYS[14])
    assert s.tricks == 1 and len(s.last_trick) == 3 and s.active_seats() == 3


def test_masks_record_failures_to_follow_and_to_trump() -> None:
    g = follow(players=3)
    s = FollowState.__new__(FollowState)
    c = {t: int(parse_game_card(t, ORDER.ranks, "t")) for t in
         ("AS", "KS", "AH", "KH", "QH", "AC", "KD", "QD", "JD")}
    # seat 1 leads; trump hearts; seat 2 has no spade but a trump; seat 0 has neither
    s.start(g, 0, [[c["AC"], c["KD"]], [c["AS"], c["KS"]], [c["AH"], c["QD"]]], trump=2)
    s.turn_up = c["KH"]
    s.apply(PLAYS[c["AS"]])
    with pytest.raises(IllegalActionError, match="QD may not be played now: play one of AH"):
        s.apply(PLAYS[c["QD"]])
    s.apply(PLAYS[c["AH"]])
    assert mask_cards(s.excluded[2]) == mask_cards(SUIT_MASKS[3])
    s.apply(PLAYS[c["AC"]])
    assert s.excluded[0] == SUIT_MASKS[3] | SUIT_MASKS[2]
    assert s.observation(1).voids == ((2, 3), (), (3,))
    assert len(s.observation(1).excluded[0]) == 16  # both suits, the pack's cards only
    assert s.winner == -1 and s.leader == 2 and s.current_player() == 2


def test_mask_helpers() -> None:
    ks = 3 * 16 + 13
    assert mask_cards(above_mask(ks, ORDER.strength)) == [3 * 16 + 10, 3 * 16 + 14]
    assert card_mask([1, 5]) == 0b100010
    assert SUIT_MASKS[2] >> 32 == 0xFFFF


def test_an_illegal_action_changes_nothing() -> None:
    s = follow(players=4).deal(0, seed=2)
    random_play(s, random.Random(1), steps=5)
    before = (str(s), s.observation(0), s.events())
    not_held = next(c for c in s.game.pack.cards if c not in s.hands[s.player])
    for bad in (PLAYS[not_held], object()):
        with pytest.raises(IllegalActionError):
            s.apply(bad)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        s.action_from_text("draw")
    assert (str(s), s.observation(0), s.events()) == before


# -- visibility -------------------------------------------------------------------------------

def test_observations_hide_every_other_hand() -> None:
    s = follow(players=4, partners="opposite").deal(1, seed=6)
    random_play(s, random.Random(6), steps=7)
    for seat in range(4):
        obs = s.observation(seat)
        assert [h is not None for h in obs.hands] == [p == seat for p in range(4)]
        assert obs.hand == obs.hands[seat] == tuple(sorted(s.hands[seat]))
        assert obs.hand_sizes == tuple(len(h) for h in s.hands)
        assert obs.stock_size == len(s.stock)


def test_consulting_partners_see_each_others_hands() -> None:
    s = follow(players=4, partners="opposite", consult=True).deal(1, seed=6)
    assert [h is not None for h in s.observation(0).hands] == [True, False, True, False]
    assert s.observation(0).sees == (0, 2) and s.observation(3).sees == (1, 3)
    assert s.observation(0).hands[2] == tuple(sorted(s.hands[2]))
    assert follow(players=4, partners="opposite").deal(1, seed=6).observation(0).sees == (0,)
    box = follow(players=5, partners="one_against_rest", consult=True).deal(0, seed=2)
    assert [h is not None for h in box.observation(0).hands] == [True] + [False] * 4
    assert box.observation(2).sees == (1, 2, 3, 4)
    assert [h is not None for h in box.observation(3).hands] == [False] + [True] * 4
    assert box.visible(2, 4) and not box.visible(0, 1) and not box.visible(1, 0)


# -- resampling -------------------------------------------------------------------------------

def test_resample_deals_the_hidden_cards_including_the_undealt_ones() -> None:
    s = follow(players=3).deal(0, seed=4)
    seen: set[int] = set()
    for i in range(40):
        r = s.resample(1, random.Random(i))
        assert r.hands[1] == s.hands[1]
        assert s.turn_up in r.hands[0]  # the dealer's turned trump stays his
        assert [len(h) for h in r.hands] == [len(h) for h in s.hands]
        assert len(r.stock) == 2
        seen.update(r.stock)
    assert len(seen) > 2  # the undealt cards are not frozen where they lie


def test_resample_is_a_function_of_the_observation_and_the_generator() -> None:
    s = follow(players=4, packs=2).deal(0, seed=8)
    random_play(s, random.Random(8), steps=13)
    a = s.resample(2, random.Random(5))
    # another state with the same observation for seat 2: a sample of it
    other = s.resample(2, random.Random(99))
    assert other.observation(2) == s.observation(2)
    b = other.resample(2, random.Random(5))
    assert str(a) == str(b)


def test_resample_keeps_masks_when_several_hands_are_hidden() -> None:
    rng = random.Random(21)
    s = follow(players=5).deal(0, seed=21)
    while not (any(s.excluded) and s.trick):
        if s.is_terminal():
            s = follow(players=5).deal(0, seed=rng.randrange(10_000))
        s.apply(rng.choice(s.legal_actions()))
    viewer = s.player
    for i in range(30):
        r = s.resample(viewer, random.Random(i))
        for p in range(5):
            assert not any(r.excluded[p] >> c & 1 for c in r.hands[p])
        replay_history(r)  # every play of the history is legal in the sample


def test_sample_hands_exact_split_between_two_hands() -> None:
    spades = SUIT_MASKS[3]
    pool = sorted([3 * 16 + 14, 3 * 16 + 13, 14, 13, 12, 11])
    counts: Counter[tuple[int, ...]] = Counter()
    for i in range(3000):
        a, b = sample_hands(pool, [3, 3], [spades, 0], random.Random(i))
        assert not any(spades >> c & 1 for c in a)
        counts[tuple(sorted(a))] += 1
    # B holds both spades and one of the four clubs: four deals, equally likely
    assert len(counts) == 4
    assert all(600 < v < 900 for v in counts.values())


def test_sample_hands_rejection_is_uniform_and_respects_masks() -> None:
    clubs, hearts = SUIT_MASKS[0], SUIT_MASKS[2]
    pool = sorted([12, 13, 14, 44, 45, 46])  # three clubs, three hearts
    counts: Counter[tuple[tuple[int, ...], ...]] = Counter()
    for i in range(4000):
        hands = sample_hands(pool, [2, 2, 2], [clubs, hearts, 0], random.Random(i))
        assert not any(clubs >> c & 1 for c in hands[0])
        assert not any(hearts >> c & 1 for c in hands[1])
        counts[tuple(tuple(sorted(h)) for h in hands)] += 1
    # A: two hearts of three (3 ways), B: two clubs of three (3), C the rest: 9 deals
    assert len(counts) == 9
    assert all(330 < v < 560 for v in counts.values())


def test_sample_hands_never_drops_a_mask_when_rejection_gives_up() -> None:
    suits = [SUIT_MASKS[s] for s in range(4)]
    pool = sorted([14, 13, 30, 29, 46, 45, 62, 61])
    for i in range(50):
        # place k may hold suits k and k + 1 only: most uniform deals are refused, and
        # one try is allowed
        masks = [sum(suits) ^ suits[k] ^ suits[(k + 1) % 4] for k in range(4)]
        hands = sample_hands(pool, [2, 2, 2, 2], masks, random.Random(i), max_tries=1)
        assert all({c >> 4 for c in h} <= {k, (k + 1) % 4} for k, h in enumerate(hands))
        assert sorted(c for h in hands for c in h) == pool


def test_sample_hands_refuses_an_impossible_deal() -> None:
    with pytest.raises(NoConsistentDeal):
        sample_hands([14, 13], [1, 1], [SUIT_MASKS[0], SUIT_MASKS[0]], random.Random(1))
    with pytest.raises(NoConsistentDeal):
        sample_hands([14, 13, 12], [2, 2], [0, 0], random.Random(1))
    with pytest.raises(NoConsistentDeal):
        sample_hands([14, 13, 12], [1, 1, 1], [0, SUIT_MASKS[0], SUIT_MASKS[0]],
                     random.Random(1))


# -- score sheets and matches --------------------------------------------------------------------

def test_a_sheet_of_seats_for_n_players() -> None:
    sheet = ScoreSheet(columns=3)
    assert sheet.totals == [0, 0, 0] and sheet.seats == 3
    sheet.enter(1, 0, DealResult((10, 20, 30)))
    sheet.enter(2, 1, DealResult((5, 0, 1)))
    assert sheet.totals == [15, 20, 31] and sheet.rows[-1].totals == (15, 20, 31)
    sheet.end_game(2, summary="seat 2 wins")
    text = sheet.text(("Ann", "Bob", "Cy"))
    assert text.splitlines()[0].split() == ["deal", "dealer", "Ann", "Bob", "Cy"]
    assert "game 1: Cy wins (game, 15-20-31)" in text and text.endswith("seat 2 wins")
    assert sheet.labels() == ["Player 0", "Player 1", "Player 2"]
    with pytest.raises(ValueError, match="a name for each seat"):
        sheet.text(("Ann", "Bob"))


def test_a_sheet_of_sides_enters_each_sides_result_once() -> None:
    sheet = ScoreSheet(columns=2, sides=(0, 1, 0, 1))
    assert sheet.seats == 4 and sheet.column_of(3) == 1
    sheet.enter(1, 3, DealResult((70, 60, 70, 60)))
    assert sheet.totals == [70, 60]
    names = ("N", "E", "S", "W")
    assert sheet.labels(names) == ["N & S", "E & W"]
    assert "W" in sheet.text(names).splitlines()[1]  # the dealer, a seat
    assert sheet.to_json()["sides"] == [0, 1, 0, 1]
    with pytest.raises(ValueError):
        ScoreSheet(columns=3, sides=(0, 1, 0, 1))
    with pytest.raises(ValueError):
        ScoreSheet(columns=2, totals=[0, 0, 0])


def test_a_two_column_sheet_is_as_before() -> None:
    sheet = ScoreSheet()
    assert sheet.totals == [0, 0] and sheet.columns == 2 and "sides" not in sheet.to_json()
    sheet.enter(1, 0, DealResult((120, 30)))
    sheet.end_game(0, 2, ("x",), summary="done")
    # the text the two-column sheet gave before sheets had columns
    assert sheet.text() == ("deal  dealer        Player 0    Player 1\n"
                            "   1  Player 0    +120 = 120    +30 = 30\n"
                            "game 1: Player 0 wins (double game, 120-30); x\n"
                            "done")


def test_the_deal_passes_to_the_left() -> None:
    for n in (3, 4, 6):
        match = Match(follow(players=n, target=400), seed=n, first_dealer=n - 1)
        rng = random.Random(n)
        while len(match.deals) < n + 2 and not match.is_over():
            match.apply(rng.choice(match.state.legal_actions()))
        dealers = [d.dealer for d in match.deals]
        assert dealers == [(n - 1 + i) % n for i in range(len(dealers))]
        assert [r.dealer for r in match.sheet.rows] == dealers[:len(match.sheet.rows)]
        assert match.state.current_player() == (match.dealer + 1) % n


def test_a_game_may_pass_the_deal_its_own_way() -> None:
    game = FollowBox(FollowOptions(players=3))
    match = Match(game, seed=5)
    rng = random.Random(5)
    while not match.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
    logs = match.deals
    for before, after in zip(logs, logs[1:], strict=False):
        assert before.result is not None
        keeps = before.result.points[before.dealer] == max(before.result.points)
        assert after.dealer == (before.dealer if keeps else (before.dealer + 1) % 3)


def test_a_match_of_partners_keeps_a_sheet_of_sides() -> None:
    match = Match(follow(players=4, partners="opposite"), seed=3)
    assert match.sheet.columns == 2 and match.sheet.sides == (0, 1, 0, 1)
    rng = random.Random(3)
    while not match.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
    totals = [0, 0]
    for log in match.deals:
        assert log.result is not None
        totals[0] += log.result.points[0]
        totals[1] += log.result.points[1]
    assert match.sheet.totals == totals and max(totals) >= 150
    assert match.sheet.winner == totals.index(max(totals))
    assert "side" in match.sheet.summary


def test_first_dealer_must_be_one_of_the_seats() -> None:
    with pytest.raises(SeatError, match="the seats are 0, 1, 2, 3 and 4"):
        Match(follow(players=5), first_dealer=5)
    with pytest.raises(SeatError):
        follow(players=3).deal(3, seed=1)


def test_a_bad_next_dealer_is_refused() -> None:
    class Bad(Follow):
        def next_dealer(self, deal_no: int, dealer: int, result: DealResult) -> int:
            return 9

    match = Match(Bad(FollowOptions(players=3)), seed=1)
    rng = random.Random(1)
    with pytest.raises(SeatError, match="next dealer"):
        while True:
            match.apply(rng.choice(match.state.legal_actions()))


def test_a_state_class_that_does_not_say_how_a_field_is_copied_is_refused() -> None:
    """clone() is derived from each field's way of being copied, so a field added
    without one cannot be forgotten by the copy: the class is refused when defined."""
    with pytest.raises(TypeError, match=r"Forgetful does not say how clone\(\) copies"
                                         r" memo"):
        class Forgetful(TrickStateN):
            __slots__ = ("memo",)


def test_a_derived_copy_is_independent_of_the_original() -> None:
    """Lists are copied (lists of lists each), what is shared is never changed in place."""
    state = Follow(FollowOptions(players=3)).deal(0, seed=4)
    copy = state.clone()
    assert type(copy) is FollowState and copy.turn_up == state.turn_up
    copy.apply(copy.legal_actions()[0])
    assert copy.hands != state.hands and copy.trick != state.trick
    assert state.hands[state.player] and len(state.trick) == 0
