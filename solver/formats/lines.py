"""Reading a text file line by line, so that one bad line costs one record and no more.

The pattern every reader of one-record-per-line formats follows (CSV,
NDJSON): take :func:`numbered_lines`, and turn each ``(line, text)`` into a
record or into a :class:`~belote.errors.RecordError` carrying that line
number; an error item is yielded as the record's error and the reading goes
on. Bytes are decoded one line at a time, so a byte that is not UTF-8 is an
error of its own line only (its true number, and the byte's offset in the
file), never the end of the reading; a line longer than
:data:`MAX_LINE_BYTES` is one error too, its bytes skipped in bounded
memory.

>>> import io
>>> data = io.BytesIO(b"\\xef\\xbb\\xbfa\\nb\\xe9\\r\\n" + b"x" * (MAX_LINE_BYTES + 5) + b"\\nc")
>>> [(n, t if isinstance(t, str) else t.message) for n, t in numbered_lines(data, "f.csv")]
[(1, 'a'), (2, 'not UTF-8 text (invalid continuation byte at byte 6)'), (3, 'line longer than 1048576 bytes: skipped'), (4, 'c')]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, cast

from ..errors import RecordError

__all__ = ["MAX_LINE_BYTES", "MAX_SKIP_BYTES", "numbered_lines"]

MAX_LINE_BYTES = 1 << 20
"""The longest line read (1 MiB); a longer one is one bad record."""

MAX_SKIP_BYTES = 64 << 20
"""A line longer than this (an endless device) ends the reading, with an error saying so."""


def numbered_lines(fp: IO[bytes] | IO[str], file: str | None
                   ) -> Iterator[tuple[int, str | RecordError]]:
    """``(line number, text without its line end)`` for each line of ``fp``, from 1.

    A line that is not UTF-8, or longer than :data:`MAX_LINE_BYTES`, comes
    as ``(line number, error)``; the next line is read as usual. A leading
    byte-order mark is skipped. Lines end at ``\\n`` (a ``\\r`` before it is
    dropped). A text stream is taken as already decoded.
    """
    if not isinstance(fp.read(0), bytes):
        for n, text in enumerate(cast("IO[str]", fp), 1):
            yield n, text.rstrip("\r\n")
        return
    fp = cast("IO[bytes]", fp)
    n = offset = 0
    while raw := fp.readline(MAX_LINE_BYTES + 1):
        n += 1
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            skipped = _skip_line(fp)
            offset += len(raw) + skipped
            if skipped < 0:
                yield n, RecordError(f"line longer than {MAX_SKIP_BYTES} bytes: reading "
                                        "stopped (is this a text file?)", file=file, line=n)
                return
            yield n, RecordError(f"line longer than {MAX_LINE_BYTES} bytes: skipped",
                                    file=file, line=n)
            continue
        try:
            text = raw.decode("utf-8-sig" if offset == 0 else "utf-8")
        except UnicodeDecodeError as e:
            start = offset + e.start + len(raw) - len(e.object)  # e.object lacks a BOM
            yield n, RecordError(f"not UTF-8 text ({e.reason} at byte {start})",
                                    file=file, line=n)
        else:
            yield n, text.rstrip("\r\n")
        offset += len(raw)


def _skip_line(fp: IO[bytes]) -> int:
    """Read up to the end of the current line: the bytes skipped, or -1 past :data:`MAX_SKIP_BYTES`."""
    skipped = 0
    while chunk := fp.readline(MAX_LINE_BYTES):
        skipped += len(chunk)
        if chunk.endswith(b"\n"):
            return skipped
        if skipped > MAX_SKIP_BYTES:
            return -1
    return skipped
