"""The building blocks every record shares: the text and number types, the base model and the verdict scale."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    StringConstraints,
    WithJsonSchema,
)
from pydantic_core import PydanticCustomError

from generator.number_range import LARGEST, SMALLEST, out_of_range, shown

NOT_MEASURED = "not measured"

#: The data format this engine reads and writes, stated as ``format:`` in ``guide.yml``. A guide that states
#: no format is in the first release's format, ``1``. A change that breaks old data raises this number and
#: comes with its migration step (:mod:`generator.migrate.steps`), which ``python -m generator migrate`` runs.
FORMAT = 3
#: The format of a guide that states none: the first release's.
FIRST_FORMAT = 1

#: Unicode categories of characters a reader cannot see or that reorder what they see: format
#: characters (U+200B zero width space, U+202E right-to-left override, U+2066..U+2069 isolates,
#: U+FEFF), line and paragraph separators, private-use and surrogate code points.
_HIDDEN_CATEGORIES = {"Cf", "Zl", "Zp", "Co", "Cs"}


def _visible(value: str) -> str:
    """Text a reader sees as it is: no invisible or bidirectional control characters, no control characters."""
    for i, char in enumerate(value):
        category = unicodedata.category(char)
        if category in _HIDDEN_CATEGORIES or (category == "Cc" and char not in "\n\t"):
            name = unicodedata.name(char, "a control character")
            raise PydanticCustomError(
                "text",
                "contains U+{code} ({name}) at character {pos}, an invisible or bidirectional control character: "
                "remove it (it changes what a reader sees without showing itself)",
                {"code": f"{ord(char):04X}", "name": name, "pos": i + 1},
            )
    return value


Visible = AfterValidator(_visible)
Id = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=64)]
Word = Annotated[str, StringConstraints(min_length=1, max_length=40), Visible]
Label = Annotated[str, StringConstraints(min_length=1, max_length=200), Visible]
#: A one-line text shown in running text (an option's ``short`` and ``pick_when``, a fact's label): like
#: :data:`Prose`, it may use the inline Markdown subset and ``[[reference]]``s, rendered by the same function.
InlineProse = Annotated[str, StringConstraints(min_length=1, max_length=200), Visible]
#: Text that may use the inline Markdown subset and ``[[reference]]`` references.
Prose = Annotated[str, StringConstraints(min_length=1, max_length=4000), Visible]
#: ``judged``: a verdict that no number decides, stated by the source; styled apart from measured levels.
#: ``reference``: the neutral level of the option a baseline column compares everything with.
Level = Literal["good", "mid", "bad", "unknown", "judged", "reference"]
Provenance = Literal["measured", "published", "derived"]


def shown_value(value: Any) -> str:
    """How a wrong value is shown: ``the text '100' (write numbers without quotes)``."""
    if not isinstance(value, str):
        return repr(value)
    try:
        float(value)
    except ValueError:
        return f"the text {value!r}"
    return f"the text {value!r} (write numbers without quotes)"


def _positive_number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PydanticCustomError("number", "expected a number, got {got}", {"got": shown_value(value)})
    if value == 0:
        raise PydanticCustomError(
            "number", "expected a positive number, got 0 (nothing measured here is zero, and ratios divide by it)"
        )
    if why := out_of_range(value):
        raise PydanticCustomError("number", "{why}, got {got}", {"why": why, "got": shown(value)})
    return float(value)


def _measurement(value: Any) -> float | str:
    if value == NOT_MEASURED:
        return NOT_MEASURED
    if isinstance(value, str):
        raise PydanticCustomError(
            "measurement", "expected a positive number or 'not measured', got {got}", {"got": shown_value(value)}
        )
    return _positive_number(value)


#: The two kinds of a table value, as pydantic names them in error locations.
VALUE_TAGS = frozenset({"single", "repetitions"})


def _value_kind(value: Any) -> str:
    return "repetitions" if isinstance(value, dict) else "single"


PositiveNumber = Annotated[
    float,
    PlainValidator(_positive_number),
    WithJsonSchema({"type": "number", "minimum": SMALLEST, "maximum": LARGEST}),
]
Measurement = Annotated[
    float | str,
    PlainValidator(_measurement),
    WithJsonSchema({"oneOf": [{"type": "number", "minimum": SMALLEST, "maximum": LARGEST}, {"const": NOT_MEASURED}]}),
]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# --- guide.yml -------------------------------------------------------------


class LevelStyle(Model):
    """How one verdict level looks: never colour alone, always a symbol and a word."""

    colour: Literal["green", "amber", "red", "grey", "blue"]
    """Colour of the cell and badge."""
    symbol: Annotated[str, StringConstraints(min_length=1, max_length=2)]
    """A symbol shown with the word, so colour is never the only signal."""
    meaning: Label
    """What the level means, for the legend."""
    word: Word | None = None
    """Word for a cell that has no measurement and no judgement (the ``unknown`` level), or the
    label every judgement carries (the ``judged`` level)."""


class Outcome(Model):
    """A verdict: a level on the scale plus the word shown in the cell."""

    level: Level
    """Where the verdict sits on the scale: good, mid, bad, unknown (or reference, for the baseline)."""
    word: Word
    """The word shown in the cell."""


class Band(Outcome):
    """Values at or above ``min`` get this outcome; the last band has no ``min``."""

    min: PositiveNumber | None = None


#: A set-up key a guide declares (``setup_keys:`` of ``guide.yml``): ``concurrency``, ``level``, ``block_size``. The
#: check refuses one the guide does not declare (:mod:`generator.check.rules.setup_keys_declared`).
WorkloadName = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=64)]
#: What every run under a table or row ran, by set-up fact: ``concurrency: 32``, ``request_rate: 8`` (requests
#: per second, ``inf`` for all at once), ``dataset: random``, ``isl: 1024``, ``osl: 1024``, ``prompts: 320``,
#: ``scenario: Server`` (the keys ``guide.yml`` declares in ``setup_keys``). ``python -m generator
#: import`` compares it with each run's own file and refuses a run that contradicts it (the comparability
#: guard); a fact left out is not compared.
Workload = dict[WorkloadName, Annotated[int, Field(gt=0)] | PositiveNumber | Label]
