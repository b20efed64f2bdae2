/*
 * util.c - errors, allocation, string buffers and small system helpers.
 */
#include "internal.h"

#include <ctype.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int cy_error_set(cy_error *err, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static void *oom(void)
{
    fputs("cycles: out of memory\n", stderr);
    abort();
}

void *cy_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    return p ? p : oom();
}

void *cy_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    return p ? p : oom();
}

void *cy_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    return q ? q : oom();
}

char *cy_xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(cy_xmalloc(n), s, n);
}

static void buf_reserve(cy_buf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1)
        cap *= 2;
    b->s = cy_xrealloc(b->s, cap);
    b->cap = cap;
}

void cy_buf_printf(cy_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    buf_reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void cy_buf_puts(cy_buf *b, const char *s)
{
    size_t n = strlen(s);
    buf_reserve(b, n);
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
}

char *cy_buf_take(cy_buf *b)
{
    char *s = b->s ? b->s : cy_xstrdup("");
    b->s = NULL;
    b->len = b->cap = 0;
    return s;
}

int cy_label_ok(const char *label)
{
    size_t n = strlen(label);
    if (n == 0 || n > CY_MAX_LABEL)
        return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)label[i];
        if (c <= ' ' || c >= 127 || c == ',' || c == '"' || c == '\\')
            return 0;
        if (c == '-' && label[i + 1] == '>')
            return 0;
    }
    return 1;
}

size_t cy_physical_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    return pages > 0 && size > 0 ? (size_t)pages * (size_t)size : 0;
}

size_t cy_resident_memory(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long pages = 0, rss = 0;
    if (!f)
        return 0;
    int n = fscanf(f, "%lu %lu", &pages, &rss);
    fclose(f);
    long size = sysconf(_SC_PAGESIZE);
    return n == 2 && size > 0 ? (size_t)rss * (size_t)size : 0;
}

int cy_cpu_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

double cy_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

char *cy_json_text(struct json_t *o)
{
    char *s = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
    json_decref(o);
    if (!s) {
        fputs("cycles: out of memory\n", stderr);
        abort();
    }
    cy_buf b = {0};
    cy_buf_puts(&b, s);
    cy_buf_puts(&b, "\n");
    free(s);
    return cy_buf_take(&b);
}
