/*
 * cert.c - reads a certificate of the Game of Cycles and checks it
 * (docs/certificates.md).  Self-contained: the rules below are written from
 * the papers, not taken from libcycles.
 *
 * The game (Alvarado et al. 2021, sections 1-2).  Players take turns
 * marking an unmarked edge with an arrow.  A move may not leave a vertex a
 * sink (every edge at it marked, all pointing in) or a source (all pointing
 * out); special vertices (Fokkink and Zandee 2022) are exempt.  A cell is a
 * cycle cell when every edge of its boundary walk is marked, all one way
 * round the walk; whoever completes one wins at once, and otherwise whoever
 * makes the last move wins.
 *
 * The equivalent normal-play game (Fokkink and Zandee 2022, section 3).  A
 * death move is a legal move after which the opponent can complete a cycle
 * cell: it loses at once, so it is made only when nothing else is left, and
 * leaving it out changes no outcome.  In a position where no cycle cell can
 * be completed, the moves of the normal-play game are the legal moves that
 * are not death moves (the "safe" moves); each leads again to a position
 * where no cycle cell can be completed, and whoever cannot move loses.  The
 * player to move wins the original game exactly when a cycle cell can be
 * completed at once, or the normal-play game's Grundy value is not 0.
 *
 * The records.  "= X g w0 .. w(g-1)" says X has Grundy value g: each wk is
 * a safe move to a position with a record "= Y k", and every safe move of X
 * leads to a position Y with a record "= Y h" for some h != g or a record
 * "! Y g".  "! X g m" says X's value is not g: the safe move m leads to a
 * position with the record "= Y g" (a position's value is never that of one
 * of its options).  Positions gain a mark with each move, so by induction
 * on the unmarked edges every record that passes is true.  Version 2 adds
 * frozen edges ('x'), sums of components ("= X g *"), canonical forms, the
 * board's symmetries ("m" lines), Theorem 6 ("= X 0 ~ I") and the misère
 * rules, each explained where it is checked below.
 */
#include "cert.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bounds on what a certificate may describe (far above any board the
 * engine solves; they keep a hostile file from asking for huge memory). */
#define CK_MAX_VERTICES 100000
#define CK_MAX_EDGES 100000
#define CK_MAX_WALK 1000000
#define CK_MAX_VALUE 1000000
#define CK_MAX_MAPS 1000

typedef struct rec {
    char kind;   /* '=' or '!' */
    int g;       /* the value claimed (=) or excluded (!) */
    long line;   /* where it is in the file */
    size_t mark; /* offset of its marks in ck.marks */
    size_t move; /* offset of its moves in ck.moves */
    int nmoves;  /* -1: "= X g *", a sum of components; -2: "= X 0 ~ I" */
    int thm;     /* -2: the map I of Theorem 6 */
    int used;    /* referred to by the root or another record */
} rec;

typedef struct ck {
    /* the text, read line by line */
    const char *text;
    size_t len, pos;
    long line;
    /* the board */
    int nv, ne, nc;
    char **label; /* labels (NULL: vertex numbers) */
    unsigned char *special;
    int *eu, *ev;                   /* edge e joins eu[e] -> ev[e] when marked '+' */
    int *wstart, *walk;             /* cell c's walk: darts walk[wstart[c] .. wstart[c+1]) */
    unsigned char *cyclable;        /* the walk uses no edge twice */
    int *istart, *inc;              /* vertex v's edge ends: inc[istart[v] .. istart[v+1]),
                                       each 2e (v is eu[e]) or 2e+1 (v is ev[e]) */
    int *parent;                    /* union-find over edges (split) */
    char *tmp, *cbuf, *lbuf, *mbuf; /* ne marks of scratch each (canonical forms, images) */
    int version;                    /* of the format: 1 (no canonical forms, no maps) or 2 */
    int misere;                     /* rules misere: won and lost positions, looked up as they are */
    int nmaps;
    int *maps; /* map i: the image of dart d is maps[2 ne i + d] */
    /* the root and the claim */
    char *root;
    int claim; /* 'W' win, 'L' loss, 'G' grundy */
    int claim_g;
    /* the records */
    rec *recs;
    long nrec;
    size_t caprec;
    char *marks; /* nrec * ne marks: '.', '+' or '-' */
    size_t capmarks;
    int *moves; /* darts: 2e along edge e, 2e+1 against */
    size_t nmv, capmv;
    long *hash; /* open addressing over record indices, -1 empty */
    size_t hcap;
    ck_result *r;
} ck;

/* ---------------------------------------------------------------- errors */

/* Sets the result's message (first fault only) and returns -1. */
static int fail(ck *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(ck *c, const char *fmt, ...)
{
    if (c->r->msg[0])
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->r->msg, sizeof c->r->msg, fmt, ap);
    va_end(ap);
    return -1;
}

/* A piece of the file for a message: printable ASCII kept, the rest as
 * \xNN, cut at 40 bytes. */
static const char *shown(const char *s, size_t n, char *buf, size_t cap)
{
    size_t o = 0;
    for (size_t i = 0; i < n && o + 8 < cap; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (i == 40) {
            o += (size_t)snprintf(buf + o, cap - o, "...");
            break;
        }
        if (ch >= 0x20 && ch < 0x7f && ch != '\\')
            buf[o++] = (char)ch;
        else
            o += (size_t)snprintf(buf + o, cap - o, "\\x%02x", ch);
    }
    buf[o] = 0;
    return buf;
}

static void *grow(ck *c, void *p, size_t n, size_t size, size_t *cap)
{
    if (n <= *cap)
        return p;
    size_t k = *cap ? *cap : 16;
    while (k < n)
        k *= 2;
    void *q = realloc(p, k * size);
    if (!q) {
        fail(c, "out of memory");
        return NULL;
    }
    *cap = k;
    return q;
}

/* ---------------------------------------------------------------- reading */

#define MAXTOK 16

/* One line split at blanks: the first MAXTOK words, and all of them counted. */
typedef struct line {
    const char *w[MAXTOK];
    size_t n[MAXTOK];
    int nw;           /* words, at most MAXTOK kept */
    const char *rest; /* the text after the first word (for long lines) */
    const char *end;
} line;

/* The next line that is neither blank nor a comment (# first); 0 at the end
 * of the text, -1 on a NUL byte. */
static int next_line(ck *c, line *l)
{
    while (c->pos < c->len) {
        const char *s = c->text + c->pos;
        const char *nl = memchr(s, '\n', c->len - c->pos);
        size_t n = nl ? (size_t)(nl - s) : c->len - c->pos;
        c->pos += n + (nl != NULL);
        c->line++;
        if (memchr(s, 0, n))
            return fail(c, "line %ld: a NUL byte: this is not a certificate", c->line);
        if (n && s[n - 1] == '\r')
            n--;
        l->nw = 0;
        l->end = s + n;
        l->rest = NULL;
        for (size_t i = 0; i < n;) {
            while (i < n && (s[i] == ' ' || s[i] == '\t'))
                i++;
            size_t j = i;
            while (j < n && s[j] != ' ' && s[j] != '\t')
                j++;
            if (j > i) {
                if (l->nw == 1 && !l->rest)
                    l->rest = s + i;
                if (l->nw < MAXTOK) {
                    l->w[l->nw] = s + i;
                    l->n[l->nw] = j - i;
                }
                l->nw++;
            }
            i = j;
        }
        if (l->nw == 0 || l->w[0][0] == '#')
            continue;
        return 1;
    }
    return 0;
}

static int is(const char *w, size_t n, const char *lit)
{
    return strlen(lit) == n && !memcmp(w, lit, n);
}

/* A whole number 0..max from w[0..n); -1 if it is not one. */
static long number(const char *w, size_t n, long max)
{
    if (n == 0 || n > 9)
        return -1;
    long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (w[i] < '0' || w[i] > '9')
            return -1;
        v = v * 10 + (w[i] - '0');
    }
    return v <= max ? v : -1;
}

/* A dart "+e" or "-e": 2e or 2e+1; -1 if malformed or out of range. */
static long dart(const ck *c, const char *w, size_t n)
{
    if (n < 2 || (w[0] != '+' && w[0] != '-'))
        return -1;
    long e = number(w + 1, n - 1, c->ne - 1);
    return e < 0 ? -1 : 2 * e + (w[0] == '-');
}

/* The words of a line one by one, past the first MAXTOK kept ones. */
typedef struct words {
    const char *p, *end;
} words;

static int next_word(words *it, const char **w, size_t *n)
{
    while (it->p < it->end && (*it->p == ' ' || *it->p == '\t'))
        it->p++;
    if (it->p >= it->end)
        return 0;
    *w = it->p;
    while (it->p < it->end && *it->p != ' ' && *it->p != '\t')
        it->p++;
    *n = (size_t)(it->p - *w);
    return 1;
}

/* Expects a line "KEY N"; N into *v (0..max). */
static int keyed_number(ck *c, const char *key, long max, long *v)
{
    line l;
    int got = next_line(c, &l);
    if (got < 0)
        return -1;
    if (!got || !is(l.w[0], l.n[0], key) || l.nw != 2)
        return fail(c, "line %ld: expected \"%s N\"", c->line, key);
    *v = number(l.w[1], l.n[1], max);
    if (*v < 0)
        return fail(c, "line %ld: %s: expected a whole number from 0 to %ld", c->line, key, max);
    return 0;
}

/* Reads marks (one of ". + -" per edge, and 'x' where frozen is set) into
 * out[ne]. */
static int read_marks(ck *c, const char *w, size_t n, char *out, int frozen)
{
    char b[200];
    if (n != (size_t)c->ne)
        return fail(c, "line %ld: the position \"%s\" has %zu marks for %d edges", c->line, shown(w, n, b, sizeof b), n,
                    c->ne);
    for (size_t i = 0; i < n; i++) {
        if (w[i] != '.' && w[i] != '+' && w[i] != '-' && (w[i] != 'x' || !frozen))
            return fail(c, "line %ld: the position has '%s' where a mark (. + -%s) belongs", c->line,
                        shown(w + i, 1, b, sizeof b), frozen ? " x" : "");
        out[i] = w[i];
    }
    return 0;
}

static int check_map(ck *c, const int *d);

/* Reads n lines "m D0 .. D(E-1)": a symmetry of the board, the image of
 * each edge's dart +e (that of -e is the image reversed). */
static int read_maps(ck *c, int n)
{
    char b[200];
    c->maps = malloc(((size_t)n * 2 * (size_t)c->ne + 1) * sizeof *c->maps);
    if (!c->maps)
        return fail(c, "out of memory");
    for (int i = 0; i < n; i++) {
        line l;
        int got = next_line(c, &l);
        if (got <= 0 || !is(l.w[0], l.n[0], "m"))
            return got < 0 ? -1 : fail(c, "line %ld: expected map %d as \"m\" and %d darts", c->line, i, c->ne);
        int *d = c->maps + (size_t)i * 2 * (size_t)c->ne, k = 0;
        words it = {l.rest ? l.rest : l.end, l.end};
        const char *w;
        size_t len;
        while (next_word(&it, &w, &len)) {
            long x = dart(c, w, len);
            if (x < 0 || k == c->ne)
                return fail(c, "line %ld: map %d: \"%s\" is not one of %d darts +E or -E", c->line, i,
                            shown(w, len, b, sizeof b), c->ne);
            d[2 * k] = (int)x;
            d[2 * k + 1] = (int)x ^ 1;
            k++;
        }
        if (k != c->ne)
            return fail(c, "line %ld: map %d has %d darts for %d edges", c->line, i, k, c->ne);
        c->nmaps++;
        if (check_map(c, d))
            return -1;
    }
    return 0;
}

/* The first two lines: "cycles-certificate 1|2" and "rules standard" (or,
 * in version 2, "rules misere").  0, or -1 after a message. */
static int read_kind(ck *c)
{
    line l;
    char b[200];
    int got = next_line(c, &l);
    if (got <= 0 || !is(l.w[0], l.n[0], "cycles-certificate") || l.nw != 2)
        return got < 0 ? -1
                       : fail(c, "line %ld: not a certificate of cycles (it starts \"cycles-certificate 1\")", c->line);
    c->version = is(l.w[1], l.n[1], "1") ? 1 : 2;
    if (!is(l.w[1], l.n[1], "1") && !is(l.w[1], l.n[1], "2"))
        return fail(c, "line %ld: format version %s is not known to this checker (it reads versions 1 and 2)", c->line,
                    shown(l.w[1], l.n[1], b, sizeof b));
    got = next_line(c, &l);
    c->misere = got > 0 && c->version > 1 && l.nw == 2 && is(l.w[1], l.n[1], "misere");
    if (got <= 0 || !is(l.w[0], l.n[0], "rules") || l.nw != 2 || (!is(l.w[1], l.n[1], "standard") && !c->misere))
        return got < 0 ? -1 : fail(c, "line %ld: expected \"rules standard\" or (version 2) \"rules misere\"", c->line);
    return 0;
}

/* The vertices: their number, their labels (optional) and the special
 * ones.  0, or -1 after a message. */
static int read_vertices(ck *c)
{
    line l;
    char b[200];
    int got;
    long v;
    if (keyed_number(c, "vertices", CK_MAX_VERTICES, &v))
        return -1;
    c->nv = (int)v;
    c->special = calloc((size_t)c->nv + 1, 1);
    c->label = calloc((size_t)c->nv + 1, sizeof *c->label);
    if (!c->special || !c->label)
        return fail(c, "out of memory");
    /* labels (optional), then special */
    got = next_line(c, &l);
    if (got > 0 && is(l.w[0], l.n[0], "labels")) {
        words it = {l.rest ? l.rest : l.end, l.end};
        const char *w;
        size_t n;
        int k = 0;
        while (next_word(&it, &w, &n)) {
            if (k == c->nv)
                return fail(c, "line %ld: more labels than the %d vertices", c->line, c->nv);
            shown(w, n, b, sizeof b);
            c->label[k] = malloc(strlen(b) + 1);
            if (!c->label[k])
                return fail(c, "out of memory");
            strcpy(c->label[k], b);
            k++;
        }
        if (k != c->nv)
            return fail(c, "line %ld: %d labels for %d vertices", c->line, k, c->nv);
        got = next_line(c, &l);
    }
    if (got <= 0 || !is(l.w[0], l.n[0], "special"))
        return got < 0 ? -1 : fail(c, "line %ld: expected \"special\" and the special vertices", c->line);
    {
        words it = {l.rest ? l.rest : l.end, l.end};
        const char *w;
        size_t n;
        while (next_word(&it, &w, &n)) {
            long s = number(w, n, c->nv - 1);
            if (s < 0)
                return fail(c, "line %ld: special vertex \"%s\" is not a vertex 0..%d", c->line,
                            shown(w, n, b, sizeof b), c->nv - 1);
            c->special[s] = 1;
        }
    }
    return 0;
}

/* The edges, "e U V" each, and each vertex's edge ends (istart, inc).  0,
 * or -1 after a message. */
static int read_edges(ck *c)
{
    line l;
    int got;
    long v;
    if (keyed_number(c, "edges", CK_MAX_EDGES, &v))
        return -1;
    c->ne = (int)v;
    c->eu = malloc(((size_t)c->ne + 1) * sizeof *c->eu);
    c->ev = malloc(((size_t)c->ne + 1) * sizeof *c->ev);
    c->istart = calloc((size_t)c->nv + 2, sizeof *c->istart);
    c->inc = malloc((2 * (size_t)c->ne + 1) * sizeof *c->inc);
    if (!c->eu || !c->ev || !c->istart || !c->inc)
        return fail(c, "out of memory");
    for (int e = 0; e < c->ne; e++) {
        got = next_line(c, &l);
        if (got <= 0 || !is(l.w[0], l.n[0], "e") || l.nw != 3)
            return got < 0 ? -1 : fail(c, "line %ld: expected edge %d as \"e U V\"", c->line, e);
        long u = number(l.w[1], l.n[1], c->nv - 1), w = number(l.w[2], l.n[2], c->nv - 1);
        if (u < 0 || w < 0)
            return fail(c, "line %ld: edge %d: its ends must be vertices 0..%d", c->line, e, c->nv - 1);
        c->eu[e] = (int)u;
        c->ev[e] = (int)w;
        c->istart[u + 1]++;
        c->istart[w + 1]++;
    }
    /* each vertex's edge ends */
    for (int x = 0; x < c->nv; x++)
        c->istart[x + 1] += c->istart[x];
    int *fill = malloc(((size_t)c->nv + 1) * sizeof *fill);
    if (!fill)
        return fail(c, "out of memory");
    memcpy(fill, c->istart, (size_t)c->nv * sizeof *fill);
    for (int e = 0; e < c->ne; e++) {
        c->inc[fill[c->eu[e]]++] = 2 * e;
        c->inc[fill[c->ev[e]]++] = 2 * e + 1;
    }
    free(fill);
    return 0;
}

/* The cells, each a closed walk of darts; a cell whose walk uses an edge
 * twice is never a cycle cell.  0, or -1 after a message. */
static int read_cells(ck *c)
{
    line l;
    char b[200];
    int got;
    long v;
    if (keyed_number(c, "cells", CK_MAX_EDGES, &v))
        return -1;
    c->nc = (int)v;
    c->wstart = calloc((size_t)c->nc + 1, sizeof *c->wstart);
    c->cyclable = calloc((size_t)c->nc + 1, 1);
    unsigned char *seen = calloc((size_t)c->ne + 1, 1);
    size_t nwalk = 0, capwalk = 0;
    if (!c->wstart || !c->cyclable || !seen) {
        free(seen);
        return fail(c, "out of memory");
    }
    for (int f = 0; f < c->nc; f++) {
        got = next_line(c, &l);
        if (got <= 0 || !is(l.w[0], l.n[0], "c") || l.nw < 2) {
            free(seen);
            return got < 0 ? -1 : fail(c, "line %ld: expected cell %d as \"c\" and its walk of darts", c->line, f);
        }
        words it = {l.rest, l.end};
        const char *w;
        size_t n;
        c->cyclable[f] = 1;
        while (next_word(&it, &w, &n)) {
            long d = dart(c, w, n);
            if (d < 0 || nwalk >= CK_MAX_WALK) {
                free(seen);
                return fail(c, "line %ld: cell %d: \"%s\" is not a dart +E or -E of an edge 0..%d", c->line, f,
                            shown(w, n, b, sizeof b), c->ne - 1);
            }
            if (!(c->walk = grow(c, c->walk, nwalk + 1, sizeof *c->walk, &capwalk))) {
                free(seen);
                return -1;
            }
            c->walk[nwalk++] = (int)d;
            if (seen[d >> 1])
                c->cyclable[f] = 0; /* an edge twice: never a cycle cell */
            seen[d >> 1] = 1;
        }
        c->wstart[f + 1] = (int)nwalk;
        /* a closed walk: each dart ends where the next begins */
        for (int i = c->wstart[f]; i < c->wstart[f + 1]; i++) {
            int d = c->walk[i], e2 = c->walk[i + 1 < c->wstart[f + 1] ? i + 1 : c->wstart[f]];
            int head = (d & 1) ? c->eu[d >> 1] : c->ev[d >> 1];
            int tail = (e2 & 1) ? c->ev[e2 >> 1] : c->eu[e2 >> 1];
            if (head != tail) {
                free(seen);
                return fail(c, "line %ld: cell %d is not a closed walk: a dart ends at %d, the next starts at %d",
                            c->line, f, head, tail);
            }
        }
        for (int i = c->wstart[f]; i < c->wstart[f + 1]; i++)
            seen[c->walk[i] >> 1] = 0;
    }
    free(seen);
    return 0;
}

/* The symmetries (version 2, optional), the root position and the claim.
 * 0, or -1 after a message. */
static int read_claim(ck *c)
{
    line l;
    int got;
    long v;
    got = next_line(c, &l);
    if (got > 0 && is(l.w[0], l.n[0], "maps") && c->version > 1) {
        if (l.nw != 2 || (v = number(l.w[1], l.n[1], CK_MAX_MAPS)) < 0)
            return fail(c, "line %ld: expected \"maps N\" (N at most %d)", c->line, CK_MAX_MAPS);
        if (read_maps(c, (int)v))
            return -1;
        got = next_line(c, &l);
    }
    if (got <= 0 || !is(l.w[0], l.n[0], "root") || l.nw != 2)
        return got < 0 ? -1 : fail(c, "line %ld: expected \"root\" and the position's marks", c->line);
    c->root = malloc((size_t)c->ne + 1);
    if (!c->root)
        return fail(c, "out of memory");
    if (read_marks(c, l.w[1], l.n[1], c->root, 0))
        return -1;
    got = next_line(c, &l);
    if (got <= 0 || !is(l.w[0], l.n[0], "claim"))
        return got < 0 ? -1 : fail(c, "line %ld: expected \"claim win\", \"claim loss\" or \"claim grundy G\"", c->line);
    if (l.nw == 2 && is(l.w[1], l.n[1], "win"))
        c->claim = 'W';
    else if (l.nw == 2 && is(l.w[1], l.n[1], "loss"))
        c->claim = 'L';
    else if (l.nw == 3 && is(l.w[1], l.n[1], "grundy") && (c->claim_g = (int)number(l.w[2], l.n[2], CK_MAX_VALUE)) >= 0)
        c->claim = 'G';
    else
        return fail(c, "line %ld: expected \"claim win\", \"claim loss\" or \"claim grundy G\"", c->line);
    return 0;
}

/* The header: everything before the records.  0, or -1 after a message. */
static int read_header(ck *c)
{
    return read_kind(c) || read_vertices(c) || read_edges(c) || read_cells(c) || read_claim(c) ? -1 : 0;
}

/* Reads the records up to "end". */
static int read_records(ck *c)
{
    line l;
    char b[200];
    for (;;) {
        int got = next_line(c, &l);
        if (got < 0)
            return -1;
        if (!got)
            return fail(c, "line %ld: the certificate ends without \"end\" (cut short?)", c->line);
        if (is(l.w[0], l.n[0], "end") && l.nw == 1)
            break;
        if (!(is(l.w[0], l.n[0], "=") || is(l.w[0], l.n[0], "!")) || l.nw < 3)
            return fail(c, "line %ld: \"%s\" is not a record (\"= MARKS G MOVES\" or \"! MARKS G MOVE\")", c->line,
                        shown(l.w[0], l.n[0], b, sizeof b));
        if (!(c->recs = grow(c, c->recs, (size_t)c->nrec + 1, sizeof *c->recs, &c->caprec)))
            return -1;
        size_t need = ((size_t)c->nrec + 1) * (size_t)c->ne + 1;
        if (!(c->marks = grow(c, c->marks, need, 1, &c->capmarks)))
            return -1;
        rec *r = &c->recs[c->nrec];
        memset(r, 0, sizeof *r);
        r->kind = l.w[0][0];
        r->line = c->line;
        r->mark = (size_t)c->nrec * (size_t)c->ne;
        r->move = c->nmv;
        if (read_marks(c, l.w[1], l.n[1], c->marks + r->mark, 1))
            return -1;
        long g = number(l.w[2], l.n[2], CK_MAX_VALUE);
        if (g < 0)
            return fail(c, "line %ld: the value \"%s\" is not a whole number", c->line,
                        shown(l.w[2], l.n[2], b, sizeof b));
        r->g = (int)g;
        /* the moves: after the first three words */
        words it = {l.w[2] + l.n[2], l.end};
        const char *w;
        size_t n;
        words peek = it;
        if (r->kind == '=' && next_word(&peek, &w, &n) && is(w, n, "~")) {
            /* "= X 0 ~ I": lost by Theorem 6 under map I */
            long i = next_word(&peek, &w, &n) ? number(w, n, CK_MAX_MAPS) : -1;
            if (i < 0 || i >= c->nmaps || next_word(&peek, &w, &n) || r->g != 0)
                return fail(c, "line %ld: expected \"= MARKS 0 ~ I\" with I a map 0..%d", c->line, c->nmaps - 1);
            r->nmoves = -2;
            r->thm = (int)i;
            c->nrec++;
            continue;
        }
        while (next_word(&it, &w, &n)) {
            long d = r->kind == '=' && r->nmoves == 0 && is(w, n, "*") ? -2 : dart(c, w, n);
            if (d == -1)
                return fail(c, "line %ld: \"%s\" is not a move +E or -E of an edge 0..%d", c->line,
                            shown(w, n, b, sizeof b), c->ne - 1);
            if (!(c->moves = grow(c, c->moves, c->nmv + 1, sizeof *c->moves, &c->capmv)))
                return -1;
            c->moves[c->nmv++] = (int)d;
            r->nmoves++;
        }
        if (r->nmoves > 1 && c->moves[r->move] == -2)
            return fail(c, "line %ld: \"*\" (a sum of components) stands alone after the value", c->line);
        if (r->kind == '=' && r->nmoves == 1 && c->moves[c->nmv - 1] == -2) {
            r->nmoves = -1; /* "*": the components' sum */
            c->nmv--;
        } else if (r->kind == '=' && r->nmoves != r->g)
            return fail(c, "line %ld: a record of value %d needs %d moves (one to each smaller value), not %d", c->line,
                        r->g, r->g, r->nmoves);
        if (r->kind == '!' && r->nmoves != 1)
            return fail(c, "line %ld: a \"!\" record needs one move, not %d", c->line, r->nmoves);
        c->nrec++;
    }
    line l2;
    int got = next_line(c, &l2);
    if (got != 0)
        return got < 0 ? -1 : fail(c, "line %ld: text after \"end\"", c->line);
    return 0;
}

/* ---------------------------------------------------------------- the rules */

/* The arrow at end x of an edge (x = 2e: its first end, 2e+1: its second)
 * in position m: 1 out of the vertex, -1 into it, 0 unmarked ('.', or 'x':
 * an edge no longer played, in a component's position). */
static int arrow(const char *m, int x)
{
    char k = m[x >> 1];
    if (k == '.' || k == 'x')
        return 0;
    int out = (k == '+') == !(x & 1); /* '+' runs from the first end to the second */
    return out ? 1 : -1;
}

/* Whether vertex v is a sink or a source in m (never when special). */
static int sink_or_source(const ck *c, const char *m, int v)
{
    if (c->special[v] || c->istart[v] == c->istart[v + 1])
        return 0;
    int in = 0, out = 0;
    for (int i = c->istart[v]; i < c->istart[v + 1]; i++) {
        int a = arrow(m, c->inc[i]);
        if (a == 0)
            return 0;
        in += a < 0;
        out += a > 0;
    }
    return !in || !out;
}

static int tail_of(const ck *c, int d)
{
    return (d & 1) ? c->ev[d >> 1] : c->eu[d >> 1];
}
static int head_of(const ck *c, int d)
{
    return (d & 1) ? c->eu[d >> 1] : c->ev[d >> 1];
}

/* Whether dart d is a legal move in m: its edge unmarked, and after it
 * neither of its ends a sink or a source (only they change). */
static int legal(const ck *c, char *m, int d)
{
    int e = d >> 1;
    if (m[e] != '.')
        return 0;
    m[e] = (d & 1) ? '-' : '+';
    int ok = !sink_or_source(c, m, tail_of(c, d)) && !sink_or_source(c, m, head_of(c, d));
    m[e] = '.';
    return ok;
}

/* Cell f in m: 2 a cycle cell; 1 one unmarked edge, the rest all one way
 * round (*gap gets the dart completing it); 0 otherwise. */
static int cell(const ck *c, const char *m, int f, int *gap)
{
    if (!c->cyclable[f])
        return 0;
    int along = 0, against = 0, open = 0, hole = -1;
    for (int i = c->wstart[f]; i < c->wstart[f + 1]; i++) {
        int d = c->walk[i];
        char k = m[d >> 1];
        if (k == '.' || k == 'x') {
            open++;
            hole = d;
        } else if ((k == '+') == !(d & 1)) {
            along++;
        } else {
            against++;
        }
    }
    if (along && against)
        return 0;
    if (open == 0)
        return 2;
    if (open > 1)
        return 0;
    *gap = against ? (hole ^ 1) : hole; /* the missing dart, the others' way round */
    return 1;
}

/* A legal move of m completing a cycle cell, with the cell in *which; -1 if none. */
static int completion(const ck *c, char *m, int *which)
{
    for (int f = 0; f < c->nc; f++) {
        int gap;
        if (cell(c, m, f, &gap) == 1 && legal(c, m, gap)) {
            *which = f;
            return gap;
        }
    }
    return -1;
}

/* The first fault of position m as a position of the normal-play game, in
 * words into buf; NULL when none: no sink, no source, no cycle cell, and no
 * cycle cell can be completed at once. */
static const char *position_fault(const ck *c, char *m, char *buf, size_t n)
{
    for (int v = 0; v < c->nv; v++)
        if (sink_or_source(c, m, v)) {
            snprintf(buf, n, "vertex %s is a sink or a source, which no game reaches", c->label[v] ? c->label[v] : "?");
            return buf;
        }
    int gap;
    for (int f = 0; f < c->nc; f++)
        if (cell(c, m, f, &gap) == 2) {
            snprintf(buf, n, "cell %d is a cycle cell: the game is over", f);
            return buf;
        }
    int f;
    if (!c->misere && completion(c, m, &f) >= 0) {
        snprintf(buf, n,
                 "the player to move completes cell %d at once, so no value of the normal-play game belongs here", f);
        return buf;
    }
    return NULL;
}

/* Whether legal dart d of m is a death move: after it the opponent can
 * complete a cycle cell. */
static int death(const ck *c, char *m, int d)
{
    int e = d >> 1, f;
    m[e] = (d & 1) ? '-' : '+';
    int dies = completion(c, m, &f) >= 0;
    m[e] = '.';
    return dies;
}

/* ---------------------------------------------------------------- symmetries

   A map (a "m" line) sends each dart to a dart.  It is a symmetry of the
   game when it permutes the edges; there is a one-to-one map p of the
   vertices, special to special, with each dart leaving v sent to a dart
   leaving p(v) (or, for a map that reverses every arrow, each dart coming
   into v sent to one leaving p(v)); and it sends the darts of each cell that
   can be a cycle cell onto those of such a cell, one way round or the other.
   Then the image of a position (each arrow along dart x moved to the dart x
   is sent to) has a sink, a source, a cycle cell or a legal move exactly
   where the position has one at the preimage, and the same value. */

/* Whether map d carries the vertices one to one, special to special: each
 * dart leaving v to one leaving p(v) (r = 1: each dart coming into v).
 * pi and hit: nv ints of scratch each. */
static int carries(const ck *c, const int *d, int r, int *pi, int *hit)
{
    int good = 1;
    for (int v = 0; v < c->nv; v++)
        pi[v] = -1;
    for (int x = 0; x < 2 * c->ne && good; x++) {
        int v = tail_of(c, x ^ r), w = tail_of(c, d[x]);
        if (pi[v] < 0)
            pi[v] = w;
        good = pi[v] == w;
    }
    memset(hit, 0, (size_t)c->nv * sizeof *hit);
    for (int v = 0; v < c->nv && good; v++)
        if (pi[v] >= 0)
            good = !hit[pi[v]]++ && c->special[v] == c->special[pi[v]];
    return good;
}

static int check_map(ck *c, const int *d)
{
    int nm = c->nmaps - 1, ok = 0;
    int *pi = malloc(((size_t)c->nv + 1) * sizeof *pi), *hit = calloc((size_t)c->nv + 2 * (size_t)c->ne + 1, sizeof *hit);
    int *owner = malloc((2 * (size_t)c->ne + 1) * sizeof *owner), *img = hit + c->nv;
    if (!pi || !hit || !owner) {
        free(pi), free(hit), free(owner);
        return fail(c, "out of memory");
    }
    for (int e = 0; e < c->ne && !ok; e++)
        if (hit[d[2 * e] >> 1]++)
            ok = fail(c, "line %ld: map %d sends two edges to edge %d", c->line, nm, d[2 * e] >> 1);
    for (int r = 0; r < 2 && ok == 0; r++)
        ok = carries(c, d, r, pi, hit);
    if (ok == 0)
        ok = fail(c,
                  "line %ld: map %d is not a symmetry: no one-to-one map of the vertices (special to special) "
                  "carries the edges' ends",
                  c->line, nm);
    /* the cells that can cycle, onto such cells */
    for (int x = 0; x < 2 * c->ne; x++)
        owner[x] = -1;
    for (int f = c->nc - 1; f >= 0; f--)
        if (c->cyclable[f])
            for (int i = c->wstart[f]; i < c->wstart[f + 1]; i++)
                owner[c->walk[i]] = f;
    memset(img, 0, 2 * (size_t)c->ne * sizeof *img);
    unsigned char *used = calloc((size_t)c->nc + 1, 1);
    if (!used)
        ok = fail(c, "out of memory");
    for (int f = 0; f < c->nc && ok > 0; f++) {
        if (!c->cyclable[f] || c->wstart[f] == c->wstart[f + 1])
            continue;
        for (int i = c->wstart[f]; i < c->wstart[f + 1]; i++)
            img[d[c->walk[i]]] = f + 1;
        int len = c->wstart[f + 1] - c->wstart[f], found = 0;
        for (int rev = 0; rev < 2 && !found; rev++) {
            int g = owner[d[c->walk[c->wstart[f]]] ^ rev];
            if (g < 0 || used[g] || c->wstart[g + 1] - c->wstart[g] != len)
                continue;
            found = 1;
            for (int i = c->wstart[g]; i < c->wstart[g + 1] && found; i++)
                found = img[c->walk[i] ^ rev] == f + 1;
            if (found)
                used[g] = 1;
        }
        if (!found)
            ok = fail(c, "line %ld: map %d is not a symmetry: cell %d goes to no cell", c->line, nm, f);
    }
    free(used);
    free(pi);
    free(hit);
    free(owner);
    return ok > 0 ? 0 : -1;
}

/* ---------------------------------------------------------------- components

   A position's '.' edges are its edges in play.  A constraint is a vertex
   that is not special, or a cell whose walk uses no edge twice; it is dead
   in m when it has arrows both ways (a vertex: one in and one out; a cell:
   one along its walk and one against), alive otherwise.  Two edges in play
   on one alive constraint are joined; the classes are the components.  No
   move in one component changes whether a move in another is legal or a
   death move (the marks that decide it are on the alive constraints of its
   own edges), so the position is the sum of its components, each the
   position with the other components' edges frozen ('x'), and its value is
   the XOR of theirs (Sprague-Grundy).  A position's canonical form freezes
   ('x') every edge whose mark cannot matter: it keeps the edges in play,
   every edge of an alive constraint on one of them, and of a dead one the
   two edges that show it dead (the lowest numbered arrow each way). */

/* Whether constraint k (k < nv: vertex k, else cell k - nv) touches an edge
 * in play in m; whether it is alive, with *fw and *bw its lowest numbered
 * edges with an arrow each way (-1 for none).  0 for no such constraint. */
static int constraint(const ck *c, const char *m, int k, int *fw, int *bw)
{
    int touch = 0;
    *fw = *bw = -1;
    if (k < c->nv) {
        if (c->special[k])
            return 0;
        for (int i = c->istart[k]; i < c->istart[k + 1]; i++) {
            int e = c->inc[i] >> 1, a = arrow(m, c->inc[i]);
            touch |= m[e] == '.';
            if (a > 0 && (*fw < 0 || e < *fw))
                *fw = e;
            if (a < 0 && (*bw < 0 || e < *bw))
                *bw = e;
        }
        return touch;
    }
    int f = k - c->nv;
    if (!c->cyclable[f])
        return 0;
    for (int i = c->wstart[f]; i < c->wstart[f + 1]; i++) {
        int d = c->walk[i], e = d >> 1;
        touch |= m[e] == '.';
        if (m[e] == '+' || m[e] == '-') {
            int along = (m[e] == '+') == !(d & 1);
            int *w = along ? fw : bw;
            if (*w < 0 || e < *w)
                *w = e;
        }
    }
    return touch;
}

/* The edges of constraint k, each given to fn. */
static void each_edge(ck *c, int k, void (*fn)(ck *, int, int), int arg)
{
    if (k < c->nv)
        for (int i = c->istart[k]; i < c->istart[k + 1]; i++)
            fn(c, c->inc[i] >> 1, arg);
    else
        for (int i = c->wstart[k - c->nv]; i < c->wstart[k - c->nv + 1]; i++)
            fn(c, c->walk[i] >> 1, arg);
}

static void show_edge(ck *c, int e, int arg)
{
    (void)arg;
    c->tmp[e] |= 0x40; /* a bit no mark character has */
}

/* The canonical form of m into out (may be m); version 1: m itself. */
static void canonical(ck *c, const char *m, char *out)
{
    if (c->version == 1 || c->misere) {
        memmove(out, m, (size_t)c->ne);
        return;
    }
    memset(c->tmp, 0, (size_t)c->ne);
    for (int e = 0; e < c->ne; e++)
        if (m[e] == '.')
            c->tmp[e] = 0x40;
    for (int k = 0; k < c->nv + c->nc; k++) {
        int fw, bw;
        if (!constraint(c, m, k, &fw, &bw))
            continue;
        if (fw < 0 || bw < 0)
            each_edge(c, k, show_edge, 0);
        else
            c->tmp[fw] = c->tmp[bw] = 0x40;
    }
    for (int e = 0; e < c->ne; e++)
        out[e] = c->tmp[e] ? m[e] : 'x';
}

static int root_of(ck *c, int e)
{
    while (c->parent[e] != e)
        e = c->parent[e] = c->parent[c->parent[e]];
    return e;
}

static void join_edge(ck *c, int e, int first)
{
    if (c->tmp[e] == '.')
        c->parent[root_of(c, e)] = root_of(c, first);
}

/* Splits the edges in play of m into components: parent[] then names each
 * one's class (root_of).  Returns how many. */
static int split(ck *c, const char *m)
{
    memcpy(c->tmp, m, (size_t)c->ne);
    for (int e = 0; e < c->ne; e++)
        c->parent[e] = e;
    for (int k = 0; k < c->nv + c->nc; k++) {
        int fw, bw, first = -1;
        if (!constraint(c, m, k, &fw, &bw) || (fw >= 0 && bw >= 0))
            continue;
        if (k < c->nv) {
            for (int i = c->istart[k]; i < c->istart[k + 1] && first < 0; i++)
                if (m[c->inc[i] >> 1] == '.')
                    first = c->inc[i] >> 1;
        } else {
            for (int i = c->wstart[k - c->nv]; i < c->wstart[k - c->nv + 1] && first < 0; i++)
                if (m[c->walk[i] >> 1] == '.')
                    first = c->walk[i] >> 1;
        }
        each_edge(c, k, join_edge, first);
    }
    int n = 0;
    for (int e = 0; e < c->ne; e++)
        n += m[e] == '.' && root_of(c, e) == e;
    return n;
}

/* ---------------------------------------------------------------- records */

static uint64_t hash_of(const char *m, int ne, int kind, int g)
{
    uint64_t h = 1469598103934665603ULL ^ (uint64_t)kind ^ ((uint64_t)(unsigned)g << 8);
    for (int i = 0; i < ne; i++)
        h = (h ^ (unsigned char)m[i]) * 1099511628211ULL;
    return h ^ (h >> 29);
}

/* The record of kind with marks m (and value g for '!'), or -1. */
static long find(const ck *c, const char *m, int kind, int g)
{
    size_t i = (size_t)hash_of(m, c->ne, kind, kind == '!' ? g : 0) & (c->hcap - 1);
    for (; c->hash[i] >= 0; i = (i + 1) & (c->hcap - 1)) {
        const rec *r = &c->recs[c->hash[i]];
        if (r->kind == kind && (kind == '=' || r->g == g) && !memcmp(c->marks + r->mark, m, (size_t)c->ne))
            return c->hash[i];
    }
    return -1;
}

/* The record of kind (value g for '!') of position m: of its canonical form
 * or of the canonical form of an image of that under a map; -1 if none.
 * Every record found so is marked used (canonical forms and maps do not
 * commute, so one position may have records under two of its images). */
static long lookup(ck *c, const char *m, int kind, int g)
{
    canonical(c, m, c->lbuf);
    long y = find(c, c->lbuf, kind, g);
    if (y >= 0)
        c->recs[y].used = 1;
    for (int i = 0; i < c->nmaps; i++) {
        const int *d = c->maps + (size_t)i * 2 * (size_t)c->ne;
        for (int e = 0; e < c->ne; e++) {
            char k = c->lbuf[e];
            int x = d[2 * e + (k == '-')];
            c->mbuf[x >> 1] = k == '+' || k == '-' ? ((x & 1) ? '-' : '+') : k;
        }
        canonical(c, c->mbuf, c->mbuf);
        long z = find(c, c->mbuf, kind, g);
        if (z >= 0) {
            c->recs[z].used = 1;
            if (y < 0)
                y = z;
        }
    }
    return y;
}

static int index_records(ck *c)
{
    c->hcap = 16;
    while (c->hcap < 2 * (size_t)c->nrec + 2)
        c->hcap *= 2;
    c->hash = malloc(c->hcap * sizeof *c->hash);
    if (!c->hash)
        return fail(c, "out of memory");
    for (size_t i = 0; i < c->hcap; i++)
        c->hash[i] = -1;
    for (long k = 0; k < c->nrec; k++) {
        rec *r = &c->recs[k];
        const char *m = c->marks + r->mark;
        long old = find(c, m, r->kind, r->g);
        if (old >= 0)
            return fail(c, "line %ld: the same position as the record of line %ld", r->line, c->recs[old].line);
        size_t i = (size_t)hash_of(m, c->ne, r->kind, r->kind == '!' ? r->g : 0) & (c->hcap - 1);
        while (c->hash[i] >= 0)
            i = (i + 1) & (c->hcap - 1);
        c->hash[i] = k;
    }
    return 0;
}

/* A move in words: "+3 (a->b)". */
static const char *move_name(const ck *c, int d, char *buf, size_t n)
{
    int t = tail_of(c, d), h = head_of(c, d);
    snprintf(buf, n, "%c%d (%s->%s)", (d & 1) ? '-' : '+', d >> 1, c->label[t] ? c->label[t] : "?",
             c->label[h] ? c->label[h] : "?");
    return buf;
}

/* "= X 0 ~ I": X is lost for the player to move by Theorem 6 of Alvarado
 * et al. 2021, whose proof never uses that the board is empty: R, map I,
 * is an involution that reverses arrows (a symmetry tau, every arrow then
 * reversed); the board is simple; (a) X is its own image under R; (b) no
 * edge in play is its own image; (c) no alive cell that is not its own image
 * has an edge in play whose image is in it too.  Then the other player
 * answers each move d by R(d), which (a)-(c) keep legal and no death move,
 * and the player to move is the first without a move: see the proof at
 * th6_lost in the engine's theorem6.c, or the paper. */
static int check_thm(ck *c, const rec *r, const char *m)
{
    const int *d = c->maps + (size_t)r->thm * 2 * (size_t)c->ne;
    const char *why = NULL;
    int *pi = malloc(((size_t)c->nv + 1) * sizeof *pi), *hit = malloc(((size_t)c->nv + 1) * sizeof *hit);
    int *st = calloc((size_t)c->ne + (size_t)c->nv + 1, sizeof *st);
    if (!pi || !hit || !st) {
        free(pi), free(hit), free(st);
        return fail(c, "out of memory");
    }
    for (int x = 0; x < 2 * c->ne && !why; x++)
        if (d[d[x]] != x)
            why = "the map is not an involution";
    if (!why && !carries(c, d, 1, pi, hit))
        why = "the map does not reverse the arrows";
    int *nb = st + c->ne; /* per vertex, the last vertex stamped a neighbour */
    for (int v = 0; v < c->nv && !why; v++)
        for (int i = c->istart[v]; i < c->istart[v + 1] && !why; i++) {
            int e = c->inc[i] >> 1, w = (c->inc[i] & 1) ? c->eu[e] : c->ev[e];
            if (w == v || nb[w] == v + 1)
                why = "the board has a loop or two edges joining two vertices";
            nb[w] = v + 1;
        }
    for (int e = 0; e < c->ne && !why; e++) {
        int x = m[e] == '+' ? d[2 * e] : m[e] == '-' ? d[2 * e + 1] : d[2 * e];
        char img = m[e] == '+' || m[e] == '-' ? ((x & 1) ? '-' : '+') : m[e];
        if (m[x >> 1] != img)
            why = "(a) the position is not its own image";
        else if (m[e] == '.' && (d[2 * e] >> 1) == e)
            why = "(b) an edge in play is its own image";
    }
    for (int f = 0; f < c->nc && !why; f++) {
        if (!c->cyclable[f])
            continue;
        int along = 0, against = 0, self = 1;
        for (int i = c->wstart[f]; i < c->wstart[f + 1]; i++) {
            int w = c->walk[i], e = w >> 1;
            st[e] = f + 1;
            if (m[e] == '+' || m[e] == '-')
                *((m[e] == '+') == !(w & 1) ? &along : &against) = 1;
        }
        for (int i = c->wstart[f]; i < c->wstart[f + 1]; i++)
            self &= st[d[c->walk[i]] >> 1] == f + 1;
        if (along && against)
            continue; /* dead */
        for (int i = c->wstart[f]; i < c->wstart[f + 1] && !self && !why; i++) {
            int e = c->walk[i] >> 1;
            if (m[e] == '.' && st[d[2 * e] >> 1] == f + 1)
                why = "(c) a cell that is not its own image has an edge in play whose image is in it too";
        }
    }
    free(pi);
    free(hit);
    free(st);
    if (why)
        return fail(c, "line %ld: Theorem 6 (map %d) does not apply: %s", r->line, r->thm, why);
    return 0;
}

/* Whether record k's position is in canonical form; 0 or -1 with the fault. */
static int check_form(ck *c, long k)
{
    const rec *r = &c->recs[k];
    const char *m = c->marks + r->mark;
    canonical(c, m, c->cbuf);
    for (int e = 0; e < c->ne; e++)
        if (c->cbuf[e] != m[e])
            return fail(c, "line %ld: the position is not in canonical form: edge %d should be '%c'", r->line, e,
                        c->cbuf[e]);
    return 0;
}

/* Whether dart d (legal in m) completes a cycle cell. */
static int completes(const ck *c, char *m, int d)
{
    int gap, hit = 0;
    m[d >> 1] = (d & 1) ? '-' : '+';
    for (int f = 0; f < c->nc && !hit; f++)
        hit = cell(c, m, f, &gap) == 2;
    m[d >> 1] = '.';
    return hit;
}

/* How many legal moves m has. */
static int legal_moves(const ck *c, char *m)
{
    int n = 0;
    for (int d = 0; d < 2 * c->ne; d++)
        n += legal(c, m, d);
    return n;
}

/* Record k under misère (its position m checked already): "! X 0 m", m
 * legal, completing no cycle cell, to a position with "= Y 0"; "= X 0", a
 * legal move, and each completing a cycle cell (the mover loses) or leading
 * to a position with "! Y 0" or with no legal move (won by its mover). */
static int check_misere(ck *c, rec *r, char *m)
{
    char mv[200];
    if (r->g != 0 || r->nmoves < 0)
        return fail(c, "line %ld: misère records are of won and lost positions only (\"= X 0\", \"! X 0 m\")", r->line);
    if (r->kind == '!') {
        int d = c->moves[r->move];
        if (!legal(c, m, d) || completes(c, m, d))
            return fail(c, "line %ld: the move %s is %s", r->line, move_name(c, d, mv, sizeof mv),
                        legal(c, m, d) ? "a loss: it completes a cycle cell" : "not legal here");
        m[d >> 1] = (d & 1) ? '-' : '+';
        long y = lookup(c, m, '=', 0);
        m[d >> 1] = '.';
        if (y < 0)
            return fail(c, "line %ld: the move %s should lead to a lost position, but that position has no \"=\" record",
                        r->line, move_name(c, d, mv, sizeof mv));
        c->recs[y].used = 1;
        return 0;
    }
    if (!legal_moves(c, m))
        return fail(c,
                    "line %ld: no legal move is left, so the player to move has won (the last move was the opponent's)",
                    r->line);
    for (int d = 0; d < 2 * c->ne; d++) {
        if (!legal(c, m, d) || completes(c, m, d))
            continue;
        m[d >> 1] = (d & 1) ? '-' : '+';
        long z = legal_moves(c, m) ? lookup(c, m, '!', 0) : -2;
        m[d >> 1] = '.';
        if (z == -1)
            return fail(c, "line %ld: the move %s leads to a position with no record showing it won", r->line,
                        move_name(c, d, mv, sizeof mv));
        if (z >= 0)
            c->recs[z].used = 1;
    }
    return 0;
}

/* Checks record k; 0 or -1 with the fault. */
static int check_record(ck *c, long k, char *m)
{
    rec *r = &c->recs[k];
    char why[300], mv[200];
    memcpy(m, c->marks + r->mark, (size_t)c->ne);
    if (position_fault(c, m, why, sizeof why))
        return fail(c, "line %ld: record \"%c\" names a position that is not one of the game: %s", r->line, r->kind, why);
    char *y0 = c->cbuf;
    if (c->misere)
        return check_misere(c, r, m);
    if (r->nmoves == -2)
        return check_thm(c, r, m);
    if (r->nmoves < 0) {
        /* "= X g *": the XOR of the components' values */
        int n = split(c, m), x = 0;
        if (n < 2)
            return fail(c, "line %ld: the position does not split into components (%d in play)", r->line, n);
        for (int e0 = 0; e0 < c->ne; e0++) {
            if (m[e0] != '.' || root_of(c, e0) != e0)
                continue;
            for (int e = 0; e < c->ne; e++)
                y0[e] = m[e] == '.' && root_of(c, e) != e0 ? 'x' : m[e];
            long y = lookup(c, y0, '=', 0);
            if (y < 0)
                return fail(c, "line %ld: the component of edge %d has no \"=\" record", r->line, e0);
            c->recs[y].used = 1;
            x ^= c->recs[y].g;
        }
        if (x != r->g)
            return fail(c, "line %ld: the components' values XOR to %d, not %d", r->line, x, r->g);
        return 0;
    }
    const int *w = c->moves ? c->moves + r->move : NULL; /* no moves at all: NULL */
    /* the named moves: safe, and to a position of the value said */
    for (int i = 0; i < r->nmoves; i++) {
        int d = w[i];
        if (!legal(c, m, d))
            return fail(c, "line %ld: the move %s is not legal here", r->line, move_name(c, d, mv, sizeof mv));
        if (death(c, m, d))
            return fail(c, "line %ld: the move %s is a death move (the opponent then completes a cycle cell)", r->line,
                        move_name(c, d, mv, sizeof mv));
        int want = r->kind == '=' ? i : r->g;
        m[d >> 1] = (d & 1) ? '-' : '+';
        long y = lookup(c, m, '=', 0);
        m[d >> 1] = '.';
        if (y < 0 || c->recs[y].g != want)
            return fail(c, "line %ld: the move %s should lead to a position of value %d, but %s", r->line,
                        move_name(c, d, mv, sizeof mv), want,
                        y < 0 ? "that position has no \"=\" record" : "its record says another value");
        c->recs[y].used = 1;
    }
    if (r->kind == '!')
        return 0;
    /* "=": no safe move keeps the value g */
    for (int d = 0; d < 2 * c->ne; d++) {
        if (!legal(c, m, d) || death(c, m, d))
            continue;
        m[d >> 1] = (d & 1) ? '-' : '+';
        long y = lookup(c, m, '=', 0), z = lookup(c, m, '!', r->g);
        m[d >> 1] = '.';
        if (y >= 0 && c->recs[y].g == r->g)
            return fail(c, "line %ld: the move %s leads to a position of the same value %d (record of line %ld)",
                        r->line, move_name(c, d, mv, sizeof mv), r->g, c->recs[y].line);
        if (y < 0 && z < 0)
            return fail(c, "line %ld: the move %s leads to a position with no record showing its value is not %d",
                        r->line, move_name(c, d, mv, sizeof mv), r->g);
        if (y >= 0)
            c->recs[y].used = 1;
        if (z >= 0)
            c->recs[z].used = 1;
    }
    return 0;
}

static int count_marks(const char *m, int ne)
{
    int k = 0;
    for (int i = 0; i < ne; i++)
        k += m[i] != '.';
    return k;
}

/* The root's claim, from its records; the claim in words into c->r->msg. */
static int check_root(ck *c)
{
    char *m = c->root;
    int mover = count_marks(m, c->ne) % 2 ? 2 : 1;
    for (int v = 0; v < c->nv; v++)
        if (sink_or_source(c, m, v))
            return fail(c, "root: vertex %s is a sink or a source, which no game reaches",
                        c->label[v] ? c->label[v] : "?");
    int gap, f;
    for (f = 0; f < c->nc; f++)
        if (cell(c, m, f, &gap) == 2)
            return fail(c, "root: cell %d is a cycle cell: the game is over", f);
    if (c->misere) {
        long y = lookup(c, m, '=', 0), z = lookup(c, m, '!', 0);
        int none = !legal_moves(c, m);
        if (c->claim == 'G')
            return fail(c, "root: misère certificates claim \"win\" or \"loss\" only");
        if (c->claim == 'W' && !none && z < 0)
            return fail(c, "root: the claim \"win\" needs a record \"! ROOT 0\" (or no legal move left)");
        if (c->claim == 'L' && (none || y < 0))
            return fail(c, "root: the claim \"loss\" needs a record \"= ROOT 0\"%s",
                        none ? ", but no legal move is left: the player to move has won" : "");
        long k = c->claim == 'W' ? z : y;
        if (k >= 0)
            c->recs[k].used = 1;
        snprintf(c->r->msg, sizeof c->r->msg, "player %d, to move, %s under misère%s", mover,
                 c->claim == 'W' ? "wins" : "loses", none ? ": no legal move is left" : "");
        return 0;
    }
    if (completion(c, m, &f) >= 0) {
        if (c->claim != 'W')
            return fail(c, "root: the claim is false: player %d, to move, completes cell %d at once and wins%s", mover,
                        f, c->claim == 'G' ? " (no Grundy value belongs to such a position)" : "");
        snprintf(c->r->msg, sizeof c->r->msg, "player %d, to move, wins: they complete cell %d at once", mover, f);
        return 0;
    }
    long y = lookup(c, m, '=', 0), z = lookup(c, m, '!', 0);
    if (c->claim == 'W') {
        if (y >= 0 && c->recs[y].g > 0) {
            c->recs[y].used = 1;
            snprintf(c->r->msg, sizeof c->r->msg, "player %d, to move, wins (grundy %d)", mover, c->recs[y].g);
        } else if (z >= 0) {
            c->recs[z].used = 1;
            snprintf(c->r->msg, sizeof c->r->msg, "player %d, to move, wins", mover);
        } else
            return fail(c, "root: the claim \"win\" needs a record \"! ROOT 0\" or \"= ROOT G\" with G > 0%s",
                        y >= 0 ? " (its \"=\" record says value 0)" : "");
        return 0;
    }
    int want = c->claim == 'L' ? 0 : c->claim_g;
    if (y < 0 || c->recs[y].g != want)
        return fail(c, "root: the claim needs the record \"= ROOT %d\"%s", want,
                    y >= 0 ? ", but the root's record says another value" : "");
    c->recs[y].used = 1;
    if (want == 0)
        snprintf(c->r->msg, sizeof c->r->msg, "player %d, to move, loses (grundy 0)", mover);
    else
        snprintf(c->r->msg, sizeof c->r->msg, "player %d, to move, wins (grundy %d)", mover, want);
    return 0;
}

int ck_check(const char *text, size_t len, ck_result *r)
{
    memset(r, 0, sizeof *r);
    ck c = {.text = text, .len = len, .r = r};
    int rc = read_header(&c);
    if (!rc)
        rc = read_records(&c);
    r->nv = c.nv;
    r->ne = c.ne;
    r->ncells = c.nc;
    r->records = c.nrec;
    if (!rc) {
        /* vertices without labels are called by their numbers */
        for (int v = 0; v < c.nv && !rc; v++)
            if (!c.label[v]) {
                c.label[v] = malloc(12);
                if (!c.label[v])
                    rc = fail(&c, "out of memory");
                else
                    snprintf(c.label[v], 12, "%d", v);
            }
    }
    if (!rc) {
        /* the cyclable cells' and the split's scratch */
        c.parent = malloc(((size_t)c.ne + 1) * sizeof *c.parent);
        c.tmp = malloc((size_t)c.ne + 1);
        c.cbuf = malloc((size_t)c.ne + 1);
        c.lbuf = malloc((size_t)c.ne + 1);
        c.mbuf = malloc((size_t)c.ne + 1);
        if (!c.parent || !c.tmp || !c.cbuf || !c.lbuf || !c.mbuf)
            rc = fail(&c, "out of memory");
    }
    if (!rc)
        rc = index_records(&c);
    char *m = rc ? NULL : malloc((size_t)c.ne + 1);
    if (!rc && !m)
        rc = fail(&c, "out of memory");
    for (long k = 0; !rc && k < c.nrec; k++)
        rc = check_form(&c, k);
    for (long k = 0; !rc && k < c.nrec; k++)
        rc = check_record(&c, k, m);
    char claim[sizeof r->msg];
    if (!rc) {
        rc = check_root(&c);
        snprintf(claim, sizeof claim, "%s", r->msg);
    }
    for (long k = 0; !rc && k < c.nrec; k++)
        if (!c.recs[k].used) {
            r->msg[0] = 0;
            rc = fail(&c, "line %ld: the record is not used by the proof (no record or the root leads to it)",
                      c.recs[k].line);
        }
    r->ok = !rc;
    free(m);
    for (int v = 0; c.label && v < c.nv; v++)
        free(c.label[v]);
    free(c.label);
    free(c.special);
    free(c.eu);
    free(c.ev);
    free(c.istart);
    free(c.inc);
    free(c.wstart);
    free(c.walk);
    free(c.cyclable);
    free(c.root);
    free(c.recs);
    free(c.marks);
    free(c.moves);
    free(c.hash);
    free(c.parent);
    free(c.tmp);
    free(c.cbuf);
    free(c.lbuf);
    free(c.mbuf);
    free(c.maps);
    return r->ok ? 0 : 1;
}
