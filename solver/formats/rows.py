"""Deals as rows of a table: Parquet, CSV or NDJSON (chosen by the file's extension).

One row per board, with columns ``board`` (a string, as the PBN ``Board``
tag), ``dealer`` (a seat letter) and ``deal`` (PBN deal notation
``N:S.H.D.C ...``, written from the dealer as the PBN ``Deal`` tag is).
Reading requires ``deal`` and also takes the optional columns ``board``,
``dealer``, ``mode``, ``contract`` and ``declarer``; files are read in
batches, so memory stays flat whatever their size. polars is imported only
by the functions that need it.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "deals.csv")
>>> write_deals(path, ["1"], [0], ["N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987"])
>>> [row] = read_deals(path)
>>> row.board, row.dealer, row.deal.hands[1].to_pbn()
('1', 0, '.AKQJT987..')
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from ..errors import BeloteError
from ..rules.profiles import get_profile
from ..types.contract import parse_contract
from ..types.deal import Deal, Seat, parse_seat, seat_name

FORMATS = {".parquet": "parquet", ".csv": "csv", ".ndjson": "ndjson", ".jsonl": "ndjson"}
"""Row formats by file extension."""

COLUMNS = ("board", "dealer", "deal", "mode", "contract", "declarer")
"""The columns read; only ``deal`` is required."""


class RowDecodeError(BeloteError):
    """A row of a deal table that cannot be read: names the file and the row (1-based).

    >>> str(RowDecodeError("bad deal", file="d.csv", row=3))
    'd.csv: row 3: bad deal'
    """

    def __init__(self, message: str, *, file: str | None = None, row: int | None = None
                 ) -> None:
        self.message, self.file, self.row = message, file, row
        super().__init__(": ".join(str(p) for p in (
            file, None if row is None else f"row {row}", message) if p is not None))


class DealRow(NamedTuple):
    """One row read back: its number (1-based), the board and the checked fields."""

    row: int
    board: str | None
    dealer: Seat | None
    deal: Deal
    mode: str | None = None
    contract: str | None = None
    declarer: Seat | None = None


def row_format(path: str | os.PathLike[str]) -> str:
    """The format of ``path`` by its extension: ``parquet``, ``csv`` or ``ndjson``.

    >>> row_format("a/b.Parquet"), row_format("x.jsonl")
    ('parquet', 'ndjson')
    """
    ext = os.path.splitext(os.fspath(path))[1].lower()
    if ext not in FORMATS:
        raise BeloteError(f"{os.fspath(path)}: unknown table format {ext or '(none)'!r} "
                          f"(expected one of {', '.join(FORMATS)})")
    return FORMATS[ext]


def write_deals(path: str | os.PathLike[str], boards: Sequence[str], dealers: Sequence[Seat],
                deals: Sequence[str]) -> None:
    """Write one row per board (columns ``board``, ``dealer``, ``deal``) to ``path``."""
    import polars as pl

    kind = row_format(path)
    frame = pl.DataFrame({"board": list(boards),
                          "dealer": [seat_name(d) for d in dealers],
                          "deal": list(deals)},
                         schema={"board": pl.String, "dealer": pl.String, "deal": pl.String})
    getattr(frame, f"write_{kind}")(path)


def write_pbn_deals(path: str | os.PathLike[str], boards: Sequence[str],
                    dealers: Sequence[Seat], deals: Sequence[str]) -> None:
    """Write the same boards as PBN (tags ``Board``, ``Dealer``, ``Deal``), quickly.

    The text is what :func:`belote.solver.formats.pbn.dumps` writes for these
    boards when each deal is given from its dealer, without building boards.
    """
    with open(path, "w", encoding="utf-8") as fp:
        fp.write("% PBN 2.1\n")
        for board, dealer, deal in zip(boards, dealers, deals):
            fp.write(f'\n[Board "{board}"]\n[Dealer "{seat_name(dealer)}"]\n[Deal "{deal}"]\n')


def _scan(path: str, kind: str):
    import polars as pl

    if kind == "csv":
        return pl.scan_csv(path, infer_schema=False)
    return getattr(pl, f"scan_{kind}")(path)


def _batches(frame, size: int) -> Iterator:
    """The lazy ``frame`` in batches of about ``size`` rows (streamed when polars can)."""
    if hasattr(frame, "collect_batches"):
        yield from frame.collect_batches(chunk_size=size)
        return
    offset = 0
    while True:
        batch = frame.slice(offset, size).collect()
        if batch.height == 0:
            return
        yield batch
        offset += batch.height


def read_deals(path: str | os.PathLike[str], *, batch_size: int = 10_000
               ) -> Iterator[DealRow]:
    """The rows of a deal table, checked, in file order; batches of ``batch_size`` rows.

    Each deal must have 8 cards a hand. The first bad row raises
    :class:`RowDecodeError` with the row number and the reason.
    """
    import polars as pl

    name = os.fspath(path)
    kind = row_format(name)
    try:
        frame = _scan(name, kind)
        present = [c for c in COLUMNS if c in frame.collect_schema().names()]
    except (OSError, pl.exceptions.PolarsError) as e:
        raise RowDecodeError(f"cannot read: {e}", file=name) from None
    if "deal" not in present:
        raise RowDecodeError("no 'deal' column", file=name)
    frame = frame.select([pl.col(c).cast(pl.String) for c in present])
    number = 0
    try:
        for batch in _batches(frame, batch_size):
            for values in batch.iter_rows(named=True):
                number += 1
                yield _row(values, number, name)
    except pl.exceptions.PolarsError as e:
        raise RowDecodeError(f"cannot read: {e}", file=name, row=number + 1) from None


def _row(values: dict[str, str | None], number: int, file: str) -> DealRow:
    """One row checked: the deal, the seats, the mode and the contract."""
    def seat(column: str) -> Seat | None:
        text = values.get(column)
        return None if text in (None, "") else parse_seat(text)

    try:
        text = values["deal"]
        if not text:
            raise BeloteError("empty deal")
        deal = Deal.from_pbn(text)
        deal.validate(8)
        mode = values.get("mode") or None
        contract = values.get("contract") or None
        declarer = seat("declarer")
        if contract is not None:
            parse_contract(contract, get_profile(mode or "coinche"), declarer)
        elif mode is not None:
            get_profile(mode)
        return DealRow(number, values.get("board"), seat("dealer"), deal, mode, contract,
                       declarer)
    except BeloteError as e:
        raise RowDecodeError(str(e), file=file, row=number) from None
