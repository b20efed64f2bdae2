#!/usr/bin/env bash
# Records the answers tests/cli/answers.sh compares with: for each line of
# cases, `cycles solve ARGS` as text (NAME.txt) and as --json (NAME.json),
# filtered by answers.bash.  Usage (from anywhere):
#   bash tests/data/answers/record.sh [CYCLES_BINARY]   (default build/cycles)
# Refuses to write an answer whose solve failed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../../.."
bin=$(realpath "${1:-build/cycles}")
. "$here/answers.bash"
ANSWER_TMP=$(mktemp -d)
trap 'rm -rf "$ANSWER_TMP"' EXIT
rm -f "$here"/*.txt "$here"/*.json
n=0
while read -r line; do
  case "$line" in '' | '#'*) continue ;; esac
  read -ra args <<<"$line"
  name=$(answer_name "${args[@]}")
  for format in txt json; do
    if ! answer_solve "$bin" "$format" "${args[@]}" >"$here/$name.$format"; then
      echo "record.sh: cycles solve $line failed" >&2
      exit 1
    fi
  done
  n=$((n + 1))
done <"$here/cases"
echo "recorded $n answers (text and JSON) in $here"
