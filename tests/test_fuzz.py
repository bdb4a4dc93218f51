"""Every command against generated hostile input: never an internal error, never a traceback.

A seeded generator (the same case number always makes the same case) builds,
for each command ``belote --help`` lists, a run over hostile input: valid
records of every format (PBN, CFN, game JSON, ContrAI, NDJSON and CSV rows,
Parquet, TOML profiles) truncated or mutated (bytes changed, lines dropped or
repeated, numbers of 5000 digits, nesting 3000 deep, control characters,
byte-order marks, a 70,000-character token), random bytes, files of the wrong
kind (a directory, ``/dev/null``, a missing file, a file under another
format's suffix), and options out of their range (negative or enormous
seeds, sample and world counts, zero jobs, unknown suits, bad constraints).

The run must end with a documented status for bad input or done work (0, 2
or 3), never 70 ("this is a bug") nor a traceback, with every stderr line
printable and bounded. A sample runs in every test run; ``--runslow`` runs
many more cases.

To replay one case: ``pytest tests/test_fuzz.py -k "solve-17"``; the failure
message shows the command line (the input stays in pytest's temporary folder).
``BELOTE_FUZZ_SALT=anything`` draws other cases (to explore; CI uses none).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote.cli.main import cli

from conftest import sample_size

EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"


def _text(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


def _first_pbn_board(name: str) -> str:
    text = _text(name)
    start = text.index("[Board ")
    end = text.find("[Board ", start + 1)
    return text[start:end if end > 0 else len(text)]


_ROW_DEAL = "N:AQJ9.J.J.AQ K8.Q87.KQ.8 T.AK9.T8.JT 7.T.A97.K97"
_CFN = _text("colver.cfn").splitlines()[1]

SEEDS: dict[str, list[str]] = {
    "pbn": [_first_pbn_board("played.pbn"), _first_pbn_board("deals.pbn"),
            _first_pbn_board("positions.pbn"), _first_pbn_board("session.pbn")],
    "cfn": ["\n".join(_text("colver.cfn").splitlines()[:2]) + "\n"],
    "jsonl": ["\n".join(_text("colver.jsonl").splitlines()[:2]) + "\n"],
    "contrai.jsonl": ["\n".join(_text("contrai.jsonl").splitlines()[:40]) + "\n"],
    "ndjson": ["".join(json.dumps({"board": str(i), "dealer": "N", "deal": _ROW_DEAL}) + "\n"
                       for i in (1, 2))],
    "csv": [f"board,dealer,deal\n1,N,{_ROW_DEAL}\n", f"board,cfn\n1,\"{_CFN}\"\n"],
    "toml": ['name = "fuzz"\ndescription = "d"\n[[rule]]\ncall = "opening"\nbids = [80, 90]\n'
             'trump = { length = [3, 8], any = [{ one_of = ["J", "9"] }, { not = '
             '{ points = [0, 20] } }] }\n[[rule]]\ncall = "raise"\nraise_by = [10, 10]\n'
             'count = [{ trump = ["J", "9"], side = ["A"], range = [1, 5] }]\n'],
}
"""Valid inputs of each format, one small board or game each (solving them is quick)."""

SUFFIX = {"pbn": ".pbn", "cfn": ".cfn", "jsonl": ".jsonl", "contrai.jsonl": ".jsonl",
          "ndjson": ".ndjson", "csv": ".csv", "toml": ".toml", "parquet": ".parquet"}

TOKENS = ["9" * 5000, "0" * 5000 + "90", "-1", "18446744073709551616", "1e999", "NaN",
          "[" * 3000, "{" * 3000, "[" * 3000 + "]" * 3000, '{"a":' * 3000, "\x00", "\x1b[2J",
          "\x07", "\r", "\ufeff", "\u2028", '"', "\\", "<!--<script>", "x" * 70_000, "\t",
          "Capot", "XX", "p-p-p-p", "[Board \"1\"]", "*", "{", "}", ";", "%", "\n\n",
          "#", "0", "250", "-", "/", ":", "..", "null", "true", "[]", "{}",
          '\n[Contract "' + "9" * 5000 + 'H"]\n', '\n[Auction "N"]\n80H X XX =1= Pass\n',
          '\n[Play "W"]\nAH - KH\n', '\n[Declarer "Q"]\n', '\n[Mode "classic"]\n',
          '\n[Dealer "' + "N" * 3000 + '"]\n', "110d-x-xx-x", "bid:90hS/p0/c0/W", "p-p-p-p",
          "CapotS", "250hNSxx", "-1hEW", "AcKcQc7c/JsQsTsKs"]
"""Hostile pieces put into inputs and options."""

JSON_VALUES: list[object] = [
    None, True, 1.5, -1, 10 ** 40, "", "x\x1b[2J\ny", "x\ud800y", [], {}, ["P"] * 3, {"a": 1},
    "Z" * 5000, "classic", "coinche", "N", "E", "CapotS", "80H", "110DXX", "H", "7D", "AH",
    ["P"] * 4, ["80H", "X", "XX", "P", "P", "P"], ["JH"] * 32, ["AH", 7, None], 2 ** 63,
    10 ** 99, {"kind": "contract", "value": "slam", "suit": "NT"}, {"kind": ["pass"]},
    {"kind": "contract", "value": 10 ** 99, "suit": "H"}, {"N": ["AH"] * 8}]


def _mutate_text(rng: random.Random, text: str) -> str:
    """``text`` with one hostile change."""
    kind = rng.randrange(9)
    lines = text.splitlines(keepends=True) or [""]
    if kind == 0:  # truncated
        return text[:rng.randrange(len(text) + 1)]
    if kind == 1:  # a token inserted anywhere
        at = rng.randrange(len(text) + 1)
        return text[:at] + rng.choice(TOKENS) + text[at:]
    if kind == 2:  # a number replaced
        numbers = list(re.finditer(r"\d+", text))
        if numbers:
            m = rng.choice(numbers)
            return text[:m.start()] + rng.choice(TOKENS[:6] + ["0", "999", "2147483648"]) \
                + text[m.end():]
    if kind == 3:  # a line dropped, repeated or swapped
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        choice = rng.randrange(3)
        if choice == 0:
            del lines[i]
        elif choice == 1:
            lines.insert(i, lines[j])
        else:
            lines[i], lines[j] = lines[j], lines[i]
        return "".join(lines)
    if kind == 4:  # a JSON field changed
        i = rng.randrange(len(lines))
        try:
            obj = json.loads(lines[i])
        except (ValueError, RecursionError):  # not JSON, or nested by an earlier change
            obj = None
        if isinstance(obj, dict) and obj:
            key = rng.choice(sorted(obj) + ["extra"])
            obj[key] = rng.choice(JSON_VALUES)
            lines[i] = json.dumps(obj) + "\n"
            return "".join(lines)
    if kind == 5:  # a word replaced by a token
        words = list(re.finditer(r"[^\s\"/\-,\[\]{}=]+", text))
        if words:
            m = rng.choice(words)
            return text[:m.start()] + rng.choice(TOKENS) + text[m.end():]
    if kind == 6:  # characters changed
        chars = list(text)
        for _ in range(rng.randint(1, 5)):
            if chars:
                chars[rng.randrange(len(chars))] = chr(rng.choice(
                    [0, 9, 10, 13, 27, 34, 92, 0x2028, 0xFEFF, rng.randrange(32, 0x3000)]))
        return "".join(chars)
    if kind == 7:  # a line made very long or deeply nested
        i = rng.randrange(len(lines))
        lines[i] = lines[i].rstrip("\n") + rng.choice(TOKENS[6:10]) + "\n"
        return "".join(lines)
    return text + rng.choice(TOKENS) + "\n"


def _bytes_of(rng: random.Random, text: str) -> bytes:
    data = text.encode("utf-8")
    if rng.random() < 0.15:  # bytes that are not UTF-8
        at = rng.randrange(len(data) + 1)
        data = data[:at] + bytes([rng.randrange(128, 256)]) + data[at:]
    return data


STDIN: dict[Path, bytes] = {}
"""What a case's standard input holds, by its folder (when its input is ``-``)."""


def hostile_file(rng: random.Random, folder: Path, formats: list[str]) -> str:
    """A hostile input of one of ``formats``: its path (written in ``folder``), or ``-``."""
    if rng.random() < 0.05:  # standard input, read as PBN
        STDIN[folder] = _bytes_of(rng, _mutate_text(rng, rng.choice(SEEDS["pbn"])))
        return "-"
    roll = rng.random()
    if roll < 0.04:
        return str(folder)  # a directory
    if roll < 0.07:
        return "/dev/null"
    if roll < 0.09:
        return str(folder / "missing.pbn")
    kind = rng.choice(formats)
    suffix = SUFFIX[kind]
    if rng.random() < 0.1:  # under another format's suffix
        suffix = rng.choice([".pbn", ".cfn", ".jsonl", ".csv", ".ndjson", ".parquet", ".txt"])
    path = folder / f"in{rng.randrange(10 ** 6)}{suffix}"
    if kind == "parquet":
        data = bytearray((EXAMPLES / "both-modes.parquet").read_bytes())
        for _ in range(rng.randint(0, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        if rng.random() < 0.3:
            data = data[:rng.randrange(len(data))]
        path.write_bytes(bytes(data))
        return str(path)
    if rng.random() < 0.08:
        path.write_bytes(rng.randbytes(rng.randrange(1, 3000)))
        return str(path)
    text = rng.choice(SEEDS[kind])
    for _ in range(rng.choice([0, 1, 1, 1, 2, 3])):
        text = _mutate_text(rng, text)
    path.write_bytes(_bytes_of(rng, text))
    return str(path)


def pick(rng: random.Random, *values: object) -> str:
    """One of ``values`` or, now and then, a hostile token."""
    if rng.random() < 0.15:
        return rng.choice(TOKENS[:20])
    return str(rng.choice(values))


def maybe(rng: random.Random, p: float, *args: object) -> list[str]:
    return [str(a) for a in args] if rng.random() < p else []


SEED = (0, 1, 7, -1, -5, 2 ** 64, 10 ** 30, "x")
GAMES = ["pbn", "cfn", "jsonl", "contrai.jsonl"]


def game_input(rng: random.Random, d: Path) -> list[str]:
    """A hostile game file, or now and then a hostile ``--cfn`` game."""
    if rng.random() < 0.12:
        return ["--cfn", _mutate_text(rng, _CFN).strip("\n") or "-"]
    return [hostile_file(rng, d, GAMES)]


def _solve(rng: random.Random, d: Path) -> list[str]:
    if rng.random() < 0.2:
        deal = _mutate_text(rng, _ROW_DEAL) if rng.random() < 0.7 else rng.choice(TOKENS)
        return ["solve", "--deal", deal, *maybe(rng, 0.5, "--contract",
                                                pick(rng, "100H", "80SX", "CapotD", "0H")),
                *maybe(rng, 0.3, "--declarer", pick(rng, "N", "E")),
                *maybe(rng, 0.3, "--dealer", pick(rng, "S", "W")),
                *maybe(rng, 0.2, "--mode", pick(rng, "classic", "coinche")),
                *maybe(rng, 0.2, "--side", pick(rng, "NS", "EW", "N")),
                *maybe(rng, 0.2, "--all-leaders")]
    return ["solve", *game_input(rng, d), "-j", "1",
            *maybe(rng, 0.3, "--trump", pick(rng, "H", "S")),
            *maybe(rng, 0.3, "--board", pick(rng, "1", "2", "0")),
            *maybe(rng, 0.2, "--max-nodes", pick(rng, 0, 1, 50, 10 ** 30)),
            *maybe(rng, 0.2, "--leader", pick(rng, "N", "W")), *maybe(rng, 0.2, "--json")]


def _analyse(rng: random.Random, d: Path) -> list[str]:
    sd = rng.random() < 0.1
    return ["analyse", *game_input(rng, d),
            *(["--sd", "--seed", pick(rng, *SEED)] if sd else maybe(rng, 0.3, "--seed",
                                                                     pick(rng, *SEED))),
            *maybe(rng, 0.3, "--board", pick(rng, "1", "2")), *maybe(rng, 0.3, "--json"),
            *maybe(rng, 0.2, "--html", d / "page.html"),
            *maybe(rng, 0.1, "--mode", pick(rng, "classic", "coinche", "belote"))]


def _par(rng: random.Random, d: Path) -> list[str]:
    return ["par", *game_input(rng, d), "-j", pick(rng, 1, 1, 1, 0),
            *maybe(rng, 0.3, "--json")]


def _score(rng: random.Random, d: Path) -> list[str]:
    return ["score", *game_input(rng, d), *maybe(rng, 0.3, "--json")]


def _hint(rng: random.Random, d: Path) -> list[str]:
    return ["hint", *game_input(rng, d), "--seat", pick(rng, "S", "E", "N", "W"),
            "--samples", pick(rng, 2, 3, 1, 0, 10 ** 30), "-j", "1",
            *maybe(rng, 0.3, "--seed", pick(rng, *SEED)),
            *maybe(rng, 0.2, "--by", pick(rng, "points", "make"))]


def _playout(rng: random.Random, d: Path) -> list[str]:
    return ["playout", *game_input(rng, d), "--worlds", pick(rng, 1, 1, 2, 0, 1025),
            "-j", "1", *maybe(rng, 0.3, "--seed", pick(rng, *SEED)),
            *maybe(rng, 0.2, "-o", d / f"out{pick(rng, '.pbn', '.cfn', '.jsonl', '.txt')}"),
            *maybe(rng, 0.2, "--json"), *maybe(rng, 0.1, "--bid")]


def _selfplay(rng: random.Random, d: Path) -> list[str]:
    source = ([*game_input(rng, d), "--board", pick(rng, 1, 1, 2, "x")] if rng.random() < 0.5
              else ["--deals", pick(rng, 1, 1, 2, 0, 10 ** 30)])
    return ["selfplay", *source, "--worlds", pick(rng, 1, 1, 2, 0), "-j", "1",
            "--layouts", pick(rng, 2, 2, 3, 1, 513), *maybe(rng, 0.7, "--prior-only"),
            *maybe(rng, 0.3, "--seed", pick(rng, *SEED)),
            *maybe(rng, 0.2, "--mode", pick(rng, "classic", "coinche", "x")),
            *maybe(rng, 0.2, "-o", d / f"out{pick(rng, '.pbn', '.cfn', '.jsonl', '.txt')}"),
            *maybe(rng, 0.2, "--json")]


def _convert(rng: random.Random, d: Path) -> list[str]:
    out = d / f"out{rng.choice(['.pbn', '.cfn', '.jsonl', '.txt', ''])}"
    return ["convert", hostile_file(rng, d, GAMES), str(out),
            *maybe(rng, 0.3, "--to", pick(rng, "pbn", "cfn", "json"))]


def _batch(rng: random.Random, d: Path) -> list[str]:
    return ["batch", hostile_file(rng, d, ["pbn", "ndjson", "csv", "parquet"]),
            "-o", str(d / "out.parquet"), "--trump", pick(rng, "H", "S"), "-j", "1",
            *maybe(rng, 0.2, "--shard-size", pick(rng, 0, 1, 2, 10 ** 30)),
            *maybe(rng, 0.1, "--mode", pick(rng, "classic", "coinche"))]


def _report(rng: random.Random, d: Path) -> list[str]:
    return ["report", hostile_file(rng, d, ["parquet", "csv"]),
            *maybe(rng, 0.3, "--by", pick(rng, "mode", "board", "trump", "nope", "points")),
            *maybe(rng, 0.3, "--json"), *maybe(rng, 0.2, "--csv", d / "tables")]


def _review(rng: random.Random, d: Path) -> list[str]:
    return ["review", *game_input(rng, d), "-j", "1",
            "--call-samples", pick(rng, 2, 2, 1, 0, 10 ** 30),
            *maybe(rng, 0.5, "--seat", pick(rng, "S", "N", "Q")),
            *maybe(rng, 0.2, "--side", pick(rng, "NS", "EW", "X")),
            *maybe(rng, 0.3, "--board", pick(rng, "1", "2", "0")),
            *maybe(rng, 0.3, "--seed", pick(rng, *SEED)), *maybe(rng, 0.3, "--json"),
            *maybe(rng, 0.1, "--mode", pick(rng, "classic", "coinche", "belote")),
            *maybe(rng, 0.1, "--quiz", d / "quiz.json"),
            *maybe(rng, 0.1, "--parquet", d / "decisions.parquet"),
            *maybe(rng, 0.2, "--state", pick(rng, d / "work", d / "work", d))]


ENGINE_REQUESTS = [
    '{"id": 1, "argv": ["solve", "--deal", "%s", "--json"]}' % _ROW_DEAL,
    '{"id": 2, "kind": "position", "deal": "%s", "mode": "coinche", "contract": "80H", '
    '"declarer": "N", "play": ["AS"]}' % _ROW_DEAL,
    '{"id": 3, "kind": "table", "deal": "%s", "mode": "classic", "leader": "E"}' % _ROW_DEAL,
    '{"id": 4, "kind": "open", "text": "%s", "name": "g.cfn"}' % _CFN,
    '{"id": 5, "kind": "play", "deal": "%s", "mode": "coinche", "contract": "100S", '
    '"declarer": "E", "play": [], "card": "best"}' % _ROW_DEAL,
    '{"id": 6, "kind": "cancel", "target": 1}']


def _engine(rng: random.Random, d: Path) -> list[str]:
    """Hostile request lines on standard input: mutated requests, bytes, deep nesting."""
    lines = []
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        if roll < 0.1:
            lines.append("[" * rng.choice([10, 1000, 100000]))
        elif roll < 0.2:
            lines.append(rng.choice(TOKENS))
        else:
            line = rng.choice(ENGINE_REQUESTS)
            for _ in range(rng.choice([1, 1, 2, 3])):
                line = _mutate_text(rng, line)
            lines.append(line)
    STDIN[d] = _bytes_of(rng, "\n".join(lines) + "\n")
    return ["engine"]


def _serve(rng: random.Random, d: Path) -> list[str]:
    """Hostile files and options, always with one option out of range: a server that started
    would serve until stopped (the requests of a running server are tests/test_serve.py's)."""
    wrong = rng.choice([["--port", "-1"], ["--port", "65536"], ["--jobs", "0"],
                        ["--queue", "-1"], ["--timeout", "0"], ["--port", "x"]])
    return ["serve", "--no-open", *[hostile_file(rng, d, GAMES) for _ in range(rng.randint(0, 2))],
            *maybe(rng, 0.3, "--host", pick(rng, "127.0.0.1", "::1", "nowhere.invalid")),
            *wrong]


def _constraint(rng: random.Random, good: str) -> str:
    return _mutate_text(rng, good) if rng.random() < 0.7 else rng.choice(TOKENS)


def _deal(rng: random.Random, d: Path) -> list[str]:
    suffix = rng.choice([".pbn", ".csv", ".ndjson", ".parquet", ".txt"])
    # -n: never a huge legal count (it would write deals for ever, as asked)
    count = rng.choice([1, 2, 3, 0, -1, "x", "9" * 5000, "1e3", "", " 2"])
    return ["deal", "-n", str(count), "--seed", pick(rng, *SEED),
            "-o", str(d / f"deals{suffix}"),
            *maybe(rng, 0.3, "--hand", _constraint(rng, "S:JH 9H AH TH 7S 8S KD AC")),
            *maybe(rng, 0.3, "--known", _constraint(rng, "E:AS,TS")),
            *maybe(rng, 0.3, "--shape", _constraint(rng, "N:H>=3,S1-3")),
            *maybe(rng, 0.3, "--points", _constraint(rng, "N:H>=20")),
            *maybe(rng, 0.2, "--dealer", pick(rng, "N", "random", "Q"))]


AUCTIONS = ["N:P E:80H", "W:P N:80H E:90S", "N:80H E:X", "N:250H E:P", "N:CapotS E:P",
            "N:80H E:P S:P W:P", "N:P E:P S:P W:P", "N:100S E:110H S:X W:P", "N:80H E:X W:XX"]


CLASSIC_AUCTIONS = ["N:P E:P", "N:P E:P S:P W:P N:P E:P", "W:P N:P E:P S:P W:P N:H E:P",
                    "N:P E:P S:P W:P N:P E:P S:P W:P"]


def _bid(rng: random.Random, d: Path) -> list[str]:
    args = ["bid", "--hand", _constraint(rng, "JS 9S AS TS 7D 8D KC AC") if rng.random() < 0.3
            else "JS 9S AS TS 7D 8D KC AC", "--seat", pick(rng, "S", "N", "E"),
            "-n", pick(rng, 2, 3, 0, 1, 10 ** 8), "-j", "1",
            *maybe(rng, 0.3, "--seed", pick(rng, *SEED))]
    if rng.random() < 0.7:
        auction = rng.choice(AUCTIONS)
        if rng.random() < 0.5:
            auction = _mutate_text(rng, auction)
        args += ["--auction", auction]
        if rng.random() < 0.5:
            args += ["--conventions", hostile_file(rng, d, ["toml"])]
    elif rng.random() < 0.5:
        args += maybe(rng, 0.5, "--contract", pick(rng, "100H", "80SX", "CapotD", "0H", "H"))
        args += maybe(rng, 0.3, "--precision", pick(rng, 0.1, 0, 0.6, -1, "nan"))
    else:  # classic: five cards and the turned card
        args[2] = _constraint(rng, "JH 9H AS KS 7C") if rng.random() < 0.3 else "JH 9H AS KS 7C"
        args += ["--mode", "classic", "--turned", pick(rng, "7D", "AH", "JH", "XX"),
                 *maybe(rng, 0.6, "--auction", _constraint(rng, rng.choice(CLASSIC_AUCTIONS)))]
    args += maybe(rng, 0.2, "--known", _constraint(rng, "N:AH"))
    args += maybe(rng, 0.15, "--shape", _constraint(rng, "N:H>=3"))
    args += maybe(rng, 0.15, "--points", _constraint(rng, "W:S>=20"))
    args += maybe(rng, 0.1, "--dealer", pick(rng, "W", "N"))
    return args


COMMANDS: dict[str, Callable[[random.Random, Path], list[str]]] = {
    "analyse": _analyse, "batch": _batch, "bid": _bid, "convert": _convert, "deal": _deal,
    "engine": _engine, "hint": _hint, "par": _par, "playout": _playout, "report": _report, "review": _review,
    "score": _score, "selfplay": _selfplay, "serve": _serve, "solve": _solve}
"""How to make one hostile run of each command."""

SALT = os.environ.get("BELOTE_FUZZ_SALT", "")
"""Mixed into every case's seed: other cases for the same numbers."""

PER_COMMAND = sample_size(12, 300)
CASES = [(name, k) for k in range(PER_COMMAND) for name in sorted(COMMANDS)]


def test_every_command_is_fuzzed() -> None:
    assert set(COMMANDS) == set(cli.commands)


@pytest.mark.parametrize("command, number", CASES, ids=[f"{c}-{k}" for c, k in CASES])
def test_no_internal_error(command: str, number: int, tmp_path: Path) -> None:
    rng = random.Random(f"{command}-{number}{SALT}")
    # a real command line cannot hold a NUL byte (argv strings end at one)
    args = [a.replace("\x00", "") for a in COMMANDS[command](rng, tmp_path)]
    result = CliRunner().invoke(cli, args, input=STDIN.pop(tmp_path, b""))
    shown = " ".join(a if len(a) < 80 else a[:40] + f"...({len(a)} chars)" for a in args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"belote {shown}: raised") from result.exception
    err = result.stderr
    assert result.exit_code in (0, 2, 3), f"belote {shown}: exit {result.exit_code}: {err}"
    assert "Traceback" not in err and "internal error" not in err, f"belote {shown}: {err}"
    for line in err.splitlines():
        assert line.isprintable() and len(line) <= 420, f"belote {shown}: {line!r}"
    if command == "engine":  # every answer a JSON line, none an internal error
        for line in result.stdout.splitlines():
            assert json.loads(line).get("status") != 70, f"belote {shown}: {line}"
