/*
 * statetree.c - the state digraph of a board (Zonnefeld et al. 2023, section 3.2 and
 * Figure 7): all positions reachable from a start position, the legal moves
 * between them, and P/N labels by backward induction.
 *
 * Positions are found breadth first, so they come in order of moves played
 * and every arc runs from one layer to the next; a position is stored once
 * however many move orders reach it (a hash table on the marks).  The labels
 * follow the paper: an end (a cycle cell, or no legal move) is a P-position,
 * a position with an arc to a P-position is an N-position, any other a
 * P-position.  Under the original rules this is exactly who wins, so the
 * start's label agrees with cy_analyse.
 */
#include "internal.h"
#include "rstate.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* FNV-1a of a position's marks. */
static uint64_t hash_marks(const unsigned char *m, int ne)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < ne; i++) {
        h ^= m[i];
        h *= 1099511628211ull;
    }
    return h;
}

/* Grows the arrays of t to hold at least n positions. */
static void grow_positions(cy_statetree *t, int n, int *cap)
{
    if (n <= *cap)
        return;
    while (*cap < n)
        *cap = *cap ? 2 * *cap : 64;
    t->marks = cyi_xrealloc(t->marks, (size_t)*cap * (size_t)(t->ne ? t->ne : 1));
    t->played = cyi_xrealloc(t->played, sizeof(int) * (size_t)*cap);
    t->value = cyi_xrealloc(t->value, (size_t)*cap);
    t->cycle = cyi_xrealloc(t->cycle, (size_t)*cap);
}

/* Appends the arc from -> to by dart d. */
static void add_arc(cy_statetree *t, int from, int to, int d, int *cap)
{
    if (t->narcs == *cap) {
        *cap = *cap ? 2 * *cap : 128;
        t->from = cyi_xrealloc(t->from, sizeof(int) * (size_t)*cap);
        t->to = cyi_xrealloc(t->to, sizeof(int) * (size_t)*cap);
        t->dart = cyi_xrealloc(t->dart, sizeof(int) * (size_t)*cap);
    }
    t->from[t->narcs] = from;
    t->to[t->narcs] = to;
    t->dart[t->narcs] = d;
    t->narcs++;
}

/* Frees what t holds and zeroes it (safe on a zeroed or freed tree). */
void cy_statetree_free(cy_statetree *t)
{
    free(t->marks);
    free(t->played);
    free(t->value);
    free(t->cycle);
    free(t->from);
    free(t->to);
    free(t->dart);
    free(t->vvalue);
    memset(t, 0, sizeof *t);
}

/* Labels every position of t under the variant r by the variant search
 * (cy_vsearch_value, one table for all of them): vvalue, and value as
 * cycles.h says.  0, or -1 with a message when the search stops. */
static int label_variant(const cy_board *b, const cy_rules *r, const cy_solver_opts *o, cy_statetree *t, cy_error *err)
{
    int k = r->players > 2 ? r->players : 2;
    t->vvalue = cyi_xmalloc(sizeof(int) * (size_t)t->n);
    cy_vsearch *s = cy_vsearch_new(b, r, o, err);
    if (!s)
        return -1;
    for (int i = 0; i < t->n; i++) {
        int v, rc = cy_vsearch_value(s, t->marks + (size_t)i * (size_t)t->ne, &v);
        if (rc < 0) {
            cy_vsearch_free(s);
            return cy_error_set(err, "the search of the positions stopped: %s",
                                rc == CY_SOLVE_MEMORY ? "out of memory (--memory)" : "out of time (--timeout)");
        }
        t->vvalue[i] = v;
        if (k > 2) /* the winner's number: position i has t->played[i] moves played */
            t->value[i] = (char)('1' + (t->played[i] + v) % k);
        else if (r->kind == CY_RULES_MISERE)
            t->value[i] = v ? 'N' : 'P';
        else
            t->value[i] = v > 0 ? 'N' : v < 0 ? 'P' : 'D';
    }
    cy_vsearch_free(s);
    return 0;
}

/* Breadth first from start with a hash table on the marks, the moves those
 * of the original rules (r NULL) or of r; then the labels: backward
 * induction (see the top of this file) or label_variant.  On refusal t is
 * left zeroed. */
static int build(const cy_board *b, const cy_rules *r, const cy_solver_opts *o, const unsigned char *start,
                 int max_positions, cy_statetree *t, cy_error *err)
{
    memset(t, 0, sizeof *t);
    t->ne = b->ne;
    if (max_positions < 1)
        max_positions = 1;
    int ne = b->ne, pcap = 0, acap = 0;
    /* the hash table holds position numbers + 1; twice max_positions slots, a power of 2 */
    size_t slots = 1;
    while (slots < 2 * (size_t)max_positions + 2)
        slots <<= 1;
    int *table = cyi_xcalloc(slots, sizeof(int));
    unsigned char *m = cyi_xmalloc((size_t)ne + 1);
    int *legal = cyi_xmalloc(sizeof(int) * (size_t)(2 * ne + 1));
    int rc = 0;

    grow_positions(t, 1, &pcap);
    if (start)
        memcpy(t->marks, start, (size_t)ne);
    else
        memset(t->marks, 0, (size_t)ne);
    t->played[0] = cy_rules_played(b, t->marks);
    table[hash_marks(t->marks, ne) & (slots - 1)] = 1;
    t->n = 1;
    for (int i = 0; i < t->n; i++) {
        memcpy(m, t->marks + (size_t)i * (size_t)ne, (size_t)ne);
        t->cycle[i] = r ? cy_variant_ended(b, r, m) : cy_rules_cycle_cell(b, m) >= 0;
        int k = r ? cy_variant_legal(b, r, m, legal) : cy_rules_legal(b, m, legal);
        for (int j = 0; j < k; j++) {
            int d = legal[j], e = cy_dart_edge(d);
            m[e] = (unsigned char)cy_dart_mark(d);
            size_t h = hash_marks(m, ne) & (slots - 1);
            int found = -1;
            while (table[h]) {
                int q = table[h] - 1;
                if (memcmp(t->marks + (size_t)q * (size_t)ne, m, (size_t)ne) == 0) {
                    found = q;
                    break;
                }
                h = (h + 1) & (slots - 1);
            }
            if (found < 0) {
                if (t->n >= max_positions) {
                    rc = cy_error_set(err,
                                      "the state digraph has more than %d positions, too many to read; "
                                      "try a smaller board or start from a later position (--moves)",
                                      max_positions);
                    goto out;
                }
                grow_positions(t, t->n + 1, &pcap);
                memcpy(t->marks + (size_t)t->n * (size_t)ne, m, (size_t)ne);
                t->played[t->n] = t->played[i] + 1;
                found = t->n++;
                table[h] = found + 1;
            }
            add_arc(t, i, found, d, &acap);
            m[e] = CY_UNMARKED;
        }
    }
    if (r)
        rc = label_variant(b, r, o, t, err);
    else {
        /* backward induction: arcs are grouped by their source in increasing
         * order, and every arc goes to a later position */
        int a = t->narcs;
        for (int i = t->n - 1; i >= 0; i--) {
            char v = 'P';
            while (a > 0 && t->from[a - 1] == i) {
                a--;
                if (t->value[t->to[a]] == 'P')
                    v = 'N';
            }
            t->value[i] = v;
        }
    }
out:
    free(table);
    free(m);
    free(legal);
    if (rc < 0)
        cy_statetree_free(t);
    return rc;
}

int cy_statetree_build(const cy_board *b, const unsigned char *start, int max_positions, cy_statetree *t, cy_error *err)
{
    return build(b, NULL, NULL, start, max_positions, t, err);
}

int cy_statetree_build_rules(const cy_board *b, const cy_rules *r, const cy_solver_opts *o, const unsigned char *start,
                             int max_positions, cy_statetree *t, cy_error *err)
{
    return build(b, r, o, start, max_positions, t, err);
}

/* Appends the moves that lead from the start to position i, as a tooltip
 * ("start" for the start position): the marked edges that were unmarked at
 * the start, in edge order. */
static void put_position(cyi_buf *o, const cy_board *b, const cy_statetree *t, int i)
{
    const unsigned char *m = t->marks + (size_t)i * (size_t)t->ne, *s = t->marks;
    int any = 0;
    for (int e = 0; e < b->ne; e++)
        if (m[e] && !s[e]) {
            char buf[2 * CY_MAX_LABEL + 8];
            cy_move_str(b, cy_dart(e, m[e]), buf, sizeof buf);
            cyi_buf_printf(o, "%s%s", any ? " " : "", buf);
            any = 1;
        }
    if (!any)
        cyi_buf_puts(o, "start");
}

/* The fill colour of a position labelled c: P gold and N grey as in the
 * paper, D light blue, the winners of K-player games a palette. */
static const char *fill(char c)
{
    static const char *const winners[] = {"#e41a1c", "#377eb8", "#4daf4a", "#984ea3",
                                          "#ff7f00", "#a65628", "#f781bf", "#999999"};
    if (c >= '1' && c <= '8')
        return winners[c - '1'];
    return c == 'P' ? "gold" : c == 'D' ? "lightblue" : "grey";
}

/* The digraph in DOT (see cycles.h): positions s0 .. s(n-1), arcs with the
 * move as tooltip, one rank per number of moves, and a legend. */
char *cy_statetree_dot(const cy_board *b, const cy_statetree *t)
{
    cyi_buf o = {0};
    /* labels need no escaping: cyi_label_ok rules out quotes and backslashes;
     * the name (escaped by cy_escape already) may hold both */
    cyi_buf_puts(&o, "digraph \"states of ");
    for (const char *p = b->name ? b->name : "board"; *p; p++)
        cyi_buf_printf(&o, "%s%c", *p == '"' || *p == '\\' ? "\\" : "", *p);
    cyi_buf_puts(&o, "\" {\n");
    if (t->vvalue)
        cyi_buf_printf(&o, "  // %d positions, %d moves under a rule variant; the start is labelled %c\n", t->n,
                       t->narcs, t->value[0]);
    else
        cyi_buf_printf(&o, "  // %d positions, %d moves; the start is a%s %c-position: player %d wins\n", t->n,
                       t->narcs, t->value[0] == 'N' ? "n" : "", t->value[0],
                       (t->played[0] % 2 == 0) == (t->value[0] == 'N') ? 1 : 2);
    cyi_buf_puts(&o, "  rankdir=LR;\n  ranksep=1.2;\n  nodesep=0.12;\n"
                     "  node [shape=circle, style=filled, label=\"\", width=0.22, fixedsize=true, "
                     "color=\"#404040\"];\n"
                     "  edge [arrowsize=0.4, color=\"#00000055\"];\n");
    for (int i = 0; i < t->n; i++) {
        cyi_buf_printf(&o, "  s%d [fillcolor=\"%s\"", i, fill(t->value[i]));
        if (i == 0)
            cyi_buf_puts(&o, ", width=0.4, penwidth=2");
        if (t->cycle[i])
            cyi_buf_puts(&o, ", shape=doublecircle");
        cyi_buf_printf(&o, ", tooltip=\"%c: ", t->value[i]);
        put_position(&o, b, t, i);
        cyi_buf_puts(&o, "\"];\n");
    }
    for (int a = 0; a < t->narcs; a++) {
        char buf[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, t->dart[a], buf, sizeof buf);
        cyi_buf_printf(&o, "  s%d -> s%d [tooltip=\"%s\"];\n", t->from[a], t->to[a], buf);
    }
    /* one column per number of moves */
    for (int i = 0; i < t->n;) {
        int j = i;
        cyi_buf_puts(&o, "  { rank=same;");
        while (j < t->n && t->played[j] == t->played[i])
            cyi_buf_printf(&o, " s%d;", j++);
        cyi_buf_puts(&o, " }\n");
        i = j;
    }
    cyi_buf_puts(&o, "  subgraph cluster_legend {\n    label=\"legend\"; fontsize=10; color=\"#bbbbbb\";\n"
                     "    node [fixedsize=false, shape=box, width=0, height=0, fontsize=10];\n");
    if (!t->vvalue || !(t->value[0] >= '1' && t->value[0] <= '8'))
        cyi_buf_puts(&o, "    legend_p [label=\"P-position: the previous player wins\", fillcolor=gold];\n"
                         "    legend_n [label=\"N-position: the next player wins\", fillcolor=grey];\n"
                         "    legend_p -> legend_n [style=invis];\n");
    if (t->vvalue) {
        /* the labels a variant adds, in the order they first occur */
        char seen[16] = "PN"; /* K players: P and N never occur */
        for (int i = 0; i < t->n; i++)
            if (!strchr(seen, t->value[i]) && strlen(seen) < sizeof seen - 1) {
                char c = t->value[i];
                seen[strlen(seen)] = c;
                if (c == 'D')
                    cyi_buf_printf(&o, "    legend_d [label=\"D: a draw with perfect play\", fillcolor=\"%s\"];\n",
                                   fill(c));
                else
                    cyi_buf_printf(&o, "    legend_%c [label=\"%c: player %c wins\", fillcolor=\"%s\"];\n", c, c, c,
                                   fill(c));
            }
    }
    cyi_buf_puts(&o, "  }\n");
    cyi_buf_puts(&o, "}\n");
    return cyi_buf_take(&o);
}
