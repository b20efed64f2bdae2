#!/usr/bin/env python3
"""Makes boards/asym30.json: a board with no symmetry at all, so that the
benchmark shows a big board need not be symmetric to solve.

Random points (seeded), joined shortest pair first by every segment that
crosses none taken before, until E edges; the board is the straight-line
drawing.  `cycles symmetry boards/asym30.json` confirms it has no
automorphism but the identity.  Usage: bench/asym_board.py SEED V E
(boards/asym30.json is seed 5, 18 vertices, 30 edges)."""
import itertools
import json
import random
import sys


def crosses(p1, p2, p3, p4):
    """Whether segments p1p2 and p3p4 cross (sharing an end is no crossing)."""
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    if len({p1, p2, p3, p4}) < 4:
        return False
    return ((orient(p3, p4, p1) > 0) != (orient(p3, p4, p2) > 0)
            and (orient(p1, p2, p3) > 0) != (orient(p1, p2, p4) > 0))


def main():
    seed, nv, ne = (int(a) for a in sys.argv[1:4])
    random.seed(seed)
    pts = [(random.randint(0, 100), random.randint(0, 100)) for _ in range(nv)]
    pairs = sorted(itertools.combinations(range(nv), 2),
                   key=lambda p: (pts[p[0]][0] - pts[p[1]][0]) ** 2 + (pts[p[0]][1] - pts[p[1]][1]) ** 2)
    edges = []
    for a, b in pairs:
        if not any(crosses(pts[a], pts[b], pts[c], pts[d]) for c, d in edges):
            edges.append((a, b))
            if len(edges) == ne:
                break
    root = list(range(nv))

    def find(x):
        while root[x] != x:
            x = root[x]
        return x
    for a, b in edges:
        root[find(a)] = find(b)
    if len({find(x) for x in range(nv)}) > 1:
        sys.exit("the drawing is not connected: try another seed")
    print(json.dumps({"format": "cycles-board", "name": "asym%d" % ne,
                      "vertices": [{"label": str(i + 1), "x": p[0], "y": p[1]} for i, p in enumerate(pts)],
                      "edges": [[str(a + 1), str(b + 1)] for a, b in edges]}))


main()
