"""Hearts by Foster's Laws (000 lines 19-137), in its forms: :mod:`.foster` (``hearts``,
two to six), :mod:`.joker` (``heartsjoker``), :mod:`.auction` (``heartsauction``), and
:mod:`.modern` (``heartsopenspiel``, today's game as OpenSpiel plays it), on the shared
machinery of :mod:`.base`."""

from .auction import AuctionHearts, AuctionHeartsOptions, AuctionHeartsState
from .base import HeartsGame, HeartsObservation, HeartsSheet, HeartsState
from .foster import Hearts, HeartsOptions
from .joker import JokerHearts, JokerHeartsOptions, JokerHeartsState
from .modern import OpenSpielHearts, OpenSpielHeartsOptions, OpenSpielHeartsState

__all__ = ["AuctionHearts", "AuctionHeartsOptions", "AuctionHeartsState", "Hearts",
           "HeartsGame", "HeartsObservation", "HeartsOptions", "HeartsSheet", "HeartsState",
           "JokerHearts", "JokerHeartsOptions", "JokerHeartsState", "OpenSpielHearts",
           "OpenSpielHeartsOptions", "OpenSpielHeartsState"]
