"""The wall time of an explained call at the table (`belote serve`'s other seats).

Every call of the other seats is explained (:meth:`belote.Player.explain`): the call with its
record, and the same player's call with the next seed. This times, on the same views and in
turns, the call alone (``Player.bid``), the call then the next seed's call one after the other
(how ``explain`` made them before), and ``explain``, which makes the next seed's call on its
own thread. Deals ``--first`` .. ``--first + --deals - 1`` of ``Game.random`` (coinche, the
dealer turning), every call of the auction the player makes, the default player::

    RAYON_NUM_THREADS=1 python -m bench.explain_latency --deals 40
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace

import numpy as np

from belote import Player
from belote.dd import warm_up
from belote.player import Game

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
    alone: list[float] = []
    in_turn: list[float] = []
    explained: list[float] = []
    for number in range(args.first, args.first + args.deals):
        game = Game.random(number, number % 4, "coinche", number=number)
        while game.phase == "auction":
            view = game.view(game.to_move)
            start = time.perf_counter()
            player.bid(view)
            alone.append(time.perf_counter() - start)
            start = time.perf_counter()
            player.bid(view)
            after.call(view)
            in_turn.append(time.perf_counter() - start)
            start = time.perf_counter()
            why = player.explain(view)
            explained.append(time.perf_counter() - start)
            game = game.apply(why.action)
    machine = describe()
    print(f"{len(alone)} calls of {args.deals} deals; {machine['cpu']}, {machine['cores']} cores")
    print(f"call alone:                        {_ms(alone)}")
    print(f"call, then the next seed's call:   {_ms(in_turn)}")
    print(f"explain (next seed on its thread): {_ms(explained)}")


if __name__ == "__main__":
    main()
