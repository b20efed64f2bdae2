# Command-line tests of `cycles play`: scripted games on piped standard
# input (moves, illegal moves with the reason, hint, undo, moves, show, quit,
# the end of the game and why), the engine styles and options, one-line
# errors, and random input lines that must never crash the loop.
. "$(dirname "$0")/lib.bash"

# play_in INPUT ARGS...: runs cycles play ARGS with INPUT (backslash escapes
# such as \n interpreted) on standard input (10 s limit); sets $OUT, $ERR, $RC.
play_in() {
  local input=$1
  shift
  printf '%b' "$input" | timeout 10 "$BIN" play "$@" >"$WORK/out" 2>"$WORK/err"
  RC=$?
  OUT=$(cat "$WORK/out")
  ERR=$(cat "$WORK/err")
}

# game NAME PATTERN INPUT ARGS...: the game exits 0 and its transcript matches PATTERN.
game() {
  local name=$1 pat=$2 input=$3
  shift 3
  play_in "$input" "$@"
  if [ "$RC" != 0 ]; then bad "$name" "exit status $RC (stderr: $ERR)"; return; fi
  if ! printf '%s\n' "$OUT" | grep -Eq -- "$pat"; then bad "$name" "transcript lacks '$pat': $OUT"; return; fi
  ok "$name"
}

# the start
game "header" 'You are player 1 and move first; the engine \(perfect\) is player 2' 'quit\n' k4 --seed 1
game "position shown" 'cell 1 \(1 2 4\): open, 3 of 3 edges unmarked' 'quit\n' k4 --seed 1
game "quit" 'game abandoned after 0 moves' 'quit\n' k4
game "end of input" 'game abandoned at the end of the input after 0 moves' '' k4
game "input echoed" '^you> help$' 'help\nquit\n' k4
game "help" 'undo   take back your last move' 'help\n' k4

# an illegal move is refused with the reason, and the game goes on
game "illegal source" 'illegal: marking 6->1 makes 6 a source' '6->1\nquit\n' lollipop:5 --seed 2
game "illegal marked" 'illegal: edge 1-2 is already marked' '1->2\n1->2\nquit\n' k4 --seed 2
game "not an edge" 'not a move: there is no edge between' '1->3\nquit\n' cycle:4
game "no such vertex" 'not a move: the board has no vertex 9' '1->9\nquit\n' cycle:4
game "one at a time" 'one move at a time' '1->2 2->3\nquit\n' cycle:4
game "unknown command" 'unknown command "dance"' 'dance\nquit\n' k4

# the engine replies, and the end says who won and why
game "engine replies" '^engine \(player 2\) plays ' '1->2\nquit\n' k4 --seed 3
# C3: after 1->2 every reply hands player 1 the cycle (one of these two completes it)
game "win by a cycle cell" '^game over, you win: your move [0-9]->[0-9] completed cell 1 \(1 2 3\), a cycle cell$' \
  '1->2\n2->3\n3->1\n' cycle:3 --seed 4
# at game over: undo takes the winning move back and the game goes on; new
# starts again; anything else is answered, not played
game "game over offers undo" '^type undo \(take back your last move\), new \(a new game\) or quit$' \
  '1->2\n2->3\n3->1\n' cycle:3 --seed 4
play_in '1->2\n2->3\n3->1\n1->2\nundo\nmoves\nquit\n' cycle:3 --seed 4
if [ "$RC" = 0 ] && printf '%s\n' "$OUT" | grep -q '^the game is over: type undo, new or quit$' &&
  printf '%s\n' "$OUT" | grep -q '^undone: [0-9]->[0-9] (yours)$' &&
  printf '%s\n' "$OUT" | grep -q '^legal moves (1): ' &&
  printf '%s\n' "$OUT" | grep -q '^game abandoned after 2 moves$'; then ok "undo after game over"
else bad "undo after game over" "$OUT"; fi
play_in '1->2\n2->3\n3->1\nnew\nquit\n' cycle:3 --seed 4
if [ "$RC" = 0 ] && printf '%s\n' "$OUT" | grep -q '^new game: you are player 1$' &&
  printf '%s\n' "$OUT" | grep -q '^game abandoned after 0 moves$'; then ok "new game after game over"
else bad "new game after game over" "$OUT"; fi
# path:2 (ends special): after 1->2 the engine's 2->3 is the last move
game "win by the last move" '^game over, the engine wins: no legal move is left, and the engine made the last move$' \
  '1->2\n' path:2 --seed 5
game "engine first" 'You are player 2 and move second' 'quit\n' k4 --first engine --seed 6
game "engine moves first" '^engine \(player 1\) plays ' 'quit\n' k4 --first engine --seed 6
# the perfect engine wins K4 as the second player whatever we do
game "perfect engine wins k4" '^game over, the engine wins' \
  '1->2\n1->3\n1->4\n2->3\n2->4\n3->4\n2->1\n3->1\n4->1\n3->2\n4->2\n4->3\n' k4 --seed 7
game "perfect engine wins as first player" '^game over, the engine wins' \
  '1->2\n2->3\n3->4\n4->5\n5->1\n2->1\n3->2\n4->3\n5->4\n1->5\n' cycle:5 --first engine --seed 8

# hint, moves, show, undo
game "hint when losing" 'no move wins against perfect play; the moves? that leaves? the most room' 'hint\nquit\n' k4
game "hint when winning" '^winning moves?: ' 'hint\nquit\n' cycle:5
game "moves" 'legal moves \(12\): ' 'moves\nquit\n' k4
game "death moves" 'death moves, which let the opponent complete a cycle cell \(2\): ' \
  'moves\nquit\n' cycle:3 --moves "1->2"
game "show" '1 move played; player 2 \(you\) to move' 'show\nquit\n' cycle:5 --moves "1->2"
game "show arrows" 'arrows: 1->2' 'show\nquit\n' cycle:5 --moves "1->2"
game "nothing to undo" 'nothing to undo' 'undo\nquit\n' k4
game "undo" 'undone: .* \(the engine.s\), 1->2 \(yours\)' '1->2\nundo\nquit\n' k4 --seed 9
game "undo restores" 'game abandoned after 0 moves' '1->2\nundo\nquit\n' k4 --seed 9
game "blank and case" 'legal moves' '\n   \n  MOVES  \nquit\n' k4

# engine styles and their spellings
game "engine random" 'the engine \(random\)' 'quit\n' k4 --engine random
game "engine=random" 'the engine \(random\)' 'quit\n' k4 --engine=random
game "engine-play random" 'the engine \(random\)' 'quit\n' k4 --engine-play random
game "engine perfect" 'the engine \(perfect\)' 'quit\n' k4 --engine perfect
game "random engine takes a cycle" '^game over, the engine wins: its move' '1->2\n' cycle:3 --engine random --moves "2->3" --seed 1
game "random on a big board" 'player [12]' '1->2\nquit\n' grid:9x9 --engine random --seed 1
game "hint on a big board" 'no hint: ' 'hint\nquit\n' grid:9x9 --engine random --seed 1
game "same seed, same game" "$(play_in '1->2\n' k4 --seed 42; printf '%s\n' "$OUT" | grep '^engine' | head -1 |
  sed 's/[>()]/./g')" '1->2\n' k4 --seed 42
game "game already over" '^game over, player 1 wins: the last move completed cell 1 \(1 2 3\), a cycle cell$' '' \
  cycle:3 --moves "1->2 2->3 3->1"

# a lost position's hint names a few moves, not every safe one (K4 is lost
# for player 1, whose 12 first moves are all safe), each with the number of
# safe moves it leaves
play_in 'hint\nquit\n' k4 --seed 1
h=$(printf '%s\n' "$OUT" | sed -n '/^you> hint$/,/^you> quit$/p' | grep -c '^  [0-9]->[0-9] ([0-9]*)$')
[ "$h" -ge 1 ] && [ "$h" -le 3 ] && ok "lost hint: a few moves" || bad "lost hint: a few moves" "$OUT"
# moves wrap between moves at the width (COLUMNS on a pipe), never inside one
play_in 'moves\nquit\n' grid:4x4 --engine random --seed 1
COLUMNS=40 play_in 'moves\nquit\n' grid:4x4 --engine random --seed 1
body=$(printf '%s\n' "$OUT" | sed -n '/^you> moves$/,/^you> quit$/p' | sed '1d;$d')
if [ "$(printf '%s\n' "$body" | awk 'length > 39' | wc -l)" = 0 ] && [ "$(printf '%s\n' "$body" | wc -l)" -ge 3 ] &&
  [ "$(printf '%s\n' "$body" | sed 's/^legal moves (48)://' | tr ' ' '\n' | grep -cE '^[0-9]+->[0-9]+$')" = 48 ]; then
  ok "moves wrapped between moves"
else bad "moves wrapped between moves" "$body"; fi

# errors: one line, exit 1, nothing on stdout
expect_usage "bad engine" '--engine is perfect, mirror or random, not "fast"' play k4 --engine fast
expect_usage "bad first" '--first is human or engine' play k4 --first nobody
expect_error "bad board" 'no such file' play nosuchboard
expect_error "perfect too big" 'perfect engine cannot play this board.*--engine random' play grid:9x9
expect_error "bad moves" 'makes 1 a sink' play cycle:3 --moves "3->1 2->1"
expect_usage "unknown option" 'unknown option' play k4 --hints

# the mirror engine: the strategy of the papers, its side taken by default
game "mirror header" 'the engine \(mirror\) is player 2' 'quit\n' grid:3x3 --engine mirror
game "mirror theorem" 'plays mirror-reverse, which wins here by Alvarado et al. 2021, Theorem 6' 'quit\n' grid:3x3 --engine mirror
game "mirror reply" '^engine \(player 2\) plays 8->9$' '1->2\nquit\n' grid:3x3 --engine mirror
game "strategy mirror alias" '^engine \(player 2\) plays 8->9$' '1->2\nquit\n' grid:3x3 --strategy mirror
game "mirror first" 'You are player 2 and move second' 'quit\n' cycle:5 --engine mirror
all=""
for d in 1-\>2 2-\>3 4-\>5 5-\>6 7-\>8 8-\>9 1-\>4 4-\>7 2-\>5 5-\>8 3-\>6 6-\>9; do
  all="$all$d\n${d#*->}->${d%%->*}\n"
done
game "mirror wins grid:3x3" '^game over, the engine wins' "$all$all$all" grid:3x3 --engine mirror
expect_error "mirror needs a strategy" 'no mirror strategy of the papers applies' play k4 --engine mirror
expect_error "mirror side" 'player 1.s, so the engine must be player 1 \(--first engine\)' \
  play cycle:5 --engine mirror --first human

# fuzz: random lines (moves, commands, junk, long lines, control bytes)
# never crash the loop: every run ends with exit status 0 and a last word
words=(1 2 3 4 5 6 7 8 9 10 '->' '-' '>' hint undo moves show help quit '' ' ' ',' x '1->2' '2->1' '->->' 'é' '%s%n' '\\')
for seed in 1 2 3 4 5 6 7 8; do
  RANDOM=$seed
  : >"$WORK/fuzz_in"
  for _ in $(seq 1 60); do
    line=""
    for _ in $(seq 0 $((RANDOM % 5))); do line="$line${words[RANDOM % ${#words[@]}]}"; done
    [ $((RANDOM % 9)) = 0 ] && line="$(head -c $((RANDOM % 40 + 1)) /dev/urandom | tr -d '\n\000')"
    [ $((RANDOM % 23)) = 0 ] && line="$(printf '%*s' 3000 '' | tr ' ' 'a')->1"
    [ "$line" = quit ] && line=hint
    printf '%s\n' "$line" >>"$WORK/fuzz_in"
  done
  for board in k4 grid:3x3 lollipop:5 spider:1,2,3; do
    timeout 20 "$BIN" play "$board" --engine random --seed "$seed" <"$WORK/fuzz_in" >"$WORK/out" 2>"$WORK/err"
    rc=$?
    if [ "$rc" != 0 ]; then bad "fuzz $board $seed" "exit status $rc: $(tail -c 300 "$WORK/err")"; continue; fi
    if tail -1 "$WORK/out" | grep -Eq 'game over|game abandoned|end of input'; then ok "fuzz $board $seed"
    else bad "fuzz $board $seed" "last line: $(tail -1 "$WORK/out")"; fi
  done
done

# the picture of the board: after the moves (ASCII in the C locale, no
# colours on a pipe), the final position at game over, a board without
# coordinates placed by the layout, a cramped one drawn taller
export LC_ALL=C
game "picture at the start" '^1-+2-+3$' 'quit\n' grid:2x3 --seed 1
game "picture after a move" '^1-+>-+2' '1->2\nquit\n' grid:2x3 --seed 1
# the engine's reply is drawn too: the picture after it has two arrows
play_in '1->2\nquit\n' grid:2x3 --seed 1
n=$(printf '%s\n' "$OUT" | sed -n '/^you> 1->2$/,/^you> quit$/p' | grep -E '^[0-9 |/\\<>^v-]+$' | tr -cd '<>^v' | wc -c)
[ "$n" = 2 ] && ok "both moves drawn" || bad "both moves drawn" "$n arrowheads after two moves: $OUT"
printf '%s\n' "$OUT" | grep -q $'\033' && bad "no colours on a pipe" "ESC in the transcript" || ok "no colours on a pipe"
# (path:1's ends are special: starred, and the legend says so)
game "final position" '^1\*-+>-+2\*$' '1->2\n' path:1 --seed 1
play_in '1->2\n' path:1 --seed 1
printf '%s\n' "$OUT" | tail -5 | head -1 | grep -Eq '^1\*-+>-+2\*$' && ok "final position before the end" ||
  bad "final position before the end" "$OUT"
# a Ctrl-L typed into a line is no part of the command: it draws the board
# again (after the echo of the line), and the command is carried out
play_in 'hi\fnt\nquit\n' k4 --seed 1
if [ "$RC" = 0 ] && ! printf '%s\n' "$OUT" | grep -q 'unknown command' \
  && printf '%s\n' "$OUT" | sed -n '/^you> hint$/,$p' | sed -n 2,12p | grep -Eq '^3-+2$' \
  && printf '%s\n' "$OUT" | grep -q '^no move wins against perfect play'; then ok "stray Ctrl-L"
else bad "stray Ctrl-L" "$OUT"; fi
play_in 'hint\033[A\nquit\n' k4 --seed 1
printf '%s\n' "$OUT" | grep -q '^you> hint\[A$' && ok "escape sequences out of a pipe" || bad "escape sequences out of a pipe" "$OUT"
# the unmarkable edge is dotted and the legend says what dots mean
game "unmarkable edge dotted" '^ *:$' 'quit\n' lollipop:4 --seed 1
game "unmarkable legend" '^  \.:\. unmarkable edge \(no arrow is legal\)$' 'quit\n' lollipop:4 --seed 1
# a board without coordinates is placed by the layout of cycles draw: every
# vertex in the picture, no list of arrows
play_in 'quit\n' "$SRC/boards/figure1.json" --seed 1
n=0
for v in 1 2 3 4 5 6 7 8 9; do printf '%s\n' "$OUT" | grep -Eq "(^|[^0-9])$v([^0-9]|$)" && n=$((n + 1)); done
if [ "$n" = 9 ] && ! printf '%s\n' "$OUT" | grep -q '^arrows:'; then ok "picture without coordinates"
else bad "picture without coordinates" "$OUT"; fi
# a board whose labels cannot be apart in the terminal's height (asym30 in
# 80 x 24, said by COLUMNS and LINES on a pipe) is drawn taller, not listed
LINES=24 COLUMNS=80 play_in 'quit\n' asym30 --engine random --seed 1
n=0
for v in $(seq 1 18); do printf '%s\n' "$OUT" | grep -Eq "(^|[^0-9])$v([^0-9]|$)" && n=$((n + 1)); done
if [ "$n" = 18 ] && ! printf '%s\n' "$OUT" | grep -q '^arrows:'; then ok "cramped board drawn taller"
else bad "cramped board drawn taller" "$OUT"; fi
LC_ALL=C.UTF-8 game "Unicode in a UTF-8 locale" '^1─+→─+2' '1->2\nquit\n' grid:2x3 --seed 1
# colours on a terminal (script gives the game one), none with NO_COLOR
if command -v script >/dev/null; then
  printf '1->2\nquit\n' | timeout 20 script -qec "$BIN play grid:2x3 --seed 1" /dev/null >"$WORK/tty" 2>&1
  grep -q $'\033\\[36m' "$WORK/tty" && grep -q $'\033\\[1;33m' "$WORK/tty" && ok "colours on a terminal" ||
    bad "colours on a terminal" "$(od -c "$WORK/tty" | head -5)"
  printf '1->2\nquit\n' | NO_COLOR=1 timeout 20 script -qec "$BIN play grid:2x3 --seed 1" /dev/null >"$WORK/tty" 2>&1
  grep -q $'\033\\[3' "$WORK/tty" && bad "NO_COLOR" "colours in spite of NO_COLOR" || ok "NO_COLOR"
fi
# "thinking..." on stderr when the engine needs more than half a second
# (grid:4x5 takes minutes; --timeout 1 stops it after a second), not otherwise
play_in '1->2\nquit\n' grid:4x5 --timeout 1 --seed 1
[ "$RC" = 0 ] && grep -qx 'thinking\.\.\.' "$WORK/err" && ok "thinking" || bad "thinking" "stderr: $ERR"
play_in '1->2\nquit\n' k4 --seed 1
[ -z "$ERR" ] && ok "no thinking on k4" || bad "no thinking on k4" "stderr: $ERR"
# parallel edges (the C++ program's SP3 on the torus: e1 and e2 join 0 and 1):
# listed, walked and typed by their numbers, as moves name them
SP3="$SRC/tests/data/benntaylor/SP3_encoding.txt"
game "parallel edges listed apart" 'unmarked: e0:0-2 e1:0-1 e2:0-1 e3:1-2 e4:1-2 e5:0-2' 'quit\n' "$SP3" --seed 1
game "parallel cell walk names its edges" 'cell 1 \(2 0 1 0; edges e0 e1 e2 e5\)' 'show\nquit\n' "$SP3" --seed 1
game "parallel edge typed" 'arrows:.*e2:1->0 \(1\)' 'e2:1->0\nquit\n' "$SP3" --seed 1
game "parallel edge left unmarked" 'unmarked: e1:0-1' 'e2:1->0\nquit\n' "$SP3" --seed 1
game "ambiguous move refused" '2 edges join 0 and 1 \(e1, e2\); name one' '0->1\nquit\n' "$SP3" --seed 1
finish
