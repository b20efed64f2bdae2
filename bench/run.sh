#!/usr/bin/env bash
# The benchmark table of the README: every board of the issue, the fast engine
# against the plain memoised one, medians of several runs in fresh processes.
# Usage: bench/run.sh [RUNS] [TIMEOUT]   (writes bench/results.md)
#
# Two builds against each other: bench/run.sh OLD NEW [RUNS] [TIMEOUT]
# (OLD and NEW: cycles executables).  Each benchmark board that either
# binary solves is solved by the search alone on one thread (--no-theorems
# --no-replies --threads 1), its value and then who wins (--no-grundy),
# by OLD and NEW in turn, run by run (old, new, old, new...), so that load
# which comes and goes falls on both; prints the medians of RUNS runs of the
# search's seconds (as the solve reports them) and of the user CPU time,
# their ratios new/old, the positions
# searched and the peak memory.  The answers of the two must agree (exit
# status 1 when they do not).  BOARDS="..." chooses other boards; MEMORY
# (default 2G) is each run's --memory.
set -euo pipefail

usage() {
  echo "usage: bench/run.sh [RUNS] [TIMEOUT]  or  bench/run.sh OLD NEW [RUNS] [TIMEOUT]" >&2
  exit 2
}
number() { [[ $1 =~ ^[1-9][0-9]*$ ]]; }

if [ $# -ge 1 ] && ! number "$1"; then
  # two binaries
  [ $# -ge 2 ] && [ $# -le 4 ] || usage
  old=$1 new=$2 runs=${3:-5} timeout=${4:-60}
  number "$runs" && number "$timeout" || usage
  for bin in "$old" "$new"; do
    [ -e "$bin" ] || { echo "bench/run.sh: $bin: no such file" >&2; exit 1; }
    [ -f "$bin" ] && [ -x "$bin" ] || { echo "bench/run.sh: $bin: not an executable file" >&2; exit 1; }
    "$bin" --version >/dev/null 2>&1 || { echo "bench/run.sh: $bin: does not run as cycles (--version failed)" >&2; exit 1; }
  done
  old=$(realpath "$old") new=$(realpath "$new")
  [ -x /usr/bin/time ] || { echo "bench/run.sh: /usr/bin/time is missing (Debian package time)" >&2; exit 1; }
  cd "$(dirname "$0")/.."
  boards=${BOARDS:-k4 grid:3x3 boards/figure1.json theta:3,2,5 grid:3x4 grid:4x4 grid:3x5 grid:2x10 theta:7,8,9 wedge:5,7,9 theta:9,10,11}
  memory=${MEMORY:-2G}
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  median() { sort -g | awk '{a[NR] = $1} END {if (NR) print a[int((NR + 1) / 2)]}'; }
  secs() { [ -n "$1" ] && awk -v s="$1" 'BEGIN {printf "%.3g", s}' || echo -; }
  ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (a > 0) printf "%.2f", b / a; else print "-"}'; }
  # one BIN BOARD QUERY -> "answer positions user_s search_s peak_kib" (the
  # search's seconds as the solve reports them, a finer clock than time's), or
  # "? - - - -" when the run ran out of time; a run that fails otherwise
  # stops the comparison with its message
  one() {
    local extra=() answer pos secs user peak rc=0
    [ "$3" = winner ] && extra=(--no-grundy)
    /usr/bin/time -o "$tmp/time" -f "%U %e %M" timeout -k 5 $((timeout + 30)) "$1" solve "$2" --no-theorems \
      --no-replies --threads 1 --json --quiet --memory "$memory" --timeout "$timeout" "${extra[@]}" \
      >"$tmp/out" 2>"$tmp/err" || rc=$?
    if [ $rc -ne 0 ]; then
      if grep -q -e "ran out of time" "$tmp/err" || [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
        echo "? - - - -"
        return
      fi
      echo "bench/run.sh: $1 solve $2 failed (exit status $rc): $(head -c 400 "$tmp/err")" >&2
      return 1
    fi
    answer=$(awk -F'[:,]' -v f="\"$([ "$3" = winner ] && echo winner || echo grundy)\"" '$1 ~ f {gsub(/[ "]/, "", $2); print $2; exit}' "$tmp/out")
    pos=$(awk -F'[:,]' '/"positions"/ {gsub(/[ "]/, "", $2); print $2; exit}' "$tmp/out")
    secs=$(awk -F'[:,]' '/"seconds"/ {gsub(/[ "]/, "", $2); print $2; exit}' "$tmp/out")
    [ -n "$answer" ] && [ "$answer" != null ] || answer="?"
    read -r user _ peak < <(tail -n 1 "$tmp/time")
    echo "$answer ${pos:--} $user ${secs:--} $peak"
  }
  echo "Made by \`bench/run.sh OLD NEW $runs $timeout\` on $(date -u +%Y-%m-%d), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start:"
  echo "OLD = $old, NEW = $new; each run \`solve BOARD --no-theorems --no-replies --threads 1 --json --quiet --memory $memory --timeout $timeout\` (who wins: with \`--no-grundy\`), the binaries in turn, medians of $runs runs."
  echo
  echo "| board | asked | answer | positions old | new | new/old | search s old | new | new/old | user s old | new | new/old | peak MiB old | new |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  status=0
  for b in $boards; do
    for q in value winner; do
      : >"$tmp/uo"; : >"$tmp/un"; : >"$tmp/wo"; : >"$tmp/wn"; : >"$tmp/mo"; : >"$tmp/mn"
      ao='' an='' po='' pn=''
      for ((i = 0; i < runs; i++)); do
        r=$(one "$old" "$b" "$q") || exit 1
        read -r a p u w m <<<"$r"
        ao=$a po=$p
        [ "$u" = - ] || { echo "$u" >>"$tmp/uo"; echo "$w" >>"$tmp/wo"; echo "$m" >>"$tmp/mo"; }
        r=$(one "$new" "$b" "$q") || exit 1
        read -r a p u w m <<<"$r"
        an=$a pn=$p
        [ "$u" = - ] || { echo "$u" >>"$tmp/un"; echo "$w" >>"$tmp/wn"; echo "$m" >>"$tmp/mn"; }
      done
      if [ "$ao" != "?" ] && [ "$an" != "?" ] && [ "$ao" != "$an" ]; then
        echo "bench/run.sh: the binaries disagree on $b ($q): $ao against $an" >&2
        status=1
      fi
      answer=$an
      [ "$answer" != "?" ] || answer=$ao
      uo=$(median <"$tmp/uo") un=$(median <"$tmp/un") wo=$(median <"$tmp/wo") wn=$(median <"$tmp/wn")
      mo=$(median <"$tmp/mo") mn=$(median <"$tmp/mn")
      pr=$(ratio "$po" "$pn")
      [ "$ao" != "?" ] || { po="> ${timeout} s"; uo=; wo=; pr=-; }
      [ "$an" != "?" ] || { pn="> ${timeout} s"; un=; wn=; pr=-; }
      printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$b" "$q" "$answer" \
        "$po" "$pn" "$pr" "$(secs "$wo")" "$(secs "$wn")" "$(ratio "${wo:-0}" "${wn:-0}")" \
        "${uo:--}" "${un:--}" "$(ratio "${uo:-0}" "${un:-0}")" \
        "$( [ -n "$mo" ] && awk -v k="$mo" 'BEGIN {printf "%.0f", k / 1024}' || echo -)" \
        "$( [ -n "$mn" ] && awk -v k="$mn" 'BEGIN {printf "%.0f", k / 1024}' || echo -)"
    done
  done
  exit $status
fi

[ $# -le 2 ] || usage
set -euo pipefail
cd "$(dirname "$0")/.."
make -s build >/dev/null
runs=${1:-3}
timeout=${2:-60}
{
  echo "Made by \`bench/run.sh $runs $timeout\` on $(date -u +%Y-%m-%d), $(nproc) cores:"
  echo
  ./build/cycles bench --runs "$runs" --timeout "$timeout"
} | tee bench/results.md
