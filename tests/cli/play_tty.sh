# `cycles play` on a terminal: a tmux pane of 80 x 24 runs the game; keys are
# sent as a user types them and the screen is read back (capture-pane).
# Checks line editing (arrow up brings back the last line, Ctrl-A and a
# typed character edit it), Ctrl-L (the screen cleared and the board drawn
# again, the half-typed line kept, no Ctrl-L in the command), and that the
# board of grid:4x4 and the prompt are on one 24-line screen.  Skipped when
# tmux is not installed.
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
trap 'tmux kill-session -t "$S" 2>/dev/null; rm -rf "$WORK"' EXIT

# the start fits one screen: the first row of the board and the prompt
if wait_for '^you> ?$' && screen | grep -q '^1-*2-*3-*4$'; then ok "board and prompt on 80 x 24"
else bad "board and prompt on 80 x 24" "$(screen)"; fi

# a command, then arrow up and Enter: the same command again from the history
keys 'moves' Enter
wait_for '^legal moves \(48\)' || bad "moves" "$(screen)"
keys 'help' Enter
wait_for '^  quit   leave the game' || bad "help" "$(screen)"
keys Up Up Enter
if wait_for '^you> moves$' && [ "$(screen | grep -c '^legal moves (48)')" -ge 1 ] \
  && [ "$(screen | grep -c '^you> moves$')" = 2 ]; then ok "history"; else bad "history" "$(screen)"; fi

# editing: arrow up, Ctrl-A to the start, a word typed before: "xmoves"
keys Up C-a 'x' Enter
if wait_for 'unknown command "xmoves"'; then ok "line editing"; else bad "line editing" "$(screen)"; fi

# Ctrl-L in the middle of a line: the screen cleared, the board drawn again
# at the top, the line kept; Enter then runs "hint" (no Ctrl-L in it)
keys 'hi' C-l
if wait_for '^you> hi$' && [ "$(screen | head -1)" = "1-------2------3-------4" ] \
  && ! screen | grep -q 'unknown command'; then ok "Ctrl-L redraws"; else bad "Ctrl-L redraws" "$(screen)"; fi
keys 'nt' Enter
if wait_for '^(winning move|no move wins)' && ! screen | grep -q 'unknown command'; then ok "Ctrl-L not in the command"
else bad "Ctrl-L not in the command" "$(screen)"; fi

keys 'quit' Enter
wait_for '^game abandoned' && ok "quit" || bad "quit" "$(screen)"
finish
