"""A copy of the shipped data with an injection attempt in every free-text field that accepts one.

Every string in every record is tried with a payload (appended to prose, so its ``[[tokens]]``
still resolve); where the schema or a cross-record check refuses it (ids, references, fixed
values), the original is put back. What remains is a valid guide whose every label, title,
note and sentence tries to break out of its place in the HTML.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from generator.errors import GuideError
from generator.pipeline import derive_guide

#: Attempts, each tagged "xss-N" so a live one can be told from the theme's own markup.
PAYLOADS = [
    '<script>alert("xss-1")</script>',
    '<img src=x onerror=alert("xss-2")>',
    '"><svg onload=alert("xss-3")>',
    "' onmouseover='alert(4)' x='xss-4",
    '</script><script>alert("xss-5")</script>',
    '[xss-6](javascript:alert("xss-6"))',
    "[xss-7](data:text/html;base64,PHNjcmlwdD4=)",
    '<a href="javascript:alert(8)">xss-8</a>',
    "xss-9 { onclick=alert(9) }",
    '<div markdown="1">*xss-10*</div>',
    "![xss-11](javascript:alert(11))",
    "<javascript:alert(12)> xss-12",
    "&lt;script&gt;alert(13)&lt;/script&gt; xss-13",
    "{{ 7*7 }} {% raw %} xss-14",
    "[xss-15](JaVaScRiPt:alert(15)) [xss-15b]( javascript:alert(15))",
    "<!-- xss-16 --> <style>body{display:none}</style>",
    "xss-17 { autofocus onfocus=alert(17) }",
    "xss-18 @octocat https://evil.example ~~s~~ :smile: www.evil.example",
]

_SHORT = 40  # Word fields hold at most 40 characters; payloads above are cut to fit there


def _strings(value: Any, loc: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], str]]:
    if isinstance(value, str):
        yield loc, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, (*loc, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _strings(item, (*loc, i))


def _set(data: Any, loc: tuple[Any, ...], value: str) -> None:
    for part in loc[:-1]:
        data = data[part]
    data[loc[-1]] = value


def poison(source: Path, target: Path) -> dict[str, int]:
    """Copy the data in ``source`` to ``target`` with payloads everywhere they are accepted.

    Returns how many fields hold a payload, per file.
    """
    shutil.copytree(source, target)
    counts: dict[str, int] = {}
    files = sorted(target.rglob("*.yml"))
    originals = {p: yaml.safe_load(p.read_text(encoding="utf-8")) for p in files}
    # Checked statements (claims.yml) render nothing; a poisoned verdict word makes one refuse its sentence, at a
    # line the put-back below cannot trace to the poisoned field. The poisoned copy keeps none.
    for data in originals.values():
        if isinstance(data, dict) and "statements" in data and "claims" in data:
            del data["statements"]
    tried: dict[Path, dict[tuple[Any, ...], str]] = {}
    n = 0
    for path, data in originals.items():
        tried[path] = {}
        for loc, text in list(_strings(data)):
            payload = PAYLOADS[n % len(PAYLOADS)]
            n += 1
            value = f"{text} {payload}" if len(text) > 60 else payload[:_SHORT]
            _set(data, loc, value)
            tried[path][loc] = text
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    for _ in range(10):  # put back, file by file, whatever the guide refuses
        try:
            derive_guide(target)
            break
        except GuideError as exc:
            refused = {(p.file, p.field) for p in exc.problems}
        for path, data in originals.items():
            rel = path.relative_to(target).as_posix()
            bad_fields = {field for file, field in refused if file == rel}
            if not bad_fields:
                continue
            for loc, text in tried[path].items():
                if _field(loc) in bad_fields or any(_field(loc).startswith(f + ".") for f in bad_fields if f):
                    _set(data, loc, text)
            if "" in bad_fields:  # a problem without a field: put the whole file back
                for loc, text in tried[path].items():
                    _set(data, loc, text)
            path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    else:
        raise AssertionError("could not make a valid poisoned guide")
    for path, data in originals.items():
        rel = path.relative_to(target).as_posix()
        counts[rel] = sum(1 for loc, text in tried[path].items() if _get(data, loc) != text)
    return counts


def _get(data: Any, loc: tuple[Any, ...]) -> Any:
    for part in loc:
        data = data[part]
    return data


def _field(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out
