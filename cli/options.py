"""Shared click options and parameter types of the ``belote`` commands.

Each option is a decorator, so commands declare the options they take in one
line each (``@mode_option``). The parameter types turn text into the
library's small ints with the library's own parsers, and report a bad value
as a click usage error (exit status 2).

>>> SUIT.convert("h", None, None), SEAT.convert("West", None, None)
(1, 3)
"""

from __future__ import annotations

from collections.abc import Callable

import click

from belote.types import PROFILES, parse_seat, parse_side, parse_suit
from belote import BeloteError


SCHEDULE_DEFAULT = "45 at the first trick, then 54 down to 15, every layout when at most 60"
"""``--worlds``'s default in words: the single-dummy player's default schedule (kept equal to
:data:`belote.advice.playout.DEFAULT_SCHEDULE` by a test; written out so that ``--help``
loads no solver)."""


class LibraryType(click.ParamType):
    """A parameter parsed by a library function that raises :class:`BeloteError`."""

    def __init__(self, name: str, parse: Callable[[str], int], metavar: str) -> None:
        self.name = name
        self.parse = parse
        self.metavar = metavar

    def get_metavar(self, param, ctx=None):
        return self.metavar

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        try:
            return self.parse(value)
        except BeloteError as e:
            self.fail(str(e), param, ctx)


SUIT = LibraryType("suit", parse_suit, "[S|H|D|C]")
"""A suit: ``S H D C`` (any case) or a suit symbol."""
SEAT = LibraryType("seat", parse_seat, "[N|E|S|W]")
"""A seat: ``N E S W`` or ``north`` ... (any case)."""
SIDE = LibraryType("side", parse_side, "[NS|EW]")
"""A side: ``NS`` or ``EW`` (any case)."""


mode_option = click.option(
    "--mode", type=click.Choice(sorted(PROFILES), case_sensitive=False), default=None,
    help="Rules to apply, overriding each board's Mode tag (default: the tag, else coinche).")

json_option = click.option(
    "--json", "as_json", is_flag=True,
    help="Print one JSON object per board, one per line, instead of tables.")

jobs_option = click.option(
    "--jobs", "-j", type=click.IntRange(min=1), default=None,
    show_default="all cores from 4 boards on, else 1",
    help="Worker processes; boards are spread over them, output stays in board order.")

scheduler_option = click.option(
    "--scheduler", metavar="ADDRESS", default=None,
    help="Run on the Dask distributed cluster at ADDRESS (tcp://host:8786; needs the "
         "'cluster' extra) instead of local processes.")

trump_option = click.option(
    "--trump", "trumps", type=SUIT, multiple=True,
    help="Only this trump suit in deal tables (repeat for several; default: all four).")

side_option = click.option(
    "--side", "side", type=SIDE, default=None,
    help="Only this side's values in deal tables (default: both).")

leader_option = click.option(
    "--leader", type=SEAT, default=None,
    help="Leader of the first trick in deal tables (default: the Play seat, else the "
         "dealer's left).")

all_leaders_option = click.option(
    "--all-leaders", is_flag=True, help="Deal tables for each of the four leaders.")

board_option = click.option(
    "--board", "boards", multiple=True, metavar="NUMBER",
    help="Only the board with this Board tag (repeat for several).")

cfn_option = click.option(
    "--cfn", "cfn_games", multiple=True, metavar="GAME",
    help="A game in colver's CFN notation instead of a FILE, e.g. \"S:-/-/-/- 8d9dJdTd/... "
         "100hEWx\" (repeat for several; numbered 1, 2... as boards).")

uniform_option = click.option(
    "--uniform", is_flag=True,
    help="Single-dummy: take every layout consistent with the play as equally likely "
         "(default: weigh them by the board's auction, with colver's soft call weights).")

def _at_most(value: int | None, high: int, shown: str) -> int | None:
    """``value`` unless it is above ``high`` (a usage error; ``shown`` is ``high`` in words)."""
    if value is not None and value > high:
        raise click.BadParameter(f"{value} is above {shown}")
    return value


MAX_NODES = 1 << 62
"""The largest ``--max-nodes``: the solver's own bound on a node limit (kept equal to
``belote.dd.context.NO_NODE_LIMIT`` by a test; written out so that ``--help`` loads no solver)."""

max_nodes_option = click.option(
    "--max-nodes", type=click.IntRange(min=1), default=None, metavar="N",
    callback=lambda ctx, param, value: _at_most(value, MAX_NODES, "2**62"),
    help="Stop with an error when one search visits more than N nodes (a guard against "
         "runaway searches; a full deal takes about 10**5 to 10**7).")


def constraint_error(error: BeloteError) -> click.UsageError:
    """The usage error of a constraint that failed: naming its option when one text failed."""
    option = getattr(error, "option", None)
    if option is None:
        return click.UsageError(str(error))
    return click.BadParameter(str(error), param_hint=f"'--{option}'")


def constraint_options(points_help: str) -> Callable:
    """``--known``, ``--shape`` and ``--points``: what is known of the unseen hands.

    The text is read by :mod:`belote.sampling.constraints`;
    ``points_help`` says which suit counts trump points for the command.
    """
    def decorate(command: Callable) -> Callable:
        for option in reversed([
                click.option("--known", multiple=True, metavar="SEAT:CARDS",
                             help='Cards a seat holds, e.g. "E:AS,TS" (repeatable).'),
                click.option("--shape", multiple=True, metavar="SEAT:RANGES",
                             help='Suit lengths, e.g. "N:H>=3", "N:H=0" (void), '
                                  '"E:S<=2,D1-3" (repeatable).'),
                click.option("--points", multiple=True, metavar="SEAT:RANGES",
                             help='Card points in a suit, e.g. "N:H>=20" (repeatable; '
                                  f'{points_help}).')]):
            command = option(command)
        return command
    return decorate
