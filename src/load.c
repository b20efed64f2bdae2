/*
 * load.c - a BOARD argument as the command line means it: a file, or a
 * family name when no such file exists.
 */
#include "internal.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* Reads a whole regular file (at most 64 MiB) into a malloc'd string. */
static char *read_file(const char *path, size_t *len, cy_error *err)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return cy_error_set(err, "%s", strerror(errno)), NULL;
    if (!S_ISREG(st.st_mode))
        return cy_error_set(err, "not a regular file"), NULL;
    if (st.st_size > (64 << 20))
        return cy_error_set(err, "file is larger than 64 MiB"), NULL;
    FILE *f = fopen(path, "rb");
    if (!f)
        return cy_error_set(err, "%s", strerror(errno)), NULL;
    size_t cap = (size_t)st.st_size + 1, n = 0;
    char *s = cyi_xmalloc(cap + 1);
    size_t got;
    while ((got = fread(s + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            if (cap > (64u << 20)) {
                fclose(f);
                free(s);
                return cy_error_set(err, "file is larger than 64 MiB"), NULL;
            }
            s = cyi_xrealloc(s, (cap *= 2) + 1);
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(s);
        return cy_error_set(err, "read error"), NULL;
    }
    s[n] = 0;
    *len = n;
    return s;
}

cy_board *cy_load(const char *spec, char **moves, cy_error *err)
{
    if (moves)
        *moves = NULL;
    struct stat st;
    if (stat(spec, &st) != 0 && cy_family_known(spec))
        return cy_family_build(spec, err);
    size_t len = 0;
    char *text = read_file(spec, &len, err);
    if (!text) {
        if (!strchr(spec, '/') && !strchr(spec, '.'))
            cy_error_set(err, "no such file, and no family of that name (cycles families lists them)");
        return NULL;
    }
    cy_board *b = cy_read_board(text, len, CY_FMT_AUTO, moves, err);
    free(text);
    if (b && !b->name)
        b->name = cy_escape_dup(spec, 0);
    return b;
}
