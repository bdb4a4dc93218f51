"""The ``belote`` command line: one click group, one module per command.

Each command parses its options, calls one library function and prints;
:mod:`.common` holds what they share (one-line errors and exit statuses,
reading boards), :mod:`.options` the shared options, :mod:`.format` and
:mod:`.running` the output. The numba solver is imported only when
something is solved, so ``belote --help`` is instant.
"""

from __future__ import annotations

import click

from belote import __version__

from .common import Group
from .analyse import analyse
from .batch import batch
from .convert import convert
from .bid import bid
from .deal import deal
from .engine import engine
from .hint import hint
from .par import par
from .playout import playout
from .report import report
from .review import review
from .score import score
from .selfplay import selfplay
from .serve import serve
from .solve import solve


@click.group(name="belote", cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
# The version is belote.__version__: asking importlib.metadata (package_name=) took longer
# than the whole of --help.
@click.version_option(__version__, prog_name="belote")
@click.option("--debug", is_flag=True,
              help="Show the Python traceback of an internal error (must come first).")
def cli(debug: bool) -> None:
    """Exact double-dummy analysis of Belote deals (classic and coinche).

    Boards are read from PBN files; see `belote solve --help`. Exit status:
    0 done, 1 system error, 2 bad input or usage, 3 done with bad records,
    70 internal error, 130 interrupted (Ctrl-C), 141 output closed, 143 terminated.
    """


def _register_commands() -> None:
    """Add the commands, each from its own module (which imports at its top only what
    ``belote --help`` loads anyway)."""
    for command in (analyse, batch, bid, convert, deal, engine, hint, par, playout, report, review,
                    score, selfplay, serve, solve):
        cli.add_command(command)


_register_commands()
