"""Board geometry: cells, units, peers, masks, symmetry orbits, parsing and pickling of shapes."""

from __future__ import annotations

import pickle

import pytest

from bookmaker.core.board.shape import SYMMETRIES, Shape, parse_shape, shape_for_size, shape_of

SIZES = [4, 6, 8, 9, 10, 12, 16, 25]
CONVENTIONAL_BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 10: (2, 5), 12: (3, 4),
                      16: (4, 4), 25: (5, 5)}
# Every box shape up to 12x12 both ways round, and the large square ones.
BOXES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (5, 2), (3, 4), (4, 3),
         (4, 4), (5, 5)]


def box_param(box_rows: int, box_cols: int):
    return pytest.param(box_rows, box_cols, id=f"{box_rows}x{box_cols}")


ALL_BOXES = [box_param(r, c) for r, c in BOXES]


def coordinates_peers(cell: int, box_rows: int, box_cols: int) -> set[int]:
    """A cell's peers from row/column arithmetic alone, not from Shape's tables."""
    n = box_rows * box_cols
    row, col = divmod(cell, n)
    peers = set()
    for other in range(n * n):
        r, c = divmod(other, n)
        same_box = (r // box_rows, c // box_cols) == (row // box_rows, col // box_cols)
        if other != cell and (r == row or c == col or same_box):
            peers.add(other)
    return peers


def mirror_image(cell: int, n: int, symmetry: str) -> int:
    """Where a cell goes under the symmetry, from its row and column."""
    row, col = divmod(cell, n)
    return {"none": cell,
            "rotational": (n - 1 - row) * n + (n - 1 - col),
            "mirror": row * n + (n - 1 - col),
            "diagonal": col * n + row}[symmetry]


def bits(mask: int) -> set[int]:
    return {i for i in range(mask.bit_length()) if mask >> i & 1}


# sizes and boxes

@pytest.mark.parametrize("size", SIZES)
def test_shape_for_size_uses_the_conventional_box(size):
    shape = shape_for_size(size)
    assert (shape.box_rows, shape.box_cols) == CONVENTIONAL_BOXES[size]
    assert shape.size == size


@pytest.mark.parametrize("size", SIZES)
def test_a_size_n_board_has_n_squared_cells_and_3n_units_of_n_distinct_cells(size):
    shape = shape_for_size(size)
    assert shape.cell_count == size * size
    assert len(shape.units) == 3 * size
    for unit in shape.units:
        assert len(unit.cells) == len(set(unit.cells)) == size
        assert all(0 <= cell < size * size for cell in unit.cells)


@pytest.mark.parametrize("size", SIZES)
def test_units_are_the_rows_then_columns_then_boxes_in_reading_order(size):
    shape = shape_for_size(size)
    n, box_rows, box_cols = size, shape.box_rows, shape.box_cols
    boxes_per_band = n // box_cols
    for unit in shape.units:
        rows_cols = [divmod(cell, n) for cell in unit.cells]
        if unit.kind == "row":
            assert {r for r, _ in rows_cols} == {unit.index}
        elif unit.kind == "column":
            assert {c for _, c in rows_cols} == {unit.index}
        else:
            assert unit.kind == "box"
            assert {(r // box_rows) * boxes_per_band + c // box_cols
                    for r, c in rows_cols} == {unit.index}
    kinds = [(u.kind, u.index) for u in shape.units]
    assert kinds == ([("row", i) for i in range(n)] + [("column", i) for i in range(n)]
                     + [("box", i) for i in range(n)])


@pytest.mark.parametrize("size", SIZES)
def test_every_cell_lies_in_exactly_one_row_one_column_and_one_box(size):
    shape = shape_for_size(size)
    for cell in range(shape.cell_count):
        containing = [u for u in shape.units if cell in u.cells]
        assert sorted(u.kind for u in containing) == ["box", "column", "row"]
        assert shape.units_of[cell] == tuple(shape.units.index(u) for u in containing)


@pytest.mark.parametrize("size", SIZES)
def test_peer_count_is_3_n_minus_1_less_the_box_cells_already_counted(size):
    shape = shape_for_size(size)
    expected = 3 * (size - 1) - (shape.box_rows - 1) - (shape.box_cols - 1)
    assert {len(peers) for peers in shape.peers} == {expected}


@pytest.mark.parametrize("box_rows, box_cols", ALL_BOXES)
def test_peers_are_exactly_the_cells_sharing_a_row_column_or_box(box_rows, box_cols):
    shape = shape_of(box_rows, box_cols)
    for cell in range(shape.cell_count):
        assert set(shape.peers[cell]) == coordinates_peers(cell, box_rows, box_cols)
        assert list(shape.peers[cell]) == sorted(shape.peers[cell])


def test_a_9x9_board_has_81_cells_27_units_and_20_peers_per_cell():
    shape = shape_for_size(9)
    assert (shape.cell_count, len(shape.units), len(shape.peers[40])) == (81, 27, 20)


# masks

@pytest.mark.parametrize("box_rows, box_cols", ALL_BOXES)
def test_unit_and_peer_masks_hold_the_same_cells_as_the_tuples(box_rows, box_cols):
    shape = shape_of(box_rows, box_cols)
    assert [bits(m) for m in shape.unit_masks] == [set(u.cells) for u in shape.units]
    assert [bits(m) for m in shape.peer_masks] == [set(p) for p in shape.peers]
    assert bits(shape.all_cells_mask) == set(range(shape.cell_count))


@pytest.mark.parametrize("box_rows, box_cols", ALL_BOXES)
def test_cell_unit_masks_hold_the_units_a_cell_lies_in(box_rows, box_cols):
    shape = shape_of(box_rows, box_cols)
    for cell in range(shape.cell_count):
        expected = [set(shape.units[i].cells) for i in shape.units_of[cell]]
        assert [bits(m) for m in shape.cell_unit_masks[cell]] == expected
        assert all(cell in unit for unit in expected)


@pytest.mark.parametrize("box_rows, box_cols", ALL_BOXES)
def test_independent_blocks_are_the_diagonal_boxes_sharing_no_row_or_column(box_rows, box_cols):
    shape = shape_of(box_rows, box_cols)
    boxes = shape.independent_blocks
    assert len(boxes) == min(box_rows, box_cols)
    assert [(box[0] // shape.size // box_rows, box[0] % shape.size // box_cols)
            for box in boxes] == [(i, i) for i in range(len(boxes))]
    rows = [{c // shape.size for c in box} for box in boxes]
    cols = [{c % shape.size for c in box} for box in boxes]
    for i in range(len(boxes)):
        assert len(boxes[i]) == shape.size
        for j in range(i):
            assert not rows[i] & rows[j] and not cols[i] & cols[j]


# symmetry orbits

@pytest.mark.parametrize("symmetry", SYMMETRIES)
@pytest.mark.parametrize("box_rows, box_cols", ALL_BOXES)
def test_orbits_partition_the_cells_and_are_closed_under_the_mirror_map(
        box_rows, box_cols, symmetry):
    shape = shape_of(box_rows, box_cols)
    orbits = shape.orbits(symmetry)
    cells = [cell for orbit in orbits for cell in orbit]
    assert sorted(cells) == list(range(shape.cell_count))
    for orbit in orbits:
        assert len(orbit) in (1, 2)
        assert {mirror_image(c, shape.size, symmetry) for c in orbit} == set(orbit)
        assert len(orbit) == len({orbit[0], mirror_image(orbit[0], shape.size, symmetry)})


def test_orbits_are_listed_in_order_of_their_first_cell():
    orbits = shape_of(3, 3).orbits("rotational")
    assert [o[0] for o in orbits] == sorted(o[0] for o in orbits)
    assert orbits[0] == (0, 80)
    assert (40,) in orbits


def test_no_symmetry_puts_every_cell_in_its_own_orbit():
    assert shape_of(2, 3).orbits("none") == tuple((c,) for c in range(36))


def test_an_unknown_symmetry_is_rejected_with_the_choices():
    with pytest.raises(ValueError) as err:
        shape_of(3, 3).orbits("spiral")
    assert str(err.value) == ("unknown symmetry 'spiral'; expected one of: "
                              "none, rotational, mirror, diagonal")


# parsing

def test_parse_shape_without_a_box_uses_the_conventional_one():
    assert parse_shape("9x9") == shape_of(3, 3)
    assert parse_shape("6x6") == shape_of(2, 3)
    assert parse_shape("12X12") == shape_of(3, 4)
    assert parse_shape("16×16") == shape_of(4, 4)


def test_parse_shape_with_a_box_uses_that_box():
    shape = parse_shape("6x6", "3x2")
    assert (shape.box_rows, shape.box_cols, shape.size) == (3, 2, 6)
    assert shape != parse_shape("6x6")
    assert shape.box_text == "3x2"


@pytest.mark.parametrize("size_text, box_text, message", [
    ("9x8", None, "size must be square, like 9x9; got '9x8'"),
    ("6x6", "3x3", "box 3x3 does not tile a 6x6 board (3*3 != 6)"),
    ("6x6", "6x1", "boxes must be at least 2x2, got 6x1"),
    ("7x7", None, "7x7 has no rectangular box of at least 2x2"),
    ("30x30", None, "size must be between 4 and 25, got 30"),
    ("3x3", None, "size must be between 4 and 25, got 3"),
    ("abc", None, "size must look like 9x9, got 'abc'"),
    ("9x9x9", None, "size must look like 9x9, got '9x9x9'"),
    ("-9x-9", None, "size must look like 9x9, got '-9x-9'"),
    ("", None, "size must look like 9x9, got ''"),
    ("9x9", "three by three", "box must look like 9x9, got 'three by three'"),
])
def test_parse_shape_errors_say_what_is_wrong(size_text, box_text, message):
    with pytest.raises(ValueError) as err:
        parse_shape(size_text, box_text)
    assert str(err.value) == message


def test_boxes_too_large_for_the_symbols_are_rejected():
    with pytest.raises(ValueError) as err:
        Shape(5, 6)
    assert str(err.value) == "5x6 boxes make a board larger than 25x25"


# text, equality, pickling

def test_str_is_the_board_size_and_box_text_the_box():
    shape = shape_of(3, 4)
    assert (str(shape), shape.box_text) == ("12x12", "3x4")


def test_units_and_cells_have_one_based_names():
    shape = shape_of(3, 3)
    assert [str(shape.units[i]) for i in (0, 9, 26)] == ["row 1", "column 1", "box 9"]
    assert shape.cell_name(0) == "r1c1"
    assert shape.cell_name(80) == "r9c9"
    assert shape_of(2, 3).cell_name(7) == "r2c2"


def test_shapes_are_equal_and_hash_alike_by_their_box_alone():
    assert Shape(2, 3) == shape_of(2, 3)
    assert hash(Shape(2, 3)) == hash(shape_of(2, 3))
    assert Shape(2, 3) != Shape(3, 2)


@pytest.mark.parametrize("box_rows, box_cols", ALL_BOXES)
def test_a_pickled_shape_round_trips_equal_with_the_same_tables(box_rows, box_cols):
    shape = Shape(box_rows, box_cols)
    copy = pickle.loads(pickle.dumps(shape))
    assert copy == shape
    assert (copy.size, copy.units, copy.peers, copy.peer_masks, copy.cell_unit_masks) == \
        (shape.size, shape.units, shape.peers, shape.peer_masks, shape.cell_unit_masks)
