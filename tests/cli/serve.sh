# Command-line tests of `cycles serve`: the JSON API against `cycles solve
# --json`, the page's files, 4xx/5xx JSON errors, limits, several clients at
# once, and a clean stop.  Talks to 127.0.0.1 only, with bounded waits.
. "$(dirname "$0")/lib.bash"

. "$(dirname "$0")/serve.bash"
serve_setup

# fetch PATH [CURL ARGS...]: sets CODE (HTTP status), BODY and TYPE.
fetch() {
  local path=$1
  shift
  CODE=$(curl -s --max-time 60 -o "$WORK/body" -D "$WORK/headers" -w '%{http_code}' "$@" "http://127.0.0.1:$PORT$path")
  BODY=$(cat "$WORK/body")
  TYPE=$(sed -n 's/^[Cc]ontent-[Tt]ype: *\([^;\r]*\).*/\1/p' "$WORK/headers" | tr -d '\r')
}

# strip FILE: the JSON without its "positions" and "seconds" lines.
strip() { grep -v -E '^  "(positions|seconds)": ' "$1"; }

# same_as_cli NAME PATH BOARD MOVES [CURL ARGS...]: the API's answer at PATH is
# cycles solve BOARD --moves MOVES --json, byte for byte but for the search
# statistics.
same_as_cli() {
  local name=$1 path=$2 board=$3 moves=$4
  shift 4
  fetch "$path" "$@"
  if [ "$CODE" != 200 ]; then bad "$name" "status $CODE: $BODY"; return; fi
  if [ "$TYPE" != application/json ]; then bad "$name" "content type $TYPE"; return; fi
  cp "$WORK/body" "$WORK/api.json"
  if ! timeout 60 "$BIN" solve "$board" --moves "$moves" --json --quiet >"$WORK/cli.json" 2>"$WORK/cli.err"; then
    bad "$name" "cycles solve failed: $(cat "$WORK/cli.err")"
    return
  fi
  if ! diff <(strip "$WORK/api.json") <(strip "$WORK/cli.json") >"$WORK/diff"; then
    bad "$name" "API and CLI differ: $(cat "$WORK/diff")"
    return
  fi
  ok "$name"
}

# header NAME: the value of response header NAME of the last fetch.
header() { sed -n "s/^$1: *\([^\r]*\).*/\1/Ip" "$WORK/headers" | head -1; }

# jval FILE KEY: the value of a top-level scalar KEY of a JSON answer.
jval() { sed -n "s/^  \"$2\": \(.*[^,]\),\{0,1\}\$/\1/p" "$1"; }
# jmoves FILE: the winning moves of a solve answer, one a line.
jmoves() { sed -n '/^  "winning_moves": \[/,/\]/s/^    "\(.*\)",\{0,1\}$/\1/p' "$1"; }

# expect_status NAME STATUS PATTERN PATH [CURL ARGS...]: the answer has that
# status and is a JSON object {"error": ...} whose message matches PATTERN; a
# 503 says when to ask again (Retry-After: whole seconds).
expect_status() {
  local name=$1 status=$2 pat=$3 path=$4
  shift 4
  fetch "$path" "$@"
  if [ "$CODE" != "$status" ]; then bad "$name" "status $CODE, want $status: $BODY"; return; fi
  if [ "$TYPE" != application/json ]; then bad "$name" "content type '$TYPE'"; return; fi
  if ! printf '%s\n' "$BODY" | grep -Eq '^  "error": ".*"$'; then bad "$name" "no error key: $BODY"; return; fi
  if ! printf '%s\n' "$BODY" | grep -Eq -- "$pat"; then bad "$name" "'$BODY' does not match '$pat'"; return; fi
  if [ "$status" = 503 ] && ! header Retry-After | grep -Eq '^[1-9][0-9]*$'; then
    bad "$name" "503 without Retry-After"
    return
  fi
  ok "$name"
}

# partial_consistent NAME ANSWER FULL: ANSWER (a 200 of /api/solve) is FULL
# (cycles solve --json of the same position) but for the statistics, or it is
# partial ("complete": false) and what it says agrees with FULL and with
# itself: it knows something, every winning move it names is one, a value
# settles the outcome, the outcome the winner, a P-position has no winning
# move, and a partial answer lists no replies.
partial_consistent() {
  local name=$1 a=$2 f=$3
  if [ -z "$(jval "$a" complete)" ]; then
    diff -q <(strip "$a") <(strip "$f") >/dev/null && ok "$name" || bad "$name" "complete but not the CLI's answer"
    return
  fi
  local out win g tm
  out=$(jval "$a" outcome) win=$(jval "$a" winner) g=$(jval "$a" grundy) tm=$(jval "$a" to_move)
  [ "$(jval "$a" complete)" = false ] || { bad "$name" "complete: $(jval "$a" complete)"; return; }
  if [ "$out" = null ] && [ "$g" = null ] && [ -z "$(jmoves "$a")" ]; then
    bad "$name" "a 200 that knows nothing"
    return
  fi
  for k in outcome winner grundy; do
    local v
    v=$(jval "$a" $k)
    if [ "$v" != null ] && [ "$v" != "$(jval "$f" $k)" ]; then bad "$name" "$k $v, in truth $(jval "$f" $k)"; return; fi
  done
  if [ -n "$(comm -23 <(jmoves "$a" | sort) <(jmoves "$f" | sort))" ]; then
    bad "$name" "names moves that do not win: $(jmoves "$a" | tr '\n' ' ')"
    return
  fi
  if { [ "$g" = 0 ] && [ "$out" != '"P"' ]; } || { [ "$g" != null ] && [ "$g" != 0 ] && [ "$out" != '"N"' ]; } ||
    { [ "$out" = '"P"' ] && [ -n "$(jmoves "$a")" ]; } || { [ -n "$(jmoves "$a")" ] && [ "$out" != '"N"' ]; } ||
    { [ "$out" = '"N"' ] && [ "$win" != "$tm" ]; } || { [ "$out" = '"P"' ] && [ "$win" = "$tm" ]; } ||
    grep -q '"replies"' "$a"; then
    bad "$name" "inconsistent: $(strip "$a" | tr -d '\n')"
    return
  fi
  ok "$name"
}

start_server "$WORK/serve.err" --timeout 1
if [ -z "$PORT" ]; then
  bad "server starts" "no 'serving on' line: $(cat "$WORK/serve.err")"
  finish
  exit 1
fi
ok "server starts and names its port"
[ "$(wc -l <"$WORK/serve.err")" = 1 ] && ok "one line on stderr" || bad "one line on stderr" "$(cat "$WORK/serve.err")"

# --- the page
fetch /
[ "$CODE" = 200 ] && [ "$TYPE" = text/html ] && grep -q '<title>Game of Cycles</title>' "$WORK/body" &&
  ok "page" || bad "page" "$CODE $TYPE"
fetch /app.js
[ "$CODE" = 200 ] && [ "$TYPE" = text/javascript ] && grep -q "api('solve'" "$WORK/body" &&
  ok "app.js" || bad "app.js" "$CODE $TYPE"
fetch /app.css
[ "$CODE" = 200 ] && [ "$TYPE" = text/css ] && ok "app.css" || bad "app.css" "$CODE $TYPE"
fetch /app.js --head
[ "$CODE" = 200 ] && ok "HEAD" || bad "HEAD" "$CODE"

# --- answers exactly like cycles solve --json
same_as_cli "solve k4" "/api/solve?board=k4" k4 ""
same_as_cli "solve k4 after a move" "/api/solve?board=k4&moves=1-%3E2" k4 "1->2"
same_as_cli "solve with replies" "/api/solve?board=k4&moves=1-%3E2%203-%3E4" k4 "1->2 3->4"
same_as_cli "solve a completable cycle" "/api/solve?board=cycle:4&moves=1-%3E2,2-%3E3,3-%3E4" cycle:4 "1->2,2->3,3->4"
same_as_cli "solve a finished game" "/api/solve?board=cycle:3&moves=1-%3E2+2-%3E3+3-%3E1" cycle:3 "1->2 2->3 3->1"
same_as_cli "solve grid:3x3" "/api/solve?board=grid:3x3&moves=1-%3E2" grid:3x3 "1->2"
same_as_cli "solve a special path" "/api/solve?board=path:3" path:3 ""
same_as_cli "solve an uploaded file" "/api/solve" "$SRC/boards/figure1.json" "" --data-binary "@$SRC/boards/figure1.json"
# a board file with parallel edges (the C++ program's SP3) and one with loops
SP3="$SRC/tests/data/benntaylor/SP3_encoding.txt" LPS="$SRC/tests/data/benntaylor-loops/loops-three-cells.txt"
same_as_cli "solve parallel edges" "/api/solve?moves=e1:0-%3E1" "$SP3" "e1:0->1" --data-binary "@$SP3"
same_as_cli "solve loops" "/api/solve?moves=%2Be0:0-%3E0" "$LPS" "+e0:0->0" --data-binary "@$LPS"
same_as_cli "solve an uploaded file with moves" "/api/solve?moves=1-%3E2" "$SRC/boards/figure1.json" "1->2" \
  --data-binary "@$SRC/boards/figure1.json"
"$BIN" convert k4 --to table-text -o "$WORK/k4.txt" 2>/dev/null
# the CLI names a board file by its path, the API by ?name=
same_as_cli "solve an uploaded printed table" "/api/solve?name=k4.txt" k4.txt "" \
  --data-binary "@$WORK/k4.txt"

# --- the other endpoints
fetch /api/families
[ "$CODE" = 200 ] && grep -q '"usage": "grid:RxC"' "$WORK/body" && grep -q '"examples"' "$WORK/body" &&
  ok "families" || bad "families" "$CODE $BODY"
fetch "/api/board?board=k4"
[ "$CODE" = 200 ] && [ "$(grep -c '"label"' "$WORK/body")" = 4 ] && grep -q '"cells"' "$WORK/body" &&
  grep -q '"x": ' "$WORK/body" && ok "board" || bad "board" "$CODE $BODY"
fetch "/api/board?name=f.json" --data-binary "@$SRC/boards/figure1.json"
[ "$CODE" = 200 ] && [ "$(grep -c '"label"' "$WORK/body")" = 9 ] && grep -q '"board": "figure1"' "$WORK/body" &&
  ok "board upload" || bad "board upload" "$CODE $BODY"
# a named board of the papers is a family here too
fetch "/api/board?board=figure1"
[ "$CODE" = 200 ] && [ "$(grep -c '"label"' "$WORK/body")" = 9 ] && ok "named board" || bad "named board" "$CODE $BODY"
# the position's moves: the same legal and death moves as cycles show lists
fetch "/api/board?board=figure1&moves=1-%3E2+2-%3E3+3-%3E6"
"$BIN" show figure1 --moves "1->2 2->3 3->6" >"$WORK/show.txt"
for kind in legal death; do
  want=$(sed -n "s/^$kind moves ([0-9]*): //p" "$WORK/show.txt" | tr ' ' '\n' | grep -v '^none$' | sort | tr '\n' ' ')
  got=$(python3 -c 'import json,sys; print(" ".join(sorted(json.load(open(sys.argv[1]))["position"][sys.argv[2]])))' \
        "$WORK/body" "$kind" 2>/dev/null)
  [ "$CODE" = 200 ] && [ "$got " = "$want" ] && ok "position $kind moves" || bad "position $kind moves" "'$got' vs '$want'"
done
# a drawn board (the drawing format) is read and its faces found; a crossing is refused
DRAWN='{"vertices":[{"label":"1","x":0,"y":0},{"label":"2","x":4,"y":0},{"label":"3","x":2,"y":3},{"label":"4","x":2,"y":6,"special":true}],"edges":[["1","2"],["2","3"],["3","1"],["3","4"]]}'
fetch "/api/board?name=drawn" --data-binary "$DRAWN"
[ "$CODE" = 200 ] && [ "$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["cells"]))' "$WORK/body")" = 1 ] &&
  ok "drawn board" || bad "drawn board" "$CODE $BODY"
expect_status "crossing drawing" 422 'edges 1-2 and 3-4 cross' "/api/board" --data-binary \
  '{"vertices":[{"label":"1","x":0,"y":0},{"label":"2","x":1,"y":1},{"label":"3","x":0,"y":1},{"label":"4","x":1,"y":0}],"edges":[["1","2"],["3","4"],["1","3"]]}'
expect_status "disconnected drawing" 422 'not connected' "/api/board" --data-binary \
  '{"vertices":[{"label":"1","x":0,"y":0},{"label":"2","x":1,"y":0},{"label":"3","x":5,"y":5},{"label":"4","x":6,"y":5}],"edges":[["1","2"],["3","4"]]}'
# export: the native JSON is what cycles convert writes for the board and moves
fetch "/api/export?board=figure1&moves=1-%3E2&format=json"
"$BIN" convert figure1 --moves "1->2" --to json >"$WORK/conv.json" 2>/dev/null
[ "$CODE" = 200 ] && [ "$TYPE" = application/json ] && cmp -s "$WORK/body" "$WORK/conv.json" &&
  ok "export json" || bad "export json" "$CODE $(diff "$WORK/body" "$WORK/conv.json" | head -3)"
fetch "/api/export?name=drawn&moves=1-%3E2&format=svg" --data-binary "$DRAWN"
[ "$CODE" = 200 ] && [ "$TYPE" = image/svg+xml ] && grep -q '<svg' "$WORK/body" && ok "export svg" || bad "export svg" "$CODE"
# the size and caption of a picture for slides: size=PIXELS is its width
# (the SVG's width; a PNG's, read from its header, when the build has PNG)
fetch "/api/export?board=grid:4x4&moves=1-%3E2&format=svg&size=1600&caption=auto&legend=1"
[ "$CODE" = 200 ] && grep -q '<svg [^>]* width="1600" ' "$WORK/body" &&
  grep -q '>grid:4x4: 1 move; player 2 to move</text>' "$WORK/body" && grep -q 'id="legend"' "$WORK/body" &&
  ok "export size, caption, legend" || bad "export size, caption, legend" "$CODE $(head -c 300 "$WORK/body")"
fetch "/api/export?board=k4&format=svg"
[ "$CODE" = 200 ] && ! grep -q 'id="caption"\|id="legend"' "$WORK/body" && ok "export: no caption by default" ||
  bad "export: no caption by default" "$CODE"
if "$BIN" draw k4 -o "$WORK/probe.png" 2>/dev/null; then
  fetch "/api/export?board=grid:4x4&format=png&size=1600"
  w=$(od -An -tu1 -j16 -N4 "$WORK/body" | awk '{print $1*16777216 + $2*65536 + $3*256 + $4}')
  [ "$CODE" = 200 ] && [ "$w" = 1600 ] && ok "export png 1600 px wide" || bad "export png 1600 px wide" "$CODE $w"
fi
expect_status "export: size out of range" 422 '16 to 8192 pixels wide' "/api/export?board=k4&format=svg&size=9"
expect_status "export: bad format" 400 'format: json, svg or png' "/api/export?board=k4&format=gif"
expect_status "export: a board on the torus has no picture" 422 'not in the plane' "/api/export?board=k5-torus&format=svg"
# export pictures are drawn EXPORT_SLOTS at a time (stats: exports_limit):
# many at once are each a picture or a 503 that says why, and never more
# than the bound are drawn at once
fetch /api/stats
elimit=$(jval "$WORK/body" exports_limit)
[ -n "$elimit" ] && [ "$elimit" -ge 1 ] && ok "stats: exports_limit" || bad "stats: exports_limit" "$BODY"
if "$BIN" draw k4 -o "$WORK/k4.png" 2>/dev/null; then
  ex=()
  for i in $(seq 12); do
    curl -s --max-time 60 -o "$WORK/e$i.png" -w '%{http_code}' \
      "http://127.0.0.1:$PORT/api/export?board=grid:5x5&moves=1-%3E2&format=png" >"$WORK/e$i.code" &
    ex+=($!)
  done
  wait "${ex[@]}"
  all=1 pngs=0
  for i in $(seq 12); do
    case "$(cat "$WORK/e$i.code")" in
      200) [ "$(head -c 8 "$WORK/e$i.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] && pngs=$((pngs + 1)) ||
             { all=0; bad "export png $i" "not a PNG"; } ;;
      503) grep -q 'busy drawing other pictures' "$WORK/e$i.png" || { all=0; bad "export png $i" "$(cat "$WORK/e$i.png")"; } ;;
      *) all=0; bad "export png $i" "status $(cat "$WORK/e$i.code")" ;;
    esac
  done
  [ "$all" = 1 ] && [ "$pngs" -ge 1 ] && ok "12 PNG exports at once: $pngs pictures, the rest 503" ||
    bad "PNG exports at once" "$pngs pictures"
  fetch /api/stats
  peak=$(jval "$WORK/body" exports_peak)
  [ "$peak" -ge 1 ] && [ "$peak" -le "$elimit" ] && [ "$(jval "$WORK/body" exports)" = 0 ] &&
    ok "at most $elimit pictures drawn at once (peak $peak)" || bad "export bound" "$BODY"
  [ "$(jval "$WORK/body" exports_refused)" = $((12 - pngs)) ] && ok "stats count the refused exports" ||
    bad "exports_refused" "$BODY"
fi
# a large drawing (2000 vertices on a path) is refused at once, with the limit
python3 -c 'import json; n=2000; print(json.dumps({"vertices": [{"label": str(i), "x": i, "y": i % 2} for i in range(n)],
  "edges": [[str(i), str(i + 1)] for i in range(n - 1)]}))' >"$WORK/big.json"
expect_status "large drawing refused" 422 'the board has 1999 edges; this server plays boards of at most 40' \
  "/api/board?name=big" --data-binary "@$WORK/big.json"
expect_status "large drawing not exported" 422 'at most 40' "/api/export?format=png" --data-binary "@$WORK/big.json"

# ?timeout=S: a shorter look than the server's own limit; a bad one is refused
expect_status "timeout: not a number" 400 'timeout: seconds' "/api/solve?board=k4&timeout=soon"
expect_status "timeout: zero" 400 'timeout: seconds' "/api/solve?board=k4&timeout=0"
same_as_cli "a short look at a quick board is whole" "/api/solve?board=k4&moves=1-%3E2&timeout=0.5" k4 "1->2"
same_as_cli "a timeout over the server's is its own" "/api/solve?board=k4&timeout=1000" k4 ""
# (grid:2x6 after a move: the identical questions below ask it without one)
timeout 60 "$BIN" solve grid:2x6 --moves "1->2" --json --quiet >"$WORK/full26.json"
fetch "/api/solve?board=grid:2x6&moves=1-%3E2&timeout=0.01"
case "$CODE" in
  200) cp "$WORK/body" "$WORK/t.json"; partial_consistent "a short look says only what is true" "$WORK/t.json" "$WORK/full26.json" ;;
  503) grep -q 'ran out of time before it knew anything' "$WORK/body" && ok "a short look that knows nothing: 503" ||
         bad "short look 503" "$BODY" ;;
  *) bad "short look" "status $CODE: $BODY" ;;
esac
# once the whole answer is kept, a short look gets it
fetch "/api/solve?board=grid:2x6&moves=1-%3E2"
if [ "$CODE" = 200 ] && [ -z "$(jval "$WORK/body" complete)" ]; then
  fetch "/api/solve?board=grid:2x6&moves=1-%3E2&timeout=0.01"
  [ "$CODE" = 200 ] && [ "$(header X-Cycles-Answer)" = cached ] && [ -z "$(jval "$WORK/body" complete)" ] &&
    ok "a short look gets the whole answer kept" || bad "short look after the whole" "$CODE $(header X-Cycles-Answer)"
fi

fetch "/api/move?board=k4&moves=1-%3E2"
# after 1->2 on k4 the winning answers are 3->4 and 4->3 (tests/cli/solve.sh)
[ "$CODE" = 200 ] && grep -Eq '"move": "(3->4|4->3)"' "$WORK/body" && grep -q '"wins": true' "$WORK/body" &&
  ok "engine move wins" || bad "engine move wins" "$CODE $BODY"
fetch "/api/move?board=k4"
[ "$CODE" = 200 ] && grep -Eq '"move": "[0-9]->[0-9]"' "$WORK/body" && grep -q '"wins": false' "$WORK/body" &&
  ok "engine move in a lost position" || bad "engine move in a lost position" "$CODE $BODY"
fetch "/api/move?board=cycle:3&moves=1-%3E2+2-%3E3+3-%3E1"
[ "$CODE" = 200 ] && grep -q '"move": null' "$WORK/body" && grep -q '"winner": 1' "$WORK/body" &&
  ok "no engine move after the end" || bad "no engine move after the end" "$CODE $BODY"

# --- bad requests: 4xx with a JSON error
expect_status "no board" 400 'give a board' "/api/solve"
expect_status "unknown family" 400 'nosuch: no family' "/api/solve?board=nosuch"
expect_status "bad family parameters" 400 'grid:0x3: ' "/api/solve?board=grid:0x3"
expect_status "no files from the server's disk" 400 'no family' "/api/solve?board=%2Fetc%2Fpasswd"
expect_status "illegal move" 422 'moves: move 2 \(2->1\) is illegal: marking 2->1 makes 1 a sink' \
  "/api/solve?board=cycle:3&moves=3-%3E1+2-%3E1"
expect_status "malformed move" 422 'not of the form U->V' "/api/solve?board=cycle:5&moves=1-2"
expect_status "unknown vertex" 422 'no vertex 9' "/api/move?board=cycle:5&moves=1-%3E9"
expect_status "board too big" 422 'has 60 edges; this server plays boards of at most 40' "/api/solve?board=grid:6x6"
expect_status "board too big to draw" 422 'at most 40' "/api/board?board=grid:6x6"
printf 'not a board' >"$WORK/junk.txt"
expect_status "junk upload" 422 'the board file: ' "/api/solve" --data-binary "@$WORK/junk.txt"
printf 'garbage text' >"$WORK/garbage.txt"
expect_status "garbage upload" 422 'the board file: not a board in any known format: expected a game table' "/api/solve" \
  --data-binary "@$WORK/garbage.txt"
expect_status "empty upload" 400 'empty' "/api/solve" --data-binary ""
head -c 1100000 /dev/zero | tr '\0' 'x' >"$WORK/big.txt"
expect_status "body over 1 MiB" 413 'larger than 147456 bytes' "/api/solve" --data-binary "@$WORK/big.txt"
expect_status "chunked body over 1 MiB" 413 'larger than 147456 bytes' "/api/board" \
  -H 'Transfer-Encoding: chunked' --data-binary "@$WORK/big.txt"
printf '{"format": "cycles-board"' >"$WORK/cut.json"
expect_status "cut-off JSON upload" 422 'the board file: ' "/api/board" --data-binary "@$WORK/cut.json"
printf '[[1, 2], [3]]' >"$WORK/table.json"
expect_status "bad game table upload" 422 'the board file: ' "/api/move" --data-binary "@$WORK/table.json"
# a URL longer than the connection's memory: refused (4xx), and the server lives on
long=$(head -c 200000 /dev/zero | tr '\0' 'x')
CODE=
trap '' PIPE  # the server may hang up before reading it all
if exec 3<>"/dev/tcp/127.0.0.1/$PORT"; then
  printf 'GET /api/solve?board=k4&moves=%s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' "$long" >&3 2>/dev/null
  read -r -t 10 _ CODE _ <&3
  exec 3<&-
fi
trap - PIPE
case "$CODE" in 4??) ok "overlong URL refused" ;; *) bad "overlong URL refused" "status $CODE" ;; esac
expect_status "unknown endpoint" 404 'no such endpoint' "/api/frob"
expect_status "unknown page" 404 'no such page' "/nope.html"
expect_status "wrong method" 405 'use GET or POST' "/api/solve?board=k4" -X DELETE
expect_status "POST to families" 405 'use GET' "/api/families" --data-binary "x"
# grid:4x5 after a move (not the empty board, which a theorem may settle):
# nothing is known after 1 s (its value takes minutes)
expect_status "solver out of time" 503 'ran out of time before it knew anything \(this server allows 1 s\)' \
  "/api/solve?board=grid:4x5&moves=2-%3E1"
fetch "/api/move?board=grid:4x5&moves=1-%3E2"
if [ "$CODE" = 200 ]; then
  # time ran out, but a legal move is known (tests/cli/solve.sh knows the board)
  grep -q '"complete": false' "$WORK/body" && grep -Eq '"move": "[0-9]+->[0-9]+"' "$WORK/body" &&
    ok "engine move when time runs out" || bad "engine move when time runs out" "$BODY"
else
  bad "engine move when time runs out" "status $CODE: $BODY"
fi

# --- the cache: a repeated question costs nothing, and says so
fetch "/api/solve?board=grid:3x3&moves=2-%3E1"
cp "$WORK/body" "$WORK/first.json"
fetch "/api/solve?board=grid:3x3&moves=2-%3E1"
[ "$CODE" = 200 ] && [ "$(header X-Cycles-Answer)" = cached ] && cmp -s "$WORK/body" "$WORK/first.json" &&
  ok "repeated question answered from the cache" || bad "cache" "$CODE $(header X-Cycles-Answer)"
# the cache is keyed by the position, not by how the moves were written
fetch "/api/solve?board=grid:3x3&moves=+2-%3E1+"
[ "$(header X-Cycles-Answer)" = cached ] && ok "cache keyed by the position" ||
  bad "cache keyed by the position" "$(header X-Cycles-Answer)"
fetch "/api/move?board=grid:3x3&moves=2-%3E1"
[ "$CODE" = 200 ] && [ "$(header X-Cycles-Answer)" = solved ] && grep -q '"wins"' "$WORK/body" &&
  ok "moves and solves cached apart" || bad "moves and solves cached apart" "$(header X-Cycles-Answer): $BODY"
# two identical slow questions at once: one solve, the other waits for it
# (grid:2x6 has 16 edges: the slow lane)
same=()
for i in 1 2; do
  curl -s --max-time 60 -o "$WORK/same$i.json" -D "$WORK/same$i.h" "http://127.0.0.1:$PORT/api/solve?board=grid:2x6" &
  same+=($!)
done
wait "${same[@]}"
hows=$(cat "$WORK/same1.h" "$WORK/same2.h" | sed -n 's/^X-Cycles-Answer: *\([a-z]*\).*/\1/Ip' | sort | tr '\n' ' ')
case "$hows" in
  "cached solved " | "shared solved ") ok "identical questions solved once ($hows)" ;;
  *) bad "identical questions solved once" "answers: '$hows'" ;;
esac

# --- several clients at once; a slow solve does not hold up the others.  The
# slow question is grid:5x5 after a move (40 edges: its value is out of reach
# of any machine, so no speed of the machine lets it finish).  Asked of a
# second server whose time limit is 10 minutes, it is still being solved when
# the quick questions, asked while it runs, are all answered: they were not
# held up.  No clock is read.
# stat KEY: a number from the /api/stats of the server on $PORT.
stat() { curl -s --max-time 10 "http://127.0.0.1:$PORT/api/stats" | sed -n "s/^  \"$1\": \([0-9]*\),\{0,1\}$/\1/p"; }
SLOWQ="/api/solve?board=grid:5x5&moves=1-%3E2"
MAINPID=$SPID MAINPORT=$PORT
start_server "$WORK/serve-h.err" --timeout 600
if [ -n "$PORT" ]; then
  curl -s --max-time 600 -o /dev/null "http://127.0.0.1:$PORT$SLOWQ" &
  HELD=$!
  for _ in $(seq 600); do
    [ "$(stat running)" -ge 1 ] 2>/dev/null && break
    sleep 0.1
  done
  check "the slow question is being solved" --why "stats: $(curl -s "http://127.0.0.1:$PORT/api/stats")" [ "$(stat running)" -ge 1 ]
  pids=()
  boards=(k4 cycle:5 grid:3x3 windmill:3 theta:2,2,3 wedge:3,4 chord:6,3 butterfly)
  for i in "${!boards[@]}"; do
    curl -s --max-time 300 -o "$WORK/c$i.json" -w '%{http_code}' \
      "http://127.0.0.1:$PORT/api/solve?board=${boards[$i]}" >"$WORK/c$i.code" &
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p"; done
  check "quick requests answered while the slow one runs" --why "the slow question ended first" \
    eval 'kill -0 "$HELD" 2>/dev/null && [ "$(stat running)" -ge 1 ]'
  all=1
  for i in "${!boards[@]}"; do
    timeout 60 "$BIN" solve "${boards[$i]}" --json --quiet >"$WORK/c$i.cli" 2>/dev/null
    if [ "$(cat "$WORK/c$i.code")" != 200 ] || ! diff -q <(strip "$WORK/c$i.json") <(strip "$WORK/c$i.cli") >/dev/null; then
      all=0
      bad "concurrent ${boards[$i]}" "status $(cat "$WORK/c$i.code"): $(head -c 300 "$WORK/c$i.json")"
    fi
  done
  check "concurrent requests answered correctly" [ "$all" = 1 ]
  kill "$HELD" 2>/dev/null
  wait "$HELD" 2>/dev/null
  kill -KILL "$SPID" 2>/dev/null
  wait "$SPID" 2>/dev/null
else
  bad "server --timeout 600" "$(cat "$WORK/serve-h.err")"
fi
SPID=$MAINPID PORT=$MAINPORT
# the same question of the main server (--timeout 1): after 1 s a 503 (nothing
# known) or a partial answer, never a whole one
curl -s --max-time 60 -o "$WORK/slow.json" -w '%{http_code}' "http://127.0.0.1:$PORT$SLOWQ" >"$WORK/slow.code"
case "$(cat "$WORK/slow.code")" in
  503) ok "slow request timed out" ;;
  200) grep -q '"complete": false' "$WORK/slow.json" && ok "slow request partial" ||
    bad "slow request" "complete in 1 s?" ;;
  *) bad "slow request" "$(cat "$WORK/slow.code")" ;;
esac

# --- partial answers: whatever the time limit, a 200 says only what is true
# and says it is partial; a 503 means nothing was known.  grid:2x6 (a
# P-position: value 0, no winning move, replies to every move) is whole in a
# fraction of a second and its value in a tenth of that, so the limits below
# give, depending on the machine, 503s, partial answers and whole ones.
timeout 60 "$BIN" solve grid:2x6 --json --quiet >"$WORK/full.json"
MAINPID=$SPID MAINPORT=$PORT
seen=
for t in 0.02 0.1 0.2 0.5 2; do
  start_server "$WORK/serve-t.err" --timeout "$t"
  [ -n "$PORT" ] || { bad "server --timeout $t" "$(cat "$WORK/serve-t.err")"; continue; }
  fetch "/api/solve?board=grid:2x6"
  case "$CODE" in
    200) cp "$WORK/body" "$WORK/t.json"
      partial_consistent "what is known after $t s" "$WORK/t.json" "$WORK/full.json"
      seen="$seen $t:$( [ -n "$(jval "$WORK/t.json" complete)" ] && echo partial || echo whole)" ;;
    503) header Retry-After | grep -Eq '^[1-9][0-9]*$' && ok "503 after $t s" || bad "503 after $t s" "no Retry-After"
      seen="$seen $t:503" ;;
    *) bad "answer after $t s" "status $CODE: $BODY" ;;
  esac
  kill "$SPID"
  wait "$SPID" 2>/dev/null
done
echo "grid:2x6 under time limits:$seen"
SPID=$MAINPID PORT=$MAINPORT

# --- the whole server within --memory while two solves want more (grid:4x4
# after a move: judging its moves takes gigabytes unbounded); not in the sanitizer build, whose shadow
# memory is not the server's
if ! grep -aq __asan_init "$BIN"; then
  start_server "$WORK/serve-m.err" --timeout 6 --memory 40M
  if [ -n "$PORT" ]; then
    m=()
    for q in "board=grid:4x4&moves=1-%3E2" "board=grid:3x4&moves=1-%3E2"; do
      curl -s -o /dev/null --max-time 60 "http://127.0.0.1:$PORT/api/solve?$q" &
      m+=($!)
    done
    wait "${m[@]}"
    hwm=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$SPID/status")
    [ "$hwm" -le $((40 * 1024)) ] && ok "within --memory 40M ($((hwm / 1024)) MiB at the peak)" ||
      bad "within --memory 40M" "peak $((hwm / 1024)) MiB"
    kill "$SPID"
    wait "$SPID" 2>/dev/null
  else
    bad "server --memory 40M" "$(cat "$WORK/serve-m.err")"
  fi
fi
SPID=$MAINPID PORT=$MAINPORT

# --- still alive, then a clean stop on SIGTERM
fetch "/api/solve?board=k4"
[ "$CODE" = 200 ] && ok "alive after all that" || bad "alive after all that" "$CODE"
stop_server TERM
[ "$RC" = 0 ] && grep -q 'stopping (SIGTERM)' "$WORK/serve.err" && ok "clean stop on SIGTERM" ||
  bad "clean stop on SIGTERM" "rc=$RC: $(cat "$WORK/serve.err")"

# SIGINT stops it too
start_server "$WORK/serve2.err"
if [ -n "$PORT" ]; then
  OLDPORT=$PORT
  # a second server on the same port cannot listen
  expect_error "port in use" 'cannot listen on 127.0.0.1 port [0-9]+: Address already in use' serve --port "$OLDPORT"
  stop_server INT
  [ "$RC" = 0 ] && ok "clean stop on SIGINT" || bad "clean stop on SIGINT" "rc=$RC"
else
  bad "second server starts" "$(cat "$WORK/serve2.err")"
fi

expect_error "bad host" 'cannot use the address' serve --port 0 --host no.such.host.invalid
expect_usage "bad port" 'port' serve --port 70000
expect_usage "stray argument" 'unexpected argument' serve k4
finish
