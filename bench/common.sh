# bench/common.sh - what the scripts that time an old binary against a new
# one share; sourced, not run.

# median: the median of the numbers on stdin, "?" for none.
median() { sort -g | awk '{a[NR] = $1} END {print NR ? a[int((NR + 1) / 2)] : "?"}'; }

# two_binaries SCRIPT OLD NEW RUNS: exits 1, naming SCRIPT, unless OLD and
# NEW are executable files, and 2 unless RUNS is a count.
two_binaries() {
  local script=$1 bin
  for bin in "$2" "$3"; do
    if [ ! -x "$bin" ] || [ -d "$bin" ]; then echo "$script: $bin is not an executable" >&2; exit 1; fi
  done
  [[ $4 =~ ^[1-9][0-9]*$ ]] || { echo "$script: RUNS is a count, not '$4'" >&2; exit 2; }
}
