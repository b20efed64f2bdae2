# Command-line tests of `cycles solve`: output, JSON keys, moves.
. "$(dirname "$0")/lib.bash"

expect_out "cycle5 text winner" '^winner: player 1' solve cycle:5
expect_out "cycle4 text winner" '^winner: player 2' solve cycle:4
expect_out "json outcome" '"outcome": "P"' solve cycle:4 --json
for key in edges cells outcome winner grundy winning_moves; do
  expect_out "json key $key" "\"$key\":" solve cycle:5 --json
done
expect_out "json grundy" '"grundy": 1' solve cycle:5 --json
# After 1->2 on C4 one move is played: player 2 to move; C4 stays a player-2 win.
expect_out "moves change the player" '"to_move": 2' solve cycle:4 --moves "1->2" --json
expect_out "moves with commas" '"moves_played": 2' solve cycle:5 --moves "1->2,2->3" --json
# 1->2 2->3 3->4 on C4 leaves 4->1 to complete the cycle: grundy null, 4->1 wins.
expect_out "completable cycle gives null grundy" '"grundy": null' solve cycle:4 --moves "1->2 2->3 3->4" --json
expect_out "completing move is winning" '"4->1"' solve cycle:4 --moves "1->2 2->3 3->4" --json
expect_out "finished game" '"over": true' solve cycle:3 --moves "1->2 2->3 3->1" --json
expect_out "output file" '' solve cycle:3 -o "$WORK/x.txt"
grep -q '^winner: player 1' "$WORK/x.txt" && ok "output file content" || bad "output file content" "missing winner"
# --no-grundy: the winner only, and the JSON says the value was not computed
expect_out "no-grundy winner" '"winner": 1' solve cycle:5 --no-grundy --json
expect_out "no-grundy flag" '"grundy_computed": false' solve cycle:5 --no-grundy --json
# the plain engine answers the same
expect_out "plain engine" '"grundy": 0' solve k4 --engine plain --json
# mex pruning (--grundy-method mex) values wedge:3,4,5 (12 edges, one
# component searched) as the plain engine does; a method it does not know is
# a usage error
run solve wedge:3,4,5 --engine plain --no-theorems --json --quiet
want=$(printf '%s' "$OUT" | grep -o '"grundy": [0-9]*')
for m in rounds mex; do
  run solve wedge:3,4,5 --no-bitboard --no-theorems --grundy-method $m --json --quiet
  if [ "$RC" = 0 ] && [ -n "$want" ] && printf '%s' "$OUT" | grep -q "$want"; then ok "grundy-method $m"
  else bad "grundy-method $m" "rc=$RC plain $want, out=$OUT"; fi
done
expect_usage "grundy-method unknown" "--grundy-method is mex or rounds" solve cycle:5 --grundy-method nimbers
# Theorem 6 of Alvarado et al. 2021 answers the empty board of grid:5x5 (40 edges) at
# once, and says so; --no-theorems would search
expect_out "theorem answer" '"proof": "Alvarado et al. 2021, Theorem 6' solve grid:5x5 --json --quiet
expect_out "theorem winner" '^winner: player 2 .* by Alvarado et al. 2021, Theorem 6' solve grid:5x5 --quiet --no-replies
# a lost position lists a winning reply to every move (K4: the opposite edge)
expect_out "replies" '"1->2": "3->4"' solve k4 --json
# out of time: a partial answer, a message on stderr, exit status 2.
# grid:6x6 (60 edges) searched without the theorems is out of reach of any
# machine (grid:4x5, 31 edges, takes minutes), so whatever the machine's
# speed 0.3 s runs out while the winner is sought.
run solve grid:6x6 --timeout 0.3 --quiet --json --no-theorems
if [ "$RC" = 2 ] && printf '%s' "$OUT" | grep -q '"complete": false' && printf '%s' "$ERR" | grep -q 'partial'; then
  ok "timeout partial answer, grid:6x6"
else
  bad "timeout partial answer, grid:6x6" "rc=$RC out=$OUT err=$ERR"
fi
# the progress line names the stage: a search over a second shows one, and
# solve begins with who wins (the same search of grid:6x6, 1.5 s: the line
# comes after a second and the winner is still sought)
run solve grid:6x6 --timeout 1.5 --no-theorems
if [ "$RC" = 2 ] && grep -Eq '^cycles: who wins: [0-9]+ positions, ' <<<"$ERR"; then ok "progress stage, who wins"
else bad "progress stage, who wins" "rc=$RC err=$ERR"; fi
# with the theorems, who wins and the move take a moment (Theorem 6 after
# the centre edge) and the value is sought: the stage names the value tried
# and the component of 31 edges. The value of grid:4x5 took over 100 minutes
# here, so a machine ten times faster still runs out; on a slow machine the
# line may come at an earlier stage, which the pattern allows.
run solve grid:4x5 --timeout 1.5
if [ "$RC" = 2 ] && grep -Eq '^cycles: (who wins|a winning move|trying value [0-9]+ for a 31-edge part): [0-9]+ positions, ' <<<"$ERR"
then ok "progress stage, the value"; else bad "progress stage, the value" "rc=$RC err=$ERR"; fi
# the text of that partial answer: the winner line states only what is
# proved (no "partial" on it), and a line of its own says the answer is partial
if grep -qx '\[partial answer\]' <<<"$OUT" && grep -q '^winner: ' <<<"$OUT" && ! grep '^winner: ' <<<"$OUT" | grep -q partial
then ok "partial answer line"; else bad "partial answer line" "out=$OUT"; fi
# grid:3x5 takes about 0.3 s: a fast machine finishes it in time, a slow one
# does not. Either way the answer must be honest: complete and the winner of
# the same search without a time limit, or partial with exit status 2.
run solve grid:3x5 --quiet --json --no-theorems --no-replies
want=$(printf '%s' "$OUT" | grep -o '"winner": [0-9]')
run solve grid:3x5 --timeout 0.3 --quiet --json --no-theorems
if [ "$RC" = 2 ] && printf '%s' "$OUT" | grep -q '"complete": false' && printf '%s' "$ERR" | grep -q 'partial'; then
  ok "timeout partial answer, grid:3x5 (ran out)"
elif [ "$RC" = 0 ] && [ -n "$want" ] && ! printf '%s' "$OUT" | grep -q '"complete": false' && printf '%s' "$OUT" | grep -q "$want"; then
  ok "timeout partial answer, grid:3x5 (finished in time)"
else
  bad "timeout partial answer, grid:3x5" "rc=$RC out=$OUT err=$ERR"
fi
finish
