#!/usr/bin/env bash
# run.sh CLANG SRCDIR OUTDIR SECONDS - builds the libFuzzer target for the
# board readers and fuzzes it for SECONDS; exits non-zero on any crash, leak
# or timeout.  The corpus starts from tests/fuzz/seeds and, when present, the
# published game tables in ../shared/peer-tables.
set -euo pipefail
if [ $# -ne 4 ]; then
  echo "usage: $0 CLANG SRCDIR OUTDIR SECONDS" >&2
  exit 2
fi
CLANG=$1 SRC=$(cd "$2" && pwd) OUT=$3 SECS=$4
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

# the libraries the library links (as CMakeLists.txt finds them)
PKGS=jansson
if pkg-config --exists nauty; then PKGS="$PKGS nauty"; fi

# every module but the web server (which the readers do not use)
SOURCES=()
for f in "$SRC"/src/*.c; do
  case "$(basename "$f")" in server.c | server_*.c) ;; *) SOURCES+=("$f") ;; esac
done

# shellcheck disable=SC2046,SC2086
"$CLANG" -g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -I"$SRC/include" -I"$SRC/src" $(pkg-config --cflags $PKGS) \
  "${SOURCES[@]}" "$SRC/tests/fuzz/fuzz_read.c" \
  $(pkg-config --libs $PKGS) -lm -lpthread -o "$OUT/fuzz_read"

rm -rf "$OUT/corpus"
mkdir -p "$OUT/corpus"
cp "$SRC"/tests/fuzz/seeds/* "$OUT/corpus/"
if [ -d "$SRC/../shared/peer-tables" ]; then
  for f in "$SRC"/../shared/peer-tables/*.json; do
    [ -e "$f" ] && cp "$f" "$OUT/corpus/peer-$(basename "$f")"
  done
fi

exec "$OUT/fuzz_read" -max_total_time="$SECS" -rss_limit_mb=2048 -timeout=2 -max_len=4096 \
  -dict="$SRC/tests/fuzz/read.dict" -artifact_prefix="$OUT/" -print_final_stats=1 "$OUT/corpus"
