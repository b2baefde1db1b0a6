"""The serve-mode banner: every problem with file:line, field and message, escaped, announced."""

from __future__ import annotations

from bs4 import BeautifulSoup

from generator.adapters.error_banner import banner, console
from generator.errors import Problem

PROBLEMS = [
    Problem("options/uccl.yml", 5, "label", "duplicate key 'label' (first defined on line 4)"),
    Problem("tables/x.yml", 12, "rows[0].values.a", "expected a number, got the text '<script>alert(1)</script>'"),
    Problem("campaigns/", 0, "", 'no campaign records found; "<img src=x onerror=alert(2)>"'),
]


def test_banner_lists_every_problem_escaped() -> None:
    soup = BeautifulSoup(str(banner(PROBLEMS, "data/")), "html.parser")
    alert = soup.find(class_="dg-data-errors")
    assert alert is not None and alert["role"] == "alert"
    assert alert["aria-labelledby"] == "dg-data-errors-title" and soup.find(id="dg-data-errors-title")
    assert not soup.find_all(["script", "img"])
    items = [" ".join(li.get_text(" ").split()) for li in soup.find_all("li")]
    assert items == [
        "data/options/uccl.yml:5 label : duplicate key 'label' (first defined on line 4)",
        "data/tables/x.yml:12 rows[0].values.a : expected a number, got the text '<script>alert(1)</script>'",
        'data/campaigns/ : no campaign records found; "<img src=x onerror=alert(2)>"',
    ]
    assert "3 problems" in soup.get_text()


def test_console_lists_the_same_lines() -> None:
    lines = console(PROBLEMS, "data/").splitlines()
    assert lines[0].startswith("3 problems in the guide data")
    assert lines[1:] == [
        "  data/options/uccl.yml:5: label: duplicate key 'label' (first defined on line 4)",
        "  data/tables/x.yml:12: rows[0].values.a: expected a number, got the text '<script>alert(1)</script>'",
        '  data/campaigns/: no campaign records found; "<img src=x onerror=alert(2)>"',
    ]
