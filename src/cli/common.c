/*
 * common.c - option parsing, loading and output shared by the subcommands.
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* Prints "cycles: " what ": " and the message, escaped and cut to a
 * readable length, as one line on stderr. */
static void vfail(const char *what, const char *fmt, va_list ap)
{
    char raw[4096];
    vsnprintf(raw, sizeof raw, fmt, ap);
    char msg[1200], head[240];
    size_t n = cy_escape(msg, sizeof msg - 4, raw, strlen(raw), 0);
    if (n >= sizeof msg - 4)
        strcat(msg, "...");
    fputs("cycles: ", stderr);
    if (what) {
        n = cy_escape(head, sizeof head - 4, what, strlen(what), 0);
        if (n >= sizeof head - 4)
            strcat(head, "...");
        fprintf(stderr, "%s: ", head);
    }
    fprintf(stderr, "%s\n", msg);
}

int cli_fail(const char *what, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(what, fmt, ap);
    va_end(ap);
    return CLI_BAD_INPUT;
}

int cli_usage_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(NULL, fmt, ap);
    va_end(ap);
    return CLI_USAGE;
}

/* The signal caught (set by the handler, read by the command). */
static volatile sig_atomic_t caught;

/* The handler: the first signal stops the searches, a second one kills. */
static void on_signal(int sig)
{
    if (caught) {
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    caught = sig;
    cy_interrupt();
}

void cli_catch_interrupts(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int cli_interrupted(void)
{
    return caught;
}

const char *cli_stop_reason(const char *msg, char *buf, size_t n)
{
    if (!caught)
        return msg;
    snprintf(buf, n, "interrupted by %s", caught == SIGINT ? "SIGINT" : caught == SIGTERM ? "SIGTERM" : "a signal");
    return buf;
}

const char *cli_plural(long n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

const char *cli_no_move(int played, char *buf, size_t n)
{
    if (played == 0)
        snprintf(buf, n, "game over before it starts: no move is possible; player 2 wins since player 1 cannot move");
    else
        snprintf(buf, n, "game over: no legal move is left; player %d made the last move and wins",
                 played % 2 == 1 ? 1 : 2);
    return buf;
}

const char *cli_board_head(const cy_board *b, char *buf, size_t n)
{
    return cy_board_head(b, buf, n);
}

/* ------------------------------------------------------------- options */

size_t cli_min_memory(const char *command)
{
    /* the server's uploads get a sixteenth of its memory and must hold one
     * request body of 1 MiB at least; elsewhere the least table worth
     * having (the tables have a floor of their own, so 1K once meant the
     * same as 1M without a word) */
    return (size_t)(strcmp(command, "serve") ? CLI_MIN_MEMORY_MIB : CLI_SERVE_MIN_MEMORY_MIB) << 20;
}

/* How an option's value is read. */
typedef enum kind {
    K_FLAG,    /* a switch: sets an int to 1 */
    K_STRING,  /* a string, kept as given */
    K_INT,     /* a whole number from lo to hi into an int */
    K_LONG,    /* the same into a long */
    K_SECONDS, /* a positive number of seconds into a double */
    K_FACTOR,  /* a number from 0.1 to 20 into a double */
    K_SIZE,    /* a size such as 512M into a size_t */
    K_ENGINE,  /* fast or plain into an int (CY_ENGINE_*) */
    K_SEARCH,  /* rounds or dfpn into an int (CY_SEARCH_*) */
    K_GRUNDY   /* mex or rounds into an int (CY_GRUNDY_*) */
} kind;

/* One option any command may take. */
typedef struct cli_option {
    const char *key;  /* the name commands list it by in cli_command.options */
    const char *name; /* the long option, --NAME (NULL: the key) */
    int letter;       /* its one-letter form (-o), or 0 */
    const char *arg;  /* the value in the usage ("SECONDS"), NULL for a switch */
    kind kind;
    size_t offset;    /* where in cli_opts the value goes */
    long lo, hi;      /* the range of K_INT and K_LONG */
    const char *help; /* what it does, one line */
} cli_option;

#define AT(field) offsetof(cli_opts, field)

/* The catalogue of options.  To add an option: a field in cli_opts (cli.h),
 * an entry here, and its key in the options of each command taking it
 * (main.c). */
static const cli_option catalogue[] = {
    {"moves", NULL, 0, "M", K_STRING, AT(moves), 0, 0,
     "play these moves first, after those in the board file (U->V, blanks or commas between)"},
    {"special", NULL, 0, "V,W", K_STRING, AT(special), 0, 0, "make these vertices special (no sink/source rule)"},
    {"json", NULL, 0, NULL, K_FLAG, AT(json), 0, 0, "print JSON instead of text"},
    {"output", NULL, 'o', "FILE", K_STRING, AT(output), 0, 0, "write to FILE instead of standard output"},
    {"quiet", NULL, 0, NULL, K_FLAG, AT(quiet), 0, 0, "no progress on stderr"},
    {"timeout", NULL, 0, "SECONDS", K_SECONDS, AT(timeout), 0, 0, "stop after this many seconds (default: no limit)"},
    {"memory", NULL, 0, "SIZE", K_SIZE, AT(memory), 0, 0,
     "bound the memory of the whole process, e.g. 512M or 2G (default: a quarter of RAM)"},
    {"engine", NULL, 0, "fast|plain", K_ENGINE, AT(solver.engine), 0, 0, "the solver (default fast)"},
    {"threads", NULL, 0, "N", K_INT, AT(solver.threads), 1, 256, "threads searching together (default: one per core)"},
    {"no-grundy", NULL, 0, NULL, K_FLAG, AT(solver.no_grundy), 0, 0, "find only who wins, not the Grundy value (faster)"},
    {"no-replies", NULL, 0, NULL, K_FLAG, AT(no_replies), 0, 0, "for a lost position, leave out the winning replies"},
    {"no-bitboard", NULL, 0, NULL, K_FLAG, AT(solver.no_bitboard), 0, 0, "fast engine: no bitboards for small boards"},
    {"no-decompose", NULL, 0, NULL, K_FLAG, AT(solver.no_decompose), 0, 0,
     "fast engine: search positions whole, not as sums"},
    {"no-canon", NULL, 0, NULL, K_FLAG, AT(solver.no_canon), 0, 0,
     "fast engine: key sub-games as labelled, not by canonical form"},
    {"no-plane-keys", NULL, 0, NULL, K_FLAG, AT(solver.no_plane_keys), 0, 0,
     "fast engine: canonical forms by nauty alone"},
    {"no-outcome-search", NULL, 0, NULL, K_FLAG, AT(solver.no_outcome_search), 0, 0,
     "fast engine: value large components by mex"},
    {"no-rounds", NULL, 0, NULL, K_FLAG, AT(solver.no_rounds), 0, 0,
     "fast engine: outcome search without rounds of growing allowances"},
    {"no-mirrors", NULL, 0, NULL, K_FLAG, AT(solver.no_mirrors), 0, 0, "fast engine: no mirror replies first"},
    {"reductions", NULL, 0, "MASK", K_INT, AT(solver.reductions), 0, 7,
     "bitboard engine: 1 key positions by summaries, 2 free edges as nim-heaps, 4 settled edges as nim-heaps; add them (slower; to measure)"},
    {"search", NULL, 0, "rounds|dfpn", K_SEARCH, AT(solver.search), 0, 0,
     "fast engine: the outcome search, rounds of growing allowances (default) or df-pn"},
    {"grundy-method", NULL, 0, "mex|rounds", K_GRUNDY, AT(solver.grundy_method), 0, 0,
     "fast engine: a large part's value by mex pruning (default) or by heaps 0, 1, 2... in turn"},
    {"no-theorems", NULL, 0, NULL, K_FLAG, AT(solver.no_theorems), 0, 0,
     "search even where a theorem of the papers gives the answer"},
    {"split-depth", NULL, 0, "D", K_INT, AT(split_depth), 1, CY_SPLIT_MAX_DEPTH,
     "write the solve as independent jobs, the positions D moves on, into -o DIR"},
    {"from-jobs", NULL, 0, "DIR", K_STRING, AT(from_jobs), 0, 0,
     "combine the answers of the jobs in DIR (no BOARD: it is in DIR)"},
    {"csv", NULL, 0, NULL, K_FLAG, AT(csv), 0, 0, "print CSV"},
    {"rules", NULL, 0, "NAME", K_STRING, AT(rules), 0, 0,
     "the rules: standard (the default), misere, draw, score or any-cycle (man cycles)"},
    {"players", NULL, 0, "K", K_INT, AT(players), 2, CY_MAX_PLAYERS, "K players in turn (standard rules otherwise)"},
    {"extra-turn", NULL, 0, NULL, K_FLAG, AT(extra_turn), 0, 0,
     "with --rules score: whoever completes a cycle cell moves again"},
    {"to", NULL, 0, "FORMAT", K_STRING, AT(to), 0, 0, "table, table-text, json, drawing, dot or benntaylor"},
    {"hints", NULL, 0, NULL, K_FLAG, AT(hints), 0, 0, "solve and draw the winning moves in green"},
    {"size", NULL, 0, "PIXELS", K_INT, AT(size), 16, 8192, "the picture's width in pixels (16 to 8192)"},
    {"scale", NULL, 0, "F", K_FACTOR, AT(scale), 0, 0, "the picture at F times its own size (0.1 to 20)"},
    {"caption", NULL, 0, "TEXT", K_STRING, AT(caption), 0, 0,
     "the line under the picture: auto (the board, the moves, whose move; the default), none, or TEXT"},
    {"legend", NULL, 0, NULL, K_FLAG, AT(legend), 0, 0, "a legend under the picture for the signs it shows"},
    {"deaths", NULL, 0, NULL, K_FLAG, AT(deaths), 0, 0,
     "draw the death moves (each lets the opponent complete a cycle cell) as hollow dashed arrowheads"},
    {"dot", NULL, 0, NULL, K_FLAG, AT(dot), 0, 0, "the digraph for Graphviz instead of a table"},
    {"runs", NULL, 0, "N", K_INT, AT(runs), 1, 256,
     "runs per board and engine (the median counts; default " CLI_STR(CLI_BENCH_RUNS) ")"},
    {"boards", NULL, 0, "LIST", K_STRING, AT(boards), 0, 0, "the boards to time, blank or comma separated"},
    {"no-baseline", NULL, 0, NULL, K_FLAG, AT(no_baseline), 0, 0, "time the fast engine only"},
    {"first", NULL, 0, "human|engine", K_STRING, AT(first), 0, 0, "who moves first (default human)"},
    {"engine-play", NULL, 0, "perfect|mirror|random", K_STRING, AT(player), 0, 0,
     "how the engine plays (default perfect)"},
    {"play-engine", "engine", 0, "perfect|mirror|random", K_STRING, AT(player), 0, 0, "the same as --engine-play"},
    {"strategy", NULL, 0, "mirror", K_STRING, AT(strategy), 0, 0, "the same as --engine mirror"},
    {"seed", NULL, 0, "N", K_LONG, AT(seed), 0, 2147483647L, "seed of the engine's random choices (default: the clock)"},
    {"port", NULL, 0, "N", K_INT, AT(port), 0, 65535,
     "the port to listen on (default " CLI_STR(CLI_SERVE_PORT) "; 0 picks a free one)"},
    {"host", NULL, 0, "ADDR", K_STRING, AT(host), 0, 0, "the address to listen on (default 127.0.0.1)"},
    {"census", NULL, 0, "FILE", K_STRING, AT(census), 0, 0, "explore this census database (cycles census run) at /census"},
    {"involution", NULL, 0, "U:V,...", K_STRING, AT(involution), 0, 0,
     "check mirror-reverse with this involution (vertex pairs)"},
    {"quick", NULL, 0, NULL, K_FLAG, AT(quick), 0, 0, "leave out the slow boards"},
    {"certificate", NULL, 0, "FILE", K_STRING, AT(certificate), 0, 0,
     "also write a certificate of the answer to FILE, which cycles-check FILE confirms"},
    {"compdb", NULL, 0, "FILE", K_STRING, AT(compdb), 0, 0,
     "look components up in this database (cycles compdb build; default: $CYCLES_COMPDB, else none)"},
    {"edges", NULL, 0, "K", K_INT, AT(edges), 3, 24, "components of at most K live edges (3 to 24)"},
    {"games", NULL, 0, "N", K_LONG, AT(games), 1, 2147483647L, "random games to play"},
};
#define NCAT ((int)(sizeof catalogue / sizeof catalogue[0]))
_Static_assert(sizeof catalogue / sizeof catalogue[0] <= CLI_MAX_OPTIONS, "CLI_MAX_OPTIONS is too small");

/* The catalogue index of the option with key [s, s+n), or -1. */
static int find_key(const char *s, size_t n)
{
    for (int i = 0; i < NCAT; i++)
        if (strlen(catalogue[i].key) == n && !strncmp(catalogue[i].key, s, n))
            return i;
    return -1;
}

/* Fills idx with the catalogue indices of the options of c; returns how
 * many.  An unknown key is a programming error: it aborts. */
static int command_options(const cli_command *c, int *idx)
{
    int n = 0;
    for (const char *p = c->options; *p;) {
        size_t k = strcspn(p, " ");
        if (k) {
            int i = find_key(p, k);
            if (i < 0 || n >= CLI_MAX_OPTIONS) {
                fprintf(stderr, "cycles: internal error: command %s lists unknown option %.*s\n", c->name, (int)k, p);
                abort();
            }
            idx[n++] = i;
        }
        p += k;
        p += *p == ' ';
    }
    return n;
}

/* The long name of catalogue option i. */
static const char *long_name(int i)
{
    return catalogue[i].name ? catalogue[i].name : catalogue[i].key;
}

const cli_command *cli_find(const char *name)
{
    for (const cli_command *c = cli_commands; c->name; c++)
        if (!strcmp(c->name, name))
            return c;
    return NULL;
}

/* What option key means for command c: its line of c->notes (into buf),
 * else the catalogue's help. */
static const char *option_help(const cli_command *c, const char *key, const char *help, char *buf, size_t n)
{
    size_t k = strlen(key);
    for (const char *p = c->notes; p && *p;) {
        size_t len = strcspn(p, "\n");
        if (len > k + 2 && !strncmp(p, key, k) && p[k] == ':' && p[k + 1] == ' ') {
            snprintf(buf, n, "%.*s", (int)(len - k - 2), p + k + 2);
            return buf;
        }
        p += len;
        p += *p == '\n';
    }
    return help;
}

void cli_usage(FILE *f, const cli_command *c)
{
    int idx[CLI_MAX_OPTIONS], n = command_options(c, idx);
    fprintf(f, "usage: cycles %s%s%s%s\n\n%s", c->name, *c->args ? " " : "", c->args, n ? " [OPTIONS]" : "", c->summary);
    fprintf(f, "\noptions:\n");
    for (int k = 0; k < n; k++) {
        const cli_option *op = &catalogue[idx[k]];
        char left[64];
        if (op->letter)
            snprintf(left, sizeof left, "-%c, --%s%s%s", op->letter, long_name(idx[k]), op->arg ? " " : "",
                     op->arg ? op->arg : "");
        else
            snprintf(left, sizeof left, "    --%s%s%s", long_name(idx[k]), op->arg ? " " : "", op->arg ? op->arg : "");
        if (strlen(left) > 28)
            fprintf(f, "  %s\n", left);
        else
            fprintf(f, "  %-28s", left);
        /* the help wrapped at 79 columns, continued under itself */
        char note[400], with_least[480];
        const char *h = option_help(c, op->key, op->help, note, sizeof note);
        if (op->kind == K_SIZE) {
            snprintf(with_least, sizeof with_least, "%s; at least %zuM", h, cli_min_memory(c->name) >> 20);
            h = with_least;
        }
        int first = strlen(left) <= 28;
        while (*h) {
            size_t n = strlen(h);
            if (n > 47) {
                n = 47;
                while (n > 0 && h[n] != ' ')
                    n--;
                if (n == 0)
                    n = strcspn(h, " ");
            }
            fprintf(f, "%s%.*s\n", first ? "  " : "                                ", (int)n, h);
            first = 0;
            h += n;
            h += *h == ' ';
        }
    }
    fprintf(f, "  %-28s  %s\n", "-h, --help", "this text");
    /* the commands that can stop early with what they learnt */
    char word[64];
    snprintf(word, sizeof word, " %s ", c->name);
    fprintf(f,
            "\nexit status: 0 an answer, 1 bad input (board, moves, files), 2 a usage error%s\n"
            "`man cycles` is the manual.\n",
            strstr(" solve positions draw strategy check verify bench census ", word)
                ? "\nor a partial answer (stopped by a limit or by SIGINT or SIGTERM)"
                : "");
}

/* Stores the value val of catalogue option i into o; CLI_OK or CLI_USAGE
 * after the message. */
static int set_option(cli_opts *o, int i, const char *val)
{
    const cli_option *op = &catalogue[i];
    char *at = (char *)o + op->offset, *end;
    const char *name = long_name(i);
    /* an option with a value says one thing: given twice (or under two of
     * its names, such as play's --engine-play and --engine) it is refused rather
     * than the last one silently kept; a switch may repeat, meaning the same */
    if (op->arg)
        for (int j = 0; j < NCAT; j++)
            if (o->given[j] && catalogue[j].arg && catalogue[j].offset == op->offset)
                return j == i ? cli_usage_fail("--%s is given twice; give it once", name)
                              : cli_usage_fail("--%s and --%s set the same thing; give one of them", long_name(j), name);
    o->given[i] = 1;
    switch (op->kind) {
    case K_FLAG:
        *(int *)at = 1;
        return CLI_OK;
    case K_STRING:
        /* a list may be empty (--moves "": no moves); a name or file not */
        if (!*val && strcmp(op->key, "moves") && strcmp(op->key, "special"))
            return cli_usage_fail("--%s wants a value, not an empty string", name);
        *(const char **)at = val;
        return CLI_OK;
    case K_INT:
    case K_LONG: {
        errno = 0;
        long n = strtol(val, &end, 10);
        /* digits only, a minus sign first at most: strtol would also skip
         * blanks and take a plus sign */
        if (!(isdigit((unsigned char)val[0]) || (val[0] == '-' && isdigit((unsigned char)val[1]))) || end == val ||
            *end || errno || n < op->lo || n > op->hi)
            return cli_usage_fail("--%s wants a whole number from %ld to %ld, not \"%.80s\"", name, op->lo, op->hi, val);
        if (op->kind == K_INT)
            *(int *)at = (int)n;
        else
            *(long *)at = n;
        return CLI_OK;
    }
    case K_SECONDS: {
        errno = 0;
        double t = strtod(val, &end);
        /* decimal: strtod would also skip blanks, take a sign and read hex */
        if (!(isdigit((unsigned char)val[0]) || val[0] == '.') || strpbrk(val, "xX") || end == val || *end || errno ||
            !(t > 0) || !isfinite(t) || t > 1e9)
            return cli_usage_fail("--%s wants a positive number of seconds, not \"%.80s\"", name, val);
        *(double *)at = t;
        return CLI_OK;
    }
    case K_FACTOR: {
        errno = 0;
        double t = strtod(val, &end);
        /* decimal, as for seconds: no blanks, sign or hex */
        if (!(isdigit((unsigned char)val[0]) || val[0] == '.') || strpbrk(val, "xX") || end == val || *end || errno ||
            !(t >= 0.1 && t <= 20))
            return cli_usage_fail("--%s wants a number from 0.1 to 20, not \"%.80s\"", name, val);
        *(double *)at = t;
        return CLI_OK;
    }
    case K_SIZE: {
        size_t least = cli_min_memory(o->cmd ? o->cmd->name : "");
        if (cy_parse_size(val, (size_t *)at) < 0)
            return cli_usage_fail("--%s wants a size such as 512M or 2G, not \"%.80s\"", name, val);
        if (*(size_t *)at < least)
            return cli_usage_fail("--%s is at least %zuM, not \"%.80s\"", name, least >> 20, val);
        return CLI_OK;
    }
    case K_ENGINE:
        if (!strcmp(val, "fast"))
            *(int *)at = CY_ENGINE_FAST;
        else if (!strcmp(val, "plain"))
            *(int *)at = CY_ENGINE_PLAIN;
        else
            return cli_usage_fail("--%s is fast or plain, not \"%.80s\"", name, val);
        return CLI_OK;
    case K_SEARCH:
        if (!strcmp(val, "rounds"))
            *(int *)at = CY_SEARCH_ROUNDS;
        else if (!strcmp(val, "dfpn"))
            *(int *)at = CY_SEARCH_DFPN;
        else
            return cli_usage_fail("--%s is rounds or dfpn, not \"%.80s\"", name, val);
        return CLI_OK;
    case K_GRUNDY:
        if (!strcmp(val, "rounds"))
            *(int *)at = CY_GRUNDY_ROUNDS;
        else if (!strcmp(val, "mex"))
            *(int *)at = CY_GRUNDY_MEX;
        else
            return cli_usage_fail("--%s is mex or rounds, not \"%.80s\"", name, val);
        return CLI_OK;
    }
    return CLI_USAGE;
}

/* The message for an option getopt_long refused (arg is the command-line
 * word, lopts the command's long options); returns CLI_USAGE. */
static int refused(const cli_command *c, const char *arg, const struct option *lopts, int missing)
{
    if (!arg || arg[0] != '-')
        return cli_usage_fail("%s: bad option (cycles %s --help lists the options)", c->name, c->name);
    if (arg[1] != '-') {
        /* short option: optopt names it */
        if (missing)
            return cli_usage_fail("option -%c needs a value", optopt);
        return cli_usage_fail("unknown option -%c (cycles %s --help lists the options)", optopt ? optopt : '?', c->name);
    }
    const char *name = arg + 2;
    size_t len = strcspn(name, "=");
    int exact = -1, matches = 0;
    char list[400] = "";
    for (int k = 0; lopts[k].name; k++)
        if (len && !strncmp(lopts[k].name, name, len)) {
            if (strlen(lopts[k].name) == len)
                exact = k;
            matches++;
            if (strlen(list) + strlen(lopts[k].name) + 8 < sizeof list)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s--%s", *list ? ", " : "", lopts[k].name);
        }
    if (missing)
        return cli_usage_fail("option %.80s needs a value", arg);
    if (exact >= 0 || matches == 1)
        return cli_usage_fail("option --%.80s takes no value", exact >= 0 ? lopts[exact].name : list + 2);
    if (matches > 1)
        return cli_usage_fail("option --%.*s is ambiguous: %s", (int)(len > 80 ? 80 : len), name, list);
    return cli_usage_fail("unknown option %.80s (cycles %s --help lists the options)", arg, c->name);
}

/* Adds word to the words of o; CLI_OK, or CLI_USAGE after the message when
 * command c takes no more or word is empty. */
static int add_word(const cli_command *c, cli_opts *o, const char *word)
{
    if (!*word)
        return cli_usage_fail("an empty argument (cycles %s %s)", c->name, c->args);
    if (o->nargs >= c->max_args || o->nargs >= CLI_MAX_ARGS) {
        if (c->max_args == 0)
            return cli_usage_fail("unexpected argument \"%.80s\" (cycles %s takes options only)", word, c->name);
        return cli_usage_fail("unexpected argument \"%.80s\" (cycles %s %s)", word, c->name, c->args);
    }
    o->args[o->nargs++] = word;
    return CLI_OK;
}

int cli_parse(const cli_command *c, int argc, char **argv, cli_opts *o)
{
    memset(o, 0, sizeof *o);
    o->cmd = c;
    int idx[CLI_MAX_OPTIONS], n = command_options(c, idx);
    struct option lopts[CLI_MAX_OPTIONS + 2];
    /* "-": words come back in order as code 1, so options and words mix
     * even under POSIXLY_CORRECT; ":": a missing value is ':' */
    char shorts[2 * CLI_MAX_OPTIONS + 4] = "-:h";
    size_t ns = 3;
    for (int k = 0; k < n; k++) {
        const cli_option *op = &catalogue[idx[k]];
        lopts[k] = (struct option){long_name(idx[k]), op->arg ? required_argument : no_argument, NULL, 256 + idx[k]};
        if (op->letter) {
            shorts[ns++] = (char)op->letter;
            if (op->arg)
                shorts[ns++] = ':';
        }
    }
    shorts[ns] = 0;
    lopts[n] = (struct option){"help", no_argument, NULL, 'h'};
    lopts[n + 1] = (struct option){NULL, 0, NULL, 0};
    opterr = 0;
    optind = 0; /* start afresh (glibc) */
    for (;;) {
        int r = getopt_long(argc, argv, shorts, lopts, NULL);
        if (r == -1)
            break;
        if (r == 1) {
            int rc = add_word(c, o, optarg);
            if (rc)
                return rc;
            continue;
        }
        if (r == 'h') {
            cli_usage(stdout, c);
            return -1;
        }
        if (r == '?' || r == ':')
            return refused(c, optind > 0 && optind <= argc ? argv[optind - 1] : NULL, lopts, r == ':');
        int i = -1;
        if (r >= 256)
            i = r - 256;
        else
            for (int k = 0; k < n; k++)
                if (catalogue[idx[k]].letter == r)
                    i = idx[k];
        if (i < 0)
            return refused(c, NULL, lopts, 0);
        int rc = set_option(o, i, optarg);
        if (rc)
            return rc;
    }
    for (int i = optind; i < argc; i++) {
        int rc = add_word(c, o, argv[i]);
        if (rc)
            return rc;
    }
    int takes_board = strstr(c->args, "BOARD") != NULL;
    if (o->nargs < c->min_args) {
        if (takes_board && o->nargs == c->min_args - 1)
            return cli_usage_fail("no BOARD given (a file, or a family such as k4 or grid:3x3; see cycles families)");
        return cli_usage_fail("cycles %s wants %s (cycles %s --help)", c->name, c->args, c->name);
    }
    if (takes_board && o->nargs)
        o->board = o->args[o->nargs - 1];
    o->solver.memory = o->memory;
    o->solver.timeout = o->timeout;
    o->solver.progress = !o->quiet;
    return CLI_OK;
}

int cli_given(const cli_opts *o, const char *key)
{
    int i = find_key(key, strlen(key));
    return i >= 0 && o->given[i];
}

int cli_game_fail(const cli_opts *o, const cy_game_error *err, int play_at_moves)
{
    int at_moves = err->part == CY_GAME_AT_MOVES || (err->part == CY_GAME_AT_PLAY && (play_at_moves || !err->in_file));
    return cli_fail(at_moves ? "--moves" : o->board, "%s", err->err.msg);
}

int cli_game_load(const cli_opts *o, const cy_rules *rules, cy_game *g, int play_at_moves)
{
    cy_game_source src = {.from = CY_GAME_FROM_SPEC,
                          .spec = o->board,
                          .special = o->special,
                          .moves = o->moves,
                          .rules = rules};
    cy_game_error err;
    if (cy_game_load(&src, g, &err) < 0)
        return cli_game_fail(o, &err, play_at_moves);
    return 0;
}

int cli_load(const cli_opts *o, cy_board **bp, unsigned char **markp)
{
    cy_game g;
    if (cli_game_load(o, NULL, &g, 0))
        return 1;
    *bp = g.board;
    *markp = g.mark;
    g.board = NULL;
    g.mark = NULL;
    cy_game_free(&g);
    return 0;
}

int cli_variant_wanted(const cli_opts *o)
{
    return (o->rules && strcmp(o->rules, "standard") != 0) || o->players > 2 || o->extra_turn;
}

int cli_variant_game(const cli_opts *o, cy_game *g, int play_at_moves)
{
    cy_error err;
    cy_rules r;
    if (cy_rules_parse(o->rules, o->players, o->extra_turn, &r, &err) < 0)
        return cli_usage_fail("%s", err.msg);
    return cli_game_load(o, &r, g, play_at_moves);
}

int cli_variant_load(const cli_opts *o, cy_board **bp, unsigned char **markp, cy_rules *r, cy_variant_game *g)
{
    cy_game game;
    int bad_load = cli_variant_game(o, &game, 0);
    if (bad_load)
        return bad_load;
    *bp = game.board;
    *markp = game.mark;
    *r = game.rules;
    *g = game.state;
    game.board = NULL;
    game.mark = NULL;
    cy_game_free(&game);
    return 0;
}

/* Set once a failed write to standard output has been reported. */
static int stdout_reported;

int cli_emit(const cli_opts *o, const char *text)
{
    if (!o->output || !strcmp(o->output, "-")) {
        /* the last guard for the terminal: whatever input a text quotes
         * (a board's name, say), no control character but newlines and
         * tabs and no invalid UTF-8 reaches standard output */
        char *safe = cy_escape_dup(text, CY_ESCAPE_KEEP_LINES);
        errno = 0;
        int bad = fputs(safe, stdout) < 0;
        free(safe);
        bad |= fflush(stdout) != 0 || ferror(stdout);
        if (bad) {
            stdout_reported = 1;
            return cli_fail("standard output", "cannot write: %s", strerror(errno ? errno : EIO));
        }
        return 0;
    }
    return cli_write_file(o->output, text, strlen(text));
}

int cli_close_stdout(int rc)
{
    errno = 0;
    int bad = fflush(stdout) != 0 || ferror(stdout);
    int e = errno;
    if (!bad && fclose(stdout) != 0 && errno != EBADF) { /* EBADF: closed by the caller (>&-), nothing written */
        bad = 1;
        e = errno;
    }
    if (!bad)
        return rc;
    if (!stdout_reported)
        cli_fail("standard output", "cannot write: %s", e ? strerror(e) : "a write failed");
    stdout_reported = 1;
    return 1;
}

void cli_stdout_reported(void)
{
    stdout_reported = 1;
}

struct cli_out {
    const char *path; /* as the user wrote it, for messages */
    char *target;     /* the file written or replaced (a link's target) */
    char *tmp;        /* the temporary file, or NULL when written in place */
    int in_place_regular;
    FILE *f;
};

/* Frees h. */
static void out_free(cli_out *h)
{
    free(h->target);
    free(h->tmp);
    free(h);
}

FILE *cli_out_open(const char *path, cli_out **hp)
{
    cli_out *h = calloc(1, sizeof *h);
    if (!h) {
        cli_fail(path, "out of memory");
        return NULL;
    }
    h->path = path;
    struct stat st, lst;
    int exists = stat(path, &st) == 0;
    /* a symbolic link: the file it names is replaced, the link kept */
    if (exists && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))
        h->target = realpath(path, NULL);
    if (!h->target)
        h->target = strdup(path);
    if (!h->target) {
        out_free(h);
        cli_fail(path, "out of memory");
        return NULL;
    }
    /* a symbolic link to nothing yet: the file it names is made through it */
    int dangling = !exists && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode);
    if (dangling || (exists && (!S_ISREG(st.st_mode) || st.st_nlink > 1))) {
        /* a FIFO, a device, a socket, or a file with other names: written
         * in place (a FIFO waits for its reader) */
        h->in_place_regular = dangling || S_ISREG(st.st_mode);
        int fd =
            open(h->target, O_WRONLY | (h->in_place_regular ? O_TRUNC : 0) | (dangling ? O_CREAT : 0) | O_CLOEXEC, 0666);
        if (fd < 0 || !(h->f = fdopen(fd, "wb"))) {
            int e = errno;
            if (fd >= 0)
                close(fd);
            out_free(h);
            cli_fail(path, "%s", strerror(e));
            return NULL;
        }
        *hp = h;
        return h->f;
    }
    if (exists && access(h->target, W_OK) != 0) {
        /* a file the user may not write is not replaced either, as > would not */
        int e = errno;
        out_free(h);
        cli_fail(path, "%s", strerror(e));
        return NULL;
    }
    size_t n = strlen(h->target) + 16;
    h->tmp = malloc(n);
    if (!h->tmp) {
        out_free(h);
        cli_fail(path, "out of memory");
        return NULL;
    }
    snprintf(h->tmp, n, "%s.tmpXXXXXX", h->target);
    int fd = mkstemp(h->tmp);
    if (fd < 0) {
        int e = errno;
        out_free(h);
        cli_fail(path, "%s", strerror(e));
        return NULL;
    }
    if (exists) {
        /* keep the mode, and the owner where the system allows */
        if (fchown(fd, st.st_uid, st.st_gid) != 0) {
            /* not allowed (not root): the file becomes the writer's, as any new file */
        }
        fchmod(fd, st.st_mode & 07777);
    } else {
        mode_t mask = umask(0);
        umask(mask);
        fchmod(fd, 0666 & ~mask);
    }
    if (!(h->f = fdopen(fd, "wb"))) {
        int e = errno;
        close(fd);
        unlink(h->tmp);
        out_free(h);
        cli_fail(path, "%s", strerror(e));
        return NULL;
    }
    *hp = h;
    return h->f;
}

int cli_out_close(cli_out *h, int failed)
{
    int e = failed ? errno : 0;
    if (!failed) {
        errno = 0;
        failed = fflush(h->f) != 0 || ferror(h->f);
        e = errno;
    }
    if (fclose(h->f) != 0 && !failed) {
        failed = 1;
        e = errno;
    }
    if (!failed && h->tmp && rename(h->tmp, h->target) != 0) {
        failed = 1;
        e = errno;
    }
    if (failed) {
        if (h->tmp)
            unlink(h->tmp);
        else if (h->in_place_regular && truncate(h->target, 0) != 0) {
            /* nothing more to do: the message below says the write failed */
        }
        cli_fail(h->path, "cannot write: %s", strerror(e ? e : EIO));
    }
    out_free(h);
    return failed ? 1 : 0;
}

void cli_out_abandon(cli_out *h)
{
    fclose(h->f);
    if (h->tmp)
        unlink(h->tmp);
    else if (h->in_place_regular && truncate(h->target, 0) != 0) {
        /* the caller has already said what went wrong */
    }
    out_free(h);
}

int cli_write_file(const char *path, const void *data, size_t len)
{
    cli_out *h;
    FILE *f = cli_out_open(path, &h);
    if (!f)
        return 1;
    errno = 0;
    int bad = len && fwrite(data, 1, len, f) != len;
    return cli_out_close(h, bad);
}
