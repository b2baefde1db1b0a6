"""The downloadable data's format, declared once: these models are its JSON Schema.

``downloads/guide.json`` holds the derived guide (every option, column, matrix cell with its
verdict, every table value and computed ratio with its verdict, every fact and quoted number);
``downloads/guide.schema.json`` is :func:`json_schema` of :class:`GuideData`. The format has a
version, :data:`FORMAT_VERSION`: a reader that knows version ``1.x`` can read any ``1.y`` (fields
are only ever added within a major version); removing or changing the meaning of a field bumps
the major version. docs/reader-tools.md describes the format for readers.

The matrix's models are in :mod:`.data_format_matrix`, the tables' in :mod:`.data_format_tables`; the guide
around them, its quoted numbers and decisions are here.
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import Field

from generator.render.data_files import FORMAT_VERSION
from generator.render.data_format_matrix import Column, FormatModel, Level, Option
from generator.render.data_format_tables import FactTable, MeasurementTable


class Context(FormatModel):
    id: str
    name: str


class Campaign(FormatModel):
    """Where and on what the measurements ran (since 1.6)."""

    id: str
    name: str
    setup: list[dict[str, str]] = Field(description="the campaign's set-up facts, each with its label and value")
    line: str = Field(description="the set-up in one line, as the page prints it above the matrix")


class Quoted(FormatModel):
    """A number quoted in prose (a claim computed from a table, or a fact)."""

    id: str
    text: str
    table: str
    provenance: str


class Phrase(FormatModel):
    """Words that read a claim as a comparison; ``{ratio}`` stands for the computed ratio."""

    more: str = Field(description="the ratio is above 1")
    less: str = Field(description="below 1, with the inverted ratio ('2.0× slower than')")
    tie: str = Field(description="in the middle band of `column`, or (without one) rounding to 1")
    column: str | None = Field(description="the comparison column whose 'mid' band counts as a tie")


class Claim(FormatModel):
    """How a number quoted in prose is computed from a measured table (since 1.3); its text is in ``quoted``."""

    id: str
    table: str
    numerator: str = Field(description="series id on top")
    denominator: str = Field(description="series id below")
    rows: list[str] = Field(description="rows whose ratios it combines")
    aggregate: Literal["mean", "min", "max", "range"] = Field(description="mean: geometric; range: lowest to highest")
    range_beyond: float | None = Field(
        description="a mean whose largest ratio is more than this many times the smallest reads as the range"
    )
    phrase: Phrase | None


class ClaimRef(FormatModel):
    claim: str = Field(description="the claim whose text stands here")


class QuotingRule(FormatModel):
    id: str
    quotes: list[list[str | ClaimRef]] = Field(
        description="the sentences of the rule's 'why' that quote a ratio claim, as plain text and claim references"
    )


class Pick(FormatModel):
    option: str
    role: Literal["recommended", "runner-up"]


class Leaf(FormatModel):
    """One row of the decision table: situations that share one answer."""

    id: str = Field(description="the answer's anchor on the decision helper's page")
    situation: str = Field(description="the answers that lead here, as the page prints them")
    rule: str = Field(description="the rule that answers")
    picks: list[Pick]
    at: dict[str, list[str]] = Field(
        default_factory=dict, description="since 1.9: envelope dimension id -> the answers on it that lead here"
    )
    quotes: list[list[str | ClaimRef]] | None = Field(
        default=None,
        description="since 1.11: the rule's quoting sentences as this answer shows them, where they differ from"
        " the rule's: a number measured on another context's rows followed by '(measured on <context>)'; null:"
        " the rule's own",
    )


class Decisions(FormatModel):
    """The decision helper's answers (since 1.3). Which option an answer picks comes from the reader's answers
    and the options' records, never from a measured table; its rule's quoted numbers and the picks' matrix
    verdicts do read the tables."""

    page: str = Field(description="the decision helper's page, relative to the site root")
    rules: list[QuotingRule]
    leaves: list[Leaf]


class Guide(FormatModel):
    title: str
    option_noun: str
    context_noun: str
    context_noun_plural: str = Field(default="", description="since 1.6")


class NumberRange(FormatModel):
    """The measured values the guide computes with (:mod:`generator.number_range`): positive, finite, within these."""

    smallest: float
    largest: float
    message: str = Field(description="what the build says of a value outside the range")


class EnvelopeValue(FormatModel):
    id: str
    label: str


class EnvelopeDimension(FormatModel):
    """A dimension of a reader's situation the evidence depends on: rows and answers name its values' ids."""

    id: str
    label: str
    word: str
    values: list[EnvelopeValue]


class GuideData(FormatModel):
    """The whole derived guide, as the site shows it."""

    format: Literal["decision-guide-data"]
    format_version: str = Field(pattern=r"^1\.[0-9]+$", description="major.minor; see docs/reader-tools.md")
    guide: Guide
    levels: dict[str, Level]
    contexts: list[Context]
    campaigns: list[Campaign] = Field(default_factory=list, description="since 1.6: where the values were measured")
    columns: list[Column]
    options: list[Option] = Field(description="in the guide's order (the matrix's rows)")
    tables: list[Annotated[MeasurementTable | FactTable, Field(discriminator="kind")]]
    quoted: list[Quoted]
    claims: list[Claim] = Field(default_factory=list, description="since 1.3: how each quoted ratio is computed")
    decisions: Decisions | None = Field(
        default=None, description="since 1.3: the decision helper's answers; null without one"
    )
    number_range: NumberRange | None = Field(
        default=None, description="since 1.4: the values the build accepts; a program reading others refuses them"
    )
    envelope: list[EnvelopeDimension] = Field(
        default_factory=list, description="since 1.9: the dimensions of a reader's situation (guide.yml envelope)"
    )


def json_schema() -> str:
    """The JSON Schema of ``guide.json``."""
    doc = GuideData.model_json_schema()
    doc = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"Decision guide data, format {FORMAT_VERSION}",
        **doc,
    }
    return json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=True, allow_nan=False) + "\n"
