"""Reading a census database (SQLite) of boards and their values.

The census is built by ``cycles census`` (another part of the project); this
module reads any SQLite file generically: the tables and views are discovered,
rows come back as dicts, and "boards" is the default when there is one (in a
census of schema 3 a view: the boards with their standard results).

    >>> with cycles.census.open("census.db") as db:
    ...     rows = db.rows(edges=6)
"""
import os
import sqlite3
from typing import Iterator, List, Optional


class Census:
    """An open census database (read-only)."""

    def __init__(self, path):
        path = os.fspath(path)
        if not os.path.isfile(path):
            raise FileNotFoundError(f"{path}: no such census database")
        self.path = path
        self._db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        self._db.row_factory = sqlite3.Row
        try:
            self.tables = [r[0] for r in self._db.execute(
                "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        except sqlite3.DatabaseError as e:
            self._db.close()
            raise ValueError(f"{path}: not a census database ({e})") from None

    def _table(self, table: Optional[str]) -> str:
        if table is None:
            if "boards" in self.tables:
                return "boards"
            if len(self.tables) == 1:
                return self.tables[0]
            raise ValueError(f"{self.path}: name a table, one of {', '.join(self.tables) or '(none)'}")
        if table not in self.tables:
            raise ValueError(f"{self.path}: no table {table!r} (tables: {', '.join(self.tables) or '(none)'})")
        return table

    def columns(self, table: Optional[str] = None) -> List[str]:
        """The columns of a table (default: boards)."""
        t = self._table(table)
        return [r[1] for r in self._db.execute(f'PRAGMA table_info("{t}")')]

    def rows(self, table: Optional[str] = None, limit: Optional[int] = None, **where) -> Iterator[dict]:
        """The rows of a table (default: boards) as dicts, those whose columns
        equal the keyword arguments (rows(edges=6, winner=1)); at most limit
        of them (a whole number from 0; None: all)."""
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or not 0 <= limit <= 100000000):
            # as cycles census query --limit (whose 0 means all; here None does)
            raise ValueError(f"limit wants a whole number from 0 to 100000000 (None: all), not {limit!r}")
        t = self._table(table)
        cols = self.columns(t)
        for k in where:
            if k not in cols:
                raise ValueError(f"{self.path}: table {t} has no column {k!r} (columns: {', '.join(cols)})")
        sql = f'SELECT * FROM "{t}"'
        if where:
            sql += " WHERE " + " AND ".join(f'"{k}" = ?' for k in where)
        if limit is not None:
            sql += f" LIMIT {limit}"
        for r in self._db.execute(sql, tuple(where.values())):
            yield dict(r)

    def query(self, sql: str, *params) -> List[dict]:
        """The rows of any SQL query, as dicts."""
        return [dict(r) for r in self._db.execute(sql, params)]

    def board(self, row: dict):
        """The Board a row describes: a family spec, or a board file's text
        (native JSON, as `cycles census` stores in "board"), in the column
        "spec", "board", "name" or "json"."""
        from ._core import Board
        for k in ("spec", "board", "name", "json"):
            v = row.get(k)
            if not isinstance(v, str) or not v:
                continue
            if v.lstrip().startswith("{"):
                return Board.from_json(v)  # a board file's text (cycles census: "board")
            try:
                return Board.family(v)
            except ValueError:
                pass
        raise ValueError("the row names no board (no spec, board, name or json column)")

    def close(self) -> None:
        self._db.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def open(db) -> Census:  # noqa: A001 - the name the issue asks for
    """Opens the census database at path db (read-only)."""
    return Census(db)
