"""Games bid and played by colver's bots, seeded: the test oracle of the CFN tests.

colver (PyPI 0.11.1) deals with ``Env.deal(dealer, seed)``; its bidding bot
(``bid_improved``) and its card-play bot (``action_heuristic_play``) are
deterministic for a given state, so a seed gives the same game every run.
With ``pass_rate``, a seeded coin makes a bidder pass instead of asking the
bot, so sessions hold passed-out deals as real ones do.

The full-game CFN (four sections) is built here from colver's own
``to_cfn`` and its bid history, written in the auction tokens its web pages
use (``p``, ``90h``, ``Cs``, ``x``, ``xx``), independently of the project's
writer.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

colver = pytest.importorskip("colver")

PASS, COINCHE, SURCOINCHE = 0, 41, 42
"""colver's bid actions: pass, coinche, surcoinche (1..36 are 80..160, 37..40 capot)."""


def bid_token(action: int) -> str:
    """The web form's token of a colver bid action."""
    if action == PASS:
        return "p"
    if action == COINCHE:
        return "x"
    if action == SURCOINCHE:
        return "xx"
    if 37 <= action <= 40:
        return "C" + "shdc"[action - 37]
    step, suit = divmod(action - 1, 4)
    return f"{80 + 10 * step}{'shdc'[suit]}"


def play(seed: int, dealer: int, pass_rate: float = 0.0) -> tuple[object, list[str]]:
    """A finished colver game and its three-section CFN after every action."""
    env = colver.Env.deal(dealer=dealer, seed=seed)
    coin = random.Random(seed)
    states = [env.to_cfn()]
    while not env.is_terminal():
        if env.phase() == 0:
            action = PASS if coin.random() < pass_rate else env.bid_improved()
            if action not in env.legal_actions():
                action = PASS
        else:
            action = env.action_heuristic_play()
        env.step(action)
        states.append(env.to_cfn())
    return env, states


def full_cfn(env: object) -> str:
    """The four-section CFN of a finished game: colver's ``to_cfn`` plus its auction."""
    hands, tricks, contract = env.to_cfn().split(" ")  # type: ignore[attr-defined]
    calls = [bid_token(a) for _, a in env.get_bid_history()]  # type: ignore[attr-defined]
    return f"{hands} {'-'.join(calls) or '-'} {tricks} {contract}"


def session(count: int, seed: int = 2026, pass_rate: float = 0.3) -> Iterator[str]:
    """``count`` finished games in four-section CFN, the dealer turning as at a table."""
    for i in range(count):
        env, _ = play(seed * 100_000 + i, i % 4, pass_rate)
        yield full_cfn(env)
