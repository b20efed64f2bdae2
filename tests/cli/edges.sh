# Command-line tests of small edges: solve's usage and its message agree
# that BOARD is required; --rules echoes the name it refuses (escaped);
# census report writes to standard output without -o; drawings carry their
# coordinates rounded (no floating-point noise such as 3.5e-17 for 0).
. "$(dirname "$0")/lib.bash"

# --- solve: BOARD is required, and the usage says so
expect_usage "solve without BOARD" '^cycles: no BOARD given' solve
run solve --help
head1=$(printf '%s\n' "$OUT" | head -1)
[ "$head1" = "usage: cycles solve BOARD [OPTIONS]" ] && ok "solve usage" || bad "solve usage" "$head1"
run help
printf '%s\n' "$OUT" | grep -q '^  cycles solve BOARD \[OPTIONS\]$' && ok "solve in the command list" ||
  bad "solve in the command list" "$(printf '%s\n' "$OUT" | grep 'cycles solve')"

# --- --rules NAME: the bad name is echoed, escaped, with the valid names
expect_usage "solve --rules foo" '--rules is standard, misere, draw, score or any-cycle, not "foo"$' solve k4 --rules foo
expect_usage "show --rules foo" 'not "foo"$' show k4 --rules foo
expect_usage "--rules escaped" 'not "f\\x1bo"$' solve k4 --rules "$(printf 'f\033o')"
if command -v sqlite3 >/dev/null; then
  expect_usage "census --rules foo" 'census: --rules is standard, .*, not "foo"$' census run --edges 1..2 \
    --db "$WORK/r.db" --rules foo
fi

# --- census report: standard output without -o, the same text as -o FILE
run census run --edges 1..5 --db "$WORK/c.db" --quiet
if [ "$RC" != 0 ]; then
  bad "census run" "exit status $RC: $ERR"
else
  run census report --db "$WORK/c.db"
  printf '%s\n' "$OUT" >"$WORK/stdout.md"
  timeout 60 "$BIN" census report --db "$WORK/c.db" -o "$WORK/file.md" 2>/dev/null
  # the same report but for the pictures (files beside -o) and the command line
  strip() { grep -v -e '^Generated on' -e '\.svg)$' -e '^`{' "$1" | grep -v '^$' | grep -v ':$'; }
  if [ "$RC" != 0 ]; then
    bad "census report to stdout" "exit status $RC: $ERR"
  elif ! head -1 "$WORK/stdout.md" | grep -q '^# The census of small boards$'; then
    bad "census report to stdout" "not the report: $(head -3 "$WORK/stdout.md")"
  elif [ -e "$WORK/c" ] || [ -e "$WORK/c.d" ]; then
    bad "census report to stdout" "wrote pictures beside the database"
  elif ! diff <(strip "$WORK/stdout.md") <(strip "$WORK/file.md") >"$WORK/diff"; then
    bad "census report to stdout" "differs from -o FILE: $(head -20 "$WORK/diff")"
  else
    ok "census report to stdout"
  fi
fi

# --- convert --to drawing: no noise in the coordinates of a family (they are
# rounded where they are computed); reading back gives the same
# board, written the same again
run convert k4 --to drawing
if [ "$RC" != 0 ]; then
  bad "drawing coordinates" "exit status $RC: $ERR"
elif printf '%s\n' "$OUT" | grep -Eq '"[xy]": -?[0-9.]*e-|"[xy]": -0[,}]|[0-9]{12}'; then
  bad "drawing coordinates" "noise in the coordinates: $(printf '%s\n' "$OUT" | grep '"x"')"
else
  ok "drawing coordinates"
fi
# (figure1 and k4-table have no coordinates: the layout of the pictures places them)
for b in k4 grid:3x3 windmill:3 cycle:5 theta:2,3,4 figure1 k4-table; do
  timeout 30 "$BIN" convert "$b" --to drawing >"$WORK/d1.json" 2>"$WORK/err"
  timeout 30 "$BIN" convert "$WORK/d1.json" --to drawing >"$WORK/d2.json" 2>>"$WORK/err"
  s1=$(timeout 30 "$BIN" solve "$b" --quiet --json | grep -v -e positions -e seconds -e '"board"')
  s2=$(timeout 30 "$BIN" solve "$WORK/d1.json" --quiet --json | grep -v -e positions -e seconds -e '"board"')
  if ! diff <(grep -v '"name"' "$WORK/d1.json") <(grep -v '"name"' "$WORK/d2.json") >/dev/null; then
    bad "drawing of $b reads back" "written again it differs: $(cat "$WORK/err")"
  elif [ -z "$s1" ] || [ "$s1" != "$s2" ]; then
    bad "drawing of $b reads back" "another answer: $s1 / $s2"
  else
    ok "drawing of $b reads back"
  fi
done

finish
