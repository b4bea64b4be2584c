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

from ..checkresult import CheckResult

COUNT_MAX_STATES = 3_000_000  # states visited over the whole count, or it is undecided
# How many states a count in one direction may visit before the next is tried: the frontier
# grows or stays small as the clues met first cut it down, which differs by direction.
BUDGETS = (30_000, 300_000)
EXTERIOR = 0   # the piece of the outside beyond the grid
FREE = 9       # a cell without a clue needs nothing

State = tuple  # (colours, pieces, needs, diagonal colour, inside closed)


def count_slitherlink(height: int, width: int, cells, limit: int = 2,
                      max_states: int = COUNT_MAX_STATES) -> CheckResult:
    """Count the loops the givens (clue + 1 a cell, 0 none) allow, up to `limit`; each
    solution as cells, 2 inside and 1 outside. The grid is walked in each of its eight
    turns and mirrors (the narrower frontiers first) with a small budget, then a larger
    one, then as it is with the whole budget: the first walk that finishes counts (a
    loop turned is a loop)."""
    visited = 0
    for budget in BUDGETS:
        for move in _moves(height, width):
            moved_height, moved_width = (width, height) if move[0] else (height, width)
            result = _count(moved_height, moved_width, [cells[c] for c in move[1]], limit,
                            budget)
            visited += result.nodes
            if result.complete:
                solutions = tuple(_moved_back(s, move[1]) for s in result.solutions)
                return CheckResult(result.count, solutions, True, visited)
    result = _count(height, width, cells, limit, max_states)
    return CheckResult(result.count, result.solutions, result.complete,
                       visited + result.nodes)


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


def _count(height: int, width: int, cells, limit: int, max_states: int) -> CheckResult:
    """The count in reading order."""
    clues = [v - 1 if v else FREE for v in cells]
    start: State = ((0,) * width, (EXTERIOR,) * width, (FREE,) * width, 0, False)
    ways: dict[State, list[int]] = {start: [0]}
    visited = 0
    for cell in range(height * width):
        r, c = divmod(cell, width)
        ahead: dict[State, list[int]] = {}
        for state, found in ways.items():
            for colour in (0, 1):
                after = _step(state, r, c, colour, height, width, clues[cell])
                if after is not None:
                    kept = ahead.setdefault(after, [])
                    if len(kept) < limit:
                        kept.extend(f | colour << cell for f in found[:limit - len(kept)])
        visited += len(ahead)
        if visited > max_states:
            return CheckResult(0, (), False, visited)
        ways = ahead
    found = [f for state, kept in ways.items() if _one_inside(state) for f in kept][:limit]
    solutions = tuple(tuple(2 if f >> i & 1 else 1 for i in range(height * width))
                      for f in found)
    return CheckResult(len(solutions), solutions, True, visited)


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
    up, up_piece = colours[c], pieces[c]
    left, left_piece = (colours[c - 1], pieces[c - 1]) if c else (0, EXTERIOR)
    if r and c and diagonal == colour and up == left and up != colour:
        return None  # the dot above and to the left would be passed twice
    needs = list(needs)
    if r and needs[c] != FREE and needs[c] != (up != colour):
        return None
    if c and needs[c - 1] != FREE:
        needs[c - 1] -= left != colour
        if not 0 <= needs[c - 1] <= (r < height - 1):
            return None
    if clue != FREE:
        clue -= (up != colour) + (left != colour) + colour * (c == width - 1) + \
            colour * (r == height - 1)
        if not 0 <= clue <= (c < width - 1) + (r < height - 1):
            return None
    needs[c] = clue
    pieces_now = _joined(colours, pieces, r, c, colour, up, left, height, width)
    if r and up != colour and up_piece != EXTERIOR and up_piece not in pieces_now:
        # the piece above is finished
        if not up:
            return None  # an outside piece with no way out: a hole
        if any(colours[i] for i in range(width) if i != c) or colour:
            return None  # another inside piece is on the frontier
        closed = True
    colours_now = colours[:c] + (colour,) + colours[c + 1:]
    return colours_now, _numbered(pieces_now), tuple(needs), up, closed


def _joined(colours, pieces, r, c, colour, up, left, height, width) -> tuple[int, ...]:
    """The frontier's pieces with the new cell in column c, joined to those it touches."""
    touching = []
    if up == colour:
        touching.append(pieces[c] if r else EXTERIOR)
    if c and left == colour:
        touching.append(pieces[c - 1])
    if not colour and (r == 0 or c in (0, width - 1) or r == height - 1):
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
    numbered = []
    for piece in pieces:
        name = names.get(piece)
        if name is None:
            name = names[piece] = len(names)
        numbered.append(name)
    return tuple(numbered)
