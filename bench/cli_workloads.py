"""Wall times of the ``belote`` command line, run as subprocesses.

Each measurement is skipped (with the reason) when the command or the option
it needs is not there.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from belote import Board, pbn

from .sets import Item


def belote_command() -> str | None:
    """The ``belote`` script of this Python environment (else on PATH), or ``None``."""
    beside = Path(sys.executable).with_name("belote")
    return str(beside) if beside.exists() else shutil.which("belote")


def wall_seconds(args: list[str]) -> float:
    """Seconds taken by one run of ``args``; raise if it fails."""
    return _run(args)[0]


def _run(args: list[str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system, all its processes) of one run of ``args``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _has_option(exe: str, command: str, option: str) -> bool:
    """Does ``belote COMMAND --help`` list ``option``?"""
    done = subprocess.run([exe, command, "--help"], capture_output=True, text=True)
    return done.returncode == 0 and option in done.stdout


def _skipped(reason: str) -> dict[str, Any]:
    return {"skipped": reason}


def help_time(exe: str | None, runs: int = 5) -> dict[str, Any]:
    """``belote --help``: median wall time of ``runs`` runs."""
    if exe is None:
        return _skipped("no belote command")
    times = [wall_seconds([exe, "--help"]) for _ in range(runs)]
    return {"command": "belote --help", "runs": runs, "median_s": statistics.median(times)}


def solve_one_time(exe: str | None, item: Item, runs: int = 9) -> dict[str, Any]:
    """``belote solve --deal`` on one deal (all trumps, both sides), compiled kernels cached.

    One untimed run first makes sure the numba cache is on disk. Start-up
    dominates this run and the shared machines are noisy: the median, the
    fastest and the slowest of ``runs`` runs are reported, with the median
    CPU time.
    """
    if exe is None or not _has_option(exe, "solve", "--deal"):
        return _skipped("no 'belote solve --deal'")
    args = [exe, "solve", "--deal", item.deal.to_pbn(), "--dealer", "NESW"[item.dealer]]
    if _has_option(exe, "solve", "--jobs"):
        args += ["--jobs", "1"]
    wall_seconds(args)
    walls, cpus = zip(*(_run(args) for _ in range(runs)))
    return {"command": " ".join(args[1:3] + ["'<deal>'"] + args[4:]), "runs": runs,
            "median_s": statistics.median(walls), "min_s": min(walls), "max_s": max(walls),
            "median_cpu_s": statistics.median(cpus)}


def jobs_speedup(exe: str | None, items: list[Item], workdir: Path) -> dict[str, Any]:
    """``belote solve FILE`` on a file of ``len(items)`` boards with --jobs 1, then --jobs 2.

    The CPU seconds of each run (all its processes) show whether a second
    core was actually free: --jobs 2 can only halve the wall time if it was.
    """
    if exe is None or not _has_option(exe, "solve", "--jobs"):
        return _skipped("no 'belote solve --jobs'")
    workdir.mkdir(parents=True, exist_ok=True)
    path = workdir / f"boards{len(items)}.pbn"
    pbn.dump([Board(it.deal, board=str(i + 1), dealer=it.dealer, profile="coinche")
              for i, it in enumerate(items)], path)
    wall_seconds([exe, "solve", str(path), "--jobs", "1", "--board", "1"])
    one, one_cpu = _run([exe, "solve", str(path), "--jobs", "1"])
    two, two_cpu = _run([exe, "solve", str(path), "--jobs", "2"])
    return {"command": f"belote solve <{len(items)} boards> --jobs N", "boards": len(items),
            "jobs1_s": one, "jobs1_cpu_s": one_cpu, "jobs2_s": two, "jobs2_cpu_s": two_cpu,
            "speedup": one / two, "cores": os.cpu_count()}
