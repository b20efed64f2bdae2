#!/usr/bin/python3
"""What a Python call of the cycles package adds over the same work in C.

Usage: /usr/bin/python3 bench/python_overhead.py [RUNS] [BUILD_DIR]

For each task on k4 the same library calls are timed RUNS times (default
2000) from a small C program built against BUILD_DIR/libcycles.so (default
build/) and from Python through the package; the table gives the medians per
call in microseconds and the difference:

  build     Board.family("k4")            cy_family_build + cy_board_free
  solve     k4.solve()                    cy_solver_new, cy_analyse, cy_analysis_replies,
                                          cy_analysis_json (parsed in Python), cy_solver_free
  play      k4.play("1->2").legal_moves() cy_moves_parse, cy_moves_play, cy_rules_legal, cy_move_str
  positions list(cycles.positions(k4))    cy_positions_new/next/free with cy_position_moves (549 positions)
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(HERE)
RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
BUILD = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else os.path.join(SRC, "build"))
os.environ.setdefault("CYCLES_LIBRARY", os.path.join(BUILD, "libcycles.so.0"))
sys.path.insert(0, os.path.join(SRC, "python"))
import cycles  # noqa: E402

C = r"""
#include "cycles.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
static volatile long sink;

static void task(int k, cy_board *b)
{
    cy_error err;
    unsigned char mark[8] = {0};
    if (k == 0) {
        cy_board *c = cy_family_build("k4", &err);
        sink += c->ne;
        cy_board_free(c);
    } else if (k == 1) {
        cy_solver_opts o;
        memset(&o, 0, sizeof o);
        cy_solver *s = cy_solver_new(b, &o, &err);
        cy_analysis a;
        int *legal = NULL, *reply = NULL, nr = 0;
        cy_analyse(s, mark, &a, &err);
        if (a.outcome == 'P')
            nr = cy_analysis_replies(s, mark, &legal, &reply, &err);
        char *j = cy_analysis_json(b, &a, legal, reply, nr);
        sink += (long)strlen(j);
        cy_free(j); cy_free(legal); cy_free(reply);
        cy_analysis_free(&a);
        cy_solver_free(s);
    } else if (k == 2) {
        int *d, n, out[16];
        char buf[64];
        cy_moves_parse(b, "1->2", &d, &n, &err);
        cy_moves_play(b, mark, d, n, &err);
        int m = cy_rules_legal(b, mark, out);
        for (int i = 0; i < m; i++) { cy_move_str(b, out[i], buf, sizeof buf); sink += buf[0]; }
        cy_free(d);
    } else {
        cy_solver_opts o;
        memset(&o, 0, sizeof o);
        o.threads = 1;
        cy_positions *it = cy_positions_new(b, NULL, &o, &err);
        cy_position_info p;
        while (cy_positions_next(it, &p, &err) == 1) { char *s = cy_position_moves(b, p.mark); sink += s[0]; cy_free(s); }
        cy_positions_free(it);
    }
}

int main(int argc, char **argv)
{
    int runs = atoi(argv[1]);
    cy_error err;
    cy_board *b = cy_family_build("k4", &err);
    double *t = malloc(sizeof(double) * runs);
    for (int k = 0; k < 4; k++) {
        int n = k == 3 ? runs / 20 + 1 : runs;
        for (int i = 0; i < n; i++) { double s = now(); task(k, b); t[i] = now() - s; }
        qsort(t, n, sizeof *t, cmp);
        printf("%.2f\n", t[n / 2]);
    }
    cy_board_free(b);
    return 0;
}
"""


def median_us(fn, n):
    t = []
    for _ in range(n):
        s = time.perf_counter_ns()
        fn()
        t.append((time.perf_counter_ns() - s) / 1000)
    return statistics.median(t)


def main():
    with tempfile.TemporaryDirectory() as d:
        src, exe = os.path.join(d, "bench.c"), os.path.join(d, "bench")
        with open(src, "w") as f:
            f.write(C)
        subprocess.run(["cc", "-O2", "-std=c11", "-D_POSIX_C_SOURCE=200809L", "-I", os.path.join(SRC, "include"),
                        "-o", exe, src, "-L", BUILD, "-lcycles", "-Wl,-rpath," + BUILD], check=True)
        c = [float(x) for x in subprocess.run([exe, str(RUNS)], capture_output=True, text=True,
                                              check=True).stdout.split()]
    k4 = cycles.Board.family("k4")
    py = [median_us(lambda: cycles.Board.family("k4"), RUNS),
          median_us(lambda: k4.solve(), RUNS),
          median_us(lambda: k4.play("1->2").legal_moves(), RUNS),
          median_us(lambda: list(cycles.positions(k4)), RUNS // 20 + 1)]
    names = ["build: Board.family(\"k4\")", "solve: k4.solve()", "play: k4.play(\"1->2\").legal_moves()",
             "positions: list(cycles.positions(k4)), 549 positions"]
    print(f"median of {RUNS} calls (positions: {RUNS // 20 + 1}), microseconds per call, k4\n")
    print("| task | C us | Python us | added us |")
    print("|---|---|---|---|")
    for n, a, b in zip(names, c, py):
        print(f"| {n} | {a:.1f} | {b:.1f} | {b - a:.1f} |")


if __name__ == "__main__":
    main()
