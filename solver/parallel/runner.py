"""Mapping a solving function over many items, in order, on a choice of executors.

:func:`parallel_map` is the one way the library solves many things at once
(boards of a file, sampled deals, rows of a database). It yields
``func(item)`` for every item *in input order*, whatever runs them:

``"serial"``
    this thread, one item after the other;
``"thread"``
    a pool of threads in this process. The kernels release the GIL and every
    thread has its own search context, so threads really solve in parallel;
``"process"``
    a pool of worker processes. On Linux they are forked after the
    ``initializer`` has run here (the solver's callers pass
    :func:`~belote.dd.warm_up`, which loads the kernels), so they start at
    once, unless forking is unsafe here: polars is loaded (its thread pool
    does not survive a fork) or other threads run; they are then spawned, each
    running the ``initializer`` itself (about a second for the kernels);
an ``concurrent.futures.Executor``
    anything with ``submit`` returning futures, such as the executor of a Dask
    client (``client.get_executor()``), which runs the same code on a
    cluster. The runner uses it and leaves it running.

Items are handed over in chunks (fewer round trips) and at most a few chunks
per worker are in flight, so a lazy iterable of items is read as the results
are consumed and memory stays flat. The runner stops cleanly: when the
consumer stops iterating (the generator is closed, or an exception goes
through it, a ``KeyboardInterrupt`` included), queued work is cancelled and
worker processes it started are ended; workers ignore ``SIGINT`` (the parent
decides) and, on Linux, end with their parent if it is killed.

How to run is one value, a :class:`Run` (the executor, the workers, who is
told of progress and of notices, and from how many items a pool is worth
starting), which every function of the library that solves many things
takes as its ``run`` argument:

>>> list(parallel_map(abs, [-3, 1, -2], Run("thread", workers=2)))
[3, 1, 2]
>>> list(parallel_map(abs, iter([-1, -5])))
[1, 5]
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, replace
from itertools import islice
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import BeloteError

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

__all__ = ["MAX_CHUNK", "EXECUTORS", "Run", "default_chunk_size", "fork_is_safe", "parallel_map",
           "worker_count"]

T = TypeVar("T")
R = TypeVar("R")

EXECUTORS = ("serial", "thread", "process")
"""The executors the runner starts itself, by name."""

MAX_CHUNK = 8
"""Items handed to a worker at a time, at most: few enough that progress moves
and the workers finish together, enough to amortise the hand-over (a board
takes tens of milliseconds to solve)."""

IN_FLIGHT_PER_WORKER = 2
"""Chunks submitted ahead per worker: keeps workers busy while bounding memory."""


def worker_count(requested: int | None, items: int | None = None) -> tuple[int, str | None]:
    """The workers to use for ``requested`` (``None``: every core) and ``items`` items.

    Capped by the cores and by the number of items (when known); the second
    value says why a request was lowered, else ``None``.

    >>> worker_count(1, 10)
    (1, None)
    >>> worker_count(1000, 1)[0]
    1
    """
    if requested is not None and (type(requested) is not int or requested < 1):
        raise BeloteError(f"workers={requested!r}: expected a positive int")
    cores = os.cpu_count() or 1
    limits = [cores] + ([] if items is None else [max(items, 1)])
    workers = min([cores if requested is None else requested, *limits])
    if requested is None or workers == requested:
        return workers, None
    work = "" if items is None else f", {items} item{'s' * (items != 1)}"
    return workers, f"using {workers} worker{'s' * (workers != 1)}, not {requested} ({cores} cores{work})"


@dataclass(frozen=True)
class Run:
    """How to run many items of work: one value, passed as the ``run`` argument.

    ``executor`` is ``"serial"``, ``"thread"``, ``"process"`` or any
    ``concurrent.futures.Executor`` (module docstring); ``workers`` the
    workers asked for (``None``: every core), capped by the cores and the
    items; ``progress`` is called with the number of items of each finished
    chunk (some callers count in their own unit: samples, layouts);
    ``notice`` is told when a request for workers is lowered.

    Small jobs run serially (:meth:`sized`, the one place that decides):
    one worker asked, one item, or, when no worker count is asked, fewer
    items than ``pool_from`` (below it a pool costs more than it saves; each
    command measured its own threshold, in its own unit).

    >>> Run("process", pool_from=4).sized(3).executor, Run("process", 2, pool_from=4).sized(3)
    ('serial', Run(executor='process', workers=2, progress=None, notice=None, pool_from=1))
    >>> Run("process", 3, notice=print).sized(1).serial  # doctest: +ELLIPSIS
    using 1 worker, not 3 (... cores, 1 item)
    True
    """

    executor: str | Executor = "serial"
    workers: int | None = None
    progress: Callable[[int], Any] | None = None
    notice: Callable[[str], Any] | None = None
    pool_from: int = 1

    def __post_init__(self) -> None:
        if isinstance(self.executor, str) and self.executor not in EXECUTORS:
            raise BeloteError(f"unknown executor {self.executor!r} (expected one of "
                              f"{' '.join(EXECUTORS)} or a concurrent.futures.Executor)")
        if self.workers is not None and (type(self.workers) is not int or self.workers < 1):
            raise BeloteError(f"workers={self.workers!r}: expected a positive int")
        if type(self.pool_from) is not int or self.pool_from < 1:
            raise BeloteError(f"pool_from={self.pool_from!r}: expected a positive int")

    @property
    def serial(self) -> bool:
        """Whether this run solves in this thread, one item after the other."""
        return self.executor == "serial"

    def sized(self, items: int | None) -> Run:
        """This run for ``items`` items (``None``: unknown): serial when the job is small.

        Small: one worker asked, at most one item, or no worker count asked
        and fewer items than :attr:`pool_from`. A run that stays pooled has
        its ``pool_from`` spent (1), so sizing it again in smaller items
        (chunks of samples) keeps it pooled. ``notice`` is told when asked
        workers are dropped for the serial run; an external executor is kept
        as it is.
        """
        if not isinstance(self.executor, str) or self.serial or items is None:
            return self
        small = (self.workers == 1 or items <= 1
                 or (self.workers is None and items < self.pool_from))
        if not small:
            return replace(self, pool_from=1)
        why = None if self.workers is None else worker_count(self.workers, items)[1]
        if why and self.notice is not None:
            self.notice(why)
        return replace(self, executor="serial", pool_from=1)


SERIAL = Run()
"""The default run: serially, here, no progress, no notices."""

def default_chunk_size(items: int | None, workers: int) -> int:
    """Items per chunk: about four chunks per worker, at most :data:`MAX_CHUNK`.

    >>> default_chunk_size(40, 2), default_chunk_size(3, 2), default_chunk_size(None, 2)
    (5, 1, 8)
    """
    if items is None:
        return MAX_CHUNK
    return max(1, min(MAX_CHUNK, items // (4 * workers)))


def fork_is_safe() -> bool:
    """Whether worker processes may be forked from this one.

    Only on Linux, and only while no other thread runs and polars (whose
    thread pool a forked child would inherit half-dead) is not loaded.
    """
    return (sys.platform == "linux" and threading.active_count() == 1
            and "polars" not in sys.modules)


def _worker_start(initializer: Callable[[], Any] | None) -> None:
    """Set up a worker process: ignore ``SIGINT``, end with the parent, run ``initializer``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not a handler a forked parent installed
    if sys.platform == "linux":
        try:
            import ctypes

            PR_SET_PDEATHSIG = 1
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError):  # pragma: no cover - no prctl on this libc
            pass
    if initializer is not None:
        initializer()


def _run_chunk(func: Callable[[T], R], chunk: list[T]) -> list[R]:
    """``[func(item) for item in chunk]`` (what a worker runs)."""
    return [func(item) for item in chunk]


def _chunks(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """``items`` in lists of 1, 2, 4... items, then ``size`` each: the first results come soon.

    >>> [len(c) for c in _chunks(range(20), 5)]
    [1, 2, 4, 5, 5, 3]
    """
    it = iter(items)
    step = 1
    while chunk := list(islice(it, min(step, size))):
        yield chunk
        step *= 2


def parallel_map(func: Callable[[T], R], items: Iterable[T], run: Run = SERIAL, *,
                 chunk_size: int | None = None,
                 initializer: Callable[[], Any] | None = None) -> Generator[R, None, None]:
    """Yield ``func(item)`` for each of ``items``, in input order, as ``run`` says.

    ``func`` and the items must pickle for processes and Dask (a module-level
    function). The run is :meth:`Run.sized` by the number of items (when
    known); its workers are capped by the cores and the items (``notice`` is
    told when a request is lowered), and with one worker ``"thread"`` and
    ``"process"`` run serially here. ``chunk_size`` defaults to
    :func:`default_chunk_size`. ``initializer`` prepares new processes (the
    solver passes :func:`~belote.dd.warm_up`, which loads its kernels): it
    runs once here before forking them, or in each spawned worker. The run's
    ``progress`` is called with the number of items of each finished chunk,
    in order. An exception raised by ``func`` propagates, after the work
    still queued is cancelled.
    """
    total = len(items) if hasattr(items, "__len__") else None  # type: ignore[arg-type]
    run = run.sized(total)
    executor = run.executor
    if run.serial:
        count = 1
    elif isinstance(executor, str):
        count, why = worker_count(run.workers, total)
        if why and run.notice is not None:
            run.notice(why)
        if count <= 1:
            executor = "serial"
    else:
        count = run.workers or os.cpu_count() or 1
    size = chunk_size or default_chunk_size(total, count)
    if executor == "serial":
        return _serial(func, items, size, run.progress)
    return _pooled(func, items, executor, count, size, initializer, run.progress)


def _serial(func: Callable[[T], R], items: Iterable[T], size: int,
            progress: Callable[[int], Any] | None) -> Generator[R, None, None]:
    """The serial run: results as they come, progress per chunk."""
    for chunk in _chunks(items, size):
        yield from _run_chunk(func, chunk)
        if progress is not None:
            progress(len(chunk))


def _start_pool(kind: str, workers: int, initializer: Callable[[], Any] | None) -> Executor:
    """A thread or process pool of ``workers`` (see the module docstring)."""
    if kind == "thread":
        from concurrent.futures import ThreadPoolExecutor

        return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="belote")
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    forked = fork_is_safe()
    if forked and initializer is not None:
        initializer()
        gc.freeze()  # the children then leave the parent's objects (and pages) alone
    context = multiprocessing.get_context("fork" if forked else "spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                               initializer=_worker_start, initargs=(None if forked else initializer,))
    return pool


def _stop_pool(pool: Executor, kind: str, finished: bool) -> None:
    """Shut down a pool the runner started; end worker processes at once unless ``finished``."""
    if finished or kind == "thread":
        pool.shutdown(wait=True, cancel_futures=True)
        return
    processes = list(getattr(pool, "_processes", {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=2)
        if process.is_alive():  # pragma: no cover - a worker ignoring SIGTERM
            process.kill()


def _pooled(func: Callable[[T], R], items: Iterable[T], executor: str | Executor,
            workers: int, size: int, initializer: Callable[[], Any] | None,
            progress: Callable[[int], Any] | None) -> Generator[R, None, None]:
    """The pooled run: chunks submitted ahead, results yielded in order."""
    owned = isinstance(executor, str)
    kind = executor if isinstance(executor, str) else "external"
    pool = (_start_pool(executor, workers, initializer) if isinstance(executor, str)
            else executor)
    pending: deque[Future[list[R]]] = deque()
    finished = False
    try:
        chunks = _chunks(items, size)
        limit = IN_FLIGHT_PER_WORKER * workers
        for chunk in islice(chunks, limit):
            pending.append(pool.submit(_run_chunk, func, chunk))
        while pending:
            results = pending.popleft().result()
            for chunk in islice(chunks, 1):
                pending.append(pool.submit(_run_chunk, func, chunk))
            if progress is not None:
                progress(len(results))
            yield from results
        finished = True
    finally:
        for future in pending:
            future.cancel()
        if owned:
            _stop_pool(pool, kind, finished)
