"""Foster's Laws of Hearts as a referee (000 lines 19-137): one test per law, named
after it, from the text's own cases where it gives them (Law 24's two revokers and 26
counters, Law 23's thirteen counters left as a Jack, six and seven when dividing)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bezique.cli import main as cli_main
from bezique.core.cards import Card, card_name
from bezique.core.errors import IllegalActionError
from bezique.games import make_game
from bezique.laws import LawError, law_table
from bezique.laws.hearts import HeartsLawTable
from bezique.laws.referee import referee

# seat 0 leads (dealer 3); every seat holds every suit
HANDS = ("4S QC 5H TS 6S 2C 2D 7H TD JS AD QH TC",
         "5C 2H 9C QD 6D 3S AH JC 9S KC 3D 9H 5S",
         "3H 8D JH 4D KS 8H 6H 9D AC 8S QS 7C 4H",
         "5D 3C 2S 7S AS 7D 4C KD KH 8C TH JD 6C")


def cards(text: str) -> list[int]:
    return [int(Card.parse(w)) for w in text.split()]


def table(hands: tuple[str, ...] = HANDS, game: str = "hearts", **extra: object
          ) -> HeartsLawTable:
    g = make_game(game, [f"players={len(hands)}"])
    state = HeartsLawTable.deal_as_lay(g, 3, [cards(h) for h in hands], **extra)
    t = law_table(state)
    assert isinstance(t, HeartsLawTable)
    return t


def act(t: HeartsLawTable, *lines: str) -> None:
    for line in lines:
        t.act(line)


def play_out(t: HeartsLawTable) -> None:
    """The rest of the hand, each seat in turn playing its lowest legal card."""
    while not t.over:
        p = t.to_move()
        c = min(t.state.legal_cards(), key=lambda c: (c & 15, c >> 4))
        t.act(f"{p} {card_name(c)}")


def revoke_by_1(t: HeartsLawTable) -> None:
    """Seat 1 holds clubs but plays the 2H to a club lead (trick 1)."""
    act(t, "0 2C", "1 2H", "2 7C", "3 3C")


def laws(t: HeartsLawTable) -> list[str]:
    return [r.law for r in t.rulings]


# -- the laws off ------------------------------------------------------------------------

def test_laws_off_the_engine_still_refuses_a_revoke() -> None:
    t = table()
    with pytest.raises(IllegalActionError):
        t.state.clone().apply(t.game.parse_action("QS"))  # seat 0's turn, not his card
    s = t.state.clone()
    s.apply(s.game.parse_action("2C"))
    with pytest.raises(IllegalActionError, match="follow suit"):
        s.apply(s.game.parse_action("2H"))


# -- Law 13 and 14: a misdeal ---------------------------------------------------------------

SHORT_LONG = ("4S QC 5H TS 6S 2C 2D 7H TD JS AD QH TC",
              "5C 2H 9C QD 6D 3S AH JC 9S KC 3D 9H",
              "3H 8D JH 4D KS 8H 6H 9D AC 8S QS 7C 4H",
              "5D 3C 2S 7S AS 7D 4C KD KH 8C TH JD 6C 5S")


def test_law_13_wrong_number_before_the_first_trick_is_a_misdeal() -> None:
    t = table(SHORT_LONG)
    act(t, "0 2C", "2 misdeal")
    assert t.void == "misdeal" and t.over
    assert "13" in laws(t)


def test_law_14_misdeal_loses_the_deal_unless_interrupted() -> None:
    t = table(SHORT_LONG)
    act(t, "1 misdeal")
    s = t.settle()
    assert s.net == (0, 0, 0, 0)
    assert "seat 0 deals" in str(t.rulings[-1])
    g = make_game("hearts", [])
    u = HeartsLawTable(HeartsLawTable.deal_as_lay(g, 3, [cards(h) for h in SHORT_LONG]),
                       interrupted=True)
    u.act("1 misdeal")
    u.settle()
    assert "same dealer deals again" in str(u.rulings[-1])


def test_law_13_no_misdeal_when_every_hand_is_right() -> None:
    with pytest.raises(LawError, match="no misdeal"):
        table().act("1 misdeal")


# -- Law 15: two hands with the wrong number, found after the first trick ------------------

def test_law_15_the_short_hand_draws_from_the_long_each_pays_five() -> None:
    t = table(SHORT_LONG)
    with pytest.raises(LawError, match="misdeal"):
        t.act("1 draw 3 5S")
    act(t, "0 2C", "1 5C", "2 7C", "3 3C")
    with pytest.raises(LawError, match="too few"):
        t.act("3 draw 1 9C")
    t.act("1 draw 3 5S")
    assert int(Card.parse("5S")) in t.state.hands[1]
    assert t.forfeits == [0, 5, 0, 5]
    play_out(t)
    s = t.settle()
    plain = t.game.settle(t.state)
    winner = plain.net.index(max(plain.net))  # the one clean player takes the forfeits too
    assert s.net == tuple(x - f + (10 if p == winner else 0)
                          for p, (x, f) in enumerate(zip(plain.net, t.forfeits, strict=True)))


# -- Law 16 and 17: an omitted play, a card short --------------------------------------------

def test_law_16_omitted_play_takes_in_the_last_trick() -> None:
    t = table()
    act(t, "0 2C", "1 omit", "2 7C", "3 3C")
    assert t.state.tricks == 1 and len(t.state.hands[1]) == 13
    assert "16" in laws(t)
    play_out(t)
    assert t.over and not any(t.state.hands[p] for p in (0, 2, 3))
    last = [c for _, c in t.state.last_trick]
    t.settle()
    assert all(c in t.state.won[1] for c in last)
    assert not any(t.state.hands)  # his card left over went with the last trick
    assert sum(t.state.points) == 13


def test_law_17_a_card_short_takes_in_the_last_trick() -> None:
    hands = (HANDS[0], "5C 2H 9C QD 6D 3S AH JC 9S KC 3D 9H", HANDS[2], HANDS[3])
    t = table(hands, aside=cards("5S"))
    play_out(t)
    assert "17" in laws(t)
    t.settle()
    last = [c for _, c in t.state.last_trick]
    assert len(last) == 3 and all(c in t.state.won[1] for c in last)


# -- Law 18 and 19: two cards, exposed and named cards, calling them -----------------------

def test_law_18_two_cards_played_the_other_left_face_up() -> None:
    t = table()
    act(t, "0 2C", "1 two 5C 9C")
    nine = int(Card.parse("9C"))
    assert t.state.trick[-1] == int(Card.parse("5C"))
    assert nine in t.exposed[1] and nine in t.state.known[1]
    obs = t.state.observation(2)
    assert nine in [int(c) for c in obs.known_in_hand[1]]  # public: the others see it
    assert obs.hands[1] is None  # nothing else of the hand


def test_law_18_a_named_card_is_left_face_up() -> None:
    t = table()
    t.act("1 name AH")
    assert int(Card.parse("AH")) in t.exposed[1]
    assert "18" in laws(t)


def test_law_19_exposed_card_must_be_played_when_called() -> None:
    t = table()
    act(t, "1 expose 9C", "0 call 9C", "0 2C")
    with pytest.raises(LawError, match="Law 19"):
        t.act("1 5C")
    t.act("1 9C")
    assert not t.exposed[1]


def test_law_19_exposed_card_called_cannot_be_played_without_revoking() -> None:
    t = table()
    act(t, "1 expose 9C", "0 call 9C", "0 2D", "1 3D")
    assert "call lapses" in str(t.rulings[-1])
    assert int(Card.parse("9C")) in t.exposed[1]


def test_law_19_no_penalty_remains_once_the_exposed_card_is_played() -> None:
    t = table()
    act(t, "1 expose 9C", "0 2C", "1 9C")
    assert not t.exposed[1] and not t.calls
    with pytest.raises(LawError, match="not an exposed card"):
        t.act("0 call 9C")


def test_law_19_a_player_cannot_call_his_own_exposed_card() -> None:
    t = table()
    t.act("1 expose 9C")
    with pytest.raises(LawError):
        t.act("1 call 9C")


# -- Law 20: a lead out of turn ---------------------------------------------------------------

def test_law_20_lead_out_of_turn_suit_called_by_right_hand_player() -> None:
    t = table()
    act(t, "2 KS", "3 2S")  # seat 2 leads out of turn; seat 3 plays to it
    act(t, "0 back", "0 2C")  # the cards are taken back; the rightful leader leads
    assert int(Card.parse("KS")) in t.state.hands[2] and int(Card.parse("2S")) in t.state.hands[3]
    assert not t.exposed[2] and not t.exposed[3]  # taken back, not exposed
    act(t, "1 5C", "2 AC", "3 3C")  # seat 2 wins: next his proper turn to lead
    with pytest.raises(LawError, match="right"):
        t.act("3 call spades")  # only the player on his right
    t.act("1 call spades")
    with pytest.raises(LawError, match="no right"):
        t.act("1 call hearts")  # one call only
    t.act("2 8S")
    assert t.state.trick == [int(Card.parse("8S"))]
    assert not t.open_revokes(2)


def test_law_20_suit_may_be_called_only_at_the_offenders_next_lead() -> None:
    t = table()
    act(t, "2 KS", "0 2C")
    with pytest.raises(LawError, match="proper turn"):
        t.act("1 call spades")


def test_law_20_all_played_to_the_false_lead_the_trick_stands() -> None:
    t = table()
    act(t, "2 KS", "3 2S", "0 4S", "1 3S")
    assert t.state.tricks == 1 and t.state.won[2]
    assert not t.rights and "no penalty" in str(t.rulings[-1])


def test_law_20_none_of_the_suit_called_no_penalty() -> None:
    hands = ("4S QC 5H TS 6S 2C 2D 7H TD JS AD QH TC",
             "5C 2H 9C QD 6D 3S AH JC 9S KC 3D 9H 5S",
             "3H 8D JH 4D 7S 8H 6H 9D AC 2S AS 7C 4H",
             "5D 3C KS 8S QS 7D 4C KD KH 8C TH JD 6C")
    t = table(hands)
    act(t, "2 3H", "0 back")
    act(t, "0 2C", "1 5C", "2 AC", "3 3C", "1 call diamonds")
    # seat 2 holds diamonds: he must lead one
    t.act("2 4D")
    t2 = table(hands)
    act(t2, "2 3H", "0 back", "0 2C", "1 5C", "2 AC", "3 3C")
    for c in ("8D", "4D", "9D"):  # make him void of diamonds by hand
        t2.state.hands[2].remove(int(Card.parse(c)))
    t2.act("1 call diamonds")
    t2.act("2 7S")
    assert "no penalty" in str(t2.rulings[-1]) and not t2.open_revokes(2)


# -- Law 21: playing before one's turn ---------------------------------------------------------

def test_law_21_third_hand_before_second_fourth_hand_demands_the_highest() -> None:
    t = table()
    act(t, "0 2C", "2 7C")  # the third hand plays before the second
    with pytest.raises(LawError):
        t.act("1 demand highest")  # not the second: the fourth hand
    t.act("3 demand highest")
    assert int(Card.parse("7C")) in t.state.hands[2] and not t.exposed[2]
    t.act("1 5C")
    t.act("2 7C")  # not his highest club (AC): liable to the penalties of a revoke (Law 27)
    assert [i.kind for i in t.open_revokes(2)] == ["failed to comply"]
    assert "27" in laws(t)


def test_law_21_fourth_before_third_the_second_player_demands() -> None:
    t = table()
    act(t, "0 2C", "1 5C", "3 3C")
    with pytest.raises(LawError):
        t.act("2 demand back")
    act(t, "1 demand nohearts", "2 AC", "3 4C")
    assert t.state.tricks == 1


def test_law_21_undemanded_the_card_is_played_in_its_turn() -> None:
    t = table()
    act(t, "0 2C", "2 7C", "1 5C")
    assert t.state.trick == cards("2C 5C 7C")
    assert t.state.current_player() == 3


# -- Law 22: a revoke amended -------------------------------------------------------------------

def test_law_22_revoke_amended_before_the_trick_is_quitted() -> None:
    t = table()
    act(t, "0 2C", "1 2H", "2 7C")
    assert [i.kind for i in t.open_revokes(1)] == ["revoke"]
    t.act("1 amend 5C")
    two_h = int(Card.parse("2H"))
    assert two_h in t.exposed[1] and two_h in t.state.hands[1]  # an exposed card
    assert int(Card.parse("7C")) in t.state.hands[2] and not t.exposed[2]
    assert t.state.current_player() == 2 and not t.open_revokes(1)


def test_law_22_revoke_amended_after_the_last_card_before_the_next_lead() -> None:
    t = table()
    revoke_by_1(t)
    assert t.state.tricks == 1
    t.act("1 amend JC")
    assert t.state.tricks == 0 and t.state.trick == cards("2C JC")
    act(t, "2 AC", "3 3C")
    assert t.state.won[2]


def test_law_22_revoke_cannot_be_amended_once_the_trick_is_quitted() -> None:
    t = table()
    revoke_by_1(t)
    t.act("2 3H")  # seat 2 (7C won) leads the next trick
    with pytest.raises(LawError, match="amend"):
        t.act("1 amend 5C")


def test_law_22_a_revoke_shows_no_void_to_the_others() -> None:
    t = table()
    revoke_by_1(t)
    assert t.state.excluded[1] == 0  # he was not void: nothing inferred


# -- Laws 23 and 24: the revoker pays ----------------------------------------------------------

def _revoked_and_played(points: list[int], revokers: tuple[int, ...] = (1,),
                        game: str = "hearts") -> HeartsLawTable:
    t = table(game=game)
    if 0 in revokers:  # seat 0 revokes on spades (trick 2), seat 1 on hearts (trick 3)
        act(t, "0 2C", "1 5C", "2 7C", "3 3C", "2 KS", "3 2S", "0 2D", "1 3S",
            "2 3H", "3 KH", "0 5H", "1 9C")
    else:
        revoke_by_1(t)
    for r in revokers:
        t.act(f"{(r + 2) % 4} claim {r}")
    play_out(t)
    t.state.points = points  # the hearts each took, as in the text's case
    return t


def test_law_23_revoker_pays_all_the_losses_of_the_hand() -> None:
    t = _revoked_and_played([4, 5, 0, 4])
    s = t.settle()
    assert s.net == (0, -13, 13, 0) and s.pool == 0


def test_law_23_revoker_winning_the_pool_leaves_thirteen_for_a_jack() -> None:
    t = _revoked_and_played([4, 0, 5, 4])
    s = t.settle()
    assert s.net == (0, -13, 0, 0) and s.pool == 13 and s.jack


def test_law_23_revoker_dividing_pays_six_and_leaves_seven_for_a_jack() -> None:
    t = _revoked_and_played([7, 0, 0, 6])
    s = t.settle()
    assert s.net == (0, -13, 6, 0) and s.pool == 7 and s.jack


def test_law_24_two_revokers_a_third_winning_the_pool_receives_twenty_six() -> None:
    t = _revoked_and_played([3, 5, 0, 5], revokers=(0, 1))
    assert t.revokers() == [] and len(t.claims) == 2
    s = t.settle()
    assert sorted(t.revokers()) == [0, 1]
    assert s.net == (-13, -13, 26, 0)


def test_law_24_in_auction_hearts_the_revoker_pays_the_bid_besides() -> None:
    t = table(game="heartsauction")
    act(t, "0 bid 3", "1 pass", "2 pass", "3 pass", "0 avoid hearts")
    revoke_by_1(t)
    t.act("2 claim 1")
    play_out(t)
    t.state.points = [4, 5, 0, 4]
    s = t.settle()
    assert s.net == (-3, -16, 19, 0)


# -- Laws 25 and 26: the claim ------------------------------------------------------------------

def test_law_25_claim_searched_at_the_end_of_the_hand() -> None:
    t = table()
    revoke_by_1(t)
    t.act("3 claim 1")
    play_out(t)
    t.settle()
    assert t.revokers() == [1]
    assert any("established" in str(r) for r in t.rulings)


def test_law_25_an_unfounded_claim_fails() -> None:
    t = table()
    t.act("3 claim 1")
    play_out(t)
    t.settle()
    assert t.revokers() == []
    assert any("claim fails" in str(r) for r in t.rulings)


def test_law_25_revoke_established_if_the_accused_mixes_the_cards() -> None:
    t = table()
    play_out(t)
    act(t, "3 claim 1", "1 mix")
    assert t.revokers() == [1]
    assert any("mixes the cards" in str(r) for r in t.rulings)


def test_law_26_revoke_claimed_before_the_tricks_are_mixed() -> None:
    t = table()
    revoke_by_1(t)
    play_out(t)
    t.act("0 claim 1")  # after the hand, before the mix: in time
    t.act("2 mix")
    assert t.revokers() == [1]
    u = table()
    revoke_by_1(u)
    play_out(u)
    u.act("2 mix")
    with pytest.raises(LawError, match="Law 26"):
        u.act("0 claim 1")
    assert u.revokers() == []
    assert u.irregularities[0].status == "unclaimed"


# -- Law 27 and 28 ------------------------------------------------------------------------------

def test_law_27_failing_to_lead_the_called_suit_is_a_revoke() -> None:
    t = table()
    act(t, "2 KS", "0 2C", "1 5C", "2 AC", "3 3C", "1 call spades", "2 3H")
    assert [i.kind for i in t.open_revokes(2)] == ["failed to comply"]
    t.act("0 claim 2")
    play_out(t)
    t.settle()
    assert t.revokers() == [2]


def test_law_28_looking_at_a_quitted_trick_is_punished_as_a_lead_out_of_turn() -> None:
    t = table()
    with pytest.raises(LawError):
        t.act("2 look")
    act(t, "0 2C", "1 5C", "2 AC", "3 3C", "2 look")
    assert "28" in laws(t)
    t.act("1 call diamonds")
    t.act("2 8D")


# -- Law 29 unchanged, Law 10 ------------------------------------------------------------------

def test_law_29_no_irregularity_the_settlement_is_the_games() -> None:
    t = table()
    play_out(t)
    assert t.settle() == t.game.settle(t.state)


def test_law_10_an_incorrect_pack_is_a_new_deal() -> None:
    hands = (HANDS[0], HANDS[1].replace("5S", "4S"), HANDS[2], HANDS[3])
    with pytest.raises(LawError, match="Law 10"):
        table(hands)


# -- the claims a computer makes ---------------------------------------------------------------

def test_evident_revoke_is_claimed_by_the_others() -> None:
    t = table()
    revoke_by_1(t)
    assert t.claims_open(0) == []  # not evident yet: he has not played a club since
    act(t, "2 8D", "3 7D", "0 2D", "1 3D")
    # play on until seat 1 plays a club, the suit he failed to follow
    while not t.claims_open(0) and not t.over:
        p = t.to_move()
        legal = t.state.legal_cards()
        clubs = [c for c in legal if c >> 4 == 0]
        c = clubs[0] if p == 1 and clubs else min(legal, key=lambda c: (c & 15, c >> 4))
        t.act(f"{p} {card_name(c)}")
    assert [a.notation() for a in t.claims_open(0)] == ["0 claim 1"]


# -- bezique referee ------------------------------------------------------------------------

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "hearts-dispute.txt"


def _referee(*args: str, stdin: str | None = None) -> Result:
    cli_main._register()
    return CliRunner().invoke(cli_main.cli, ["referee", *args], input=stdin)


def test_referee_rules_on_the_example_file() -> None:
    r = _referee(str(EXAMPLE))
    assert r.exit_code == 0, r.output
    assert "Law 22: seat 1 plays 2H and does not follow clubs" in r.output
    assert "Law 20: seat 3 leads AS out of turn" in r.output
    assert "seat 1's revoke (trick 1) is established" in r.output
    assert "Settlement: seat 0 +0, seat 1 -13" in r.output


def test_referee_json() -> None:
    r = _referee("--json", str(EXAMPLE))
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["laws"] == "Foster's Laws of Hearts" and data["played_out"]
    assert data["settlement"]["net"] == [0, -13, 0, 0]
    assert [i["kind"] for i in data["irregularities"]] == [
        "revoke", "lead out of turn", "exposed card"]


def test_referee_bad_input_names_the_line() -> None:
    text = EXAMPLE.read_text().replace("\n1 2H\n", "\n1 ZZ\n")
    r = _referee("-", stdin=text)
    assert r.exit_code == 2 and "line 14: '1 ZZ': not a card of Hearts" in r.output
    text = EXAMPLE.read_text().replace("\n0 2C\n", "\n0 claim 0\n", 1)
    r = _referee("-", stdin=text)
    assert r.exit_code == 2 and "line 13" in r.output and "against himself" in r.output
    r = _referee("-", stdin='[Game "hearts"]\n[Dealer "3"]\n')
    assert r.exit_code == 2 and "no [Hand] for seat 0, 1, 2, 3" in r.output
    r = _referee("-", stdin='[Game "hearts"]\n[Dealer 3]\n')
    assert r.exit_code == 2 and "line 2: not a header" in r.output


def test_referee_a_hand_not_played_out_has_no_settlement() -> None:
    text = EXAMPLE.read_text().split("2 claim 1")[0]
    verdict = referee(text)
    assert verdict.settlement is None
    assert "no settlement yet" in verdict.lines()[-1]


# -- playing under the laws at the terminal ---------------------------------------------------

def test_play_under_the_laws_a_revoke_is_accepted_and_claimed(tmp_path: Path) -> None:
    cli_main._register()
    record = tmp_path / "h.txt"
    # seed 5: the computer on the left leads a spade to the first trick; the player
    # holds spades and throws the Ace of hearts
    stdin = "AH\n" + "1\n" * 14 + "quit\n"
    r = CliRunner().invoke(cli_main.cli, [
        "play", "--game", "hearts", "--laws", "--seed", "5", "--display", "plain",
        "--record", str(record)], input=stdin)
    assert r.exit_code == 0, r.output
    assert "Law 22: seat 0 plays AH and does not follow spades: a revoke" in r.output
    assert "seat 1 claims a revoke against seat 0" in r.output.replace("\n", " ")
    deal = tmp_path / "h-deal1.txt"
    assert deal.exists() and not record.exists()
    verdict = referee(deal.read_text())
    assert verdict.settlement is not None and verdict.settlement.net[0] == -13


def test_play_under_the_laws_law_actions_at_the_terminal(tmp_path: Path) -> None:
    cli_main._register()
    stdin = "expose 2H\nclaim 0\ncall 2H\nquit\n"
    r = CliRunner().invoke(cli_main.cli, [
        "play", "--game", "hearts", "--laws", "--seed", "5", "--display", "plain",
        "--record", str(tmp_path / "h.txt")], input=stdin)
    assert r.exit_code == 0, r.output
    out = r.output.replace("\n", " ")
    assert "Law 18: 2H of seat 0 (exposed) is left face up" in out
    assert "Not under the laws: a player cannot claim a revoke against himself" in out
    assert "cannot call his own exposed card" in out


def test_play_laws_refused_for_a_game_without_laws(tmp_path: Path) -> None:
    cli_main._register()
    r = CliRunner().invoke(cli_main.cli, [
        "play", "--game", "euchre", "--laws", "--seed", "5", "--display", "plain",
        "--record", str(tmp_path / "s.txt")], input="quit\n")
    assert r.exit_code != 0 and "no laws of irregularities are written for" in r.output


def test_the_rules_core_never_depends_on_the_laws() -> None:
    src = Path(__file__).resolve().parent.parent / "src" / "bezique"
    for folder in ("core", "games", "bots", "present"):
        for f in (src / folder).rglob("*.py"):
            text = f.read_text(encoding="utf-8")
            assert "from ..laws" not in text and "from ...laws" not in text, f
            assert "bezique.laws" not in text, f


@pytest.mark.parametrize(("game", "players"), [("hearts", 3), ("hearts", 4), ("hearts", 5),
                                               ("hearts", 6), ("heartsjoker", 4),
                                               ("heartsauction", 5)])
def test_random_irregular_deals_end_and_the_counters_balance(game: str, players: int) -> None:
    """Deals with revokes, leads and plays out of turn and claims at random: every one
    is played out, the cards are never lost, and what is paid is what is won or left in
    the pool."""
    import random

    from bezique.core.errors import BeziqueError

    for seed in range(25):
        rng = random.Random(seed)
        g = make_game(game, [f"players={players}"])
        t = law_table(g.deal(rng.randrange(players), seed=seed))
        size = len(g.pack)
        for _ in range(600):
            st = t.state
            if t.over:
                break
            p = st.current_player()
            r = rng.random()
            try:
                if st.phase != 0:
                    t.act(f"{p} {rng.choice(st.legal_actions()).notation()}")
                elif r < 0.85:
                    t.act(f"{p} {card_name(rng.choice(st.legal_cards()))}")
                elif r < 0.93:
                    t.act(f"{p} {card_name(rng.choice(st.hands[p]))}")
                elif r < 0.97:
                    q = rng.randrange(players)
                    if st.hands[q]:
                        t.act(f"{q} {card_name(rng.choice(st.hands[q]))}")
                else:
                    t.act(f"{rng.randrange(players)} claim {rng.randrange(players)}")
            except BeziqueError:
                pass
            st = t.state
            held = sum(map(len, st.hands)) + len(st.trick) + sum(map(len, st.won))
            assert held + len(st.stock) == size
        assert t.over, (game, players, seed)
        for q in range(players):
            for claim in t.claims_open(q):
                t.act(claim)
        s = t.settle()
        assert sum(s.net) + s.pool == t.state.pool


@pytest.mark.parametrize("game", ["hearts", "heartsjoker", "heartsauction", "heartsopenspiel"])
def test_a_match_without_irregularity_is_the_same_under_the_laws(game: str) -> None:
    from bezique.bots import make_bot
    from bezique.core.match import Match
    from bezique.laws.match import LawMatch

    g = make_game(game, ["deals=3"] if game != "heartsopenspiel" else [])
    sheets = []
    for match in (Match(g, seed=4), LawMatch(g, seed=4, computers=(0, 1, 2, 3))):
        bot = make_bot("rules", g, 1)
        for _ in range(len(g.pack) * 4):
            if match.is_over() or len(match.sheet.rows) >= 3:
                break
            match.apply(bot.choose(match.state))
        sheets.append([(r.points, r.totals) for r in match.sheet.rows])
    assert sheets[0] == sheets[1] and sheets[0]
