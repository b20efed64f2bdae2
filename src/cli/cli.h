/*
 * cli.h - what the subcommands of the cycles program share.
 */
#ifndef CYCLES_CLI_H
#define CYCLES_CLI_H

#include "cycles.h"

#include <stdio.h>

/* Options common to the subcommands. */
typedef struct cli_opts {
    const char *board;     /* BOARD argument */
    const char *moves;     /* --moves */
    int json;              /* --json */
    int quiet;             /* --quiet: no progress on stderr */
    double timeout;        /* --timeout seconds */
    size_t memory;         /* --memory bytes */
    const char *to;        /* --to FORMAT (convert) */
    const char *output;    /* -o FILE */
    const char *special;   /* --special LABELS */
    cy_solver_opts solver; /* --engine, --threads, --no-* switches, --memory, --timeout */
    int runs;              /* --runs N (bench) */
    int no_replies;        /* --no-replies (solve) */
    int no_baseline;       /* --no-baseline (bench) */
    int hints;             /* --hints (draw) */
    int dot;               /* --dot (tree) */
    const char *first;     /* --first human|engine (play) */
    const char *player;    /* --engine-play perfect|mirror|random (play) */
    const char *strategy;  /* --strategy NAME (play) */
    int port;              /* --port N (serve) */
    const char *host;      /* --host ADDR (serve) */
    long seed;             /* --seed N */
    const char *boards;    /* --boards LIST (bench) */
    const char *involution; /* --involution PAIRS (strategy) */
    int quick;             /* --quick (verify) */
} cli_opts;

/* Prints "cycles: WHAT: MSG" on stderr; returns exit status 1. */
int cli_fail(const char *what, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Parses argv[first..] into o; allowed names the long options the caller
 * accepts (e.g. "moves json timeout memory").  Returns 0, or 1 after printing
 * the error. */
int cli_parse(int argc, char **argv, int first, const char *allowed, cli_opts *o);

/* Loads o->board and plays the moves (those in the file first, then --moves)
 * onto a fresh *mark.  Returns 0, or 1 after printing the error. */
int cli_load(const cli_opts *o, cy_board **b, unsigned char **mark);

/* Writes text to o->output, or to stdout when there is none; returns 0 or 1. */
int cli_emit(const cli_opts *o, const char *text);

/* The subcommands; each returns the exit status. */
int cmd_solve(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_families(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_draw(int argc, char **argv);
int cmd_tree(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_symmetry(int argc, char **argv);
int cmd_strategy(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_census(int argc, char **argv);

#endif
