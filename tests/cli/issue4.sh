# Command-line tests of `cycles symmetry`, `cycles strategy`, `cycles check
# filled` and `cycles verify`: output, JSON keys, the papers' facts, errors.
. "$(dirname "$0")/lib.bash"

# symmetry: K4 drawn as a triangle round its centre has D3 (3 rotations, 3
# reflections); each reflection makes two cells part-involutive (Alvarado et al. 2021).
expect_out "k4 group" '^automorphisms: 6 \(3 rotations including the identity, 3 reflections\)' symmetry k4
expect_out "k4 involutions" '^involutions: 3' symmetry k4
expect_out "k4 part-involutive" 'part-involutive' symmetry k4
for key in automorphisms rotations reflections elements involutions fixed_vertices self_involutive_edges self_involutive_cells theorem6; do
  expect_out "symmetry json key $key" "\"$key\":" symmetry cycle:5 --json
done
expect_out "C5 theorem 6" '"winner": 1' symmetry cycle:5 --json
expect_out "special vertex breaks symmetry" '^automorphisms: 2 ' symmetry k4 --special 1

# strategy: no theorem covers K4; C5 (player 1), C6 (player 2) by Theorem 6;
# grids with one odd side by rotate-reverse; two odd cycles by the modified strategy.
expect_out "k4 does not apply" '"applies": false' strategy mirror k4 --json
expect_out "k4 says why" '"why": ".*part-involutive' strategy mirror k4 --json
expect_out "k4 text" '^applies: no' strategy mirror k4
for key in applies strategy theorem involution winner verified opponent_lines positions; do
  expect_out "strategy json key $key" "\"$key\":" strategy mirror cycle:5 --json
done
expect_out "C5 player 1" '"winner": 1' strategy mirror cycle:5 --json
expect_out "C5 verified" '"verified": true' strategy mirror cycle:5 --json
expect_out "C6 player 2" '"winner": 2' strategy mirror cycle:6 --json
expect_out "grid rotate-reverse" '"strategy": "rotate-reverse"' strategy mirror grid:2x3 --json
expect_out "grid theorem 8" '"theorem": "Barua et al. 2022, Theorem 8"' strategy mirror grid:2x3 --json
expect_out "cactus modified" '"strategy": "modified mirror-reverse"' strategy mirror wedge:5,7 --json
expect_out "cactus player 2" '"winner": 2' strategy modified wedge:5,7 --json
expect_out "text verified" '^verified: yes' strategy mirror grid:3x3
# Figure 12 of Alvarado et al. 2021: mirror-reverse under the 180-degree rotation fails.
expect_out "figure 12 fails" '"verified": false' strategy mirror gtheta:2,2,2 --involution 1:2,3:5 --json
expect_out "figure 12 line" '"losing_line":' strategy mirror gtheta:2,2,2 --involution 1:2,3:5 --json
expect_out "figure 12 death move" 'death move' strategy mirror gtheta:2,2,2 --involution 1:2,3:5
# Figure 16: the rotation works where the reflection along the chord fails.
expect_out "figure 16 rotation" '"verified": true' strategy mirror chord:4,2 --involution 1:3,2:4 --json
expect_out "figure 16 reflection" '"verified": false' strategy mirror chord:4,2 --involution 2:4 --json
# Adefiyiju et al. 2023 Theorem 4.1's strategy breaks down on C4-C4-C5 (middle square joined at adjacent vertices).
cat >"$WORK/c445.json" <<'EOF'
{"format": "cycles-board", "version": 1, "name": "C4-C4-C5",
 "vertices": ["1","2","3","4","5","6","7","8","9","10","11"],
 "cells": [["1","2","3","4"], ["1","5","6","7"], ["5","8","9","10","11"]]}
EOF
expect_out "cactus gap" 'already marked' strategy modified "$WORK/c445.json"

# check filled: Theorem 9; K4 has 24 complete markings without sink or source
# (64 - 32 - 32 + 24); a path with special ends has two and no cell.
expect_out "k4 markings" '"complete_markings": 24' check filled k4 --json
expect_out "k4 theorem 9" '"without_cycle_cell": 0' check filled k4 --json
expect_out "k4 text" 'Theorem 9 \(Alvarado et al. 2021\) holds' check filled k4
expect_out "path counterexample" '"counterexample": "1->2 2->3 3->4"' check filled path:3 --json
expect_out "grid 4x4" '"without_cycle_cell": 0' check filled grid:4x4 --json

# verify: the results table (quick).
expect_out "verify markdown" '^\| paper \| result \| board \| edges \| winner \| Grundy \|' verify --quick --quiet
expect_out "verify json" '"results":' verify --quick --quiet --json
run verify --quick --quiet -o "$WORK/results.md"
if [ "$RC" = 0 ] && grep -q '^| Alvarado et al. 2021 | Thm 1 | k4 | 6 | 2 |' "$WORK/results.md"; then ok "verify output file"; else bad "verify output file" "rc $RC"; fi

# verify --memory bounds each search: ample, the same results as by default;
# the smallest (1M) stops the larger strategy checks at the bound
run verify --quick --quiet --json
printf '%s\n' "$OUT" >"$WORK/v.json"
run verify --quick --quiet --json --memory 512M
printf '%s\n' "$OUT" >"$WORK/v512.json"
# (the times apart)
untimed() { sed 's/"seconds": .*/"seconds": 0/' "$1"; }
check "verify --memory 512M" --why "rc $RC: $ERR" eval '[ "$RC" = 0 ] && diff <(untimed "$WORK/v512.json") <(untimed "$WORK/v.json") >/dev/null'
run verify --quick --quiet --json --memory 1M
check "verify --memory 1M" --why "rc $RC: $(printf '%s\n' "$OUT" | grep -m1 'memory bound')" \
  eval '[ "$RC" = 0 ] && printf "%s\n" "$OUT" | grep -q "stopped after [0-9]* positions (the memory bound)"'

# errors: one line on stderr, exit 1, nothing on stdout.
expect_usage "unknown strategy" 'unknown strategy "copycat"' strategy copycat k4
expect_usage "strategy without name" 'strategy wants mirror' strategy
expect_error "strategy bad board" 'nosuch:3' strategy mirror nosuch:3
expect_usage "strategy no board" 'no BOARD' strategy mirror
expect_error "involution bad vertex" 'no vertex 9' strategy mirror cycle:5 --involution 1:9
expect_error "involution not automorphism" 'not an automorphism' strategy mirror cycle:5 --involution 1:2
expect_error "involution too many fixed edges" 'at most one self-involutive edge' strategy mirror k4 --involution 2:3
expect_error "involution malformed" 'not a pair' strategy mirror cycle:5 --involution 1-2
expect_usage "involution value" 'needs a value' strategy mirror cycle:5 --involution
cat >"$WORK/played.json" <<'EOF'
{"format": "cycles-board", "version": 1, "vertices": ["1","2","3","4","5"],
 "cells": [["1","2","3","4","5"]], "moves": ["1->2"]}
EOF
expect_error "strategy with moves" 'empty board' strategy mirror "$WORK/played.json"
expect_error "check with moves" 'empty board' check filled "$WORK/played.json"
expect_usage "strategy --moves" 'unknown option' strategy mirror cycle:5 --moves "1->2"
expect_usage "unknown check" 'unknown check "empty"' check empty k4
expect_usage "check without name" 'check wants filled BOARD' check
expect_error "check bad board" 'nosuch' check filled nosuch:1
expect_error "check too big" 'at most 62' check filled grid:6x8
expect_usage "symmetry no board" 'no BOARD' symmetry
expect_error "symmetry bad board" 'grid:0x0' symmetry grid:0x0
expect_usage "symmetry unknown option" 'unknown option' symmetry k4 --frob
expect_usage "verify with a board" 'unexpected argument .k4. \(cycles verify takes options only' verify k4
expect_usage "verify unknown option" 'unknown option' verify --frob
finish
