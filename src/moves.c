/*
 * moves.c - moves written "U->V": parsing and printing them (rules.c plays
 * them: cy_moves_play).
 *
 * Where two edges join U and V (parallel edges, on a closed surface only) a
 * move along one of them names it by its number N: "eN:U->V" (edge N as the
 * board numbers its edges from 0, which for a BennTaylor file is the file's
 * own numbering).  Moves along the other edges may carry the prefix too.
 * A loop (from U to U) also needs its way: "+eN:U->U" along the edge's own
 * direction (dart 2N; for a BennTaylor file, as the file's +N), "-eN:U->U"
 * against it.
 */
#include "internal.h"

#include <stdio.h>
#include <string.h>

void cy_move_str(const cy_board *b, int d, char *buf, size_t n)
{
    if (cy_tail(b, d) == cy_head(b, d)) /* a loop: which way, by its own direction */
        snprintf(buf, n, "%ce%d:%s->%s", d & 1 ? '-' : '+', cy_dart_edge(d), b->label[cy_tail(b, d)],
                 b->label[cy_head(b, d)]);
    else if (b->multi && cy_board_edge_count(b, cy_tail(b, d), cy_head(b, d)) > 1)
        snprintf(buf, n, "e%d:%s->%s", cy_dart_edge(d), b->label[cy_tail(b, d)], b->label[cy_head(b, d)]);
    else
        snprintf(buf, n, "%s->%s", b->label[cy_tail(b, d)], b->label[cy_head(b, d)]);
}

void cy_edge_str(const cy_board *b, int e, char *buf, size_t n)
{
    if (b->multi && cy_board_edge_count(b, b->eu[e], b->ev[e]) > 1)
        snprintf(buf, n, "e%d:%s-%s", e, b->label[b->eu[e]], b->label[b->ev[e]]);
    else
        snprintf(buf, n, "%s-%s", b->label[b->eu[e]], b->label[b->ev[e]]);
}

/* A vertex and its label: the entries of the sorted index of labels that
 * reading many moves uses (a search through the labels for each move would
 * cost the number of moves times the number of vertices). */
typedef struct fentry {
    const char *label;
    int v;
} fentry;
/* Compares two entries by label. */
static int by_label(const void *x, const void *y)
{
    return strcmp(((const fentry *)x)->label, ((const fentry *)y)->label);
}

/* The vertex of b labelled label, or -1: by the index sorted (b->nv
 * entries) when there is one. */
static int find(const cy_board *b, const fentry *sorted, const char *label)
{
    if (!sorted)
        return cy_board_find(b, label);
    int lo = 0, hi = b->nv - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2, k = strcmp(sorted[mid].label, label);
        if (k == 0)
            return sorted[mid].v;
        if (k < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

/* The edge named by a prefix "eN:" (or "+eN:", "-eN:", which also say the
 * way along it) of the label [*s, e) when the whole is no vertex label: N,
 * with *s moved past the prefix and *sign set to '+', '-' or 0; else -1.
 * -2 when N is too large to be an edge. */
static int edge_prefix(const cy_board *b, const fentry *sorted, const char **s, const char *e, char *sign)
{
    const char *p = *s;
    *sign = 0;
    char whole[CY_MAX_LABEL + 1];
    size_t n = (size_t)(e - p);
    if (n <= CY_MAX_LABEL) {
        memcpy(whole, p, n);
        whole[n] = 0;
        if (find(b, sorted, whole) >= 0)
            return -1;
    }
    if (p != e && (*p == '+' || *p == '-'))
        *sign = *p++;
    if (p == e || *p != 'e' || ++p == e || *p < '0' || *p > '9')
        return -1;
    long x = 0;
    while (p < e && *p >= '0' && *p <= '9') {
        x = x * 10 + (*p++ - '0');
        if (x > CY_MAX_EDGES)
            x = CY_MAX_EDGES;
    }
    if (p == e || *p != ':')
        return -1;
    *s = p + 1;
    return x >= b->ne ? -2 : (int)x;
}

/* Whether c separates moves: a blank or a comma. */
static int is_sep(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',';
}

/* Copies the vertex label [s, e) into out, or returns -1 when it is too long. */
static int take_label(const char *s, const char *e, char *out)
{
    size_t n = (size_t)(e - s);
    if (n > CY_MAX_LABEL)
        return -1;
    memcpy(out, s, n);
    out[n] = 0;
    return 0;
}

int cy_moves_parse(const cy_board *b, const char *text, int **darts, int *n, cy_error *err)
{
    size_t cap = 16;
    int *out = cyi_xmalloc(sizeof(int) * cap);
    int count = 0;
    const char *p = text;
    fentry *sorted = NULL;
    if (strlen(text) > 256 && b->nv > 16) { /* many moves: an index */
        sorted = cyi_xmalloc(sizeof *sorted * (size_t)b->nv);
        for (int v = 0; v < b->nv; v++)
            sorted[v] = (fentry){b->label[v], v};
        qsort(sorted, (size_t)b->nv, sizeof *sorted, by_label);
    }
    for (;;) {
        while (is_sep(*p))
            p++;
        if (!*p)
            break;
        /* U, blanks, "->", blanks, V: labels hold no blank, comma or "->" */
        const char *start = p, *arrow = NULL, *vstart, *ustop;
        while (*p && !is_sep(*p) && !(p[0] == '-' && p[1] == '>'))
            p++;
        ustop = p;
        const char *q = p;
        while (*q == ' ' || *q == '\t')
            q++;
        if (q[0] == '-' && q[1] == '>') {
            arrow = q;
            q += 2;
            while (*q == ' ' || *q == '\t')
                q++;
            vstart = q;
            while (*q && !is_sep(*q) && !(q[0] == '-' && q[1] == '>'))
                q++;
            p = q;
        } else
            vstart = p;
        /* a token that goes on ("1->2->3") is malformed as a whole */
        int malformed = !arrow || ustop == start || vstart == p || (*p && !is_sep(*p));
        while (*p && !is_sep(*p))
            p++;
        char u[CY_MAX_LABEL + 1], v[CY_MAX_LABEL + 1];
        int len = (int)(p - start);
        if (malformed) {
            cy_error_set(err, "move %d \"%.*s\" is not of the form U->V", count + 1, len > 60 ? 60 : len, start);
            goto fail;
        }
        const char *ustart = start;
        char sign;
        int named = edge_prefix(b, sorted, &ustart, ustop, &sign);
        if (named == -2) {
            cy_error_set(err, "move %d \"%.*s\" names an edge the board does not have (edges are e0 to e%d)", count + 1,
                         len > 60 ? 60 : len, start, b->ne - 1);
            goto fail;
        }
        if (take_label(ustart, ustop, u) < 0 || take_label(vstart, p, v) < 0) {
            cy_error_set(err, "move %d names a vertex label longer than %d characters", count + 1, CY_MAX_LABEL);
            goto fail;
        }
        int a = find(b, sorted, u), c = find(b, sorted, v);
        if (a < 0 || c < 0) {
            cy_error_set(err, "move %d (%s->%s): the board has no vertex %s", count + 1, u, v, a < 0 ? u : v);
            goto fail;
        }
        int d = cy_board_dart(b, a, c);
        if (d < 0) {
            cy_error_set(err, "move %d (%s->%s): there is no edge between %s and %s", count + 1, u, v, u, v);
            goto fail;
        }
        if (named >= 0) {
            if (!((b->eu[named] == a && b->ev[named] == c) || (b->eu[named] == c && b->ev[named] == a))) {
                cy_error_set(err, "move %d (e%d:%s->%s): edge e%d joins %s and %s, not %s and %s", count + 1, named, u,
                             v, named, b->label[b->eu[named]], b->label[b->ev[named]], u, v);
                goto fail;
            }
            if (a == c && !sign) {
                cy_error_set(err,
                             "move %d (e%d:%s->%s): edge e%d is a loop; say which way, +e%d:%s->%s (along its direction) or -e%d:%s->%s",
                             count + 1, named, u, v, named, named, u, v, named, u, v);
                goto fail;
            }
            if (a != c && sign && (sign == '+') != (b->eu[named] == a)) {
                cy_error_set(err, "move %d (%ce%d:%s->%s): edge e%d runs from %s to %s, so %s->%s is %ce%d", count + 1,
                             sign, named, u, v, named, b->label[b->eu[named]], b->label[b->ev[named]], u, v,
                             sign == '+' ? '-' : '+', named);
                goto fail;
            }
            d = a == c ? cy_dart(named, sign == '-' ? CY_BWD : CY_FWD)
                       : cy_dart(named, b->eu[named] == a ? CY_FWD : CY_BWD);
        } else if (a == c) {
            cy_error_set(err, "move %d (%s->%s) runs along a loop: name it and its way, as +e%d:%s->%s or -e%d:%s->%s",
                         count + 1, u, v, cy_dart_edge(d), u, v, cy_dart_edge(d), u, v);
            goto fail;
        } else if (b->multi && cy_board_edge_count(b, a, c) > 1) {
            char names[64] = "";
            size_t at = 0;
            for (int i = b->vstart[a]; i < b->vstart[a + 1] && at + 16 < sizeof names; i++)
                if (cy_head(b, b->vdarts[i]) == c)
                    at += (size_t)snprintf(names + at, sizeof names - at, "%se%d", at ? ", " : "",
                                           cy_dart_edge(b->vdarts[i]));
            cy_error_set(err, "move %d (%s->%s): %d edges join %s and %s (%s); name one, as e%d:%s->%s", count + 1, u,
                         v, cy_board_edge_count(b, a, c), u, v, names, cy_dart_edge(d), u, v);
            goto fail;
        }
        if ((size_t)count == cap)
            out = cyi_xrealloc(out, sizeof(int) * (cap *= 2));
        out[count++] = d;
    }
    *darts = out;
    *n = count;
    free(sorted);
    return 0;
fail:
    free(sorted);
    free(out);
    return -1;
}
