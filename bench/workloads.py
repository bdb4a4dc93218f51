"""The timed workloads: our solver and colver on the same items, one after the other.

Each workload times our engine over all its items, then colver over the same
items, and checks that the two agree on every value (a disagreement is a bug
in one of them and is reported with the item's reproducer).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from belote.types import SUITS
from belote import COINCHE, NS, dd_table, position_analysis, solve_position
from belote.dd import SearchContext, reaches

from . import peer
from .sets import Item
from .timing import Series, time_items


@dataclass
class Result:
    """One workload: what was timed, the two series, and the value checks."""

    key: str
    title: str
    ours_api: str
    peer_api: str | None
    note: str
    ours: Series
    peer: Series | None = None
    baseline: str | None = None
    """Key of another workload whose ``ours`` series this one is compared with."""
    checked: int = 0
    mismatches: list[str] = field(default_factory=list)

    def check(self, item: Item, ours: Any, theirs: Any, what: str = "colver") -> None:
        """Count one value check; record the reproducer if the values differ."""
        self.checked += 1
        if ours != theirs:
            self.mismatches.append(f"{item.describe()}: ours {ours} {what} {theirs}")


def ns_root_value(item: Item, scores: dict[int, int]) -> int:
    """The N-S value of a position from colver's per-card N-S scores."""
    mover = (item.position().to_move) & 1
    return max(scores.values()) if mover == NS else min(scores.values())


def ns_card_values(position_analysis) -> dict[int, int]:
    """Our N-S value of every legal card."""
    return {cv.card: cv.ns for cv in position_analysis.cards}


def _games(items: list[Item]) -> list[Any]:
    """A fresh colver game per item, built before the clock starts."""
    return [peer.new_game(item.deal, item.dealer, item.trump, item.played) for item in items]


def table_ns(deals: list[Item], ctx: SearchContext) -> Result:
    """(a) The exact 4-trump table of a full deal for N-S."""
    ours, tables = time_items(
        deals, lambda it: dd_table(it.deal, it.leader, COINCHE, sides=[NS], context=ctx),
        lambda: ctx.nodes)
    theirs, cv_tables = time_items(_games(deals), peer.ns_table)
    r = Result("table", "(a) full deal, 4 trumps, N-S", "dd_table(sides=[NS])",
               "solve_all_suits",
               "colver returns E-W too, in the same call; ours is asked for N-S only",
               ours, theirs)
    for item, table, cv in zip(deals, tables, cv_tables):
        r.check(item, [table[t, NS] for t in SUITS], cv)
    return r


def exact_value(deals: list[Item], ctx: SearchContext) -> tuple[Result, list[int]]:
    """(b) One exact value (the deal's trump, N-S) from the opening lead."""
    positions = [d.position() for d in deals]
    ours, values = time_items(positions, lambda p: solve_position(p, NS, context=ctx),
                              lambda: ctx.nodes)
    theirs, scores = time_items(_games(deals), peer.ns_card_scores)
    r = Result("exact", "(b) full deal, one trump, N-S value", "solve_position",
               "solve_scores (root)",
               "not like-for-like: colver has no single-value solve in Python; "
               "solve_scores values all 8 opening leads", ours, theirs)
    for item, value, cv in zip(deals, values, scores):
        r.check(item, value, ns_root_value(item, cv))
    return r, values


def threshold(deals: list[Item], values: list[int], ctx: SearchContext) -> Result:
    """(c) "Does N-S reach T?" with T the exact value and value + 1 in turn."""
    targets = [v + i % 2 for i, v in enumerate(values)]
    positions = [(d.position(), t) for d, t in zip(deals, targets)]
    ours, answers = time_items(positions, lambda pt: reaches(pt[0], NS, pt[1], context=ctx),
                               lambda: ctx.nodes)
    r = Result("threshold", "(c) full deal, N-S reaches T (T = value, value+1)", "reaches",
               None, "compared with our exact solve (b) on the same deals", ours,
               baseline="exact")
    for i, (item, answer) in enumerate(zip(deals, answers)):
        r.check(item, answer, i % 2 == 0, what="expected")
    return r


CONTRACT_TARGETS = (82, 100, 120)
"""(c') Trick points a bid advisor asks about: beating the defence (82), 100, 120."""


def threshold_contracts(deals: list[Item], values: list[int], ctx: SearchContext) -> Result:
    """(c') "Does N-S reach T?" for contract-level targets T, one search per target.

    Timed per search; the answers are checked against the exact values of (b).
    """
    positions = [(d.position(), t) for d in deals for t in CONTRACT_TARGETS]
    ours, answers = time_items(positions, lambda pt: reaches(pt[0], NS, pt[1], context=ctx),
                               lambda: ctx.nodes)
    r = Result("threshold_contracts",
               "(c') full deal, N-S reaches T (T = 82, 100, 120; one search each)", "reaches",
               None, "the bid advisor's question; compared with our exact solve (b)", ours,
               baseline="exact")
    expected = [v >= t for v in values for t in CONTRACT_TARGETS]
    items = [d for d in deals for _ in CONTRACT_TARGETS]
    for item, answer, want in zip(items, answers, expected):
        r.check(item, answer, want, what="expected")
    return r


def _card_values(key: str, title: str, items: list[Item], ctx: SearchContext,
                 note: str) -> Result:
    positions = [it.position() for it in items]
    ours, analyses = time_items(positions, lambda p: position_analysis(p, context=ctx),
                                lambda: ctx.nodes)
    theirs, scores = time_items(_games(items), peer.ns_card_scores)
    r = Result(key, title, "position_analysis", "solve_scores", note, ours, theirs)
    for item, analysis, cv in zip(items, analyses, scores):
        r.check(item, ns_card_values(analysis), cv)
    return r


def trick1_cards(deals: list[Item], ctx: SearchContext) -> Result:
    """(d) Every opening lead valued (the leader's 8 cards)."""
    return _card_values("lead_cards", "(d) every opening lead valued", deals, ctx,
                        "like-for-like; ours also returns the E-W values, from the same searches")


def endgame_value(positions: list[Item], ctx: SearchContext) -> Result:
    """(e) One exact value (N-S) with 4 tricks left."""
    ours_pos = [it.position() for it in positions]
    ours, values = time_items(ours_pos, lambda p: solve_position(p, NS, context=ctx),
                              lambda: ctx.nodes)
    theirs, scores = time_items(_games(positions), peer.ns_card_scores)
    r = Result("end4", "(e) 4 tricks left, N-S value", "solve_position", "solve_scores",
               "not like-for-like: colver values every legal card (closest API)",
               ours, theirs)
    for item, value, cv in zip(positions, values, scores):
        r.check(item, value, ns_root_value(item, cv))
    return r


def endgame_cards(positions: list[Item], ctx: SearchContext) -> Result:
    """(e') Every legal card valued with 4 tricks left (like-for-like with colver)."""
    return _card_values("end4_cards", "(e') 4 tricks left, every legal card valued", positions,
                        ctx, "like-for-like; ours also returns the E-W values")


def warm_up(items: list[Item], ctx: SearchContext) -> None:
    """Run every API on ``items`` (not timed) so that no compilation or first-call
    cost lands in the timings."""
    for item in items:
        if not item.played:
            dd_table(item.deal, item.leader, COINCHE, sides=[NS], context=ctx)
            peer.ns_table(peer.new_game(item.deal, item.dealer, item.trump))
        position = item.position()
        value = solve_position(position, NS, context=ctx)
        reaches(position, NS, value + 1, context=ctx)
        position_analysis(position, context=ctx)
        peer.ns_card_scores(peer.new_game(item.deal, item.dealer, item.trump, item.played))

