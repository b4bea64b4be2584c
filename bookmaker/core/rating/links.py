"""Chains of strong links on one digit: Turbot Fish (two links: Skyscraper 4.0, 2-String
Kite 4.1, with a box 4.2, grouped 4.3) and Sukaku Explainer's three strong links (5.4
for parallel lines, 5.5 with a box, 5.6 for rows and columns, 5.7 grouped).

A strong link is a unit where the digit has two places, or two groups of places: a box
whose places lie in one row and one column of it (an empty rectangle), or (three links)
in two of its rows or columns; a line whose places lie in two of its box segments. Links
whose units hold no place in common are chained: the end of one and the start of the next
lie in one unit (a weak link). One end of the chain holds the digit, so cells seeing both
ends lose it, except cells of the links' units (and, for three links, of the weak links'
units). The rules, ratings included, are those of Sukaku Explainer as of January 2020,
which rated the public puzzle sets this rater is measured on.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..bits import bits_of
from ..grade.candidates import Candidates
from .board import LINES, Board, cells_text
from .hints import Hint

_JOINT_ORDER = {"column": 0, "row": 1, "box": 2}


@dataclass(frozen=True)
class Link:
    """A strong link: its unit, the unit's places (no two links may share one), its two
    ends (groups of cells) and whether it is grouped."""

    unit: int
    places: int
    ends: tuple[int, int]
    grouped: bool


@dataclass(frozen=True)
class Flavour:
    """What differs between SE's two-link (Turbot Fish) and longer chains."""

    box_line_pairs: bool     # a box's two places in one line make a link
    box_places: int          # the most places a box link may have
    two_line_boxes: bool     # a box's places in two of its rows (columns) make a link
    one_box: bool            # at most one link in a box
    spare_joints: bool       # the weak links' units keep the digit


TURBOT = Flavour(box_line_pairs=True, box_places=5, two_line_boxes=False, one_box=True,
                 spare_joints=False)
CHAIN = Flavour(box_line_pairs=False, box_places=6, two_line_boxes=True, one_box=False,
                spare_joints=True)


def strong_link_chains(state: Candidates, board: Board, count: int):
    """Chains of `count` strong links that remove something, best first: lowest rating,
    then most removals (SE's order)."""
    found = []
    for d, places in enumerate(state.digit_cells):
        for name, rating, removed, text in _digit_chains(board, places, count):
            found.append(Hint(name, rating, tuple((c, d) for c in bits_of(removed)),
                              text=f"{d + 1}: {text}"))
    found.sort(key=lambda h: (h.rating, -len(h.eliminations)))
    yield from found


@lru_cache(maxsize=8192)
def _digit_chains(board: Board, places: int, count: int) -> tuple:
    """(name, rating, cells losing the digit, text) of each chain of `count` links over
    one digit's places: they depend on those places only, so they are kept from step to
    step while the digit's places stay the same."""
    flavour = TURBOT if count == 2 else CHAIN
    found = []
    for chain, shared in _chains(_links(places, board, flavour), count, board, flavour):
        entry = _chain_hint(board, places, chain, shared, flavour)
        if entry is not None:
            found.append(entry)
    return tuple(found)


# --- links ---------------------------------------------------------------------------

def _links(cells: int, board: Board, flavour: Flavour) -> list[Link]:
    links = []
    for u in board.single_units:
        places = cells & board.unit_masks[u]
        count = places.bit_count()
        box = board.kinds[u] == "box"
        if count == 2:
            a, b = bits_of(places)
            if box and not flavour.box_line_pairs and _share_line(board, a, b):
                continue
            links.append(Link(u, places, (1 << a, 1 << b), False))
        elif 2 < count <= (flavour.box_places if box else 6) and \
                board.kinds[u] in ("box",) + LINES:
            ends = _box_groups(places, board, u, flavour.two_line_boxes) if box \
                else _line_groups(places, board, u)
            links.extend(Link(u, places, pair, True) for pair in ends)
    return links


def _share_line(board: Board, a: int, b: int) -> bool:
    return any(board.kinds[u] in LINES and board.unit_masks[u] >> b & 1
               for u in board.shape.units_of[a])


def _line_groups(places: int, board: Board, u: int) -> list[tuple[int, int]]:
    """A line whose places lie in exactly two of its box segments, which hold them all (a
    jigsaw region may cross a line in one cell, which is no segment)."""
    parts = [s & places for s in board.segments[u] if s & places]
    return [(parts[0], parts[1])] if len(parts) == 2 and parts[0] | parts[1] == places else []


def _box_groups(places: int, board: Board, u: int, two_lines: bool) -> list[tuple[int, int]]:
    """The two groups of a box's places, as SE finds them: the first cell (the heart)
    whose row and column hold every place, else (four places or more) the first two
    rows, then columns, holding them all."""
    rows, cols = _box_lines(board, u)
    for row in rows:
        for col in cols:
            if places & ~(row | col):
                continue
            heart = row & col
            down, across = places & col & ~heart, places & row & ~heart
            return _cross_ends(down, across, heart, places) if down and across else []
    if places.bit_count() < 4 or not two_lines:
        return []
    for lines in (rows, cols):
        for i, one in enumerate(lines):
            for two in lines[i + 1:]:
                if not places & ~(one | two):
                    pair = (places & one, places & two)
                    if not (pair[0] and pair[1]):
                        return []
                    return _rectangle_ends(pair, rows if lines is cols else cols)
    return []


def _cross_ends(down: int, across: int, heart: int, places: int) -> list[tuple[int, int]]:
    """An empty rectangle's strong links: a lone place in the heart's column against the
    heart's row (heart included), and the other way; both lines full: column against row."""
    if down.bit_count() == 1 or across.bit_count() == 1:
        pairs = []
        if down.bit_count() == 1 and across.bit_count() != 1:
            pairs.append((down, across | heart))
        if across.bit_count() == 1:
            pairs.append((across, down | heart))
        return pairs
    inside = heart if places & heart else 0
    return [(down | inside, across | inside)]


def _rectangle_ends(pair: tuple[int, int], crossing) -> list[tuple[int, int]]:
    """Places in two rows of a box: the rows are the groups; four places on two rows and
    two columns also link column against column."""
    one, two = pair
    if one.bit_count() == 2 and two.bit_count() == 2:
        across = [line for line in crossing if line & (one | two)]
        if len(across) == 2 and all((line & (one | two)).bit_count() == 2 for line in across):
            return [pair, (across[0] & (one | two), across[1] & (one | two))]
    return [pair]


def _box_lines(board: Board, u: int) -> tuple[list[int], list[int]]:
    """A box's rows and columns, as masks of its cells, top to bottom and left to right."""
    mask = board.unit_masks[u]
    rows = [mask & board.unit_masks[r] for r in board.lines["row"] if mask & board.unit_masks[r]]
    cols = [mask & board.unit_masks[c] for c in board.lines["column"]
            if mask & board.unit_masks[c]]
    return rows, cols


# --- chains --------------------------------------------------------------------------

def _chains(links: list[Link], count: int, board: Board, flavour: Flavour):
    """Every chain of `count` links (one direction of each), with the units joining them."""
    joints = _joints(links, board)
    boxes = [board.kinds[link.unit] == "box" for link in links]

    def extend(chain, entries, used, shared, in_box):
        if len(chain) == count:
            yield chain, entries, tuple(shared)
            return
        for j, entry, joint in joints[chain[-1]][1 - entries[-1]]:
            if links[j].places & used or flavour.one_box and in_box and boxes[j]:
                continue
            yield from extend(chain + [j], entries + [entry], used | links[j].places,
                              shared + [joint], in_box or boxes[j])

    for first in range(len(links)):
        for entry in (0, 1):
            for chain, entries, shared in extend([first], [entry], links[first].places, [],
                                                 boxes[first]):
                if links[chain[0]].unit < links[chain[-1]].unit:
                    yield _Chain(tuple(links[i] for i in chain), tuple(entries)), shared


def _joints(links: list[Link], board: Board) -> list:
    """Per link and end: the (link, its end, joining unit) that end can be joined to."""
    joints = []
    for i, link in enumerate(links):
        per_end = []
        for e in (0, 1):
            holders = _holders(board, link.ends[e])
            reach = 0
            for _, mask in holders:
                reach |= mask
            found = []
            for j, other in enumerate(links):
                if j == i or other.places & link.places:
                    continue
                for entry in (0, 1):
                    group = other.ends[entry]
                    if group & ~reach:
                        continue
                    for u, mask in holders:
                        if not group & ~mask:
                            found.append((j, entry, u))
                            break
            per_end.append(found)
        joints.append(per_end)
    return joints


@lru_cache(maxsize=1 << 14)
def _holders(board: Board, cells: int) -> tuple[tuple[int, int], ...]:
    """The units holding all the cells, as (unit, mask), columns first, then rows, boxes."""
    units = [u for u in board.shape.units_of[cells.bit_length() - 1]
             if not cells & ~board.unit_masks[u]]
    units.sort(key=lambda u: _JOINT_ORDER.get(board.kinds[u], 3))
    return tuple((u, board.unit_masks[u]) for u in units)


@dataclass(frozen=True)
class _Chain:
    links: tuple[Link, ...]
    entries: tuple[int, ...]

    @property
    def start(self) -> int:
        return self.links[0].ends[self.entries[0]]

    @property
    def end(self) -> int:
        return self.links[-1].ends[1 - self.entries[-1]]


def _sees_all(board: Board, cells: int) -> int:
    seen = board.shape.all_cells_mask
    for c in bits_of(cells):
        seen &= board.shape.peer_masks[c]
    return seen


def _chain_hint(board: Board, places: int, chain: _Chain, shared, flavour: Flavour):
    """(name, rating, cells losing the digit, text), or None if none does."""
    bases = 0
    for link in chain.links:
        bases |= board.unit_masks[link.unit]
    victims = _sees_all(board, chain.start | chain.end) & ~bases
    if flavour.spare_joints:
        for joint in shared:
            victims &= ~board.unit_masks[joint]
    removed = victims & places
    if not removed:
        return None
    text = " - ".join(
        f"{cells_text(board.shape, link.ends[e])}={cells_text(board.shape, link.ends[1 - e])}"
        for link, e in zip(chain.links, chain.entries))
    name = "Turbot Fish" if len(chain.links) == 2 else f"{len(chain.links)} Strong Links"
    return name, _rating(board, chain), removed, text


def _rating(board: Board, chain: _Chain) -> int:
    """Two links: 4.0 parallel lines, 4.1 a row and a column, 4.2 with a box; three: 5.4,
    5.6, 5.5. A grouped link (or a unit of another kind) adds 0.3 to 4.0 or 5.4."""
    count = len(chain.links)
    base = 40 if count == 2 else 54
    kinds = {board.kinds[link.unit] for link in chain.links}
    if any(link.grouped for link in chain.links) or kinds - {"box", *LINES}:
        return base + 3
    if "box" in kinds:
        return base + (2 if count == 2 else 1)
    return base + (0 if len(kinds) == 1 else 1 if count == 2 else 2)
