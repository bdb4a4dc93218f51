"""Statistics over samples of deals: confidence intervals (:mod:`.stats`)."""
