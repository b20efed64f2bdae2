# `cycles play` on a terminal: a tmux pane of 80 x 24 runs the game; keys are
# sent as a user types them and the screen is read back (capture-pane).
# Checks line editing (arrow up brings back the last line, Ctrl-A and a
# typed character edit it), Ctrl-L (the screen cleared and the board drawn
# again, the half-typed line kept, no Ctrl-L in the command), and that the
# board of grid:4x4 and the prompt are on one 24-line screen; that figure1,
# a board without coordinates, is drawn with every vertex on that screen;
# and that a game over offers undo, which takes the last move back.
# Skipped when tmux is not installed.
. "$(dirname "$0")/lib.bash"
if ! command -v tmux >/dev/null; then
  echo "tmux not installed: skipped"
  finish
  exit 0
fi
export TMUX_TMPDIR=$WORK
S=cycles-tty-$$
HOME=$WORK # no ~/.editrc of the user's
export HOME
screen() { tmux capture-pane -p -t "$S"; }
# wait_for PATTERN: until the screen matches (a guard of 60 s against a hang)
wait_for() {
  local i
  for i in $(seq 600); do
    screen | grep -Eq -- "$1" && return 0
    sleep 0.1
  done
  return 1
}
keys() { tmux send-keys -t "$S" "$@"; }
tmux new-session -d -s "$S" -x 80 -y 24 "LC_ALL=C $BIN play grid:4x4 --seed 1 --engine random; sleep 60"
# (the server of TMUX_TMPDIR=$WORK is this test's own)
trap 'tmux kill-server 2>/dev/null; rm -rf "$WORK"' EXIT

# the start fits one screen: the first row of the board and the prompt
if wait_for '^you> ?$' && screen | grep -q '^1-*2-*3-*4$'; then ok "board and prompt on 80 x 24"
else bad "board and prompt on 80 x 24" "$(screen)"; fi

# a command, then arrow up and Enter: the same command again from the history
keys 'moves' Enter
wait_for '^legal moves \(48\)' || bad "moves" "$(screen)"
keys 'help' Enter
wait_for '^  quit   leave the game' || bad "help" "$(screen)"
keys Up Up Enter
# (the first "you> moves" is on the screen already: wait for the second)
twice() { [ "$(screen | grep -c '^you> moves$')" = 2 ]; }
for _ in $(seq 600); do twice && break; sleep 0.1; done
if twice && wait_for '^you> ?$' && [ "$(screen | grep -c '^legal moves (48)')" -ge 1 ]; then ok "history"
else bad "history" "$(screen)"; fi

# editing: arrow up, Ctrl-A to the start, a word typed before: "xmoves"
keys Up C-a 'x' Enter
if wait_for 'unknown command "xmoves"'; then ok "line editing"; else bad "line editing" "$(screen)"; fi

# Ctrl-L in the middle of a line: the screen cleared, the board drawn again
# at the top, the line kept; Enter then runs "hint" (no Ctrl-L in it)
keys 'hi' C-l
if wait_for '^you> hi$' && screen | head -1 | grep -Eq '^1-+2-+3-+4$' \
  && ! screen | grep -q 'unknown command'; then ok "Ctrl-L redraws"; else bad "Ctrl-L redraws" "$(screen)"; fi
keys 'nt' Enter
if wait_for '^(winning move|no move wins)' && ! screen | grep -q 'unknown command'; then ok "Ctrl-L not in the command"
else bad "Ctrl-L not in the command" "$(screen)"; fi

keys 'quit' Enter
wait_for '^game abandoned' && ok "quit" || bad "quit" "$(screen)"
S=$S-figure1

# figure1 has no coordinates: it is placed by the layout, and every vertex
# label stands in the picture above the prompt on the 80 x 24 screen
tmux new-session -d -s "$S" -x 80 -y 24 "LC_ALL=C.UTF-8 $BIN play $SRC/boards/figure1.json --seed 1; sleep 60"
if wait_for '^you> ?$'; then
  pic=$(screen | sed -n '4,/^0 moves played/p' | sed '$d')
  n=0
  for v in 1 2 3 4 5 6 7 8 9; do printf '%s\n' "$pic" | grep -Eq "(^|[^0-9])$v([^0-9]|$)" && n=$((n + 1)); done
  if [ "$n" = 9 ] && [ "$(printf '%s\n' "$pic" | wc -l)" -ge 8 ] && ! screen | grep -q '^arrows:'; then
    ok "figure1 drawn on 80 x 24"
  else bad "figure1 drawn on 80 x 24" "$n labels: $(screen)"; fi
else bad "figure1 drawn on 80 x 24" "$(screen)"; fi
S=$S-over

# game over: C3 after 1->2, whatever the engine plays, player 1 completes the
# cell; the end offers undo, which takes that move back and plays on
tmux new-session -d -s "$S" -x 80 -y 24 "LC_ALL=C $BIN play cycle:3 --seed 4; sleep 60"
wait_for '^you> ?$' || bad "cycle:3 starts" "$(screen)"
keys '1->2' Enter
wait_for '^engine \(player 2\) plays' || bad "engine replies" "$(screen)"
# the completing move: the one unmarked edge, in the direction of the cycle
for m in '2->3' '3->1'; do keys "$m" Enter; sleep 0.3; screen | grep -q '^game over' && break; done
if wait_for '^game over, you win: your move' && wait_for '^type undo \(take back your last move\), new \(a new game\) or quit$'
then ok "game over offers undo"; else bad "game over offers undo" "$(screen)"; fi
keys 'undo' Enter
if wait_for '^undone: [0-9]->[0-9] \(yours\)$'; then ok "undo after game over"; else bad "undo after game over" "$(screen)"; fi
keys 'quit' Enter
wait_for '^game abandoned after 2 moves' && ok "quit after undo" || bad "quit after undo" "$(screen)"
finish
