"""Mistakes found in a spec or layout file, placed at their line and column, and SpecError.

A `Mistake` is what a check finds: a path into the document (`sections[1].size`) and a
message. A `Report` for one file places each mistake at the mark of the value it names
(or of the key, for unknown and duplicate keys; or of the enclosing mapping, for a missing
key) and turns it into a `Problem`, which prints as `book.yaml:LINE:COL: path: message`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, get_args

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from .values import describe, did_you_mean
from .yamlload import MarkedYAMLError, duplicates_in, mark_of, syntax_error_at


@dataclass(frozen=True)
class Problem:
    """One thing wrong, where it is: 1-based line and column, or None for the whole file."""

    file: str
    line: int | None
    column: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}:{self.column}"
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"


def syntax_problem(file: str, error: MarkedYAMLError) -> Problem:
    """The Problem for a YAML syntax error in file."""
    mark, text = syntax_error_at(error)
    if mark is None:
        return Problem(file, None, None, "", text)
    return Problem(file, mark.line + 1, mark.column + 1, "", text)


class SpecError(Exception):
    """A spec (or a layout it names) cannot be used; `problems` lists every reason, by line
    within each file, the spec's own first. str() gives one problem per line."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(problem) for problem in self.problems))


@dataclass(frozen=True)
class Mistake:
    """A check's finding: the path it concerns, the message, and the key it names, if any."""

    path: tuple
    message: str
    key: Any = None


def path_text(path: tuple) -> str:
    """('sections', 1, 'size') -> 'sections[1].size'."""
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else str(step))
    return text


def validate(model: type[BaseModel], data: Any, at: tuple = (), context: dict | None = None):
    """(the model, the mistakes), paths starting at `at`. With mistakes, the model is made
    from the keys without any (for checks that need several values), or is None."""
    try:
        return model.model_validate(data, context=context), []
    except ValidationError as error:
        details = error.errors()
    return _salvage(model, data, details, context), \
        [_mistake_from(detail, model, at) for detail in details]


def _salvage(model: type[BaseModel], data: Any, details: list[ErrorDetails],
             context: dict | None):
    """The model from the keys of data without mistakes, the rest None; or None.

    Required keys that are missing or wrong are stood in for by the model's `placeholders`
    while validating, then set to None. Such a model is only checked further, never
    returned from loading: its file has mistakes."""
    if not isinstance(data, dict):
        return None
    bad_keys = {detail["loc"][0] for detail in details if detail["loc"]}
    good = {key: value for key, value in data.items() if key not in bad_keys}
    placeholders = getattr(model, "placeholders", {})
    try:
        salvaged = model.model_validate({**placeholders, **good}, context=context)
    except ValidationError:
        return None
    unknown = [name for name in model.model_fields if name in bad_keys or
               (name in placeholders and name not in good)]
    return salvaged.model_copy(update=dict.fromkeys(unknown))


def _mistake_from(detail: ErrorDetails, model: type[BaseModel], at: tuple) -> Mistake:
    """Pydantic's error detail as a Mistake in our words."""
    loc, kind, value = tuple(detail["loc"]), detail["type"], detail.get("input")
    if kind == "missing":
        return Mistake(at + loc[:-1], f"missing required key {loc[-1]!r}")
    if kind == "extra_forbidden":
        known = tuple(_model_at(model, loc[:-1]).model_fields)
        return Mistake(at + loc[:-1], _unknown_key_text(loc[-1], known), key=loc[-1])
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        return Mistake(at + loc, f"expected a mapping, got {describe(value)}")
    if kind in ("list_type", "tuple_type"):
        return Mistake(at + loc, f"expected a list, got {describe(value)}")
    return Mistake(at + loc, detail["msg"])


def _unknown_key_text(key: Any, known: tuple[str, ...]) -> str:
    hint = did_you_mean(key, known) or f" (expected one of: {', '.join(known)})"
    return f"unknown key {key!r}{hint}"


def _model_at(model: type[BaseModel], loc: tuple) -> type[BaseModel]:
    """The model class that validates the mapping at loc inside model."""
    for step in loc:
        field_info = model.model_fields.get(step) if isinstance(step, str) else None
        if field_info is not None:
            model = _nested_model(field_info.annotation) or model
    return model


def _nested_model(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for argument in get_args(annotation):
        found = _nested_model(argument)
        if found is not None:
            return found
    return None


@dataclass
class Report:
    """The problems of one file, placed by the marks of its loaded document."""

    file: str
    document: Any
    problems: list[Problem] = field(default_factory=list)

    def add(self, mistake: Mistake) -> None:
        mark = mark_of(self.document, mistake.path, mistake.key)
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        self.problems.append(Problem(self.file, line, column, path_text(mistake.path),
                                     mistake.message))

    def add_all(self, mistakes: list[Mistake]) -> None:
        for mistake in mistakes:
            self.add(mistake)

    def add_duplicates(self) -> None:
        """Every key the loader refused because it was written twice."""
        for path, duplicate in duplicates_in(self.document):
            mark = duplicate.mark
            self.problems.append(Problem(
                self.file, mark.line + 1, mark.column + 1, path_text(path),
                f"duplicate key {duplicate.key!r} (first given on line {duplicate.first_line})"))

    def validate(self, model: type[BaseModel], data: Any, at: tuple = (),
                 context: dict | None = None):
        """The model (see `validate`), the mistakes added to this report."""
        result, mistakes = validate(model, data, at, context)
        self.add_all(mistakes)
        return result

    def sorted_problems(self) -> list[Problem]:
        return sorted(self.problems, key=lambda p: (p.line or 0, p.column or 0))
