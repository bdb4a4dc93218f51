"""``belote engine``: the protocol, identity with the cold commands, every typed request, cancel.

One engine process serves the module (its start loads the kernels once).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import time
from pathlib import Path

import pytest

from conftest import BELOTE
from docs_examples import IN_PROCESS, PAGES, examples

REPO = Path(__file__).resolve().parent.parent
DEAL = "N:AJ.QJ.AJT.Q 987.T987.K. KQT.A.Q9.A8 .K.87.KJT97"
BOARD = {"deal": DEAL, "mode": "coinche", "dealer": "N", "contract": "80H", "declarer": "N"}


class Engine:
    """A running ``belote engine``: ``ask`` writes requests and reads one answer each."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([BELOTE, "engine"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, cwd=REPO)
        self.hello = self.read()

    def send(self, request: object) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((request if isinstance(request, str) else json.dumps(request))
                              + "\n")
        self.proc.stdin.flush()

    def read(self) -> dict:
        assert self.proc.stdout is not None
        return json.loads(self.proc.stdout.readline())

    def ask(self, request: object) -> dict:
        self.send(request)
        return self.read()


@pytest.fixture(scope="module")
def engine():
    e = Engine()
    yield e
    assert e.proc.stdin is not None
    e.proc.stdin.close()
    assert e.proc.wait(timeout=30) == 0


def json_commands() -> list[str]:
    """The ``belote ... --json`` commands of the docs' console examples."""
    found = []
    for page in PAGES:
        for ex in examples(page):
            match = IN_PROCESS.match(ex.code) if ex.kind == "console" else None
            if match and "--json" in ex.code and not match.group(2):
                found.append(match.group(1))
    return found


COMMANDS = json_commands()


def test_docs_have_json_examples():
    assert len(COMMANDS) >= 6


def test_hello(engine):
    assert engine.hello["engine"] == "belote" and engine.hello["protocol"] == 1


def cold(args: list[str]) -> dict:
    """What ``belote ARGS`` prints, as the engine would answer it."""
    done = subprocess.run([BELOTE, *args], capture_output=True, text=True, cwd=REPO,
                          stdin=subprocess.DEVNULL)
    out: dict = {"status": done.returncode}
    values = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    if values:
        out["output"] = values[0] if len(values) == 1 else values
    if done.returncode:
        out["error"] = done.stderr.strip().splitlines()[-1].removeprefix("Error: ")
    return out


@pytest.mark.parametrize("command", COMMANDS)
def test_run_is_the_cold_command(engine, command):
    args = shlex.split(command)
    answer = engine.ask({"id": command, "argv": args})
    assert answer.pop("id") == command
    assert answer == cold(args)


def test_run_errors_are_the_cold_ones(engine):
    for args in (["solve", "--deal", "N:xx", "--json"], ["solve", "no-such-file.pbn", "--json"],
                 ["score", "--json"]):
        answer = engine.ask({"id": 1, "argv": args})
        assert answer["status"] == 2 and answer.pop("id") == 1
        assert answer == cold(args)


def test_run_several_boards_is_a_list_and_text_without_json(engine):
    answer = engine.ask({"argv": ["solve", "datasets/examples/deals.pbn", "--json"]})
    assert answer["status"] == 0 and isinstance(answer["output"], list)
    assert len(answer["output"]) > 1 and answer["id"] is None
    text = engine.ask({"argv": ["solve", "--deal", DEAL, "--trump", "H"]})
    assert text["status"] == 0 and "output" not in text and "88" in text["text"]


def test_bad_lines_are_answered_and_the_engine_reads_on(engine):
    assert engine.ask("not json")["error"].startswith("not JSON")
    assert engine.ask([1, 2])["error"] == "a request is a JSON object"
    assert engine.ask({"id": 3, "kind": "nope"}) == {
        "id": 3, "status": 2, "error": engine.ask({"id": 3, "kind": "nope"})["error"]}
    assert "unknown kind" in engine.ask({"kind": "nope"})["error"]
    assert engine.ask({"id": 4, "argv": "solve"})["status"] == 2
    assert engine.ask({"id": 5, "argv": ["engine"]})["status"] == 2
    assert engine.ask({"id": 6, "kind": "position", "deal": "N:junk"})["status"] == 2
    assert engine.ask({"id": 7, "argv": ["solve", "--deal", DEAL, "--json"]})["status"] == 0


def test_position(engine):
    answer = engine.ask({"id": 1, "kind": "position", **BOARD, "play": ["9S"]})
    pos = answer["result"]
    assert answer["status"] == 0 and pos["to_play"] == "S" and pos["trick"] == ["9S"]
    assert pos["legal"] == [v["card"] for v in pos["values"]]  # strongest first
    assert sorted(pos["legal"]) == ["KS", "QS", "TS"]
    best = [v for v in pos["values"] if v["best"]]
    assert best and all(v["loss"] == 0 and v["ns"] == pos["dd"]["NS"] for v in best)
    assert all(v["loss"] == pos["dd"]["NS"] - v["ns"] for v in pos["values"])  # S is N-S
    assert pos["hands"]["E"] == ["8S", "7S", "TH", "9H", "8H", "7H", "KD"]
    assert pos["verdict"]["outcome"] in ("made", "failed")
    start = engine.ask({"kind": "position", **BOARD})["result"]
    assert start["dd"] == {"NS": 88, "EW": 74} and start["to_play"] == "E"  # solve's table


def test_play_a_card_and_the_best_line(engine):
    one = engine.ask({"kind": "play", **BOARD, "card": "8S"})["result"]
    assert one["played"] == ["8S"] and one["board"]["play"] == ["8S"]
    assert one["position"]["to_play"] == "S"
    best = engine.ask({"kind": "play", **BOARD})["result"]
    start = engine.ask({"kind": "position", **BOARD})["result"]
    assert best["played"][0] in [v["card"] for v in start["values"] if v["best"]]
    line = engine.ask({"kind": "play", **BOARD, "to_end": True})["result"]
    assert len(line["played"]) == 32 and line["position"]["finished"]
    assert line["position"]["points"] == start["dd"]  # the best line keeps the DD value
    illegal = engine.ask({"kind": "play", **BOARD, "card": "AS"})
    assert illegal["status"] == 2 and "does not hold AS" in illegal["error"]


def test_table_is_solve_json(engine):
    table = engine.ask({"kind": "table", **BOARD, "play": ["9S"]})["result"]
    solved = engine.ask({"argv": ["solve", "--deal", DEAL, "--json"]})["output"]
    assert table["table"] == solved["table"] and table["belote"] == solved["belote"]


def test_open_and_export_round_trip(engine):
    text = (REPO / "datasets/examples/colver.cfn").read_text()
    boards = engine.ask({"kind": "open", "text": text, "name": "x.cfn"})["result"]["boards"]
    assert boards and boards[0]["auction"] and boards[0]["auction_dealer"] == boards[0]["dealer"]
    for fmt in ("pbn", "cfn", "json"):
        out = engine.ask({"kind": "export", "board": boards[0], "format": fmt})["result"]["text"]
        again = engine.ask({"kind": "open", "text": out, "name": f"y.{fmt}l" if fmt == "json"
                            else f"y.{fmt}"})["result"]["boards"][0]
        assert again["deal"] == boards[0]["deal"] and again["play"] == boards[0]["play"]
        assert again["contract"] == boards[0]["contract"]
    assert engine.ask({"kind": "open", "file": 0})["status"] == 2  # no files: the server's
    assert engine.ask({"kind": "export", "board": boards[0], "format": "doc"})["status"] == 2


def test_single_dummy_and_bid(engine):
    sd = engine.ask({"kind": "single_dummy", **BOARD, "samples": 4})["result"]
    assert sd["seat"] == "E" and sd["samples"] == 4 and sd["cards"]
    bid = engine.ask({"kind": "bid", "hand": "JH 9H AH TH KS AS AD 7C", "seat": "S",
                      "dealer": "W", "samples": 20, "play": "double-dummy"})
    args = ["bid", "--json", "--hand", "JH 9H AH TH KS AS AD 7C", "--seat", "S", "--dealer",
            "W", "--play", "double-dummy", "--samples", "20"]
    assert bid["status"] == 0 and bid["result"] == cold(args)["output"]
    auction = engine.ask({"kind": "bid", "hand": "JS 9S AS TS 7D 8D KC AC", "seat": "S",
                          "dealer": "W", "auction": ["P", "80H"], "samples": 20})
    assert auction["status"] == 0, auction


def test_cancel(engine):
    engine.send({"id": "long", "kind": "single_dummy", **BOARD, "samples": 5000})
    engine.send({"id": "next", "kind": "position", **BOARD})
    time.sleep(0.3)
    engine.send({"id": "c", "kind": "cancel", "target": "long"})
    answers = {a["id"]: a for a in (engine.read(), engine.read(), engine.read())}
    assert answers["long"] == {"id": "long", "status": 2, "error": "cancelled"}
    assert answers["c"]["result"] == {"cancelled": True}
    assert answers["next"]["status"] == 0
    assert engine.ask({"kind": "cancel", "target": "gone"})["result"] == {"cancelled": False}


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux /proc)."""
    out = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        out += [int(c) for c in (task / "children").read_text().split()]
    return out


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_sigterm_ends_the_engine_and_its_children():
    e = Engine()
    e.send({"id": 1, "kind": "single_dummy", **BOARD, "samples": 5000})
    time.sleep(0.3)
    kids = children(e.proc.pid)
    assert kids
    e.proc.terminate()
    assert e.proc.wait(timeout=30) == 143
    time.sleep(0.2)
    for kid in kids:
        assert not os.path.exists(f"/proc/{kid}") or "Z" in re.sub(
            r"^.*\) ", "", Path(f"/proc/{kid}/stat").read_text())[:1]


def test_engine_in_process_reads_a_stream_without_a_file():
    from belote.cli.main import cli
    from click.testing import CliRunner

    lines = [json.dumps({"id": 1, "argv": ["solve", "--deal", DEAL, "--trump", "H", "--json"]}),
             json.dumps({"id": 2, "kind": "position", **BOARD}), "{"]
    result = CliRunner().invoke(cli, ["engine"], input="\n".join(lines))
    assert result.exit_code == 0, result.output
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert answers[0]["protocol"] == 1
    assert [a["status"] for a in answers[1:]] == [2, 0, 0]  # the bad line at once
    assert answers[2]["output"]["table"][0]["points"] == 88
