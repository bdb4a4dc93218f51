"""Sampling deals consistent with what is known, and honest statistics over them.

:mod:`.constraints` describes the unseen cards, :mod:`.sampler` draws deals
uniformly among all those consistent with them (by exact counting), and
:mod:`.stats` turns results over sampled deals into intervals.
"""
