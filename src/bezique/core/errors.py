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
