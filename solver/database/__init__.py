"""Databases of double-dummy results: the batch pipeline (:mod:`.batch`) and the reports on its output (:mod:`.report`)."""
