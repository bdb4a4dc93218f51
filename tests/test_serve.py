"""``belote serve``: a real server on loopback, every request kind, and its safety checks.

The token, Host and Origin, the size bound, bad input (400, the server goes
on), the files it may read, overload (429), the time bound (504), and the
signals (130, 143, no child left).
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import signal
import socket
import threading
import time
from pathlib import Path

import pytest

from belote.cli.engine import execute
from conftest import Client, start_serve

REPO = Path(__file__).resolve().parent.parent
RECORD = REPO / "datasets/examples/colver.cfn"
DEAL = "N:AJ.QJ.AJT.Q 987.T987.K. KQT.A.Q9.A8 .K.87.KJT97"
BOARD = {"deal": DEAL, "mode": "coinche", "dealer": "N", "contract": "80H", "declarer": "N"}


@pytest.fixture(scope="module")
def server():
    proc, url = start_serve(str(RECORD))
    yield Client(url)
    proc.terminate()
    assert proc.wait(timeout=30) == 143


def test_page_and_its_files_need_the_token(server):
    assert server.call("GET", "/", token=None)[0] == 401
    assert server.call("GET", "/?token=wrong", token=None)[0] == 403
    status, page, response = server.call("GET", "/")
    assert status == 200 and b"<html" in page
    assert "default-src 'self'" in response.getheader("Content-Security-Policy")
    assert f'src="page.js?token={server.token}"'.encode() in page
    assert server.call("GET", "/page.js", token=None)[0] == 401
    assert server.call("GET", "/page.css?token=wrong", token=None)[0] == 403
    assert server.call("GET", "/page.js")[0] == 200
    assert server.call("GET", "/../pyproject.toml")[0] == 404
    assert server.call("GET", "/serve.py")[0] == 404


def test_api_needs_the_token(server):
    assert server.call("GET", "/api/files", token=None)[0] == 401
    assert server.call("GET", "/api/files?token=nope", token=None)[0] == 403
    assert server.call("GET", "/api/files", token="bearer")[0] == 200
    assert server.call("GET", "/api/files", token=None,
                       headers={"X-Belote-Token": server.token})[0] == 200
    assert server.post("position", BOARD, token=None)[0] == 401
    assert server.call("GET", "/api/files")[1] == {"files": [{"index": 0,
                                                                "name": "colver.cfn"}]}
    assert server.call("GET", "/api/version")[1]["protocol"] == 1


def test_foreign_host_and_origin_are_refused_not_redirected(server):
    for headers in ({"Host": "evil.example"}, {"Host": f"evil.example:{server.port}"},
                    {"Origin": "http://evil.example"},
                    {"Origin": f"http://evil.example:{server.port}"}):
        status, body, response = server.call("GET", "/api/files", headers=headers)
        assert status == 403 and "error" in body and response.getheader("Location") is None
        assert server.call("GET", "/", headers=headers)[0] == 403
    own = {"Origin": f"http://127.0.0.1:{server.port}", "Host": f"localhost:{server.port}"}
    assert server.call("GET", "/api/files", headers=own)[0] == 200


def test_size_bound(server):
    status, body, _ = server.post("position", None, raw=b"",
                                  headers={"Content-Length": str(9 * 2**20)})
    assert status == 413 and "MiB" in body["error"]
    assert server.post("position", BOARD)[0] == 200


def test_a_request_arrives_whole_within_the_time_bound(server):
    """A byte every 2 s kept a thread for ever (the bound was per read): now the connection
    ends once SOCKET_TIMEOUT has passed since it opened, with or without the token."""
    import socket

    from belote.cli.serve import SOCKET_TIMEOUT

    start = time.monotonic()
    with socket.create_connection((server.host, server.port), timeout=60) as slow:
        slow.settimeout(2)
        ended = False
        for byte in b"GET /?token=x HTTP/1.0\r\nHost: " * 4:
            try:
                slow.sendall(bytes([byte]))
                if slow.recv(1024) == b"":
                    ended = True
            except (TimeoutError, socket.timeout):
                continue
            except OSError:
                ended = True
            if ended or time.monotonic() - start > SOCKET_TIMEOUT + 15:
                break
    assert ended and time.monotonic() - start < SOCKET_TIMEOUT + 10
    assert server.post("position", BOARD)[0] == 200


def test_a_length_that_is_no_number_is_refused(server):
    status, body, _ = server.post("position", None, raw=b"{}",
                                  headers={"Content-Length": "\u00b2"})
    assert status == 411 and "Content-Length" in body["error"]
    assert server.post("position", BOARD)[0] == 200


def test_bad_input_is_one_line_and_the_server_goes_on(server):
    for raw in (b"{", b"[1]", b"\xff\xfe"):
        status, body, _ = server.post("position", None, raw=raw)
        assert status == 400 and "\n" not in body["error"]
    status, body, _ = server.post("position", {**BOARD, "play": ["AS"]})
    assert status == 400 and body["error"] == "trick 1: E does not hold AS"
    assert server.post("nope", {})[0] == 404
    assert server.call("PUT", "/api/position", BOARD)[0] == 501
    assert server.call("GET", "/api/position")[0] == 405
    assert server.call("GET", "/api/job/unknown")[0] == 404
    assert server.post("position", BOARD)[0] == 200


def test_run_reads_only_the_named_files_and_writes_none(server):
    status, answer, _ = server.post("run", {"argv": ["solve", str(RECORD), "--json"]})
    assert status == 200 and answer["status"] == 0 and len(answer["output"]) >= 1
    for argv in (["solve", "/etc/passwd", "--json"], ["solve", "-", "--json"],
                 ["solve", str(REPO / "datasets/examples/deals.pbn")],
                 ["convert", str(RECORD), "/tmp/out.pbn"],
                 ["analyse", str(RECORD), "--html", "/tmp/page.html"],
                 ["review", str(RECORD), "--scheduler", "tcp://127.0.0.1:9", "--json"],
                 ["batch", str(RECORD), "-o", "x.parquet", "--scheduler", "127.0.0.1:9"],
                 ["serve"], ["engine"], "solve"):
        status, body, _ = server.post("run", {"argv": argv})
        assert status == 400, (argv, body)
    assert not Path("/tmp/page.html").exists() or Path("/tmp/page.html").stat().st_mtime < \
        time.time() - 60
    status, answer, _ = server.post("run", {"argv": ["solve", "--deal", "N:xx", "--json"]})
    assert status == 200 and answer["status"] == 2 and "--deal" in answer["error"]


def test_every_typed_request(server):
    boards = server.post("open", {"file": 0})[1]["boards"]
    assert boards[0]["contract"] and boards[0]["auction"]
    text = RECORD.read_text()
    assert server.post("open", {"text": text, "name": "mine.cfn"})[1]["boards"] == boards
    assert server.post("open", {"file": 3})[0] == 400
    pos = server.post("position", boards[0])[1]
    assert pos["finished"] and pos["verdict"]["outcome"] in ("made", "failed", "litige")
    start = server.post("position", {**boards[0], "play": []})[1]
    assert start["to_play"] and any(v["best"] for v in start["values"])
    played = server.post("play", {**BOARD, "to_end": True})[1]
    assert played["position"]["finished"] and len(played["played"]) == 32
    table = server.post("table", BOARD)[1]
    assert {row["trump"] for row in table["table"]} == set("SHDC")
    exported = server.post("export", {"board": boards[0], "format": "pbn"})[1]["text"]
    assert "[Deal " in exported
    sd = server.job("single_dummy", {**BOARD, "samples": 4})
    assert sd["state"] == "done" and sd["progress"] == 1.0 and sd["result"]["cards"]
    bid = server.job("bid", {"hand": "JH 9H AH TH KS AS AD 7C", "seat": "S", "dealer": "W",
                             "samples": 10})
    assert bid["state"] == "done" and bid["result"]["recommended"], bid
    bad = server.job("bid", {"hand": "JH", "seat": "S", "dealer": "W"})
    assert bad["state"] == "error" and bad["error"]


def test_a_job_shows_progress_and_is_cancelled(server):
    status, started, _ = server.post("single_dummy", {**BOARD, "samples": 3000})
    name = started["job"]
    seen = 0.0
    for _ in range(100):
        state = server.call("GET", f"/api/job/{name}")[1]
        seen = state["progress"]
        if seen > 0:
            break
        time.sleep(0.05)
    assert 0 < seen < 1
    status, state, _ = server.call("DELETE", f"/api/job/{name}")
    assert status == 200 and state["state"] == "cancelled"
    time.sleep(0.3)
    assert server.call("GET", f"/api/job/{name}")[1]["state"] == "cancelled"


def test_a_bid_job_shows_the_commands_progress(server):
    status, started, _ = server.post("bid", {"hand": "JH 9H AH TH KS AS AD 7C", "seat": "S",
                                             "dealer": "W", "samples": 20000})
    name, seen = started["job"], 0.0
    for _ in range(600):
        state = server.call("GET", f"/api/job/{name}")[1]
        seen = state["progress"]
        if seen > 0 or state["state"] != "running" and state["state"] != "queued":
            break
        time.sleep(0.05)
    assert 0 < seen < 1, state
    assert server.call("DELETE", f"/api/job/{name}")[1]["state"] == "cancelled"


def test_concurrent_clients(server):
    errors = []

    def client(i: int) -> None:
        status, body, _ = server.post("position", {**BOARD, "play": ["9S", "KS"][:i % 3]})
        if status != 200:
            errors.append((status, body))

    threads = [threading.Thread(target=client, args=(i,)) for i in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_the_replay_page_of_a_named_file_links_to_the_board(server):
    """``GET /replay/N``: the replay page of the N-th file named, behind the token and the
    Host and Origin checks, its inline script and style allowed by their hash alone, its
    cards linked to the analysis board of the same file (``#f=N``), with the token."""
    assert server.call("GET", "/replay/1", token=None)[0] == 401
    assert server.call("GET", "/replay/1?token=nope", token=None)[0] == 403
    assert server.call("GET", "/replay/1", headers={"Host": "evil.example"})[0] == 403
    assert server.call("GET", "/replay/1", headers={"Origin": "http://evil.example"})[0] == 403
    for path in ("/replay/2", "/replay/0", "/replay/x", "/replay/../1", "/replay/"):
        status, body, _ = server.call("GET", path)
        assert status == 404 and "1 to 1" in body["error"], path
    assert server.call("POST", "/replay/1", {})[0] == 405
    status, page, response = server.call("GET", "/replay/1")
    assert status == 200 and response.getheader("Content-Type").startswith("text/html")
    text = page.decode()
    assert "<title>Replay: colver.cfn</title>" in text
    link = re.search(r'<script type="application/json" id="board-link">(.*?)</script>',
                     text).group(1)
    assert json.loads(link) == f"/?token={server.token}#f=1"
    assert "http://" not in text and "https://" not in text
    csp = response.getheader("Content-Security-Policy")
    assert csp.startswith("default-src 'none'; script-src 'sha256-")
    assert "unsafe" not in csp and "frame-ancestors 'none'" in csp
    script = re.search(r"<script>(.*?)</script>", text, re.S).group(1)
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}';" in csp
    start = time.monotonic()
    assert server.call("GET", "/replay/1")[1] == page  # kept: made once for this file
    assert time.monotonic() - start < 1
    assert server.call("HEAD", "/replay/1")[0] == 200


def test_the_session_page_needs_the_token_and_a_named_file(server):
    assert server.call("GET", "/review/1", token=None)[0] == 401
    assert server.call("GET", "/review/1?token=nope", token=None)[0] == 403
    assert server.call("GET", "/review/1", headers={"Host": "evil.example"})[0] == 403
    for path in ("/review/2", "/review/0", "/review/-1", "/review/1x"):
        assert server.call("GET", path)[0] == 404, path
    assert server.call("DELETE", "/review/1")[0] == 405
    assert server.post("session_page", {"file": 4})[0] == 400  # refused before it starts
    assert execute({"kind": "session_page", "file": 0}, None)["status"] == 2


def test_the_replay_page_request_reads_only_named_files(server):
    status, answer, _ = server.post("replay_page", {"file": 0})
    assert status == 200 and json.loads(re.search(
        r'id="board-link">(.*?)</script>', answer["html"]).group(1)) is None
    for body in ({"file": 1}, {"file": "/etc/passwd"}, {}, {"file": 0, "board_link": 3}):
        status, answer, _ = server.post("replay_page", body)
        assert status == 400 and "\n" not in answer["error"], body


def test_the_engine_has_no_named_file_for_a_replay_page():
    assert execute({"kind": "replay_page", "file": 0}, None) == {
        "status": 2, "error": "file: 0 is not the index of a file named on belote serve's "
                              "command line"}


def test_overload_is_429_and_over_time_504():
    proc, url = start_serve("--jobs", "1", "--queue", "0", "--timeout", "1")
    try:
        client = Client(url)
        status, started, _ = client.post("single_dummy", {**BOARD, "samples": 3000})
        assert status == 202
        time.sleep(0.2)
        status, body, _ = client.post("position", BOARD)
        assert status == 429 and "busy" in body["error"]
        assert client.call("DELETE", f"/api/job/{started['job']}")[0] == 200
        time.sleep(0.3)
        status, body, _ = client.post("run", {"argv": ["bid", "--hand", "JH 9H AH TH KS AS AD 7C",
                                                       "--seat", "S", "--dealer", "W",
                                                       "--samples", "100000", "--json"]})
        assert status == 504, body
        assert client.post("position", BOARD)[0] == 200
        idle = [socket.create_connection((client.host, client.port)) for _ in range(256)]
        try:
            for _ in range(100):  # once the server has taken every idle connection
                if client.call("GET", "/api/files")[0] == 429:
                    break
                time.sleep(0.05)
            else:
                raise AssertionError("no 429 with 256 idle connections")
        finally:
            for sock in idle:
                sock.close()
        for _ in range(100):
            if client.call("GET", "/api/files")[0] == 200:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the closed connections were not released")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux /proc)."""
    out = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        out += [int(c) for c in (task / "children").read_text().split()]
    return out


def gone(pid: int) -> bool:
    """Whether ``pid`` has ended (a zombie waiting for init counts)."""
    try:
        return re.sub(r"^.*\) ", "", Path(f"/proc/{pid}/stat").read_text())[:1] in "ZX"
    except FileNotFoundError:
        return True


@pytest.mark.parametrize("signum, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_signals_stop_it_promptly_and_leave_no_child(signum, status):
    proc, url = start_serve()
    client = Client(url)
    assert client.post("single_dummy", {**BOARD, "samples": 3000})[0] == 202
    time.sleep(0.3)
    kids = children(proc.pid)
    assert kids
    start = time.monotonic()
    os.kill(proc.pid, signum)
    assert proc.wait(timeout=10) == status
    assert time.monotonic() - start < 5
    time.sleep(0.2)
    assert all(gone(k) for k in kids)


def test_other_host_warns():
    proc, url = start_serve("--host", "0.0.0.0")
    try:
        assert url.startswith("http://0.0.0.0:")
        assert "not only on this machine" in proc.startup
        client = Client(url)
        port = client.port
        for host, status in ((f"127.0.0.1:{port}", 200), (f"192.0.2.7:{port}", 200),
                             (f"evil.example:{port}", 403), ("192.0.2.7:1", 403)):
            assert client.call("GET", "/api/files", headers={"Host": host})[0] == status, host
        assert client.call("GET", "/api/files", headers={
            "Host": f"192.0.2.7:{port}", "Origin": f"http://evil.example:{port}"})[0] == 403
    finally:
        proc.terminate()
        proc.wait(timeout=30)
