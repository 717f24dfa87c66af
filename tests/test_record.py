"""Game records: the text format, its reader and writer, and replay with full checks."""

from __future__ import annotations

import concurrent.futures
import dataclasses
import os
import random
import re
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bezique.record as record_module
from bezique.bots import RandomBot
from bezique.core.cards import Card, parse_cards
from bezique.core.errors import RecordError
from bezique.core.events import Names
from bezique.core.match import Match
from bezique.games import GAMES, make_game
from bezique.record import (
    DealRecord,
    Record,
    RecordWriter,
    dumps,
    loads,
    read,
    record_from_match,
    replay,
    replay_file,
    write,
)


def play(name: str = "bezique", seed: int = 1, options: dict[str, object] | None = None,
         first_dealer: int | None = None, stop_after: int | None = None) -> Match:
    """A match played by a random player in each seat (to the end, or ``stop_after``
    actions)."""
    match = Match(make_game(name, options), seed=seed, first_dealer=first_dealer)
    bots = [RandomBot(seed + 1000 * p) for p in range(match.game.num_players)]
    n = 0
    while not match.is_over() and (stop_after is None or n < stop_after):
        match.apply(bots[match.current_player()].choose(match.state))
        n += 1
    return match


@pytest.fixture(scope="module")
def full() -> tuple[Match, Record, str]:
    match = play(seed=11)
    record = record_from_match(match, ("Alice", "Computer"), ("human", "random"),
                               date="2026-11-29")
    return match, record, dumps(record)


def raises(text: str, *fragments: str) -> str:
    """Assert ``loads(text)`` fails with a message holding every fragment."""
    with pytest.raises(RecordError) as info:
        loads(text)
    message = str(info.value)
    for f in fragments:
        assert f in message, message
    return message


def replay_raises(record: Record, *fragments: str) -> str:
    with pytest.raises(RecordError) as info:
        replay(record)
    message = str(info.value)
    for f in fragments:
        assert f in message, message
    return message


def copy(record: Record) -> Record:
    return loads(dumps(record))


def seat_names(n: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A name and a kind for each of ``n`` seats: Alice (human) and the computer's random
    players."""
    names = ("Alice", "Computer", "Carol", "Dave", "Erin", "Frank")[:n]
    return names, ("human",) + ("random",) * (n - 1)


HEAD = '[Game "bezique"]\n[Player0 "A" "human"]\n[Player1 "B" "random"]\n'


def pack_line(seed: int = 3) -> str:
    game = make_game("bezique")
    return "Pack: " + " ".join(str(Card(c)) for c in game.pack_order(seed=seed))


# -- round trips ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_full_match_round_trips_through_text_file_and_replay(name: str, seed: int,
                                                              tmp_path: Path) -> None:
    game = make_game(name)
    n = game.num_players
    firsts = game.first_dealers()  # every seat, but the box of Chouette
    match = play(name, seed=seed, first_dealer=firsts[seed % len(firsts)])  # 1, 0, 1 at two
    assert match.is_over()
    names, kinds = seat_names(n)
    record = record_from_match(match, names, kinds)
    assert record.players == names and record.kinds == kinds
    text = dumps(record)
    assert loads(text) == record
    path = tmp_path / "match.bzq"
    write(path, record)
    assert path.read_text(encoding="utf-8") == text
    again = read(path)
    assert again == record
    replayed = replay(again)
    assert replayed.is_over()
    assert replayed.sheet.to_json() == match.sheet.to_json()
    assert [d.actions for d in replayed.deals] == [d.actions for d in match.deals]
    assert dumps(record_from_match(replayed)) == text


def test_record_holds_the_match_facts(full: tuple[Match, Record, str]) -> None:
    match, record, text = full
    assert record.game == "bezique"
    assert record.seed == 11 and record.first_dealer == 0
    assert record.players == ("Alice", "Computer")
    assert record.kinds == ("human", "random")
    assert len(record.deals) == len(match.deals)
    for deal, log in zip(record.deals, match.deals, strict=True):
        assert deal.dealer == log.dealer
        assert deal.pack == log.pack
        assert [a for _, a in deal.actions] == log.actions
        assert [s for s, _ in deal.actions] == log.seats
        assert log.result is not None and deal.points == log.result.points
    assert record.result == match.sheet.summary
    assert text.startswith('[Format "1"]\n[Game "bezique"]\n')
    assert '[Player0 "Alice" "human"]' in text
    assert '[Date "2026-11-29"]' in text
    assert f'[Result "{match.sheet.summary}"]' in text
    assert "\nDeal 2 dealer 1\nPack: " in text


def test_options_and_quoted_names_round_trip() -> None:
    options = {"game_target": 2000, "draw_order": "pone_always_first",
               "offsuit_follow_wins": True}
    match = play(options=options, seed=4, stop_after=150)
    record = record_from_match(match, ('Ann "the Ace"', "back\\slash"), ("human", "rules"),
                               date=None)
    text = dumps(record)
    assert '[Option "game_target" "2000"]' in text
    assert '[Option "offsuit_follow_wins" "true"]' in text
    assert '[Player0 "Ann \\"the Ace\\"" "human"]' in text
    assert "[Date" not in text
    assert record.options == {"draw_order": "pone_always_first", "offsuit_follow_wins": "true",
                              "game_target": "2000"}
    assert loads(text) == record
    replayed = replay(loads(text))
    assert replayed.game.options == match.game.options
    assert dumps(record_from_match(replayed)) == text


def test_options_at_their_default_read_and_replay() -> None:
    text = HEAD.replace('[Player0', '[Option "game_target" "1000"]\n[Player0') + (
        "\nDeal 1 dealer 0\n" + pack_line() + "\n")
    record = loads(text)
    assert record.options == {"game_target": "1000"}
    assert replay(record).game.options.game_target == 1000


def test_reading_tolerates_spacing_case_and_comments(full: tuple[Match, Record, str]) -> None:
    _, record, text = full
    loose = []
    for line in text.splitlines():
        if line.startswith("Deal"):
            loose.append("# a comment before the deal")
            line = "  " + line.replace("Deal", "DEAL").replace("dealer", "Dealer") + "  "
        elif line.startswith("Pack:"):
            line = line.replace("Pack:", "pack :").lower()
        elif line[:2] in ("0 ", "1 "):
            line = line.replace(" ", "   ", 1)
        loose.append(line)
    assert loads("\ufeff" + "\r\n".join(loose)) == record


def test_replayed_match_keeps_names_kinds_and_date(full: tuple[Match, Record, str]) -> None:
    _, record, _ = full
    again = record_from_match(replay(record))
    assert (again.players, again.kinds, again.date) == (record.players, record.kinds,
                                                        record.date)
    renamed = record_from_match(replay(record), players=("X", "Y"), date=None)
    assert renamed.players == ("X", "Y") and renamed.kinds == record.kinds
    assert renamed.date is None


def test_fresh_match_record_defaults() -> None:
    match = Match(make_game("bezique"), seed=9)
    record = record_from_match(match)
    assert record.players == ("Player 0", "Player 1")
    assert record.kinds == ("unknown", "unknown")
    assert record.date is not None and re.fullmatch(r"\d{4}-\d{2}-\d{2}", record.date)
    assert record.result is None
    assert len(record.deals) == 1 and record.deals[0].actions == []
    assert record.deals[0].points is None
    assert loads(dumps(record)) == record


def test_record_without_seed_or_deals_replays_to_a_new_match() -> None:
    record = loads('[Game "bezique"]\n[FirstDealer "1"]\n')
    assert record.seed is None and record.deals == []
    match = replay(record)
    assert match.dealer == 1 and not match.is_over()
    assert match.current_player() == 0


# -- partial records: saved matches resume ------------------------------------------------

def test_partial_record_resumes_and_finishes_like_the_original(
        full: tuple[Match, Record, str]) -> None:
    match, record, _ = full
    partial = copy(record)
    partial.deals = partial.deals[:3]
    last = partial.deals[2]
    rest = last.actions[20:]
    last.actions = last.actions[:20]
    last.points = None
    partial.result = None
    resumed = replay(loads(dumps(partial)))
    assert not resumed.is_over()
    assert len(resumed.deals) == 3
    assert resumed.current_player() == rest[0][0]
    for seat, text in rest + [a for d in record.deals[3:] for a in d.actions]:
        assert resumed.current_player() == seat
        resumed.apply_text(text)
    assert resumed.is_over()
    assert resumed.sheet.to_json() == match.sheet.to_json()
    assert dumps(record_from_match(resumed)) == dumps(record)


def test_resumed_match_deals_the_next_pack_from_the_seed(
        full: tuple[Match, Record, str]) -> None:
    match, record, _ = full
    partial = copy(record)
    partial.deals = partial.deals[:2]  # two finished deals, the third not yet recorded
    partial.result = None
    resumed = replay(partial)
    assert len(resumed.deals) == 3
    assert resumed.deals[2].pack == match.deals[2].pack


@settings(max_examples=20, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), cut=st.integers(min_value=0, max_value=10_000))
def test_any_prefix_of_a_match_saves_and_resumes(name: str, cut: int) -> None:
    original = play(name, seed=5)
    flat = [(s, a) for d in original.deals for s, a in zip(d.seats, d.actions, strict=True)]
    cut %= len(flat) + 1
    match = Match(original.game, seed=5)
    for _, text in flat[:cut]:
        match.apply_text(text)
    text = dumps(record_from_match(match, date=None))
    resumed = replay(loads(text))
    assert dumps(record_from_match(resumed)) == text
    for seat, action in flat[cut:]:
        assert resumed.current_player() == seat
        resumed.apply_text(action)
    assert resumed.sheet.to_json() == original.sheet.to_json()


# -- replay rejects what the rules do not allow --------------------------------------------

def test_illegal_action_names_deal_action_text_and_reason(
        full: tuple[Match, Record, str]) -> None:
    _, record, _ = full
    bad = copy(record)
    # the first action of deal 2 is the pone's lead: drawing is not allowed then
    seat = bad.deals[1].actions[0][0]
    bad.deals[1].actions[0] = (seat, "draw")
    overall = len(record.deals[0].actions) + 1
    message = replay_raises(bad, "deal 2, action 1", f"(overall {overall})", "'draw'",
                            f"by seat {seat}", "play a card")
    # read from text, the message also names the line of the action: the first after
    # deal 2's header and pack (deal 1 has draws of its own after tricks won)
    lines = dumps(bad).splitlines()
    deal2 = lines.index(f"Deal 2 dealer {bad.deals[1].dealer}")
    assert lines[deal2 + 1].startswith("Pack: ") and lines[deal2 + 2] == f"{seat} draw"
    line = deal2 + 3
    assert message.startswith(f"line {line}: deal 2, action 1")
    bad.deals[1].action_lines = []  # a record built in code has no line numbers
    assert replay_raises(bad) == message.removeprefix(f"line {line}: ")


def test_card_not_held_is_rejected_with_the_engines_reason(
        full: tuple[Match, Record, str]) -> None:
    _, record, _ = full
    bad = copy(record)
    deal = bad.deals[0]
    state = make_game("bezique").deal(deal.dealer, pack=deal.pack)
    seat = state.current_player()
    other = next(c for c in state.hands[1 - seat] if c not in state.hands[seat])
    deal.actions[0] = (seat, str(Card(other)))
    replay_raises(bad, "deal 1, action 1 (overall 1)", f"'{Card(other)}'", "not in your hand")


def test_unreadable_action_is_rejected() -> None:
    text = HEAD + "\nDeal 1 dealer 0\n" + pack_line() + "\n1 shuffle the deck\n"
    replay_raises(loads(text), "line 7: deal 1, action 1 (overall 1): 'shuffle the deck'")


def test_action_by_the_wrong_seat_is_rejected(full: tuple[Match, Record, str]) -> None:
    _, record, _ = full
    bad = copy(record)
    seat, text = bad.deals[0].actions[5]
    bad.deals[0].actions[5] = (1 - seat, text)
    replay_raises(bad, "deal 1, action 6 (overall 6)", f"by seat {1 - seat}",
                  f"seat {seat} is to act")


def test_tampered_points_are_rejected(full: tuple[Match, Record, str]) -> None:
    _, record, text = full
    real = record.deals[1].points
    assert real is not None
    tampered = text.replace(f"Points: {real[0]} {real[1]}", f"Points: {real[0] + 10} {real[1]}",
                            1)
    # the replacement may hit an earlier deal with the same points: find which one it hit
    bad = loads(tampered)
    hit = next(i for i, (a, b) in enumerate(zip(bad.deals, record.deals, strict=True), 1)
               if a.points != b.points)
    replay_raises(bad, f"deal {hit}: the record gives points {real[0] + 10} {real[1]}",
                  f"the replay scores {real[0]} {real[1]}")


def test_points_on_an_unfinished_deal_are_rejected(full: tuple[Match, Record, str]) -> None:
    _, record, _ = full
    bad = copy(record)
    bad.deals = bad.deals[:1]
    bad.result = None
    bad.deals[0].actions = bad.deals[0].actions[:-1]
    replay_raises(bad, "deal 1: points are recorded but the deal is not over")


def test_unfinished_deal_followed_by_another_is_rejected(
        full: tuple[Match, Record, str]) -> None:
    _, record, _ = full
    bad = copy(record)
    bad.deals[0].actions = bad.deals[0].actions[:-1]
    bad.deals[0].points = None
    replay_raises(bad, "deal 1 is not over", "deal 2 follows")


def test_action_after_the_end_of_a_deal_is_rejected(full: tuple[Match, Record, str]) -> None:
    _, record, _ = full
    bad = copy(record)
    n = len(bad.deals[0].actions)
    bad.deals[0].actions.append(bad.deals[1].actions[0])
    replay_raises(bad, f"deal 1, action {n + 1}", "the deal is already over")


def test_deal_after_the_end_of_the_match_is_rejected(full: tuple[Match, Record, str]) -> None:
    _, record, _ = full
    bad = copy(record)
    last = bad.deals[-1]
    bad.deals.append(DealRecord(1 - last.dealer, list(last.pack)))
    replay_raises(bad, f"deal {len(bad.deals)}: the match is over after deal "
                       f"{len(bad.deals) - 1}")


def test_result_on_an_unfinished_match_is_rejected() -> None:
    record = record_from_match(play(seed=2, stop_after=30), date=None)
    record.result = "seat 0 wins"
    replay_raises(record, "gives a result", "the match is not over")


def test_dealer_out_of_turn_is_rejected_in_code_and_text(
        full: tuple[Match, Record, str]) -> None:
    _, record, text = full
    bad = copy(record)
    bad.deals[1].dealer = bad.deals[0].dealer
    replay_raises(bad, "deal 2: the dealer is seat 1", "not seat 0")
    with pytest.raises(RecordError, match="deal 2: the dealer is seat 1"):
        dumps(bad)
    line = text.splitlines().index("Deal 2 dealer 1") + 1
    raises(text.replace("Deal 2 dealer 1", "Deal 2 dealer 0"),
           f"line {line}: deal 2: the dealer is seat 1")


def test_wrong_pack_in_code_is_rejected(full: tuple[Match, Record, str]) -> None:
    _, record, _ = full
    bad = copy(record)
    bad.deals[0].pack = bad.deals[0].pack[:-1]
    replay_raises(bad, "deal 1: wrong pack", "missing")


def test_unknown_game_or_option_in_code_is_rejected() -> None:
    replay_raises(Record(game="whist"), "unknown game 'whist'")
    replay_raises(Record(game="bezique", options={"trumps": "none"}), "unknown option 'trumps'")


# -- malformed files -----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "fragments"), [
    ("", ("empty record",)),
    ("garbage\n", ("line 1", "must begin with a [Game", "'garbage'")),
    ("\x00\x01binary", ("line 1",)),
    ('[Gmae "bezique"]\n', ("line 1", "unknown header 'Gmae'")),
    ('[Game "bezique"]\n[Event "club night"]\n', ("line 2", "unknown header 'Event'")),
    ('[Game bezique]\n', ("line 1", "cannot read header")),
    ('[Game "bezique"\n', ("line 1", "cannot read header")),
    ('[Game "bezique" "66"]\n', ("line 1", "Game takes 1 quoted value, got 2")),
    ('[Player0 "A" "human"]\n[Game "bezique"]\n', ("line 1", "first header must be [Game")),
    ('[Game "bezique"]\n[Game "bezique"]\n', ("line 2", "Game header must come first")),
    ('[Game "bezique"]\n[Seed "1"]\n[Seed "2"]\n', ("line 3", "Seed given twice")),
    ('[Game "whist"]\n', ("line 1", "unknown game 'whist'")),
    ('[Game "bezique"]\n[Option "trumps" "none"]\n', ("line 2", "unknown option 'trumps'")),
    ('[Game "bezique"]\n[Option "game_target" "1500"]\n', ("line 2", "game_target")),
    ('[Game "bezique"]\n[Option "game_target" "2000"]\n[Option "game_target" "2000"]\n',
     ("line 3", "given twice")),
    ('[Game "bezique"]\n[Player0 "A"]\n', ("line 2", "Player0 takes 2 quoted values, got 1")),
    ('[Game "bezique"]\n[Player1 "" "human"]\n', ("line 2", "Player1 name")),
    ('[Game "bezique"]\n[Player1 "A\\n" "human"]\n', ("line 2", "unknown escape \\n")),
    ('[Game "bezique"]\n[Seed "twelve"]\n', ("line 2", "the seed must be a whole number")),
    ('[Game "bezique"]\n[FirstDealer "2"]\n', ("line 2", "first dealer must be 0 or 1")),
    ('[Game "bezique"]\n[Date "29/11/2026"]\n', ("line 2", "YYYY-MM-DD")),
    ('[Game "bezique"]\n[Date "2026-02-30"]\n', ("line 2", "YYYY-MM-DD")),
    ('[Game "bezique"]\n[Result ""]\n', ("line 2", "result must be non-empty")),
    ('[Game "bezique"]\n1 QS\n', ("line 2", "missing 'Deal N dealer D' line")),
    ('[Game "bezique"]\nPoints: 1 2\n', ("line 2", "missing 'Deal N dealer D' line")),
    ('[Game "bezique"]\nDeal 2 dealer 0\n', ("line 2", "expected deal 1, found deal '2'")),
    ('[Game "bezique"]\nDeal one dealer 0\n', ("line 2", "expected deal 1")),
    ('[Game "bezique"]\nDeal 1 dealer 3\n', ("line 2", "bad dealer seat '3'")),
    ('[Game "bezique"]\nDeal 1 dealer 0\n', ("line 3", "deal 1 (line 2) has no 'Pack:'")),
    ('[Game "bezique"]\nDeal 1 dealer 0\nDeal 2 dealer 1\n', ("line 3", "has no 'Pack:'")),
    ('[Game "bezique"]\nDeal 1 dealer 0\n1 QS\n', ("line 3", "needs its 'Pack:' line")),
    ('[Game "bezique"]\nDeal 1 dealer 0\nPack: QS ZZ\n',
     ("line 3", "bad card in the pack", "'ZZ'")),
    ('[Game "bezique"]\nDeal 1 dealer 0\nPack: QS JD\n',
     ("line 3", "wrong pack", "64 cards", "got 2", "missing")),
])
def test_malformed_record_names_line_and_fault(text: str, fragments: tuple[str, ...]) -> None:
    raises(text, *fragments)


def test_truncated_pack_is_rejected() -> None:
    full_pack = pack_line()
    short = full_pack.rsplit(" ", 1)[0]
    missing = full_pack.rsplit(" ", 1)[1]
    raises(HEAD + "\nDeal 1 dealer 0\n" + short + "\n", "line 6", "deal 1: wrong pack",
           "got 63", f"missing: {missing}")


def test_pack_with_a_foreign_card_is_rejected() -> None:
    cards = pack_line().split()
    cards[1] = "2C"  # no Two in the piquet pack
    raises(HEAD + "\nDeal 1 dealer 0\n" + " ".join(cards) + "\n", "line 6", "too many: 2C")


def test_malformed_deal_body_lines() -> None:
    body = HEAD + "\nDeal 1 dealer 0\n" + pack_line() + "\n"
    raises(body + "2 QS\n", "line 7", "bad seat '2'")
    raises(body + "1\n", "line 7", "seat 1 with no action")
    raises(body + "Points: 10\n", "line 7", "'Points:' takes two whole numbers")
    raises(body + "Points: 10 x\n", "line 7", "points must be a whole number")
    raises(body + "Points: 0 0\n1 QS\n", "line 8", "closed by its 'Points:' line")
    raises(body + pack_line(4) + "\n", "line 7", "two 'Pack:' lines")
    raises(body + "lorem ipsum\n", "line 7", "cannot read 'lorem ipsum'")
    raises(body + '[Seed "3"]\n', "line 7", "after the first deal")


SIXTYSIX4_HEAD = ('[Format "2"]\n[Game "sixtysix4"]\n[Seats "4"]\n[Sides "0 2" "1 3"]\n')


@pytest.mark.parametrize("value", ["\u00b2", "\u0663", "\uff13", "\U0001d7db", "03", " 3"])
def test_a_first_dealer_not_written_in_the_digits_0_to_9_is_the_records_own_error(
        value: str) -> None:
    """'²' passes str.isdigit() but int() refuses it (a bare ValueError came out of
    loads); Arabic-Indic '٣', fullwidth '３' and mathematical '𝟛' were read as seat 3.
    Each is a RecordError naming the header and the value as written."""
    for head in (SIXTYSIX4_HEAD, '[Game "bezique"]\n'):
        message = raises(head + f'[FirstDealer "{value}"]\n', "header FirstDealer",
                         "the first dealer must be", repr(value))
        assert message.startswith(f"line {head.count(chr(10)) + 1}: "), message
    assert loads(SIXTYSIX4_HEAD + '[FirstDealer "3"]\n').first_dealer == 3


@pytest.mark.parametrize(("line", "what", "value"), [
    ('[Seed "\u0661\u0662"]', "the seed", "\u0661\u0662"),
    ('[Seed "\uff11\uff12"]', "the seed", "\uff11\uff12"),
    ("Points: \u0663 4", "points", "\u0663"),
    ("Points: 3 \u09ea", "points", "\u09ea"),
])
def test_a_seed_or_points_in_other_digits_are_refused_not_read_as_numbers(
        line: str, what: str, value: str) -> None:
    """The record's numbers are in the digits 0 to 9: a regex ``\\d`` took any script's
    digits, and int() then read '١٢' as 12."""
    if line.startswith("["):
        text = '[Game "bezique"]\n' + line + "\n"
    else:
        text = HEAD + "\nDeal 1 dealer 0\n" + pack_line() + "\n" + line + "\n"
    raises(text, f"line {text.count(chr(10))}", f"{what} must be a whole number written in"
           " the digits 0 to 9", repr(value))


@pytest.mark.parametrize("value", ["\u0662\u0660\u0660\u0660", "\uff12000", "2_000"])
def test_a_whole_number_option_in_a_record_takes_the_digits_0_to_9_only(value: str) -> None:
    """An option's number is read by the option's own parser, which int() let take
    '٢٠٠٠' (and '2_000') as 2000."""
    raises(f'[Game "bezique"]\n[Option "game_target" "{value}"]\n', "line 2",
           "option game_target takes a whole number", repr(value))
    assert loads('[Game "bezique"]\n[Option "game_target" "2000"]\n').options == {
        "game_target": "2000"}


def test_a_bid_or_a_melds_value_in_other_digits_in_a_record_does_not_replay() -> None:
    """The actions' numbers, a bid of Auction Binocle and the value a Bézique meld may
    carry in brackets, take the digits 0 to 9 only; 'bid ٢٥٠' replayed as 'bid 250'."""
    text = dumps(record_from_match(play("binocleauction", seed=3, stop_after=2), date=None))
    bid = next(line for line in text.splitlines() if " bid " in line)
    number = bid.split()[-1]
    other = "".join(chr(0x660 + int(d)) for d in number)
    assert replay(loads(text))  # the record as written replays
    message = replay_raises(loads(text.replace(bid, bid[:-len(number)] + other)),
                            "a bid is a number of points", repr(f"bid {other}"))
    assert "deal 1" in message, message
    text = dumps(record_from_match(play("bezique", seed=3, stop_after=200), date=None))
    meld = next(line for line in text.splitlines() if " bezique QS JD" in line)
    assert replay(loads(text.replace(meld, meld + " (40)", 1)))  # as the screen writes it
    replay_raises(loads(text.replace(meld, meld + " (\u0664\u0660)", 1)),
                  "after the cards write the value only")


def test_garbage_file_is_rejected() -> None:
    raises(HEAD + "\n".join("%$#@!" * 3 for _ in range(5)), "line 4", "cannot read")


# -- strict writing ------------------------------------------------------------------------

def test_writer_refuses_what_would_not_read_back(full: tuple[Match, Record, str]) -> None:
    _, record, _ = full
    cases = [
        dataclasses.replace(copy(record), players=("two\nlines", "B")),
        dataclasses.replace(copy(record), kinds=("human", "")),
        dataclasses.replace(copy(record), date="yesterday"),
        dataclasses.replace(copy(record), first_dealer=2),
        dataclasses.replace(copy(record), game="chess"),
        dataclasses.replace(copy(record), options={"nonsense": "1"}),
    ]
    bad_action = copy(record)
    bad_action.deals[0].actions[0] = (0, "QS\n1 JD")
    cases.append(bad_action)
    bad_seat = copy(record)
    bad_seat.deals[0].actions[0] = (2, "QS")
    cases.append(bad_seat)
    bad_pack = copy(record)
    bad_pack.deals[0].pack[0] = 2  # no card has id 2
    cases.append(bad_pack)
    for case in cases:
        with pytest.raises(RecordError):
            dumps(case)


def test_write_is_atomic_and_leaves_no_temporary_file(full: tuple[Match, Record, str],
                                                      tmp_path: Path) -> None:
    _, record, text = full
    path = tmp_path / "saved.bzq"
    path.write_text("old contents\n", encoding="utf-8")
    bad = dataclasses.replace(copy(record), players=("x\ny", "B"))
    with pytest.raises(RecordError):
        write(path, bad)
    assert path.read_text(encoding="utf-8") == "old contents\n"
    write(str(path), record)
    assert path.read_text(encoding="utf-8") == text
    assert os.listdir(tmp_path) == ["saved.bzq"]


def test_read_of_a_binary_file_is_a_record_error(tmp_path: Path) -> None:
    path = tmp_path / "noise.bin"
    path.write_bytes(bytes(range(128, 256)))
    with pytest.raises(RecordError, match="not a text record"):
        read(path)
    with pytest.raises(OSError):
        read(tmp_path / "missing.bzq")


def test_parse_cards_agrees_with_the_pack_line(full: tuple[Match, Record, str]) -> None:
    _, record, text = full
    first_pack = next(line for line in text.splitlines() if line.startswith("Pack: "))
    assert [int(c) for c in parse_cards(first_pack[6:])] == record.deals[0].pack


# -- the documented example ------------------------------------------------------------------

def test_the_example_in_docs_replays_and_writes_back_unchanged() -> None:
    # The example is a real match: Match(make_game("bezique", {"game_target": 2000}),
    # seed=222, first_dealer=0), every action (both seats) chosen by
    # random.Random(222).choice(state.legal_actions()), cut after deal 2's seventh action,
    # written by record_from_match(match, ("Alice", "Computer"), ("human", "random"),
    # date="2026-11-29"). Regenerate it that way when the engine's actions change.
    doc = (Path(__file__).resolve().parent.parent / "docs" / "RECORDS.md").read_text(
        encoding="utf-8")
    example = doc.split("```text\n", 1)[1].split("```", 1)[0]
    record = loads(example)
    assert dumps(record) == example
    match = replay(record)
    assert not match.is_over()
    assert len(match.deals) == 2 and match.deals[0].result is not None
    assert match.sheet.rows[0].points == record.deals[0].points
    assert dumps(record_from_match(match)) == example
    # the error quoted in the docs is the one replay gives
    lines = example.splitlines()
    first = lines.index("Deal 2 dealer 1") + 2
    lines[first] = lines[first][0] + " draw"
    with pytest.raises(RecordError) as info:
        replay(loads("\n".join(lines)))
    quoted = doc.split("changed to `0 draw`:\n\n", 1)[1].split("\n\n", 1)[0]
    assert " ".join(quoted.split()) == str(info.value)


# -- saving a match in play: RecordWriter --------------------------------------------------

def steps(name: str = "bezique", seed: int = 7, options: dict[str, object] | None = None
          ) -> tuple[Match, list[Record]]:
    """A whole match, and its record after each action (the first before any)."""
    match = Match(make_game(name, options), seed=seed)
    bot = RandomBot(seed)
    records = [record_from_match(match, ("Ann", "Bob"), ("human", "random"), date=None)]
    while not match.is_over():
        match.apply(bot.choose(match.state))
        records.append(record_from_match(match, ("Ann", "Bob"), ("human", "random"),
                                         date=None))
    return match, records


@pytest.fixture(scope="module")
def saves() -> tuple[Match, list[Record]]:
    return steps("bezique", seed=3)


def test_writer_saves_a_whole_match_appending_and_rewriting_only_for_the_result(
        saves: tuple[Match, list[Record]], tmp_path: Path) -> None:
    match, records = saves
    path = tmp_path / "r.txt"
    writer = RecordWriter(path, create=True)
    assert not path.exists()  # nothing is written before the first save
    inodes = []
    for record in records:
        before = path.read_bytes() if path.exists() else b""
        writer.save(record)
        text = path.read_text(encoding="utf-8")
        assert text == dumps(record)  # a whole record after every save
        inodes.append(os.stat(path).st_ino)
        if record.result is None and before:
            assert text.encode().startswith(before)  # only appended
    assert records[-1].result is not None and records[-2].result is None
    # one file from the first save to the last but one; the result, at the top, rewrote it
    assert len(set(inodes[:-1])) == 1 and inodes[-1] != inodes[-2]
    assert not writer.behind
    _, replayed = replay_file(path)
    assert replayed.sheet.to_json() == match.sheet.to_json()
    assert os.listdir(tmp_path) == ["r.txt"]


def test_writer_with_create_never_overwrites_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    path.write_text("precious\n", encoding="utf-8")
    with pytest.raises(FileExistsError) as info:
        RecordWriter(path, create=True)
    assert info.value.filename == str(path)
    # a file that appears between the writer's making and its first save is kept too
    other = tmp_path / "s.txt"
    writer = RecordWriter(other, create=True)
    other.write_text("precious\n", encoding="utf-8")
    record = record_from_match(play(stop_after=3), date=None)
    with pytest.raises(FileExistsError):
        writer.save(record)
    assert writer.behind
    assert other.read_text(encoding="utf-8") == "precious\n"
    assert path.read_text(encoding="utf-8") == "precious\n"
    assert sorted(os.listdir(tmp_path)) == ["r.txt", "s.txt"]
    # a dangling symbolic link is an existing name too
    link = tmp_path / "link.txt"
    link.symlink_to(tmp_path / "nowhere.txt")
    with pytest.raises(FileExistsError):
        RecordWriter(link, create=True)


def test_writer_without_create_continues_an_existing_record(
        saves: tuple[Match, list[Record]], tmp_path: Path) -> None:
    _, records = saves
    path = tmp_path / "r.txt"
    with pytest.raises(FileNotFoundError):
        RecordWriter(path, create=False)
    # a hand-written record (a comment, loose spacing) to resume from
    half = len(records) // 2
    path.write_text("# resumed\n" + dumps(records[half]).replace("Pack: ", "pack :"),
                    encoding="utf-8")
    _, match = replay_file(path)
    writer = RecordWriter(path, create=False)
    writer.save(record_from_match(match))  # the first save rewrites, canonically
    assert path.read_text(encoding="utf-8") == dumps(records[half])
    inode = os.stat(path).st_ino
    for record in records[half + 1:-1]:
        writer.save(record)
        assert path.read_text(encoding="utf-8") == dumps(record)
    assert os.stat(path).st_ino == inode


def test_writer_rewrites_when_an_earlier_line_changes(saves: tuple[Match, list[Record]],
                                                      tmp_path: Path) -> None:
    _, records = saves
    path = tmp_path / "r.txt"
    writer = RecordWriter(path, create=True)
    writer.save(records[30])
    changes = [
        dataclasses.replace(copy(records[31]), date="2026-12-01"),     # a header
        dataclasses.replace(copy(records[32]), date="2026-12-01",
                            players=("Cy", "Bob")),
    ]
    fewer = copy(records[33])
    fewer.date, fewer.players = "2026-12-01", ("Cy", "Bob")
    fewer.deals[0].actions[0] = (fewer.deals[0].actions[0][0], "exchange")  # an action
    changes.append(fewer)
    shorter = copy(records[20])  # fewer actions than saved
    shorter.date, shorter.players = "2026-12-01", ("Cy", "Bob")
    changes.append(shorter)
    for record in changes:
        inode = os.stat(path).st_ino
        writer.save(record)
        assert path.read_text(encoding="utf-8") == dumps(record)
        assert os.stat(path).st_ino != inode
    assert os.listdir(tmp_path) == ["r.txt"]


def test_writer_rewrites_a_file_changed_behind_its_back(
        saves: tuple[Match, list[Record]], tmp_path: Path) -> None:
    _, records = saves
    path = tmp_path / "r.txt"
    writer = RecordWriter(path, create=True)
    writer.save(records[10])
    with open(path, "a", encoding="utf-8") as f:
        f.write("# edited by hand\n")
    writer.save(records[11])
    assert path.read_text(encoding="utf-8") == dumps(records[11])
    path.unlink()
    writer.save(records[12])
    assert path.read_text(encoding="utf-8") == dumps(records[12])


def test_writer_appends_sync_the_file(saves: tuple[Match, list[Record]], tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    _, records = saves
    path = tmp_path / "r.txt"
    writer = RecordWriter(path, create=True)
    writer.save(records[5])
    synced: list[int] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append(os.fstat(fd).st_ino)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    writer.save(records[6])
    assert synced == [os.stat(path).st_ino]


def test_full_writes_sync_the_folder_after_the_rename(
        full: tuple[Match, Record, str], saves: tuple[Match, list[Record]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    _, record, _ = full
    events: list[str] = []
    real_fsync, real_replace, real_link = os.fsync, os.replace, os.link

    def fsync(fd: int) -> None:
        events.append("fsync folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "fsync file")
        real_fsync(fd)

    def replace(a: str, b: str) -> None:
        events.append("rename")
        real_replace(a, b)

    def link(a: str, b: str) -> None:
        events.append("link")
        real_link(a, b)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "link", link)
    write(tmp_path / "w.txt", record)
    assert events == ["fsync file", "rename", "fsync folder"]
    events.clear()
    _, records = saves
    writer = RecordWriter(tmp_path / "r.txt", create=True)
    writer.save(records[3])
    assert events == ["fsync file", "link", "fsync folder"]
    events.clear()
    writer.save(records[-1])  # the result: a full rewrite
    assert events == ["fsync file", "rename", "fsync folder"]


def test_failed_save_is_made_good_by_the_next(saves: tuple[Match, list[Record]],
                                              tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    _, records = saves
    path = tmp_path / "r.txt"
    writer = RecordWriter(path, create=True)
    writer.save(records[10])
    real_write = os.write
    calls = 0

    def half_then_full_disk(fd: int, data: bytes) -> int:
        nonlocal calls
        calls += 1
        if calls == 1:
            return real_write(fd, bytes(data[:len(data) // 2]))
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", half_then_full_disk)
    with pytest.raises(OSError, match="No space left"):
        writer.save(records[12])
    assert writer.behind
    # the part written was taken back: the file is still the last saved record
    assert path.read_text(encoding="utf-8") == dumps(records[10])
    # the next save brings the file up to date with everything (rewriting it whole)
    inode = os.stat(path).st_ino
    writer.save(records[13])
    assert not writer.behind
    assert path.read_text(encoding="utf-8") == dumps(records[13])
    assert os.stat(path).st_ino != inode
    monkeypatch.setattr(os, "write", real_write)
    inode = os.stat(path).st_ino
    writer.save(records[15])  # and the saves after it append again
    assert path.read_text(encoding="utf-8") == dumps(records[15])
    assert os.stat(path).st_ino == inode


def test_failed_first_save_is_retried(saves: tuple[Match, list[Record]], tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    _, records = saves
    path = tmp_path / "r.txt"
    writer = RecordWriter(path, create=True)
    real_fsync = os.fsync

    def failing(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", failing)
    with pytest.raises(OSError, match="Input/output"):
        writer.save(records[0])
    assert writer.behind and not path.exists()
    assert os.listdir(tmp_path) == []  # the temporary file is removed
    monkeypatch.setattr(os, "fsync", real_fsync)
    writer.save(records[1])
    assert path.read_text(encoding="utf-8") == dumps(records[1])
    assert not writer.behind


def test_writer_creates_without_hard_links_and_still_never_overwrites(
        saves: tuple[Match, list[Record]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # file systems without hard links (FAT, some network shares): an exclusive create
    _, records = saves

    def no_links(a: str, b: str) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "r.txt"
    writer = RecordWriter(path, create=True)
    writer.save(records[4])
    assert path.read_text(encoding="utf-8") == dumps(records[4])
    other = tmp_path / "s.txt"
    late = RecordWriter(other, create=True)
    other.write_text("precious\n", encoding="utf-8")
    with pytest.raises(FileExistsError):
        late.save(records[4])
    assert other.read_text(encoding="utf-8") == "precious\n"
    assert sorted(os.listdir(tmp_path)) == ["r.txt", "s.txt"]


def test_record_the_writer_refuses_leaves_the_file_as_it_was(
        saves: tuple[Match, list[Record]], tmp_path: Path) -> None:
    _, records = saves
    path = tmp_path / "r.txt"
    writer = RecordWriter(path, create=True)
    writer.save(records[10])
    bad = copy(records[11])
    bad.deals[-1].actions[-1] = (0, "two\nlines")
    with pytest.raises(RecordError):
        writer.save(bad)
    assert writer.behind
    assert path.read_text(encoding="utf-8") == dumps(records[10])
    writer.save(records[12])
    assert path.read_text(encoding="utf-8") == dumps(records[12])


def test_writer_refuses_to_grow_past_the_record_limit(
        saves: tuple[Match, list[Record]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    _, records = saves
    path = tmp_path / "r.txt"
    writer = RecordWriter(path, create=True)
    writer.save(records[10])
    monkeypatch.setattr(record_module, "MAX_RECORD_BYTES", path.stat().st_size + 10)
    writer.save(records[11])  # one action: within the limit
    with pytest.raises(RecordError, match="a record may hold at most"):
        writer.save(records[20])
    assert path.read_text(encoding="utf-8") == dumps(records[11])


def test_full_writes_remove_stale_temporaries_of_that_record_only(
        full: tuple[Match, Record, str], tmp_path: Path) -> None:
    _, record, _ = full
    stale = [".r.txt.abcd_123.tmp", ".r.txt.zz9zz9zz.tmp"]
    kept = [".r.txt.abc.tmp", ".r.txt.abcd1234.tmp.keep", "r.txt.abcd1234.tmp",
            ".q.txt.abcd1234.tmp", ".r.txt.ab.d1234.tmp", ".r.txt.x.abcd1234.tmp",
            ".r.txt.ABCD1234.tmp", "notes.txt"]
    for name in stale + kept:
        (tmp_path / name).write_text("x", encoding="utf-8")
    (tmp_path / ".r.txt.dir12345.tmp").mkdir()
    write(tmp_path / "r.txt", record)
    assert sorted(os.listdir(tmp_path)) == sorted(["r.txt", ".r.txt.dir12345.tmp", *kept])
    for name in stale:
        (tmp_path / name).write_text("x", encoding="utf-8")
    writer = RecordWriter(tmp_path / "r.txt", create=False)
    writer.save(record)
    assert sorted(os.listdir(tmp_path)) == sorted(["r.txt", ".r.txt.dir12345.tmp", *kept])


# A match played by a child process that saves after every action and says so; the test
# kills it at random moments and resumes the file in a new child, as bezique play would.
KILLED_CHILD = r"""
import os, random, sys
import bezique.record as record_module
from bezique.bots import RandomBot
from bezique.core.match import Match
from bezique.games import make_game
from bezique.record import RecordWriter, record_from_match, replay_file

path, seed = sys.argv[1], int(sys.argv[2])
if os.path.exists(path):
    _, match = replay_file(path)
    writer = RecordWriter(path, create=False)
else:
    match = Match(make_game("bezique", {"game_target": 2000}), seed=seed)
    writer = RecordWriter(path, create=True)
print("ready", flush=True)  # started: the parent's clock for the kill starts now
bot = RandomBot(0)
while True:
    done = sum(len(d.actions) for d in match.deals)
    # a new date every 20 actions: a full rewrite, as the result is at the end
    date = f"2026-01-{1 + done // 20 % 2:02d}"
    writer.save(record_from_match(match, ("A", "B"), ("human", "random"), date=date))
    print(done, flush=True)
    if match.is_over():
        break
    bot.rng = random.Random(f"{seed} {done}")
    match.apply(bot.choose(match.state))
"""


def killed_child_actions(seed: int) -> list[tuple[int, str]]:
    """Every action of the child's match, as it plays it."""
    match = Match(make_game("bezique", {"game_target": 2000}), seed=seed)
    bot = RandomBot(0)
    while not match.is_over():
        bot.rng = random.Random(f"{seed} {sum(len(d.actions) for d in match.deals)}")
        match.apply(bot.choose(match.state))
    return [a for d in match.deals for a in zip(d.seats, d.actions, strict=True)]


def kill_chain(folder: Path, seed: int, kills: int) -> int:
    """Start children on one record, kill each at a random moment, check the file, and go
    on from it; a match played out is followed by a new one. The number of saves seen."""
    rng = random.Random(seed)
    file_no, killed, seen = 1, 0, 0
    expected = killed_child_actions(seed)
    path = folder / f"r{seed}-{file_no}.txt"
    while killed < kills:
        child = subprocess.Popen([sys.executable, "-c", KILLED_CHILD, str(path), str(seed)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        # the kill falls among the saves, however long the child took to start (on a
        # loaded machine Python's start alone can outlast a fixed delay)
        assert child.stdout is not None
        started = child.stdout.readline() == b"ready\n"
        time.sleep(rng.uniform(0.0, 0.2))
        child.kill()
        out, err = child.communicate()
        assert started and child.returncode in (0, -signal.SIGKILL), err.decode()
        killed += child.returncode != 0
        saved = [int(n) for n in out.split()]
        seen += len(saved)
        if not path.exists():
            assert saved == []  # killed before its first save was done
            continue
        # the file is a whole record holding at least every action of the saves done
        record, match = replay_file(path)
        actions = [a for d in record.deals for a in d.actions]
        assert actions == expected[:len(actions)]
        assert len(actions) >= max(saved, default=0)
        temporaries = [n for n in os.listdir(folder) if n.startswith(f".{path.name}.")]
        assert len(temporaries) <= 1, temporaries  # a kill leaves one at most
        if match.is_over():  # done: the next kills go to a new match
            seed += 100
            file_no += 1
            expected = killed_child_actions(seed)
            path = folder / f"r{seed}-{file_no}.txt"
    # the last match played to its end, from where the kills left it
    done = subprocess.run([sys.executable, "-c", KILLED_CHILD, str(path), str(seed)],
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    record, match = replay_file(path)
    assert match.is_over()
    assert [a for d in record.deals for a in d.actions] == expected
    assert [n for n in os.listdir(folder) if n.startswith(f".{path.name}.")] == []
    return seen


def test_save_survives_a_kill_at_any_moment(tmp_path: Path) -> None:
    # two chains of 15 kills side by side (the children mostly wait on the disk)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        chains = [pool.submit(kill_chain, tmp_path, seed, 15) for seed in (1, 2)]
        seen = [chain.result() for chain in chains]
    assert min(seen) > 15  # the kills fell among saves, not only before the first


# -- tables of three to six seats (format version 2) -------------------------------------------

from test_core_game import Follow, FollowBox, FollowOptions  # noqa: E402


@pytest.fixture()
def tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test suite's N-seat game, registered for the records under its name."""
    monkeypatch.setitem(GAMES, "follow", Follow)
    monkeypatch.setitem(GAMES, "followbox", FollowBox)


def play_table(seed: int = 4, first_dealer: int = 0, stop_after: int | None = None,
               cls: type[Follow] = Follow, **options: object) -> Match:
    match = Match(cls(FollowOptions(**options)), seed=seed,  # type: ignore[arg-type]
                  first_dealer=first_dealer)
    rng = random.Random(seed)
    n = 0
    while not match.is_over() and (stop_after is None or n < stop_after):
        match.apply(rng.choice(match.state.legal_actions()))
        n += 1
    return match


NAMES4 = ("North", "East", "South", "West")
KINDS4 = ("human", "rules", "rules", "rules")


@pytest.mark.usefixtures("tables")
@pytest.mark.parametrize("options", [
    {"players": 3}, {"players": 4}, {"players": 4, "partners": "opposite"},
    {"players": 3, "partners": "one_against_rest", "consult": True},
    {"players": 5, "packs": 2}, {"players": 6, "partners": "opposite"},
])
def test_a_table_of_n_seats_round_trips_in_version_2(options: dict[str, object]) -> None:
    match = play_table(seed=7, first_dealer=1, **options)
    assert match.is_over()
    n = match.game.num_players
    names = tuple(f"P{k}" for k in range(n))
    record = record_from_match(match, names, ("random",) * n, date=None)
    text = dumps(record)
    lines = text.splitlines()
    assert lines[0] == '[Format "2"]' and f'[Seats "{n}"]' in lines
    assert [ln for ln in lines if ln.startswith("[Player")] == [
        f'[Player{k} "P{k}" "random"]' for k in range(n)]
    assert any(ln.startswith("[Sides ") for ln in lines) == (options.get("partners", "none")
                                                            != "none")
    assert loads(text) == record
    replayed = replay(loads(text))
    assert replayed.sheet == match.sheet
    assert [(d.dealer, d.pack, d.actions, d.seats) for d in replayed.deals] == \
        [(d.dealer, d.pack, d.actions, d.seats) for d in match.deals]
    assert dumps(record_from_match(replayed)) == text
    for line in lines:
        if line.startswith("Points: "):
            assert len(line.split()) == n + 1


@pytest.mark.usefixtures("tables")
def test_sides_are_written_as_the_seats_of_each_side() -> None:
    text = dumps(record_from_match(play_table(partners="opposite", stop_after=3), NAMES4,
                                   KINDS4, date=None))
    assert '[Sides "0 2" "1 3"]' in text.splitlines()
    spaced = text.replace('[Sides "0 2" "1 3"]', '[Sides " 0  2"   "1 3 "]')
    assert spaced != text and dumps(loads(spaced)) == text  # read tolerantly, written canonically
    box = dumps(record_from_match(play_table(players=3, partners="one_against_rest",
                                             stop_after=1), date=None))
    assert '[Sides "0" "1 2"]' in box.splitlines()
    assert '[Player2 "Player 2" "unknown"]' in box.splitlines()


@pytest.mark.usefixtures("tables")
def test_an_unfinished_table_resumes_like_the_original() -> None:
    whole = play_table(seed=3, players=5)
    part = play_table(seed=3, players=5, stop_after=77)
    resumed = replay(loads(dumps(record_from_match(part, date=None))))
    assert resumed.current_player() == part.current_player()
    assert str(resumed.state) == str(part.state)
    rng = random.Random(8)
    while not resumed.is_over():  # other play: the same packs and dealers from the seed
        resumed.apply(rng.choice(resumed.state.legal_actions()))
    k = min(len(whole.deals), len(resumed.deals))
    assert [(d.dealer, d.pack) for d in resumed.deals[:k]] == \
        [(d.dealer, d.pack) for d in whole.deals[:k]]


@pytest.mark.usefixtures("tables")
def test_records_of_three_and_four_seats_replay_in_one_pass(tmp_path: Path) -> None:
    for n in (3, 4):
        match = play_table(seed=n, players=n)
        path = tmp_path / f"table{n}.txt"
        write(path, record_from_match(match, date=None))
        record, replayed = replay_file(path)
        assert record == read(path) and replayed.sheet == match.sheet


@pytest.mark.usefixtures("tables")
def test_the_version_2_example_in_the_docs_is_what_the_writer_writes() -> None:
    doc = (Path(__file__).resolve().parent.parent / "docs" / "RECORDS.md").read_text(
        encoding="utf-8")
    example = doc.split("```text\n[Format \"2\"]", 1)[1].split("```", 1)[0]
    example = '[Format "2"]' + example
    match = play_table(seed=4, first_dealer=3, partners="opposite")
    text = dumps(record_from_match(match, NAMES4, KINDS4, date=None,
                                   result=None)).splitlines()
    head, deal = example.split("\n\n", 1)
    assert text[:len(head.splitlines())] == head.splitlines()
    body = deal.splitlines()
    start = text.index(body[0])
    assert text[start + 1].startswith("Pack: ")
    assert text[start + 2:start + 6] == body[2:6]  # the first trick
    points = [ln for ln in text if ln.startswith("Points: ")]
    assert points[0] == body[-1]


@pytest.mark.usefixtures("tables")
def test_a_dealer_the_game_passes_its_own_way_is_checked_by_the_replay() -> None:
    match = play_table(seed=5, players=3, cls=FollowBox)
    record = copy(record_from_match(match, date=None))
    assert any(a.dealer == b.dealer for a, b in zip(match.deals, match.deals[1:],
                                                     strict=False))
    replay(record)
    bad = copy(record)
    i = next(k for k in range(1, len(bad.deals))
             if bad.deals[k].dealer == bad.deals[k - 1].dealer)
    bad.deals[i].dealer = (bad.deals[i].dealer + 1) % 3
    replay_raises(bad, f"deal {i + 1}: the dealer is seat", "by the rules of Follow")


V2_HEAD = ('[Format "2"]\n[Game "follow"]\n[Option "players" "3"]\n[Seats "3"]\n'
           '[Player0 "A" "human"]\n')


@pytest.mark.usefixtures("tables")
@pytest.mark.parametrize(("text", "fragments"), [
    ('[Game "follow"]\nDeal 1 dealer 0\n', ("line 2", "Follow at 4 seats is recorded in"
                                            " format version 2, not 1")),
    ('[Format "1"]\n[Game "follow"]\n[Seats "4"]\n', ("line 3", "unknown header 'Seats'")),
    ('[Format "2"]\n[Game "follow"]\nDeal 1 dealer 0\n', ("line 3", "[Seats \"N\"]")),
    ('[Format "2"]\n[Game "follow"]\n[Seats "3"]\nDeal 1 dealer 0\n',
     ("line 4", "the record has 3 seats, but Follow with these options seats 4")),
    ('[Format "2"]\n[Game "follow"]\n[Seats "7"]\n', ("line 3", "seats must be 2 to 6")),
    ('[Format "2"]\n[Game "follow"]\n[Option "partners" "opposite"]\n[Seats "4"]\n'
     'Deal 1 dealer 0\n', ("line 5", 'partnerships: the record gives [Sides "0 2" "1 3"]')),
    ('[Format "2"]\n[Game "follow"]\n[Option "partners" "opposite"]\n[Seats "4"]\n'
     '[Sides "0 1" "2 3"]\nDeal 1 dealer 0\n', ("line 6", "not those of Follow")),
    ('[Format "2"]\n[Game "follow"]\n[Seats "4"]\n[Sides "0 2" "1 3"]\nDeal 1 dealer 0\n',
     ("line 5", "has no partnerships")),
    ('[Format "2"]\n[Game "follow"]\n[Sides "0 2"]\n', ("line 3", "two quoted values or")),
    ('[Format "2"]\n[Game "follow"]\n[Sides "0 2" "1 x"]\n', ("line 3", "its seats")),
    ('[Format "2"]\n[Game "follow"]\n[Sides "0 2" ""]\n', ("line 3", "its seats")),
    ('[Format "2"]\n[Game "follow"]\n[Sides "0 2" "1 2"]\n', ("line 3", "each seat once")),
    (V2_HEAD + '[Player3 "D" "human"]\nDeal 1 dealer 0\n',
     ("line 7", "header Player3 names seat 3, but the table has 3 seats")),
    (V2_HEAD + '[Player6 "D" "human"]\n', ("line 6", "unknown header 'Player6'")),
    (V2_HEAD + '[FirstDealer "3"]\nDeal 1 dealer 3\n',
     ("line 7", "the first dealer must be 0 to 2, not 3")),
    (V2_HEAD + '[FirstDealer "9"]\n', ("line 6", "the first dealer must be a seat")),
    (V2_HEAD + 'Deal 1 dealer 3\n', ("line 6", "bad dealer seat '3' (0 to 2)")),
    (V2_HEAD + 'Deal 1 dealer 1\n', ("line 6", "the dealer is seat 0 (the deal passes to"
                                     " the left from first dealer 0), not seat 1")),
    (V2_HEAD + 'Deal 1 dealer 0\nPack: ' + " ".join(str(Card(c)) for c in
                                                     Follow().pack_order(seed=1))
     + '\n3 AS\n', ("line 8", "bad seat '3' in '3 AS' (0 to 2)")),
    (V2_HEAD + 'Deal 1 dealer 0\nPack: ' + " ".join(str(Card(c)) for c in
                                                     Follow().pack_order(seed=1))
     + '\nPoints: 1 2\n', ("line 8", "'Points:' takes 3 whole numbers (seats 0 to 2)")),
])
def test_a_malformed_table_record_names_line_and_fault(text: str,
                                                       fragments: tuple[str, ...]) -> None:
    raises(text, *fragments)


@pytest.mark.usefixtures("tables")
def test_the_writer_refuses_a_table_record_that_would_not_read_back() -> None:
    record = record_from_match(play_table(players=3, stop_after=4), date=None)
    for change in (
            {"players": ("A", "B")},  # names for two seats only
            {"first_dealer": 3},
            {"deals": [dataclasses.replace(record.deals[0], dealer=5)]},
            {"deals": [dataclasses.replace(record.deals[0],
                                           actions=[(3, "AS")])]},
            {"deals": [dataclasses.replace(record.deals[0], points=(1, 2))]},
    ):
        with pytest.raises(RecordError):
            dumps(dataclasses.replace(record, **change))  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="a record of 3 seats needs 3 player names"):
        record_from_match(play_table(players=3, stop_after=1), ("A", "B"))


@pytest.mark.usefixtures("tables")
def test_the_writer_appends_to_a_table_record(tmp_path: Path) -> None:
    path = tmp_path / "t.txt"
    writer = RecordWriter(path, create=True)
    match = Match(Follow(FollowOptions(players=6, partners="opposite")), seed=2)
    rng = random.Random(2)
    while not match.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
        writer.save(record_from_match(match, date=None))
        if len(match.deals) > 2:
            break
    assert read(path) == record_from_match(match, date=None)


def test_two_seat_records_are_version_1_byte_for_byte(full: tuple[Match, Record, str]
                                                      ) -> None:
    _, record, text = full
    assert text.startswith('[Format "1"]\n[Game "bezique"]\n')
    assert "[Seats" not in text and "[Sides" not in text
    assert dumps(loads(text)) == text and record.players == ("Alice", "Computer")


# -- the story in comment lines ------------------------------------------------------------


NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")


def told_match(name: str, seed: int) -> tuple[Match, list[list[list[str]]], list[list[set[str]]]]:
    """A whole match of random play, with what each action of each deal told (its new
    public events in sentences, the players named as in ``NAMES``, cards in letters)
    and the cards hidden from someone who sees no hand just after it (from the deal's
    own state, before the next deal is dealt). Index 0 of each deal: on the deal."""
    from test_properties import public_secret_cards
    match = Match(make_game(name), seed=seed)
    n = match.game.num_players
    names = Names(NAMES[:n], symbols=False)
    rng = random.Random(seed)
    told: list[list[list[str]]] = []
    secret: list[list[set[str]]] = []
    while not match.is_over():
        state = match.state
        if len(told) < len(match.deals):
            told.append([[e.describe(names) for e in state.events()]])
            secret.append([public_secret_cards(state) or set()])
        before = len(state.events())
        match.apply(rng.choice(state.legal_actions()))
        told[-1].append([e.describe(names) for e in state.events()[before:]])
        secret[-1].append(public_secret_cards(state) or set())
    return match, told, secret


def comments_by_action(text: str) -> list[list[list[str]]]:
    """The comment lines of a record, by deal and by action (index 0: those after the
    ``Pack:`` line)."""
    out: list[list[list[str]]] = []
    for line in text.splitlines():
        if line.startswith("Pack: "):
            out.append([[]])
        elif line.startswith("# "):
            out[-1][-1].append(line[2:])
        elif line and line[0].isdigit():
            out[-1].append([])
    return out


STORY_GAMES = ["bezique", "rubicon", "bezique4", "chouette", "binocle3", "binocleauction",
               "sixtysix", "sixtysix3", "sixtysix4", "napoleon",
               "hearts", "heartsauction",
               "heartsopenspiel"]


@pytest.mark.parametrize("name", STORY_GAMES)
def test_a_told_record_tells_each_actions_events_and_reads_and_replays_as_without(
        name: str) -> None:
    """The story: after each action, the public events it produced (after the pack,
    what the deal showed), named as the headers name the players; the reader ignores
    it, so the record reads back the same and replays to the same match, and without
    its comment lines it is the record written without a story."""
    match, told, _ = told_match(name, seed=5)
    n = match.game.num_players
    record = record_from_match(match, NAMES[:n], ("random",) * n, date=None)
    text = dumps(record, story=True)
    assert comments_by_action(text) == told
    assert sum(len(a) for deal in told for a in deal) > len(match.deals)  # a story
    assert loads(text) == record
    again = replay(loads(text))
    assert again.sheet == match.sheet and str(again.state) == str(match.state)
    assert dumps(loads(text), story=True) == text
    plain = dumps(record)
    assert "#" not in plain
    assert "".join(line + "\n" for line in text.splitlines()
                   if not line.startswith("#")) == plain


@pytest.mark.parametrize("name", STORY_GAMES)
def test_the_story_never_names_a_hidden_card(name: str) -> None:
    """Events never hold a hidden card; checked on whole matches all the same: no card
    a comment names lies, every copy, where someone who sees no hand cannot see it once
    the action is taken. Cards are named in letters, as the actions write them."""
    match, told, secret = told_match(name, seed=9)
    n = match.game.num_players
    text = dumps(record_from_match(match, NAMES[:n], ("random",) * n, date=None),
                 story=True)
    card = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][CDHS])(?![A-Za-z0-9])")
    named = 0
    for deal, hidden in zip(comments_by_action(text), secret, strict=True):
        for lines, cards in zip(deal, hidden, strict=True):
            for line in lines:
                assert not set(card.findall(line)) & cards, line
                assert not set(line) & set("♠♥♦♣"), line
                named += len(card.findall(line))
    assert named  # the test can fail: the story names cards


def test_a_player_named_you_is_addressed_so_in_the_story() -> None:
    match = play("bezique", seed=3, stop_after=4)
    text = dumps(record_from_match(match, ("You", "Computer"), ("human", "rules"),
                                   date=None), story=True)
    plays = [line for line in text.splitlines() if " play" in line and line[0] == "#"]
    assert any(line.startswith("# You play ") for line in plays)
    assert any(line.startswith("# Computer plays ") for line in plays)
    assert not any(line.startswith("# You plays") for line in plays)


def test_a_record_that_does_not_replay_cannot_be_told(full: tuple[Match, Record, str]
                                                      ) -> None:
    _, record, _ = full
    bad = copy(record)
    bad.deals[0].actions[0] = (bad.deals[0].actions[0][0], "draw")
    dumps(bad)  # the form is right: written without a story
    with pytest.raises(RecordError, match=r"deal 1, action 1: 'draw' cannot be told"):
        dumps(bad, story=True)


def test_a_writer_with_a_story_appends_each_actions_story(
        saves: tuple[Match, list[Record]], tmp_path: Path) -> None:
    match, records = saves
    path = tmp_path / "r.txt"
    writer = RecordWriter(path, create=True, story=True)
    inodes = []
    for record in records:
        before = path.read_bytes() if path.exists() else b""
        writer.save(record)
        text = path.read_text(encoding="utf-8")
        assert text == dumps(record, story=True)
        inodes.append(os.stat(path).st_ino)
        if record.result is None and before:
            assert text.encode().startswith(before)  # only appended
    assert len(set(inodes[:-1])) == 1  # appended from the first save to the last but one
    assert text.count("\n# ") > len(records)
    record, replayed = replay_file(path)
    assert record == records[-1] and replayed.sheet == match.sheet


def test_a_writer_with_a_story_tells_a_resumed_record_and_recovers_a_failed_save(
        saves: tuple[Match, list[Record]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    _, records = saves
    path = tmp_path / "r.txt"
    RecordWriter(path, create=True).save(records[20])  # a record without a story
    writer = RecordWriter(path, create=False, story=True)
    writer.save(records[21])  # the first save of a resumed record rewrites it, told
    assert path.read_text(encoding="utf-8") == dumps(records[21], story=True)
    real_write = os.write

    def full_disk(fd: int, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", full_disk)
    with pytest.raises(OSError, match="No space left"):
        writer.save(records[23])
    monkeypatch.setattr(os, "write", real_write)
    assert path.read_text(encoding="utf-8") == dumps(records[21], story=True)
    for k in (24, 25):  # made good, then appended again
        writer.save(records[k])
        assert path.read_text(encoding="utf-8") == dumps(records[k], story=True)
    # a record refused after some of its new actions were told: nothing written, and
    # the next save tells those actions once, where they are
    bad = copy(records[30])
    deal = bad.deals[-1]
    deal.actions[-1] = (deal.actions[-1][0], "two  spaces")
    with pytest.raises(RecordError, match="single spaces"):
        writer.save(bad)
    assert path.read_text(encoding="utf-8") == dumps(records[25], story=True)
    for k in (30, 40):
        writer.save(records[k])
        assert path.read_text(encoding="utf-8") == dumps(records[k], story=True)


def test_the_story_in_the_docs_is_what_the_writer_tells() -> None:
    doc = (Path(__file__).resolve().parent.parent / "docs" / "RECORDS.md").read_text(
        encoding="utf-8")
    example = doc.split("```text\n", 1)[1].split("```", 1)[0]
    told = doc.split("```text\nDeal 1 dealer 0\n", 1)[1].split("```", 1)[0]
    text = dumps(loads(example), story=True)
    assert "\nDeal 1 dealer 0\n" + told in text
