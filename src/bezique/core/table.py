"""Seats, sides and the turn order of a table of two to six players.

Seats are absolute: numbered ``0 .. n - 1`` clockwise, so that the seat after ``s`` (to its
left, who plays next and deals next) is ``(s + 1) % n``. The dealer is a field of the deal,
never a rotation of the seat list, so score sheets and records need no translating back.

A *side* is one seat, or a partnership whose points combine. A table's sides are written
as one side number per seat, numbered in the order of their first seat:

>>> sides = check_sides((0, 1, 0, 1), 4)     # four-handed: partners sit opposite
>>> side_of(sides, 3), partners(sides, 0), members(sides, 1)
(1, (2,), (1, 3))
>>> seat_results(sides, (120, 30))            # each member gets his side's result
(120, 30, 120, 30)
>>> solo_sides(3)                             # every seat for himself
(0, 1, 2)
>>> next_seat(3, 4), next_seat(2, 3)
(0, 0)

The helpers work on plain tuples and ints (no two-seat arithmetic such as ``1 - seat``
and no bit tricks such as ``seat ^ 2`` for a partner): a game and a front end ask them
who is whose partner.
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import SeatError, quoted

#: The fewest and the most seats any game of the family is played with.
MIN_SEATS, MAX_SEATS = 2, 6


def solo_sides(num_players: int) -> tuple[int, ...]:
    """Every seat a side of its own (the default of every game)."""
    return tuple(range(num_players))


def check_sides(sides: Sequence[int], num_players: int) -> tuple[int, ...]:
    """``sides`` as a tuple if it gives each of ``num_players`` seats a side, the sides
    numbered from 0 in the order of their first seat, with two sides at least; otherwise
    a :class:`SeatError` saying what is wrong.

    >>> check_sides([0, 0, 1], 3)
    (0, 0, 1)
    >>> check_sides((1, 0), 2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bezique.core.errors.SeatError: sides (1, 0) must number the sides from 0 ...
    """
    try:
        out = tuple(int(s) for s in sides)
    except (TypeError, ValueError):
        raise SeatError(f"sides {quoted(sides)} must give one side number per seat") from None
    if len(out) != num_players:
        raise SeatError(f"sides {quoted(out)} must give one side number for each of the"
                        f" {num_players} seats")
    seen: list[int] = []
    for s in out:
        if s not in seen:
            if s != len(seen):
                raise SeatError(f"sides {quoted(out)} must number the sides from 0 in seat"
                                " order (0, 1, ...)")
            seen.append(s)
    if len(seen) < 2:
        raise SeatError(f"sides {quoted(out)} must make two sides at least")
    return out


def side_of(sides: Sequence[int], seat: int) -> int:
    """The side ``seat`` plays for."""
    return sides[seat]


def members(sides: Sequence[int], side: int) -> tuple[int, ...]:
    """The seats of ``side``, in seat order."""
    return tuple(p for p, s in enumerate(sides) if s == side)


def partners(sides: Sequence[int], seat: int) -> tuple[int, ...]:
    """The other seats of ``seat``'s side (none when he plays alone)."""
    mine = sides[seat]
    return tuple(p for p, s in enumerate(sides) if s == mine and p != seat)


def num_sides(sides: Sequence[int]) -> int:
    """How many sides the table has."""
    return max(sides) + 1


def is_partnership(sides: Sequence[int]) -> bool:
    """Whether some side has more than one seat."""
    return num_sides(sides) < len(sides)


def side_totals(sides: Sequence[int], per_seat: Sequence[int]) -> tuple[int, ...]:
    """Per-seat figures summed side by side (one entry per side): what partners scored
    between them."""
    out = [0] * num_sides(sides)
    for seat, value in enumerate(per_seat):
        out[sides[seat]] += value
    return tuple(out)


def seat_results(sides: Sequence[int], per_side: Sequence[int]) -> tuple[int, ...]:
    """Per-side results given to each seat (one entry per seat): every member of a side
    gets the side's result, as ``returns()`` and ``DealResult.points`` hold them."""
    return tuple(per_side[s] for s in sides)


def next_seat(seat: int, num_players: int) -> int:
    """The seat to the left of ``seat``: who plays after him and deals after him."""
    return (seat + 1) % num_players


def seat_count(value: object, low: int, high: int, what: str = "players") -> int:
    """``value`` as a number of seats within ``low .. high``; a :class:`SeatError`
    naming the range otherwise."""
    if type(value) is int and low <= value <= high:
        return value
    rng = f"{low}" if low == high else f"{low} to {high}"
    raise SeatError(f"{what} {quoted(value)} is not a number of seats of this game: it"
                    f" seats {rng}")


__all__ = [
    "MAX_SEATS", "MIN_SEATS", "check_sides", "is_partnership", "members", "next_seat",
    "num_sides", "partners", "seat_count", "seat_results", "side_of", "side_totals",
    "solo_sides",
]
