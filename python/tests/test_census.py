"""cycles.census.open on a small SQLite database the test makes itself, and
on a real census made by `cycles census run`."""
import sqlite3

import pytest

import cycles
from helpers import cli


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "census.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE boards (id INTEGER PRIMARY KEY, spec TEXT, edges INTEGER, winner INTEGER)")
    con.execute("CREATE TABLE runs (started TEXT)")
    rows = [("k4", 6), ("cycle:5", 5), ("grid:2x3", 7)]
    for spec, edges in rows:
        con.execute("INSERT INTO boards (spec, edges, winner) VALUES (?, ?, ?)",
                    (spec, edges, cycles.Board.family(spec).solve().winner))
    con.execute("INSERT INTO runs VALUES ('today')")
    con.commit()
    con.close()
    return path


def test_tables_and_rows(db):
    with cycles.census.open(db) as c:
        assert c.tables == ["boards", "runs"]
        assert c.columns() == ["id", "spec", "edges", "winner"]
        rows = list(c.rows())
        assert [r["spec"] for r in rows] == ["k4", "cycle:5", "grid:2x3"]
        assert isinstance(rows[0], dict)
        assert [r["spec"] for r in c.rows(edges=5)] == ["cycle:5"]
        assert list(c.rows("runs")) == [{"started": "today"}]
        assert c.query("SELECT COUNT(*) AS n FROM boards WHERE winner = ?", 2)[0]["n"] == \
            sum(1 for r in rows if r["winner"] == 2)
        for r in rows:
            assert c.board(r).solve().winner == r["winner"]


def test_errors(db, tmp_path):
    with pytest.raises(FileNotFoundError):
        cycles.census.open(tmp_path / "nope.db")
    junk = tmp_path / "junk.db"
    junk.write_text("not a database at all, just text " * 10)
    with pytest.raises(ValueError, match="not a census database"):
        cycles.census.open(junk)
    with cycles.census.open(db) as c:
        with pytest.raises(ValueError, match="no column"):
            list(c.rows(colour="red"))
        with pytest.raises(ValueError, match="no table"):
            list(c.rows("nothing"))
    # read-only: the file is not changed
    with cycles.census.open(db) as c:
        with pytest.raises(sqlite3.OperationalError):
            c.query("DELETE FROM boards")


def test_a_real_census(tmp_path):
    """The boards of 1 to 4 edges (1, 1, 3 and 6 by hand, issue 11): each row's
    board read back, with the winner the row records."""
    path = tmp_path / "real.db"
    cli("census", "run", "--edges", "1..4", "--db", str(path), "--quiet")
    with cycles.census.open(path) as c:
        rows = list(c.rows())
        assert [sum(1 for r in rows if r["edges"] == e) for e in range(1, 5)] == [1, 1, 3, 6]
        for r in rows:
            b = c.board(r)
            assert len(b.edges) == r["edges"]
            assert b.solve().winner == r["winner"]
