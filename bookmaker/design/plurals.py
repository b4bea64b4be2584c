"""Which form of a counted text a whole number takes, by a language's CLDR plural rules.

A catalogue states its language's rules as CLDR writes them, one condition per category
(`few: "i % 10 = 2..4 and i % 100 != 12..14"`); `other` is what no condition claims. A
count is a whole number, so of CLDR's operands only n and i (the number itself) are not
zero: v, w, f, t, c and e are. The browser's Intl.PluralRules makes the same choice for
the web page, from the same data (CLDR).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

# CLDR's plural categories, in its order; a text's forms are named by them.
CATEGORIES = ("zero", "one", "two", "few", "many", "other")
OTHER = "other"
# The operands a rule may name; only these two are not zero for a whole number.
OPERANDS = "nivwftce"
WHOLE = "ni"
_TOKEN = re.compile(r"\s*(\.\.|!=|=|%|,|\d+|[a-z]+)")

# One relation: (operand, modulus or 0, negated, ((low, high), ...)); a condition is a
# tuple of alternatives ('or'), each a tuple of relations that must all hold ('and').
Relation = tuple[str, int, bool, tuple[tuple[int, int], ...]]
Condition = tuple[tuple[Relation, ...], ...]


class PluralRuleError(ValueError):
    """A plural rule that is not CLDR's syntax, or names an unknown category."""


@dataclass(frozen=True)
class PluralRules:
    """A language's plural rules: each category but `other` with its condition."""

    conditions: tuple[tuple[str, Condition], ...]

    @property
    def categories(self) -> tuple[str, ...]:
        """The categories a count may take, in CLDR's order: ('one', 'few', 'many', 'other')."""
        return (*(category for category, _ in self.conditions), OTHER)

    def category(self, count: int) -> str:
        """The category of a whole number: 22 -> 'few' in Polish, 0 -> 'one' in French."""
        for category, condition in self.conditions:
            if any(all(_holds(relation, count) for relation in alternative)
                   for alternative in condition):
                return category
        return OTHER


def parse_rules(rules: Mapping[str, str]) -> PluralRules:
    """A catalogue's `plurals:` mapping ({'one': 'i = 1 and v = 0'}) as rules."""
    unknown = [name for name in rules if name not in CATEGORIES or name == OTHER]
    if unknown:
        raise PluralRuleError(f"unknown plural category {unknown[0]!r}; the categories are: "
                              f"{', '.join(c for c in CATEGORIES if c != OTHER)}")
    return PluralRules(tuple((category, parse_condition(rules[category]))
                             for category in CATEGORIES if category in rules))


def parse_condition(text: str) -> Condition:
    """One CLDR condition ('n % 10 = 2..4 and n % 100 != 12..14'), its samples
    ('@integer 2~4') ignored."""
    rule = text.partition("@")[0]
    tokens = _TOKEN.findall(rule)
    if "".join(tokens) != "".join(rule.split()) or not tokens:
        raise PluralRuleError(f"not a CLDR plural condition: {text!r}")
    return tuple(tuple(_relation(part, text) for part in _split(alternative, "and"))
                 for alternative in _split(tokens, "or"))


def _split(tokens: list[str], word: str) -> list[list[str]]:
    """The runs of tokens between each `word`."""
    runs: list[list[str]] = [[]]
    for token in tokens:
        if token == word:
            runs.append([])
        else:
            runs[-1].append(token)
    return runs


def _relation(tokens: list[str], text: str) -> Relation:
    """'i % 10 != 2..4,7' -> ('i', 10, True, ((2, 4), (7, 7)))."""
    try:
        operand, rest = tokens[0], tokens[1:]
        modulus = 0
        if rest[0] == "%":
            modulus, rest = int(rest[1]), rest[2:]
        if operand not in OPERANDS or len(operand) != 1 or rest[0] not in ("=", "!="):
            raise ValueError
        ranges = tuple(_range(part) for part in _split(rest[1:], ","))
    except (IndexError, ValueError):
        raise PluralRuleError(f"not a CLDR plural condition: {text!r}") from None
    return operand, modulus, rest[0] == "!=", ranges


def _range(tokens: list[str]) -> tuple[int, int]:
    """['2', '..', '4'] -> (2, 4); ['7'] -> (7, 7)."""
    if len(tokens) == 1:
        return int(tokens[0]), int(tokens[0])
    if len(tokens) == 3 and tokens[1] == "..":
        return int(tokens[0]), int(tokens[2])
    raise ValueError


def _holds(relation: Relation, count: int) -> bool:
    """Whether a whole number meets one relation."""
    operand, modulus, negated, ranges = relation
    value = abs(count) if operand in WHOLE else 0
    if modulus:
        value %= modulus
    return any(low <= value <= high for low, high in ranges) != negated
