"""SVG pictures of cards and of a seat's view of the table, drawn by the project itself.

The pictures are plain SVG text built with the standard library only, for the browser
front end, the docs and notebooks: every function returns an :class:`Svg`, a ``str``
whose ``_repr_svg_`` lets Jupyter show it, as ``chess.svg`` does for chess boards.

- :func:`card` draws one card (or its back);
- :func:`cards` draws a row of cards, side by side, overlapped or fanned;
- :func:`table` draws what one seat sees of a deal, from any game's observation.

Each card is a ``<g class="card">`` element with a ``<title>`` ("Queen of Spades") for
screen readers and ``data-`` attributes (``data-card="QS"``, and in rows and tables
``data-index``, ``data-place``, ``data-seat``) by which a web page attaches its clicks; a
card face down carries neither its name nor ``data-card``. Colours are presentation
attributes, so a page's CSS may restyle them by the classes (``card-face``, ``red``,
``black``, ``card-back``, ``felt``...).

>>> from bezique.core.cards import Card
>>> picture = card(Card.parse("QS"), size=60)
>>> picture.startswith("<svg") and 'data-card="QS"' in picture
True
>>> "<title>Queen of Spades</title>" in picture
True
>>> "data-card" in card(Card.parse("QS"), face_down=True)
False
"""

from __future__ import annotations

import dataclasses
import math
import xml.etree.ElementTree as ET
from collections.abc import Collection, Iterable, Sequence
from typing import Any

from .core.cards import Card, Rank, Suit
from .core.errors import quoted
from .present.table import table_view

__all__ = ["CARD_RATIO", "DEFAULT_SIZE", "SVG_NAMESPACE", "Svg", "card", "card_title",
           "cards", "table"]

#: The SVG namespace every picture declares.
SVG_NAMESPACE = "http://www.w3.org/2000/svg"
#: A card's width in pixels unless a ``size`` is given: a hand of nine fits a phone's
#: 360 pixels at half overlap.
DEFAULT_SIZE = 80
#: A card's height over its width (the common 2.5 by 3.5 inches).
CARD_RATIO = 1.4

RED = "#c62828"
BLACK = "#1b1b1b"
_FACE = "#ffffff"
_EDGE = "#8a8a8a"
_BACK = "#27457f"
_BACK_LINE = "#e9dcb0"
_SELECT = "#1e88e5"
_FELT = "#2f6b43"
_FELT_TEXT = "#f3efe1"
_FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
_SERIF = "DejaVu Serif, Georgia, 'Times New Roman', serif"

# A card is drawn in a box of 100 by 140 units, scaled to its size in pixels.
_W = 100.0
_H = _W * CARD_RATIO

# The suit shapes, each in a box of 100 by 100 units, drawn rather than typed: the
# characters U+2660..U+2666 come out as coloured emoji in some browsers.
_SUIT_PATHS: dict[Suit, str] = {
    Suit.HEARTS: ("M50 92 C22 70 4 52 4 31 C4 15 16 5 29 5 C39 5 46 11 50 20"
                  " C54 11 61 5 71 5 C84 5 96 15 96 31 C96 52 78 70 50 92 Z"),
    Suit.DIAMONDS: "M50 2 Q67 28 90 50 Q67 72 50 98 Q33 72 10 50 Q33 28 50 2 Z",
    Suit.SPADES: ("M50 3 C78 28 96 44 96 62 C96 76 86 84 74 84 C64 84 57 79 53 72"
                  " C54 82 58 90 67 97 L33 97 C42 90 46 82 47 72 C43 79 36 84 26 84"
                  " C14 84 4 76 4 62 C4 44 22 28 50 3 Z"),
    Suit.CLUBS: ("M50 7 A21 21 0 1 1 49.9 7 Z M27 38 A21 21 0 1 1 26.9 38 Z"
                 " M73 38 A21 21 0 1 1 72.9 38 Z M50 44 A12 12 0 1 1 49.9 44 Z"
                 " M46 62 C46 78 41 89 32 97 L68 97 C59 89 54 78 54 62 Z"),
}
_RANK_NAMES = {r: r.name.title() for r in Rank}
_COURTS = frozenset((Rank.JACK, Rank.QUEEN, Rank.KING))


class Svg(str):
    """SVG text: a ``str`` that notebooks display as a picture (``_repr_svg_``).

    >>> picture = Svg('<svg xmlns="http://www.w3.org/2000/svg"/>')
    >>> picture._repr_svg_() == picture
    True
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


# -- checking arguments ------------------------------------------------------------------

def _as_card(value: object, what: str = "card") -> Card:
    """A :class:`Card` from a card, a card id or a notation, or a clear error."""
    if isinstance(value, Card):
        return value
    if isinstance(value, bool):
        raise TypeError(f"{what} must be a card (Card, card id or notation such as 'QS'),"
                        f" not {quoted(value)}")
    if isinstance(value, int):
        try:
            return Card(value)
        except ValueError:
            raise ValueError(f"{what}: no card has id {quoted(value)}") from None
    if isinstance(value, str):
        try:
            return Card.parse(value)
        except ValueError as exc:
            raise ValueError(f"{what}: {exc}") from None
    raise TypeError(f"{what} must be a card (Card, card id or notation such as 'QS'),"
                    f" not {quoted(value)}")


def _number(value: object, what: str, *, low: float, high: float | None = None,
            low_open: bool = False, high_open: bool = False) -> float:
    """A real number in the given range, or an error naming the value."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{what} must be a number, not {quoted(value)}")
    x = float(value)
    ok = math.isfinite(x) and (x > low if low_open else x >= low)
    if ok and high is not None:
        ok = x < high if high_open else x <= high
    if not ok:
        lo = f"{'above' if low_open else 'at least'} {low:g}"
        hi = "" if high is None else f" and {'below' if high_open else 'at most'} {high:g}"
        raise ValueError(f"{what} must be {lo}{hi}, not {quoted(value)}")
    return x


def _size(value: object) -> float:
    return _number(value, "size (a card's width in pixels)", low=0.0, low_open=True)


def _indices(value: object, count: int, what: str) -> frozenset[int]:
    """Positions in a row of ``count`` cards, each checked."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"{what} must be a collection of card positions, not {quoted(value)}")
    out = set()
    for i in value:
        if isinstance(i, bool) or not isinstance(i, int):
            raise TypeError(f"{what}: a card position is an int, not {quoted(i)}")
        if not 0 <= i < count:
            span = f"0..{count - 1}" if count else "none: the row is empty"
            raise ValueError(f"{what}: no card at position {i} (positions {span})")
        out.add(i)
    return frozenset(out)


_CONTROL = {c: "\ufffd" for c in range(32) if c not in (9, 10, 13)}


def _text(value: object) -> str:
    """Text for the XML: characters XML 1.0 cannot hold replaced (the writer escapes
    ``& < > "`` itself)."""
    return str(value).translate(_CONTROL)


# -- building elements -------------------------------------------------------------------

def _n(x: float) -> str:
    """A coordinate, short: ``12``, ``12.5``, ``0.33``."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _el(tag: str, parent: ET.Element | None = None, text: str | None = None,
        **attrs: object) -> ET.Element:
    """An element (under ``parent`` if given); ``attrs`` keys use ``_`` for ``-``, and
    numbers are written short."""
    values = {k.rstrip("_").replace("_", "-"): _n(v) if isinstance(v, float) else _text(v)
              for k, v in attrs.items() if v is not None}
    el = ET.Element(tag, values) if parent is None else ET.SubElement(parent, tag, values)
    if text is not None:
        el.text = _text(text)
    return el


def _pip(parent: ET.Element, suit: Suit, x: float, y: float, size: float) -> None:
    """The suit shape, ``size`` units wide, its top left corner at ``x, y``."""
    _el("path", parent, d=_SUIT_PATHS[suit], fill=_colour(suit),
        transform=f"translate({_n(x)} {_n(y)}) scale({_n(size / 100)})")


def _colour(suit: Suit) -> str:
    return RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else BLACK


def _rank_label(rank: Rank) -> str:
    return "10" if rank == Rank.TEN else rank.letter


def card_title(card: Card | int | str) -> str:
    """A card's name in words, as the picture's ``<title>`` gives it.

    >>> card_title("QS"), card_title("TD"), card_title(Card.parse("7H"))
    ('Queen of Spades', 'Ten of Diamonds', 'Seven of Hearts')
    """
    c = _as_card(card)
    if c.is_joker:
        return "Joker"
    return f"{_RANK_NAMES[c.rank]} of {c.suit.name.title()}"


def _index(parent: ET.Element, c: Card) -> None:
    """The rank and a small pip in the top left corner (the caller turns a copy round
    for the bottom right)."""
    label = _rank_label(c.rank)
    _el("text", parent, label, x=15.0, y=29.0, font_size=27, font_weight="bold",
        font_family=_FONT, text_anchor="middle", fill=_colour(c.suit),
        textLength=24 if len(label) > 1 else None, lengthAdjust="spacingAndGlyphs")
    _pip(parent, c.suit, 6.0, 35.0, 18.0)


def _draw_joker(g: ET.Element) -> None:
    """The Joker's face: ``JK`` in the corners, the word down the middle, in red."""
    corners = _el("g", g, class_="card-index red")
    for parent in (corners, _el("g", corners,
                                transform=f"rotate(180 {_n(_W / 2)} {_n(_H / 2)})")):
        _el("text", parent, "JK", x=15.0, y=29.0, font_size=22, font_weight="bold",
            font_family=_FONT, text_anchor="middle", fill=RED, textLength=24,
            lengthAdjust="spacingAndGlyphs")
    for i, letter in enumerate("JOKER"):
        _el("text", g, letter, x=50.0, y=38.0 + 18.0 * i, font_size=20, font_weight="bold",
            font_family=_SERIF, text_anchor="middle", fill=RED)


def _draw_face(g: ET.Element, c: Card) -> None:
    colour_class = "red" if _colour(c.suit) == RED else "black"
    _el("rect", g, class_="card-face", x=1.0, y=1.0, width=_W - 2, height=_H - 2, rx=8,
        fill=_FACE, stroke=_EDGE, stroke_width=1.5)
    if c.is_joker:
        _draw_joker(g)
        return
    corners = _el("g", g, class_=f"card-index {colour_class}")
    _index(corners, c)
    _index(_el("g", corners, transform=f"rotate(180 {_n(_W / 2)} {_n(_H / 2)})"), c)
    if c.rank in _COURTS:
        tint = "#fdeceb" if colour_class == "red" else "#edf0f4"
        _el("rect", g, class_="court", x=25.0, y=30.0, width=50, height=80, rx=4,
            fill=tint, stroke=_colour(c.suit), stroke_width=1.5)
        _el("text", g, c.rank.letter, x=50.0, y=79.0, font_size=42, font_weight="bold",
            font_family=_SERIF, text_anchor="middle", fill=_colour(c.suit))
        _pip(g, c.suit, 39.0, 83.0, 22.0)
    else:
        big = 58.0 if c.rank == Rank.ACE else 46.0
        _pip(g, c.suit, (_W - big) / 2, (_H - big) / 2, big)


def _lattice(x0: float, y0: float, x1: float, y1: float, step: float) -> str:
    """Diagonal lines both ways across a rectangle, cut at its edges: one path."""
    parts = []
    width, height = x1 - x0, y1 - y0
    k = step
    while k < width + height:
        # the line x + y = k (from the corner x0, y0), and its mirror x - y = ...
        ax, ay = min(k, width), k - min(k, width)
        bx, by = k - min(k, height), min(k, height)
        parts.append(f"M{_n(x0 + ax)} {_n(y0 + ay)}L{_n(x0 + bx)} {_n(y0 + by)}")
        parts.append(f"M{_n(x1 - ax)} {_n(y0 + ay)}L{_n(x1 - bx)} {_n(y0 + by)}")
        k += step
    return "".join(parts)


_LATTICE = _lattice(10, 10, 90, 130, 12)


def _draw_back(g: ET.Element) -> None:
    _el("rect", g, class_="card-back", x=1.0, y=1.0, width=_W - 2, height=_H - 2, rx=8,
        fill=_BACK, stroke="#172a4f", stroke_width=1.5)
    _el("path", g, class_="card-back-pattern", d=_LATTICE, stroke=_BACK_LINE,
        stroke_width=1.2, stroke_opacity=0.55, fill="none")
    _el("rect", g, class_="card-back-frame", x=9.0, y=9.0, width=82, height=122, rx=5,
        fill="none", stroke=_BACK_LINE, stroke_width=2.5)
    _el("path", g, d="M50 48 L66 70 L50 92 L34 70 Z", fill=_BACK, stroke=_BACK_LINE,
        stroke_width=2.5)


def _card_element(c: Card | None, width: float, transform: str, *, selected: bool = False,
                  disabled: bool = False, data: dict[str, object] | None = None
                  ) -> ET.Element:
    """One card, ``width`` pixels wide, placed by ``transform`` (applied after the scale
    from card units). ``None`` is a card face down."""
    classes = ["card"] + (["back"] if c is None else []) + (["selected"] if selected else [])
    classes += ["disabled"] if disabled else []
    title = "A card face down" if c is None else card_title(c)
    g = _el("g", class_=" ".join(classes), role="img", aria_label=title,
            transform=f"{transform} scale({_n(width / _W)})".strip(),
            data_card=None if c is None else c.notation(),
            data_selected="true" if selected else None,
            aria_disabled="true" if disabled else None)
    for key, value in (data or {}).items():
        g.set("data-" + key, _text(value))
    _el("title", g, title)
    if c is None:
        _draw_back(g)
    else:
        _draw_face(g, c)
    if disabled:
        _el("rect", g, class_="card-disabled", x=1.0, y=1.0, width=_W - 2, height=_H - 2,
            rx=8, fill="#6b6b6b", fill_opacity=0.45)
    if selected:
        _el("rect", g, class_="card-selected", x=3.0, y=3.0, width=_W - 6, height=_H - 6,
            rx=7, fill="none", stroke=_SELECT, stroke_width=5)
    return g


def _root(width: float, height: float, title: str | None, children: Iterable[ET.Element],
          class_: str) -> Svg:
    svg = _el("svg", xmlns=SVG_NAMESPACE, version="1.1", class_=class_,
              viewBox=f"0 0 {_n(width)} {_n(height)}", width=width, height=height)
    if title is not None:
        _el("title", svg, title)
    svg.extend(children)
    return Svg(ET.tostring(svg, encoding="unicode"))


# -- one card ----------------------------------------------------------------------------

def card(card: Card | int | str | None, *, size: float = DEFAULT_SIZE,
         face_down: bool = False, selected: bool = False, disabled: bool = False) -> Svg:
    """One card, ``size`` pixels wide (and :data:`CARD_RATIO` times as high): the rank
    and suit in two corners, a large suit pip in the middle (a framed letter on the
    Jack, Queen and King), hearts and diamonds in red, clubs and spades in black.

    ``card`` is a :class:`~bezique.core.cards.Card`, a card id or a notation (``"QS"``,
    ``"10D"``); ``None``, or ``face_down=True``, draws the back, which shows nothing of
    the card (no title naming it, no ``data-card``). ``selected`` rings the card in
    blue, ``disabled`` greys it (``aria-disabled``), for a page to show which cards may
    be played.

    >>> svg = card("TD", size=50)
    >>> 'data-card="TD"' in svg and "Ten of Diamonds" in svg and 'fill="#c62828"' in svg
    True
    >>> card("XS")
    Traceback (most recent call last):
      ...
    ValueError: card: not a card: 'XS' (unknown rank 'X': use A K Q J T(10) 9 8 7 6 5 4 3 2)
    >>> card("QS", size=0)
    Traceback (most recent call last):
      ...
    ValueError: size (a card's width in pixels) must be above 0, not 0
    """
    width = _size(size)
    # a bad value is an error even face down, where it would not show
    checked = None if card is None else _as_card(card)
    el = _card_element(None if face_down else checked, width, "", selected=bool(selected),
                       disabled=bool(disabled))
    return _root(width, width * CARD_RATIO, None, [el], "bezique-card")


# -- rows of cards -----------------------------------------------------------------------

@dataclasses.dataclass
class _Block:
    """Elements drawn from ``(0, 0)`` to ``(width, height)``, to be placed."""

    width: float
    height: float
    items: list[ET.Element]

    def at(self, x: float, y: float) -> ET.Element:
        g = _el("g", transform=f"translate({_n(x)} {_n(y)})")
        g.extend(self.items)
        return g


_GAP = 0.06  # between cards side by side, as a fraction of a card's width
_LIFT = 0.14  # how far a selected card stands up, as a fraction of its height


def _row(entries: Sequence[Card | None], width: float, *, overlap: float = 0.0,
         fan: float = 0.0, selected: Collection[int] = (), disabled: Collection[int] = (),
         data: Sequence[dict[str, object]] | None = None, lift_room: bool = False
         ) -> _Block:
    """A row of cards ``width`` pixels wide; ``overlap`` of the step between cards side
    by side is covered by the next card; ``fan`` degrees between the first and last."""
    height = width * CARD_RATIO
    lift = height * _LIFT
    step = (width * (1 + _GAP)) * (1 - overlap)
    n = len(entries)
    placed: list[tuple[float, float, float, float]] = []  # (x, y, angle, radius) per card
    if fan and n > 1:
        # about a pivot below the row: neighbouring centres an arc of ``step`` apart
        angle = math.radians(fan) / (n - 1)
        radius = step / angle
        for i in range(n):
            placed.append((0.0, radius, math.degrees((i - (n - 1) / 2) * angle), radius))
    else:
        placed = [(i * step, 0.0, 0.0, 0.0) for i in range(n)]

    def corners(i: int, up: float) -> list[tuple[float, float]]:
        x, y, a, r = placed[i]
        t = math.radians(a)
        out = []
        for qx, qy in ((0, 0), (width, 0), (0, height), (width, height)):
            px, py = (qx - width / 2, qy - r - height / 2 - up) if r else (qx, qy - up)
            out.append((x + px * math.cos(t) - py * math.sin(t),
                        y + px * math.sin(t) + py * math.cos(t)))
        return out

    points = [p for i in range(n) for p in corners(i, lift if i in selected else 0.0)]
    if lift_room or selected:
        points += [p for i in range(n) for p in corners(i, lift)]
    if not points:
        return _Block(0.0, 0.0, [])
    x0, y0 = min(p[0] for p in points), min(p[1] for p in points)
    x1, y1 = max(p[0] for p in points), max(p[1] for p in points)
    items = []
    for i, c in enumerate(entries):
        x, y, a, r = placed[i]
        up = lift if i in selected else 0.0
        if r:
            transform = (f"translate({_n(x - x0)} {_n(y - y0)}) rotate({_n(a)})"
                         f" translate({_n(-width / 2)} {_n(-r - height / 2 - up)})")
        else:
            transform = f"translate({_n(x - x0)} {_n(y - y0 - up)})"
        info: dict[str, object] = {"index": i}
        if data is not None:
            info.update(data[i])
        items.append(_card_element(c, width, transform, selected=i in selected,
                                   disabled=i in disabled, data=info))
    return _Block(x1 - x0, y1 - y0, items)


def cards(cards: Iterable[Card | int | str | None], *, size: float = DEFAULT_SIZE,
          overlap: float = 0.0, fan: float = 0.0, face_down: bool = False,
          selected: Collection[int] = (), disabled: Collection[int] = ()) -> Svg:
    """A row of cards (a hand), each ``size`` pixels wide, in the order given; the same
    card may come more than once (the packs of Bézique are doubled or more).

    ``overlap`` is how much of the step between cards laid side by side the next card
    covers: 0 (the default) lays them apart, 0.5 halves the row, and anything below 1
    leaves each card's left corner in view. ``fan`` spreads them over that many degrees
    (up to 180), as held in the hand. ``None`` in ``cards``, or ``face_down=True`` for
    all of them, draws backs. ``selected`` and ``disabled`` are positions in the row
    (identical cards are told apart by position): selected cards stand up, disabled
    ones are greyed. Each card carries ``data-index``, its position.

    >>> row = cards(["QS", "JD", "JD", None], overlap=0.5, selected=[1])
    >>> row.count("aria-label="), row.count('data-card="JD"'), row.count("<title>A card face")
    (4, 2, 1)
    >>> cards(["QS"], overlap=1)
    Traceback (most recent call last):
      ...
    ValueError: overlap must be at least 0 and below 1, not 1
    """
    width = _size(size)
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise TypeError(f"cards must be a collection of cards, not {quoted(cards)}")
    listed = [None if c is None else _as_card(c, f"cards[{i}]") for i, c in enumerate(cards)]
    entries = [None] * len(listed) if face_down else listed
    ov = _number(overlap, "overlap", low=0.0, high=1.0, high_open=True)
    spread = _number(fan, "fan (degrees)", low=0.0, high=180.0)
    chosen = _indices(selected, len(entries), "selected")
    greyed = _indices(disabled, len(entries), "disabled")
    block = _row(entries, width, overlap=ov, fan=spread, selected=chosen, disabled=greyed)
    names = ", ".join("a card face down" if c is None else card_title(c) for c in entries)
    return _root(block.width, block.height, f"{len(entries)} cards: {names}" if entries
                 else "No cards", [block.at(0, 0)], "bezique-cards")


# -- the table ---------------------------------------------------------------------------

def _label(text: str, font_size: float, *, bold: bool = False, colour: str = _FELT_TEXT,
           class_: str = "label") -> _Block:
    t = _el("text", None, text, x=0.0, y=font_size * 0.95, font_size=font_size,
            font_family=_FONT, fill=colour, class_=class_,
            font_weight="bold" if bold else None)
    # a width for the layout only: about 0.6 of the size per character in a sans font
    return _Block(len(text) * font_size * 0.6, font_size * 1.25, [t])


def _stack(blocks: Sequence[_Block], gap: float, *, across: bool = False) -> _Block:
    """Blocks one under another (or side by side when ``across``)."""
    shown = [b for b in blocks if b.width or b.height]
    items, pos = [], 0.0
    for b in shown:
        items.append(b.at(pos, 0) if across else b.at(0, pos))
        pos += (b.width if across else b.height) + gap
    length = max(0.0, pos - gap)
    if across:
        return _Block(length, max((b.height for b in shown), default=0.0), items)
    return _Block(max((b.width for b in shown), default=0.0), length, items)


def _flow(blocks: Sequence[_Block], gap: float, max_width: float) -> _Block:
    """Blocks left to right, a new line when the next would pass ``max_width``."""
    lines: list[list[_Block]] = [[]]
    used = 0.0
    for b in blocks:
        if lines[-1] and used + gap + b.width > max_width:
            lines.append([])
            used = 0.0
        used += (gap if lines[-1] else 0.0) + b.width
        lines[-1].append(b)
    return _stack([_stack(line, gap, across=True) for line in lines], gap)


def _slot(width: float, text: str, font_size: float) -> _Block:
    """An empty place for cards: a dashed outline, labelled."""
    height = width * CARD_RATIO
    rect = _el("rect", None, class_="slot", x=1.0, y=1.0, width=width - 2, height=height - 2,
               rx=width * 0.08, fill="none", stroke=_FELT_TEXT, stroke_opacity=0.5,
               stroke_width=1.5, stroke_dasharray="5 4")
    t = _el("text", None, text, x=width / 2, y=height / 2 + font_size * 0.35,
            font_size=font_size, font_family=_FONT, fill=_FELT_TEXT, fill_opacity=0.7,
            text_anchor="middle", class_="label")
    return _Block(width, height, [rect, t])


def _drawn(value: str | None, what: str) -> Card | None:
    """A card of the table's view (a notation, ``None`` face down), to draw."""
    return None if value is None else _as_card(value, what)


_SUITS = {s.letter: s for s in Suit}


def table(observation: object, *, size: float = DEFAULT_SIZE,
          names: Sequence[str] | None = None, playable: Iterable[Card | int | str] | None = None,
          selected: Collection[int] = ()) -> Svg:
    """What one seat sees of a deal, from its observation (``state.observation(seat)``)
    of any game: drawn from :func:`bezique.present.table.table_view`, the table the
    observation shows read as data (as the web server sends it), so every game of the
    package draws without code of its own, and nothing the observation does not hold
    is drawn.

    From top to bottom: the other seats, each with a label (its name, the cards in its
    hand, ``points``, ``tricks_won``, dealer, to move, partner) and its hand face down
    (``hand_sizes``; the cards ``known_in_hand`` face up among the backs, a hand the
    viewer sees through ``hands`` face up) above its declared cards (``tables``); then
    the stock (``stock_size``, no count when None) with the ``turn_up``, the ``trump``,
    the ``trick`` in progress (by seat when the trick gives seats or a ``trick_leader``)
    and the ``last_trick`` (by seat where known: from the deal's public events at two);
    at the bottom the viewer's declared cards, the viewer's ``hand`` and label. ``size``
    is the width of the hand's cards in pixels; the rest are smaller. ``names`` gives
    one name to each of the table's seats (default ``Seat 0``...). ``playable``, when
    given, lists the cards that may be played now: the viewer's other cards (hand and
    table) are drawn disabled. ``selected`` are positions in the hand. An observation
    with no per-seat fields that holds the observation of a game inside it (Chouette's
    game of two) draws that game, its seats those of the table (``players``) that hold
    its hands: the hand at the bottom is the one the viewer plays or consults on. A
    public observation (``state.public_observation()``, ``seat`` -1) is drawn as a
    spectator sees the table: the first seat at the bottom, every hand face down but
    for its cards ``known_in_hand``, and no seat called "you".

    Every card carries ``data-place`` and, where known, ``data-seat`` (the table's seat,
    as ``names`` counts them): ``hand`` is the hand the viewer plays (drawn at the
    bottom), ``other-hand`` another seat's, ``table`` a seat's declared cards, then
    ``trick``, ``last-trick``, ``turn-up`` and ``stock``.

    >>> from bezique.games import GAMES
    >>> obs = GAMES["bezique"]().deal(0, seed=1).observation(0)
    >>> picture = table(obs)
    >>> picture.count('data-place="hand" data-seat="0"') == len(obs.hand)
    True
    >>> spectator = table(GAMES["bezique"]().deal(0, seed=1).public_observation())
    >>> 'data-place="hand"' in spectator, "The table as a spectator sees it" in spectator
    (False, True)
    >>> table(42)
    Traceback (most recent call last):
      ...
    TypeError: a table is read from a seat's observation (with a hand), not 42
    """
    width = _size(size)
    view = table_view(observation, names)
    seats: list[dict[str, Any]] = view["seats"]
    n = len(seats)
    name_of = {e["seat"]: e["name"] for e in [*seats, *view["others"]]}
    own = view["own"]
    spectator = own is None
    # the seat drawn at the bottom (a spectator's: the first), and the viewer's own seat
    # among those drawn, if he plays one (not when he consults on another's hand)
    bottom = next((i for i, e in enumerate(seats) if e["seat"] == own), 0)
    you = own if not spectator and view["viewer"] in (None, own) else None
    viewer = view["viewer"] if view["viewer"] is not None else own
    viewer_name = ("a spectator" if spectator
                   else name_of.get(viewer, f"Seat {viewer}"))
    hand = [] if spectator else [_as_card(c, f"hand[{i}]")
                                 for i, c in enumerate(seats[bottom]["hand"])]
    can_play = (None if playable is None
                else {_as_card(c, "playable card") for c in playable})
    chosen = _indices(selected, len(hand), "selected")

    small, mid = width * 0.55, width * 0.72
    font = max(9.0, width * 0.17)
    gap = width * 0.12
    your_side = next((e["side"] for e in seats if e["seat"] == you), None)

    def label(entry: dict[str, Any], in_hand: int | None) -> _Block:
        s = entry["seat"]
        parts = [entry["name"] + (" (you)" if s == you else "")]
        if your_side is not None and s != you and entry["side"] == your_side:
            parts.append("partner")
        if in_hand is not None:
            parts.append(f"{in_hand} in hand")
        if entry["points"] is not None:
            parts.append(f"{entry['points']} points")
        if entry["tricks"] is not None:
            parts.append(f"{entry['tricks']} trick" + ("" if entry["tricks"] == 1 else "s"))
        if entry["dealer"]:
            parts.append("dealer")
        if entry["to_move"]:
            parts.append("to move")
        block = _label(" · ".join(parts), font, bold=entry["to_move"])
        block.items[0].set("data-seat", str(s))
        return block

    def placed(place: str, s: int | None) -> dict[str, object]:
        return {"place": place} if s is None else {"place": place, "seat": s}

    def table_row(i: int) -> _Block:
        s = seats[i]["seat"]
        laid = [_as_card(c, f"tables[{s}]") for c in seats[i]["table"]]
        off = {k for k, c in enumerate(laid)
               if i == bottom and can_play is not None and c not in can_play}
        return _row(laid, mid, overlap=0.3, disabled=off,
                    data=[placed("table", s)] * len(laid))

    rows: list[_Block] = []
    caption = []
    if view["phase"]:
        caption.append(f"phase: {view['phase']}")
    if view["sides"] is not None and view["side_points"] is not None:
        for side, total in enumerate(view["side_points"]):
            members = " & ".join(str(e["seat"]) for e in seats if e["side"] == side)
            caption.append(f"seats {members}: {total}")
    if caption:
        rows.append(_label(" · ".join(caption), font * 0.9, class_="caption"))

    def other_hand(i: int, card_width: float) -> _Block:
        """A hand the viewer does not play: face down but for the cards known to be in
        it, or face up when the viewer sees it."""
        s = seats[i]["seat"]
        theirs = [_drawn(c, f"hand of seat {s}") for c in seats[i]["hand"]]
        return _row(theirs, card_width, overlap=0.55,
                    data=[placed("other-hand", s)] * len(theirs))

    # the other seats, in the order of play from the viewer's left
    for i in [(bottom + k) % n for k in range(1, n)]:
        rows.append(_stack([label(seats[i], seats[i]["in_hand"]), other_hand(i, small),
                            table_row(i)], gap * 0.5))

    # the middle: stock and turn-up, trumps, the trick, the last trick
    middle: list[_Block] = []
    stock = view["stock"]
    if stock is not None:
        stock_size = stock["size"]
        if stock_size is None or stock_size > 0:
            pile = 3 if stock_size is None else min(3, stock_size)
            step = mid * 0.04
            stacked = [_card_element(None, mid, f"translate({_n(i * step)} {_n(i * step)})",
                                     data={"place": "stock"}) for i in range(pile)]
            heap = _Block(mid + (pile - 1) * step, mid * CARD_RATIO + (pile - 1) * step,
                          stacked)
        else:
            heap = _slot(mid, "empty", font * 0.8)
        text = "stock" if stock_size is None else f"stock: {stock_size}"
        if stock["closed"]:
            text += ", closed"
        middle.append(_stack([_label(text, font * 0.9), heap], gap * 0.5))
    if view["turn_up"] is not None:
        up = _row([_as_card(view["turn_up"], "turn_up")], mid, data=[placed("turn-up", None)])
        middle.append(_stack([_label("turn-up", font * 0.9), up], gap * 0.5))
    if view["trump"] in _SUITS:
        suit = _SUITS[view["trump"]]
        g = _el("g", class_="trump", data_trump=suit.letter, role="img",
                aria_label=f"Trumps: {suit.name.title()}")
        _el("title", g, f"Trumps: {suit.name.title()}")
        _el("circle", g, cx=mid * 0.4, cy=mid * 0.4, r=mid * 0.4, fill=_FACE,
            stroke=_EDGE)
        _pip(g, suit, mid * 0.15, mid * 0.15, mid * 0.5)
        badge = _Block(mid * 0.8, mid * 0.8, [g])
        middle.append(_stack([_label("trumps", font * 0.9), badge], gap * 0.5))
    elif view["trump"] is not None:
        middle.append(_label("no trumps yet", font * 0.9))
    trick = view["trick"]
    if trick:
        trick_row = _row([_as_card(e["card"], "a trick's card") for e in trick], width * 0.8,
                         overlap=0.2, data=[placed("trick", e["seat"]) for e in trick])
        text = "trick"
        if trick[0]["seat"] is not None:
            text += f", led by {name_of[trick[0]['seat']]}"
            if view["winning"] is not None:
                text += f", {name_of[view['winning']]} winning"
        middle.append(_stack([_label(text, font * 0.9), trick_row], gap * 0.5))
    elif trick is not None:
        middle.append(_stack([_label("trick", font * 0.9),
                              _slot(width * 0.8, "lead", font * 0.8)], gap * 0.5))
    last = view["last_trick"]
    if last:
        last_row = _row([_as_card(e["card"], "a trick's card") for e in last], small,
                        overlap=0.3, data=[placed("last-trick", e["seat"]) for e in last])
        text = "last trick"
        if view["last_winner"] is not None:
            text += f", to {name_of[view['last_winner']]}"
        middle.append(_stack([_label(text, font * 0.9), last_row], gap * 0.5))

    # the viewer (a spectator: the first seat, its hand face down as the others')
    if spectator:
        mine_row = other_hand(bottom, mid)
        if not mine_row.items:
            mine_row = _slot(mid, "no cards", font * 0.8)
        mine = _stack([table_row(bottom), mine_row, label(seats[bottom],
                                                          seats[bottom]["in_hand"])],
                      gap * 0.5)
    else:
        off = {i for i, c in enumerate(hand) if can_play is not None and c not in can_play}
        mine_row = _row(hand, width, overlap=0.45, selected=chosen, disabled=off,
                        lift_room=True, data=[placed("hand", own)] * len(hand))
        if not hand:
            mine_row = _slot(width, "no cards", font * 0.8)
        mine = _stack([table_row(bottom), mine_row, label(seats[bottom], None)], gap * 0.5)

    max_width = max([mine.width, width * 6.5] + [r.width for r in rows])
    rows.append(_flow(middle, gap * 1.5, max_width))
    rows.append(mine)
    body = _stack(rows, gap * 1.6)
    margin = width * 0.18
    w, h = body.width + 2 * margin, body.height + 2 * margin
    felt = _el("rect", None, class_="felt", x=0.0, y=0.0, width=w, height=h,
               rx=width * 0.15, fill=_FELT)
    return _root(w, h, f"The table as {viewer_name} sees it", [felt, body.at(margin, margin)],
                 "bezique-table")
