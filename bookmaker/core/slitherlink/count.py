"""The second proof of a Slitherlink, written apart from the solver: a count over the
cells' colourings, inside or outside, cell by cell in reading order.

A loop is the border of its inside. A colouring is one loop exactly when its inside is
one piece with no hole (the outside, with all beyond the grid, is one piece too) and no
dot has inside cells on one diagonal and outside ones on the other (a dot the loop would
pass twice); a clue counts its cell's sides whose far cell (or the world beyond the grid)
is coloured the other way.

The count keeps, for each way of colouring the cells so far, only what the rest can see:
the last cell coloured in each column (its colour, which piece it belongs to, how many
more of its sides its clue needs), the cell up and to the left of the next, and whether
the inside is already closed off. Ways that leave the same are counted together, at most
`limit` colourings kept for each. A piece that drops off the frontier is finished: an
outside one is a hole, an inside one the whole inside.
"""

from __future__ import annotations

from .. import compiled
from ..checkresult import CheckResult

COUNT_MAX_STATES = 30_000_000  # states visited over the whole count, or it is undecided
COMPILED_MOST = 64  # the longest side and the largest limit the compiled count holds
EXTERIOR = 0   # the piece of the outside beyond the grid
FREE = 9       # a cell without a clue needs nothing

State = tuple  # (colours, pieces, needs, diagonal colour, inside closed)


def count_slitherlink(height: int, width: int, cells, limit: int = 2,
                      max_states: int = COUNT_MAX_STATES) -> CheckResult:
    """Count the loops the givens (clue + 1 a cell, 0 none) allow, up to `limit`; each
    solution as cells, 2 inside and 1 outside. The grid is walked in each of its eight
    turns and mirrors at once, a cell at a time, the walk that looks cheapest to finish
    going next, the first walks favoured: the first walk that finishes counts (a loop
    turned is a loop). The frontier grows or stays small as the clues met first cut it
    down, which differs by direction, and no walk can tell in advance which will stay
    small; but where all grow alike, effort shared equally would cost eight walks, so
    the k-th walk's guess counts (k + 1) / 2 times (the first does the most; counting
    it k times did better still on most grids but left the one grid in 25 whose only
    cheap walks are late past the budget). In C where the compiled core has it
    (csrc/slithercount.c: the same walks, states and count)."""
    counter = compiled.slitherlink_counter()
    if counter is not None and max(height, width, limit) <= COMPILED_MOST and limit >= 1:
        return CheckResult(*counter(height, width, list(cells), _moves(height, width), limit,
                                    max_states))
    walks = [_Walk(height, width, move, cells, limit, rank)
             for rank, move in enumerate(_moves(height, width), 1)]
    visited = 0
    while visited <= max_states:
        walk = min(walks, key=_Walk.cost_guess)
        before = walk.visited
        walk.step()
        visited += walk.visited - before
        if walk.finished is not None:
            solutions = tuple(_moved_back(s, walk.order) for s in walk.finished)
            return CheckResult(len(solutions), solutions, True, visited)
    return CheckResult(0, (), False, visited)


def _moves(height: int, width: int) -> list[tuple[bool, list[int]]]:
    """The eight turns and mirrors as (turned, the original cell at each moved cell), the
    narrower frontiers first (a rectangle walked along its long side)."""
    found = []
    for turned in (False, True):
        rows, cols = (width, height) if turned else (height, width)
        for down in (False, True):
            for across in (False, True):
                order = []
                for r in range(rows):
                    for c in range(cols):
                        rr, cc = (rows - 1 - r if down else r), (cols - 1 - c if across else c)
                        order.append(cc * width + rr if turned else rr * width + cc)
                found.append((turned, order))
    return sorted(found, key=lambda move: width if not move[0] else height)


def _moved_back(solution: tuple[int, ...], order: list[int]) -> tuple[int, ...]:
    cells = [0] * len(order)
    for at, cell in enumerate(order):
        cells[cell] = solution[at]
    return tuple(cells)


class _Walk:
    """The count in reading order over the grid turned or mirrored by one move, a cell
    at a time: the ways kept so far, and the solutions once the last cell is coloured."""

    def __init__(self, height: int, width: int, move: tuple[bool, list[int]], cells,
                 limit: int, rank: int) -> None:
        self.rank = rank
        self.height, self.width = (width, height) if move[0] else (height, width)
        self.order = move[1]
        self.clues = [cells[c] - 1 if cells[c] else FREE for c in self.order]
        self.limit = limit
        start: State = ((0,) * self.width, (EXTERIOR,) * self.width, (FREE,) * self.width,
                        0, False)
        self.ways: dict[State, list[int]] = {start: [0]}
        self.cell = 0
        self.visited = 0
        self.finished: tuple[tuple[int, ...], ...] | None = None

    def cost_guess(self) -> int:
        """The states visited so far and as many again for each cell left as are kept
        now (a walk whose frontier has grown is passed over for one whose has not), times
        the walk's rank and one, halved (the halving is left out: only the order counts)."""
        return (self.visited + len(self.ways) * (self.height * self.width - self.cell)) * \
            (self.rank + 1)

    def step(self) -> None:
        """Colour the next cell both ways in every state kept."""
        cell, limit, height, width = self.cell, self.limit, self.height, self.width
        r, c = divmod(cell, width)
        clue = self.clues[cell]
        ahead: dict[State, list[int]] = {}
        for state, found in self.ways.items():
            for colour in (0, 1):
                after = _step(state, r, c, colour, height, width, clue)
                if after is not None:
                    kept = ahead.setdefault(after, [])
                    if len(kept) < limit:
                        kept.extend(f | colour << cell for f in found[:limit - len(kept)])
        self.visited += len(ahead)
        self.ways, self.cell = ahead, cell + 1
        if self.cell == height * width:
            self._finish()

    def _finish(self) -> None:
        found = [f for state, kept in self.ways.items() if _one_inside(state)
                 for f in kept][:self.limit]
        self.finished = tuple(tuple(2 if f >> i & 1 else 1 for i in range(self.cell))
                              for f in found)


def _one_inside(state: State) -> bool:
    """Whether the colouring ends with one inside piece (closed off, or on the last row)."""
    colours, pieces, _, _, closed = state
    inside = {p for colour, p in zip(colours, pieces) if colour}
    return not inside if closed else len(inside) == 1


def _step(state: State, r: int, c: int, colour: int, height: int, width: int,
          clue: int) -> State | None:
    """The state after colouring cell (r, c), or None if that breaks a rule."""
    colours, pieces, needs, diagonal, closed = state
    if closed and colour:
        return None
    up = colours[c]
    left = colours[c - 1] if c else 0
    if r and c and diagonal == colour and up == left and up != colour:
        return None  # the dot above and to the left would be passed twice
    needs_now = _needs_after(needs, r, c, colour, up, left, height, width, clue)
    if needs_now is None:
        return None
    on_border = r == 0 or c in (0, width - 1) or r == height - 1
    pieces_now, up_finished = _pieces_after(colours, pieces, c, colour, on_border)
    if up_finished:
        if not _whole_inside(colours, c, colour):
            return None
        closed = True
    colours_now = colours[:c] + (colour,) + colours[c + 1:]
    return colours_now, pieces_now, needs_now, up, closed


def _needs_after(needs: tuple[int, ...], r: int, c: int, colour: int, up: int, left: int,
                 height: int, width: int, clue: int) -> tuple[int, ...] | None:
    """The sides the frontier's clues still need after colouring cell (r, c) (its own
    clue's in column c), or None if a clue can no longer have its count: the cell above's
    now has its last side, the cell to the left's all but its bottom one."""
    needs_now = list(needs)
    if r and needs[c] != FREE and needs[c] != (up != colour):
        return None
    if c and needs[c - 1] != FREE:
        needs_now[c - 1] -= left != colour
        if not 0 <= needs_now[c - 1] <= (r < height - 1):
            return None
    if clue != FREE:
        clue -= (up != colour) + (left != colour) + colour * (c == width - 1) + \
            colour * (r == height - 1)
        if not 0 <= clue <= (c < width - 1) + (r < height - 1):
            return None
    needs_now[c] = clue
    return tuple(needs_now)


def _whole_inside(colours: tuple[int, ...], c: int, colour: int) -> bool:
    """Whether the piece that dropped off the frontier above column c, on colouring the
    cell there, is the whole inside: an inside piece (an outside one with no way out is a
    hole) with no other inside cell on the frontier, the new one included."""
    if not colours[c]:
        return False
    return not colour and not any(colours[i] for i in range(len(colours)) if i != c)


def _pieces_after(colours: tuple[int, ...], pieces: tuple[int, ...], c: int, colour: int,
                  on_border: bool) -> tuple[tuple[int, ...], bool]:
    """The frontier's pieces (numbered) after colouring the cell in column c, and whether
    the piece above it is finished (dropped off the frontier)."""
    up = colours[c]
    joined = _joined(colours, pieces, c, colour, on_border)
    up_finished = up != colour and pieces[c] != EXTERIOR and pieces[c] not in joined
    return _numbered(joined), up_finished


def _joined(colours, pieces, c, colour, on_border) -> tuple[int, ...]:
    """The frontier's pieces with the new cell in column c, joined to those it touches
    (on the first row the piece above is the outside's, as the start has it)."""
    touching = []
    if colours[c] == colour:
        touching.append(pieces[c])
    if c and colours[c - 1] == colour:
        touching.append(pieces[c - 1])
    if not colour and on_border:
        touching.append(EXTERIOR)
    if not touching:
        piece = max(pieces) + 1
        return pieces[:c] + (piece,) + pieces[c + 1:]
    keep = EXTERIOR if EXTERIOR in touching else touching[0]
    others = [p for p in touching if p != keep]
    joined = tuple(keep if p in others else p for p in pieces) if others else pieces
    return joined[:c] + (keep,) + joined[c + 1:]


def _numbered(pieces: tuple[int, ...]) -> tuple[int, ...]:
    """The pieces renumbered in order of first appearance (EXTERIOR kept as it is)."""
    names = {EXTERIOR: EXTERIOR}
    return tuple([names.setdefault(piece, len(names)) for piece in pieces])
