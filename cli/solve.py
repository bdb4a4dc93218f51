"""``belote solve``: double-dummy values of the boards of a PBN file, or of one deal.

The command parses its options, plans every board (so every problem with the
input is reported before any solving), and prints the library's analyses
(:func:`belote.analysis.board.board_analyses`) in board order as
they come.
"""

from __future__ import annotations

from contextlib import closing
from dataclasses import replace

import click

from belote import BeloteError, Deal
from belote.errors import ContractError, SearchLimitError
from belote.types import SIDES, SUITS, parse_seat

from .common import DataError, input_file_type, notice, read_boards, solver_run
from .options import (SEAT, all_leaders_option, cfn_option, jobs_option, json_option,
                      leader_option, max_nodes_option, mode_option, side_option, trump_option)


@click.command()
@click.argument("file", required=False, type=input_file_type())
@cfn_option
@click.option("--deal", "deal_text", metavar="DEAL",
              help='Solve this deal instead of a file: PBN notation "N:S.H.D.C ...", '
                   "8 cards each ('-' for one hand: the cards the other three leave).")
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
@max_nodes_option
def solve(file, cfn_games, deal_text, dealer, contract_text, declarer, boards, mode, trumps, side,
          leader, all_leaders, as_json, jobs, max_nodes):
    """Double-dummy values of boards, or of one --deal.

    A full deal: the points each side takes with best play for each trump, the
    side holding belote, and the verdict and score of the board's contract. A
    play record stopped before the end: the value of each legal card.
    Guide: docs/analysis.md (belote solve).

    \b
    Examples:
      belote solve datasets/examples/deals.pbn
      belote solve datasets/examples/deals.pbn --board 2 --trump S --all-leaders
      belote solve --deal "N:AJ.QJ.AJT.Q 987.T987.K. KQT.A.Q9.A8 .K.87.KJT97" --trump H
    """
    from belote.analysis import TableRequest, board_analyses, plan_board

    from . import format as fmt
    from .running import progress_bar, stoppable

    given = [name for name, value in (("a FILE", file), ("--cfn", cfn_games),
                                      ("--deal", deal_text)) if value]
    if len(given) != 1:
        raise click.UsageError(f"give {' or '.join(given)}, not both" if given else
                               "give a FILE, --cfn or --deal")
    if deal_text is None:
        for name, value in (("--dealer", dealer), ("--contract", contract_text),
                            ("--declarer", declarer)):
            if value is not None:
                raise click.UsageError(f"{name} goes with --deal, not with a FILE")
    elif boards:
        raise click.UsageError("--board selects boards of a FILE or --cfn, not of --deal")
    if leader is not None and all_leaders:
        raise click.UsageError("--leader and --all-leaders exclude each other")
    request = TableRequest(trumps=tuple(sorted(set(trumps))) or SUITS,
                           sides=SIDES if side is None else (side,), leader=leader,
                           all_leaders=all_leaders, max_nodes=max_nodes)
    try:
        if deal_text is None:
            selected = read_boards(file, mode, boards, cfn_games)
        else:
            selected = [_deal_board(deal_text, dealer, contract_text, declarer, mode)]
        jobs_list = [plan_board(board.under(mode), request) for board in selected]
    except BeloteError as e:
        raise DataError(str(e)) from None
    render = fmt.json_line if as_json else fmt.human
    run = solver_run(jobs, len(jobs_list), pool_from=POOL_MIN_BOARDS, notice=notice)
    with stoppable(), progress_bar(len(jobs_list), "board") as progress:
        results = board_analyses(jobs_list, run=replace(run, progress=progress.update))
        with closing(results):
            try:
                for i, result in enumerate(results):
                    progress.echo(("" if as_json or i == 0 else "\n") + render(result.to_dict()))
            except SearchLimitError as e:
                raise DataError(f"{e}: raise --max-nodes to search further") from None


POOL_MIN_BOARDS = 4
"""Without --jobs, fewer boards than this are solved in the main process. Forked
workers start at once with the parent's kernels: on two cores, two workers were
level with one process on files of 2 to 4 boards and 0.3 s faster on 8."""


def _deal_board(text: str, dealer, contract: str | None, declarer, mode: str | None):
    """A board made of the --deal, --dealer, --contract and --declarer options."""
    from belote import Board
    from belote.board import BoardSource

    if contract is None and declarer is not None:
        raise click.UsageError("--declarer needs --contract")
    try:
        deal = Deal.from_pbn(text).complete_unknown()  # PBN's '-': the hand the others leave
        first = parse_seat(text.strip()[0])
        deal.validate(cards_each=8)
    except BeloteError as e:
        raise click.BadParameter(str(e), param_hint="'--deal'") from None
    try:
        return Board(deal, dealer=first if dealer is None else dealer, profile=mode,
                     contract=contract, declarer=declarer, source=BoardSource(file="--deal"))
    except ContractError as e:
        raise click.BadParameter(str(e), param_hint="'--contract'") from None
