"""Deal files in rows: boards read from, and deals written to, Parquet, CSV and NDJSON tables.

A deal file has one board per row and a ``deal`` column in PBN deal
notation (``N:S.H.D.C ...``); the columns ``board``, ``dealer``, ``mode``,
``contract`` and ``declarer`` are optional (an empty value means unknown).
:func:`iter_rows` reads such a file one batch of rows at a time, so memory
stays flat however large the file is, and turns each row into a checked
:class:`~belote.board.Board`, or into the
:class:`~belote.errors.RecordError` saying what is wrong with it: a bad
row does not stop the reading.

Where an error points: ``line`` is the line of the file for CSV and NDJSON
(a CSV header is line 1) and the 1-based row number for Parquet.

>>> import io
>>> text = "board,dealer,deal\\n1,N,N:AKQJ.AKQJ.. .T987.T987. T987...AKQJ ..AKQJ.T987\\n2,X,N:-\\n"
>>> [b.board if isinstance(b, Board) else str(b) for b in iter_rows(io.StringIO(text), format="csv")]
['1', "board 2: line 3: dealer: unknown seat 'X' (expected one of N E S W)"]
"""

from __future__ import annotations

import csv
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

from ..errors import BeloteError, InputError, RecordError
from ..files import load_json
from ..types.profile import RuleProfile, get_profile
from ..types.deal import Deal, Seat, parse_seat, seat_name
from ..board import Board, BoardSource
from .lines import numbered_lines
from .cfn import parse_game
from ..files import atomic_output

if TYPE_CHECKING:
    import polars as pl

__all__ = ["COLUMNS", "FORMATS", "DealChunk", "check_deal_column", "file_format", "iter_rows",
           "write_deals"]

COLUMNS = ("board", "dealer", "deal", "mode", "contract", "declarer", "cfn")
"""The columns a deal file may have (``deal`` or ``cfn`` is required); others are ignored.

A ``cfn`` value is a whole game in colver's CFN (:mod:`belote.formats.cfn`):
the row is that game (with the row's ``board`` as its name)."""

FORMATS = {".parquet": "parquet", ".pq": "parquet", ".csv": "csv", ".ndjson": "ndjson",
           ".jsonl": "ndjson", ".pbn": "pbn"}
"""File formats by file-name suffix."""

BATCH_ROWS = 4096
"""Rows of a Parquet file read at a time."""


def file_format(path: str | os.PathLike[str]) -> str:
    """The format of a file from its suffix: ``pbn``, ``parquet``, ``csv`` or ``ndjson``.

    >>> file_format("deals.CSV"), file_format("x.jsonl")
    ('csv', 'ndjson')
    """
    return format_by_suffix(path, FORMATS, "file type")


def format_by_suffix(path: str | os.PathLike[str], formats: Mapping[str, str], what: str) -> str:
    """The format ``formats`` gives the suffix of ``path`` (any case); an error names ``what``.

    >>> format_by_suffix("a.TXT", {".txt": "text"}, "file type")
    'text'
    """
    suffix = os.path.splitext(os.fspath(path))[1].lower()
    try:
        return formats[suffix]
    except KeyError:
        known = " ".join(sorted(formats))
        raise BeloteError(f"{os.fspath(path)}: unknown {what} {suffix or '(none)'!r} "
                          f"(expected one of {known})") from None


def _text(value: Any) -> str | None:
    """A cell as text, ``None`` when empty or missing."""
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def _board(row: Mapping[str, Any], file: str | None, line: int, mode: str | None
           ) -> Board | RecordError:
    """The checked board of one row, or its error."""
    name = _text(row.get("board"))

    def error(message: str) -> RecordError:
        return RecordError(message, file=file, board=name, line=line)

    game = _text(row.get("cfn"))
    deal_text = _text(row.get("deal"))
    if game is not None:
        if deal_text is not None:
            return error("both a deal and a cfn value: give one")

        try:
            return parse_game(game, file=file, board=name, line=line)
        except RecordError as e:
            return e
    if deal_text is None:
        return error("deal: empty")
    fields: dict[str, Any] = {}
    for column in ("dealer", "declarer"):
        value = _text(row.get(column))
        try:
            fields[column] = None if value is None else parse_seat(value)
        except BeloteError as e:
            return error(f"{column}: {e}")
    row_mode = _text(row.get("mode"))
    try:
        board_mode = mode or (None if row_mode is None else get_profile(row_mode.lower()).name)
        deal = Deal.from_pbn(deal_text)
    except BeloteError as e:
        return error(f"{'deal' if row_mode is None or mode else 'mode'}: {e}")
    try:
        deal = deal.complete_unknown() if not deal.known else deal
        return Board(deal, board=name, profile=board_mode, contract=_text(row.get("contract")),
                     source=BoardSource(file=file, line=line), **fields)
    except BeloteError as e:
        return e if isinstance(e, RecordError) else error(str(e))


def iter_rows(fp_or_path: IO[str] | IO[bytes] | str | os.PathLike[str], *,
              profile: str | RuleProfile | None = None, format: str | None = None
              ) -> Iterator[Board | RecordError]:
    """The boards of a deal file, one row at a time, each a :class:`Board` or its error.

    ``format`` defaults to the file's suffix (:func:`file_format`); a stream
    (text or binary) needs it unless its ``name`` has a suffix. ``profile``
    overrides the rows' ``mode`` column. A file without a ``deal`` column
    yields one error and nothing else. CSV and NDJSON are read line by line
    (:func:`~belote.formats.lines.numbered_lines`): a line that is not
    UTF-8, is too long, or does not parse is one error with its line number,
    and the reading goes on, so every line comes out as a board or an error.
    """
    mode = None if profile is None else get_profile(profile).name
    if hasattr(fp_or_path, "read"):
        file = getattr(fp_or_path, "name", None)
        if format is None:
            format = file_format(file) if file else None
        if format not in _READERS:
            raise BeloteError("a stream is read as format 'csv' or 'ndjson'")
        yield from _READERS[format](numbered_lines(cast("IO[bytes] | IO[str]", fp_or_path), file),
                                    file, mode)
        return
    file = os.fspath(fp_or_path)
    format = format or file_format(file)
    if format == "parquet":
        yield from _parquet_rows(file, mode)
        return
    if format not in _READERS:
        raise BeloteError(f"{file}: not a deal file in rows (format {format!r})")
    with open(file, "rb") as fp:
        yield from _READERS[format](numbered_lines(fp, file), file, mode)


def _missing_deal(file: str | None, columns: Iterable[object]) -> RecordError:
    return RecordError(f"no 'deal' or 'cfn' column (columns: "
                          f"{', '.join(map(str, columns)) or 'none'})", file=file, line=1)


def _has_deal(columns: Iterable[object]) -> bool:
    """Whether a header names the ``deal`` or the ``cfn`` column."""
    names = [str(c).lower() for c in columns]
    return "deal" in names or "cfn" in names


def check_deal_column(path: str | os.PathLike[str]) -> None:
    """Raise :class:`~belote.errors.RecordError` if a CSV or Parquet file has no ``deal`` column.

    The error names the file, line 1 and the columns found. Only the header
    (CSV) or the schema (Parquet) is read. Other files pass: a PBN file has
    no columns, and each NDJSON line is a record with its own fields (one
    without ``deal`` is a bad record). A file that cannot be read passes
    too, its reader reports it.

    >>> import tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "hands.csv")
    >>> with open(path, "w") as fp:
    ...     _ = fp.write("board,dealer\\n1,N\\n")
    >>> try:
    ...     check_deal_column(path)
    ... except RecordError as e:
    ...     print(e.file == path, e.line, e.message)
    True 1 no 'deal' or 'cfn' column (columns: board, dealer)
    """
    file = os.fspath(path)
    kind = file_format(file)
    if kind == "csv":
        try:
            with open(file, "rb") as fp:
                first = next((t for _, t in numbered_lines(fp, file)
                              if not isinstance(t, str) or t.strip()), "")
            if isinstance(first, RecordError):
                return
            header = [h.strip().lower() for h in _csv_cells(first)]
        except (OSError, csv.Error):
            return
    elif kind == "parquet":
        import polars as pl

        try:
            header = pl.scan_parquet(file).collect_schema().names()
        except (OSError, pl.exceptions.PolarsError, pl.exceptions.PanicException):
            return
    else:
        return
    if not _has_deal(header):
        raise _missing_deal(file, header)


def _csv_cells(text: str) -> list[str]:
    """The fields of one CSV line (a quoted field never spans lines); ``csv.Error`` if broken."""
    return next(csv.reader([text], strict=True), [])


def _csv_rows(lines: Iterator[tuple[int, str | RecordError]], file: str | None,
              mode: str | None) -> Iterator[Board | RecordError]:
    """CSV records, one per line: a bad line is one error and the next line is read."""
    header: list[str] | None = None
    for line, text in lines:
        if isinstance(text, RecordError):
            yield text
            if header is None:  # no header: no row can be read
                return
            continue
        if not text.strip():
            continue
        try:
            cells = _csv_cells(text)
        except csv.Error as e:
            error = RecordError(f"broken CSV quoting ({e}); a field never spans lines",
                                   file=file, line=line)
            yield error
            if header is None:
                return
            continue
        if header is None:
            header = [h.strip().lower() for h in cells]
            if not _has_deal(header):
                yield _missing_deal(file, header)
                return
            continue
        if len(cells) != len(header):
            board = dict(zip(header, cells)).get("board", "").strip() or None
            yield RecordError(f"{len(cells)} fields, the header has {len(header)}",
                                 file=file, board=board, line=line)
            continue
        yield _board(dict(zip(header, cells)), file, line, mode)


def _ndjson_rows(lines: Iterator[tuple[int, str | RecordError]], file: str | None,
                 mode: str | None) -> Iterator[Board | RecordError]:
    """NDJSON records, one per line: a bad line is one error and the next line is read."""
    for line, text in lines:
        if isinstance(text, RecordError):
            yield text
            continue
        if not text.strip():
            continue
        try:
            row = load_json(text)
        except InputError as e:
            yield RecordError(str(e), file=file, line=line)
            continue
        if not isinstance(row, dict):
            yield RecordError("not a JSON object", file=file, line=line)
            continue
        row = {str(k).lower(): v for k, v in row.items()}
        if not _has_deal(row):
            yield RecordError("no 'deal' or 'cfn' field", file=file, line=line)
            continue
        yield _board(row, file, line, mode)


def _parquet_rows(file: str, mode: str | None) -> Iterator[Board | RecordError]:
    """Parquet rows in batches of :data:`BATCH_ROWS` (streamed by polars).

    A damaged file is an error, never fewer rows in silence: polars may end
    its stream early when a data page is damaged (the fault is raised in a
    thread of its own), so the rows read are checked against the count the
    file's footer states. polars' own panics on damaged files
    (``PanicException``, not an ``Exception``) are caught too.
    """
    import polars as pl

    errors = (OSError, pl.exceptions.PolarsError, pl.exceptions.PanicException)
    try:
        frame = pl.scan_parquet(file)
        columns = [c for c in frame.collect_schema().names() if c.lower() in COLUMNS]
        expected = frame.select(pl.len()).collect().item()
    except errors as e:
        yield RecordError(f"cannot read Parquet: {e}", file=file)
        return
    if not _has_deal(columns):
        yield _missing_deal(file, frame.collect_schema().names())
        return
    renames = {c: c.lower() for c in columns}
    row_number = 0
    batches = frame.select(columns).rename(renames).collect_batches(chunk_size=BATCH_ROWS)
    while True:
        try:  # the data pages are read (and may be found damaged) batch by batch
            batch = next(batches, None)
        except errors as e:
            yield RecordError(f"cannot read Parquet after row {row_number}: {e}", file=file)
            return
        if batch is None:
            break
        for row in batch.iter_rows(named=True):
            row_number += 1
            yield _board(row, file, row_number, mode)
    if row_number != expected:
        yield RecordError(f"cannot read Parquet after row {row_number}: the file holds "
                             f"{expected} rows (is it damaged?)", file=file)


_READERS = {"csv": _csv_rows, "ndjson": _ndjson_rows}


DealChunk = tuple[Sequence[str], Sequence[Seat], Sequence[str]]
"""Boards, dealers and deals (PBN notation from the dealer) of consecutive rows."""

_SCHEMA = {"board": "String", "dealer": "String", "deal": "String"}


def _chunk_frame(chunk: DealChunk) -> pl.DataFrame:
    import polars as pl

    boards, dealers, deals = chunk
    return pl.DataFrame({"board": list(boards), "dealer": [seat_name(d) for d in dealers],
                         "deal": list(deals)},
                        schema={k: getattr(pl, v) for k, v in _SCHEMA.items()})


def write_deals(path: str | os.PathLike[str], chunks: Iterable[DealChunk]) -> int:
    """Write rows of deals (columns ``board``, ``dealer``, ``deal``) to ``path``, streamed.

    The format is the file's suffix (:func:`file_format`); PBN gets the tags
    ``Board``, ``Dealer`` and ``Deal``, as :func:`belote.formats.pbn.dumps`
    writes them. ``chunks`` are consumed one at a time, so memory stays flat
    however many rows there are. The file is written atomically
    (:func:`belote.files.atomic_output`): if ``chunks`` or the writing fails,
    ``path`` keeps its old content. Returns the number of rows written.
    """

    kind = file_format(path)
    count = 0

    def counted() -> Iterator[DealChunk]:
        nonlocal count
        for chunk in chunks:
            count += len(chunk[0])
            yield chunk

    with atomic_output(path) as tmp:
        if kind == "parquet":
            _write_parquet(tmp, counted())
        else:
            with open(tmp, "wb") as fp:
                _WRITERS[kind](fp, counted())
    return count


def _write_parquet(path: Path, chunks: Iterator[DealChunk]) -> None:
    """Parquet row groups as the chunks come (polars' streaming sink over a Python source)."""
    import polars as pl
    from polars.io.plugins import register_io_source

    schema = pl.Schema({k: getattr(pl, v) for k, v in _SCHEMA.items()})

    def source(with_columns: list[str] | None, predicate: pl.Expr | None, n_rows: int | None,
               batch_size: int | None) -> Iterator[pl.DataFrame]:
        for chunk in chunks:
            yield _chunk_frame(chunk)

    register_io_source(source, schema=schema).sink_parquet(path)


def _write_csv(fp: IO[bytes], chunks: Iterator[DealChunk]) -> None:
    first = True
    for chunk in chunks:
        _chunk_frame(chunk).write_csv(fp, include_header=first)
        first = False
    if first:
        _chunk_frame(([], [], [])).write_csv(fp)


def _write_ndjson(fp: IO[bytes], chunks: Iterator[DealChunk]) -> None:
    for chunk in chunks:
        _chunk_frame(chunk).write_ndjson(fp)


def _write_pbn(fp: IO[bytes], chunks: Iterator[DealChunk]) -> None:
    fp.write(b"% PBN 2.1\n")
    for boards, dealers, deals in chunks:
        fp.write("".join(f'\n[Board "{board}"]\n[Dealer "{seat_name(dealer)}"]\n'
                         f'[Deal "{deal}"]\n'
                         for board, dealer, deal in zip(boards, dealers, deals)).encode("utf-8"))


_WRITERS = {"csv": _write_csv, "ndjson": _write_ndjson, "pbn": _write_pbn}
