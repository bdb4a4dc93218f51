"""What a player wants to read from a batch output: aggregations as polars frames.

Every table has its sample size ``n``, the number of deals ``n_deals`` its
rows come from, and a 95% interval: Wilson's for a proportion (``p_low``,
``p_high``), Student's t for a mean (``low``, ``high``), from
:mod:`belote.sampling.stats`. The rows of one deal (its trumps, sides
and leaders) are not independent, so both intervals are clustered by deal:
Wilson's at the effective sample size that the design effect leaves, t with
the cluster-robust variance and ``n_deals - 1`` degrees of freedom. They are
never narrower than the intervals for independent rows.

Vocabulary. A *hand* of the tables is one row group of the batch output:
one deal, mode, trump and side, the side being the *taking side* (the side
whose value the row holds). The taking side's features (:func:`features`):

- ``trump_length``: trumps in the side's longer trump hand (the *taker's
  hand*; the first in N E S W order on equal lengths), 0..8;
- ``trump_total``: the pair's trumps together;
- ``jack``, ``nine``, ``ace``: the side holds trump J, 9, A; ``own_belote``:
  one player of the side holds trump K+Q;
- ``pattern``: the taker's hand's suit lengths, longest first (``4-2-1-1``).

Values are read with the board's own leader (the dealer's left) unless
:func:`lead_value`, which compares leaders. A bid is made double-dummy when
the side's value reaches the points the bid needs given the belote
(:func:`~belote.rules.scoring.min_points_to_make`).

>>> import polars as pl
>>> frame = pl.read_parquet("datasets/examples/both-modes.parquet")
>>> table = bid_success_table(frame.filter(pl.col("mode") == "coinche"), by=["trump_length"])
>>> table.columns[:6]
['mode', 'trump_length', 'bid', 'n', 'n_deals', 'made']
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..types.profile import get_profile, PROFILES
from ..rules.scoring import min_points_to_make
from ..sampling.stats import ClusterSums, clustered_mean, clustered_proportion
from ..types.cards import SUIT_NAMES, card_rank, card_suit, parse_rank
from ..types.contract import Contract
from ..types.deal import SEAT_NAMES, SIDE_NAMES, Deal
from .schema import REPORT_COLUMNS
from ..errors import BeloteError

if TYPE_CHECKING:
    import polars as pl

__all__ = ["CALIBRATION_THRESHOLDS", "FEATURES", "LEAD_NEEDS", "LEAD_NOT_BY_LEADER", "REPORTS", "belote_table",
           "bid_success_table", "capot_table", "check_batch_output", "check_values", "features",
           "lead_value", "left_out", "own_leader",
           "mode_comparison", "points_table", "report_tables", "sd_calibration",
           "sd_summary"]

FEATURES = ("trump_length", "trump_total", "jack", "nine", "ace", "own_belote", "pattern")
"""The taking side's features (:func:`features`), which ``by`` accepts beside the file's columns."""

LEAD_NEEDS = "needs a batch run with --all-leaders (no hand was solved with all four leaders)"
"""Why the lead table (and its chart) can be missing."""

LEAD_NOT_BY_LEADER = "the lead's value compares leaders: it cannot be grouped by leader"
"""Why the lead table is missing from a report by leader."""
MODES_NOT_BY_MODE = "classic against coinche compares the modes: it cannot be grouped by mode"
"""Why the modes table is missing from a report by mode."""

def _bids(mode: str) -> range:
    """The bid levels of a mode with a numeric auction (coinche: 80 to 160), else none.

    >>> list(_bids("coinche"))[:3], list(_bids("classic"))
    ([80, 90, 100], [])
    """
    p = get_profile(mode)
    return range(p.bid_min, p.bid_max + 1, p.bid_step) if p.auction == "numeric" else range(0)

_JACK, _NINE, _ACE = parse_rank("J"), parse_rank("9"), parse_rank("A")


def _deal_features(deal_text: str) -> list[tuple[Any, ...]]:
    """``(deal, trump, side, trump_length, trump_total, jack, nine, ace, pattern)`` rows."""
    deal = Deal.from_pbn(deal_text)
    if not deal.known:
        raise BeloteError(f"column deal: {deal_text!r} is not a full deal "
                          "(a hand-edited or damaged file?)")
    out = []
    for trump in range(4):
        for side in range(2):
            hands = [h for h in (deal.hands[side], deal.hands[side + 2]) if h is not None]
            counts = [sum(1 for c in h if card_suit(c) == trump) for h in hands]
            taker = hands[0] if counts[0] >= counts[1] else hands[1]
            held = {card_rank(c) for h in hands for c in h if card_suit(c) == trump}
            lengths = sorted((sum(1 for c in taker if card_suit(c) == s) for s in range(4)),
                             reverse=True)
            out.append((deal_text, SUIT_NAMES[trump], SIDE_NAMES[side], max(counts), sum(counts),
                        _JACK in held, _NINE in held, _ACE in held,
                        "-".join(map(str, lengths))))
    return out


def check_batch_output(frame: pl.DataFrame) -> None:
    """Raise :class:`~belote.errors.BeloteError` unless ``frame`` is a batch output with rows.

    >>> import polars as pl
    >>> check_batch_output(pl.DataFrame({"board": ["1"], "dealer": ["N"], "deal": ["N:..."]}))
    Traceback (most recent call last):
    ...
    belote.errors.BeloteError: not a `belote batch` output (missing columns: record, \
leader, mode, trump, side, points, belote)
    """
    missing = [c for c in REPORT_COLUMNS if c not in frame.columns]
    if missing:
        raise BeloteError(f"not a `belote batch` output (missing columns: {', '.join(missing)})")
    if frame.is_empty():
        raise BeloteError("no solved boards to report")
    check_values(frame)


_ALLOWED: dict[str, tuple[str, ...]] = {
    "trump": tuple(SUIT_NAMES), "side": tuple(SIDE_NAMES), "leader": tuple(SEAT_NAMES),
    "dealer": tuple(SEAT_NAMES), "belote": tuple(SIDE_NAMES)}
"""The values the text columns the report reads may hold (``mode``: the rule profiles)."""

_NULLABLE = ("dealer", "belote")
"""Columns where a null is a value (no dealer known; belote split between the sides)."""

MAX_POINTS = 252
"""The largest value of ``points`` (capot)."""


def check_values(frame: pl.DataFrame) -> None:
    """Raise :class:`~belote.errors.BeloteError` (one line, the first fault) unless the
    columns the report reads hold what a batch output holds: ``record`` and ``points``
    integers, ``points`` in 0..252, no nulls but in ``dealer`` and ``belote``, and the
    seats, sides, trumps and modes known.

    >>> import polars as pl
    >>> frame = pl.read_parquet("datasets/examples/both-modes.parquet")
    >>> check_values(frame.with_columns(points=pl.col("points") * 10))
    Traceback (most recent call last):
    ...
    belote.errors.BeloteError: column points: 980 at row 1 is outside 0..252 (a hand-edited or damaged file?)
    """
    import polars as pl

    def fault(column: str, text: str) -> BeloteError:
        return BeloteError(f"column {column}: {text} (a hand-edited or damaged file?)")

    for column in REPORT_COLUMNS:
        values = frame[column]
        if column not in _NULLABLE and values.null_count():
            row = int(values.is_null().arg_max() or 0) + 1
            raise fault(column, f"{values.null_count()} null values, the first at row {row}")
        if column in ("record", "points"):
            if not values.dtype.is_integer():
                raise fault(column, f"expected integers, found {values.dtype}")
            continue
        if values.dtype not in (pl.String, pl.Categorical) and not isinstance(values.dtype,
                                                                              pl.Enum):
            raise fault(column, f"expected text, found {values.dtype}")
        if column == "deal":
            continue
        allowed = sorted(PROFILES) if column == "mode" else list(_ALLOWED[column])
        bad = values.cast(pl.String).drop_nulls()
        bad = bad.filter(~bad.is_in(allowed))
        if len(bad):
            raise fault(column, f"unknown value {bad[0]!r} (expected one of {' '.join(allowed)})")
    points = frame["points"]
    outside = (points < 0) | (points > MAX_POINTS)
    if outside.any():
        row = int(outside.arg_max() or 0)
        raise fault("points", f"{points[row]} at row {row + 1} is outside 0..{MAX_POINTS}")


def features(frame: pl.DataFrame) -> pl.DataFrame:
    """``frame`` with the taking side's features (:data:`FEATURES`, module docstring) added.

    A frame that has them already is returned as it is.
    """
    import polars as pl

    if all(c in frame.columns for c in FEATURES):
        return frame

    rows = [r for d in frame["deal"].unique().to_list() for r in _deal_features(d)]
    table = pl.DataFrame(rows, orient="row", schema={
        "deal": pl.String, "trump": frame.schema["trump"], "side": frame.schema["side"],
        "trump_length": pl.Int8, "trump_total": pl.Int8, "jack": pl.Boolean, "nine": pl.Boolean,
        "ace": pl.Boolean, "pattern": pl.String})
    return frame.join(table, on=["deal", "trump", "side"], how="left").with_columns(
        own_belote=(pl.col("belote") == pl.col("side")).fill_null(False))


def _keys(by: Sequence[str]) -> list[str]:
    """``mode`` then the ``by`` columns (each once)."""
    return ["mode", *dict.fromkeys(c for c in by if c != "mode")]


def own_leader(frame: pl.DataFrame) -> pl.DataFrame:
    """The rows of the board's own leader (the dealer's left), all rows without a dealer."""
    import polars as pl

    seats = pl.Series(list(SEAT_NAMES))
    left = pl.col("dealer").cast(pl.String).replace_strict(
        {s: SEAT_NAMES[(i + 1) % 4] for i, s in enumerate(seats)}, default=None)
    return frame.filter(pl.col("dealer").is_null() | (pl.col("leader").cast(pl.String) == left))


def _names(keys: Sequence[str | pl.Expr]) -> list[str]:
    """The column names of group keys given as names or aliased expressions."""
    return [k if isinstance(k, str) else k.meta.output_name() for k in keys]


_SUM = "__sum_"
"""Prefix of the hidden columns of :func:`_grouped_sums`."""


def _grouped_sums(rows: pl.DataFrame, keys: Sequence[str | pl.Expr], **values: pl.Expr
                  ) -> pl.DataFrame:
    """Per group of ``keys``: ``n`` rows, ``n_deals`` deals and the sums of each value.

    The sums (hidden columns) are those of :class:`ClusterSums`, a deal
    (``record``) being a cluster; :func:`_with_wilson`, :func:`_with_mean_interval`
    and :func:`_with_mean` turn them into columns, :func:`_visible` drops
    them. ``keys`` are column names or aliased expressions; groups whose key
    is null are kept.
    """
    import polars as pl

    names = _names(keys)
    deal_keys = list(keys) if "record" in names else [*keys, "record"]
    per_deal = []
    per_group = [pl.col("_k").sum().alias("n"), pl.len().alias("n_deals"),
                 (pl.col("_k").cast(pl.Float64) ** 2).sum().alias(f"{_SUM}size_squares")]
    for name, value in values.items():
        x = value.cast(pl.Float64)
        s, q = f"_s_{name}", f"_q_{name}"
        per_deal += [x.sum().alias(s), (x * x).sum().alias(q)]
        total = pl.col(s)
        per_group += [total.sum().alias(f"{_SUM}total_{name}"),
                      pl.col(q).sum().alias(f"{_SUM}squares_{name}"),
                      (total ** 2).sum().alias(f"{_SUM}cluster_squares_{name}"),
                      (total * pl.col("_k")).sum().alias(f"{_SUM}cluster_cross_{name}"),
                      pl.min_horizontal((total > 0).sum(), (total < pl.col("_k")).sum())
                      .alias(f"{_SUM}rare_{name}")]
    deals = rows.group_by(deal_keys).agg(pl.len().alias("_k"), *per_deal)
    return deals.group_by(names).agg(*per_group)


def _cluster_sums(table: pl.DataFrame, value: str, binary: bool) -> list[ClusterSums]:
    """The :class:`ClusterSums` of ``value`` in each row of a :func:`_grouped_sums` table."""
    def column(name: str) -> list[Any]:
        return table[f"{_SUM}{name}"].to_list()

    rare = column(f"rare_{value}") if binary else [None] * len(table)
    return [ClusterSums(n=n, total=t, squares=q, clusters=g, cluster_squares=cs,
                        cluster_cross=cc, size_squares=ss, rare_clusters=r)
            for n, t, q, g, cs, cc, ss, r in zip(
                table["n"].to_list(), column(f"total_{value}"), column(f"squares_{value}"),
                table["n_deals"].to_list(), column(f"cluster_squares_{value}"),
                column(f"cluster_cross_{value}"), column("size_squares"), rare)]


def _with_mean(table: pl.DataFrame, value: str, name: str) -> pl.DataFrame:
    """Add the mean of ``value`` as column ``name``."""
    import polars as pl

    return table.with_columns((pl.col(f"{_SUM}total_{value}") / pl.col("n")).alias(name))


def _with_mean_interval(table: pl.DataFrame, value: str, level: float = 0.95) -> pl.DataFrame:
    """Add ``mean`` of ``value`` and its t interval (``low``/``high``, clustered by deal).

    Groups with fewer than two deals get no interval (null bounds).
    """
    import polars as pl

    estimates = [clustered_mean(s, level) if s.clusters >= 2 else None
                 for s in _cluster_sums(table, value, binary=False)]
    return _with_mean(table, value, "mean").with_columns(
        low=pl.Series([None if e is None else e.low for e in estimates], dtype=pl.Float64),
        high=pl.Series([None if e is None else e.high for e in estimates], dtype=pl.Float64))


def _with_wilson(table: pl.DataFrame, value: str, prefix: str = "p", level: float = 0.95
                 ) -> pl.DataFrame:
    """Add the count of a 0/1 ``value`` (named ``value``), its proportion ``p`` and interval.

    The interval (``p_low``, ``p_high``; ``prefix`` names the three) is
    Wilson's at the sample size the clustering by deal leaves
    (:func:`clustered_proportion`).
    """
    import polars as pl

    total = pl.col(f"{_SUM}total_{value}")
    estimates = [clustered_proportion(s, level)
                 for s in _cluster_sums(table, value, binary=True)]
    return table.with_columns(
        total.round().cast(pl.Int64).alias(value), (total / pl.col("n")).alias(prefix),
        pl.Series(f"{prefix}_low", [e.low for e in estimates], dtype=pl.Float64),
        pl.Series(f"{prefix}_high", [e.high for e in estimates], dtype=pl.Float64))


def _visible(table: pl.DataFrame) -> pl.DataFrame:
    """``table`` without the hidden sums of :func:`_grouped_sums`."""
    return table.select([c for c in table.columns if not c.startswith(_SUM)])


def _needed(mode: str, bid: int | None, belote: str) -> int:
    """Points the taking side needs for ``bid`` (``None``: classic) given who holds belote."""
    profile = get_profile(mode)
    contract = Contract(trump=0, declarer=0, bid=bid)
    holder = {"own": 0, "theirs": 1, "none": None}[belote]
    return min_points_to_make(profile, contract, holder)


def _belote_state() -> pl.Expr:
    import polars as pl

    return (pl.when(pl.col("belote").is_null()).then(pl.lit("none"))
            .when(pl.col("belote") == pl.col("side")).then(pl.lit("own"))
            .otherwise(pl.lit("theirs")))


def bid_success_table(frame: pl.DataFrame, by: Sequence[str] = ("trump_length",)
                      ) -> pl.DataFrame:
    """P(make) of each bid level by ``by``: ``n`` hands, ``n_deals``, ``made``, ``p`` and its interval.

    Coinche rows get one line per bid level (80 to 160); classic rows one line
    with ``bid`` null (the classic contract: strictly above the defence).
    """
    import polars as pl

    by = list(by)
    base = _prepared(frame, by).with_columns(belote_state=_belote_state())
    parts = []
    for mode in base["mode"].unique().to_list():
        rows = base.filter(pl.col("mode") == mode)
        bids: list[int | None] = list(_bids(mode)) or [None]
        for bid in bids:
            needed = {s: _needed(mode, bid, s) for s in ("own", "theirs", "none")}
            made = pl.col("points") >= pl.col("belote_state").replace_strict(needed,
                                                                             return_dtype=pl.Int16)
            parts.append(_grouped_sums(rows, _keys(by), made=made).with_columns(
                bid=pl.lit(bid, dtype=pl.Int16)))
    columns = [*_keys(by), "bid", "n", "n_deals", "made", "p", "p_low", "p_high"]
    if not parts:
        return pl.DataFrame(schema={**{c: base.schema[c] for c in _keys(by)},
                                    "bid": pl.Int16, "n": pl.UInt32, "n_deals": pl.UInt32,
                                    "made": pl.Int64, "p": pl.Float64, "p_low": pl.Float64,
                                    "p_high": pl.Float64})
    table = pl.concat(parts).sort([*_keys(by), "bid"], nulls_last=True)
    return _with_wilson(table, "made").select(columns)


def _check_by(frame: pl.DataFrame, by: Sequence[str]) -> None:
    """Raise :class:`~belote.errors.BeloteError` for a ``by`` column neither in
    ``frame`` nor a feature, naming what ``by`` accepts (and the nearest name).

    >>> import polars as pl
    >>> _check_by(pl.DataFrame({"mode": ["coinche"]}), ["nine", "mode"])
    >>> _check_by(pl.DataFrame({"mode": ["coinche"]}), ["pattern", "trump_lenght", "ace"])
    Traceback (most recent call last):
    ...
    belote.errors.BeloteError: no column trump_lenght for --by (use trump_length, \
trump_total, jack, nine, ace, own_belote, pattern, or any column of the file; did you mean \
trump_length?)
    """
    names = [*FEATURES, *(c for c in frame.columns if c not in FEATURES)]
    missing = [c for c in by if c not in names]
    if missing:
        near = difflib.get_close_matches(missing[0], names, n=1)
        hint = f"; did you mean {near[0]}?" if near else ""
        raise BeloteError(f"no column {', '.join(missing)} for --by (use {', '.join(FEATURES)}, "
                          f"or any column of the file{hint})")


def _prepared(frame: pl.DataFrame, by: Sequence[str]) -> pl.DataFrame:
    """Own-leader rows, with the features when a ``by`` column needs them."""
    _check_by(frame, by)
    rows = own_leader(frame)
    return features(rows) if any(c not in rows.columns for c in by) else rows


def points_table(frame: pl.DataFrame, by: Sequence[str] = ("trump_length",)) -> pl.DataFrame:
    """Mean double-dummy points of the taking side by ``by`` and mode, with a t interval.

    The interval is cut to the points a side can take (0 to a capot's 252).
    """
    import polars as pl

    by = list(by)
    rows = _prepared(frame, by)
    table = _grouped_sums(rows, _keys(by), points=pl.col("points")).sort(_keys(by))
    most = max(get_profile(m).capot_trick_points for m in rows["mode"].unique().to_list())
    return _visible(_with_mean_interval(table, "points")).with_columns(
        low=pl.col("low").clip(lower_bound=0), high=pl.col("high").clip(upper_bound=most))


def capot_table(frame: pl.DataFrame, by: Sequence[str] = ("trump_length",)) -> pl.DataFrame:
    """How often the taking side can take all eight tricks (value 252), by ``by`` and mode."""
    import polars as pl

    by = list(by)
    rows = _prepared(frame, by)
    capot = {get_profile(m).name: get_profile(m).capot_trick_points
             for m in rows["mode"].unique().to_list()}
    capots = pl.col("points") == pl.col("mode").cast(pl.String).replace_strict(
        capot, return_dtype=pl.Int16)
    table = _grouped_sums(rows, _keys(by), capots=capots).sort(_keys(by))
    return _visible(_with_wilson(table, "capots"))


def belote_table(frame: pl.DataFrame, by: Sequence[str] = ()) -> pl.DataFrame:
    """How often one player holds trump K+Q, per trump-suit deal (``n`` = deals x trumps)."""
    import polars as pl

    by = list(by)
    keys = ["record", "trump", *[c for c in by if c != "trump"]]
    rows = _prepared(frame, by).unique(subset=keys)
    group: list[str | pl.Expr] = list(by) if by else [pl.lit("all").alias("deals")]
    table = _grouped_sums(rows, group, belotes=pl.col("belote").is_not_null())
    return _visible(_with_wilson(table.sort(_names(group)), "belotes"))


def lead_value(frame: pl.DataFrame, by: Sequence[str] = ()) -> pl.DataFrame:
    """The opening lead's value: a side's points when it leads minus when the other side leads.

    Per deal, mode, trump and side the points are averaged over the side's
    two leaders and over the opponents'; the table gives the mean gain of
    leading (and its t interval) over the hands that have all four leaders.
    """
    import polars as pl

    by = list(by)
    _check_by(frame, by)
    keys = ["record", "mode", "trump", "side"]
    rows = frame if all(c in frame.columns for c in by) else features(frame)
    leads = rows.with_columns(
        leading=(pl.col("leader").cast(pl.String).replace_strict(
            {s: SIDE_NAMES[i % 2] for i, s in enumerate(SEAT_NAMES)}) == pl.col("side")
            .cast(pl.String)))
    per_hand = leads.group_by([*keys, *[c for c in by if c not in keys]]).agg(
        leaders=pl.col("leader").n_unique(),
        own=pl.col("points").filter(pl.col("leading")).cast(pl.Float64).mean(),
        other=pl.col("points").filter(~pl.col("leading")).cast(pl.Float64).mean(),
    ).filter(pl.col("leaders") == 4).with_columns(gain=pl.col("own") - pl.col("other"))
    table = _grouped_sums(per_hand, _keys(by), own=pl.col("own"), other=pl.col("other"),
                          gain=pl.col("gain")).sort(_keys(by))
    table = _with_mean_interval(_with_mean(_with_mean(table, "own", "own_lead"), "other",
                                           "other_lead"), "gain")
    return table.select([*_keys(by), "n", "n_deals", "own_lead", "other_lead", "mean", "low",
                         "high"])


def mode_comparison(frame: pl.DataFrame, by: Sequence[str] = ()) -> pl.DataFrame:
    """Classic against coinche on the same deals: mean points difference (coinche - classic).

    Rows are paired on record, leader, trump and side, and read for the side
    holding the trump jack (one side per deal and trump: both sides' values
    add up to 162 but for capots, so their differences would cancel).
    ``differ`` counts the pairs whose values differ (the no-pisser rule of
    coinche is the only difference in play).
    """
    import polars as pl

    by = list(by)
    _check_by(frame, by)
    keys = ["record", "leader", "trump", "side"]
    rows = features(frame)
    rows = rows.filter(pl.col("jack"))
    extra = [c for c in by if c not in keys]
    classic = rows.filter(pl.col("mode") == "classic").select(
        *keys, *extra, classic=pl.col("points"))
    coinche = rows.filter(pl.col("mode") == "coinche").select(*keys, coinche=pl.col("points"))
    pairs = classic.join(coinche, on=keys).with_columns(
        diff=(pl.col("coinche") - pl.col("classic")).cast(pl.Float64))
    group: list[str | pl.Expr] = list(by) if by else [pl.lit("all").alias("pairs")]
    names = _names(group)
    table = _grouped_sums(pairs, group, classic=pl.col("classic"), coinche=pl.col("coinche"),
                          diff=pl.col("diff"), differ=pl.col("diff") != 0).sort(names)
    table = _with_mean(_with_mean(table, "classic", "classic"), "coinche", "coinche")
    table = _with_wilson(_with_mean_interval(table, "diff"), "differ", "p_differ")
    return table.select(*names, "n", "n_deals", "classic", "coinche", "mean", "low", "high",
                        "differ", "p_differ", "p_differ_low", "p_differ_high")


REPORTS = ("bids", "points", "honours", "patterns", "lead", "capot", "belote", "modes",
           "calibration", "single_dummy")
"""The tables of :func:`report_tables`, in order."""


CALIBRATION_THRESHOLDS = tuple(range(80, 170, 10))
"""The thresholds T of :func:`sd_calibration`."""


def _sd_rows(frame: pl.DataFrame) -> pl.DataFrame:
    """The rows of the board's own leader that have a single-dummy value (``sd_points``)."""
    import polars as pl

    if "sd_points" not in frame.columns:
        return frame.clear()
    return own_leader(frame).filter(pl.col("sd_points").is_not_null())


def sd_calibration(frame: pl.DataFrame) -> pl.DataFrame:
    """Where the side's double-dummy value reached T, the share of single-dummy playouts that did.

    Per mode and T in 80..160 (:data:`CALIBRATION_THRESHOLDS`): ``n`` rows
    (both sides of each trump, board's own leader) whose double-dummy
    ``points`` reach T, from ``n_deals`` deals, ``reached`` of them with
    ``sd_points`` at least T, its share ``p`` and Wilson interval clustered
    by deal; ``dd_mean`` and ``sd_mean`` of those rows. Empty without
    ``sd_points`` (``belote batch --play single-dummy``).

    >>> import polars as pl
    >>> rows = pl.DataFrame({"record": [0, 0, 1], "dealer": ["N"] * 3, "leader": ["E"] * 3,
    ...                      "mode": ["coinche"] * 3, "points": [120, 42, 90],
    ...                      "sd_points": [100, 62, 95]})
    >>> table = sd_calibration(rows).filter(pl.col("T").is_in([90, 110]))
    >>> table.select("T", "n", "reached", "p").rows()
    [(90, 2, 2, 1.0), (110, 1, 0, 0.0)]
    """
    import polars as pl

    rows = _sd_rows(frame)
    parts = [rows.filter(pl.col("points") >= t).with_columns(T=pl.lit(t, dtype=pl.Int64))
             for t in CALIBRATION_THRESHOLDS]
    data = pl.concat(parts) if parts else rows
    if data.is_empty():
        return pl.DataFrame()
    table = _grouped_sums(data, ["mode", "T"], reached=pl.col("sd_points") >= pl.col("T"),
                          dd=pl.col("points"), sd=pl.col("sd_points")).sort(["mode", "T"])
    table = _with_mean(_with_mean(_with_wilson(table, "reached"), "dd", "dd_mean"), "sd",
                       "sd_mean")
    return table.select("mode", "T", "n", "n_deals", "reached", "p", "p_low", "p_high",
                        "dd_mean", "sd_mean")


def sd_summary(frame: pl.DataFrame) -> pl.DataFrame:
    """Per mode: mean and spread of the double-dummy and single-dummy points of the same rows.

    Means with t intervals clustered by deal (``dd_low``...), standard
    deviations (``dd_sd``, ``sd_sd``) and the paired mean difference DD - SD
    (``diff``, ``diff_low``, ``diff_high``). Empty without ``sd_points``.
    """
    import polars as pl

    rows = _sd_rows(frame)
    if rows.is_empty():
        return pl.DataFrame()
    table = _grouped_sums(rows, ["mode"], dd=pl.col("points"), sd=pl.col("sd_points"),
                          diff=pl.col("points") - pl.col("sd_points")).sort("mode")
    out = table.select("mode", "n", "n_deals")
    for value in ("dd", "sd", "diff"):
        est = [clustered_mean(c, 0.95) if c.clusters >= 2 else None
               for c in _cluster_sums(table, value, binary=False)]
        out = out.with_columns(
            pl.Series(value, [None if e is None else e.value for e in est], dtype=pl.Float64),
            pl.Series(f"{value}_low", [None if e is None else e.low for e in est],
                      dtype=pl.Float64),
            pl.Series(f"{value}_high", [None if e is None else e.high for e in est],
                      dtype=pl.Float64))
    spread = rows.group_by("mode").agg(dd_sd=pl.col("points").cast(pl.Float64).std(),
                                       sd_sd=pl.col("sd_points").cast(pl.Float64).std())
    return out.join(spread, on="mode", how="left")


def report_tables(frame: pl.DataFrame, by: Sequence[str] | None = None
                  ) -> dict[str, pl.DataFrame]:
    """Every table of the report, by name (:data:`REPORTS`); ``by`` regroups them all.

    Without ``by``: P(make) and points by trump length, by trump honours
    (J, 9, A, own belote), by the taker's hand pattern; the lead's value;
    capots and belotes by trump length; classic against coinche when both
    modes are there. Tables that the data cannot fill are left out: the
    lead table when no hand has all four leaders (:data:`LEAD_NEEDS`).
    Raises :class:`~belote.errors.BeloteError` when ``frame`` is not
    a batch output with rows, or a ``by`` column is unknown.
    """
    import polars as pl

    check_batch_output(frame)
    by = list(dict.fromkeys(by)) if by else None  # a column given twice counts once
    _check_by(frame, by or ())
    frame = features(frame)
    tables: dict[str, pl.DataFrame] = {}
    length = list(by) if by else ["trump_length"]
    tables["bids"] = bid_success_table(frame, length)
    tables["points"] = points_table(frame, length)
    if not by:
        tables["honours"] = points_table(frame, ["jack", "nine", "ace", "own_belote"]).join(
            bid_success_table(frame.filter(pl.col("mode") == "coinche"),
                      ["jack", "nine", "ace", "own_belote"]).filter(pl.col("bid") == 100)
            .select("jack", "nine", "ace", "own_belote", "mode", p_100="p", p_100_low="p_low",
                    p_100_high="p_high"),
            on=["mode", "jack", "nine", "ace", "own_belote"], how="left")
        tables["patterns"] = points_table(frame, ["pattern"]).sort(["mode", "n"],
                                                                   descending=[False, True])
    lead = lead_value(frame, list(by or ()))
    if not lead.is_empty():
        tables["lead"] = lead
    tables["capot"] = capot_table(frame, length)
    tables["belote"] = belote_table(frame, list(by or ()))
    if (set(frame["mode"].unique().to_list()) >= {"classic", "coinche"}
            and "mode" not in (by or ())):
        tables["modes"] = mode_comparison(frame, list(by or ()))
    calibration = sd_calibration(frame)
    if not calibration.is_empty():
        tables["calibration"] = calibration
        tables["single_dummy"] = sd_summary(frame)
    return tables


def left_out(tables: dict[str, pl.DataFrame], by: Sequence[str] | None = None) -> dict[str, str]:
    """Why :func:`report_tables` left a table out, for the tables a reader expects.

    The lead table, and the modes table of a report by mode. (The modes table
    exists only for a file with both modes, and the honours and patterns
    tables only without ``by``.)

    >>> left_out({}), left_out({}, ["leader"])["lead"] == LEAD_NOT_BY_LEADER
    ({'lead': 'needs a batch run with --all-leaders (no hand was solved with all four leaders)'}, True)
    >>> left_out({"lead": None}), left_out({"lead": None}, ["mode"]) == {"modes": MODES_NOT_BY_MODE}
    ({}, True)
    """
    by = tuple(by or ())
    out = {}
    if "lead" not in tables:
        out["lead"] = LEAD_NOT_BY_LEADER if "leader" in by else LEAD_NEEDS
    if "mode" in by:
        out["modes"] = MODES_NOT_BY_MODE
    return out
