"""Solving many boards: the same exact results on every executor, under threads, and clean stops.

The reference results are the serial ones; every other way of running the
same seeded boards (threads under a tiny switch interval, forked and spawned
processes, a Dask cluster) must give identical analyses.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote import EW, NS, BeloteError, Board, Position, Run, dd_table, pbn, solve_position
from belote.cli.main import cli
from belote import COINCHE, Deal
from belote.analysis import board_analyses
from belote.dd import SearchContext, reaches_targets
from belote.parallel import parallel_map, runner, worker_count

from conftest import sample_size

EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"


def seeded_boards(count: int, seed: int = 7) -> list[Board]:
    """``count`` random boards (dealers in turn) and the example positions and played deals."""
    rng = random.Random(seed)
    boards = [Board(board=str(i + 1), dealer=i % 4, deal=Deal.random(rng))
              for i in range(count)]
    return boards + pbn.load(EXAMPLES / "positions.pbn") + pbn.load(EXAMPLES / "classic.pbn")


@pytest.fixture(scope="module")
def boards() -> list[Board]:
    return seeded_boards(sample_size(6, 40))


@pytest.fixture(scope="module")
def serial(boards) -> list[dict]:
    return [a.to_dict() for a in board_analyses(boards, run=Run("serial"))]


def test_threads_under_a_tiny_switch_interval(boards, serial) -> None:
    """4 threads, each switching every microsecond: every value exact (the default context is per thread)."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        got = [a.to_dict() for a in board_analyses(boards * 2, run=Run("thread", 4))]
    finally:
        sys.setswitchinterval(before)
    assert got == serial * 2


def test_dd_table_from_many_threads_at_once() -> None:
    """The case that used to go wrong: plain dd_table calls from 4 threads on one default context each."""
    rng = random.Random(11)
    deals = [Deal.random(rng) for _ in range(sample_size(8, 40))]
    expected = [dd_table(d, 1, COINCHE).values for d in deals]
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(4) as pool:
            got = list(pool.map(lambda d: dd_table(d, 1, COINCHE).values, deals))
    finally:
        sys.setswitchinterval(before)
    assert got == expected


def test_one_context_shared_by_threads_stays_exact() -> None:
    """A context passed to several threads serialises their calls (its lock)."""
    rng = random.Random(12)
    positions = [Position(Deal.random(rng), rng.randrange(4), rng.randrange(4), COINCHE)
                 for _ in range(sample_size(6, 24))]
    expected = [solve_position(p, NS, context=SearchContext(tt_bits=12)) for p in positions]
    shared = SearchContext()
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda p: solve_position(p, NS, context=shared), positions))
    assert got == expected


FORKED_RUN = """\
import json, sys
sys.path.insert(0, sys.argv[1])
from test_parallel import seeded_boards
from belote import Run
from belote.analysis import board_analyses
from belote.parallel import runner
assert runner.fork_is_safe()
print(json.dumps([a.to_dict() for a in board_analyses(seeded_boards(int(sys.argv[2])),
                                                     run=Run("process", 2))]))
"""


@pytest.mark.skipif(sys.platform != "linux", reason="fork is used on Linux only")
def test_forked_processes(boards, serial) -> None:
    """In a fresh interpreter (this one may have polars loaded, which rules fork out)."""
    import json

    done = subprocess.run([sys.executable, "-c", FORKED_RUN, str(Path(__file__).parent),
                           str(len(boards) - len(seeded_boards(0)))],
                          capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == serial


def test_spawned_processes(boards, serial, monkeypatch) -> None:
    monkeypatch.setattr(runner, "fork_is_safe", lambda: False)
    got = [a.to_dict() for a in board_analyses(boards, run=Run("process", 2))]
    assert got == serial


def test_dask_local_cluster(boards, serial) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            got = [a.to_dict() for a in board_analyses(boards, run=Run(client.get_executor(), 2))]
    assert got == serial


def test_results_keep_input_order_with_uneven_work() -> None:
    items = list(range(40))
    assert list(parallel_map(_slow_square, items, run=Run("thread", 4),
                             chunk_size=3)) == [i * i for i in items]


def _slow_square(i: int) -> int:
    time.sleep(0.001 * (i % 5))
    return i * i


def test_a_lazy_input_is_read_as_results_are_consumed() -> None:
    """At most a few chunks per worker are taken from the input ahead of the consumer."""
    taken = []

    def source():
        for i in range(1000):
            taken.append(i)
            yield i

    results = parallel_map(abs, source(), run=Run("thread", 2), chunk_size=5)
    assert next(results) == 0
    assert len(taken) <= 5 * (runner.IN_FLIGHT_PER_WORKER * 2 + 1)
    results.close()


def test_an_error_in_the_function_propagates() -> None:
    with pytest.raises(ZeroDivisionError):
        list(parallel_map(_inverse, [1, 2, 0, 4], run=Run("thread", 2), chunk_size=1))


def _inverse(x: int) -> float:
    return 1 / x


def test_progress_counts_every_item() -> None:
    seen = []
    list(parallel_map(abs, range(10), run=Run("thread", 2, progress=seen.append), chunk_size=3))
    assert sum(seen) == 10


def test_worker_counts_are_capped_and_say_why() -> None:
    cores = os.cpu_count() or 1
    assert worker_count(None, 1000) == (cores, None)
    assert worker_count(1000, 3) == (min(cores, 3), f"using {min(cores, 3)} workers, not 1000 "
                                     f"({cores} cores, 3 items)")
    notes = []
    list(parallel_map(abs, [1, 2], run=Run("process", 50, notice=notes.append)))
    assert notes and "not 50" in notes[0]
    with pytest.raises(BeloteError, match="expected a positive int"):
        worker_count(0)
    with pytest.raises(BeloteError, match="unknown executor"):
        parallel_map(abs, [1], run=Run("gpu"))


def test_small_jobs_run_serially_in_one_place() -> None:
    """:meth:`Run.sized`: one worker, one item, or fewer items than ``pool_from`` without a
    worker count run serially; a pooled run stays pooled when sized again in smaller items."""
    notes: list[str] = []
    run = Run("process", notice=notes.append, pool_from=4)
    assert [run.sized(n).serial for n in (1, 3, 4, None)] == [True, True, False, False]
    assert run.sized(4).sized(2) == Run("process", notice=notes.append)
    assert Run("process", 1, pool_from=4).sized(100).serial
    assert not Run("process", 2, pool_from=4).sized(3).serial  # a count asked is kept
    assert notes == []
    assert Run("process", 2, notice=notes.append).sized(1).serial
    assert notes == [f"using 1 worker, not 2 ({os.cpu_count() or 1} cores, 1 item)"]
    external = Run(ThreadPoolExecutor(1), pool_from=4)
    assert external.sized(1) is external
    with pytest.raises(BeloteError, match="expected a positive int"):
        Run(workers=0)


# --- several thresholds, one context ---------------------------------------------------------

@pytest.mark.parametrize("seed", range(sample_size(4, 30)))
def test_reaches_targets_agree_with_the_value(seed: int) -> None:
    rng = random.Random(seed)
    position = Position(Deal.random(rng), rng.randrange(4), rng.randrange(4), COINCHE)
    value = solve_position(position, EW, context=SearchContext())
    targets = [80, 90, 100, 110, 120, 130, 140, 150, 160, 162, 252, value, value + 1, 0]
    assert reaches_targets(position, EW, targets) == tuple(value >= t for t in targets)


# --- checks at the boundary --------------------------------------------------------------

def _position() -> Position:
    return Position(Deal.random(3), 1, 0, COINCHE)


def _tamper(**fields):
    pos = _position()
    for name, value in fields.items():
        setattr(pos, name, value)
    return pos


@pytest.mark.parametrize("call, message", [
    (lambda: solve_position(_position(), 2), "side 2 is not a side (expected one of NS EW, or 0..1)"),
    (lambda: solve_position(_position(), True), "side True is not a side (expected one of NS EW, or 0..1)"),
    (lambda: solve_position(_tamper(trump=4), NS),
     "the position's trump was changed to 4: build a new Position"),
    (lambda: solve_position(_tamper(trump="H"), NS),
     "the position's trump was changed to 'H': build a new Position"),
    (lambda: solve_position(_tamper(leader=-1), NS),
     "the position's leader was changed to -1: build a new Position"),
    (lambda: dd_table(Deal.random(3), 7, COINCHE), "leader 7 is not a seat (expected one of N E S W, or 0..3)"),
    (lambda: dd_table(Deal.random(3), "X", COINCHE), "unknown leader 'X' (expected one of N E S W, or 0..3)"),
    (lambda: dd_table(Deal.random(3), 0, COINCHE, trumps=[5]),
     "trump 5 is not a suit (expected one of S H D C, or 0..3)"),
    (lambda: dd_table(Deal.random(3), 0, COINCHE, sides=[3]),
     "side 3 is not a side (expected one of NS EW, or 0..1)"),
    (lambda: solve_position(_tamper(hands=[0b11, 0b110, 0, 0]), NS),
     "the hands overlap, or hold a card of the trick in progress"),
    (lambda: solve_position(_tamper(hands=[0b1, 0b10, 0b100, 0b11000]), NS),
     "hand sizes 1 1 1 2 (N E S W) do not fit a trick of 0 card(s) led by N"),
    (lambda: solve_position(_tamper(hands=[0] * 4), NS), "the deal is over: nothing left to solve"),
    (lambda: reaches_targets(_position(), NS, [80, "90"]), "target '90' is not an int"),
])
def test_boundary_checks(call, message) -> None:
    with pytest.raises(BeloteError) as info:
        call()
    assert str(info.value) == message


def test_a_played_card_still_in_hand_is_refused() -> None:
    pos = _position()
    card = next(iter(pos.legal_cards()))
    pos.play(card)
    pos.hands[0] |= 1 << card
    with pytest.raises(BeloteError, match="overlap"):
        solve_position(pos, NS)


# --- clean stops (real processes) ------------------------------------------------------------

@pytest.fixture(scope="module")
def many_boards(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("many") / f"many-{os.getpid()}.pbn"
    pbn.dump(seeded_boards(200, seed=3)[:200], path)
    return path


def _belote(*args: str, **kwargs) -> subprocess.Popen:
    exe = Path(sys.executable).with_name("belote")
    return subprocess.Popen([str(exe), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, **kwargs)


def _processes_reading(path: Path) -> list[int]:
    """Pids of live processes whose command line names ``path`` (workers share it)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes()
                status = (entry / "status").read_text()
            except OSError:
                continue
            if str(path).encode() in cmd and "State:\tZ" not in status:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_closed_stdout_stops_the_run(many_boards) -> None:
    start = time.monotonic()
    done = subprocess.run(f"'{Path(sys.executable).with_name('belote')}' solve "
                          f"'{many_boards}' --jobs 2 | head -1; echo status=${{PIPESTATUS[0]}}",
                          shell=True, executable="/bin/bash", capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.startswith("Board 1 (coinche)")
    assert done.stdout.endswith("\nstatus=141\n") and done.stderr == ""
    time.sleep(0.5)
    assert time.monotonic() - start < 15  # solving all 200 boards takes about a minute
    assert _processes_reading(many_boards) == []


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
@pytest.mark.parametrize("sig, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_signals_end_the_run_and_its_workers(many_boards, sig, status) -> None:
    proc = _belote("solve", str(many_boards), "--jobs", "2")
    assert proc.stdout.readline().startswith("Board 1")
    assert len(_processes_reading(many_boards)) >= 2  # the command and its workers
    sent = time.monotonic()
    proc.send_signal(sig)
    proc.stdout.read()
    assert proc.wait(timeout=10) == status
    assert time.monotonic() - sent < 3
    time.sleep(0.3)
    assert _processes_reading(many_boards) == []
    assert "Traceback" not in proc.stderr.read()


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_workers_end_with_a_killed_parent(many_boards) -> None:
    proc = _belote("solve", str(many_boards), "--jobs", "2")
    assert proc.stdout.readline().startswith("Board 1")
    proc.kill()
    proc.wait(timeout=10)
    deadline = time.monotonic() + 5
    while _processes_reading(many_boards) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _processes_reading(many_boards) == []


def test_a_big_jobs_request_is_lowered_with_a_note(many_boards) -> None:
    proc = _belote("solve", str(many_boards), "--jobs", "1000", "--board", "1", "--board", "2")
    out, err = proc.communicate(timeout=60)
    cores = os.cpu_count() or 1
    assert proc.returncode == 0 and out.count("Board ") == 2
    assert err == f"belote: using {min(2, cores)} workers, not 1000 ({cores} cores, 2 items)\n"


def test_a_jobs_request_on_one_board_is_lowered_with_a_note() -> None:
    result = CliRunner().invoke(cli, ["solve", str(EXAMPLES / "deals.pbn"), "--board", "1",
                                      "--trump", "H", "--jobs", "5"])
    cores = os.cpu_count() or 1
    assert result.exit_code == 0 and result.output.count("Board ") == 1
    assert result.output.startswith(f"belote: using 1 worker, not 5 ({cores} cores, 1 item)\n")


def test_threading_is_not_left_running() -> None:
    list(parallel_map(abs, range(20), run=Run("thread", 2)))
    assert not [t for t in threading.enumerate() if t.name.startswith("belote")]
