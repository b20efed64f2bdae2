# Command-line test of what the server refuses before doing the work, and of
# its error messages: a query parameter given twice, or holding a NUL byte,
# is a 400 naming it; a board file bigger than any board the server plays
# (a BennTaylor path of 70,000 vertices, 818 KB) is a 413 by its declared
# size and by its streamed size, and the server lives on; a census database
# with an overwritten page (each page in turn) answers 500 naming SQLite's
# error, never "not an error", and the server lives on.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/serve.bash"
need_sqlite3

serve_setup
start_server "$WORK/log"
[ -n "$PORT" ] || { bad start "the server did not start: $(cat "$WORK/log")"; finish; exit 1; }
URL=http://127.0.0.1:$PORT

# get NAME PATH STATUS PATTERN: GET PATH answers STATUS with PATTERN in its body
get() {
  local code
  code=$(curl -s --max-time 30 -o "$WORK/body" -w '%{http_code}' "$URL$2")
  if [ "$code" = "$3" ] && grep -q -- "$4" "$WORK/body"; then ok "$1"; else bad "$1" "$code $(head -c 300 "$WORK/body")"; fi
}
get "moves twice" "/api/solve?board=k4&moves=1-%3E2&moves=2-%3E3" 400 '"moves: given more than once"'
get "board twice" "/api/board?board=k4&board=cycle:5" 400 '"board: given more than once"'
get "format twice" "/api/export?board=k4&format=svg&format=png" 400 '"format: given more than once"'
get "NUL in a value" "/api/solve?board=k4%00xyz" 400 '"board: holds a NUL byte'
get "NUL in a name" "/api/solve?board=k4&mo%00ves=1-%3E2" 400 'a query parameter holds a NUL byte'
get "one of each still fine" "/api/solve?board=k4&moves=1-%3E2" 200 '"winner"'

# a path of 70,000 vertices in the BennTaylor format
"${PY:-python3}" - "$WORK/path.txt" <<'PYEOF'
import sys
n = 70000
with open(sys.argv[1], "w") as f:
    f.write("tree\n%d %d\nEDGES\n" % (n, n - 1))
    f.write("".join("%d %d\n" % (i, i + 1) for i in range(n - 1)))
    f.write("CYCLES\n")
PYEOF
SIZE=$(stat -c %s "$WORK/path.txt")
[ "$SIZE" -gt 800000 ] && ok "the path file is $SIZE bytes" || bad "path file" "$SIZE bytes"
for how in declared streamed; do
  if [ $how = declared ]; then
    code=$(curl -s --max-time 60 -o "$WORK/body" -w '%{http_code}' --data-binary @"$WORK/path.txt" "$URL/api/solve")
  else
    code=$(curl -s --max-time 60 -o "$WORK/body" -w '%{http_code}' -H 'Transfer-Encoding: chunked' \
      --data-binary @"$WORK/path.txt" "$URL/api/solve")
  fi
  if [ "$code" = 413 ] && grep -q 'larger than' "$WORK/body"; then
    ok "a 818 KB board refused by its $how size"
  else
    bad "818 KB board, $how size" "$code $(head -c 300 "$WORK/body")"
  fi
  if kill -0 "$SPID" 2>/dev/null; then
    ok "alive after the 818 KB board ($how)"
  else
    bad "818 KB board ($how)" "the server died"
    finish
    exit 1
  fi
done
get "served after the big uploads" "/api/solve?board=k4" 200 '"winner"'
stop_server TERM

# a census with one overwritten page, each page in turn
run census run --edges 1..6 --db "$WORK/clean.db" --quiet
[ "$RC" = 0 ] || bad "census" "census run: $ERR"
PAGES=$(( $(stat -c %s "$WORK/clean.db") / 4096 ))
ERRORS=0 NOTANERROR=0 DIED=0
for pg in $(seq 2 $((PAGES - 1))); do
  cp "$WORK/clean.db" "$WORK/p.db"
  "${PY:-python3}" -c "import sys; f=open(sys.argv[1],'r+b'); f.seek($pg*4096); f.write(b'\xa5'*4096)" "$WORK/p.db"
  "$BIN" serve --port 0 --census "$WORK/p.db" 2>"$WORK/plog" </dev/null &
  SPID=$!
  PORT=
  for _ in $(seq 50); do
    PORT=$(sed -n 's|^cycles: serving on http://127\.0\.0\.1:\([0-9][0-9]*\)/$|\1|p' "$WORK/plog")
    [ -n "$PORT" ] && break
    kill -0 "$SPID" 2>/dev/null || break
    sleep 0.1
  done
  if [ -z "$PORT" ]; then
    # refused at start: the message names the file and SQLite's error
    wait "$SPID" 2>/dev/null
    SPID=
    grep -q 'p.db: ' "$WORK/plog" || bad "page $pg at start" "$(cat "$WORK/plog")"
    continue
  fi
  for q in "" "edges=5" "edges=6&grundy=1" "edges=6&winner=1" "kind=tree" "triangle_free=1" "leaves=2" \
    "parity_breaker=1"; do
    code=$(curl -s --max-time 30 -o "$WORK/body" -w '%{http_code}' "http://127.0.0.1:$PORT/api/census?$q")
    if [ "$code" = 500 ]; then
      ERRORS=$((ERRORS + 1))
      grep -q 'not an error' "$WORK/body" && { NOTANERROR=$((NOTANERROR + 1)); echo "page $pg, ?$q: $(cat "$WORK/body")"; }
    fi
  done
  kill -0 "$SPID" 2>/dev/null || DIED=$((DIED + 1))
  stop_server TERM
done
echo "census pages overwritten: $((PAGES - 2)); queries answered 500: $ERRORS"
[ "$ERRORS" -gt 0 ] && ok "overwritten pages make queries fail" || bad "census corruption" "no query failed"
[ "$NOTANERROR" = 0 ] && ok "each failure names SQLite's error" || bad "census corruption" "$NOTANERROR said \"not an error\""
[ "$DIED" = 0 ] && ok "the server lived through each" || bad "census corruption" "$DIED servers died"
finish
