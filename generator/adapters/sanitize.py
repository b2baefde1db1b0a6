"""What a hand-written page may publish: its rendered HTML, cleaned by an allow-list, and what was removed.

A page under ``site_src/`` comes from a pull request like the data does, and Markdown passes raw HTML
through. Rather than look for what would run script (a deny-list, read by a parser that does not
read HTML the way a browser does), every hand-written page's HTML goes through :func:`clean`:
``nh3`` (the ``ammonia`` sanitizer over ``html5ever``, which parses as the HTML standard says, as
browsers do) keeps only the elements, attributes and URL schemes the guide's own pages need, and
the cleaned HTML is what is published.

Anything the allow-list removes makes the build refuse the page (:func:`removed`): a second
"reference" pass of the same parser keeps every element and attribute that appears in the page, and
what the reference has and the cleaned HTML has not is named with the source line it comes from.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

import nh3

from generator.errors import Problem

#: Elements Markdown and the guide's Markdown extensions write (tables, admonitions, attr_list,
#: md_in_html, toc permalinks, footnotes, definition lists, abbreviations, details, code highlighting).
TAGS = frozenset(
    {
        "a", "abbr", "b", "blockquote", "br", "caption", "cite", "code", "col", "colgroup", "dd", "del",
        "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6",
        "hr", "i", "img", "input", "ins", "kbd", "label", "li", "mark", "ol", "p", "pre", "q", "s", "samp",
        "small", "span", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead",
        "time", "tr", "u", "ul", "var", "wbr",
    }
)  # fmt: skip
#: Attributes any of them may carry (ids for the table of contents and footnotes, classes for styles).
GENERIC_ATTRIBUTES = frozenset({"id", "class", "title", "lang", "dir"})
#: Attributes of one element.
ATTRIBUTES: dict[str, frozenset[str]] = {
    "a": frozenset({"href", "name"}),
    "img": frozenset({"src", "alt", "width", "height", "loading"}),
    "td": frozenset({"colspan", "rowspan", "align", "style"}),
    "th": frozenset({"colspan", "rowspan", "align", "scope", "style"}),
    "col": frozenset({"span"}),
    "colgroup": frozenset({"span"}),
    "ol": frozenset({"start", "reversed", "type"}),
    "li": frozenset({"value"}),
    "details": frozenset({"open"}),
    "input": frozenset({"checked", "disabled", "name"}),  # task lists and content tabs; ``type`` below
    "label": frozenset({"for"}),
    "time": frozenset({"datetime"}),
    "del": frozenset({"datetime", "cite"}),
    "ins": frozenset({"datetime", "cite"}),
    "q": frozenset({"cite"}),
    "blockquote": frozenset({"cite"}),
}
#: Attributes of one element that may hold only these values.
VALUES: dict[str, dict[str, frozenset[str]]] = {"input": {"type": frozenset({"checkbox", "radio"})}}
#: Where links and images may point, besides addresses relative to the site.
URL_SCHEMES = frozenset({"http", "https", "mailto"})
#: The one style property a page may set (Markdown's aligned table columns).
STYLE_PROPERTIES = frozenset({"text-align"})

_ATTRIBUTES = {"*": set(GENERIC_ATTRIBUTES), **{tag: set(names) for tag, names in ATTRIBUTES.items()}}
_CLEANER = nh3.Cleaner(
    tags=set(TAGS),
    attributes=_ATTRIBUTES,
    tag_attribute_values={tag: {name: set(v) for name, v in named.items()} for tag, named in VALUES.items()},
    url_schemes=set(URL_SCHEMES),
    link_rel=None,
    strip_comments=True,
    filter_style_properties=set(STYLE_PROPERTIES),
)

# Every tag name and every URL scheme the page writes, for the reference pass.
_TAG_NAME = re.compile(r"</?([A-Za-z][^\s/>\x00]*)")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")
_URL_NOISE = re.compile(r"[\t\n\r]+")


_SCHEME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-")


def _schemes(text: str) -> set[str]:
    """Every scheme ``text`` writes (what :data:`_SCHEME` finds, read once: a regular expression tried at every
    position of a long word reads the word again from each, quadratic time). For each ``:``, the run of
    scheme characters before it, from its first letter; runs end at a colon, so each is read once."""
    found: set[str] = set()
    at = text.find(":")
    while at != -1:
        start = at
        while start > 0 and text[start - 1] in _SCHEME_CHARS:
            start -= 1
        run = text[start:at]
        first = next((i for i, c in enumerate(run) if c.isascii() and c.isalpha()), None)
        if first is not None:
            found.add(run[first:].lower())
        at = text.find(":", at + 1)
    return found


def clean(page_html: str) -> str:
    """``page_html`` with everything outside the allow-list removed: what the site publishes."""
    return _CLEANER.clean(page_html)


def _reference(page_html: str) -> str:
    """``page_html`` parsed and written out by the same parser, every element and attribute it holds kept."""
    names = {m.group(1) for m in _TAG_NAME.finditer(page_html)}
    tags = set(TAGS) | names | {name.lower() for name in names}
    schemes = _schemes(_URL_NOISE.sub("", html.unescape(page_html)))
    return nh3.clean(
        page_html,
        tags=tags,
        clean_content_tags=set(),
        generic_attribute_prefixes={""},
        url_schemes=set(URL_SCHEMES) | schemes,
        link_rel=None,
        strip_comments=True,
    )


@dataclass(frozen=True)
class Removal:
    """One thing :func:`clean` took out of a page: what, and text to find its line by in the source."""

    what: str
    needles: tuple[str, ...]


# The parser writes HTML out in one canonical form: tags, attributes in double quotes, text.
_TOKEN = re.compile(r'<(/?)([^\s/>]+)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*/?>|[^<]+|<')
_ATTRIBUTE = re.compile(r'([^\s=/>]+)(?:="([^"]*)")?')


def _pieces(text: str) -> Iterator[tuple[str, str, tuple[tuple[str, str], ...]]]:
    for match in _TOKEN.finditer(text):
        if match.group(2) is None:
            yield ("text", match.group(0), ())
        else:
            attrs = tuple((a.group(1), html.unescape(a.group(2) or "")) for a in _ATTRIBUTE.finditer(match.group(3)))
            yield ("end" if match.group(1) else "start", match.group(2), attrs)


def _style(value: str) -> list[tuple[str, str]]:
    declarations = (part.partition(":") for part in value.split(";") if part.strip())
    return [(name.strip().lower(), rest.strip()) for name, _, rest in declarations]


def _attribute_removal(tag: str, name: str, value: str, kept: dict[str, str]) -> Removal | None:
    if name in kept:
        if name == "style" and _style(kept[name]) != _style(value):
            return Removal(f'<{tag} style="{value}">: a style property other than text-align', ("style=",))
        return None
    url = _URL_NOISE.sub("", value).strip()
    scheme = _SCHEME.match(url)
    if name in ("href", "src") and scheme and tag in ATTRIBUTES and name in ATTRIBUTES[tag]:
        word = scheme.group(1).lower()
        return Removal(f'<{tag} {name}="{word}:...">: a {word}: address', (f"{word}:", word, f"{name}="))
    return Removal(f"<{tag} {name}=...>: an attribute a hand-written page may not set", (f"{name}=", name))


#: Attributes ``ammonia`` reads as addresses (its ``is_url_attr``): a value its URL parser cannot read is
#: dropped by every pass, the reference one too, so :func:`unreadable_urls` looks for them separately.
URL_ATTRIBUTES = ("href", "src", "action", "data", "formaction", "ping", "poster", "xlink:href")
_URL_ATTRIBUTE = re.compile(
    r"(?<![\w:-])(" + "|".join(re.escape(name) for name in URL_ATTRIBUTES) + r")[ \t\n\r\f]*=[ \t\n\r\f]*"
    r"(?:\"([^\"]*)\"?|'([^']*)'?|([^\s>]+))",
    re.IGNORECASE,
)
#: A start tag as a browser reads one, quoted values holding ``>`` included (a quote left open runs on to the
#: end); every alternative starts with a different character and the match cannot fail, so it never
#: backtracks: linear time.
_START_TAG = re.compile(r"<[A-Za-z][^\s/>]*(?:\"[^\"]*\"?|'[^']*'?|[^>\"'])*>?")
#: What the URL standard strips before reading an address: tabs and newlines anywhere, C0 controls and
#: spaces around it.
_URL_AROUND = "".join(chr(n) for n in range(0x21))
_HAS_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
_SHOWN_URL = 60


#: What a refusal of an address the URL standard cannot read says (MkDocs' own link rewriting raises on one).
UNREADABLE = "an address that is not a valid URL"


def unreadable_urls(page_html: str) -> list[Removal]:
    """The addresses of ``page_html`` that the sanitizer drops because its URL parser (the WHATWG URL
    standard's, in the ``url`` crate) cannot read them: ``http://[bad``, a space or ``%`` escape in a host,
    a port out of range. Every pass drops them alike, so the reference pass cannot show them; each address
    with a scheme is put to the same sanitizer on its own, and those it drops are named."""
    candidates: dict[str, str] = {}  # value -> the tag and attribute, in page order
    tags = ((t.group(0), _TAG_NAME.match(t.group(0))) for t in _START_TAG.finditer(page_html))
    matches = ((m, name.group(1).lower()) for tag, name in tags if name for m in _URL_ATTRIBUTE.finditer(tag))
    for match, element in matches:
        raw = next(group for group in match.groups()[1:] if group is not None)
        value = html.unescape(raw)
        if _HAS_SCHEME.match(_URL_NOISE.sub("", value).strip(_URL_AROUND)):
            candidates.setdefault(value, f"{element} {match.group(1).lower()}")
    if not candidates:
        return []
    schemes = {
        m.group(0)[:-1].lower()
        for v in candidates
        if (m := _HAS_SCHEME.match(_URL_NOISE.sub("", v).strip(_URL_AROUND)))
    }
    kept: set[str] = set()

    def keep(element: str, attribute: str, value: str) -> str:
        kept.add(value)
        return value

    probe = "".join(f'<a href="{html.escape(value, quote=True)}"></a>' for value in candidates)
    nh3.clean(probe, tags={"a"}, attributes={"a": {"href"}}, url_schemes=schemes, attribute_filter=keep, link_rel=None)
    found: list[Removal] = []
    for value, name in candidates.items():
        if value in kept:
            continue
        text = value if len(value) <= _SHOWN_URL else value[: _SHOWN_URL - 3] + "..."
        what = f'<{name}="{text}">: {UNREADABLE} (the URL standard cannot read it)'
        found.append(Removal(what, (value, value.strip(_URL_AROUND)[:40], f"{name.split()[1]}=")))
    return found


def removed(page_html: str, cleaned: str | None = None) -> list[Removal]:
    """What :func:`clean` removes from ``page_html`` (``cleaned``, when already computed): addresses it cannot
    read, then the rest in page order."""
    cleaned = clean(page_html) if cleaned is None else cleaned
    unreadable = unreadable_urls(page_html)
    reference = _reference(page_html)
    if reference == cleaned:
        return unreadable

    return unreadable + _walk(list(_pieces(reference)), list(_pieces(cleaned)))


def _walk(
    ref: list[tuple[str, str, tuple[tuple[str, str], ...]]], out: list[tuple[str, str, tuple[tuple[str, str], ...]]]
) -> list[Removal]:
    """What the reference pass keeps and the cleaned one does not, in one walk over both (linear time).

    Cleaning only takes out (elements, attributes, the text of elements it drops whole) and both passes
    parse alike, so the cleaned pieces are the reference's in order, less what was removed; the text on
    either side of a removed element may come out joined, so a reference text is matched against what is
    left of the cleaned text it starts."""
    found: list[Removal] = []
    j, offset = 0, 0  # the next cleaned piece, and how much of it (a text) is already matched
    lost_text = False
    for kind, name, attrs in ref:
        here = out[j] if j < len(out) else None
        if kind == "text":
            if here is not None and here[0] == "text" and here[1].startswith(name, offset):
                offset += len(name)
                if offset == len(here[1]):
                    j, offset = j + 1, 0
            elif name.strip():
                lost_text = True
            continue
        if here is not None and here[0] == kind and here[1] == name and offset == 0:
            j += 1
            if kind == "start":
                present = dict(here[2])
                for attribute, value in attrs:
                    removal = _attribute_removal(name, attribute, value, present)
                    if removal is not None:
                        found.append(removal)
            lost_text = False
            continue
        if kind == "start":
            found.append(Removal(f"<{name}>: an element a hand-written page may not use", (f"<{name}",)))
            lost_text = False
    if lost_text and not found:  # text alone: the content of an element the parser made on its own
        found.append(Removal("content the allow-list does not keep", ("<",)))
    return found


#: At most this many removals of one page are listed (the rest are counted).
SHOWN = 20


def problems(page_html: str, source: str, shown: str, body_start: int = 0) -> tuple[str, list[Problem]]:
    """The cleaned HTML of a hand-written page, and one problem for each thing cleaning removed, located in
    its Markdown ``source`` (lines from ``body_start``, 0-based, after the front matter)."""
    cleaned = clean(page_html)
    found = removed(page_html, cleaned)
    if not found:
        return cleaned, []
    lines = source.splitlines()
    lowered = [line.lower() for line in lines]
    used: Counter[str] = Counter()

    def line_of(needles: tuple[str, ...]) -> int:
        for needle in needles:
            hits = [n for n in range(body_start, len(lines)) if needle.lower() in lowered[n]]
            if hits:
                k = used[needle]
                used[needle] += 1
                return hits[min(k, len(hits) - 1)] + 1
        return body_start + 1 if body_start < len(lines) else 1

    out = [Problem(shown, line_of(r.needles), "", f"{r.what}; {HINT}") for r in found[:SHOWN]]
    if len(found) > SHOWN:
        out.append(Problem(shown, 0, "", f"and {len(found) - SHOWN} more things the allow-list removes"))
    return cleaned, out


HINT = "removed by the allow-list of hand-written pages (docs/previews.md); write it in Markdown or leave it out"


def describe(found: list[Problem]) -> str:
    """The refusals for the terminal, one a line (``site_src/x.md:3: <script>: ...``)."""
    count = len(found)
    head = f"{count} thing{'s' if count != 1 else ''} in hand-written files cannot be published; nothing was published:"
    return "\n".join([head, *(f"  {p}" for p in found)])
