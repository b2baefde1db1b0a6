"""DeepEP's normal kernels' tests, ``tests/test_intranode.py`` and ``tests/test_internode.py``
(``tests/legacy/`` since b306af0), ``test_main``, as read from their standard output.

Followed: deepseek-ai/DeepEP at dd758ca (2026-07) and the history of each file since ebfe47e (2025-02):
``[config] num_tokens=..., hidden=..., num_topk=...`` (internode adds ``num_topk_groups``), ``[layout]
Kernel performance: T ms``, the ``[testing] Running with ...`` checks (printed with ``end=''`` and completed
by `` passed``, so lines of two nodes can run into one another), then per configuration tried ``[tuning]
SMs S, NVL chunk C: B GB/s (NVL), T us`` (``avg_t: T us`` in 9eb2f84, no time before it) or, internode,
``[tuning] SMs S, NVL chunk C, RDMA chunk R: N + T us, B GB/s (RDMA), B GB/s (NVL)`` (no ``N + T us``
before e02e4d2; ``N`` is the notify time), and after each sweep ``[tuning] Best dispatch (FP8): ...``,
``[tuning] Best dispatch (BF16): ...`` and ``[tuning] Best combine: ...`` with the best configuration and
``t: T us`` (intranode, from 9eb2f84). Only local rank 0 of each node prints these lines: each printing
process is a run. UCCL EP's copies print ``transmit: T us, notify: N us`` instead (``uccl``).

Metric names (times in µs, bandwidths in GB/s): ``<op>.best.<quantity>`` for the ``Best`` line of
``dispatch_fp8``, ``dispatch_bf16`` and ``combine``, with quantity ``time``, ``notify_time`` (internode),
``nvl_bandwidth``, ``rdma_bandwidth`` (internode); ``<op>.<configuration>.<quantity>`` for each
configuration tried, ``sms24_nvl6`` or ``sms24_nvl4_rdma16`` (``sms24_nvl_default`` for the default one);
``layout.time`` (ms) of the ``[layout]`` line.
"""

from __future__ import annotations

import re
from collections import defaultdict

from generator.read.formats.deepep_lines import FIRST_N, LogLine, N, Run, put
from generator.read.formats.tool_output import ToolOutputError

_CONFIG = re.compile(r"^\[config\] (.*\S)")
_LAYOUT = re.compile(rf"^\[layout\] Kernel performance: {N} ms")
_TUNING = re.compile(
    r"^\[tuning\] (?:Best (?P<op>dispatch|combine)(?: \((?P<dtype>FP8|BF16)\))?: )?"
    r"SMs (?P<sms>\d+), NVL chunk (?P<nvl>\d+|default)(?:, RDMA chunk (?P<rdma>\d+))?[,:] (?P<rest>.*)$"
)
_NOTIFY_PLUS = re.compile(rf"{FIRST_N} \+ {N} us")
_TRANSMIT = re.compile(rf"transmit: {N} us")
_NOTIFY = re.compile(rf"notify: {N} us")
_TIME = re.compile(rf"(?:avg_t: |t: |^|, ){N} us")
_RDMA_BW = re.compile(rf"{FIRST_N} GB/s \(RDMA\)")
_NVL_BW = re.compile(rf"{FIRST_N} GB/s \(NVL\)")


def read(lines: list[LogLine], uccl: bool, warnings: list[str]) -> list[Run]:
    """A run per printing process: its ``Best`` lines and each configuration its sweeps tried."""
    tuning = [ln for ln in lines if ln.text.startswith("[tuning]")]
    configs = [ln for ln in lines if _CONFIG.match(ln.text)]
    layouts = [ln for ln in lines if _LAYOUT.match(ln.text)]
    if any(ln.process for ln in tuning):
        by_process = _by_process(tuning)
        keys = list(by_process)
        groups = list(by_process.values())
        config_of, layout_of = _by_process(configs), _by_process(layouts)
        extras = [(config_of.get(k, []), layout_of.get(k, [])) for k in keys]
    else:
        best = [ln for ln in tuning if ln.text.startswith("[tuning] Best")]
        kinds = defaultdict(list)
        for ln in best:
            kinds[_best_kind(ln.text)].append(ln)
        printers = max([len(configs), *(len(v) for v in kinds.values())])
        keys = [f"process {i}" if printers > 1 else "" for i in range(1, printers + 1)]
        if printers == 1:
            groups, extras = [tuning], [(configs, layouts)]
        else:
            skipped = len(tuning) - len(best)
            if skipped:
                warnings.append(
                    f"{printers} processes printed [tuning] lines without a launcher prefix to tell them apart:"
                    f" only their 'Best' lines are read ({skipped} lines of the sweeps are not)"
                )
            for kind, got in kinds.items():
                if len(got) != printers:
                    raise ToolOutputError(
                        f"line {lines[-1].number}",
                        f"{printers} processes ran the test but {len(got)} printed '[tuning] Best {kind}' (cut short?)",
                    )
            groups = [[got[i] for got in kinds.values()] for i in range(printers)]
            groups = [sorted(group, key=lambda ln: ln.number) for group in groups]
            extras = [(configs[i : i + 1], layouts[i : i + 1]) for i in range(printers)]
    runs = []
    for key, group, (config, layout) in zip(keys, groups, extras, strict=True):
        run = Run(key, first=group[0].number)
        if key:
            run.settings.append(key if key.startswith("process") else f"process: {key}")
        for ln in config[:1]:
            found = _CONFIG.match(ln.text)
            assert found is not None
            run.settings.append(found.group(1))
        for ln in layout[:1]:
            found = _LAYOUT.match(ln.text)
            assert found is not None
            put(run, "layout.time", found.group(1), "ms", ln.number, "[layout]")
        _sweeps(run, group, uccl, lines[-1].number)
        runs.append(run)
    return runs


def _by_process(lines: list[LogLine]) -> dict[str, list[LogLine]]:
    """The lines of each process, processes in the order of their first line."""
    out: dict[str, list[LogLine]] = defaultdict(list)
    for ln in lines:
        out[ln.process].append(ln)
    return out


def _best_kind(text: str) -> str:
    found = _TUNING.match(text)
    if found is None:
        return text
    return found.group("op") + (f" ({found.group('dtype')})" if found.group("dtype") else "")


def _sweeps(run: Run, group: list[LogLine], uccl: bool, last: int) -> None:
    pending: list[tuple[LogLine, re.Match[str]]] = []
    seen: list[str] = []
    for ln in group:
        found = _TUNING.match(ln.text)
        if found is None:
            raise ToolOutputError(f"line {ln.number}", f"a [tuning] line this reader does not know: {ln.text[:80]!r}")
        if "transmit:" in found.group("rest") and not uccl:
            raise ToolOutputError(
                f"line {ln.number}", "a [tuning] line in UCCL EP's words (transmit: ..., notify: ...), not DeepEP's"
            )
        if not found.group("op"):
            pending.append((ln, found))
            continue
        op = found.group("op") + (f"_{found.group('dtype').lower()}" if found.group("dtype") else "")
        if op in seen:
            raise ToolOutputError(
                f"line {ln.number}", f"a second '[tuning] Best {_best_kind(ln.text)}' line (two runs in one file?)"
            )
        seen.append(op)
        _quantities(run, f"{op}.best", found, ln.number)
        best = f"SMs {found.group('sms')}, NVL chunk {found.group('nvl')}"
        if found.group("rdma"):
            best += f", RDMA chunk {found.group('rdma')}"
        run.settings.append(f"best {_best_kind(ln.text)}: {best}")
        for tried, match in pending:
            name = f"sms{match.group('sms')}_nvl{'_default' if match.group('nvl') == 'default' else match.group('nvl')}"
            if match.group("rdma"):
                name += f"_rdma{match.group('rdma')}"
            _quantities(run, f"{op}.{name}", match, tried.number)
        pending = []
    if pending:
        raise ToolOutputError(
            f"line {pending[-1][0].number}",
            "the output ends in the middle of a tuning sweep, before its '[tuning] Best ...' line (cut short?)",
        )
    if "combine" not in seen:
        raise ToolOutputError(
            f"line {group[-1].number}",
            f"the output stops after '{group[-1].text[:60]}' without the '[tuning] Best combine' line the test"
            " prints last (cut short?)",
        )


def _quantities(run: Run, prefix: str, found: re.Match[str], line: int) -> None:
    rest = found.group("rest")
    time = notify = None
    if m := _NOTIFY_PLUS.search(rest):
        notify, time = m.group(1), m.group(2)
    if m := _TRANSMIT.search(rest):
        time = m.group(1)
    if m := _NOTIFY.search(rest):
        notify = m.group(1)
    if time is None and (m := _TIME.search(rest)):
        time = m.group(1)
    nvl, rdma = _NVL_BW.search(rest), _RDMA_BW.search(rest)
    if nvl is None:
        raise ToolOutputError(f"line {line}", f"a [tuning] line without its NVL bandwidth: {found.group(0)[:80]!r}")
    what = "'[tuning]' line of this configuration"
    put(run, f"{prefix}.nvl_bandwidth", nvl.group(1), "GB/s", line, what)
    if rdma is not None:
        put(run, f"{prefix}.rdma_bandwidth", rdma.group(1), "GB/s", line, what)
    if time is not None:
        put(run, f"{prefix}.time", time, "µs", line, what)
    if notify is not None:
        put(run, f"{prefix}.notify_time", notify, "µs", line, what)
