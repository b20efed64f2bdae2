/*
 * args.c - the options of the census commands (cycles census and
 * cycles-census-mpi), parsed into a census_args.
 */
#include "census.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int census_usage_error(cy_error *err, const char *fmt, const char *arg)
{
    char safe[80];
    size_t k = 0;
    for (const char *p = arg ? arg : ""; *p && k < sizeof safe - 4; p++)
        safe[k++] = isprint((unsigned char)*p) ? *p : '?';
    if (arg && strlen(arg) > k)
        safe[k++] = '.', safe[k++] = '.', safe[k++] = '.';
    safe[k] = 0;
    char msg[sizeof err->msg];
    snprintf(msg, sizeof msg, fmt, safe);
    cy_error_set(err, "%s", msg);
    return 2;
}

#define CLI_MIB_STR_(x) #x
#define CLI_MIB_STR(x) CLI_MIB_STR_(x)

/* Parses "A..B" (or "A") into lo and hi, 1 <= lo <= hi <= 64. */
static int parse_range(const char *s, int *lo, int *hi)
{
    char *end;
    errno = 0;
    /* digits: strtol would also skip blanks and take a sign */
    if (!isdigit((unsigned char)s[0]))
        return -1;
    long a = strtol(s, &end, 10), b = a;
    if (end == s || errno)
        return -1;
    if (!strncmp(end, "..", 2)) {
        const char *t = end + 2;
        if (!isdigit((unsigned char)t[0]))
            return -1;
        b = strtol(t, &end, 10);
        if (end == t || errno)
            return -1;
    }
    if (*end || a < 1 || b < a || b > 64)
        return -1;
    *lo = (int)a;
    *hi = (int)b;
    return 0;
}

/* Parses a whole number in [min, max]. */
static int parse_int(const char *s, long min, long max, long *out)
{
    char *end;
    errno = 0;
    if (!(isdigit((unsigned char)s[0]) || (s[0] == '-' && isdigit((unsigned char)s[1]))))
        return -1;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

/* The rules of --rules, --players and --extra-turn (standard without them)
 * into a->run.solve.rules, their key into a->rules_key and a->query.rules. */
static int parse_rules(census_args *a, cy_error *err)
{
    const char *name = a->rules_name ? a->rules_name : "standard";
    cy_error e;
    if (cy_rules_parse(name, a->players, a->extra_turn, &a->run.solve.rules, &e) < 0) {
        char fmt[sizeof e.msg + 32];
        snprintf(fmt, sizeof fmt, "%%s%s", e.msg);
        return census_usage_error(err, fmt, "");
    }
    census_rules_key(&a->run.solve.rules, a->rules_key);
    a->query.rules = a->rules_key;
    return 0;
}

int census_parse_args(int argc, char **argv, int first, const char *allowed, census_args *a, cy_error *err)
{
    memset(a, 0, sizeof *a);
    /* the options with a value given so far, " key key ": each says one
     * thing, so a second one is refused rather than the last kept */
    char seen[512] = " ";
    for (int i = first; i < argc; i++) {
        const char *arg = argv[i];
        if (arg[0] != '-' || !arg[1]) {
            if (a->npos == (int)(sizeof a->pos / sizeof a->pos[0]))
                return census_usage_error(err, "too many arguments (at %s)", arg);
            a->pos[a->npos++] = arg;
            continue;
        }
        const char *name = arg + (arg[1] == '-' ? 2 : 1);
        char key[32];
        const char *eq = strchr(name, '=');
        size_t kl = eq ? (size_t)(eq - name) : strlen(name);
        if (kl >= sizeof key)
            return census_usage_error(err, "unknown option %s (try cycles help)", arg);
        memcpy(key, name, kl);
        key[kl] = 0;
        if (!strcmp(key, "o"))
            strcpy(key, "output");
        const char *p = strstr(allowed, key);
        size_t n = strlen(key);
        while (p && !((p == allowed || p[-1] == ' ') && (p[n] == ' ' || !p[n])))
            p = strstr(p + 1, key);
        if (!p)
            return census_usage_error(err, "unknown option %s (try cycles help)", arg);
        int flag = !strcmp(key, "trees") || !strcmp(key, "resume") || !strcmp(key, "partial") ||
                   !strcmp(key, "quiet") || !strcmp(key, "json") || !strcmp(key, "extra-turn");
        const char *val = NULL;
        if (flag) {
            if (eq)
                return census_usage_error(err, "option %s takes no value", arg);
        } else if (eq)
            val = eq + 1;
        else if (i + 1 < argc)
            val = argv[++i];
        else
            return census_usage_error(err, "option %s needs a value", arg);
        if (val) {
            char probe[40];
            snprintf(probe, sizeof probe, " %s ", key);
            if (strstr(seen, probe))
                return census_usage_error(err, "--%s is given twice; give it once", key);
            if (strlen(seen) + strlen(key) + 2 < sizeof seen)
                strcat(strcat(seen, key), " ");
        }
        long v;
        if (!strcmp(key, "trees"))
            a->run.trees = a->query.trees = 1;
        else if (!strcmp(key, "partial"))
            a->partial = 1;
        else if (!strcmp(key, "resume"))
            a->run.resume = 1;
        else if (!strcmp(key, "quiet"))
            a->run.quiet = 1;
        else if (!strcmp(key, "json"))
            a->query.json = 1;
        else if (!strcmp(key, "extra-turn"))
            a->extra_turn = 1;
        else if (!strcmp(key, "rules"))
            a->rules_name = val;
        else if (!strcmp(key, "players")) {
            if (parse_int(val, 0, 1000, &v) < 0)
                return census_usage_error(err, "--players wants a whole number, not \"%s\"", val);
            a->players = (int)v;
        } else if (!strcmp(key, "db"))
            a->db = val;
        else if (!strcmp(key, "parts")) {
            if (parse_int(val, 1, 1000000, &v) < 0)
                return census_usage_error(err, "--parts wants a whole number from 1 to 1000000, not \"%s\"", val);
            a->run.parts = (int)v;
        } else if (!strcmp(key, "output"))
            a->output = val;
        else if (!strcmp(key, "made-by"))
            a->made_by = val;
        else if (!strcmp(key, "edges")) {
            if (parse_range(val, &a->lo, &a->hi) < 0)
                return census_usage_error(err, "--edges wants A..B with 1 <= A <= B <= 64, not \"%s\"", val);
            a->have_edges = 1;
        } else if (!strcmp(key, "vertices")) {
            if (parse_range(val, &a->vlo, &a->vhi) < 0)
                return census_usage_error(err, "--vertices wants A..B with 1 <= A <= B <= 64, not \"%s\"", val);
            a->have_vertices = 1;
        } else if (!strcmp(key, "samples")) {
            if (parse_int(val, 0, 100000000, &v) < 0)
                return census_usage_error(err, "--samples wants a whole number (0: count only), not \"%s\"", val);
            a->samples = (int)v;
            a->have_samples = 1;
        } else if (!strcmp(key, "boards")) {
            if (parse_int(val, 0, 100000000, &v) < 0)
                return census_usage_error(err, "--boards wants a whole number (0: all), not \"%s\"", val);
            a->boards = (int)v;
            a->have_boards = 1;
        } else if (!strcmp(key, "seed")) {
            char *end;
            errno = 0;
            unsigned long long sd = strtoull(val, &end, 10);
            if (!isdigit((unsigned char)val[0]) || end == val || *end || errno)
                return census_usage_error(err, "--seed wants a whole number, not \"%s\"", val);
            a->seed = sd;
        } else if (!strcmp(key, "part")) {
            char r[32], *slash = strchr(val, '/');
            long pr, pm;
            if (!slash || (size_t)(slash - val) >= sizeof r)
                return census_usage_error(err, "--part wants R/M with 0 <= R < M, not \"%s\"", val);
            memcpy(r, val, (size_t)(slash - val));
            r[slash - val] = 0;
            if (parse_int(r, 0, 1000000, &pr) < 0 || parse_int(slash + 1, 1, 1000000, &pm) < 0 || pr >= pm)
                return census_usage_error(err, "--part wants R/M with 0 <= R < M, not \"%s\"", val);
            a->run.part = (int)pr;
            a->run.parts = (int)pm;
        } else if (!strcmp(key, "timeout") || !strcmp(key, "count-timeout")) {
            char *end;
            errno = 0;
            double t = strtod(val, &end);
            if (!(isdigit((unsigned char)val[0]) || val[0] == '.') || strpbrk(val, "xX") || end == val || *end ||
                errno || !(t > 0) || !isfinite(t) || t > 1e9)
                return census_usage_error(err,
                                          key[0] == 't'
                                              ? "--timeout wants a positive number of seconds, not \"%s\""
                                              : "--count-timeout wants a positive number of seconds, not \"%s\"",
                                          val);
            if (key[0] == 't')
                a->run.solve.timeout = t;
            else
                a->count_timeout = t;
        } else if (!strcmp(key, "memory")) {
            if (cy_parse_size(val, &a->run.solve.memory) < 0)
                return census_usage_error(err, "--memory wants a size such as 512M or 2G, not \"%s\"", val);
            if (a->run.solve.memory < ((size_t)CY_CENSUS_MIN_MEMORY_MIB << 20))
                return census_usage_error(err,
                                          "--memory is at least " CLI_MIB_STR(CY_CENSUS_MIN_MEMORY_MIB) "M, not \"%s\"",
                                          val);
        } else if (!strcmp(key, "limit")) {
            if (parse_int(val, 0, 100000000, &v) < 0)
                return census_usage_error(err, "--limit wants a whole number (0: all), not \"%s\"", val);
            a->query.limit = v ? (int)v : -1;
        } else if (!strcmp(key, "batch")) {
            if (parse_int(val, 1, 100000000, &v) < 0)
                return census_usage_error(err, "--batch wants a positive whole number, not \"%s\"", val);
            a->run.batch = (int)v;
        }
    }
    return parse_rules(a, err);
}
