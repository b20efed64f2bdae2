#!/usr/bin/env bash
# No dependency cycles among the modules of src/ (tests/package/includes.py
# says what a module and a dependency are: the #include lines, and which
# object file calls which).  Usage: includes.sh SOURCE_DIR BUILD_DIR
# `python3 tests/package/includes.py . build --list` lists every dependency.
set -u
src=${1:?usage: includes.sh SOURCE_DIR BUILD_DIR}
build=${2:?usage: includes.sh SOURCE_DIR BUILD_DIR}
if ! out=$(python3 "$src/tests/package/includes.py" "$src" "$build" 2>&1); then
  printf 'FAIL: dependency cycles among the modules of src/:\n%s\n' "$out"
  exit 1
fi
[ -n "$out" ] && printf '%s\n' "$out"
echo "no dependency cycles among the modules of src/"
