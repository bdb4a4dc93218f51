"""The kernels' card layout: card numbers, masks and points for one trump under one rule profile.

Inside the kernels a card is ``suit * 8 + strength``, its playing order within the suit under
the current trump (see :mod:`._kernels`); :func:`kernel_layout` builds the translation from face
cards, and :func:`kernel_classes` groups interchangeable kernel cards.

>>> from belote import COINCHE, HEARTS
>>> from belote.types import card_name
>>> layout = kernel_layout(COINCHE, HEARTS)
>>> [card_name(layout.to_face[8 + strength]) for strength in range(8)]  # trumps, weakest first
['7H', '8H', 'QH', 'KH', 'TH', 'AH', '9H', 'JH']
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from ..types.cards import SUITS, Mask, Suit
from ..types.profile import RuleProfile

__all__ = ["KernelLayout", "kernel_classes", "kernel_layout"]


@dataclass(frozen=True)
class KernelLayout:
    """Card tables of the kernel for one trump under one rule profile.

    ``to_kernel[c]`` is the kernel index of face card ``c`` (suit * 8 +
    playing strength) and ``to_face`` the inverse; ``points`` is indexed by
    kernel card. ``byte_masks[s][b]`` and ``byte_points[s][b]`` translate the
    eight face bits ``b`` of suit ``s`` at once (kernel bits, card points);
    ``point_values`` is ``points`` as a tuple of ints (quicker to read from Python);
    ``mask_table`` is ``byte_masks`` as a ``(4, 256)`` int64 array (for arrays of masks).
    """

    to_kernel: tuple[int, ...]
    to_face: tuple[int, ...]
    points: np.ndarray
    byte_masks: tuple[tuple[int, ...], ...]
    byte_points: tuple[tuple[int, ...], ...]
    point_values: tuple[int, ...]
    mask_table: np.ndarray

    def mask(self, face_mask: Mask) -> int:
        """The kernel mask of a face mask."""
        m = self.byte_masks
        return (m[0][face_mask & 255] | m[1][face_mask >> 8 & 255]
                | m[2][face_mask >> 16 & 255] | m[3][face_mask >> 24 & 255])

    def points_of(self, face_mask: Mask) -> int:
        """The card points of the cards of a face mask."""
        p = self.byte_points
        return (p[0][face_mask & 255] + p[1][face_mask >> 8 & 255]
                + p[2][face_mask >> 16 & 255] + p[3][face_mask >> 24 & 255])

    def kernel_hands(self, masks: np.ndarray) -> np.ndarray:
        """The kernel masks of an array of face masks (any shape), as a new int64 array."""
        table = self.mask_table
        return (table[0][masks & 255] | table[1][(masks >> 8) & 255]
                | table[2][(masks >> 16) & 255] | table[3][(masks >> 24) & 255])


@functools.lru_cache(maxsize=64)
def kernel_layout(profile: RuleProfile, trump: Suit) -> KernelLayout:
    """Build the kernel card layout for ``trump`` from the profile's orders and points."""
    to_kernel = [(face & 56) + profile.strength(face, trump) for face in range(32)]
    to_face = [0] * 32
    points = np.zeros(32, dtype=np.int64)
    for face, k in enumerate(to_kernel):
        to_face[k] = face
        points[k] = profile.card_points(face, trump)
    byte_masks = []
    byte_points = []
    for suit in SUITS:
        masks = [0] * 256
        card_points = [0] * 256
        for b in range(1, 256):
            low = (b & -b).bit_length() - 1
            card = suit * 8 + low
            masks[b] = masks[b & (b - 1)] | 1 << to_kernel[card]
            card_points[b] = card_points[b & (b - 1)] + points[to_kernel[card]]
        byte_masks.append(tuple(masks))
        byte_points.append(tuple(int(p) for p in card_points))
    table = np.array(byte_masks, dtype=np.int64)
    table.flags.writeable = False
    return KernelLayout(tuple(to_kernel), tuple(to_face), points, tuple(byte_masks),
                        tuple(byte_points), tuple(int(p) for p in points), table)


def kernel_classes(lay: KernelLayout, legal: int, live: int) -> list[list[int]]:
    """:func:`~belote.dd.solve.equivalence_classes` in kernel cards, from kernel masks of the
    legal and live cards.

    The first card of each class is the one the kernels search
    (``_kernels._order_moves`` leaves out the others).
    """
    points = lay.point_values
    classes: list[list[int]] = []
    for base in (0, 8, 16, 24):  # kernel suits are face suits: S H D C in turn
        bits = legal >> base & 255
        while bits:  # the legal cards of the suit, strongest first
            strength = bits.bit_length() - 1
            bits ^= 1 << strength
            k = base + strength
            up = live >> (k + 1) & ((1 << (7 - strength)) - 1)  # live cards above k
            if up:
                above = k + (up & -up).bit_length()  # the live card just above k
                if legal >> above & 1 and points[above] == points[k]:
                    classes[-1].append(k)  # ``above`` is the last card placed
                    continue
            classes.append([k])
    return classes
