"""Euchre (Enquire Within 120-121): the shared machinery (:mod:`.base`) and one small
module per form: two-handed (:mod:`.two_handed`), four-handed (:mod:`.four_handed`),
and OpenSpiel's rules as a preset of the four-handed game (:mod:`.openspiel`)."""

from .base import Euchre, EuchreObservation, EuchreState
from .four_handed import FourHandedEuchre, FourHandedEuchreOptions
from .openspiel import OpenSpielEuchre, OpenSpielEuchreOptions
from .two_handed import TwoHandedEuchre, TwoHandedEuchreOptions

__all__ = ["Euchre", "EuchreObservation", "EuchreState", "FourHandedEuchre",
           "FourHandedEuchreOptions", "OpenSpielEuchre", "OpenSpielEuchreOptions",
           "TwoHandedEuchre", "TwoHandedEuchreOptions"]
