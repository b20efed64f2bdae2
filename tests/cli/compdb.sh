#!/usr/bin/env bash
# compdb.sh - `cycles compdb build|info` and the component database in use:
# solve gives the same answers with --compdb FILE or CYCLES_COMPDB as
# without, and finds components there; a missing, truncated, corrupt or
# stale file is left out with one line on stderr and the answer is still
# given; `compdb info` refuses the same files (exit 1); usage errors exit 2.
# Usage: bash tests/cli/compdb.sh CYCLES_BINARY SOURCE_DIR
source "$(dirname "$0")/lib.bash"

DB=$WORK/k10.db
run compdb build --edges 10 --games 300 -o "$DB"
check "build" --why "status $RC: $ERR" [ "$RC" = 0 ]
check "build writes nothing on stdout" --why "$OUT" [ -z "$OUT" ]
check "build says what it wrote" --why "$ERR" \
  eval 'grep -Eq "^cycles: compdb: [0-9]+ components of at most 10 edges from 300 games in [0-9.]+ s, [0-9]+ bytes$" <<<"$ERR"'
check "build wrote a file" [ -s "$DB" ]
expect_out "info" "^components: [1-9][0-9]* of at most 10 live edges$" compdb info "$DB"
n=$(sed -n 's/^components: \([0-9]*\) .*/\1/p' <<<"$OUT")
check "info: the size is 64 bytes and 16 a component" --why "$(stat -c %s "$DB") bytes for $n" \
  [ "$(stat -c %s "$DB")" = $((64 + 16 * n)) ]
expect_out "info --json" '^\{"edges": 10, "entries": [0-9]+, "bytes": [0-9]+, "scheme": "[0-9a-f]{16}"\}$' \
  compdb info "$DB" --json
# the same seed, the same file
run compdb build --edges 10 --games 300 -o "$WORK/again.db" --quiet
check "build --quiet is quiet" --why "$ERR" [ -z "$ERR" ]
check "a build is reproducible" cmp -s "$DB" "$WORK/again.db"

# answers without the search's counts, which the database changes
answer() { grep -Ev '^searched|^table' <<<"$1"; }
for b in theta:5,6,7 grid:3x5 wedge:4,5,6; do
  run solve "$b" --no-theorems --threads 1 --quiet
  want=$(answer "$OUT")
  check "$b without" [ "$RC" = 0 ]
  run solve "$b" --no-theorems --threads 1 --compdb "$DB"
  check "$b with --compdb: the same answer" --why "$(diff <(echo "$want") <(answer "$OUT"))" \
    [ "$(answer "$OUT")" = "$want" ]
  check "$b with --compdb: components found" --why "$ERR" \
    eval 'grep -Eq "^cycles: compdb: [0-9]+ lookups, [1-9][0-9]* found$" <<<"$ERR"'
  CYCLES_COMPDB=$DB run solve "$b" --no-theorems --threads 1 --quiet
  check "$b with CYCLES_COMPDB: the same answer, nothing on stderr" --why "$ERR" \
    eval '[ "$(answer "$OUT")" = "$want" ] && [ -z "$ERR" ]'
done

# files that cannot be used: solve goes on without them, with one line
run solve grid:3x4 --quiet
want=$(answer "$OUT")
# stderr_is PATTERN: $ERR is one line matching PATTERN
stderr_is() { [ "$(printf "%s\n" "$ERR" | wc -l)" = 1 ] && grep -Eq -- "$1" <<<"$ERR"; }
left_out() { # NAME FILE PATTERN
  local pat="^cycles: compdb: .*$3.*; solving without it\$"
  run solve grid:3x4 --quiet --compdb "$2"
  check "$1: solve answers" --why "status $RC, $OUT" eval '[ "$RC" = 0 ] && [ "$(answer "$OUT")" = "$want" ]'
  check "$1: one line on stderr" --why "$ERR" stderr_is "$pat"
  CYCLES_COMPDB=$2 run solve grid:3x4 --quiet
  check "$1 in CYCLES_COMPDB: left out too" --why "status $RC: $ERR" \
    eval '[ "$RC" = 0 ] && [ "$(answer "$OUT")" = "$want" ]'
  check "$1 in CYCLES_COMPDB: one line on stderr" --why "$ERR" stderr_is "$pat"
  expect_error "$1: info refuses it" "$3" compdb info "$2"
}
left_out "missing" "$WORK/none.db" "No such file"
head -c 100 "$DB" >"$WORK/short.db"
left_out "truncated" "$WORK/short.db" "truncated"
head -c 40 "$DB" >"$WORK/header.db"
left_out "truncated header" "$WORK/header.db" "truncated"
cp "$DB" "$WORK/flip.db"
printf '\x55' | dd of="$WORK/flip.db" bs=1 seek=200 conv=notrunc status=none
left_out "a corrupt entry" "$WORK/flip.db" "corrupt"
cp "$DB" "$WORK/head.db"
printf '\x07' | dd of="$WORK/head.db" bs=1 seek=12 conv=notrunc status=none
left_out "a corrupt header" "$WORK/head.db" "corrupt"
printf 'not a database at all, just some text that is long enough for a header......\n' >"$WORK/text.db"
left_out "not a database" "$WORK/text.db" "not a component database"
left_out "a directory" "$WORK" "directory"
# stale: a whole file whose fingerprint of the keys is another program's
# (the header's checksum made right: compdb.c's checksum, written again here)
if command -v python3 >/dev/null; then
  python3 - "$DB" "$WORK/stale.db" <<'EOF'
import struct, sys
M = (1 << 64) - 1
def mix(x):
    x ^= x >> 30; x = (x * 0xBF58476D1CE4E5B9) & M
    x ^= x >> 27; x = (x * 0x94D049BB133111EB) & M
    return x ^ (x >> 31)
def checksum(words):
    h = 0x6A09E667F3BCC908 ^ len(words)
    for w in words:
        h = (mix(h ^ w) + 0x9E3779B97F4A7C15) & M
    return h
b = bytearray(open(sys.argv[1], 'rb').read())
scheme = struct.unpack_from('<Q', b, 16)[0]
struct.pack_into('<Q', b, 16, scheme ^ 0x100)
struct.pack_into('<Q', b, 40, checksum(struct.unpack_from('<5Q', b, 0)))
open(sys.argv[2], 'wb').write(b)
EOF
  left_out "stale" "$WORK/stale.db" "stale"
else
  echo "SKIP: the stale file (no python3)"
fi

# usage errors and bad input
expect_usage "build without -o" "-o FILE" compdb build --edges 8
expect_usage "build without --edges" "--edges" compdb build -o "$WORK/x.db"
expect_usage "build --edges 2" "edges" compdb build --edges 2 -o "$WORK/x.db"
expect_usage "build --edges 25" "edges" compdb build --edges 25 -o "$WORK/x.db"
expect_usage "an unknown word" "build or info" compdb frob
expect_usage "info without FILE" "FILE" compdb info
expect_error "build from a board that is not one" "nosuchboard" \
  compdb build --edges 8 --games 5 --boards "grid:2x3 nosuchboard" -o "$WORK/x.db"
check "nothing written after a bad board" [ ! -e "$WORK/x.db" ]
# a build stopped by its timeout writes what it found
run compdb build --edges 16 --timeout 1 -o "$WORK/t.db" --boards grid:4x4
check "build --timeout writes its file" --why "status $RC: $ERR" \
  eval '[ "$RC" = 0 ] && grep -q "(--timeout)" <<<"$ERR"'
expect_out "the timed out file opens" "^components: " compdb info "$WORK/t.db"
# SIGTERM: what was found is written whole, exit status 2
# (sent once the build shows its first progress line, so that a slow start under load does not
# meet the signal before the handler is in place)
"$BIN" compdb build --edges 16 -o "$WORK/i.db" --boards grid:4x4 >/dev/null 2>"$WORK/i.err" </dev/null &
pid=$!
for _ in $(seq 600); do
  grep -q "games" "$WORK/i.err" 2>/dev/null && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
kill -TERM "$pid" 2>/dev/null
wait "$pid"
rc=$?
check "build stopped by SIGTERM: exit status 2" --why "status $rc" [ "$rc" = 2 ]
expect_out "the interrupted file opens" "^components: " compdb info "$WORK/i.db"

finish
