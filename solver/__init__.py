"""belote: cards, rules, scoring, PBN and an exact double-dummy solver.

Importing this package is cheap: the numba kernels are compiled (or loaded from
the cache) on the first solve, not on import.
"""

from .types.cards import CardSet, card_name, parse_card
from .types.deal import Deal
from .errors import (BeloteError, CardError, ContractError, DealError, IllegalPlayError,
                     PBNDecodeError)
from .rules.play import Position
from .rules.profiles import CLASSIC, COINCHE, RuleProfile, get_profile

__all__ = [
    "BeloteError", "CLASSIC", "COINCHE", "CardError", "CardSet", "ContractError", "Deal",
    "DealError", "IllegalPlayError", "PBNDecodeError", "Position", "RuleProfile",
    "card_name", "get_profile", "parse_card",
]
__version__ = "0.1.0"
