"""Italics in prose are found in linear time, exactly where the pattern they replace found them."""

from __future__ import annotations

import re
import time

from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import Markup

from generator.render import prose

#: The pattern italics were found with, quadratic on a text of ``*`` that do not close.
OLD = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")


@settings(max_examples=600, deadline=None, database=None)
@given(st.text(alphabet="*a _\n\té.", max_size=40))
def test_italics_pair_exactly_as_the_pattern_did(text: str) -> None:
    assert prose._italics(text) == OLD.sub(r"<em>\1</em>", text)


def test_italics_on_a_few_texts() -> None:
    assert prose._italics("a *b* c") == "a <em>b</em> c"
    assert prose._italics("*a *b*") == "<em>a *b</em>"  # the star after a space closes nothing
    assert prose._italics("2*3*4 and * not *") == "2*3*4 and * not *"
    assert prose._italics("*a\nb*") == "*a\nb*"


def _render(text: str) -> float:
    """Processor time of this process (not the wall clock: another busy process must not change the ratio)."""
    prose._compile.cache_clear()
    started = time.process_time()
    prose.inline(text, lambda name: Markup(name))
    return time.process_time() - started


def test_unclosed_stars_take_linear_time() -> None:
    """Ten times the text takes about ten times as long (a quadratic pattern took a hundred times)."""
    small, large = " *a" * 6_667, " *a" * 66_667  # 20,000 and 200,000 characters
    ratio = min(_render(large) for _ in range(5)) / min(_render(small) for _ in range(5))
    assert ratio < 40, f"200,000 characters took {ratio:.0f}x as long as 20,000"


def test_each_star_is_looked_at_a_fixed_number_of_times(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    looks = 0

    class Counting:
        def __init__(self, pattern: re.Pattern[str]) -> None:
            self.pattern = pattern

        def match(self, text: str) -> re.Match[str] | None:
            nonlocal looks
            looks += 1
            return self.pattern.match(text)

    monkeypatch.setattr(prose, "_WORD_OR_STAR", Counting(prose._WORD_OR_STAR))
    monkeypatch.setattr(prose, "_SPACE", Counting(prose._SPACE))
    stars = 13_333
    prose._italics(" *a" * stars)
    assert looks <= 4 * stars
