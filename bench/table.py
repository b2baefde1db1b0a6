"""The benchmark's results (:mod:`bench.run`) as a Markdown table: figure, measured (median, min–max), goal,
verdict."""

from __future__ import annotations

from typing import Any


def _spread(s: dict[str, float], scale: float = 1.0, digits: int = 2) -> str:
    return f"{s['median'] * scale:.{digits}f} ({s['min'] * scale:.{digits}f}–{s['max'] * scale:.{digits}f})"


def _ok(value: float, goal: float) -> str:
    return "✔ met" if value <= goal else "✖ missed"


def table(r: dict[str, Any]) -> str:
    """The results as a Markdown table: figure, measured (median, min–max), goal, verdict."""
    o, st, sc, m = r["overhead"], r["stage"], r["scale"], r["memory"]
    rows = [
        (
            f"1. Shipped guide ({o['pages']} pages): full build / bare MkDocs",
            f"{o['ratio']:.3f}× wall (per run {_spread(o['ratio_per_run'], digits=3)}); "
            f"{o['ratio_cpu']:.3f}× CPU; full {_spread(o['full_s'])} s, bare {_spread(o['bare_s'])} s",
            f"≤ {o['goal_ratio']:.2f}×",
            _ok(o["ratio"], o["goal_ratio"]),
        )
    ]
    en = r["engines"]
    rows.append(
        (
            f"1. Shipped guide with Zensical {en['zensical']} (`make zensical-build`) / MkDocs + plugin",
            f"{en['ratio']:.2f}× wall; Zensical {_spread(en['zensical_s'])} s "
            f"(CPU, generator and Zensical together: {_spread(en['zensical_cpu_s'])} s), "
            f"MkDocs {_spread(en['mkdocs_s'])} s",
            "",
            "",
        )
    )
    su = r["startup"]
    bare_cpu_ms = o["bare_cpu_s"]["median"] * 1000
    budget_ms = (o["goal_ratio"] - 1) * bare_cpu_ms
    extra_ms = o["full_cpu_s"]["median"] * 1000 - bare_cpu_ms
    diff_state = "loaded" if su["diff_loaded"]["median"] else "not loaded"
    rows.append(
        (
            "1. Plugin start-up (imports before any page; CPU, fresh process with MkDocs loaded)",
            f"{su['total']['median']:.0f} ms (min {su['total']['min']:.0f}): pydantic "
            f"{su['pydantic']['median']:.0f}, record models {su['record_models']['median']:.0f}, rest of the plugin "
            f"{su['rest_of_plugin']['median']:.0f}; diff machinery {diff_state}."
            f" The whole build adds {extra_ms:.0f} ms CPU to bare MkDocs ({bare_cpu_ms:.0f} ms)",
            f"≤ {budget_ms:.0f} ms added in all",
            _ok(extra_ms, budget_ms),
        )
    )
    for n, s in st["sizes"].items():
        stages = ", ".join(f"{k} {v:.2f}" for k, v in s["stages_per_path_ms"].items())
        rows.append(
            (
                f"2. Generator stage, {n} paths ({s['pages']} pages)",
                f"{s['per_path_ms']:.2f} ms/path; run {_spread(s['warm_ms'], digits=0)} ms, "
                f"first run {s['cold_ms']:.0f} ms; per path: {stages}",
                f"≤ {st['goal_ms_per_path']:.0f} ms/path",
                _ok(s["per_path_ms"], st["goal_ms_per_path"]),
            )
        )
    rows.append(
        (
            "2. Generator stage, fitted slope",
            f"{st['slope_ms_per_path']:.2f} ms per extra path (intercept {st['intercept_ms']:.0f} ms)",
            f"≤ {st['goal_ms_per_path']:.0f} ms/path",
            _ok(st["slope_ms_per_path"], st["goal_ms_per_path"]),
        )
    )
    for n, s in sc["sizes"].items():
        rows.append(
            (
                f"3. Build, {n} paths ({s['pages']} pages): full / bare",
                f"full {_spread(s['full_s'])} s, bare {_spread(s['bare_s'])} s; "
                f"{s['ratio']:.2f}× wall, {s['ratio_cpu']:.2f}× CPU",
                "",
                "",
            )
        )
    for n, s in sc["sizes"].items():
        z = s["zensical"]
        rows.append(
            (
                f"3. Build, {n} paths, with Zensical (`make zensical-build`) / MkDocs + plugin",
                f"{z['ratio']:.2f}× wall, {z['ratio_cpu']:.2f}× CPU; Zensical {_spread(z['zensical_s'])} s: the "
                f"guide's Markdown and project {_spread(z['project_s'])} s, `zensical build` "
                f"{_spread(z['zensical_build_s'])} s (CPU {_spread(z['zensical_build_cpu_s'])} s); "
                f"MkDocs + plugin {_spread(z['mkdocs_s'])} s",
                "",
                "",
            )
        )
    rows.append(
        (
            "3. Full build per extra page",
            f"{sc['ms_per_extra_page']:.1f} ms (bare MkDocs {sc['ms_per_extra_page_bare']:.1f} ms; "
            f"CPU {sc['cpu_ms_per_extra_page']:.1f} ms)",
            f"≤ {sc['goal_ms_per_extra_page']:.0f} ms",
            _ok(sc["ms_per_extra_page"], sc["goal_ms_per_extra_page"]),
        )
    )
    rows.append(
        (
            "3. Zensical build per extra page",
            f"{sc['zensical_ms_per_extra_page']:.1f} ms (MkDocs + plugin {sc['ms_per_extra_page']:.1f} ms)",
            "",
            "",
        )
    )
    rows.append(
        (
            f"3. Full build, largest guide ({list(sc['sizes'])[-1]} paths)",
            f"{sc['largest_build_s']:.1f} s",
            f"≤ {sc['goal_largest_build_s']:.0f} s",
            _ok(sc["largest_build_s"], sc["goal_largest_build_s"]),
        )
    )
    for name, rl in r["reload"].items():
        label = "shipped guide" if name == "shipped" else f"{name} paths"
        rows.append(
            (
                f"4. Edit to reload in `mkdocs serve`, {label}",
                f"{_spread(rl['latency_s'])} s = {rl['ratio']:.3f}× a full build ({rl['full_build_s']:.2f} s); "
                f"server CPU {rl['ratio_cpu']:.2f}× the build's"
                + (
                    f"; bare MkDocs reloading an edited page: {_spread(rl['bare_latency_s'])} s"
                    if "bare_latency_s" in rl
                    else ""
                ),
                f"≤ {rl['goal_ratio']:.1f}×",
                _ok(rl["ratio"], rl["goal_ratio"]),
            )
        )
    for name, w in r["weight"].items():
        text_pages = [p for p in w["pages"] if p["kind"] == "text"][:3]
        top = ", ".join(f"{p['page']} {p['total_kib']:.0f}" for p in text_pages)
        parts = ""
        if text_pages and "theme" in text_pages[0]:
            big = text_pages[0]
            parts = (
                f": the page {big['html'] / 1024:.1f}, the theme's CSS/JS {big['theme'] / 1024:.1f}, "
                f"the engine's {(big['assets'] - big['theme']) / 1024:.1f}"
            )
        rows.append(
            (
                f"5. Page weight, {name}: text pages (gzip, page + its CSS/JS)",
                f"largest {w['largest_text_kib']:.1f} KiB{parts} ({top}); "
                f"search index + worker {w['search_kib']:.0f} KiB once per visit",
                f"≤ {w['goal_text_kib']:.0f} KiB",
                _ok(w["largest_text_kib"], w["goal_text_kib"]),
            )
        )
        if w["chart_pages"]:
            rows.append(
                (
                    f"5. Page weight, {name}: chart pages (charts as SVG; plotly.js on a touch)",
                    f"largest {w['largest_chart_kib']:.1f} KiB ({w['chart_pages']} chart pages); "
                    f"plotly.js {w.get('plotly_kib', 0):.0f} KiB more once a chart is touched",
                    f"≤ {w['goal_chart_kib']:.0f} KiB",
                    _ok(w["largest_chart_kib"], w["goal_chart_kib"]),
                )
            )
    rows.append(
        (
            f"6. Peak memory, {m['guide']}",
            f"full {_spread(m['full_peak_mib'], digits=0)} MiB, bare {_spread(m['bare_peak_mib'], digits=0)} MiB, "
            f"Zensical {_spread(m['zensical_peak_mib'], digits=0)} MiB",
            "",
            "",
        )
    )
    se = r["search"]
    for engine, label in (("mkdocs", "MkDocs + Material"), ("zensical", "Zensical")):
        f, ix = se[engine], se[engine]["index"]
        rows.append(
            (
                f"7. Search, {se['guide']}, {label}: “{se['query']}” until its page is listed",
                f"{_spread(f['from_page_load_s'])} s from opening the overview "
                f"({_spread(f['from_first_key_s'])} s from the first key); index {ix['entries']} entries, "
                f"{ix['kib']:.0f} KiB ({ix['gzip_kib']:.0f} KiB gzipped), longest entry {ix['longest_text_chars']} "
                f"characters at `{ix['longest_at']}`",
                "",
                "",
            )
        )
    lines = ["| Figure | Measured: median (min–max) | Goal | |", "|---|---|---|---|"]
    lines += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
    mach = r["machine"]
    lines.append("")
    lines.append(
        f"{mach['cpus']} CPUs, load average {mach['load_average_before'][0]:.1f} before and "
        f"{mach['load_average_after'][0]:.1f} after; Python {mach['python']}, MkDocs {mach['mkdocs']}, "
        f"Material {mach['mkdocs-material']}, Zensical {mach['zensical']}; {r['elapsed_s']:.0f} s in all."
    )
    return "\n".join(lines)
