"""The rule variants from Python (Position.solve, play, game and
cycles.positions with rules=, players=, extra_turn=) give the answers of the
command line (`cycles solve --rules NAME --json`, `cycles positions --rules
NAME --json`), and their errors are CyclesErrors."""
import json

import pytest

import cycles
from helpers import cli

RULES = [("misere", None, False), ("draw", None, False), ("score", None, False), ("score", None, True),
         ("any-cycle", None, False), ("standard", 3, False), ("standard", 4, False)]


def flags(rules, players, extra):
    out = ["--rules", rules]
    if players:
        out += ["--players", str(players)]
    if extra:
        out.append("--extra-turn")
    return out


# answers that depend on the run, not the position
RUN = {"positions", "seconds"}


@pytest.mark.parametrize("rules,players,extra", RULES)
@pytest.mark.parametrize("spec,moves", [("k4", ""), ("butterfly", "1->2 3->1"), ("grid:2x3", "1->2")])
def test_solve_is_the_programs(spec, moves, rules, players, extra):
    b = cycles.Board.family(spec)
    p = b.play(moves, rules=rules, players=players, extra_turn=extra)
    mine = p.solve(rules=rules, players=players, extra_turn=extra)
    assert isinstance(mine, cycles.VariantSolution)
    args = ["solve", spec, *flags(rules, players, extra), "--json", "--quiet"]
    if moves:
        args += ["--moves", moves]
    theirs = json.loads(cli(*args)[1])
    assert {k: v for k, v in mine.raw.items() if k not in RUN} == {k: v for k, v in theirs.items() if k not in RUN}
    assert mine.winner == theirs["winner"] and mine.to_move == theirs["to_move"]


@pytest.mark.parametrize("rules,players,extra", RULES)
@pytest.mark.parametrize("spec", ["k4", "cycle:4", "butterfly"])
def test_positions_are_the_programs(spec, rules, players, extra):
    mine = cycles.position_records(cycles.Board.family(spec), rules=rules, players=players, extra_turn=extra)
    theirs = json.loads(cli("positions", spec, *flags(rules, players, extra), "--json", "--quiet")[1])
    assert len(mine) == len(theirs) > 10
    for m, t in zip(mine, theirs):
        assert m == {k: t[k] for k in m}, (m, t)


def test_score_turns_and_points_as_the_program_plays_them():
    # k4: player 1 completes the cell 1 2 4 with its third edge; with extra
    # turns player 1 moves again
    b = cycles.Board.family("k4")
    for extra in (False, True):
        p = b.play("1->2 2->4", rules="score", extra_turn=extra).play("4->1", rules="score", extra_turn=extra)
        g = p.game(rules="score", extra_turn=extra)
        assert g.to_move == (1 if extra else 2)
        args = ["solve", "k4", "--rules", "score", "--moves", "1->2 2->4 4->1", "--json", "--quiet"]
        theirs = json.loads(cli(*(args + (["--extra-turn"] if extra else [])))[1])
        assert g.to_move == theirs["to_move"] and g.score == theirs["score"] and g.played == 3
        assert sum(g.score) == 1
    # the standard rules end the game at a cycle cell; the score rules do not
    done = b.play("1->2 2->4 4->1")
    with pytest.raises(cycles.IllegalMoveError):
        done.play("3->1")
    assert done.play("3->1", rules="score").played == 4


def test_errors_are_cycles_errors():
    b = cycles.Board.family("k4")
    for bad in [dict(rules="foo"), dict(rules="misere", extra_turn=True), dict(players=9),
                dict(rules="score", players=3), dict(players="3"), dict(rules=3)]:
        with pytest.raises(cycles.RulesError) as e:
            b.solve(**bad)
        assert isinstance(e.value, cycles.CyclesError) and str(e.value)
        with pytest.raises(cycles.CyclesError):
            list(cycles.positions(b, **bad))
        with pytest.raises(cycles.CyclesError):
            b.play("1->2", **bad)
    with pytest.raises(cycles.IllegalMoveError):
        b.play("1->2 2->1", rules="misere")
    with pytest.raises(cycles.SolverError):
        list(cycles.positions(cycles.Board.family("grid:3x5"), rules="misere"))
