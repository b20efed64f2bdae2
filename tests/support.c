/*
 * support.c - helpers shared by the cmocka tests.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *t_source_path(const char *rel)
{
    static char buf[4096];
    const char *dir = getenv("CYCLES_SOURCE_DIR");
    snprintf(buf, sizeof buf, "%s/%s", dir ? dir : ".", rel);
    return buf;
}

const char *t_data_path(const char *rel)
{
    static char buf[4096];
    const char *dir = getenv("CYCLES_SOURCE_DIR");
    snprintf(buf, sizeof buf, "%s/tests/data/%s", dir ? dir : ".", rel);
    return buf;
}

char *t_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    assert_non_null(s);
    assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
    s[n] = 0;
    fclose(f);
    if (len)
        *len = (size_t)n;
    return s;
}

cy_board *t_board(const char *spec)
{
    cy_error err;
    cy_board *b = cy_load(spec, NULL, &err);
    if (!b)
        fail_msg("%s: %s", spec, err.msg);
    return b;
}

void t_analyse(const cy_board *b, const char *moves, cy_analysis *a)
{
    cy_error err;
    unsigned char *mark = calloc((size_t)b->ne + 1, 1);
    if (moves) {
        int *d, n;
        if (cy_moves_parse(b, moves, &d, &n, &err) < 0 || cy_moves_play(b, mark, d, n, &err) < 0)
            fail_msg("moves %s: %s", moves, err.msg);
        free(d);
    }
    cy_solver *s = cy_solver_new(b, NULL, &err);
    if (!s)
        fail_msg("%s", err.msg);
    if (cy_analyse(s, mark, a, &err) < 0)
        fail_msg("%s", err.msg);
    cy_solver_free(s);
    free(mark);
}

int t_grundy(const char *spec)
{
    cy_board *b = t_board(spec);
    cy_analysis a;
    t_analyse(b, NULL, &a);
    int g = a.grundy;
    cy_analysis_free(&a);
    cy_board_free(b);
    return g;
}
