# The repository stands alone: no tracked file refers to a path outside it.
# A relative path ("../x/y") is resolved against the folder of the file that
# names it; one that leaves the repository and names something that exists
# there, or that names the folder "shared" one or more levels up (where the
# developers' papers and peer data lie, which a clone does not have) from
# any folder, fails.  So does an absolute path into a developer's machine
# (under /work or /home).  This file builds those names from pieces, so that
# it holds none of them itself and is checked like every other file.
# Data the tests need lies in tests/data (tests/data/README.md says whence).
. "$(dirname "$0")/lib.bash"

UP='..'
SHARED="$UP/shared"

ROOT=$(cd "$SRC" && pwd -P)
if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git -C "$ROOT" ls-files -z >"$WORK/files"
else
  (cd "$ROOT" && find . -type f ! -path './build*' ! -path './.git/*' -printf '%P\0') >"$WORK/files"
fi
[ -s "$WORK/files" ] || bad "files" "no files listed under $ROOT"

found=0
while IFS= read -r -d '' f; do
  [ -f "$ROOT/$f" ] || continue
  grep -Iq . "$ROOT/$f" 2>/dev/null || continue   # binary or empty
  dir=$(dirname "$ROOT/$f")
  while IFS=: read -r line path; do
    [ -n "$path" ] || continue
    case "$path" in
      *"$SHARED"|*"$SHARED"/*) ;;   # whatever folder it is named from
      *)
        target=$(realpath -m "$dir/$path")
        case "$target/" in "$ROOT"/*) continue ;; esac
        [ -e "$target" ] || continue ;;
    esac
    bad "$f:$line" "refers to $path, outside the repository"
    found=1
  done < <(grep -noP '(?:\.\./)+[^\s"'"'"'`)\]>,;:*{}$]*' "$ROOT/$f" 2>/dev/null)
  if grep -nP '(^|[\s"'"'"'`(=])/(work|home)/' "$ROOT/$f" >"$WORK/abs" 2>/dev/null; then
    while IFS= read -r hit; do
      bad "$f" "an absolute path into a developer's machine: $hit"
      found=1
    done <"$WORK/abs"
  fi
done <"$WORK/files"
check "no path outside the repository" [ "$found" = 0 ]

# The check itself can fail: a file naming the shared folder is caught.
mkdir -p "$WORK/repo/sub"
printf 'see %s/papers/000.txt\n' "$UP/$SHARED" >"$WORK/repo/sub/x.md"
hits=$(cd "$WORK/repo/sub" && grep -noP '(?:\.\./)+[^\s"'"'"'`)\]>,;:*{}$]*' x.md)
case "$hits" in
  *"$UP/$SHARED/papers/000.txt"*) ok "the pattern finds the shared folder" ;;
  *) bad "self-check" "the pattern missed $UP/$SHARED/papers/000.txt: '$hits'" ;;
esac
finish
