/*
 * main.c - cycles-check FILE: checks a certificate written by
 * `cycles solve --certificate` (docs/certificates.md) on its own, without
 * the engine.  Prints "verified: " and the claim, exit status 0; or
 * "cycles-check: FILE: " and the first fault, exit status 1; 2 for a usage
 * error.
 */
#include "cert.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The file's bytes (malloc'd) and their count; NULL with errno on failure. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (n == cap) {
            char *b2 = cap < ((size_t)1 << 40) ? realloc(buf, cap * 2) : NULL;
            if (!b2) {
                free(buf);
                buf = NULL;
                errno = ENOMEM;
                break;
            }
            buf = b2;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                free(buf);
                buf = NULL;
                errno = EIO;
            }
            break;
        }
    }
    if (f != stdin)
        fclose(f);
    *len = n;
    return buf;
}

/* The path for a message: printable ASCII, the rest as \xNN. */
static void print_path(FILE *out, const char *s)
{
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch >= 0x20 && ch < 0x7f)
            fputc(ch, out);
        else
            fprintf(out, "\\x%02x", ch);
    }
}

int main(int argc, char **argv)
{
    if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        printf("usage: cycles-check FILE\n"
               "Checks a certificate of the Game of Cycles (cycles solve --certificate FILE)\n"
               "from the rules alone; \"-\" reads standard input.  Prints \"verified: \" and the\n"
               "claim (exit status 0), or the first record that fails and why (exit status 1).\n");
        return 0;
    }
    if (argc != 2) {
        fprintf(stderr, "usage: cycles-check FILE\n");
        return 2;
    }
    size_t len;
    char *text = slurp(argv[1], &len);
    if (!text) {
        fprintf(stderr, "cycles-check: ");
        print_path(stderr, argv[1]);
        fprintf(stderr, ": cannot read: %s\n", strerror(errno));
        return 1;
    }
    ck_result r;
    int rc = ck_check(text, len, &r);
    free(text);
    if (rc) {
        fprintf(stderr, "cycles-check: ");
        print_path(stderr, argv[1]);
        fprintf(stderr, ": %s\n", r.msg);
        return 1;
    }
    printf("verified: %s\n(%ld records; a board of %d vertices, %d edges, %d cells)\n", r.msg, r.records, r.nv, r.ne,
           r.ncells);
    return 0;
}
