"""``belote engine``: the warm solver for programs, one JSON request a line (``docs/serve.md``).

The requests are answered here and by ``belote serve`` (:mod:`.serve`) alike:
:func:`execute` answers one request, in a child process forked from the warm
process (:class:`Child`), so that a request has its own memory, standard
output, exit status and global state, and can be stopped by ending its
process. ``run`` requests run the command line itself (:func:`run_command`),
so their output is the cold command's; typed requests call the library.
"""

from __future__ import annotations

import gc
import importlib
import io
import json
import os
import select
import signal
import sys
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable
from contextlib import contextmanager
from typing import Any

import click

from belote import BeloteError, Deal, Run, __version__

from .common import one_line, start_solver

PROTOCOL = 1
"""The version of the request and answer objects (``docs/serve.md``)."""

MAX_LINE = 16 * 1024 * 1024
"""The longest request line the engine reads."""

CANCELLED = "cancelled"

Progress = Callable[[float], None]


class RequestError(ValueError):
    """A request that cannot be answered: one line, status 2 (HTTP 400)."""


def hello() -> dict[str, Any]:
    """The first line the engine prints."""
    return {"engine": "belote", "protocol": PROTOCOL, "version": __version__}


WARM_MODULES = ("belote.analysis.board", "belote.analysis.position", "belote.advice.hint",
                "belote.advice.answer", "belote.formats.games", "belote.parallel")
"""What the requests import, imported once in the warm process (not polars: see
:func:`belote.parallel.runner.fork_is_safe`)."""

WARM_DEAL = "N:AJ.QJ.AJT.Q 987.T987.K. KQT.A.Q9.A8 .K.87.KJT97"


def warm() -> None:
    """Load the kernels and the modules the requests use, and value one position, here.

    Each child then starts with them: what a child loads is lost with it.
    """
    start_solver()
    for name in WARM_MODULES:
        importlib.import_module(name)
    from belote.analysis import position_report
    from belote import Board

    position_report(Board(Deal.from_pbn(WARM_DEAL), dealer=0, contract="80H", declarer=0))
    gc.freeze()


def request_kind(request: Any) -> str:
    """The kind of ``request`` (``run`` for a request with ``argv`` and no ``kind``)."""
    if not isinstance(request, dict):
        raise RequestError("a request is a JSON object")
    kind = request.get("kind", "run" if "argv" in request else None)
    if kind is None:
        raise RequestError("the request has no kind (and no argv)")
    if not isinstance(kind, str) or (kind != "run" and kind not in TYPED and kind != "cancel"):
        known = ", ".join(["run", *TYPED, "cancel"])
        raise RequestError(f"unknown kind {str(kind)[:40]!r} (known: {known})")
    return str(kind)


# ---- run: a command line ----------------------------------------------------------------------

REACHES_OUT = frozenset({"scheduler"})
"""Options that are no path yet reach beyond the machine's named files (``--scheduler``: a
Dask scheduler's address, whose answers a client unpickles): refused through the server."""


def _refuse_files(command: click.Command, name: str, args: list[str],
                  files: tuple[str, ...]) -> None:
    """Refuse ``args`` of ``command`` that read a file not in ``files``, write any file or
    reach another machine (:data:`REACHES_OUT`)."""
    ctx = click.Context(command, info_name=name, resilient_parsing=True)
    try:
        opts, _, _ = command.make_parser(ctx).parse_args(list(args))
    except click.UsageError:
        return  # the command itself refuses these arguments, before reading anything
    allowed = {os.path.realpath(f) for f in files}
    for param in command.params:
        if param.name in REACHES_OUT and isinstance(opts.get(param.name), str):
            raise RequestError(f"{name} {param.opts[0]}: not through the server (it runs "
                               "requests on this machine only)")
        if not isinstance(param.type, (click.Path, click.File)):
            continue
        value = opts.get(param.name)  # strings as given; None or click's UNSET when not given
        values = [v for v in (value if isinstance(value, (list, tuple)) else [value])
                  if isinstance(v, str)]
        if not values:
            continue
        flag = param.opts[0] if isinstance(param, click.Option) else param.human_readable_name
        if isinstance(param.type, click.Path) and not param.type.exists:
            raise RequestError(f"{name} {flag}: not through the server (it reads only the "
                               "files named on its command line and writes none)")
        for v in values:
            if os.path.realpath(v) not in allowed:
                raise RequestError(f"{name} {flag}: {one_line(str(v), before='')[:200]} is not "
                                   "a file named on belote serve's command line")


def check_argv(argv: Any, files: tuple[str, ...] | None) -> list[str]:
    """``argv`` checked: a list of strings naming a command of ``belote`` (not ``serve`` or
    ``engine``); with ``files`` (the server), reading only those files and writing none."""
    from .main import cli

    if not isinstance(argv, list) or not argv or not all(isinstance(a, str) for a in argv):
        raise RequestError("argv: expected a list of strings, the command first")
    command = cli.commands.get(argv[0])
    if command is None or argv[0] in ("serve", "engine"):
        raise RequestError(f"argv: {one_line(argv[0], before='')[:40]!r} is not a command "
                           "the engine runs")
    if files is not None:
        _refuse_files(command, argv[0], argv[1:], files)
    return argv


def _parsed_output(text: str) -> dict[str, Any]:
    """``{"output": JSON}`` (a list for several lines), or ``{"text": text}`` when not JSON."""
    lines = [line for line in text.splitlines() if line.strip()]
    try:
        values = [json.loads(line) for line in lines]
    except ValueError:
        return {"text": text}
    if not values:
        return {"text": text} if text else {}
    return {"output": values[0] if len(values) == 1 else values}


def run_command(argv: list[str]) -> dict[str, Any]:
    """Run ``belote ARGV`` here, its output captured: ``{"status", "output" | "text", "error"}``.

    Only in a child process (:class:`Child`): it points file descriptors 0, 1
    and 2 elsewhere and leaves the command's global state behind.
    """
    from .main import cli

    out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.dup2(out.fileno(), 1)
    os.dup2(err.fileno(), 2)
    sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8")
    sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8",
                                  line_buffering=True)
    try:
        cli.main(args=argv, prog_name="belote", standalone_mode=True)
        status = 0
    except SystemExit as e:
        status = e.code if isinstance(e.code, int) else 0 if e.code is None else 1
    sys.stdout.flush()
    sys.stderr.flush()
    out.seek(0)
    err.seek(0)
    answer: dict[str, Any] = {"status": status}
    answer.update(_parsed_output(out.read().decode("utf-8", "replace")))
    if status:
        lines = [line for line in err.read().decode("utf-8", "replace").splitlines()
                 if line.strip()]
        answer["error"] = lines[-1].removeprefix("Error: ") if lines else f"exit status {status}"
    return answer


# ---- typed requests ---------------------------------------------------------------------------

_BOARD_FIELDS = ("board", "dealer", "mode", "deal", "contract", "declarer", "leader", "play",
                 "auction", "turned")


def board_of(request: Any) -> Any:
    """The :class:`~belote.board.Board` a request describes (fields of ``docs/serve.md``)."""
    from belote.formats import game_json

    if not isinstance(request, dict):
        raise RequestError("board: expected an object")
    record: dict[str, Any] = {"format": game_json.FORMAT}
    record.update({k: request[k] for k in _BOARD_FIELDS if request.get(k) is not None})
    if record.get("board") is not None:
        record["board"] = str(record["board"])
    deal = record.get("deal")
    if isinstance(deal, str) and "leader" not in record and "dealer" not in record:
        record["dealer"] = deal.strip()[:1]  # as solve --deal: the first seat written deals
    if record.get("auction") is not None and "dealer" not in record:
        record["dealer"] = request.get("auction_dealer")
    try:
        board = game_json.parse_record(record)
        if board.contract is not None and board.play_leader is None:
            board = board.replace(play_leader=board.first_leader())
        return board
    except BeloteError as e:
        raise RequestError(str(e)) from None


def board_dict(board: Any, name: str | None = None) -> dict[str, Any]:
    """A board as the requests give it, with its ``name`` and ``auction_dealer``."""
    from belote.formats import game_json

    record = game_json.record_dict(board)
    record.pop("format")
    record.setdefault("play", [])
    record.setdefault("auction", None)
    if "leader" not in record and board.contract is not None and board.dealer is not None:
        record["leader"] = "NESW"[board.first_leader()]
    record["auction_dealer"] = record.get("dealer")
    record["name"] = name or ("Record" if board.board is None else f"Board {board.board}")
    return record


def check_file(index: Any, files: tuple[str, ...] | None) -> int:
    """``index`` checked: the index of one of ``files`` (the server's named files)."""
    if files is None or type(index) is not int or not 0 <= index < len(files):
        raise RequestError(f"file: {str(index)[:20]} is not the index of a file named on "
                           "belote serve's command line")
    return index


def _named_file(request: dict[str, Any], files: tuple[str, ...] | None) -> tuple[str, bytes]:
    """The name and bytes of the file whose index ``request["file"]`` gives among ``files``."""
    path = files[check_file(request["file"], files)]  # type: ignore[index]
    name = os.path.basename(path)
    with open(path, "rb") as fp:
        data = fp.read(MAX_LINE + 1)
    if len(data) > MAX_LINE:
        raise RequestError(f"{name}: larger than {MAX_LINE // 2**20} MiB")
    return name, data


def _boards(data: bytes, name: str) -> list[Any]:
    """The boards of a record's bytes (its format from ``name``'s extension, PBN by default)."""
    from belote.formats import games

    kind = games.GAME_FORMATS.get(os.path.splitext(name)[1].lower(), "pbn")
    boards = []
    try:
        for item in games.iter_games(io.BytesIO(data), format=kind, name=name):
            if isinstance(item, BeloteError):
                raise item
            boards.append(item)
    except BeloteError as e:
        raise RequestError(str(e)) from None
    if not boards:
        raise RequestError(f"{name}: no boards in the file")
    return boards


def _open(request: dict[str, Any], files: tuple[str, ...] | None, progress: Progress
          ) -> dict[str, Any]:
    if "file" in request:
        name, data = _named_file(request, files)
    else:
        text, name = request.get("text"), request.get("name") or "record.pbn"
        if not isinstance(text, str) or not isinstance(name, str):
            raise RequestError("open: give text (the record) and name, or file")
        data = text.encode("utf-8")
    name = os.path.basename(name)
    return {"boards": [board_dict(b) for b in _boards(data, name)]}


def _replay_page(request: dict[str, Any], files: tuple[str, ...] | None, progress: Progress
                 ) -> dict[str, Any]:
    """The replay page (``belote analyse --html``) of a named file, its cards linked to the
    analysis board at ``board_link`` when given (:func:`~belote.analysis.replay.replay_page`)."""
    from belote import board_play_analysis
    from belote.analysis import replay_page
    from belote.dd import SearchContext

    if "file" not in request:
        raise RequestError("replay_page: give file, the index of a file named on belote "
                           "serve's command line")
    link = request.get("board_link")
    if link is not None and not isinstance(link, str):
        raise RequestError("replay_page: board_link is a string")
    name, data = _named_file(request, files)
    boards = _boards(data, name)
    context = SearchContext()
    analyses = []
    try:
        for i, board in enumerate(boards):
            analyses.append(None if board.passed_out or not board.cards
                            else board_play_analysis(board, context=context))
            progress(min((i + 1) / len(boards), 0.99))
        return {"html": replay_page(boards, analyses, title=name, context=context,
                                    board_link=link)}
    except BeloteError as e:
        raise RequestError(str(e)) from None


def _session_page(request: dict[str, Any], files: tuple[str, ...] | None, progress: Progress
                  ) -> dict[str, Any]:
    """The session page (``belote review --html``) of a named file: every seat reviewed with
    the defaults, its quizzes, its boards and cards linked to the analysis board at
    ``board_link`` and its replay page at ``replay_link``
    (:func:`~belote.analysis.review_page.session_page`)."""
    from belote.analysis import session_page, session_quiz
    from belote import review

    if "file" not in request:
        raise RequestError("session_page: give file, the index of a file named on belote "
                           "serve's command line")
    links = [request.get("board_link"), request.get("replay_link", "replay.html")]
    if not all(link is None or isinstance(link, str) for link in links):
        raise RequestError("session_page: board_link and replay_link are strings")
    name, data = _named_file(request, files)
    boards = _boards(data, name)
    done = [0]

    def advance(n: int) -> None:
        done[0] += n
        progress(min(done[0] / (len(boards) + 1), 0.99))  # the quizzes last

    try:
        session = review(boards, run=Run("serial", progress=advance))
        quizzes = session_quiz(boards, session)
        return {"html": session_page(session.to_dict(), title=name,
                                     replay=links[1] or "replay.html", board=links[0],
                                     quizzes=[q.to_dict() for q in quizzes])}
    except BeloteError as e:
        raise RequestError(str(e)) from None


def _position(request: dict[str, Any], files: Any, progress: Progress) -> dict[str, Any]:
    from belote.analysis import position_report

    board = board_of(request)
    try:
        return position_report(board).to_dict()
    except BeloteError as e:
        raise RequestError(str(e)) from None


def _play(request: dict[str, Any], files: Any, progress: Progress) -> dict[str, Any]:
    from belote.analysis import position_report

    board = board_of(request)
    card, to_end = request.get("card"), request.get("to_end", False)
    if card is not None and (not isinstance(card, str) or to_end):
        raise RequestError("play: card is a card name like \"AS\", without to_end")
    played: list[str] = []
    try:
        while True:
            report = position_report(board)
            if report.position.is_over:
                if not played:
                    raise RequestError("play: the deal is over")
                break
            if card is None:
                card = next(v["card"] for v in report.to_dict()["values"] if v["best"])
            board = board.replace(cards=board.cards + (card,))
            played.append(card)
            card = None
            if not to_end:
                report = position_report(board)
                break
    except BeloteError as e:
        raise RequestError(str(e)) from None
    return {"played": played, "board": board_dict(board, request.get("name")),
            "position": report.to_dict()}


def _table(request: dict[str, Any], files: Any, progress: Progress) -> dict[str, Any]:
    from belote import board_analysis

    board = board_of(request)
    try:
        return board_analysis(board.replace(cards=())).to_dict()
    except BeloteError as e:
        raise RequestError(str(e)) from None


def _single_dummy(request: dict[str, Any], files: Any, progress: Progress) -> dict[str, Any]:
    from belote.advice import hint_board

    board = board_of(request)
    samples = request.get("samples", 50)
    if type(samples) is not int:
        raise RequestError("samples: expected a whole number")
    done = [0]

    def advance(n: int) -> None:
        done[0] += n
        progress(min(done[0] / samples, 0.99))

    try:
        position = board.position()
        if position.is_over:
            raise RequestError("single_dummy: the deal is over")
        return hint_board(board, position.to_move, samples=samples,
                          run=Run("serial", progress=advance)).to_dict()
    except BeloteError as e:
        raise RequestError(str(e)) from None


def _bid(request: dict[str, Any], files: Any, progress: Progress) -> dict[str, Any]:
    argv = ["bid", "--json"]
    calls = request.get("auction")
    for key in ("hand", "seat", "dealer", "mode", "play", "turned", "samples", "contract"):
        value = request.get(key)
        if key == "dealer" and calls:
            continue  # the auction says who deals
        if value is not None:
            if not isinstance(value, (str, int)) or isinstance(value, bool):
                raise RequestError(f"bid: {key} is a string or a number")
            argv.append(f"--{key}={value}")  # one argument: a value cannot pass for an option
    if calls:
        dealer = request.get("dealer")
        if not isinstance(calls, list) or not all(isinstance(c, str) for c in calls) or \
                not isinstance(dealer, str) or dealer not in tuple("NESW"):
            raise RequestError("bid: auction is a list of calls from the dealer's left, with "
                               "the dealer (N, E, S or W)")
        first = "NESW".index(dealer) + 1
        argv.append("--auction=" + " ".join(f"{'NESW'[(first + i) % 4]}:{c}"
                                            for i, c in enumerate(calls)))
    answer = run_command(argv)
    if answer["status"]:
        raise RequestError(answer.get("error", "bid failed"))
    return answer["output"]


def _export(request: dict[str, Any], files: Any, progress: Progress) -> dict[str, Any]:
    from belote.formats import games

    board = board_of(request.get("board"))
    fmt = request.get("format")
    if fmt not in ("pbn", "cfn", "json"):
        raise RequestError("export: format is pbn, cfn or json")
    try:
        return {"text": games.dumps([board], fmt)}
    except BeloteError as e:
        raise RequestError(str(e)) from None


TYPED: dict[str, Callable[[dict[str, Any], Any, Progress], dict[str, Any]]] = {
    "open": _open, "position": _position, "play": _play, "table": _table,
    "single_dummy": _single_dummy, "bid": _bid, "export": _export,
    "replay_page": _replay_page, "session_page": _session_page}
"""The typed requests, by kind."""


def execute(request: dict[str, Any], files: tuple[str, ...] | None,
            progress: Progress = lambda x: None) -> dict[str, Any]:
    """The answer to ``request`` (without its id): ``{"status", ...}`` (``docs/serve.md``).

    ``files``: the files the request may read (the server's), ``None`` for any
    (the engine). Runs in a child process (:class:`Child`). A request whose ``local`` is
    a function is the server's own work (a seat's decision at the table, ``serve``): its
    answer is ``local(progress)``; a request read from JSON never holds a function.
    """
    try:
        local = request.get("local") if isinstance(request, dict) else None
        if callable(local):
            return {"status": 0, "result": local(progress)}
        kind = request_kind(request)
        if kind == "run":
            return run_command(check_argv(request.get("argv"), files))
        if kind == "cancel":
            raise RequestError("cancel: nothing to cancel here")
        return {"status": 0, "result": TYPED[kind](request, files, progress)}
    except RequestError as e:
        return {"status": 2, "error": one_line(str(e), before="")}


# ---- child processes ----------------------------------------------------------------------------

def _progress_to(progress: Progress) -> None:
    """In a child: the commands' progress bars (:func:`.running.progress_bar`) report the
    share of their items done to ``progress`` instead of drawing on stderr."""
    from . import running

    class Reported(running.Progress):
        def __init__(self, total: int | None) -> None:
            super().__init__()
            self.total, self.done = total, 0

        def update(self, n: int) -> None:
            self.done += n
            if self.total:
                progress(min(self.done / self.total, 0.99))

    @contextmanager
    def bar(total: int | None, unit: str, *, min_items: int = 0) -> Any:
        yield Reported(total)

    running.progress_bar = bar  # type: ignore[assignment]


_FORK_LOCK = threading.Lock()


def unforked(work: Callable[[], None]) -> None:
    """Run ``work`` in this process while no child is forked: what it loads (the player's
    kernels, ``serve``'s table) every later child starts with, and no child inherits a lock
    it held halfway."""
    with _FORK_LOCK:
        work()


def _end_with_parent() -> None:
    """In a child: ``SIGINT`` ignored (the parent decides), killed if the parent dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - no prctl on this libc
        pass


class Child:
    """One request answered in a child process forked from this warm one.

    The child writes progress lines (``P 0.25``) and then its answer (``R
    {...}``) on a pipe; :meth:`read` collects them, :meth:`kill` ends it.
    """

    def __init__(self, request: dict[str, Any], files: tuple[str, ...] | None) -> None:
        self.progress = 0.0
        self.answer: dict[str, Any] | None = None
        self._buffer = b""
        with _FORK_LOCK:  # no other child may inherit this one's write end (its EOF)
            read_end, write_end = os.pipe()
            pid = os.fork()
            if pid == 0:  # pragma: no cover - the child (measured through the engine's tests)
                os.close(read_end)
                self._child(request, files, write_end)
            os.close(write_end)
        self.pid, self.fd = pid, read_end
        self._reaped = False
        self._stopped = False  # ended by stop(): its end is a cancel, not a crash
        self._lock = threading.Lock()  # the pid is signalled only until it is reaped

    @staticmethod
    def _child(request: dict[str, Any], files: tuple[str, ...] | None,
               fd: int) -> None:  # pragma: no cover - runs in the child
        try:
            _end_with_parent()
            pipe = os.fdopen(fd, "wb")
            devnull = os.open(os.devnull, os.O_RDONLY)
            os.dup2(devnull, 0)  # the engine's requests are not the child's input
            os.dup2(2, 1)  # nor is its output the engine's answers

            def progress(x: float) -> None:
                pipe.write(f"P {x:.4f}\n".encode())
                pipe.flush()

            _progress_to(progress)
            try:
                answer = execute(request, files, progress)
            except Exception as e:  # a bug: say so in one line, as the command line does
                answer = {"status": 70, "error": f"internal error ({type(e).__name__}: "
                                                  f"{one_line(str(e), before='')})"}
            pipe.write(b"R " + json.dumps(answer).encode() + b"\n")
            pipe.flush()
        finally:
            os._exit(0)

    def read(self, timeout: float | None) -> bool:
        """Read what the child wrote within ``timeout`` seconds; True once it has answered."""
        if self.answer is not None:
            return True
        poller = select.poll()  # not select(): a busy server's descriptors pass 1024
        poller.register(self.fd, select.POLLIN)
        if not poller.poll(None if timeout is None else int(timeout * 1000)):
            return False
        data = os.read(self.fd, 1 << 20)
        if not data:  # ended without an answer: killed, or died
            self.answer = {"status": 2, "error": CANCELLED} if self._reaped or self._stopped else {
                "status": 70, "error": "internal error: the worker process ended without an "
                                       "answer"}
            self.close()
            return True
        self._buffer += data
        while b"\n" in self._buffer:
            line, self._buffer = self._buffer.split(b"\n", 1)
            if line.startswith(b"P "):
                self.progress = float(line[2:])
            elif line.startswith(b"R "):
                self.answer = json.loads(line[2:])
                self.close()
                return True
        return False

    def wait(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The answer, or ``None`` when ``timeout`` seconds pass first."""
        end = None if timeout is None else time.monotonic() + timeout
        while not self.read(None if end is None else max(0.0, end - time.monotonic())):
            if end is not None and time.monotonic() >= end:
                return None
        return self.answer

    def kill(self) -> None:
        """End the child now (its answer: status 2, ``cancelled``)."""
        if self.answer is None:
            self.answer = {"status": 2, "error": CANCELLED}
        self.close()

    def stop(self) -> None:
        """End the child from another thread than its reader's (which then sees its end)."""
        with self._lock:
            if not self._reaped:
                self._stopped = True
                os.kill(self.pid, signal.SIGKILL)

    def close(self) -> None:
        """Kill the child if it still runs, reap it, close the pipe (in the reader's thread)."""
        with self._lock:
            if self._reaped:
                return
            self._reaped = True
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:  # pragma: no cover - already gone
                pass
            os.waitpid(self.pid, 0)
        os.close(self.fd)


# ---- the engine command -------------------------------------------------------------------------

def _write(answer: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()


class _Engine:
    """The engine's loop: requests read as they come, answered one at a time and in order,
    a ``cancel`` at once."""

    def __init__(self) -> None:
        self.pending: deque[tuple[Any, dict[str, Any]]] = deque()
        self.current: tuple[Any, Child] | None = None
        self.buffer = b""
        self.eof = False

    def take(self, line: bytes) -> None:
        """One request line: queued, or answered at once (a bad line, a cancel)."""
        from belote.files import load_json

        try:
            request = load_json(line.decode("utf-8"))
        except ValueError as e:  # not UTF-8, not JSON, or beyond the bounded reading's limits
            message = str(e) if str(e).startswith("not JSON") else f"not JSON: {e}"
            _write({"id": None, "status": 2, "error": one_line(message, before="")})
            return
        rid = request.get("id") if isinstance(request, dict) else None
        try:
            kind = request_kind(request)
        except RequestError as e:
            _write({"id": rid, "status": 2, "error": str(e)})
            return
        if kind != "cancel":
            self.pending.append((rid, request))
            return
        target = request.get("target")
        cancelled = False
        if self.current is not None and self.current[0] == target:
            self.current[1].kill()
            self.finish()
            cancelled = True
        for item in list(self.pending):
            if item[0] == target:
                self.pending.remove(item)
                _write({"id": target, "status": 2, "error": CANCELLED})
                cancelled = True
        _write({"id": rid, "status": 0, "result": {"cancelled": cancelled}})

    def finish(self) -> None:
        """Write the current request's answer."""
        assert self.current is not None
        rid, child = self.current
        assert child.answer is not None
        _write({"id": rid, **child.answer})
        self.current = None

    def feed(self, data: bytes) -> None:
        """Take the complete lines of ``data`` (all of it at the end of the input)."""
        self.eof = self.eof or not data
        self.buffer += data
        if self.eof and self.buffer.strip():
            self.buffer += b"\n"
        while b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            if line.strip():
                self.take(line)
        if len(self.buffer) > MAX_LINE:
            self.buffer = b""
            _write({"id": None, "status": 2,
                    "error": f"a request line longer than {MAX_LINE // 2**20} MiB"})

    def loop(self) -> None:
        try:
            stdin: int | None = sys.stdin.buffer.fileno()
        except (AttributeError, OSError, ValueError):  # a stream without a file (click's tests)
            stdin = None
            self.feed(sys.stdin.buffer.read(MAX_LINE))
            self.feed(b"")
        while True:
            if self.current is None and self.pending:
                rid, request = self.pending.popleft()
                self.current = (rid, Child(request, None))
            if self.current is None and self.eof:
                return
            watched = ([] if self.eof or stdin is None else [stdin]) + (
                [self.current[1].fd] if self.current is not None else [])
            ready, _, _ = select.select(watched, [], [])
            if self.current is not None and self.current[1].fd in ready:
                if self.current[1].read(0):
                    self.finish()
            if stdin is not None and stdin in ready:
                self.feed(os.read(stdin, 1 << 20))

    def stop(self) -> None:
        if self.current is not None:
            self.current[1].close()


@click.command()
def engine():
    """Answer JSON requests on stdin, one a line.

    One answer a line on stdout; the solver stays loaded between requests. A request runs any command
    ({"id": 1, "argv": ["solve", "--deal", "N:...", "--json"]} answers
    {"id": 1, "status": 0, "output": ...}, what the command prints) or asks
    for a position, the values of the legal cards, a card to play... (see
    the guide, docs/serve.md). The first line printed names the protocol
    version; the engine ends at the end of its input.
    """
    warm()
    _write(hello())
    loop = _Engine()
    try:
        loop.loop()
    finally:
        loop.stop()
