/*
 * test_enumerate.c - the census enumeration (src/census/enumerate.c) against
 * independent counts:
 *   - the hand counts of issue 11 (1, 1, 3, 6 boards with 1..4 edges, and
 *     what the six 4-edge boards are);
 *   - a second method written here from scratch: growth (every connected
 *     plane graph with E >= 2 edges comes from one with E - 1 edges by a
 *     pendant edge in a corner or a chord across a face; which face is outer
 *     is carried along), deduplicated by a canonical code of its own (depth
 *     first, not the enumerator's breadth-first code);
 *   - the connected planar graphs per vertex count against OEIS A003094;
 *   - the library's cy_board_isomorphic on small sizes, the named butterflies;
 *   - parts (disjoint, covering, deterministic);
 *   - the trees against the number of unlabelled trees computed here by
 *     Otter's formula (OEIS A000055).
 *
 * CYCLES_ENUM_GROWTH_MAX=N (environment) runs the growth comparison up to N
 * edges and prints the times, CYCLES_ENUM_TIME=A..B and
 * CYCLES_ENUM_TREES_TIME=A..B time the enumeration (measurement hooks; by
 * default the test stays fast).
 */
#include "support.h"

#include "enumerate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------ collecting */

typedef struct rec {
    cy_board *b; /* a copy, or NULL when not kept */
    char *code, *g6;
    int part;
} rec;

typedef struct coll {
    rec *r;
    int n, cap;
    int keep;       /* keep copies of the boards */
    int stop_after; /* > 0: stop after this many (returning 7) */
} coll;

/* A copy of b through its face walks (the visitor's board is not ours). */
static cy_board *copy_board(const cy_board *b)
{
    cy_error err;
    cy_board *c = cy_board_with_special(b, b->special, &err);
    if (!c)
        fail_msg("copy: %s", err.msg);
    return c;
}

static int collect(const census_item *it, void *ctx)
{
    coll *c = ctx;
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 256;
        c->r = realloc(c->r, sizeof(rec) * (size_t)c->cap);
        assert_non_null(c->r);
    }
    rec *r = &c->r[c->n++];
    r->b = c->keep ? copy_board(it->board) : NULL;
    r->code = strdup(it->code);
    r->g6 = strdup(it->graph6);
    r->part = it->part;
    if (c->stop_after > 0 && c->n >= c->stop_after)
        return 7;
    return 0;
}

static void coll_free(coll *c)
{
    for (int i = 0; i < c->n; i++) {
        cy_board_free(c->r[i].b);
        free(c->r[i].code);
        free(c->r[i].g6);
    }
    free(c->r);
    memset(c, 0, sizeof *c);
}

static void run(coll *c, int edges, int trees, int part, int parts, int keep)
{
    memset(c, 0, sizeof *c);
    c->keep = keep;
    census_enum_opts o = {.edges = edges, .trees = trees, .part = part, .parts = parts};
    cy_error err;
    int rc = census_enumerate(&o, collect, c, &err);
    if (rc != 0)
        fail_msg("enumerate %d edges%s: %s", edges, trees ? " (trees)" : "", err.msg);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* ------------------------------------------------------------ a second canonical code */

/* A map for the second method: rot[v] lists v's neighbours in turning order,
 * faces follow phi(u->v) = (v -> the neighbour after u in rot[v]); the dart
 * ou->ov lies on the outer face. */
#define TM 16
typedef struct tmap {
    int n, ne;
    int deg[TM];
    int rot[TM][TM];
    int ou, ov;
} tmap;

static int tpos(const tmap *m, int v, int w)
{
    for (int i = 0; i < m->deg[v]; i++)
        if (m->rot[v][i] == w)
            return i;
    fail_msg("%d is not a neighbour of %d", w, v);
    return -1;
}

/* Marks in in[v][i] the darts (v -> rot[v][i]) of the face of dart u->v. */
static void tface(const tmap *m, int u, int v, unsigned char in[TM][TM])
{
    memset(in, 0, sizeof(unsigned char) * TM * TM);
    int a = u, i = tpos(m, u, v);
    while (!in[a][i]) {
        in[a][i] = 1;
        int w = m->rot[a][i];
        i = (tpos(m, w, a) + 1) % m->deg[w];
        a = w;
    }
}

/* Depth-first code from vertex v entered by its neighbour slot f, turning
 * the way s: each vertex lists its neighbours' numbers in turn, descending
 * into a new one at once; 0 ends a vertex. */
static void dfs_code(const tmap *m, int v, int f, int s, int *num, int *cnt, char *out, int *k)
{
    int d = m->deg[v];
    for (int j = 0; j < d; j++) {
        int w = m->rot[v][((f + s * j) % d + d) % d];
        if (!num[w]) {
            num[w] = ++*cnt;
            out[(*k)++] = (char)('A' + num[w]);
            dfs_code(m, w, tpos(m, w, v), s, num, cnt, out, k);
        } else {
            out[(*k)++] = (char)('A' + num[w]);
        }
    }
    out[(*k)++] = '.';
}

/* The canonical code of m with its outer face: the least depth-first code
 * from the outer face's darts, in m and in its mirror image (built here by
 * reversing every rotation and finding the outer face again). */
static char *tcanon(const tmap *m)
{
    char best[4 * TM * TM] = "", cur[4 * TM * TM];
    int have = 0;
    tmap mir = *m;
    for (int v = 0; v < m->n; v++)
        for (int i = 0; i < m->deg[v]; i++)
            mir.rot[v][i] = m->rot[v][m->deg[v] - 1 - i];
    unsigned char out[TM][TM], mout[TM][TM];
    tface(m, m->ou, m->ov, out);
    /* in the mirror, the outer face is the one through the reversed darts */
    tface(&mir, m->ov, m->ou, mout);
    for (int v = 0; v < m->n; v++)
        for (int i = 0; i < m->deg[v]; i++)
            if (out[v][i]) {
                int w = m->rot[v][i];
                assert_true(mout[w][tpos(&mir, w, v)]);
            }
    for (int s = 0; s < 2; s++) {
        const tmap *x = s ? &mir : m;
        unsigned char(*in)[TM] = s ? mout : out;
        for (int v = 0; v < x->n; v++)
            for (int i = 0; i < x->deg[v]; i++) {
                if (!in[v][i])
                    continue;
                int num[TM] = {0}, cnt = 1, k = 0;
                num[v] = 1;
                dfs_code(x, v, i, 1, num, &cnt, cur, &k);
                cur[k] = '\0';
                if (!have || strcmp(cur, best) < 0) {
                    strcpy(best, cur);
                    have = 1;
                }
            }
    }
    return strdup(best);
}

/* The map of a board: rotations from vdarts, outer dart from the outer walk. */
static void board_map(const cy_board *b, tmap *m)
{
    assert_true(b->nv <= TM);
    memset(m, 0, sizeof *m);
    m->n = b->nv;
    m->ne = b->ne;
    for (int v = 0; v < b->nv; v++) {
        m->deg[v] = cy_degree(b, v);
        for (int i = 0; i < m->deg[v]; i++)
            m->rot[v][i] = cy_head(b, b->vdarts[b->vstart[v] + i]);
    }
    int d = b->fdarts[b->fstart[b->ncells]];
    m->ou = cy_tail(b, d);
    m->ov = cy_head(b, d);
}

/* ------------------------------------------------------------ growth */

typedef struct level {
    tmap *m;
    char **code;
    int n, cap;
} level;

static int cmp_code_asc(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Adds m to lv unless its code is in seen (a sorted-on-demand list is too
 * slow: a small open hash set of codes). */
typedef struct hset {
    char **s;
    size_t cap, n;
} hset;

static size_t hstr(const char *s)
{
    size_t h = 5381;
    for (; *s; s++)
        h = h * 33 + (unsigned char)*s;
    return h;
}

static int hset_add(hset *h, char *s)
{
    if (2 * (h->n + 1) > h->cap) {
        size_t nc = h->cap ? 2 * h->cap : 1024;
        char **ns = calloc(nc, sizeof(char *));
        for (size_t i = 0; i < h->cap; i++)
            if (h->s[i]) {
                size_t j = hstr(h->s[i]) % nc;
                while (ns[j])
                    j = (j + 1) % nc;
                ns[j] = h->s[i];
            }
        free(h->s);
        h->s = ns;
        h->cap = nc;
    }
    size_t j = hstr(s) % h->cap;
    while (h->s[j]) {
        if (strcmp(h->s[j], s) == 0)
            return 0;
        j = (j + 1) % h->cap;
    }
    h->s[j] = s;
    h->n++;
    return 1;
}

static void level_offer(level *lv, hset *seen, const tmap *m)
{
    char *c = tcanon(m);
    if (!hset_add(seen, c)) {
        free(c);
        return;
    }
    if (lv->n == lv->cap) {
        lv->cap = lv->cap ? 2 * lv->cap : 64;
        lv->m = realloc(lv->m, sizeof(tmap) * (size_t)lv->cap);
        lv->code = realloc(lv->code, sizeof(char *) * (size_t)lv->cap);
    }
    lv->m[lv->n] = *m;
    lv->code[lv->n++] = c;
}

static void tinsert(tmap *m, int v, int at, int w)
{
    memmove(&m->rot[v][at + 1], &m->rot[v][at], sizeof(int) * (size_t)(m->deg[v] - at));
    m->rot[v][at] = w;
    m->deg[v]++;
}

/* The next level: every pendant edge in every corner, every chord across
 * every face between two corners at distinct non-adjacent vertices (across
 * the outer face: either side may stay outer). */
static void grow(const level *from, level *to)
{
    hset seen = {0};
    memset(to, 0, sizeof *to);
    for (int k = 0; k < from->n; k++) {
        const tmap *m = &from->m[k];
        for (int v = 0; v < m->n; v++)
            for (int i = 0; i < m->deg[v]; i++) {
                tmap x = *m;
                int nv = x.n++;
                x.ne++;
                tinsert(&x, v, i, nv);
                x.deg[nv] = 1;
                x.rot[nv][0] = v;
                level_offer(to, &seen, &x);
            }
        /* faces as dart walks */
        unsigned char done[TM][TM] = {{0}};
        unsigned char outer[TM][TM];
        tface(m, m->ou, m->ov, outer);
        for (int v0 = 0; v0 < m->n; v0++)
            for (int i0 = 0; i0 < m->deg[v0]; i0++) {
                if (done[v0][i0])
                    continue;
                int tail[4 * TM], len = 0, a = v0, i = i0;
                int is_outer = outer[v0][i0];
                while (!done[a][i]) {
                    done[a][i] = 1;
                    tail[len++] = a;
                    int w = m->rot[a][i];
                    i = (tpos(m, w, a) + 1) % m->deg[w];
                    a = w;
                }
                for (int p = 0; p < len; p++)
                    for (int q = p + 1; q < len; q++) {
                        int u = tail[p], w = tail[q];
                        if (u == w)
                            continue;
                        int adj = 0;
                        for (int j = 0; j < m->deg[u]; j++)
                            adj |= m->rot[u][j] == w;
                        if (adj)
                            continue;
                        int pu = tail[(p + len - 1) % len], pw = tail[(q + len - 1) % len];
                        tmap x = *m;
                        x.ne++;
                        tinsert(&x, u, tpos(&x, u, pu) + 1, w);
                        tinsert(&x, w, tpos(&x, w, pw) + 1, u);
                        if (!is_outer) {
                            level_offer(to, &seen, &x);
                        } else {
                            x.ou = u;
                            x.ov = w;
                            level_offer(to, &seen, &x);
                            x.ou = w;
                            x.ov = u;
                            level_offer(to, &seen, &x);
                        }
                    }
            }
    }
    free(seen.s); /* the codes belong to the level */
}

static void level_free(level *lv)
{
    for (int i = 0; i < lv->n; i++)
        free(lv->code[i]);
    free(lv->code);
    free(lv->m);
    memset(lv, 0, sizeof *lv);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The enumeration and the growth give the same boards, each once. */
static void test_growth_agrees(void **state)
{
    (void)state;
    int emax = 8;
    const char *env = getenv("CYCLES_ENUM_GROWTH_MAX");
    if (env && atoi(env) > 0)
        emax = atoi(env) < TM - 1 ? atoi(env) : TM - 1;
    level lv = {0};
    hset seen0 = {0};
    tmap one = {.n = 2, .ne = 1, .deg = {1, 1}, .ou = 0, .ov = 1};
    one.rot[0][0] = 1;
    one.rot[1][0] = 0;
    level_offer(&lv, &seen0, &one);
    free(seen0.s);
    for (int e = 1; e <= emax; e++) {
        if (e > 1) {
            double t0 = now();
            level next;
            grow(&lv, &next);
            level_free(&lv);
            lv = next;
            if (env)
                printf("growth %d edges: %d boards, %.2f s\n", e, lv.n, now() - t0);
        }
        double t0 = now();
        coll c;
        run(&c, e, 0, 0, 1, 0);
        double t1 = now();
        /* the enumeration's boards under the second code */
        coll k;
        run(&k, e, 0, 0, 1, 1);
        char **mine = malloc(sizeof(char *) * (size_t)k.n);
        for (int i = 0; i < k.n; i++) {
            tmap m;
            board_map(k.r[i].b, &m);
            mine[i] = tcanon(&m);
        }
        qsort(mine, (size_t)k.n, sizeof(char *), cmp_code_asc);
        for (int i = 1; i < k.n; i++)
            if (strcmp(mine[i - 1], mine[i]) == 0)
                fail_msg("%d edges: one board enumerated twice (%s)", e, mine[i]);
        char **grown = malloc(sizeof(char *) * (size_t)lv.n);
        memcpy(grown, lv.code, sizeof(char *) * (size_t)lv.n);
        qsort(grown, (size_t)lv.n, sizeof(char *), cmp_code_asc);
        if (env)
            printf("enumeration %d edges: %d boards, %.2f s\n", e, c.n, t1 - t0);
        assert_int_equal(c.n, k.n);
        assert_int_equal(k.n, lv.n);
        for (int i = 0; i < k.n; i++)
            if (strcmp(mine[i], grown[i]) != 0)
                fail_msg("%d edges: the enumeration and the growth differ at %s / %s", e, mine[i], grown[i]);
        for (int i = 0; i < k.n; i++)
            free(mine[i]);
        free(mine);
        free(grown);
        coll_free(&c);
        coll_free(&k);
    }
    level_free(&lv);
}

/* ------------------------------------------------------------ hand counts */

static int cmp_int3(const void *a, const void *b)
{
    const int *x = a, *y = b;
    for (int i = 0; i < 3; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

/* 1, 1, 3, 6 boards with 1..4 edges; the six 4-edge boards are three trees,
 * the lollipop with its tail outside (a 3-cell, outer walk 5) and inside (a
 * 5-cell, outer walk 3) and the square. */
static void test_hand_counts(void **state)
{
    (void)state;
    static const int want[5] = {0, 1, 1, 3, 6};
    for (int e = 1; e <= 4; e++) {
        coll c;
        run(&c, e, 0, 0, 1, 1);
        assert_int_equal(c.n, want[e]);
        if (e == 4) {
            /* (vertices, cells, outer face length), sorted */
            int got[6][3];
            for (int i = 0; i < 6; i++) {
                const cy_board *b = c.r[i].b;
                got[i][0] = b->nv;
                got[i][1] = b->ncells;
                got[i][2] = cy_face_len(b, b->ncells);
            }
            qsort(got, 6, sizeof got[0], cmp_int3);
            static const int exp[6][3] = {{4, 1, 3}, {4, 1, 4}, {4, 1, 5}, {5, 0, 8}, {5, 0, 8}, {5, 0, 8}};
            assert_memory_equal(got, exp, sizeof exp);
        }
        if (e == 3) {
            int triangles = 0;
            for (int i = 0; i < 3; i++)
                triangles += c.r[i].b->ncells == 1 && c.r[i].b->nv == 3;
            assert_int_equal(triangles, 1);
        }
        coll_free(&c);
    }
}

/* ------------------------------------------------------------ validity */

/* Decodes a graph6 string (n <= 62) into an adjacency matrix; returns n. */
static int g6_decode(const char *s, unsigned char adj[TM][TM])
{
    int n = s[0] - 63;
    assert_true(n >= 1 && n <= TM);
    memset(adj, 0, sizeof(unsigned char) * TM * TM);
    int k = 0;
    for (int j = 1; j < n; j++)
        for (int i = 0; i < j; i++, k++) {
            int byte = s[1 + k / 6] - 63, bit = (byte >> (5 - k % 6)) & 1;
            adj[i][j] = adj[j][i] = (unsigned char)bit;
        }
    return n;
}

/* Every board is valid with E edges, its graph6 is its graph as labelled,
 * codes are distinct, and no two boards are isomorphic (the library's
 * cy_board_isomorphic, pairwise on small sizes). */
static void test_valid_and_distinct(void **state)
{
    (void)state;
    for (int e = 1; e <= 8; e++) {
        coll c;
        run(&c, e, 0, 0, 1, 1);
        char **codes = malloc(sizeof(char *) * (size_t)c.n);
        for (int i = 0; i < c.n; i++) {
            const cy_board *b = c.r[i].b;
            assert_int_equal(b->ne, e);
            assert_int_equal(b->nv - b->ne + b->ncells + 1, 2);
            for (int v = 0; v < b->nv; v++) {
                char l[16];
                snprintf(l, sizeof l, "%d", v + 1);
                assert_string_equal(b->label[v], l);
                assert_int_equal(b->special[v], 0);
            }
            unsigned char adj[TM][TM];
            assert_int_equal(g6_decode(c.r[i].g6, adj), b->nv);
            int edges = 0;
            for (int u = 0; u < b->nv; u++)
                for (int w = u + 1; w < b->nv; w++) {
                    edges += adj[u][w];
                    assert_int_equal(adj[u][w], cy_board_edge_between(b, u, w) >= 0);
                }
            assert_int_equal(edges, e);
            codes[i] = c.r[i].code;
        }
        qsort(codes, (size_t)c.n, sizeof(char *), cmp_str);
        for (int i = 1; i < c.n; i++)
            assert_true(strcmp(codes[i - 1], codes[i]) != 0);
        free(codes);
        /* all pairs up to 6 edges; beyond, pairs on one graph (boards on
         * different graphs cannot be isomorphic) */
        for (int i = 0; i < c.n; i++)
            for (int j = i + 1; j < c.n; j++)
                if ((e <= 6 || strcmp(c.r[i].g6, c.r[j].g6) == 0) && cy_board_isomorphic(c.r[i].b, c.r[j].b, NULL))
                    fail_msg("%d edges: boards %d and %d are isomorphic", e, i, j);
        coll_free(&c);
    }
}

/* The open and the closed butterfly are two boards, both among the 6-edge
 * boards, each exactly once. */
static void test_butterflies(void **state)
{
    (void)state;
    cy_board *open = t_board("butterfly"), *closed = t_board("butterfly:closed");
    assert_false(cy_board_isomorphic(open, closed, NULL));
    coll c;
    run(&c, 6, 0, 0, 1, 1);
    int no = 0, nc = 0;
    for (int i = 0; i < c.n; i++) {
        no += cy_board_isomorphic(c.r[i].b, open, NULL);
        nc += cy_board_isomorphic(c.r[i].b, closed, NULL);
    }
    assert_int_equal(no, 1);
    assert_int_equal(nc, 1);
    coll_free(&c);
    cy_board_free(open);
    cy_board_free(closed);
}

/* ------------------------------------------------------------ planar graphs */

/* Distinct graphs among the boards per vertex count against OEIS A003094
 * (connected planar graphs on n vertices): with edges up to 9 every graph on
 * n <= 5 vertices is reached (at most 3n - 6 = 9 edges), so 1, 2, 6, 20 for
 * n = 2..5 are checked in full; with 12 (by hand, see the report) also 99. */
static void test_planar_graphs(void **state)
{
    (void)state;
    static const int a003094[6] = {0, 1, 1, 2, 6, 20};
    int count[TM] = {0};
    for (int e = 1; e <= 9; e++) {
        coll c;
        run(&c, e, 0, 0, 1, 0);
        char **g = malloc(sizeof(char *) * (size_t)(c.n ? c.n : 1));
        for (int i = 0; i < c.n; i++)
            g[i] = c.r[i].g6;
        qsort(g, (size_t)c.n, sizeof(char *), cmp_str);
        for (int i = 0; i < c.n; i++)
            if (i == 0 || strcmp(g[i - 1], g[i]) != 0)
                count[g[i][0] - 63]++;
        free(g);
        coll_free(&c);
    }
    for (int n = 2; n <= 5; n++)
        assert_int_equal(count[n], a003094[n]);
}

/* ------------------------------------------------------------ parts */

/* Parts are disjoint, cover everything, carry their number, and the order of
 * the whole enumeration is the same run after run. */
static void test_parts(void **state)
{
    (void)state;
    for (int e = 5; e <= 8; e++) {
        coll all, again;
        run(&all, e, 0, 0, 1, 0);
        run(&again, e, 0, 0, 0, 0);
        assert_int_equal(all.n, again.n);
        for (int i = 0; i < all.n; i++)
            assert_string_equal(all.r[i].code, again.r[i].code);
        coll_free(&again);
        for (int parts = 2; parts <= 5; parts += 3) {
            int total = 0;
            char **codes = malloc(sizeof(char *) * (size_t)all.n);
            coll p[5];
            for (int r = 0; r < parts; r++) {
                run(&p[r], e, 0, r, parts, 0);
                for (int i = 0; i < p[r].n; i++) {
                    assert_int_equal(p[r].r[i].part, r);
                    assert_true(total < all.n);
                    codes[total++] = p[r].r[i].code;
                }
            }
            assert_int_equal(total, all.n);
            char **want = malloc(sizeof(char *) * (size_t)all.n);
            for (int i = 0; i < all.n; i++)
                want[i] = all.r[i].code;
            qsort(codes, (size_t)total, sizeof(char *), cmp_str);
            qsort(want, (size_t)total, sizeof(char *), cmp_str);
            for (int i = 0; i < total; i++)
                assert_string_equal(codes[i], want[i]);
            free(codes);
            free(want);
            for (int r = 0; r < parts; r++)
                coll_free(&p[r]);
        }
        coll_free(&all);
    }
}

/* ------------------------------------------------------------ trees */

/* Unlabelled trees on n vertices by Otter's formula from the rooted trees
 * (A000081 by its Euler-transform recurrence): A000055. */
static void otter(int nmax, long long *t)
{
    long long r[64] = {0};
    r[1] = 1;
    for (int n = 1; n < nmax; n++) {
        /* r(n+1) = (1/n) sum_{k=1..n} (sum_{d|k} d r(d)) r(n-k+1) */
        long long s = 0;
        for (int k = 1; k <= n; k++) {
            long long dsum = 0;
            for (int d = 1; d <= k; d++)
                if (k % d == 0)
                    dsum += d * r[d];
            s += dsum * r[n - k + 1];
        }
        r[n + 1] = s / n;
    }
    for (int n = 1; n <= nmax; n++) {
        long long pairs = 0;
        for (int i = 1; i < n; i++)
            pairs += r[i] * r[n - i];
        if (n % 2 == 0)
            pairs -= r[n / 2];
        t[n] = r[n] - pairs / 2;
    }
}

/* Trees with E edges: as many as unlabelled trees on E + 1 vertices, each a
 * valid board with no cells whose special vertices are its leaves, pairwise
 * different (codes, and cy_board_isomorphic on small sizes). */
static void test_trees(void **state)
{
    (void)state;
    long long t[64];
    otter(16, t);
    assert_int_equal(t[10], 106); /* the formula itself, against A000055 */
    for (int e = 1; e <= 15; e++) {
        coll c;
        run(&c, e, 1, 0, 1, e <= 9);
        assert_int_equal(c.n, t[e + 1]);
        char **codes = malloc(sizeof(char *) * (size_t)c.n);
        for (int i = 0; i < c.n; i++) {
            codes[i] = c.r[i].code;
            const cy_board *b = c.r[i].b;
            if (!b)
                continue;
            assert_int_equal(b->ne, e);
            assert_int_equal(b->nv, e + 1);
            assert_int_equal(b->ncells, 0);
            for (int v = 0; v < b->nv; v++)
                assert_int_equal(b->special[v], cy_degree(b, v) == 1);
        }
        qsort(codes, (size_t)c.n, sizeof(char *), cmp_str);
        for (int i = 1; i < c.n; i++)
            assert_true(strcmp(codes[i - 1], codes[i]) != 0);
        free(codes);
        if (e <= 8)
            for (int i = 0; i < c.n; i++)
                for (int j = i + 1; j < c.n; j++)
                    assert_false(cy_board_isomorphic(c.r[i].b, c.r[j].b, NULL));
        /* parts of the trees cover them once */
        if (e == 12) {
            int total = 0;
            for (int r = 0; r < 3; r++) {
                coll p;
                run(&p, e, 1, r, 3, 0);
                total += p.n;
                coll_free(&p);
            }
            assert_int_equal(total, c.n);
        }
        coll_free(&c);
    }
}

/* ------------------------------------------------------------ errors */

/* Bad options, a visitor that stops, and nauty missing: clear errors. */
static void test_errors(void **state)
{
    (void)state;
    cy_error err;
    coll c = {0};
    census_enum_opts o = {.edges = 0};
    assert_int_equal(census_enumerate(&o, collect, &c, &err), -1);
    assert_non_null(strstr(err.msg, "edges"));
    o = (census_enum_opts){.edges = 5, .part = 3, .parts = 3};
    assert_int_equal(census_enumerate(&o, collect, &c, &err), -1);
    assert_non_null(strstr(err.msg, "part"));
    /* the visitor's value comes back and nothing more is visited */
    o = (census_enum_opts){.edges = 7};
    c.stop_after = 5;
    assert_int_equal(census_enumerate(&o, collect, &c, &err), 7);
    assert_int_equal(c.n, 5);
    coll_free(&c);
    o.trees = 1;
    c.stop_after = 3;
    assert_int_equal(census_enumerate(&o, collect, &c, &err), 7);
    assert_int_equal(c.n, 3);
    coll_free(&c);
    /* the largest trees accepted (stopped early): valid boards */
    o.edges = 60;
    c.stop_after = 2;
    c.keep = 1;
    assert_int_equal(census_enumerate(&o, collect, &c, &err), 7);
    assert_int_equal(c.n, 2);
    assert_int_equal(c.r[1].b->nv, 61);
    assert_int_equal(strlen(c.r[1].code), 1 + 1 + (61 * 60 / 2 + 5) / 6);
    coll_free(&c);
    o.edges = 61;
    assert_int_equal(census_enumerate(&o, collect, &c, &err), -1);
    assert_non_null(strstr(err.msg, "edges"));
    /* without nauty on PATH */
    char *path = strdup(getenv("PATH") ? getenv("PATH") : "");
    setenv("PATH", "/nonexistent", 1);
    o = (census_enum_opts){.edges = 3};
    int rc = census_enumerate(&o, collect, &c, &err);
    setenv("PATH", path, 1);
    free(path);
    assert_int_equal(rc, -1);
    assert_non_null(strstr(err.msg, "nauty-geng not found"));
    assert_int_equal(c.n, 0);
    coll_free(&c);
    /* a tool that fails, and one that writes what is not a graph */
    char dir[] = "/tmp/cy_enum_XXXXXX";
    assert_non_null(mkdtemp(dir));
    static const char *const script[2] = {"#!/bin/sh\nexit 3\n", "#!/bin/sh\necho 'not a graph!'\n"};
    static const char *const want[2] = {"nauty-geng failed (exit status 3)", "cannot read"};
    for (int k = 0; k < 2; k++) {
        char file[64];
        for (int t = 0; t < 2; t++) {
            snprintf(file, sizeof file, "%s/%s", dir, t ? "nauty-planarg" : "nauty-geng");
            FILE *f = fopen(file, "w");
            assert_non_null(f);
            fputs(t ? "#!/bin/sh\nexec /bin/cat\n" : script[k], f);
            fclose(f);
            assert_int_equal(chmod(file, 0755), 0);
        }
        path = strdup(getenv("PATH") ? getenv("PATH") : "");
        setenv("PATH", dir, 1);
        rc = census_enumerate(&o, collect, &c, &err);
        setenv("PATH", path, 1);
        free(path);
        assert_int_equal(rc, -1);
        if (!strstr(err.msg, want[k]))
            fail_msg("expected \"%s\", got \"%s\"", want[k], err.msg);
        assert_int_equal(c.n, 0);
        unlink(file);
        snprintf(file, sizeof file, "%s/nauty-geng", dir);
        unlink(file);
    }
    rmdir(dir);
}

/* ------------------------------------------------------------ measuring */

typedef struct tally {
    long n;
    char last[400];
    long graphs[64];
} tally;

static int count_item(const census_item *it, void *ctx)
{
    tally *t = ctx;
    t->n++;
    if (strcmp(t->last, it->graph6) != 0) {
        snprintf(t->last, sizeof t->last, "%s", it->graph6);
        t->graphs[it->graph6[0] - 63]++;
    }
    return 0;
}

/* A measurement hook, silent unless asked: CYCLES_ENUM_TIME=A..B (and/or
 * CYCLES_ENUM_TREES_TIME=A..B) prints the boards (trees), the graphs by
 * vertex count, and the wall and CPU seconds of each edge count. */
static void test_measure(void **state)
{
    (void)state;
    const char *env[2] = {getenv("CYCLES_ENUM_TIME"), getenv("CYCLES_ENUM_TREES_TIME")};
    for (int trees = 0; trees < 2; trees++) {
        int a, b;
        if (!env[trees] || sscanf(env[trees], "%d..%d", &a, &b) != 2)
            continue;
        for (int e = a; e <= b; e++) {
            tally t;
            memset(&t, 0, sizeof t);
            census_enum_opts o = {.edges = e, .trees = trees};
            cy_error err;
            double w0 = now();
            clock_t c0 = clock();
            if (census_enumerate(&o, count_item, &t, &err) != 0)
                fail_msg("%s", err.msg);
            printf("%s %d edges: %ld, %.2f s wall, %.2f s cpu; graphs by vertices:", trees ? "trees" : "boards", e, t.n,
                   now() - w0, (double)(clock() - c0) / CLOCKS_PER_SEC);
            for (int v = 0; v < 64; v++)
                if (t.graphs[v])
                    printf(" %d:%ld", v, t.graphs[v]);
            printf("\n");
            fflush(stdout);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_counts),
        cmocka_unit_test(test_growth_agrees),
        cmocka_unit_test(test_valid_and_distinct),
        cmocka_unit_test(test_butterflies),
        cmocka_unit_test(test_planar_graphs),
        cmocka_unit_test(test_parts),
        cmocka_unit_test(test_trees),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_measure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
