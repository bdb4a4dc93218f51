"""Private numba kernels of the double-dummy solver.

Nothing here is public: :mod:`belote.solver.dd` validates its inputs, converts
cards to the kernel layout and calls these functions with exactly typed values
(every scalar an ``np.int64``), so each kernel compiles to one signature that
numba caches on disk (``cache=True``).

Kernel card layout
    Inside the kernels a card is ``suit * 8 + strength``, where strength is its
    playing order within the suit *under the current trump* (0 = weakest).
    "Beats" within a suit is then an integer comparison, and the cards above a
    card are the bits above it in its suit's byte. :func:`kernel_layout` in
    :mod:`belote.solver.dd` builds the mapping from a rule profile.

Search
    Fail-soft alpha-beta on the trick points that side ``X`` takes from the
    current point of the deal on. A transposition table keyed by the cards
    still held, the seat to lead and whether ``X`` has won every trick so far
    (a capot is still open) stores lower and upper bounds at trick starts.

Context vector ``ctx`` (int64), indices given by the ``CTX_*`` constants.
"""

from __future__ import annotations

import numpy as np
from numba import njit

CTX_SIDE = 0
"""Side X whose points are maximised (0 NS, 1 EW)."""
CTX_TRUMP = 1
"""Trump suit 0..3."""
CTX_LAST_BONUS = 2
"""Points for the last trick."""
CTX_CAPOT_EXTRA = 3
"""Points added to the last trick when one side takes all eight (100)."""
CTX_UNDERTRUMP = 4
"""1: unable to overtrump an opponent's ruff, a lower trump is still forced."""
CTX_OVERTRUMP_LEAD = 5
"""1: on a trump lead, beat the highest trump even when partner holds it."""
CTX_PARTNER_FREES = 6
"""1: void with partner winning, any card may be played."""
CTX_MUST_TRUMP = 7
"""1: void with an opponent winning, trump if able."""
CTX_MUST_OVERTRUMP = 8
"""1: over an opponent's ruff, overtrump if able."""
CTX_GENERATION = 9
"""Transposition-table generation: entries of older generations are ignored."""
CTX_SIZE = 10

STAT_NODES = 0
STAT_TT_HITS = 1
STAT_SIZE = 2

GENERATION_SHIFT = 35
"""Bit position of the generation inside a table key."""

_HASH_MULT = np.int64(0x5851F42D4C957F2D)
_SUIT_BYTE = np.int64(0xFF)
_BIT_INDEX_MOD37 = np.array(
    [-1, 0, 1, 26, 2, 23, 27, -1, 3, 16, 24, 30, 28, 11, -1, 13, 4, 7, 17, -1, 25, 22,
     31, 15, 29, 10, 12, 6, -1, 21, 14, 9, 5, 20, 8, 19, 18], dtype=np.int64)


@njit(cache=True)
def _bit_index(bit):
    """Index of the single set bit of ``bit`` (a power of two below 2**32)."""
    return _BIT_INDEX_MOD37[bit % 37]


@njit(cache=True)
def _top_bit(mask):
    """The highest set bit of a non-zero 32-bit ``mask``."""
    shift = 0
    if mask >> 16:
        shift += 16
    if mask >> (shift + 8):
        shift += 8
    if mask >> (shift + 4):
        shift += 4
    if mask >> (shift + 2):
        shift += 2
    if mask >> (shift + 1):
        shift += 1
    return np.int64(1) << shift


@njit(cache=True)
def _above(card):
    """Mask of the cards of ``card``'s suit that beat it."""
    return (_SUIT_BYTE << (card & 56)) & ~((np.int64(2) << card) - 1)


@njit(cache=True)
def legal_mask(hand, n, led, wcard, wseat, seat, ctx):
    """Mask of the cards of ``hand`` that ``seat`` may play.

    ``n`` cards are already in the trick; ``led`` is the led suit, ``wcard``
    and ``wseat`` the card and seat currently winning it.
    """
    if n == 0:
        return hand
    trump = ctx[CTX_TRUMP]
    follow = hand & (_SUIT_BYTE << (led * 8))
    partner_win = (wseat & 1) == (seat & 1)
    if led == trump:
        if follow == 0:
            return hand
        higher = follow & _above(wcard)
        if higher != 0 and (ctx[CTX_OVERTRUMP_LEAD] != 0 or not partner_win):
            return higher
        return follow
    if follow != 0:
        return follow
    if partner_win and ctx[CTX_PARTNER_FREES] != 0:
        return hand
    trumps = hand & (_SUIT_BYTE << (trump * 8))
    if trumps == 0 or ctx[CTX_MUST_TRUMP] == 0:
        return hand
    if (wcard >> 3) != trump:
        return trumps
    higher = trumps & _above(wcard)
    if higher != 0 and ctx[CTX_MUST_OVERTRUMP] != 0:
        return higher
    if higher != 0 or ctx[CTX_UNDERTRUMP] != 0:
        return trumps
    return hand


@njit(cache=True)
def _tt_slot(key, tt_key):
    """First slot of the two-entry bucket of ``key``."""
    h = key * _HASH_MULT
    h ^= h >> 31
    return (h & (tt_key.shape[0] - 1)) & ~np.int64(1)


@njit(cache=True)
def _search(hands, seat, n, led, wcard, wseat, tpts, tmask, left, xall, rem, alpha, beta,
            pts, ctx, tt_key, tt_lo, tt_hi, tt_move, tt_depth, stats):
    """Points side X takes from here on, fail-soft within ``(alpha, beta)``.

    State: ``hands`` (4 masks, modified and restored), ``seat`` to move,
    ``n`` cards in the current trick (``tmask`` holds them), led suit, winning
    card and seat, ``tpts`` points in the trick so far, ``left`` tricks not
    yet completed, ``xall`` = 1 while X has won every completed trick, ``rem``
    the points of all cards not yet in completed tricks.
    """
    stats[STAT_NODES] += 1
    x = ctx[CTX_SIDE]
    hint = np.int64(-1)
    slot = np.int64(-1)
    key = np.int64(0)
    alpha0 = alpha
    beta0 = beta
    if n == 0:
        if left == 0:
            return np.int64(0)
        upper = rem + (ctx[CTX_CAPOT_EXTRA] if xall != 0 else ctx[CTX_LAST_BONUS])
        if upper <= alpha:
            return upper
        if beta <= 0:
            return np.int64(0)
        alive = hands[0] | hands[1] | hands[2] | hands[3]
        key = alive | (seat << 32) | (xall << 34) | (ctx[CTX_GENERATION] << GENERATION_SHIFT)
        slot = _tt_slot(key, tt_key)
        for s in range(slot, slot + 2):
            if tt_key[s] == key:
                stats[STAT_TT_HITS] += 1
                lo = np.int64(tt_lo[s])
                hi = np.int64(tt_hi[s])
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
                hint = np.int64(tt_move[s])
                break
        alpha0 = alpha
        beta0 = beta
    alive_all = hands[0] | hands[1] | hands[2] | hands[3] | tmask
    hand = hands[seat]
    legal = legal_mask(hand, n, led, wcard, wseat, seat, ctx)
    trump = ctx[CTX_TRUMP]
    maximise = (seat & 1) == x

    # Move ordering: up to three buckets tried in turn, each ascending or descending.
    b0 = np.int64(0)
    if hint >= 0 and (legal >> hint) & 1:
        b0 = np.int64(1) << hint
    if n == 0:
        masters = np.int64(0)
        for s in range(4):
            suit_alive = alive_all & (_SUIT_BYTE << (s * 8))
            if suit_alive != 0:
                masters |= _top_bit(suit_alive)
        b1 = legal & masters
        b2 = legal & ~masters
        d1 = True
    else:
        if (wcard >> 3) == trump:
            winners = legal & _above(wcard)
        else:
            winners = legal & (_above(wcard) | (_SUIT_BYTE << (trump * 8)))
        if (wseat & 1) == (seat & 1):
            b1 = legal & ~winners
            b2 = winners
            d1 = True
        else:
            b1 = winners
            b2 = legal & ~winners
            d1 = False

    best = np.int64(-1) if maximise else np.int64(1000)
    best_card = np.int64(-1)
    tried = np.int64(0)
    for bucket in range(3):
        if bucket == 0:
            todo = b0
        elif bucket == 1:
            todo = b1 & ~tried
        else:
            todo = b2 & ~tried
        descending = bucket == 1 and d1
        while todo != 0:
            if descending:
                bit = _top_bit(todo)
            else:
                bit = todo & -todo
            todo ^= bit
            tried |= bit
            card = _bit_index(bit)
            # Skip a card equivalent to the next live card above it in the same hand.
            up_all = alive_all & _above(card)
            if up_all != 0:
                up = up_all & -up_all
                if (legal & up) != 0 and pts[_bit_index(up)] == pts[card]:
                    continue
            hands[seat] ^= bit
            suit = card >> 3
            if n == 0:
                nled = suit
                nw = card
                nws = seat
            else:
                nled = led
                wsuit = wcard >> 3
                if (suit == wsuit and card > wcard) or (suit == trump and wsuit != trump):
                    nw = card
                    nws = seat
                else:
                    nw = wcard
                    nws = wseat
            ntp = tpts + pts[card]
            if n == 3:
                nleft = left - 1
                if (nws & 1) == x:
                    gain = ntp
                    if nleft == 0:
                        gain += ctx[CTX_CAPOT_EXTRA] if xall != 0 else ctx[CTX_LAST_BONUS]
                    nxall = xall
                else:
                    gain = np.int64(0)
                    nxall = np.int64(0)
                v = gain + _search(hands, nws, np.int64(0), np.int64(0), np.int64(0),
                                   np.int64(0), np.int64(0), np.int64(0), nleft, nxall,
                                   rem - ntp, alpha - gain, beta - gain,
                                   pts, ctx, tt_key, tt_lo, tt_hi, tt_move, tt_depth, stats)
            else:
                v = _search(hands, (seat + 1) & 3, n + 1, nled, nw, nws, ntp, tmask | bit,
                            left, xall, rem, alpha, beta,
                            pts, ctx, tt_key, tt_lo, tt_hi, tt_move, tt_depth, stats)
            hands[seat] ^= bit
            if maximise:
                if v > best:
                    best = v
                    best_card = card
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    best_card = card
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        if alpha >= beta:
            break

    if n == 0:
        _tt_store(key, slot, best, best_card, left, alpha0, beta0, tt_key, tt_lo, tt_hi,
                  tt_move, tt_depth)
    return best


@njit(cache=True)
def _tt_store(key, slot, value, card, depth, alpha, beta, tt_key, tt_lo, tt_hi, tt_move,
              tt_depth):
    """Record what a search of window ``(alpha, beta)`` returned for ``key``."""
    lo = np.int64(0)
    hi = np.int64(30000)
    target = np.int64(-1)
    for s in range(slot, slot + 2):
        if tt_key[s] == key:
            target = s
            lo = np.int64(tt_lo[s])
            hi = np.int64(tt_hi[s])
            break
    if target < 0:
        target = slot
        generation = key >> GENERATION_SHIFT
        a_stale = (tt_key[slot] >> GENERATION_SHIFT) != generation
        b_stale = (tt_key[slot + 1] >> GENERATION_SHIFT) != generation
        if b_stale and not a_stale:
            target = slot + 1
        elif a_stale == b_stale and tt_depth[slot + 1] < tt_depth[slot]:
            target = slot + 1
    if value <= alpha:
        if value < hi:
            hi = value
    elif value >= beta:
        if value > lo:
            lo = value
    else:
        lo = value
        hi = value
    tt_key[target] = key
    tt_lo[target] = lo
    tt_hi[target] = hi
    tt_move[target] = card
    tt_depth[target] = depth
