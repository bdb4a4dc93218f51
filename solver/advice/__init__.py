"""Advice from what a player can see: bids (:mod:`.bid`), cards (:mod:`.hint`), and whole
deals played single-dummy by all four seats (:mod:`.playout`)."""
