"""A synthetic guide of any size, for the benchmark only (never written into ``data/``).

The shape follows the shipped guide, scaled in proportion to the number of paths:

* one record per path, about as long as a real one (support for every context,
  needs, a failure, caveats, a category attribute, prose with ``[[claim]]`` and
  ``[[option:id]]`` tokens);
* one measured table per two paths: two of three are serving A/B tables (a
  ``counterpart`` comparison), one of three a transport microbenchmark (the
  ``best`` column), each with rows across the contexts;
* one claim per measured table, one fact table per ten paths, one campaign per
  fifty paths, one recommendation case per twenty-five paths.

Every value is made up and every file passes the generator's validation.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import yaml

from generator.schema import FORMAT

CONTEXTS = [("fw-a", "Framework A"), ("fw-b", "Framework B"), ("fw-c", "Framework C"), ("fw-d", "Framework D")]
STATUSES = ["yes", "with", "no", "not measured"]
FORKS = ["none", "fork", "integration", "not-stated"]
LOREM = (
    "The synthetic record {key} exists to give the generator the same amount of work a real record gives it: "
    "several sentences of prose, a code span such as `SOME_SETTING=1`, **bold** and *emphasis*."
)


def lorem(key: str) -> str:
    """Filler prose, different for every place it is used, so no cache can profit from repeats."""
    return LOREM.format(key=key)


def option_id(i: int) -> str:
    return f"path-{i:04d}"


def synth_name(i: int) -> str:
    """The name of path ``i``, as its page's title shows it."""
    return f"Synthetic path {i}"


def _guide(n: int) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "title": f"A synthetic guide with {n} paths",
        "tagline": "Made-up records that only exist to time the generator.",
        "intro": lorem("intro") + "\n\n" + lorem("intro-2"),
        "lesson": f"Read the serving column first; [[{option_id(0)}-claim]] is one of the computed numbers.",
        "option_noun": "path",
        "option_noun_plural": "paths",
        "context_noun": "framework",
        "context_noun_plural": "frameworks",
        "contexts": [{"id": c, "name": name} for c, name in CONTEXTS],
        "questions": {
            "what": "What is it?",
            "support": "Does it serve?",
            "measured": "What was measured?",
            "pick": "When to pick it?",
        },
        "levels": {
            "good": {"colour": "green", "symbol": "✔", "meaning": "good"},
            "mid": {"colour": "amber", "symbol": "◐", "meaning": "a tie or partial"},
            "bad": {"colour": "red", "symbol": "✖", "meaning": "bad"},
            "unknown": {"colour": "grey", "symbol": "?", "meaning": "not measured", "word": "not measured"},
            "judged": {"colour": "blue", "symbol": "§", "meaning": "a stated judgement", "word": "judgement"},
        },
        "columns": [
            {
                "id": "serves",
                "kind": "support",
                "label": "Serves",
                "meaning": "Whether it serves with each framework.",
                "categories": {
                    "yes": {"level": "good", "word": "yes"},
                    "partial": {"level": "mid", "word": "partial"},
                    "no": {"level": "bad", "word": "no"},
                    "not-measured": {"level": "unknown", "word": "not measured"},
                },
                "statuses": {
                    "yes": {"level": "good", "word": "serves"},
                    "with": {"level": "mid", "word": "with extras"},
                    "no": {"level": "bad", "word": "does not serve"},
                    "cannot run": {"level": "bad", "word": "cannot run here"},
                    "not tried": {"level": "unknown", "word": "not tried"},
                    "not measured": {"level": "unknown", "word": "not measured"},
                },
            },
            {
                "id": "transport",
                "kind": "comparison",
                "label": "Transport speed",
                "meaning": "Latency as a fraction of the fastest path on the same operation.",
                "tag": "transport",
                "against": "best",
                "aggregate": "split",
                "bands": [
                    {"min": 0.8, "level": "good", "word": "fast"},
                    {"min": 0.4, "level": "mid", "word": "middling"},
                    {"level": "bad", "word": "slow"},
                ],
            },
            {
                "id": "serving",
                "kind": "comparison",
                "label": "Serving speed",
                "meaning": "Throughput against the other side of each A/B run.",
                "tag": "serving",
                "against": "counterpart",
                "aggregate": "split",
                "bands": [
                    {"min": 1.05, "level": "good", "word": "faster"},
                    {"min": 0.95, "level": "mid", "word": "tie"},
                    {"level": "bad", "word": "slower"},
                ],
            },
            {
                "id": "fork",
                "kind": "category",
                "label": "Needs a fork",
                "meaning": "Whether it needs code outside stock releases.",
                "attribute": "fork",
                "categories": {
                    "none": {"level": "good", "word": "no fork"},
                    "fork": {"level": "bad", "word": "fork"},
                    "integration": {"level": "bad", "word": "write the integration"},
                    "not-stated": {"level": "unknown", "word": "not stated"},
                },
            },
            {
                "id": "pick",
                "kind": "text",
                "label": "Pick it when",
                "meaning": "The one-line answer.",
                "field": "pick_when",
            },
        ],
        "order": [option_id(i) for i in range(n)],
    }


def _tables(n: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, str]]:
    """Measured tables, their claims, and the claim each path's prose quotes."""
    tables: list[dict[str, Any]] = []
    claims: list[dict[str, Any]] = []
    quoted: dict[str, str] = {}
    campaigns = max(1, math.ceil(n / 50))
    for t in range(max(1, n // 2)):
        a, b = option_id(2 * t), option_id(min(2 * t + 1, n - 1))
        if a == b:
            b = option_id(0)
        tid = f"table-{t:04d}"
        table: dict[str, Any]
        campaign = f"campaign-{t * 2 // 50 % campaigns:02d}"
        if t % 3 == 2:
            c = option_id((2 * t + 2) % n)
            sides = [a, b] if c in (a, b) else [a, b, c]
            rows = [
                {
                    "id": "dispatch",
                    "label": "dispatch",
                    "values": {s: 40.0 + 17 * k + t % 7 for k, s in enumerate(sides)},
                },
                {
                    "id": "combine",
                    "label": "combine",
                    "values": {s: (60.0 + 11 * k if k else "not measured") for k, s in enumerate(sides)},
                    "notes": {sides[-1]: "matches the published figure"},
                },
            ]
            table = {
                "kind": "measurements",
                "id": tid,
                "title": f"Transport microbenchmark {t}",
                "label": f"microbench {t}",
                "summary": "Latency of one dispatch and one combine. " + lorem(tid),
                "campaign": campaign,
                "provenance": "measured",
                "quantity": "latency",
                "unit": "µs",
                "better": "lower",
                "tags": ["transport"],
                "series": [{"id": s, "label": f"{s} kernels", "option": s} for s in sides],
                "rows": rows,
            }
            claims.append(
                {
                    "id": f"{a}-claim",
                    "table": tid,
                    "numerator": sides[1],
                    "denominator": a,
                    "rows": ["dispatch"],
                    "phrase": {"more": "{ratio} faster than", "less": "{ratio} slower than", "tie": "as fast as"},
                }
            )
        else:
            rows = [
                {
                    "id": f"{ctx}-conc{conc}",
                    "label": f"{name} · conc {conc}",
                    "context": ctx,
                    "values": {a: round(100.0 * conc * (1 + (t % 5) / 10), 2), b: round(95.0 * conc, 2)},
                }
                for ctx, name in CONTEXTS[:2]
                for conc in (4, 32)
            ]
            table = {
                "kind": "measurements",
                "id": tid,
                "title": f"Serving A/B {t}",
                "label": f"A/B {t}",
                "summary": "The same framework, model and nodes, once per path. " + lorem(tid),
                "campaign": campaign,
                "provenance": "measured",
                "quantity": "aggregate throughput",
                "unit": "tok/s",
                "better": "higher",
                "tags": ["serving"],
                "conditions": ["same framework, same model, same nodes"],
                "repetitions": 2,
                "variance_below_pct": 1,
                "series": [{"id": a, "label": a, "option": a}, {"id": b, "label": b, "option": b}],
                "comparisons": [{"numerator": a, "denominator": b, "label": f"{a} / {b}", "verdict_column": "serving"}],
                "rows": rows,
            }
            claims.append(
                {
                    "id": f"{a}-claim",
                    "table": tid,
                    "numerator": a,
                    "denominator": b,
                    "rows": [r["id"] for r in rows],
                    "phrase": {
                        "more": "{ratio} faster than",
                        "less": "{ratio} slower than",
                        "tie": "on par with",
                        "column": "serving",
                    },
                }
            )
        tables.append(table)
        quoted[a] = quoted[b] = f"{a}-claim"
    return tables, claims, quoted


def _facts(n: int) -> list[dict[str, Any]]:
    return [
        {
            "kind": "facts",
            "id": f"facts-{f:04d}",
            "title": f"Limits {f}",
            "label": f"limits {f}",
            "summary": "Two single numbers. " + lorem(f"facts-{f}"),
            "campaign": "campaign-00",
            "facts": [
                {
                    "id": f"fact-{f:04d}-{k}",
                    "label": f"Ceiling {k}",
                    "value": 8 + k,
                    "unit": "GB/s",
                    "approx": True,
                    "provenance": "measured",
                    "option": option_id((10 * f + k) % n),
                    "note": "A made-up ceiling.",
                }
                for k in range(2)
            ],
        }
        for f in range(max(1, n // 10))
    ]


def _option(i: int, n: int, claim: str | None, serving: bool) -> dict[str, Any]:
    ident = option_id(i)
    other = option_id((i + 1) % n)
    quote = f" It is [[{claim}]] its counterpart." if claim else ""
    record: dict[str, Any] = {
        "id": ident,
        "name": synth_name(i),
        "label": ident,
        "short": "A made-up path with the usual amount of text.",
        "platforms": ["efa"],
        "campaign": "campaign-00",
        "what": lorem(ident) + f" Compare it with [[option:{other}]].\n\n" + lorem(f"{ident}-what"),
        "support": {
            ctx: {"status": STATUSES[(i + k) % 4], "note": f"Set `SETTING_{k}` first for {ident} on {ctx}."}
            for k, (ctx, _) in enumerate(CONTEXTS)
        },
        "measured": "One A/B run per framework." + quote + " " + lorem(f"{ident}-measured"),
        "pick_when": f"You want {ident}, a path that exists only in a benchmark.",
        "pick_detail": lorem(f"{ident}-pick") + f"\n\n- first reason for {ident}\n- second reason with `code`",
        "attributes": {
            "fork": {
                "value": FORKS[i % 4],
                "note": f"Stock releases for {ident}, or not.",
                "source": {"quote": f"{ident} ships as a stock release", "where": "Survey"},
            }
        },
        "needs": [
            {"kind": "env", "value": f"SETTING_{i}", "context": "fw-a", "note": "Turns it on."},
            {"kind": "flag", "value": f"--path {ident}", "context": "fw-b", "note": "Selects it."},
        ],
        "failures": [{"title": "Deadlock at start", "context": "fw-c", "detail": lorem(f"{ident}-failure")}],
        "caveats": [lorem(f"{ident}-caveat"), f"A second caveat about {ident}."],
    }
    if not serving:
        record["judgements"] = {
            "serving": {"word": "tie", "reason": "No A/B run; " + lorem(ident), "source": {"quote": "a tie"}}
        }
    if i % 3 == 0:
        record["cell_notes"] = {"transport": f"No microbenchmark for {ident}."}
    return record


def guide_documents(n: int) -> dict[str, Any]:
    """Every file of a synthetic guide with ``n`` paths: ``{relative path: data}``."""
    if n < 2:
        raise ValueError("a synthetic guide needs at least 2 paths")
    tables, claims, quoted = _tables(n)
    serving = {s["option"] for t in tables if "serving" in t["tags"] for s in t["series"]}
    first_claim = claims[0]["id"]
    docs: dict[str, Any] = {"guide.yml": _guide(n), "claims.yml": {"claims": claims}}
    docs["recommendation.yml"] = {
        "headline": f"Serve with [[option:{option_id(0)}]] unless a case below applies.",
        "recommended": [{"option": option_id(0), "when": "the default"}],
        "summary": f"Serve with [[option:{option_id(0)}]] unless a case below applies.",
        "cases": [
            {
                "id": f"case-{c:03d}",
                "title": f"Situation {c}",
                "when": "You are in this made-up situation.",
                "pick": [option_id((2 * c) % n), option_id((2 * c + 1) % n)],
                "why": f"It is [[{quoted.get(option_id((2 * c) % n), first_claim)}]] the other side. "
                + lorem(f"case-{c}"),
            }
            for c in range(max(2, n // 25))
        ],
    }
    for c in range(max(1, math.ceil(n / 50))):
        docs[f"campaigns/campaign-{c:02d}.yml"] = {
            "id": f"campaign-{c:02d}",
            "name": f"campaign {c}",
            "environment": [{"label": "Machine", "value": "2× test.large"}, {"label": "Set-up", "value": "a set-up"}],
            "summary": lorem(f"campaign-{c}"),
            "method": [lorem(f"campaign-{c}-method"), "A/B runs inside one framework."],
        }
    for table in [*tables, *_facts(n)]:
        docs[f"tables/{table['id']}.yml"] = table
    for i in range(n):
        docs[f"options/{option_id(i)}.yml"] = _option(i, n, quoted.get(option_id(i)), option_id(i) in serving)
    return docs


def write_guide(root: Path, n: int) -> Path:
    """Write a synthetic guide with ``n`` paths into ``root`` (a fresh folder) and return it."""
    root.mkdir(parents=True, exist_ok=False)
    for rel, data in guide_documents(n).items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120), encoding="utf-8")
    return root
