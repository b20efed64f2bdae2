# Command-line tests of certificates: `cycles solve --certificate FILE`
# writes one, the separate program cycles-check confirms it; mutated
# certificates (a move changed, a value changed, a record dropped, the wrong
# winner claimed, a record naming a position no game reaches, ...) are
# refused with exit status 1 and a message naming the line at fault; malformed
# files get a one-line error, never a crash.
. "$(dirname "$0")/lib.bash"
CHECK=$(dirname "$BIN")/cycles-check
if [ ! -x "$CHECK" ]; then bad "cycles-check" "not built beside $BIN"; exit 1; fi

# verify FILE: runs the checker; sets $COUT, $CERR, $CRC
verify() {
  timeout 60 "$CHECK" "$1" >"$WORK/cout" 2>"$WORK/cerr" </dev/null
  CRC=$?
  COUT=$(cat "$WORK/cout")
  CERR=$(cat "$WORK/cerr")
}

# certificates of several boards verify, and the checker's claim is the
# winner and value cycles solve printed (the solver's answer, checked by a
# program sharing none of its code)
for spec in "k4" "k4 --moves 1->2,2->3" "grid:3x3 --moves 1->2" "wedge:3,4" "theta:2,2,3" "path:4" "spider:1,2,2" \
            "lollipop:4" "butterfly:closed" "torus:2x2" "figure1 --no-grundy" "grid:2x4 --moves 1->2,3->4" \
            "grid:4x4 --no-grundy"; do
  # shellcheck disable=SC2086
  run solve $spec --no-replies --quiet --certificate "$WORK/c.cert"
  if [ "$RC" != 0 ]; then bad "solve $spec --certificate" "rc $RC: $ERR"; continue; fi
  grundy=$(printf '%s\n' "$OUT" | sed -n 's/^grundy: \([0-9]*\)$/\1/p')
  winner=$(printf '%s\n' "$OUT" | sed -n 's/^winner: player \([12]\).*/\1/p')
  verify "$WORK/c.cert"
  check "check $spec" --why "rc $CRC: $CERR" [ "$CRC" = 0 ]
  check "check $spec: winner" --why "solve: player $winner; check: $COUT" \
    eval 'printf "%s\n" "$COUT" | grep -Eq "^verified: player $winner, to move, wins|^verified: player $((3 - winner)), to move, loses"'
  if [ -n "$grundy" ] && [[ $spec != *no-grundy* ]]; then
    check "check $spec: grundy" --why "solve: $grundy; check: $COUT" \
      eval 'printf "%s\n" "$COUT" | grep -q "(grundy $grundy)"'
  fi
done

# a position where the player to move completes a cycle cell at once
run solve k4 --moves "1->2 2->4" --no-replies --quiet --certificate "$WORK/now.cert"
verify "$WORK/now.cert"
check "immediate completion" --why "rc $CRC: $COUT $CERR" eval '[ "$CRC" = 0 ] && printf "%s\n" "$COUT" | grep -q "at once"'

# the mutations: each refused, exit 1, naming the line (or the root) at fault
run solve grid:3x3 --moves "1->2" --no-replies --quiet --certificate "$WORK/g.cert"
verify "$WORK/g.cert"
check "grid:3x3 certificate" --why "rc $CRC: $CERR" [ "$CRC" = 0 ]
# refused NAME [PATTERN]: the mutant $WORK/m.cert is refused with a line
# number (or the root) and PATTERN in the message
refused() {
  verify "$WORK/m.cert"
  PAT=${2:-}
  check "mutant: $1" --why "rc $CRC, out: $COUT, err: $CERR" \
    eval '[ "$CRC" = 1 ] && [ -z "$COUT" ] && [ "$(printf "%s\n" "$CERR" | wc -l)" = 1 ] &&
          printf "%s\n" "$CERR" | grep -Eq "line [0-9]+|root" && printf "%s\n" "$CERR" | grep -qF -- "$PAT"'
}
# the line number of the first record matching a pattern
first() { grep -n -m1 -E "$1" "$WORK/g.cert" | cut -d: -f1; }

# a move changed: the first "!" record's move reversed
n=$(first '^! ')
awk -v n="$n" 'NR == n { m = $NF; s = substr(m, 1, 1) == "+" ? "-" : "+"; $NF = s substr(m, 2) } { print }' \
  "$WORK/g.cert" >"$WORK/m.cert"
refused "a move changed" "line $n"
# a move changed to another edge
awk -v n="$n" 'NR == n { m = $NF; e = substr(m, 2) + 0; $NF = substr(m, 1, 1) ((e + 1) % 12) } { print }' \
  "$WORK/g.cert" >"$WORK/m.cert"
refused "a move changed to another edge" "line"
# a value changed: a "!" record now excludes value 1
awk -v n="$n" 'NR == n { $3 = 1 } { print }' "$WORK/g.cert" >"$WORK/m.cert"
refused "a value changed (!)" "line"
# a value changed: an "=" record of value 0 claims 1, with a witness move
n=$(first '^= [^ ]+ 0$')
awk -v n="$n" 'NR == n { $3 = 1; $4 = "+11" } { print }' "$WORK/g.cert" >"$WORK/m.cert"
refused "a value changed (=)" "line"
# a record dropped: each of the first few records in turn
for k in 2 5 9; do
  n=$(grep -n -E '^[=!] ' "$WORK/g.cert" | sed -n "${k}p" | cut -d: -f1)
  sed "${n}d" "$WORK/g.cert" >"$WORK/m.cert"
  refused "record $k dropped" "line"
done
# the wrong winner claimed
sed 's/^claim grundy 1$/claim loss/' "$WORK/g.cert" >"$WORK/m.cert"
refused "the wrong winner claimed" "root"
sed 's/^claim grundy 1$/claim grundy 2/' "$WORK/g.cert" >"$WORK/m.cert"
refused "the wrong value claimed" "root"
# a record naming a position no game reaches: every edge at vertex 0 (a
# corner, from the header's "e U V" lines) pointing out of it, a source
bad=$(awk '/^e / { m = m ($2 == 0 ? "+" : $3 == 0 ? "-" : ".") } END { print m }' "$WORK/g.cert")
{ sed '/^end$/d' "$WORK/g.cert"; echo "! $bad 0 +11"; echo end; } >"$WORK/m.cert"
refused "a record naming an illegal position" "is a sink or a source"
# a record nothing uses
{ sed '/^end$/d' "$WORK/g.cert"; echo '= ..........+. 0'; echo end; } >"$WORK/m.cert"
refused "an unused record" "line"
# the same record twice
{ sed '/^end$/d' "$WORK/g.cert"; grep -m1 '^= ' "$WORK/g.cert"; echo end; } >"$WORK/m.cert"
refused "a duplicate record" "same position"
# components (docs/certificates.md): the sum record "= X g *" of a position
# that splits; its value changed, the XOR is refused
n=$(first '^= [^ ]+ 0 [*]$')
check "grid:3x3 has a sum of components" --why "no '= X 0 *' record in $WORK/g.cert" [ -n "$n" ]
awk -v n="$n" 'NR == n { $3 = 1 } { print }' "$WORK/g.cert" >"$WORK/m.cert"
refused "a wrong nim-sum" "line $n: the components' values XOR to 0, not 1"
# a component's own record with a wrong value: the record that a sum uses
# (its position has 'x' where the other components are) claims 1 more
n=$(first '^= [^ ]*x[^ ]* 0$')
awk -v n="$n" 'NR == n { $3 = 1; $4 = "+0" } { print }' "$WORK/g.cert" >"$WORK/m.cert"
refused "a wrong component value" "line"
# a sum record for a position that does not split: an "=" record of value
# 0 with one component in play made a "sum"
n=$(grep -n -m1 -E '^= [^ ]+ 0$' "$WORK/g.cert" | cut -d: -f1)
awk -v n="$n" 'NR == n { $4 = "*" } { print }' "$WORK/g.cert" >"$WORK/m.cert"
verify "$WORK/m.cert"
check "a sum record that is not one" --why "rc $CRC: $CERR" \
  eval '[ "$CRC" = 1 ] && printf "%s\n" "$CERR" | grep -Eq "line [0-9]+: (the position does not split|the move)"'
# "*" beside moves
n=$(first '^= [^ ]+ 0 [*]$')
awk -v n="$n" 'NR == n { $3 = 1; $4 = "* +0" } { print }' "$WORK/g.cert" >"$WORK/m.cert"
refused "a sum with moves" "stands alone"
# a position not in canonical form: the record with the fewest edges in
# play, every frozen edge ('x') shown marked instead (edges far from those
# in play are frozen in canonical form)
n=$(awk '/^[=!] / && $2 ~ /x/ { d = gsub(/[.]/, ".", $2); if (best == "" || d < best) { best = d; n = NR } } END { print n }' "$WORK/g.cert")
awk -v n="$n" 'NR == n { gsub(/x/, "+", $2) } { print }' "$WORK/g.cert" >"$WORK/m.cert"
refused "a position not in canonical form" "line $n: the position is not in canonical form"
# Theorem 6 ("= X 0 ~ I", docs/certificates.md): grid:3x3 is lost by the
# mirror-reverse strategy, one record; that record under map 0 (every arrow
# reversed, every edge its own image) is refused, and a record of a
# position that is not its own image made a Theorem 6 record is refused
run solve grid:3x3 --no-replies --quiet --certificate "$WORK/t6.cert"
verify "$WORK/t6.cert"
check "grid:3x3: one Theorem 6 record" --why "rc $CRC: $COUT $CERR" \
  eval '[ "$CRC" = 0 ] && [ "$(grep -c "^[=!] " "$WORK/t6.cert")" = 1 ] && grep -q "^= [.]* 0 ~ [0-9]*$" "$WORK/t6.cert"'
n=$(grep -n -m1 '~' "$WORK/t6.cert" | cut -d: -f1)
awk -v n="$n" 'NR == n { $NF = 0 } { print }' "$WORK/t6.cert" >"$WORK/m.cert"
refused "Theorem 6 under a map without its conditions" "line $n: Theorem 6 (map 0) does not apply: (b)"
n=$(first '^= [^ ]+ 0$')
i=$(grep -m1 '~' "$WORK/g.cert" | awk '{ print $NF }')
check "grid:3x3 after a move has Theorem 6 records" --why "none in $WORK/g.cert" [ -n "$i" ]
awk -v n="$n" -v i="$i" 'NR == n { $0 = $0 " ~ " i } { print }' "$WORK/g.cert" >"$WORK/m.cert"
refused "Theorem 6 on a position that is not its own image" "line $n: Theorem 6 (map $i) does not apply"
awk -v n="$n" 'NR == n { $0 = $0 " ~ 999" } { print }' "$WORK/g.cert" >"$WORK/m.cert"
refused "Theorem 6 under a map that does not exist" "line $n"
# symmetries ("m" lines, docs/certificates.md): a wrong map is refused,
# naming its line: two darts' images swapped, one dart's image reversed, two
# edges sent to one
n=$(first '^m ')
check "grid:3x3 has maps" --why "no 'm' line in $WORK/g.cert" [ -n "$n" ]
awk -v n="$n" 'NR == n { t = $2; $2 = $3; $3 = t } { print }' "$WORK/g.cert" >"$WORK/m.cert"
refused "a wrong map (two images swapped)" "line $n: map 0 is not a symmetry"
awk -v n="$n" 'NR == n { $2 = (substr($2, 1, 1) == "+" ? "-" : "+") substr($2, 2) } { print }' "$WORK/g.cert" >"$WORK/m.cert"
refused "a wrong map (one arrow reversed)" "line $n: map 0 is not a symmetry"
awk -v n="$n" 'NR == n { $3 = $2 } { print }' "$WORK/g.cert" >"$WORK/m.cert"
refused "a wrong map (two edges to one)" "line $n: map 0 sends two edges"
# the maps dropped: the records are still there, but a position found only
# as the image of another has none
sed '/^maps /,/^root /{/^root /!d}' "$WORK/g.cert" >"$WORK/m.cert"
refused "the maps dropped" "line"
# the board changed: a cell walk reversed in one step is no closed walk
n=$(first '^c ')
awk -v n="$n" 'NR == n { t = $2; $2 = $3; $3 = t } { print }' "$WORK/g.cert" >"$WORK/m.cert"
refused "a cell that is not a closed walk" "closed walk"
# a death move as the winning move: on k4 after 1->2 2->3, 3->1 ... every
# record's move is checked for death; a record whose move lets the opponent
# complete a cycle cell is refused
run solve k4 --moves "1->2" --no-replies --quiet --certificate "$WORK/k.cert"
verify "$WORK/k.cert"
check "k4 certificate" --why "rc $CRC: $CERR" [ "$CRC" = 0 ]

# malformed files: one line, exit 1
printf '' >"$WORK/m.cert"; refused "an empty file" ""
head -c 300 "$WORK/g.cert" >"$WORK/m.cert"; refused "a file cut short" ""
sed '/^end$/d' "$WORK/g.cert" >"$WORK/m.cert"; refused "no end" "without"
sed '1s/.*/cycles-certificate 3/' "$WORK/g.cert" >"$WORK/m.cert"; refused "another version" "version 3"
head -c 2000 /dev/urandom >"$WORK/m.cert"; refused "random bytes" ""
printf 'cycles-certificate 1\nrules standard\nvertices 99999999999999999999\n' >"$WORK/m.cert"
refused "a huge number" "whole number"
printf 'cycles-certificate 1\nrules standard\nvertices 2\nspecial\nedges 1\ne 0 1\ncells 0\nroot .\nclaim loss\n= \033[31m 0\nend\n' \
  >"$WORK/m.cert"
refused "control characters are escaped" '\x1b'
verify "$WORK/none.cert"
check "a missing file" --why "rc $CRC: $CERR" eval '[ "$CRC" = 1 ] && printf "%s\n" "$CERR" | grep -q "cannot read"'
timeout 10 "$CHECK" >/dev/null 2>&1
check "no argument: usage error" [ $? = 2 ]

# census certify: a certificate of each example board of a small census
# (boards of 1 to 7 edges, trees of 1 to 11: the first trees against
# Conjecture 1 have 11 edges); each verifies, with the database's value
timeout 300 "$BIN" census run --edges 1..7 --db "$WORK/c.db" --quiet >/dev/null 2>&1 &&
  timeout 300 "$BIN" census run --trees --edges 1..11 --db "$WORK/c.db" --quiet >/dev/null 2>&1
check "census for certify" [ $? = 0 ]
run census certify --db "$WORK/c.db" -o "$WORK/certs" --limit 2 --quiet
check "census certify" --why "rc $RC: $ERR" [ "$RC" = 0 ]
for class in grundy-max grundy-smallest conjecture1 two-cells; do
  check "census certify: $class" --why "no $class certificate in $(ls "$WORK/certs")" \
    eval 'ls "$WORK/certs" | grep -q "^$class-"'
done
n=0
for f in "$WORK"/certs/*.cert; do
  name=$(basename "$f")
  verify "$f"
  if [ "$CRC" != 0 ]; then bad "census certificate $name" "rc $CRC: $CERR"; continue; fi
  # the table's value is the checker's
  g=$(printf '%s\n' "$OUT" | awk -F' [|] ' -v n="$name" '$1 == "| " n { print $3 }')
  check "census certificate $name: value" --why "table: $g; check: $COUT" \
    eval 'printf "%s\n" "$COUT" | grep -q "(grundy $g)"'
  n=$((n + 1))
done
check "census certificates checked" --why "only $n" [ "$n" -ge 10 ]
# census certify on a database of census twocell (two-cell boards without
# degree-1 vertices, 1 to 10 edges): every board that breaks parity gets a
# certificate, and the checker confirms each is one (even size, player 1
# wins); the odd sample is won by player 1 too
timeout 300 "$BIN" census twocell --edges 1..10 --db "$WORK/t.db" --quiet >/dev/null 2>&1
check "twocell census for certify" [ $? = 0 ]
run census certify --db "$WORK/t.db" -o "$WORK/tcerts" --limit 100 --quiet
check "census certify of two-cell boards" --why "rc $RC: $ERR" [ "$RC" = 0 ]
# the summary's parity-breaker column, summed over the twocell rows
breakers=$(run census query summary --db "$WORK/t.db"; printf '%s\n' "$OUT" | awk -F' [|] ' '$1 == "| twocell" { s += $7 } END { print s + 0 }')
n=$(ls "$WORK/tcerts" | grep -c '^twocell-[0-9]')
check "a certificate for each two-cell parity breaker" --why "$n certificates, $breakers parity breakers" \
  eval '[ -n "$breakers" ] && [ "$breakers" -gt 0 ] && [ "$n" = "$breakers" ]'
for f in "$WORK"/tcerts/twocell-*.cert; do
  name=$(basename "$f")
  verify "$f"
  e=$(sed -n 's/^edges //p' "$f")
  case $name in
    twocell-odd-*) want=odd ;;
    *) want=even ;;
  esac
  check "two-cell certificate $name" --why "rc $CRC: $COUT $CERR; $e edges" \
    eval '[ "$CRC" = 0 ] && printf "%s\n" "$COUT" | grep -q "^verified: player 1, to move, wins" &&
          [ "$(( e % 2 ))" = "$([ $want = odd ] && echo 1 || echo 0)" ]'
done
run census certify --db "$WORK/c.db" --quiet
check "census certify without -o: usage error" --why "rc $RC: $ERR" [ "$RC" = 2 ]
run census certify --db "$WORK/none.db" -o "$WORK/x"
check "census certify, no database" --why "rc $RC: $ERR" [ "$RC" = 1 ]

# solve --certificate: errors
run solve k4 --rules draw --certificate "$WORK/x.cert"
check "certificate with other rules: usage error" --why "rc $RC: $ERR" [ "$RC" = 2 ]
run solve k4 --rules misere --players 3 --certificate "$WORK/x.cert"
check "certificate with three players: usage error" --why "rc $RC: $ERR" [ "$RC" = 2 ]

# misère (docs/certificates.md): who wins, as the variants' search says it
# ("misere grundy" 0 exactly when the player to move loses), confirmed by
# the checker's own misère rule
for spec in "cycle:3" "k4" "grid:2x3" "theta:2,2,3" "grid:3x3 --moves 1->2" "wedge:3,4" "figure1 --moves 1->2"; do
  # shellcheck disable=SC2086
  run solve $spec --rules misere --quiet --certificate "$WORK/mis.cert"
  if [ "$RC" != 0 ]; then bad "solve $spec --rules misere --certificate" "rc $RC: $ERR"; continue; fi
  mg=$(printf '%s\n' "$OUT" | sed -n 's/^misere grundy: \([0-9]*\)$/\1/p')
  verify "$WORK/mis.cert"
  check "misère $spec" --why "rc $CRC: $CERR" [ "$CRC" = 0 ]
  if [ "$mg" = 0 ]; then want="loses under misère"; else want="wins under misère"; fi
  check "misère $spec: winner" --why "misere grundy $mg; check: $COUT" \
    eval 'printf "%s\n" "$COUT" | grep -q "to move, $want"'
done
# misère mutations: the winner flipped, a record dropped, a value of 1, a
# winning move that completes a cycle cell (a loss under misère)
run solve grid:3x3 --moves "1->2" --rules misere --quiet --certificate "$WORK/mg.cert"
sed 's/^claim win$/claim loss/' "$WORK/mg.cert" >"$WORK/m.cert"
refused "misère: the wrong winner claimed" "root"
n=$(grep -n -m1 '^= ' "$WORK/mg.cert" | cut -d: -f1)
sed "${n}d" "$WORK/mg.cert" >"$WORK/m.cert"
refused "misère: a record dropped" "line"
n=$(grep -n -m1 '^! ' "$WORK/mg.cert" | cut -d: -f1)
awk -v n="$n" 'NR == n { $3 = 1 } { print }' "$WORK/mg.cert" >"$WORK/m.cert"
refused "misère: a value of 1" "line $n: misère records are of won and lost positions only"
sed 's/^rules misere$/rules standard/' "$WORK/mg.cert" >"$WORK/m.cert"
refused "misère certificate read as standard" "line"
run solve k4 --certificate "$WORK/no/such/dir/x.cert"
check "unwritable certificate" --why "rc $RC: $ERR" eval '[ "$RC" = 1 ] && [ ! -e "$WORK/no/such/dir/x.cert" ]'
run solve k4 --moves "1->2 2->4 4->1" --certificate "$WORK/over.cert"
check "certificate of a finished game" --why "rc $RC: $ERR" eval '[ "$RC" = 1 ] && [ ! -e "$WORK/over.cert" ]'

finish
