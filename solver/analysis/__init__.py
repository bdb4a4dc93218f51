"""Analyses of boards: what the recorded play did to the double-dummy values."""
