"""Time the batch input identity: a streamed hash of every byte of a large file.

Writes a file of ``--size`` bytes of random data (once, in ``--dir``), then
times :func:`belote.files.content_hash`'s hashes over it, each streamed in
1 MiB reads: xxh3-128 (xxhash), BLAKE2b-128 (hashlib) and, for reference,
SHA-256. Each is run ``--rounds`` times (the first round also warms the page
cache); the table gives the best and the median wall time and the rate.

    python -m bench.identity --size 1G --rounds 3
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import time
from pathlib import Path

import xxhash

from belote.files import HASH_CHUNK, content_hash

SIZES = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}


def stream(path: Path, digest) -> str:
    """The same streamed loop as content_hash, with any hash object."""
    buffer = bytearray(HASH_CHUNK)
    view = memoryview(buffer)
    with open(path, "rb", buffering=0) as fp:
        while n := fp.readinto(buffer):
            digest.update(view[:n])
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1G")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--dir", default="/tmp")
    args = parser.parse_args()
    size = int(args.size[:-1]) * SIZES[args.size[-1].upper()]
    path = Path(args.dir) / f"belote-identity-{size}.bin"
    if not path.exists() or path.stat().st_size != size:
        with open(path, "wb") as fp:
            for _ in range(size // HASH_CHUNK):
                fp.write(os.urandom(HASH_CHUNK))
    hashes = {"xxh3_128 (xxhash)": lambda: xxhash.xxh3_128(),
              "blake2b_128 (hashlib)": lambda: hashlib.blake2b(digest_size=16),
              "sha256 (hashlib)": lambda: hashlib.sha256()}
    print("| hash | size | best s | median s | GB/s (best) |\n|---|---|---|---|---|")
    for name, make in hashes.items():
        times = []
        for _ in range(args.rounds):
            start = time.perf_counter()
            stream(path, make())
            times.append(time.perf_counter() - start)
        best = min(times)
        print(f"| {name} | {size / 1e9:.2f} GB | {best:.2f} | {statistics.median(times):.2f} "
              f"| {size / 1e9 / best:.2f} |")
    start = time.perf_counter()
    content_hash(path)
    print(f"\ncontent_hash (what batch runs): {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
