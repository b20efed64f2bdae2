# Command-line tests of messages that used to mislead (issue 14): garbage
# text, a board with no move at the start, the edge classes of `show` against
# its legal and death move lists, blanks around the arrow, plurals.
. "$(dirname "$0")/lib.bash"

# garbage text is no board in any format, and the message names the formats
printf 'garbage text\n' >"$WORK/garbage.txt"
expect_error "garbage text" 'not a board in any known format: expected a game table .*native board .*printed table' \
  solve "$WORK/garbage.txt"
printf 'hello\nworld 1 2\n' >"$WORK/garbage2.txt"
expect_error "garbage lines" 'not a board in any known format' show "$WORK/garbage2.txt"
printf 'f_1 f_2\n' >"$WORK/header.txt"
expect_error "a header alone" 'the table has a header but no rows' solve "$WORK/header.txt"
printf 'f_1\tf_2\n1\t2\t3\n2\t3\t1\n3\t1\t2\n' >"$WORK/triangle.txt"
expect_out "a header still works" 'winner: player 1' solve "$WORK/triangle.txt"

# grid:1x3 is a path whose ends have degree 1 and are not special: neither
# edge can be marked (a sink or source at the end), so player 1 cannot move
expect_out "no move at the start (solve)" \
  '^game over before it starts: no move is possible; player 2 wins since player 1 cannot move$' solve grid:1x3
printf '%s\n' "$OUT" | grep -q 'made the last move' && bad "no move at the start" "still says 'made the last move'"
expect_out "no move at the start (show)" 'no move is possible; player 2 wins' show grid:1x3
expect_out "no move at the start (play)" '^game over before it starts, the engine wins: no move is possible and you move first$' \
  play grid:1x3
expect_out "no move at the start (play second)" '^game over before it starts, you win: no move is possible and the engine moves first$' \
  play grid:1x3 --first engine
expect_out "no move at the start (json)" '"winner": 2' solve grid:1x3 --json
expect_out "no move at the start (draw)" 'no move is possible: player 2 wins' draw grid:1x3
# after moves the last mover wins: path:2 (special ends) is full after two
expect_out "last move wins" 'no legal move is left; player 2 made the last move and wins' \
  show path:2 --moves "1->2 2->3"

# show: the class of every unmarked edge agrees with the legal and death
# move lists (computed by other functions): a legal move is never in an
# edge said to be unmarkable, a death move never in one said to be safe.
consistent() {
  local name=$1
  shift
  run show "$@"
  if [ "$RC" != 0 ]; then bad "$name" "exit status $RC: $ERR"; return; fi
  local legal death line e u v fwd bwd why
  legal=" $(printf '%s\n' "$OUT" | sed -n 's/^legal moves ([0-9]*):\(.*\)/\1/p') "
  death=" $(printf '%s\n' "$OUT" | sed -n 's/^death moves ([0-9]*):\(.*\)/\1/p') "
  while IFS= read -r line; do
    e=$(printf '%s' "$line" | awk '{print $1}')
    u=${e%-*} v=${e#*-}
    fwd="$u->$v" bwd="$v->$u"
    why=$(printf '%s' "$line" | sed 's/^  [^ ]*  //')
    isl() { case "$legal" in *" $1 "*) return 0 ;; esac; return 1; }
    isd() { case "$death" in *" $1 "*) return 0 ;; esac; return 1; }
    case "$why" in
      marked*) ! isl "$fwd" && ! isl "$bwd" || { bad "$name" "$line: marked but listed as legal"; return; } ;;
      "markable both ways"*)
        isl "$fwd" && isl "$bwd" && ! isd "$fwd" && ! isd "$bwd" || { bad "$name" "$line: lists disagree"; return; } ;;
      "unmarkable for good"*)
        ! isl "$fwd" && ! isl "$bwd" || { bad "$name" "$line: but a direction is legal"; return; } ;;
      "legal, but only as"*)
        { isl "$fwd" || isl "$bwd"; } && ! { isl "$fwd" && ! isd "$fwd"; } && ! { isl "$bwd" && ! isd "$bwd"; } ||
          { bad "$name" "$line: lists disagree ($legal / $death)"; return; } ;;
      "one way only: "* | "safe one way only: "*)
        local m=${why#*only: }
        m=${m%% *}
        local r
        [ "$m" = "$fwd" ] && r=$bwd || r=$fwd
        isl "$m" && ! isd "$m" || { bad "$name" "$line: $m not a safe legal move"; return; }
        case "$why" in
          safe*) isl "$r" && isd "$r" || { bad "$name" "$line: $r should be a legal death move"; return; } ;;
          *) ! isl "$r" || { bad "$name" "$line: $r is legal"; return; } ;;
        esac ;;
      *) bad "$name" "unknown class: $line"; return ;;
    esac
  done < <(printf '%s\n' "$OUT" | sed -n '/^edges:/,/^$/p' | grep '^  ')
  ok "$name"
}
consistent "lollipop:3 after 1->2" lollipop:3 --moves "1->2"
printf '%s\n' "$OUT" | grep -q '2-3  legal, but only as a death move: 2->3 is a death move' ||
  bad "lollipop:3 edge 2-3" "$(printf '%s\n' "$OUT" | grep '2-3')"
printf '%s\n' "$OUT" | grep -q 'unplayable' && bad "lollipop:3" "an edge is still called unplayable"
consistent "cycle:4 after 1->2 3->4" cycle:4 --moves "1->2 3->4"
consistent "k4 after 1->2" k4 --moves "1->2"
consistent "k4 after 1->2 2->3" k4 --moves "1->2 2->3"
consistent "grid:3x3 after four moves" grid:3x3 --moves "1->2 5->4 6->9 8->7"
consistent "figure 1" "$SRC/boards/figure1.json"
consistent "theta after two moves" theta:2,2,3 --moves "1->3 4->2"
consistent "butterfly after 2 moves" butterfly --moves "1->2 3->1"

# blanks around the arrow
run solve grid:2x3 --moves "2->5" --no-grundy
want=$OUT
for m in "2 -> 5" "2 ->5" "2-> 5" " 2  ->  5 " "2	->	5"; do
  run solve grid:2x3 --moves "$m" --no-grundy
  if [ "$RC" = 0 ] && [ "$(printf '%s\n' "$OUT" | grep -v '^searched')" = "$(printf '%s\n' "$want" | grep -v '^searched')" ]; then
    ok "blanks: $m"
  else
    bad "blanks: $m" "exit status $RC: $ERR"
  fi
done
expect_out "two moves with blanks and commas" 'moves played: 2' show grid:2x3 --moves "1 -> 2, 5 -> 4"
expect_error "a dangling arrow" 'not of the form U->V' show grid:2x3 --moves "1 ->"
expect_error "an arrow alone" 'not of the form U->V' show grid:2x3 --moves "->"
expect_error "two arrows" 'not of the form U->V' show grid:2x3 --moves "1->2->3"
expect_error "a broken arrow" 'not of the form U->V' show grid:2x3 --moves "1 - > 2"

# plurals
expect_out "1 move played" '\(1 move played\)' solve cycle:3 --moves "1->2"
expect_out "2 moves played" '\(2 moves played\)' solve cycle:4 --moves "1->2 2->3"
expect_out "1 cell" '^board: cycle:3 \(3 vertices, 3 edges, 1 cell\)$' show cycle:3
expect_out "1 edge" '\(2 vertices, 1 edge, 0 cells\)' solve path:1
expect_out "play: 1 cell" 'on cycle:3: 3 vertices, 3 edges, 1 cell\.' play cycle:3
finish
