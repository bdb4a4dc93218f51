"""The data-safety rules of every file belote reads or writes.

One rule for every output, used by every command that writes a file:

- :func:`check_output` before any work: the directory exists and is a
  directory, the output is not a directory, and it is never the same file
  as an input (paths resolved, links followed, hard links seen by inode),
  whatever the flags. It raises :class:`OutputError` (a usage error).
- :func:`atomic_output` while writing: the data go to a temporary file in
  the same directory, renamed over the output only when complete, so a
  crash, a kill or a full disk leaves the old file untouched (and no
  partial new one under the output's name).

And for inputs:

- :func:`check_regular_input` refuses what cannot be read twice (a FIFO, a
  device, a socket) where a command needs to read its input again;
- :func:`content_hash` is the identity of a file: a hash of every byte,
  streamed (xxh3-128); :func:`input_identity` (its size and hash) is what
  ``belote batch`` and ``belote review --state`` record to know whether
  saved work was made from this input;
- :func:`sniff` tells what a file holds from its first bytes (a Parquet table,
  a PBN record file, a CSV file, a ZIP archive...) and :func:`check_kind`
  turns a file of the wrong kind into one error naming what it is and what
  the command reads, for every command that reads files.

And for long runs: a :class:`Journal` saves each finished item as it is done,
in a folder keyed by what the run is, so an interrupted run resumes.

And the limits of what is read (each beyond is bad input, an
:class:`InputError`, never an internal error): :func:`read_text_bounded`
reads a whole small file (a convention profile) in at most
:data:`MAX_TEXT_BYTES`; :func:`load_json` reads one JSON text with numbers of
at most :data:`~belote.errors.MAX_DIGITS` digits nested at most :data:`MAX_DEPTH` deep,
and strings that are text (no lone surrogate);
:func:`check_depth` bounds the nesting of data read by another parser (TOML).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> out = check_output(folder / "x.csv", inputs=[folder / "in.csv"])
>>> with atomic_output(out) as tmp:
...     _ = tmp.write_text("a,b\\n")
>>> out.read_text()
'a,b\\n'
>>> try:
...     check_output(folder / "x.csv", inputs=[folder / "x.csv"])
... except OutputError as e:
...     print(str(e).split(": ", 1)[1])
is also an input: choose another output file (an input is never overwritten)
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Collection, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .errors import MAX_DIGITS, InputError, OutputError, SavedWorkError

__all__ = ["HASH_CHUNK", "HASH_NAME", "KINDS", "MAX_DEPTH", "MAX_TEXT_BYTES", "SNIFF_BYTES",
           "Journal", "atomic_output", "check_depth", "check_kind", "check_output",
           "check_outside", "check_regular_input", "content_hash", "file_head", "input_identity",
           "load_json", "read_text_bounded", "same_file", "sniff", "temporary_name"]

HASH_CHUNK = 1 << 20
"""Bytes read at a time by :func:`content_hash`."""


def _key(path: Path) -> tuple[str, tuple[int, int] | None]:
    """The resolved path of ``path`` and its (device, inode) when it exists."""
    resolved = os.path.realpath(path)
    try:
        st = os.stat(resolved)
    except OSError:
        return resolved, None
    return resolved, (st.st_dev, st.st_ino)


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two paths name the same file: equal once resolved, or the same inode.

    >>> same_file("datasets/examples/deals.pbn", "./datasets/../datasets/examples/deals.pbn")
    True
    """
    path_a, inode_a = _key(Path(a))
    path_b, inode_b = _key(Path(b))
    return path_a == path_b or (inode_a is not None and inode_a == inode_b)


def _inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` (resolved) lies inside ``folder`` (resolved)."""
    resolved, root = os.path.realpath(path), os.path.realpath(folder)
    return os.path.commonpath([resolved, root]) == root


def check_output(path: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]] = (),
                 *, directory: bool = False, role: str = "output") -> Path:
    """Check an output before any work; return it as a :class:`Path`.

    A file output (``directory=False``): its directory exists, it is not a
    directory itself, and it is not one of ``inputs``. A directory output
    (``directory=True``, created later by the writer): it is not a file, its
    parent exists, and no input lies inside it under a name the writer may
    use (callers check each file they write with :func:`check_output` too).
    ``-`` in ``inputs`` (standard input) is skipped.
    Raises :class:`OutputError`, whose message names the output (a name the
    system refuses, too long for instance, included).
    """
    try:
        return _check_output(Path(path), inputs, directory, role)
    except OSError as e:
        raise OutputError(f"{os.fspath(path)}: cannot be written: {e.strerror or e}") from None


def _check_output(out: Path, inputs: Iterable[str | os.PathLike[str]], directory: bool,
                  role: str) -> Path:
    """:func:`check_output`, its system errors left to it."""
    name = os.fspath(out)
    if not directory and out.is_symlink():
        out = Path(os.path.realpath(out))
    sources = [Path(p) for p in inputs if os.fspath(p) != "-"]
    if directory:
        if out.exists() and not out.is_dir():
            raise OutputError(f"{name}: is a file, not a directory")
        parent = out if out.is_dir() else out.parent
        if not parent.is_dir():
            raise OutputError(f"{name}: no directory {os.fspath(out.parent) or '.'}")
        return out
    parent = out.parent
    if not parent.exists():
        raise OutputError(f"{name}: no directory {os.fspath(parent)}")
    if not parent.is_dir():
        raise OutputError(f"{name}: {os.fspath(parent)} is not a directory")
    if out.is_dir():
        raise OutputError(f"{name}: is a directory, not a file")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise OutputError(f"{name}: cannot write in directory {os.fspath(parent) or '.'}")
    for source in sources:
        if same_file(out, source):
            raise OutputError(f"{name}: is also an input: choose another {role} file "
                              "(an input is never overwritten)")
    return out


def check_outside(folder: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]],
                  what: str) -> None:
    """Raise :class:`OutputError` if an input lies in ``folder``, a folder the writer removes."""
    for source in inputs:
        if os.fspath(source) != "-" and _inside(Path(source), Path(folder)):
            raise OutputError(f"{os.fspath(source)}: the input is inside {os.fspath(folder)}, "
                              f"{what}: move it first (an input is never deleted)")


def temporary_name(path: Path) -> Path:
    """The temporary file :func:`atomic_output` writes ``path`` to: hidden, same
    directory and suffix (writers such as matplotlib choose their format by suffix).

    >>> temporary_name(Path("out/deals.csv")).parent.name, temporary_name(Path("x.csv")).suffix
    ('out', '.csv')
    """
    return path.with_name(f".{path.stem}.tmp{os.getpid()}{path.suffix}")


@contextmanager
def atomic_output(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; rename it to ``path`` when the block succeeds.

    The data are flushed to disk (``fsync``) before the rename. If the block
    raises (or the process dies), ``path`` keeps its old content; the
    temporary file is removed (a ``SIGKILL`` can leave a hidden
    ``.NAME.tmpPID.SUFFIX`` beside it, never a partial ``path``). A link is
    followed (its target is replaced, the link kept); an existing output
    that is not a regular file (``/dev/null``, a FIFO) is written in place.
    A block that creates no temporary file leaves ``path`` as it was.
    """
    out = Path(os.path.realpath(path))  # through a link: its target is replaced
    if out.exists() and not out.is_file():  # a device or a FIFO: written in place
        yield out
        return
    tmp = temporary_name(out)
    try:
        yield tmp
        if not tmp.exists():  # the writer chose to write nothing: the output is left alone
            return
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, out)
    finally:
        if tmp.exists():
            tmp.unlink()


def check_regular_input(path: str | os.PathLike[str], why: str) -> None:
    """Raise :class:`InputError` unless ``path`` is a regular file (links followed).

    ``why`` says why a regular file is needed (a FIFO or a device can be read
    only once, or never ends).
    """
    name = os.fspath(path)
    try:
        mode = os.stat(path).st_mode
    except OSError as e:
        raise InputError(f"{name}: cannot read: {e.strerror or e}") from None
    if not stat.S_ISREG(mode):
        kind = ("a directory" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode)
                else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
                else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
        raise InputError(f"{name}: is {kind}, not a regular file: {why}")


HASH_NAME = "xxh3_128"
"""The hash :func:`content_hash` uses (xxhash's XXH3, 128 bits), recorded beside it."""


def content_hash(path: str | os.PathLike[str], chunk: int = HASH_CHUNK) -> str:
    """The hex digest (:data:`HASH_NAME`) of every byte of ``path``, read ``chunk`` bytes
    at a time (flat memory).

    XXH3 is not cryptographic: it tells a file from an edited copy, not from a
    forgery made to collide. It reads a GB in 0.2 s from the page cache, 7
    times faster than BLAKE2b (``bench/RESULTS.md``).

    >>> len(content_hash("datasets/examples/deals.pbn"))
    32
    """
    import xxhash

    digest = xxhash.xxh3_128()


    buffer = bytearray(chunk)
    view = memoryview(buffer)
    with open(path, "rb", buffering=0) as fp:
        while True:
            n = fp.readinto(buffer)
            if not n:
                break
            digest.update(view[:n])
    return digest.hexdigest()



def input_identity(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The input's identity: its size and a hash of every byte (:func:`content_hash`).

    Any edit, wherever it is in the file, changes it; the hash is streamed
    (flat memory) and fast (xxh3: about 0.2 s a GB from the page cache,
    ``bench/RESULTS.md``).

    >>> sorted(input_identity("datasets/examples/deals.pbn"))
    ['hash', 'size']
    """
    return {"size": os.path.getsize(path), "hash": f"{HASH_NAME}:{content_hash(path)}"}


class Journal:
    """Work saved as it is done, so that a long run, interrupted, resumes where it stopped.

    A folder holds ``manifest.json``, what the work is (a JSON object: the
    input's identity, the options...), and ``entries.jsonl``, one JSON line a
    finished item, in order, each flushed to disk (``fsync``) as it is
    appended. :meth:`open` creates the folder, or checks that the manifest
    saved there is the one given: saved work of another input or other
    options is never resumed silently (:class:`~belote.errors.SavedWorkError`
    naming the manifest's keys that differ). :attr:`entries` are the items saved before; a last
    line cut short by a crash is dropped (its item is done again).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp()) / "work"
    >>> Journal.open(folder, {"seed": 1}).append({"item": 0})
    >>> Journal.open(folder, {"seed": 1}).entries
    [{'item': 0}]
    >>> try:
    ...     Journal.open(folder, {"seed": 2})
    ... except SavedWorkError as e:
    ...     print(str(e).split(": ", 1)[1])
    saved work of another run (not the same seed): remove the folder, or choose another, to start again
    """

    MANIFEST = "manifest.json"
    ENTRIES = "entries.jsonl"

    def __init__(self, folder: Path, entries: list[Any]) -> None:
        self.folder = folder
        self.entries = entries

    @classmethod
    def open(cls, folder: str | os.PathLike[str], manifest: dict[str, Any]) -> Journal:
        """The journal in ``folder`` for the work ``manifest`` describes (see the class)."""
        path = Path(folder)
        name = os.fspath(folder)
        if path.exists() and not path.is_dir():
            raise OutputError(f"{name}: is not a folder: saved work goes into a folder")
        manifest_file = path / cls.MANIFEST
        if not manifest_file.exists():
            if path.exists() and any(path.iterdir()):
                raise OutputError(f"{name}: is not a folder of saved work (no {cls.MANIFEST}) "
                                  "and not empty: choose another folder")
            try:
                path.mkdir(exist_ok=True)
                with atomic_output(manifest_file) as tmp:
                    tmp.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
            except OSError as e:
                raise OutputError(f"{name}: cannot save work there: {e.strerror or e}") from None
            return cls(path, [])
        try:
            saved = load_json(read_text_bounded(manifest_file))
        except (OSError, ValueError):
            saved = None
        if not isinstance(saved, dict):
            raise SavedWorkError(f"{name}: its {cls.MANIFEST} cannot be read: remove the "
                                 "folder, or choose another, to start again")
        if saved != manifest:
            differ = ", ".join(sorted(key for key in saved.keys() | manifest.keys()
                                      if saved.get(key) != manifest.get(key)))
            raise SavedWorkError(f"{name}: saved work of another run (not the same {differ}): "
                                 "remove the folder, or choose another, to start again")
        return cls(path, cls._read_entries(path / cls.ENTRIES, name))

    @staticmethod
    def _read_entries(path: Path, name: str) -> list[Any]:
        """The whole lines of ``path``, decoded; a last line without its newline is cut off."""
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return []
        except OSError as e:
            raise SavedWorkError(f"{name}: cannot read saved work: {e.strerror or e}") from None
        whole = data.rfind(b"\n") + 1
        if whole < len(data):  # the last item was being written when the run stopped
            with open(path, "r+b") as fp:
                fp.truncate(whole)
        entries = []
        for number, line in enumerate(data[:whole].splitlines(), 1):
            try:
                entries.append(load_json(line.decode("utf-8")))
            except (UnicodeDecodeError, ValueError):
                raise SavedWorkError(f"{name}: line {number} of {Journal.ENTRIES} is not JSON: "
                                     "remove the folder, or choose another, to start "
                                     "again") from None
        return entries

    def append(self, entry: Any) -> None:
        """Save one more finished item (a JSON value), on disk before this returns."""
        with open(self.folder / self.ENTRIES, "ab") as fp:
            fp.write(json.dumps(entry, separators=(",", ":")).encode("utf-8") + b"\n")
            fp.flush()
            os.fsync(fp.fileno())
        self.entries.append(entry)


MAX_DEPTH = 64
"""The deepest nesting of arrays and objects (tables) read from JSON or TOML
(a game record nests 3 deep, a convention profile about 6)."""

MAX_TEXT_BYTES = 4 << 20
"""The largest file read whole (4 MiB): a convention profile. Files of records
are read a line at a time instead (:mod:`belote.formats.lines`)."""


def read_text_bounded(path: str | os.PathLike[str], limit: int = MAX_TEXT_BYTES) -> str:
    """The UTF-8 text of a small file read whole, at most ``limit`` bytes.

    A longer file (or an endless one, ``/dev/zero``) is an :class:`InputError`
    after ``limit + 1`` bytes, so memory stays bounded; so are a directory,
    a file that cannot be opened, and bytes that are not UTF-8. A FIFO is
    read to its end (its writer closes it). The message names the file.

    >>> read_text_bounded("/dev/zero", 10)
    Traceback (most recent call last):
    ...
    belote.errors.InputError: /dev/zero: longer than 10 bytes: not read (is this the right file?)
    """
    name = os.fspath(path)
    try:
        with open(path, "rb") as fp:
            data = fp.read(limit + 1)
    except OSError as e:
        raise InputError(f"{name}: cannot read: {e.strerror or e}") from None
    if len(data) > limit:
        raise InputError(f"{name}: longer than {limit} bytes: not read (is this the right file?)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"{name}: not UTF-8 text ({e.reason} at byte {e.start})") from None


def _bounded_int(digits: str) -> int:
    """A JSON integer, refused beyond :data:`~belote.errors.MAX_DIGITS` digits."""
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise InputError(f"a number of {len(digits.lstrip('-'))} digits (at most {MAX_DIGITS})")
    return int(digits)


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""A JSON escape of a surrogate code point: the only way a string read from JSON can hold one."""


def load_json(text: str) -> Any:
    """The value of one JSON text, within the limits; :class:`InputError` otherwise.

    The message starts ``not JSON:`` for text that is not JSON; a number of
    more than :data:`~belote.errors.MAX_DIGITS` digits, arrays and objects nested more
    than :data:`MAX_DEPTH` deep, or a string holding a lone surrogate (an escape
    like ``\\ud800`` alone, which no UTF-8 output can hold) are refused too.
    Callers add the file and line.

    >>> load_json('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> load_json("[" * 100_000 + "]" * 100_000)
    Traceback (most recent call last):
    ...
    belote.errors.InputError: nested deeper than 64 levels
    >>> load_json('{"board": ' + "9" * 5000 + "}")
    Traceback (most recent call last):
    ...
    belote.errors.InputError: a number of 5000 digits (at most 100)
    >>> load_json(r'["\\ud83c\\udca1", "x\\ud800y"]')
    Traceback (most recent call last):
    ...
    belote.errors.InputError: a string holding \\ud800, a lone surrogate: not text (UTF-8 cannot encode it)
    """
    try:
        value = json.loads(text, parse_int=_bounded_int)
    except json.JSONDecodeError as e:
        raise InputError(f"not JSON: {e.msg}") from None
    except RecursionError:
        raise InputError(f"nested deeper than {MAX_DEPTH} levels") from None
    check_depth(value)
    if _SURROGATE_ESCAPE.search(text):
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError as e:
            raise InputError(f"a string holding \\u{ord(e.object[e.start]):04x}, a lone "
                             f"surrogate: not text (UTF-8 cannot encode it)") from None
    return value


def check_depth(value: Any, limit: int = MAX_DEPTH) -> None:
    """Raise :class:`InputError` if lists and dicts in ``value`` nest deeper than ``limit``.

    Walked without recursion, so any depth is checked safely.

    >>> check_depth({"a": [[1]]}, 3)
    >>> check_depth({"a": [[[1]]]}, 3)
    Traceback (most recent call last):
    ...
    belote.errors.InputError: nested deeper than 3 levels
    """
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Iterable[Any] = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            raise InputError(f"nested deeper than {limit} levels")
        stack.extend((child, depth + 1) for child in children)


SNIFF_BYTES = 4096
"""Bytes :func:`sniff` looks at: the start of a file."""

KINDS = {
    "parquet": "a Parquet file",
    "zip": "a ZIP archive (a spreadsheet? export it as CSV)",
    "gzip": "gzip-compressed (decompress it first)",
    "pdf": "a PDF document",
    "png": "a PNG image",
    "sqlite": "an SQLite database",
    "utf-16": "UTF-16 text (save it as UTF-8)",
    "pbn": "a PBN record file",
    "cfn": "a CFN game file",
    "json": "a JSON file",
    "csv": "a CSV file",
    "text": "text",
}
"""What :func:`sniff` recognises, as error messages name it."""

_MAGIC = ((b"PAR1", "parquet"), (b"PK\x03\x04", "zip"), (b"\x1f\x8b", "gzip"),
          (b"%PDF", "pdf"), (b"\x89PNG", "png"), (b"SQLite format 3\x00", "sqlite"),
          (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16"))
_PBN_TAG = re.compile(r'^\[\s*[A-Za-z]\w*\s+"')
_CFN_GAME = re.compile(r"^[NESWnesw]:\S*/")


def sniff(head: bytes) -> str | None:
    r"""What a file holds, from its first bytes: a key of :data:`KINDS`, or ``None`` (binary
    data sniffing does not know: left to the reader, which says what is wrong).

    Binary formats by their magic bytes; text by its first line that is not blank: a PBN
    tag or comment, a CFN game (``S:...``), JSON (``{`` or ``[``), a line with commas (CSV),
    else ``text``.

    >>> sniff(b"PAR1\x15\x04"), sniff(b'[Event "club"]\n'), sniff(b"deal,dealer\nN:...,N\n")
    ('parquet', 'pbn', 'csv')
    >>> sniff(b"S:-/-/-/- 8d9dJdTd/7d7hKdQd 100hEWx"), sniff(b'{"format": 1}'), sniff(b"\x00\x00")
    ('cfn', 'json', None)
    """
    for magic, kind in _MAGIC:
        if head.startswith(magic):
            return kind
    if b"\x00" in head:
        return None
    text = head.removeprefix(b"\xef\xbb\xbf")
    try:
        decoded = text.decode("utf-8")
    except UnicodeDecodeError as e:
        if e.start < len(text) - 3:  # not a character cut at the end of the head
            return None
        decoded = text[:e.start].decode("utf-8")
    first = next((line.strip() for line in decoded.splitlines() if line.strip()), "")
    if first.startswith("%") or _PBN_TAG.match(first):
        return "pbn"
    if _CFN_GAME.match(first):
        return "cfn"
    if first.startswith(("{", "[")):
        return "json"
    if "," in first:
        return "csv"
    return "text"


def file_head(path: str | os.PathLike[str], size: int = SNIFF_BYTES) -> bytes | None:
    """The first ``size`` bytes of a regular file, ``None`` for anything else (a FIFO, a
    device or standard input are read once, by their reader) or a file that cannot be read."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, "rb") as fp:
            return fp.read(size)
    except OSError:
        return None


def check_kind(name: str, head: bytes | None, command: str, reads: str,
               accepts: Collection[str], expected: str | None = None) -> None:
    """Raise :class:`InputError` when the file ``name`` starting with ``head`` is of a kind
    ``command`` does not read: ``NAME is a Parquet file: `belote analyse` reads ...``.

    ``accepts`` are the kinds of :data:`KINDS` the command reads (``text`` lets the
    reader judge text it does not recognise), ``reads`` says so in words. Binary data
    :func:`sniff` does not know (``None``) is left to the reader, unless the command reads
    only the kind ``expected`` (``parquet``): the file is then said not to be one. A
    ``head`` of ``None`` (a stream, a device) is left to the reader.

    >>> check_kind("t.pbn", b'[Event "x"]', "report", "the Parquet tables `belote batch` "
    ...            "writes", ["parquet"])
    Traceback (most recent call last):
    ...
    belote.errors.InputError: t.pbn is a PBN record file: `belote report` reads the Parquet tables `belote batch` writes
    """
    if head is None:
        return
    kind = sniff(head)
    if kind in accepts or (kind is None and expected is None):
        return
    what = KINDS[kind] if kind is not None else f"not {KINDS[expected or 'text']}"
    raise InputError(f"{name} is {what}: `belote {command}` reads {reads}")
