"""Boards: families, files, networkx graphs and cells, checked by counts that
follow from the definitions, by isomorphism with the library's own families
and by round trips."""
import os

import networkx as nx
import pytest

import cycles
from helpers import SOURCE, cli, cli_json, minimax


@pytest.mark.parametrize("r,c", [(2, 3), (3, 3), (3, 4)])
def test_grid_counts(r, c):
    b = cycles.Board.family(f"grid:{r}x{c}")
    assert (b.nv, b.ne, len(b.cells)) == (r * c, r * (c - 1) + c * (r - 1), (r - 1) * (c - 1))
    assert len(b.edges) == b.ne and len(set(b.vertices)) == b.nv


def test_family_errors_carry_the_library_message():
    with pytest.raises(cycles.BoardError) as e:
        cycles.Board.family("grid:1x0")
    rc, out, err = cli("solve", "grid:1x0", ok=False)
    assert rc == 1 and out == ""
    assert err.strip() == "cycles: " + str(e.value)


def test_families_are_those_of_the_program():
    names = [f.name for f in cycles.families()]
    _, out, _ = cli("families")
    assert [f.usage for f in cycles.families()] == [line.split()[0] for line in out.splitlines()]
    assert "k4" in names and "grid" in names


def test_load(tmp_path):
    path = os.path.join(SOURCE, "boards", "figure1.json")
    b = cycles.Board.load(path)
    assert b.ne == 14
    with pytest.raises(FileNotFoundError):
        cycles.Board.load(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"cells": [[1, 2]]}')
    with pytest.raises(cycles.BoardError, match="bad.json: "):
        cycles.Board.load(bad)


def test_load_checks_the_size_first(tmp_path):
    # a sparse file past the 64 MiB limit: refused by its size, with the
    # command line's words, before a byte is read
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate((64 << 20) + 1)
    with pytest.raises(cycles.BoardError, match="big.json: file is larger than 64 MiB"):
        cycles.Board.load(big)
    rc, _, err = cli("show", str(big), ok=False)
    assert rc == 1 and "file is larger than 64 MiB" in err


def test_load_a_long_path(tmp_path):
    # a BennTaylor path of 100,000 vertices: its reader once recursed per vertex
    n = 100000
    p = tmp_path / "path.txt"
    p.write_text("path\n%d %d\nEDGES\n" % (n, n - 1) + "".join("%d %d\n" % (i, i + 1) for i in range(n - 1)) + "CYCLES")
    b = cycles.Board.load(p)
    assert (b.nv, b.ne) == (n, n - 1)


def test_json_round_trip_keeps_the_moves():
    p = cycles.Board.family("grid:3x3").play("1->2 5->4")
    b = cycles.Board.from_json(p.to_json())
    assert b.isomorphic(p.board)
    assert b.play(b.file_moves).moves == p.moves


def bowtie():
    return nx.Graph([(1, 2), (2, 3), (3, 1), (1, 4), (4, 5), (5, 1)])


def test_butterflies_from_networkx():
    open_ = cycles.Board.from_networkx(bowtie())
    closed = cycles.Board.from_networkx(bowtie(), outer=[1, 2, 3])
    assert open_.isomorphic(cycles.Board.family("butterfly"))
    assert closed.isomorphic(cycles.Board.family("butterfly:closed"))
    assert not open_.isomorphic(closed)
    assert sorted(open_.outer) == ["1", "1", "2", "3", "4", "5"]
    assert sorted(closed.outer) == ["1", "2", "3"]


def test_networkx_graphs_give_the_families():
    # the square grid's outer face is its longest: the default outer face
    g = nx.grid_2d_graph(3, 3)
    b = cycles.Board.from_networkx(g)
    assert b.isomorphic(cycles.Board.family("grid:3x3")) and "1_1" in b.vertices
    named = cycles.Board.from_networkx(g, labels={v: f"r{v[0]}c{v[1]}" for v in g})
    assert "r1c1" in named.vertices
    assert cycles.Board.from_networkx(nx.complete_graph(4)).isomorphic(cycles.Board.family("k4"))
    assert cycles.Board.from_networkx(nx.cycle_graph(5)).isomorphic(cycles.Board.family("cycle:5"))


def test_a_given_embedding_is_used():
    ok, emb = nx.check_planarity(bowtie())
    b = cycles.Board.from_networkx(emb, outer=[1, 4, 5])
    assert b.isomorphic(cycles.Board.family("butterfly:closed"))


def test_networkx_errors():
    with pytest.raises(cycles.BoardError, match="not planar"):
        cycles.Board.from_networkx(nx.complete_graph(5))
    with pytest.raises(cycles.BoardError, match="no face"):
        cycles.Board.from_networkx(bowtie(), outer=[2, 3, 4])
    with pytest.raises(cycles.BoardError):
        cycles.Board.from_networkx(nx.Graph([(1, 2), (3, 4)]))  # not connected


@pytest.mark.parametrize("spec", ["k4", "grid:3x3", "butterfly:closed", "lollipop:4", "theta:2,3,4", "spider:1,2"])
def test_to_networkx_round_trip(spec):
    b = cycles.Board.family(spec)
    G = b.to_networkx()
    assert G.number_of_nodes() == b.nv and G.number_of_edges() == b.ne
    assert sorted(b.special) == sorted(v for v, d in G.nodes(data=True) if d["special"])
    G.graph["embedding"].check_structure()
    back = cycles.Board.from_networkx(G)
    assert back.isomorphic(b)
    assert back.special == b.special


def test_from_cells():
    b = cycles.Board.from_cells([["a", "b", "c", "d"]], name="square")
    assert b.isomorphic(cycles.Board.family("cycle:4")) and b.name == "square"
    assert b.vertices == ["a", "b", "c", "d"]
    two = cycles.Board.from_cells([[1, 2, 3], [1, 3, 4]])
    assert two.isomorphic(cycles.Board.family("chord:4,2"))
    with pytest.raises(cycles.BoardError, match="both"):
        cycles.Board.from_cells([[1, 2, 3], [1, 2, 4]])  # 1->2 walked the same way by both cells


def test_a_missing_library_is_a_clear_import_error(tmp_path):
    import subprocess
    import sys
    env = dict(os.environ, CYCLES_LIBRARY=str(tmp_path / "libcycles.so.0"),
               PYTHONPATH=os.path.join(SOURCE, "python"))
    r = subprocess.run([sys.executable, "-c", "import cycles"], capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode != 0
    assert "cannot load libcycles" in r.stderr and "CYCLES_LIBRARY" in r.stderr


def test_convert():
    b = cycles.Board.family("k4")
    assert cycles.Board.from_json(b.convert("table")).isomorphic(b)
    assert b.convert("dot").startswith(("graph", "strict", "//", "digraph"))
    with pytest.raises(ValueError):
        b.convert("png")


def test_surface_boards():
    # the 3x3 torus grid: 9 vertices, 18 edges, 9 square cells, no outer face
    t = cycles.Board.family("torus:3x3")
    assert t.surface == {"orientable": True, "genus": 1}
    assert t.outer == [] and len(t.cells) == 9 and all(len(c) == 4 for c in t.cells)
    G = t.to_networkx()
    assert G.number_of_nodes() == 9 and G.number_of_edges() == 18
    assert G.graph["surface"] == t.surface and "embedding" not in G.graph
    with pytest.raises(cycles.CyclesError, match="no plane drawing"):
        t.layout()
    k = cycles.Board.family("projective-k6")
    assert k.surface == {"orientable": False, "genus": 1}
    # V - E + F = 1 on the projective plane
    assert k.nv - k.ne + len(k.cells) == 1
    assert cycles.Board.family("k4").surface is None
    # the native JSON keeps the surface
    assert cycles.Board.from_json(k.to_json()).surface == k.surface


def test_parallel_edges():
    # BennTaylor's SP3: three vertices on the torus, every pair joined twice
    path = os.path.join(SOURCE, "tests", "data", "benntaylor", "SP3_encoding.txt")
    b = cycles.Board.load(path)
    assert b.surface == {"orientable": True, "genus": 1}
    assert b.nv == 3 and b.ne == 6 and len(b.cells) == 3
    G = b.to_networkx()
    assert G.is_multigraph() and G.number_of_edges() == 6
    # a move along one of two parallel edges names it; the answer is the
    # program's, and the exhaustive search over the binding's moves agrees
    with pytest.raises(cycles.CyclesError, match="name one"):
        b.play("0->1")
    pos = b.play("e0:2->0 e1:0->1 e2:1->0")
    want = cli_json("solve", path, "--moves", "e0:2->0 e1:0->1 e2:1->0")
    assert sorted(pos.solve().winning_moves) == sorted(want["winning_moves"])
    assert minimax(pos) == (want["winner"] == 2)
    assert minimax(b) == (cli_json("solve", path)["winner"] == 1)
