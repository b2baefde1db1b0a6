"""A precision setting for measured values (issue 33): ``value_digits`` on a table or a series prints every
figure of a value (the value, its runs, its spread) with that many decimals; unset, values read as written."""

from __future__ import annotations

import dataclasses

from generator import schema
from generator.derive.fill import derive
from generator.pipeline import validate_guide
from tests.conftest import DATA
from tests.data_edits import trading


def _with_digits(table: str, digits: int | None, series: dict[str, int] | None = None) -> schema.MeasurementTable:
    data = validate_guide(DATA)
    t = next(x for x in data.tables if x.id == table)
    assert isinstance(t, schema.MeasurementTable)
    update = {"value_digits": digits}
    if series:
        update["series"] = [s.model_copy(update={"value_digits": series.get(s.id)}) for s in t.series]
    return t.model_copy(update=update)


def _derived(t: schema.MeasurementTable):
    data = validate_guide(DATA)
    tables = [t if x.id == t.id else x for x in data.tables]
    # numbers changed at will: rules trade, and no sentence of the shipped guide is checked against them
    claims = data.claims.model_copy(update={"statements": []})
    d, problems = derive(trading(dataclasses.replace(data, tables=tables, claims=claims)))
    assert problems == []
    return d


def test_value_digits_print_every_figure_of_a_value() -> None:
    plain = derive(validate_guide(DATA))[0]
    t = _with_digits("transport-microbench", 1)
    d = _derived(t)
    row, sid = t.rows[0], next(s for s in t.rows[0].values if not isinstance(t.rows[0].values[s], str))
    before, after = plain.sample(t.id, row.id, sid), d.sample(t.id, row.id, sid)
    assert before.value == after.value  # the value compared is the same: only its printing changes
    assert after.text() == f"{after.value:.1f}" and before.text() == str(before.value).removesuffix(".0")
    # the transport column's "best" detail prints the same way
    transport = next(i for i, c in enumerate(d.data.guide.columns) if c.id == "transport")
    detail = d.cells["deepep-v2"][transport].detail
    assert "186.0 µs (best 47.0)" in detail, detail
    assert "186 µs (best 47)" in plain.cells["deepep-v2"][transport].detail


def test_a_series_setting_overrides_the_table_one() -> None:
    t = _with_digits("transport-microbench", 0, {"deepep-v2": 2})
    d = _derived(t)
    transport = next(i for i, c in enumerate(d.data.guide.columns) if c.id == "transport")
    assert "186.00 µs (best 47)" in d.cells["deepep-v2"][transport].detail


def test_a_lower_is_better_ratio_reads_one_way_in_matrix_table_and_csv() -> None:
    """Issue 33: one spelling for a lower-is-better ratio: the factor (never below 1) and the way it reads, in
    the matrix's detail and the table's ratio cell alike; the CSV header of the ratio says which way its
    numbers read and how the pages spell them."""
    from generator import numbers
    from generator.render.data_export import table_csv

    data = validate_guide(DATA)
    t = next(x for x in data.tables if x.id == "dense-vs-deepep")
    assert isinstance(t, schema.MeasurementTable) and t.better == "higher"
    lower = t.model_copy(update={"better": "lower"})
    d = _derived(lower)
    comp = next(c for c in lower.comparisons if c.numerator == "deepep")
    cells = [rc for rc in d.tables[t.id].ratios[comp.label] if rc.value is not None]
    printed = [rc.value for rc in cells]
    spelled = numbers.times_range(min(printed), max(printed), lower.digits, "lower", lower.quantity)
    for rc in cells:  # the table's cell: the same factor, never the reciprocal
        assert rc.text == numbers.times(rc.value, lower.digits, "lower", lower.quantity)
        assert not rc.text.startswith("0."), rc.text
    serving = next(i for i, c in enumerate(d.data.guide.columns) if c.id == "serving")
    detail = d.cells["deepep-v2"][serving].detail
    assert f"{spelled} vs " in detail, detail
    assert "lower is better" not in detail and f" {lower.quantity} vs " in detail, detail
    assert f" {t.quantity} vs " not in derive(data)[0].cells["deepep-v2"][serving].detail
    header = table_csv(d, lower).splitlines()[0]
    expected = (
        f"deepep/dense ({lower.quantity} of deepep over dense; lower is better: 0.5 reads 2× lower {lower.quantity})"
    )
    assert expected in header, header


def test_chart_captions_print_values_to_their_series_setting() -> None:
    """A series' ``value_digits`` wins over its table's in a chart's caption too, as in its bar and table."""
    from generator.render.charts import build_charts

    t = _with_digits("transport-microbench", 0, {"uccl": 2, "pplx": 1})
    d = _derived(t)
    overview = next(c for c in build_charts(d).all() if c.kind == "overview" and t.id in c.tables)
    assert "lowest latency is UCCL (47.00 µs)" in overview.takeaway, overview.takeaway
    assert "only pplx kernels measured (362.0 µs)" in overview.takeaway, overview.takeaway
    plain = next(c for c in build_charts(_derived(_with_digits(t.id, 0))).all() if c.kind == "overview")
    assert "lowest latency is UCCL (47 µs)" in plain.takeaway, plain.takeaway
