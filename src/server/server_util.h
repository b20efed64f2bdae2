/*
 * server_util.h - small helpers of the server (src/server/server_util.c):
 * allocation that stops the program when memory runs out, and the JSON text
 * of an answer.  The server reaches the engine through include/cycles.h
 * only; these are its own.  Its growable strings are GLib's GString
 * (g_string_free(s, FALSE) gives a string that free() releases: GLib
 * allocates with malloc).
 */
#ifndef CYCLES_SERVER_UTIL_H
#define CYCLES_SERVER_UTIL_H

#include "cycles.h"

#include <glib.h>
#include <jansson.h>
#include <stdlib.h>

/* malloc, calloc, realloc and strdup that stop the program with a message
 * when memory runs out (the server's inputs are bounded before they are
 * read, so this is not reachable from a request). */
void *sx_malloc(size_t n);
void *sx_calloc(size_t n, size_t size);
void *sx_realloc(void *p, size_t n);
char *sx_strdup(const char *s);

/* The JSON value o, two-space indented, keys in insertion order, reals to 6
 * digits, with a final newline (the bytes `cycles solve --json` prints), as
 * a malloc'd string; o is released.  Never NULL. */
char *sw_json_text(json_t *o);

#endif
