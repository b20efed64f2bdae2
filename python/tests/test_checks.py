"""What the binding refuses before anything reaches the library: marks of
the wrong length or value, darts that are not the board's, NUL characters
in the strings handed to C, and the bounds the command line puts on
threads, memory and timeout (with the command line's words), census limits,
and loops or parallel edges in a networkx graph."""
import math
import re
import sqlite3

import networkx as nx
import pytest

import cycles
from helpers import cli


def cli_refusal(*args):
    """The message of a usage error of the cycles program (exit status 2),
    without "cycles: "."""
    rc, out, err = cli(*args, ok=False)
    assert rc == 2 and out == "", (rc, out, err)
    return err.strip().removeprefix("cycles: ")


# ---------------------------------------------------------------- marks

@pytest.mark.parametrize("marks", [b"", b"\x01", b"\x00" * 5, b"\x00" * 7, b"\x01" * 100])
def test_marks_of_another_length_are_refused(marks):
    k4 = cycles.Board.family("k4")  # 6 edges
    with pytest.raises(ValueError, match=f"{len(marks)} marks for a board of 6 edges"):
        cycles.Position(k4, marks)


@pytest.mark.parametrize("marks", [b"\x03\x00\x00\x00\x00\x00", b"\x00\x00\x00\x00\x00\xff"])
def test_marks_other_than_0_1_2_are_refused(marks):
    with pytest.raises(ValueError, match="is not 0"):
        cycles.Position(cycles.Board.family("k4"), marks)


def test_marks_of_the_right_length_round_trip():
    # every position reached by play gives itself back from its marks, and
    # the rebuilt one answers as the original (its moves, legal moves)
    k4 = cycles.Board.family("k4")
    p = k4.play("1->2 3->4")
    assert len(p.marks) == k4.ne
    q = cycles.Position(k4, p.marks)
    assert q == p and q.moves == p.moves and q.legal_moves() == p.legal_moves()
    assert cycles.Position(k4, list(p.marks)) == p


@pytest.mark.parametrize("last", [-2, 12, 10 ** 9, True, 1.0])
def test_a_last_move_not_of_the_board_is_refused(last):
    k4 = cycles.Board.family("k4")
    with pytest.raises(ValueError, match="not a move of the board"):
        cycles.Position(k4, bytes(6), last=last)


def test_a_history_not_of_the_marks_is_refused():
    k4 = cycles.Board.family("k4")
    p = k4.play("1->2")
    d = p._history[0]
    assert cycles.Position(k4, p.marks, history=(d,)).game().played == 1
    with pytest.raises(ValueError, match="not one of the board's"):
        cycles.Position(k4, p.marks, history=(10 ** 6,))
    with pytest.raises(ValueError, match="not the moves of the marks"):
        cycles.Position(k4, p.marks, history=(d ^ 1,))  # the other direction
    with pytest.raises(ValueError, match="not the moves of the marks"):
        cycles.Position(k4, p.marks, history=())


def test_a_board_of_another_kind_is_refused():
    with pytest.raises(TypeError):
        cycles.Position("k4", bytes(6))
    with pytest.raises(TypeError):
        cycles.Position(cycles.Board.family("k4"), "\x00" * 6)


# ---------------------------------------------------------------- the command line's bounds

@pytest.mark.parametrize("threads", [0, -3, 10 ** 6, 257])
def test_threads_out_of_bounds_are_refused_as_the_command_line_does(threads):
    msg = cli_refusal("solve", "k4", "--threads", str(threads))
    bounds = re.search(r"wants a whole number from \d+ to \d+", msg).group(0)
    with pytest.raises(ValueError, match=f"^threads {bounds}, not {threads}$"):
        cycles.Board.family("k4").solve(threads=threads)


@pytest.mark.parametrize("threads", [1.5, "4", True])
def test_threads_not_whole_numbers_are_refused(threads):
    with pytest.raises(ValueError, match="threads wants a whole number"):
        cycles.Board.family("k4").solve(threads=threads)


def test_threads_within_bounds_are_taken():
    # the bounds the command line prints are accepted at both ends
    msg = cli_refusal("solve", "k4", "--threads", "0")
    lo, hi = map(int, re.search(r"from (\d+) to (\d+)", msg).groups())
    k4 = cycles.Board.family("k4")
    assert k4.solve(threads=lo).winner == k4.solve(threads=hi).winner == k4.solve().winner


@pytest.mark.parametrize("memory", [0, 1, 1024, (1 << 20) - 1, "1K", "1023K", "0.5M"])
def test_memory_under_the_least_is_refused_as_the_command_line_does(memory):
    msg = cli_refusal("solve", "k4", "--memory", "1K")
    least = re.search(r"is at least (\d+M)", msg).group(1)
    with pytest.raises(ValueError, match=f"^memory is at least {least}, not {re.escape(repr(memory))}$"):
        cycles.Board.family("k4").solve(memory=memory)


@pytest.mark.parametrize("memory", [-1, 10 ** 16, 1.5e9, "lots", "0x1000000", " 64M", "k4\0"])
def test_memory_malformed_is_refused(memory):
    with pytest.raises(ValueError, match="memory wants a size|NUL"):
        cycles.Board.family("k4").solve(memory=memory)


def test_memory_at_the_least_is_taken():
    k4 = cycles.Board.family("k4")
    assert k4.solve(memory=1 << 20).winner == k4.solve(memory="1M").winner == k4.solve().winner
    assert len(list(cycles.positions(k4, memory="1M"))) == len(list(cycles.positions(k4)))


@pytest.mark.parametrize("timeout", [0, -1, math.nan, math.inf, 1e400, 2e9, "5", True, 10 ** 400])
def test_timeouts_the_command_line_refuses_are_refused(timeout):
    if isinstance(timeout, float):
        # the command line refuses the same number with the same words
        msg = cli_refusal("solve", "k4", "--timeout", repr(timeout))
        assert "wants a positive number of seconds" in msg
    with pytest.raises(ValueError, match="^timeout wants a positive number of seconds"):
        cycles.Board.family("k4").solve(timeout=timeout)


# ---------------------------------------------------------------- NUL characters

def test_nul_in_a_family_name_is_refused():
    assert cycles.Board.family("k4").ne == 6
    with pytest.raises(ValueError, match="NUL"):
        cycles.Board.family("k4\x00zzz")


@pytest.mark.parametrize("call", [
    lambda k4: k4.play("1->2\x00 3->4"),
    lambda k4: k4.solve(rules="misere\x00zzz"),
    lambda k4: k4.draw(caption="a\x00b"),
    lambda k4: k4.convert("json\x00zzz"),
    lambda k4: cycles.Board.from_cells([["a", "b", "c"]], name="x\x00y"),
    lambda k4: cycles.Board.from_cells([["a\x00z", "b", "c"]]),
])
def test_nul_in_any_string_for_the_library_is_refused(call):
    with pytest.raises(ValueError, match="NUL"):
        call(cycles.Board.family("k4"))


# ---------------------------------------------------------------- census limits

@pytest.fixture
def db(tmp_path):
    path = tmp_path / "census.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE boards (spec TEXT)")
    con.executemany("INSERT INTO boards VALUES (?)", [("k4",), ("cycle:5",), ("grid:2x3",)])
    con.commit()
    con.close()
    return path


@pytest.mark.parametrize("limit", [-1, -10 ** 9, 2.5, "2", True, 10 ** 12])
def test_census_limits_out_of_bounds_are_refused(db, limit):
    with cycles.census.open(db) as c:
        with pytest.raises(ValueError, match="limit wants a whole number"):
            list(c.rows(limit=limit))


def test_census_limits_in_bounds_are_taken(db):
    with cycles.census.open(db) as c:
        n = len(list(c.rows()))
        assert [len(list(c.rows(limit=k))) for k in range(n + 2)] == [min(k, n) for k in range(n + 2)]


# ---------------------------------------------------------------- networkx

def test_a_self_loop_is_refused_not_dropped():
    g = nx.cycle_graph(4)
    assert cycles.Board.from_networkx(g).ne == 4
    g.add_edge(2, 2)
    with pytest.raises(cycles.BoardError, match="loop at vertex 2"):
        cycles.Board.from_networkx(g)


def test_parallel_edges_are_refused_not_merged():
    g = nx.MultiGraph(nx.cycle_graph(4))
    assert cycles.Board.from_networkx(g).ne == 4  # a multigraph with single edges is fine
    g.add_edge(0, 1)
    with pytest.raises(cycles.BoardError, match="2 edges joining 0 and 1"):
        cycles.Board.from_networkx(g)


@pytest.mark.parametrize("players", [10 ** 100, -10 ** 100, 2 ** 31, 9, 1])
def test_players_out_of_range_are_refused_in_the_librarys_words(players):
    with pytest.raises(cycles.RulesError, match="players wants a whole number from 2 to 8"):
        cycles.Board.family("k4").solve(players=players)


def test_a_board_file_over_the_command_lines_bound_is_refused(tmp_path):
    # the command line's words for the same file
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate((64 << 20) + 1)  # sparse: no disk is written
    rc, out, err = cli("show", str(big), ok=False)
    assert rc == 1 and "larger than 64 MiB" in err
    with pytest.raises(cycles.BoardError, match="larger than 64 MiB"):
        cycles.Board.load(big)


def test_an_unknown_engine_is_refused_as_the_command_line_does():
    msg = cli_refusal("solve", "k4", "--engine", "quick")
    assert msg == '--engine is fast or plain, not "quick"'
    with pytest.raises(ValueError, match="^engine is fast or plain, not 'quick'$"):
        cycles.Board.family("k4").solve(engine="quick")


def test_from_cells_reads_an_outer_walk_or_special_given_as_an_iterator_once():
    # the walks were read twice: an iterator came back empty the second time
    cells = [["a", "b", "c"], ["a", "c", "d"]]
    want = cycles.Board.from_cells(cells, outer=["a", "d", "c", "b"], special=["b"])
    got = cycles.Board.from_cells(cells, outer=iter(["a", "d", "c", "b"]), special=iter(["b"]))
    assert got.outer == want.outer and got.special == want.special == ["b"]
