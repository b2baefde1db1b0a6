"""JSON embedded in pages cannot close its script element, and reads back as the same value."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from bs4 import BeautifulSoup
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.safe_json import dumps, script_tag

HOSTILE = [
    "</script><script>alert(1)</script>",
    "</SCRIPT >",
    "<!--<script>",
    "]]>",
    "a & b < c > d",
    "\u2028\u2029",
    "'\"`",
]


def test_a_label_cannot_close_the_script_element() -> None:
    value = {"labels": HOSTILE, "x": [1, 2.5], "nested": {"</script>": None}}
    html = f"<html><body>{script_tag(value, 'chart-data')}<p id='after'>after</p></body></html>"
    soup = BeautifulSoup(html, "html.parser")
    scripts = soup.find_all("script")
    assert len(scripts) == 1 and scripts[0]["type"] == "application/json"
    assert json.loads(scripts[0].get_text()) == value
    assert soup.find(id="after") is not None
    for bad in ("</", "<!--", "<script", "\u2028"):
        assert bad not in dumps(value)


json_values: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None, database=None)
@given(value=json_values)
def test_any_value_round_trips_and_has_no_markup(value: Any) -> None:
    text = dumps(value)
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == value


def test_not_a_number_is_refused() -> None:
    with pytest.raises(ValueError):
        dumps({"y": [1.0, math.nan]})


def test_examples_in_docstrings_hold() -> None:
    import doctest

    from generator import escaping, safe_json

    for module in (safe_json, escaping):
        assert doctest.testmod(module).failed == 0, module.__name__


def test_the_text_sits_in_a_single_quoted_attribute_as_it_is() -> None:
    value = {"labels": HOSTILE}
    html = f"<div id='chart' data-spec='{dumps(value)}'></div><p id='after'>after</p>"
    soup = BeautifulSoup(html, "html.parser")
    assert json.loads(soup.find(id="chart")["data-spec"]) == value
    assert soup.find(id="after") is not None and "'" not in dumps(value)
