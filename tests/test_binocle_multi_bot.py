"""The rule player of three- and four-handed Binocle and Auction Binocle
(:class:`bezique.bots.binocle_multi_rules.BinocleMultiRulesBot`), against the faults a
good player would wince at: in the auction it bids what its hand can safely make (not
the least over the last bid, which gave every auction to the dealer) and never more
than its estimate; in the play it uses the lead to keep an adversary from the trick
that would score the melds he has announced (Suggestions for Good Play, the Lead: the
lead may be needed to keep the adversary from declaring, above all toward the end of
the hand; Trumps: high trumps are led for it)."""

from __future__ import annotations

from bezique.bots.binocle_multi_rules import BinocleMultiRulesBot, bid_estimate, safe_bid
from bezique.core.cards import Card
from bezique.games import make_game
from bezique.games.binocle.auction import MIN_BID, STEP, AuctionState, Bid
from bezique.games.binocle.melds import PACK_48
from bezique.games.binocle.multi import LAY_NOTHING, MultiBinocleState, ThreeHandedBinocle


def ids(text: str) -> list[int]:
    return [int(Card.parse(c)) for c in text.split()]


# -- the auction ----------------------------------------------------------------------------

def _auctions(n: int, **options: object) -> list[tuple[AuctionState, list[tuple[int, int, int]]]]:
    """``n`` deals of Auction Binocle played by the rule player; for each, the deal and
    every bid the players made as ``(seat, points, estimate)``, the estimate of the
    bidder's hand when he bid."""
    game = make_game("binocleauction", options)
    out = []
    for d in range(n):
        state = game.deal(d % game.num_players, seed=d)
        bots = [BinocleMultiRulesBot(p) for p in range(game.num_players)]
        bids = []
        while not state.is_terminal():
            seat = state.current_player()
            action = bots[seat].choose(state)
            if isinstance(action, Bid):
                obs = state.observation(seat)
                hand = [int(c) for c in obs.hand]
                estimate = bid_estimate(hand, game.num_players, widow=game.widow_size,
                                        partners=game.partnership)[0]
                bids.append((seat, action.points, estimate))
            state.apply(action)
        assert isinstance(state, AuctionState)
        out.append((state, bids))
    return out


def test_auction_is_not_always_won_by_the_dealer() -> None:
    # bidding the least over the last bid, every seat in turn, gave the dealer, who bids
    # last, every auction (40 of 40 at three players)
    deals = _auctions(40)
    by_others = sum(1 for state, _ in deals if state.bidder != state.dealer)
    assert by_others >= 10, by_others


def test_auction_a_strong_hand_bids_above_the_minimum() -> None:
    # a hand that can make far more than the minimum bids it while others may still
    # bid after it, rather than the least that tops the last bid
    deals = _auctions(40)
    jumps = 0
    for _, bids in deals:
        high = 0
        for _seat, points, _estimate in bids:
            if points > max(MIN_BID, high + STEP):
                jumps += 1
            high = points
    assert jumps >= 10, jumps
    assert max(state.high for state, _ in deals) >= 200


def test_auction_never_bids_above_its_estimate() -> None:
    # what the hand can make as often as not; the bid stays a margin below it (a bid
    # not made costs what was made and the bid), except the dealer's forced 20
    for options in ({}, {"widow": "widow"}, {"players": 4, "mode": "partners"}):
        for state, bids in _auctions(15, **options):
            for seat, points, estimate in bids:
                if points == MIN_BID and seat == state.dealer and len(bids) == 1:
                    continue  # everyone passed: the dealer must bid 20
                assert points <= estimate, (options, seat, points, estimate)


def test_auction_the_safe_bid_is_the_estimate_less_a_margin_in_tens() -> None:
    hand = ids("AH TH KH QH JH AS AS AC AD KS QS JD 9C 9D TC TS")
    points, suit = bid_estimate(hand, 3)
    assert suit == 2  # hearts: the trump sequence is laid with it
    bid = safe_bid(hand, 3)
    assert bid % 10 == 0 and points - 40 < bid <= points - 30


def test_auction_the_last_to_bid_tops_the_high_bid_by_the_least() -> None:
    # nobody may bid after the dealer (one bid each): he needs only to top the bid
    for state, bids in _auctions(40):
        if state.bidder == state.dealer and len(bids) >= 2:
            seat, points, _ = bids[-1]
            assert seat == state.dealer and points == bids[-2][1] + STEP


def test_auction_with_a_widow_the_least_while_bids_are_left_to_answer_with() -> None:
    # three bids each: a jump with bids still in hand only shows the others how high to
    # go; the seat tops by the least and keeps its limit for its last bid
    checked = 0
    for _, bids in _auctions(20, widow="widow"):
        high = 0
        made = [0, 0, 0]
        for seat, points, _estimate in bids:
            if made[seat] < 2:
                assert points == max(MIN_BID, high + STEP), (bids, seat)
                checked += 1
            made[seat] += 1
            high = points
    assert checked >= 20


# -- the play -------------------------------------------------------------------------------

def late_position(hands: list[str], trump: int, layer: int) -> MultiBinocleState:
    """Three-handed, the dealer seat 0, four cards left in each hand (twelve tricks
    played, every other card in the tricks of seats 0 and 1): seat ``layer`` lays the
    best laying of his four cards, announced and not yet scored, as if laid before the
    first lead and never scored for want of a trick; the others lay nothing. Seat 1 (the
    eldest) is to lead."""
    game = ThreeHandedBinocle()
    cards = [ids(h) for h in hands]
    rest = [int(c) for c in PACK_48.all_cards()]
    for hand in cards:
        for c in hand:
            rest.remove(c)
    state = MultiBinocleState.blank(game, 0, cards, (0, 0, 0), (1000, 1000, 1000),
                                    trump=trump)
    half = len(rest) // 2
    state.won = [rest[:half], rest[half:], []]
    state.tricks = 12
    state.tricks_won = [6, 6, 0]
    state.begin()
    while state.phase_name() == "meld":
        seat = state.current_player()
        state.apply(state.legal_actions()[0] if seat == layer else LAY_NOTHING)
    return state


def test_leads_to_keep_an_adversary_from_the_trick_that_scores_his_melds() -> None:
    # hearts trumps; seat 2 has announced binocle and more (QS JD KS shown) and has won
    # no trick; he plays second to seat 1's lead and must win if he can. A small spade
    # (the cheapest plain card, the usual lead) he beats with KS or his hidden Ace and
    # scores everything; the Ace of trumps (or a club: nobody else has one) he cannot
    # beat. Seat 1 leads so that he does not win it.
    state = late_position(["JD QD KD 9D", "AH 9S QC JC", "QS JD KS AS"], trump=2, layer=2)
    obs = state.observation(1)
    assert obs.announced[2] >= 100 and not obs.scored_melds[2]
    assert state.current_player() == 1 and state.phase_name() == "lead"
    lead = BinocleMultiRulesBot(1).choose(state)
    assert str(lead) != "9S"
    state.apply(lead)
    bots = {0: BinocleMultiRulesBot(0), 2: BinocleMultiRulesBot(2)}
    while state.trick:
        state.apply(bots[state.current_player()].choose(state))
    assert state.tricks_won[2] == 0 and state.points[2] == 0


def test_an_adversary_with_a_sure_trick_to_come_does_not_change_the_lead() -> None:
    # the same, but seat 2 shows the Ace of trumps as well (royal marriage and more):
    # he will win a trick whatever is led now, so the usual lead stands
    state = late_position(["JD QD KD 9D", "TH 9S QC JC", "AH KH QH AS"], trump=2, layer=2)
    assert state.observation(1).announced[2] > 0
    assert str(BinocleMultiRulesBot(1).choose(state)) == "9S"
