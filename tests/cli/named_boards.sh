# The named boards (src/families.c): every board file of boards/ is a family
# of its own name, built into the program, and gives the same board as the
# file read from the source tree (compared as native JSON, the name aside)
# and the same game (solve --json, the name aside).  Figure 1 of the paper
# has 9 vertices, 14 edges and 6 cells (counted on the paper's picture).
. "$(dirname "$0")/lib.bash"

run families
FAMS=$OUT
for f in "$SRC"/boards/*.json; do
  name=$(basename "$f" .json)
  if printf '%s\n' "$FAMS" | grep -q "^$name "; then ok "$name listed"; else bad "$name listed" "not in cycles families"; fi
  run convert "$name" --to json
  [ "$RC" = 0 ] || { bad "$name builds" "exit $RC: $ERR"; continue; }
  printf '%s\n' "$OUT" | grep -v '"name"' >"$WORK/family.json"
  run convert "$f" --to json
  printf '%s\n' "$OUT" | grep -v '"name"' >"$WORK/file.json"
  if cmp -s "$WORK/family.json" "$WORK/file.json"; then ok "$name same board"
  else bad "$name same board" "$(diff "$WORK/family.json" "$WORK/file.json" | head -5)"; fi
done

# a game on a named board is the game on its file
for name in figure1 k4-table k5-torus; do
  run solve "$name" --json --quiet --moves "1->2"
  printf '%s\n' "$OUT" | grep -v '"board"' >"$WORK/a"
  run solve "$SRC/boards/$name.json" --json --quiet --moves "1->2"
  printf '%s\n' "$OUT" | grep -v '"board"' | grep -v '"positions"\|"seconds"' >"$WORK/b"
  grep -v '"positions"\|"seconds"' "$WORK/a" >"$WORK/a2"
  if cmp -s "$WORK/a2" "$WORK/b"; then ok "$name same game"; else bad "$name same game" "$(diff "$WORK/a2" "$WORK/b" | head -5)"; fi
done

expect_out "figure1 size" '^board: figure1 \(9 vertices, 14 edges, 6 cells\)$' show figure1
run show figure1:2
if [ "$RC" != 0 ] && printf '%s\n' "$ERR" | grep -q 'figure1 takes no parameters'; then ok "no parameters"
else bad "no parameters" "exit $RC: $ERR"; fi

finish
