#!/usr/bin/env bash
# run.sh CLANG SRCDIR OUTDIR SECONDS [TARGET...] - builds the libFuzzer
# targets (tests/fuzz/fuzz_*.c: read, moves, spec, server, check; all by
# default; check, the certificate checker, links src/checker/cert.c alone)
# with ASan and UBSan, then fuzzes each for SECONDS in turn, starting from its
# seeds (tests/fuzz/seeds/TARGET, the board seeds and, when present, the
# published game tables in tests/data/peer-tables) and first running every
# regression input in tests/fuzz/regress/TARGET.  Exits non-zero on any
# crash, leak or timeout.  SECONDS 0: build, seed and run the regression
# inputs only.  tests/fuzz_long.sh runs the long runs.
set -euo pipefail
if [ $# -lt 4 ]; then
  echo "usage: $0 CLANG SRCDIR OUTDIR SECONDS [TARGET...]" >&2
  exit 2
fi
CLANG=$1 SRC=$(cd "$2" && pwd) OUT=$3 SECS=$4
shift 4
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(read moves spec server check)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

# the libraries the library links (as CMakeLists.txt finds them)
PKGS="jansson glib-2.0 libmicrohttpd"
if pkg-config --exists nauty; then PKGS="$PKGS nauty"; fi
PKGS="$PKGS sqlite3"

# every module, and the web page and named boards built in as CMake builds them
SOURCES=("$SRC"/src/*.c "$SRC"/src/engine/*.c "$SRC"/src/server/*.c "$SRC"/src/census/*.c)
cmake -DOUT="$OUT/web_assets.c" -DDIR="$SRC/web" -DFUNC=server_web_asset -P "$SRC/web/embed.cmake"
cmake -DOUT="$OUT/board_assets.c" -DDIR="$SRC/boards" -DFUNC=cyi_board_asset -DEXTS=json -P "$SRC/web/embed.cmake"
SOURCES+=("$OUT/web_assets.c" "$OUT/board_assets.c")

# the library once, as objects, then each target
mkdir -p "$OUT/obj"
CFLAGS=(-g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -DCYCLES_VERSION='"fuzz"'
        -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
        -I"$SRC/include" -I"$SRC/src" -I"$SRC/src/engine" -I"$SRC/src/server" -I"$SRC/src/census")
# shellcheck disable=SC2046,SC2086
read -r -a PKGCFLAGS <<<"$(pkg-config --cflags $PKGS)"
OBJS=()
# the headers any module may include: an object older than one of them, or
# than its source, is built again (a changed struct must reach every module)
HEADERS=("$SRC"/include/*.h "$SRC"/src/*.h "$SRC"/src/server/*.h "$SRC"/src/census/*.h)
for f in "${SOURCES[@]}"; do
  # named by the path: src/moves.c and src/census/moves.c are two modules
  rel=${f#"$SRC"/}
  rel=${rel#"$OUT"/}
  o="$OUT/obj/$(printf '%s' "${rel%.c}" | tr / _).o"
  stale=0
  if [ ! -e "$o" ] || [ "$f" -nt "$o" ]; then
    stale=1
  else
    for h in "${HEADERS[@]}"; do
      if [ "$h" -nt "$o" ]; then stale=1; break; fi
    done
  fi
  if [ "$stale" = 1 ]; then
    "$CLANG" "${CFLAGS[@]}" "${PKGCFLAGS[@]}" -c "$f" -o "$o"
  fi
  OBJS+=("$o")
done
status=0
for t in "${TARGETS[@]}"; do
  if [ "$t" = check ]; then
    # the checker shares nothing with libcycles: its own source only
    "$CLANG" "${CFLAGS[@]}" -fsanitize=fuzzer -I"$SRC/src/checker" "$SRC/tests/fuzz/fuzz_$t.c" \
      "$SRC/src/checker/cert.c" -o "$OUT/fuzz_$t"
  else
    # shellcheck disable=SC2046,SC2086
    "$CLANG" "${CFLAGS[@]}" -fsanitize=fuzzer "${PKGCFLAGS[@]}" "$SRC/tests/fuzz/fuzz_$t.c" "${OBJS[@]}" \
      $(pkg-config --libs $PKGS) -lm -lpthread -o "$OUT/fuzz_$t"
  fi
  corpus="$OUT/corpus-$t"
  rm -rf "$corpus"
  mkdir -p "$corpus"
  [ -d "$SRC/tests/fuzz/seeds/$t" ] && cp "$SRC"/tests/fuzz/seeds/"$t"/* "$corpus/"
  if [ "$t" = read ]; then
    cp "$SRC"/tests/fuzz/seeds/*.* "$corpus/"
    for f in "$SRC"/tests/data/peer-tables/*.json "$SRC"/tests/data/benntaylor/*.txt; do
      cp "$f" "$corpus/peer-$(basename "$f")"
    done
  fi
  opts=(-rss_limit_mb=2048 -timeout=15 -max_len=4096 -artifact_prefix="$OUT/$t-" -print_final_stats=1)
  [ -f "$SRC/tests/fuzz/$t.dict" ] && opts+=(-dict="$SRC/tests/fuzz/$t.dict")
  # the inputs that once failed, each run once
  if [ -d "$SRC/tests/fuzz/regress/$t" ] && [ -n "$(ls -A "$SRC/tests/fuzz/regress/$t")" ]; then
    echo "== fuzz_$t: regression inputs"
    "$OUT/fuzz_$t" "${opts[@]}" "$SRC"/tests/fuzz/regress/"$t"/* || status=1
  fi
  if [ "$SECS" -gt 0 ]; then
    echo "== fuzz_$t: $SECS s"
    "$OUT/fuzz_$t" "${opts[@]}" -max_total_time="$SECS" "$corpus" || status=1
  fi
done
exit $status
