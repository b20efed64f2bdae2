/*
 * main.c - the cycles program: the command table, and dispatch to one
 * subcommand per file.
 *
 * To add a command: write `int cmd_NAME(cli_opts *o)` in src/cli/NAME.c
 * (declared in cli.h; it gets the parsed line, o->board being its BOARD),
 * add the file to CMakeLists.txt, and add one entry below: its name, its
 * words, how many it takes, the keys of the options it takes (from the
 * catalogue in common.c; a new option is one entry there and a field in
 * cli_opts) and its help text.  Parsing, --help, `cycles help NAME` and the
 * usage errors then come for free.
 */
#include "cli.h"
#include "census.h"
#include "server.h"

#include <string.h>

/* The options of the solver, shared by solve, draw and bench. */
#define SOLVER_SWITCHES                                                                                                \
    "no-bitboard no-decompose no-canon no-plane-keys no-outcome-search no-rounds no-mirrors reductions search "        \
    "grundy-method"

const cli_command cli_commands[] = {
    /* BOARD is required: no word only with --from-jobs DIR, which holds it */
    {"solve", cmd_solve, "BOARD", 0, 1,
     "moves special json output timeout memory quiet engine threads no-grundy no-replies no-theorems split-depth "
     "from-jobs rules players extra-turn certificate compdb " SOLVER_SWITCHES,
     "who wins with perfect play, the winning moves and the Grundy value\n"
     "\nFor a lost position, a winning reply to every move.  Running out of\n"
     "--timeout or --memory gives a partial answer (exit status 2).  Where a\n"
     "theorem of the papers proves the answer it is given without search\n"
     "(--no-theorems searches).  --split-depth D -o DIR writes the solve as\n"
     "independent jobs; --from-jobs DIR (without BOARD) combines their answers.\n"
     "--certificate FILE writes a certificate of who wins (and of the Grundy\n"
     "value, unless --no-grundy) that cycles-check FILE confirms on its own.\n",
     "timeout: stop the search after this many seconds and print what is known, exit status 2 "
     "(default: no limit; SIGINT and SIGTERM do the same)\n"},
    {"show", cmd_show, "BOARD", 1, 1, "moves special output rules players extra-turn",
     "the board and position: legal moves, why others are illegal, cells\n"
     "\nVertices (in/out/unmarked, almost-sinks and almost-sources), cells, each\n"
     "unmarked edge classified, the legal moves and the death moves, and whether the\n"
     "game is over.\n",
     NULL},
    {"convert", cmd_convert, "BOARD", 1, 1, "to moves special output",
     "write the board as table, table-text, json, drawing, dot or benntaylor (--to FORMAT)\n", NULL},
    {"families", cmd_families, "", 0, 0, "", "list the named boards a BOARD argument may be\n", NULL},
    {"bench", cmd_bench, "", 0, 0, "runs boards timeout memory threads quiet no-baseline " SOLVER_SWITCHES,
     "time the fast and the plain engine on a list of boards\n",
     "timeout: seconds each run may take (default " CLI_STR(
         CLI_BENCH_TIMEOUT) ")\n"
                            "memory: the memory bound of each run, e.g. 512M or 2G (default " CLI_STR(
                                CLI_BENCH_MEMORY_MIB) "M)\n"
                                                      "runs: runs per board and engine, the median counts (default " CLI_STR(
                                                          CLI_BENCH_RUNS) ")\n"},
    {"draw", cmd_draw, "BOARD", 1, 1,
     "moves special hints deaths size scale caption legend output timeout memory quiet engine threads",
     "a picture of the board and position (SVG, or PNG with -o FILE.png)\n"
     "\nSVG on standard output, or -o FILE.svg or FILE.png.  --hints draws the\n"
     "winning moves in green.  --size 1600 makes the picture 1600 pixels wide\n"
     "(for slides), --legend says what its signs mean.\n",
     "timeout: with --hints: stop the solver after this many seconds and draw the winning moves found so far, "
     "exit status 2 (default: no limit)\n"
     "memory: with --hints: bound the memory of the whole process, e.g. 512M or 2G (default: a quarter of RAM)\n"},
    {"tree", cmd_tree, "BOARD", 1, 1, "moves special dot output rules players extra-turn timeout memory",
     "the state digraph of a small board with its P- and N-positions\n"
     "\nAt most 1000 positions: a table per number of moves, or --dot for Graphviz.\n"
     "With --rules NAME, --players or --extra-turn: the moves and labels of that\n"
     "variant (N, P, D for a draw; with 3 or more players the winner).\n",
     NULL},
    {"play", cmd_play, "BOARD", 1, 1,
     "first play-engine engine-play strategy seed moves special timeout memory threads rules players extra-turn",
     "play a game in the terminal against the engine\n"
     "\nType moves as U->V; hint, undo, moves, show, help and quit do what they say.\n"
     "The board is drawn after each move, to the terminal's size (in colour on a\n"
     "terminal unless NO_COLOR is set).  At the end: undo, new (a new game) or quit.\n",
     "timeout: seconds the engine may search for a move; after that it says so and plays "
     "without a full search (default " CLI_STR(
         CLI_PLAY_TIMEOUT) ")\n"
                           "memory: the engine's table memory, e.g. 512M or 2G (default " CLI_STR(
                               CLI_PLAY_MEMORY_MIB) "M)\n"},
    {"serve", cmd_serve, "", 0, 0, "port host timeout memory census compdb",
     "play in the browser: a local web server and JSON API\n"
     "\nServes until SIGINT or SIGTERM, which stop it at once (solves running are\n"
     "cancelled).  Only this machine can connect unless --host says otherwise.\n"
     "With --census FILE, the page /census explores the boards of a census database.\n",
     "timeout: seconds each solve may take; one out of time answers with what it knows "
     "and the server goes on (default " CLI_STR(
         CY_SERVER_TIMEOUT) ")\n"
                            "memory: memory for the whole server: its solves, its answer cache and the uploads, "
                            "e.g. 512M or 2G (default " CLI_STR(
                                CY_SERVER_MEMORY_MIB) "M)\n"
                                                      "census: a database of cycles census run to explore at /census and GET /api/census "
                                                      "(default none)\n"},
    {"symmetry", cmd_symmetry, "BOARD", 1, 1, "json special output",
     "the board's automorphisms that respect cells, and its involutions\n", NULL},
    {"strategy", cmd_strategy, "mirror|mirror-reverse|rotate-reverse|modified BOARD", 2, 2,
     "json special timeout memory quiet output involution",
     "check a mirror strategy of the papers exhaustively\n"
     "\nFinds the strategy a theorem gives the board and checks it against every\n"
     "opponent line.\n",
     "timeout: stop the check after this many seconds and say how far it went, exit status 2 (default: no limit)\n"
     "memory: bound the table of positions checked, e.g. 512M or 2G; when it is full the check stops and says how "
     "far it went, exit status 2 (default: a quarter of RAM)\n"},
    {"check", cmd_check, "filled BOARD", 2, 2, "json timeout quiet special output",
     "check the filled-board theorem (every complete marking has a cycle cell)\n",
     "timeout: stop the check after this many seconds and say how far it went, exit status 2 (default: no limit)\n"},
    {"verify", cmd_verify, "", 0, 0, "json quiet output quick rules players extra-turn timeout memory",
     "recompute the results table of the papers\n"
     "\nWith --rules NAME (or all), --players or --extra-turn: the families under\n"
     "that variant (the manual's page on rule variants is this output).\n",
     "timeout: with --rules, --players or --extra-turn: seconds for each board (default " CLI_STR(
         CLI_VERIFY_TIMEOUT) "); the standard table ignores it\n"
                             "memory: the standard table: the memory of each search, e.g. 512M (default: 128M a solve, a quarter of RAM a "
                             "strategy check); a search it stops is a result not computed\n"},
    {"positions", cmd_positions, "BOARD", 1, 1,
     "moves csv json output special timeout memory quiet rules players extra-turn",
     "every reachable position with its outcome and Grundy value (up to 20 edges)\n", NULL},
    /* census parses its own words (main() hands them over before the
     * options are read); the entry gives it a place in the help */
    {"census", NULL, "run|twocell|merge|query|report|plan|certify ...", 1, 64, "",
     "every small board solved into SQLite, and the papers' questions asked of it\n"
     "\n  cycles census run --edges A..B --db FILE [--trees] [--part R/M] [--resume]\n"
     "      [--timeout S] [--memory SIZE] [--quiet] [--rules NAME] [--players K] [--extra-turn]\n"
     "  cycles census twocell --edges A..B --db FILE [--part R/M] [--resume] [--timeout S]\n"
     "      [--memory SIZE] [--quiet]\n"
     "  cycles census merge A.db B.db ... -o ALL.db [--partial]\n"
     "  cycles census query NAME --db FILE [--json] [--trees] [--limit N] [--edges A..B]\n"
     "  cycles census report --db FILE [-o REPORT.md] [--made-by TEXT]\n"
     "  cycles census plan --edges A..B [--vertices A..B] [--samples K] [--boards J]\n"
     "      [--seed N] [--timeout S] [--count-timeout S] [--json] [-o FILE]\n"
     "  cycles census certify --db FILE -o DIR [--edges A..B] [--limit N] [--timeout S]\n"
     "\ntwocell: every board with exactly two cells and no degree-1 vertex (up to 60 edges).\n"
     "certify: certificates (cycles-check) of the report's example boards.\n"
     "run, twocell: --timeout S gives each board at most S seconds (default: no limit), --memory\n"
     "SIZE bounds the table the boards share (default " CLI_STR(
         CY_CENSUS_MEMORY_MIB) "M); SIGINT or SIGTERM write the\n"
                               "boards solved so far, and --resume goes on.  report writes to standard output\n"
                               "without -o.  `man cycles` describes the database and the queries.\n"
                               "\nthe queries:\n"
                               "  summary          per kind and edge count: boards, N and P, the Grundy values (--rules: a variant's)\n"
                               "  grundy-max       the largest Grundy value and the boards that have it\n"
                               "  parity-breakers  boards whose winner is not player 1 exactly when the edges are odd\n"
                               "  drawing-matters  planar graphs whose drawings (embeddings, outer faces) have different winners\n"
                               "  two-cells        boards of two cells, by how the cells meet: the winners, and Theorem 6\n"
                               "  trees            trees with special leaves against Conjecture 1 (a database of census run --trees)\n"
                               "  timeouts         the boards the run did not solve in its time or memory\n",
     NULL},
    {"compdb", cmd_compdb, "build|info [FILE]", 1, 2, "edges output boards games timeout memory seed quiet json",
     "build or describe a database of the Grundy values of small components\n"
     "\n  cycles compdb build --edges K -o FILE [--boards LIST] [--games N] [--timeout S]\n"
     "  cycles compdb info FILE [--json]\n"
     "\nbuild plays random games of the boards (default " CLI_COMPDB_BOARDS ")\n"
     "until every component has at most K live edges, values each component met\n"
     "(and each of its options) by mex, and writes their values under their\n"
     "canonical keys.  solve --compdb FILE, or CYCLES_COMPDB=FILE for any command\n"
     "(the census and the server too), looks components up there.  A file that is\n"
     "missing, truncated, corrupt or built by a program with other keys is left\n"
     "out with a message.\n",
     "timeout: stop playing games after this many seconds and write what was found (default: none; "
     "without --games or --timeout, 1000 games)\n"
     "memory: the table the build's solvers share, e.g. 512M (default 256M)\n"
     "seed: seed of the random games (default 1)\n"
     "boards: the boards to play, blank separated\n"},
    {"help", cmd_help, "[COMMAND]", 0, 1, "", "the commands, or the full usage of one\n", NULL},
    {"version", cmd_version, "", 0, 0, "", "the version\n", NULL},
    {NULL, NULL, NULL, 0, 0, NULL, NULL, NULL},
};

/* Prints the general usage to f: every command with its words and the
 * first line of its help. */
static void usage(FILE *f)
{
    fprintf(f, "usage: cycles COMMAND [ARGS] [OPTIONS]\n\n"
               "The Game of Cycles engine.  BOARD is a file (game table, printed table,\n"
               "native JSON, drawing or BennTaylor text) or a family such as k4, cycle:5 or grid:3x3.\n"
               "Moves are written U->V, separated by blanks or commas.\n\ncommands:\n");
    for (const cli_command *c = cli_commands; c->name; c++) {
        fprintf(f, "  cycles %s%s%s%s\n      %.*s\n", c->name, *c->args ? " " : "", c->args,
                *c->options ? " [OPTIONS]" : "", (int)strcspn(c->summary, "\n"), c->summary);
    }
    fprintf(f, "\n`cycles COMMAND --help` or `cycles help COMMAND` lists a command's options.\n"
               "Exit status: 0 an answer, 1 bad input (board, moves, files), 2 a usage error\n"
               "or a partial answer.  `man cycles` is the manual.\n");
}

int cmd_help(cli_opts *o)
{
    if (o->nargs == 0) {
        usage(stdout);
        return CLI_OK;
    }
    const cli_command *c = cli_find(o->args[0]);
    if (!c)
        return cli_usage_fail("unknown command \"%.80s\" (try cycles help)", o->args[0]);
    cli_usage(stdout, c);
    return CLI_OK;
}

int cmd_version(cli_opts *o)
{
    (void)o;
    printf("cycles %s\n", CY_VERSION);
    return CLI_OK;
}

/* The command named by argv[1], run. */
static int run(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage_fail("no command given (try cycles help)");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(stdout);
        return CLI_OK;
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V"))
        return cmd_version(NULL);
    if (!strcmp(argv[1], "census") && argc > 2 && argv[2][0] != '-') {
        cy_compdb *db = cli_compdb_open(NULL);
        int rc = cmd_census(argc, argv);
        cy_compdb_use(NULL);
        cy_compdb_close(db);
        return rc;
    }
    const cli_command *c = cli_find(argv[1]);
    if (!c)
        return cli_usage_fail("unknown command \"%.80s\" (try cycles help)", argv[1]);
    cli_opts o;
    int rc = cli_parse(c, argc - 1, argv + 1, &o);
    if (rc)
        return rc < 0 ? CLI_OK : rc;
    /* every command that solves consults the component database, if any */
    cy_compdb *db = c->run == cmd_compdb ? NULL : cli_compdb_open(&o);
    rc = c->run ? c->run(&o) : cmd_census(argc, argv);
    if (db && o.compdb && !o.quiet) {
        uint64_t lookups, hits;
        cy_compdb_stats(db, &lookups, &hits);
        fprintf(stderr, "cycles: compdb: %llu lookups, %llu found\n", (unsigned long long)lookups,
                (unsigned long long)hits);
    }
    cy_compdb_use(NULL);
    cy_compdb_close(db);
    return rc;
}

/* Runs the command; a failed write to standard output (a full disk,
 * /dev/full) is an error, exit status 1. */
int main(int argc, char **argv)
{
    return cli_close_stdout(run(argc, argv));
}
