"""The batch pipeline: many boards in, one Parquet table of double-dummy values out.

:func:`run_batch` reads the boards of a PBN file or a deal file in rows
(:mod:`~belote.formats.rows`) one at a time, solves them on any
executor of :func:`~belote.parallel.parallel_map` (processes, threads,
a Dask cluster) and writes a *long* table: one row per board x mode x leader
x trump x side (:data:`~belote.database.schema.BATCH_SCHEMA`).

Crash safety. Records (boards, good or bad, numbered from 0 in input order)
are cut into shards of ``shard_size``. Each finished shard is written to
``OUT.parts/part-NNNNNN.parquet`` (and its bad records to
``part-NNNNNN.errors.jsonl``), each to a temporary name then renamed, so a
shard file is either whole or absent. ``OUT.parts/manifest.json`` records
the input's identity (:func:`~belote.files.input_identity`) and the options. Run again
after a crash, an interrupt or ``SIGKILL``, the same call skips the shards
already written. At the end the shards are merged, in record order, into
``OUT`` (written to a temporary name, then renamed; its Parquet metadata
holds the manifest, the rule profiles, the version and the command) and
``OUT.errors.jsonl`` (only when some records were bad), and the shards are
removed. A run on a finished output
with the same input and options (the shard size apart) does nothing; with
another input or other options it raises :class:`BatchStateError` unless
``force``. Unfinished shards resume only with the shard size that cut them.

>>> import tempfile, pathlib
>>> out = pathlib.Path(tempfile.mkdtemp()) / "deals.parquet"
>>> options = BatchOptions(trumps=(1,))
>>> summary = run_batch("datasets/examples/deals.pbn", out, options, run=Run())
>>> summary.records, summary.bad, summary.rows
(4, 0, 8)
>>> run_batch("datasets/examples/deals.pbn", out, options).finished_before
True
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import shutil
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..analysis.board import BoardAnalysis, BoardJob, TableRequest, board_analysis, plan_board
from ..errors import BatchStateError, BeloteError, RecordError
from ..files import (atomic_output, check_output, check_outside, check_regular_input,
                     input_identity, load_json, read_text_bounded)
from ..formats import cfn, games, pbn, rows
from ..formats.rows import check_deal_column
from ..parallel.runner import Run, parallel_map
from ..types.cards import SUIT_NAMES, SUITS, Suit
from ..types.contract import Contract
from ..types.deal import NORTH, Seat, seat_name, side_name
from ..types.profile import RuleProfile, get_profile
from .schema import polars_schema

if TYPE_CHECKING:
    import polars as pl

    from ..board import Board

__all__ = ["DEFAULT_SHARD_SIZE", "BatchOptions", "BatchSummary", "check_paths", "count_records",
           "iter_records",
           "read_metadata", "run_batch", "solve_record"]

FORMAT_VERSION = 3
"""Version of the shard layout and manifest; a change makes old shards unusable."""

PLAYS = ("double-dummy", "single-dummy")
"""How the deals are played: double-dummy only, or also single-dummy (the ``sd_points`` column)."""

DEFAULT_SHARD_SIZE = 100
"""Records per shard: a crash loses at most this many boards' work."""

METADATA_KEY = "belote.batch"
"""Parquet key-value metadata key holding the manifest of a finished output."""


@dataclass(frozen=True)
class BatchOptions:
    """What is computed for every board.

    ``profiles``: the rule profile names to solve each board under (``(None,)``:
    each board's own Mode, else coinche); ``trumps``; ``leader`` (``None``:
    each board's own leader) or ``all_leaders``; ``shard_size`` records per
    shard. A mode or trump given twice counts once (modes keep their
    order, trumps are sorted), so repeats change neither the rows nor the
    manifest.

    >>> BatchOptions(profiles=("classic", "coinche"), all_leaders=True).to_dict()["modes"]
    ['classic', 'coinche']
    >>> BatchOptions(profiles=("coinche", "classic", "coinche"), trumps=(1, 0, 1)).to_dict()
    {'modes': ['coinche', 'classic'], 'trumps': ['S', 'H'], 'leader': None, 'all_leaders': False, 'shard_size': 100}
    """

    profiles: tuple[str | None, ...] = (None,)
    trumps: tuple[Suit, ...] = SUITS
    leader: Seat | None = None
    all_leaders: bool = False
    shard_size: int = DEFAULT_SHARD_SIZE
    play: str = "double-dummy"

    def __post_init__(self) -> None:
        if self.play not in PLAYS:
            raise BeloteError(f"play={self.play!r}: expected one of {', '.join(PLAYS)}")
        modes = tuple(dict.fromkeys(None if m is None else get_profile(m).name
                                    for m in self.profiles))
        object.__setattr__(self, "profiles", modes or (None,))
        object.__setattr__(self, "trumps", tuple(sorted(set(self.trumps))) or SUITS)
        if self.leader is not None and self.all_leaders:
            raise BeloteError("a leader and all leaders exclude each other")
        if type(self.shard_size) is not int or self.shard_size < 1:
            raise BeloteError(f"shard_size={self.shard_size!r}: expected a positive int")

    def request(self) -> TableRequest:
        """The table request of every board, whatever its mode."""
        return TableRequest(trumps=self.trumps, leader=self.leader, all_leaders=self.all_leaders)

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON values (what the manifest records; with single-dummy play, the
        player's schedule, so that shards played by another schedule do not resume)."""
        from ..advice.playout import DEFAULT_SCHEDULE

        return {"modes": list(self.profiles), "trumps": [SUIT_NAMES[t] for t in self.trumps],
                "leader": None if self.leader is None else seat_name(self.leader),
                "all_leaders": self.all_leaders, "shard_size": self.shard_size,
                **({"play": self.play, "schedule": DEFAULT_SCHEDULE.to_dict()} if self.play != "double-dummy"
                   else {})}


@dataclass(frozen=True)
class BatchSummary:
    """What a run did: ``records`` read (``bad`` of them listed in ``errors``),
    ``rows`` written, ``resumed`` records found already done, and
    ``finished_before`` when the output was already complete."""

    output: Path
    errors: Path
    records: int = 0
    bad: int = 0
    rows: int = 0
    resumed: int = 0
    finished_before: bool = False
    seconds: float = 0.0


def check_paths(input_path: str | os.PathLike[str], output: str | os.PathLike[str]) -> None:
    """Check a batch's input and outputs before any work (:mod:`belote.files`' rules).

    The input must be a regular file (it is read twice and hashed: a FIFO
    or a device cannot be); ``output`` must be writable and, like
    ``OUT.errors.jsonl``, never the input; the input never lies in
    ``OUT.parts/``, which the run removes. Raises
    :class:`~belote.errors.InputError` or :class:`~belote.errors.OutputError`.
    """

    check_regular_input(input_path, "batch reads it twice (to count, then to solve) and "
                                    "hashes it to resume; save it to a file first")
    out = Path(output)
    check_output(out, [input_path])
    check_output(out.with_name(out.name + ".errors.jsonl"), [input_path],
                 role="output (its error list)")
    check_outside(out.with_name(out.name + ".parts"), [input_path],
                  "the folder of a batch's work in progress, which the run removes")


def input_kind(path: str | os.PathLike[str]) -> str:
    """What a batch input holds: ``pbn``, ``cfn``, ``games`` (JSON game records) or rows.

    Rows are ``parquet``, ``csv`` or ``ndjson``; a ``.jsonl`` / ``.ndjson``
    file whose first line names a game-record format (``belote-game/1``,
    ``contrai-record/1``) holds games.
    """

    if os.fspath(path).lower().endswith(".cfn"):
        return "cfn"
    kind = rows.file_format(path)
    if kind == "ndjson":
        try:
            with open(path, "rb") as fp:
                first = next((line for line in fp if line.strip()), b"")
        except OSError:
            return kind
        if games.sniff_json(first.decode("utf-8", "replace")) != "rows":
            return "games"
    return kind


def iter_records(path: str | os.PathLike[str]) -> Iterator[Board | RecordError]:
    """The boards (or their errors) of a game file (PBN, CFN, JSON) or a deal file in rows."""

    kind = input_kind(path)
    if kind == "pbn":
        return pbn.iter_load(path)
    if kind == "cfn":
        return cfn.iter_load(path)
    if kind == "games":
        return games.iter_games(path, format="json")
    return rows.iter_rows(path)


def count_records(path: str | os.PathLike[str]) -> int | None:
    """A quick count of the records of an input (for the progress bar), ``None`` if unknown.

    PBN: the Deal tags; CSV: the lines after the header; NDJSON and CFN: the
    non-empty lines (not ``#`` comments in CFN); a ContrAI game: its rounds;
    Parquet: the rows.
    """
    kind = input_kind(path)
    if kind in ("cfn", "games"):
        with open(path, "rb") as fp:
            lines = [line.strip() for line in fp if line.strip()]
        if kind == "cfn":
            return sum(1 for line in lines if not line.startswith(b"#"))
        rounds = sum(1 for line in lines if b'"round_dealt"' in line)
        return rounds or len(lines)
    if kind == "parquet":
        import polars as pl

        try:
            return int(pl.scan_parquet(Path(path)).select(pl.len()).collect().item())
        except pl.exceptions.PolarsError as e:
            raise BeloteError(f"{os.fspath(path)}: not a readable Parquet file "
                              f"({str(e).splitlines()[0]})") from None
    count, needle = 0, {"pbn": b"[Deal ", "csv": b"\n", "ndjson": b"\n"}[kind]
    with open(path, "rb") as fp:
        nonblank = (line for line in fp if line.strip())
        if kind == "pbn":
            count = sum(1 for line in nonblank if line.lstrip().startswith(needle))
        else:
            count = sum(1 for _ in nonblank) - (kind == "csv")
    return max(count, 0)


def _error_record(index: int, error: BaseException, profile: str | RuleProfile | None
                  ) -> dict[str, Any]:
    """The error line of a bad record; with ``profile``, it is bad under that profile only."""
    mode = None if profile is None else get_profile(profile).name
    board = getattr(error, "board", None)
    reason = getattr(error, "message", str(error))
    return {"record": index, "board": board, "file": getattr(error, "file", None),
            "line": getattr(error, "line", None), **({"mode": mode} if mode else {}),
            "reason": f"under {mode}: {reason}" if mode else reason,
            "error": f"under {mode}: {error}" if mode else str(error)}


def _from_start(board: Board) -> Board:
    """``board`` as tabled: a play record stopped before the end is replaced by its deal.

    The batch tables deals (``belote solve`` analyses positions): the record's
    cards are dropped, its leader and contract kept. A record played to the end
    is kept whole, so its actual result is scored beside the table.
    """
    if board.cards and not board.position().is_over:
        return board.replace(cards=())
    return board


def _unknown_leader(board: Board, options: BatchOptions) -> RecordError | None:
    """The error of a board read from rows whose first leader is needed and unknown.

    Without a ``dealer`` value (and no play record) a row's first leader is
    unknown: it is needed unless ``--leader`` names it, or ``--all-leaders``
    tables every leader of a board without a contract and declarer to judge.
    """
    if board.dealer is not None or board.play_leader is not None or options.leader is not None:
        return None
    judged = board.contract is not None and board.declarer is not None
    if options.all_leaders and not judged:
        return None
    if options.all_leaders:
        reason = ("no dealer (no 'dealer' column or an empty value): judging the contract "
                  "needs the leader of the first trick; give a dealer or --leader SEAT")
    else:
        reason = ("no dealer (no 'dealer' column or an empty value) and no --leader or "
                  "--all-leaders given: the leader of the first trick is unknown; give a "
                  "dealer, --leader SEAT or --all-leaders")
    return board.error(reason)


_Work = tuple[tuple["BoardJob", ...], tuple[dict[str, Any], ...]]
"""A record's work: the jobs of the modes it can be solved under, the errors of the others."""


def _plan(index: int, board: Board | RecordError, options: BatchOptions, several: bool,
          rows_input: bool = False) -> tuple[int, _Work]:
    """The jobs of one record (one per mode) and the error records of the modes that fail.

    With several modes, a record illegal under one of them only is still
    solved under the others; its error names the mode. A play record that
    stops before the end is tabled from its starting deal
    (:func:`_from_start`). ``rows_input``: the record is a row of a deal file,
    whose unknown leader is explained in rows terms (:func:`_unknown_leader`).
    """
    if isinstance(board, RecordError):
        return index, ((), (_error_record(index, board, None),))
    if rows_input:
        unknown = _unknown_leader(board, options)
        if unknown is not None:
            return index, ((), (_error_record(index, unknown, None),))
    jobs, errors = [], []
    request = options.request()
    for mode in options.profiles:
        try:
            played = board if mode is None else board.under(mode)
            jobs.append(plan_board(_from_start(played), request))
        except BeloteError as e:
            errors.append(_error_record(index, e, mode if several else None))
    return index, (tuple(jobs), tuple(errors))


def _single_dummy(index: int, analysis: BoardAnalysis) -> dict[tuple[Seat, Suit], Any]:
    """Both sides' trick points of a single-dummy playout per leader and trump of the table.

    The board's contract is played for its goal at its own trump; another
    trump is played for points (no taker's goal is known). Layouts of
    :func:`~belote.advice.playout.playout` stream 0, board ``16 * record +
    4 * leader + trump``: the same whatever runs the batch.
    """
    from ..advice.playout import played_board

    profile = analysis.profile
    bid = profile.bid_min if profile.auction == "numeric" else None
    out = {}
    for value in analysis.table:
        key = (value.leader, value.trump)
        if key in out:
            continue
        contract = analysis.contract
        if contract is None or contract.trump != value.trump:
            contract = Contract(value.trump, None, bid)
        board = played_board(analysis.deal, contract, leader=value.leader, profile=profile,
                             seed=0, board=16 * index + 4 * value.leader + value.trump)
        out[key] = board.position().points
    return out


def _job_rows(index: int, analysis: BoardAnalysis, play: str = "double-dummy"
              ) -> list[tuple[Any, ...]]:
    """The output rows of one solved job, as tuples in :data:`.schema.BATCH_COLUMNS` order."""
    first = NORTH if analysis.dealer is None else analysis.dealer
    deal = analysis.deal.to_pbn(first)
    dealer = None if analysis.dealer is None else seat_name(analysis.dealer)
    contract = analysis.contract
    verdict = analysis.verdict
    played = analysis.played
    c_text = c_decl = None
    side = None if contract is None else contract.side
    dd: tuple[Any, ...] = (None,) * 6
    if contract is not None:
        c_text = contract.to_pbn()
        if contract.declarer is not None:
            c_decl = seat_name(contract.declarer)
    c_side = None if side is None else side_name(side)
    if verdict is not None:
        dd = (verdict.points, verdict.needed, verdict.made, verdict.litige,
              verdict.score.scores[0], verdict.score.scores[1])
    pl_cols: tuple[Any, ...] = (None,) * 7
    if played is not None:
        taker = None if side is None else played.trick_points[side]
        score = played.score
        pl_cols = (taker, played.trick_points[0], played.trick_points[1], played.made,
                   played.litige, None if score is None else score[0],
                   None if score is None else score[1])
    belote = dict(analysis.belote)
    mode = analysis.profile.name
    sd = _single_dummy(index, analysis) if play == "single-dummy" else {}
    return [(index, analysis.board, deal, dealer, seat_name(v.leader), mode, SUIT_NAMES[v.trump],
             side_name(v.side), v.points,
             None if (held := belote[v.trump]) is None else side_name(held),
             c_text, c_decl, c_side, *dd, *pl_cols,
             sd[v.leader, v.trump][v.side] if sd else None)
            for v in analysis.table]


def solve_record(item: tuple[int, _Work], play: str = "double-dummy"
                 ) -> tuple[int, list[tuple[Any, ...]], list[dict[str, Any]]]:
    """Solve one record (what a worker runs): ``(record, rows, error records)``.

    A mode under which the solver rejects the board becomes an error record
    (naming the mode when there are several), like a board that could not
    be read; the other modes' rows are kept.
    """
    index, (jobs, planned_errors) = item
    several = len(jobs) + len(planned_errors) > 1
    rows: list[tuple[Any, ...]] = []
    errors = list(planned_errors)
    for job in jobs:
        try:
            rows.extend(_job_rows(index, board_analysis(job), play))
        except BeloteError as e:
            errors.append(_error_record(index, e, job.profile.name if several else None))
    return index, rows, errors


def _write_atomic(path: Path, write: Callable[[Path], Any]) -> None:
    """``write(temporary path)`` then rename it to ``path`` (:func:`belote.files.atomic_output`)."""

    with atomic_output(path) as tmp:
        write(tmp)


def _write_text(path: Path, text: str) -> None:
    _write_atomic(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))


def _frame(rows: list[tuple[Any, ...]]) -> pl.DataFrame:
    import polars as pl

    return pl.DataFrame(rows, schema=polars_schema(), orient="row")


def read_metadata(path: str | os.PathLike[str]) -> dict[str, str]:
    """The key-value metadata of a Parquet file written by :func:`run_batch`.

    Keys: ``belote.batch`` (the manifest, JSON), ``belote.profiles`` (every
    field of each rule profile used, JSON), ``belote.version`` and
    ``belote.command``.
    """
    import polars as pl

    return dict(pl.read_parquet_metadata(Path(path)))


def _manifest(input_path: Path, options: BatchOptions) -> dict[str, Any]:
    return {"format": FORMAT_VERSION, "input": input_identity(input_path),
            "options": options.to_dict()}


@dataclass
class _Shards:
    """The shard directory of one output."""

    parts: Path
    size: int
    done: set[int] = field(default_factory=set)

    def part(self, shard: int, suffix: str) -> Path:
        return self.parts / f"part-{shard:06d}{suffix}"

    def scan(self) -> None:
        self.done = {int(p.name[5:11]) for p in self.parts.glob("part-*.parquet")}

    def write(self, shard: int, rows: list[tuple[Any, ...]], errors: list[dict[str, Any]]
              ) -> None:
        """Write one shard: its errors first, then its rows (the rows file marks it done)."""
        _write_text(self.part(shard, ".errors.jsonl"),
                    "".join(json.dumps(e) + "\n" for e in errors))
        frame = _frame(rows)
        _write_atomic(self.part(shard, ".parquet"), lambda tmp: frame.write_parquet(tmp))
        self.done.add(shard)


def _without_shard_size(manifest: Any) -> Any:
    """A manifest less its shard size, which changes how work is cut, never the rows."""
    if not isinstance(manifest, dict) or not isinstance(manifest.get("options"), dict):
        return manifest
    options = {k: v for k, v in manifest["options"].items() if k != "shard_size"}
    return {**manifest, "options": options}


def _check_state(output: Path, parts: Path, manifest: dict[str, Any], force: bool) -> bool:
    """Whether ``output`` is already finished with ``manifest``; raise on a mismatch.

    A finished output matches whatever the shard size. Unfinished shards are
    only resumed with the shard size that cut them. With ``force``, a
    mismatched output and its shards are removed.
    """
    hint = "use a new output file or --force to start again"
    if output.exists():
        try:
            recorded = load_json(read_metadata(output).get(METADATA_KEY, "null"))
        except (OSError, ValueError):
            recorded = None
        if _without_shard_size(recorded) == _without_shard_size(manifest):
            if parts.exists():
                shutil.rmtree(parts)
            return True
        if not force:
            raise BatchStateError(f"{output}: already exists, made from another input or with "
                                  f"other options: {hint}")
        output.unlink()
    manifest_file = parts / "manifest.json"
    if parts.exists():
        try:
            recorded = load_json(read_text_bounded(manifest_file))
        except (OSError, ValueError):
            recorded = None
        if recorded != manifest:
            if not force:
                if _without_shard_size(recorded) == _without_shard_size(manifest):
                    size = recorded["options"].get("shard_size")
                    raise BatchStateError(
                        f"{parts}: unfinished run cut into shards of {size} records, not "
                        f"{manifest['options']['shard_size']}: resume it with --shard-size "
                        f"{size}, or --force to start again")
                raise BatchStateError(f"{parts}: unfinished run of another input or with other "
                                      f"options: {hint}")
            shutil.rmtree(parts)
    parts.mkdir(parents=True, exist_ok=True)
    if not manifest_file.exists():
        _write_text(manifest_file, json.dumps(manifest, indent=1))
    return False


def _profiles_used(options: BatchOptions, modes_seen: set[str]) -> dict[str, Any]:
    names = sorted({m for m in options.profiles if m is not None} | modes_seen)
    return {name: dataclasses.asdict(get_profile(name)) for name in names}


def run_batch(input_path: str | os.PathLike[str], output: str | os.PathLike[str],
              options: BatchOptions = BatchOptions(), *, run: Run = Run("process"),
              force: bool = False, command: str | None = None,
              records: Iterable[Board | RecordError] | None = None) -> BatchSummary:
    """Solve every board of ``input_path`` into the Parquet file ``output`` (module docstring).

    ``run`` (:class:`~belote.Run`) says how to run the records; its
    ``progress`` is called with the number of records of each finished
    batch of work; ``command`` is
    recorded in the metadata. ``records`` replaces the reading of
    ``input_path`` (whose identity is still recorded).
    """
    from ..dd import warm_up

    started = time.perf_counter()
    input_path, output = Path(input_path), Path(output)
    check_paths(input_path, output)
    kind = input_kind(input_path)
    if kind in ("csv", "parquet"):
        check_deal_column(input_path)
    errors_path = output.with_name(output.name + ".errors.jsonl")
    parts = output.with_name(output.name + ".parts")
    manifest = _manifest(input_path, options)
    if _check_state(output, parts, manifest, force):
        return BatchSummary(output, errors_path, finished_before=True)
    shards = _Shards(parts, options.shard_size)
    shards.scan()
    several = len(options.profiles) > 1
    rows_input = kind not in ("pbn", "cfn", "games")
    counts = {"records": 0, "resumed": 0}

    def items() -> Iterator[tuple[int, Any]]:
        source = iter_records(input_path) if records is None else records
        for index, board in enumerate(source):
            counts["records"] = index + 1
            if index // shards.size in shards.done:
                counts["resumed"] += 1
                continue
            yield _plan(index, board, options, several, rows_input)

    solve = (solve_record if options.play == "double-dummy"
             else functools.partial(solve_record, play=options.play))
    results = parallel_map(solve, items(), run, initializer=warm_up)
    current: int | None = None
    rows: list[tuple[Any, ...]] = []
    errors: list[dict[str, Any]] = []
    try:
        for index, record_rows, record_errors in results:
            shard = index // shards.size
            if current is not None and shard != current:
                shards.write(current, rows, errors)
                rows, errors = [], []
            current = shard
            rows.extend(record_rows)
            errors.extend(record_errors)
        if current is not None:
            shards.write(current, rows, errors)
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
    return _finish(output, errors_path, shards, manifest, options, command, counts, started)


def _finish(output: Path, errors_path: Path, shards: _Shards, manifest: dict[str, Any],
            options: BatchOptions, command: str | None, counts: dict[str, int],
            started: float) -> BatchSummary:
    """Merge the shards into the output and the error list, then remove them."""
    import polars as pl


    shard_count = -(-counts["records"] // shards.size)
    files = [shards.part(s, ".parquet") for s in range(shard_count)]
    missing = [f.name for f in files if not f.exists()]
    if missing:  # pragma: no cover - the loop above writes every shard
        raise BeloteError(f"{shards.parts}: shards missing after the run: {missing[:3]}")
    bad_records: set[int] = set()
    lines = []
    for s in range(shard_count):
        text = shards.part(s, ".errors.jsonl").read_text(encoding="utf-8")
        bad_records.update(json.loads(line)["record"] for line in text.splitlines())
        lines.append(text)
    bad = len(bad_records)  # a record bad under one mode of several counts once
    if bad:
        _write_text(errors_path, "".join(lines))
    elif errors_path.exists():
        errors_path.unlink()
    frame = pl.scan_parquet(files, schema=polars_schema()) if files else _frame([]).lazy()
    modes = set(frame.select(pl.col("mode").unique()).collect()["mode"].drop_nulls().to_list())
    metadata = {METADATA_KEY: json.dumps(manifest),
                "belote.profiles": json.dumps(_profiles_used(options, modes)),
                "belote.version": __version__,
                "belote.command": command or ""}
    _write_atomic(output, lambda tmp: frame.sink_parquet(tmp, metadata=metadata))
    rows = int(pl.scan_parquet(output).select(pl.len()).collect().item())
    shutil.rmtree(shards.parts)
    return BatchSummary(output, errors_path, records=counts["records"], bad=bad, rows=rows,
                        resumed=counts["resumed"], seconds=time.perf_counter() - started)
