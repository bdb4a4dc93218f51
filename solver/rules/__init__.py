"""The rules of the game: legal play and trick taking, deal scoring, matches (the rule
profiles they read are values, in :mod:`belote.types.profile`)."""
