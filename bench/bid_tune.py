"""The bidder's quick ladder, for tuning: our bidder against colver's ``improved_v2``, contracts
scored through the calibration instead of played (issue 37).

Deal ``i`` is ``colver.Env.deal(dealer=i % 4, seed=i)``, bid at two tables as in
:mod:`bench.bid_ladder` (our :class:`belote.Player` for N-S at table A, for E-W at
table B, colver's ``improved_v2`` for the other side). Nobody plays: the contract
reached is scored by our coinche rules from the taker's double-dummy value, its
single-dummy points drawn through :data:`belote.player.bidder.CALIBRATION` (the
bidder's own model of play), averaged over 64 draws common to both tables of a
deal. A deal's figure is the mean over the two tables of (our side's score -
colver's); the figures of each deal are written to ``--out`` (``.npy``) so two
settings compare paired on the same deals (``--versus``). About 0.02 s a deal
with ``--prior-only``, 1 s with the simulation::

    python -m bench.bid_tune --seeds 40000000 --deals 1000 --prior-only --out prior.npy
    python -m bench.bid_tune --seeds 40000000 --deals 200 --out arb.npy --versus prior.npy

A quick model, not the ladder: the play is that of the calibration, the same
for both sides; the figures that count are :mod:`bench.bid_ladder`'s.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("RAYON_NUM_THREADS", "1")

import numpy as np
from belote import COINCHE, Auction, Deal, Player
from belote.dd import solve_deals, warm_up
from belote.player import CALIBRATION, Game
from belote.sampling import mean, paired_difference
from belote.types import Seat, side_of
from tqdm import tqdm

from .duplicate import shown
from .full_match import ColverBot, Mirror, TableState, colver_seats, dealt

DRAWS = 64
"""Calibration draws a contract is averaged over (the same for both tables of a deal)."""


@dataclass
class Tally:
    """What the tables gave: contracts taken and coinched, by side."""

    ours: int = 0
    theirs: int = 0
    coinched_ours: int = 0
    coinched_theirs: int = 0

    def add(self, auction: Auction, ours: int) -> None:
        contract = auction.contract
        if auction.passed_out or contract is None or auction.declarer is None:
            return
        mine = side_of(auction.declarer) == ours
        self.ours += mine
        self.theirs += not mine
        self.coinched_ours += mine and contract.multiplier > 1
        self.coinched_theirs += not mine and contract.multiplier > 1


def auction_at(seed: int, deal: Deal, dealer: Seat, ours: int, player: Player) -> Auction:
    """The auction of one table: ``player`` for side ``ours``, colver's bidder for the other."""
    table = TableState(deal, dealer, seed, seed, Auction(dealer, [], COINCHE))
    table.mirror = Mirror.of(deal, dealer, colver_seats(ours), seed)
    game = Game.new(deal, dealer, COINCHE, number=seed)
    bot = ColverBot()
    while not table.auction.complete:
        seat = table.auction.turn
        assert seat is not None
        call = player.call(game.view(seat)) if side_of(seat) == ours else bot.act(seat, table)
        assert not isinstance(call, int)
        game = game.apply(call)
        table.apply(call)
    return table.auction


def net_score(auction: Auction, deal: Deal, dealer: Seat, ours: int,
              draws: np.ndarray) -> float:
    """Side ``ours``'s expected deal score minus the other side's over ``draws``."""
    contract, declarer = auction.contract, auction.declarer
    if auction.passed_out or contract is None or declarer is None:
        return 0.0
    hands = tuple(h.mask for h in deal.hands if h is not None)
    value = int(solve_deals(np.array([hands], dtype=np.int64), contract.trump, (dealer + 1) % 4,
                            COINCHE, side_of(declarer))[0])
    scores = [CALIBRATION.score(contract, value, draw, hands, COINCHE).scores for draw in draws]
    return float(np.mean([s[ours] - s[1 - ours] for s in scores]))


def run(start: int, deals: int, player: Player) -> tuple[np.ndarray, Tally]:
    """Each deal's figure (ours - colver, mean of the two tables) and the tally."""
    warm_up()
    tally, figures = Tally(), []
    for seed in tqdm(range(start, start + deals), desc="deals", unit="deal", leave=False):
        deal, dealer = dealt(seed)
        draws = CALIBRATION.draws(np.random.Generator(np.random.PCG64(seed)), DRAWS)
        figure = 0.0
        for ours in (0, 1):
            auction = auction_at(seed, deal, dealer, ours, player)
            tally.add(auction, ours)
            figure += net_score(auction, deal, dealer, ours, draws) / 2
        figures.append(figure)
    return np.array(figures), tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=40_000_000, metavar="START")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--prior-only", action="store_true", help="no simulation")
    parser.add_argument("--layouts", type=int, default=16)
    parser.add_argument("--extra-layouts", type=int, default=16,
                        help="layouts added to an undecided coinche call (0: none)")
    parser.add_argument("--margin", type=float, default=10.0)
    parser.add_argument("--out", type=Path, help="write each deal's figure (.npy)")
    parser.add_argument("--versus", type=Path, help="a run's --out on the same seeds: paired")
    args = parser.parse_args()
    player = Player(seed=0, arbitrate=not args.prior_only, layouts=args.layouts,
                    extra_layouts=args.extra_layouts, margin=args.margin)
    figures, tally = run(args.seeds, args.deals, player)
    print(f"deals {len(figures)} (seeds {args.seeds:,}-{args.seeds + len(figures) - 1:,})")
    print(f"ours - colver a deal: {shown(mean(figures))} (95% t)")
    print(f"contracts taken: ours {tally.ours}, colver {tally.theirs}; coinched: ours "
          f"{tally.coinched_ours}, colver's {tally.coinched_theirs}")
    if args.out is not None:
        np.save(args.out, figures)
    if args.versus is not None:
        other = np.load(args.versus)
        n = min(len(other), len(figures))
        print(f"paired, this - {args.versus.name}: "
              f"{shown(paired_difference(figures[:n], other[:n]))} ({n} deals)")


if __name__ == "__main__":
    main()
