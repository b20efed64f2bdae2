/*
 * main.c - the cycles program: dispatches to one subcommand per file.
 */
#include "cli.h"

#include <string.h>

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *usage;
} command;

static int cmd_help(int argc, char **argv);

static const command commands[] = {
    {"solve", cmd_solve, "solve BOARD [--moves M] [--json] [--timeout S] [--memory SIZE] [--special V,..]\n"
                         "      who wins with perfect play, the winning moves and the Grundy value"},
    {"show", cmd_show, "show BOARD [--moves M] [--special V,..]\n"
                       "      the board and position: legal moves, why moves are illegal, cells,\n"
                       "      death moves, edge classes, almost-sinks and almost-sources"},
    {"convert", cmd_convert, "convert BOARD --to FORMAT [--moves M] [-o FILE]\n"
                             "      write the board as table, table-text, json, drawing or dot"},
    {"families", cmd_families, "families\n"
                               "      list the named boards a BOARD argument may be"},
    {"bench", cmd_bench, "bench [--runs N] [--boards LIST] [--timeout S] [--memory SIZE]\n"
                         "      time the fast and the plain engine on a list of boards"},
    {"draw", cmd_draw, "draw BOARD [--moves M] [--hints] [-o FILE.svg|FILE.png]\n"
                       "      a picture of the board and position"},
    {"tree", cmd_tree, "tree BOARD [--moves M] [--dot] [-o FILE]\n"
                       "      the state digraph of a small board with P- and N-positions"},
    {"play", cmd_play, "play BOARD [--first human|engine] [--engine perfect|mirror|random] [--seed N]\n"
                       "      play a game in the terminal against the engine"},
    {"serve", cmd_serve, "serve [--port N] [--host 127.0.0.1] [--timeout S] [--memory SIZE]\n"
                         "      play in the browser: a local web server and JSON API"},
    {"symmetry", cmd_symmetry, "symmetry BOARD [--json]\n"
                               "      the board's automorphisms that respect cells, and its involutions"},
    {"strategy", cmd_strategy, "strategy mirror|mirror-reverse|rotate-reverse|modified BOARD [--json]\n"
                               "      [--involution 1:3,2:4]: check a mirror strategy of the papers exhaustively"},
    {"check", cmd_check, "check filled BOARD [--json]\n"
                         "      check the filled-board theorem (every complete marking has a cycle cell)"},
    {"verify", cmd_verify, "verify [--json] [--quick] [-o FILE]\n"
                           "      recompute the results table of the papers"},
    {"census", cmd_census, "census run|merge|query|report ... (cycles census help)\n"
                           "      the census of small boards: solve them all into SQLite, ask, report"},
    {"help", cmd_help, "help\n      this text"},
    {NULL, NULL, NULL},
};

/* Prints the usage text to f. */
static void usage(FILE *f)
{
    fprintf(f, "usage: cycles COMMAND [ARGS]\n\n"
               "The Game of Cycles engine.  BOARD is a file (game table, printed table,\n"
               "native JSON or drawing) or a family such as k4, cycle:5 or grid:3x3.\n"
               "Moves are written U->V, separated by blanks or commas.\n\ncommands:\n");
    for (const command *c = commands; c->name; c++)
        fprintf(f, "  cycles %s\n", c->usage);
}

static int cmd_help(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    usage(stdout);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return cli_fail(NULL, "no command given (try cycles help)");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
        return cmd_help(argc, argv);
    if (!strcmp(argv[1], "--version")) {
        printf("cycles %s\n", CY_VERSION);
        return 0;
    }
    for (const command *c = commands; c->name; c++)
        if (!strcmp(argv[1], c->name))
            return c->run(argc, argv);
    return cli_fail(NULL, "unknown command \"%s\" (try cycles help)", argv[1]);
}
