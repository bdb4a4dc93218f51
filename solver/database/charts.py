"""PNG charts of a report (matplotlib, the ``plot`` extra).

:func:`write_charts` draws from a batch output, whatever the grouping of
the report's tables:

- ``pmake.png``: P(make) of each coinche bid level, one curve per trump
  length of the taking side, with its 95% Wilson band;
- ``points.png``: the distribution of the taking side's double-dummy
  points for each trump length (box plots);
- ``lead.png``: the mean points a side takes when it leads and when the
  other side does, per mode, with 95% t intervals of the difference.

A chart the data cannot fill is not drawn, and :func:`write_charts` says
why (:class:`Charts`); matplotlib's own warnings are kept quiet.

>>> import matplotlib
>>> missing_matplotlib_message()
''
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ..files import atomic_output

if TYPE_CHECKING:
    import polars as pl

__all__ = ["CHARTS", "Charts", "MIN_GROUP", "missing_matplotlib_message", "write_charts"]

MIN_GROUP = 20
"""Trump lengths with fewer hands than this are left out of the curves (bands too wide to read)."""

SMALL = f"no trump length has {MIN_GROUP} hands or more"
"""Why a chart by trump length is not drawn."""


class Charts(NamedTuple):
    """What :func:`write_charts` did: the files written, and why each other chart was not.

    >>> Charts([], {"lead.png": "no data"})
    Charts(written=[], skipped={'lead.png': 'no data'})
    """

    written: list[Path]
    skipped: dict[str, str]


def missing_matplotlib_message() -> str:
    """One line telling how to install matplotlib, or ``""`` when it is there."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return "charts need matplotlib: pip install 'belote[plot]'"
    return ""


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _left_out(every: list[int], shown: list[int]) -> str:
    """A legend line naming the trump lengths left out (too few hands), or ``""``.

    >>> _left_out([1, 2, 3, 6], [2, 3])
    '\\n(1, 6 trumps: fewer than 20 hands, left out)'
    """
    out = [str(length) for length in every if length not in shown]
    return f"\n({', '.join(out)} trumps: fewer than {MIN_GROUP} hands, left out)" if out else ""


def _pmake(frame: pl.DataFrame, path: Path) -> str:
    import polars as pl

    from .report import bid_success_table

    coinche = frame.filter(pl.col("mode") == "coinche")
    if coinche.is_empty():
        return "no coinche rows"
    bids = bid_success_table(coinche, ["trump_length"])
    every = sorted(bids["trump_length"].unique().to_list())
    lengths = [length for length in every
               if cast(int, bids.filter(pl.col("trump_length") == length)["n"].min()) >= MIN_GROUP]
    if not lengths:
        return SMALL
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(10, 5), dpi=110)
    for length in lengths:
        rows = bids.filter(pl.col("trump_length") == length).sort("bid")
        n = int(cast(int, rows["n"].min()))
        line, = ax.plot(rows["bid"], rows["p"] * 100, marker="o",
                        label=f"{length} trump{'s' * (length != 1)} (n={n})")
        ax.fill_between(rows["bid"], rows["p_low"] * 100, rows["p_high"] * 100,
                        color=line.get_color(), alpha=0.15)
    ax.set_xlabel("bid (points to reach, belote counted)")
    ax.set_ylabel("P(make) double-dummy (%)")
    ax.set_title("Coinche: chance to make each bid, by trumps in the taker's longer hand")
    ax.set_ylim(-2, 102)
    ax.set_xticks(sorted(bids["bid"].unique().to_list()))
    ax.grid(alpha=0.3)
    ax.legend(title="shaded: 95% interval" + _left_out(every, lengths), fontsize=8,
              title_fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))  # off the curves
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return ""


def _points(frame: pl.DataFrame, path: Path) -> str:
    import polars as pl

    from .report import own_leader, features

    rows = features(own_leader(frame.filter(pl.col("mode") == frame["mode"].min())))
    every = sorted(rows["trump_length"].unique().to_list())
    groups = [(length, rows.filter(pl.col("trump_length") == length)["points"].to_list())
              for length in every]
    groups = [(length, values) for length, values in groups if len(values) >= MIN_GROUP]
    if not groups:
        return SMALL
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 5), dpi=110)
    ax.boxplot([v for _, v in groups], showmeans=True)
    ax.set_xticks(range(1, len(groups) + 1),
                  [f"{length}\n(n={len(v)})" for length, v in groups])
    ax.axhline(82, color="grey", linestyle="--", linewidth=1)
    ax.set_xlabel("trumps in the taking side's longer hand"
                  f"{_left_out(every, [g for g, _ in groups])}\n(box: middle half, orange line: "
                  "median, green triangle: mean, circles: outliers,\n"
                  "dashed line: 82 points, more than half of 162)")
    ax.set_ylabel("double-dummy trick points (252 = capot)")
    ax.set_title(f"Taking side's points by trump length ({rows['mode'][0]}, "
                 "board's own leader)")
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return ""


def _calibration(frame: pl.DataFrame, path: Path) -> str:
    """Where double-dummy reached T, the share of single-dummy playouts that did, by T."""
    from .report import sd_calibration

    table = sd_calibration(frame)
    if table.is_empty():
        return "needs a batch run with --play single-dummy (no sd_points)"
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 5), dpi=110)
    for mode in sorted(set(table["mode"].to_list())):
        rows = table.filter(table["mode"] == mode)
        t, p = rows["T"].to_list(), [100 * x for x in rows["p"].to_list()]
        low, high = [100 * x for x in rows["p_low"].to_list()], [100 * x for x in
                                                                 rows["p_high"].to_list()]
        ax.plot(t, p, marker="o", label=f"{mode} (n at T=80: {rows['n'][0]})")
        ax.fill_between(t, low, high, alpha=0.2)
    ax.set_ylim(0, 100)
    ax.set_xlabel("T: the side's double-dummy trick points reached at least T "
                  "(board's own leader)")
    ax.set_ylabel("single-dummy playouts reaching T (%)")
    ax.set_title("Where double-dummy reached T, how often single-dummy play did\n"
                 "(band: 95% Wilson interval clustered by deal)")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return ""


def _lead(frame: pl.DataFrame, path: Path) -> str:
    from .report import LEAD_NEEDS, lead_value

    lead = lead_value(frame)
    if lead.is_empty():
        return LEAD_NEEDS
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=110)
    modes = [str(m) for m in lead["mode"].to_list()]
    x = range(len(modes))
    width = 0.38
    own = ax.bar([i - width / 2 for i in x], lead["own_lead"], width, label="the side leads")
    other = ax.bar([i + width / 2 for i in x], lead["other_lead"], width,
                   label="the other side leads")
    for i, row in enumerate(lead.iter_rows(named=True)):
        interval = ("no interval" if row["low"] is None else
                    f"95%: {row['low']:+.1f} to {row['high']:+.1f}")
        deals = f"{row['n_deals']} deal{'s' * (row['n_deals'] != 1)}"
        ax.annotate(f"lead worth {row['mean']:+.1f} pts\n({interval}; {row['n']} hands, {deals})",
                    (i, max(row["own_lead"], row["other_lead"]) + 3), ha="center", fontsize=8)
    ax.bar_label(own, fmt="%.1f", label_type="center", color="white", fontsize=8)
    ax.bar_label(other, fmt="%.1f", label_type="center", color="white", fontsize=8)
    ax.set_xticks(list(x), modes)
    ax.set_ylabel("mean double-dummy trick points of the side")
    ax.set_title("The value of the opening lead")
    ax.set_ylim(0, max(cast(float, lead["own_lead"].max()), cast(float, lead["other_lead"].max()))
                * 1.35)
    ax.legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return ""


CHARTS = ("pmake.png", "points.png", "lead.png", "calibration.png")
"""The file names of the charts, in the order they are drawn (the last only for a batch run
with ``--play single-dummy``)."""


def write_charts(frame: pl.DataFrame, directory: str | Path) -> Charts:
    """Write the charts that batch output ``frame`` can fill into ``directory``.

    Each is written atomically (:func:`belote.files.atomic_output`): a chart
    that cannot be drawn leaves an older file of its name untouched.
    """
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    result = Charts([], {})
    from .report import sd_calibration

    single_dummy = not sd_calibration(frame).is_empty()
    for name, draw in zip(CHARTS, (_pmake, _points, _lead, _calibration)):
        if draw is _calibration and not single_dummy:
            continue  # a double-dummy batch: the single-dummy chart does not apply
        with warnings.catch_warnings(), atomic_output(out / name) as tmp:
            warnings.simplefilter("ignore")
            why = draw(frame, tmp)
        if why:
            result.skipped[name] = why
        else:
            result.written.append(out / name)
    return result
