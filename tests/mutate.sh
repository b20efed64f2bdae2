#!/usr/bin/env bash
# tests/mutate.sh - mutation testing of the rules and engines, run by hand
# (not by CI): applies each one-line mutation of tests/mutate.list (a sed
# expression on one file) to a copy of the tree, builds it, runs the fast
# unit tests (cmocka, the ones on the rules and engines first; each mutant
# stops at its first failing test) and reports which mutations survive: a
# survivor that changes what the program answers wants a test.  Writes the
# report to tests/mutate.result.md (with the command and the date; as it
# goes, so that an interrupted run leaves what it found) and prints it.  The whole run holds /tmp/cycles-fulltest.lock (it is CPU heavy;
# a full test run takes the same lock).
# Usage: tests/mutate.sh [NAME...]   (the named mutations only; all by default)
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
if [ -z "${MUTATE_LOCKED:-}" ]; then
  exec env MUTATE_LOCKED=1 flock /tmp/cycles-fulltest.lock bash "$0" "$@"
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/cycles-mutate.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
# the tests, the quick ones on the rules and engines first
TESTS=(test_ttable test_solver test_subgame test_variants test_theorem6 test_positions test_strategy test_verify test_filled
  test_treekey test_papers test_surface test_symmetry test_canon test_engines test_reduce test_table)

# the working tree's tracked files, as they are now
(cd "$ROOT" && git ls-files -z | xargs -0 cp --parents -t "$TMP")
cmake -S "$TMP" -B "$TMP/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null || exit 1
build() { cmake --build "$TMP/build" -j "${JOBS:-2}" >"$TMP/build.log" 2>&1; }
# run_tests: runs TESTS until one fails; prints the failing one's name.
run_tests() {
  local t
  for t in "${TESTS[@]}"; do
    if ! (cd "$TMP/build/tests" && CYCLES_SOURCE_DIR="$TMP" CYCLES_BIN="$TMP/build/cycles" timeout 900 "./$t" \
      >"$TMP/test.log" 2>&1); then
      echo "$t"
      return 1
    fi
  done
  return 0
}
build || { echo "the tree does not build:"; tail -20 "$TMP/build.log"; exit 1; }
if failed=$(run_tests); then :; else echo "the tree without a mutation fails $failed"; exit 1; fi

out=$TMP/result.md
{
  echo "# Mutation testing: latest result"
  echo
  echo "Made by \`tests/mutate.sh${*:+ $*}\` on $(date -u +%Y-%m-%d) ($(cd "$ROOT" && git rev-parse --short HEAD)$(cd "$ROOT" && git diff --quiet HEAD -- src tests || echo ', with uncommitted changes')),"
  echo "$(nproc) cores. Each mutation of tests/mutate.list is applied alone; a mutant is killed by the first"
  echo "unit test that fails (tests run in the order: ${TESTS[*]})."
  echo
  echo "| mutation | file | what it does | result |"
  echo "|---|---|---|---|"
} >"$out"
killed=0 survived=0 other=0 equivalents=0
while IFS= read -r line; do
  case "$line" in '#'* | '') continue ;; esac
  name=$(awk -F ' [|] ' '{print $1}' <<<"$line")
  file=$(awk -F ' [|] ' '{print $2}' <<<"$line")
  expr=$(awk -F ' [|] ' '{print $3}' <<<"$line")
  what=$(awk -F ' [|] ' '{print $4}' <<<"$line")
  equivalent=$(awk -F ' [|] ' '{print $5}' <<<"$line")
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx -- "$name"; then continue; fi
  cp "$TMP/$file" "$TMP/orig"
  sed -e "$expr" "$TMP/orig" >"$TMP/$file"
  changed=$(diff "$TMP/orig" "$TMP/$file" | grep -c '^<')
  if [ "$changed" != 1 ]; then
    result="NOT APPLIED ($changed lines changed): fix the list"
    other=$((other + 1))
  elif ! build; then
    result="does not build"
    other=$((other + 1))
  elif failed=$(run_tests); then
    if [ "$equivalent" = equivalent ]; then
      result="survived: an equivalent mutant (argued in tests/mutate.list)"
      equivalents=$((equivalents + 1))
    else
      result="**SURVIVED**"
      survived=$((survived + 1))
    fi
  else
    result="killed by $failed"
    killed=$((killed + 1))
  fi
  cp "$TMP/orig" "$TMP/$file"
  echo "| $name | $file | $what | $result |" >>"$out"
  echo "$name: $result" >&2
  # the report so far, so that an interrupted run leaves what it found
  { cat "$out"; echo; echo "(interrupted or still running: $killed killed, $survived survived so far)"; } \
    >"$ROOT/tests/mutate.result.md"
done <"$ROOT/tests/mutate.list"
{
  echo
  echo "$killed killed, $survived survived, $equivalents equivalent mutants survived, $other not run."
} >>"$out"
cp "$out" "$ROOT/tests/mutate.result.md"
cat "$out"
[ "$survived" = 0 ] && [ "$other" = 0 ]
