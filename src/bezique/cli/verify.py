"""``bezique verify URL``: check a table's finished deals from outside the server, as
anyone may (docs/PROTOCOL.md, *The deal commitment*): each deal's commitment is the
SHA-256 of its revealed salt and pack, the pack is the game's pack reordered, and the
actions replay legally with the engine from that pack, the deals before it first.

Only the standard library talks to the server (``urllib``), so the check needs nothing
the rules engine does not: a player can run it without the server extra.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Sequence
from typing import Any, NoReturn

import click

from ..core.cards import Card
from ..core.errors import BeziqueError
from ..core.game import Game
from ..core.match import Match
from ..games import make_game
from .main import cli

__all__ = ["DealRecord", "VerifyError", "check_deals", "commitment_of", "parse_url"]

#: the most bytes read of one answer: a deal of the largest game (six packs, hundreds of
#: actions) is some tens of KiB; anything far beyond is not an honest answer
MAX_ANSWER = 2 * 1024 * 1024
#: the most deals fetched of one table (a long match has some tens), and the most bytes
#: read in all: a hostile server cannot keep the checker reading and replaying for ever
MAX_DEALS = 500
MAX_TOTAL = 32 * 1024 * 1024
TIMEOUT = 20.0
_ID = r"[A-Za-z0-9_-]{1,40}"
_TABLE_PATH = re.compile(rf"^(?P<prefix>.*)/t/(?P<id>{_ID})/?$")
_DEAL_PATH = re.compile(
    rf"^(?P<prefix>.*)/api/tables/(?P<id>{_ID})/deals/(?P<deal>[0-9]{{1,6}})/?$")
_HEX = re.compile(r"[0-9a-f]{64}")
_SALT = re.compile(r"[0-9a-f]{32}")


class VerifyError(Exception):
    """Nothing could be checked: a bad URL, an unreachable server, a malformed answer."""


@dataclasses.dataclass(frozen=True)
class Target:
    """What a URL names: the server's base URL, the table, and one deal or every one."""

    base: str
    table: str
    deal: int | None


def parse_url(url: str) -> Target:
    """The table (``http://host:port/t/<id>``, a ``?token=`` ignored and never sent) or
    the deal (``.../api/tables/<id>/deals/<k>``) a URL names."""
    try:
        parts = urllib.parse.urlsplit(url.strip())
    except ValueError as exc:
        raise VerifyError(f"not a URL: {url[:100]!r} ({exc})") from None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise VerifyError(f"not a table's URL: {url[:100]!r}; give http://host:port/t/<table>"
                          " or http://host:port/api/tables/<table>/deals/<deal>")
    base = f"{parts.scheme}://{parts.netloc}"
    found = _DEAL_PATH.match(parts.path)
    if found:
        deal = int(found["deal"])
        if deal < 1:
            raise VerifyError("deals are numbered from 1")
        return Target(base + found["prefix"], found["id"], deal)
    found = _TABLE_PATH.match(parts.path)
    if found:
        return Target(base + found["prefix"], found["id"], None)
    raise VerifyError(f"not a table's URL: {url[:100]!r}; the path should be /t/<table> or"
                      " /api/tables/<table>/deals/<deal>")


def fetch(url: str) -> tuple[int, Any]:
    """``(HTTP status, the JSON answer)``; at most ``MAX_ANSWER`` bytes are read."""
    request = urllib.request.Request(url, headers={"Accept": "application/json",
                                                   "User-Agent": "bezique-verify"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            status, body = response.status, response.read(MAX_ANSWER + 1)
    except urllib.error.HTTPError as exc:  # an answer all the same (404, 409): read it
        status, body = exc.code, exc.read(MAX_ANSWER + 1)
        exc.close()
    except urllib.error.URLError as exc:
        raise VerifyError(f"cannot reach {url}: {exc.reason}") from None
    except (OSError, ValueError) as exc:  # a reset connection, a timeout, a bad port
        raise VerifyError(f"cannot reach {url}: {exc}") from None
    if len(body) > MAX_ANSWER:
        raise VerifyError(f"the answer of {url} is over {MAX_ANSWER} bytes")
    try:
        return status, json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise VerifyError(f"the answer of {url} (HTTP {status}) is not JSON") from None


@dataclasses.dataclass(frozen=True)
class DealRecord:
    """One revealed deal, as the server answered it."""

    deal: int
    dealer: int
    pack: list[str]
    pack_ids: list[int]
    salt: str
    commitment: str
    actions: list[tuple[int, str]]

    @classmethod
    def read(cls, data: Any, deal: int) -> DealRecord:
        """The record from its JSON; a malformed one raises :class:`VerifyError`
        naming the field."""
        def bad(field: str, want: str) -> NoReturn:
            raise VerifyError(f"deal {deal}: the answer's {field} is not {want}")

        if not isinstance(data, dict):
            bad("body", "an object")
        if data.get("deal") != deal:
            bad("deal", f"{deal}")
        if type(data.get("dealer")) is not int:
            bad("dealer", "a seat number")
        pack, ids = data.get("pack"), data.get("pack_ids")
        if not isinstance(pack, list) or not all(isinstance(c, str) for c in pack):
            bad("pack", "a list of cards")
        if not isinstance(ids, list) or not all(type(c) is int for c in ids):
            bad("pack_ids", "a list of card ids")
        for name in ("salt", "commitment"):
            if not isinstance(data.get(name), str) or len(data[name]) > 200:
                bad(name, "a short text")
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(
                isinstance(a, list) and len(a) == 2 and type(a[0]) is int
                and isinstance(a[1], str) for a in actions):
            bad("actions", "a list of [seat, notation] pairs")
        return cls(deal, data["dealer"], list(pack), list(ids), data["salt"],
                   data["commitment"], [(a[0], a[1]) for a in actions])


def commitment_of(salt: str, pack_ids: Sequence[int]) -> str:
    """The commitment docs/PROTOCOL.md defines: SHA-256 of ``"<salt>:<ids>"`` (UTF-8,
    the ids in decimal, one space between), in hex. Written here again rather than
    imported from the server, so that the check does not trust the code it checks."""
    text = salt + ":" + " ".join(str(c) for c in pack_ids)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _short(hex_text: str) -> str:
    return hex_text[:16] + "…" if len(hex_text) > 16 else hex_text


def _cards(ids: Sequence[int]) -> list[str] | None:
    try:
        return [Card(c).notation() for c in ids]
    except ValueError:
        return None


def check_deals(game: Game[Any], deals: Sequence[DealRecord],
                published: dict[int, str]) -> list[list[str]]:
    """What is wrong with each deal (an empty list: nothing), in order: the commitment
    against its salt and pack and against ``published`` (``{deal: hex}``, what the table
    showed during the deal), the pack against the game's, and the actions replayed."""
    problems: list[list[str]] = []
    match: Match | None = None
    packs = []  # the packs the match deals from: up to the first that is not the game's
    for record in deals:
        try:
            packs.append([int(c) for c in game.pack.check_order(record.pack_ids)])
        except (BeziqueError, ValueError):
            break
    replaying = True  # until a deal cannot be replayed: the later ones depend on it
    for record in deals:
        wrong: list[str] = []
        recomputed = commitment_of(record.salt, record.pack_ids)
        if not _SALT.fullmatch(record.salt):
            wrong.append("the salt is not 32 lower-case hex digits")
        if recomputed != record.commitment:
            wrong.append(f"the commitment {_short(record.commitment)} is not the SHA-256 of"
                         f" the salt and pack_ids ({_short(recomputed)})")
        seen = published.get(record.deal)
        if seen is not None and seen != recomputed:
            wrong.append(f"the commitment published during the deal, {_short(seen)}, is not"
                         f" the SHA-256 of the revealed salt and pack_ids"
                         f" ({_short(recomputed)})")
        pack_ok = True
        try:
            game.pack.check_order(record.pack_ids)
        except (BeziqueError, ValueError) as exc:
            wrong.append(f"the pack is not a permutation of the game's pack: {exc}")
            pack_ok = False
        if pack_ok and _cards(record.pack_ids) != record.pack:
            wrong.append("pack and pack_ids name different cards")
        if not replaying:
            wrong.append("not replayed: an earlier deal could not be")
        elif not pack_ok:
            wrong.append("not replayed: its pack is not the game's")
            replaying = False
        else:
            match, why = _replay(game, match, record, packs)
            if why:
                wrong.append(why)
                replaying = False
        problems.append(wrong)
    return problems


def _replay(game: Game[Any], match: Match | None, record: DealRecord,
            packs: list[list[int]]) -> tuple[Match | None, str]:
    """Deal ``record`` (the match so far in ``match``) and take its actions; what went
    wrong, or ``""``."""
    try:
        if match is None:
            if record.deal != 1:
                return None, "not replayed: the deals before it are missing"
            match = Match(game, first_dealer=record.dealer, packs=packs)
    except (BeziqueError, ValueError) as exc:
        return None, f"cannot be dealt: {exc}"
    if match.is_over() or len(match.deals) != record.deal:
        return match, "the match had no such deal when the deals before it were replayed"
    dealer = match.deals[-1].dealer
    if dealer != record.dealer:
        return match, f"the dealer is seat {dealer} by the rules, not seat {record.dealer}"
    for i, (seat, notation) in enumerate(record.actions, 1):
        if match.is_over() or len(match.deals) != record.deal:
            return match, f"action {i} ({notation!r}) comes after the deal was over"
        to_act = match.current_player()
        if seat != to_act:
            return match, (f"action {i} ({notation!r}) was seat {seat}'s, but seat {to_act}"
                           " was to act")
        try:
            match.apply_text(notation)
        except BeziqueError as exc:
            return match, f"action {i} ({notation!r}) is not legal: {str(exc)[:200]}"
    if not match.is_over() and len(match.deals) == record.deal:
        return match, f"its {len(record.actions)} actions end before the deal does"
    return match, ""


def _published(values: Sequence[str]) -> list[tuple[int | None, str]]:
    out: list[tuple[int | None, str]] = []
    for value in values:
        deal_text, _, hex_text = value.strip().lower().rpartition(":")
        if not _HEX.fullmatch(hex_text) or (deal_text and not deal_text.isdigit()):
            raise VerifyError(f"--commitment {value[:80]!r}: give 64 hex digits, or"
                              " DEAL:HEX for a table's deal")
        out.append((int(deal_text) if deal_text else None, hex_text))
    return out


def _records(target: Target) -> tuple[dict[str, Any], list[DealRecord]]:
    """The table's answer and its finished deals (up to the deal named)."""
    table_url = f"{target.base}/api/tables/{target.table}"
    status, info = fetch(table_url)
    if status == 404:
        raise VerifyError(f"{target.base} has no table {target.table}")
    if status != 200 or not isinstance(info, dict):
        raise VerifyError(f"{table_url} answered HTTP {status}, not the table")
    deals: list[DealRecord] = []
    last = target.deal or MAX_DEALS
    read = 0
    for k in range(1, last + 1):
        status, data = fetch(f"{table_url}/deals/{k}")
        read += len(json.dumps(data))
        if read > MAX_TOTAL:
            raise VerifyError(f"the deals' answers are over {MAX_TOTAL} bytes in all")
        if status in (404, 409) and target.deal is None:
            break  # no such deal, or the deal in play: the finished ones are all here
        if status == 409:
            raise VerifyError(f"deal {k} is still in play: it is revealed when it is over")
        if status == 404:
            raise VerifyError(f"the table has no deal {k}")
        if status != 200:
            raise VerifyError(f"deal {k}: HTTP {status}")
        deals.append(DealRecord.read(data, k))
    return info, deals


def _game_of(info: dict[str, Any]) -> Game[Any]:
    name, options = info.get("game"), info.get("options")
    if not isinstance(name, str):
        raise VerifyError("the table's answer names no game")
    if not isinstance(options, dict):
        raise VerifyError("the table's answer gives no options (a server older than"
                          " bezique verify?)")
    try:
        return make_game(name, {str(k): str(v) for k, v in options.items()})
    except (BeziqueError, ValueError) as exc:
        raise VerifyError(f"the table's game cannot be made: {exc}") from None


def verify(url: str, commitments: Sequence[str]) -> tuple[list[str], bool]:
    """The lines to print and whether every check passed."""
    target = parse_url(url)
    published = _published(commitments)
    info, deals = _records(target)
    if not deals:
        raise VerifyError("no deal of this table is over yet: nothing to verify")
    game = _game_of(info)
    pinned: dict[int, str] = {}
    loose: list[str] = []
    for deal, hex_text in published:
        if deal is None and target.deal is not None:
            deal = target.deal
        if deal is None:
            loose.append(hex_text)
        elif deal in pinned and pinned[deal] != hex_text:
            raise VerifyError(f"two different commitments given for deal {deal}")
        else:
            pinned[deal] = hex_text
    # a commitment given without its deal's number: the deal whose revealed salt and
    # pack it is the hash of (a player may not have noted which deal he saw it in)
    hashes = {d.deal: commitment_of(d.salt, d.pack_ids) for d in deals}
    lines, ok = [], True
    for hex_text in loose:
        matching = [k for k, h in hashes.items() if h == hex_text]
        if matching:
            pinned.setdefault(matching[0], hex_text)
        else:
            ok = False
            lines.append(f"published commitment {_short(hex_text)}: FAILED: it is the"
                         " commitment of no finished deal")
    for deal in sorted(k for k in pinned if k not in hashes):
        ok = False
        lines.append(f"published commitment of deal {deal}: FAILED: the table has no such"
                     " finished deal")
    problems = check_deals(game, deals, pinned)
    shown = [d for d in deals if target.deal is None or d.deal == target.deal]
    for record in shown:
        wrong = problems[record.deal - 1]
        if wrong:
            ok = False
            lines.append(f"deal {record.deal}: FAILED: " + "; ".join(wrong))
        else:
            seen = " and the one published" if record.deal in pinned else ""
            lines.append(f"deal {record.deal}: OK (commitment{seen}, pack of"
                         f" {len(record.pack_ids)} cards, {len(record.actions)} actions"
                         " replayed)")
    if target.deal is not None:  # the earlier deals were replayed to reach it
        earlier = [k for k in range(1, target.deal) if problems[k - 1]]
        if earlier:
            ok = False
            lines.append(f"deals before it: FAILED: deal {earlier[0]}: "
                         + "; ".join(problems[earlier[0] - 1]))
    return lines, ok


@cli.command("verify")
@click.argument("url")
@click.option("--commitment", "commitments", multiple=True, metavar="[DEAL:]HEX",
              help="A commitment the table published while a deal was in play (repeatable):"
                   " it must be the hash of that deal's revealed salt and pack. Without"
                   " DEAL: the deal of a deal URL, or any finished deal of a table URL.")
def verify_command(url: str, commitments: tuple[str, ...]) -> None:
    """Check the finished deals of a table at URL (http://host:port/t/<table>, with or
    without its ?token=, or one deal's http://host:port/api/tables/<table>/deals/<k>):
    each commitment is the SHA-256 of the deal's salt and pack, the pack is the game's,
    and the actions replay legally. One line a deal; exits 1 when a check fails, 2 when
    nothing could be checked (a bad URL, an unreachable server, a malformed answer)."""
    try:
        lines, ok = verify(url, commitments)
    except VerifyError as exc:
        click.echo(f"bezique verify: error: {exc}", err=True)
        raise SystemExit(2) from None
    for line in lines:
        click.echo(line)
    if not ok:
        raise SystemExit(1)
