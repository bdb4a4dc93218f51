"""Running long work from a command: progress bars, and stopping cleanly.

:func:`progress_bar` shows a tqdm bar on stderr when it is a terminal.
:func:`stoppable` turns the ways a run can be cut short into exit statuses,
after the work in flight is stopped (its generator closed, so the runner of
:mod:`belote.parallel` cancels queued work and ends its workers):

- Ctrl-C (``SIGINT``): "interrupted", exit status 130;
- ``SIGTERM``: exit status 143 (128 + 15), quietly;
- a closed standard output (``belote solve many.pbn | head -1``) goes on to
  the group (:class:`belote.cli.common.Group`): exit status 141, quietly.

>>> with progress_bar(3, "board") as progress:
...     progress.update(3); progress.echo("done")
done
"""

from __future__ import annotations

import signal
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

PROGRESS_MIN_ITEMS = 8
"""Runs of fewer items than this get no progress bar."""


class Progress:
    """A progress bar on stderr, or nothing: ``update(n)`` items done, ``echo`` a result."""

    def __init__(self, bar: Any = None) -> None:
        self.bar = bar

    def update(self, n: int) -> None:
        """Advance the bar by ``n`` items."""
        if self.bar is not None:
            self.bar.update(n)

    def echo(self, text: str) -> None:
        """Print ``text`` on stdout and flush it, clearing the bar around it.

        Each result goes out at once, so a reader sees it as soon as it is
        solved, and a reader that has gone (``| head -1``) is noticed at the
        next result rather than when a pipe's buffer fills.
        """
        if self.bar is None:
            click.echo(text)
        else:
            with type(self.bar).external_write_mode():
                click.echo(text)
        sys.stdout.flush()


PROGRESS_LINE_SECONDS = 60.0
"""When stderr is not a terminal (nohup, CI, cron), a progress line at most this often."""


class ProgressLines(Progress):
    """Progress as a line on stderr every :data:`PROGRESS_LINE_SECONDS` (no terminal).

    >>> lines = ProgressLines(10, "board", every=0.0, file=sys.stdout)
    >>> lines.update(4)  # doctest: +ELLIPSIS
    belote: 4 of 10 boards (40%) after ... s
    """

    def __init__(self, total: int | None, unit: str, every: float | None = None,
                 file: Any = None) -> None:
        super().__init__()
        self.file = file
        self.total, self.unit, self.done = total, unit, 0
        self.every = PROGRESS_LINE_SECONDS if every is None else every
        self.start = self.last = time.monotonic()

    def update(self, n: int) -> None:
        self.done += n
        now = time.monotonic()
        if now - self.last < self.every:
            return
        self.last = now
        of = "" if self.total is None else (
            f" of {self.total:,} {self.unit}s ({100 * self.done / max(self.total, 1):.0f}%)")
        what = of or f" {self.unit}s"
        click.echo(f"belote: {self.done:,}{what} after {now - self.start:.0f} s",
                   file=self.file or sys.stderr)


@contextmanager
def progress_bar(total: int | None, unit: str, *, min_items: int = PROGRESS_MIN_ITEMS
                 ) -> Iterator[Progress]:
    """A :class:`Progress` for ``total`` items (``None``: unknown).

    Nothing for fewer than ``min_items`` items. A tqdm bar when stderr is a
    terminal (its monitor thread off, so worker processes can still be
    forked while it shows); otherwise a line now and then
    (:class:`ProgressLines`), for long work under nohup, CI or cron.
    """
    if total is not None and total < min_items:
        yield Progress()
        return
    if not sys.stderr.isatty():
        yield ProgressLines(total, unit)
        return
    from tqdm import tqdm  # only when a bar is shown: importing it costs 30 ms

    tqdm.monitor_interval = 0
    with tqdm(total=total, unit=unit, file=sys.stderr, leave=False, dynamic_ncols=True) as bar:
        yield Progress(bar)


class _Terminated(Exception):
    """Raised in the main thread by the ``SIGTERM`` handler."""


def _on_sigterm(signum: int, frame: Any) -> None:
    raise _Terminated()


@contextmanager
def stoppable() -> Iterator[None]:
    """Map interruptions, ``SIGTERM`` and a closed stdout to exit statuses (module docstring)."""
    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        yield
    except KeyboardInterrupt:
        click.echo("Error: interrupted", err=True)
        sys.exit(130)
    except _Terminated:
        sys.exit(143)
    finally:
        signal.signal(signal.SIGTERM, previous)


def dask_client(address: str, jobs: int | None) -> Any:
    """A Dask client of the scheduler at ``address`` (``--scheduler``); a usage error with
    ``--jobs`` (the cluster has its own workers), without dask, or when nobody answers."""
    if jobs is not None:
        raise click.UsageError("--jobs is for local processes; a --scheduler's cluster has "
                               "its own workers")
    try:
        from dask.distributed import Client
    except ImportError:
        raise click.UsageError("--scheduler needs Dask: pip install 'belote[cluster]'") from None
    try:
        return Client(address, timeout=10)
    except (OSError, TimeoutError, ValueError) as e:
        raise click.UsageError(f"--scheduler {address}: cannot connect: {e}") from None
