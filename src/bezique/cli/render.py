"""Drawing the screens of ``bezique play``: plain text, or ``rich`` in a terminal.

Both renderers draw the same :class:`~bezique.present.Screen`, so what a player is
told does not depend on the terminal: the plain one writes lines (pipes, tests, dumb
terminals), the rich one draws the table in a panel with the cards in their colours
(hearts and diamonds red). ``rich`` itself honours ``NO_COLOR`` and ``TERM=dumb``.

Every line fits the screen's width (80 columns, or a narrower terminal's): text is
broken between words only, a card never apart from its choice number or its player, the
seats' figures in columns as wide as they need, the rules reflowed paragraph by
paragraph.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
import sys
from collections.abc import Iterator, Sequence
from typing import IO, Any

import click

from ..present import (
    Breakdown,
    CardSpot,
    Screen,
    SeatLine,
    show,
    symbols_in_use,
)
from ..present.base import COLUMNS, NO_BREAK, reflow, wrap


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


def seat_rows(seats: Sequence[SeatLine], width: int = COLUMNS, margin: str = "  "
              ) -> list[tuple[str, bool]]:
    """The seats' rows, ``(line, is_the_human's)``: the names in a column as wide as the
    longest, each figure in a column as wide as its widest, a row too long for ``width``
    going on under its first figure, each note under its seat wrapped by words."""
    if not seats:
        return []
    name_w = max(len(s.name) for s in seats) + 2
    cols = max(len(s.cells) for s in seats)
    widths = [max((len(s.cells[j]) for s in seats if j < len(s.cells)), default=0)
              for j in range(cols)]
    lead = margin + " " * name_w
    out: list[tuple[str, bool]] = []
    for seat in seats:
        line = f"{margin}{seat.name:<{name_w}}"
        start = True
        for j, cell in enumerate(seat.cells):
            piece = cell.ljust(widths[j]) if j + 1 < len(seat.cells) else cell
            if not start and len((line + "   " + piece).rstrip()) > width:
                out.append((line.rstrip(), seat.is_human))
                line, start = lead, True
            line += ("" if start else "   ") + piece
            start = False
        out.append((line.rstrip(), seat.is_human))
        for note in seat.notes:
            out += [(x, False) for x in wrap(note, margin + "    ", width, margin + "      ")]
    return out


def story_lines(story: Sequence[str], width: int = COLUMNS) -> list[str]:
    """What happened since the player's last turn, a sentence a paragraph."""
    out: list[str] = []
    for s in story:
        out += wrap(s, "  ", width - 2, "    ") if s else [""]
    return out


def heading_lines(heading: Sequence[str], width: int = COLUMNS, *,
                  indent: str = "  · ") -> list[str]:
    """``Deal 1 · trick 3 of 32 · trumps ♥ ...``, broken between its parts only, a line
    going on under it led by ``indent``."""
    sep = " · "
    lines: list[str] = []
    line = ""
    for part in heading:
        if line and len(line + sep + part) > width:
            lines.append(line)
            line = indent + part
        else:
            line = line + sep + part if line else part
    lines.append(line)
    return lines


def table_lines(screen: Screen, width: int = COLUMNS, margin: str = "  "
                ) -> list[tuple[str, str]]:
    """The inside of the table, ``(line, style)``: the seats, the notes under them (the
    sides, the trick in play, the last trick), the hand and the table cards."""
    out = [(line, "bold" if human else "")
           for line, human in seat_rows(screen.seats, width, margin)]
    for note in screen.notes:
        out += [(x, "dim") for x in wrap(note, "", width, "    ")]
    out += [(x, "") for x in wrap(f"Your hand:  {cards_row(screen.hand)}", "", width,
                                  " " * 12)]
    if screen.table:
        label = f"{screen.table_label}: "
        out += [(x, "") for x in wrap(label + cards_row(screen.table, "*"), "", width,
                                      " " * len(label))]
    return out


def choice_lines(screen: Screen, width: int = COLUMNS) -> list[str]:
    """What the player is asked, and the numbered choices that are not card plays."""
    out = wrap(situation_line(screen), "", width, "  ")
    for n, label in screen.choices:
        out += wrap(f"{n:>2} {label}", "  ", width, "       ")
    return out


def screen_lines(screen: Screen, width: int = COLUMNS) -> list[str]:
    """The screen as plain text lines, none longer than ``width``."""
    lines = [""]
    lines += story_lines(screen.story, width)
    if screen.story:
        lines.append("")
    lines += heading_lines(screen.heading, width)
    lines += [line for line, _ in table_lines(screen, width)]
    lines += choice_lines(screen, width)
    return lines


def situation_line(screen: Screen) -> str:
    """``Your lead — type a card's number:`` when the cards are the only choices."""
    if screen.choices:
        return screen.situation + ":"
    return screen.situation + " — type a card's number:"


def breakdown_lines(title: str, br: Breakdown, names: Sequence[str],
                    width: int = COLUMNS) -> list[str]:
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
        lines += wrap(", ".join(f"{n} {v}" for n, v in zip(names, br.totals, strict=True)),
                      "  ", width, "    ")
    for r in br.result:
        lines += wrap(r, "  ", width, "    ")
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


def data_table_lines(table: DataTable, indent: str = "  ") -> list[str]:
    """The table as plain text lines: the title, the headings, a rule, the rows in
    columns, and the note wrapped to the screen's width."""
    widths = [max([len(h)] + [len(r[i]) for r in table.rows])
              for i, h in enumerate(table.columns)]

    def row(cells: Sequence[str]) -> str:
        parts = [c.rjust(w) if right else c.ljust(w)
                 for c, w, right in zip(cells, widths, table.right, strict=True)]
        return (indent + "  ".join(parts)).rstrip()

    lines = wrap(table.title, "", COLUMNS) if table.title else []
    rule = indent + "  ".join(("-" if h else " ") * w for h, w in zip(table.columns, widths,
                                                                       strict=True))
    lines += [row(table.columns), rule.rstrip()]
    lines += [row(r) for r in table.rows]
    if table.note:
        lines += wrap(table.note, indent, COLUMNS)
    return lines
def _fitted(lines: Sequence[str], width: int) -> list[str]:
    """Lines given whole (messages), each broken by words to ``width`` under its own
    indentation."""
    out: list[str] = []
    for line in lines:
        if len(line) <= width and NO_BREAK not in line:
            out.append(line)
            continue
        lead = line[:len(line) - len(line.lstrip(" "))]
        out += wrap(line.strip(" "), lead, width, lead + ("  " if lead else ""))
    return out


class PlainRenderer:
    """Lines of text, for pipes, tests and terminals without colour."""

    def __init__(self, out: IO[str] | None = None) -> None:
        self.out = out

    @property
    def width(self) -> int:
        """The width every line fits in: 80 columns."""
        return COLUMNS

    def echo(self, *lines: str) -> None:
        for line in _fitted(lines, self.width):
            click.echo(line, file=self.out)

    def prompt(self, text: str) -> None:
        click.echo(text, nl=False, file=self.out)

    def story(self, story: Sequence[str]) -> None:
        if story:
            self.echo("", *story_lines(story, self.width))

    def screen(self, screen: Screen) -> None:
        self.echo(*screen_lines(screen, self.width))

    def deal_over(self, title: str, story: Sequence[str], br: Breakdown,
                  names: Sequence[str], sheet: Sequence[str]) -> None:
        self.story(story)
        self.echo("", *breakdown_lines(title, br, names, self.width), "", "Score sheet:",
                  *("  " + x for x in sheet))

    def block(self, text: str) -> None:
        """A block of prose (the rules, the options), reflowed to the width."""
        self.echo(*reflow(text, self.width))

    @contextlib.contextmanager
    def thinking(self, who: str) -> Iterator[None]:
        """While a search player looks for its move (seconds, at times): a line saying
        so, written before it starts."""
        self.echo(f"{who} is thinking" + ("…" if symbols_in_use() else "..."))
        yield

    def table(self, table: DataTable) -> None:
        """A table of figures (:class:`DataTable`)."""
        self.echo(*data_table_lines(table))


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

    @property
    def width(self) -> int:
        """80 columns, or the terminal's when it is narrower."""
        return max(20, min(COLUMNS, int(self.console.width)))

    def _text(self, line: str, style: str = "") -> Any:
        from rich.text import Text

        t = Text(line, style=style)
        red, black = (_RED, _BLACK) if symbols_in_use() else (_RED_LETTERS, _BLACK_LETTERS)
        t.highlight_regex(red, "bold red")
        t.highlight_regex(black, "bold")
        t.highlight_regex(r"(?<![\w♥♦♠♣])\d+(?= (?:10|[2-9JQKA])[♥♦♠♣])", "cyan")
        return t

    def echo(self, *lines: str) -> None:
        for line in _fitted(lines, self.width):
            self.console.print(self._text(line), soft_wrap=True)

    def prompt(self, text: str) -> None:
        self.console.print(self._text(text, "bold"), end="")
        self.console.file.flush()

    def story(self, story: Sequence[str]) -> None:
        if not story:
            return
        self.console.print()
        for line in story_lines(story, self.width):
            self.console.print(self._text(line), soft_wrap=True)

    def screen(self, screen: Screen) -> None:
        from rich.console import Group
        from rich.panel import Panel

        self.story(screen.story)
        inner = self.width - 4  # the panel's border and padding
        # the title's own margins; what does not fit in it opens the panel
        heading = heading_lines(screen.heading, inner - 4, indent="")
        parts: list[Any] = [self._text(x, "bold") for x in heading[1:]]
        parts += [self._text(line, style) for line, style in table_lines(screen, inner, "")]
        self.console.print()
        self.console.print(Panel(Group(*parts), title=self._text(heading[0]),
                                 title_align="left", expand=False))
        for line in choice_lines(screen, self.width):
            self.console.print(self._text(line, "bold" if not line.startswith(" ") else ""),
                               soft_wrap=True)

    @contextlib.contextmanager
    def thinking(self, who: str) -> Iterator[None]:
        """While a search player looks for its move: a spinner on the status line, gone
        once the move is found (nothing at all where the output is not a terminal)."""
        with self.console.status(f"{who} is thinking…", spinner="dots"):
            yield

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
        self.console.print(table, width=self.width)
        for r in br.result:
            for line in wrap(r, "  ", self.width, "    "):
                self.console.print(self._text(line), soft_wrap=True)
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
