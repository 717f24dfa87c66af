"""The referee: what happened at a real table, read from a file, ruled on law by law.

The file (``docs/LAWS.md``, "The referee's file"; an example in
``examples/hearts-dispute.txt``) is the deal as it lay, then the actions in order:

- ``#`` begins a comment line; blank lines are skipped.
- Headers, one a line, before the actions, as in the game records: ``[Game "hearts"]``
  (required), ``[Option "NAME" "VALUE"]`` (any of the game's options, repeatable),
  ``[Dealer "3"]`` (required), ``[Hand "SEAT" "CARD CARD ..."]`` (each seat's hand as it
  was dealt, required for every seat), and optionally ``[Pool "N"]`` and ``[Jack "yes"]``
  (the pool carried to the deal, and whether it is a Jack), ``[Aside "CARD ..."]``
  (cards found out of play, a hand being short), ``[Interrupted "yes"]`` (Law 14: a
  player touched his cards or interrupted the dealer); a family may read headers of its
  own (the Bézique family: ``[Stock "CARD ..."]``, top card first, ``[Turnup "CARD"]``).
- Then one action a line, ``SEAT ACTION``: the game's own notation (``2 QS``, ``0 bid
  3``) or a law action (``1 two 5C 9C``, ``3 claim 1``, ``2 mix``: :data:`.base.VERBS`),
  in the order they happened, irregular ones included, each tagged with the seat that
  did it (out of turn too).

:func:`referee` reads it and returns a :class:`Verdict`: each action with the rulings it
brought, the irregularities and the settlement (when the hand was played out).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from ..core.cards import Card, card_name
from ..core.errors import BeziqueError, NotationError
from ..games import make_game
from .base import LawTable, Ruling, laws_for

__all__ = ["RefereeError", "Verdict", "referee"]

HEADER = re.compile(r'^\[(\w+)((?:\s+"[^"]*")+)\s*\]$')
VALUE = re.compile(r'"([^"]*)"')
MAX_LINES = 2000


class RefereeError(BeziqueError, ValueError):
    """A referee's file that cannot be read or does not replay; names the line."""


@dataclasses.dataclass
class Verdict:
    """What the laws make of a table: ``steps`` (line, action, rulings), the table after
    the last action, and ``settlement`` (None while the hand is not played out)."""

    table: LawTable
    steps: list[tuple[int, str, list[Ruling]]]
    settlement: Any
    closing: list[Ruling]

    def to_json(self) -> dict[str, Any]:
        t = self.table
        s = self.settlement
        return {
            "game": t.game.name, "laws": t.laws_title,
            "options": t.game.options.changed() if hasattr(t.game.options, "changed")
            else {},
            "actions": [{"line": n, "action": text,
                         "rulings": [{"law": r.law, "text": r.text} for r in rulings]}
                        for n, text, rulings in self.steps],
            "closing": [{"law": r.law, "text": r.text} for r in self.closing],
            "irregularities": [i.to_json() for i in t.irregularities],
            "played_out": t.over,
            "settlement": None if s is None else {
                "net": list(s.net), "pool": s.pool, "jack": s.jack, "notes": list(s.notes)},
        }

    def lines(self) -> list[str]:
        t = self.table
        out = [f"{t.game.title} at {t.n}, under {t.laws_title}."]
        for n, text, rulings in self.steps:
            if rulings:
                out.append(f"line {n}: {text}")
                out += [f"  {r}" for r in rulings]
        if self.closing:
            out.append("At the end of the hand:")
            out += [f"  {r}" for r in self.closing]
        if t.irregularities:
            out.append("Irregularities:")
            out += [f"  {i.describe()}" for i in t.irregularities]
        else:
            out.append("No irregularity.")
        s = self.settlement
        if s is None:
            out.append(f"The hand is not played out: seat {t.to_move()} is to play; no"
                       " settlement yet.")
            return out
        out.append("Settlement: " + ", ".join(f"seat {p} {x:+d}" for p, x in enumerate(s.net))
                   + (f"; the pool keeps {s.pool}" + (" (a Jack)" if s.jack else "")
                      if s.pool else ""))
        out += [f"  {x}" for x in s.notes]
        return out


def _headers(lines: list[tuple[int, str]]) -> tuple[dict[str, list[list[str]]], int]:
    heads: dict[str, list[list[str]]] = {}
    i = 0
    while i < len(lines):
        n, text = lines[i]
        if not text.startswith("["):
            break
        m = HEADER.match(text)
        if not m:
            raise RefereeError(f"line {n}: not a header: {text[:60]!r} (write e.g."
                               ' [Dealer "3"])')
        heads.setdefault(m.group(1).lower(), []).append(
            [v for v in VALUE.findall(m.group(2))])
        i += 1
    return heads, i


def _one(heads: dict[str, list[list[str]]], name: str, default: str | None = None) -> str:
    got = heads.get(name.lower())
    if not got:
        if default is None:
            raise RefereeError(f"the header [{name} ...] is missing")
        return default
    return got[-1][0]


def _yes(text: str, name: str) -> bool:
    if text.lower() in ("yes", "true", "1"):
        return True
    if text.lower() in ("no", "false", "0"):
        return False
    raise RefereeError(f"[{name}] takes yes or no, not {text!r}")


def referee(text: str) -> Verdict:
    """Read a referee's file and rule on it (see the module)."""
    raw = text.splitlines()
    if len(raw) > MAX_LINES:
        raise RefereeError(f"the file has {len(raw)} lines: at most {MAX_LINES}")
    lines = [(n, x.strip()) for n, x in enumerate(raw, 1)
             if x.strip() and not x.strip().startswith("#")]
    heads, start = _headers(lines)
    try:
        opts = [f"{v[0]}={v[1]}" for v in heads.get("option", []) if len(v) == 2]
        if len(opts) != len(heads.get("option", [])):
            raise RefereeError('[Option "NAME" "VALUE"] takes a name and a value')
        game = make_game(_one(heads, "Game"), opts)
        cls = laws_for(game)
        dealer_text = _one(heads, "Dealer")
        if not dealer_text.isdigit() or int(dealer_text) >= game.num_players:
            raise RefereeError(f"[Dealer] is a seat from 0 to {game.num_players - 1},"
                               f" not {dealer_text!r}")
        hands: list[list[int] | None] = [None] * game.num_players
        for v in heads.get("hand", []):
            if len(v) != 2 or not v[0].isdigit() or int(v[0]) >= game.num_players:
                raise RefereeError(f'[Hand "SEAT" "CARDS"]: SEAT from 0 to'
                                   f" {game.num_players - 1}, then the cards")
            hands[int(v[0])] = [_card(game, w) for w in v[1].split()]
        missing = [p for p, h in enumerate(hands) if h is None]
        if missing:
            raise RefereeError("no [Hand] for seat " + ", ".join(map(str, missing)))
        aside = [_card(game, w) for w in _one(heads, "Aside", "").split()]
        state = cls.deal_as_lay(game, int(dealer_text), [h or [] for h in hands],
                                pool=int(_one(heads, "Pool", "0")),
                                jack=_yes(_one(heads, "Jack", "no"), "Jack"), aside=aside,
                                headers={k: v[-1][0] for k, v in heads.items() if v[-1]})
        kwargs = {}
        if "interrupted" in heads:
            kwargs["interrupted"] = _yes(_one(heads, "Interrupted"), "Interrupted")
        table = cls(state, **kwargs)
    except RefereeError:
        raise
    except (BeziqueError, ValueError) as exc:
        raise RefereeError(f"the deal: {exc}") from None
    steps: list[tuple[int, str, list[Ruling]]] = []
    for n, line in lines[start:]:
        if line.startswith("["):
            raise RefereeError(f"line {n}: a header after the actions")
        try:
            rulings = table.act(line)
        except (BeziqueError, ValueError) as exc:
            raise RefereeError(f"line {n}: {line[:60]!r}: {exc}") from None
        steps.append((n, line, rulings))
    before = len(table.rulings)
    settlement = table.settle() if table.over else None
    return Verdict(table, steps, settlement, table.rulings[before:])


def _card(game: Any, word: str) -> int:
    """A card of ``game``'s pack (its own reader, which knows the pack, when it has one)."""
    read = getattr(game, "read_card", None)
    return int(read(word) if read is not None else Card.parse(word))


def hand_text(cards: list[int]) -> str:
    return " ".join(card_name(c) for c in cards)


_ = NotationError  # the notation errors reach the caller as RefereeError lines
