"""Stage 2: check every document against the schema, then references between them.

Schema checks turn pydantic errors into :class:`Problem` objects that name the
file, the line and the field; a record that fails is also salvaged where it can
be (:mod:`generator.check.salvage`), for the reference checks. Cross-record
checks are small pure functions in :mod:`generator.check.rules`, each returning
problems; all run, all are reported.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import UnionType
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, TypeAdapter, ValidationError

from generator import schema
from generator.check.error_loc import doc_loc
from generator.check.salvage import salvage
from generator.errors import Problem, did_you_mean
from generator.model import Data
from generator.read.load import RawGuide
from generator.read.yaml_source import Document, Loc

_ADAPTERS = {kind: TypeAdapter(tp) for kind, tp in schema.DOCUMENT_TYPES.items()}


#: What a text pattern of the schema asks for, in words (ids otherwise).
_PATTERNS = {
    r"^[A-Za-z_][A-Za-z0-9_]*$": "a variable name (letters, digits and _, not starting with a digit)",
    r"^[0-9a-f]{64}$": "a sha256 (64 lower-case hex digits)",
    r"^runs/[a-z0-9][a-z0-9-]*(/[A-Za-z0-9_][A-Za-z0-9._-]*)+$": "a path runs/<table id>/<file> of plain names",
}


def _message(err: Any) -> str:
    kind, got = err["type"], err.get("input")
    if kind == "missing":
        return "required field is missing"
    if kind == "extra_forbidden":
        if got is None:  # `{note: a, b}` reads as note: a plus a key `b` with no value
            return "unknown field (if it is the rest of a text after a comma inside {...}, put that text in quotes)"
        return "unknown field"
    if kind == "literal_error":
        expected = err["ctx"]["expected"]
        return f"expected one of {expected}, got {got!r}"
    if kind == "string_pattern_mismatch":
        wanted = _PATTERNS.get(err["ctx"]["pattern"], "an id of lower-case letters, digits and dashes")
        return f"expected {wanted}, got {got!r}"
    if kind == "union_tag_invalid":
        return f"expected one of {err['ctx']['expected_tags']}, got {err['ctx']['tag']!r}"
    if kind == "union_tag_not_found":
        return "required field is missing"
    if kind in {"int_type", "float_type", "string_type", "bool_type", "dict_type", "list_type", "date_type"}:
        want = {
            "int_type": "a whole number",
            "float_type": "a number",
            "string_type": "text",
            "bool_type": "true or false",
            "dict_type": "a mapping",
            "list_type": "a list",
            "date_type": "a date (YYYY-MM-DD)",
        }[kind]
        shown = schema.shown_value(got) if isinstance(got, str) else f"{type(got).__name__} {got!r}"
        if isinstance(got, (dict, list)):
            shown = "a mapping" if isinstance(got, dict) else "a list"
        if kind == "string_type" and got is None:
            shown = "nothing (if a comma inside {...} cut a text in two, put the whole text in quotes)"
        if kind == "string_type" and isinstance(got, (int, float)) and not isinstance(got, bool):
            shown += " (write it in quotes: versions and settings are text)"
        return f"expected {want}, got {shown}"
    # our own validators already say what they got
    if kind in {"number", "measurement", "runs", "text", "vocabulary", "workload_name"}:
        return str(err["msg"])
    return f"{err['msg']} (got {got!r})" if "input" in err and not isinstance(got, (dict, list)) else err["msg"]


def _field_name(loc: Loc) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _fields_at(tp: Any, data: Any, loc: Loc) -> list[str]:
    """The field names the model at ``loc`` of a document allows (for "did you mean"); empty if unknown."""
    node = data
    for part in (*loc, None):
        tp = _model_of(tp, node)
        if part is None:
            break
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            field = tp.model_fields.get(str(part))
            if field is None:
                return []
            tp = field.annotation
        elif get_origin(tp) in (list, dict):
            tp = get_args(tp)[-1]
        else:
            return []
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return []
    return list(tp.model_fields) if isinstance(tp, type) and issubclass(tp, BaseModel) else []


def _model_of(tp: Any, node: Any) -> Any:
    """``tp`` with ``Annotated`` and ``Optional`` taken off, and a union resolved by the node's ``kind``."""
    while True:
        if get_origin(tp) is Annotated:
            tp = get_args(tp)[0]
        elif get_origin(tp) in (Union, UnionType):
            members = [m for m in get_args(tp) if m is not type(None)]
            kind = node.get("kind") if isinstance(node, dict) else None
            chosen = [m for m in members if isinstance(m, type) and issubclass(m, BaseModel) and _kinds(m) & {kind}]
            tp = chosen[0] if chosen else members[0] if len(members) == 1 else tp
            if not chosen and len(members) != 1:
                return tp
        else:
            return tp


def _kinds(model: type[BaseModel]) -> set[Any]:
    field = model.model_fields.get("kind")
    return set(get_args(field.annotation)) if field is not None else set()


def _in_order(tables: list[Any], order: list[str]) -> list[Any]:
    """Tables in the guide's declared ``table_order``; tables it does not list keep their file order, after."""
    rank = {ident: i for i, ident in enumerate(order)}
    return sorted(tables, key=lambda t: rank.get(t.id, len(rank)))


@dataclass
class Checked:
    """What the schema check found: typed data of the valid records, problems, and salvaged records."""

    data: Data | None
    """The valid records; ``None`` when ``guide.yml`` or ``recommendation.yml`` is not valid."""
    problems: list[Problem]
    salvaged: Data | None = None
    """The valid records plus every record salvaged from a broken one; ``None`` when none was salvaged."""
    removed: dict[str, list[Any]] = field(default_factory=dict)
    """File of each salvaged record -> what salvaging removed from it."""


def check_schema(raw: RawGuide, partial: bool = False) -> tuple[Data | None, list[Problem]]:
    """Validate each document; return typed data when every document is valid.

    With ``partial``, typed data is returned as long as ``guide.yml`` and
    ``recommendation.yml`` are valid, holding only the records that passed, so
    cross-record checks can still run on them and report more in one go.
    """
    checked = _check(raw, salvaging=False)
    return (None if checked.problems and not partial else checked.data), checked.problems


def check_schema_salvaging(raw: RawGuide) -> Checked:
    """:func:`check_schema` with ``partial``, plus each broken record salvaged where it can be.

    A record that fails its schema check is salvaged by :func:`generator.check.salvage.salvage`
    (the record without its failing parts); those records join the valid ones in
    :attr:`Checked.salvaged`, so that their references can be checked in the same run.
    """
    return _check(raw, salvaging=True)


def _check(raw: RawGuide, salvaging: bool) -> Checked:
    problems: list[Problem] = []
    typed: dict[str, list[tuple[Any, Document]]] = {}
    rescued: dict[str, list[tuple[Any, Document]]] = {}
    removed: dict[str, list[Any]] = {}
    for kind, docs in raw.documents.items():
        for doc in docs:
            try:
                value = _ADAPTERS[kind].validate_python(doc.data)
            except ValidationError as exc:
                problems += _problems(kind, doc, exc)
                if salvaging and (saved := salvage(_ADAPTERS[kind], doc)) is not None:
                    rescued.setdefault(kind, []).append((saved.value, saved.document))
                    removed[doc.file] = saved.removed
                continue
            typed.setdefault(kind, []).append((value, doc))
            rescued.setdefault(kind, []).append((value, doc))
    return Checked(_data(typed), problems, _data(rescued) if removed else None, removed)


def _problems(kind: str, doc: Document, exc: ValidationError) -> list[Problem]:
    problems = []
    for err in exc.errors():
        loc = doc_loc(doc.data, tuple(p for p in err["loc"] if p != "[key]"))  # a mapping's key: the key's own field
        if err["type"].startswith("union_tag_"):  # name the field that tells the kinds apart
            loc = (*loc, str(err["ctx"]["discriminator"]).strip("'\""))
        message = _message(err)
        if err["type"] == "extra_forbidden" and loc:
            fields = _fields_at(schema.DOCUMENT_TYPES[kind], doc.data, loc[:-1])
            message += did_you_mean(str(loc[-1]), fields)
        problems.append(Problem(doc.file, doc.line_of(loc), _field_name(loc), message))
    return problems


def _data(typed: dict[str, list[tuple[Any, Document]]]) -> Data | None:
    """Typed data of these records; ``None`` without a guide and a recommendation."""
    if not typed.get("guide") or not typed.get("recommendation"):
        return None
    origin: dict[int, Document] = {}
    for pairs in typed.values():
        for value, doc in pairs:
            origin[id(value)] = doc
    claims = (typed.get("claims") or [(schema.Claims(), Document("claims.yml", {}))])[0]
    origin[id(claims[0])] = claims[1]
    guide = typed["guide"][0][0]
    return Data(
        guide=guide,
        recommendation=typed["recommendation"][0][0],
        claims=claims[0],
        campaigns=[v for v, _ in typed.get("campaign", [])],
        options=[v for v, _ in typed.get("option", [])],
        tables=_in_order([v for v, _ in typed.get("table", [])], guide.table_order),
        decisions=typed["decisions"][0][0] if typed.get("decisions") else None,
        origin=origin,
    )
