#!/usr/bin/env bash
# tests/slow.sh [BUILD_DIR] [PERCENT] [CTEST ARGS...] - runs the tests of
# BUILD_DIR (default build) on a machine PERCENT (default 10) percent as fast
# as one core: ctest and everything it starts share a CPU quota of PERCENT ms
# in every 100 ms, by a cgroup (v2's cpu.max, or v1's cpu controller).  Run by
# hand, as root (a cgroup needs it), to show that no test depends on the
# machine's speed; not run by CI.  Exits with ctest's status.
set -u
BUILD=${1:-build}
PERCENT=${2:-10}
shift $(($# > 2 ? 2 : $#))
case "$PERCENT" in '' | *[!0-9]* | 0) echo "tests/slow.sh: PERCENT must be a whole number from 1 to 100" >&2; exit 2 ;; esac
[ -d "$BUILD" ] || { echo "tests/slow.sh: no build directory $BUILD (make builds one)" >&2; exit 2; }
quota=$((PERCENT * 1000))
if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
  group=/sys/fs/cgroup/cycles-slow.$$ # cgroup v2
  mkdir "$group" || exit 1
  echo "$quota 100000" >"$group/cpu.max" || exit 1
elif [ -d /sys/fs/cgroup/cpu ]; then
  group=/sys/fs/cgroup/cpu/cycles-slow.$$ # cgroup v1
  mkdir "$group" || exit 1
  echo 100000 >"$group/cpu.cfs_period_us" && echo "$quota" >"$group/cpu.cfs_quota_us" || exit 1
else
  echo "tests/slow.sh: no cgroup cpu controller under /sys/fs/cgroup" >&2
  exit 1
fi
# the group is removed when the run ends (it must be empty by then)
trap 'rmdir "$group" 2>/dev/null' EXIT
echo "tests/slow.sh: the tests of $BUILD at $PERCENT % of one core" >&2
# join: this shell moves into the group, and so does all it starts
join() { echo $$ >"$1/cgroup.procs" 2>/dev/null || echo $$ >"$1/tasks"; }
join "$group" || exit 1
(cd "$BUILD" && exec ctest --output-on-failure "$@")
rc=$?
join "$(dirname "$group")" 2>/dev/null # out again, so that the group can be removed
exit $rc
