# Command-line tests of boards on closed surfaces (issue 12): the families
# torus:RxC and projective-k6, native boards with "surface", the messages of
# the validation and of the plane-only commands.  The answers asserted are
# worked out by hand in the comments (the engines are checked against the
# brute force in tests/test_surface.c).
. "$(dirname "$0")/lib.bash"

expect_out "families list torus" '^torus:RxC' families
expect_out "families list projective-k6" '^projective-k6' families
# sizes: the 3x4 torus grid has 12 vertices, 24 edges, 12 cells
expect_out "torus sizes" 'torus:3x4 \(12 vertices, 24 edges, 12 cells, on the torus\)' show torus:3x4
expect_out "k6 sizes" 'projective-k6 \(6 vertices, 15 edges, 10 cells, on the projective plane\)' show projective-k6
expect_out "show says no outer face" 'no outer face: every face is a cell of the torus' show torus:3x3
# cell 1 of torus:3x3 is 1 2 5 4: after 1->2 2->5 5->4, player 2 completes
# it with 4->1 and wins; the cell 9 7 1 3 wraps round both ways
expect_out "completed cell wins" '^winner: player 2' solve torus:3x3 --moves "1->2 2->5 5->4"
expect_out "completed cell is a winning move" '^winning moves:.* 4->1' solve torus:3x3 --moves "1->2 2->5 5->4"
expect_out "wrap-around cell wins" '^winning moves:.* 3->9' solve torus:3x3 --moves "9->7 7->1 1->3"
expect_out "wrap-around cell completed" 'CYCLE CELL' show torus:3x3 --moves "9->7 7->1 1->3 3->9"
expect_out "k6 cell completed" 'cell 6: 2 3 5  CYCLE CELL' show projective-k6 --moves "2->3 3->5 5->2"

# native boards with "surface"
expect_out "k5 torus loads" '\(5 vertices, 10 edges, 5 cells, on the torus\)' show "$SRC/boards/k5-torus.json"
expect_out "hemicube loads" 'on the projective plane' show "$SRC/boards/k4-projective.json"
run convert torus:3x3 --to json
printf '%s\n' "$OUT" >"$WORK/t.json"
expect_out "json round trip" '"surface": \{"orientable": true, "genus": 1\}' convert "$WORK/t.json" --to json
expect_out "json round trip solves" 'winner: player 2' solve "$WORK/t.json" --moves "1->2 2->5 5->4"

# refusals naming the file
sed 's/"genus": 1/"genus": 2/' "$SRC/boards/k5-torus.json" >"$WORK/g2.json"
expect_error "euler" 'g2\.json: V - E \+ F = 5 - 10 \+ 5 = 0, but a board on the orientable surface of genus 2 has -2' show "$WORK/g2.json"
sed 's/"orientable": true/"orientable": false/' "$SRC/boards/k5-torus.json" >"$WORK/no.json"
expect_error "not non-orientable" 'no\.json: .*turned the same way round, so the surface is orientable' show "$WORK/no.json"
sed 's/"orientable": false/"orientable": true/' "$SRC/boards/k4-projective.json" >"$WORK/or.json"
expect_error "not orientable" 'or\.json: edge .* by both cell' show "$WORK/or.json"
printf '{"vertices": ["1","2","3"], "cells": [["1","2","3"]], "surface": {"orientable": true}}' >"$WORK/s1.json"
expect_error "surface without genus" 's1\.json: "surface" needs "genus"' show "$WORK/s1.json"
printf '{"vertices": ["1","2","3"], "cells": [["1","2","3"]], "surface": {"orientable": true, "genus": 0, "holes": 1}}' >"$WORK/s2.json"
expect_error "surface unknown key" 's2\.json: unknown key "holes" in "surface"' show "$WORK/s2.json"
printf '{"vertices": ["1","2","3"], "cells": [["1","2","3"]], "outer": ["3","2","1"], "surface": {"orientable": true, "genus": 0}}' >"$WORK/s3.json"
expect_error "surface with outer" 's3\.json: a board with "surface" has no "outer" face' show "$WORK/s3.json"
printf '{"vertices": ["1","2","3"], "cells": [["1","2","3"]], "surface": {"orientable": true, "genus": 0}}' >"$WORK/s4.json"
expect_error "one side only" 's4\.json: edge .* lies on only one face side' show "$WORK/s4.json"
printf '{"vertices": [{"label":"1","x":0,"y":0},{"label":"2","x":1,"y":0}], "edges": [["1","2"]], "surface": {"orientable": true, "genus": 1}}' >"$WORK/s5.json"
expect_error "drawing with surface" 's5\.json: a drawing lies in the plane' show "$WORK/s5.json"
expect_error "torus too small" 'torus:0x3: rows and columns must be at least 1' show torus:0x3
# one row: each vertex's vertical edge is a loop
expect_out "torus one row" '^  e3   1-1  ' show torus:1x3
# two rows: (1,q) and (2,q) are joined down and up, by parallel edges
expect_out "torus two rows" 'torus:2x3 \(6 vertices, 12 edges, 6 cells, on the torus\)' show torus:2x3
expect_out "torus two rows parallel" '^  e6   1-4 ' show torus:2x3

# the C++ program's files: cells covering every edge twice give the torus;
# SP3 joins each pair of its three vertices by two edges (e1 and e2 join 0
# and 1), so a move names its edge.  Cell 1 of SP3 is -0 +1 +2 -5, the walk
# 2 0 1 0: after e0:2->0 e1:0->1 e2:1->0 player 2 completes it with e5:0->2.
BT="$SRC/tests/data/benntaylor"
expect_out "SP5 on the torus" 'SP5 \(5 vertices, 10 edges, 5 cells, on the torus\)' show "$BT/SP5_encoding.txt"
expect_out "SP3 on the torus" 'SP3 \(3 vertices, 6 edges, 3 cells, on the torus\)' show "$BT/SP3_encoding.txt"
expect_out "SP3 edges named" '^  e2   0-1 ' show "$BT/SP3_encoding.txt"
expect_out "SP3 cell completed" '^winning moves:.* e5:0->2' solve "$BT/SP3_encoding.txt" --moves "e0:2->0 e1:0->1 e2:1->0"
expect_error "SP3 ambiguous move" '2 edges join 0 and 1 \(e1, e2\); name one, as e1:0->1' solve "$BT/SP3_encoding.txt" --moves "0->1"
# native json tells parallel edges apart by "cell_edges"; moves carry over
run convert "$BT/SP3_encoding.txt" --to json --moves "e0:2->0 e1:0->1 e2:1->0"
printf '%s\n' "$OUT" >"$WORK/sp3.json"
expect_out "SP3 json cell_edges" '"cell_edges": \[' convert "$WORK/sp3.json" --to json
expect_out "SP3 json solves" '^winning moves:.* e5:0->2' solve "$WORK/sp3.json"
expect_error "SP3 as a drawing" 'closed surface' convert "$BT/SP3_encoding.txt" --to drawing
# SP3's group permutes its edges, not only its vertices (test_symmetry.c
# counts it by a brute force over dart maps); a map fixing every vertex
# still swaps the parallel edges
expect_out "SP3 symmetry" '^automorphisms: 12 ' symmetry "$BT/SP3_encoding.txt"
expect_out "SP3 symmetry moves edges" '^  reflection order 2: edges e0->e5 ' symmetry "$BT/SP3_encoding.txt"
expect_out "SP3 symmetry json" '"edge_map": \[' symmetry "$BT/SP3_encoding.txt" --json
# parallel edges in the other outputs: dot labels each by its number
expect_out "SP3 dot labels parallel edges" '^  "0" -- "1" \[label="e2", dir=back\];$' convert "$BT/SP3_encoding.txt" --to dot --moves "e2:1->0"
expect_out "SP3 dot second parallel edge" '^  "0" -- "1" \[label="e1"\];$' convert "$BT/SP3_encoding.txt" --to dot --moves "e2:1->0"
expect_error "SP4 malformed" 'SP4_encoding\.txt: line 8: edge 4 should be two vertex numbers from 0 to 3' show "$BT/SP4_encoding.txt"
# written and read back: the same text again
for f in SP3 SP5 SP6; do
  run convert "$BT/${f}_encoding.txt" --to benntaylor
  printf '%s' "$OUT" >"$WORK/$f.txt"
  first=$OUT
  run convert "$WORK/$f.txt" --to benntaylor
  if [ "$OUT" = "$first" ] && [ -n "$first" ]; then ok; else bad "$f round trip" "$OUT"; fi
done
expect_out "SP3 written keeps its edge numbers" '^[-+]4 [-+]5 [-+]0 [-+]3$' convert "$WORK/SP3.txt" --to benntaylor
run convert projective-k6 --to benntaylor
printf '%s' "$OUT" >"$WORK/k6.txt"
expect_out "benntaylor of the projective plane" 'projective-k6 \(6 vertices, 15 edges, 10 cells, on the projective plane\)' show "$WORK/k6.txt"

# a triangle drawn one-sided in the projective plane: the one face's walk
# goes round the triangle twice the same way (V - E + F = 3 - 3 + 1 = 1), so
# it uses every edge twice and can never be a cycle cell (the rules), even
# when all three arrows run along it: after a->b b->c c->a the game ends
# because no move is left, and player 1 made the last move
printf '{"vertices": ["a","b","c"], "cells": [["a","b","c","a","b","c"]], "surface": {"orientable": false, "genus": 1}}' >"$WORK/rp3.json"
expect_out "one-sided cell never a cycle" 'cell 1: a b c a b c  \(never a cycle cell' show "$WORK/rp3.json" --moves "a->b b->c"
expect_out "one-sided cell: last move wins" '^game over: no legal move is left; player 1 made the last move' show "$WORK/rp3.json" --moves "a->b b->c c->a"
run show "$WORK/rp3.json" --moves "a->b b->c c->a"
check "one-sided cell: no cycle cell shown" eval '! printf "%s\n" "$OUT" | grep -q "is a cycle cell\|CYCLE CELL"'
expect_out "one-sided cell: positions say no cycle" '^3,2,a->b c->a b->c,1,P,1,0$' positions "$WORK/rp3.json" --csv --moves "a->b b->c"

# loops (tests/data/benntaylor-loops, written for the tests and checked
# against the C++ program there): cell 1 of loop-triangle is the loop alone,
# so marking it either way completes the cell; a loop's vertex is never a
# sink or a source
LP="$SRC/tests/data/benntaylor-loops"
expect_out "loop board" 'a loop on a triangle \(3 vertices, 4 edges, 3 cells, on the sphere\)' show "$LP/loop-triangle.txt"
expect_out "loop completes its cell" '^winning moves: \+e0:0->0 -e0:0->0$' solve "$LP/loop-triangle.txt"
expect_out "loop walk says its way" 'cell 2: 0 0 0 1 \(edges \+e0 \+e1 \+e3 -e2\)' show "$LP/loops-and-edges.txt"
# 1->0 and 2->0 point into 0: its loop still may be marked (rules.c)
expect_out "loop at a full vertex" '^legal moves \(2\): \+e0:0->0 -e0:0->0$' show "$LP/loop-triangle.txt" --moves "1->0 2->0"
expect_error "loop move needs its way" 'edge e0 is a loop; say which way, \+e0:0->0 \(along its direction\) or -e0:0->0' solve "$LP/two-loops.txt" --moves "e0:0->0"
expect_error "loop move unnamed" 'runs along a loop: name it and its way' solve "$LP/two-loops.txt" --moves "0->0"
run convert "$LP/loops-and-edges.txt" --to json --moves "-e0:0->0"
printf '%s\n' "$OUT" >"$WORK/lp.json"
expect_out "loop json says the way" '\["\+0", "\+1", 3, 2\]' convert "$WORK/lp.json" --to json
expect_out "loop json keeps the move" '^  e0   0-0  marked -e0:0->0' show "$WORK/lp.json"
expect_out "loop symmetry" '^automorphisms: 8 ' symmetry "$LP/two-loops.txt"
printf '{"vertices": ["a","b","c"], "cells": [["a","b","c"], ["a"]], "cell_edges": [[0,1,2],[3]]}' >"$WORK/pl.json"
expect_error "loop on the plane" 'pl\.json: cell 2 has a loop at vertex a \(loops are allowed only on a closed surface' show "$WORK/pl.json"
printf '{"vertices": ["a"], "cells": [["a","a","a","a"]], "surface": {"orientable": true, "genus": 1}}' >"$WORK/nl.json"
expect_error "loop without names" 'nl\.json: cell 1 has a loop at vertex a .*"cell_edges"' show "$WORK/nl.json"
printf '{"vertices": ["a"], "cells": [["a","a"]], "cell_edges": [[0,0]], "surface": {"orientable": false, "genus": 1}}' >"$WORK/np.json"
expect_error "loop way on the projective plane" 'np\.json: cell 1 runs along a loop at vertex a without saying which way' show "$WORK/np.json"
printf 'x\n3 4\nEDGES\n0 1\n1 2\n2 0\n0 0\nCYCLES\n+0 +1 +2\n+3' >"$WORK/pl.txt"
expect_error "loop in a plane file" 'pl\.txt: line 7: edge 3 is a loop at vertex 0 \(loops are allowed only on a board whose cells cover a closed surface' show "$WORK/pl.txt"

# every command on boards with parallel edges and loops: an answer, or (for
# what needs the plane) one line naming the file; under the sanitizers'
# build this also checks that none of them crashes
for f in "$BT/SP3_encoding.txt" "$LP/loops-three-cells.txt" "$LP/loop-triangle.txt"; do
  for args in "show" "solve" "solve --engine plain" "solve --rules misere" "solve --rules draw" "solve --rules any-cycle" \
    "solve --rules score --extra-turn" "solve --players 3" "solve --json" "tree" "tree --dot" "positions" "check filled" \
    "symmetry" "symmetry --json" "strategy mirror" "convert --to json" "convert --to benntaylor" "convert --to dot" \
    "convert --to table" "convert --to drawing" "draw -o $WORK/x.svg"; do
    run $args "$f"
    if [ "$RC" = 0 ] && [ -n "$OUT" ]; then ok "$args"
    elif [ "$RC" = 1 ] && [ -z "$OUT" ] && printf '%s' "$ERR" | grep -q "^cycles: $f: "; then ok "$args"
    else bad "$args on $(basename "$f")" "status $RC: $ERR"; fi
  done
done

# plane-only commands say so
expect_error "draw torus" 'torus:3x3: the board lies on the torus, not in the plane, so it has no plane drawing' draw torus:3x3 -o "$WORK/t.svg"
expect_error "table of torus" 'a game table describes a plane board' convert torus:3x3 --to table
expect_error "drawing of torus" 'cannot be written as a drawing' convert torus:3x3 --to drawing
expect_error "symmetry non-orientable" 'not computed' symmetry projective-k6
expect_out "strategy on torus" "^why: the papers' strategies are for plane boards" strategy mirror torus:3x3
expect_out "dot of torus" '"1" -- "2"' convert torus:3x3 --to dot
# the 3x3 torus grid: 9 translations times the 8 symmetries of the square
expect_out "symmetry torus" '^automorphisms: 72 ' symmetry torus:3x3
# Theorem 9 of Alvarado et al. 2021 is about plane boards; on the torus it fails
expect_out "filled torus" 'Theorem 9 is about plane boards' check filled torus:3x3

# the variants run unchanged: misère on K5 on the torus, and score from a
# position of torus:3x3
expect_out "misere on the torus" '"rules": "misere"' solve "$SRC/boards/k5-torus.json" --rules misere --json
expect_out "solve json surface" '"surface": \{' solve projective-k6 --moves "1->2 2->3 3->4 4->5 5->6" --json
expect_out "variant json surface" '"genus": 1' solve "$SRC/boards/k5-torus.json" --rules draw --json
expect_out "score on k6" '"score_difference"' solve projective-k6 --rules score --moves "2->3 3->5 1->2 4->6 6->1" --json
finish
