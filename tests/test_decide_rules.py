"""The decision rules on their own: every situation answered, and the known situations answered as the source says."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator import decide
from generator.model import Data
from generator.pipeline import derive_guide
from tests.conftest import DATA, FIXTURES

#: Paths that shard experts across ranks (expert-parallel all-to-all), per their records' "what".
EP_PATHS = {"deepep-v2", "deepep-multicomm", "uccl"}
SERVING = ("throughput", "simplicity", "robustness")


@pytest.fixture(scope="module")
def data() -> Data:
    return derive_guide(DATA).data


def situations(data: Data, **fixed: str) -> Iterator[dict[str, str]]:
    """Every combination of answers that agrees with ``fixed``."""
    assert data.decisions is not None
    for combo in decide.combinations(data.decisions):
        if all(combo[q] == a for q, a in fixed.items()):
            yield combo


def result(data: Data, combo: dict[str, str]) -> decide.Outcome:
    outcome = decide.outcome(data, combo)
    assert outcome is not None, combo
    return outcome


def picks(data: Data, combo: dict[str, str]) -> list[str]:
    return [p.option for p in result(data, combo).picks]


def test_every_combination_gets_a_recommendation(data: Data) -> None:
    assert data.decisions is not None
    combos = list(decide.combinations(data.decisions))
    assert len(combos) == decide.size(data.decisions) == 2 * 4 * 3 * 3 * 2 * 2
    for combo in combos:
        outcome = result(data, combo)
        ids = [p.option for p in outcome.picks]
        assert len(ids) == len(set(ids)) and 1 <= len(ids) <= 2
        # Picked, ruled out and "also possible" never overlap, and together name every path once.
        named = ids + [i for i, _ in outcome.ruled_out] + [o.option for o in outcome.others]
        assert sorted(named) == sorted(o.id for o in data.options), combo


def test_the_table_covers_every_combination_exactly_once_with_its_outcome(data: Data) -> None:
    assert data.decisions is not None
    table = decide.leaves(data)
    assert len({leaf.id for leaf in table}) == len(table)
    for combo in decide.combinations(data.decisions):
        rows = [leaf for leaf in table if leaf.covers(combo)]
        assert len(rows) == 1, combo
        assert rows[0].outcome == result(data, combo)
    # Folding and merging make the table much shorter than the list of combinations.
    assert len(table) < decide.size(data.decisions) // 3


def test_efa_trtllm_model_fits_no_fork_gives_dense(data: Data) -> None:
    for combo in situations(data, fabric="efa", framework="trtllm", model="fits", fork="cannot"):
        if combo["priority"] in SERVING:
            assert picks(data, combo) == ["dense"], combo


def test_a_model_that_does_not_fit_gets_an_expert_parallel_path(data: Data) -> None:
    """Sharding the experts is expert parallelism's win, which dense allgather keeps (the source's allgather-EP,
    dense's own record says so): the framework's answer stands, dense on TRT-LLM, dense or multi-comm elsewhere."""
    for combo in situations(data, fabric="efa", model="too-big"):
        if combo["priority"] in SERVING:
            chosen = picks(data, combo)
            assert chosen[0] in {*EP_PATHS, "dense"}, combo
            if combo["fork"] == "cannot":
                assert set(chosen) <= {"dense", "deepep-multicomm"}, combo
            if combo["framework"] == "trtllm":
                assert chosen == ["dense"], combo
    dense = next(o for o in data.options if o.id == "dense")
    assert any("capacity benefit of expert parallelism applies here too" in c for c in dense.caveats)


def test_transport_benchmarking_gets_the_comparators(data: Data) -> None:
    for combo in situations(data, fabric="efa", priority="transport"):
        assert picks(data, combo) == ["uccl", "pplx"]
        # Serving support does not matter when benchmarking: only the fabric rules a path out.
        assert [i for i, _ in result(data, combo).ruled_out] == ["gdaki"]


def test_infiniband_gets_the_gpu_initiated_path_and_rules_out_the_efa_paths(data: Data) -> None:
    efa_paths = {o.id for o in data.options if "infiniband" not in o.platforms}
    for combo in situations(data, fabric="infiniband"):
        outcome = result(data, combo)
        assert picks(data, combo) == ["gdaki"]
        assert {i for i, _ in outcome.ruled_out} == efa_paths
        assert all(r.label == "Listed for AWS EFA only, not InfiniBand" for _, r in outcome.ruled_out)


@pytest.mark.parametrize("framework", ["vllm", "sglang"])
def test_vllm_and_sglang_throughput_is_a_tie_between_dense_and_multicomm(data: Data, framework: str) -> None:
    for combo in situations(data, fabric="efa", priority="throughput", framework=framework, model="fits"):
        assert picks(data, combo) == ["dense", "deepep-multicomm"]


def test_uccl_deadlocks_on_vllm_so_it_is_ruled_out_with_the_records_reason(data: Data) -> None:
    uccl = next(o for o in data.options if o.id == "uccl")
    for combo in situations(data, fabric="efa", framework="vllm", model="too-big", fork="can"):
        if combo["priority"] in SERVING:
            reasons = dict(result(data, combo).ruled_out)
            assert "uccl" in reasons and "uccl" not in picks(data, combo)
            assert reasons["uccl"].detail == uccl.support["vllm"].note
            assert reasons["uccl"].verdict is not None and reasons["uccl"].verdict.word == "tried and failed"
    # The same reader on SGLang, where UCCL serves with a fork, gets it for its long-prefill robustness.
    combo = {"fabric": "efa", "priority": "robustness", "framework": "sglang", "model": "too-big", "fork": "can"}
    outcome = result(data, combo)
    assert picks(data, combo)[0] == "uccl"
    caveats = [c.text() for c in outcome.picks[0].caveats]
    assert any(c.startswith("Needs a fork: fork") for c in caveats), caveats
    assert outcome.picks[0].support is not None and outcome.picks[0].support.text().startswith("SGLang: with extras")


def test_no_fork_rules_out_the_paths_that_need_one(data: Data) -> None:
    for combo in situations(data, fabric="efa", fork="cannot"):
        if combo["priority"] in SERVING:
            out = {i for i, _ in result(data, combo).ruled_out}
            assert {"uccl", "pplx"} <= out, combo


def test_no_serving_recommendation_names_a_path_that_does_not_serve_on_that_framework(data: Data) -> None:
    options = {o.id: o for o in data.options}
    for combo in situations(data, fabric="efa"):
        if combo["priority"] in SERVING:
            for ident in picks(data, combo):
                assert options[ident].support[combo["framework"]].status != "no", (combo, ident)


def test_known_failures_follow_the_chosen_framework(data: Data) -> None:
    """A failure tied to one framework is a caveat only there; one tied to none is a caveat everywhere."""
    deepep = next(o for o in data.options if o.id == "deepep-v2")
    crash = next(f for f in deepep.failures if f.context is None)
    uccl = next(o for o in data.options if o.id == "uccl")
    deadlock = next(f for f in uccl.failures if f.context == "vllm")
    for combo in situations(data, fabric="efa", model="too-big", priority="robustness"):
        _, caveats = decide.pick_notes(data, deepep, combo)
        assert any(c.label == crash.title for c in caveats), combo
        _, caveats = decide.pick_notes(data, uccl, combo)
        assert any(c.label.startswith(deadlock.title) for c in caveats) == (combo["framework"] == "vllm"), combo


def test_leaves_merge_answers_that_lead_to_the_same_outcome(data: Data) -> None:
    table = decide.leaves(data)
    trtllm = [leaf for leaf in table if dict(leaf.when).get("framework") == ("trtllm",)]
    # Throughput and robustness lead to the same TRT-LLM answers; simplicity differs only in what it rules out.
    assert trtllm and all(
        {"throughput", "robustness"} <= set(dict(leaf.when)["priority"])
        or dict(leaf.when)["priority"] == ("simplicity",)
        for leaf in trtllm
    )
    infiniband = [leaf for leaf in table if dict(leaf.when).get("fabric") == ("infiniband",)]
    # On InfiniBand only the scale changes the answer: whether it lies inside the measured envelope.
    scales = [("smaller",), ("ep16",), ("larger",)]
    assert [leaf.when for leaf in infiniband] == [(("fabric", ("infiniband",)), ("scale", s)) for s in scales]
    assert infiniband[0].id == "when-fabric-infiniband--scale-smaller"


def test_holds_and_first_rule(data: Data) -> None:
    assert decide.holds({}, {})
    assert decide.holds({"a": ["x", "y"]}, {"a": "y", "b": "z"})
    assert not decide.holds({"a": ["x"]}, {"b": "x"})
    assert data.decisions is not None
    rules = [r.id for r in data.decisions.rules]
    # Both "capacity-trtllm" and the later, broader "capacity" hold here: the first one answers.
    combo = {"fabric": "efa", "priority": "throughput", "framework": "trtllm", "model": "too-big", "fork": "can"}
    assert all(decide.holds(data.decisions.rules[rules.index(r)].when, combo) for r in ("capacity-trtllm", "capacity"))
    assert decide.first_rule(data.decisions, combo) == rules.index("capacity-trtllm")
    assert decide.describe(data.decisions, combo) == (
        "fabric=efa, priority=throughput, framework=trtllm, model=too-big, fork=can"
    )


def test_payload_holds_ids_and_the_names_to_announce(data: Data) -> None:
    table = decide.leaves(data)
    payload = decide.payload(data, table)
    assert json.loads(json.dumps(payload)) == payload
    assert [q["id"] for q in payload["questions"]] == ["fabric", "priority", "framework", "scale", "model", "fork"]  # type: ignore[index]
    leaves = payload["leaves"]
    assert [leaf["id"] for leaf in leaves] == [leaf.id for leaf in table]  # type: ignore[index,union-attr]
    assert leaves[-1] == {  # type: ignore[index]
        "id": "when-fabric-infiniband--scale-larger",
        "when": {"fabric": ["infiniband"], "scale": ["larger"]},
        "picks": ["GPU-initiated GDAKI / IBGDA"],
        "beyond": False,
    }


def test_another_topic_decides_with_the_same_engine() -> None:
    data = derive_guide(Path(FIXTURES / "tiny-guide")).data
    assert data.decisions is not None
    answers = {"city": "hill-town", "load": "children"}
    outcome = result(data, answers)
    assert [p.option for p in outcome.picks] == ["cargo"]
    support = outcome.picks[0].support
    assert support is not None and support.text() == "Hill Town: with effort: Needs a low gear."
    assert [p.option for p in result(data, {"city": "flat-town", "load": "light"}).picks] == ["road", "folding"]
