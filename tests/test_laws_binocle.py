"""Foster's laws of irregularities for Binocle (002:252-318, 004:3-10; BN 8, 17, 37,
43-45) and Sixty-Six (004:53, 64-65; SS 6, 27, 28), where they differ from Bézique's
(tests/test_laws_bezique.py), through the law table and ``bezique referee``."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner
from laws_family_helpers import draws, play, refused, table, to_last_tricks

import bezique.cli.referee  # noqa: F401  (registers the command)
from bezique.cli.main import cli
from bezique.core.cards import card_name
from bezique.laws import LawError


def test_bn8_too_many_cards_before_the_dealer_plays_to_the_first_trick_new_deal() -> None:
    t = table("binocle")
    rng = random.Random(1)
    t.state.hands[0].append(t.state.stock.pop())
    play(t, rng)  # the pone leads; the dealer has not played yet
    with pytest.raises(LawError):
        t.act("1 nodraw")
    t.act("1 newdeal")
    assert t.void and t.law("deal too many") == "BN 8"


def test_bn43_too_many_cards_at_any_time_play_without_drawing_back_to_twelve() -> None:
    t = table("binocle")
    rng = random.Random(1)
    play(t, rng)
    play(t, rng)
    draws(t)
    t.state.hands[1].append(t.state.stock.pop())
    t.act("0 nodraw")
    play(t, rng)
    play(t, rng)
    draws(t)
    assert len(t.state.hands[1]) + len(t.state.tables[1]) == 12


def test_bn44_drew_two_adversary_card_seen_shows_his_own_also() -> None:
    t = table("binocle")
    rng = random.Random(1)
    play(t, rng)
    play(t, rng)
    w, stock = t.round["winner"], list(t.state.stock)
    t.act(f"{w} draw two seen")
    t.act(f"{1 - w} draw")
    assert stock[-1] in t.state.known[w] and stock[-2] in t.state.known[1 - w]


def test_bn37_revoke_in_the_last_twelve_loses_his_count_for_cards() -> None:
    t = table("binocle", 1)
    rng = random.Random(1)
    to_last_tricks(t, rng)
    while refused(t) < 0:
        play(t, rng)
    seat = t.state.player
    t.act(f"{seat} {card_name(refused(t))}")
    t.act(f"{1 - seat} penalty")
    while not t.over:
        play(t, rng)
    st = t.settle()
    assert st.net[seat] == t.state.points[seat] - t.cards_counted(seat)


def test_bn17_looking_back_forfeits_the_score_for_cards() -> None:
    t = table("binocle", 2)
    rng = random.Random(2)
    for _ in range(2):
        play(t, rng)
        play(t, rng)
        draws(t)
    t.act("0 look")
    while not t.over:
        if t.round is not None:
            draws(t)
        else:
            play(t, rng)
    st = t.settle()
    assert st.net[0] == t.state.points[0] - t.cards_counted(0)


def test_ss28_revoke_after_the_stock_is_exhausted_compelled_replay() -> None:
    t = table("sixtysix", 1)
    rng = random.Random(1)
    to_last_tricks(t, rng)
    while refused(t) < 0:
        play(t, rng)
    seat = t.state.player
    hand = sorted(t.state.hands[seat])
    t.act(f"{seat} {card_name(refused(t))}")
    with pytest.raises(LawError):
        t.act(f"{1 - seat} penalty")
    t.act(f"{1 - seat} replay")
    assert sorted(t.state.hands[seat]) == hand


def test_ss28_revoke_after_closing() -> None:
    for seed in range(1, 40):
        t = table("sixtysix", seed)
        rng = random.Random(seed)
        play(t, rng)
        play(t, rng)
        w = t.round["winner"]
        t.act(f"{w} close")
        play(t, rng)
        c = refused(t)
        if c >= 0:
            seat = t.state.player
            t.act(f"{seat} {card_name(c)}")
            assert t.irregularities[-1].kind == "revoke"
            t.act(f"{1 - seat} replay")
            assert t.state.closed
            return
    pytest.fail("no deal with a card to revoke after closing")


def test_ss28_lead_out_of_turn_as_binocle() -> None:
    t = table("sixtysix")
    t.act("0 " + card_name(t.state.hands[0][0]))
    t.act("1 back")
    assert t.irregularities[0].law == "SS 28 (BN 43)"


def test_ss27_looking_back_loses_the_privilege_of_closing() -> None:
    t = table("sixtysix", 2)
    rng = random.Random(2)
    for _ in range(2):
        play(t, rng)
        play(t, rng)
        draws(t)
    lead = t.state.player
    t.act(f"{lead} look")
    with pytest.raises(LawError, match="SS 27"):
        t.act(f"{lead} close")


@pytest.mark.parametrize("game", ["binocle", "sixtysix", "rubicon"])
def test_referee_command_family(game: str) -> None:
    out = CliRunner().invoke(cli, ["referee", f"examples/{game}-dispute.txt"])
    assert out.exit_code == 0, out.output
    assert "Settlement:" in out.output and "replay" in out.output
