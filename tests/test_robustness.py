"""No traceback, no silent wrong answer, bounded resources: every command against hostile input.

- The corpus in ``tests/hostile/`` (and a few files made here: a 2 MB line,
  endless devices, a FIFO, a directory, a file name that is not UTF-8) is
  run through every command that reads a PBN file: each run ends with exit
  status 0 or 2, and any error is one bounded line without control
  characters, naming the file.
- hypothesis throws generated text at every parser (cards, hands, deals,
  contracts, PBN, the constraint language) and at the command line: only
  :class:`BeloteError` (or one-line usage errors) come out; valid boards
  written and read back are equal.
- The same input and options give byte-identical output.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote.cli.main import cli
from belote import (CLASSIC, COINCHE, BeloteError, Board, CardSet, Deal, Position, parse_contract,
                    pbn)
from belote.errors import printable
from belote.sampling import parse_known, parse_points, parse_shape
from belote.types import parse_card

from conftest import sample_size

HOSTILE = Path(__file__).resolve().parent / "hostile"
EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"
READERS = ["solve", "analyse", "par", "score"]
"""The commands that read a PBN file and stop at its first bad board."""

EXAMPLES_RUN = settings(max_examples=sample_size(150, 2000), deadline=None,
                        suppress_health_check=[HealthCheck.too_slow])


def run(*args: object, input: bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, [str(a) for a in args], input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def assert_clean_error(code: int, err: str, name: str | None = None) -> None:
    """Exit 0 or 2; stderr: at most warnings and one error line, each bounded and printable."""
    assert code in (0, 2), err
    assert "Traceback" not in err
    lines = err.splitlines()
    errors = [line for line in lines if line.startswith("Error: ")]
    assert len(errors) == (code == 2), err
    for line in lines:
        assert line.startswith(("Error: ", "belote: ")), line
        assert len(line) <= 420 and line.isprintable(), line
    if errors and name is not None:
        assert name in errors[0] or "'[FILE]'" in errors[0] or "'FILE'" in errors[0], errors[0]


@pytest.mark.parametrize("command", READERS)
@pytest.mark.parametrize("path", sorted(HOSTILE.iterdir()), ids=lambda p: p.name)
def test_hostile_corpus(command: str, path: Path) -> None:
    code, _, err = run(command, path)
    assert_clean_error(code, err, str(path))


@pytest.mark.parametrize("path", sorted(HOSTILE.iterdir()), ids=lambda p: p.name)
def test_hostile_corpus_hint(path: Path) -> None:
    code, _, err = run("hint", path, "--seat", "S", "--samples", 2)
    assert_clean_error(code, err, str(path))


@pytest.mark.parametrize("path", sorted(HOSTILE.iterdir()), ids=lambda p: p.name)
def test_hostile_corpus_batch(path: Path, tmp_path: Path) -> None:
    """A batch never stops at a bad board: it lists it and exits 3 (or 2 for an unreadable file)."""
    out = tmp_path / "out.parquet"
    code, _, err = run("batch", path, "-o", out, "--trump", "H", "--jobs", 1)
    assert code in (0, 2, 3), err
    assert "Traceback" not in err
    for line in err.splitlines():
        assert len(line) <= 420 and line.isprintable(), line
    if code == 3:
        errors = (tmp_path / "out.parquet.errors.jsonl").read_text().splitlines()
        assert errors and all(json.loads(e) for e in errors)


def test_corpus_covers_every_kind() -> None:
    assert len(list(HOSTILE.iterdir())) >= 25


@pytest.mark.parametrize("command", READERS)
def test_a_2mb_line_gives_a_short_message(command: str, tmp_path: Path) -> None:
    path = tmp_path / "long.pbn"
    path.write_text('[Board "1"]\n[Deal "N:' + "A" * 2_000_000 + '"]\n')
    code, _, err = run(command, path)
    assert code == 2 and len(err) < 500 and "Traceback" not in err


def test_an_endless_line_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "endless.pbn"
    path.write_bytes(b"[" * (pbn.MAX_LINE_BYTES + 10))
    code, _, err = run("solve", path)
    assert (code, err) == (2, f"Error: {path}: line 1: line longer than 1048576 bytes "
                              "(is this a PBN file?)\n")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_dev_zero_ends_in_an_error() -> None:
    done = subprocess.run([str(Path(sys.executable).with_name("belote")), "solve", "/dev/zero"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "line longer than" in done.stderr


def test_a_directory_is_refused(tmp_path: Path) -> None:
    code, _, err = run("solve", tmp_path)
    assert code == 2 and "is a directory" in err


def test_no_boards_says_so(tmp_path: Path) -> None:
    for command in READERS:
        code, _, err = run(command, HOSTILE / "comments_only.pbn")
        assert code == 2 and "no boards in the file" in err, command


def test_dash_reads_standard_input() -> None:
    text = (EXAMPLES / "deals.pbn").read_bytes()
    code, out, err = run("solve", "-", "--board", "2", "--json", input=text)
    assert code == 0, err
    result = json.loads(out)
    assert result["file"] == "<stdin>" and result["board"] == "2"


@pytest.mark.skipif(sys.platform != "linux", reason="mkfifo")
def test_a_fifo_is_read_with_a_note(tmp_path: Path) -> None:
    fifo = tmp_path / "in.pbn"
    os.mkfifo(fifo)
    text = (EXAMPLES / "deals.pbn").read_bytes()
    writer = threading.Thread(target=lambda: fifo.write_bytes(text))
    writer.start()
    code, out, err = run("solve", fifo, "--board", "1", "--trump", "H")
    writer.join()
    assert code == 0 and out.startswith("Board 1")
    assert err == f"belote: {fifo} is a FIFO: waiting for its writer (Ctrl-C to stop)\n"


@pytest.mark.skipif(sys.platform != "linux", reason="bytes file names")
def test_a_file_name_that_is_not_utf8_keeps_json_valid(tmp_path: Path) -> None:
    path = os.fsdecode(bytes(tmp_path) + b"/caf\xe9.pbn")
    Path(path).write_bytes((EXAMPLES / "deals.pbn").read_bytes())
    done = subprocess.run([str(Path(sys.executable).with_name("belote")), "solve", path,
                           "--board", "1", "--trump", "S", "--json"], capture_output=True)
    assert done.returncode == 0
    result = json.loads(done.stdout.decode("utf-8"))
    assert result["file"].endswith("caf\\xe9.pbn")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_full_disk_is_one_line() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([str(Path(sys.executable).with_name("belote")), "solve",
                               str(EXAMPLES / "deals.pbn"), "--board", "1", "--trump", "S"],
                              stdout=full, stderr=subprocess.PIPE, text=True)
    assert (done.returncode, done.stderr) == (1, "Error: No space left on device\n")


def test_near_miss_tags_warn_with_their_line() -> None:
    code, _, err = run("solve", HOSTILE / "misspelled_contract.pbn", "--trump", "H")
    assert code == 0
    assert err == (f"belote: warning: {HOSTILE / 'misspelled_contract.pbn'}: board 1: line 4: "
                   "tag 'Contrat' looks like 'Contract' (misspelt?): it is kept as an unknown "
                   "tag, not read\n")
    code, _, err = run("solve", HOSTILE / "lowercase_mode.pbn")
    assert code == 2
    assert "line 3: tag 'mode' looks like 'Mode' (tag names are case-sensitive)" in err


def test_an_absurd_bid_is_one_line() -> None:
    code, _, err = run("solve", "--deal", "N:AJ.QJ.AJT.Q 987.T987.K. KQT.A.Q9.A8 .K.87.KJT97",
                       "--contract", "9" * 5000 + "H", "--declarer", "N")
    assert code == 2 and len(err) < 300 and "too many digits" in err


def test_an_internal_error_is_one_line_and_debug_shows_it(monkeypatch) -> None:
    import belote.analysis  # where the command reads plan_board

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(belote.analysis, "plan_board", broken)
    code, _, err = run("solve", EXAMPLES / "deals.pbn")
    assert code == 70
    assert err.startswith("Error: internal error (RuntimeError: boom); this is a bug")
    assert len(err.splitlines()) == 1
    result = CliRunner().invoke(cli, ["--debug", "solve", str(EXAMPLES / "deals.pbn")])
    assert isinstance(result.exception, RuntimeError)


def test_the_node_limit_ends_a_search_with_a_message() -> None:
    code, _, err = run("solve", EXAMPLES / "deals.pbn", "--max-nodes", "1000")
    assert code == 2
    assert err == (f"Error: {EXAMPLES / 'deals.pbn'}: board 1: the search was stopped after "
                   "1,000 nodes (its node limit): raise --max-nodes to search further\n")


def test_the_node_limit_leaves_the_table_sound() -> None:
    from belote import solve_position
    from belote.dd import SearchContext
    from belote.errors import SearchLimitError

    position = Position(Deal.random(21), 2, 1, COINCHE)
    context = SearchContext(max_nodes=500)
    with pytest.raises(SearchLimitError):
        solve_position(position, 0, context=context)
    context.max_nodes = None
    assert solve_position(position, 0, context=context) == solve_position(
        position, 0, context=SearchContext())


# --- determinism --------------------------------------------------------------------------

def test_solve_output_is_byte_identical_across_runs_and_jobs() -> None:
    outputs = {run("solve", EXAMPLES / name, "--jobs", jobs, *fmt)[1]
               for name in ("deals.pbn",) for jobs in (1, 2, 1) for fmt in ([],)}
    assert len(outputs) == 1
    first = run("solve", EXAMPLES / "positions.pbn", "--json", "--jobs", 1)[1]
    assert run("solve", EXAMPLES / "positions.pbn", "--json", "--jobs", 2)[1] == first


def test_deal_files_are_byte_identical(tmp_path: Path) -> None:
    for ext in ("pbn", "csv", "ndjson", "parquet"):
        a, b = tmp_path / f"a.{ext}", tmp_path / f"b.{ext}"
        assert run("deal", "-n", 50, "--seed", 9, "-o", a)[0] == 0
        assert run("deal", "-n", 50, "--seed", 9, "-o", b)[0] == 0
        assert a.read_bytes() == b.read_bytes(), ext


# --- property tests of the parsers -----------------------------------------------------------

CARD_TEXT = st.text(alphabet="AKQJT987SHDCshdc10xX ♠♥♦♣-.:,;\t", max_size=12)


def _only_belote_errors(parse, *args) -> None:
    try:
        parse(*args)
    except BeloteError as e:
        assert str(e) == printable(str(e))
        assert "\n" not in str(e)


@EXAMPLES_RUN
@given(st.one_of(CARD_TEXT, st.text(max_size=12)))
def test_card_and_hand_parsers(text: str) -> None:
    _only_belote_errors(parse_card, text)
    _only_belote_errors(CardSet.from_pbn, text)
    _only_belote_errors(CardSet, text)


@EXAMPLES_RUN
@given(st.text(alphabet="NESW:AKQJT987.- \t-x", max_size=60), st.text(max_size=40))
def test_deal_parser(text: str, other: str) -> None:
    _only_belote_errors(Deal.from_pbn, text)
    _only_belote_errors(Deal.from_pbn, other)


@EXAMPLES_RUN
@given(st.one_of(st.text(alphabet="0123456789CapotSHDCxX♠ ", max_size=14), st.text(max_size=14)),
       st.sampled_from([COINCHE, CLASSIC]))
def test_contract_parser(text: str, profile) -> None:
    _only_belote_errors(parse_contract, text, profile)


@EXAMPLES_RUN
@given(st.text(alphabet="NESW:HSDC<>=0123456789-, AKQJT", max_size=20))
def test_constraint_parsers(text: str) -> None:
    for parse in (parse_known, parse_shape, parse_points):
        _only_belote_errors(parse, text)


PBN_PIECES = st.sampled_from([
    '[Board "1"]', '[Dealer "N"]', '[Dealer "X"]', '[Deal "N:AKQJ.AKQJ.. .T987.T987. T987...AKQJ ..AKQJ.T987"]',
    '[Deal "N:- - - -"]', '[Contract "100H"]', '[Contract "H"]', '[Declarer "E"]', '[Play "E"]',
    '[Mode "classic"]', '[mode "classic"]', "H7 S7 C7 HA", "- - - HJ", "*", "", "{", "}", ";",
    "%", '"', "[", "]", "\r", "\x00", "\u2028", "HX S7", "[Event \"a\\\"b\"]",
])


@pytest.mark.filterwarnings("ignore::belote.errors.PBNWarning")
@EXAMPLES_RUN
@given(st.lists(st.one_of(PBN_PIECES, st.text(max_size=10)), max_size=14))
def test_pbn_reader(pieces: list[str]) -> None:
    text = "\n".join(pieces)
    _only_belote_errors(pbn.loads, text)
    for item in pbn.iter_load(__import__("io").BytesIO(text.encode("utf-8", "surrogatepass"))):
        assert isinstance(item, (Board, BeloteError))


@EXAMPLES_RUN
@given(st.lists(st.lists(st.one_of(st.sampled_from(
    ["N:AKQJ.AKQJ.. .T987.T987. T987...AKQJ ..AKQJ.T987", "N:- - - -", "X", "100H", "H", "E",
     "coinche", "classic", "", '"', ","]), st.text(max_size=8)), min_size=1, max_size=6),
    max_size=5))
def test_row_readers(rows: list[list[str]]) -> None:
    """CSV and NDJSON deal files of any content: each row is a Board or a located error."""
    import csv
    import io

    from belote.formats.rows import iter_rows

    header = ["board", "deal", "contract", "declarer", "mode", "dealer"]
    text = io.StringIO()
    writer = csv.writer(text)
    writer.writerow(header)
    writer.writerows(rows)
    for item in iter_rows(io.StringIO(text.getvalue()), format="csv"):
        assert isinstance(item, (Board, BeloteError))
    lines = "\n".join(json.dumps(dict(zip(header, r))) for r in rows) + "\n{broken"
    for item in iter_rows(io.StringIO(lines), format="ndjson"):
        assert isinstance(item, (Board, BeloteError))


@st.composite
def valid_boards(draw) -> Board:
    """A random valid board: a deal, a contract, and some random legal play."""
    rng = random.Random(draw(st.integers(0, 10**9)))
    profile = draw(st.sampled_from([COINCHE, CLASSIC]))
    deal = Deal.random(rng)
    dealer = rng.randrange(4)
    trump = rng.randrange(4)
    contract = "SHDC"[trump] if profile is CLASSIC else f"{rng.randrange(8, 17) * 10}{'SHDC'[trump]}"
    position = Position(deal, trump, (dealer + 1) % 4, profile)
    cards = []
    for _ in range(draw(st.integers(0, 32))):
        card = rng.choice(sorted(position.legal_cards()))
        position.play(card)
        cards.append(card)
    return Board(deal, board=str(rng.randrange(1, 1000)), dealer=dealer, profile=profile,
                 contract=contract, declarer=rng.randrange(4), cards=cards,
                 tags=[("Event", draw(st.text(alphabet="ab c\"\\{};%", max_size=8)))])


@EXAMPLES_RUN
@given(st.lists(valid_boards(), min_size=1, max_size=3))
def test_dump_then_load_gives_the_same_boards(boards: list[Board]) -> None:
    assert pbn.loads(pbn.dumps(boards)) == boards


@settings(max_examples=sample_size(40, 400), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(
    st.sampled_from(["solve", "deal", "analyse", "par", "score", "hint", "bid", "report",
                     "--seat", "S", "--hand", "JH 9H AH TH KS AS AD 7C", "--samples", "2",
                     "--json", "--board", "1",
                     "--trump", "X", "H", "--jobs", "0", "-1", "--mode", "belote", "--deal",
                     "N:", "--contract", "100H", "--declarer", "Q", "--leader", "--side",
                     "NS", "--max-nodes", "-o", "--count", "--seed", "--shape", "N:H>=9",
                     "--known", "E:ZZ", str(EXAMPLES / "deals.pbn"), str(HOSTILE / "binary.pbn"),
                     "--all-leaders", "--help"]),
    st.text(max_size=6)), max_size=6))
def test_the_command_line_never_prints_a_traceback(args: list[str]) -> None:
    if "-o" in args or "--samples" not in args and "bid" in args:
        return  # would write files where the test runs, or solve 500 samples
    result = CliRunner().invoke(cli, args)
    assert result.exit_code in (0, 1, 2), (args, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), args
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args", [
    ["solve", str(EXAMPLES / "deals.pbn"), "--jobs", "1"],
    ["par", str(EXAMPLES / "deals.pbn"), "--board", "1"],
    ["analyse", str(EXAMPLES / "played.pbn")],
])
def test_a_reader_gone_before_the_output_is_status_141(args) -> None:
    """The documented status of a closed stdout, whatever the command (click alone says 1)."""
    belote = Path(sys.executable).with_name("belote")
    command = " ".join(f"'{a}'" for a in [str(belote), *args])
    done = subprocess.run(f"{command} | true; echo status=${{PIPESTATUS[0]}}", shell=True,
                          executable="/bin/bash", capture_output=True, text=True, timeout=120)
    assert (done.stdout, done.stderr) == ("status=141\n", "")
