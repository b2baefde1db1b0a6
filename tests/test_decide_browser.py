"""The decision helper in a real browser (Debian's Chromium): form, URL state, back/forward, no-JS table."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from urllib.parse import parse_qs

import pytest

from quality.serve import StaticServer

DENSE = {
    "fabric": "efa",
    "priority": "throughput",
    "framework": "trtllm",
    "scale": "ep16",
    "model": "fits",
    "fork": "cannot",
}
DENSE_LEAF = (
    "when-fabric-efa--priority-throughput-or-simplicity-or-robustness--framework-trtllm--scale-ep16--model-fits"
    "--fork-cannot"
)


@pytest.fixture(scope="module")
def instant_site(shipped_site: Path, tmp_path_factory: pytest.TempPathFactory):
    """The shipped site served with a sitemap that names the port it is served on.

    Material navigates instantly only to URLs in sitemap.xml, matching their protocol
    and host but not their port; the shipped build names port 8000, so on any other
    port every click would be a full page load and ``document$`` would never re-emit.
    """
    root = tmp_path_factory.mktemp("instant") / "site"
    shutil.copytree(shipped_site, root)
    server = StaticServer(root)
    sitemap = root / "sitemap.xml"
    sitemap.write_text(
        sitemap.read_text(encoding="utf-8").replace("http://127.0.0.1:8000/", server.url), encoding="utf-8"
    )
    yield server.url
    server.close()


@pytest.fixture
def tab(browser, served_site: str):
    """A fresh browser context and page that records console errors and requests leaving the site."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.outside = []  # type: ignore[attr-defined]
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))  # type: ignore[attr-defined]
    page.on(
        "request",
        lambda r: page.outside.append(r.url) if not r.url.startswith(served_site[:-1]) else None,  # type: ignore[attr-defined]
    )
    yield page
    assert page.errors == [] and page.outside == []  # type: ignore[attr-defined]
    context.close()


def _answer(page, question: str, answer: str) -> None:
    page.locator(f'label[for="dg-{question}-{answer}"]').click()


def _query(page) -> dict[str, str]:
    """The query string as the page sees it (``page.url`` follows history events and can lag a pushState)."""
    return {k: v[0] for k, v in parse_qs(page.evaluate("location.search")[1:]).items()}


def _result(page):
    return page.locator(".dg-decide-result")


def test_answering_shows_the_recommendation_with_its_evidence_and_the_url_keeps_it(tab, served_site: str) -> None:
    page = tab
    page.goto(served_site + "decide/")
    assert page.locator("form.dg-decide-form").is_visible()
    assert not page.locator(".dg-leaves").is_visible()  # the full answers move into the result panel
    assert "Answer the questions above" in _result(page).inner_text()

    for question in ("fabric", "priority", "framework", "scale", "model"):
        _answer(page, question, DENSE[question])
    # The fork answer still changes what is ruled out, so the answer is not settled yet.
    assert _result(page).locator(".dg-result-hint").inner_text() == "1 more answer settles it."
    _answer(page, "fork", "cannot")

    card = _result(page).locator(".dg-leaf-result")
    assert card.locator(".dg-pick-recommended .dg-pick-name").inner_text() == "Dense allgather / reduce-scatter"
    assert page.locator(".dg-decide-status").inner_text() == "Recommended: Dense allgather / reduce-scatter"
    # The evidence: numbers computed at build time, linked to their table, the same as in the static answer.
    shown = card.locator(".dg-why a.dg-num").all_inner_texts()
    static = page.locator(f"#{DENSE_LEAF} .dg-why a.dg-num").all_inner_texts()
    assert shown == static and len(shown) == 2
    assert "UCCL (raw-ibverbs wrapper)" in card.locator(".dg-ruled-out").inner_text()
    assert _query(page) == DENSE
    assert page.locator("table.dg-decisions tr.dg-row-current").get_attribute("data-leaf") == DENSE_LEAF

    page.reload()
    assert page.locator("#dg-fork-cannot").is_checked() and page.locator("#dg-fabric-efa").is_checked()
    assert _result(page).locator(".dg-pick-recommended .dg-pick-name").inner_text() == (
        "Dense allgather / reduce-scatter"
    )

    page.go_back()
    assert _query(page) == {k: v for k, v in DENSE.items() if k != "fork"}
    assert not page.locator("#dg-fork-cannot").is_checked() and page.locator("#dg-model-fits").is_checked()
    assert _result(page).locator(".dg-result-hint").inner_text() == "1 more answer settles it."

    page.go_forward()
    assert _query(page) == DENSE and page.locator("#dg-fork-cannot").is_checked()
    assert _result(page).locator(".dg-leaf-result").count() == 1


def test_the_form_works_from_the_keyboard(tab, served_site: str) -> None:
    page = tab
    page.goto(served_site + "decide/?scale=ep16")  # the scale always matters: inside or outside the envelope
    page.locator("form.dg-decide-form").wait_for(state="visible")  # focus() does not wait, unlike click()
    page.locator("#dg-fabric-efa").focus()
    page.keyboard.press("Space")
    assert _query(page) == {"fabric": "efa", "scale": "ep16"}
    page.keyboard.press("ArrowRight")  # radios in a group: arrows move and choose
    assert _query(page) == {"fabric": "infiniband", "scale": "ep16"}
    assert _result(page).locator(".dg-pick-recommended .dg-pick-name").inner_text() == "GPU-initiated GDAKI / IBGDA"
    # The visually restyled radio still shows where the keyboard focus is.
    outline = page.evaluate("getComputedStyle(document.querySelector('label[for=dg-fabric-infiniband]')).outlineStyle")
    assert outline == "solid"


def test_a_shared_link_opens_on_its_answer(tab, served_site: str) -> None:
    page = tab
    page.goto(served_site + "decide/?fabric=efa&priority=robustness&framework=vllm&scale=ep16&model=too-big&fork=can")
    card = _result(page).locator(".dg-leaf-result")
    assert card.locator(".dg-pick-recommended .dg-pick-name").inner_text() == "Dense allgather / reduce-scatter"
    # UCCL would suit a fork-carrying reader who wants robustness, but its record says it deadlocks on vLLM.
    ruled = card.locator(".dg-ruled-out li", has_text="UCCL").inner_text()
    assert "tried and failed" in ruled and "Deadlocks" in ruled
    # Unknown parameters and answers are ignored rather than trusted.
    page.goto(served_site + "decide/?fabric=token-ring&priority=transport&x=<b>")
    assert not page.locator("#dg-fabric-efa").is_checked() and page.locator("#dg-priority-transport").is_checked()
    assert _result(page).locator(".dg-result-hint").inner_text() == "2 more answers settle it."  # fabric, scale


def test_instant_navigation_runs_the_form_and_back_restores_it(browser, instant_site: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(instant_site)
    page.evaluate("window.__sameDocument = true")
    page.locator("nav.md-nav--primary a.md-nav__link", has_text="Which path?").first.click()
    page.wait_for_url("**/decide/")
    assert page.evaluate("window.__sameDocument === true"), "expected Material's instant navigation, not a reload"

    _answer(page, "fabric", "infiniband")
    _answer(page, "scale", "ep16")
    card = _result(page).locator(".dg-leaf-result")
    assert card.locator(".dg-pick-recommended .dg-pick-name").inner_text() == "GPU-initiated GDAKI / IBGDA"
    # The other questions cannot change this answer, and say so.
    assert page.locator('fieldset[data-question="framework"]').get_attribute("class").split().count("dg-q-idle") == 1
    assert page.locator('fieldset[data-question="framework"] .dg-q-note').is_visible()

    # A row of the table sets the form to that row's answers (after an instant swap, Material makes hrefs absolute).
    page.locator("table.dg-decisions td.dg-rec a[href$='#when-fabric-efa--priority-transport--scale-ep16']").click()
    assert _query(page) == {"fabric": "efa", "priority": "transport", "scale": "ep16"}
    assert card.count() == 1 and _result(page).locator(".dg-pick-name").all_inner_texts() == [
        "UCCL (raw-ibverbs wrapper)",
        "pplx kernels",
    ]

    page.locator("nav.md-nav--primary a.md-nav__link", has_text="Bottom line").first.click()
    page.wait_for_url("**/bottom-line/")
    page.go_back()
    page.wait_for_url("**/decide/?fabric=efa&priority=transport&scale=ep16")
    page.locator("#dg-priority-transport:checked").wait_for(state="attached")
    assert page.evaluate("window.__sameDocument === true")
    assert _result(page).locator(".dg-pick-name").first.inner_text() == "UCCL (raw-ibverbs wrapper)"
    assert errors == []
    context.close()


def test_without_javascript_the_static_table_and_answers_are_there(browser, served_site: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(served_site + "decide/")
    assert not page.locator("form.dg-decide-form").is_visible()
    payload = json.loads(page.locator("#dg-decide").get_attribute("data-decide"))
    rows = page.locator("table.dg-decisions tbody tr")
    assert rows.count() == len(payload["leaves"]) > 1 and rows.first.is_visible()
    assert page.locator("section.dg-leaf").count() == len(payload["leaves"])
    page.locator(f"table.dg-decisions a[href='#{DENSE_LEAF}']").click()
    assert page.url.endswith(f"#{DENSE_LEAF}")
    answer = page.locator(f"#{DENSE_LEAF}")
    assert answer.is_visible() and "Dense allgather / reduce-scatter" in answer.locator(".dg-pick-name").inner_text()
    context.close()


def test_an_answer_outside_the_measured_scale_says_not_measured_and_one_inside_does_not(tab, served_site: str) -> None:
    """The browser shows the answer the build computed for the reader's scale: outside the envelope, the note and
    every verdict drawn as not measured there; inside it, neither (the same answer as the static table's)."""
    page = tab
    page.goto(served_site + "decide/?" + "&".join(f"{k}={v}" for k, v in {**DENSE, "scale": "larger"}.items()))
    card = _result(page).locator(".dg-leaf-result")
    note = card.locator(".dg-envelope").inner_text()
    assert "Measured at EP16 on 2 nodes; not measured at EP above 16 (more than 2 nodes)." in note
    evidence = card.locator(".dg-pick-recommended .dg-evidence li")
    assert evidence.count() >= 1
    for i in range(evidence.count()):
        li = evidence.nth(i)
        assert li.get_attribute("class") == "dg-outside"
        assert li.locator(".dg-badge").first.inner_text().endswith("not measured at EP above 16 (more than 2 nodes)")
        assert "measured at EP16 on 2 nodes:" in li.inner_text()
    _answer(page, "scale", "ep16")
    assert _query(page) == DENSE
    card = _result(page).locator(".dg-leaf-result")
    assert card.locator(".dg-envelope").count() == 0 and card.locator(".dg-outside").count() == 0
    assert "not measured at" not in card.inner_text()
    _answer(page, "scale", "smaller")
    assert "not measured at EP below 16." in _result(page).locator(".dg-envelope").inner_text()


def test_a_path_offered_as_possible_says_its_support_is_not_stated_and_what_failed(tab, served_site: str) -> None:
    """Issue 51: the form's answer shows, on each item "Also possible here", what the static answer shows: DeepEP
    multi-comm's support on TRT-LLM not stated, DeepEP-V2's long-prompt prefill crash for a robustness priority."""
    page = tab
    situation = {**DENSE, "priority": "robustness", "fork": "can"}
    page.goto(served_site + "decide/?" + "&".join(f"{k}={v}" for k, v in situation.items()))
    others = _result(page).locator(".dg-leaf-result .dg-others")
    multicomm = others.locator("li", has_text="DeepEP multi-comm").first.inner_text()
    assert "Support on TRT-LLM" in multicomm and "not stated" in multicomm
    assert "Long-prompt prefill crash" in others.locator("li", has_text="DeepEP-V2").first.inner_text()
    words = "(els) => els.map((e) => e.textContent.split(/\\s+/).join(' ').trim())"
    static = page.locator("section.dg-leaf[id^='when-'] .dg-others").evaluate_all(words)
    (shown,) = others.evaluate_all(words)
    assert shown in static  # the same items, word for word, as the page without JavaScript


def test_past_the_sources_scope_the_browser_says_not_recommended_and_names_every_dimension(
    tab, served_site: str
) -> None:
    """Issue 51.1 and 51.2 in the browser: at EP above 16 the source's EP<=16 pick is not "Recommended" (the
    status and the card say so and give the source's own words and what to measure), and the answer names every
    dimension of its evidence (model, hardware, framework release, loads, scale) as the static page does."""
    page = tab
    page.goto(served_site + "decide/?" + "&".join(f"{k}={v}" for k, v in {**DENSE, "scale": "larger"}.items()))
    status = page.locator(".dg-decide-status").inner_text()
    assert status == "Outside the source's scope, not measured; its pick: Dense allgather / reduce-scatter"
    card = _result(page).locator(".dg-leaf-result")
    role = " ".join(card.locator(".dg-pick-recommended .dg-pick-role").text_content().split())  # CSS upper-cases it
    assert role == "Not measured here: the source's pick for EP below 16 or EP16 on 2 nodes only"
    beyond = card.locator(".dg-beyond").inner_text()
    assert "Reach for DeepEP only when a measurement or a capacity constraint says you should" in beyond
    assert "What to measure." in beyond
    bounds = card.locator(".dg-bounds").inner_text()
    for value in ("Qwen3-30B-A3B-FP8", "p5en.48xlarge", "TRT-LLM 0.21", "conc 4 and 32", "ISL 120", "EP16 on 2 nodes"):
        assert value in bounds, bounds
    _answer(page, "scale", "ep16")
    assert page.locator(".dg-decide-status").inner_text() == "Recommended: Dense allgather / reduce-scatter"
    card = _result(page).locator(".dg-leaf-result")
    assert card.locator(".dg-beyond").count() == 0
    role = " ".join(card.locator(".dg-pick-recommended .dg-pick-role").text_content().split())
    assert role == "Recommended for EP below 16 or EP16 on 2 nodes"
    assert "EP16 on 2 nodes" not in card.locator(".dg-bounds").inner_text()  # inside on scale: not named
