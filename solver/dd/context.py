"""Search contexts: the transposition table and node counters that solves share.

:class:`SearchContext` holds the kernels' memory (their workspace fields, then the table);
:func:`default_context` gives each thread its own.

>>> context = SearchContext(tt_bits=10, max_nodes=1000)
>>> context, context.entries
(SearchContext(tt_bits=10, max_nodes=1000), 1024)
>>> default_context() is default_context()
True
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np

from ..errors import BeloteError, SearchLimitError
from .loader import load_kernels

__all__ = ["DEFAULT_TT_BITS", "NO_NODE_LIMIT", "SearchContext", "default_context"]

DEFAULT_TT_BITS = 16
"""log2 of the transposition-table entries (2**16 entries of 16 bytes: 1 MiB).

The table holds trick-start positions only. On 80 seeded deals (4 trumps
each), tables of 2**15 to 2**18 entries searched within 1.5% of the same
number of nodes in the same time; on the bid advisor's samples 2**16 is 4%
faster than 2**18 (fewer cache misses)."""

NO_NODE_LIMIT = 1 << 62
"""The node limit of a context without one (the largest ``max_nodes`` a context takes)."""


class SearchContext:
    """A transposition table and node counters, reusable across solves.

    Bounds stay valid while the deal, trump, side and rules stay the same, so
    consecutive searches of one deal for one side (several thresholds, the
    positions of one play record) share them; a search of anything else
    opens a new generation (:meth:`begin`), which retires every older entry
    without clearing memory. The table has ``2**tt_bits`` entries of 16 bytes.
    It lives in ``memory``, one array with the kernels' workspace fields in
    front of it (see :mod:`._kernels`), which the solve using the context
    fills in; ``owner`` is that solve (a :class:`~belote.dd.search.Search`).

    A context is safe to share between threads: each public solving call
    holds its ``lock`` for its whole duration (so calls on one context run
    one at a time). Give each thread its own context for parallel work; the
    default context (:func:`default_context`) is one per thread.
    """

    MAX_GENERATION = (1 << 26) - 1

    def __init__(self, tt_bits: int = DEFAULT_TT_BITS, *, max_nodes: int | None = None) -> None:
        """A table of ``2**tt_bits`` entries; each search may visit at most ``max_nodes``.

        ``max_nodes`` (``None``: no limit) guards against runaway searches: a
        search that reaches it raises :class:`SearchLimitError`.
        """
        if not isinstance(tt_bits, int) or not 4 <= tt_bits <= 30:
            raise BeloteError(f"tt_bits={tt_bits!r}: expected an int from 4 to 30")
        if max_nodes is not None and (type(max_nodes) is not int
                                      or not 1 <= max_nodes <= NO_NODE_LIMIT):
            raise BeloteError(f"max_nodes={max_nodes!r}: expected an int from 1 to 2**62 "
                              "or None")
        self.max_nodes = max_nodes
        k = load_kernels()
        self.entries = 1 << tt_bits
        self.memory = np.full(k.TT + 2 * self.entries, -1, dtype=np.int64)
        self.owner: object | None = None
        self.nodes = 0
        self.tt_hits = 0
        self.generation = 0
        self.lock = threading.RLock()
        self._target: tuple[object, ...] | None = None

    def fresh(self) -> "SearchContext":
        """A new context with this one's settings (table size, node limit), its table empty:
        for a search run at the same time on another thread.

        >>> SearchContext(12, max_nodes=1000).fresh()
        SearchContext(tt_bits=12, max_nodes=1000)
        """
        return SearchContext(self.entries.bit_length() - 1, max_nodes=self.max_nodes)

    def __repr__(self) -> str:
        limit = "" if self.max_nodes is None else f", max_nodes={self.max_nodes}"
        return f"SearchContext(tt_bits={self.entries.bit_length() - 1}{limit})"

    def __getstate__(self) -> None:
        raise TypeError("a SearchContext is not picklable: make one in each process")

    @property
    def tt(self) -> np.ndarray:
        """The transposition table: two words per entry (a view of ``memory``)."""
        return self.memory[load_kernels().TT:]

    def retire(self) -> None:
        """Retire every entry of the table (after a search was cut short)."""
        self._target = None
        self.begin()

    def begin(self, target: tuple[object, ...] | None = None) -> int:
        """The table generation for a search of ``target``; a new one unless it is the last's.

        ``target`` identifies what the stored bounds depend on (deal, trump,
        side, rules); ``None`` always starts a new generation.
        """
        if target is None or target != self._target:
            self.generation += 1
            if self.generation > self.MAX_GENERATION:
                self.tt.fill(-1)
                self.generation = 1
            self._target = target
        return self.generation

    def begin_many(self, count: int) -> int:
        """The first of ``count`` new consecutive generations (one per deal of a batch).

        The next :meth:`begin` starts a new generation whatever its target.
        """
        if not 0 <= count <= self.MAX_GENERATION:
            raise BeloteError(f"{count} generations do not fit one table")
        if self.generation + count > self.MAX_GENERATION:
            self.tt.fill(-1)
            self.generation = 0
        first = self.generation + 1
        self.generation += count
        self._target = None
        return first

    def search_many(self, count: int, call: Callable[[], int],
                    item: Callable[[int], str]) -> None:
        """Run ``call``, a batch kernel searching ``count`` items, each on its own generation.

        ``memory`` must hold the search's workspace fields. The call returns the index of the
        item whose search reached the node limit (``max_nodes`` each), or -1; its nodes are
        added to the counters. A stopped batch retires the table and raises
        :class:`SearchLimitError` naming the item: ``item(index)`` (``"layout 3"``).
        """
        k = load_kernels()
        ws = self.memory
        ws[k.GENERATION] = self.begin_many(count)
        self.owner = None
        nodes, hits = ws[k.NODES:k.TT_HITS + 1].tolist()
        stopped = int(call())
        after, after_hits = ws[k.NODES:k.TT_HITS + 1].tolist()
        self.nodes += after - nodes
        self.tt_hits += after_hits - hits
        if stopped >= 0:
            self.retire()
            raise SearchLimitError(f"{item(stopped)}: the search was stopped after "
                                   f"{self.max_nodes:,} nodes (its node limit)")

    @property
    def node_limit(self) -> np.int64:
        """``max_nodes`` as the kernels take it (:data:`NO_NODE_LIMIT` for none)."""
        return np.int64(self.max_nodes or NO_NODE_LIMIT)


_thread_contexts = threading.local()


def default_context(max_nodes: int | None = None) -> SearchContext:
    """The calling thread's search context with node limit ``max_nodes`` (one per thread).

    The solving functions use the one without a limit when given no context.
    """
    contexts = getattr(_thread_contexts, "contexts", None)
    if contexts is None:
        contexts = _thread_contexts.contexts = {}
    context = contexts.get(max_nodes)
    if context is None:
        context = contexts[max_nodes] = SearchContext(max_nodes=max_nodes)
    return context
