"""The ``belote`` command line: help, solve on the example files, errors, --jobs.

Expected values were computed once with the library and are cross-checked
here by other routes (threshold searches, solving each card's child
position); the scores follow from the rules by hand (see the comments).
"""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import belote.cli.format
import belote.cli.running
import belote.cli.options
from belote.cli.main import cli
from belote import pbn
from belote import EW, HEARTS, NS, Position
from belote.types import parse_card
from conftest import run_cli as run

EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"
DEALS = EXAMPLES / "deals.pbn"
CLASSIC = EXAMPLES / "classic.pbn"
POSITIONS = EXAMPLES / "positions.pbn"

CLASSIC_1_DEAL = "N:AJ.QJ.AJT.Q 987.T987.K. KQT.A.Q9.A8 .K.87.KJT97"


def solve_json(*args: object) -> list[dict]:
    """``belote solve ... --json``, parsed, one dict per board."""
    code, out, err = run("solve", *args, "--json")
    assert code == 0, err
    return [json.loads(line) for line in out.splitlines()]


def table(result: dict) -> dict[str, tuple[int, int]]:
    """``{trump: (NS, EW)}`` of a single-leader deal table."""
    rows = {(r["trump"], r["side"]): r["points"] for r in result["table"]}
    return {t: (rows[t, "NS"], rows[t, "EW"]) for t in "SHDC" if (t, "NS") in rows}


@pytest.fixture(scope="module")
def deals_json() -> list[dict]:
    return solve_json(DEALS, "--jobs", 1)


@pytest.fixture(scope="module")
def classic_json() -> list[dict]:
    return solve_json(CLASSIC, "--jobs", 1)


@pytest.fixture(scope="module")
def positions_json() -> list[dict]:
    return solve_json(POSITIONS, "--jobs", 1)


# --- help and start-up ------------------------------------------------------------------

def test_group_help_lists_every_command() -> None:
    code, out, _ = run("--help")
    assert code == 0
    for name in cli.commands:
        assert name in out


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_every_command_has_help(name: str) -> None:
    code, out, _ = run(name, "--help")
    assert code == 0
    assert out.startswith(f"Usage: belote {name} ")
    assert cli.commands[name].help


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_help_is_short_and_its_summary_whole(name: str) -> None:
    """A command's first help line is a short sentence, shown whole in ``belote --help`` on
    80 columns; its --help says the rest in at most 25 lines before the options and names the
    guide that holds the detail (issue 32: ``bid --help`` was 115 lines, its summary cut)."""
    command = cli.commands[name]
    first = (command.help or "").strip().splitlines()[0]
    assert first.endswith(".") and len(first) <= 55, first
    assert command.get_short_help_str(limit=80 - 6 - max(map(len, cli.commands))) == first
    listing = CliRunner().invoke(cli, ["--help"], terminal_width=80).output
    commands = listing.split("\nCommands:\n", 1)[1]
    assert f"  {name} " in commands and "..." not in commands
    out = CliRunner().invoke(cli, [name, "--help"], terminal_width=80).output
    head = out[:out.index("\nOptions:")]
    assert len(head.splitlines()) <= 25 and "docs/" in head, head


def test_no_command_shows_the_help() -> None:
    output = CliRunner().invoke(cli, []).output
    assert output.startswith("Usage: belote [OPTIONS] COMMAND [ARGS]...\n")
    assert "Error" not in output


def test_version() -> None:
    code, out, _ = run("--version")
    assert (code, out) == (0, "belote, version 0.1.0\n")


def test_help_does_not_import_numba() -> None:
    """Every command's --help loads neither numba, numpy, polars, Dask nor matplotlib."""
    code = ("import sys\nfrom belote.cli.main import cli\n"
            "for args in [['--help']] + [[name, '--help'] for name in cli.commands]:\n"
            "    try:\n        cli(args)\n    except SystemExit as e:\n        assert e.code == 0\n"
            "heavy = ('numba', 'numpy', 'polars', 'dask', 'distributed', 'matplotlib')\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.splitlines()[-1] == "[]"


def _modules_after(args: list[str]) -> set[str]:
    """The modules a fresh interpreter has loaded once ``belote ARGS`` is done."""
    code = ("import sys\nfrom belote.cli.main import cli\n"
            f"try:\n    cli({args!r})\nexcept SystemExit as e:\n    assert e.code == 0\n"
            "print(' '.join(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    return set(out.splitlines()[-1].split())


def test_version_loads_no_more_than_help() -> None:
    """``belote --version`` is no slower than ``--help``: it loads none of the heavy packages,
    nor importlib.metadata (which made it slower than --help), and nothing --help does not."""
    version, help_ = _modules_after(["--version"]), _modules_after(["--help"])
    heavy = {"numba", "numpy", "polars", "dask", "distributed", "matplotlib"}
    assert not {m for m in version | help_ if m.split(".")[0] in heavy}
    assert "importlib.metadata" not in version
    assert version <= help_, sorted(version - help_)


def test_cli_doctests() -> None:
    for module in (belote.cli.format, belote.cli.running, belote.cli.options):
        failed, attempted = doctest.testmod(module)
        assert attempted > 0 and failed == 0, module.__name__


# --- full deals ---------------------------------------------------------------------------

def test_deals_tables(deals_json: list[dict]) -> None:
    assert [r["board"] for r in deals_json] == ["1", "2", "3", "4"]
    assert [(r["kind"], r["mode"], r["dealer"], r["leader"]) for r in deals_json] == [
        ("deal", "coinche", "N", "E"), ("deal", "coinche", "E", "S"),
        ("deal", "coinche", "S", "W"), ("deal", "coinche", "W", "N")]
    assert [table(r) for r in deals_json] == [
        {"S": (55, 107), "H": (38, 124), "D": (252, 0), "C": (52, 110)},
        {"S": (102, 60), "H": (49, 113), "D": (90, 72), "C": (55, 107)},
        {"S": (89, 73), "H": (29, 133), "D": (137, 25), "C": (15, 147)},
        {"S": (59, 103), "H": (53, 109), "D": (21, 141), "C": (121, 41)},
    ]
    assert [r["belote"] for r in deals_json] == [
        {"S": None, "H": None, "D": None, "C": "NS"},
        {"S": "NS", "H": None, "D": None, "C": None},
        {"S": None, "H": None, "D": "NS", "C": None},
        {"S": "NS", "H": "NS", "D": "EW", "C": None},
    ]
    assert deals_json[0]["deal"] == "N:9..AK97.AKQ .AJT9.QT.87 AK7.K7.J8.T QJT8.Q8..J9"
    assert deals_json[0]["table"][0] == {"trump": "S", "leader": "E", "side": "NS",
                                         "points": 55}


def test_deals_contracts(deals_json: list[dict]) -> None:
    verdicts = [{k: r["contract"][k] for k in ("contract", "declarer", "leader", "points",
                                               "needed", "made", "score")}
                for r in deals_json]
    assert verdicts == [
        # 124 >= 100: EW 124 + 100 = 224 -> 220, NS 38 -> 40.
        {"contract": "100H", "declarer": "E", "leader": "E", "points": 124, "needed": 100,
         "made": True, "score": {"NS": 40, "EW": 220}},
        # coinched, made: (160 + 80) x 2 + NS belote 20.
        {"contract": "80SX", "declarer": "S", "leader": "S", "points": 102, "needed": 72,
         "made": True, "score": {"NS": 500, "EW": 0}},
        # capot bid without all tricks: EW 160 + 250, NS keeps its belote.
        {"contract": "CapotD", "declarer": "N", "leader": "W", "points": 137, "needed": 252,
         "made": False, "score": {"NS": 20, "EW": 410}},
        # surcoinched, made: (160 + 110) x 4.
        {"contract": "110CXX", "declarer": "S", "leader": "N", "points": 121, "needed": 110,
         "made": True, "score": {"NS": 1080, "EW": 0}},
    ]


def test_deal_values_by_threshold_search(deals_json: list[dict]) -> None:
    """Board 1 hearts, cross-checked with null-window searches instead of full solves."""
    from belote.dd import reaches

    board = pbn.load(DEALS)[0]
    start = Position(board.deal, HEARTS, board.first_leader(), board.profile)
    ns, ew = table(deals_json[0])["H"]
    assert reaches(start, EW, ew) and not reaches(start, EW, ew + 1)
    assert reaches(start, NS, ns) and not reaches(start, NS, ns + 1)


def test_deals_human_board() -> None:
    code, out, _ = run("solve", DEALS, "--board", 1, "--jobs", 1)
    assert code == 0
    assert out == """\
Board 1 (coinche), dealer N, E leads
  deal N:9..AK97.AKQ .AJT9.QT.87 AK7.K7.J8.T QJT8.Q8..J9
  trump       S    H    D    C
  NS         55   38  252   52
  EW        107  124    0  110
  belote      -    -    -   NS
  contract 100H by E: made double-dummy (EW takes 124, needs 100); score NS 40, EW 220
"""


CLASSIC_HUMAN = """\
Board 1 (classic), dealer N, E leads
  deal N:AJ.QJ.AJT.Q 987.T987.K. KQT.A.Q9.A8 .K.87.KJT97
  trump       S    H    D    C
  NS        133   88  125   42
  EW         29   74   37  120
  belote     NS    -    -    -
  contract H by E: failed double-dummy (EW takes 74, needs 82); score NS 162, EW 0

Board 2 (classic), dealer E, S leads
  deal E:K.8.Q97.QT9 98.T9.AJ.AK AQT7.K7.KT. J.AQJ.8.J87
  trump       S    H    D    C
  NS        108  127   85  105
  EW         54   35   77   57
  belote      -    -    -    -
  contract S by W: failed double-dummy (EW takes 54, needs 82); score NS 162, EW 0

Board 3 (classic), dealer S, W leads
  deal S:Q..KT987.A7 A.A97.J.KJ9 T97.KT8.Q.T KJ8.QJ.A.Q8
  trump       S    H    D    C
  NS         72   36  110   22
  EW         90  126   52  140
  belote      -    -    -    -
  contract C by W: made double-dummy (EW takes 140, needs 82); score NS 22, EW 140
  played    trick points NS 37, EW 125; contract made; score NS 37, EW 125
"""


def test_classic_human() -> None:
    code, out, _ = run("solve", CLASSIC, "--jobs", 1)
    assert (code, out) == (0, CLASSIC_HUMAN)


def test_classic_json(classic_json: list[dict]) -> None:
    assert [table(r) for r in classic_json] == [
        {"S": (133, 29), "H": (88, 74), "D": (125, 37), "C": (42, 120)},
        {"S": (108, 54), "H": (127, 35), "D": (85, 77), "C": (105, 57)},
        {"S": (72, 90), "H": (36, 126), "D": (110, 52), "C": (22, 140)},
    ]
    first = classic_json[0]
    assert first["contract"] == {
        "contract": "H", "declarer": "E", "leader": "E", "side": "EW", "points": 74,
        "needed": 82, "made": False, "litige": False, "trick_points": {"NS": 88, "EW": 74},
        "score": {"NS": 162, "EW": 0}}
    assert "played" not in first
    # Board 3 is played to the end: its actual result is scored beside the table.
    assert classic_json[2]["played"] == {"trick_points": {"NS": 37, "EW": 125}, "made": True,
                                         "litige": False, "score": {"NS": 37, "EW": 125}}


def test_every_verdict_agrees_with_min_points(deals_json, classic_json, positions_json) -> None:
    for result in deals_json + classic_json + positions_json:
        verdict = result["contract"]
        assert verdict["made"] == (verdict["points"] >= verdict["needed"])


# --- positions ----------------------------------------------------------------------------

POSITIONS_HUMAN = """\
Board 1 (coinche), dealer N, E leads
  hands     N:A.98.K.Q .AKQ7.A. K.T.9.T98 J9.J.8.AK
  trump H, trick 3, N led JC 7C; S to play
  taken     NS 28, EW 0
  value     NS 52, EW 110 (belote EW)
  card       NS   EW
  9C 8C      52  110  best
  TC         42  120
  contract 90H by E: made double-dummy (EW takes 110, needs 72); score NS 50, EW 220

Board 2 (coinche), dealer E, S leads
  hands     E:.Q8.QJ8. 7.A.7.AQ 98.KT.K. .97.AT9.
  trump C, trick 4; S to lead
  taken     NS 50, EW 30
  value     NS 132, EW 30
  card       NS   EW
  AH        132   30  best
  7D        132   30  best
  AC        132   30  best
  QC        132   30  best
  7S        129   33
  contract 100CX by S: made double-dummy (NS takes 132, needs 100); score NS 520, EW 0

Board 3 (classic), dealer W, N leads
  hands     W:QJ7.T.QT.Q T..K9.J97 AK.Q8.J.A8 98.K.A87.K
  trump S, trick 2, N led TC; E to play
  taken     NS 13, EW 0
  value     NS 25, EW 137
  card       NS   EW
  AC         25  137  best
  8C         74   88
  contract S by S: failed double-dummy (NS takes 25, needs 82); score NS 0, EW 162
"""


def test_positions_human() -> None:
    code, out, _ = run("solve", POSITIONS, "--jobs", 1)
    assert (code, out) == (0, POSITIONS_HUMAN)


def test_positions_json(positions_json: list[dict]) -> None:
    first = positions_json[0]
    assert {k: first[k] for k in ("board", "kind", "mode", "dealer", "leader", "trump",
                                  "to_move", "tricks", "trick", "points", "value",
                                  "belote")} == {
        "board": "1", "kind": "position", "mode": "coinche", "dealer": "N", "leader": "E",
        "trump": "H", "to_move": "S", "tricks": 2, "trick": {"leader": "N",
                                                             "cards": ["JC", "7C"]},
        "points": {"NS": 28, "EW": 0}, "value": {"NS": 52, "EW": 110}, "belote": {"H": "EW"}}
    assert first["cards"] == [
        {"card": "9C", "NS": 52, "EW": 110, "equivalents": ["9C", "8C"], "best": True},
        {"card": "8C", "NS": 52, "EW": 110, "equivalents": ["9C", "8C"], "best": True},
        {"card": "TC", "NS": 42, "EW": 120, "equivalents": ["TC"], "best": False},
    ]
    # 90H by E with EW's belote: needs 72 (above 142 / 2 without it); EW 110 + 20 + 90.
    assert first["contract"]["score"] == {"NS": 50, "EW": 220}
    assert [(r["to_move"], r["value"]) for r in positions_json] == [
        ("S", {"NS": 52, "EW": 110}), ("S", {"NS": 132, "EW": 30}),
        ("E", {"NS": 25, "EW": 137})]
    assert [[c["card"] for c in r["cards"] if c["best"]] for r in positions_json] == [
        ["9C", "8C"], ["AH", "7D", "AC", "QC"], ["AC"]]


def test_position_values_by_solving_each_card(positions_json: list[dict]) -> None:
    """Each card's values equal a fresh solve of the position after it."""
    from belote import solve_position

    for board, result in zip(pbn.load(POSITIONS), positions_json, strict=True):
        position = board.position()
        assert [solve_position(position, s) for s in (NS, EW)] == [
            result["value"]["NS"], result["value"]["EW"]]
        for card in result["cards"]:
            child = position.copy()
            child.play(parse_card(card["card"]))
            assert [solve_position(child, s) for s in (NS, EW)] == [card["NS"], card["EW"]]


# --- options ------------------------------------------------------------------------------

def test_trump_side_leader_narrow_the_table() -> None:
    [result] = solve_json(CLASSIC, "--board", 2, "--trump", "c", "--side", "EW",
                          "--leader", "W", "--jobs", 1)
    assert result["leader"] == "W"
    assert result["table"] == [{"trump": "C", "leader": "W", "side": "EW", "points": 63}]
    assert result["belote"] == {"C": None}
    # The contract is still judged with the board's own leader (S, the dealer's left).
    assert (result["contract"]["leader"], result["contract"]["points"]) == ("S", 54)


def test_all_leaders() -> None:
    code, out, _ = run("solve", CLASSIC, "--board", 1, "--trump", "D", "--all-leaders",
                       "--jobs", 1)
    assert code == 0
    assert out == """\
Board 1 (classic), dealer N, E leads
  deal N:AJ.QJ.AJT.Q 987.T987.K. KQT.A.Q9.A8 .K.87.KJT97
  leader side     D
  N      NS     252
         EW       0
  E      NS     125
         EW      37
  S      NS     252
         EW       0
  W      NS     140
         EW      22
  belote          -
  contract H by E: failed double-dummy (EW takes 74, needs 82); score NS 162, EW 0
"""


def test_deal_option_matches_the_file() -> None:
    [result] = solve_json("--deal", CLASSIC_1_DEAL, "--mode", "classic", "--trump", "H",
                          "--contract", "H", "--declarer", "E", "--jobs", 1)
    assert (result["board"], result["file"], result["dealer"], result["leader"]) == (
        None, "--deal", "N", "E")
    assert table(result) == {"H": (88, 74)}
    assert (result["contract"]["made"], result["contract"]["score"]) == (
        False, {"NS": 162, "EW": 0})


def test_deal_option_infers_one_dash_hand() -> None:
    """PBN's '-' for the one hand the other three determine: the same result as the whole deal."""
    for hidden in range(4):
        hands = CLASSIC_1_DEAL[2:].split()
        hands[hidden] = "-"
        args = ("--mode", "classic", "--trump", "H", "--contract", "H", "--declarer", "E",
                "--jobs", 1)
        assert solve_json("--deal", "N:" + " ".join(hands), *args) == solve_json(
            "--deal", CLASSIC_1_DEAL, *args)


def test_defence_capot_is_scored_as_capot() -> None:
    """With N leading, NS take every trick at diamonds: E's D fails to a capot (252)."""
    [result] = solve_json("--deal", CLASSIC_1_DEAL, "--dealer", "W", "--mode", "classic",
                          "--trump", "D", "--contract", "D", "--declarer", "E", "--jobs", 1)
    assert result["leader"] == "N"
    assert table(result) == {"D": (252, 0)}
    verdict = result["contract"]
    assert (verdict["points"], verdict["trick_points"], verdict["score"]) == (
        0, {"NS": 252, "EW": 0}, {"NS": 252, "EW": 0})


def test_defence_capot_by_ew() -> None:
    """At hearts with W leading, EW take every trick: 252, not 162 + anything."""
    [result] = solve_json("--deal", "S:K8.Q87.T.T7 QT9.T.AQ.K9 J7..J97.AQ8 A.AKJ9.K8.J",
                          "--trump", "H", "--contract", "80H", "--declarer", "N", "--jobs", 1)
    assert (result["dealer"], result["leader"]) == ("S", "W")
    assert table(result) == {"H": (0, 252)}
    verdict = result["contract"]
    # Failed against a capot: EW score 250 + 80.
    assert (verdict["points"], verdict["trick_points"], verdict["score"]) == (
        0, {"NS": 0, "EW": 252}, {"NS": 0, "EW": 330})


def test_mode_overrides_the_tag() -> None:
    """Read as coinche, classic board 1's bare contract H is refused."""
    code, out, err = run("solve", CLASSIC, "--mode", "coinche")
    assert code == 2 and out == ""
    assert err == (f"Error: {CLASSIC}: board 1: line 10: Contract tag: coinche contracts "
                   "need a bid (e.g. 100H), got 'H'\n")


def test_small_files_stay_in_one_process() -> None:
    """Without --jobs, files of fewer than 4 boards are solved in the main process."""
    from belote.cli.solve import POOL_MIN_BOARDS

    assert POOL_MIN_BOARDS == 4


def test_jobs_2_prints_what_jobs_1_prints(classic_json: list[dict]) -> None:
    assert solve_json(CLASSIC, "--jobs", 2) == classic_json
    code, out, _ = run("solve", POSITIONS, "--jobs", 2)
    assert (code, out) == (0, POSITIONS_HUMAN)


WORKER_PROBE = """\
import os, sys
from belote import Run
from belote.dd import loader, warm_up
from belote.parallel import parallel_map

def probe(_):
    return os.getpid(), loader._kernels is not None

results = list(parallel_map(probe, range(8), run=Run("process", 2),
                            initializer=warm_up))
print(sorted({k for _, k in results}), os.getpid() in {p for p, _ in results})
"""


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
def test_workers_are_forked_with_the_kernels_loaded() -> None:
    """A fresh process: the kernels are loaded before the pool, and workers inherit them."""
    done = subprocess.run([sys.executable, "-c", WORKER_PROBE],
                          capture_output=True, text=True, check=True)
    assert done.stdout == "[True] False\n"


# --- bad input ----------------------------------------------------------------------------

BAD_FILES = {
    "unknown card": (CLASSIC, "AQT7.K7.KT.", "AQT7.K7.KZ.",
                     "board 2: line 14: W hand: unknown rank 'Z' in hand 'AQT7.K7.KZ.'"),
    "duplicate card": (CLASSIC, "J.AQJ.8.J87", "J.AQJ.8.JA7",
                       "board 2: line 14: duplicate card AC (held by S and N)"),
    "wrong count": (DEALS, "T.AK.AK8.KT", "T.AK.AK8.K",
                    "board 2: line 16: W holds 7 cards, expected 8; a hand may hold fewer "
                    "only when the Play section records the rest"),
    "illegal play": (POSITIONS, "C7 - - CJ", "C7 - - SA",
                     "board 1: line 17: trick 3: E may not play 7C here (legal: 7H QH KH AH)"),
    "broken tag": (POSITIONS, '[Dealer "E"]', '[Dealer "E"',
                   "board 2: line 23: malformed tag '[Dealer \"E\"' (expected [Name \"value\"])"),
    "open play section": (POSITIONS, "C7 - - CJ\n*\n", "C7 - - CJ\n",
                          "board 1: line 17: the play record stops after 10 of 32 cards "
                          "without the '*' that ends a record stopped early: is the file cut "
                          "short?"),
    "unknown seat": (CLASSIC, '[Dealer "S"]', '[Dealer "X"]',
                     "board 3: line 20: Dealer tag: unknown seat 'X' (expected one of N E S W)"),
    "unknown mode": (DEALS, '[Mode "coinche"]\n[Declarer "N"]', '[Mode "belote"]\n[Declarer "N"]',
                     "board 3: line 24: Mode tag: unknown mode 'belote' (expected one of "
                     "classic, coinche)"),
    "bad contract": (DEALS, "110CXX", "170CXX",
                     "board 4: line 33: Contract tag: bid 170 in '170CXX' is not allowed "
                     "(coinche bids 80..160 in steps of 10, or 250 for capot)"),
    "play without contract": (POSITIONS, '[Contract "S"]\n', "",
                              "board 3: line 39: the Play section needs a Contract tag (for "
                              "the trump suit)"),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_bad_file_is_one_line_naming_file_board_line(case: str, tmp_path: Path) -> None:
    source, old, new, message = BAD_FILES[case]
    text = source.read_text()
    assert text.count(old) == 1
    path = tmp_path / f"{case.replace(' ', '_')}.pbn"
    path.write_text(text.replace(old, new))
    code, out, err = run("solve", path, "--jobs", 1)
    assert (code, out) == (2, "")
    assert err == f"Error: {path}: {message}\n"


def test_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "binary.pbn"
    path.write_bytes(b"\xff\x00garbage")
    code, _, err = run("solve", path)
    assert (code, err) == (2, f"Error: {path}: line 1: not UTF-8 text (invalid start byte at "
                              "byte 0)\n")
    path.write_bytes(b"\xff\xfe\x00garbage")  # a UTF-16 byte order mark: named as such
    code, _, err = run("solve", path)
    assert code == 2 and err.startswith(f"Error: {path} is UTF-16 text (save it as UTF-8): ")


BAD_OPTIONS = [
    (["--trump", "X"], "'--trump': unknown suit 'X'"),
    (["--leader", "Q"], "'--leader': unknown seat 'Q'"),
    (["--side", "NE"], "'--side': unknown side 'NE'"),
    (["--mode", "chess"], "'--mode'"),
    (["--jobs", "0"], "'--jobs'"),
    (["--board", "9"], "no board 9 in"),
    (["--leader", "N", "--all-leaders"], "--leader and --all-leaders exclude each other"),
    (["--dealer", "N"], "--dealer goes with --deal"),
]


@pytest.mark.parametrize("args,fragment", BAD_OPTIONS)
def test_bad_option_is_one_line(args: list[str], fragment: str) -> None:
    code, out, err = run("solve", DEALS, *args)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and err.startswith("Error: ")
    assert fragment in err
    assert "(see 'belote solve --help')" in err


@pytest.mark.parametrize("args,fragment", [
    (["missing.pbn"], "'missing.pbn' does not exist"),
    ([], "give a FILE, --cfn or --deal"),
    (["--deal", "N:AJ.QJ"], "'--deal'"),
    (["--deal", CLASSIC_1_DEAL.replace("KJT97", "KJT9")],
     "Invalid value for '--deal': W holds 7 cards, expected 8"),
    (["--deal", CLASSIC_1_DEAL, "--contract", "100X"], "Invalid value for '--contract': cannot read"),
    (["--deal", CLASSIC_1_DEAL, "--board", "1"], "--board selects boards of a FILE"),
    (["--deal", "N:- - " + " ".join(CLASSIC_1_DEAL.split()[2:])],
     "Invalid value for '--deal': 2 hands are unknown (N E); at most one can be inferred"),
    (["--deal", "N:- " + " ".join(CLASSIC_1_DEAL.replace("KJT97", "KJT9").split()[1:])],
     "the hand of N is unknown ('-') and the other three hold 8 8 7 cards"),
])
def test_bad_input_without_file_is_one_line(args: list[str], fragment: str) -> None:
    code, out, err = run("solve", *args)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and err.startswith("Error: ")
    assert fragment in err


def test_unknown_command_is_one_line() -> None:
    code, _, err = run("frobnicate")
    assert code == 2
    assert err == "Error: No such command 'frobnicate'. (see 'belote --help')\n"


def test_solve_without_a_dealer_says_what_to_give(tmp_path):
    path = tmp_path / "nodealer.pbn"
    path.write_text('[Board "1"]\n[Deal "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987"]\n')
    result = CliRunner().invoke(cli, ["solve", str(path)])
    assert result.exit_code == 2
    assert result.stderr.strip().endswith("board 1: line 2: no Play or Dealer tag: the leader of "
                                          "the first trick is unknown: give a Dealer tag, "
                                          "--leader SEAT or --all-leaders")
    assert CliRunner().invoke(cli, ["solve", str(path), "--leader", "N"]).exit_code == 0
