/*
 * moves.c - moves written "U->V": parsing, printing and playing them.
 */
#include "internal.h"

#include <stdio.h>
#include <string.h>

void cy_move_str(const cy_board *b, int d, char *buf, size_t n)
{
    snprintf(buf, n, "%s->%s", b->label[cy_tail(b, d)], b->label[cy_head(b, d)]);
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
    int *out = cy_xmalloc(sizeof(int) * cap);
    int count = 0;
    const char *p = text;
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
        if (take_label(start, ustop, u) < 0 || take_label(vstart, p, v) < 0) {
            cy_error_set(err, "move %d names a vertex label longer than %d characters", count + 1, CY_MAX_LABEL);
            goto fail;
        }
        int a = cy_board_find(b, u), c = cy_board_find(b, v);
        if (a < 0 || c < 0) {
            cy_error_set(err, "move %d (%s->%s): the board has no vertex %s", count + 1, u, v, a < 0 ? u : v);
            goto fail;
        }
        int d = cy_board_dart(b, a, c);
        if (d < 0) {
            cy_error_set(err, "move %d (%s->%s): there is no edge between %s and %s", count + 1, u, v, u, v);
            goto fail;
        }
        if ((size_t)count == cap)
            out = cy_xrealloc(out, sizeof(int) * (cap *= 2));
        out[count++] = d;
    }
    *darts = out;
    *n = count;
    return 0;
fail:
    free(out);
    return -1;
}

int cy_moves_play(const cy_board *b, unsigned char *mark, const int *darts, int n, cy_error *err)
{
    for (int i = 0; i < n; i++) {
        int vertex = -1;
        cy_verdict v = cy_rules_check(b, mark, darts[i], &vertex);
        if (v != CY_LEGAL) {
            char why[256], m[2 * CY_MAX_LABEL + 8];
            cy_rules_explain(b, darts[i], v, vertex, why, sizeof why);
            cy_move_str(b, darts[i], m, sizeof m);
            return cy_error_set(err, "move %d (%s) is illegal: %s", i + 1, m, why);
        }
        mark[cy_dart_edge(darts[i])] = (unsigned char)cy_dart_mark(darts[i]);
    }
    return 0;
}
