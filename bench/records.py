"""Game records: CFN read and written against colver, and a 200-deal session through the CLI.

``python -m bench.records [--games N]`` plays a session of N deals (default
200) with colver's bots (seeded, as ``tests/colver_games.py`` does), then:

1. reads and writes every state of every game (after each bid and card) in
   CFN, ours (``belote.formats.cfn``) against colver's ``Env.from_cfn`` and
   ``to_cfn`` on the same strings, one process, and prints the time per
   string of each and their ratio (ours / colver, taken in this one run);
2. runs ``belote solve``, ``analyse``, ``score`` and ``batch`` (one worker)
   and ``convert`` (CFN to PBN to JSON) on the session file, and prints each
   command's wall time.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from belote import cfn

from .cli_workloads import belote_command, wall_seconds

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from colver_games import colver, full_cfn, play  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    states: list[str] = []
    finished: list[str] = []
    for i in range(args.games):
        env, seen = play(2026 * 100_000 + i, i % 4, 0.3)
        states += seen
        finished.append(full_cfn(env))
    start = time.perf_counter()
    ours = [cfn.dumps_game(cfn.parse_game(s)) for s in states]
    mine = time.perf_counter() - start
    start = time.perf_counter()
    theirs = [colver.Env.from_cfn(s).to_cfn() for s in states]
    peer = time.perf_counter() - start
    assert ours == theirs == states
    print(f"CFN read+write of {len(states)} states of {args.games} games: ours "
          f"{1e6 * mine / len(states):.1f} us each, colver {1e6 * peer / len(states):.1f} us "
          f"each, ratio {mine / peer:.2f}")
    exe = belote_command()
    assert exe is not None
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        games = folder / "session.cfn"
        games.write_text("\n".join(finished) + "\n")
        runs = {
            "solve (4 trumps)": [exe, "solve", str(games), "--jobs", "1"],
            "analyse": [exe, "analyse", str(games)],
            "analyse --html": [exe, "analyse", str(games), "--html", str(folder / "s.html")],
            "score": [exe, "score", str(games)],
            "batch --mode classic --mode coinche (1 worker)": [
                exe, "batch", str(games), "-o", str(folder / "s.parquet"), "--mode", "classic",
                "--mode", "coinche", "--jobs", "1"],
            "convert cfn -> pbn": [exe, "convert", str(games), str(folder / "s.pbn")],
            "convert pbn -> jsonl": [exe, "convert", str(folder / "s.pbn"),
                                     str(folder / "s.jsonl")],
        }
        for name, command in runs.items():
            print(f"belote {name} on {args.games} deals: {wall_seconds(command):.2f} s")


if __name__ == "__main__":
    main()
