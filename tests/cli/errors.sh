# Command-line tests of bad input: one line on stderr, exit 1, nothing on stdout.
. "$(dirname "$0")/lib.bash"

expect_usage "no command" "no command given"
expect_usage "unknown command" 'unknown command' frobnicate
expect_usage "no board" 'no BOARD' solve
expect_error "unknown family" 'no such file' solve nosuchboard
expect_error "missing file" 'No such file' solve "$WORK/missing.json"
expect_error "directory" 'not a regular file' solve "$WORK"
expect_usage "unknown option" 'unknown option' solve cycle:5 --frob
expect_usage "option needs value" 'needs a value' solve cycle:5 --moves
expect_usage "bad timeout" 'timeout' solve cycle:5 --timeout -3
expect_usage "bad memory" 'memory' solve cycle:5 --memory lots
expect_error "illegal sink move" 'move 2 \(2->1\) is illegal: marking 2->1 makes 1 a sink' solve cycle:3 --moves "3->1 2->1"
expect_error "marked twice" 'already marked' solve cycle:5 --moves "1->2 2->1"
expect_error "unknown vertex" 'no vertex 9' solve cycle:5 --moves "1->9"
expect_error "not an edge" 'no edge between 1 and 3' solve cycle:5 --moves "1->3"
expect_error "malformed move" 'not of the form U->V' solve cycle:5 --moves "1-2"
expect_error "move after the end" 'game is over' solve cycle:3 --moves "1->2 2->3 3->1 1->2"
expect_usage "two boards" 'unexpected argument' solve cycle:5 cycle:6
expect_usage "convert without format" 'needs --to' convert cycle:5
expect_usage "convert bad format" 'unknown format' convert cycle:5 --to pdf
expect_error "bad special" 'no vertex q' solve cycle:5 --special q
expect_error "unwritable output" 'cycles: ' solve cycle:5 -o "$WORK/no/such/dir/x"
printf 'not a board' >"$WORK/junk.txt"
expect_error "junk file" 'junk.txt: ' solve "$WORK/junk.txt"
: >"$WORK/empty.json"
expect_error "empty file" 'empty.json: ' solve "$WORK/empty.json"
finish
