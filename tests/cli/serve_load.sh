# Command-line test of the server under load (docs/reliability.md, "The
# server under load"), by the raw-socket client serve_load.py on 127.0.0.1:
# 200 requests at once are each answered, 200 or 503 with Retry-After, and
# /api/stats counts every 503 the client saw; 100 connections held open
# (half silent, half sending a request a byte a second) leave room for a new
# client, and the server closes them all on its short timers; distinct
# misere questions at once are answered 200 or 503, each 503 counted.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/serve.bash"

serve_setup
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
LOAD=$SRC/tests/cli/serve_load.py
start_server "$WORK/log"
[ -n "$PORT" ] || { bad start "the server did not start: $(cat "$WORK/log")"; finish; exit 1; }

# field NAME: the value of NAME in the client's output
field() { sed -n "s/^$1 //p" "$WORK/out" | head -1; }
refused() { curl -s --max-time 10 "http://127.0.0.1:$PORT/api/stats" | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["refused"])'; }

# 200 quick requests at once
timeout 300 "$PY" "$LOAD" "$PORT" burst 200 >"$WORK/out" 2>&1
OK=$(field 200) BUSY=$(field 503) OTHER=$(field other)
echo "burst of 200: $OK answered 200, $BUSY answered 503, $OTHER without an HTTP answer"
if [ "$OTHER" = 0 ] && [ -n "$OK" ] && [ "$OK" -gt 0 ] && [ $((OK + BUSY)) = 200 ]; then
  ok "200 at once, each answered"
else
  bad "200 at once, each answered" "$(cat "$WORK/out")"
fi
[ "$(field noretry)" = 0 ] && ok "each 503 has a Retry-After" || bad "Retry-After" "$(cat "$WORK/out")"
R=$(refused)
[ "$R" = "$BUSY" ] && ok "stats count the 503s of the burst" || bad "stats refused" "$R counted, $BUSY seen"
kill -0 "$SPID" 2>/dev/null && ok "alive after the burst" || bad "burst" "the server died: $(cat "$WORK/log")"

# 100 connections held: a new client is served, the held ones are closed
IDLE=$(rss_kib VmRSS)
timeout 120 "$PY" "$LOAD" "$PORT" hold 100 40 >"$WORK/out" 2>&1 &
HOLDER=$!
sleep 4
HELDRSS=$(rss_kib VmRSS)
wait "$HOLDER"
echo "resident memory: $IDLE KiB after the burst, $HELDRSS KiB with 100 connections held, peak $(rss_kib VmHWM) KiB"
HELD=$(field held) NEW=$(field new) CLOSED=$(field closed)
echo "100 held: $HELD held, new client: ${NEW:-none} (status, seconds), closed: ${CLOSED:-none} (count, seconds)"
[ "$HELD" = 100 ] && ok "100 connections held" || bad "hold" "$(cat "$WORK/out")"
case "$NEW" in
  "200 "*) ok "a new client is served while 100 are held" ;;
  *) bad "new client while 100 held" "$(cat "$WORK/out")" ;;
esac
case "$CLOSED" in
  "100 "*) ok "the held connections are closed within 40 s" ;;
  *) bad "held connections closed" "$(cat "$WORK/out")" ;;
esac

# distinct misere questions at once: each answered, each 503 counted
R0=$(refused)
timeout 300 "$PY" "$LOAD" "$PORT" variants 12 >"$WORK/out" 2>&1
OK=$(field 200) BUSY=$(field 503) OTHER=$(field other)
echo "12 misere questions: $OK answered 200, $BUSY answered 503, $OTHER other"
[ "$OTHER" = 0 ] && [ $((OK + BUSY)) = 12 ] && ok "12 misere questions answered" || bad "misere" "$(cat "$WORK/out")"
R=$(refused)
[ "$((R - R0))" = "$BUSY" ] && ok "stats count the 503s of the misere questions" ||
  bad "stats refused (misere)" "$((R - R0)) counted, $BUSY seen"
kill -0 "$SPID" 2>/dev/null && ok "alive at the end" || bad "end" "the server died: $(cat "$WORK/log")"
finish
