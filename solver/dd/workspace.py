"""The kernels' workspace fields of one search target (see :mod:`._kernels`, "Workspace").

>>> from belote import COINCHE, HEARTS
>>> fields = workspace_fields(COINCHE, HEARTS, 0, 1 << 16)
>>> int(fields[load_kernels().TRUMP]), fields.flags.writeable
(1, False)
"""

from __future__ import annotations

import functools

import numpy as np

from ..types.cards import Suit
from ..types.deal import Side
from ..types.profile import RuleProfile
from .layout import kernel_layout
from .loader import load_kernels

__all__ = ["workspace_fields"]


@functools.lru_cache(maxsize=256)
def workspace_fields(profile: RuleProfile, trump: Suit, side: Side, entries: int) -> np.ndarray:
    """The kernel workspace fields of one search target, generation 0 (see :mod:`._kernels`).

    ``entries`` is the size of the context's transposition table. Read-only and shared: a
    search copies them into its context's memory and sets its generation there.
    """
    k = load_kernels()
    layout = kernel_layout(profile, trump)
    ws = np.zeros(k.WS_SIZE, dtype=np.int64)
    ws[k.TT_ENTRIES] = entries
    ws[k.POINTS:k.POINTS + 32] = layout.points
    ws[k.SIDE] = side
    ws[k.TRUMP] = trump
    ws[k.LAST_BONUS] = profile.last_trick_bonus
    ws[k.CAPOT_EXTRA] = profile.capot_trick_points - (
        profile.total_trick_points - profile.last_trick_bonus)
    ws[k.UNDERTRUMP] = profile.undertrump_when_cannot_overtrump
    ws[k.OVERTRUMP_LEAD] = profile.overtrump_on_trump_lead
    ws[k.PARTNER_FREES] = profile.partner_winning_frees
    ws[k.MUST_TRUMP] = profile.must_trump_when_void
    ws[k.MUST_OVERTRUMP] = profile.must_overtrump_ruff
    ws[k.ROOT_PLY] = -1
    ws.flags.writeable = False
    return ws
