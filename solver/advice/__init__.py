"""Advice from what a player can see: bids (:mod:`.bid`) and cards (:mod:`.hint`)."""
