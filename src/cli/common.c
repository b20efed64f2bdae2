/*
 * common.c - option parsing, loading and output shared by the subcommands.
 */
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int cli_fail(const char *what, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "cycles: ");
    if (what)
        fprintf(stderr, "%s: ", what);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 1;
}

/* Parses a size such as 512M or 2G into bytes; -1 if malformed. */
static int parse_size(const char *s, size_t *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || errno || !(v > 0) || !isfinite(v))
        return -1;
    double mult = 1;
    switch (*end) {
    case 'k': case 'K': mult = 1024.0; end++; break;
    case 'm': case 'M': mult = 1048576.0; end++; break;
    case 'g': case 'G': mult = 1073741824.0; end++; break;
    case 't': case 'T': mult = 1099511627776.0; end++; break;
    default: break;
    }
    if (*end == 'B' || *end == 'b')
        end++;
    if (*end || v * mult > 1e15 || v * mult < 1)
        return -1;
    *out = (size_t)(v * mult);
    return 0;
}

/* Whether word appears as a blank-separated word of list. */
static int allowed_word(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; (p = strstr(p, word)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0))
            return 1;
    return 0;
}

int cli_parse(int argc, char **argv, int first, const char *allowed, cli_opts *o)
{
    memset(o, 0, sizeof *o);
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] == 0) {
            if (o->board)
                return cli_fail(NULL, "unexpected argument \"%s\" (one BOARD only)", a);
            o->board = a;
            continue;
        }
        const char *name = a[1] == '-' ? a + 2 : a + 1;
        const char *val = NULL;
        char key[32];
        const char *eq = strchr(name, '=');
        size_t kl = eq ? (size_t)(eq - name) : strlen(name);
        if (kl >= sizeof key)
            return cli_fail(NULL, "unknown option %s", a);
        memcpy(key, name, kl);
        key[kl] = 0;
        if (strcmp(key, "o") == 0)
            strcpy(key, "output");
        static const char *const flags[] = {"json", "quiet", "no-decompose", "no-canon", "no-plane-keys", "no-outcome-search",
                                            "no-grundy", "no-replies", "hints", "dot", "no-bitboard", "no-baseline", "quick",
                                            "no-rounds", "no-mirrors", "extra-turn",
                                            NULL};
        int flag = 0;
        for (int k = 0; flags[k]; k++)
            flag |= !strcmp(key, flags[k]);
        if (!allowed_word(allowed, key))
            return cli_fail(NULL, "unknown option %s (try cycles help)", a);
        if (!flag) {
            if (eq)
                val = eq + 1;
            else if (i + 1 < argc)
                val = argv[++i];
            else
                return cli_fail(NULL, "option %s needs a value", a);
        } else if (eq)
            return cli_fail(NULL, "option --%s takes no value", key);
        if (!strcmp(key, "json"))
            o->json = 1;
        else if (!strcmp(key, "quiet"))
            o->quiet = 1;
        else if (!strcmp(key, "no-decompose"))
            o->solver.no_decompose = 1;
        else if (!strcmp(key, "no-canon"))
            o->solver.no_canon = 1;
        else if (!strcmp(key, "no-plane-keys"))
            o->solver.no_plane_keys = 1;
        else if (!strcmp(key, "no-outcome-search"))
            o->solver.no_outcome_search = 1;
        else if (!strcmp(key, "no-bitboard"))
            o->solver.no_bitboard = 1;
        else if (!strcmp(key, "no-rounds"))
            o->solver.no_rounds = 1;
        else if (!strcmp(key, "no-mirrors"))
            o->solver.no_mirrors = 1;
        else if (!strcmp(key, "no-grundy"))
            o->solver.no_grundy = 1;
        else if (!strcmp(key, "no-replies"))
            o->no_replies = 1;
        else if (!strcmp(key, "no-baseline"))
            o->no_baseline = 1;
        else if (!strcmp(key, "engine")) {
            if (!strcmp(val, "fast"))
                o->solver.engine = CY_ENGINE_FAST;
            else if (!strcmp(val, "plain"))
                o->solver.engine = CY_ENGINE_PLAIN;
            else
                return cli_fail(NULL, "--engine is fast or plain, not \"%s\"", val);
        } else if (!strcmp(key, "threads") || !strcmp(key, "runs")) {
            char *end;
            errno = 0;
            long n = strtol(val, &end, 10);
            if (end == val || *end || errno || n < 1 || n > 256)
                return cli_fail(NULL, "--%s wants a whole number from 1 to 256, not \"%s\"", key, val);
            if (!strcmp(key, "threads"))
                o->solver.threads = (int)n;
            else
                o->runs = (int)n;
        } else if (!strcmp(key, "boards"))
            o->boards = val;
        else if (!strcmp(key, "hints"))
            o->hints = 1;
        else if (!strcmp(key, "dot"))
            o->dot = 1;
        else if (!strcmp(key, "quick"))
            o->quick = 1;
        else if (!strcmp(key, "involution"))
            o->involution = val;
        else if (!strcmp(key, "first"))
            o->first = val;
        else if (!strcmp(key, "engine-play"))
            o->player = val;
        else if (!strcmp(key, "strategy"))
            o->strategy = val;
        else if (!strcmp(key, "host"))
            o->host = val;
        else if (!strcmp(key, "port") || !strcmp(key, "seed")) {
            char *end;
            errno = 0;
            long n = strtol(val, &end, 10);
            long hi = !strcmp(key, "port") ? 65535 : 2147483647L;
            if (end == val || *end || errno || n < 0 || n > hi)
                return cli_fail(NULL, "--%s wants a whole number from 0 to %ld, not \"%s\"", key, hi, val);
            if (!strcmp(key, "port"))
                o->port = (int)n;
            else
                o->seed = n;
        }
        else if (!strcmp(key, "moves"))
            o->moves = val;
        else if (!strcmp(key, "rules"))
            o->rules = val;
        else if (!strcmp(key, "extra-turn"))
            o->extra_turn = 1;
        else if (!strcmp(key, "players")) {
            char *end;
            errno = 0;
            long n = strtol(val, &end, 10);
            if (end == val || *end || errno || n < 2 || n > CY_MAX_PLAYERS)
                return cli_fail(NULL, "--players wants a whole number from 2 to %d, not \"%s\"", CY_MAX_PLAYERS, val);
            o->players = (int)n;
        }
        else if (!strcmp(key, "to"))
            o->to = val;
        else if (!strcmp(key, "output"))
            o->output = val;
        else if (!strcmp(key, "special"))
            o->special = val;
        else if (!strcmp(key, "timeout")) {
            char *end;
            errno = 0;
            o->timeout = strtod(val, &end);
            if (end == val || *end || errno || !(o->timeout > 0) || !isfinite(o->timeout) || o->timeout > 1e9)
                return cli_fail(NULL, "--timeout wants a positive number of seconds, not \"%s\"", val);
        } else if (!strcmp(key, "memory")) {
            if (parse_size(val, &o->memory) < 0)
                return cli_fail(NULL, "--memory wants a size such as 512M or 2G, not \"%s\"", val);
        }
    }
    o->solver.memory = o->memory;
    o->solver.timeout = o->timeout;
    o->solver.progress = !o->quiet;
    if (!o->board && allowed_word(allowed, "BOARD"))
        return cli_fail(NULL, "no BOARD given (a file, or a family such as k4 or grid:3x3; see cycles families)");
    return 0;
}

/* Marks the vertices named in the comma/blank separated list as special. */
static int apply_special(cy_board **b, const char *list, const char *what)
{
    unsigned char *sp = calloc((size_t)(*b)->nv, 1);
    if (!sp)
        return cli_fail(what, "out of memory");
    memcpy(sp, (*b)->special, (size_t)(*b)->nv);
    char *copy = strdup(list);
    for (char *tok = strtok(copy, ", \t"); tok; tok = strtok(NULL, ", \t")) {
        int v = cy_board_find(*b, tok);
        if (v < 0) {
            cli_fail(what, "--special: the board has no vertex %s", tok);
            free(copy);
            free(sp);
            return 1;
        }
        sp[v] = 1;
    }
    free(copy);
    cy_error err;
    cy_board *nb = cy_board_with_special(*b, sp, &err);
    free(sp);
    if (!nb)
        return cli_fail(what, "%s", err.msg);
    cy_board_free(*b);
    *b = nb;
    return 0;
}

/* Parses and plays one list of moves; returns 0 or 1 after the message. */
static int play(const cy_board *b, unsigned char *mark, const char *moves, const char *what)
{
    cy_error err;
    int *d = NULL, n = 0;
    if (cy_moves_parse(b, moves, &d, &n, &err) < 0 || cy_moves_play(b, mark, d, n, &err) < 0) {
        free(d);
        return cli_fail(what, "%s", err.msg);
    }
    free(d);
    return 0;
}

int cli_load(const cli_opts *o, cy_board **bp, unsigned char **markp)
{
    cy_error err;
    char *file_moves = NULL;
    cy_board *b = cy_load(o->board, &file_moves, &err);
    if (!b)
        return cli_fail(o->board, "%s", err.msg);
    if (o->special && apply_special(&b, o->special, o->board)) {
        free(file_moves);
        cy_board_free(b);
        return 1;
    }
    unsigned char *mark = calloc((size_t)b->ne + 1, 1);
    if ((file_moves && play(b, mark, file_moves, o->board)) || (o->moves && play(b, mark, o->moves, "--moves"))) {
        free(file_moves);
        free(mark);
        cy_board_free(b);
        return 1;
    }
    free(file_moves);
    *bp = b;
    *markp = mark;
    return 0;
}

int cli_emit(const cli_opts *o, const char *text)
{
    if (!o->output || !strcmp(o->output, "-")) {
        fputs(text, stdout);
        return fflush(stdout) == 0 ? 0 : cli_fail(NULL, "cannot write to standard output");
    }
    /* write to a temporary file and rename, so a failure leaves nothing half-written */
    size_t n = strlen(o->output) + 16;
    char *tmp = malloc(n);
    if (!tmp)
        return cli_fail(o->output, "out of memory");
    snprintf(tmp, n, "%s.tmp%d", o->output, (int)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        int e = errno;
        free(tmp);
        return cli_fail(o->output, "%s", strerror(e));
    }
    int bad = fputs(text, f) < 0;
    bad |= fclose(f) != 0;
    if (bad || rename(tmp, o->output) != 0) {
        int e = errno;
        remove(tmp);
        free(tmp);
        return cli_fail(o->output, "cannot write: %s", strerror(e));
    }
    free(tmp);
    return 0;
}
