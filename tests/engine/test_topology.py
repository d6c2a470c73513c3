"""Board shapes: neighbour counts and symmetry on all three shapes."""

import pytest

from amigasweeper.engine import Shape, make_topology


@pytest.mark.parametrize("shape", list(Shape))
def test_neighbours_are_symmetric_and_exclude_self(shape):
    topo = make_topology(shape, 9, 7)
    for cell in topo.cells():
        assert cell not in topo.neighbours[cell]
        for near in topo.neighbours[cell]:
            assert cell in topo.neighbours[near]


@pytest.mark.parametrize("shape", list(Shape))
def test_interior_cells_have_the_full_neighbour_count(shape):
    topo = make_topology(shape, 9, 9)
    assert len(topo.neighbours[topo.index(4, 4)]) == shape.max_neighbours
    assert max(len(n) for n in topo.neighbours) == shape.max_neighbours


def test_square_corner_has_three_neighbours():
    topo = make_topology(Shape.SQUARE, 8, 8)
    assert topo.neighbours[0] == (1, 8, 9)


def test_hex_odd_rows_are_shifted_right():
    topo = make_topology(Shape.HEX, 5, 5)
    # Even row 2, col 2: the rows above and below touch cols 1 and 2.
    assert set(topo.neighbours[topo.index(2, 2)]) == {
        topo.index(1, 1), topo.index(2, 1), topo.index(1, 2), topo.index(3, 2), topo.index(1, 3), topo.index(2, 3)
    }
    # Odd row 1, col 2: the rows above and below touch cols 2 and 3.
    assert set(topo.neighbours[topo.index(2, 1)]) == {
        topo.index(2, 0), topo.index(3, 0), topo.index(1, 1), topo.index(3, 1), topo.index(2, 2), topo.index(3, 2)
    }


def test_triangle_up_touches_three_above_and_five_below():
    topo = make_topology(Shape.TRIANGLE, 10, 5)
    cell = topo.index(4, 2)  # row + col even: points up
    assert topo.points_up(cell)
    rows = {}
    for near in topo.neighbours[cell]:
        col, row = topo.coords(near)
        rows.setdefault(row, []).append(col)
    assert sorted(rows[1]) == [3, 4, 5]
    assert sorted(rows[2]) == [2, 3, 5, 6]
    assert sorted(rows[3]) == [2, 3, 4, 5, 6]


def test_triangle_down_touches_five_above_and_three_below():
    topo = make_topology(Shape.TRIANGLE, 10, 5)
    cell = topo.index(5, 2)
    assert not topo.points_up(cell)
    rows = {}
    for near in topo.neighbours[cell]:
        col, row = topo.coords(near)
        rows.setdefault(row, []).append(col)
    assert sorted(rows[1]) == [3, 4, 5, 6, 7]
    assert sorted(rows[3]) == [4, 5, 6]


def test_topologies_are_cached_and_validated():
    assert make_topology("square", 8, 8) is make_topology(Shape.SQUARE, 8, 8)
    with pytest.raises(ValueError):
        make_topology(Shape.SQUARE, 0, 8)
