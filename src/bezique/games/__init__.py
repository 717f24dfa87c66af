"""The games of the family, each a small module of its own rules on the core."""

from __future__ import annotations

from ..core.errors import OptionError
from ..core.game import Game, Options
from .bezique import Bezique, BeziqueOptions
from .bezique.chouette import Chouette, ChouetteOptions
from .bezique.multi import (
    FourHandedBezique,
    FourHandedOptions,
    ThreeHandedBezique,
    ThreeHandedOptions,
)
from .bezique.rubicon import Chinese, ChineseOptions, Rubicon, RubiconOptions
from .binocle.auction import AuctionBinocle
from .binocle.multi import FourHandedBinocle, ThreeHandedBinocle
from .binocle.two_handed import Binocle, BinocleOptions
from .ecarte import Ecarte, EcarteOptions
from .enfle import Enfle, EnfleOptions
from .euchre import (
    FourHandedEuchre,
    FourHandedEuchreOptions,
    OpenSpielEuchre,
    TwoHandedEuchre,
    TwoHandedEuchreOptions,
)
from .hearts import AuctionHearts, Hearts, HeartsOptions, JokerHearts, OpenSpielHearts
from .kreutz import KreutzMariage, KreutzOptions
from .napoleon import Napoleon, NapoleonOptions
from .schnapsen import Schnapsen
from .sixtysix import SixtySix, SixtySixOptions
from .sixtysix_three import ThreeHandedSixtySix, ThreeHandedSixtySixOptions

GAMES: dict[str, type[Game]] = {  # type: ignore[type-arg]
    "bezique": Bezique,
    "sixtysix": SixtySix,
    "rubicon": Rubicon,
    "chinese": Chinese,
    "bezique3": ThreeHandedBezique,
    "bezique4": FourHandedBezique,
    "chouette": Chouette,
    "schnapsen": Schnapsen,
    "binocle": Binocle,
    "binocle3": ThreeHandedBinocle,
    "binocle4": FourHandedBinocle,
    "binocleauction": AuctionBinocle,
    "sixtysix3": ThreeHandedSixtySix,
    "sixtysix4": KreutzMariage,
    "euchre": TwoHandedEuchre,
    "euchre4": FourHandedEuchre,
    "euchreopenspiel": OpenSpielEuchre,
    "ecarte": Ecarte,
    "napoleon": Napoleon,
    "enfle": Enfle,
    "hearts": Hearts,
    "heartsjoker": JokerHearts,
    "heartsauction": AuctionHearts,
    "heartsopenspiel": OpenSpielHearts,
}


#: Longer spellings of the registered names, written as make_game reads them (lower case,
#: no spaces, hyphens or underscores).
ALIASES: dict[str, str] = {
    "66": "sixtysix",
    "rubiconbezique": "rubicon",
    "chinesebezique": "chinese",
    "threehandedbezique": "bezique3",
    "fourhandedbezique": "bezique4",
    "chouettebezique": "chouette",
    "pinochle": "binocle",
    "pinocle": "binocle",
    "threehandedsixtysix": "sixtysix3",
    "sixtysixthreehanded": "sixtysix3",
    "threehanded66": "sixtysix3",
    "663": "sixtysix3",
    "fourhandedsixtysix": "sixtysix4",
    "sixtysixfourhanded": "sixtysix4",
    "fourhanded66": "sixtysix4",
    "664": "sixtysix4",
    "kreutzmariage": "sixtysix4",
    "kreuzmariage": "sixtysix4",
    "twohandedbinocle": "binocle",
    "threehandedbinocle": "binocle3",
    "fourhandedbinocle": "binocle4",
    "auctionbinocle": "binocleauction",
    "auctionpinochle": "binocleauction",
    "twohandedeuchre": "euchre",
    "euchre2": "euchre",
    "fourhandedeuchre": "euchre4",
    "openspieleuchre": "euchreopenspiel",
    "euchreos": "euchreopenspiel",
    "écarté": "ecarte",
    "ecarté": "ecarte",
    "écarte": "ecarte",
    "nap": "napoleon",
    "enflé": "enfle",
    "rollingstone": "enfle",
    "schwellen": "enfle",
    "schweller": "enfle",
    "jokerhearts": "heartsjoker",
    "auctionhearts": "heartsauction",
    "openspielhearts": "heartsopenspiel",
    "modernhearts": "heartsopenspiel",
    "blacklady": "heartsopenspiel",
}


def make_game(name: str, options: Options | dict[str, object] | list[str] | None = None
              ) -> Game:  # type: ignore[type-arg]
    """A game by name (``bezique``, ``sixtysix``, ``rubicon``, ``chinese``, ``bezique3``,
    ``bezique4``, ``chouette``, or any key of :data:`GAMES`) with options
    given as an options object, a mapping, or ``["name=value", ...]``."""
    key = name.strip().lower().replace("-", "").replace("_", "").replace(" ", "")
    aliases = {k: k for k in GAMES}  # every registered name, then the longer spellings
    aliases.update(ALIASES)
    if key not in aliases or aliases[key] not in GAMES:
        raise OptionError(f"unknown game {name!r}; known: {', '.join(GAMES)}")
    cls = GAMES[aliases[key]]
    if options is None or isinstance(options, Options):
        opts = options
    elif isinstance(options, dict):
        opts = cls.options_class.from_mapping(options)
    else:
        opts = cls.options_class.parse(options)
    other = cls.as_other_game(opts) if opts is not None else None
    return other if other is not None else cls(opts)


__all__ = [
    "GAMES",
    "AuctionHearts",
    "Bezique",
    "BeziqueOptions",
    "Binocle",
    "BinocleOptions",
    "Chinese",
    "ChineseOptions",
    "Chouette",
    "ChouetteOptions",
    "Ecarte",
    "EcarteOptions",
    "Enfle",
    "EnfleOptions",
    "FourHandedBezique",
    "FourHandedEuchre",
    "FourHandedEuchreOptions",
    "FourHandedOptions",
    "Hearts",
    "HeartsOptions",
    "JokerHearts",
    "KreutzMariage",
    "KreutzOptions",
    "Napoleon",
    "NapoleonOptions",
    "OpenSpielEuchre",
    "OpenSpielHearts",
    "Rubicon",
    "RubiconOptions",
    "SixtySix",
    "SixtySixOptions",
    "ThreeHandedBezique",
    "ThreeHandedOptions",
    "ThreeHandedSixtySix",
    "ThreeHandedSixtySixOptions",
    "TwoHandedEuchre",
    "TwoHandedEuchreOptions",
    "make_game",
]
