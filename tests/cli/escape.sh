# Command-line tests: input echoed back is escaped.  Escape sequences and
# binary bytes in files, file names, board names, --moves, family specs and
# the terminal game's input never reach standard output or standard error
# raw (no ESC byte 0x1b, nothing but valid UTF-8); messages show them as \xHH;
# JSON and SVG stay well-formed.
. "$(dirname "$0")/lib.bash"

ESC=$'\033[2J\033[31mX'
PY=/usr/bin/python3

# is_clean: neither $WORK/out nor $WORK/err holds an ESC byte or invalid
# UTF-8; when one does, returns 1 with the reason in WHY.
is_clean() {
  local f
  for f in "$WORK/out" "$WORK/err"; do
    if grep -q $'\x1b' "$f"; then WHY="ESC byte in $(basename "$f"): $(head -c 200 "$f" | od -c | head -3)"; return 1; fi
    if ! iconv -f UTF-8 -t UTF-8 "$f" >/dev/null 2>&1; then WHY="invalid UTF-8 in $(basename "$f")"; return 1; fi
  done
  return 0
}

# status_clean STATUS: the last run exited with STATUS and is_clean (the
# reason in WHY otherwise).
status_clean() {
  if [ "$RC" != "$1" ]; then WHY="exit status $RC, want $1: $ERR"; return 1; fi
  is_clean
}

# refused NAME PATTERN ARGS...: exit status 1, clean, stderr matching PATTERN.
refused() {
  local name=$1 pat=$2
  shift 2
  run "$@"
  if [ "$RC" != 1 ]; then bad "$name" "exit status $RC, want 1 (stderr: $ERR)"; return; fi
  if ! is_clean; then bad "$name" "$WHY"; return; fi
  if ! printf '%s\n' "$ERR" | grep -Fq -- "$pat"; then bad "$name" "stderr '$ERR' lacks '$pat'"; return; fi
  ok "$name"
}

# the escape sequence of the issue inside a printed table
printf '1 2 %s\n2 1 3\n' "$ESC" >"$WORK/esc.txt"
refused "table entry" '"\x1b[2J\x1b[31mX" is not a vertex number' solve "$WORK/esc.txt"
printf 'f_1 f_2\n1 %s 2\n' "$ESC" >"$WORK/esc2.txt"
refused "table entry under a header" '\x1b[2J' show "$WORK/esc2.txt"
printf '%s\n' "$ESC" >"$WORK/esc3.txt"
refused "table of an escape alone" 'not a board in any known format' solve "$WORK/esc3.txt"
# in JSON
printf '{"vertices": [1, 2, 3], "cells": [[1, 2, "\\u001b[2J"]]}' >"$WORK/esc.json"
refused "JSON label" '\x1b[2J' solve "$WORK/esc.json"
printf '{"vertices": [1, 2, 3], "cells": [[1, 2, 3]], "moves": "1->\\u001b[2J"}' >"$WORK/escm.json"
refused "JSON move" '\x1b[2J' solve "$WORK/escm.json"
printf '{"vertices": [1, 2, 3], "cells": [[1, 2, 3]], "\\u001b[2J": 1}' >"$WORK/esck.json"
refused "JSON key" '\x1b[2J' convert "$WORK/esck.json" --to json
# on the command line: --moves, family specs, --special, file names
refused "--moves" '\x1b[2J' solve k4 --moves "1->$ESC"
refused "--moves binary" '\xff' solve k4 --moves $'1->\xff\xfe'
refused "family spec" 'grid:' solve "grid:$ESC"
refused "--special" '\x1b[2J' show k4 --special "$ESC"
refused "file name" '\x1b[2J' solve "$WORK/$ESC.json"
refused "file name binary" '\xff' solve "$WORK/"$'\xff\xc3.json'

# binary files: every command that reads a board, several random files
for i in 1 2 3 4 5 6 7 8; do
  head -c 300 /dev/urandom >"$WORK/rand$i.bin"
  for c in solve show "convert --to json" draw tree symmetry; do
    # shellcheck disable=SC2086
    run $c "$WORK/rand$i.bin"
    check "binary $i $c" status_clean 1
  done
done
# binary bytes after a valid start of each format
printf '{"vertices": [1, 2, 3], "cells": [[1, 2, 3]], "name": "' >"$WORK/half.json"
head -c 200 /dev/urandom >>"$WORK/half.json"
run solve "$WORK/half.json"
check "binary in JSON" status_clean 1
{ printf 'f_1 f_2\n1 2 3\n'; head -c 200 /dev/urandom; } >"$WORK/half.txt"
run solve "$WORK/half.txt"
check "binary in a table" status_clean 1

# a board whose name holds an escape sequence, a C1 control and invalid UTF-8
# (the name comes from the file or, without one, from the file's name)
printf '{"name": "k\\u001b[2J\\u009b31m!", "vertices": [1, 2, 3, 4], "cells": [[1, 2, 4], [2, 3, 4], [3, 1, 4]]}' >"$WORK/named.json"
cp "$WORK/named.json" "$WORK/k4"$'\xff'"$ESC.json"
sed 's/"name": "[^"]*", //' "$WORK/named.json" >"$WORK/nameless.json"
cp "$WORK/nameless.json" "$WORK/n"$'\xff'"$ESC.json"
for f in "$WORK/named.json" "$WORK/n"$'\xff'"$ESC.json"; do
  for c in solve show tree symmetry "strategy mirror" "check filled" "convert --to table-text" "convert --to dot" "tree --dot"; do
    # shellcheck disable=SC2086
    run $c "$f"
    if [ "$RC" != 0 ]; then bad "name: $c" "exit status $RC: $ERR"; continue; fi
    is_clean || { bad "name: $c" "$WHY"; continue; }
    grep -q 'x1b\[2J' "$WORK/out" || grep -q 'states of' "$WORK/out" || grep -q '^digraph\|^graph' "$WORK/out" ||
      [ "$c" = "strategy mirror" ] || [ "$c" = "check filled" ] || { bad "name: $c" "name not shown escaped"; continue; }
    ok "name: $c"
  done
  for c in solve symmetry "strategy mirror" "check filled" "convert --to json"; do
    # shellcheck disable=SC2086
    run $c "$f" --json 2>/dev/null || true
    [ "$c" = "convert --to json" ] && run convert "$f" --to json
    if [ "$RC" != 0 ]; then bad "name JSON: $c" "exit status $RC: $ERR"; continue; fi
    is_clean || { bad "name JSON: $c" "$WHY"; continue; }
    if ! $PY -c 'import json,sys; d=json.load(open(sys.argv[1])); n=d.get("board", d.get("name")); assert n and "\x1b" not in n and "\x9b" not in n, n' "$WORK/out" 2>"$WORK/py"; then
      bad "name JSON: $c" "$(cat "$WORK/py")"; continue
    fi
    ok "name JSON: $c"
  done
  run draw "$f"
  WHY=
  if [ "$RC" = 0 ] && is_clean &&
    $PY -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$WORK/out" 2>"$WORK/py"; then
    ok "name SVG"
  else
    bad "name SVG" "exit status $RC: $ERR $WHY $(cat "$WORK/py" 2>/dev/null)"
  fi
done

# quotes and backslashes in a name keep the DOT output well-formed
printf '{"name": "a\\"b\\\\c", "vertices": [1, 2, 3], "cells": [[1, 2, 3]]}' >"$WORK/quote.json"
for c in "tree --dot" "convert --to dot"; do
  # shellcheck disable=SC2086
  run $c "$WORK/quote.json"
  if [ "$RC" != 0 ]; then bad "quoted name: $c" "exit status $RC: $ERR"; continue; fi
  grep -q 'a\\"b\\\\c' "$WORK/out" || { bad "quoted name: $c" "$(head -1 "$WORK/out")"; continue; }
  if command -v dot >/dev/null && ! dot -Tsvg "$WORK/out" >/dev/null 2>"$WORK/doterr"; then
    bad "quoted name: $c" "dot refuses it: $(cat "$WORK/doterr")"; continue
  fi
  ok "quoted name: $c"
done

# the terminal game: echoed input lines and unknown commands (control
# characters are taken out of an input line before anything sees it)
printf '%s\n1->%s\n%s->2\nquit\n' "$ESC" "$ESC" $'\xff\xfe' | timeout 10 "$BIN" play k4 --seed 1 >"$WORK/out" 2>"$WORK/err"
RC=$?
if status_clean 0; then
  check "play input" --why "$(cat "$WORK/out")" grep -q 'unknown command "\[2J' "$WORK/out"
else
  bad "play input" "$WHY"
fi
printf 'quit\n' | timeout 10 "$BIN" play "$WORK/named.json" --seed 1 >"$WORK/out" 2>"$WORK/err"
RC=$?
check "play name" status_clean 0
finish
