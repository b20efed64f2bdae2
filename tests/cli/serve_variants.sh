# Command-line tests of `cycles serve` under rule variants (issue 12): the
# API's rules=, players= and extra_turn= give what `cycles solve --rules
# --json` prints, and bad values are 4xx JSON errors; a repeated question
# under a variant is answered from the cache.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/serve.bash"

serve_setup
start_server "$WORK/log"
[ -n "$PORT" ] || { bad start "the server did not start: $(cat "$WORK/log")"; finish; exit 1; }

# same_as NAME QUERY SOLVE-ARGS...: the API's answer equals solve --json but
# for the timing keys
same_as() {
  local name=$1 query=$2
  shift 2
  local got want
  got=$(curl -s --max-time 60 "http://127.0.0.1:$PORT/api/solve?$query" | grep -v '"seconds"\|"positions"')
  want=$(timeout 10 "$BIN" solve "$@" --json --quiet | grep -v '"seconds"\|"positions"')
  if [ "$got" = "$want" ]; then ok "$name"; else bad "$name" "API: $got; solve: $want"; fi
}
same_as "misere" "board=cycle:3&rules=misere" cycle:3 --rules misere
same_as "draw with moves" "board=cycle:4&rules=draw&moves=1-%3E2" cycle:4 --rules draw --moves "1->2"
same_as "score extra turn" "board=chord:4,2&rules=score&extra_turn=1&moves=1-%3E2%202-%3E3%203-%3E1" chord:4,2 --rules score --extra-turn --moves "1->2 2->3 3->1"
same_as "players" "board=cycle:4&players=3" cycle:4 --players 3
same_as "any-cycle" "board=k4&rules=any-cycle" k4 --rules any-cycle

# a repeated misere question is answered from the cache: the header says
# so, /api/stats counts the hit, the answer is the first one's (and that of
# cycles solve); another position, or the standard rules, is not that entry
stat() { curl -s --max-time 10 "http://127.0.0.1:$PORT/api/stats" | sed -n "s/^ *\"$1\": \([0-9]*\).*/\1/p"; }
how() { curl -s --max-time 60 -D "$WORK/head" -o "$WORK/$2" "http://127.0.0.1:$PORT/api/solve?$1"; sed -n 's/^X-Cycles-Answer: *\([a-z]*\).*/\1/ip' "$WORK/head" | tr -d '\r'; }
H0=$(stat hits)
A1=$(how "board=wedge:3,4&rules=misere&moves=1-%3E2" first)
A2=$(how "board=wedge:3,4&rules=misere&moves=1-%3E2" second)
H1=$(stat hits)
[ "$A1" = solved ] && [ "$A2" = cached ] && ok "repeated misere question from the cache" ||
  bad "misere cache" "first $A1, second $A2"
[ "$((H1 - H0))" = 1 ] && ok "the misere hit counted in /api/stats" || bad "misere hit" "hits $H0 -> $H1"
cmp -s "$WORK/first" "$WORK/second" && ok "the cached misere answer is the first" || bad "misere cached answer" "differs"
grep -v '"seconds"\|"positions"' "$WORK/second" >"$WORK/got"
timeout 10 "$BIN" solve wedge:3,4 --rules misere --moves "1->2" --json --quiet | grep -v '"seconds"\|"positions"' >"$WORK/want"
cmp -s "$WORK/got" "$WORK/want" && ok "the cached misere answer is solve's" || bad "misere cached vs solve" "$(diff "$WORK/got" "$WORK/want" | head -5)"
A3=$(how "board=wedge:3,4&rules=misere&moves=2-%3E1" third)
A4=$(how "board=wedge:3,4&rules=draw&moves=1-%3E2" fourth)
[ "$A3" = solved ] && [ "$A4" = solved ] && ok "another position or rule set is another entry" ||
  bad "misere cache key" "other position $A3, draw $A4"

code() { curl -s --max-time 60 -o "$WORK/body" -w '%{http_code}' "http://127.0.0.1:$PORT/api/solve?$1"; }
c=$(code "board=cycle:4&rules=bogus")
[ "$c" = 400 ] && grep -q '"error"' "$WORK/body" && ok "bad rules" || bad "bad rules" "status $c"
c=$(code "board=cycle:4&players=99")
[ "$c" = 400 ] && ok "bad players" || bad "bad players" "status $c"
c=$(code "board=cycle:4&rules=draw&moves=1-%3E2%204-%3E3%202-%3E3")
[ "$c" = 422 ] && grep -q 'makes 3 a sink' "$WORK/body" && ok "illegal move" || bad "illegal move" "status $c"
finish
