/*
 * server_util.c - the server's small helpers (see server_util.h).
 */
#include "server_util.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Stops the program: memory ran out. */
static void out_of_memory(void)
{
    fputs("cycles: serve: out of memory\n", stderr);
    abort();
}

void *sx_malloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *sx_calloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *sx_realloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        out_of_memory();
    return q;
}

char *sx_strdup(const char *s)
{
    size_t n = strlen(s ? s : "") + 1;
    char *t = sx_malloc(n);
    memcpy(t, s ? s : "", n);
    return t;
}

char *sw_json_text(json_t *o)
{
    char *s = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
    json_decref(o);
    if (!s)
        out_of_memory();
    size_t n = strlen(s);
    char *t = sx_realloc(s, n + 2);
    t[n] = '\n';
    t[n + 1] = 0;
    return t;
}
