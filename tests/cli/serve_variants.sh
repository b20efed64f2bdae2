# Command-line tests of `cycles serve` under rule variants (issue 12): the
# API's rules=, players= and extra_turn= give what `cycles solve --rules
# --json` prints, and bad values are 4xx JSON errors.
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

code() { curl -s --max-time 60 -o "$WORK/body" -w '%{http_code}' "http://127.0.0.1:$PORT/api/solve?$1"; }
c=$(code "board=cycle:4&rules=bogus")
[ "$c" = 400 ] && grep -q '"error"' "$WORK/body" && ok "bad rules" || bad "bad rules" "status $c"
c=$(code "board=cycle:4&players=99")
[ "$c" = 400 ] && ok "bad players" || bad "bad players" "status $c"
c=$(code "board=cycle:4&rules=draw&moves=1-%3E2%204-%3E3%202-%3E3")
[ "$c" = 422 ] && grep -q 'makes 3 a sink' "$WORK/body" && ok "illegal move" || bad "illegal move" "status $c"
finish
