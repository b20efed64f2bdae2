/*
 * util.c - errors, allocation, string buffers and small system helpers.
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "internal.h"

#include <sched.h>

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int cy_error_set(cy_error *err, const char *fmt, ...)
{
    if (err) {
        char raw[2048];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(raw, sizeof raw, fmt, ap);
        va_end(ap);
        cy_escape(err->msg, sizeof err->msg, raw, strlen(raw), 0);
    }
    return -1;
}

/* Length of the well-formed UTF-8 character at s[0..len) that is no control
 * character, or 0 when s starts with anything else. */
static size_t utf8_char(const unsigned char *s, size_t len)
{
    unsigned char c = s[0];
    if (c >= 0x20 && c < 0x7f)
        return 1;
    size_t k;
    unsigned char lo = 0x80, hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf)
        k = 2;
    else if (c >= 0xe0 && c <= 0xef) {
        k = 3;
        if (c == 0xe0)
            lo = 0xa0;
        else if (c == 0xed)
            hi = 0x9f; /* no UTF-16 surrogates */
    } else if (c >= 0xf0 && c <= 0xf4) {
        k = 4;
        if (c == 0xf0)
            lo = 0x90;
        else if (c == 0xf4)
            hi = 0x8f;
    } else
        return 0;
    if (len < k || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < k; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    if (c == 0xc2 && s[1] <= 0x9f)
        return 0; /* C1 control: escape both bytes */
    return k;
}

size_t cy_escape(char *out, size_t n, const char *s, size_t len, int flags)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t total = 0, w = 0;
    int full = n == 0;
    for (size_t i = 0; i < len;) {
        char piece[8];
        size_t k = utf8_char(u + i, len - i), plen;
        if (!k && (flags & CY_ESCAPE_KEEP_LINES) && (u[i] == '\n' || u[i] == '\t'))
            k = 1;
        if (k) {
            memcpy(piece, u + i, k);
            plen = k;
            i += k;
        } else {
            snprintf(piece, sizeof piece, "\\x%02x", u[i]);
            plen = 4;
            i++;
        }
        total += plen;
        if (!full && w + plen < n) {
            memcpy(out + w, piece, plen);
            w += plen;
        } else
            full = 1;
    }
    if (n)
        out[w] = 0;
    return total;
}

char *cy_escape_dup(const char *s, int flags)
{
    size_t len = strlen(s), n = cy_escape(NULL, 0, s, len, flags) + 1;
    char *out = cyi_xmalloc(n);
    cy_escape(out, n, s, len, flags);
    return out;
}

static void *oom(void)
{
    fputs("cycles: out of memory\n", stderr);
    abort();
}

void *cyi_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    return p ? p : oom();
}

void *cyi_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    return p ? p : oom();
}

void *cyi_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    return q ? q : oom();
}

char *cyi_xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(cyi_xmalloc(n), s, n);
}

static void buf_reserve(cyi_buf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1)
        cap *= 2;
    b->s = cyi_xrealloc(b->s, cap);
    b->cap = cap;
}

void cyi_buf_printf(cyi_buf *b, const char *fmt, ...)
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

void cyi_buf_puts(cyi_buf *b, const char *s)
{
    size_t n = strlen(s);
    buf_reserve(b, n);
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
}

char *cyi_buf_take(cyi_buf *b)
{
    char *s = b->s ? b->s : cyi_xstrdup("");
    b->s = NULL;
    b->len = b->cap = 0;
    return s;
}

int cyi_label_ok(const char *label)
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

size_t cyi_physical_memory(void)
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
#ifndef __EMSCRIPTEN__ /* WebAssembly (the static site's engine) has no affinity */
    cpu_set_t set;     /* the cores this process may run on (taskset, a container's cpuset) */
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
#endif
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

int cy_parse_size(const char *text, size_t *bytes)
{
    char *end;
    errno = 0;
    /* decimal digits first: strtod would also skip blanks and read hex */
    if (!(isdigit((unsigned char)text[0]) || text[0] == '.') || strpbrk(text, "xX"))
        return -1;
    double v = strtod(text, &end);
    if (end == text || errno || !(v > 0) || !isfinite(v))
        return -1;
    const char *units = "KMGT", *u = *end ? strchr(units, toupper((unsigned char)*end)) : NULL;
    double mult = 1;
    if (u) {
        for (const char *q = units; q <= u; q++)
            mult *= 1024;
        end++;
    }
    if (*end == 'B' || *end == 'b')
        end++;
    if (*end || v * mult > 1e15 || v * mult < 1)
        return -1;
    *bytes = (size_t)(v * mult);
    return 0;
}

/* Set once by cy_interrupt, read by every search (lock-free atomics, so a
 * signal handler may set it). */
static int interrupted;

void cy_interrupt(void)
{
    __atomic_store_n(&interrupted, 1, __ATOMIC_RELAXED);
}

int cy_interrupted(void)
{
    return __atomic_load_n(&interrupted, __ATOMIC_RELAXED);
}

double cy_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

char *cyi_json_text(struct json_t *o)
{
    char *s = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
    json_decref(o);
    if (!s) {
        fputs("cycles: out of memory\n", stderr);
        abort();
    }
    cyi_buf b = {0};
    cyi_buf_puts(&b, s);
    cyi_buf_puts(&b, "\n");
    free(s);
    return cyi_buf_take(&b);
}

int cyi_ticker_due(const cyi_ticker *t, int final)
{
    if (!t->on)
        return 0;
    double now = cy_now();
    if (now - t->born < 1.0)
        return 0;
    return final ? t->shown : now - t->last >= (isatty(2) ? 1.0 : 10.0);
}

void cyi_ticker_line(cyi_ticker *t, int final, const char *text)
{
    int tty = isatty(2);
    t->last = cy_now();
    fprintf(stderr, "%scycles: %s%s", tty ? "\r" : "", text, tty && !final ? "\033[K" : "\n");
    t->shown = tty && !final;
}

void cyi_ticker_show(cyi_ticker *t, int final, const char *fmt, ...)
{
    if (!cyi_ticker_due(t, final))
        return;
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    size_t at = n < 0 ? 0 : (size_t)n < sizeof text ? (size_t)n : sizeof text - 1;
    snprintf(text + at, sizeof text - at, ", memory %.0f MiB, %.1f s", (double)cy_resident_memory() / 1048576.0,
             cy_now() - t->born);
    cyi_ticker_line(t, final, text);
}

void cyi_double_text(char *s, size_t n, double x)
{
    if (x == 0)
        x = 0; /* no -0 */
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(s, n, "%.*g", digits, x);
        if (strtod(s, NULL) == x)
            return;
    }
}
