"""Deal files in rows: boards read from, and deals written to, Parquet, CSV and NDJSON tables.

A deal file has one board per row and a ``deal`` column in PBN deal
notation (``N:S.H.D.C ...``); the columns ``board``, ``dealer``, ``mode``,
``contract`` and ``declarer`` are optional (an empty value means unknown).
:func:`iter_rows` reads such a file one batch of rows at a time, so memory
stays flat however large the file is, and turns each row into a checked
:class:`~belote.types.board.Board`, or into the
:class:`~belote.errors.PBNDecodeError` saying what is wrong with it: a bad
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
import json
import os
from collections.abc import Iterator, Mapping, Sequence
from typing import IO, Any

from ..errors import BeloteError, PBNDecodeError
from ..rules.profiles import RuleProfile, get_profile
from ..types.deal import Deal, Seat, parse_seat, seat_name
from ..types.board import Board, BoardSource

__all__ = ["COLUMNS", "FORMATS", "check_deal_column", "file_format", "iter_rows", "write_deals",
           "write_pbn_deals"]

COLUMNS = ("board", "dealer", "deal", "mode", "contract", "declarer")
"""The columns a deal file may have (``deal`` is required); others are ignored."""

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
    suffix = os.path.splitext(os.fspath(path))[1].lower()
    try:
        return FORMATS[suffix]
    except KeyError:
        known = " ".join(sorted(FORMATS))
        raise BeloteError(f"{os.fspath(path)}: unknown file type {suffix or '(none)'!r} "
                          f"(expected one of {known})") from None


def _text(value: Any) -> str | None:
    """A cell as text, ``None`` when empty or missing."""
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def _board(row: Mapping[str, Any], file: str | None, line: int, mode: str | None
           ) -> Board | PBNDecodeError:
    """The checked board of one row, or its error."""
    name = _text(row.get("board"))

    def error(message: str) -> PBNDecodeError:
        return PBNDecodeError(message, file=file, board=name, line=line)

    deal_text = _text(row.get("deal"))
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
        return e if isinstance(e, PBNDecodeError) else error(str(e))


def iter_rows(fp_or_path: IO[str] | str | os.PathLike[str], *,
              profile: str | RuleProfile | None = None,
              format: str | None = None) -> Iterator[Board | PBNDecodeError]:
    """The boards of a deal file, one row at a time, each a :class:`Board` or its error.

    ``format`` defaults to the file's suffix (:func:`file_format`); a text
    stream needs it. ``profile`` overrides the rows' ``mode`` column. A file
    without a ``deal`` column yields one error and nothing else.
    """
    mode = None if profile is None else get_profile(profile).name
    if hasattr(fp_or_path, "read"):
        file = getattr(fp_or_path, "name", None)
        if format is None:
            format = file_format(file) if file else None
        if format not in ("csv", "ndjson"):
            raise BeloteError("a text stream is read as format 'csv' or 'ndjson'")
        yield from _READERS[format](fp_or_path, file, mode)  # type: ignore[arg-type]
        return
    file = os.fspath(fp_or_path)
    format = format or file_format(file)
    if format == "parquet":
        yield from _parquet_rows(file, mode)
        return
    if format not in _READERS:
        raise BeloteError(f"{file}: not a deal file in rows (format {format!r})")
    with open(file, encoding="utf-8", newline="") as fp:
        yield from _READERS[format](fp, file, mode)


def _missing_deal(file: str | None, columns: Any) -> PBNDecodeError:
    return PBNDecodeError(f"no 'deal' column (columns: {', '.join(map(str, columns)) or 'none'})",
                          file=file, line=1)


def check_deal_column(path: str | os.PathLike[str]) -> None:
    """Raise :class:`~belote.errors.PBNDecodeError` if a CSV or Parquet file has no ``deal`` column.

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
    ... except PBNDecodeError as e:
    ...     print(e.file == path, e.line, e.message)
    True 1 no 'deal' column (columns: board, dealer)
    """
    file = os.fspath(path)
    kind = file_format(file)
    if kind == "csv":
        try:
            with open(file, encoding="utf-8", newline="") as fp:
                header = [h.strip().lower() for h in next(csv.reader(fp), [])]
        except (OSError, csv.Error, UnicodeDecodeError):
            return
    elif kind == "parquet":
        import polars as pl

        try:
            header = pl.scan_parquet(file).collect_schema().names()
        except (OSError, pl.exceptions.PolarsError):
            return
    else:
        return
    if "deal" not in [c.lower() for c in header]:
        raise _missing_deal(file, header)


def _csv_rows(fp: IO[str], file: str | None, mode: str | None
              ) -> Iterator[Board | PBNDecodeError]:
    reader = csv.reader(fp)
    try:
        header = [h.strip().lower() for h in next(reader, [])]
        if "deal" not in header:
            yield _missing_deal(file, header)
            return
        line = reader.line_num
        for cells in reader:
            row_line, line = line + 1, reader.line_num
            if not any(c.strip() for c in cells):
                continue
            if len(cells) != len(header):
                board = dict(zip(header, cells)).get("board", "").strip() or None
                yield PBNDecodeError(f"{len(cells)} fields, the header has {len(header)}",
                                     file=file, board=board, line=row_line)
                continue
            yield _board(dict(zip(header, cells)), file, row_line, mode)
    except (csv.Error, UnicodeDecodeError) as e:
        yield PBNDecodeError(f"cannot read CSV: {e}", file=file, line=reader.line_num + 1)


def _ndjson_rows(fp: IO[str], file: str | None, mode: str | None
                 ) -> Iterator[Board | PBNDecodeError]:
    try:
        for line, text in enumerate(fp, 1):
            if not text.strip():
                continue
            try:
                row = json.loads(text)
            except json.JSONDecodeError as e:
                yield PBNDecodeError(f"not JSON: {e.msg}", file=file, line=line)
                continue
            if not isinstance(row, dict):
                yield PBNDecodeError("not a JSON object", file=file, line=line)
                continue
            row = {str(k).lower(): v for k, v in row.items()}
            if "deal" not in row:
                yield PBNDecodeError("no 'deal' field", file=file, line=line)
                continue
            yield _board(row, file, line, mode)
    except UnicodeDecodeError as e:
        yield PBNDecodeError(f"not UTF-8 text ({e.reason})", file=file)


def _parquet_rows(file: str, mode: str | None) -> Iterator[Board | PBNDecodeError]:
    """Parquet rows in batches of :data:`BATCH_ROWS` (streamed by polars)."""
    import polars as pl

    try:
        frame = pl.scan_parquet(file)
        columns = [c for c in frame.collect_schema().names() if c.lower() in COLUMNS]
    except (OSError, pl.exceptions.PolarsError) as e:
        yield PBNDecodeError(f"cannot read Parquet: {e}", file=file)
        return
    if "deal" not in [c.lower() for c in columns]:
        yield _missing_deal(file, frame.collect_schema().names())
        return
    renames = {c: c.lower() for c in columns}
    row_number = 0
    for batch in frame.select(columns).rename(renames).collect_batches(chunk_size=BATCH_ROWS):
        for row in batch.iter_rows(named=True):
            row_number += 1
            yield _board(row, file, row_number, mode)


_READERS = {"csv": _csv_rows, "ndjson": _ndjson_rows}


def write_deals(path: str | os.PathLike[str], boards: Sequence[str], dealers: Sequence[Seat],
                deals: Sequence[str]) -> None:
    """Write one row per board (columns ``board``, ``dealer``, ``deal``) to ``path``."""
    import polars as pl

    kind = file_format(path)
    if kind == "pbn":
        raise BeloteError(f"{os.fspath(path)}: PBN is written by write_pbn_deals")
    frame = pl.DataFrame({"board": list(boards),
                          "dealer": [seat_name(d) for d in dealers],
                          "deal": list(deals)},
                         schema={"board": pl.String, "dealer": pl.String, "deal": pl.String})
    getattr(frame, f"write_{kind}")(path)


def write_pbn_deals(path: str | os.PathLike[str], boards: Sequence[str],
                    dealers: Sequence[Seat], deals: Sequence[str]) -> None:
    """Write the same boards as PBN (tags ``Board``, ``Dealer``, ``Deal``), quickly.

    The text is what :func:`belote.formats.pbn.dumps` writes for these
    boards when each deal is given from its dealer, without building boards.
    """
    with open(path, "w", encoding="utf-8") as fp:
        fp.write("% PBN 2.1\n")
        for board, dealer, deal in zip(boards, dealers, deals):
            fp.write(f'\n[Board "{board}"]\n[Dealer "{seat_name(dealer)}"]\n[Deal "{deal}"]\n')
