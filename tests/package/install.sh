# package_install: `cmake --install` (what make install runs) into a temporary
# DESTDIR puts the program, the shared library with its versioned soname, the
# public header alone, libcycles.pc, the man page and the bash completion in
# place; a tiny C program built with `pkg-config --cflags --libs libcycles`
# against the staged tree (the manual's docs/examples/solve.c) solves boards
# and agrees with the installed program.
# Usage: bash install.sh BUILD_DIR SOURCE_DIR [EXTRA_CFLAGS]
set -u
BUILD=$1
SRC=$2
EXTRA=${3:-}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

DEST=$WORK/stage
DESTDIR=$DEST cmake --install "$BUILD" >"$WORK/log" 2>&1 || { cat "$WORK/log"; bad "cmake --install"; exit 1; }
prefix=$(awk -F= '/^prefix=/ { print $2 }' "$BUILD/libcycles.pc")
root=$DEST$prefix
pc=$(find "$root" -name libcycles.pc)
[ -n "$pc" ] || { bad "no libcycles.pc installed"; exit 1; }
libdir=$(dirname "$(dirname "$pc")")

[ -x "$root/bin/cycles" ] || bad "bin/cycles missing"
[ -x "$root/bin/cycles-check" ] || bad "bin/cycles-check missing"
[ -f "$root/include/cycles.h" ] || bad "include/cycles.h missing"
others=$(find "$root/include" -type f ! -name cycles.h)
[ -z "$others" ] || bad "headers other than cycles.h installed: $others"
[ -s "$root/share/man/man1/cycles.1" ] || bad "man page missing"
[ -s "$root/share/bash-completion/completions/cycles" ] || bad "bash completion missing"
real=$(ls "$libdir"/libcycles.so.*.*.* 2>/dev/null | head -1)
[ -n "$real" ] || bad "no libcycles.so.X.Y.Z in $libdir"
[ -L "$libdir/libcycles.so" ] || bad "libcycles.so is not a symbolic link"
[ -e "$libdir/libcycles.a" ] && bad "the static library is installed"

# the manual's example program (docs/library.md)
cp "$SRC/docs/examples/solve.c" "$WORK/tiny.c"
export PKG_CONFIG_PATH=$libdir/pkgconfig PKG_CONFIG_SYSROOT_DIR=$DEST
flags=$(pkg-config --cflags --libs libcycles) || bad "pkg-config --cflags --libs libcycles"
case "$flags" in *"$DEST"*) ;; *) bad "pkg-config points outside the staged tree: $flags" ;; esac
# shellcheck disable=SC2086
cc -std=c11 -Wall -Wextra -Werror $EXTRA -o "$WORK/tiny" "$WORK/tiny.c" $flags || bad "tiny program does not build"
needed=$(objdump -p "$WORK/tiny" | awk '/NEEDED/ { print $2 }' | grep libcycles)
[ "$needed" = libcycles.so.0 ] || bad "tiny program needs '$needed', want libcycles.so.0"
for spec in k4 cycle:5 grid:2x3; do
  got=$(LD_LIBRARY_PATH=$libdir "$WORK/tiny" "$spec") || bad "tiny $spec fails"
  want=$(LD_LIBRARY_PATH=$libdir "$root/bin/cycles" solve "$spec" --json --quiet |
         /usr/bin/python3 -c 'import json,sys; a=json.load(sys.stdin); print("winner: player %d, grundy %d" % (a["winner"], a["grundy"]))')
  [ "$got" = "$want" ] || bad "$spec: tiny program says '$got', cycles solve '$want'"
done
# the man page formats without warnings
if command -v groff >/dev/null; then
  warn=$(groff -man -Tutf8 -ww "$root/share/man/man1/cycles.1" 2>&1 >/dev/null)
  [ -z "$warn" ] || bad "groff warns: $warn"
fi
# the completion offers the subcommands and the families
comp=$(bash -c '. "$1"; COMP_WORDS=(cycles so); COMP_CWORD=1; _cycles; printf "%s\n" "${COMPREPLY[@]}"' _ \
       "$root/share/bash-completion/completions/cycles")
[ "$comp" = solve ] || bad "completion of 'cycles so' gives '$comp'"
comp=$(PATH=$root/bin:$PATH LD_LIBRARY_PATH=$libdir bash -c '. "$1"; COMP_WORDS=(cycles solve gri); COMP_CWORD=2; _cycles; printf "%s\n" "${COMPREPLY[@]}"' _ \
       "$root/share/bash-completion/completions/cycles")
case "$comp" in grid:*) ;; *) bad "completion of 'cycles solve gri' gives '$comp'" ;; esac
[ $fail = 0 ] && echo "installed and used through pkg-config"
exit $fail
