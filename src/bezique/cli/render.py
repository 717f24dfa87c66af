"""Drawing the screens of ``bezique play``: plain text, or ``rich`` in a terminal.

Both renderers draw the same :class:`~bezique.present.Screen`, so what a player is
told does not depend on the terminal: the plain one writes lines (pipes, tests, dumb
terminals), the rich one draws the table in a panel with the cards in their colours
(hearts and diamonds red). ``rich`` itself honours ``NO_COLOR`` and ``TERM=dumb``.
"""

from __future__ import annotations

import dataclasses
import re
import sys
import textwrap
from collections.abc import Sequence
from typing import IO, Any

import click

from ..present import (
    WIDTH,
    Breakdown,
    CardSpot,
    Screen,
    SeatLine,
    show,
    symbols_in_use,
)


def _spot_text(spot: CardSpot, numbered: bool, star: str) -> str:
    cards = " ".join(show(c) + star for c in spot.cards)
    if spot.number is not None:
        return f"{spot.number} {cards}"
    return f"({cards})" if numbered else cards


def cards_row(groups: Sequence[Sequence[CardSpot]], star: str = "") -> str:
    """``1 A♥  2 10♥ | 3 K♠  4 Q♠ Q♠ | (7♣)``: the number before a card plays it; two
    identical cards share one number; a card in brackets cannot be played now."""
    numbered = any(s.number is not None for g in groups for s in g)
    if not groups:
        return "-"
    return " | ".join("  ".join(_spot_text(s, numbered, star) for s in g) for g in groups)


def _seat_row(seat: SeatLine) -> str:
    return f"  {seat.name:<20}" + "   ".join(f"{c:<11}" for c in seat.cells).rstrip()


def _story_lines(story: Sequence[str]) -> list[str]:
    out: list[str] = []
    for s in story:
        out += textwrap.wrap(s, WIDTH, initial_indent="  ", subsequent_indent="    ",
                             break_long_words=False, break_on_hyphens=False) or [""]
    return out


def screen_lines(screen: Screen) -> list[str]:
    """The screen as plain text lines."""
    lines = [""]
    lines += _story_lines(screen.story)
    if screen.story:
        lines.append("")
    lines.append(" · ".join(screen.heading))
    for seat in screen.seats:
        lines.append(_seat_row(seat))
        lines += [f"      {n}" for n in seat.notes]
    lines += screen.notes
    lines.append(f"Your hand:  {cards_row(screen.hand)}")
    if screen.table:
        lines.append(f"{screen.table_label}: {cards_row(screen.table, '*')}")
    lines.append(situation_line(screen))
    lines += [f"  {n:>2} {label}" for n, label in screen.choices]
    return lines


def situation_line(screen: Screen) -> str:
    """``Your lead — type a card's number:`` when the cards are the only choices."""
    if screen.choices:
        return screen.situation + ":"
    return screen.situation + " — type a card's number:"


def breakdown_lines(title: str, br: Breakdown, names: Sequence[str]) -> list[str]:
    """``Deal 1 is over.`` and a small table of what each seat's points were made of."""
    lines = [title]
    if br.rows:
        w = max(len(k) for k, _ in br.rows + [("total", [])])
        cols = [max(len(n), 5) for n in names]
        lines.append("  " + " " * w + "".join(f"  {n:>{c}}" for n, c in zip(names, cols,
                                                                          strict=True)))
        for what, vals in br.rows:
            lines.append(f"  {what:<{w}}" + "".join(f"  {v:>{c}}" for v, c in zip(vals, cols,
                                                                                strict=True)))
        lines.append(f"  {'total':<{w}}" + "".join(f"  {v:>{c}}" for v, c in zip(
            br.totals, cols, strict=True)))
    else:
        lines.append("  " + ", ".join(f"{n} {v}" for n, v in zip(names, br.totals,
                                                                strict=True)))
    lines += [f"  {r}" for r in br.result]
    return lines


@dataclasses.dataclass(frozen=True)
class DataTable:
    """A small table of figures (a hint's or a review's values): a title line, the
    column headings, the rows (text cells; ``right`` says which columns are figures,
    aligned right) and a note below."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    right: tuple[bool, ...]
    note: str = ""


def table_lines(table: DataTable, indent: str = "  ") -> list[str]:
    """The table as plain text lines: the title, the headings, a rule, the rows in
    columns, and the note wrapped to the screen's width."""
    widths = [max([len(h)] + [len(r[i]) for r in table.rows])
              for i, h in enumerate(table.columns)]

    def row(cells: Sequence[str]) -> str:
        parts = [c.rjust(w) if right else c.ljust(w)
                 for c, w, right in zip(cells, widths, table.right, strict=True)]
        return (indent + "  ".join(parts)).rstrip()

    lines = textwrap.wrap(table.title, WIDTH, break_long_words=False,
                          break_on_hyphens=False) if table.title else []
    rule = indent + "  ".join(("-" if h else " ") * w for h, w in zip(table.columns, widths,
                                                                       strict=True))
    lines += [row(table.columns), rule.rstrip()]
    lines += [row(r) for r in table.rows]
    if table.note:
        lines += textwrap.wrap(table.note, WIDTH, initial_indent=indent,
                               subsequent_indent=indent, break_long_words=False,
                               break_on_hyphens=False)
    return lines


class PlainRenderer:
    """Lines of text, for pipes, tests and terminals without colour."""

    def __init__(self, out: IO[str] | None = None) -> None:
        self.out = out

    def echo(self, *lines: str) -> None:
        for line in lines:
            click.echo(line, file=self.out)

    def prompt(self, text: str) -> None:
        click.echo(text, nl=False, file=self.out)

    def story(self, story: Sequence[str]) -> None:
        if story:
            self.echo("", *_story_lines(story))

    def screen(self, screen: Screen) -> None:
        self.echo(*screen_lines(screen))

    def deal_over(self, title: str, story: Sequence[str], br: Breakdown,
                  names: Sequence[str], sheet: Sequence[str]) -> None:
        self.story(story)
        self.echo("", *breakdown_lines(title, br, names), "", "Score sheet:",
                  *("  " + x for x in sheet))

    def block(self, text: str) -> None:
        """A block of prose (the rules, the options)."""
        self.echo(*text.splitlines())

    def table(self, table: DataTable) -> None:
        """A table of figures (:class:`DataTable`)."""
        self.echo(*table_lines(table))


_RED = re.compile(r"(?:10|[2-9JQKA])[♥♦]\*?")
_BLACK = re.compile(r"(?:10|[2-9JQKA])[♠♣]\*?")
_RED_LETTERS = re.compile(r"\b[2-9TJQKA][HD]\b\*?")
_BLACK_LETTERS = re.compile(r"\b[2-9TJQKA][SC]\b\*?")


class RichRenderer(PlainRenderer):
    """The table drawn with ``rich``: a panel for the table, cards in their colours."""

    def __init__(self, console: Any = None) -> None:
        super().__init__()
        from rich.console import Console

        self.console = console if console is not None else Console(highlight=False)

    def _text(self, line: str, style: str = "") -> Any:
        from rich.text import Text

        t = Text(line, style=style)
        red, black = (_RED, _BLACK) if symbols_in_use() else (_RED_LETTERS, _BLACK_LETTERS)
        t.highlight_regex(red, "bold red")
        t.highlight_regex(black, "bold")
        t.highlight_regex(r"(?<![\w♥♦♠♣])\d+(?= (?:10|[2-9JQKA])[♥♦♠♣])", "cyan")
        return t

    def echo(self, *lines: str) -> None:
        for line in lines:
            self.console.print(self._text(line), soft_wrap=True)

    def prompt(self, text: str) -> None:
        self.console.print(self._text(text, "bold"), end="")
        self.console.file.flush()

    def story(self, story: Sequence[str]) -> None:
        if not story:
            return
        from rich.padding import Padding

        self.console.print()
        for s in story:
            self.console.print(Padding(self._text(s), (0, 0, 0, 2)))

    def screen(self, screen: Screen) -> None:
        from rich.console import Group
        from rich.panel import Panel
        from rich.table import Table

        self.story(screen.story)
        seats = Table.grid(padding=(0, 3))
        seats.add_column(no_wrap=True)
        for _ in range(max(len(s.cells) for s in screen.seats) if screen.seats else 0):
            seats.add_column(no_wrap=True)
        for seat in screen.seats:
            style = "bold" if seat.is_human else ""
            seats.add_row(self._text(seat.name, style), *(self._text(c) for c in seat.cells))
            for note in seat.notes:
                seats.add_row(self._text("  " + note, "italic"))
        parts: list[Any] = [seats]
        parts += [self._text(n, "dim") for n in screen.notes]
        parts.append(self._text(f"Your hand:  {cards_row(screen.hand)}"))
        if screen.table:
            parts.append(self._text(f"{screen.table_label}: {cards_row(screen.table, '*')}"))
        self.console.print()
        self.console.print(Panel(Group(*parts), title=self._text(" · ".join(screen.heading)),
                                 title_align="left", expand=False))
        self.console.print(self._text(situation_line(screen), "bold"))
        for n, label in screen.choices:
            self.console.print(self._text(f"  {n:>2} {label}"))

    def table(self, table: DataTable) -> None:
        from rich import box
        from rich.table import Table

        # the title and the note as lines of their own: a table's title and caption
        # would be wrapped to the table's narrow width
        if table.title:
            self.console.print(self._text(table.title, "bold"))
        out = Table(box=box.SIMPLE_HEAD, show_edge=False)
        for heading, right in zip(table.columns, table.right, strict=True):
            out.add_column(heading, justify="right" if right else "left", no_wrap=True)
        for row in table.rows:
            out.add_row(*(self._text(c) for c in row))
        self.console.print(out)
        if table.note:
            self.console.print(self._text(table.note, "dim"))

    def deal_over(self, title: str, story: Sequence[str], br: Breakdown,
                  names: Sequence[str], sheet: Sequence[str]) -> None:
        from rich.table import Table

        self.story(story)
        table = Table(title=title, title_justify="left", show_edge=False)
        table.add_column("")
        for n in names:
            table.add_column(n, justify="right")
        for what, vals in br.rows:
            table.add_row(what, *(str(v) for v in vals))
        table.add_row("total", *(str(v) for v in br.totals), style="bold")
        self.console.print()
        self.console.print(table)
        for r in br.result:
            self.console.print(self._text("  " + r))
        self.console.print()
        self.echo("Score sheet:", *("  " + x for x in sheet))


def choose_renderer(mode: str) -> PlainRenderer:
    """``plain``, ``rich``, or ``auto``: rich when the output is a terminal."""
    if mode == "rich" or (mode == "auto" and sys.stdout.isatty()):
        return RichRenderer()
    return PlainRenderer()


def output_takes_symbols(stream: Any = None) -> bool:
    """Can the output encode the suit symbols? (Otherwise cards are written QS, TD.)"""
    stream = stream if stream is not None else sys.stdout
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        "♣♦♥♠…·—".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True
