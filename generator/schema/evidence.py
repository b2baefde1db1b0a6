"""The evidence behind a measured value: its runs, how it was produced, and when it goes stale.

A value in a measured table is one of

* a number: one value, as the source states it (how many runs stand behind it
  is whatever the table declares, or "not stated");
* ``not measured``;
* a mapping with ``runs:`` (every repetition's value) or ``files:`` (raw result
  files under ``runs/<table id>/`` of the data folder, each with its sha256 and
  the name of the reader that turns the file into one run value).

The table says which statistic of the runs is shown (``statistic``, median by
default) and which spread goes beside it (``spread``). Where the source states
only a bound ("at least 2 repetitions, variance under 1%"), the table keeps
``repetitions`` and ``variance_below_pct`` and nothing more is invented.

``source`` blocks say where a published number comes from (a page, a repository's file at a commit,
when it was read, the sentence it was read from). They can be written on a campaign, a table, a series,
a row, one value (``sources: {<series>: ...}`` on a row) or a fact; they merge field by field like ``setup``
(a row's ``path`` and ``quote`` keep the campaign's ``repository`` and ``commit``).

``setup`` blocks say how values were produced (tool, command, software
versions, environment variables, date, raw output). They can be written on a
campaign, a table, a series and a row (a fact, for facts tables); the most
specific one wins field by field, the ``software`` and ``environment`` mappings
merge key by key and ``settings`` lists add up.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, model_validator
from pydantic_core import PydanticCustomError

# Imported while generator.schema is still loading: it defines these names before it imports this module.
from generator.schema.base import Id, Label, Model, Outcome, PositiveNumber, Prose, Visible, Word

NOT_STATED = "not stated"

Sha256 = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]
#: A raw result file, relative to the data folder: ``runs/<table id>/<name>``.
RunPath = Annotated[
    str,
    StringConstraints(pattern=r"^runs/[a-z0-9][a-z0-9-]*(/[A-Za-z0-9_][A-Za-z0-9._-]*)+$", max_length=300),
]
EnvName = Annotated[str, StringConstraints(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$", max_length=100)]
EnvValue = Annotated[str, StringConstraints(max_length=500), Visible]
Command = Annotated[str, StringConstraints(min_length=1, max_length=4000), Visible]
Statistic = Literal["median", "mean", "min", "max"]
Spread = Literal["min-max", "stdev", "ci95"]

#: Runs a spread needs in every list of runs.
RUNS_NEEDED: dict[str, int] = {"min-max": 1, "stdev": 2, "ci95": 3}


class Accepted(Model):
    """Why a run whose own set-up differs from its row's is filed there anyway (``python -m generator import
    --accept-difference``); shown with the value."""

    reason: Prose
    """The author's reason, in their words."""
    differences: list[Label] = Field(min_length=1)
    """What differs, as the importer found it (``concurrency: the run says 30 (...), row conc32 says 32``)."""


class RunFile(Model):
    """One raw result file; a reader turns it into one run value when the site is built."""

    path: RunPath
    """Where the file is, relative to the data folder: ``runs/<table id>/...``."""
    sha256: Sha256
    """SHA-256 of the file's bytes, lower-case hex; the build stops if the file differs."""
    format: Id
    """The reader that understands the file (``python -m generator readers`` lists them)."""
    metric: Label | None = None
    """Which number of the file is the run value, for formats that hold several (``run 2: x`` picks a run)."""
    accepted: Accepted | None = None
    """Set when the run's own set-up differs from its row's and the author said why it still belongs."""


class Runs(Model):
    """A value with its repetitions: the listed runs, or the raw files they come from (one run each)."""

    runs: list[PositiveNumber] | None = Field(default=None, min_length=1)
    """The value of each repetition, in the order they ran."""
    files: list[RunFile] | None = Field(default=None, min_length=1)
    """Raw result files, one per repetition."""

    @model_validator(mode="before")
    @classmethod
    def _one_of(cls, value: Any) -> Any:
        if isinstance(value, dict) and ("runs" in value) == ("files" in value):
            how = "not both" if "runs" in value else "found neither"
            raise PydanticCustomError(
                "runs",
                "expected either 'runs' (a list of run values) or 'files' (raw result files), {how}",
                {"how": how},
            )
        return value


class Setup(Model):
    """How values were produced. Anything left out is shown as "not stated"; nothing is filled in."""

    tool: Label | None = None
    """The benchmark tool, e.g. ``AIPerf``."""
    tool_version: Label | None = None
    """Its version, as text (``"0.13.0"``)."""
    command: Command | None = None
    """The command line that produced the values, copyable."""
    software: dict[Id, Label] = Field(default_factory=dict)
    """Versions that matter, by component id of ``guide.yml`` (``runtime: "3.12"``); quote versions."""
    environment: dict[EnvName, EnvValue] = Field(default_factory=dict)
    """Environment variables set for the run (``OMP_NUM_THREADS: "8"``); quote values."""
    settings: list[Label] = Field(default_factory=list)
    """Flags, switches or steps the source names without giving the whole command (``--backend x``)."""
    date: dt.date | None = None
    """When the values were measured."""
    raw_file: Label | None = None
    """Where the raw output is kept, as the source names it."""
    envelope: dict[Id, Id] = Field(default_factory=dict)
    """Where the values sit on each dimension of the guide's ``envelope`` (``scale: ep16``); a dimension left
    out is not stated."""


Commit = Annotated[str, StringConstraints(pattern=r"^[0-9a-fA-F]{7,40}$")]


class Source(Model):
    """Where a published number comes from; say what you know, at least one field."""

    url: Annotated[str, StringConstraints(pattern=r"^https?://\S+$", max_length=2000)] | None = None
    """The page it was read from (http or https)."""
    repository: Label | None = None
    """The repository holding it (``owner/name`` or its address)."""
    path: Label | None = None
    """The file in that repository."""
    commit: Commit | None = None
    """The commit the file was read at (7 to 40 hex digits)."""
    retrieved: dt.date | None = None
    """When it was read (YYYY-MM-DD)."""
    quote: Prose | None = None
    """The sentence or table row it was read from, verbatim. A value typed from it must be one of the numbers
    it states (in the value's precision), unless ``derived`` says how it is computed from them."""
    derived: Prose | None = None
    """How the value is computed from the numbers the quote states, when it is not one of them (``the sum of
    the two nodes' 12.5 and 13``, ``0.37 ms in µs``)."""

    @model_validator(mode="after")
    def _something(self) -> Source:
        if not any(getattr(self, name) is not None for name in type(self).model_fields):
            raise PydanticCustomError(
                "source", "a source needs at least one of url, repository, path, commit, retrieved, quote"
            )
        return self

    def text(self) -> str:
        """One line for the evidence and the CSV: ``url; repository owner/name at abc1234, path x; retrieved ...``."""
        parts = []
        if self.url:
            parts.append(self.url)
        where = " ".join(
            x
            for x in (
                f"repository {self.repository}" if self.repository else "",
                f"at {self.commit}" if self.commit else "",
                f"path {self.path}" if self.path else "",
            )
            if x
        )
        if where:
            parts.append(where)
        if self.retrieved:
            parts.append(f"retrieved {self.retrieved.isoformat()}")
        if self.quote:
            parts.append(f"“{' '.join(self.quote.split())}”")
        if self.derived:
            parts.append(f"derived: {' '.join(self.derived.split())}")
        return "; ".join(parts)


class Component(Model):
    """A piece of software whose version a measurement depends on."""

    id: Id
    """Id used by ``setup.software`` and ``freshness.current``."""
    name: Label
    """Name shown to readers."""


class Freshness(Model):
    """When values count as stale. Depends on the data only, never on the day the site is built."""

    as_of: dt.date
    """The date the guide's state is described at."""
    max_age_days: Annotated[int, Field(gt=0)] | None = None
    """A value measured more than this many days before ``as_of`` is stale."""
    current: dict[Id, Label] = Field(default_factory=dict)
    """Current version per component id; a value measured on an older version is stale."""


class NoiseRule(Model):
    """What a verdict becomes when the ratio's interval (from both sides' spread) crosses a band boundary.

    ``tie``: the band nearest to the one holding 1.0 among those the interval
    touches (the tie itself when the interval reaches it). ``likely``: the band
    of the shown ratio, with the lower-confidence outcome ``likely`` gives for
    that band's word (the ``tie`` rule where it gives none).
    """

    straddle: Literal["tie", "likely"]
    """Which lower-confidence verdict a straddling ratio gets."""
    likely: dict[Word, Outcome] = Field(default_factory=dict)
    """For ``likely``: band word -> the outcome shown instead (e.g. ``faster: {level: good, word: likely faster}``)."""
    stated_bound: Literal["ignore", "as-spread"] = "ignore"
    """``as-spread``: a table's ``variance_below_pct`` counts as a ± spread on values without runs."""
    note: Prose | None = None
    """Said once in the legend under the column."""
