#!/usr/bin/env python3
"""census-index.py DB OUT.json - the census of the static site: the boards of
a census database (made by `cycles census run`) as one compact JSON index,
read by the site's worker (web/worker.js) to answer the census explorer's
questions (/api/census) without a server.

The index: {"format": "cycles-census-index", "version": 1, "rules": [the
rules of the results, "standard" first], "columns": [names], "rows": [[one
array per board and rules, in the order of "columns", by kind, rules,
edges and the census's canonical code]]}.  The board itself
is the column "walks": its cells and outer walk with each vertex written as
one character of ALPHABET (vertex i of the board's list "1".."n" is
ALPHABET[i]), cells separated by ",", then "|" and the outer walk, then "|"
and the special vertices; the worker rebuilds the native JSON board from it.
A board whose vertices are not "1".."n" keeps its JSON text in that column.
"""
import json
import sqlite3
import sys

ALPHABET = "123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
COLUMNS = ["kind", "rules", "edges", "vertices", "cells", "cell_sizes", "leaves", "triangle_free",
           "bipartite", "biconnected", "outerplanar", "automorphisms", "graph6", "status", "winner", "grundy",
           "value", "parity_breaker", "moves", "walks"]


def walks(text):
    """The compact form of the native JSON board text (see above)."""
    b = json.loads(text)
    n = len(b["vertices"])
    if n > len(ALPHABET) or b["vertices"] != [str(i + 1) for i in range(n)]:
        return text
    ch = {str(i + 1): ALPHABET[i] for i in range(n)}
    enc = lambda w: "".join(ch[v] for v in w)
    return ",".join(enc(c) for c in b["cells"]) + "|" + enc(b["outer"]) + "|" + enc(b.get("special", []))


def main():
    if len(sys.argv) != 3:
        print("usage: census-index.py DB OUT.json", file=sys.stderr)
        return 2
    try:
        db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
        cur = db.execute(
            "SELECT r.kind, r.rules, r.edges, i.vertices, i.cells, i.cell_sizes, i.leaves,"
            " i.triangle_free, i.bipartite, i.biconnected, i.outerplanar, i.automorphisms, i.graph6, r.status,"
            " r.winner, r.grundy, r.value, r.parity_breaker, r.moves, i.board"
            " FROM results r JOIN invariants i ON i.kind = r.kind AND i.edges = r.edges AND i.code = r.code"
            " ORDER BY r.kind, r.rules, r.edges, r.code")
        rows = []
        rules = set()
        for r in cur:
            r = list(r)
            r[-1] = walks(r[-1])
            rules.add(r[1])
            rows.append(r)
    except sqlite3.Error as e:
        print("census-index.py: %s: %s" % (sys.argv[1], e), file=sys.stderr)
        return 1
    if not rows:
        print("census-index.py: %s: the census has no boards" % sys.argv[1], file=sys.stderr)
        return 1
    order = sorted(rules, key=lambda x: (x != "standard", x))
    out = {"format": "cycles-census-index", "version": 1, "rules": order, "columns": COLUMNS, "rows": rows}
    with open(sys.argv[2], "w") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
