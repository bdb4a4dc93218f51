"""The benchmark report: a markdown summary and a JSON record of a run."""

from __future__ import annotations

from typing import Any

from .workloads import Result

HEADER = ("| workload | engine (API) | n | mean ms | median ms | p90 ms | p99 ms | max ms "
          "| CPU mean ms | nodes/s | ratio mean | ratio median | values |")
RULE = "|" + "---|" * 13

THRESHOLD_TARGET = 4.0
"""(c'): a threshold search at the bid advisor's targets should cost at most a quarter
of an exact solve (mean)."""
END4_MEDIAN_TARGET_MS = 0.3
"""(e): median exact solve with 4 tricks left."""


def _cheaper(summary: dict[str, Any], t: dict[str, Any]) -> tuple[float, float]:
    """How many times cheaper threshold workload ``t`` is than its exact baseline.

    Mean wall time and mean CPU time.
    """
    base = summary[t["baseline"]]["ours"]
    return 1 / t["ratio_mean"], base["cpu_mean_ms"] / t["ours"]["cpu_mean_ms"]


def _ms(x: float) -> str:
    return f"{x:.3f}" if x < 10 else f"{x:.1f}"


def _row(title: str, engine: str, s: dict[str, Any], ratio: tuple[str, str], values: str
         ) -> str:
    nps = s.get("nodes_per_s")
    nodes = f"{nps / 1e6:.2f} M" if nps else "–"
    return (f"| {title} | {engine} | {s['count']} | {_ms(s['mean_ms'])} | "
            f"{_ms(s['median_ms'])} | {_ms(s['p90_ms'])} | {_ms(s['p99_ms'])} | "
            f"{_ms(s['max_ms'])} | {_ms(s['cpu_mean_ms'])} | {nodes} | {ratio[0]} | "
            f"{ratio[1]} | {values} |")


def _ratio(a: dict[str, Any], b: dict[str, Any]) -> tuple[str, str]:
    return (f"{a['mean_ms'] / b['mean_ms']:.2f}", f"{a['median_ms'] / b['median_ms']:.2f}")


def summarise(results: list[Result]) -> dict[str, dict[str, Any]]:
    """Per workload: the statistics of both series, ratios and the value checks."""
    by_key = {r.key: r for r in results}
    out = {}
    for r in results:
        entry: dict[str, Any] = {
            "title": r.title, "ours_api": r.ours_api, "peer_api": r.peer_api, "note": r.note,
            "ours": r.ours.summary(), "checked": r.checked, "mismatches": r.mismatches}
        if r.peer is not None:
            entry["peer"] = r.peer.summary()
            entry["ratio_mean"] = entry["ours"]["mean_ms"] / entry["peer"]["mean_ms"]
            entry["ratio_median"] = entry["ours"]["median_ms"] / entry["peer"]["median_ms"]
        if r.baseline is not None:
            base = by_key[r.baseline].ours.summary()
            entry["baseline"] = r.baseline
            entry["ratio_mean"] = entry["ours"]["mean_ms"] / base["mean_ms"]
            entry["ratio_median"] = entry["ours"]["median_ms"] / base["median_ms"]
        out[r.key] = entry
    return out


def markdown(info: dict[str, Any], summary: dict[str, dict[str, Any]],
             cli: dict[str, dict[str, Any]]) -> str:
    """The report as markdown: context, the timing table, targets, CLI timings."""
    lines = [
        f"- date: {info['date']}; revision {info['revision']}",
        f"- command: `{info['command']}`",
        f"- machine: {info['cpu']}, {info['cores']} cores; load average "
        f"{info['load_average_start']:.2f} at start, {info['load_average_end']:.2f} at end",
        f"- Python {info['python']}, numba {info['numba']}, numpy {info['numpy']}, "
        f"colver {info['colver']}, belote {info['belote']}; "
        f"NUMBA_NUM_THREADS={info['numba_num_threads']}; one process, sequential",
        f"- peak RSS of the process (both engines): {info['peak_rss_mib']:.0f} MiB",
        "",
        "Times are wall times per item (time.perf_counter); CPU mean is process CPU time "
        "per item (time.process_time), which a busy machine inflates less. Ratios are of "
        "wall times, ours / colver (below 1: ours faster); for (c), reaches / our exact "
        "solve (b) on the same deals. nodes/s: our search nodes (SearchContext.nodes) "
        "per wall second.",
        "",
        HEADER,
        RULE,
    ]
    for s in summary.values():
        values = (f"agree {s['checked'] - len(s['mismatches'])}/{s['checked']}"
                  if not s["mismatches"] else f"**MISMATCH {len(s['mismatches'])}**")
        if "peer" in s:
            ratio = (f"{s['ratio_mean']:.2f}", f"{s['ratio_median']:.2f}")
        elif "baseline" in s:
            ratio = (f"{s['ratio_mean']:.2f} vs ({s['baseline']})",
                     f"{s['ratio_median']:.2f}")
        else:
            ratio = ("–", "–")
        lines.append(_row(s["title"], f"ours ({s['ours_api']})", s["ours"], ratio, values))
        if "peer" in s:
            lines.append(_row("", f"colver ({s['peer_api']})", s["peer"], ("", ""), ""))
    lines += ["", "Notes:"]
    lines += [f"- {s['title']}: {s['note']}." for s in summary.values() if s["note"]]
    lines += ["- CPU share (process CPU time / wall time; below 1 means the process waited "
              "for a core): " + ", ".join(
                  f"{key} {s['ours']['cpu_share']:.2f}"
                  + (f"/{s['peer']['cpu_share']:.2f}" if "peer" in s else "")
                  for key, s in summary.items()) + " (ours/colver)."]
    lines += ["", "Targets:"]
    if "threshold_contracts" in summary:
        t = summary["threshold_contracts"]
        speedup, cpu_speedup = _cheaper(summary, t)
        ok = "met" if min(speedup, cpu_speedup) >= THRESHOLD_TARGET else "NOT met"
        lines.append(f"- (c') threshold search at the bid advisor's targets T = 82, 100, "
                     f"120: {speedup:.2f}x cheaper than the exact solve (mean wall; "
                     f"{cpu_speedup:.2f}x in mean CPU time); target >= {THRESHOLD_TARGET:g}x "
                     f"on both: {ok}")
    if "threshold" in summary:
        t = summary["threshold"]
        speedup, cpu_speedup = _cheaper(summary, t)
        lines.append(f"- (c) worst case, T = value or value + 1: {speedup:.2f}x cheaper "
                     f"({cpu_speedup:.2f}x in CPU time). An exact value is both answers at "
                     f"once (reaches the value, misses value + 1), and the two threshold "
                     f"searches together cost {2 / speedup:.0%} of one exact solve here: at T "
                     f"next to the value a threshold search saves at most about half of an "
                     f"exact solve that wastes no work, so the 4x target is read at the "
                     f"advisor's targets (c')")
    if "end4" in summary:
        med = summary["end4"]["ours"]["median_ms"]
        ok = "met" if med < END4_MEDIAN_TARGET_MS else "NOT met"
        lines.append(f"- (e) median {med:.3f} ms with 4 tricks left; target "
                     f"< {END4_MEDIAN_TARGET_MS} ms: {ok}")
    lines += ["", "Command line (subprocess wall times):", "",
              "| measurement | command | result |", "|---|---|---|"]
    for name, c in cli.items():
        if "skipped" in c:
            lines.append(f"| {name} | – | skipped: {c['skipped']} |")
        elif "speedup" in c:
            lines.append(f"| {name} | `{c['command']}` | --jobs 1 {c['jobs1_s']:.2f} s "
                         f"(CPU {c['jobs1_cpu_s']:.2f} s), --jobs 2 {c['jobs2_s']:.2f} s "
                         f"(CPU {c['jobs2_cpu_s']:.2f} s), speedup {c['speedup']:.2f} "
                         f"({c['cores']} cores) |")
        elif "min_s" in c:
            lines.append(f"| {name} | `{c['command']}` | median of {c['runs']}: "
                         f"{c['median_s']:.3f} s (fastest {c['min_s']:.3f} s, slowest "
                         f"{c['max_s']:.3f} s; median CPU {c['median_cpu_s']:.3f} s) |")
        else:
            lines.append(f"| {name} | `{c['command']}` | median of {c['runs']}: "
                         f"{c['median_s']:.3f} s |")
    mismatches = [m for s in summary.values() for m in s["mismatches"]]
    if mismatches:
        lines += ["", "**Value mismatches (reproducers):**", ""]
        lines += [f"- {m}" for m in mismatches]
    return "\n".join(lines)
