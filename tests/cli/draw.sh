# Command-line tests of `cycles draw` and `cycles tree`: files written, what
# the pictures hold, PNG when the build has it, boards without coordinates,
# the state digraph, and one-line errors.
. "$(dirname "$0")/lib.bash"

# has NAME FILE PATTERN: FILE exists and holds a line matching PATTERN.
has() {
  if [ ! -s "$2" ]; then bad "$1" "$2 is missing or empty"; return; fi
  if grep -Eq -- "$3" "$2"; then ok "$1"; else bad "$1" "$2 lacks '$3'"; fi
}
# count_in FILE STRING: how many times STRING occurs in FILE.
count_in() { grep -o -- "$2" "$1" | wc -l; }

# every family draws to a file, with nothing on stdout
for spec in k4 cycle:5 chord:6,3 inner:5 theta:2,3,4 gtheta:2,3,3,3 grid:3x3 wedge:3,4,5 butterfly \
            butterfly:closed windmill:3 lollipop:5 path:3 star:4 spider:1,2,3; do
  f="$WORK/$(echo "$spec" | tr ':,' '__').svg"
  run draw "$spec" -o "$f"
  if [ "$RC" != 0 ] || [ -n "$OUT" ]; then bad "draw $spec" "rc $RC, stdout '$OUT', stderr '$ERR'"; continue; fi
  has "draw $spec is SVG" "$f" '^<svg xmlns="http://www.w3.org/2000/svg"'
  has "draw $spec closes" "$f" '^</svg>$'
done

# one line per edge, one vertex group per vertex (grid:3x3: 12 edges, 9 vertices)
f="$WORK/grid_3x3.svg"
[ "$(count_in "$f" '<line ')" = 12 ] && ok "edges drawn" || bad "edges drawn" "$(count_in "$f" '<line ') lines"
[ "$(count_in "$f" 'class="vertex"')" = 9 ] && ok "vertices drawn" || bad "vertices drawn" "wrong count"
has "labels drawn" "$f" '>5</text>'

# standard output without -o
expect_out "svg on stdout" '^<svg xmlns' draw k4

# a position with the last move and the hints: grid:3x3 after 1->2 5->4 (winning: 3->2 4->7 7->8)
f="$WORK/hints.svg"
run draw grid:3x3 --moves "1->2 5->4" --hints -o "$f"
[ "$RC" = 0 ] && ok "draw hints" || bad "draw hints" "$ERR"
[ "$(count_in "$f" 'class="hint"')" = 3 ] && ok "three hints" || bad "three hints" "$(count_in "$f" 'class="hint"')"
[ "$(count_in "$f" 'class="last-move"')" = 1 ] && ok "last move" || bad "last move" "not once"
has "last move is 5->4" "$f" '5-&gt;4 \(last move\)'
has "caption" "$f" 'grid:3x3: 2 moves \(1-&gt;2 5-&gt;4\); player 1 to move; green: winning moves'
# the arrows in the players' colours of the page (web/app.css): 1->2 player 1's, 5->4 player 2's
p1=$(sed -n 's/^ *--p1: *\(#[0-9a-f]*\);.*/\1/p' "$SRC/web/app.css")
p2=$(sed -n 's/^ *--p2: *\(#[0-9a-f]*\);.*/\1/p' "$SRC/web/app.css")
grep -q "stroke=\"$p1\"" "$f" && grep -q "stroke=\"$p2\"" "$f" && ok "page colours" || bad "page colours" "$p1 $p2"

# a cycle cell filled, and the caption says who won
f="$WORK/cycle.svg"
run draw cycle:3 --moves "1->2 2->3 3->1" -o "$f"
has "cycle cell filled" "$f" 'class="cycle-cell"'
has "cycle caption" "$f" 'cell 1 is a cycle cell: player 1 wins'
# unmarkable edge dashed (the lollipop's pendant edge)
f="$WORK/lolli.svg"
run draw lollipop:5 -o "$f"
[ "$(count_in "$f" 'class="unmarkable"')" = 1 ] && ok "unmarkable dashed" || bad "unmarkable dashed" "not once"

# a board without coordinates (a game table) is laid out
run convert butterfly:closed --to table -o "$WORK/bc.json"
f="$WORK/bc.svg"
run draw "$WORK/bc.json" --moves "1->2" -o "$f"
[ "$RC" = 0 ] && ok "draw game table" || bad "draw game table" "$ERR"
has "game table drawn" "$f" '^</svg>$'

# PNG when the build has librsvg, else a one-line refusal
run draw k4 -o "$WORK/k4.png"
if [ "$RC" = 0 ]; then
  sig=$(head -c 8 "$WORK/k4.png" | od -An -tx1 | tr -d ' \n')
  [ "$sig" = 89504e470d0a1a0a ] && ok "png signature" || bad "png signature" "$sig"
else
  expect_error "png refused" 'cannot write PNG' draw k4 -o "$WORK/k4.png"
fi

# the size for slides: --size is the PNG's width (read from its header),
# --scale a factor of the own size; caption none or own text; a legend for
# the signs shown (lollipop:5 has an unmarkable edge, no special vertex)
png_width() { od -An -tu1 -j16 -N4 "$1" | awk '{print $1*16777216 + $2*65536 + $3*256 + $4}'; }
if cyi_png=$("$BIN" draw grid:4x4 --size 1600 -o "$WORK/x.png" 2>&1) && [ -s "$WORK/x.png" ]; then
  w=$(png_width "$WORK/x.png")
  [ "$w" = 1600 ] && ok "--size 1600: 1600 px wide" || bad "--size 1600: 1600 px wide" "$w px"
  run draw grid:4x4 -o "$WORK/own.png"
  run draw grid:4x4 --scale 2 -o "$WORK/x2.png"
  w1=$(png_width "$WORK/own.png") w2=$(png_width "$WORK/x2.png")
  [ "$w2" = $((2 * w1)) ] && ok "--scale 2: twice as wide" || bad "--scale 2: twice as wide" "$w1 then $w2"
else
  ok "--size (no PNG in this build: $cyi_png)"
fi
expect_out "svg width" '^<svg [^>]* width="800" ' draw k4 --size 800
expect_usage "size too small" '--size wants a whole number from 16 to 8192' draw k4 --size 3
expect_usage "size and scale" 'give one' draw k4 --size 800 --scale 2
run draw k4 --caption none -o "$WORK/nocap.svg"
! grep -q 'id="caption"' "$WORK/nocap.svg" && ok "caption none" || bad "caption none" "a caption"
run draw k4 --caption 'Slide 3: K4 & more' -o "$WORK/cap.svg"
has "own caption" "$WORK/cap.svg" '>Slide 3: K4 &amp; more</text>'
run draw lollipop:5 --legend -o "$WORK/legend.svg"
has "legend unmarkable" "$WORK/legend.svg" 'unmarkable edge \(no arrow is legal\)'
! grep -q 'special vertex' "$WORK/legend.svg" && ok "legend only of signs shown" || bad "legend only of signs shown" "special"
# death moves: on C4 after 1->2 2->3 the two legal moves 3->4 and 4->1 each
# leave one edge that completes the cycle (checked by hand): both drawn
# hollow with --deaths, none without, and the legend says what they are
run draw cycle:4 --moves "1->2 2->3" --deaths --legend -o "$WORK/deaths.svg"
[ "$(count_in "$WORK/deaths.svg" 'class="death"')" = 2 ] && ok "death moves drawn" ||
  bad "death moves drawn" "$(count_in "$WORK/deaths.svg" 'class="death"')"
has "legend death move" "$WORK/deaths.svg" 'death move \(lets the opponent complete a cycle cell\)'
run draw cycle:4 --moves "1->2 2->3" -o "$WORK/nodeaths.svg"
[ "$(count_in "$WORK/nodeaths.svg" 'class="death"')" = 0 ] && ok "no death moves unless asked" ||
  bad "no death moves unless asked" "drawn"
run draw path:2 --legend -o "$WORK/legend2.svg"
has "legend special" "$WORK/legend2.svg" 'special vertex'

# errors: one line, exit 1, nothing on stdout, no file left behind
expect_usage "bad extension" 'writes .svg or .png' draw k4 -o "$WORK/k4.txt"
[ ! -e "$WORK/k4.txt" ] && ok "no file on error" || bad "no file on error" "k4.txt written"
expect_error "bad board" 'no such file' draw nosuchboard -o "$WORK/x.svg"
expect_error "bad moves" 'makes 1 a sink' draw cycle:3 --moves "3->1 2->1" -o "$WORK/x.svg"
expect_error "hints too big" 'hints' draw grid:9x9 --hints -o "$WORK/x.svg"
expect_usage "unknown option" 'unknown option' draw k4 --dot
expect_error "unwritable" 'x.svg' draw k4 -o "$WORK/no/such/dir/x.svg"

# the state digraph
expect_out "tree c3 counts" '15 positions, 24 moves' tree cycle:3
expect_out "tree c3 start" 'N-position: player 1 wins' tree cycle:3
expect_out "tree k4" '549 positions' tree k4
expect_out "tree k4 start" 'P-position: player 2 wins' tree k4
expect_out "tree dot" '^digraph "states of cycle:5"' tree cycle:5 --dot
expect_out "tree dot gold" 'fillcolor="gold"' tree k4 --dot
expect_out "tree dot grey" 'fillcolor="grey"' tree k4 --dot
expect_out "tree from a position" '^    5 +1 ' tree grid:3x3 --moves "1->2 2->3 4->5 5->6 7->8"
expect_error "tree too big" 'more than 1000 positions' tree grid:3x3 --dot
run tree k4 --dot -o "$WORK/k4.dot"
has "tree to file" "$WORK/k4.dot" '^digraph'
if command -v dot >/dev/null 2>&1; then
  timeout 60 dot -Tsvg "$WORK/k4.dot" -o "$WORK/k4tree.svg" 2>"$WORK/doterr" && ok "graphviz reads the digraph" ||
    bad "graphviz reads the digraph" "$(cat "$WORK/doterr")"
fi
finish
