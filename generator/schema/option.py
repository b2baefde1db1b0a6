"""``options/<id>.yml``: one row of the matrix and one survey page, with its judgements."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from pydantic import (
    Field,
    StringConstraints,
)

from generator.schema.base import (
    Id,
    InlineProse,
    Label,
    Level,
    Model,
    PositiveNumber,
    Prose,
    Word,
    Workload,
)
from generator.schema.guide_file import SupportStatus

# --- options/*.yml ---------------------------------------------------------


class Cite(Model):
    """Where the source says it: a short quote (shown on demand) and, optionally, a section pointer."""

    quote: Annotated[str, StringConstraints(min_length=1, max_length=300)]
    where: Label | None = None


class Support(Model):
    status: SupportStatus
    """Whether the option works in this context, as the source states it."""
    note: Prose | None = None
    """What the source says about it."""
    source: Cite | None = None
    stated: bool = False
    """``true``: the answer rests on a statement of the source (a recommendation, a summary), not on a run it
    reports; it is shown as a judgement (hatched, marked), with the colour of its status."""


class Need(Model):
    """Something a reader must set or install to use the option."""

    kind: Word
    """What sort of thing it is, in the guide's own words (e.g. ``setting``, ``package``)."""
    value: Label
    """The setting, package or step itself, shown as code."""
    context: Id | None = None
    """The context it applies to, when only one."""
    note: Prose | None = None
    """Why it is needed."""
    source: Cite | None = None
    """Where the source names it; a measurement plan shows the quote, and "not stated" without one."""


class Failure(Model):
    title: Label
    """A short name for the failure."""
    detail: Prose
    """What happens, and when."""
    context: Id | None = None
    """The context it happened in, when only one."""


class Judgement(Model):
    """A verdict no number decides, stated with its reason and the source it rests on.

    Without ``level`` it is neutral (the ``judged`` level). With ``level`` (``good``, ``mid`` or ``bad``:
    the polarity the guide's colour key gives its word, "ties" amber, "cannot serve" red) it is read by
    colour like the rest, hatched and marked so it is never taken for a measurement. With ``value`` (a ratio
    the source gives) it takes the band of that number, and ``level`` must agree with it.
    """

    word: Word
    reason: Prose
    """Why: the sentence of the source the verdict rests on, in your own words."""
    source: Cite
    level: Level = "judged"
    """``good``, ``mid`` or ``bad``: the level the colour key gives the word (shown hatched, marked as a
    judgement); ``judged`` (the default): no level, a neutral judgement."""
    value: PositiveNumber | None = None
    contexts: list[Id] = Field(default_factory=list)
    """The contexts it is given for (``[flat-town, hill-town]``); it fills those contexts where the tables leave them
    empty, and measured rows win where they exist. Empty: it stands for the whole column (then no table may
    decide the column)."""
    against: Id | None = None
    """The option it compares with (``level`` against ``road`` reads "level vs road"), so the cell names its
    opponent and a sort against that option ranks it with the rows measured against it."""
    above: Id | None = None
    """Its polarity: the option it reads better than in this column ("beats the road bike": ``road``). A sort
    places it just above that option's row, never with the rows of no verdict."""
    below: Id | None = None
    """The option it reads worse than: a sort places it just below that option's row."""


class AttributeValue(Model):
    value: Id
    """One of the categories of the column reading this attribute."""
    note: Prose | None = None
    """Why, shown with the verdict."""
    source: Cite | None = None
    inferred: Prose | None = None
    """The source does not state this value; the reasoning it is inferred from (``the same code as the folding
    bike, which needs no licence``). The cell is then drawn as a judgement (hatched, marked, its reasoning on the
    page), never as a sourced value; ``source`` is the statement it is reasoned from."""
    uncited: bool = False
    """``true``: the verdict rests on the record's word alone, its source not yet quoted (``python -m generator
    migrate --cite-later`` writes it where an older guide's value cites nothing). The page and ``guide.json``
    say "not yet cited" and ``check`` lists it as work to do; quote the source with ``source:`` and remove it."""


class Option(Model):
    """``options/<id>.yml``: one row of the matrix and one survey page."""

    id: Id
    """Id of the option; the file is named after it."""
    name: Label
    """Full name, the title of its page."""
    label: Word
    """Short name for tables, charts and navigation."""
    short: InlineProse
    """One line under the title."""
    platforms: list[Id] = Field(default_factory=list)
    """Ids of the platforms the option is available on, for a ``platform`` filter of the decision
    helper; empty means it is not restricted."""
    what: Prose
    """What the option is."""
    support: dict[Id, Support] = Field(min_length=1)
    """Support per context of ``guide.yml``."""
    measured: Prose
    """What was measured, in words; the numbers live in tables."""
    pick_when: InlineProse
    """One line: when to pick it."""
    pick_detail: Prose
    """More on when to pick it."""
    attributes: dict[Id, AttributeValue] = Field(default_factory=dict)
    """Values of the categorical attributes the category columns read."""
    needs: list[Need] = Field(default_factory=list)
    """What a reader must set or install to use it."""
    failures: list[Failure] = Field(default_factory=list)
    """Known failures."""
    caveats: list[Prose] = Field(default_factory=list)
    """Caveats, one sentence each."""
    judgements: dict[Id, Judgement | list[Judgement]] = Field(default_factory=dict)
    """Verdicts no number decides, per comparison column, with their reason: one judgement, or a list of
    judgements each given for its ``contexts``."""

    def judgements_for(self, column: str) -> list[Judgement]:
        """The judgements stated for ``column``, as a list."""
        given = self.judgements.get(column)
        return [] if given is None else given if isinstance(given, list) else [given]

    cell_notes: dict[Id, Prose] = Field(default_factory=dict)
    """A note shown with the verdict of a column."""
    campaign: Id | None = None
    """The campaign its measurements come from."""
    dated: dt.date | None = None
    """When the option was added to the guide."""
    workload: Workload = Field(default_factory=dict)
    """What every imported file of a series measuring this option must state (``framework: engine-a``): the build
    and ``python -m generator import`` refuse a file that states otherwise."""
