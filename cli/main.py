"""The ``belote`` command line.

A click group with one command per task. Commands parse their options, call
:mod:`belote.solver` and print with :mod:`belote.cli.format`; the numba
solver is imported only when something is solved, so ``belote --help`` is
instant.

Every error is one line on stderr: bad input files name the file, the board
and the line; bad options name the option. Both exit with status 2.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import click

from belote.solver.types.cards import SUITS
from belote.solver.types.deal import SIDES
from belote.solver.errors import BeloteError

from .options import (SEAT, all_leaders_option, jobs_option, json_option, leader_option,
                      mode_option, side_option, trump_option)


class DataError(click.ClickException):
    """Bad input data (a PBN file, a deal): one line, exit status 2."""

    exit_code = 2


_HELP_ERRORS = getattr(click.exceptions, "NoArgsIsHelpError", ())
"""Usage errors that show the help on purpose (click >= 8.2), left alone."""


@contextmanager
def _one_line_usage_errors() -> Iterator[None]:
    """Re-raise click usage errors as one line, with the help hint at its end."""
    try:
        yield
    except click.UsageError as e:
        if e.ctx is None or isinstance(e, _HELP_ERRORS):
            raise
        hint = f" (see '{e.ctx.command_path} --help')"
        raise click.UsageError(e.format_message() + hint) from None


class Group(click.Group):
    """A click group whose usage errors are one line (no usage block)."""

    def make_context(self, *args, **kwargs):
        with _one_line_usage_errors():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx):
        with _one_line_usage_errors():
            return super().invoke(ctx)


@click.group(name="belote", cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="belote", prog_name="belote")
def cli() -> None:
    """Exact double-dummy analysis of Belote deals (classic and coinche).

    Boards are read from PBN files; see `belote solve --help`.
    """


@cli.command(short_help="Double-dummy values of the boards of a PBN file.")
@click.argument("file", required=False, type=click.Path(exists=True, dir_okay=False,
                                                        path_type=Path))
@click.option("--deal", "deal_text", metavar="DEAL",
              help='Solve this deal instead of a file: PBN notation "N:S.H.D.C ...", '
                   "8 cards each.")
@click.option("--dealer", type=SEAT, default=None,
              help="Dealer of --deal (default: the deal's first seat).")
@click.option("--contract", "contract_text", metavar="CONTRACT", default=None,
              help="Contract of --deal, as in PBN (100H, 80SX, CapotD; classic: H).")
@click.option("--declarer", type=SEAT, default=None, help="Declarer of --deal's contract.")
@click.option("--board", "boards", multiple=True, metavar="NUMBER",
              help="Only the board with this Board tag (repeat for several).")
@mode_option
@trump_option
@side_option
@leader_option
@all_leaders_option
@json_option
@jobs_option
def solve(file, deal_text, dealer, contract_text, declarer, boards, mode, trumps, side,
          leader, all_leaders, as_json, jobs):
    """Double-dummy values of the boards of a PBN FILE (or of one --deal).

    \b
    A full deal (no play record) gets a table: the points each side takes
    with best play, for each trump, with the leader of the first trick (the
    Play seat, else the dealer's left). Beside it, the side holding belote
    (trump K+Q) for each trump, and the double-dummy verdict and deal score
    of the board's Contract (made when the taker's points, with the deal's
    own leader, reach the points it needs).

    \b
    A play record stopped before the end is a position: the whole-deal
    value for both sides (tricks taken count), the player to move, and the
    value each legal card leads to; interchangeable cards are shown
    together and the best ones marked. A record played to the end is
    tabled like a full deal, with its actual result scored beside it.
    --trump, --side, --leader and --all-leaders shape deal tables only.

    \b
    Examples:
      belote solve datasets/examples/deals.pbn
      belote solve datasets/examples/deals.pbn --board 2 --trump S --all-leaders
      belote solve --deal "N:AJ.QJ.AJT.Q 987.T987.K. KQT.A.Q9.A8 .K.87.KJT97" --trump H
    """
    from belote.solver.analysis.board import TableRequest, analyse_boards, plan_board

    from . import format as fmt
    from .running import progress_bar, stoppable

    if (file is None) == (deal_text is None):
        raise click.UsageError("give a PBN FILE or --deal, not both" if file else
                               "give a PBN FILE or --deal")
    if file is not None:
        for name, value in (("--dealer", dealer), ("--contract", contract_text),
                            ("--declarer", declarer)):
            if value is not None:
                raise click.UsageError(f"{name} goes with --deal, not with a FILE")
    elif boards:
        raise click.UsageError("--board selects boards of a FILE, not of --deal")
    if leader is not None and all_leaders:
        raise click.UsageError("--leader and --all-leaders exclude each other")
    request = TableRequest(mode=mode, trumps=tuple(sorted(set(trumps))) or SUITS,
                           sides=SIDES if side is None else (side,), leader=leader,
                           all_leaders=all_leaders)
    try:
        if file is not None:
            selected = _read_boards(file, mode, boards)
        else:
            selected = [_deal_board(deal_text, dealer, contract_text, declarer, mode)]
        jobs_list = [plan_board(board, request) for board in selected]
    except BeloteError as e:
        raise DataError(str(e)) from None
    render = fmt.json_line if as_json else fmt.human
    executor = "process"
    if jobs is None and len(jobs_list) < POOL_MIN_BOARDS or jobs == 1 or len(jobs_list) == 1:
        executor = "serial"
        _start_solver()
    with stoppable(), progress_bar(len(jobs_list), "board") as progress:
        results = analyse_boards(jobs_list, executor=executor, workers=jobs,
                                 progress=progress.update, notice=_notice)
        with closing(results):
            for i, result in enumerate(results):
                progress.echo(("" if as_json or i == 0 else "\n") + render(result.to_dict()))


POOL_MIN_BOARDS = 4
"""Without --jobs, fewer boards than this are solved in the main process. Forked
workers start at once with the parent's kernels: on two cores, two workers were
level with one process on files of 2 to 4 boards and 0.3 s faster on 8."""


def _notice(message: str) -> None:
    """A note on stderr (a lowered worker count)."""
    click.echo(f"belote: {message}", err=True)


def _start_solver() -> None:
    """Load the kernels here, then freeze what is alive (``gc.freeze``).

    The objects numba's start-up leaves (about 100,000) are then out of reach
    of the cyclic garbage collector: later collections, and the last one at
    exit, no longer walk them (0.1 to 0.2 s of a one-deal ``belote solve``).
    """
    import gc

    from belote.solver.dd import warm_up

    warm_up()
    gc.freeze()


def _read_boards(path: Path, mode: str | None, numbers: tuple[str, ...]):
    """The boards of a PBN file, in file order; only those numbered ``numbers`` if given."""
    from belote.solver.formats import pbn

    try:
        boards = pbn.load(path, mode=mode)
    except OSError as e:
        raise DataError(f"{path}: cannot read: {e.strerror or e}") from None
    if not numbers:
        return boards
    known = [b.board for b in boards if b.board is not None]
    missing = [n for n in numbers if n not in known]
    if missing:
        raise click.UsageError(f"no board {', '.join(missing)} in {path} "
                               f"(boards: {' '.join(known) or 'none'})")
    return [b for b in boards if b.board in numbers]


def _deal_board(text: str, dealer, contract: str | None, declarer, mode: str | None):
    """A board made of the --deal, --dealer, --contract and --declarer options."""
    from belote.solver.errors import ContractError
    from belote.solver.types.board import Board, BoardSource
    from belote.solver.types.deal import Deal, parse_seat

    if contract is None and declarer is not None:
        raise click.UsageError("--declarer needs --contract")
    try:
        deal = Deal.from_pbn(text)
        first = parse_seat(text.strip()[0])
        deal.validate(cards_each=8)
    except BeloteError as e:
        raise click.BadParameter(str(e), param_hint="'--deal'") from None
    try:
        return Board(deal, dealer=first if dealer is None else dealer, rules=mode,
                     contract=contract, declarer=declarer, source=BoardSource(file="--deal"))
    except ContractError as e:
        raise click.BadParameter(str(e), param_hint="'--contract'") from None


def _register_commands() -> None:
    """Add the commands that live in their own modules (each imports only click at the top)."""
    from .analyse import analyse
    from .bid import bid
    from .deal import deal

    for command in (analyse, bid, deal):
        cli.add_command(command)


_register_commands()
