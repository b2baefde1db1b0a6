"""DeepEP V2's test of ``deep_ep.ElasticBuffer``, ``tests/elastic/test_ep.py`` (and the V2.5 port's
``tests/ep/test_ep.py``), as read from what it prints.

Followed: deepseek-ai/DeepEP from b306af0 (V2) to 6757592, ``test_dispatch_combine``, and the logs of a public
campaign of it on AWS EFA (p5en H200, p6 B200 and B300; 1 to 4 nodes; several DeepEP commits, NCCL 2.31 and
2.32, a V2.5 port). Local rank 0 of each node prints the ``Config:`` block (`` > Ranks: O x U``, `` >
Experts: K/E``, `` > Tokens: N (max: M), hidden: H``, `` > #SM: S, #QPs: Q/A``, `` > Mode: baseline`` or
``DRV_X`` in later commits), ``Running all test cases:``, and `` > Testing with do_handle_copy=..., ...
...`` before each test case (the V2.5 port's has no ``do_handle_copy``); then every rank prints, per test
case, one record per operation::

       * EP:   0/16 | dispatch: 11 GB/s (SO), 34 GB/s (SU), 168.891 us, 5750784 bytes | copy: 1665 GB/s, 6.908 us

and the same for ``expanded dispatch`` (``-``), ``cached dispatch`` (``#``), ``combine`` (``@``, ``| reduce:
...``) and ``reduced combine`` (``+``); with ``Mode: DRV_X`` only ``dispatch`` and ``combine``. Bandwidths are
whole GB/s (``0 GB/s (SO)`` on one node, where nothing goes over the scale-out network), times µs with three
decimals (``4016.000`` from a millisecond on). ``test_loop`` prints ``Testing with seed=S ...`` before each
round of its pressure test (not read).

What a real log looks like, and how it is read:

* a node's log holds its own ranks only (node 2 of two prints ``EP: 8/16`` to ``15/16``), in the order they
  finished: each rank is a run, so a value has its spread over the ranks, and over the nodes when each node's
  log is imported into the same cell;
* records of several ranks on one line, and after the profiler's ``USDT:... profiler_start`` and
  ``profiler_stop`` lines, which run into one another: the line is cut where each starts;
* banners before the config: the launcher's ``=== IMAGE=... DeepEP=<commit> ===``, the ``docker run`` line
  with its ``-e NAME=value`` settings, ``NCCL version 2.31.2+cuda13.3``, ``DeepEP initialized with NCCL
  version: ...``, ``GIN auto-tuner: ... num_qp=5`` (a pinned image); these, the config and each test case are
  the run's set-up;
* a crashed run (a ``RuntimeError: NCCL exception ... (GIN: DevComm setup failed on all available
  backends)`` after warning lines other ranks cut mid-word) is refused with its exception line; a log that
  stops after the banners, the config or a ``Testing with`` line, or before a rank's last operation, is
  refused as cut short.

Metric names: ``<operation>.<quantity>`` for operations ``dispatch``, ``expanded_dispatch``,
``cached_dispatch``, ``combine``, ``reduced_combine`` and quantities ``time`` (µs), ``scaleout_bandwidth``
(SO) and ``scaleup_bandwidth`` (SU, GB/s), ``bytes``, then ``copy_time`` and ``copy_bandwidth`` (dispatches)
or ``reduce_time`` and ``reduce_bandwidth`` (combines). Where the file holds several test cases, each name
ends with its case: ``dispatch.time@case2`` (cases numbered from 1 in the order the test runs them).
"""

from __future__ import annotations

import re
from collections import defaultdict

from generator.read.formats.decoding import whole_number
from generator.read.formats.deepep_lines import LogLine, N, Run, put
from generator.read.formats.tool_output import Stated, ToolOutputError

#: A record's start: what the lines are cut at, and what a line that is not a whole record is known by.
_START = re.compile(r"^\s*[*\-#@+] EP:")
_RECORD = re.compile(
    r"^\s*[*\-#@+] EP:\s*(\d+)/(\d+) \| "
    r"(?P<phase>dispatch|expanded dispatch|cached dispatch|combine|reduced combine): "
    rf"{N} GB/s \(SO\), {N} GB/s \(SU\), {N} us, {N} bytes \| (?P<second>copy|reduce): {N} GB/s, {N} us"
)
_CONFIG = re.compile(r"^\s*> (Ranks: (\d+) x (\d+)|Experts: \d+/\d+|Tokens: .*|#SM: .*|Mode: .*)$")
_PRESSURE = re.compile(r"^Testing with seed=\d+ \.\.\.")
_NCCL_BANNER = re.compile(r"^NCCL version (\S+)")
_NCCL_INFO = " NCCL INFO NCCL version "
_NCCL_LOADED = re.compile(r"^DeepEP initialized with NCCL version: (\S+)")
_IMAGE = re.compile(r"^=== IMAGE=(\S+)\s+DeepEP=([0-9a-f]{7,40}) ===")
_AUTO_TUNER = re.compile(r"^GIN auto-tuner: (.*\S)")
_ENV = re.compile(r" -e ((?:NCCL|FI|OFI|EP|NVSHMEM|DEEPEP)_\w*=\S*)")
PHASES = ("dispatch", "expanded_dispatch", "cached_dispatch", "combine", "reduced_combine")
#: What ``Mode: DRV_X`` runs: no expanded or cached dispatch, so no reduced combine.
_DIRECT = ("dispatch", "combine")


def is_record(line: LogLine) -> bool:
    """Whether the line starts a test_ep record (whole or not)."""
    return _START.match(line.text) is not None


def read(lines: list[LogLine], warnings: list[str]) -> list[Run]:
    """A run per rank, in rank order, with every operation of every test case."""
    stop = next((ln.number for ln in lines if _PRESSURE.match(ln.text.strip())), None)
    if stop is not None:
        warnings.append(f"the pressure test from line {stop} on is not read")
        lines = [ln for ln in lines if ln.number < stop]
    cases = list(dict.fromkeys(params for ln in lines if (params := _case(ln.text)) is not None))
    config, sizes = _config(lines)
    banners = _banners(lines)
    direct = any(ln.text.strip() == "> Mode: DRV_X" for ln in lines)
    seen: dict[tuple[int, str], int] = defaultdict(int)  # (rank, phase) -> records so far
    found: dict[int, dict[tuple[int, str], tuple[int, re.Match[str]]]] = defaultdict(dict)
    totals: dict[int, tuple[int, int]] = {}
    last = lines[-1].number
    for ln in lines:
        if not is_record(ln):
            continue
        m = _RECORD.match(ln.text)
        if m is None:
            cut = ln.number == last or all(not later.text.strip() for later in lines[lines.index(ln) + 1 :])
            reason = "the output stops in the middle of it (cut short?)" if cut else "not a record this reader knows"
            raise ToolOutputError(f"line {ln.number}", f"a test_ep record {ln.text.strip()[:100]!r}: {reason}")
        rank = whole_number(m.group(1), f"line {ln.number}")
        phase = m.group("phase").replace(" ", "_")
        seen[(rank, phase)] += 1
        found[rank][(seen[(rank, phase)], phase)] = (ln.number, m)
        totals.setdefault(rank, (whole_number(m.group(2), f"line {ln.number}"), ln.number))
    _complete(found, seen, _DIRECT if direct else PHASES, len(cases), last)
    count = max(seen.values())
    runs = []
    for rank in sorted(found):
        total, where = totals[rank]
        run = Run(f"rank {rank}", settings=[f"rank: {rank}/{total}", *config, *banners], first=where)
        run.workload["gpus"] = Stated(total, f"line {where}")
        run.workload.update(sizes)
        for i, params in enumerate(cases[:count], 1):
            run.settings.append(f"case {i}: {params}" if count > 1 else f"test case: {params}")
        for (case, phase), (line, m) in sorted(found[rank].items(), key=lambda item: item[1][0]):
            suffix = f"@case{case}" if count > 1 else ""
            second = m.group("second")
            what = f"'{m.group('phase')}' (test case {case})"
            for name, value, unit in (
                ("scaleout_bandwidth", m.group(4), "GB/s"),
                ("scaleup_bandwidth", m.group(5), "GB/s"),
                ("time", m.group(6), "µs"),
                ("bytes", m.group(7), "bytes"),
                (f"{second}_bandwidth", m.group(9), "GB/s"),
                (f"{second}_time", m.group(10), "µs"),
            ):
                put(run, f"{phase}.{name}{suffix}", value, unit, line, what)
        runs.append(run)
    return runs


def _complete(
    found: dict[int, dict[tuple[int, str], tuple[int, re.Match[str]]]],
    seen: dict[tuple[int, str], int],
    phases: tuple[str, ...],
    announced: int,
    last: int,
) -> None:
    """Every rank printed every operation of every test case the output announced: one that did not stopped
    early (the output is cut, or the test was killed)."""
    count = max(seen.values())
    if announced > count:
        raise ToolOutputError(
            f"line {last}",
            f"{announced} test cases were announced ('> Testing with ...') but the ranks printed records for"
            f" {count}: the output stops early (cut short?)",
        )
    for rank in sorted(found):
        for case in range(1, count + 1):
            lacking = [p for p in phases if (case, p) not in found[rank]]
            if lacking:
                raise ToolOutputError(
                    f"line {last}",
                    f"rank {rank} printed no {lacking[0].replace('_', ' ')} record for test case {case}:"
                    " the output stops early (cut short?)",
                )


def _case(text: str) -> str | None:
    """The parameters of `` > Testing with do_handle_copy=..., ... ...``, or ``None`` for another line.

    What ``^\\s*> Testing with (.*?)\\s*\\.\\.\\.\\s*$`` takes, by stripping instead of a lazy group that tries
    every end and reads the blanks after each again.
    """
    head = "> Testing with "
    rest = text.lstrip()
    if not rest.startswith(head):
        return None
    rest = rest[len(head) :].rstrip()
    return rest[:-3].rstrip() if rest.endswith("...") else None


def _config(lines: list[LogLine]) -> tuple[list[str], dict[str, Stated]]:
    """The lines of the ``Config:`` block (each node prints one; the same block once), and the nodes it states."""
    config: dict[str, int] = {}
    sizes: dict[str, Stated] = {}
    for ln in lines:
        m = _CONFIG.match(ln.text)
        if m is None:
            continue
        config.setdefault(m.group(1), ln.number)
        if m.group(2) is not None and "nodes" not in sizes:
            sizes["nodes"] = Stated(whole_number(m.group(2), f"line {ln.number}"), f"line {ln.number}")
    return list(config), sizes


def _banners(lines: list[LogLine]) -> list[str]:
    """What the launcher and the libraries print before the test: image, DeepEP commit, NCCL version, the
    container's NCCL and EFA settings, the GIN auto-tuner's choice; each once."""
    out: dict[str, None] = {}
    for ln in lines:
        text = ln.text.strip()
        if m := _IMAGE.match(text):
            out[f"image: {m.group(1)}"] = None
            out[f"DeepEP: {m.group(2)}"] = None
        elif m := _NCCL_BANNER.match(text):
            out[f"NCCL: {m.group(1)}"] = None
        elif m := _NCCL_LOADED.match(text):
            out[f"NCCL loaded: {m.group(1)}"] = None
        elif m := _AUTO_TUNER.match(text):
            out[f"GIN auto-tuner: {m.group(1)}"] = None
        elif text.startswith("+ docker run "):
            for env in _ENV.findall(text):
                out[env] = None
        elif text.startswith("=== ") and text.endswith(" ===") and "IMAGE=" not in text:
            out[text.strip("= ")] = None
    return list(out)


def software(lines: list[LogLine]) -> dict[str, str]:
    """The versions the output names: NCCL's banner (or its ``NCCL_DEBUG=INFO`` line, or the version DeepEP says
    it loaded), DeepEP's commit."""
    out: dict[str, str] = {}
    for ln in lines:
        text = ln.text.strip()
        if (m := _NCCL_BANNER.match(text)) or (m := _NCCL_LOADED.match(text)):
            out.setdefault("nccl", m.group(1))
        elif _NCCL_INFO in text:  # NCCL_DEBUG=INFO: ``host:pid:tid [0] NCCL INFO NCCL version 2.31.2+cuda13.3``
            out.setdefault("nccl", text.split(_NCCL_INFO, 1)[1].split(" ", 1)[0])
        elif m := _IMAGE.match(text):
            out.setdefault("deepep", m.group(2))
    return out
