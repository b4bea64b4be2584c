"""The lines under a puzzle, and the difficulty mark beside its number: one rule for the
load-time check and for drawing, so a caption the spec accepts is never cut off.

A caption is its parts ("Warm-up", "Easy", "9x9") joined by " · ", with the note (where
the answer is) flush right. It takes the first of these that fits the grid's width:
  1. caption and note on one line;
  2. the caption on the first line, the note on the second;
  3. the first part on the first line; the other parts and the note on the second;
  4. the first two parts on the first line, the rest and the note on the second (and so
     on, a part more on the first line each time): a long name and a kind's long name in
     one language ('Sums Only · Calcudoku z dodawaniem' / 'Początkujący · 4×4   Rozwiązanie
     na stronie 31') break between two parts, as a typesetter breaks them, never inside
     one, and take no more room and no smaller size than any other caption.
If none fits, the section's name is too long for its page: the spec says so at load.
Before wrapping, a puzzle page tries shorter forms on one line (fitted_caption): without
the parts the page prints already (the section's name in the running head), then with the
note's short form ("Answer p. 19").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.kinds.kind import Kind
from .catalogue import Catalogue

SEPARATOR = " · "
TIMES = "\u00d7"  # the multiplication sign of printed sizes: 9×9
NOTE_GAP = 1.0  # the least space between caption and note, in caption font sizes
MARK_STEPS = 6  # squares in a difficulty mark: one per grade, beginner to extreme
MARK_SQUARE = 0.55  # a mark square's side, per label size
MARK_SPACE = 0.22  # the space between two squares, per label size
MARK_GAP = 0.6  # the space between the number and the mark, per label size

Measure = Callable[[str], float]  # a text's width in points, at the caption's size
Line = tuple[str, str]  # (flush left, flush right)


def caption_lines(parts: Sequence[str], note: str, width: float, measure: Measure,
                  size: float, most_lines: int = 2) -> list[Line] | None:
    """The caption's lines under a grid `width` wide, or None if it cannot fit in
    `most_lines` lines. `size` is the caption's font size (for the gap before the note)."""
    caption = SEPARATOR.join(part for part in parts if part)
    gap = size * NOTE_GAP if note and caption else 0.0
    fits = (lambda left, right: measure(left) + (gap if left and right else 0.0)
            + measure(right) <= width)
    if fits(caption, note):
        return [(caption, note)]
    candidates = [[(caption, ""), ("", note)]]
    for split in range(1, len(parts)):  # after the first part, then after each later one
        candidates.append([(SEPARATOR.join(part for part in parts[:split] if part), ""),
                           (SEPARATOR.join(part for part in parts[split:] if part), note)])
    for lines in candidates:
        if len(lines) <= most_lines and all(fits(left, right) for left, right in lines):
            return [line for line in lines if line != ("", "")]
    return None


def fitted_caption(parts: Sequence[str], notes: Sequence[str], width: float, measure: Measure,
                   size: float, shown: Sequence[str] = ()) -> tuple[str, str]:
    """The caption and note a puzzle prints: as they are where they share one line; else
    the first that shares one of: the caption without the parts in `shown` (the page's
    running head says them), then that with each shorter note of `notes` (its long form
    first); else as they are, for caption_lines to set in two lines. One line under a
    small grid reads better than a note alone on a second line."""
    note = notes[0] if notes else ""
    kept = [part for part in parts if part not in shown] or list(parts)
    tries = [(list(parts), note)] + [(kept, shorter) for shorter in (notes or [""])]
    for caption, this_note in tries:
        if len(caption_lines(caption, this_note, width, measure, size, 1) or ()) == 1:
            return SEPARATOR.join(part for part in caption if part), this_note
    return SEPARATOR.join(part for part in parts if part), note


def caption_parts(name: str, grade: str, size_text: str, kind: str = "") -> list[str]:
    """A puzzle's caption parts: its section's name, then its kind of Sudoku ('Killer';
    '' for classic), grade and size, each unless the name says it already: 'Warm-up ·
    Killer · Easy · 9x9'. A Samurai has no size_text: its name says it."""
    parts = [name]
    for part in (kind, grade):
        if part and part.lower() not in name.lower():
            parts.append(part)
    if size_text and size_text not in name:
        parts.append(size_text)
    return parts


def kind_name(words: Catalogue, kind: Kind) -> str:
    """A kind's name as captions and contents print it; '' for classic Sudoku."""
    shown = kind.presentation
    return words.text(shown.name_key) if shown.named_in_captions else ""


def kind_title(words: Catalogue, kind: Kind) -> str:
    """A kind's full name, as a title page or a heading prints it: 'Killer Sudoku' (its
    name alone where the catalogue has no full name for it)."""
    shown = kind.presentation
    return words.texts.get(shown.title_key) or words.text(shown.name_key)


def grid_size_text(kind: Kind, size: int, cols: int = 0) -> str:
    """The size a caption or contents entry prints: '9×9' (a rectangle's rows by its
    `cols`: '10×18'), with what the kind marks after it ('10×10 ★★': a Star Battle's stars
    a unit); '' for a Samurai (its name says it)."""
    if not kind.presentation.size_in_captions:
        return ""
    mark = kind.presentation.size_mark
    return " ".join(part for part in (printed_size(size, cols), mark(size) if mark else "")
                    if part)


def with_size_mark(name: str, kind: Kind, size: int) -> str:
    """A kind's name with what the kind marks after its size, where no size is printed (a
    daily's heading, the web page's line under its title): 'Star Battle ★★'."""
    mark = kind.presentation.size_mark
    return " ".join(part for part in (name, mark(size) if mark else "") if part)


def printed_size(size: int, cols: int = 0) -> str:
    """A board's size as print sets it, with a multiplication sign: '9×9', a rectangle's
    rows by its `cols` '10×18' (specs and messages write 9x9, which is easier to type)."""
    return f"{size}{TIMES}{cols or size}"


def answer_note_text(answers: str, words: Catalogue, page: int | str,
                     short: bool = False) -> str:
    """The note under a puzzle saying where its answer is (separate, back or none), in
    the book's words ('Answer p. 19' if `short`); '' without answers."""
    if answers == "none":
        return ""
    key = "answer_in_answer_book" if answers == "separate" else "answer_on_page"
    return words.text(key + "_short" * short, page=page)


def mark_width(label_size: float) -> float:
    """The width of a difficulty mark and the gap before it, beside a label."""
    return label_size * (MARK_GAP + MARK_STEPS * MARK_SQUARE + (MARK_STEPS - 1) * MARK_SPACE)
