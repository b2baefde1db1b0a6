"""Write a :class:`~generator.diff.GuideDiff` for readers: Markdown and JSON.

The Markdown is for a pull-request comment and for the preview site's "What
changed in this PR" page: verdict flips first, then numbers, then the rest, and
one short line when nothing important changed. Text from the data is escaped,
so a table cell never breaks the Markdown table it sits in. Links to the
guide's pages are optional and come from a ``Links`` object, so the same report
links to the preview site from a comment and to sibling pages inside the site.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict
from typing import Any, Protocol

from generator.diff import Change, GuideDiff, Judged
from generator.diff.site import MAX_LISTED, SiteChange
from generator.errors import printable
from generator.escaping import plain

TITLE = "What changed in this PR"


class Links(Protocol):
    """Where the guide's pages are, or ``None`` for no link."""

    def table(self, ident: str) -> str | None: ...
    def option(self, ident: str) -> str | None: ...


class NoLinks:
    def table(self, ident: str) -> str | None:
        return None

    def option(self, ident: str) -> str | None:
        return None


class SiteLinks:
    """Absolute links into a built site (``https://.../pr-preview/pr-7/``), directory URLs."""

    def __init__(self, site_url: str, tables: set[str], options: set[str]) -> None:
        self.base = site_url if site_url.endswith("/") else site_url + "/"
        self.tables, self.options = tables, options

    @property
    def full_list(self) -> str:
        """The preview's "What changed" page, which lists every change (a comment shows the first ones)."""
        return f"{self.base}changes/"

    def table(self, ident: str) -> str | None:
        return f"{self.base}results/#{ident}" if ident in self.tables else None

    def option(self, ident: str) -> str | None:
        return f"{self.base}options/{ident}/" if ident in self.options else None


class PageLinks:
    """Links from a page at the site root to sibling Markdown pages; MkDocs resolves and checks them."""

    def __init__(self, tables: set[str], options: set[str]) -> None:
        self.tables, self.options = tables, options

    def table(self, ident: str) -> str | None:
        return f"results.md#{ident}" if ident in self.tables else None

    def option(self, ident: str) -> str | None:
        return f"options/{ident}.md" if ident in self.options else None


def esc(text: str) -> str:
    """Text from data in the report: the escaping every generated page uses, made safe for GitHub too."""
    return plain(text)


def code(text: str) -> str:
    """A code span that holds any text: the fence is longer than any run of backticks inside."""
    text = " ".join(str(text).split())
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _link(text: str, url: str | None) -> str:
    return f"[{esc(text)}]({url})" if url else esc(text)


def _verdict(v: Judged | None) -> str:
    return "—" if v is None else esc(str(v))


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def summary(diff: GuideDiff) -> str:
    """One line: how many flips, numbers, additions... (``no change`` when there is none)."""
    parts = []
    if diff.lowered:
        parts.append(
            f"**{_count(len(diff.lowered), 'change that lowers a protection', 'changes that lower a protection')}**"
        )
    if diff.flips:
        parts.append(f"**{_count(len(diff.flips), 'verdict flip')}**")
    numbers = len(diff.values) + len(diff.ratios) + len(diff.claims)
    if numbers:
        parts.append(_count(numbers, "changed number"))
    if diff.quote_flips:
        parts.append(f"**{_count(len(diff.quote_flips), 'sentence')} to reread**")
    if diff.unbacked:
        parts.append(f"**{_count(len(diff.unbacked), 'comparative sentence')} nothing backs**")
    if diff.recommendation:
        parts.append(_count(len(diff.recommendation), "bottom-line change"))
    if diff.added:
        parts.append(f"{len(diff.added)} added")
    if diff.removed:
        parts.append(f"{len(diff.removed)} removed")
    if diff.rules:
        parts.append(_count(len(diff.rules), "decision-rule change"))
    if diff.reading:
        parts.append(_count(len(diff.reading), "change") + " to how values are read")
    if diff.edits:
        parts.append(_count(len(diff.edits), "record") + " with other edits")
    others = len(diff.site) - len(diff.lowered)
    if others:
        parts.append(_count(others, "other change") + " to the site's inputs")
    return ", ".join(parts) if parts else "no change"


def comparison_title(diff: GuideDiff) -> str:
    """A heading that says what was compared (``What changed from main (85cc83f) to the working tree``)."""
    return f"What changed from {esc(diff.base)} to {esc(diff.head)}"


def to_markdown(diff: GuideDiff, links: Links | None = None, level: int = 2, title: str | None = None) -> str:
    """The report as Markdown, headings starting at ``level`` (1 for a page, 2 or 3 in a comment).

    Headed ``title`` (for a pull request: :data:`TITLE`, then a line naming both sides), or by default
    by what was compared.
    """
    links = links or NoLinks()
    h = "#" * level
    sub = "#" * (level + 1)
    subsub = "#" * min(level + 2, 6)
    if title is None:
        out = [f"{h} {comparison_title(diff)}", ""]
    else:
        out = [f"{h} {title}", "", f"Compared **{esc(diff.head)}** with **{esc(diff.base)}**.", ""]
    if diff.empty:
        out.append("No change to the guide's data: every verdict, number and recommendation is the same.")
        out.append("No change to the site's configuration, theme overrides or hand-written pages.")
        return "\n".join(out) + "\n"
    if diff.data_empty and any(c.what == "setting" for c in diff.site):
        # A setting (the data folder, the templates, any value) changes the guide as a reader sees it.
        out.append(
            "No change to the data compared here, but the site's configuration changed, which changes the guide: "
            "read every setting below."
        )
        out.append("")
        out.append(f"The site's other inputs changed: {summary(diff)}.")
    elif diff.data_empty and any(c.lowers for c in diff.site):
        # A file that runs code changes what the next build or CI job runs, whatever the data says.
        out.append(
            "No verdict, number or recommendation changed, but files that run code did: read every one under"
            " Lowers a protection."
        )
        out.append("")
        out.append(f"The site's other inputs changed: {summary(diff)}.")
    elif diff.data_empty:
        out.append("No change to the guide's data: every verdict, number and recommendation is the same.")
        out.append("")
        out.append(f"The site's other inputs changed: {summary(diff)}.")
    elif not diff.important:
        out.append("No verdict flips, no changed numbers, nothing added or removed: text edits only.")
    else:
        out.append(summary(diff) + ".")
    out.append("")
    if diff.lowered:
        out += [f"{sub} Lowers a protection", ""]
        out += [f"- ⚠ {_site_line(c)}: **lowers a protection**: {esc(c.lowers)}" for c in diff.lowered]
        out.append("")
    if diff.flips:
        out += [f"{sub} Verdict flips", ""]
        out += [f"| {esc(diff.noun.capitalize())} | Column | Before | After | Why |", "|---|---|---|---|---|"]
        for f in diff.flips:
            why = "; ".join(esc(b) for b in f.because) or esc(f.detail_after or "—")
            row = [_link(f.option_name, links.option(f.option)), esc(f.column_label), _verdict(f.before)]
            out.append("| " + " | ".join([*row, _verdict(f.after), why]) + " |")
        out.append("")
    if diff.columns:
        out += [f"{sub} Columns restructured", ""]
        out.append(f"Each {esc(diff.noun)}'s verdicts in the columns removed (before) and added (after).")
        out += ["", f"| {esc(diff.noun.capitalize())} | Before | After |", "|---|---|---|"]
        for option in diff.columns:
            before = "; ".join(f"{esc(v.column_label)}: {_verdict(v.verdict)}" for v in option.before) or "—"
            after = "; ".join(f"{esc(v.column_label)}: {_verdict(v.verdict)}" for v in option.after) or "—"
            out.append(f"| {_link(option.option_name, links.option(option.option))} | {before} | {after} |")
        out.append("")
    if diff.values or diff.ratios:
        out += [f"{sub} Changed numbers", ""]
        tables = list(dict.fromkeys([*(v.table for v in diff.values), *(r.table for r in diff.ratios)]))
        titles = {v.table: v.table_title for v in diff.values} | {r.table: r.table_title for r in diff.ratios}
        for t in tables:
            out += [f"{subsub} {_link(titles[t], links.table(t))}", ""]
            values = [v for v in diff.values if v.table == t]
            if values:
                out += ["| Row | Series | Before | After |", "|---|---|---|---|"]
                for v in values:
                    cells = [v.row_label, v.series_label, v.shown_before(), v.shown_after()]
                    out.append("| " + " | ".join(esc(c) for c in cells) + " |")
                out.append("")
            ratios = [r for r in diff.ratios if r.table == t]
            if ratios:
                out += ["| Row | Ratio | Before | After |", "|---|---|---|---|"]
                for r in ratios:
                    before = " ".join(x for x in (r.before or "—", _verdict(r.verdict_before)) if x != "—") or "—"
                    after = " ".join(x for x in (r.after or "—", _verdict(r.verdict_after)) if x != "—") or "—"
                    out.append(f"| {esc(r.row_label)} | {esc(r.comparison)} | {esc(before)} | {esc(after)} |")
                out.append("")
    if diff.claims:
        out += [f"{sub} Numbers quoted in prose", "", "| Number | Table | Before | After |", "|---|---|---|---|"]
        for c in diff.claims:
            table = _link(c.table_title, links.table(c.table))
            out.append(f"| {code(c.id)} | {table} | {esc(c.before)} | {esc(c.after)} |")
        out.append("")
    if diff.quote_flips:
        out += [f"{sub} Sentences to reread", ""]
        out.append("Each quotes a number that now reads the other way; its words were written for the old reading.")
        out.append("")
        for q in diff.quote_flips:
            reads = f"{'/'.join(q.reads_before)} → {'/'.join(q.reads_after)}"
            where = f"{esc(q.record)} {code(q.field)}, quoting {code(q.claim)} ({reads})"
            out.append(f"- {where}: “{esc(q.after)}” (was “{esc(q.before)}”)")
        out.append("")
    if diff.unbacked:
        out += [f"{sub} Comparisons nothing backs", ""]
        out.append(
            "Each states a comparison in words that no claim's number and no checked statement (`claims.yml`: "
            "`statements`) holds to the data: quote a claim, back it with a statement, or say less."
        )
        out.append("")
        out += [f"- {code(f'{s.file}:{s.line}')}: “{esc(s.text)}”" for s in diff.unbacked]
        out.append("")
    if diff.recommendation:
        out += [f"{sub} Bottom line", ""]
        out += [f"- {esc(c.name)} ({code(c.id)}): {esc('; '.join(c.details))}" for c in diff.recommendation]
        out.append("")
    if diff.added or diff.removed:
        out += [f"{sub} Added and removed", ""]
        out += [_change_line("Added", c, diff.noun, links) for c in diff.added]
        out += [_change_line("Removed", c, diff.noun, NoLinks()) for c in diff.removed]
        out.append("")
    if diff.rules:
        out += [f"{sub} Decision rules", ""]
        for rule in diff.rules:
            tail = f": {esc('; '.join(rule.details))}" if rule.details else ""
            out.append(f"- {rule.kind.capitalize()} {code(rule.id)}{tail}")
        out.append("")
    if diff.reading:
        out += [f"{sub} How values are read", ""]
        out.append(
            "Maps and `metrics:` decide which number of each kept file is a value; the numbers they moved are above."
        )
        out.append("")
        for how in diff.reading:
            name = _link(how.name, links.table(how.id)) if how.kind == "metrics" else esc(how.name)
            out.append(f"- {how.kind.capitalize()} **{name}** ({code(how.id)}): {esc('; '.join(how.details))}")
        out.append("")
    if diff.edits:
        out += [f"{sub} Other edits", ""]
        out += [f"- {code(e.id)} ({esc(e.name)}): " + ", ".join(code(f) for f in e.details) for e in diff.edits]
        out.append("")
    others = [c for c in diff.site if not c.lowers]
    if others:
        out += [f"{sub} The site's other inputs", ""]
        full = getattr(links, "full_list", None)
        shown = others if full is None else others[:MAX_LISTED]  # a page lists all; a comment links to it
        out += [f"- {_site_line(c)}" for c in shown]
        if len(others) > len(shown):
            out.append(f"- and {len(others) - len(shown)} more: every one is listed on [the preview's page]({full})")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _site_line(c: SiteChange) -> str:
    """A change to the site's inputs: every name and value from the pull request escaped, as the data's text is."""
    if c.what == "setting":
        return f"setting **{esc(printable(c.name))}**: {esc(printable(c.change))}"
    return f"{esc(c.change)} **{esc(printable(c.name))}**"


def _change_line(verb: str, c: Change, noun: str, links: Links) -> str:
    url = links.option(c.id) if c.kind == noun else links.table(c.id) if c.kind == "table" else None
    tail = f": {esc('; '.join(c.details))}" if c.details else ""
    return f"- {verb} {c.kind} **{_link(c.name, url)}** ({code(c.id)}){tail}"


def to_json(diff: GuideDiff) -> dict[str, Any]:
    """The report as plain data: every list of :class:`GuideDiff`, plus counts and the one-line summary."""
    data = asdict(diff)
    data["summary"] = {
        "important": diff.important,
        "text": summary(diff).replace("**", ""),
        **{key: len(value) for key, value in data.items() if isinstance(value, list)},
    }
    return data


def to_json_text(diff: GuideDiff) -> str:
    return json.dumps(to_json(diff), ensure_ascii=False, indent=2, allow_nan=False) + "\n"


__all__ = ["TITLE", "NoLinks", "comparison_title", "PageLinks", "SiteLinks", "esc", "summary", "to_json", "to_markdown"]
