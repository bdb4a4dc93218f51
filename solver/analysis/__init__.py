"""Analyses of boards: what ``belote solve`` computes for a board, and what the recorded play did
to the double-dummy values."""
