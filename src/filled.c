/*
 * filled.c - the filled-board theorem (Alvarado et al. 2021, Theorem 9): a board with
 * every edge marked and no sink or source has a cycle cell.
 *
 * The complete markings are enumerated depth first, the edges taken in
 * breadth-first order so that vertices and cells are finished early.  When
 * the last edge of a vertex is marked, the vertex must not become a sink or
 * a source: it must not be an almost-sink (cy_rules_almost) receiving the
 * arrow, nor an almost-source sending it; a vertex of degree 1 that is not
 * special is a sink or a source as soon as its edge is marked.  When the
 * last edge of a cell is marked, rules.c says whether it is a cycle cell.
 */
#include "internal.h"

#include <string.h>

/* The state of one enumeration. */
typedef struct fstate {
    const cy_board *b;
    unsigned char *mark;
    int *order;          /* edges in the order they are marked */
    int *vfirst, *vlist; /* vertices finished at each step: vlist[vfirst[k] .. vfirst[k+1]) */
    int *cfirst, *clist; /* cells finished at each step */
    int cycles;          /* cycle cells among the finished cells */
    cy_filled_result *r;
    double start, timeout;
    uint64_t ticks;
    int stopped;
    cyi_ticker tick; /* the progress line */
} fstate;

/* Whether marking dart d (the last unmarked edge at v) leaves v a sink or a
 * source. */
static int breaks_vertex(const cy_board *b, const unsigned char *mark, int v, int d)
{
    if (b->special[v])
        return 0;
    if (cy_degree(b, v) == 1)
        return 1;
    int a = cy_rules_almost(b, mark, v);
    return (a == 1 && cy_head(b, d) == v) || (a == 2 && cy_tail(b, d) == v);
}

/* The progress line (cyi_ticker_show). */
static void show(fstate *s, int final)
{
    cyi_ticker_show(&s->tick, final,
                    "check filled: %llu complete markings with no sink or source, %llu without a "
                    "cycle cell",
                    (unsigned long long)s->r->complete_markings, (unsigned long long)s->r->without_cycle_cell);
}

/* Marks edges order[k..] every way that keeps the sink/source rule. */
static void enumerate(fstate *s, int k)
{
    const cy_board *b = s->b;
    if (s->stopped)
        return;
    if (cy_interrupted()) { /* SIGINT or SIGTERM (cy_interrupt): stop as at the timeout */
        s->stopped = 1;
        return;
    }
    if (k == b->ne) {
        s->r->complete_markings++;
        if (s->cycles == 0) {
            if (s->r->without_cycle_cell++ == 0) {
                s->r->counterexample = cyi_xmalloc((size_t)b->ne + 1);
                memcpy(s->r->counterexample, s->mark, (size_t)b->ne);
            }
        }
        if ((++s->ticks & 0xFFFF) == 0) {
            if (s->timeout > 0 && cy_now() - s->start > s->timeout)
                s->stopped = 1;
            show(s, 0);
        }
        return;
    }
    int e = s->order[k];
    for (int m = CY_FWD; m <= CY_BWD; m++) {
        int d = cy_dart(e, m), ok = 1;
        for (int i = s->vfirst[k]; i < s->vfirst[k + 1] && ok; i++)
            ok = !breaks_vertex(b, s->mark, s->vlist[i], d);
        if (!ok)
            continue;
        s->mark[e] = (unsigned char)m;
        int added = 0;
        for (int i = s->cfirst[k]; i < s->cfirst[k + 1]; i++)
            added += cy_rules_cell(b, s->mark, s->clist[i], NULL) == CY_CELL_CYCLE;
        s->cycles += added;
        enumerate(s, k + 1);
        s->cycles -= added;
        s->mark[e] = CY_UNMARKED;
    }
}

/* Counts the complete markings of b without sink or source, and those of
 * them without a cycle cell (see cycles.h). */
int cy_filled_check(const cy_board *b, double timeout, cy_filled_result *r, cy_error *err)
{
    return cy_filled_check_progress(b, timeout, 0, r, err);
}

int cy_filled_check_progress(const cy_board *b, double timeout, int progress, cy_filled_result *r, cy_error *err)
{
    memset(r, 0, sizeof *r);
    if (b->ne > 62)
        return cy_error_set(err, "the board has %d edges; complete markings are enumerated for at most 62", b->ne);
    fstate s;
    memset(&s, 0, sizeof s);
    s.b = b;
    s.r = r;
    s.timeout = timeout;
    s.start = cy_now();
    s.tick = (cyi_ticker){.on = progress, .born = s.start, .last = s.start};
    s.mark = cyi_xcalloc((size_t)b->ne + 1, 1);
    /* breadth-first order of the edges from vertex 0 */
    s.order = cyi_xmalloc(sizeof(int) * (size_t)b->ne);
    int *pos = cyi_xmalloc(sizeof(int) * (size_t)b->ne), *queue = cyi_xmalloc(sizeof(int) * (size_t)b->nv);
    unsigned char *seen = cyi_xcalloc((size_t)b->nv, 1);
    for (int e = 0; e < b->ne; e++)
        pos[e] = -1;
    int n = 0, head = 0, tail = 0;
    queue[tail++] = 0;
    seen[0] = 1;
    while (head < tail) {
        int v = queue[head++];
        for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
            int d = b->vdarts[i], e = cy_dart_edge(d), w = cy_head(b, d);
            if (pos[e] < 0) {
                pos[e] = n;
                s.order[n++] = e;
            }
            if (!seen[w]) {
                seen[w] = 1;
                queue[tail++] = w;
            }
        }
    }
    /* the step at which each vertex and each cell is finished */
    int *vlast = cyi_xmalloc(sizeof(int) * (size_t)b->nv), *clast = cyi_xmalloc(sizeof(int) * (size_t)(b->ncells + 1));
    for (int v = 0; v < b->nv; v++) {
        vlast[v] = -1;
        for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++)
            if (pos[cy_dart_edge(b->vdarts[i])] > vlast[v])
                vlast[v] = pos[cy_dart_edge(b->vdarts[i])];
    }
    for (int c = 0; c < b->ncells; c++) {
        clast[c] = -1;
        for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++)
            if (pos[cy_dart_edge(b->fdarts[i])] > clast[c])
                clast[c] = pos[cy_dart_edge(b->fdarts[i])];
    }
    s.vfirst = cyi_xcalloc((size_t)b->ne + 2, sizeof(int));
    s.cfirst = cyi_xcalloc((size_t)b->ne + 2, sizeof(int));
    s.vlist = cyi_xmalloc(sizeof(int) * (size_t)b->nv);
    s.clist = cyi_xmalloc(sizeof(int) * (size_t)(b->ncells + 1));
    /* bucket by step: vfirst[k] = vertices finished before step k */
    for (int v = 0; v < b->nv; v++)
        s.vfirst[vlast[v] + 1]++;
    for (int c = 0; c < b->ncells; c++)
        s.cfirst[clast[c] + 1]++;
    for (int k = 0; k < b->ne; k++) {
        s.vfirst[k + 1] += s.vfirst[k];
        s.cfirst[k + 1] += s.cfirst[k];
    }
    int *vcur = cyi_xmalloc(sizeof(int) * (size_t)(b->ne + 1)), *ccur = cyi_xmalloc(sizeof(int) * (size_t)(b->ne + 1));
    memcpy(vcur, s.vfirst, sizeof(int) * (size_t)(b->ne + 1));
    memcpy(ccur, s.cfirst, sizeof(int) * (size_t)(b->ne + 1));
    for (int v = 0; v < b->nv; v++)
        s.vlist[vcur[vlast[v]]++] = v;
    for (int c = 0; c < b->ncells; c++)
        s.clist[ccur[clast[c]]++] = c;
    free(vcur);
    free(ccur);
    enumerate(&s, 0);
    show(&s, 1);
    r->complete = !s.stopped;
    r->seconds = cy_now() - s.start;
    free(s.mark);
    free(s.order);
    free(pos);
    free(queue);
    free(seen);
    free(vlast);
    free(clast);
    free(s.vfirst);
    free(s.cfirst);
    free(s.vlist);
    free(s.clist);
    return 0;
}

/* Frees the counterexample of r. */
void cy_filled_result_free(cy_filled_result *r)
{
    free(r->counterexample);
    r->counterexample = NULL;
}
