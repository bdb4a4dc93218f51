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
    current point of the deal on, with one twist: when the other side takes
    every trick, X scores ``last_trick_bonus - capot_extra`` (-90) instead of
    0. Call that score ``r``. X's real points are ``max(r, 0)`` and the other
    side's are ``max(162 - r, 0)``; both maps are non-decreasing in ``r`` and
    minimax commutes with non-decreasing maps, so one search of ``r`` gives
    the double-dummy values of *both* sides. A transposition table keyed by
    the cards still held, the seat to lead and the capot flags stores lower
    and upper bounds at trick starts.

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

CAP_X = 1
"""Capot flag: X has won every completed trick."""
CAP_Y = 2
"""Capot flag: the other side has won every completed trick."""

STAT_NODES = 0
STAT_TT_HITS = 1
STAT_SIZE = 2

GENERATION_SHIFT = 36
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
def _search(hands, seat, n, led, wcard, wseat, tpts, tmask, left, cap, rem, alpha, beta,
            pts, ctx, tt_key, tt_lo, tt_hi, tt_move, tt_depth, order, stats):
    """Points side X takes from here on, fail-soft within ``(alpha, beta)``.

    State: ``hands`` (4 masks, modified and restored), ``seat`` to move,
    ``n`` cards in the current trick (``tmask`` holds them), led suit, winning
    card and seat, ``tpts`` points in the trick so far, ``left`` tricks not
    yet completed, ``cap`` the capot flags (``CAP_X``: X has won every completed
    trick, ``CAP_Y``: the other side has), ``rem``
    the points of all cards not yet in completed tricks.
    """
    stats[STAT_NODES] += 1
    ply = (8 - left) * 4 + n
    x = ctx[CTX_SIDE]
    hint = np.int64(-1)
    slot = np.int64(-1)
    key = np.int64(0)
    alpha0 = alpha
    beta0 = beta
    if n == 0:
        if left == 0:
            return np.int64(0)
        if left == 1:
            return _last_trick(hands, seat, cap, rem, ctx)
        alive = hands[0] | hands[1] | hands[2] | hands[3]
        lower, upper = _bounds(hands, alive, cap, rem, pts, ctx)
        if upper <= alpha:
            return upper
        if lower >= beta:
            return lower
        key = alive | (seat << 32) | (cap << 34) | (ctx[CTX_GENERATION] << GENERATION_SHIFT)
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

    # Move ordering: score the class representatives into order[ply * 8 ...].
    base = ply * 8
    count = _order_moves(hands, seat, n, led, wcard, wseat, legal, alive_all, hint, pts,
                         ctx, order, base)

    best = np.int64(-1) if maximise else np.int64(1000)
    best_card = np.int64(-1)
    for i in range(count):
        card = order[base + i] & 63
        bit = np.int64(1) << card
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
            x_won = (nws & 1) == x
            if x_won:
                gain = ntp
                ncap = cap & CAP_X
            else:
                gain = np.int64(0)
                ncap = cap & CAP_Y
            if nleft == 0:
                gain += _last_bonus(x_won, ncap != 0, ctx)
            v = gain + _search(hands, nws, np.int64(0), np.int64(0), np.int64(0),
                               np.int64(0), np.int64(0), np.int64(0), nleft, ncap,
                               rem - ntp, alpha - gain, beta - gain,
                               pts, ctx, tt_key, tt_lo, tt_hi, tt_move, tt_depth, order,
                               stats)
        else:
            v = _search(hands, (seat + 1) & 3, n + 1, nled, nw, nws, ntp, tmask | bit,
                        left, cap, rem, alpha, beta,
                        pts, ctx, tt_key, tt_lo, tt_hi, tt_move, tt_depth, order, stats)
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

    if n == 0:
        _tt_store(key, slot, best, best_card, left, alpha0, beta0, tt_key, tt_lo, tt_hi,
                  tt_move, tt_depth)
    return best


@njit(cache=True)
def _order_moves(hands, seat, n, led, wcard, wseat, legal, alive_all, hint, pts, ctx, order,
                 base):
    """Write the legal cards worth trying, best first, to ``order[base:]``.

    A card equal to the next live card above it in the same hand (same suit,
    same points, nothing live between) is left out: its value is the same.
    Entries are ``score * 64 + card``, sorted by descending score; returns how
    many there are.
    """
    trump = ctx[CTX_TRUMP]
    trump_byte = _SUIT_BYTE << (trump * 8)
    count = 0
    m = legal
    while m != 0:
        bit = m & -m
        m ^= bit
        card = _bit_index(bit)
        above = _above(card)
        up_all = alive_all & above
        if up_all != 0:
            up = up_all & -up_all
            if (legal & up) != 0 and pts[_bit_index(up)] == pts[card]:
                continue
        suit = card >> 3
        p = pts[card]
        if card == hint:
            score = np.int64(5000)
        elif n == 0:
            master = up_all == 0
            if suit == trump:
                score = 3000 + p if master else 1000 - p
            elif master:
                suit_byte = _SUIT_BYTE << (suit * 8)
                o1 = hands[(seat + 1) & 3]
                o2 = hands[(seat + 3) & 3]
                ruff = (((o1 & suit_byte) == 0 and (o1 & trump_byte) != 0)
                        or ((o2 & suit_byte) == 0 and (o2 & trump_byte) != 0))
                score = 500 - p if ruff else 4000 + p
            elif (hands[(seat + 2) & 3] & _top_bit(alive_all & (_SUIT_BYTE << (suit * 8)))) != 0:
                score = 2500 - p
            else:
                score = 2000 - p
        else:
            wsuit = wcard >> 3
            beats = (suit == wsuit and card > wcard) or (suit == trump and wsuit != trump)
            if (wseat & 1) == (seat & 1):
                safe = n == 3
                if not safe:
                    nxt = hands[(seat + 1) & 3]
                    safe = (nxt & _above(wcard)) == 0 and (
                        wsuit == trump or (nxt & (_SUIT_BYTE << (led * 8))) != 0
                        or (nxt & trump_byte) == 0)
                if beats:
                    score = 1000 - p if safe else 2500 + (card & 7)
                else:
                    score = 2000 + p if safe else 2000 - p
            elif beats:
                score = 3000 - p if n == 3 else 3000 + (card & 7)
            else:
                score = 2000 - p
        value = score * 64 + card
        i = count
        while i > 0 and order[base + i - 1] < value:
            order[base + i] = order[base + i - 1]
            i -= 1
        order[base + i] = value
        count += 1
    return count


@njit(cache=True)
def _last_bonus(x_won, swept, ctx):
    """What the last trick's bonus adds to X's score.

    ``x_won``: X takes the last trick; ``swept``: the winner of the last
    trick took every trick. X sweeping earns the capot bonus instead of the
    last-trick bonus; the other side sweeping costs X the same difference
    below zero (see the module docstring), so that one search serves both.
    """
    if x_won:
        return ctx[CTX_CAPOT_EXTRA] if swept else ctx[CTX_LAST_BONUS]
    if swept:
        return ctx[CTX_LAST_BONUS] - ctx[CTX_CAPOT_EXTRA]
    return np.int64(0)


@njit(cache=True)
def _bounds(hands, alive, cap, rem, pts, ctx):
    """Sound lower and upper bounds on X's score from a trick start on.

    The highest trump still out wins whatever trick it falls in, and so does
    every trump below it down to the first one held by the other side: those
    points are sure for the side holding that run, and that side cannot be
    swept.
    """
    x = ctx[CTX_SIDE]
    xmask = hands[x] | hands[x + 2]
    trumps = alive & (_SUIT_BYTE << (ctx[CTX_TRUMP] * 8))
    run = np.int64(0)
    holder_is_x = False
    if trumps != 0:
        top = _top_bit(trumps)
        holder_is_x = (xmask & top) != 0
        side_mask = xmask if holder_is_x else alive & ~xmask
        while trumps != 0:
            top = _top_bit(trumps)
            if (side_mask & top) == 0:
                break
            run += pts[_bit_index(top)]
            trumps ^= top
    best_bonus = ctx[CTX_CAPOT_EXTRA] if cap & CAP_X else ctx[CTX_LAST_BONUS]
    worst = ctx[CTX_LAST_BONUS] - ctx[CTX_CAPOT_EXTRA] if cap & CAP_Y else np.int64(0)
    if run == 0:
        return worst, rem + best_bonus
    if holder_is_x:
        return run, rem + best_bonus
    return worst, rem - run + ctx[CTX_LAST_BONUS]


@njit(cache=True)
def _last_trick(hands, seat, cap, rem, ctx):
    """X's score from the last trick, each hand holding one card."""
    trump = ctx[CTX_TRUMP]
    wcard = _bit_index(hands[seat])
    wseat = seat
    for i in range(1, 4):
        s = (seat + i) & 3
        card = _bit_index(hands[s])
        suit = card >> 3
        wsuit = wcard >> 3
        if (suit == wsuit and card > wcard) or (suit == trump and wsuit != trump):
            wcard = card
            wseat = s
    if (wseat & 1) == ctx[CTX_SIDE]:
        return rem + _last_bonus(True, (cap & CAP_X) != 0, ctx)
    return _last_bonus(False, (cap & CAP_Y) != 0, ctx)


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
