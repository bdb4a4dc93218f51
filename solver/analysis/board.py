"""What ``belote solve`` computes for one board, as a library function.

:func:`plan_board` checks a :class:`~belote.board.Board` and
turns it into a :class:`BoardJob` (picklable, cheap, no solving), so every
problem with the input is reported before any solving starts;
:func:`board_analysis` solves a board, or a job planned first, into a
:class:`BoardAnalysis`. :func:`board_analyses` is the batch twin,
over any executor of :func:`~belote.parallel.parallel_map`.

A full deal (no play record) gets a table: the double-dummy trick points of
each requested side, for each requested trump and leader, the side holding
belote for each trump, and the verdict on the board's contract (judged with
the board's own leader). A play record that goes to the end is tabled the
same way and its actual result scored. A record that stops before the end is
a position: both sides' values and every legal card's.

>>> from belote import pbn
>>> board = pbn.load("datasets/examples/deals.pbn")[0]
>>> result = board_analysis(board, TableRequest(trumps=(1,)))
>>> result.kind, result.table
('deal', (TableValue(trump=1, leader=1, side=0, points=38), TableValue(trump=1, leader=1, side=1, points=124)))
>>> result.to_dict()["contract"]["score"]
{'NS': 40, 'EW': 220}
>>> result.rows()[1]["points"], result.rows()[1]["side"]
(124, 'EW')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Generator, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import RecordError, SearchLimitError
from ..parallel.runner import Run, parallel_map
from ..board import Board
from ..rules.play import Position
from ..types.profile import RuleProfile
from ..rules.scoring import score_deal
from ..types.cards import SUIT_NAMES, SUITS, Suit, as_suits, card_name, one_or_many
from ..types.contract import Contract
from ..types.deal import (NORTH, SIDES, Deal, Seat, Side, SidePair, as_seat, as_side, seat_name,
                          side_name)

if TYPE_CHECKING:

    from ..dd.context import SearchContext
    from ..dd.results import PositionAnalysis
    from ..dd.verdict import ContractVerdict

__all__ = ["BoardAnalysis", "BoardJob", "PlayedResult", "TableRequest", "TableValue",
           "board_analyses", "board_analysis", "plan_board"]


@dataclass(frozen=True)
class TableRequest:
    """The choices that shape a deal table.

    Every board is tabled under its own rules (another profile's: pass
    ``board.under(profile)``). ``leader`` ``None``
    means each board's own leader (the Play seat, else the dealer's left);
    ``all_leaders`` tables every leader; ``max_nodes`` limits each search
    (:class:`~belote.errors.SearchLimitError` past it).
    """

    trumps: tuple[Suit, ...] = SUITS
    sides: tuple[Side, ...] = SIDES
    leader: Seat | None = None
    all_leaders: bool = False
    max_nodes: int | None = None

    def __post_init__(self) -> None:
        """Take the trumps, sides and leader as letters or small ints (stored as ints).

        >>> TableRequest(trumps=("S", "H"), sides="EW", leader="E")
        TableRequest(trumps=(0, 1), sides=(1,), leader=1, all_leaders=False, max_nodes=None)
        """
        object.__setattr__(self, "trumps", as_suits(self.trumps))
        object.__setattr__(self, "sides", tuple(as_side(s) for s in one_or_many(self.sides)))
        if self.leader is not None:
            object.__setattr__(self, "leader", as_seat(self.leader, "leader"))


class TableValue(NamedTuple):
    """One value of a deal table: ``side``'s double-dummy trick points."""

    trump: Suit
    leader: Seat
    side: Side
    points: int


@dataclass(frozen=True)
class PlayedResult:
    """The actual result of a play record that goes to the end.

    ``made``, ``litige`` and ``score`` are ``None`` without a contract and
    declarer to score it.
    """

    trick_points: SidePair
    made: bool | None = None
    litige: bool | None = None
    score: SidePair | None = None

    def to_dict(self) -> dict[str, Any]:
        """The ``played`` field of the JSON output."""
        out: dict[str, Any] = {"trick_points": self.trick_points.to_dict()}
        if self.score is not None:
            out.update(made=self.made, litige=self.litige, score=self.score.to_dict())
        return out


@dataclass(frozen=True)
class BoardJob:
    """One board ready to solve (what :func:`plan_board` makes; it pickles).

    ``deal`` is the deal at the start of play. A full deal has ``position``
    ``None`` and is tabled for ``leaders`` x ``trumps`` x ``sides``; a
    position is analysed card by card. ``contract`` (with a declarer) is
    judged with the board's own leader ``contract_leader``.
    """

    board: str | None
    file: str | None
    profile: RuleProfile
    dealer: Seat | None
    leader: Seat | None
    deal: Deal
    leaders: tuple[Seat, ...] = ()
    trumps: tuple[Suit, ...] = ()
    sides: tuple[Side, ...] = ()
    contract: Contract | None = None
    contract_leader: Seat | None = None
    played: PlayedResult | None = None
    position: Position | None = None
    max_nodes: int | None = None
    passed_out: bool = False


@dataclass(frozen=True)
class BoardAnalysis:
    """The double-dummy analysis of one board.

    Common fields: the board's name and file, its ``profile``, ``dealer``,
    the ``leader`` of the first trick (a table's: the one used), ``deal`` at
    the start of play and ``contract``. ``verdict`` is the double-dummy
    verdict on the contract when it has a declarer (judged from the start
    with ``verdict_leader`` for a deal, from the position for a position).

    A full deal (``kind`` ``"deal"``) has ``table``, ``belote`` (per trump
    shown, the side holding trump K+Q) and, for a finished play record,
    ``played``; ``passed_out`` says the deal was passed out (tabled all the
    same). A position (``kind`` ``"position"``) has ``position`` (the
    position itself) and ``values`` (both sides' values and every legal card's).
    """

    board: str | None
    file: str | None
    profile: RuleProfile
    dealer: Seat | None
    leader: Seat | None
    deal: Deal
    contract: Contract | None
    verdict: ContractVerdict | None
    verdict_leader: Seat | None = None
    table: tuple[TableValue, ...] = ()
    belote: tuple[tuple[Suit, Side | None], ...] = ()
    played: PlayedResult | None = None
    position: Position | None = None
    values: PositionAnalysis | None = None
    passed_out: bool = False

    @property
    def kind(self) -> str:
        """``"deal"`` or ``"position"``."""
        return "deal" if self.position is None else "position"

    def _header(self) -> dict[str, Any]:
        first = NORTH if self.dealer is None else self.dealer
        return {
            "board": self.board,
            "file": self.file,
            "kind": self.kind,
            "mode": self.profile.name,
            "dealer": None if self.dealer is None else seat_name(self.dealer),
            "leader": None if self.leader is None else seat_name(self.leader),
            "deal": self.deal.to_pbn(first),
        }

    def _contract_dict(self, with_leader: bool) -> dict[str, Any] | None:
        contract = self.contract
        if contract is None:
            return None
        verdict = self.verdict
        if verdict is None:
            return {"contract": contract.to_pbn(), "declarer": None}
        leader = self.verdict_leader
        return {
            "contract": contract.to_pbn(),
            "declarer": seat_name(contract.declarer),  # type: ignore[arg-type]
            **({"leader": seat_name(leader)} if with_leader and leader is not None else {}),
            "side": side_name(verdict.side),
            "points": verdict.points,
            "needed": verdict.needed,
            "made": verdict.made,
            "litige": verdict.litige,
            "trick_points": verdict.trick_points.to_dict(),
            "score": verdict.score.scores.to_dict(),
        }

    def to_dict(self) -> dict[str, Any]:
        """The JSON object ``belote solve --json`` prints for the board."""
        out = self._header()
        if self.position is None:
            out["table"] = [{"trump": SUIT_NAMES[v.trump], "leader": seat_name(v.leader),
                             "side": side_name(v.side), "points": v.points} for v in self.table]
            out["belote"] = {SUIT_NAMES[t]: None if b is None else side_name(b)
                             for t, b in self.belote}
            out["contract"] = self._contract_dict(with_leader=True)
            if self.passed_out:
                out["passed_out"] = True
            if self.played is not None:
                out["played"] = self.played.to_dict()
            return out
        pos, values = self.position, self.values
        assert values is not None
        first = NORTH if self.dealer is None else self.dealer
        mover = pos.to_move & 1
        best = set(values.best_cards())
        cards = sorted(values.cards, key=lambda cv: -cv.value(mover))
        out["hands"] = pos.current_deal().to_pbn(first)
        out.update({
            "trump": SUIT_NAMES[pos.trump],
            "tricks": len(pos.tricks),
            "trick": {"leader": seat_name(pos.leader),
                      "cards": [card_name(c) for c in pos.trick]},
            "to_move": seat_name(pos.to_move),
            "points": SidePair(*pos.points).to_dict(),
            "value": values.value.to_dict(),
            "belote": {SUIT_NAMES[pos.trump]: None if values.belote is None
                       else side_name(values.belote)},
            "cards": [{"card": card_name(cv.card), "NS": cv.ns, "EW": cv.ew,
                       "equivalents": [card_name(c) for c in cv.equivalents],
                       "best": cv.card in best} for cv in cards],
            "contract": self._contract_dict(with_leader=False),
        })
        return out

    def rows(self) -> list[dict[str, Any]]:
        """Flat records for a data frame: one per table value, or one per legal card.

        Every row repeats the board's keys (``board``, ``file``, ``kind``,
        ``mode``, ``dealer``, ``leader``, ``deal``) and, when judged, the
        contract's (``contract``, ``declarer``, ``dd_made``, ``dd_score_ns``,
        ``dd_score_ew``). A table row adds ``trump``, ``side``, ``points`` and
        ``belote``; a position row ``trump``, ``to_move``, ``card``,
        ``value_ns``, ``value_ew`` and ``best``.
        """
        base = self._header()
        contract = self._contract_dict(with_leader=False)
        if contract is not None:
            base["contract"] = contract["contract"]
            base["declarer"] = contract["declarer"]
            if "made" in contract:
                base.update(dd_made=contract["made"], dd_score_ns=contract["score"]["NS"],
                            dd_score_ew=contract["score"]["EW"])
        if self.position is None:
            belote = dict(self.belote)
            return [{**base, "leader": seat_name(v.leader), "trump": SUIT_NAMES[v.trump],
                     "side": side_name(v.side), "points": v.points,
                     "belote": None if (held := belote[v.trump]) is None else side_name(held)}
                    for v in self.table]
        out = self.to_dict()
        return [{**base, "trump": out["trump"], "to_move": out["to_move"], "card": c["card"],
                 "value_ns": c["NS"], "value_ew": c["EW"], "best": c["best"]}
                for c in out["cards"]]


def _board_leader(board: Board, request: TableRequest) -> Seat:
    """The board's leader of the first trick, else ``request.leader``; error if neither."""
    if board.play_leader is None and board.dealer is None:
        if request.leader is not None:
            return request.leader
        why = ("judging the contract needs the leader of the first trick: give a Dealer tag or "
               "--leader SEAT" if request.all_leaders else
               "the leader of the first trick is unknown: give a Dealer tag, --leader SEAT or "
               "--all-leaders")
        raise board.error(f"no Play or Dealer tag: {why}", "Deal")
    return board.first_leader()


def _played(profile: RuleProfile, contract: Contract | None, position: Position
            ) -> PlayedResult:
    """The actual result of a deal played to the end."""
    points = SidePair(*position.points)
    if contract is None or contract.declarer is None:
        return PlayedResult(points)
    score = score_deal(profile, contract, points, position.belote_side())
    return PlayedResult(points, score.made, score.litige, score.scores)


def plan_board(board: Board, request: TableRequest = TableRequest()) -> BoardJob:
    """The job of one board, under its rules; raises the board's
    :class:`~belote.errors.RecordError` for a board that cannot be solved.

    A board with no play record is a full deal. A record stopped in the middle
    of the deal is a position. A record played to the end is tabled as a full
    deal and its actual result is scored beside the table.
    """
    profile, contract = board.profile, board.contract
    common = BoardJob(board=board.board, file=board.file, profile=profile, dealer=board.dealer,
                      leader=None, deal=board.deal, contract=contract,
                      max_nodes=request.max_nodes, passed_out=board.passed_out)
    position = board.position() if board.cards else None
    if position is not None and not position.is_over:
        return dataclasses.replace(common, leader=board.first_leader(), position=position)
    played = None if position is None else _played(profile, contract, position)
    judged = contract is not None and contract.declarer is not None
    try:
        board_leader: Seat | None = _board_leader(board, request)
    except RecordError:
        if judged or not request.all_leaders:
            raise
        board_leader = None
    leader = request.leader if request.leader is not None else board_leader
    if request.all_leaders:
        leaders: tuple[Seat, ...] = tuple(range(4))
    else:
        assert leader is not None, "_board_leader raised when no leader is known"
        leaders = (leader,)
    return dataclasses.replace(common, leader=leader, leaders=leaders,
                               trumps=tuple(sorted(set(request.trumps))),
                               sides=tuple(sorted(set(request.sides))),
                               contract_leader=board_leader, played=played)


def board_analysis(board: Board | BoardJob, request: TableRequest = TableRequest()
                   ) -> BoardAnalysis:
    """Solve one board, or one board planned by :func:`plan_board` (loads the solver kernels on
    first use).

    A search stopped by the node limit raises
    :class:`~belote.errors.SearchLimitError` naming the board.
    """
    from ..dd.solve import default_context

    job = board if isinstance(board, BoardJob) else plan_board(board, request)
    context = default_context(job.max_nodes)
    try:
        if job.position is not None:
            return _analyse_position(job, context)
        return _analyse_deal(job, context)
    except SearchLimitError as e:
        where = f"{job.file}: " if job.file else ""
        raise SearchLimitError(f"{where}board {job.board}: {e}") from None


def board_analyses(boards: Iterable[Board | BoardJob], request: TableRequest = TableRequest(),
                   *, run: Run = Run("process")) -> Generator[BoardAnalysis, None, None]:
    """The analyses of many boards, in input order, run as ``run`` says
    (:class:`~belote.Run`, :func:`~belote.parallel.parallel_map`).

    Boards are planned here, lazily, so a bad board raises before its turn
    comes; pass jobs already planned (:func:`plan_board`) to report every
    problem before any solving.
    """
    from ..dd import warm_up

    jobs: Iterable[BoardJob] = (b if isinstance(b, BoardJob) else plan_board(b, request)
                                for b in boards)
    if hasattr(boards, "__len__"):
        jobs = list(jobs)
    return parallel_map(board_analysis, jobs, run, initializer=warm_up)


def _analyse_deal(job: BoardJob, context: SearchContext) -> BoardAnalysis:
    """The double-dummy table of a full deal and its contract's verdict."""
    from ..dd.solve import dd_table
    from ..dd.verdict import judge_contract

    values: dict[tuple[Seat, Suit, Side], int] = {}
    belote: dict[Suit, Side | None] = {}
    for leader in job.leaders:
        table = dd_table(job.deal, leader, job.profile, trumps=job.trumps, sides=job.sides,
                         context=context)
        belote.update(table.belote)
        values.update({(leader, t, s): v for (t, s), v in table.values.items()})
    verdict = None
    contract = job.contract
    side = None if contract is None else contract.side
    if contract is not None and side is not None:
        trump, first = contract.trump, job.contract_leader
        assert first is not None, "plan_board gives a judged contract its leader"
        start = Position(job.deal, trump, first, job.profile)
        known = values.get((first, trump, side))
        verdict = judge_contract(start, contract, taker_points=known, context=context)
    return BoardAnalysis(
        board=job.board, file=job.file, profile=job.profile, dealer=job.dealer,
        leader=job.leader, deal=job.deal, contract=contract, verdict=verdict,
        verdict_leader=job.contract_leader if verdict is not None else None,
        table=tuple(TableValue(t, lead, s, v) for (lead, t, s), v in values.items()),
        belote=tuple(belote.items()), played=job.played, passed_out=job.passed_out)


def _analyse_position(job: BoardJob, context: SearchContext) -> BoardAnalysis:
    """The values of a position and of each legal card."""
    from ..dd.solve import position_analysis
    from ..dd.verdict import judge_contract

    pos = job.position
    assert pos is not None
    values = position_analysis(pos, context=context)
    contract = job.contract
    verdict = None
    side = None if contract is None else contract.side
    if contract is not None and side is not None:
        verdict = judge_contract(pos, contract, context=context, taker_points=values.value[side])
    return BoardAnalysis(
        board=job.board, file=job.file, profile=job.profile, dealer=job.dealer,
        leader=job.leader, deal=job.deal, contract=contract, verdict=verdict,
        position=pos, values=values)
