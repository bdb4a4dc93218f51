"""What ``belote solve`` computes for each board, and running it over processes.

:func:`plan` turns a board into a :class:`Job` in the main process, so every
problem with the input is reported before any solving starts. :func:`run`
solves one job and returns a JSON-ready dict (it imports the numba solver
itself, so the command line stays quick to start). :func:`run_all` spreads
the jobs over worker processes and hands the results on in board order.

Jobs cross process boundaries by pickling; everything they hold (a
:class:`Deal`, a :class:`Position`, a :class:`Contract`) pickles.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from belote.solver.types.cards import SUIT_NAMES, SUITS, Suit, card_name
from belote.solver.types.contract import Contract
from belote.solver.types.deal import NORTH, SIDES, Deal, Seat, Side, seat_name, side_name
from belote.solver.errors import PBNDecodeError
from belote.solver.formats.pbn import Board
from belote.solver.rules.play import Position
from belote.solver.rules.profiles import RuleProfile
from belote.solver.rules.scoring import score_deal

if TYPE_CHECKING:
    import multiprocessing.context

    from belote.solver.dd.verdict import ContractVerdict

MAX_CHUNK_BOARDS = 8
"""Boards handed to a worker at a time: few enough that the progress bar moves
and the workers finish together on large files, enough to amortise the
hand-over (each board takes tens of milliseconds to solve)."""

PROGRESS_MIN_BOARDS = 8
"""Files with fewer boards than this get no progress bar."""

POOL_MIN_BOARDS = 4
"""Unless the number of workers is given, fewer boards than this are solved in
the main process. Forked workers start at once with the parent's kernels (a
spawned one took about a second): on two cores, two workers were level with
one process on files of 2 to 4 boards (within 0.15 s) and 0.3 s faster on 8,
so a pool is worth starting from a few boards on."""


@dataclass(frozen=True)
class Request:
    """The command-line choices that shape a deal table.

    ``leader`` ``None`` means the board's own leader (the Play seat, else
    the dealer's left).
    """

    mode: str | None = None
    trumps: tuple[Suit, ...] = SUITS
    sides: tuple[Side, ...] = SIDES
    leader: Seat | None = None
    all_leaders: bool = False


@dataclass(frozen=True)
class Job:
    """One board ready to solve.

    ``header`` holds the JSON fields known before solving; ``deal`` is the
    deal at the start of play (8 cards each). A full deal has
    ``position`` ``None`` and is tabled for ``leaders`` x ``trumps`` x
    ``sides``; a position in the middle of the play is analysed card by card.
    ``contract`` (with a declarer) is judged double-dummy with the board's
    own leader ``contract_leader``; ``played`` is the actual result of a
    deal whose play record goes to the end.
    """

    header: dict[str, Any]
    profile: RuleProfile
    deal: Deal
    leaders: tuple[Seat, ...] = ()
    trumps: tuple[Suit, ...] = ()
    sides: tuple[Side, ...] = ()
    contract: Contract | None = None
    contract_leader: Seat | None = None
    played: dict[str, Any] | None = None
    position: Position | None = field(default=None, compare=False)


def _sides_dict(pair: Sequence[int]) -> dict[str, int]:
    """``{"NS": pair[0], "EW": pair[1]}``."""
    return {side_name(s): pair[s] for s in SIDES}


def _board_leader(board: Board, request: Request) -> Seat:
    """The board's leader of the first trick, else ``--leader``; error if neither is known."""
    if board.play_leader is None and board.dealer is None and request.leader is not None:
        return request.leader
    return board.first_leader()


def plan(board: Board, request: Request) -> Job:
    """The job of one board (raises :class:`PBNDecodeError` for a board that cannot be solved).

    A board with no play record is a full deal. A record stopped in the middle
    of the deal is a position. A record played to the end is tabled as a full
    deal and its actual result is scored beside the table.
    """
    profile = board.profile(request.mode)
    deal = board.full_deal()
    contract = board.get_contract(profile)
    first = NORTH if board.dealer is None else board.dealer
    header: dict[str, Any] = {
        "board": board.board,
        "file": board.file,
        "kind": "deal",
        "mode": profile.name,
        "dealer": None if board.dealer is None else seat_name(board.dealer),
        "leader": None,
        "deal": deal.to_pbn(first),
    }
    position = board.position(profile) if board.play else None
    if position is not None and not position.is_over:
        header.update(kind="position", leader=seat_name(board.first_leader()),
                      hands=position.current_deal().to_pbn(first))
        return Job(header, profile, deal, contract=contract, position=position)
    played = None if position is None else _played(profile, contract, position)
    judged = contract is not None and contract.declarer is not None
    try:
        board_leader: Seat | None = _board_leader(board, request)
    except PBNDecodeError:
        if judged or not request.all_leaders:
            raise
        board_leader = None
    leader = request.leader if request.leader is not None else board_leader
    header["leader"] = None if leader is None else seat_name(leader)
    leaders = tuple(range(4)) if request.all_leaders else (leader,)
    return Job(header, profile, deal, leaders=leaders, trumps=tuple(sorted(request.trumps)),
               sides=tuple(sorted(request.sides)), contract=contract,
               contract_leader=board_leader, played=played)


def _played(profile: RuleProfile, contract: Contract | None, position: Position
            ) -> dict[str, Any]:
    """The actual result of a deal played to the end."""
    out: dict[str, Any] = {"trick_points": _sides_dict(position.points)}
    if contract is not None and contract.declarer is not None:
        score = score_deal(profile, contract, tuple(position.points), position.belote_side())
        out.update(made=score.made, litige=score.litige, score=_sides_dict(score.scores))
    return out


def _verdict(verdict: ContractVerdict, leader: Seat | None = None) -> dict[str, Any]:
    """The contract field of a judged contract; ``leader`` (full deals) is reported if given."""
    contract = verdict.contract
    return {
        "contract": contract.to_pbn(),
        "declarer": seat_name(contract.declarer),  # type: ignore[arg-type]
        **({} if leader is None else {"leader": seat_name(leader)}),
        "side": side_name(verdict.side),
        "points": verdict.points,
        "needed": verdict.needed,
        "made": verdict.made,
        "litige": verdict.litige,
        "trick_points": _sides_dict(verdict.trick_points),
        "score": _sides_dict(verdict.score.scores),
    }


def _no_verdict(contract: Contract | None) -> dict[str, Any] | None:
    """The contract field when the contract cannot be judged (no declarer)."""
    return None if contract is None else {"contract": contract.to_pbn(), "declarer": None}


def run(job: Job) -> dict[str, Any]:
    """Solve one job (imports the double-dummy solver)."""
    if job.position is not None:
        return _run_position(job)
    return _run_deal(job)


def _run_deal(job: Job) -> dict[str, Any]:
    """The double-dummy table of a full deal and its contract's verdict."""
    from belote.solver.dd import dd_table
    from belote.solver.dd.verdict import judge_contract

    deal = job.deal
    values: dict[tuple[Seat, Suit, Side], int] = {}
    belote: dict[Suit, Side | None] = {}
    for leader in job.leaders:
        table = dd_table(deal, leader, job.profile, trumps=job.trumps, sides=job.sides)
        belote.update(table.belote)
        values.update({(leader, t, s): v for (t, s), v in table.values.items()})
    out = dict(job.header)
    out["table"] = [{"trump": SUIT_NAMES[t], "leader": seat_name(lead), "side": side_name(s),
                     "points": v} for (lead, t, s), v in values.items()]
    out["belote"] = {SUIT_NAMES[t]: None if b is None else side_name(b)
                     for t, b in belote.items()}
    contract = job.contract
    if contract is None or contract.declarer is None:
        out["contract"] = _no_verdict(contract)
    else:
        trump, leader = contract.trump, job.contract_leader
        start = Position(deal, trump, leader, job.profile)  # type: ignore[arg-type]
        known = values.get((leader, trump, contract.side))  # type: ignore[arg-type]
        out["contract"] = _verdict(judge_contract(start, contract, taker_points=known), leader)
    if job.played is not None:
        out["played"] = job.played
    return out


def _run_position(job: Job) -> dict[str, Any]:
    """The values of a position and of each legal card, best cards first."""
    from belote.solver.dd import analyse_position
    from belote.solver.dd.verdict import judge_contract

    pos = job.position
    assert pos is not None
    analysis = analyse_position(pos)
    mover = pos.to_move & 1
    best = set(analysis.best_cards())
    cards = sorted(analysis.cards, key=lambda cv: -cv.value(mover))
    out = dict(job.header)
    out.update({
        "trump": SUIT_NAMES[pos.trump],
        "tricks": len(pos.tricks),
        "trick": {"leader": seat_name(pos.leader), "cards": [card_name(c) for c in pos.trick]},
        "to_move": seat_name(pos.to_move),
        "points": _sides_dict(pos.points),
        "value": {side_name(s): v for s, v in analysis.value.items()},
        "belote": {SUIT_NAMES[pos.trump]: None if analysis.belote is None
                   else side_name(analysis.belote)},
        "cards": [{"card": card_name(cv.card), "NS": cv.ns, "EW": cv.ew,
                   "equivalents": [card_name(c) for c in cv.equivalents],
                   "best": cv.card in best} for cv in cards],
    })
    contract = job.contract
    if contract is None or contract.declarer is None:
        out["contract"] = _no_verdict(contract)
    else:
        out["contract"] = _verdict(judge_contract(
            pos, contract, taker_points=analysis.value[contract.side]))  # type: ignore[index]
    return out


def default_workers(boards: int) -> int:
    """Worker processes when none are asked for: every core, from ``POOL_MIN_BOARDS`` boards on.

    >>> default_workers(1)
    1
    """
    return (os.cpu_count() or 1) if boards >= POOL_MIN_BOARDS else 1


def pool_context() -> multiprocessing.context.BaseContext:
    """How worker processes start: ``fork`` on Linux, else the platform's default.

    Forked workers inherit the kernels the parent loaded (see
    :func:`run_all`) instead of each importing numba and loading the
    compiled cache, about a second per worker. Elsewhere ``fork`` is either
    missing or unsafe (macOS), and each worker loads the kernels itself.
    """
    import multiprocessing  # here, not at the top: it and concurrent.futures cost 70 ms

    return multiprocessing.get_context("fork" if sys.platform == "linux" else None)


def _start_solver() -> None:
    """Load the kernels (:func:`~belote.solver.dd.warm_up`), then freeze what is alive.

    ``gc.freeze`` moves the objects numba's start-up left (about 100,000)
    out of reach of the cyclic garbage collector: later collections, and the
    last one when the command exits, no longer walk them. That saves 0.1 to
    0.2 s of a one-deal ``belote solve`` (``bench/RESULTS.md``), and forked
    workers no longer touch, and so copy, those pages. The objects are the
    loaded kernels and modules, which live as long as the process anyway.
    """
    from belote.solver.dd import warm_up

    warm_up()
    gc.freeze()


def run_all(jobs: Sequence[Job], workers: int | None,
            emit: Callable[[dict[str, Any]], None]) -> None:
    """Solve ``jobs`` on ``workers`` processes, passing each result to ``emit`` in order.

    ``workers`` ``None`` means :func:`default_workers`. The kernels are
    loaded here first (:func:`_start_solver`). One worker, or a single job,
    solves in this process; otherwise the workers, started by
    :func:`pool_context`, share the loaded kernels; they are all started
    before the progress bar, whose monitor thread must not be forked.
    """
    workers = min(default_workers(len(jobs)) if workers is None else workers, len(jobs))
    _start_solver()
    if workers <= 1:
        _emit_all(map(run, jobs), len(jobs), emit)
        return
    from concurrent.futures import ProcessPoolExecutor

    chunk = max(1, min(MAX_CHUNK_BOARDS, len(jobs) // (4 * workers)))
    with ProcessPoolExecutor(max_workers=workers, mp_context=pool_context()) as pool:
        _emit_all(pool.map(run, jobs, chunksize=chunk), len(jobs), emit)


def _emit_all(results: Iterable[dict[str, Any]], total: int,
              emit: Callable[[dict[str, Any]], None]) -> None:
    """Pass ``total`` ``results`` to ``emit`` as they come.

    A progress bar goes to stderr when it is a terminal and there are
    ``PROGRESS_MIN_BOARDS`` results or more; it is cleared while ``emit``
    writes.
    """
    if total < PROGRESS_MIN_BOARDS or not sys.stderr.isatty():
        for result in results:
            emit(result)
        return
    from tqdm import tqdm  # only when a bar is shown: importing it costs 30 ms

    progress = tqdm(total=total, unit="board", file=sys.stderr, leave=False)
    with progress:
        for result in results:
            with tqdm.external_write_mode():
                emit(result)
            progress.update()
