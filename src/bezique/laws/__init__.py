"""Play and referee under the laws of irregularities, outside the rules core.

:mod:`.base` is the generic table under the laws (a wrapper over any trick game's deal;
its module says how to add a family); one module per game family states its laws:
:mod:`.hearts` (Foster's Laws of Hearts). The rules core never imports this package.
"""

from .base import (
    Call,
    Irregularity,
    LawAction,
    LawError,
    LawTable,
    Ruling,
    law_table,
    laws_for,
    register,
)

__all__ = ["Call", "Irregularity", "LawAction", "LawError", "LawTable", "Ruling",
           "law_table", "laws_for", "register"]
