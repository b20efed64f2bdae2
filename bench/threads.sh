#!/usr/bin/env bash
# One thread against two: each board's who-wins search (--no-grundy) and
# value, with --threads 1 and 2, medians of RUNS runs: wall and user
# seconds, positions, and the CPU seconds of the busiest thread (summed over
# the searches of a solve), which is what the wall time is on free cores
# (on a loaded machine the scheduler gives a process the same share of the
# CPUs whatever its threads, so its wall time cannot show a speed-up).
# The thread times come from a copy of the committed source (git HEAD, and
# BASE too when given) whose search() prints each thread's positions and
# CPU time; the program itself is left as it is.
# Usage: bench/threads.sh [RUNS] [BASE] [BOARDS]   (prints a Markdown table)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
base=${2:-}
boards=${3:-"grid:3x4 grid:3x5 grid:4x4 theta:7,8,9 wedge:5,7,9 grid:2x10 theta:9,10,11"}
work=$(mktemp -d /tmp/cycles-threads.XXXXXX)
trap 'rm -rf "$work"' EXIT

# an instrumented build of revision $1 into $work/$2
build() {
  mkdir -p "$work/$2"
  git archive "$1" | tar -x -C "$work/$2"
  python3 - "$work/$2/src/engine/solver_fast.c" <<'EOF'
import sys
p = sys.argv[1]
s = open(p).read()
def rep(a, b):
    global s
    if s.count(a) != 1:
        sys.exit("bench/threads.sh: solver_fast.c has changed; cannot instrument: " + a.splitlines()[0])
    s = s.replace(a, b)
rep("#include <pthread.h>\n", "#include <pthread.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <time.h>\n"
    "static double thread_cpu(void) { struct timespec ts; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);"
    " return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9; }\n")
rep("    pthread_t thread;\n} job;", "    pthread_t thread;\n    double cpu;\n} job;")
rep("    run_job(arg);\n    cy_nauty_thread_done();", "    run_job(arg);\n    ((job *)arg)->cpu = thread_cpu();\n    cy_nauty_thread_done();")
rep("    run_job(&jobs[0]);\n", "    double cpu0 = thread_cpu();\n    run_job(&jobs[0]);\n    jobs[0].cpu = thread_cpu() - cpu0;\n")
rep("    if (move)\n        *move = found;\n",
    "    if (move)\n        *move = found;\n    for (int i = 0; getenv(\"CY_THREAD_TIMES\") && i < f->threads; i++)\n"
    "        fprintf(stderr, \"THREAD %d %llu %.4f\\n\", i, (unsigned long long)jobs[i].w.nodes, jobs[i].cpu);\n")
open(p, "w").write(s)
EOF
  cmake -S "$work/$2" -B "$work/$2/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build "$work/$2/build" -j 2 --target cycles >/dev/null
}

versions="new"
build HEAD new
if [ -n "$base" ]; then
  build "$base" base
  versions="base new"
fi

echo "# $(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)" >"$work/raw"
for _ in $(seq 1 "$runs"); do
  for b in $boards; do
    for mode in outcome value; do
      for v in $versions; do
        for t in 1 2; do
          extra=""
          [ "$mode" = outcome ] && extra=--no-grundy
          # shellcheck disable=SC2086
          out=$({ CY_THREAD_TIMES=1 /usr/bin/time -f "TIME %e %U" timeout 600 "$work/$v/build/cycles" solve "$b" \
                  --no-theorems --no-replies --threads "$t" --quiet $extra >/dev/null; } 2>&1 || true)
          echo "$out" | awk -v k="$v $b $mode $t" '
            /^THREAD/ { if ($2 == 0) { crit += m; m = 0 } pos += $3; if ($4 > m) m = $4 }
            /^TIME/ { wall = $2; user = $3 }
            END { printf "%s %s %s %d %.4f\n", k, wall, user, pos, crit + m }' >>"$work/raw"
        done
      done
    done
  done
done
echo "# load at the end $(cut -d' ' -f1-3 /proc/loadavg)" >>"$work/raw"

python3 - "$work/raw" "$runs" "$base" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if not l.startswith("#")]
notes = [l.strip("# \n") for l in open(sys.argv[1]) if l.startswith("#")]
runs = {}
boards, versions = [], []
for v, b, mode, t, wall, user, pos, crit in rows:
    runs.setdefault((v, b, mode, t), []).append((float(wall), float(user), int(pos), float(crit)))
    boards += [b] if b not in boards else []
    versions += [v] if v not in versions else []
def med(key, i):
    return statistics.median(x[i] for x in runs[key])
def count(p):
    return f"{p / 1e6:.2f}M" if p >= 1e6 else f"{p / 1e3:.1f}k"
cmd = f"bench/threads.sh {sys.argv[2]} {sys.argv[3]}".rstrip()
print(f"Made by `{cmd}`: medians of {sys.argv[2]} runs; {notes[0]}; {notes[-1]}.")
for mode, what in (("outcome", "who wins (`--no-grundy`)"), ("value", "the value")):
    print(f"\n{what}; each cell: wall s / user s / positions / busiest thread's CPU s\n")
    head = [f"{v} {t} thread{'s' if t == '2' else ''}" for v in versions for t in "12"]
    print("| board | " + " | ".join(head) + " | " + " | ".join(f"{v} speed-up" for v in versions) + " |")
    print("|---" * (1 + 3 * len(versions)) + "|")
    for b in boards:
        cells = []
        for v in versions:
            for t in "12":
                k = (v, b, mode, t)
                cells.append(f"{med(k, 0):.2f} / {med(k, 1):.2f} / {count(med(k, 2))} / {med(k, 3):.2f}")
        ups = [f"{med((v, b, mode, '1'), 3) / med((v, b, mode, '2'), 3):.2f}x" if med((v, b, mode, '2'), 3) else "-"
               for v in versions] # (no thread time: a board of the bitboard engine, one thread)
        print(f"| {b} | " + " | ".join(cells) + " | " + " | ".join(ups) + " |")
print("\n(speed-up: the busiest thread's CPU seconds with 1 thread against 2)")
EOF
