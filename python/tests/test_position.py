"""Positions: playing, legal and death moves, answers and pictures, checked
against the program's answers, against each other and against an exhaustive
search over the binding's moves (helpers.minimax)."""
import re

import pytest

import cycles
from helpers import cli, cli_json, minimax

SPECS = ["k4", "cycle:4", "grid:2x3", "butterfly", "butterfly:closed", "lollipop:4", "theta:2,2,3"]


def test_play_returns_a_new_position():
    b = cycles.Board.family("k4")
    p = b.play("1->2")
    q = p.play(["2->3", "3->4"])
    assert (b.played, p.played, q.played) == (0, 1, 3)
    assert (b.to_move, p.to_move, q.to_move) == (1, 2, 2)
    assert b.moves == "" and p.moves == "1->2" and q.last_move == "3->4"
    assert b.play("1->2") == p and hash(b.play("1->2")) == hash(p) and p != q


def test_illegal_moves_carry_the_library_message():
    b = cycles.Board.family("cycle:3")
    with pytest.raises(cycles.IllegalMoveError) as e:
        b.play("3->1 2->1")
    rc, out, err = cli("solve", "cycle:3", "--moves", "3->1 2->1", ok=False)
    assert rc == 1 and out == ""
    assert err.strip() == "cycles: --moves: " + str(e.value)
    with pytest.raises(cycles.IllegalMoveError, match="no vertex 9"):
        b.play("1->9")


@pytest.mark.parametrize("spec", SPECS)
def test_legal_moves_are_the_playable_ones(spec):
    b = cycles.Board.family(spec)
    p = b.play(b.legal_moves()[0])
    legal = set(p.legal_moves())
    every = {f"{u}->{v}" for u, v in b.edges} | {f"{v}->{u}" for u, v in b.edges}
    for m in every:
        try:
            p.play(m)
            playable = True
        except cycles.IllegalMoveError:
            playable = False
        assert playable == (m in legal), m
    # a death move lets the opponent complete a cycle cell at once
    for m in p.death_moves():
        q = p.play(m)
        assert any(q.play(r).cycle_cell is not None for r in q.legal_moves()), m
    for m in legal - set(p.death_moves()):
        q = p.play(m)
        if q.cycle_cell is None:
            assert not any(q.play(r).cycle_cell is not None for r in q.legal_moves()), m


@pytest.mark.parametrize("spec", SPECS)
def test_solve_agrees_with_an_exhaustive_search(spec):
    b = cycles.Board.family(spec)
    memo = {}
    for p in [b, b.play(b.legal_moves()[0])]:
        s = p.solve()
        wins = minimax(p, memo)
        assert s.outcome == ("N" if wins else "P") and s.complete
        assert s.winner == (p.to_move if wins else 3 - p.to_move)
        for m in p.legal_moves():
            q = p.play(m)
            assert (m in s.winning_moves) == (q.cycle_cell is not None or not minimax(q, memo))
        if not wins:
            for m, r in s.replies.items():
                q = p.play(m).play(r)
                assert q.cycle_cell is not None or not minimax(q, memo)


@pytest.mark.parametrize("spec", ["k4", "grid:2x3", "butterfly:closed"])
def test_solve_is_what_the_program_prints(spec):
    s = cycles.Board.family(spec).solve()
    d = cli_json("solve", spec)
    for k in ("outcome", "winner", "grundy", "winning_moves", "to_move", "over"):
        assert getattr(s, k) == d[k], k
    assert s.replies == d.get("replies", {})


def test_solve_without_grundy_and_with_a_timeout():
    # without Grundy values only who wins is sought: a won position's value
    # stays unknown (a lost one's is 0 all the same)
    s = cycles.Board.family("cycle:5").solve(grundy=False)
    assert s.grundy is None and s.winner == cycles.Board.family("cycle:5").solve().winner == 1
    # far beyond a fraction of a second: a partial answer, not an error
    s = cycles.Board.family("grid:4x5").solve(timeout=0.2, threads=1)
    assert not s.complete
    with pytest.raises(ValueError):
        cycles.Board.family("k4").solve(timeout=0)


def test_too_big_for_the_solver():
    with pytest.raises(cycles.SolverError, match="edges"):
        cycles.Board.family("grid:6x8").solve()


def test_pictures():
    b = cycles.Board.family("grid:3x3")
    assert b._repr_svg_().lstrip().startswith("<")
    assert "</svg>" in b._repr_svg_()
    p = b.play("1->2 5->4")
    svg = p.draw(hints=True)
    assert svg.data.count('class="hint"') == len(p.solve().winning_moves) > 0
    assert svg.data.count('class="last-move"') == 1
    assert p.draw().data.count('class="hint"') == 0
    assert "my caption" in p.draw(caption="my caption").data
    assert re.search(r'<svg [^>]*width="1600" ', p.draw(width=1600).data)
    assert 'id="legend"' in p.draw(legend=True).data and 'id="legend"' not in p.draw().data


def test_save_svg(tmp_path):
    cycles.Board.family("k4").draw().save(tmp_path / "k4.svg")
    assert re.search(r"<svg", (tmp_path / "k4.svg").read_text())
