"""What a benchmark ran on: machine, versions, date, memory."""

from __future__ import annotations

import datetime
import os
import platform
import resource
import subprocess
from pathlib import Path
from typing import Any

import belote

REPO = Path(__file__).resolve().parent.parent


def cpu_model() -> str:
    """The CPU model name from /proc/cpuinfo (the platform's name elsewhere)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def git_revision() -> str:
    """The checked-out commit, ``+dirty`` when the solver has uncommitted changes."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(REPO), *args], capture_output=True,
                              text=True).stdout.strip()
    head = git("rev-parse", "--short", "HEAD") or "unknown"
    return head + ("+dirty" if git("status", "--porcelain", "--", "solver") else "")


def peak_rss_mib() -> float:
    """Peak resident memory of this process so far (both engines run in it), MiB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def describe() -> dict[str, Any]:
    """Machine, software versions, date and load, at the start of a run."""
    import colver
    import numba
    import numpy

    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "load_average_start": os.getloadavg()[0],
        "python": platform.python_version(),
        "numba": numba.__version__,
        "numpy": numpy.__version__,
        "colver": colver.__version__,
        "belote": belote.__version__,
        "revision": git_revision(),
        "numba_num_threads": os.environ.get("NUMBA_NUM_THREADS"),
    }
