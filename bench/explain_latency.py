"""The wall time of an explained call at the table (`belote serve`'s other seats).

Every call of the other seats is explained (:meth:`belote.Player.explain`): the call with its
record, and the same player's call with the next seed. This times, on the same views and in
turns, the call alone (``Player.bid``), the call then the next seed's call one after the other
(how ``explain`` made them before), and ``explain``, which makes the next seed's call on its
own thread; each of the three goes first at every third call. Deals ``--first`` to
``--first + --deals - 1`` of ``Game.random`` (coinche, the dealer turning), every call of the
auction the player makes, the default player::

    RAYON_NUM_THREADS=1 python -m bench.explain_latency --deals 40
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from belote import Player
from belote.dd import warm_up
from belote.player import Game, SeatView

from .machine import describe


def _ms(seconds: list[float]) -> str:
    v = np.array(seconds) * 1000
    return (f"p50/p90/max {np.percentile(v, 50):.0f}/{np.percentile(v, 90):.0f}/{v.max():.0f} "
            f"ms, total {v.sum() / 1000:.1f} s")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--first", type=int, default=1000)
    args = parser.parse_args(argv)
    warm_up()
    player = Player(seed=0)
    after = replace(player, seed=1)
    ways: dict[str, Callable[[SeatView], object]] = {
        "call alone": player.bid,
        "call, then the next seed's call": lambda view: (player.bid(view), after.call(view)),
        "explain (next seed on its thread)": player.explain,
    }
    times: dict[str, list[float]] = {name: [] for name in ways}
    calls = 0
    for number in range(args.first, args.first + args.deals):
        game = Game.random(number, number % 4, "coinche", number=number)
        while game.phase == "auction":
            view = game.view(game.to_move)
            names = list(ways)
            for name in names[calls % 3:] + names[:calls % 3]:  # each way first in turn
                start = time.perf_counter()
                ways[name](view)
                times[name].append(time.perf_counter() - start)
            calls += 1
            game = game.apply(player.call(view))
    machine = describe()
    print(f"{calls} calls of {args.deals} deals; {machine['cpu']}, {machine['cores']} cores")
    for name, seconds in times.items():
        print(f"{name + ':':36s} {_ms(seconds)}")


if __name__ == "__main__":
    main()
