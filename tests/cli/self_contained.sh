# The repository stands alone: no tracked file refers to a path outside it.
# A relative path ("../x/y") is resolved against the folder of the file that
# names it; one that leaves the repository and names something that exists
# there, or that names the folder "shared" beside the repository (where the
# developers' papers and peer data lie, which a clone does not have) from
# any folder, fails.
# So does an absolute path into a developer's machine (/work/, /home/).
# Data the tests need lies in tests/data (tests/data/README.md says whence).
. "$(dirname "$0")/lib.bash"

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
      *../shared|*../shared/*) ;;   # whatever folder it is named from
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
[ "$found" = 0 ] && ok "no path outside the repository"

# The check itself can fail: a file naming ../shared is caught.
mkdir -p "$WORK/repo/sub"
printf 'see ../../shared/papers/000.txt\n' >"$WORK/repo/sub/x.md"
hits=$(cd "$WORK/repo/sub" && grep -noP '(?:\.\./)+[^\s"'"'"'`)\]>,;:*{}$]*' x.md)
case "$hits" in
  *../../shared/papers/000.txt*) ok "the pattern finds ../shared" ;;
  *) bad "self-check" "the pattern missed ../../shared/papers/000.txt: '$hits'" ;;
esac
finish
