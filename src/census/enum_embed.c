/*
 * enum_embed.c - every plane embedding of a connected graph, without the
 * factorial blow-up of naive rotation systems, and the canonical code of an
 * embedded graph with its outer face.
 *
 * The graph is cut into its 2-core and the trees hanging from it (when the
 * graph is a tree, from a centre vertex, the "root").  An embedding is then:
 *   1. an embedding of each block (2-connected component) of the core; a
 *      block's embeddings come from an ear decomposition (a cycle, then paths
 *      whose ends are on what is already drawn): each ear goes into one of the
 *      faces holding both its ends, and every embedding of the block arises
 *      exactly once, with no dead ends (no rotation system is tried and
 *      thrown away);
 *   2. at each cut vertex of the core, a merge of its blocks' rotations in
 *      which no two blocks cross (no a..b..a..b around the vertex): that is
 *      exactly when gluing plane blocks at a vertex stays plane;
 *   3. at each core vertex (or the root), the hanging trees placed in its
 *      corners, and each hanging tree drawn as an ordered rooted tree.
 * Isomorphic hanging subtrees are interchangeable, so (3) works with their
 * shapes: the ordered shapes of a rooted subtree are computed bottom-up as
 * bracket strings, sibling subtrees of one type take their shapes as a
 * multiset, and the arrangements around a vertex are the distinct
 * permutations of those shapes.  A star of 12 edges thus gives one rotation
 * system, not 11!.  Mirror images are the same boards, so in one block with
 * an ear besides its starting cycle the first ear goes only into the first
 * face of the cycle (the mirror image of an embedding has it in the other
 * one): half the work for every graph that is not a cactus.  What is left of
 * the redundancy (automorphisms of the core, symmetric positions of hanging
 * trees, mirror images of cacti) is small and removed by the caller with
 * canonical codes.
 */
#include "enum_embed.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ memory */

/* malloc that never returns NULL (out of memory aborts: not a user error). */
static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        abort();
    return p;
}

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        abort();
    return p;
}

/* ------------------------------------------------------------ faces and codes */

int emb_faces(const emb_map *m, int *off, int *face)
{
    off[0] = 0;
    for (int v = 0; v < m->n; v++)
        off[v + 1] = off[v] + m->deg[v];
    int nd = off[m->n];
    for (int d = 0; d < nd; d++)
        face[d] = -1;
    int nf = 0;
    for (int v0 = 0; v0 < m->n; v0++)
        for (int i0 = 0; i0 < m->deg[v0]; i0++) {
            if (face[off[v0] + i0] >= 0)
                continue;
            int v = v0, i = i0;
            while (face[off[v] + i] < 0) {
                face[off[v] + i] = nf;
                int w = m->rot[v][i], j = 0;
                while (m->rot[w][j] != v)
                    j++;
                i = (j + 1) % m->deg[w];
                v = w;
            }
            nf++;
        }
    return nf;
}

static const char code_digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/* The breadth-first code of m from dart (v0, i0) turning the way s (+1 or
 * -1) into cur; when best (length len) is given, gives up and returns 1 as
 * soon as the code is known to be greater, else returns 0. */
static int bfs_code(const emb_map *m, unsigned char pos[][EMB_MAXN], int v0, int i0, int s, const int *best, int *cur)
{
    int num[EMB_MAXN], first[EMB_MAXN], queue[EMB_MAXN];
    for (int v = 0; v < m->n; v++)
        num[v] = 0;
    int qn = 0, k = 0, less = 0;
    num[v0] = 1;
    first[v0] = i0;
    queue[qn++] = v0;
    for (int q = 0; q < qn; q++) {
        int v = queue[q], dv = m->deg[v];
        for (int j = 0; j < dv; j++) {
            int idx = ((first[v] + s * j) % dv + dv) % dv;
            int w = m->rot[v][idx];
            if (!num[w]) {
                num[w] = qn + 1;
                first[w] = pos[w][v];
                queue[qn++] = w;
            }
            cur[k] = num[w];
            if (best && !less) {
                if (cur[k] > best[k])
                    return 1;
                if (cur[k] < best[k])
                    less = 1;
            }
            k++;
        }
        cur[k] = 0;
        if (best && !less) {
            if (cur[k] > best[k])
                return 1;
            if (cur[k] < best[k])
                less = 1;
        }
        k++;
    }
    return best && !less; /* equal: nothing new */
}

void emb_code(const emb_map *m, const int *off, const int *face, int outer, char *out)
{
    static _Thread_local unsigned char pos[EMB_MAXN][EMB_MAXN];
    for (int v = 0; v < m->n; v++)
        for (int i = 0; i < m->deg[v]; i++)
            pos[v][m->rot[v][i]] = (unsigned char)i;
    int len = m->n + 2 * m->ne;
    int best[EMB_MAXN + 2 * EMB_MAXN * 3], cur[EMB_MAXN + 2 * EMB_MAXN * 3];
    int have = 0;
    /* a code starts with its root's degree (2, 3, .., deg + 1, 0), so only
     * roots of the least degree on the outer face can give the least code */
    int mindeg = EMB_MAXN;
    for (int v = 0; v < m->n; v++)
        for (int i = 0; i < m->deg[v]; i++)
            if (face[off[v] + i] == outer && m->deg[v] < mindeg)
                mindeg = m->deg[v];
    for (int s = 1; s >= -1; s -= 2)
        for (int v = 0; v < m->n; v++)
            for (int i = 0; i < m->deg[v]; i++) {
                if (m->deg[v] != mindeg)
                    break;
                int d = off[v] + i;
                if (s < 0) {
                    int w = m->rot[v][i];
                    d = off[w] + pos[w][v];
                }
                if (face[d] != outer)
                    continue;
                if (bfs_code(m, pos, v, i, s, have ? best : NULL, cur))
                    continue;
                memcpy(best, cur, sizeof(int) * (size_t)len);
                have = 1;
            }
    out[0] = 'p';
    for (int k = 0; k < len; k++)
        out[1 + k] = code_digits[best[k]];
    out[1 + len] = '\0';
}

/* ------------------------------------------------------------ hanging trees */

/* An ordered shape of a hanging subtree: its bracket string and the subtree
 * in preorder as (vertex, number of children) pairs, children in order. */
typedef struct form {
    char *s;
    int *pre;
    int npre; /* pairs */
} form;

typedef struct flist {
    form *f;
    int n, cap;
} flist;

static void flist_add(flist *l, char *s, int *pre, int npre)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        l->f = xrealloc(l->f, sizeof(form) * (size_t)l->cap);
    }
    l->f[l->n++] = (form){s, pre, npre};
}

static int cmp_form(const void *a, const void *b)
{
    return strcmp(((const form *)a)->s, ((const form *)b)->s);
}

static void flist_free(flist *l)
{
    for (int i = 0; i < l->n; i++) {
        free(l->f[i].s);
        free(l->f[i].pre);
    }
    free(l->f);
    memset(l, 0, sizeof *l);
}

/* ------------------------------------------------------------ blocks */

/* A block of the core with its embeddings: for each embedding, the block
 * neighbours of each of its vertices in rotation order (bdeg[i] of them for
 * vertex v[i], starting at start[i]; len in all). */
typedef struct block {
    int nv, v[EMB_MAXN];
    int bdeg[EMB_MAXN], start[EMB_MAXN + 1], len;
    int nemb, cap;
    int *emb;
} block;

/* ------------------------------------------------------------ the state */

typedef struct est {
    const emb_graph *g;
    emb_visit f;
    void *ctx;
    emb_map m;                                 /* the map being built */
    unsigned char incore[EMB_MAXN];            /* core vertex (or the root) */
    int nch[EMB_MAXN], ch[EMB_MAXN][EMB_MAXN]; /* hanging children, by type */
    int type[EMB_MAXN];                        /* type of a hanging vertex's subtree */
    flist forms[EMB_MAXN];                     /* ordered shapes of a hanging subtree */
    char **types;                              /* least shape of each type */
    int ntypes, captypes;
    block *blk;
    int nblk;
    int nbat[EMB_MAXN], bat[EMB_MAXN][EMB_MAXN]; /* blocks at each core vertex */
    int choice[EMB_MAXN * 3];                    /* embedding chosen for each block */
    int cv[EMB_MAXN], ncv;                       /* vertices whose rotation is chosen */
    int halved;                                  /* a block gave only half its embeddings */
} est;

/* The type id of a subtree whose least shape is s (a new id if new). */
static int type_of(est *st, const char *s)
{
    for (int i = 0; i < st->ntypes; i++)
        if (strcmp(st->types[i], s) == 0)
            return i;
    if (st->ntypes == st->captypes) {
        st->captypes = st->captypes ? 2 * st->captypes : 16;
        st->types = xrealloc(st->types, sizeof(char *) * (size_t)st->captypes);
    }
    size_t n = strlen(s) + 1;
    st->types[st->ntypes] = memcpy(xmalloc(n), s, n);
    return st->ntypes++;
}

/* ------------------------------------------------------------ arrangements */

/* The distinct sequences of k items (with sort keys key[], equal keys being
 * interchangeable and adjacent) interleaved with nc fixed items kept in
 * order; seq gets item i as i and fixed item j as -1 - j.  When firstmin,
 * the first place holds an item of the least key (for cyclic sequences with
 * no fixed item).  done() is called for each; its nonzero return stops. */
typedef struct arr {
    int k, nc, firstmin;
    const int64_t *key;
    int used[EMB_MAXN], seq[2 * EMB_MAXN], placedc;
    int (*done)(struct arr *a, void *ctx);
    void *ctx;
} arr;

static int arr_rec(arr *a, int at)
{
    if (at == a->k + a->nc)
        return a->done(a, a->ctx);
    int r;
    if (a->placedc < a->nc) {
        a->seq[at] = -1 - a->placedc;
        a->placedc++;
        r = arr_rec(a, at + 1);
        a->placedc--;
        if (r)
            return r;
    }
    for (int i = 0; i < a->k; i++) {
        if (a->used[i] || (i > 0 && a->key[i] == a->key[i - 1] && !a->used[i - 1]))
            continue;
        if (at == 0 && a->firstmin && a->key[i] != a->key[0])
            break;
        a->used[i] = 1;
        a->seq[at] = i;
        r = arr_rec(a, at + 1);
        a->used[i] = 0;
        if (r)
            return r;
    }
    return 0;
}

static int arr_run(arr *a)
{
    memset(a->used, 0, sizeof a->used);
    a->placedc = 0;
    return arr_rec(a, 0);
}

/* Choosing one shape for each of k children (sorted by type): children of
 * one type take non-decreasing shape indices (a multiset of shapes). */
typedef struct pick {
    est *st;
    int k;
    const int *child;
    int fidx[EMB_MAXN];
    int64_t key[EMB_MAXN];
    int (*done)(struct pick *p, void *ctx);
    void *ctx;
} pick;

static int pick_rec(pick *p, int i)
{
    if (i == p->k)
        return p->done(p, p->ctx);
    int c = p->child[i];
    int lo = 0;
    if (i > 0 && p->st->type[p->child[i - 1]] == p->st->type[c])
        lo = p->fidx[i - 1];
    for (int j = lo; j < p->st->forms[c].n; j++) {
        p->fidx[i] = j;
        p->key[i] = ((int64_t)p->st->type[c] << 32) | j;
        int r = pick_rec(p, i + 1);
        if (r)
            return r;
    }
    return 0;
}

/* The shapes of the subtree of hanging vertex x, from its children's. */
typedef struct formctx {
    est *st;
    int x;
    pick *p;
    flist *out;
} formctx;

static int form_arranged(arr *a, void *ctx)
{
    formctx *fc = ctx;
    est *st = fc->st;
    size_t slen = 2;
    int npre = 1;
    for (int i = 0; i < a->k; i++) {
        const form *f = &st->forms[fc->p->child[a->seq[i]]].f[fc->p->fidx[a->seq[i]]];
        slen += strlen(f->s);
        npre += f->npre;
    }
    char *s = xmalloc(slen + 1);
    int *pre = xmalloc(sizeof(int) * 2 * (size_t)npre);
    size_t sl = 0;
    int pl = 0;
    s[sl++] = '(';
    pre[pl++] = fc->x;
    pre[pl++] = a->k;
    for (int i = 0; i < a->k; i++) {
        const form *f = &st->forms[fc->p->child[a->seq[i]]].f[fc->p->fidx[a->seq[i]]];
        size_t n = strlen(f->s);
        memcpy(s + sl, f->s, n);
        sl += n;
        memcpy(pre + pl, f->pre, sizeof(int) * 2 * (size_t)f->npre);
        pl += 2 * f->npre;
    }
    s[sl++] = ')';
    s[sl] = '\0';
    flist_add(fc->out, s, pre, npre);
    return 0;
}

static int form_picked(pick *p, void *ctx)
{
    formctx *fc = ctx;
    arr a = {.k = p->k, .nc = 0, .firstmin = 0, .key = p->key, .done = form_arranged, .ctx = fc};
    return arr_run(&a);
}

static void make_forms(est *st, int x)
{
    formctx fc = {st, x, NULL, &st->forms[x]};
    pick p = {.st = st, .k = st->nch[x], .child = st->ch[x], .done = form_picked, .ctx = &fc};
    fc.p = &p;
    pick_rec(&p, 0);
    qsort(st->forms[x].f, (size_t)st->forms[x].n, sizeof(form), cmp_form);
    st->type[x] = type_of(st, st->forms[x].f[0].s);
}

/* Draws the hanging subtree of pre[*i] under parent with its shape. */
static void apply_form(est *st, const int *pre, int *i, int parent)
{
    int x = pre[*i], k = pre[*i + 1];
    *i += 2;
    st->m.rot[x][0] = parent;
    st->m.deg[x] = k + 1;
    for (int j = 0; j < k; j++) {
        st->m.rot[x][1 + j] = pre[*i];
        apply_form(st, pre, i, x);
    }
}

/* ------------------------------------------------------------ core vertices */

static int rec_vertex(est *st, int idx);

/* Placing the hanging trees of core vertex v around its core rotation D. */
typedef struct placectx {
    est *st;
    int idx, v, d;
    const int *D;
    pick *p;
} placectx;

static int place_arranged(arr *a, void *ctx)
{
    placectx *pc = ctx;
    est *st = pc->st;
    int v = pc->v, n = 0;
    if (pc->d > 0)
        st->m.rot[v][n++] = pc->D[0];
    for (int i = 0; i < a->k + a->nc; i++) {
        int s = a->seq[i];
        st->m.rot[v][n++] = s < 0 ? pc->D[1 + (-1 - s)] : pc->p->child[s];
    }
    st->m.deg[v] = n;
    for (int i = 0; i < a->k; i++) {
        const form *f = &st->forms[pc->p->child[i]].f[pc->p->fidx[i]];
        int at = 0;
        apply_form(st, f->pre, &at, v);
    }
    return rec_vertex(st, pc->idx + 1);
}

static int place_picked(pick *p, void *ctx)
{
    placectx *pc = ctx;
    arr a = {.k = p->k,
             .nc = pc->d > 0 ? pc->d - 1 : 0,
             .firstmin = pc->d == 0,
             .key = p->key,
             .done = place_arranged,
             .ctx = pc};
    return arr_run(&a);
}

/* Continues with core rotation D (d neighbours) at cv[idx]. */
static int with_core_rotation(est *st, int idx, const int *D, int d)
{
    int v = st->cv[idx];
    if (st->nch[v] == 0) {
        memcpy(st->m.rot[v], D, sizeof(int) * (size_t)d);
        st->m.deg[v] = d;
        return rec_vertex(st, idx + 1);
    }
    placectx pc = {st, idx, v, d, D, NULL};
    pick p = {.st = st, .k = st->nch[v], .child = st->ch[v], .done = place_picked, .ctx = &pc};
    pc.p = &p;
    return pick_rec(&p, 0);
}

/* Merging the rotations R[0..nb) of the blocks at a cut vertex so that no
 * two cross: in the sequence read from R[0][0], a block may go on only when
 * every block started after it is complete (a stack). */
typedef struct merge {
    int nb;
    const int *R[EMB_MAXN];
    int l[EMB_MAXN], start[EMB_MAXN], placed[EMB_MAXN];
    int stack[EMB_MAXN], sp;
    int out[2 * EMB_MAXN], len, total;
} merge;

static int merge_rec(est *st, int idx, merge *mg)
{
    if (mg->len == mg->total)
        return with_core_rotation(st, idx, mg->out, mg->len);
    int r;
    if (mg->sp > 0) {
        int k = mg->stack[mg->sp - 1];
        mg->out[mg->len++] = mg->R[k][(mg->start[k] + mg->placed[k]) % mg->l[k]];
        mg->placed[k]++;
        int popped = mg->placed[k] == mg->l[k];
        if (popped)
            mg->sp--;
        r = merge_rec(st, idx, mg);
        if (popped)
            mg->stack[mg->sp++] = k; /* the slot may have been reused */
        mg->placed[k]--;
        mg->len--;
        if (r)
            return r;
    }
    for (int j = 1; j < mg->nb; j++) {
        if (mg->placed[j])
            continue;
        for (int s = 0; s < mg->l[j]; s++) {
            mg->start[j] = s;
            mg->placed[j] = 1;
            mg->out[mg->len++] = mg->R[j][s];
            if (mg->l[j] > 1)
                mg->stack[mg->sp++] = j;
            r = merge_rec(st, idx, mg);
            if (mg->l[j] > 1)
                mg->sp--;
            mg->len--;
            mg->placed[j] = 0;
            if (r)
                return r;
        }
    }
    return 0;
}

/* The rotation of v in block b under its chosen embedding (count in *l). */
static const int *block_rotation(const est *st, int b, int v, int *l)
{
    const block *B = &st->blk[b];
    for (int i = 0; i < B->nv; i++)
        if (B->v[i] == v) {
            *l = B->bdeg[i];
            return B->emb + (size_t)st->choice[b] * (size_t)B->len + B->start[i];
        }
    abort(); /* v is in every block listed for it */
}

static int rec_vertex(est *st, int idx)
{
    if (idx == st->ncv)
        return st->f(&st->m, st->ctx);
    int v = st->cv[idx];
    merge mg;
    mg.nb = st->nbat[v];
    mg.total = 0;
    for (int k = 0; k < mg.nb; k++) {
        mg.R[k] = block_rotation(st, st->bat[v][k], v, &mg.l[k]);
        mg.total += mg.l[k];
        mg.placed[k] = 0;
    }
    if (mg.nb <= 1)
        return with_core_rotation(st, idx, mg.nb ? mg.R[0] : NULL, mg.total);
    mg.sp = 0;
    mg.len = 0;
    mg.start[0] = 0;
    mg.placed[0] = 1;
    mg.out[mg.len++] = mg.R[0][0];
    if (mg.l[0] > 1)
        mg.stack[mg.sp++] = 0;
    return merge_rec(st, idx, &mg);
}

static int rec_block(est *st, int b)
{
    if (b == st->nblk)
        return rec_vertex(st, 0);
    for (int e = 0; e < st->blk[b].nemb; e++) {
        st->choice[b] = e;
        int r = rec_block(st, b + 1);
        if (r)
            return r;
    }
    return 0;
}

/* ------------------------------------------------------------ block embeddings */

/* Work space of the ear-by-ear embedding of one block. */
typedef struct earctx {
    block *B;
    int nears;
    int *ear[3 * EMB_MAXN]; /* vertex paths; ear 0 is the starting cycle */
    int earlen[3 * EMB_MAXN];
    int halve; /* ear 1 only in the first face of the cycle */
} earctx;

/* The partial rotations of a block as ears are added. */
typedef struct brot {
    int deg[EMB_MAXN];
    int rot[EMB_MAXN][EMB_MAXN];
} brot;

static int rpos(const brot *r, int v, int w)
{
    for (int i = 0; i < r->deg[v]; i++)
        if (r->rot[v][i] == w)
            return i;
    return -1;
}

/* Inserts w into v's rotation at place i. */
static void rinsert(brot *r, int v, int i, int w)
{
    memmove(&r->rot[v][i + 1], &r->rot[v][i], sizeof(int) * (size_t)(r->deg[v] - i));
    r->rot[v][i] = w;
    r->deg[v]++;
}

static void block_store(block *B, const brot *r)
{
    if (B->nemb == B->cap) {
        B->cap = B->cap ? 2 * B->cap : 8;
        B->emb = xrealloc(B->emb, sizeof(int) * (size_t)B->cap * (size_t)B->len);
    }
    int *e = B->emb + (size_t)B->nemb * (size_t)B->len;
    for (int i = 0; i < B->nv; i++)
        memcpy(e + B->start[i], r->rot[B->v[i]], sizeof(int) * (size_t)B->bdeg[i]);
    B->nemb++;
}

/* Adds ear k (and the rest) in every face that holds both its ends. */
static void ears_rec(earctx *ec, const brot *r, int k)
{
    block *B = ec->B;
    if (k == ec->nears) {
        block_store(B, r);
        return;
    }
    const int *p = ec->ear[k];
    int len = ec->earlen[k], a = p[0], t = p[len - 1];
    /* trace the faces of r: darts (v, i) of drawn vertices */
    int fid[EMB_MAXN][EMB_MAXN], nf = 0;
    int preda[4 * EMB_MAXN], predt[4 * EMB_MAXN];
    for (int i = 0; i < B->nv; i++)
        for (int j = 0; j < r->deg[B->v[i]]; j++)
            fid[B->v[i]][j] = -1;
    for (int i = 0; i < B->nv; i++) {
        int v0 = B->v[i];
        for (int j0 = 0; j0 < r->deg[v0]; j0++) {
            if (fid[v0][j0] >= 0)
                continue;
            preda[nf] = predt[nf] = -1;
            int v = v0, j = j0;
            while (fid[v][j] < 0) {
                fid[v][j] = nf;
                int w = r->rot[v][j];
                if (w == a)
                    preda[nf] = v;
                if (w == t)
                    predt[nf] = v;
                j = (rpos(r, w, v) + 1) % r->deg[w];
                v = w;
            }
            nf++;
        }
    }
    for (int f = 0; f < nf; f++) {
        if (preda[f] < 0 || predt[f] < 0)
            continue;
        brot nr = *r;
        rinsert(&nr, a, rpos(&nr, a, preda[f]) + 1, p[1]);
        rinsert(&nr, t, rpos(&nr, t, predt[f]) + 1, p[len - 2]);
        for (int i = 1; i < len - 1; i++) {
            nr.deg[p[i]] = 2;
            nr.rot[p[i]][0] = p[i - 1];
            nr.rot[p[i]][1] = p[i + 1];
        }
        ears_rec(ec, &nr, k + 1);
        if (k == 1 && ec->halve)
            break;
    }
}

/* Fills B's embeddings; ba[v][w]: v and w are joined by an edge of B.  When
 * halve, only half of them: those with the first ear in the first face of
 * the starting cycle.  The others are their mirror images (reversing every
 * rotation keeps the cycle and moves the first ear to its other side), which
 * are the same boards; so this may be done for one block of a graph, and is
 * done (returns 1) when the block has an ear besides its cycle. */
static int block_embed(block *B, unsigned char ba[][EMB_MAXN], int n, int halve)
{
    B->start[0] = 0;
    for (int i = 0; i < B->nv; i++) {
        int d = 0;
        for (int w = 0; w < n; w++)
            d += ba[B->v[i]][w];
        B->bdeg[i] = d;
        B->start[i + 1] = B->start[i] + d;
    }
    B->len = B->start[B->nv];
    if (B->nv == 2) { /* a bridge of the core */
        int e[2] = {B->v[1], B->v[0]};
        B->cap = 1;
        B->emb = xmalloc(sizeof e);
        memcpy(B->emb, e, sizeof e);
        B->nemb = 1;
        return 0;
    }
    /* ear decomposition: a cycle through the first edge, then paths */
    earctx ec = {.B = B, .nears = 0, .halve = halve};
    unsigned char used[EMB_MAXN][EMB_MAXN], drawn[EMB_MAXN];
    memset(used, 0, sizeof used);
    memset(drawn, 0, sizeof drawn);
    int prev[EMB_MAXN], queue[EMB_MAXN];
    int v0 = B->v[0], w0 = -1;
    for (int w = 0; w < n && w0 < 0; w++)
        if (ba[v0][w])
            w0 = w;
    {
        /* shortest path w0 .. v0 avoiding the edge v0-w0 */
        for (int v = 0; v < n; v++)
            prev[v] = -2;
        int qn = 0;
        queue[qn++] = w0;
        prev[w0] = -1;
        for (int q = 0; q < qn && prev[v0] == -2; q++) {
            int v = queue[q];
            for (int w = 0; w < n; w++)
                if (ba[v][w] && prev[w] == -2 && !(v == w0 && w == v0)) {
                    prev[w] = v;
                    queue[qn++] = w;
                }
        }
        int *cyc = xmalloc(sizeof(int) * (size_t)(n + 1));
        int cl = 0;
        for (int v = v0; v != -1; v = prev[v])
            cyc[cl++] = v;
        /* cyc = v0 .. w0; the cycle closes with w0-v0 */
        ec.ear[0] = cyc;
        ec.earlen[0] = cl;
        ec.nears = 1;
        for (int i = 0; i < cl; i++) {
            drawn[cyc[i]] = 1;
            int u = cyc[i], w = cyc[(i + 1) % cl];
            used[u][w] = used[w][u] = 1;
        }
    }
    for (;;) {
        int a = -1, b = -1;
        for (int i = 0; i < B->nv && a < 0; i++) {
            int v = B->v[i];
            if (!drawn[v])
                continue;
            for (int w = 0; w < n; w++)
                if (ba[v][w] && !used[v][w]) {
                    a = v;
                    b = w;
                    break;
                }
        }
        if (a < 0)
            break;
        int *path = xmalloc(sizeof(int) * (size_t)(n + 1));
        int pl = 0;
        if (drawn[b]) {
            path[pl++] = a;
            path[pl++] = b;
        } else {
            /* breadth first from b through undrawn vertices to a drawn one
             * other than a (there is one: B is 2-connected) */
            for (int v = 0; v < n; v++)
                prev[v] = -2;
            int qn = 0, t = -1, tz = -1;
            queue[qn++] = b;
            prev[b] = -1;
            for (int q = 0; q < qn && t < 0; q++) {
                int z = queue[q];
                for (int w = 0; w < n; w++) {
                    if (!ba[z][w])
                        continue;
                    if (drawn[w]) {
                        if (w != a) {
                            t = w;
                            tz = z;
                            break;
                        }
                    } else if (prev[w] == -2) {
                        prev[w] = z;
                        queue[qn++] = w;
                    }
                }
            }
            if (t < 0)
                abort(); /* not 2-connected: cannot happen for a block */
            int rev[EMB_MAXN], rl = 0;
            for (int v = tz; v != -1; v = prev[v])
                rev[rl++] = v;
            path[pl++] = a;
            for (int i = rl - 1; i >= 0; i--)
                path[pl++] = rev[i];
            path[pl++] = t;
        }
        for (int i = 0; i + 1 < pl; i++) {
            used[path[i]][path[i + 1]] = used[path[i + 1]][path[i]] = 1;
            drawn[path[i]] = 1;
        }
        ec.ear[ec.nears] = path;
        ec.earlen[ec.nears++] = pl;
    }
    /* the starting cycle drawn, then the ears */
    brot r;
    memset(r.deg, 0, sizeof r.deg); /* undrawn vertices have no rotation yet */
    const int *cyc = ec.ear[0];
    int cl = ec.earlen[0];
    for (int i = 0; i < cl; i++) {
        r.deg[cyc[i]] = 2;
        r.rot[cyc[i]][0] = cyc[(i + cl - 1) % cl];
        r.rot[cyc[i]][1] = cyc[(i + 1) % cl];
    }
    ears_rec(&ec, &r, 1);
    for (int i = 0; i < ec.nears; i++)
        free(ec.ear[i]);
    return halve && ec.nears > 1;
}

/* ------------------------------------------------------------ the core's blocks */

typedef struct bcc {
    const emb_graph *g;
    const unsigned char *incore;
    int disc[EMB_MAXN], low[EMB_MAXN], time;
    int es[3 * EMB_MAXN][2], esp;
    est *st;
} bcc;

static void add_block(bcc *b, int u, int w)
{
    est *st = b->st;
    st->blk = xrealloc(st->blk, sizeof(block) * (size_t)(st->nblk + 1));
    block *B = &st->blk[st->nblk];
    memset(B, 0, sizeof *B);
    unsigned char ba[EMB_MAXN][EMB_MAXN], in[EMB_MAXN];
    memset(ba, 0, sizeof ba);
    memset(in, 0, sizeof in);
    for (;;) {
        int x = b->es[b->esp - 1][0], y = b->es[b->esp - 1][1];
        b->esp--;
        ba[x][y] = ba[y][x] = 1;
        in[x] = in[y] = 1;
        if ((x == u && y == w) || (x == w && y == u))
            break;
    }
    for (int v = 0; v < b->g->n; v++)
        if (in[v]) {
            B->v[B->nv++] = v;
            st->bat[v][st->nbat[v]++] = st->nblk;
        }
    if (block_embed(B, ba, b->g->n, !st->halved))
        st->halved = 1;
    st->nblk++;
}

static void bcc_dfs(bcc *b, int u, int parent)
{
    b->disc[u] = b->low[u] = ++b->time;
    for (int i = 0; i < b->g->deg[u]; i++) {
        int w = b->g->adj[u][i];
        if (!b->incore[w])
            continue;
        if (!b->disc[w]) {
            b->es[b->esp][0] = u;
            b->es[b->esp][1] = w;
            b->esp++;
            bcc_dfs(b, w, u);
            if (b->low[w] < b->low[u])
                b->low[u] = b->low[w];
            if (b->low[w] >= b->disc[u])
                add_block(b, u, w);
        } else if (w != parent && b->disc[w] < b->disc[u]) {
            b->es[b->esp][0] = u;
            b->es[b->esp][1] = w;
            b->esp++;
            if (b->disc[w] < b->low[u])
                b->low[u] = b->disc[w];
        }
    }
}

/* ------------------------------------------------------------ entry point */

/* Sorts the hanging children of x by type (stable), once their types are known. */
static void sort_children(est *st, int x)
{
    for (int a = 1; a < st->nch[x]; a++)
        for (int b = a; b > 0 && st->type[st->ch[x][b]] < st->type[st->ch[x][b - 1]]; b--) {
            int t = st->ch[x][b];
            st->ch[x][b] = st->ch[x][b - 1];
            st->ch[x][b - 1] = t;
        }
}

int emb_each_embedding(const emb_graph *g, emb_visit f, void *ctx)
{
    int n = g->n;
    if (n < 1 || n > EMB_MAXN)
        return -1;
    /* connected? */
    {
        int seen[EMB_MAXN] = {0}, stack[EMB_MAXN], sp = 0, cnt = 1;
        seen[0] = 1;
        stack[sp++] = 0;
        while (sp) {
            int v = stack[--sp];
            for (int i = 0; i < g->deg[v]; i++)
                if (!seen[g->adj[v][i]]) {
                    seen[g->adj[v][i]] = 1;
                    cnt++;
                    stack[sp++] = g->adj[v][i];
                }
        }
        if (cnt != n)
            return -1;
    }
    est *st = xmalloc(sizeof *st);
    memset(st, 0, sizeof *st);
    st->g = g;
    st->f = f;
    st->ctx = ctx;
    st->m.n = n;
    st->m.ne = g->ne;

    /* the 2-core: strip leaves; when nothing is left (a tree) the root is a
     * centre: the last vertex standing when leaves are stripped layer by
     * layer (the lower of two) */
    int d[EMB_MAXN], alive = n;
    unsigned char gone[EMB_MAXN] = {0};
    for (int v = 0; v < n; v++)
        d[v] = g->deg[v];
    int root = -1;
    for (;;) {
        int leaves[EMB_MAXN], nl = 0;
        for (int v = 0; v < n; v++)
            if (!gone[v] && d[v] <= 1)
                leaves[nl++] = v;
        if (nl == 0)
            break;
        if (nl == alive) { /* a tree: what is left is its centre */
            root = leaves[0];
            break;
        }
        for (int i = 0; i < nl; i++) {
            gone[leaves[i]] = 1;
            alive--;
            for (int j = 0; j < g->deg[leaves[i]]; j++)
                d[g->adj[leaves[i]][j]]--;
        }
    }
    for (int v = 0; v < n; v++)
        st->incore[v] = root >= 0 ? v == root : !gone[v];
    for (int v = 0; v < n; v++)
        if (st->incore[v])
            st->cv[st->ncv++] = v;

    /* the hanging forest, breadth first from the core */
    int order[EMB_MAXN], no = 0;
    unsigned char seen[EMB_MAXN] = {0};
    for (int v = 0; v < n; v++)
        if (st->incore[v])
            seen[v] = 1;
    int queue[EMB_MAXN], qn = 0;
    for (int v = 0; v < n; v++)
        if (st->incore[v])
            queue[qn++] = v;
    for (int q = 0; q < qn; q++) {
        int v = queue[q];
        for (int i = 0; i < g->deg[v]; i++) {
            int w = g->adj[v][i];
            if (!seen[w]) {
                seen[w] = 1;
                queue[qn++] = w;
                order[no++] = w;
                st->ch[v][st->nch[v]++] = w;
            }
        }
    }
    /* shapes bottom-up, then children sorted by type */
    for (int i = no - 1; i >= 0; i--) {
        sort_children(st, order[i]);
        make_forms(st, order[i]);
    }
    for (int i = 0; i < st->ncv; i++)
        sort_children(st, st->cv[i]);

    /* the blocks of the core and their embeddings */
    if (root < 0) {
        bcc *b = xmalloc(sizeof *b);
        memset(b, 0, sizeof *b);
        b->g = g;
        b->incore = st->incore;
        b->st = st;
        bcc_dfs(b, st->cv[0], -1);
        free(b);
    }

    int r = rec_block(st, 0);

    for (int v = 0; v < n; v++)
        flist_free(&st->forms[v]);
    for (int i = 0; i < st->ntypes; i++)
        free(st->types[i]);
    free(st->types);
    for (int i = 0; i < st->nblk; i++)
        free(st->blk[i].emb);
    free(st->blk);
    free(st);
    return r;
}
