"""AIPerf itself, run against a tiny OpenAI-compatible server on 127.0.0.1, and its real export read back.

Nothing is downloaded: the tokenizer is a word-level one this test saves into a temporary folder
(``tests/word_tokenizer.py``), the server is ``tests/openai_stub.py``, and AIPerf comes from
``requirements-aiperf.lock`` in ``.venv-aiperf`` (``make setup-aiperf``, which ``make test`` runs).
A missing AIPerf fails this test: it never skips.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.ingest.importer import import_runs
from generator.ingest.planning import Request
from generator.pipeline import build_guide, derive_guide
from generator.read.formats import aiperf
from tests.conftest import FIXTURES, ROOT
from tests.openai_stub import OpenAIStub
from tests.test_import_runs import CAMPAIGN, SERVING, evidence

AIPERF_ENV = Path(os.environ.get("AIPERF_ENV", ROOT / ".venv-aiperf"))
REQUESTS = 24
CONCURRENCY = 4
ISL = 20
OSL = 8


def run_aiperf(tmp_path: Path) -> Path:
    """Run ``aiperf profile`` for a few dozen requests; return its ``profile_export_aiperf.json``."""
    tool = AIPERF_ENV / "bin" / "aiperf"
    assert tool.exists(), f"AIPerf is not installed at {tool}: run `make setup-aiperf` (make test does)"
    tokenizer = tmp_path / "tokenizer"
    made = subprocess.run(
        [AIPERF_ENV / "bin" / "python", ROOT / "tests" / "word_tokenizer.py", tokenizer],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    env = dict(os.environ)
    # AIPerf's offline switch (HF_HUB_OFFLINE) only looks in the hub cache and refuses a local folder;
    # a folder path is read straight from disk without it. An empty HF_HOME means no cached file is used,
    # and this machine reaches no hub, so any download attempt would fail the run.
    env.pop("HF_HUB_OFFLINE", None)
    env.pop("TRANSFORMERS_OFFLINE", None)
    env.update(HF_HOME=str(tmp_path / "hf-home"), HF_HUB_DISABLE_TELEMETRY="1", NO_PROXY="127.0.0.1")
    out = tmp_path / "artifacts"
    with OpenAIStub("tiny-moe") as url:
        options = (
            f"--model tiny-moe --url {url} --endpoint-type chat --streaming --ui-type none --request-count {REQUESTS}"
            f" --concurrency {CONCURRENCY} --synthetic-input-tokens-mean {ISL} --output-tokens-mean {OSL}"
        )
        result = subprocess.run(
            [tool, "profile", *options.split(), "--tokenizer", tokenizer, "--artifact-dir", out],
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    export = out / "profile_export_aiperf.json"
    assert export.is_file(), result.stdout[-4000:]
    return export


@pytest.fixture(scope="module")
def real_export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return run_aiperf(tmp_path_factory.mktemp("aiperf"))


def test_a_real_aiperf_export_is_read_with_its_units_and_set_up(real_export: Path) -> None:
    run = aiperf.parse(real_export.read_bytes())
    assert run.metric("request_count.avg").value == REQUESTS
    assert run.metric("output_sequence_length.avg").value == OSL
    assert run.metric("input_sequence_length.avg").value == ISL
    tput = run.metric("output_token_throughput.avg")
    assert tput.unit == "tok/s" and tput.value > 0
    assert run.metric("time_to_first_token.p50").unit == "ms"
    assert {name: s.value for name, s in run.workload.items()} == {
        "model": "tiny-moe",
        "concurrency": CONCURRENCY,
        "isl": ISL,
        "osl": OSL,
        "prompts": REQUESTS,
    }
    assert run.setup["tool_version"] == "0.13.0"


def test_a_real_aiperf_export_imported_is_the_number_on_the_page(real_export: Path, tmp_path: Path) -> None:
    data = tmp_path / "guide"
    shutil.copytree(FIXTURES / "tiny-guide", data)
    (data / "campaigns" / "lab.yml").write_text(CAMPAIGN.replace("Qwen3-30B-A3B-FP8", "tiny-moe"), encoding="utf-8")
    table = SERVING.replace(
        "{concurrency: 32, isl: 1024, osl: 128}", f"{{concurrency: {CONCURRENCY}, isl: {ISL}, osl: {OSL}}}"
    )
    (data / "tables" / "serving.yml").write_text(table, encoding="utf-8")
    import_runs(data, [Request("aiperf", real_export, "serving", "conc32", "road")])
    expected = aiperf.parse(real_export.read_bytes()).metric("output_token_throughput.avg").value
    sample = derive_guide(data).sample("serving", "conc32", "road")
    assert sample.value == expected
    page = build_guide(data)["results.md"]
    assert f">{sample.text()}<" in page
    # the value's evidence shows what the export states about its run, not "not stated"
    doc = json.loads(real_export.read_text(encoding="utf-8"))
    lines = evidence(page, "serving", "conc32", "road bike")
    assert lines["Tool"] == f"AIPerf {doc['aiperf_version']}"
    assert lines["Command"] == " ".join(doc["run_info"]["cli_command"].split())
    assert lines["Command"].startswith("aiperf profile")
    assert lines["Date"] == doc["start_time"][:10]
    assert lines["Settings named"] == (
        f"model: tiny-moe; concurrency: {CONCURRENCY}; input length (ISL): {ISL}; output length (OSL): {OSL};"
        f" number of prompts: {REQUESTS}"
    )
