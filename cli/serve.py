"""``belote serve``: the analysis page, a local web server with the solver kept loaded.

The server is the standard library's :class:`http.server.ThreadingHTTPServer`:
the page is three static files and a few JSON requests, so a web framework
would add a dependency and nothing the checks below need. A thread reads
each connection; the work is done in child processes forked from this warm
process (:class:`belote.cli.engine.Child`), at most ``--jobs`` at once and
``--queue`` waiting. Safe by default (``docs/serve.md``): loopback only, a
per-run token, ``Host`` and ``Origin`` checked, bodies and durations bounded,
no file read but those named on the command line.
"""

from __future__ import annotations

import base64
import hashlib
import html
import ipaddress
import json
import os
import re
import secrets
import socket
import threading
import time
from collections import OrderedDict
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import click

from belote import get_profile

from .common import display_path, notice, one_line
from .engine import (TYPED, Child, RequestError, check_argv, check_file, hello, request_kind,
                     unforked, warm)

MAX_BODY = 8 * 1024 * 1024
"""The largest request body (413 beyond)."""

JOB_KINDS = ("single_dummy", "bid", "session_page")
"""Requests answered over HTTP as jobs (progress, cancel), not at once."""

JOB_TIME_FACTOR = 10
"""Jobs may run this many times ``--timeout``."""

KEPT_JOBS = 64
"""Finished jobs kept for their answer; the oldest are forgotten beyond."""

MAX_CONNECTIONS = 256
"""Connections served at once (each has a thread); more are answered 429 at once."""

SOCKET_TIMEOUT = 20.0
"""Seconds a connection may take to send its whole request."""

PAGE_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
              ".js": "text/javascript; charset=utf-8", ".png": "image/png",
              ".svg": "image/svg+xml"}

CSP = ("default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; "
       "frame-ancestors 'none'; form-action 'none'")
"""The page's Content-Security-Policy: its own files only, no inline script."""


WAITING = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="2">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reviewing {name}</title></head><body>
<p id="reviewing">Reviewing {name}: {percent}% done. Every call and card is judged double and
single dummy, as <code>belote review</code> does; the session page appears here when the
review is over (this page reloads itself).</p></body></html>
"""
"""What ``GET /review/N`` answers while the review runs."""


def inline_csp(page: str) -> str:
    """The Content-Security-Policy of a self-contained page (a replay page): nothing fetched,
    and no script or style but the page's own inline ``<script>`` and ``<style>`` blocks,
    named by their SHA-256 (its ``<script type="application/json">`` data is not run)."""
    def allowed(tag: str) -> str:
        found = re.findall(rf"<{tag}>(.*?)</{tag}>", page, re.S)
        return " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(b.encode()).digest()).decode()}'"
                        for b in found) or "'none'"

    return (f"default-src 'none'; script-src {allowed('script')}; style-src "
            f"{allowed('style')}; img-src data:; base-uri 'none'; frame-ancestors 'none'; "
            "form-action 'none'")


class Refused(Exception):
    """An HTTP error answer: ``status`` and one line."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class Job:
    """A request run in the background: ``state``, ``progress``, its answer."""

    def __init__(self, request: dict[str, Any]) -> None:
        self.request = request
        self.state = "queued"
        self.child: Child | None = None
        self.answer: dict[str, Any] | None = None
        self.cancelled = threading.Event()

    def to_dict(self) -> dict[str, Any]:
        child = self.child
        out: dict[str, Any] = {"state": self.state, "progress": (
            1.0 if self.state == "done" else child.progress if child is not None else 0.0)}
        if self.answer is not None:
            if "result" in self.answer:
                out["result"] = self.answer["result"]
            if "error" in self.answer:
                out["error"] = self.answer["error"]
        return out


class Workers:
    """The bounded pool: at most ``jobs`` children at once, ``queue`` requests waiting."""

    def __init__(self, files: tuple[str, ...], jobs: int, queue: int, timeout: float) -> None:
        self.files, self.jobs, self.queue, self.timeout = files, jobs, queue, timeout
        self.slots = threading.BoundedSemaphore(jobs)
        self.lock = threading.Lock()
        self.admitted = 0
        self.children: set[Child] = set()
        self.background: OrderedDict[str, Job] = OrderedDict()
        self.closing = False

    def _admit(self) -> None:
        with self.lock:
            if self.closing:
                raise Refused(HTTPStatus.SERVICE_UNAVAILABLE, "the server is stopping")
            if self.admitted >= self.jobs + self.queue:
                raise Refused(HTTPStatus.TOO_MANY_REQUESTS,
                              f"busy: {self.jobs} requests running and {self.queue} waiting")
            self.admitted += 1

    def _leave(self) -> None:
        with self.lock:
            self.admitted -= 1

    def _run(self, request: dict[str, Any], seconds: float, job: Job | None = None
             ) -> dict[str, Any]:
        """Wait for a slot, answer ``request`` in a child within ``seconds`` (504 after)."""
        end = time.monotonic() + seconds
        if not self.slots.acquire(timeout=seconds):
            raise Refused(HTTPStatus.GATEWAY_TIMEOUT, f"no worker free within {seconds:g} s")
        try:
            with self.lock:
                if self.closing or (job is not None and job.cancelled.is_set()):
                    return {"status": 2, "error": "cancelled"}
                child = Child(request, self.files)
                self.children.add(child)
            if job is not None:
                job.child, job.state = child, "running"
            try:
                while not child.read(0.25):
                    if job is not None and job.cancelled.is_set():
                        child.kill()
                    elif time.monotonic() > end:
                        child.kill()
                        raise Refused(HTTPStatus.GATEWAY_TIMEOUT,
                                      f"the request ran over {seconds:g} s")
            finally:
                child.close()
                with self.lock:
                    self.children.discard(child)
            assert child.answer is not None
            return child.answer
        finally:
            self.slots.release()

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        """Answer ``request`` now (in this thread)."""
        self._admit()
        try:
            return self._run(request, self.timeout)
        finally:
            self._leave()

    def start(self, request: dict[str, Any]) -> str:
        """Start ``request`` as a job; its id."""
        self._admit()
        job = Job(request)
        name = secrets.token_hex(8)
        with self.lock:
            self.background[name] = job
            finished = [k for k, j in self.background.items() if j.state not in
                        ("queued", "running")]
            for k in finished[:max(0, len(self.background) - KEPT_JOBS)]:
                del self.background[k]

        def work() -> None:
            try:
                job.answer = self._run(request, self.timeout * JOB_TIME_FACTOR, job)
                job.state = ("cancelled" if job.cancelled.is_set() else
                             "done" if job.answer.get("status") == 0 else "error")
            except Refused as e:
                job.answer, job.state = {"status": 2, "error": str(e)}, "error"
            finally:
                self._leave()

        threading.Thread(target=work, name=f"job-{name}", daemon=True).start()
        return name

    def job(self, name: str) -> Job:
        with self.lock:
            job = self.background.get(name)
        if job is None:
            raise Refused(HTTPStatus.NOT_FOUND, f"no job {name[:20]!r}")
        return job

    def close(self) -> None:
        """Refuse new work and end every child now."""
        with self.lock:
            self.closing = True
            children = list(self.children)
            for job in self.background.values():
                job.cancelled.set()
        for child in children:
            child.stop()


KEPT_MATCHES = 32
"""Matches kept at the table (``/api/match``); the one left alone longest is forgotten beyond."""


class Table:
    """One match at the table: a :class:`~belote.player.session.MatchSession` kept in the
    server, and the thread that has the other seats decide, each decision in a child
    (:meth:`Workers.answer`, bounded like every request) while the page shows who is
    thinking."""

    def __init__(self, session: Any, workers: Workers) -> None:
        self.session = session
        self.workers = workers
        self.lock = threading.Lock()
        self.thinking: tuple[str, float] | None = None  # the seat deciding, since when
        self.error: str | None = None
        self.closed = False
        self.used = time.monotonic()

    def state(self) -> dict[str, Any]:
        """What the person sees (:meth:`MatchSession.state`), with who is thinking and the
        last decision that failed."""
        with self.lock:
            out = self.session.state()
            thinking = self.thinking
            out["thinking"] = None if thinking is None else {
                "seat": thinking[0], "seconds": round(time.monotonic() - thinking[1], 1)}
            out["error"] = self.error
        return out

    def drive(self, again: bool = False) -> None:
        """Start the other seats' decisions if one of them is to move and none is running
        (after a decision that failed, only when asked ``again``)."""
        with self.lock:
            self.used = time.monotonic()
            seat = self.session.bot_to_move
            if seat is None or self.thinking is not None or self.closed or (
                    self.error is not None and not again):
                return
            self.thinking, self.error = ("NESW"[seat], time.monotonic()), None
        threading.Thread(target=self._decide_all, name="table", daemon=True).start()

    def _decide_all(self) -> None:
        while True:
            with self.lock:
                seat = self.session.bot_to_move
                if seat is None or self.closed:
                    self.thinking = None
                    return
                self.thinking = ("NESW"[seat], time.monotonic())
                decide = self.session.decider()  # the position as it is: the child's copy
            try:
                answer = self.workers.answer({"local": decide})
                if answer["status"] != 0:
                    raise Refused(HTTPStatus.INTERNAL_SERVER_ERROR, answer["error"])
                with self.lock:
                    self.session.act(seat, answer["result"]["action"],
                                     answer["result"].get("explanation"))
            except Exception as e:  # busy, too long, or a bug: said on the page, asked again
                why = one_line(str(e), before="") if isinstance(e, (Refused, ValueError)) else \
                    f"internal error ({type(e).__name__}: {one_line(str(e), before='')})"
                with self.lock:
                    self.thinking = None
                    self.error = f"{'NESW'[seat]} could not decide ({why})."
                return

    def act(self, body: dict[str, Any]) -> None:
        """The person's call or card (``action``), if it is legal now; ``step`` (optional)
        the number of calls and cards the page saw made, so a click on a table that has
        moved on since is refused."""
        action, step = body.get("action"), body.get("step")
        if not isinstance(action, str) or not 1 <= len(action) <= 12:
            raise Refused(HTTPStatus.BAD_REQUEST, "act: action is a call (P, 90H, X, XX, H...) "
                                                  "or a card (AS, TH...)")
        if step is not None and type(step) is not int:
            raise Refused(HTTPStatus.BAD_REQUEST, "act: step is a whole number")
        with self.lock:
            self.used = time.monotonic()
            if step is not None and step != self.session.step:
                raise Refused(HTTPStatus.CONFLICT, "the table has moved on since: look again")
            try:
                self.session.act(self.session.seat, action)
            except ValueError as e:
                raise Refused(HTTPStatus.BAD_REQUEST, str(e)) from None
        self.drive()

    def next_deal(self) -> None:
        with self.lock:
            try:
                self.session.next_deal()
            except ValueError as e:
                raise Refused(HTTPStatus.BAD_REQUEST, str(e)) from None
        self.drive()

    def record(self, fmt: str) -> dict[str, Any]:
        """The finished deals as a ``cfn``, ``json`` or ``pbn`` record (the checked writer)."""
        from belote.formats import games

        if fmt not in RECORD_SUFFIX:
            raise Refused(HTTPStatus.BAD_REQUEST, "record: format is cfn, json or pbn")
        with self.lock:
            boards = self.session.boards()
        if not boards:
            raise Refused(HTTPStatus.BAD_REQUEST, "record: no deal is finished yet")
        if fmt == "cfn" and self.session.mode != "coinche":
            raise Refused(HTTPStatus.BAD_REQUEST, "record: CFN holds coinche games only: "
                                                  "take game JSON or PBN")
        try:
            text, losses = games.write(boards, fmt)
        except ValueError as e:
            raise Refused(HTTPStatus.BAD_REQUEST, f"record: {e}") from None
        return {"text": text, "losses": losses, "deals": len(boards),
                "name": f"match-{self.session.mode}{RECORD_SUFFIX[fmt]}"}


RECORD_SUFFIX = {"cfn": ".cfn", "json": ".jsonl", "pbn": ".pbn"}
"""The formats a match downloads in, and their files' suffix."""


class Tables:
    """The matches at the table, by id: at most :data:`KEPT_MATCHES`."""

    def __init__(self, workers: Workers) -> None:
        self.workers = workers
        self.lock = threading.Lock()
        self.matches: dict[str, Table] = {}
        self.warm = threading.Lock()
        self.warmed = False

    def warm_up(self) -> None:
        """Load the player in this process once, no child forked meanwhile
        (:func:`belote.player.session.warm_player`): each decision's child then starts warm."""
        from belote.player import warm_player

        with self.warm:
            if not self.warmed:
                unforked(warm_player)
                self.warmed = True

    def new(self, body: dict[str, Any]) -> tuple[str, Table]:
        """A new match from the page's choices (:func:`belote.player.session.new_match`)."""
        from belote.player import new_match

        self.warm_up()
        try:
            session = new_match(**_match_options(body))
        except ValueError as e:
            raise Refused(HTTPStatus.BAD_REQUEST, str(e)) from None
        table = Table(session, self.workers)
        name = secrets.token_hex(8)
        with self.lock:
            self.matches[name] = table
            while len(self.matches) > KEPT_MATCHES:
                oldest = min(self.matches, key=lambda k: self.matches[k].used)
                self.matches.pop(oldest).closed = True
        table.drive()
        return name, table

    def get(self, name: str) -> Table:
        with self.lock:
            table = self.matches.get(name)
        if table is None:
            raise Refused(HTTPStatus.NOT_FOUND, f"no match {name[:20]!r} (the server keeps the "
                                                f"last {KEPT_MATCHES}, until it stops)")
        return table


MATCH_OPTIONS = {"mode": str, "seat": str, "dealer": str, "seed": int, "target": int,
                 "strength": str}
"""What ``POST /api/match`` may say, and its type (each optional)."""


def _match_options(body: dict[str, Any]) -> dict[str, Any]:
    options = {}
    for key, value in body.items():
        kind = MATCH_OPTIONS.get(key)
        if kind is None:
            raise Refused(HTTPStatus.BAD_REQUEST, f"match: unknown field {key[:20]!r} (known: "
                                                  f"{', '.join(MATCH_OPTIONS)})")
        if value is None:
            continue
        if type(value) is not kind:
            raise Refused(HTTPStatus.BAD_REQUEST, f"match: {key} is a "
                                                  f"{'string' if kind is str else 'whole number'}")
        options[key] = value
    return options


class Server(ThreadingHTTPServer):
    """The HTTP server with what the handlers share: the token, the names it answers to,
    the page's files and the :class:`Workers`."""

    daemon_threads = True
    request_queue_size = 128

    def __init__(self, address: tuple[str, int], workers: Workers, page: dict[str, bytes]
                 ) -> None:
        super().__init__(address, Handler)
        self.workers = workers
        self.replays: dict[int, tuple[tuple[int, int], bytes]] = {}
        self.sessions: dict[int, tuple[tuple[int, int], bytes | Job]] = {}
        self.pages_lock = threading.Lock()
        self.connections = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self.token = secrets.token_urlsafe(24)
        page = {name: re.sub(  # a page's own files are asked for with the token too
            rb'((?:href|src)="[\w.-]+\.(?:css|js|html))"', rb'\1?token=' + self.token.encode()
            + rb'"', data) if name.endswith(".html") else data for name, data in page.items()}
        self.page = page
        self.tables = Tables(workers)
        bound, port = self.server_address[:2]
        host = bound.decode() if isinstance(bound, (bytes, bytearray)) else str(bound)
        shown = f"[{host}]" if ":" in host else host
        self.url = f"http://{shown}:{port}/?token={self.token}"
        names = {shown}
        if _loopback(host):
            names |= {"localhost", "127.0.0.1", "[::1]"}
        self.hosts = {f"{n}:{port}" for n in names}
        self.port = port
        self.any_address = not _loopback(host)

    def _version(self, index: int) -> tuple[int, int]:
        """The named file ``index``'s version: its modification time and size."""
        path = self.workers.files[index]
        try:
            stat = os.stat(path)
        except OSError as e:
            raise Refused(HTTPStatus.NOT_FOUND, f"{Path(path).name}: {e.strerror}") from None
        return stat.st_mtime_ns, stat.st_size

    def replay(self, index: int) -> bytes:
        """The replay page of the named file ``index`` (from 0), its cards linked to the
        analysis board (:func:`belote.analysis.replay.replay_page`); made in a worker once
        for each version of the file."""
        version = self._version(index)
        kept = self.replays.get(index)
        if kept is not None and kept[0] == version:
            return kept[1]
        answer = self.workers.answer({"kind": "replay_page", "file": index,
                                      "board_link": f"/?token={self.token}#f={index + 1}"})
        if answer["status"] != 0:
            raise Refused(HTTPStatus.BAD_REQUEST if answer["status"] == 2 else
                          HTTPStatus.INTERNAL_SERVER_ERROR, answer["error"])
        page = answer["result"]["html"].encode()
        self.replays[index] = (version, page)
        return page

    def session(self, index: int) -> bytes | float:
        """The session page of the named file ``index`` (from 0), its boards and cards linked
        to the analysis board, or, while the review making it runs as a job, its progress
        (0 to 1); made once for each version of the file."""
        version = self._version(index)
        with self.pages_lock:
            kept = self.sessions.get(index)
            if kept is None or kept[0] != version:
                kept = (version, self.workers.job(self.workers.start({
                    "kind": "session_page", "file": index,
                    "board_link": f"/?token={self.token}#f={index + 1}",
                    "replay_link": f"/replay/{index + 1}?token={self.token}"})))
                self.sessions[index] = kept
        job = kept[1]
        if isinstance(job, bytes):
            return job
        if job.state in ("queued", "running"):
            return job.to_dict()["progress"]
        answer = job.answer or {"status": 2, "error": job.state}
        with self.pages_lock:
            if self.sessions.get(index) == kept:
                if answer["status"] == 0:
                    self.sessions[index] = (version, answer["result"]["html"].encode())
                else:  # asked again, it starts again
                    del self.sessions[index]
        if answer["status"] != 0:
            raise Refused(HTTPStatus.BAD_REQUEST if answer["status"] == 2 else
                          HTTPStatus.INTERNAL_SERVER_ERROR, answer["error"])
        return answer["result"]["html"].encode()

    def own_host(self, value: str | None) -> bool:
        """Whether a ``Host`` header (or an ``Origin``'s host) names this server: one of its
        names, or, listening beyond loopback, any IP address with its port (a DNS rebinding
        attack needs a domain name)."""
        if value is None:
            return False
        if value in self.hosts:
            return True
        name, _, port = value.rpartition(":")
        if not self.any_address or port != str(self.port):
            return False
        try:
            ipaddress.ip_address(name.removeprefix("[").removesuffix("]"))
        except ValueError:
            return False
        return True


    def process_request(self, request: Any, client_address: Any) -> None:
        """A thread for the connection, or a 429 at once beyond :data:`MAX_CONNECTIONS`."""
        if not self.connections.acquire(blocking=False):
            try:
                request.sendall(b"HTTP/1.0 429 Too Many Requests\r\nContent-Length: 0\r\n"
                                b"Connection: close\r\n\r\n")
            except OSError:
                pass
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        """Serve one connection; its request must arrive whole within :data:`SOCKET_TIMEOUT`
        seconds in all (a per-read timeout would let a byte every few seconds hold a thread
        for ever): then its reading side is shut, which ends a request still arriving and
        leaves the answer to one already read untouched."""
        deadline = threading.Timer(SOCKET_TIMEOUT, _stop_reading, (request,))
        deadline.daemon = True
        deadline.start()
        try:
            super().process_request_thread(request, client_address)
        finally:
            deadline.cancel()
            self.connections.release()


def _stop_reading(request: Any) -> None:
    try:
        request.shutdown(socket.SHUT_RD)
    except OSError:
        pass  # closed already


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


class Handler(BaseHTTPRequestHandler):
    """One HTTP request: checked (``Host``, ``Origin``, token, size), then answered."""

    server: Server
    timeout = SOCKET_TIMEOUT
    protocol_version = "HTTP/1.0"
    server_version = "belote"
    sys_version = ""

    def log_message(self, format: str, *args: Any) -> None:
        """No access log (nothing is written from these threads)."""

    def _send(self, status: int, body: bytes, content_type: str, csp: str | None = None
              ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        if csp is not None:
            self.send_header("Content-Security-Policy", csp)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, data: Any) -> None:
        self._send(status, json.dumps(data).encode(), "application/json")

    def _handle(self) -> None:
        try:
            self._checked()
        except Refused as e:
            self.close_connection = True
            self._json(e.status, {"error": one_line(str(e), before="")})

    def do_GET(self) -> None:
        self._handle()

    def do_HEAD(self) -> None:
        self._handle()

    def do_POST(self) -> None:
        self._handle()

    def do_DELETE(self) -> None:
        self._handle()

    def _token_ok(self, query: dict[str, list[str]], headers: bool) -> None:
        given = query.get("token", [None])[0]
        if given is None and headers:
            auth = self.headers.get("Authorization", "")
            given = (auth[7:] if auth.startswith("Bearer ") else None) or self.headers.get(
                "X-Belote-Token")
        if not given:
            raise Refused(HTTPStatus.UNAUTHORIZED, "the token is missing: use the address "
                                                   "belote serve printed")
        if not secrets.compare_digest(given.encode(), self.server.token.encode()):
            raise Refused(HTTPStatus.FORBIDDEN, "wrong token")

    def _checked(self) -> None:
        server = self.server
        if not server.own_host(self.headers.get("Host")):
            raise Refused(HTTPStatus.FORBIDDEN, "this server answers only to its own address "
                                                "(Host header)")
        origin = self.headers.get("Origin")
        if origin is not None and not (origin.startswith("http://") and
                                       server.own_host(origin[len("http://"):])):
            raise Refused(HTTPStatus.FORBIDDEN, "requests from other sites are refused (Origin "
                                                "header)")
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        path = url.path
        if not path.startswith("/api/"):
            if self.command not in ("GET", "HEAD"):
                raise Refused(HTTPStatus.METHOD_NOT_ALLOWED, f"{self.command} {path[:40]}")
            for prefix in ("/replay/", "/review/"):
                if path.startswith(prefix):
                    self._token_ok(query, headers=False)
                    self._served(prefix, path[len(prefix):])
                    return
            name = "index.html" if path in ("/", "/index.html") else path[1:]
            self._token_ok(query, headers=False)  # the page and its files alike
            if name not in server.page:
                raise Refused(HTTPStatus.NOT_FOUND, f"no page {path[:60]!r}")
            self._send(HTTPStatus.OK, server.page[name],
                       PAGE_TYPES.get(Path(name).suffix, "application/octet-stream"),
                       csp=CSP if name.endswith(".html") else None)
            return
        self._token_ok(query, headers=True)
        self._api(path[len("/api/"):])

    def _served(self, prefix: str, number: str) -> None:
        """``GET /replay/N``, ``GET /review/N``: the replay page or the session page of the
        N-th file named on the command line (while the review runs, a page showing its
        progress that reloads itself)."""
        count = len(self.server.workers.files)
        if not (number.isdigit() and 1 <= int(number) <= count):
            raise Refused(HTTPStatus.NOT_FOUND, f"no file {number[:20]!r}: the files named on "
                                                f"belote serve's command line are 1 to {count}")
        index = int(number) - 1
        page = (self.server.replay(index) if prefix == "/replay/" else
                self.server.session(index))
        if isinstance(page, float):
            name = html.escape(Path(self.server.workers.files[index]).name)
            page = WAITING.format(name=name, percent=round(100 * page)).encode()
        self._send(HTTPStatus.OK, page, PAGE_TYPES[".html"], csp=inline_csp(page.decode()))

    def _body(self) -> dict[str, Any]:
        length = self.headers.get("Content-Length")
        if length is None or not (length.isascii() and length.isdigit()):  # not '²'
            raise Refused(HTTPStatus.LENGTH_REQUIRED, "a request body needs its Content-Length")
        if int(length) > MAX_BODY:
            raise Refused(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                          f"a request body is at most {MAX_BODY // 2**20} MiB")
        raw = self.rfile.read(int(length))
        from belote.files import load_json

        try:
            body = load_json((raw or b"{}").decode("utf-8"))
        except ValueError as e:  # not UTF-8, not JSON, or beyond the bounded reading's limits
            raise Refused(HTTPStatus.BAD_REQUEST, f"the body: {e}") from None
        if not isinstance(body, dict):
            raise Refused(HTTPStatus.BAD_REQUEST, "the body is a JSON object")
        return body

    def _api(self, route: str) -> None:
        workers = self.server.workers
        method = self.command
        if route == "match" or route.startswith("match/"):
            self._match(route[len("match/"):] if route != "match" else "")
            return
        if route.startswith("job/"):
            job = workers.job(route[4:])
            if method == "DELETE":
                job.cancelled.set()  # its thread ends the child within a quarter second
                if job.state in ("queued", "running"):
                    job.state = "cancelled"
            elif method != "GET":
                raise Refused(HTTPStatus.METHOD_NOT_ALLOWED, f"{method} {route[:40]}")
            self._json(HTTPStatus.OK, job.to_dict())
            return
        if method == "GET" and route in ("files", "version"):
            self._json(HTTPStatus.OK, hello() if route == "version" else {"files": [
                {"index": i, "name": Path(f).name} for i, f in enumerate(workers.files)]})
            return
        if method != "POST":
            raise Refused(HTTPStatus.METHOD_NOT_ALLOWED, f"{method} /api/{route[:40]}")
        if route != "run" and route not in TYPED:
            raise Refused(HTTPStatus.NOT_FOUND, f"no request /api/{route[:40]}")
        request = self._body()
        request["kind"] = route
        try:
            request_kind(request)
            if route == "run":  # refused here, before any work: files not named, writes
                check_argv(request.get("argv"), workers.files)
            if "file" in request:  # and a job's file before it starts
                check_file(request["file"], workers.files)
        except RequestError as e:
            raise Refused(HTTPStatus.BAD_REQUEST, str(e)) from None
        if route in JOB_KINDS:
            self._json(HTTPStatus.ACCEPTED, {"job": workers.start(request)})
            return
        answer = workers.answer(request)
        if route == "run":
            self._json(HTTPStatus.OK if answer["status"] != 70 else
                       HTTPStatus.INTERNAL_SERVER_ERROR, answer)
        elif answer["status"] == 0:
            self._json(HTTPStatus.OK, answer["result"])
        else:
            self._json(HTTPStatus.BAD_REQUEST if answer["status"] == 2 else
                       HTTPStatus.INTERNAL_SERVER_ERROR, {"error": answer["error"]})

    def _match(self, route: str) -> None:
        """The table (``docs/serve.md``, *Play a match*): ``POST /api/match`` starts a match,
        ``GET /api/match/ID`` is what the person sees, ``POST /api/match/ID/act`` their call or
        card, ``POST /api/match/ID/next`` the next deal, ``POST /api/match/ID/again`` a
        decision that failed asked again, ``GET /api/match/ID/record?format=`` the finished
        deals as CFN, game JSON or PBN."""
        try:
            self._match_route(route)
        except Refused:
            raise
        except Exception as e:  # a bug: one line, as the engine says it, and the server goes on
            raise Refused(HTTPStatus.INTERNAL_SERVER_ERROR, f"internal error ({type(e).__name__}: "
                                                            f"{one_line(str(e), before='')})") from e

    def _match_route(self, route: str) -> None:
        tables, method = self.server.tables, self.command
        name, _, what = route.partition("/")
        if not name and method in ("GET", "HEAD"):
            from belote.player import DEFAULT_STRENGTH, STRENGTHS

            tables.warm_up()  # the page asks this first: the player loads while one chooses
            self._json(HTTPStatus.OK, {"targets": {m: get_profile(m).match_target for m in
                                                   ("coinche", "classic")},
                                       "strengths": list(STRENGTHS),
                                       "strength": DEFAULT_STRENGTH, "kept": KEPT_MATCHES})
            return
        if not name:
            if method != "POST":
                raise Refused(HTTPStatus.METHOD_NOT_ALLOWED, f"{method} /api/match")
            name, table = tables.new(self._body())
            self._json(HTTPStatus.CREATED, {"match": name, **table.state()})
            return
        table = tables.get(name)
        if what == "" and method in ("GET", "HEAD"):
            table.drive()
        elif what == "again" and method == "POST":
            self._body()
            table.drive(again=True)  # a decision that failed is asked again
        elif what == "record" and method == "GET":
            fmt = parse_qs(urlsplit(self.path).query).get("format", ["json"])[0]
            self._json(HTTPStatus.OK, table.record(fmt))
            return
        elif what in ("act", "next") and method == "POST":
            body = self._body()
            table.act(body) if what == "act" else table.next_deal()
        else:
            raise Refused(HTTPStatus.NOT_FOUND if what not in ("", "record", "act", "next",
                                                               "again") else
                          HTTPStatus.METHOD_NOT_ALLOWED, f"{method} /api/match/ID/{what[:20]}")
        self._json(HTTPStatus.OK, {"match": name, **table.state()})


def page_files() -> dict[str, bytes]:
    """The page's files (``cli/serve_page/``), by name."""
    folder = resources.files("belote.cli") / "serve_page"
    return {f.name: f.read_bytes() for f in folder.iterdir() if f.is_file()}


@click.command()
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; anything but loopback lets other machines in.")
@click.option("--port", type=click.IntRange(0, 65535), default=0,
              help="Port to listen on (default: a free one).")
@click.option("--no-open", is_flag=True, help="Print the address, do not open a browser.")
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Requests solved at once (default: the number of cores).")
@click.option("--queue", type=click.IntRange(0, 10_000), default=64, show_default=True,
              help="Requests waiting for a worker beyond those (429 when full).")
@click.option("--timeout", type=click.FloatRange(0.1, 86_400), default=60.0, show_default=True,
              help="Seconds a request may run (single-dummy and bid jobs: ten times more).")
def serve(files, host, port, no_open, jobs, queue, timeout):
    """Analyse deals in your browser, on a local server.

    A local web server keeps the solver loaded and serves a page to open
    a record (the FILE..., or one dropped on the page) or type a deal, step
    through the play, see the double-dummy value of every legal card, try
    other cards, ask the single-dummy values and the bid advice, and export
    the line; or play a whole match at its table (Play a match) against
    belote's player at the other three seats. It prints its address, with a
    token made for this run, and
    opens it in the browser. It answers only on this machine (--host
    changes that), reads no file but the FILEs and writes none. Ctrl-C
    stops it. The guide: docs/serve.md.

    \b
    Examples:
      belote serve datasets/examples/colver.cfn
      belote serve --no-open --port 8765
    """
    import webbrowser

    warm()
    workers = Workers(tuple(os.path.realpath(f) for f in files), jobs or os.cpu_count() or 1,
                      queue, timeout)
    try:
        server = Server((host, port), workers, page_files())
    except OSError as e:
        raise click.ClickException(one_line(f"cannot listen on {host}:{port}: "
                                            f"{e.strerror or e}")) from None
    if not _loopback(host):
        notice(f"listening on {display_path(host)}, not only on this machine: anyone who can "
               "reach it and has the token can use the solver")
    click.echo(f"belote serve: {server.url}", err=True)
    thread = threading.Thread(target=server.serve_forever, name="http", daemon=True)
    thread.start()
    try:
        if not no_open:
            webbrowser.open(server.url)
        while thread.is_alive():
            thread.join(0.5)
    finally:
        workers.close()
        server.shutdown()
        server.server_close()
