"""The auction: its par when every card is visible (:mod:`.par`), and what its calls say
of the hidden hands under a convention profile (:mod:`.conventions`, :mod:`.inference`)."""

from .par import Makeable, ParContract, ParResult, bid_ladder, par_of

__all__ = ["Makeable", "ParContract", "ParResult", "bid_ladder", "par_of"]
