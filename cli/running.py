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


@contextmanager
def progress_bar(total: int | None, unit: str, *, min_items: int = PROGRESS_MIN_ITEMS
                 ) -> Iterator[Progress]:
    """A :class:`Progress` for ``total`` items (``None``: unknown).

    No bar unless stderr is a terminal and ``total`` is unknown or at least
    ``min_items``. The bar's monitor thread is off, so worker processes can
    still be forked while it shows.
    """
    if not sys.stderr.isatty() or (total is not None and total < min_items):
        yield Progress()
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
