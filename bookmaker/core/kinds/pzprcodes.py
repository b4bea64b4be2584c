"""The codes pzprjs (puzz.link) writes a puzzle's cells in after its URL's size: numbers
in base 16 with runs of empty cells as letters, clues 0-4 with skips folded in, and
region borders five to a base-32 letter (its src/variety-common/Encode.js, read, not
copied). Each decoder returns what it read and the rest of the text; ValueError says
what does not fit."""

from __future__ import annotations

from collections.abc import Callable, Sequence

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
UNKNOWN = -2  # pzprjs's '?' cell (a clue shown as unknown); '.' in its URLs


def base36(value: int) -> str:
    return DIGITS[value]


def empty_runs(values: Sequence, code: Callable[[Sequence, int], tuple[str, int]],
               most: int = 20, offset: int = 15) -> str:
    """Cells as pzprjs writes them: each run of 1 to `most` empty cells (None) as the
    letter of offset + its length, every other cell as `code` writes it (its text, and how
    many cells that text stands for)."""
    text, empty, at = [], 0, 0
    while at < len(values):
        if values[at] is None:
            empty, at = empty + 1, at + 1
            if empty == most:
                text.append(base36(offset + empty))
                empty = 0
            continue
        if empty:
            text.append(base36(offset + empty))
            empty = 0
        letter, used = code(values, at)
        text.append(letter)
        at += used
    if empty:
        text.append(base36(offset + empty))
    return "".join(text)


def encode_numbers(values: Sequence[int | None]) -> str:
    """Numbers 0..4095 (None: an empty cell) as encodeNumber16 writes them: '0'-'f',
    '-' and two hex digits, '+' and three; 1 to 20 empty cells in a row as 'g'-'z'."""
    return empty_runs(values, lambda cells, at: (_number(cells[at]), 1))


def _number(value: int) -> str:
    if value == UNKNOWN:
        return "."
    if 0 <= value < 16:
        return f"{value:x}"
    if value < 256:
        return f"-{value:x}"
    if value < 4096:
        return f"+{value:x}"
    raise ValueError(f"{value} is beyond the numbers a puzz.link URL here writes")


_WIDE = {"-": 2, "+": 3}


def decode_numbers(text: str, count: int) -> tuple[list[int | None], str]:
    """`count` cells read as decodeNumber16 reads them (an '=' or longer code is refused:
    no kind here has numbers that large)."""
    values: list[int | None] = []
    at = 0
    while at < len(text) and len(values) < count:
        char = text[at]
        if char in _WIDE:
            digits = text[at + 1:at + 1 + _WIDE[char]]
            values.append(_hex(digits, _WIDE[char]))
            at += 1 + _WIDE[char]
        elif char == ".":
            values.append(UNKNOWN)
            at += 1
        elif char in DIGITS[:16]:
            values.append(int(char, 16))
            at += 1
        elif char in DIGITS[16:]:
            values.extend([None] * (DIGITS.index(char) - 15))
            at += 1
        else:
            raise ValueError(f"'{char}' is no number code (at {at + 1} of '{text}')")
    return _exactly(values[:count], count, text), text[at:]


def _hex(digits: str, width: int) -> int:
    if len(digits) != width or any(d not in DIGITS[:16] for d in digits):
        raise ValueError(f"'{digits}' is not {width} hex digits")
    return int(digits, 16)


def _exactly(values: list, count: int, text: str) -> list:
    if len(values) != count:
        raise ValueError(f"'{text}' codes {len(values)} cells, not {count}")
    return values


def encode_clues(values: Sequence[int | None]) -> str:
    """Clues 0..4 (None: no clue) as encode4Cell writes them: a clue and the empty cells
    after it in one letter ('0'-'4' none, '5'-'9' one, 'a'-'e' two), other runs of 1 to
    20 empty cells as 'g'-'z'."""
    return empty_runs(values, _clue_letter)


def _clue_letter(values: Sequence[int | None], at: int) -> tuple[str, int]:
    value = values[at]
    if value == UNKNOWN or value is None:
        return ".", 1
    after = _empty_after(values, at)
    return base36(value + 5 * after), 1 + after


def _empty_after(values: Sequence[int | None], at: int) -> int:
    """How many empty cells (0, 1 or 2) a clue's letter at `at` folds in: two where the
    board ends sooner, as pzprjs writes it."""
    if at + 1 < len(values) and values[at + 1] is not None:
        return 0
    return 1 if at + 2 < len(values) and values[at + 2] is not None else 2


def decode_clues(text: str, count: int) -> tuple[list[int | None], str]:
    """`count` cells read as decode4Cell reads them."""
    values: list[int | None] = []
    at = 0
    while at < len(text) and len(values) < count:
        char = text[at]
        at += 1
        if char == ".":
            values.append(UNKNOWN)
        elif char in DIGITS[:15]:
            code = DIGITS.index(char)
            values.extend([code % 5] + [None] * (code // 5))
        elif char in DIGITS[16:]:
            values.extend([None] * (DIGITS.index(char) - 15))
        else:
            raise ValueError(f"'{char}' is no clue code (at {at} of '{text}')")
    return _exactly(values[:count], count, text), text[at:]


def encode_bits(bits: Sequence[bool]) -> str:
    """Bits five to a base-32 letter, the first the highest, the last letter padded."""
    letters = []
    for start in range(0, len(bits), 5):
        chunk = list(bits[start:start + 5]) + [False] * (5 - len(bits[start:start + 5]))
        letters.append(base36(sum(16 >> i for i, bit in enumerate(chunk) if bit)))
    return "".join(letters)


def decode_bits(text: str, count: int) -> tuple[list[bool], str]:
    """`count` bits read five to a letter, and the rest of the text."""
    letters = (count + 4) // 5
    if len(text) < letters or any(c not in DIGITS[:32] for c in text[:letters]):
        raise ValueError(f"'{text}' does not hold {count} border bits")
    bits = [bool(DIGITS.index(c) & (16 >> i)) for c in text[:letters] for i in range(5)]
    return bits[:count], text[letters:]


def encode_borders(regions: Sequence[Sequence[int]]) -> str:
    """A board's regions (rows of region numbers) as encodeBorder writes their borders:
    each row's walls between side-by-side cells, then each pair of rows' walls."""
    rows, cols = len(regions), len(regions[0])
    across = [regions[r][c] != regions[r][c + 1] for r in range(rows) for c in range(cols - 1)]
    down = [regions[r][c] != regions[r + 1][c] for r in range(rows - 1) for c in range(cols)]
    return encode_bits(across) + encode_bits(down)


def decode_borders(text: str, rows: int, cols: int) -> tuple[list[list[int]], str]:
    """The regions of a board's borders, numbered 0, 1, ... in reading order of their
    first cells, and the rest of the text."""
    across, text = decode_bits(text, (cols - 1) * rows)
    down, text = decode_bits(text, cols * (rows - 1))
    region = [[-1] * cols for _ in range(rows)]
    count = 0
    for r in range(rows):
        for c in range(cols):
            if region[r][c] < 0:
                _fill(region, across, down, (r, c), count)
                count += 1
    return region, text


def _fill(region: list[list[int]], across: list[bool], down: list[bool],
          start: tuple[int, int], number: int) -> None:
    rows, cols = len(region), len(region[0])
    stack = [start]
    region[start[0]][start[1]] = number
    while stack:
        r, c = stack.pop()
        steps = [((r, c + 1), c + 1 < cols and not across[r * (cols - 1) + c]),
                 ((r, c - 1), c > 0 and not across[r * (cols - 1) + c - 1]),
                 ((r + 1, c), r + 1 < rows and not down[r * cols + c]),
                 ((r - 1, c), r > 0 and not down[(r - 1) * cols + c])]
        for (nr, nc), open_ in steps:
            if open_ and region[nr][nc] < 0:
                region[nr][nc] = number
                stack.append((nr, nc))
