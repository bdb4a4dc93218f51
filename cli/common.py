"""What every ``belote`` command shares: the click group, one-line errors, exit statuses, reading boards.

Exit statuses (the README lists them too):

==== =====================================================================
0    done
1    a system error: a file or the output could not be read or written
2    bad input or usage: a bad file, board, option or constraint
3    done, but some records were bad (batch work; they are listed)
70   internal error (a bug): one line asking for a report; ``--debug``
     shows the traceback
130  interrupted (Ctrl-C)
141  standard output closed early (``| head``)
143  terminated (``SIGTERM``)
==== =====================================================================

Every message is one line on stderr, bounded and with control characters
escaped (:func:`belote.errors.printable`); errors in files name the
file, the board and the line.

>>> print(one_line("tab\\there"))
tab\\there
"""

from __future__ import annotations

import gc
import os
import stat
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from belote import BeloteError, RecordError, Run
from belote.errors import MAX_MESSAGE, ConversionWarning, InputError, OutputError, printable

EXIT_OK, EXIT_SYSTEM, EXIT_USAGE, EXIT_SOME_BAD = 0, 1, 2, 3
EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_CLOSED_STDOUT, EXIT_TERMINATED = 70, 130, 141, 143

REPORT_URL = "https://github.com/belote-analysis/belote/issues"
"""Where internal errors are to be reported."""


def one_line(text: str, *, before: str = "Error: ", after: str = "") -> str:
    """``text`` as one printable line, cut so that ``before + line + after`` fits 300 characters.

    ``before`` is what the line is printed after (click's ``Error: ``),
    ``after`` what follows it (a help hint), which is kept whole.
    """
    return printable(str(text), MAX_MESSAGE - len(before) - len(after)) + after


def display_path(path: str | os.PathLike[str]) -> str:
    """A path as text that is always valid UTF-8 (undecodable bytes escaped).

    >>> display_path(os.fsdecode(b"caf\\xe9.pbn"))
    'caf\\\\xe9.pbn'
    """
    text = os.fspath(path)
    if isinstance(text, bytes):  # pragma: no cover - click gives str
        text = os.fsdecode(text)
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


class DataError(click.ClickException):
    """Bad input data (a PBN file, a deal): one line, exit status 2."""

    exit_code = EXIT_USAGE

    def format_message(self) -> str:
        return one_line(self.message)


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
        raise click.UsageError(one_line(e.format_message(), after=hint)) from None


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - no file descriptor (tests)
        pass


def _show_warning(message: Any, category: type, filename: str, lineno: int,
                  file: Any = None, line: str | None = None) -> None:
    """Warnings (a near miss of a PBN tag) as one line on stderr."""
    click.echo(f"belote: warning: {one_line(str(message), before='belote: warning: ')}",
               err=True)


class Group(click.Group):
    """The ``belote`` group: one-line errors with documented exit statuses, and ``--debug``.

    Usage errors are one line (no usage block). Around the whole command:
    Ctrl-C exits 130 and ``SIGTERM`` 143 (:func:`belote.cli.running.stoppable`), a
    closed stdout 141; warnings print as one line; a system error reading or writing (a full
    disk) is one line, exit 1; any other exception is a bug: one line asking
    for a report, exit 70, or the traceback with ``belote --debug ...``.
    """

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        with _one_line_usage_errors():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        from .running import stoppable

        with _one_line_usage_errors():
            try:
                with stoppable():  # every command: Ctrl-C 130, SIGTERM 143
                    return super().invoke(ctx)
            except BrokenPipeError:  # here, before click's own handler turns it into status 1
                _quiet_stdout()
                raise click.exceptions.Exit(EXIT_CLOSED_STDOUT) from None

    def main(self, args: Any = None, *rest: Any, **kwargs: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        debug = bool(argv) and argv[0] == "--debug" or os.environ.get("BELOTE_DEBUG") == "1"
        previous = warnings.showwarning
        warnings.showwarning = _show_warning
        try:
            return super().main(argv, *rest, **kwargs)
        except BrokenPipeError:
            _quiet_stdout()
            sys.exit(EXIT_CLOSED_STDOUT)
        except OSError as e:
            if debug:
                raise
            where = f": {display_path(e.filename)}" if e.filename else ""
            click.echo(f"Error: {one_line((e.strerror or str(e)) + where)}", err=True)
            _quiet_stdout()
            sys.exit(EXIT_SYSTEM)
        except Exception as e:  # a bug: say so in one line
            if debug:
                raise
            click.echo(f"Error: internal error ({type(e).__name__}: {one_line(str(e))}); "
                       f"this is a bug, please report it at {REPORT_URL} with the output of "
                       "'belote --debug ...'", err=True)
            sys.exit(EXIT_INTERNAL)
        finally:
            warnings.showwarning = previous


def notice(message: str) -> None:
    """A note on stderr (a lowered worker count)."""
    click.echo(f"belote: {one_line(message, before='belote: ')}", err=True)


def start_solver() -> None:
    """Load the kernels here, then freeze what is alive (``gc.freeze``).

    The objects numba's start-up leaves (about 100,000) are then out of reach
    of the cyclic garbage collector: later collections, and the last one at
    exit, no longer walk them (0.1 to 0.2 s of a one-deal ``belote solve``).
    """
    from belote.dd import warm_up

    warm_up()
    gc.freeze()


def solver_run(jobs: int | None, items: int | None, *, executor: str = "process",
               pool_from: int = 1, notice: Any = None) -> Any:
    """The :class:`~belote.Run` of ``--jobs`` for ``items`` items of work.

    Sized (:meth:`Run.sized <belote.parallel.Run.sized>`: small jobs run
    serially, ``pool_from`` being the command's measured threshold), with the
    kernels loaded here (:func:`start_solver`) when it runs serially.
    """
    run = Run(executor, jobs, notice=notice, pool_from=pool_from).sized(items)
    if run.serial:
        start_solver()
    return run


def checked_output(path: Path, inputs: tuple[Any, ...] = (), option: str = "--output") -> Path:
    """``path`` checked by :func:`belote.files.check_output` before any work: a usage
    error naming ``option`` (exit 2) for a missing directory or an input."""
    from belote.files import check_output

    try:
        return check_output(path, inputs)
    except OutputError as e:
        raise click.BadParameter(str(e), param_hint=f"'{option}'") from None


def write_records(boards: list[Any], output: Path, target: str) -> None:
    """Write ``boards`` to ``output`` (``-``: standard output) in the record format ``target``
    (``cfn``, ``json``, ``pbn``) through the checked writers
    (:func:`belote.formats.games.write`), atomically. What the format cannot hold is warned
    of; a board it refuses is a :class:`DataError`."""
    from belote.files import atomic_output
    from belote.formats import games

    try:
        text, losses = games.write(boards, target)
    except BeloteError as e:
        raise DataError(str(e)) from None
    for loss in losses:
        warnings.warn(ConversionWarning(loss), stacklevel=1)
    if str(output) == "-":
        sys.stdout.write(text)
        return
    try:
        with atomic_output(output) as tmp:
            tmp.write_text(text, encoding="utf-8")
    except OSError as e:
        raise click.FileError(str(output), e.strerror or str(e)) from None


def input_file_type(**kwargs: Any) -> click.Path:
    """The click type of an input file argument: an existing file, or ``-`` for stdin."""
    return click.Path(exists=True, dir_okay=False, allow_dash=True, path_type=Path, **kwargs)


def open_input(path: Path) -> Any:
    """The binary stream of an input file (``-``: standard input).

    Directories are refused; for a FIFO a note says that reading waits for
    its writer. Reading itself is bounded by the readers (lines of at most
    1 MiB), so an endless device such as ``/dev/zero`` ends in an error.
    """
    if str(path) == "-":
        return sys.stdin.buffer
    try:
        mode = os.stat(path).st_mode
    except OSError as e:
        raise DataError(f"{display_path(path)}: cannot read: {e.strerror or e}") from None
    if stat.S_ISDIR(mode):
        raise DataError(f"{display_path(path)}: is a directory, not a file")
    if stat.S_ISFIFO(mode):
        notice(f"{display_path(path)} is a FIFO: waiting for its writer (Ctrl-C to stop)")
    try:
        return open(path, "rb")
    except OSError as e:
        raise DataError(f"{display_path(path)}: cannot read: {e.strerror or e}") from None


GAME_READERS = ("PBN, CFN and JSON game records (a deal file in rows, CSV or Parquet, is read "
                "by `belote batch`)", ("pbn", "cfn", "json", "text"))
"""What the commands that read game records read: in words, and the kinds of
:data:`belote.files.KINDS` (unrecognised text is left to the reader)."""


def check_input_kind(path: Path, reads: tuple[str, tuple[str, ...]],
                     expected: str | None = None) -> None:
    """A :class:`DataError` (exit 2) when the input ``path`` is a file of a kind this command
    does not read (:func:`belote.files.check_kind`, which sniffs its first bytes)."""
    from belote.files import check_kind, file_head

    if str(path) == "-":
        return
    ctx = click.get_current_context(silent=True)
    command = ctx.info_name if ctx is not None and ctx.info_name else "belote"
    try:
        check_kind(display_path(path), file_head(path), command, reads[0], reads[1], expected)
    except InputError as e:
        raise DataError(str(e)) from None


def read_boards(path: Path | None, mode: str | None, numbers: tuple[str, ...] = (),
                cfn_games: tuple[str, ...] = ()) -> list[Any]:
    """The boards of a game file (``-``: stdin) or of ``--cfn`` games, in order.

    The file is CFN (``.cfn``), JSON lines (``.jsonl``: the project's game
    record or a ContrAI record) or else PBN, by its suffix (stdin is PBN). It is
    read as a stream: with ``numbers``, only the selected boards are kept.
    The first bad board (or a file with no boards at all) is a
    :class:`DataError`; ``numbers`` that match no board are a usage error,
    and so is giving both a FILE and ``--cfn`` (or neither).
    """
    from belote import cfn
    from belote.formats import games

    if (path is None) == (not cfn_games):
        raise click.UsageError("give a FILE or --cfn, not both" if cfn_games else
                               "give a FILE or --cfn \"GAME\"")
    stream = None
    if path is None:
        name = "--cfn"
        items: Any = cfn.iter_lines(cfn_games, name)
    else:
        name = "<stdin>" if str(path) == "-" else display_path(path)
        kind = games.GAME_FORMATS.get(path.suffix.lower(), "pbn")  # stdin, other names: PBN
        check_input_kind(path, GAME_READERS)
        stream = open_input(path)
        items = games.iter_games(stream, format=kind, profile=mode, name=name)
    boards, seen = [], []
    try:
        for item in items:
            if isinstance(item, RecordError):
                raise DataError(str(item))
            seen.append(item.board)
            if not numbers or item.board in numbers:
                boards.append(item)
    except BeloteError as e:
        raise DataError(str(e)) from None
    finally:
        if stream is not None and stream is not sys.stdin.buffer:
            stream.close()
    if not seen:
        raise DataError(f"{name}: no boards in the file (a board starts with a tag such as "
                        "[Deal \"...\"])")
    _check_numbers(numbers, seen, name)
    return boards


def read_places(path: Path | None, mode: str | None, numbers: tuple[str, ...] = (),
                cfn_games: tuple[str, ...] = ()) -> tuple[list[Any], list[int]]:
    """Every board of the file (as :func:`read_boards`) and the places, from 0, of those
    ``numbers`` select (every place without ``numbers``): for the commands whose layouts
    a board's place in the file seeds, so that ``--board N`` plays board N as the whole
    file's run does."""
    every = read_boards(path, mode, (), cfn_games)
    name = "--cfn" if path is None else "<stdin>" if str(path) == "-" else display_path(path)
    _check_numbers(numbers, [b.board for b in every], name)
    return every, [i for i, b in enumerate(every) if not numbers or b.board in numbers]


def _check_numbers(numbers: tuple[str, ...], seen: list[str | None], name: str) -> None:
    """``--board`` numbers that match no board of ``name`` are a usage error."""
    missing = [n for n in numbers if n not in seen]
    if missing:
        known = " ".join(b for b in seen if b is not None)
        raise click.UsageError(one_line(f"no board {', '.join(missing)} in {name} "
                                        f"(boards: {known or 'none'})"))
