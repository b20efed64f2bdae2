#!/usr/bin/env bash
# How soon `cycles positions` writes its first record and how long the whole
# listing takes, with its peak memory: median of RUNS runs (default 3) per
# board.  Usage: [RUNS=N] [MEMORY=SIZE] [RULES=NAME] bench/positions.sh [BIN]
# [BOARD ...] (default build/cycles; boards theta:5,5,5 grid:3x4; MEMORY is
# passed as --memory, RULES as --rules)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-build/cycles}
[ $# -gt 0 ] && shift
BOARDS=("$@")
[ ${#BOARDS[@]} -gt 0 ] || BOARDS=(theta:5,5,5 grid:3x4)
RUNS=${RUNS:-3}
MEMORY=${MEMORY:-}
RULES=${RULES:-}
echo "bench/positions.sh on $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $RUNS runs${MEMORY:+, --memory $MEMORY}${RULES:+, --rules $RULES}"
for board in "${BOARDS[@]}"; do
  /usr/bin/python3 - "$BIN" "$board" "$RUNS" "$MEMORY" "$RULES" <<'PY'
import resource, statistics, subprocess, sys, time
binary, board, runs, memory, rules = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
first, whole, cpu, count, rss = [], [], [], 0, 0
for _ in range(runs):
    t0 = time.monotonic()
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cmd = [binary, "positions", board, "--quiet"] + (["--memory", memory] if memory else []) + (["--rules", rules] if rules else [])
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE)
    p.stdout.readline()                      # the header
    p.stdout.readline()                      # the start position
    first.append(time.monotonic() - t0)
    n = 1
    for _ in p.stdout:
        n += 1
    p.wait()
    whole.append(time.monotonic() - t0)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu.append(r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime)
    rss = max(rss, r1.ru_maxrss)
    count = n
m = statistics.median
print(f"  cycles positions {board}{' --memory ' + memory if memory else ''}{' --rules ' + rules if rules else ''}: {count} positions; first record {m(first):.2f} s, "
      f"whole listing {m(whole):.1f} s ({m(cpu):.1f} s CPU), peak {rss / 1024:.0f} MiB")
PY
done
