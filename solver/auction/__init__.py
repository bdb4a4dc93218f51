"""The auction: what a coinche auction ends in when every card is visible (:mod:`.par`)."""

from .par import ParContract, ParResult, bid_ladder, par_of

__all__ = ["ParContract", "ParResult", "bid_ladder", "par_of"]
