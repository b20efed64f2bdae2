"""cycles.positions: every reachable position, against `cycles positions`
(the same listing through the program) and against an exhaustive search over
the binding's moves (helpers.minimax)."""
import csv
import io

import pytest

import cycles
from helpers import cli, minimax, reachable


@pytest.mark.parametrize("spec", ["k4", "butterfly:closed", "grid:2x3"])
def test_records_are_the_programs(spec):
    recs = cycles.position_records(cycles.Board.family(spec))
    _, out, _ = cli("positions", spec, "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(recs) == len(rows)
    for r, row in zip(recs, rows):
        assert r["moves"] == row["moves"] and r["outcome"] == row["outcome"]
        assert r["grundy"] == (int(row["grundy"]) if row["grundy"] else None)
        assert int(r["over"]) == int(row["over"]) and r["winner"] == int(row["winner"])


@pytest.mark.parametrize("spec", ["k4", "cycle:5", "lollipop:4"])
def test_every_outcome_agrees_with_an_exhaustive_search(spec):
    b = cycles.Board.family(spec)
    memo = {}
    seen = set()
    for r in cycles.positions(b):
        p = r.position
        assert p.moves == r.moves and r.moves not in seen
        seen.add(r.moves)
        assert r.over == p.over and r.played == p.played and r.to_move == p.to_move
        assert r.outcome == ("N" if minimax(p, memo) else "P")
    # every reachable position is listed, and no other
    assert seen == reachable(b)


def test_from_a_position_and_limits():
    p = cycles.Board.family("k4").play("1->2")
    recs = list(cycles.positions(p))
    assert recs[0].moves == "1->2" and all(r.played >= 1 for r in recs)
    assert recs[0].grundy is not None
    assert all(isinstance(r, cycles.PositionRecord) for r in recs)
    with pytest.raises(cycles.SolverError, match="at most 20"):
        next(cycles.positions(cycles.Board.family("grid:3x5")))
