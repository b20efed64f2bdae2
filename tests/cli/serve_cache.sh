# Command-line test of the server's answer cache under relabelling: the
# cache key is the canonical board and position (src/server/server_canon.c), so a
# copy of a board with other labels, in another vertex order, without
# coordinates, or mirrored (every walk reversed) hits the entry of the first,
# and the answer comes back in the asker's labels: its winning moves are those
# `cycles solve` finds on the asker's own file (an independent solve), its
# replies legal moves of the asker's board, its name the asker's.  A board
# that differs (one move elsewhere) misses.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/serve.bash"

serve_setup
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
start_server "$WORK/log"
[ -n "$PORT" ] || { bad start "the server did not start: $(cat "$WORK/log")"; finish; exit 1; }

# the board A, and copies: relabelled (B), relabelled and mirrored (M)
"$BIN" convert theta:3,2,5 --to json >"$WORK/A.json"
"$PY" - "$WORK" <<'PYEOF'
import json, sys
w = sys.argv[1]
a = json.load(open(w + "/A.json"))
a["name"] = "first"
json.dump(a, open(w + "/A.json", "w"))
perm = {str(i): "v%d" % (10 * ((7 * i) % 10) + i) for i in range(1, 10)}
for name, mirror in (("B", False), ("M", True)):
    b = {"format": a["format"], "version": a["version"], "name": "copy " + name}
    # the vertices in another order, no coordinates
    b["vertices"] = [{"label": perm[v["label"]]} for v in reversed(a["vertices"])]
    cells = [[perm[x] for x in c] for c in a["cells"]]
    outer = [perm[x] for x in a["outer"]]
    if mirror:
        cells = [list(reversed(c)) for c in cells]
        outer = list(reversed(outer))
    b["cells"] = list(reversed(cells))
    b["outer"] = outer
    json.dump(b, open(w + "/" + name + ".json", "w"))
json.dump(perm, open(w + "/perm.json", "w"))
PYEOF
lab() { "$PY" -c 'import json,sys; p=json.load(open(sys.argv[1])); print(" ".join("->".join(p[x] for x in m.split("->")) for m in sys.argv[2].split()))' "$WORK/perm.json" "$1"; }
MOVES="1->3 5->2"
MB=$(lab "$MOVES")

# ask KIND FILE MOVES: POSTs FILE to /api/KIND?moves=MOVES; sets CODE, HOW
# (X-Cycles-Answer) and the body in $WORK/body
ask() {
  local q
  q=$(printf '%s' "$3" | sed 's/>/%3E/g; s/ /%20/g')
  CODE=$(curl -s --max-time 60 -D "$WORK/head" -o "$WORK/body" -w '%{http_code}' --data-binary @"$2" \
    "http://127.0.0.1:$PORT/api/$1?moves=$q")
  HOW=$(sed -n 's/^X-Cycles-Answer: *\([a-z]*\).*/\1/ip' "$WORK/head" | tr -d '\r')
}
hits() { curl -s --max-time 10 "http://127.0.0.1:$PORT/api/stats" | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["hits"])'; }

# check NAME FILE MOVES: the body answers FILE after MOVES as solve does
check() {
  timeout 60 "$BIN" solve "$2" --moves "$3" --json --quiet >"$WORK/want"
  "$PY" - "$WORK/body" "$WORK/want" "$2" <<'PYEOF' && ok "$1" || bad "$1" "$(cat "$WORK/body")"
import json, sys
got, want, board = (json.load(open(p)) for p in sys.argv[1:4])
labels = {v["label"] for v in board["vertices"]}
assert got["board"] == board["name"], (got["board"], board["name"])
for k in ("outcome", "winner", "grundy", "moves_played", "to_move"):
    assert got[k] == want[k], k
assert sorted(got["winning_moves"]) == sorted(want["winning_moves"]), "winning moves"
for m, r in got.get("replies", {}).items():
    for x in [m] + ([r] if r else []):
        assert set(x.split("->")) <= labels, x
assert set(got.get("replies", {})) == set(want.get("replies", {})), "replies' moves"
PYEOF
}

ask solve "$WORK/A.json" "$MOVES"
[ "$CODE" = 200 ] && [ "$HOW" = solved ] && ok "first solved" || bad "first solved" "$CODE $HOW"
check "first answer" "$WORK/A.json" "$MOVES"
h0=$(hits)
ask solve "$WORK/B.json" "$MB"
[ "$CODE" = 200 ] && [ "$HOW" = cached ] && ok "relabelled copy hits" || bad "relabelled copy hits" "$CODE $HOW"
[ "$(hits)" = $((h0 + 1)) ] && ok "stats count the hit" || bad "stats count the hit" "$h0 -> $(hits)"
check "relabelled answer" "$WORK/B.json" "$MB"
ask solve "$WORK/M.json" "$MB"
[ "$CODE" = 200 ] && [ "$HOW" = cached ] && ok "mirrored copy hits" || bad "mirrored copy hits" "$CODE $HOW"
check "mirrored answer" "$WORK/M.json" "$MB"
# the engine's move: cached too, and a winning one in the asker's labels
ask move "$WORK/A.json" "$MOVES"
ask move "$WORK/B.json" "$MB"
timeout 60 "$BIN" solve "$WORK/B.json" --moves "$MB" --json --quiet >"$WORK/want"
mv=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["move"])' "$WORK/body")
[ "$CODE" = 200 ] && [ "$HOW" = cached ] && grep -q "\"$mv\"" "$WORK/want" && ok "move hit, a winning move" ||
  bad "move hit" "$CODE $HOW $mv"
# another position misses
ask solve "$WORK/B.json" "$(lab "1->3 2->5")"
[ "$CODE" = 200 ] && [ "$HOW" = solved ] && ok "other position misses" || bad "other position misses" "$CODE $HOW"
check "other position" "$WORK/B.json" "$(lab "1->3 2->5")"
finish
