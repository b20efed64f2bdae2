# package_symbols: the shared library exports exactly the functions that
# include/cycles.h declares (all cy_), nothing of its own internals and
# nothing of jansson, nauty or libmicrohttpd; it needs (readelf -d) neither
# libmicrohttpd, GLib nor SQLite, and the static library (when given) calls
# none of them: the server and the census are front ends of their own.
# The prefix says what is public: every global symbol named cy_ in the
# static libraries given (libcycles, the census's, the server's) is declared
# in cycles.h; the library's internal functions are cyi_, the census's
# census_, the server's srv_.
# Usage: bash symbols.sh LIBCYCLES.so cycles.h [LIBCYCLES.a [OTHER.a...]]
set -u
LIB=$1
HDR=$2
fail=0
exported=$(nm -D --defined-only "$LIB" | awk '{ print $NF }' | sort -u)
[ -n "$exported" ] || { echo "FAIL: nm -D lists no symbols in $LIB"; exit 1; }
for s in $exported; do
  case "$s" in
    cy_*) ;;
    *) echo "FAIL: $LIB exports $s, which lacks the cy_ prefix"; fail=1 ;;
  esac
done
# functions the header declares, less its static inline ones
declared=$(grep -o '\bcy_[a-z0-9_]*[ ]*(' "$HDR" | tr -d ' (' | sort -u)
inline=$(grep -o 'static inline [a-z ]*\bcy_[a-z0-9_]*(' "$HDR" | grep -o 'cy_[a-z0-9_]*' | sort -u)
for s in $(comm -23 <(printf '%s\n' "$declared") <(printf '%s\n' "$inline")); do
  printf '%s\n' "$exported" | grep -qx "$s" || { echo "FAIL: $s is declared in cycles.h but not exported"; fail=1; }
done
for s in $exported; do
  printf '%s\n' "$declared" | grep -qx "$s" || { echo "FAIL: $s is exported but not declared in cycles.h"; fail=1; }
done
# the engine alone: no HTTP, GLib or SQLite
needed=$(readelf -d "$LIB" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
for n in $needed; do
  case "$n" in
    libmicrohttpd*|libglib*|libgobject*|libsqlite*) echo "FAIL: $LIB needs $n"; fail=1 ;;
  esac
done
if [ $# -ge 3 ]; then
  calls=$(nm "$3" 2>/dev/null | awk '$1 == "U" { print $2 }' | grep -E '^(MHD_|sqlite3_|g_[a-z])' | sort -u)
  [ -z "$calls" ] || { echo "FAIL: $3 calls $(echo $calls)"; fail=1; }
fi
# cy_ is the public prefix, in every static library given
for a in "${@:3}"; do
  defined=$(nm --defined-only "$a" 2>/dev/null | awk '$2 ~ /^[TDBR]$/ { print $3 }' | grep '^cy_' | sort -u)
  for s in $(comm -23 <(printf '%s\n' "$defined" | sed '/^$/d') <(printf '%s\n' "$declared")); do
    echo "FAIL: $a defines $s, named cy_ but not declared in cycles.h (internal names are cyi_, census_ or srv_)"
    fail=1
  done
done
# the soname carries the version
soname=$(objdump -p "$LIB" | awk '/SONAME/ { print $2 }')
case "$soname" in
  libcycles.so.[0-9]*) ;;
  *) echo "FAIL: soname '$soname' is not libcycles.so.N"; fail=1 ;;
esac
echo "$(printf '%s\n' "$exported" | wc -l) symbols exported, soname $soname"
exit $fail
