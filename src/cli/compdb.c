/*
 * compdb.c - `cycles compdb build|info`: the component database (the
 * library's cy_compdb_build and cy_compdb_open), and the --compdb option
 * and CYCLES_COMPDB of every command that solves.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

cy_compdb *cli_compdb_open(const cli_opts *o)
{
    const char *path = o && o->compdb ? o->compdb : getenv("CYCLES_COMPDB");
    if (!path || !*path)
        return NULL;
    cy_error err;
    cy_compdb *db = cy_compdb_open(path, &err);
    if (!db) {
        cli_fail("compdb", "%s; solving without it", err.msg);
        return NULL;
    }
    cy_compdb_use(db);
    return db;
}

/* Splits list (blank separated: a family name holds commas) into words in place, into w (room
 * for cap); returns how many. */
static int words(char *list, const char **w, int cap)
{
    int n = 0;
    for (char *t = strtok(list, " \t\n"); t && n < cap; t = strtok(NULL, " \t\n"))
        w[n++] = t;
    return n;
}

/* `cycles compdb build`. */
static int build(cli_opts *o)
{
    if (!o->output)
        return cli_usage_fail("compdb build: -o FILE is required (the database is binary)");
    if (!cli_given(o, "edges"))
        return cli_usage_fail("compdb build: --edges K is required");
    if (o->nargs > 1)
        return cli_usage_fail("compdb build takes no FILE word (use -o FILE)");
    char *list = strdup(o->boards ? o->boards : CLI_COMPDB_BOARDS);
    if (!list)
        return cli_fail("compdb", "out of memory");
    const char *boards[64];
    int nb = words(list, boards, 64);
    if (!nb) {
        free(list);
        return cli_usage_fail("compdb build: --boards names no board");
    }
    cy_compdb_build_opts bo = {
        .edges = o->edges,
        .boards = boards,
        .nboards = nb,
        .timeout = o->timeout,
        .playouts = o->games > 0 ? (uint64_t)o->games : 0,
        .memory = o->memory,
        .seed = cli_given(o, "seed") ? (uint64_t)o->seed : 1,
        .progress = !o->quiet,
    };
    cli_catch_interrupts();
    unsigned char *image;
    size_t size;
    cy_compdb_build_stats st;
    cy_error err;
    int rc = cy_compdb_build(&bo, &image, &size, &st, &err);
    free(list);
    if (rc < 0)
        return cli_fail("compdb build", "%s", err.msg);
    cli_out *h;
    FILE *f = cli_out_open(o->output, &h);
    if (!f) {
        free(image);
        return CLI_BAD_INPUT;
    }
    int failed = fwrite(image, 1, size, f) != size;
    free(image);
    if (cli_out_close(h, failed))
        return CLI_BAD_INPUT;
    if (!o->quiet)
        fprintf(stderr, "cycles: compdb: %llu components of at most %d edges from %llu games in %.1f s%s, %zu bytes\n",
                (unsigned long long)st.entries, o->edges, (unsigned long long)st.playouts, st.seconds,
                cli_interrupted() ? " (interrupted)"
                : st.timed_out    ? " (--timeout)"
                                  : "",
                size);
    /* interrupted: the file holds what was found, whole, as after --timeout */
    return cli_interrupted() ? CLI_USAGE : CLI_OK;
}

/* `cycles compdb info FILE`. */
static int info(cli_opts *o)
{
    if (o->nargs != 2)
        return cli_usage_fail("compdb info takes one FILE");
    cy_error err;
    cy_compdb *db = cy_compdb_open(o->args[1], &err);
    if (!db)
        return cli_fail("compdb", "%s", err.msg);
    cy_compdb_info in;
    cy_compdb_info_of(db, &in);
    cy_compdb_close(db);
    char text[256];
    if (o->json)
        snprintf(text, sizeof text, "{\"edges\": %d, \"entries\": %llu, \"bytes\": %llu, \"scheme\": \"%016llx\"}\n",
                 in.edges, (unsigned long long)in.entries, (unsigned long long)in.bytes, (unsigned long long)in.scheme);
    else
        snprintf(text, sizeof text, "components: %llu of at most %d live edges\nbytes: %llu\nscheme: %016llx\n",
                 (unsigned long long)in.entries, in.edges, (unsigned long long)in.bytes, (unsigned long long)in.scheme);
    return cli_emit(o, text);
}

int cmd_compdb(cli_opts *o)
{
    if (!strcmp(o->args[0], "build"))
        return build(o);
    if (!strcmp(o->args[0], "info"))
        return info(o);
    return cli_usage_fail("compdb: unknown word \"%.80s\" (build or info)", o->args[0]);
}
