# Command-line tests of the rule variants (issue 12): solve --rules,
# --players, --extra-turn.  The expected answers are worked out by hand in
# tests/test_variants.c (the triangle and the square).
. "$(dirname "$0")/lib.bash"

# expect_flat NAME PATTERN ARGS...: like expect_out, on stdout without blanks
# and newlines (JSON arrays are printed one element a line).
expect_flat() {
  local name=$1 pat=$2
  shift 2
  run "$@"
  if [ "$RC" != 0 ]; then bad "$name" "exit status $RC (stderr: $ERR)"; return; fi
  if ! printf '%s' "$OUT" | tr -d ' \n' | grep -Eq -- "$pat"; then bad "$name" "stdout does not match '$pat': $OUT"; return; fi
  ok "$name"
}

# triangle, misère: player 1 must complete the cell with the third move
expect_out "misere triangle outcome" '"outcome": "P"' solve cycle:3 --rules misere --json
expect_out "misere triangle grundy" '"grundy": 0' solve cycle:3 --rules misere --json
expect_out "misere spelled with the accent" '"rules": "misere"' solve cycle:3 --rules misère --json
expect_out "misere text" '^misere grundy: 0' solve cycle:3 --rules misere
# a finished misère game is worth 1 to the player to move, who has won
expect_out "misere finished" '"grundy": 1' solve cycle:3 --rules misere --moves "1->2 2->3 3->1" --json
expect_out "misere finished winner" '"winner": 2' solve cycle:3 --rules misere --moves "1->2 2->3 3->1" --json
# square under draw: player 2 completes the cycle; 1->2 4->3 ends it with none
expect_out "draw square" '"outcome": "P"' solve cycle:4 --rules draw --json
expect_out "draw square ended" '"outcome": "D"' solve cycle:4 --rules draw --moves "1->2 4->3" --json
expect_out "draw square ended over" '"over": true' solve cycle:4 --rules draw --moves "1->2 4->3" --json
expect_out "draw keys" '"drawing_moves":' solve cycle:4 --rules draw --json
# score: player 2 takes the square's cell
expect_out "score square" '"score_difference": -1' solve cycle:4 --rules score --json
expect_flat "score so far" '"score":\[0,1\]' solve cycle:4 --rules score --moves "1->2 2->3 3->4 4->1" --json
expect_out "score extra turn" '"extra_turn": true' solve cycle:4 --rules score --extra-turn --json
# score with the extra turn on two triangles: 3->1 completes 1-2-3 and
# player 1 moves again
expect_out "extra turn keeps the mover" '"to_move": 1' solve chord:4,2 --rules score --extra-turn --moves "1->2 2->3 3->1" --json
expect_out "no extra turn" '"to_move": 2' solve chord:4,2 --rules score --moves "1->2 2->3 3->1" --json
# any-cycle: 4->1 closes the outer 4-cycle of chord:4,2 (no cell) and wins;
# 3->1 completes the cell 1-2-3 and wins too
expect_flat "any-cycle outer cycle" '"winning_moves":\["3->1","4->1"\]' solve chord:4,2 --rules any-cycle --moves "1->2 2->3 3->4" --json
# under the standard rules 4->1 hands over the cell 1-3-4 (1->3 completes it)
expect_flat "standard outer cycle is no win" '"winning_moves":\["3->1"\]' solve chord:4,2 --moves "1->2 2->3 3->4" --json
expect_out "any-cycle drawing does not matter" '"drawing_matters": false' solve cycle:3 --rules any-cycle --json
# three players on the square: player 2 ends the game at once after any first move
expect_out "3 players winner" '"winner": 2' solve cycle:4 --players 3 --json
expect_flat "3 players coalition" '"can_force_win":\[false,true,false\]' solve cycle:4 --players 3 --json
expect_out "3 players text" '^player 2 against all the others: wins' solve cycle:4 --players 3
# --rules standard is the ordinary solve
expect_out "standard is the default" '^grundy: 1' solve cycle:3 --rules standard

expect_usage "unknown rules" 'rules is standard, misere' solve cycle:3 --rules bogus
expect_usage "extra turn without score" 'extra-turn goes with --rules score' solve cycle:3 --extra-turn
expect_usage "players and misere" 'players goes with the standard rules' solve cycle:3 --rules misere --players 3
expect_usage "players out of range" 'players wants a whole number' solve cycle:3 --players 99
expect_error "illegal move under draw" 'move 3 \(2->3\) is illegal: marking 2->3 makes 3 a sink' solve cycle:4 --rules draw --moves "1->2 4->3 2->3"
expect_error "move after the end" 'move 4 \(1->3\) is illegal: the game is over' solve cycle:3 --rules misere --moves "1->2 2->3 3->1 1->3"

# show under the variants: what each move does
expect_out "show any-cycle" '4->1 +closes a directed cycle; the mover wins' show chord:4,2 --rules any-cycle --moves "1->2 2->3 3->4"
expect_out "show extra turn" '3->1 +completes 1 cycle cell; scores 1; the mover moves again' show chord:4,2 --rules score --extra-turn --moves "1->2 2->3"
expect_out "show misere over" 'ended when player 1 completed a cycle cell' show cycle:3 --rules misere --moves "1->2 2->3 3->1"

# play under the variants: on the square under misère, after 1->2 (engine)
# and 3->4 the engine closes in with 4->1 and the human must complete the cell
printf '3->4\n2->3\n' >"$WORK/in"
timeout 10 "$BIN" play cycle:4 --rules misere --first engine <"$WORK/in" >"$WORK/play" 2>&1
if grep -q 'player 2 completed a cycle cell and loses; player 1 wins' "$WORK/play"; then ok "play misere"; else bad "play misere" "$(cat "$WORK/play")"; fi
printf '1->2\n2->1\nquit\n' >"$WORK/in"
timeout 10 "$BIN" play cycle:4 --rules draw <"$WORK/in" >"$WORK/play" 2>&1
if grep -q 'illegal: the edge is already marked' "$WORK/play" && grep -q 'game abandoned' "$WORK/play"; then ok "play refuses"; else bad "play refuses" "$(cat "$WORK/play")"; fi
# undo under a variant: the moves loaded with --moves stay; undo takes back
# the engine's reply and the human's move, and the legal moves are those
# before them again; the game then goes on to its end
printf 'moves\nundo\n3->4\nundo\nmoves\n3->4\n4->1\n' >"$WORK/in"
timeout 10 "$BIN" play cycle:4 --rules misere --moves "2->3" <"$WORK/in" >"$WORK/play" 2>&1
if [ "$(grep -c '^legal moves: 1->2 1->4 4->1 3->4$' "$WORK/play")" = 2 ] &&
   grep -q '^nothing to undo$' "$WORK/play" &&
   grep -Eq '^undone: [0-9]->[0-9] \(the engine.s\), 3->4 \(yours\)$' "$WORK/play" &&
   grep -q '^game over: ' "$WORK/play"; then
  ok "play --rules undo"
else
  bad "play --rules undo" "$(cat "$WORK/play")"
fi

# verify --rules: the families' tables; the triangle under draw is player 1's
# (it completes the cell with the third move), the square player 2's
run verify --rules draw --timeout 0.05 --quiet -o "$WORK/v.md"
if [ "$RC" = 0 ] && grep -q '^## draw' "$WORK/v.md" && grep -q '^| `cycle:3` | 3 | player 1 | 1 |' "$WORK/v.md" &&
   grep -q '^| `cycle:4` | 4 | player 2 | -1 |' "$WORK/v.md"; then
  ok "verify --rules"
else
  bad "verify --rules" "exit $RC: $(head -20 "$WORK/v.md" 2>/dev/null)"
fi
expect_usage "verify bad rules" 'rules is standard' verify --rules bogus

# out of time: a partial answer and exit status 2
run solve grid:4x5 --rules misere --timeout 0.3 --json --quiet
if [ "$RC" = 2 ] && printf '%s\n' "$OUT" | grep -q '"complete": false' && printf '%s\n' "$ERR" | grep -q 'out of time'; then
  ok timeout
else
  bad timeout "exit $RC, stderr $ERR"
fi

# out of table memory (the hash table, --no-bitboard): partial, exit status 2
run solve grid:3x4 --rules misere --no-bitboard --memory 1M --json --quiet
if [ "$RC" = 2 ] && printf '%s\n' "$OUT" | grep -q '"complete": false' && printf '%s\n' "$ERR" | grep -q 'out of memory'; then
  ok memory
else
  bad memory "exit $RC, stderr $ERR"
fi

# tree --rules: the triangle under misère is lost for player 1 (he must
# complete the cell with the third move); the square with 3 players is
# player 2's (test_variants.c); the labels per position are checked against
# the brute force in test_variants.c (test_tree_rules)
expect_out "tree misere triangle" '^the start is a P-position: player 2 wins' tree cycle:3 --rules misere
expect_out "tree misere grundy" '^misere grundy of the start: 0' tree cycle:3 --rules misere
expect_out "tree draw column" '^moves  positions +P +N +D  ends' tree cycle:4 --rules draw
expect_out "tree 3 players" '^the start: player 2 wins' tree cycle:4 --players 3
expect_out "tree score" '^score difference from the start .*: -1' tree cycle:4 --rules score
expect_out "tree dot draw legend" 'legend_d' tree k4 --rules draw --dot
expect_out "tree standard unchanged" '^the start is a P-position: player 2 wins' tree k4
expect_error "tree too big" 'more than 1000 positions' tree grid:3x3 --rules misere

# --special with --rules: the same answers as the board file that makes the
# vertex special itself (the variant search on special vertices is checked
# against the brute force in test_variants.c)
"$BIN" convert cycle:5 --to json --special 1 -o "$WORK/c5s.json"
"$BIN" convert k4 --to json --special 1,3 -o "$WORK/k4s.json"
same_answer() {
  local name=$1 file=$2 spec=$3 special=$4
  shift 4
  run "$@" "$file"
  local want
  want=$(printf '%s
' "$OUT" | grep -v -e '"seconds"' -e '^searched' -e '"board"' -e '^board' -e '^state digraph' -e '^Game of')
  run "$@" "$spec" --special "$special"
  local got
  got=$(printf '%s
' "$OUT" | grep -v -e '"seconds"' -e '^searched' -e '"board"' -e '^board' -e '^state digraph' -e '^Game of')
  if [ "$RC" = 0 ] && [ -n "$got" ] && [ "$got" = "$want" ]; then ok "$name"; else bad "$name" "exit $RC: $got / $want ($ERR)"; fi
}
for r in misere draw score any-cycle; do
  same_answer "solve --special --rules $r" "$WORK/c5s.json" cycle:5 1 solve --rules "$r" --json --quiet
  same_answer "tree --special --rules $r" "$WORK/k4s.json" k4 1,3 tree --rules "$r"
done
same_answer "solve --special --players 3" "$WORK/k4s.json" k4 1,3 solve --players 3 --json --quiet
same_answer "show --special --rules" "$WORK/k4s.json" k4 1,3 show --rules misere --moves "1->2"
# the special vertex changes the answer: cycle:5 misère is lost for player 1,
# with vertex 1 special it is won (both by the brute force in
# test_variants.c, test_special_misere)
expect_out "special changes misere" '"outcome": "N"' solve cycle:5 --special 1 --rules misere --json
expect_out "no special misere" '"outcome": "P"' solve cycle:5 --rules misere --json
expect_error "special unknown with rules" 'no vertex q' solve cycle:5 --special q --rules misere
run play cycle:5 --special 1 --rules misere --first engine
if [ "$RC" = 0 ] && printf '%s\n' "$OUT" | grep -q '^engine (player 1) plays [34]->[34]$'; then ok "play --special --rules"; else bad "play --special --rules" "$OUT $ERR"; fi

finish
