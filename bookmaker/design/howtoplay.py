"""The how-to-play rules: Sudoku's rule in one sentence naming the symbols of every size a
book holds, then each other kind's rule (book/howtoplay.py sets the pages around them);
and one kind's rules alone (rules_text), which a daily's line and the web page say."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ..core.board.shape import Shape
from ..core.grade.candidates import Step
from ..core.kinds.answer import STARS_DRAWN
from ..core.kinds.kind import Kind
from .captions import printed_size
from .catalogue import Catalogue
from .glyphs import numbers, symbols_text


def kind_rules(boards: Sequence[tuple[int, Kind, tuple[str, ...]]],
               words: Catalogue) -> list[str]:
    """The rules for sections of these (size, kind, glyphs: () for numbers): the rule for
    the book's sizes and symbols (of its kinds that follow Sudoku's rule), then the rule of
    each other kind, in order of first appearance (the rule a family's kinds share said
    once, before the first of them, where the book has two or more: family_rules)."""
    sudoku_boards = sudoku_sizes(boards)
    return [*([rules_sentence(sudoku_boards, words)] if sudoku_boards else []),
            *(words.text(key) for key in family_rules([kind for _, kind, _ in boards]))]


def sudoku_sizes(boards: Sequence[tuple[int, Kind, tuple[str, ...]]]
                 ) -> list[tuple[int, tuple[str, ...]]]:
    """The sizes and symbols of the sections whose kinds follow Sudoku's rule, each once,
    in order: what the rule's one sentence names."""
    return sorted({(size, glyphs or numbers(size)) for size, kind, glyphs in boards
                   if kind.presentation.sudoku_rule})


def rule_keys(kinds: Sequence[Kind]) -> tuple[list[str], dict[Kind, str | None]]:
    """The rule keys of these kinds (family_rules) parted: the rules their families share,
    said once before every kind; and each kind's own (its whole rule, or its part beside
    its family's; None for classic Sudoku, whose rule is Sudoku's)."""
    keys = family_rules(kinds)
    shared = [key for key in dict.fromkeys(kind.presentation.shared_rules_key
                                           for kind in kinds) if key in keys]
    own = {kind: next((key for key in (kind.presentation.own_rules_key,
                                       kind.presentation.rules_key) if key in keys), None)
           for kind in kinds}
    return shared, own


def rules_text(kind: Kind, size: int, glyphs: tuple[str, ...], words: Catalogue) -> str:
    """The rules of one kind's puzzles of one size and symbol set (() for numbers), in the
    catalogue's language: what a book of them alone says in its how-to-play, and what a
    daily's line and the web page say. The kind's presentation says which rule it follows
    (sudoku_rule) and where its own words are (rules_key)."""
    return " ".join(kind_rules([(size, kind, glyphs)], words.for_kinds([kind])))


def family_rules(kinds: Sequence[Kind]) -> list[str]:
    """The rule keys of these kinds, each once, in order: a kind's whole rule, or, where
    two or more of its family are here, the family's shared rule once and then each one's
    own part ('All Calcudoku: ...', 'Calcudoku: ...', 'Addition Calcudoku: ...')."""
    unique = list(dict.fromkeys(kind.presentation for kind in kinds
                                if kind.presentation.rules_key))
    families = [shown.shared_rules_key for shown in unique if shown.shared_rules_key]
    keys: list[str] = []
    for shown in unique:
        shared = shown.shared_rules_key
        if shared and families.count(shared) > 1:
            keys += [key for key in (shared, shown.own_rules_key) if key and key not in keys]
        else:
            keys.append(cast(str, shown.rules_key))
    return keys


def rules_paragraphs(boards: Sequence[tuple[int, Kind, tuple[str, ...]]], answers: str,
                     words: Catalogue) -> list[str]:
    """The how-to-play text for sections of these boards: their rules, the promise of one
    solution, advice, and where the solutions are."""
    paragraphs = [*kind_rules(boards, words), words.text("unique"),
                  words.text(advice_key([kind for _, kind, _ in boards]))]
    where = {"back": "solutions_at_back", "separate": "solutions_in_answer_book"}
    if answers in where:
        paragraphs.append(words.text(where[answers]))
    return paragraphs


def advice_key(kinds: Sequence[Kind]) -> str:
    """The advice's catalogue key: rows, columns and boxes where a kind has boxes (follows
    Sudoku's rule), else rows and columns (a Calcudoku book), or runs and white cells
    where every kind shades cells (a book of Nonograms), dots and small regions where
    every kind places stars (Star Battles), or islands and bridges where every kind links
    islands (a book of Hashi)."""
    if all(kind.answer.drawing == STARS_DRAWN for kind in kinds):
        return "advice_stars"
    if all(kind.answer.form in ("shading", "colours") for kind in kinds):
        return "advice_shading"  # (colour Nonograms too: runs and blank cells)
    if all(kind.answer.form == "links" for kind in kinds):
        return "advice_links"
    return "advice" if any(kind.presentation.sudoku_rule for kind in kinds) else "advice_no_boxes"


def rules_sentence(sizes: list[tuple[int, tuple[str, ...]]], words: Catalogue) -> str:
    """The rule in one sentence, naming the symbols of every size (and symbol set) the
    book holds: 'each of the numbers 1 to 9', or 'each of its values: 1 to 6 in the 6×6
    puzzles and 1 to 9 in the 9×9 puzzles'; a size printed in numbers and in letters
    names the letters' puzzles word puzzles ('... and F, O, R, ... in the 9×9 word
    puzzles')."""
    if len(sizes) == 1:
        return words.text("rules_one_size", symbols=named_symbols(sizes[0][1], words))
    shared = {size for size, _ in sizes if [other for other, _ in sizes].count(size) > 1}
    ranges = [words.text("rules_word_range" if size in shared and glyphs != numbers(size)
                         else "rules_size_range", symbols=symbols_text(glyphs, words),
                         size=printed_size(size)) for size, glyphs in sizes]
    return words.text("rules_many_sizes", ranges=words.text(
        "list", items=", ".join(ranges[:-1]), last=ranges[-1]))


def named_symbols(glyphs: tuple[str, ...], words: Catalogue) -> str:
    """The symbols as the book's rules name them: 'the numbers 1 to 9' where they are the
    numbers, else 'the symbols A, B, ...' (a daily's line names them bare: '1 to 9')."""
    key = "named_numbers" if glyphs == numbers(len(glyphs)) else "named_symbols"
    return words.text(key, symbols=symbols_text(glyphs, words))


WORKED_PLACEMENTS = 3  # values a worked example places ...
WORKED_MOST_STEPS = 6  # ... in at most this many steps (the first placement's always shown)


def worked_steps(steps: Sequence[Step], shape: Shape) -> list[Step]:
    """The steps a worked example shows: the solving path's first WORKED_PLACEMENTS steps
    that place a value, each after the earlier steps that rule out values it rests on
    (values ruled out of its cell, or its value ruled out of the cells that see it), in
    the path's order; fewer placements where their grounds would take more than
    WORKED_MOST_STEPS steps. A Killer's or a Futoshiki's first steps only rule values
    out: the example still goes on to place numbers."""
    chosen: list[int] = []
    placed = 0
    for index, step in enumerate(steps):
        if not (step.placements or step.edges):  # a Slitherlink's steps decide edges
            continue
        grounds = [earlier for earlier in range(index) if earlier not in chosen
                   and not (steps[earlier].placements or steps[earlier].edges)
                   and _rests_on(steps[earlier], step, shape)]
        if chosen and len(chosen) + len(grounds) + 1 > WORKED_MOST_STEPS:
            break
        chosen += [*grounds, index]
        placed += len(step.placements) + len(step.edges)
        if placed >= WORKED_PLACEMENTS:
            break
    return [steps[index] for index in sorted(chosen)]


def _rests_on(removal: Step, placing: Step, shape: Shape) -> bool:
    """Whether a step that rules values out clears the way for one that places: it takes
    a value from a placed cell, or the placed value from a cell that sees it."""
    peers = shape.peers
    return any(cell == placed or (value == placed_value and cell in peers[placed])
               for placed, placed_value in placing.placements
               for cell, value in removal.eliminations)
