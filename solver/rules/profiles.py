"""Deprecated: the rule profiles are in :mod:`belote.types.profile` (this alias goes in the next version).

The profile is a value of the bottom layer (the contracts and auctions of
:mod:`belote.types` read it), so it moved there; ``belote.rules.profiles.X``
gives the very objects of ``belote.types.profile`` (and of ``belote``).

>>> import warnings
>>> with warnings.catch_warnings():
...     warnings.simplefilter("ignore", DeprecationWarning)
...     from belote.rules.profiles import COINCHE
>>> import belote
>>> COINCHE is belote.COINCHE
True
"""

from __future__ import annotations

import warnings

from ..types.profile import CLASSIC, COINCHE, PROFILES, RuleProfile, get_profile

__all__ = ["CLASSIC", "COINCHE", "PROFILES", "RuleProfile", "get_profile"]

warnings.warn("belote.rules.profiles is deprecated: import from belote (or belote.types.profile)",
              DeprecationWarning, stacklevel=2)
