"""Foster's laws of irregularities for Bézique and Rubicon (001:9, 44-51; 002:109-128),
each law a test named after its CHECKLIST item, through the law table and through
``bezique referee``."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner
from laws_family_helpers import draws, play, refused, table, to_last_tricks, trick

import bezique.cli.referee  # noqa: F401  (registers the command)
from bezique.cli.main import cli
from bezique.laws import LawError
from bezique.laws.referee import referee


def after_first_trick(name: str = "bezique", seed: int = 3):  # type: ignore[no-untyped-def]
    t = table(name, seed)
    rng = random.Random(seed)
    play(t, rng)
    play(t, rng)
    return t, rng


# -- the deal -------------------------------------------------------------------------------

def test_bz12_misdeal_does_not_lose_the_deal() -> None:
    t = table("bezique")
    t.act("0 faced " + _name(t.state.stock[5]))
    st = t.settle()
    assert st.net == (0, 0) and t.void
    assert any("same dealer deals again" in r.text for r in t.rulings)


def test_bz13_dealer_exposes_a_card_not_his_own_pone_may_demand_a_new_deal() -> None:
    t = table("bezique")
    card = next(c for c in t.state.hands[1] if c not in t.state.hands[0])
    t.act("0 expose " + _name(card))
    with pytest.raises(LawError):
        t.act("0 newdeal")  # only the pone has the right
    t.act("1 newdeal")
    assert t.void


def test_bz13_a_player_exposing_his_own_card_the_deal_stands() -> None:
    t = table("bezique")
    t.act("1 expose " + _name(t.state.hands[1][0]))
    assert not t.void and t.irregularities[-1].status == "stands"


def test_bz14_too_many_cards_dealt_a_new_deal() -> None:
    t = table("bezique")
    s = t.state
    s.hands[0].append(s.stock.pop())
    with pytest.raises(LawError):
        t.act("1 nodraw")  # no choice before the first trick: a new deal
    t.act("1 newdeal")
    assert t.void


def test_bz15_too_few_the_pone_chooses_the_dealer_supplies_from_the_stock() -> None:
    t = table("bezique")
    s = t.state
    s.stock.append(s.hands[0].pop())
    up = s.turn_up
    with pytest.raises(LawError):
        t.act("0 supply")  # the pone chooses
    top = s.stock[-1]
    t.act("1 supply")
    assert len(t.state.hands[0]) == 8 and top in t.state.hands[0] and t.state.turn_up == up


def test_bz16_card_faced_in_the_pack_a_new_deal() -> None:
    t = table("bezique")
    t.act("1 faced " + _name(t.state.stock[0]))
    assert t.void


def test_bz17_faced_stock_card_found_after_the_first_trick_turned_down() -> None:
    t, rng = after_first_trick()
    draws(t)
    c = t.state.stock[3]
    t.act("1 faced " + _name(c))
    assert not t.void and t.state.stock[3] == c


def test_bz18_imperfect_pack_the_deal_is_void() -> None:
    stock = next(x for x in EXAMPLE.splitlines() if x.startswith("[Stock"))
    text = EXAMPLE.replace(stock, stock.rsplit(" ", 1)[0] + '"]')  # a card missing
    with pytest.raises(Exception, match="BZ 18"):
        referee(text)


# -- play ------------------------------------------------------------------------------------

def test_bz74_lead_out_of_turn_stands_if_the_adversary_plays_to_it() -> None:
    t = table("bezique")
    s = t.state
    c = s.hands[0][0]  # the dealer leads, the pone should
    t.act("0 " + _name(c))
    t.act("1 " + _name(t.state.hands[1][0]))
    assert t.state.tricks == 1
    assert t.irregularities[0].status == "stands"


def test_bz74_lead_out_of_turn_taken_back_without_penalty() -> None:
    t = table("bezique")
    hand = list(t.state.hands[0])
    t.act("0 " + _name(hand[0]))
    t.act("1 back")
    assert sorted(t.state.hands[0]) == sorted(hand) and t.state.player == 1
    assert t.irregularities[0].status == "taken back"
    with pytest.raises(LawError):
        t.act("0 back")


def test_bz75_too_many_cards_play_without_drawing_no_announcement() -> None:
    t, rng = after_first_trick()
    draws(t)
    s = t.state
    extra = s.stock.pop()
    s.hands[0].append(extra)  # seat 0 found with nine cards
    if t.state.player != 0:
        pass
    t.act("1 nodraw")
    assert t.nodraw[0] == 1
    trick(t, rng)
    assert len(t.state.hands[0]) + len(t.state.tables[0]) == 8
    assert len(t.state.hands[1]) + len(t.state.tables[1]) == 8


def test_bz75_too_many_cards_adversary_claims_a_fresh_deal() -> None:
    t, rng = after_first_trick()
    draws(t)
    t.state.hands[1].append(t.state.stock.pop())
    t.act("0 newdeal")
    assert t.void


def test_bz76_too_few_cards_drawn_from_the_stock() -> None:
    t, rng = after_first_trick()
    draws(t)
    s = t.state
    s.stock.append(s.hands[1].pop())
    t.act("0 supply")
    assert len(t.state.hands[1]) + len(t.state.tables[1]) == 8


def test_bz77_revoke_in_the_last_eight_compelled_replay() -> None:
    t = table("bezique", 1)
    rng = random.Random(1)
    to_last_tricks(t, rng)
    while refused(t) < 0:
        play(t, rng)
    seat = t.state.player
    hand = sorted(t.state.hands[seat])
    lead_hand = sorted(t.state.hands[1 - seat] + [t.state.lead])
    trick_no = t.trick_no()
    t.act(f"{seat} {_name(refused(t))}")
    assert t.irregularities[-1].kind == "revoke"
    t.act(f"{1 - seat} replay")
    assert t.trick_no() == trick_no and sorted(t.state.hands[seat]) == hand
    assert sorted(t.state.hands[1 - seat]) == lead_hand


def test_bz77_revoke_in_the_last_eight_french_penalty() -> None:
    t = table("bezique", 1)
    rng = random.Random(1)
    to_last_tricks(t, rng)
    while refused(t) < 0:
        play(t, rng)
    seat = t.state.player
    t.act(f"{seat} {_name(refused(t))}")
    t.act(f"{1 - seat} penalty")
    while not t.over:
        play(t, rng)
    st = t.settle()
    lost = t.lost_by_penalty(seat, t.penalties[0][1])
    assert st.net[seat] == t.state.points[seat] - lost


def test_bz77_revoke_unclaimed_stands() -> None:
    t = table("bezique", 1)
    rng = random.Random(1)
    to_last_tricks(t, rng)
    while refused(t) < 0:
        play(t, rng)
    t.act(f"{t.state.player} {_name(refused(t))}")
    while not t.over:
        play(t, rng)
    t.settle()
    assert t.irregularities[-1].status == "unclaimed"


# -- drawing ------------------------------------------------------------------------------

def first_draw(seed: int = 3):  # type: ignore[no-untyped-def]
    t, rng = after_first_trick("bezique", seed)
    assert t.round is not None
    return t, rng, t.round["winner"], list(t.state.stock)


def test_bz78_forgot_to_draw_adversary_calls_the_deal_void() -> None:
    t, rng, w, stock = first_draw()
    t.act(f"{w} draw")
    play(t, rng)  # the loser plays without drawing
    with pytest.raises(LawError):
        play(t, rng)  # the innocent must elect first
    t.act(f"{w} newdeal")
    assert t.void


def test_bz78_forgot_to_draw_allowed_two_next_time() -> None:
    t, rng, w, stock = first_draw()
    lo = 1 - w
    t.act(f"{w} draw")
    t.act(f"{lo} " + _name(t.state.hands[lo][0])) if t.state.player == lo else None
    if t.elect == []:
        play(t, rng)
    assert len(t.state.hands[lo]) + len(t.state.tables[lo]) < 8
    t.act(f"{w} allow")
    while t.state.tricks < 2:
        play(t, rng)
    draws(t)
    assert len(t.state.hands[lo]) + len(t.state.tables[lo]) == 8
    assert len(t.state.hands[w]) + len(t.state.tables[w]) == 8


def test_bz79_two_cards_drawn_the_second_seen_is_shown() -> None:
    t, rng, w, stock = first_draw()
    t.act(f"{w} draw two seen")
    t.act(f"{1 - w} draw")
    assert stock[-2] in t.state.known[1 - w]  # the adversary's card, shown
    assert stock[-1] in t.state.hands[w]


def test_bz79_two_cards_drawn_unseen_put_back_without_penalty() -> None:
    t, rng, w, stock = first_draw()
    t.act(f"{w} draw two unseen")
    t.act(f"{1 - w} draw")
    assert stock[-2] not in t.state.known[1 - w]
    assert t.irregularities[-1].kind == "drew two"


def test_bz80_draw_out_of_turn_restored_and_own_card_shown() -> None:
    t, rng, w, stock = first_draw()
    t.act(f"{1 - w} draw")
    play_lead = t.state.player
    assert t.wrong_draw == 1 - w
    t.act(f"{play_lead} " + _name(t.state.hands[play_lead][0]))  # anything else: remedy
    assert stock[-1] in t.state.hands[w] and stock[-2] in t.state.hands[1 - w]
    assert stock[-2] in t.state.known[1 - w]


def test_bz80_both_draw_the_wrong_cards_no_remedy() -> None:
    t, rng, w, stock = first_draw()
    t.act(f"{1 - w} draw")
    t.act(f"{w} draw")
    assert stock[-1] in t.state.hands[1 - w] and stock[-2] in t.state.hands[w]
    assert t.irregularities[-1].status == "no remedy"


def test_bz81_loser_looked_at_two_adversary_chooses_either_card_of_the_next_draw() -> None:
    t, rng, w, stock = first_draw()
    t.act(f"{w} draw")
    t.act(f"{1 - w} draw two seen")
    assert t.choose_right == w
    play(t, rng)
    play(t, rng)
    nxt = list(t.state.stock)
    w2 = t.round["winner"]
    innocent_first = w2 == w
    t.act(f"{w2} draw" + (" second" if innocent_first else ""))
    t.act(f"{1 - w2} draw" + ("" if innocent_first else " second"))
    took = nxt[-2] if innocent_first else nxt[-1]
    assert took in t.state.hands[w]
    assert any(i.law == "BZ 81" for i in t.irregularities)


def test_bz82_even_number_in_the_stock_last_card_not_drawn() -> None:
    t = table("bezique")
    s = t.state
    s.hands[1].append(s.stock.pop(0))  # an undetected card too many: the stock is even
    rng = random.Random(5)
    while len(t.state.stock) > 2 or t.round is None:
        if t.round is not None:
            draws(t)
        else:
            play(t, rng)
    bottom, last_but_one, up = t.state.stock[0], t.state.stock[1], t.state.turn_up
    w = t.round["winner"]
    draws(t)
    assert last_but_one in t.state.hands[w] and up in t.state.hands[1 - w]
    assert t.dead == [bottom] and t.stock_out()


# -- Rubicon ------------------------------------------------------------------------------

def test_rb30_revoke_in_the_last_nine_compelled_replay() -> None:
    t = table("rubicon", 1)
    rng = random.Random(1)
    to_last_tricks(t, rng)
    while refused(t) < 0:
        play(t, rng)
    seat = t.state.player
    hand = sorted(t.state.hands[seat])
    t.act(f"{seat} {_name(refused(t))}")
    assert t.state.revoked == [-1, -1]  # not the French penalty: the replay is the remedy
    with pytest.raises(LawError):
        t.act(f"{1 - seat} penalty")
    t.act(f"{1 - seat} replay")
    assert sorted(t.state.hands[seat]) == hand


def test_rb_gap6_lead_out_of_turn_as_bezique() -> None:
    t = table("rubicon")
    t.act("0 " + _name(t.state.hands[0][0]))
    t.act("1 back")
    assert t.irregularities[0].law.startswith("RB-GAP-6")


# -- the referee --------------------------------------------------------------------------

with open("examples/bezique-dispute.txt", encoding="utf-8") as f:
    EXAMPLE = f.read()


def test_referee_bezique_example() -> None:
    v = referee(EXAMPLE)
    laws = {r.law for _, _, rs in v.steps for r in rs}
    assert {"BZ 74", "BZ 80", "BZ 79"} <= laws
    assert v.settlement is None or len(v.settlement.net) == 2


def test_referee_command_bezique() -> None:
    out = CliRunner().invoke(cli, ["referee", "examples/bezique-dispute.txt"])
    assert out.exit_code == 0, out.output
    assert "Law BZ 74" in out.output and "Foster's laws of Bézique" in out.output


def _name(c: int) -> str:
    from bezique.core.cards import card_name

    return card_name(c)
