/*
 * cli.h - what the subcommands of the cycles program share.
 */
#ifndef CYCLES_CLI_H
#define CYCLES_CLI_H

#include "cycles.h"

#include <stdio.h>

/* The defaults of the options that are not the library's own, in one place
 * for the commands and their --help texts (which print them with CLI_STR). */
#define CLI_PLAY_TIMEOUT 10       /* play: seconds the engine may search one move */
#define CLI_PLAY_MEMORY_MIB 512   /* play: the solver's table memory */
#define CLI_BENCH_TIMEOUT 20      /* bench: seconds a run */
#define CLI_BENCH_MEMORY_MIB 2048 /* bench: --memory a run */
#define CLI_BENCH_RUNS 3          /* bench: runs a board and engine */
#define CLI_SERVE_PORT 8080       /* serve: the port */
#define CLI_VERIFY_TIMEOUT 2      /* verify --rules: seconds a board */
#define CLI_COMPDB_BOARDS "grid:2x8 grid:3x5 grid:4x4 theta:5,6,7 wedge:4,5,6" /* compdb build */
#define CLI_MIN_MEMORY_MIB 1        /* --memory: the least any command takes ... */
#define CLI_SERVE_MIN_MEMORY_MIB 32 /* ... but serve, whose uploads get a sixteenth */
#define CLI_STR_(x) #x
#define CLI_STR(x) CLI_STR_(x)

/* The most words (not options) a command takes. */
#define CLI_MAX_ARGS 4
/* Room for the options of the catalogue in common.c. */
#define CLI_MAX_OPTIONS 64

struct cli_command;

/* The parsed command line of one subcommand. */
typedef struct cli_opts {
    const struct cli_command *cmd;  /* the command being run */
    const char *args[CLI_MAX_ARGS]; /* its words (BOARD, ...), options taken out */
    int nargs;
    unsigned char given[CLI_MAX_OPTIONS]; /* given[i]: catalogue option i was on the line */
    const char *board;                    /* BOARD argument (the last word, for commands taking one) */
    const char *moves;                    /* --moves */
    int json;                             /* --json */
    int csv;                              /* --csv (positions) */
    int quiet;                            /* --quiet: no progress on stderr */
    double timeout;                       /* --timeout seconds */
    size_t memory;                        /* --memory bytes */
    const char *to;                       /* --to FORMAT (convert) */
    const char *output;                   /* -o FILE */
    const char *special;                  /* --special LABELS */
    cy_solver_opts solver;                /* --engine, --threads, --no-* switches, --memory, --timeout */
    int runs;                             /* --runs N (bench) */
    int no_replies;                       /* --no-replies (solve) */
    int no_baseline;                      /* --no-baseline (bench) */
    int hints;                            /* --hints (draw) */
    int size;                             /* --size PIXELS (draw): the picture's width */
    double scale;                         /* --scale F (draw): its own size times F */
    const char *caption;                  /* --caption TEXT|auto|none (draw) */
    int legend;                           /* --legend (draw) */
    int deaths;                           /* --deaths (draw) */
    int dot;                              /* --dot (tree) */
    const char *first;                    /* --first human|engine (play) */
    const char *player;                   /* --engine-play perfect|mirror|random (play) */
    const char *strategy;                 /* --strategy NAME (play) */
    int port;                             /* --port N (serve) */
    const char *host;                     /* --host ADDR (serve) */
    const char *census;                   /* --census FILE (serve) */
    long seed;                            /* --seed N */
    const char *boards;                   /* --boards LIST (bench) */
    const char *involution;               /* --involution PAIRS (strategy) */
    int quick;                            /* --quick (verify) */
    int split_depth;                      /* --split-depth D (solve) */
    const char *from_jobs;                /* --from-jobs DIR (solve) */
    const char *rules;                    /* --rules NAME (issue 12) */
    int players;                          /* --players K */
    int extra_turn;                       /* --extra-turn (with --rules score) */
    const char *certificate;              /* --certificate FILE (solve) */
    const char *compdb;                   /* --compdb FILE: the component database */
    int edges;                            /* --edges K (compdb build) */
    long games;                           /* --games N (compdb build) */
} cli_opts;

/* Room for cli_board_head: a long board name is cut. */
#define CY_MAX_NAME_SHOWN 400

/* Exit statuses: an answer; bad input (unreadable or malformed board, illegal
 * move, unwritable output); a usage error or a partial answer. */
#define CLI_OK 0
#define CLI_BAD_INPUT 1
#define CLI_USAGE 2

/* One subcommand: an entry of the table in main.c. */
typedef struct cli_command {
    const char *name;        /* cycles NAME ... */
    int (*run)(cli_opts *o); /* runs it on the parsed line; the exit status */
    const char *args;        /* its words in the usage: "BOARD", "filled BOARD", "" */
    int min_args, max_args;  /* how many words it takes */
    const char *options;     /* the options it takes, as blank-separated keys of
                                the catalogue in common.c ("moves json output") */
    const char *summary;     /* what it does: one line for the list of commands,
                                then more for its --help (lines end in \n) */
    const char *notes;       /* what some options mean for this command, instead
                                of the catalogue's words: lines "KEY: text\n"
                                (NULL: none) */
} cli_command;

/* The command table (main.c), ended by an entry with a NULL name. */
extern const cli_command cli_commands[];

/* The least --memory command (a name: "solve", "serve") takes, in bytes
 * (CLI_MIN_MEMORY_MIB, CLI_SERVE_MIN_MEMORY_MIB for serve). */
size_t cli_min_memory(const char *command);

/* The command called name, or NULL. */
const cli_command *cli_find(const char *name);

/* Prints the full usage of c (every option it takes) to f. */
void cli_usage(FILE *f, const cli_command *c);

/* Prints "cycles: WHAT: MSG" on stderr, with control characters and invalid
 * UTF-8 escaped (cy_escape) and overlong text cut; returns exit status 1. */
int cli_fail(const char *what, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The same for a usage error: returns exit status 2. */
int cli_usage_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Parses the options and words of command c in argv[1..argc) (argv[0] being
 * the command's name) with getopt_long: GNU conventions (--opt=value, --opt
 * value, unambiguous abbreviations, -- ending the options, options and words
 * in any order).  Returns CLI_OK to go on; -1 after printing the usage for
 * -h/--help (the caller exits 0); CLI_USAGE after a one-line message. */
int cli_parse(const cli_command *c, int argc, char **argv, cli_opts *o);

/* Whether the option with catalogue key was given on the command line. */
int cli_given(const cli_opts *o, const char *key);

/* From now on SIGINT and SIGTERM stop the searches as --timeout does
 * (cy_interrupt), so that the command prints what it knows; a second
 * signal ends the program at once. */
void cli_catch_interrupts(void);
/* The signal caught since cli_catch_interrupts (SIGINT or SIGTERM), or 0. */
int cli_interrupted(void);
/* Why a search stopped, for a message: "interrupted by SIGINT" after a
 * signal, else the solver's own message msg. */
const char *cli_stop_reason(const char *msg, char *buf, size_t n);

/* one when n is 1, else many: "1 cell", "2 cells". */
const char *cli_plural(long n, const char *one, const char *many);

/* The end of a game with no legal move left and no cycle cell after played
 * moves, into buf: who wins and why ("no move is possible" when played is
 * 0, since then player 1 cannot move); returns buf. */
const char *cli_no_move(int played, char *buf, size_t n);

/* Opens the component database of --compdb FILE (o may be NULL), else of
 * $CYCLES_COMPDB if set and not empty, and puts it in use (cy_compdb_use);
 * a file that cannot be used is left out with one line on stderr.  Returns
 * the database, or NULL. */
cy_compdb *cli_compdb_open(const cli_opts *o);
/* `cycles compdb build|info`. */
int cmd_compdb(cli_opts *o);

/* "NAME (4 vertices, 6 edges, 3 cells)" for b into buf; returns buf. */
const char *cli_board_head(const cy_board *b, char *buf, size_t n);

/* Loads o->board and plays the moves (those in the file first, then --moves)
 * onto a fresh *mark.  Returns 0, or 1 after printing the error. */
int cli_load(const cli_opts *o, cy_board **b, unsigned char **mark);
/* Loads the game of the command line (o->board, --special, the file's moves
 * and --moves) under rules (NULL: the standard rules) with cy_game_load.
 * Returns 0, or 1 after printing the error, which names the file, or
 * --moves for a bad move of --moves (or, with play_at_moves, for any move
 * illegal under the variant rules). */
int cli_game_load(const cli_opts *o, const cy_rules *rules, cy_game *g, int play_at_moves);
/* Prints the error of cy_game_load as cli_game_load does; returns 1. */
int cli_game_fail(const cli_opts *o, const cy_game_error *err, int play_at_moves);

/* Writes text to o->output, or to stdout when there is none (escaped by
 * cy_escape, newlines and tabs kept); returns 0 or 1 after a message naming
 * the file or "standard output" (a failed write, flush or close). */
int cli_emit(const cli_opts *o, const char *text);

/* A file named by -o being written (common.c).  cli_out_open makes a
 * regular file (or a new one) as a temporary file beside it, with the mode
 * (and, where allowed, the owner) of the file it replaces; the file a
 * symbolic link names is the one replaced.  A FIFO, a device or another
 * file that is not regular, and a regular file with other hard links, are
 * written in place.  Returns the stream, or NULL after a message naming
 * path. */
typedef struct cli_out cli_out;
FILE *cli_out_open(const char *path, cli_out **h);
/* Ends the writing: when failed is 0 and every write, the flush and the
 * close succeeded, the temporary file replaces the file; else it is removed
 * (a regular file written in place is emptied) and a message names path.
 * Returns 0, or 1 after the message (also when failed was set). */
int cli_out_close(cli_out *h, int failed);
/* Ends the writing without a message, leaving the file as it was (a
 * regular file written in place is emptied). */
void cli_out_abandon(cli_out *h);
/* Writes len bytes to path as cli_out_open and cli_out_close do: 0, or 1
 * after a message. */
int cli_write_file(const char *path, const void *data, size_t len);
/* At the end of a command: whether everything written to standard output
 * reached it (flushed and closed).  Returns rc, or 1 after a message
 * "standard output: cannot write: ..." when it did not. */
int cli_close_stdout(int rc);
/* Notes that a command has already reported a failed write to standard
 * output, so that cli_close_stdout does not say it again. */
void cli_stdout_reported(void);

/* The input lines of the terminal games (lines.c): on a terminal, libedit's
 * line editing and history, Ctrl-L clearing the screen and calling
 * redraw(ctx) to draw the position again; else lines read from standard
 * input.  Lines come without their newline and without control characters
 * (a Ctrl-L in a piped line calls redraw too).  NULL when out of memory. */
typedef struct cli_lines cli_lines;
cli_lines *cli_lines_new(void (*redraw)(void *ctx), void *ctx);
/* The next line after prompt (valid until the next call), or NULL at the
 * end of the input. */
const char *cli_lines_get(cli_lines *l, const char *prompt);
/* Whether lines are edited (standard input and output are a terminal). */
int cli_lines_editing(const cli_lines *l);
/* Whether the last line from a pipe or file was longer than CLI_LINE_MAX
 * bytes: only its first CLI_LINE_MAX bytes were kept, the rest read and
 * dropped. */
#define CLI_LINE_MAX 4096
int cli_lines_cut(const cli_lines *l);
void cli_lines_free(cli_lines *l);

/* `solve --split-depth D -o DIR` and `solve --from-jobs DIR` (split.c);
 * each returns the exit status. */
int solve_split(const cli_opts *o, const cy_board *b, const unsigned char *mark);
int solve_from_jobs(const cli_opts *o);
/* Whether o asks for a rule variant (--rules other than standard,
 * --players, --extra-turn). */
int cli_variant_wanted(const cli_opts *o);
/* Loads o->board as cli_load does, with the moves (the file's, then
 * --moves) checked under the rules o asks for; *r and *g get the rules and
 * the game's state.  Returns 0, or 1 (usage error: 2) after the message. */
int cli_variant_load(const cli_opts *o, cy_board **b, unsigned char **mark, cy_rules *r, cy_variant_game *g);
/* Loads the game of the command line under the rules o asks for (parsed
 * here: a usage error is status 2) with cli_game_load (play_at_moves as
 * there); 0, or 1 after the message. */
int cli_variant_game(const cli_opts *o, cy_game *g, int play_at_moves);

/* The subcommands; each returns the exit status. */
int cmd_solve(cli_opts *o);
int cmd_show(cli_opts *o);
int cmd_convert(cli_opts *o);
int cmd_families(cli_opts *o);
int cmd_bench(cli_opts *o);
int cmd_draw(cli_opts *o);
int cmd_tree(cli_opts *o);
int cmd_play(cli_opts *o);
int cmd_serve(cli_opts *o);
int cmd_symmetry(cli_opts *o);
int cmd_strategy(cli_opts *o);
int cmd_check(cli_opts *o);
int cmd_verify(cli_opts *o);
int cmd_positions(cli_opts *o);
int cmd_help(cli_opts *o);
int cmd_version(cli_opts *o);
/* `cycles census ...` parses its own words (src/census/args.c, shared with
 * cycles-census-mpi): main.c hands it the whole command line. */
int cmd_census(int argc, char **argv);

#endif
