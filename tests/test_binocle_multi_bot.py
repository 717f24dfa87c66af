"""The rule player of three- and four-handed Binocle and Auction Binocle
(:class:`bezique.bots.binocle_multi_rules.BinocleMultiRulesBot`), against the faults a
good player would wince at: in the auction it bids what its hand can safely make (not
the least over the last bid, which gave every auction to the dealer) and never more
than its estimate."""

from __future__ import annotations

from bezique.bots.binocle_multi_rules import BinocleMultiRulesBot, bid_estimate, safe_bid
from bezique.core.cards import Card
from bezique.games import make_game
from bezique.games.binocle.auction import MIN_BID, STEP, AuctionState, Bid


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
