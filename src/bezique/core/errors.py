"""Errors raised by the rules engines. Each names what is wrong; none leaves a state changed."""

from __future__ import annotations


class BeziqueError(Exception):
    """Base class of every error this library raises on purpose."""


class NotationError(BeziqueError, ValueError):
    """Text that names no card, action, option or record, with the bad part named."""


class IllegalActionError(BeziqueError, ValueError):
    """An action the rules do not allow in this position; the message says why."""


class OptionError(BeziqueError, ValueError):
    """An unknown game option, or a value the option does not take."""


class RecordError(BeziqueError, ValueError):
    """A game record that is malformed or does not replay."""


class SeatError(BeziqueError, ValueError):
    """A seat (or dealer) that is not one of the game's seats; the message names the valid
    ones (0 and 1 in the two-handed games)."""


#: How much of a text an error message quotes: longer input is cut, with an ellipsis.
QUOTE_LIMIT = 40


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of a value for an error message, cut to about ``limit`` characters so that
    over-long input is never echoed back in full.

    >>> quoted("QS")
    "'QS'"
    >>> quoted("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100 characters)"
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return repr(value[:limit])[:-1] + "…" + repr(value[:limit])[-1] \
            + f" ({len(value):,} characters)"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "…"
