# The answers of `cycles solve` (text and --json) on the benchmark boards and
# under every rule variant, byte for byte as recorded in tests/data/answers/
# (its README says how they were made and how to record them again after a
# change meant to alter them).  Only the positions counted and the seconds
# are left out (tests/data/answers/answers.bash, answer_filter).
. "$(dirname "$0")/lib.bash"
dir=$SRC/tests/data/answers
. "$dir/answers.bash"
ANSWER_TMP=$WORK
BIN=$(realpath "$BIN")
cd "$SRC" || exit 1
cases=0
while read -r line; do
  case "$line" in '' | '#'*) continue ;; esac
  read -ra args <<<"$line"
  name=$(answer_name "${args[@]}")
  cases=$((cases + 1))
  for format in txt json; do
    answer_solve "$BIN" "$format" "${args[@]}" >"$WORK/got"
    rc=$?
    if [ "$rc" != 0 ]; then bad "solve $line ($format)" "exit status $rc"; continue; fi
    if [ ! -f "$dir/$name.$format" ]; then bad "solve $line ($format)" "no recorded answer $name.$format"; continue; fi
    if cmp -s "$dir/$name.$format" "$WORK/got"; then
      ok "solve $line ($format)"
    else
      bad "solve $line ($format)" "differs from $name.$format: $(diff "$dir/$name.$format" "$WORK/got" | head -20)"
    fi
  done
done <"$dir/cases"
# every recorded answer is a case (none left over from a removed line)
recorded=$(find "$dir" -name '*.json' | wc -l)
check "one recorded answer a case" --why "$recorded recorded, $cases cases" [ "$recorded" = "$cases" ]
finish
