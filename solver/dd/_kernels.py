"""Private numba kernels of the double-dummy solver.

Nothing here is public: :mod:`belote.dd` validates its inputs, converts
cards to the kernel layout and calls the four entry points, :func:`search`,
:func:`search_deals` (many full deals in one call), :func:`root_scores` and
:func:`layout_scores` (every card on many layouts of one position in one call),
with exactly typed values (every scalar an ``np.int64``, every array a
C-contiguous ``int64`` one), so each kernel compiles to one signature that
numba caches on disk (``cache=True``).

Kernel card layout
    Inside the kernels a card is ``suit * 8 + strength``, where strength is its
    playing order within the suit *under the current trump* (0 = weakest).
    "Beats" within a suit is then an integer comparison, and the cards above a
    card are the bits above it in its suit's byte. :func:`kernel_layout` in
    :mod:`belote.dd` builds the mapping from a rule profile.

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

Near-equivalent cards
    Two cards of one hand and suit with no other hand's live card between
    them play alike for the rest of the deal: every line after one maps to a
    line after the other with the same trick winners (cards of the current
    trick between them do not count when neither beats its winning card).
    Only their points differ, so the two values differ by at most the
    points' difference, and only one way when the current trick's winner is
    already settled (the card played now goes to that side; the one kept
    goes wherever its trick goes). In a line where the other side takes
    every trick both terms are 0 and the -90 score is the same after either
    card. :func:`_dominated` uses the bound already found for one card to
    skip the other when that bound cannot reach the window (what it saves:
    ``bench/RESULTS.md``, "Near-equivalent cards").

Workspace
    Every kernel takes one int64 workspace ``ws`` (an array at the entry
    points, its data pointer below them, see :func:`_borrowed`): first the
    hands, the card points, the rule flags, counters and the move lists, at
    the offsets named by the upper-case constants below; then, from word
    ``TT`` on, the transposition table (``ws[TT_ENTRIES]`` entries of two
    words: the key, then the packed bounds, best card and depth). A single
    workspace argument keeps the recursive calls cheap (one array instead
    of two: -7% time).
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros
from numba.extending import intrinsic

HANDS = 0
"""ws[HANDS + seat]: the kernel mask of the cards ``seat`` still holds."""
POINTS = 4
"""ws[POINTS + card]: card points of each kernel card."""
SIDE = 36
"""Side X whose score is maximised (0 NS, 1 EW)."""
TRUMP = 37
"""Trump suit 0..3."""
LAST_BONUS = 38
"""Points for the last trick."""
CAPOT_EXTRA = 39
"""What the last trick adds when one side takes all eight (100)."""
UNDERTRUMP = 40
"""1: unable to overtrump an opponent's ruff, a lower trump is still forced."""
OVERTRUMP_LEAD = 41
"""1: on a trump lead, beat the highest trump even when partner holds it."""
PARTNER_FREES = 42
"""1: void with partner winning, any card may be played."""
MUST_TRUMP = 43
"""1: void with an opponent winning, trump if able."""
MUST_OVERTRUMP = 44
"""1: over an opponent's ruff, overtrump if able."""
GENERATION = 45
"""Transposition-table generation: entries of older generations are ignored."""
NODES = 46
"""Counter: search nodes visited."""
TT_HITS = 47
"""Counter: transposition-table hits."""
ORDER = 48
"""ws[ORDER + ply * 8 ...]: the ordered move list of each ply; once a card is searched
its entry holds ``(bound + _BOUND_OFFSET) * 64 + card`` (see :func:`_dominated`)."""
ROOT_PLY = ORDER + 33 * 8
"""Ply (``(8 - left) * 4 + n``) at which the legal cards are cut to ``ws[ROOT_ONLY]``; -1: none."""
ROOT_ONLY = ROOT_PLY + 1
"""The cards allowed at ply ``ws[ROOT_PLY]`` (see :func:`_root_scores`)."""
ROOT_CARDS = ROOT_ONLY + 1
"""ws[ROOT_CARDS + i]: the i-th card valued by :func:`_root_scores`."""
ROOT_SCORES = ROOT_CARDS + 8
"""ws[ROOT_SCORES + i]: X's score after that card."""
ROOT_LEGAL = ROOT_SCORES + 8
"""The mask of every legal card of the position :func:`_root_scores` valued."""
TT_ENTRIES = ROOT_LEGAL + 1
"""Entries of the transposition table (a power of two)."""
NODE_LIMIT = TT_ENTRIES + 1
"""The search stops once ``ws[NODES]`` reaches this (a guard against runaway searches):
every node then returns at once, and the caller discards the result and the table."""
WS_SIZE = NODE_LIMIT + 1
"""Words of the workspace fields; the table follows them."""
TT = WS_SIZE + (WS_SIZE & 1)
"""First word of the transposition table (even: entry ``e`` is ``ws[2 * e]``, ``ws[2 * e + 1]``)."""

CAP_X = 1
"""Capot flag: X has won every completed trick."""
CAP_Y = 2
"""Capot flag: the other side has won every completed trick."""

GENERATION_SHIFT = 36
"""Bit position of the generation inside a table key."""
_BOUND_OFFSET = 1024
"""Bounds are stored as ``value + _BOUND_OFFSET`` in 16 bits."""
_NO_BOUND = 1000
"""A bound that is no bound (scores lie within -1000..1000)."""

_HASH_MULT = np.int64(0x5851F42D4C957F2D)
_SUIT_BYTE = np.int64(0xFF)


@intrinsic
def _borrowed(typingctx, array):
    """The data pointer of ``array``: what every kernel below the entry points works on.

    Indexing a pointer is a plain load or store. An array handed from
    Python carries a reference count, which every call passing it on adds
    to and drops with atomic instructions (6-7% of the search's time), and
    indexing an array with a signed integer first checks for a negative
    index (about 20% more; ``bench/RESULTS.md``, "Raw workspace pointer").
    Valid while the caller holds ``array``, that is for the duration of the
    kernel call; like numba's arrays without ``boundscheck``, it is not
    bounds-checked. Only a C-contiguous array is taken (its words are then
    consecutive): anything else fails to compile.
    """
    if not (isinstance(array, types.Array) and array.ndim == 1 and array.layout == "C"):
        return None

    def codegen(context, builder, signature, args):
        return context.make_array(signature.args[0])(context, builder, args[0]).data

    return types.CPointer(array.dtype)(array), codegen


@njit(cache=True, nogil=True)
def search(ws, seat, n, led, wcard, wseat, tpts, tmask, left, cap, rem, alpha, beta):
    """Entry point of :func:`_search` from Python (same arguments), on ``ws``'s pointer."""
    return _search(_borrowed(ws),  # type: ignore[call-arg]
                   seat, n, led, wcard, wseat, tpts, tmask, left, cap, rem, alpha, beta)


@njit(cache=True, nogil=True)
def search_deals(ws, hands, leader, rem, alphas, betas, max_nodes, out):
    """:func:`_search` of many full deals from their opening lead, ``out[i]`` deal ``i``'s score.

    ``hands[i]`` holds deal ``i``'s four kernel masks (N E S W); each deal is
    searched fail-soft in ``(alphas[i], betas[i])`` on its own table
    generation (``ws[GENERATION] + i``) and may visit at most ``max_nodes``
    nodes. ``rem`` is the points of the whole pack. Returns ``-1``, or the
    first deal whose search reached its node limit (its score and the later
    ones are then not computed).
    """
    w = _borrowed(ws)  # type: ignore[call-arg, var-annotated]
    generation = w[GENERATION]
    for i in range(hands.shape[0]):
        for seat in range(4):
            w[HANDS + seat] = hands[i, seat]
        w[GENERATION] = generation + i
        w[NODE_LIMIT] = w[NODES] + max_nodes
        out[i] = _search(w, leader, np.int64(0), np.int64(0), np.int64(0), np.int64(0),
                         np.int64(0), np.int64(0), np.int64(8), np.int64(CAP_X | CAP_Y), rem,
                         alphas[i], betas[i])
        if w[NODES] > w[NODE_LIMIT]:
            return np.int64(i)
    return np.int64(-1)


@njit(cache=True, nogil=True)
def layout_scores(ws, hands, seat, n, led, wcard, wseat, tpts, tmask, left, cap, rem, cards,
                  max_nodes, out):
    """X's exact score after each of ``cards`` on each layout: ``out[i, j]``.

    One position (trick in progress, points, capot flags: the arguments of
    :func:`_search`) with ``hands.shape[0]`` different layouts of the cards
    still held: ``hands[i]`` holds layout ``i``'s four kernel masks (N E S W).
    ``cards`` are kernel cards legal for ``seat`` on every layout (they are
    in ``seat``'s hand, the same on every layout). Each layout is searched on
    its own table generation (``ws[GENERATION] + i``) and may visit at most
    ``max_nodes`` nodes; each card is a full-window search with the legal
    cards pinned to it, as in :func:`_root_scores`. Returns ``-1``, or the
    first layout whose searches reached the node limit (its scores and the
    later ones are then not computed).
    """
    w = _borrowed(ws)  # type: ignore[call-arg, var-annotated]
    generation = w[GENERATION]
    ply = (8 - left) * 4 + n
    for i in range(hands.shape[0]):
        for s in range(4):
            w[HANDS + s] = hands[i, s]
        w[GENERATION] = generation + i
        w[NODE_LIMIT] = w[NODES] + max_nodes
        w[ROOT_PLY] = ply
        for j in range(cards.shape[0]):
            w[ROOT_ONLY] = np.int64(1) << cards[j]
            out[i, j] = _search(w, seat, n, led, wcard, wseat, tpts, tmask, left, cap, rem,
                                np.int64(-_NO_BOUND), np.int64(_NO_BOUND))
        w[ROOT_PLY] = -1
        if w[NODES] > w[NODE_LIMIT]:
            return np.int64(i)
    return np.int64(-1)


@njit(cache=True, nogil=True)
def root_scores(ws, seat, n, led, wcard, wseat, tpts, tmask, left, cap, rem):
    """Entry point of :func:`_root_scores` from Python (same arguments), on ``ws``'s pointer."""
    return _root_scores(_borrowed(ws),  # type: ignore[call-arg]
                        seat, n, led, wcard, wseat, tpts, tmask, left, cap, rem)


@njit(cache=True)
def _bit_index(bit):
    """Index of the single set bit of ``bit`` (one count-trailing-zeros instruction)."""
    return np.int64(trailing_zeros(bit))  # type: ignore[call-arg]


@njit(cache=True)
def _top_bit(mask):
    """The highest set bit of a non-zero ``mask`` (one count-leading-zeros instruction)."""
    return np.int64(1) << (np.int64(63) - np.int64(leading_zeros(mask)))  # type: ignore[call-arg]


@njit(cache=True)
def _above(card):
    """Mask of the cards of ``card``'s suit that beat it."""
    return (_SUIT_BYTE << (card & 56)) & ~((np.int64(2) << card) - 1)


@njit(cache=True)
def _beats(card, wcard, trump):
    """Does ``card`` take the trick from the winning card ``wcard``?

    Higher in the same suit, or a trump on a card that is not one.
    """
    suit = card >> 3
    wsuit = wcard >> 3
    return (suit == wsuit and card > wcard) or (suit == trump and wsuit != trump)


@njit(cache=True)
def legal_mask(ws, hand, n, led, wcard, wseat, seat):
    """Mask of the cards of ``hand`` that ``seat`` may play.

    ``n`` cards are already in the trick; ``led`` is the led suit, ``wcard``
    and ``wseat`` the card and seat currently winning it.
    """
    if n == 0:
        return hand
    trump = ws[TRUMP]
    follow = hand & (_SUIT_BYTE << (led * 8))
    partner_win = (wseat & 1) == (seat & 1)
    if led == trump:
        if follow == 0:
            return hand
        higher = follow & _above(wcard)
        if higher != 0 and (ws[OVERTRUMP_LEAD] != 0 or not partner_win):
            return higher
        return follow
    if follow != 0:
        return follow
    if partner_win and ws[PARTNER_FREES] != 0:
        return hand
    trumps = hand & (_SUIT_BYTE << (trump * 8))
    if trumps == 0 or ws[MUST_TRUMP] == 0:
        return hand
    if (wcard >> 3) != trump:
        return trumps
    higher = trumps & _above(wcard)
    if higher != 0 and ws[MUST_OVERTRUMP] != 0:
        return higher
    if higher != 0 or ws[UNDERTRUMP] != 0:
        return trumps
    return hand


@njit(cache=True)
def _tt_slot(key, ws):
    """Entry number of the first of the two entries of ``key``'s bucket.

    Entry numbers count two-word entries from the start of ``ws``, so entry
    ``e`` is ``ws[2 * e]`` and ``ws[2 * e + 1]``; the table's entries start at
    ``TT // 2``.
    """
    h = key * _HASH_MULT
    h ^= h >> 31
    return (TT >> 1) + ((h & (ws[TT_ENTRIES] - 1)) & ~np.int64(1))


@njit(cache=True)
def _search(ws, seat, n, led, wcard, wseat, tpts, tmask, left, cap, rem, alpha, beta):
    """X's score from here on, fail-soft within ``(alpha, beta)``.

    State: the hands in ``ws`` (changed and restored), ``seat`` to move, ``n``
    cards in the current trick (``tmask`` holds them), led suit, winning card
    and seat, ``tpts`` points in the trick so far, ``left`` tricks not yet
    completed, ``cap`` the capot flags, ``rem`` the points of all cards not
    yet in completed tricks. At the ply ``ws[ROOT_PLY]`` the legal cards are
    cut to ``ws[ROOT_ONLY]`` and the table is neither read nor written there
    (see :func:`_root_scores`).
    """
    ws[NODES] += 1
    if ws[NODES] > ws[NODE_LIMIT]:
        return alpha
    x = ws[SIDE]
    hint = np.int64(-1)
    slot = np.int64(-1)
    key = np.int64(0)
    alpha0 = alpha
    beta0 = beta
    pinned = (8 - left) * 4 + n == ws[ROOT_PLY]
    if n == 0 and not pinned:
        if left == 1:
            return _last_trick(ws, seat, cap, rem)
        alive = ws[HANDS] | ws[HANDS + 1] | ws[HANDS + 2] | ws[HANDS + 3]
        lower, upper = _bounds(ws, alive, cap, rem)
        if upper <= alpha:
            return upper
        if lower >= beta:
            return lower
        key = alive | (seat << 32) | (cap << 34) | (ws[GENERATION] << GENERATION_SHIFT)
        slot = _tt_slot(key, ws)
        for s in range(slot, slot + 2):
            if ws[2 * s] == key:
                ws[TT_HITS] += 1
                data = ws[2 * s + 1]
                lo = (data & 0xFFFF) - _BOUND_OFFSET
                hi = ((data >> 16) & 0xFFFF) - _BOUND_OFFSET
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
                hint = (data >> 32) & 0xFF
                break
        if left == 2:
            value = _two_tricks(ws, seat, cap, rem, alpha, beta)
            _tt_store(ws, key, slot, value, np.int64(0), left, alpha, beta)
            return value
        alpha0 = alpha
        beta0 = beta
    alive_all = ws[HANDS] | ws[HANDS + 1] | ws[HANDS + 2] | ws[HANDS + 3] | tmask
    legal = legal_mask(ws, ws[HANDS + seat], n, led, wcard, wseat, seat)
    if pinned:
        legal &= ws[ROOT_ONLY]
    trump = ws[TRUMP]
    maximise = (seat & 1) == x
    base = ORDER + ((8 - left) * 4 + n) * 8
    count = _order_moves(ws, seat, n, led, wcard, wseat, legal, alive_all, hint, base)

    if n == 3 and left > 3:
        # Enhanced transposition cut-off: a stored bound of a child may end
        # this node before any child is searched. Not worth its table probes
        # when the children have only two tricks left (3-4% slower).
        gen_bits = ws[GENERATION] << GENERATION_SHIFT
        for i in range(count):
            card = ws[base + i] & 63
            nws = seat if _beats(card, wcard, trump) else wseat
            if (nws & 1) == x:
                gain = tpts + ws[POINTS + card]
                ncap = cap & CAP_X
            else:
                gain = np.int64(0)
                ncap = cap & CAP_Y
            ckey = ((alive_all & ~tmask & ~(np.int64(1) << card)) | (nws << 32) | (ncap << 34)
                    | gen_bits)
            cslot = _tt_slot(ckey, ws)
            for s in range(cslot, cslot + 2):
                if ws[2 * s] == ckey:
                    data = ws[2 * s + 1]
                    if maximise:
                        lo = (data & 0xFFFF) - _BOUND_OFFSET + gain
                        if lo >= beta:
                            return lo
                    else:
                        hi = ((data >> 16) & 0xFFFF) - _BOUND_OFFSET + gain
                        if hi <= alpha:
                            return hi
                    break

    best = np.int64(-_NO_BOUND) if maximise else np.int64(_NO_BOUND)
    best_card = np.int64(0)
    others = alive_all & ~ws[HANDS + seat]
    for i in range(count):
        card = ws[base + i] & 63
        if i > 0:
            skip, bound = _dominated(ws, seat, n, led, wcard, wseat, card, base, i, others, tmask,
                                     maximise, alpha, beta)
            if skip:
                ws[base + i] = ((bound + _BOUND_OFFSET) << 6) | card
                if maximise:
                    best = max(best, bound)
                else:
                    best = min(best, bound)
                continue
        bit = np.int64(1) << card
        ws[HANDS + seat] ^= bit
        if n == 0:
            nled = card >> 3
            nw = card
            nws = seat
        else:
            nled = led
            if _beats(card, wcard, trump):
                nw = card
                nws = seat
            else:
                nw = wcard
                nws = wseat
        ntp = tpts + ws[POINTS + card]
        # Principal variation search: after the first card, a null window
        # tests whether a card beats the best so far; only then a re-search.
        a = alpha
        b = beta
        if i > 0 and b - a > 1:
            if maximise:
                b = a + 1
            else:
                a = b - 1
        while True:
            if n == 3:
                nleft = left - 1
                x_won = np.int64(1) if (nws & 1) == x else np.int64(0)
                if x_won:
                    gain = ntp
                    ncap = cap & CAP_X
                else:
                    gain = np.int64(0)
                    ncap = cap & CAP_Y
                if nleft == 0:
                    v = gain + _last_bonus(ws, x_won, ncap)
                else:
                    v = gain + _search(ws, nws, np.int64(0), np.int64(0), np.int64(0),
                                       np.int64(0), np.int64(0), np.int64(0), nleft, ncap,
                                       rem - ntp, a - gain, b - gain)
            else:
                v = _search(ws, (seat + 1) & 3, n + 1, nled, nw, nws, ntp, tmask | bit,
                            left, cap, rem, a, b)
            if (a == alpha and b == beta) or v <= alpha or v >= beta:
                break
            a = alpha
            b = beta
        ws[HANDS + seat] ^= bit
        ws[base + i] = ((v + _BOUND_OFFSET) << 6) | card
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

    if n == 0 and not pinned:
        _tt_store(ws, key, slot, best, best_card, left, alpha0, beta0)
    return best


@njit(cache=True)
def _settled(ws, seat, n, led, wcard, wseat, card):
    """Who takes the current trick once ``seat`` plays ``card``, if nothing can change it.

    1: side X, 0: the other side, -1: an opponent of the winning side still
    to play in the trick may beat the winning card (a higher card of the led
    suit while it has that suit; void in it, a higher trump on a trump, or
    any trump on a plain card). The winner's partner does not count: a card
    it plays either leaves the trick as it is or takes it higher, and an
    opponent after it who could beat that card could beat the winning card
    too.
    """
    trump = ws[TRUMP]
    if n == 0:
        led = card >> 3
    if n == 0 or _beats(card, wcard, trump):
        wcard = card
        wseat = seat
    led_byte = _SUIT_BYTE << (led * 8)
    for k in range(1, 4 - n):
        if ((seat + k - wseat) & 1) == 0:
            continue  # the winner's partner: whatever it plays, the trick stays on that side
        hand = ws[HANDS + ((seat + k) & 3)]
        follow = hand & led_byte
        if follow != 0:
            if (wcard >> 3) == led and (follow & _above(wcard)) != 0:
                return np.int64(-1)
        elif (wcard >> 3) == trump:
            if (hand & _above(wcard)) != 0:
                return np.int64(-1)
        elif (hand & (_SUIT_BYTE << (trump * 8))) != 0:
            return np.int64(-1)
    return np.int64(1) if (wseat & 1) == ws[SIDE] else np.int64(0)


@njit(cache=True)
def _dominated(ws, seat, n, led, wcard, wseat, card, base, i, others, tmask, maximise,
               alpha, beta):
    """Whether ``card`` (the ``i``-th of the ply at ``base``) need not be searched, and its bound.

    Each earlier card ``c`` of the ply holds a bound found for it (an upper
    bound on its value at X's turn, a lower bound at the other side's). When
    ``c`` and ``card`` are of the same suit with no card of ``others`` (the
    live cards of the other hands, the trick's included) between them, the
    rest of the deal plays alike after either: ``card``'s value is ``c``'s
    plus ``delta * ([X takes this trick] - [X takes the trick of the card
    kept])``, ``delta`` being ``card``'s points minus ``c``'s. That bounds
    ``card``'s value from ``c``'s; ``card`` is skipped when the bound cannot
    reach into ``(alpha, beta)``. When neither card beats the trick's winning
    card, the trick goes on alike after either, so cards of the trick
    (``tmask``) between them do not count.
    """
    points = ws[POINTS + card]
    trump = ws[TRUMP]
    card_loses = n > 0 and not _beats(card, wcard, trump)
    settled = np.int64(-2)  # not computed yet (it costs a look at the later hands)
    for j in range(i):
        entry = ws[base + j]
        c = entry & 63
        if (c >> 3) != (card >> 3):
            continue
        low = min(c, card)
        high = max(c, card)
        blocking = others
        if card_loses and not _beats(c, wcard, trump):
            blocking = others & ~tmask
        if ((np.int64(1) << high) - (np.int64(2) << low)) & blocking:
            continue
        if settled == -2:
            settled = _settled(ws, seat, n, led, wcard, wseat, card)
        delta = points - ws[POINTS + c]
        if settled == 1:
            lo = min(0, delta)
            hi = max(0, delta)
        elif settled == 0:
            lo = min(0, -delta)
            hi = max(0, -delta)
        else:
            hi = abs(delta)
            lo = -hi
        value = (entry >> 6) - _BOUND_OFFSET
        if maximise and value + hi <= alpha:
            return True, value + hi
        if not maximise and value + lo >= beta:
            return True, value + lo
    return False, np.int64(0)


@njit(cache=True)
def _root_scores(ws, seat, n, led, wcard, wseat, tpts, tmask, left, cap, rem):
    """X's exact score after each legal card of ``seat``; returns how many.

    The position is given as to :func:`_search`. Cards equivalent to a
    stronger one are left out (see :func:`_order_moves`); the others go to
    ``ws[ROOT_CARDS:]`` in the order they are searched, their scores to
    ``ws[ROOT_SCORES:]``, and the mask of every legal card to
    ``ws[ROOT_LEGAL]``. Each is a full-window search of this position with
    its legal cards pinned to that one card (``ws[ROOT_PLY]``,
    ``ws[ROOT_ONLY]``), so the position's own table entry is neither read
    nor written; one transposition table serves all of them.
    """
    alive_all = ws[HANDS] | ws[HANDS + 1] | ws[HANDS + 2] | ws[HANDS + 3] | tmask
    legal = legal_mask(ws, ws[HANDS + seat], n, led, wcard, wseat, seat)
    ws[ROOT_LEGAL] = legal
    ply = (8 - left) * 4 + n
    count = _order_moves(ws, seat, n, led, wcard, wseat, legal, alive_all, np.int64(-1),
                         ORDER + ply * 8)
    for i in range(count):
        ws[ROOT_CARDS + i] = ws[ORDER + ply * 8 + i] & 63
    ws[ROOT_PLY] = ply
    for i in range(count):
        ws[ROOT_ONLY] = np.int64(1) << ws[ROOT_CARDS + i]
        ws[ROOT_SCORES + i] = _search(ws, seat, n, led, wcard, wseat, tpts, tmask, left,
                                      cap, rem, np.int64(-_NO_BOUND), np.int64(_NO_BOUND))
    ws[ROOT_PLY] = -1
    return count


@njit(cache=True)
def _order_moves(ws, seat, n, led, wcard, wseat, legal, alive_all, hint, base):
    """Write the legal cards worth trying, best first, to ``ws[base:]``.

    A card equal to the next live card above it in the same hand (same suit,
    same points, nothing live between) is left out: its value is the same.
    Entries are ``score * 64 + card``, sorted by descending score; returns how
    many there are.
    """
    trump = ws[TRUMP]
    trump_byte = _SUIT_BYTE << (trump * 8)
    count = 0
    m = legal
    while m != 0:
        bit = m & -m
        m ^= bit
        card = _bit_index(bit)
        up_all = alive_all & _above(card)
        if up_all != 0:
            up = up_all & -up_all
            if (legal & up) != 0 and ws[POINTS + _bit_index(up)] == ws[POINTS + card]:
                continue
        suit = card >> 3
        p = ws[POINTS + card]
        if card == hint:
            score = np.int64(5000)
        elif n == 0:
            master = up_all == 0
            if suit == trump:
                score = 3000 + p if master else 1000 - p
            elif master:
                suit_byte = _SUIT_BYTE << (suit * 8)
                o1 = ws[HANDS + ((seat + 1) & 3)]
                o2 = ws[HANDS + ((seat + 3) & 3)]
                ruff = (((o1 & suit_byte) == 0 and (o1 & trump_byte) != 0)
                        or ((o2 & suit_byte) == 0 and (o2 & trump_byte) != 0))
                score = 500 - p if ruff else 4000 + p
            elif (ws[HANDS + ((seat + 2) & 3)]
                  & _top_bit(alive_all & (_SUIT_BYTE << (suit * 8)))) != 0:
                score = 2500 - p
            else:
                score = 2000 - p
        else:
            wsuit = wcard >> 3
            beats = _beats(card, wcard, trump)
            if (wseat & 1) == (seat & 1):
                safe = n == 3
                if not safe:
                    nxt = ws[HANDS + ((seat + 1) & 3)]
                    safe = (nxt & _above(wcard)) == 0 and (
                        wsuit == trump or (nxt & (_SUIT_BYTE << (led * 8))) != 0
                        or (nxt & trump_byte) == 0)
                if beats:
                    score = 1000 + p if safe else 2500 + (card & 7)
                else:
                    score = 2000 + p if safe else 2000 - p
            elif beats:
                score = 3000 + p if n == 3 else 3000 + (card & 7)
            else:
                score = 2000 - p
        value = score * 64 + card
        i = count
        while i > 0 and ws[base + i - 1] < value:
            ws[base + i] = ws[base + i - 1]
            i -= 1
        ws[base + i] = value
        count += 1
    return count


@njit(cache=True)
def _last_bonus(ws, x_won, swept):
    """What the last trick's bonus adds to X's score.

    ``x_won`` (0/1): X takes the last trick; ``swept`` (non-zero): the
    winner of the last trick took every trick. X sweeping earns the capot bonus instead of the
    last-trick bonus; the other side sweeping costs X the same difference
    below zero (see the module docstring), so that one search serves both.
    """
    if x_won:
        return ws[CAPOT_EXTRA] if swept else ws[LAST_BONUS]
    if swept:
        return ws[LAST_BONUS] - ws[CAPOT_EXTRA]
    return np.int64(0)


@njit(cache=True)
def _bounds(ws, alive, cap, rem):
    """Sound lower and upper bounds on X's score from a trick start on.

    The highest trump still out wins whatever trick it falls in, and so does
    every trump below it down to the first one held by the other side: those
    points are sure for the side holding that run, and that side cannot be
    swept.
    """
    x = ws[SIDE]
    xmask = ws[HANDS + x] | ws[HANDS + x + 2]
    trumps = alive & (_SUIT_BYTE << (ws[TRUMP] * 8))
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
            run += ws[POINTS + _bit_index(top)]
            trumps ^= top
    best_bonus = ws[CAPOT_EXTRA] if cap & CAP_X else ws[LAST_BONUS]
    worst = ws[LAST_BONUS] - ws[CAPOT_EXTRA] if cap & CAP_Y else np.int64(0)
    if run == 0:
        return worst, rem + best_bonus
    if holder_is_x:
        return run, rem + best_bonus
    return worst, rem - run + ws[LAST_BONUS]


@njit(cache=True)
def _trick_winner(ws, leader, c0, c1, c2, c3):
    """The seat winning the trick of cards ``c0..c3`` played from ``leader`` on."""
    trump = ws[TRUMP]
    wcard = c0
    wseat = leader
    for i in range(1, 4):
        card = c1 if i == 1 else (c2 if i == 2 else c3)
        if _beats(card, wcard, trump):
            wcard = card
            wseat = (leader + i) & 3
    return wseat


@njit(cache=True)
def _last_trick(ws, seat, cap, rem):
    """X's score from the last trick, each hand holding one card."""
    wseat = _trick_winner(ws, seat, _bit_index(ws[HANDS + seat]),
                          _bit_index(ws[HANDS + ((seat + 1) & 3)]),
                          _bit_index(ws[HANDS + ((seat + 2) & 3)]),
                          _bit_index(ws[HANDS + ((seat + 3) & 3)]))
    if (wseat & 1) == ws[SIDE]:
        return rem + _last_bonus(ws, np.int64(1), cap & CAP_X)
    return _last_bonus(ws, np.int64(0), cap & CAP_Y)


@njit(cache=True)
def _fold(take_max, best, value, alpha, beta):
    """Fold a child's ``value`` into a node's ``best`` and window ``(alpha, beta)``.

    Returns the new best, alpha and beta, and whether the node is cut off.
    """
    if take_max:
        best = max(best, value)
        alpha = max(alpha, best)
        return best, alpha, beta, best >= beta
    best = min(best, value)
    beta = min(beta, best)
    return best, alpha, beta, best <= alpha


@njit(cache=True)
def _two_tricks(ws, seat, cap, rem, alpha, beta):
    """X's score from a trick start with two cards in each hand, fail-soft in ``(alpha, beta)``.

    Alpha-beta over the at most 16 ways the first of the two tricks can go,
    each hand's higher kernel card first (the stronger one within a suit; 2%
    faster than lower first); the last trick then plays itself.
    """
    x = ws[SIDE]
    s1 = (seat + 1) & 3
    s2 = (seat + 2) & 3
    s3 = (seat + 3) & 3
    h0 = ws[HANDS + seat]
    h1 = ws[HANDS + s1]
    h2 = ws[HANDS + s2]
    h3 = ws[HANDS + s3]
    trump = ws[TRUMP]
    trump_byte = _SUIT_BYTE << (trump * 8)
    every = h0 | h1 | h2 | h3
    xmask = ws[HANDS + x] | ws[HANDS + x + 2]
    max0 = (seat & 1) == x
    a0 = alpha
    b0 = beta
    best0 = np.int64(-_NO_BOUND) if max0 else np.int64(_NO_BOUND)
    m0 = h0
    while m0 != 0:
        b0bit = _top_bit(m0)
        m0 ^= b0bit
        c0 = _bit_index(b0bit)
        led = c0 >> 3
        a1 = a0
        b1 = b0
        best1 = np.int64(_NO_BOUND) if max0 else np.int64(-_NO_BOUND)
        m1 = legal_mask(ws, h1, np.int64(1), led, c0, seat, s1)
        while m1 != 0:
            b1bit = _top_bit(m1)
            m1 ^= b1bit
            c1 = _bit_index(b1bit)
            w1 = c0
            ws1 = seat
            if _beats(c1, w1, trump):
                w1 = c1
                ws1 = s1
            a2 = a1
            b2 = b1
            best2 = np.int64(-_NO_BOUND) if max0 else np.int64(_NO_BOUND)
            m2 = legal_mask(ws, h2, np.int64(2), led, w1, ws1, s2)
            while m2 != 0:
                b2bit = _top_bit(m2)
                m2 ^= b2bit
                c2 = _bit_index(b2bit)
                w2 = w1
                ws2 = ws1
                if _beats(c2, w2, trump):
                    w2 = c2
                    ws2 = s2
                best3 = np.int64(_NO_BOUND) if max0 else np.int64(-_NO_BOUND)
                m3 = legal_mask(ws, h3, np.int64(3), led, w2, ws2, s3)
                while m3 != 0:
                    b3bit = _top_bit(m3)
                    m3 ^= b3bit
                    c3 = _bit_index(b3bit)
                    winner = ws2
                    if _beats(c3, w2, trump):
                        winner = s3
                    tp = ws[POINTS + c0] + ws[POINTS + c1] + ws[POINTS + c2] + ws[POINTS + c3]
                    if (winner & 1) == x:
                        v = tp
                        ncap = cap & CAP_X
                    else:
                        v = np.int64(0)
                        ncap = cap & CAP_Y
                    # The last trick: the one card left in each hand. Its
                    # highest trump, or else the highest card of the suit the
                    # winner leads, takes it.
                    first = b0bit | b1bit | b2bit | b3bit
                    last4 = every & ~first
                    lead = ws[HANDS + winner] & ~first
                    take = last4 & trump_byte
                    if take == 0:
                        take = last4 & (_SUIT_BYTE << (_bit_index(lead) & 56))
                    if (_top_bit(take) & xmask) != 0:
                        v += rem - tp + _last_bonus(ws, np.int64(1), ncap & CAP_X)
                    else:
                        v += _last_bonus(ws, np.int64(0), ncap & CAP_Y)
                    if max0:
                        best3 = min(best3, v)
                        if best3 <= a2:
                            break
                    else:
                        best3 = max(best3, v)
                        if best3 >= b2:
                            break
                best2, a2, b2, cut = _fold(max0, best2, best3, a2, b2)
                if cut:
                    break
            best1, a1, b1, cut = _fold(not max0, best1, best2, a1, b1)
            if cut:
                break
        best0, a0, b0, cut = _fold(max0, best0, best1, a0, b0)
        if cut:
            break
    return best0


@njit(cache=True)
def _tt_store(ws, key, slot, value, card, depth, alpha, beta):
    """Record what a search of window ``(alpha, beta)`` returned for ``key``.

    Bounds already known for the key are kept and tightened; a new key takes
    the entry of its bucket that is stale or, failing that, shallower.
    """
    lo = np.int64(-_NO_BOUND)
    hi = np.int64(_NO_BOUND)
    target = np.int64(-1)
    for s in range(slot, slot + 2):
        if ws[2 * s] == key:
            target = s  # type: ignore[assignment]
            data = ws[2 * s + 1]
            lo = (data & 0xFFFF) - _BOUND_OFFSET
            hi = ((data >> 16) & 0xFFFF) - _BOUND_OFFSET
            break
    if target < 0:
        target = slot
        generation = key >> GENERATION_SHIFT
        a_stale = (ws[2 * slot] >> GENERATION_SHIFT) != generation
        b_stale = (ws[2 * slot + 2] >> GENERATION_SHIFT) != generation
        a_depth = ws[2 * slot + 1] >> 40
        b_depth = ws[2 * slot + 3] >> 40
        if (b_stale and not a_stale) or (a_stale == b_stale and b_depth < a_depth):
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
    ws[2 * target] = key
    ws[2 * target + 1] = ((lo + _BOUND_OFFSET) | ((hi + _BOUND_OFFSET) << 16) | (card << 32)
                          | (depth << 40))
