"""The solver runs where numba cannot write its cache: a read-only package directory and HOME.

The read-only directories are real (bind mounts remounted read-only in a private mount
namespace, ``unshare -m``), so even root cannot write there. Where that mechanism is not
available (no ``unshare``, no right to mount), the test is skipped.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"
BELOTE = Path(sys.executable).parent / "belote"

READ_ONLY = """\
set -e
for dir in "$@"; do mount --bind "$dir" "$dir"; mount -o remount,ro,bind "$dir"; done
exec "$BELOTE" solve "$BELOTE_FILE" --board 1
"""


def _can_mount_read_only(tmp: Path) -> bool:
    probe = tmp / "probe"
    probe.mkdir()
    if shutil.which("unshare") is None:
        return False
    done = subprocess.run(["unshare", "-m", "sh", "-c",
                           f'mount --bind "{probe}" "{probe}" && '
                           f'mount -o remount,ro,bind "{probe}" && ! touch "{probe}/x"'],
                          capture_output=True)
    return done.returncode == 0


def test_solve_with_a_read_only_package_and_home(tmp_path: Path) -> None:
    if not _can_mount_read_only(tmp_path):
        pytest.skip("cannot mount a directory read-only here (needs unshare -m and mount rights)")
    package = Path(importlib.util.find_spec("belote.dd").submodule_search_locations[0])
    home = tmp_path / "home"
    temp = tmp_path / "tmp"
    home.mkdir()
    temp.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env.update(HOME=str(home), TMPDIR=str(temp), XDG_CACHE_HOME=str(home / ".cache"),
               BELOTE=str(BELOTE), BELOTE_FILE=str(EXAMPLES / "deals.pbn"))
    done = subprocess.run(["unshare", "-m", "sh", "-c", READ_ONLY, "sh", str(package), str(home)],
                          capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    note = done.stderr.splitlines()[0]
    assert "no writable numba cache location" in note and "NUMBA_CACHE_DIR" in note
    assert str(temp) in note  # the temporary cache, under the writable TMPDIR
    normal = subprocess.run([str(BELOTE), "solve",
                             str(EXAMPLES / "deals.pbn"), "--board", "1"],
                            capture_output=True, text=True, timeout=600)
    assert done.stdout == normal.stdout
    assert not any(home.iterdir())  # nothing written to the read-only home
