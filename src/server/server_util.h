/*
 * server_util.h - small helpers of the server (src/server/server_util.c):
 * allocation that stops the program when memory runs out, a growable
 * string, and the JSON text of an answer.  The server reaches the engine
 * through include/cycles.h only; these are its own.
 */
#ifndef CYCLES_SERVER_UTIL_H
#define CYCLES_SERVER_UTIL_H

#include "cycles.h"

#include <jansson.h>
#include <stdlib.h>

/* malloc, calloc, realloc and strdup that stop the program with a message
 * when memory runs out (the server's inputs are bounded before they are
 * read, so this is not reachable from a request). */
void *sx_malloc(size_t n);
void *sx_calloc(size_t n, size_t size);
void *sx_realloc(void *p, size_t n);
char *sx_strdup(const char *s);

/* A growable string. */
typedef struct sbuf {
    char *s;
    size_t len, cap;
} sbuf;
/* Appends the formatted text, or s. */
void sbuf_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sbuf_puts(sbuf *b, const char *s);
/* The string (never NULL, malloc'd); the buffer is left empty. */
char *sbuf_take(sbuf *b);

/* The JSON value o, two-space indented, keys in insertion order, reals to 6
 * digits, with a final newline (the bytes `cycles solve --json` prints), as
 * a malloc'd string; o is released.  Never NULL. */
char *sw_json_text(json_t *o);

#endif
