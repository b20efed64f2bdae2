/*
 * split.c - a solve split into independent jobs, and the jobs' answers
 * combined again (issue 10: boards too big for one machine).
 *
 * The normal-play game from a position is a tree of safe moves (no death
 * moves: after a safe move the opponent cannot complete a cycle cell, so no
 * position of the tree admits a completion).  Its first `depth` levels are
 * expanded here; the positions at the last level are the jobs, each solved
 * anywhere by any engine for its Grundy value (or only who wins).  The value
 * of every position above them is then the mex of its children's values
 * (or, for outcomes, a win exactly when some child is a loss).
 *
 * Positions that are images of one another under the board's automorphisms
 * (cy_symmetry) or under reversing every arrow have one value - sinks and
 * sources trade places, cycle cells stay cycle cells - so each level keeps
 * one position of each class: the least image, packed two bits an edge.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* A position packed two bits an edge (boards of at most 64 edges). */
typedef struct packed {
    uint64_t w[2];
} packed;

/* The board's automorphisms as maps of darts (identity first). */
typedef struct dartmaps {
    int n, ne;
    int *map; /* n * 2ne */
} dartmaps;

static int packed_cmp(const void *a, const void *b)
{
    const packed *x = a, *y = b;
    for (int i = 1; i >= 0; i--)
        if (x->w[i] != y->w[i])
            return x->w[i] < y->w[i] ? -1 : 1;
    return 0;
}

/* Sorts the n positions at p and drops repeats; returns how many are left. */
static size_t unique(packed *p, size_t n)
{
    qsort(p, n, sizeof *p, packed_cmp);
    size_t u = 0;
    for (size_t x = 0; x < n; x++)
        if (u == 0 || packed_cmp(&p[u - 1], &p[x]))
            p[u++] = p[x];
    return u;
}

static packed pack(const unsigned char *mark, int ne)
{
    packed p = {{0, 0}};
    for (int e = 0; e < ne; e++)
        p.w[e >> 5] |= (uint64_t)mark[e] << (2 * (e & 31));
    return p;
}

static void unpack(packed p, unsigned char *mark, int ne)
{
    for (int e = 0; e < ne; e++)
        mark[e] = (unsigned char)((p.w[e >> 5] >> (2 * (e & 31))) & 3u);
}

/* The least image of mark under the automorphisms, with and without every
 * arrow reversed. */
static packed canonical(const dartmaps *dm, const unsigned char *mark)
{
    packed best = pack(mark, dm->ne);
    for (int a = 0; a < dm->n; a++)
        for (int rev = 0; rev < 2; rev++) {
            packed p = {{0, 0}};
            for (int e = 0; e < dm->ne; e++)
                if (mark[e]) {
                    int d = dm->map[a * 2 * dm->ne + cy_dart(e, mark[e])] ^ rev;
                    int f = cy_dart_edge(d);
                    p.w[f >> 5] |= (uint64_t)cy_dart_mark(d) << (2 * (f & 31));
                }
            if (packed_cmp(&p, &best) < 0)
                best = p;
        }
    return best;
}

static int dartmaps_init(const cy_board *b, dartmaps *dm, cy_error *err)
{
    cy_symmetry *sym = cy_symmetry_new(b, err);
    if (!sym)
        return -1;
    dm->n = sym->n;
    dm->ne = b->ne;
    dm->map = cyi_xmalloc(sizeof(int) * (size_t)sym->n * 2 * (size_t)b->ne);
    for (int a = 0; a < sym->n; a++)
        for (int d = 0; d < 2 * b->ne; d++)
            dm->map[a * 2 * b->ne + d] = sym->aut[a].dmap[d];
    cy_symmetry_free(sym);
    return 0;
}

/* The levels of the tree: level k holds the classes of the positions k safe
 * moves from the start, sorted. */
typedef struct levels {
    int depth;
    packed *pos[CY_SPLIT_MAX_DEPTH + 1];
    size_t n[CY_SPLIT_MAX_DEPTH + 1];
    dartmaps dm;
} levels;

static void levels_free(levels *lv)
{
    for (int k = 0; k <= lv->depth; k++)
        free(lv->pos[k]);
    free(lv->dm.map);
}

/* Expands the tree from mark to depth levels of at most max positions. */
static int levels_build(const cy_board *b, const unsigned char *mark0, int depth, size_t max, levels *lv, cy_error *err)
{
    memset(lv, 0, sizeof *lv);
    if (b->ne > 64)
        return cy_error_set(err, "the board has %d edges; a solve can be split for boards of at most 64", b->ne);
    if (depth < 1 || depth > CY_SPLIT_MAX_DEPTH)
        return cy_error_set(err, "the split depth is from 1 to %d, not %d", CY_SPLIT_MAX_DEPTH, depth);
    if (cy_rules_cycle_cell(b, mark0) >= 0 || cy_rules_winning_completion(b, mark0) >= 0)
        return cy_error_set(err, "a cycle cell is complete or can be completed at once: nothing to split");
    if (dartmaps_init(b, &lv->dm, err) < 0)
        return -1;
    lv->depth = depth;
    unsigned char *mark = cyi_xmalloc((size_t)b->ne + 1);
    int *moves = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    lv->pos[0] = cyi_xmalloc(sizeof(packed));
    lv->pos[0][0] = canonical(&lv->dm, mark0);
    lv->n[0] = 1;
    int rc = 0;
    for (int k = 0; k < depth && rc == 0; k++) {
        size_t cap = 1024, n = 0;
        packed *next = cyi_xmalloc(cap * sizeof *next);
        for (size_t i = 0; i < lv->n[k] && n <= max && rc == 0; i++) {
            if ((i & 1023) == 0 && cy_interrupted()) {
                rc = cy_error_set(err, "interrupted while expanding depth %d", k + 1);
                break;
            }
            unpack(lv->pos[k][i], mark, b->ne);
            int m = cy_rules_safe(b, mark, moves);
            for (int j = 0; j < m; j++) {
                int e = cy_dart_edge(moves[j]);
                mark[e] = (unsigned char)cy_dart_mark(moves[j]);
                if (n == cap) {
                    /* full: drop the repeats, and grow if that was not enough */
                    n = unique(next, n);
                    if (n > max)
                        break; /* said below */
                    if (n > cap / 2) {
                        cap *= 2;
                        next = cyi_xrealloc(next, cap * sizeof *next);
                    }
                }
                next[n++] = canonical(&lv->dm, mark);
                mark[e] = CY_UNMARKED;
            }
        }
        n = n > max ? n : unique(next, n);
        if (rc == 0 && n > max)
            rc = cy_error_set(err, "depth %d has more than %zu positions; choose a smaller split depth", k + 1, max);
        lv->pos[k + 1] = next;
        lv->n[k + 1] = n;
    }
    free(mark);
    free(moves);
    if (rc < 0)
        levels_free(lv);
    return rc;
}

int cy_split_new(const cy_board *b, const unsigned char *mark, int depth, size_t max_jobs, cy_split *sp, cy_error *err)
{
    memset(sp, 0, sizeof *sp);
    levels lv;
    if (levels_build(b, mark, depth, max_jobs ? max_jobs : CY_SPLIT_MAX_JOBS, &lv, err) < 0)
        return -1;
    sp->depth = depth;
    sp->ne = b->ne;
    sp->njobs = lv.n[depth];
    sp->jobs = cyi_xmalloc((size_t)sp->njobs * (size_t)b->ne + 1);
    for (size_t i = 0; i < lv.n[depth]; i++)
        unpack(lv.pos[depth][i], sp->jobs + i * (size_t)b->ne, b->ne);
    levels_free(&lv);
    return 0;
}

void cy_split_free(cy_split *sp)
{
    free(sp->jobs);
    sp->jobs = NULL;
}

/* The value of a position one safe move below level k: from the values of
 * level k + 1, found by its class. */
static int child_value(const levels *lv, int k, int *const *val, const unsigned char *mark)
{
    packed c = canonical(&lv->dm, mark);
    const packed *hit = bsearch(&c, lv->pos[k + 1], lv->n[k + 1], sizeof c, packed_cmp);
    return hit ? val[k + 1][hit - lv->pos[k + 1]] : -1;
}

/* The value of the position mark at level k from its children's values:
 * their mex, or (outcome_only) 1 when one of them is a loss. */
static int node_value(const cy_board *b, const levels *lv, int k, int *const *val, unsigned char *mark, int *moves,
                      int outcome_only)
{
    uint64_t seen[4] = {0, 0, 0, 0};
    int m = cy_rules_safe(b, mark, moves);
    for (int j = 0; j < m; j++) {
        int e = cy_dart_edge(moves[j]);
        mark[e] = (unsigned char)cy_dart_mark(moves[j]);
        int v = child_value(lv, k, val, mark);
        mark[e] = CY_UNMARKED;
        if (v < 0 || v > 255)
            return -1;
        seen[v >> 6] |= 1ull << (v & 63);
    }
    if (outcome_only)
        return (int)(seen[0] & 1u);
    int mex = 0;
    while (mex < 256 && (seen[mex >> 6] >> (mex & 63)) & 1u)
        mex++;
    return mex;
}

int cy_split_combine(const cy_board *b, const unsigned char *mark0, const cy_split *sp, const int *values,
                     int outcome_only, cy_split_answer *ans, cy_error *err)
{
    memset(ans, 0, sizeof *ans);
    levels lv;
    if (levels_build(b, mark0, sp->depth, CY_SPLIT_MAX_JOBS, &lv, err) < 0)
        return -1;
    int rc = 0;
    if (lv.n[sp->depth] != (size_t)sp->njobs)
        rc = cy_error_set(err, "the jobs are not those of this board at depth %d", sp->depth);
    int *val[CY_SPLIT_MAX_DEPTH + 1] = {0};
    unsigned char *mark = cyi_xmalloc((size_t)b->ne + 1);
    int *moves = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    for (int k = 0; k <= sp->depth; k++)
        val[k] = cyi_xcalloc(lv.n[k] + 1, sizeof(int));
    /* the jobs' values, matched by class (the jobs may come in any order) */
    for (int i = 0; i < sp->njobs && rc == 0; i++) {
        packed c = canonical(&lv.dm, sp->jobs + (size_t)i * (size_t)b->ne);
        const packed *hit = bsearch(&c, lv.pos[sp->depth], lv.n[sp->depth], sizeof c, packed_cmp);
        if (!hit)
            rc = cy_error_set(err, "job %d is not a position of this board at depth %d", i + 1, sp->depth);
        else if (values[i] < 0 || values[i] > 255 || (outcome_only && values[i] > 1))
            rc = cy_error_set(err, "job %d has no usable value", i + 1);
        else
            val[sp->depth][hit - lv.pos[sp->depth]] = values[i];
    }
    for (int k = sp->depth - 1; k >= 0 && rc == 0; k--)
        for (size_t i = 0; i < lv.n[k] && rc == 0; i++) {
            unpack(lv.pos[k][i], mark, b->ne);
            val[k][i] = node_value(b, &lv, k, val, mark, moves, outcome_only);
            if (val[k][i] < 0)
                rc = cy_error_set(err, "a value is missing at depth %d", k + 1);
        }
    if (rc == 0) {
        /* the start position in its own labelling: its moves and, for a
         * lost one two levels deep, a winning reply to each */
        memcpy(mark, mark0, (size_t)b->ne);
        int v = val[0][0];
        ans->grundy = outcome_only ? -1 : v;
        ans->wins = outcome_only ? v : v != 0;
        ans->nlegal = cy_rules_legal(b, mark, moves);
        ans->legal = cyi_xmalloc(sizeof(int) * (size_t)(ans->nlegal + 1));
        ans->reply = cyi_xmalloc(sizeof(int) * (size_t)(ans->nlegal + 1));
        ans->winning = cyi_xmalloc(sizeof(int) * (size_t)(ans->nlegal + 1));
        memcpy(ans->legal, moves, sizeof(int) * (size_t)ans->nlegal);
        int *answers = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
        ans->have_replies = !ans->wins && sp->depth >= 2;
        for (int i = 0; i < ans->nlegal; i++) {
            int d = ans->legal[i], e = cy_dart_edge(d), death = cy_rules_is_death(b, mark, d, NULL);
            mark[e] = (unsigned char)cy_dart_mark(d);
            ans->reply[i] = -1;
            if (death)
                ans->reply[i] = cy_rules_winning_completion(b, mark);
            else if (child_value(&lv, 0, val, mark) == 0)
                ans->winning[ans->nwin++] = d;
            else if (ans->have_replies) {
                int m = cy_rules_safe(b, mark, answers);
                for (int j = 0; j < m && ans->reply[i] < 0; j++) {
                    int f = cy_dart_edge(answers[j]);
                    mark[f] = (unsigned char)cy_dart_mark(answers[j]);
                    if (child_value(&lv, 1, val, mark) == 0)
                        ans->reply[i] = answers[j];
                    mark[f] = CY_UNMARKED;
                }
            }
            mark[e] = CY_UNMARKED;
        }
        free(answers);
    }
    for (int k = 0; k <= sp->depth; k++)
        free(val[k]);
    free(mark);
    free(moves);
    levels_free(&lv);
    return rc;
}

void cy_split_answer_free(cy_split_answer *ans)
{
    free(ans->legal);
    free(ans->reply);
    free(ans->winning);
    memset(ans, 0, sizeof *ans);
}
