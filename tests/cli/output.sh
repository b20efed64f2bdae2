#!/bin/bash
# output.sh - every write is checked: a full disk or /dev/full is an error
# naming the file or standard output (exit 1, nothing half-written where -o
# named a file), and -o FILE replaces only a regular file, keeping its mode;
# a symbolic link's target, a FIFO, a device and a file with other hard
# links are written in place.
# Usage: bash tests/cli/output.sh CYCLES_BINARY SOURCE_DIR
source "$(dirname "$0")/lib.bash"
BIN=$(realpath "$BIN")
cd "$WORK" || exit 1

# full_stdout NAME ARGS...: with standard output on /dev/full, exit status 1
# and one line naming standard output.
full_stdout() {
  local name=$1 err rc
  shift
  timeout 30 "$BIN" "$@" >/dev/full 2>"$WORK/err" </dev/null
  rc=$?
  err=$(cat "$WORK/err")
  check "$name: exit 1 on /dev/full" --why "status $rc, stderr: $err" [ "$rc" = 1 ]
  check "$name: says so" --why "stderr: $err" grep -Eq '^cycles: standard output: cannot write(: | after [0-9]+ positions: )(No space left on device|a write failed)$' "$WORK/err"
  check "$name: one line" --why "stderr: $err" [ "$(wc -l <"$WORK/err")" = 1 ]
}
full_stdout show show k4
full_stdout convert convert path:999 --to json
full_stdout "convert table" convert k4 --to table
full_stdout draw draw k4
full_stdout families families
full_stdout help help
full_stdout "help solve" help solve
full_stdout "--help" --help
full_stdout "solve --help" solve --help
full_stdout version version
full_stdout "--version" --version
full_stdout solve solve k4
full_stdout positions positions k4
full_stdout symmetry symmetry k4
full_stdout "play from a pipe" play k4

# no temporary file is left anywhere in the folder
no_tmp() { ! ls -a "$1" | grep -q '\.tmp'; }

# -o onto a regular file keeps its mode (600 here), for each writer
for cmd in "convert k4 --to json" "draw k4" "positions k4"; do
  f=mode600.out
  case $cmd in draw*) f=mode600.svg ;; esac
  echo old >"$f"
  chmod 600 "$f"
  run $cmd -o "$f"
  check "$cmd -o: exit 0" --why "status $RC: $ERR" [ "$RC" = 0 ]
  check "$cmd -o: written" --why "$(head -c 100 "$f")" [ "$(cat "$f")" != old ]
  check "$cmd -o: keeps mode 600" --why "$(stat -c %a "$f")" [ "$(stat -c %a "$f")" = 600 ]
  rm -f "$f"
done
# a new file gets the umask's mode
(umask 027 && "$BIN" convert k4 --to json -o new.json)
check "new file: mode 640 under umask 027" --why "$(stat -c %a new.json)" [ "$(stat -c %a new.json)" = 640 ]

# a file its user may not write is not replaced (as > would not): run as
# nobody on a read-only file of nobody's in a folder anyone may write
# (nobody must reach the binary: a clone inside a private folder, such as
# one of mktemp -d, hides it)
if [ "$(id -u)" = 0 ] && su nobody -s /bin/sh -c "'$BIN' --version" >/dev/null 2>&1 </dev/null; then
  chmod 711 "$WORK"
  mkdir ro && chmod 777 ro && echo old >ro/f.json && chmod 444 ro/f.json && chown nobody ro/f.json
  su nobody -s /bin/sh -c "'$BIN' convert k4 --to json -o '$WORK/ro/f.json'" >/dev/null 2>err </dev/null
  rc=$?
  check "read-only file: exit 1" --why "status $rc: $(cat err)" [ "$rc" = 1 ]
  check "read-only file: says so" --why "$(cat err)" grep -q "^cycles: $WORK/ro/f.json: Permission denied$" err
  check "read-only file: kept" [ "$(cat ro/f.json)" = old ]
  check "read-only file: no temporary file" no_tmp ro
else
  echo "note: cannot run the binary as nobody: the read-only file checks are left out"
fi

# a symbolic link: its target is written, the link stays a link
echo old >target.json
ln -s target.json link.json
run convert k4 --to json -o link.json
check "symlink: exit 0" --why "$ERR" [ "$RC" = 0 ]
check "symlink: still a link" [ -L link.json ]
check "symlink: the target written" --why "$(head -c 80 target.json)" grep -q cycles-board target.json
run show target.json
check "symlink: the target reads back" --why "$ERR" [ "$RC" = 0 ]

# a symbolic link to a file not made yet: the file is made, the link kept
ln -s made.json dangling.json
run convert k4 --to json -o dangling.json
check "dangling symlink: exit 0" --why "$ERR" [ "$RC" = 0 ]
check "dangling symlink: still a link" [ -L dangling.json ]
check "dangling symlink: the file it names made" grep -q cycles-board made.json

# hard links: both names still one file, holding the new text
echo old >h1.json
ln h1.json h2.json
run convert k4 --to json -o h2.json
check "hard link: exit 0" --why "$ERR" [ "$RC" = 0 ]
check "hard link: one file" --why "$(ls -li h1.json h2.json)" [ "$(stat -c %i h1.json)" = "$(stat -c %i h2.json)" ]
check "hard link: both names hold it" grep -q cycles-board h1.json

# a FIFO is written in place, for its reader
mkfifo pipe.json
timeout 30 cat pipe.json >from_pipe.json &
reader=$!
run convert k4 --to json -o pipe.json
wait $reader
check "fifo: exit 0" --why "$ERR" [ "$RC" = 0 ]
check "fifo: still a FIFO" [ -p pipe.json ]
check "fifo: the reader got the board" cmp -s from_pipe.json <("$BIN" convert k4 --to json)

# device nodes made here (never a real one): a full device (1,7) and a null
# device (1,3); they need root
if mknod full.svg c 1 7 2>/dev/null && mknod null.json c 1 3 2>/dev/null; then
  ln -s full.svg full.json
  for cmd in "convert k4 --to json -o full.json" "draw k4 -o full.svg"; do
    run $cmd
    check "$cmd: exit 1" --why "status $RC: $ERR" [ "$RC" = 1 ]
    check "$cmd: names the file" --why "$ERR" eval '[[ "$ERR" == "cycles: full."*": cannot write: No space left on device" ]]'
    check "$cmd: still a device" [ -c full.svg ]
  done
  run convert k4 --to json -o null.json
  check "null device: exit 0" --why "$ERR" [ "$RC" = 0 ]
  check "null device: still a device" [ -c null.json ]
  check "devices: no temporary file left" no_tmp .
else
  echo "note: not root, so no device nodes: those checks are left out"
fi

# a full file system (a 64 KiB tmpfs, root only): nothing half-written, the
# old file kept
mkdir small
if mount -t tmpfs -o size=64k tmpfs small 2>/dev/null; then
  echo old >small/keep.json
  run convert path:9999 --to json -o small/keep.json
  check "full disk -o: exit 1" --why "status $RC" [ "$RC" = 1 ]
  check "full disk -o: names the file" --why "$ERR" [ "$ERR" = "cycles: small/keep.json: cannot write: No space left on device" ]
  check "full disk -o: the old file kept" --why "$(head -c 80 small/keep.json)" [ "$(cat small/keep.json)" = old ]
  check "full disk -o: no temporary file" no_tmp small
  run draw grid:40x40 -o small/new.svg
  check "full disk draw -o: exit 1" --why "status $RC: $ERR" [ "$RC" = 1 ]
  check "full disk draw -o: nothing left" [ ! -e small/new.svg ]
  check "full disk draw -o: no temporary file" no_tmp small
  timeout 30 "$BIN" convert path:9999 --to json >small/redirected.json 2>err
  rc=$?
  check "full disk >: exit 1" --why "status $rc" [ "$rc" = 1 ]
  check "full disk >: says so" --why "$(cat err)" grep -q '^cycles: standard output: cannot write: No space left on device$' err
  umount small
else
  echo "note: cannot mount a tmpfs (not root): the full file system checks are left out"
fi

finish
