"""Write a deal file of seeded random deals: ``python datasets/make_deals.py COUNT OUT.csv``.

Board ``n`` (1-based) is ``Deal.random(random.Random(n))``, dealt by seat
``(n - 1) % 4`` (N, E, S, W in turn), so any board can be re-made alone.
"""

from __future__ import annotations

import csv
import random
import sys

from belote.types.deal import Deal, seat_name


def board_deal(n: int) -> tuple[str, str, str]:
    """The ``(board, dealer, deal)`` row of board ``n``."""
    dealer = (n - 1) % 4
    return str(n), seat_name(dealer), Deal.random(random.Random(n)).to_pbn(dealer)


def main(count: int, path: str) -> None:
    with open(path, "w", newline="", encoding="utf-8") as fp:
        writer = csv.writer(fp, lineterminator="\n")
        writer.writerow(["board", "dealer", "deal"])
        writer.writerows(board_deal(n) for n in range(1, count + 1))


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
