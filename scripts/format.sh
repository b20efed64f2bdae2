#!/usr/bin/env bash
# Formats the C sources (src/, include/, tests/, python/ is not C) with
# clang-format and the repository's .clang-format.
# Usage: scripts/format.sh           rewrite the files in place
#        scripts/format.sh --check   change nothing; list each file that would
#                                    change and how many of its lines, exit 1
#                                    when any would (0 when none)
#        scripts/format.sh [--check] FILE...   only these files
# Needs clang-format (Debian: apt-get install clang-format); CLANG_FORMAT
# names another binary.
set -euo pipefail
cd "$(dirname "$0")/.."
cf=${CLANG_FORMAT:-clang-format}
if ! command -v "$cf" >/dev/null; then
  echo "format.sh: $cf not found (apt-get install clang-format)" >&2
  exit 1
fi
check=0
if [ "${1-}" = --check ]; then
  check=1
  shift
fi
if [ $# -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(git ls-files -- 'src/*.c' 'src/*.h' 'include/*.h' 'tests/*.c' 'tests/*.h')
fi
if [ "$check" = 0 ]; then
  "$cf" -i --style=file "${files[@]}"
  exit 0
fi
changed=0 lines=0
for f in "${files[@]}"; do
  n=$("$cf" --style=file "$f" | diff "$f" - | grep -c '^<' || true)
  if [ "$n" -gt 0 ]; then
    echo "$f: $n lines would change"
    changed=$((changed + 1))
    lines=$((lines + n))
  fi
done
if [ "$changed" -gt 0 ]; then
  echo "format.sh: $changed of ${#files[@]} files would change ($lines lines); scripts/format.sh applies it" >&2
  exit 1
fi
echo "format.sh: ${#files[@]} files follow .clang-format"
