/*
 * brute.c - an independent brute force of the Game of Cycles (see brute.h).
 *
 * Test files that need it include this file directly (a unity build), since
 * tests/CMakeLists.txt links each test with tests/support.c only.
 *
 * Deliberately naive: the incidence lists are rebuilt here by scanning the
 * edge list, cells are re-read as vertex sequences, whether a cell is
 * cyclable is recomputed, and legality re-reads all edges at both ends of
 * the move after making it.
 */
#include "brute.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define BR_UNKNOWN 0xFF

struct br_game {
    const cy_board *b;
    int nv, ne, ncells;
    int *cstart, *ctail, *chead; /* cell c: its walk as steps ctail[i] -> chead[i] */
    int *cedge;                  /* the edge of each step */
    unsigned char *cloop;        /* on a loop step (tail == head): the mark that runs along the walk */
    unsigned char *cyclable;     /* recomputed: no edge twice on the walk */
    int *deg;                    /* vertex degrees, counted from the edge list */
    int *istart, *iedge;         /* edges at v: iedge[istart[v] .. istart[v+1]) */
    size_t nstates;              /* 3^E (direct memo only) */
    struct br_hash *hash;        /* the sparse memo (br_new_sparse), or NULL */
    unsigned char *win;          /* memo of br_wins: BR_UNKNOWN, 0 or 1 */
    unsigned char *gval;         /* memo of br_grundy: BR_UNKNOWN or the value */
    unsigned char *cc;           /* memo of br_can_complete: BR_UNKNOWN, 0 or 1 */
};

/* The tail of dart d by the convention of cycles.h (2e: eu -> ev). */
static int br_tail(const cy_board *b, int d)
{
    return d % 2 == 0 ? b->eu[d / 2] : b->ev[d / 2];
}
/* The head of dart d. */
static int br_head(const cy_board *b, int d)
{
    return d % 2 == 0 ? b->ev[d / 2] : b->eu[d / 2];
}

/* The sparse memo: open addressing on the base-3 number of the position
 * (stored plus 1; 0 marks an empty slot), three bytes per slot (the memos
 * of br_wins, br_grundy and br_can_complete). */
typedef struct br_hash {
    size_t cap, used;
    uint64_t *key;
    unsigned char *val;
} br_hash;

enum { BR_WIN, BR_GVAL, BR_CC };

/* The slot of position x in h (its own, or the empty one where it goes). */
static size_t br_hash_find(const br_hash *h, uint64_t x)
{
    size_t i = (size_t)((x + 1) * 0x9E3779B97F4A7C15ull) & (h->cap - 1);
    while (h->key[i] && h->key[i] != x + 1)
        i = (i + 1) & (h->cap - 1);
    return i;
}

/* The memo `which` of position x: BR_UNKNOWN when not yet known. */
static int br_memo_get(const br_game *g, int which, size_t x)
{
    if (!g->hash)
        return (which == BR_WIN ? g->win : which == BR_GVAL ? g->gval : g->cc)[x];
    size_t i = br_hash_find(g->hash, x);
    return g->hash->key[i] ? g->hash->val[3 * i + which] : BR_UNKNOWN;
}

/* Records memo `which` of position x. */
static void br_memo_set(const br_game *g, int which, size_t x, int v)
{
    if (!g->hash) {
        (which == BR_WIN ? g->win : which == BR_GVAL ? g->gval : g->cc)[x] = (unsigned char)v;
        return;
    }
    br_hash *h = g->hash;
    if (2 * (h->used + 1) > h->cap) {
        br_hash big = {2 * h->cap, h->used, calloc(2 * h->cap, sizeof(uint64_t)), malloc(6 * h->cap)};
        memset(big.val, BR_UNKNOWN, 6 * h->cap);
        for (size_t i = 0; i < h->cap; i++)
            if (h->key[i]) {
                size_t j = br_hash_find(&big, h->key[i] - 1);
                big.key[j] = h->key[i];
                memcpy(big.val + 3 * j, h->val + 3 * i, 3);
            }
        free(h->key);
        free(h->val);
        *h = big;
    }
    size_t i = br_hash_find(h, x);
    if (!h->key[i]) {
        h->key[i] = x + 1;
        h->used++;
    }
    h->val[3 * i + which] = (unsigned char)v;
}

static br_game *br_make(const cy_board *b, int sparse);

/* Builds the brute force's own view of the board. */
br_game *br_new(const cy_board *b)
{
    return b->ne > BR_MAX_EDGES ? NULL : br_make(b, 0);
}

br_game *br_new_sparse(const cy_board *b)
{
    return b->ne > BR_MAX_SPARSE_EDGES ? NULL : br_make(b, 1);
}

/* br_new, with the sparse memo when sparse. */
static br_game *br_make(const cy_board *b, int sparse)
{
    br_game *g = calloc(1, sizeof *g);
    g->b = b;
    g->nv = b->nv;
    g->ne = b->ne;
    g->ncells = b->ncells;
    int total = b->fstart[b->ncells];
    g->cstart = calloc((size_t)b->ncells + 1, sizeof(int));
    g->ctail = calloc((size_t)total + 1, sizeof(int));
    g->chead = calloc((size_t)total + 1, sizeof(int));
    g->cedge = calloc((size_t)total + 1, sizeof(int));
    g->cloop = calloc((size_t)total + 1, 1);
    g->cyclable = calloc((size_t)b->ncells + 1, 1);
    int k = 0;
    for (int c = 0; c < b->ncells; c++) {
        g->cstart[c] = k;
        for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++) {
            int d = b->fdarts[i];
            g->ctail[k] = br_tail(b, d);
            g->chead[k] = br_head(b, d);
            /* find the edge by its ends, not by the dart number; only where
             * parallel edges join the same ends (on a closed surface) does
             * the walk's dart say which of them */
            g->cedge[k] = -1;
            int same = 0;
            for (int e = 0; e < b->ne; e++)
                if ((b->eu[e] == g->ctail[k] && b->ev[e] == g->chead[k]) ||
                    (b->ev[e] == g->ctail[k] && b->eu[e] == g->chead[k])) {
                    g->cedge[k] = e;
                    same++;
                }
            if (same > 1)
                g->cedge[k] = d / 2;
            /* a loop's ends do not say which way the walk runs along it:
             * the walk's dart does (2e along the edge's direction) */
            if (g->ctail[k] == g->chead[k])
                g->cloop[k] = d % 2 == 0 ? CY_FWD : CY_BWD;
            k++;
        }
    }
    g->cstart[b->ncells] = k;
    for (int c = 0; c < b->ncells; c++) {
        g->cyclable[c] = 1;
        for (int i = g->cstart[c]; i < g->cstart[c + 1]; i++)
            for (int j = i + 1; j < g->cstart[c + 1]; j++)
                if (g->cedge[i] == g->cedge[j])
                    g->cyclable[c] = 0;
    }
    g->deg = calloc((size_t)b->nv, sizeof(int));
    for (int e = 0; e < b->ne; e++) {
        g->deg[b->eu[e]]++;
        g->deg[b->ev[e]]++;
    }
    g->istart = calloc((size_t)b->nv + 1, sizeof(int));
    g->iedge = calloc(2 * (size_t)b->ne + 1, sizeof(int));
    int at = 0;
    for (int v = 0; v < b->nv; v++) {
        g->istart[v] = at;
        for (int e = 0; e < b->ne; e++)
            if (b->eu[e] == v || b->ev[e] == v)
                g->iedge[at++] = e;
    }
    g->istart[b->nv] = at;
    if (sparse) {
        g->hash = calloc(1, sizeof *g->hash);
        g->hash->cap = 1024;
        g->hash->key = calloc(g->hash->cap, sizeof(uint64_t));
        g->hash->val = malloc(3 * g->hash->cap);
        memset(g->hash->val, BR_UNKNOWN, 3 * g->hash->cap);
        return g;
    }
    g->nstates = 1;
    for (int e = 0; e < b->ne; e++)
        g->nstates *= 3;
    g->win = malloc(g->nstates);
    g->gval = malloc(g->nstates);
    g->cc = malloc(g->nstates);
    memset(g->win, BR_UNKNOWN, g->nstates);
    memset(g->gval, BR_UNKNOWN, g->nstates);
    memset(g->cc, BR_UNKNOWN, g->nstates);
    return g;
}

/* Frees g (NULL is fine). */
void br_free(br_game *g)
{
    if (!g)
        return;
    free(g->cstart);
    free(g->ctail);
    free(g->chead);
    free(g->cedge);
    free(g->cloop);
    free(g->cyclable);
    free(g->deg);
    free(g->istart);
    free(g->iedge);
    free(g->cc);
    free(g->win);
    free(g->gval);
    if (g->hash) {
        free(g->hash->key);
        free(g->hash->val);
        free(g->hash);
    }
    free(g);
}

/* The memo index of a position: the marks read as a base-3 number. */
static size_t br_index(const br_game *g, const unsigned char *mark)
{
    size_t x = 0;
    for (int e = g->ne - 1; e >= 0; e--)
        x = 3 * x + mark[e];
    return x;
}

/* Where edge e's arrow points (a vertex), or -1 when e is unmarked. */
static int br_arrow_head(const br_game *g, const unsigned char *mark, int e)
{
    if (mark[e] == CY_FWD)
        return g->b->ev[e];
    if (mark[e] == CY_BWD)
        return g->b->eu[e];
    return -1;
}

/* Whether cell c is a cycle cell. */
int br_is_cycle_cell(const br_game *g, const unsigned char *mark, int c)
{
    if (!g->cyclable[c])
        return 0;
    int along = 1, against = 1;
    for (int i = g->cstart[c]; i < g->cstart[c + 1]; i++) {
        if (g->cloop[i]) { /* a loop: along when marked the walk's way */
            int m = mark[g->cedge[i]];
            if (m != g->cloop[i])
                along = 0;
            if (m == CY_UNMARKED || m == g->cloop[i])
                against = 0;
            continue;
        }
        int h = br_arrow_head(g, mark, g->cedge[i]);
        if (h != g->chead[i])
            along = 0;
        if (h != g->ctail[i])
            against = 0;
    }
    return along || against;
}

/* Whether some cell is a cycle cell. */
int br_has_cycle_cell(const br_game *g, const unsigned char *mark)
{
    for (int c = 0; c < g->ncells; c++)
        if (br_is_cycle_cell(g, mark, c))
            return 1;
    return 0;
}

/* Whether vertex v is a sink or a source in the position (special vertices
 * never are). */
static int br_sink_or_source(const br_game *g, const unsigned char *mark, int v)
{
    if (g->b->special[v] || g->deg[v] == 0)
        return 0;
    int in = 0, out = 0;
    for (int i = g->istart[v]; i < g->istart[v + 1]; i++) {
        int e = g->iedge[i];
        if (g->b->eu[e] == g->b->ev[e]) { /* a loop: both its ends at v, one arrow in and one out once marked */
            if (mark[e] != CY_UNMARKED) {
                in++;
                out++;
            }
            continue;
        }
        int h = br_arrow_head(g, mark, e);
        if (h == v)
            in++;
        else if (h >= 0)
            out++;
    }
    return in == g->deg[v] || out == g->deg[v];
}

/* Whether dart d obeys the sink/source rule in a position without a cycle
 * cell: its edge is unmarked and afterwards no vertex is a sink or source. */
static int br_legal_nc(const br_game *g, unsigned char *mark, int d)
{
    int e = d / 2;
    if (mark[e] != CY_UNMARKED)
        return 0;
    mark[e] = d % 2 == 0 ? CY_FWD : CY_BWD;
    /* only the two ends of e change; positions reached by legal moves have no
     * sink or source elsewhere */
    int ok = !br_sink_or_source(g, mark, g->b->eu[e]) && !br_sink_or_source(g, mark, g->b->ev[e]);
    mark[e] = CY_UNMARKED;
    return ok;
}

/* Whether dart d is legal. */
int br_legal(const br_game *g, unsigned char *mark, int d)
{
    return !br_has_cycle_cell(g, mark) && br_legal_nc(g, mark, d);
}

/* All legal darts, in increasing order. */
int br_legal_moves(const br_game *g, unsigned char *mark, int *out)
{
    int n = 0;
    if (br_has_cycle_cell(g, mark))
        return 0;
    for (int d = 0; d < 2 * g->ne; d++)
        if (br_legal_nc(g, mark, d))
            out[n++] = d;
    return n;
}

/* Whether legal dart d leaves a cycle cell. */
int br_completes(const br_game *g, unsigned char *mark, int d)
{
    int e = d / 2;
    mark[e] = d % 2 == 0 ? CY_FWD : CY_BWD;
    int r = br_has_cycle_cell(g, mark);
    mark[e] = CY_UNMARKED;
    return r;
}

/* Whether a legal move completes a cycle cell (memoised). */
int br_can_complete(const br_game *g, unsigned char *mark)
{
    size_t x = br_index(g, mark);
    if (br_memo_get(g, BR_CC, x) != BR_UNKNOWN)
        return br_memo_get(g, BR_CC, x);
    int r = 0;
    int *moves = malloc(sizeof(int) * (size_t)(2 * g->ne + 1));
    int n = br_legal_moves(g, mark, moves);
    for (int i = 0; i < n && !r; i++)
        if (br_completes(g, mark, moves[i]))
            r = 1;
    free(moves);
    br_memo_set(g, BR_CC, x, r);
    return r;
}

/* Whether legal dart d hands the opponent a completion. */
int br_is_death(const br_game *g, unsigned char *mark, int d)
{
    if (br_completes(g, mark, d))
        return 0;
    int e = d / 2;
    mark[e] = d % 2 == 0 ? CY_FWD : CY_BWD;
    int r = br_can_complete(g, mark);
    mark[e] = CY_UNMARKED;
    return r;
}

/* The original game, by plain recursion over the game tree. */
int br_wins(br_game *g, unsigned char *mark)
{
    size_t x = br_index(g, mark);
    if (br_memo_get(g, BR_WIN, x) != BR_UNKNOWN)
        return br_memo_get(g, BR_WIN, x);
    int wins = 0, moves[2 * BR_MAX_SPARSE_EDGES];
    int n = br_legal_moves(g, mark, moves);
    for (int i = 0; i < n && !wins; i++) {
        int d = moves[i], e = d / 2;
        mark[e] = d % 2 == 0 ? CY_FWD : CY_BWD;
        if (br_has_cycle_cell(g, mark) || !br_wins(g, mark))
            wins = 1;
        mark[e] = CY_UNMARKED;
    }
    br_memo_set(g, BR_WIN, x, wins);
    return wins;
}

/* The moves after which the opponent loses (or that complete a cycle cell). */
int br_winning_moves(br_game *g, unsigned char *mark, int *out)
{
    int n = 0, moves[2 * BR_MAX_SPARSE_EDGES];
    int nl = br_legal_moves(g, mark, moves);
    for (int i = 0; i < nl; i++) {
        int d = moves[i], e = d / 2;
        mark[e] = d % 2 == 0 ? CY_FWD : CY_BWD;
        if (br_has_cycle_cell(g, mark) || !br_wins(g, mark))
            out[n++] = d;
        mark[e] = CY_UNMARKED;
    }
    return n;
}

/* Normal play: mex over the legal moves that neither complete a cycle cell
 * nor are death moves. */
int br_grundy(br_game *g, unsigned char *mark)
{
    size_t x = br_index(g, mark);
    if (br_memo_get(g, BR_GVAL, x) != BR_UNKNOWN)
        return br_memo_get(g, BR_GVAL, x);
    unsigned char seen[2 * BR_MAX_SPARSE_EDGES + 2];
    memset(seen, 0, sizeof seen);
    int moves[2 * BR_MAX_SPARSE_EDGES];
    int n = br_legal_moves(g, mark, moves);
    for (int i = 0; i < n; i++) {
        int d = moves[i], e = d / 2;
        if (br_completes(g, mark, d) || br_is_death(g, mark, d))
            continue;
        mark[e] = d % 2 == 0 ? CY_FWD : CY_BWD;
        int v = br_grundy(g, mark);
        mark[e] = CY_UNMARKED;
        seen[v] = 1;
    }
    int v = 0;
    while (seen[v])
        v++;
    br_memo_set(g, BR_GVAL, x, v);
    return v;
}
