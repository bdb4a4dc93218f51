"""The rules of the game: rule profiles, legal play and trick taking, deal scoring."""
