/*
 * certificate.c - certificates of answers (docs/certificates.md): a file
 * from which a second program (cycles-check) confirms who wins a position,
 * and its Grundy value, without trusting the engines.
 *
 * The certificate is built backwards from the root's claim, keeping only
 * what the claim needs (as drat-trim keeps only the clauses a proof uses):
 *
 *   "= X g w0 .. w(g-1)"  X has Grundy value g: wk is a safe move to a
 *                         position claimed of value k, and every safe move
 *                         leads to a position claimed of a value other
 *                         than g (by an "=" record of its own, or a "!");
 *   "! X g m"             X's value is not g: the safe move m leads to a
 *                         position of value g (an "=" record).
 *
 *   "= X g *"             X splits into independent components (edges
 *                         joined by constraints still alive) and g is the
 *                         XOR of their values, each component an "="
 *                         record of its own (the position with the other
 *                         components' edges frozen, 'x').
 *
 * Who wins is the case g = 0: a lost position is "= X 0" (every move leads
 * to a "! Y 0 m", a won position with its winning move), a won one "! X 0 m".
 * A position is played on a set S of its unmarked edges (all of them but in
 * a component); its record shows it canonically: S as '.', the marks of the
 * edges of every constraint on an edge of S, every other edge 'x' (docs/
 * certificates.md says why its value is that of the position).
 * The values come from the solver (cy_solver_wins, cy_solver_grundy); the
 * records are written the moment they are decided, root first, and each is
 * written once (a hash set of what has been written).
 */
#include "engine.h"
#include "internal.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* A position as its record shows it (docs/certificates.md): the edges in
 * play (live, '.'), the edges shown marked forwards (f, '+') and backwards
 * (b, '-'); every other edge frozen ('x'). */
typedef struct pres {
    uint64_t f, b, live;
} pres;

/* One written record's key: the position as its record shows it (fwd,
 * bwd, live: pres's f, b, live), the kind ('=' or '!') and, for '!', the
 * value. */
typedef struct ckey {
    uint64_t fwd, bwd, live;
    int kind, g;
    int val;  /* '=': the value written (not part of the key) */
    long idx; /* the record's index in cert.recs */
} ckey;

/* A record found, kept in memory until the backward pass has chosen what
 * the root's claim needs. */
typedef struct crec {
    uint64_t fwd, bwd, live; /* the position of the game (pos.q) and its edges in play */
    pres p;                  /* as the record shows it */
    int kind, g;
    int nmoves;  /* -1: a sum of components ("= X g *") */
    size_t move; /* its moves: cert.moves[move .. move + nmoves) */
    int keep;
} crec;

typedef struct cert {
    cy_solver *s;
    const cy_board *b;
    int grundy; /* values are Grundy values (else 0/1: who wins) */
    FILE *f;
    ckey *set; /* open addressing; kind 0 is an empty slot */
    size_t cap, used;
    uint64_t records, bytes;
    crec *recs; /* every record found, in the order found */
    size_t nrec, caprec;
    int *moves;
    size_t nmv, capmv;
    int failed; /* a negative CY_SOLVE_ code or -1 */
    cy_error *err;
    /* the constraints: non-special vertices and cells whose walk uses no
     * edge twice, and their edges */
    int nk;
    uint64_t kedges[2 * CY_FAST_MAX_EDGES + 256];
    uint64_t kalong[2 * CY_FAST_MAX_EDGES + 256];   /* its edges whose dart in it is +e */
    uint64_t kagainst[2 * CY_FAST_MAX_EDGES + 256]; /* ... is -e */
    int *kstart, *kdarts;                           /* constraint k's darts: leaving the vertex, or along the walk */
    /* the board's symmetries but the identity, as dart maps (the "map"
     * lines of the header) */
    int nmaps;
    int **dmap;
    unsigned char *maprev;     /* per map: it reverses every arrow */
    unsigned char *thm6;       /* per map: an involution reversing arrows, on a simple board (Theorem 6) */
    int ncells_k;              /* the constraints from nk - ncells_k on are cells */
    uint64_t (**mtab)[256][2]; /* map_p's tables, 8 per map */
} cert;

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

static size_t slot(const cert *c, const ckey *k)
{
    uint64_t h = mix(k->fwd ^ mix(k->bwd + (uint64_t)k->kind * 131 + (uint64_t)k->g) ^ mix(~k->live));
    size_t i = (size_t)h & (c->cap - 1);
    while (c->set[i].kind && (c->set[i].fwd != k->fwd || c->set[i].bwd != k->bwd || c->set[i].live != k->live ||
                              c->set[i].kind != k->kind || c->set[i].g != k->g))
        i = (i + 1) & (c->cap - 1);
    return i;
}

static int seen(const cert *c, const ckey *k)
{
    return c->set[slot(c, k)].kind != 0;
}

/* The value of mark's "=" record, or -1 when none is written yet. */
static int written_value(const cert *c, const ckey *eq)
{
    const ckey *x = &c->set[slot(c, eq)];
    return x->kind ? x->val : -1;
}

static void remember(cert *c, const ckey *k)
{
    if (2 * (c->used + 1) > c->cap) {
        ckey *old = c->set;
        size_t oldcap = c->cap;
        c->cap *= 2;
        c->set = cyi_xcalloc(c->cap, sizeof *c->set);
        for (size_t i = 0; i < oldcap; i++)
            if (old[i].kind)
                c->set[slot(c, &old[i])] = old[i];
        free(old);
    }
    size_t i = slot(c, k);
    if (!c->set[i].kind) {
        c->set[i] = *k;
        c->used++;
    }
}

/* Whether constraint k is alive in the position with edges f marked
 * forwards and b backwards: a vertex without both an arrow in and an arrow
 * out, a cell without arrows both ways round.  When it is dead, *witness
 * gets the two edges that show it: the lowest numbered with an arrow along
 * its dart, the lowest against. */
static int alive_w(const cert *c, uint64_t f, uint64_t b, int k, uint64_t *witness)
{
    uint64_t fw = (f & c->kalong[k]) | (b & c->kagainst[k]), bw = (b & c->kalong[k]) | (f & c->kagainst[k]);
    if (!fw || !bw)
        return 1;
    *witness = (fw & -fw) | (bw & -bw);
    return 0;
}

/* The edges marked forwards (*f) and backwards (*b) in mark. */
static void masks_of(const cy_board *bd, const unsigned char *mark, uint64_t *f, uint64_t *b)
{
    *f = *b = 0;
    for (int e = 0; e < bd->ne; e++) {
        if (mark[e] == CY_FWD)
            *f |= 1ULL << e;
        else if (mark[e] == CY_BWD)
            *b |= 1ULL << e;
    }
}

/* The edges whose marks the record of the position (f, b) played on live
 * shows: live, the edges of every alive constraint on an edge of live, and
 * the two witness edges of every dead one. */
static uint64_t shown_edges(const cert *c, uint64_t f, uint64_t b, uint64_t live)
{
    uint64_t m = live;
    for (int k = 0; k < c->nk; k++)
        if (c->kedges[k] & live) {
            uint64_t w;
            m |= alive_w(c, f, b, k, &w) ? c->kedges[k] : w;
        }
    return m;
}

/* Splits live into components, edges joined by the alive constraints of
 * mark; comp[] gets their masks.  Returns how many. */
static int split_parts(const cert *c, const unsigned char *mark, uint64_t live, uint64_t *comp)
{
    uint64_t join[2 * CY_FAST_MAX_EDGES + 256], f, b, w;
    int nj = 0, n = 0;
    masks_of(c->b, mark, &f, &b);
    for (int k = 0; k < c->nk; k++)
        if ((c->kedges[k] & live) && alive_w(c, f, b, k, &w))
            join[nj++] = c->kedges[k] & live;
    while (live) {
        uint64_t m = live & -live, old = 0;
        while (m != old) {
            old = m;
            for (int j = 0; j < nj; j++)
                if (join[j] & m)
                    m |= join[j];
        }
        comp[n++] = m;
        live &= ~m;
    }
    return n;
}

/* The constraints of b (for split_parts and shown_edges). */
static void constraints_init(cert *c)
{
    const cy_board *b = c->b;
    c->kstart = cyi_xmalloc(((size_t)b->nv + (size_t)b->ncells + 2) * sizeof *c->kstart);
    c->kdarts = cyi_xmalloc(((size_t)b->vstart[b->nv] + (size_t)b->fstart[b->ncells] + 1) * sizeof *c->kdarts);
    int k = 0, n = 0;
    c->kstart[0] = 0;
    for (int v = 0; v < b->nv; v++) {
        if (b->special[v] || b->vstart[v] == b->vstart[v + 1])
            continue;
        for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++)
            c->kdarts[n++] = b->vdarts[i];
        c->kstart[++k] = n;
    }
    for (int f = 0; f < b->ncells; f++) {
        uint64_t seen = 0;
        int twice = 0;
        for (int i = b->fstart[f]; i < b->fstart[f + 1]; i++) {
            uint64_t bit = 1ULL << cy_dart_edge(b->fdarts[i]);
            twice |= (seen & bit) != 0;
            seen |= bit;
        }
        if (twice)
            continue; /* never a cycle cell */
        for (int i = b->fstart[f]; i < b->fstart[f + 1]; i++)
            c->kdarts[n++] = b->fdarts[i];
        c->kstart[++k] = n;
        c->ncells_k++;
    }
    c->nk = k;
    for (int j = 0; j < k; j++) {
        c->kedges[j] = c->kalong[j] = c->kagainst[j] = 0;
        for (int i = c->kstart[j]; i < c->kstart[j + 1]; i++) {
            int d = c->kdarts[i];
            c->kedges[j] |= 1ULL << cy_dart_edge(d);
            *((d & 1) ? &c->kagainst[j] : &c->kalong[j]) |= 1ULL << cy_dart_edge(d);
        }
    }
}

/* The unmarked edges of mark. */
static uint64_t unmarked(const cy_board *b, const unsigned char *mark)
{
    uint64_t m = 0;
    for (int e = 0; e < b->ne; e++)
        if (mark[e] == CY_UNMARKED)
            m |= 1ULL << e;
    return m;
}

/* ------------------------------------------------------------ positions */

/* A position of the proof: q, the marks of a position of the game played
 * on live (what the solver values), and p, its record's form: canonical,
 * and the least of its images under the board's symmetries (the checker
 * finds it from any of them). */
typedef struct pos {
    unsigned char q[CY_FAST_MAX_EDGES];
    uint64_t live;
    pres p;
} pos;

/* p in canonical form: the marks of live, of the alive constraints on its
 * edges and the witnesses of the dead ones; the rest frozen. */
static pres canon_p(const cert *c, pres p)
{
    uint64_t show = shown_edges(c, p.f, p.b, p.live);
    return (pres){p.f & show, p.b & show, p.live};
}

/* The image of p under map i (c->mtab: per byte of a mask, the images of
 * its edges whose darts keep their way and of those whose darts turn). */
static pres map_p(const cert *c, int i, pres p)
{
    pres r = {0, 0, 0};
    const uint64_t(*t)[256][2] = c->mtab[i];
    for (int j = 0; j < (c->b->ne + 7) / 8; j++) {
        const uint64_t *lv = t[j][(p.live >> (8 * j)) & 255], *fv = t[j][(p.f >> (8 * j)) & 255],
                       *bv = t[j][(p.b >> (8 * j)) & 255];
        r.live |= lv[0] | lv[1];
        r.f |= fv[0] | bv[1];
        r.b |= bv[0] | fv[1];
    }
    return r;
}

static int less(pres a, pres b)
{
    return a.live != b.live ? a.live < b.live : a.f != b.f ? a.f < b.f : a.b < b.b;
}

/* x with p (the canonical form of x's position) replaced by the least of
 * its images, x's marks mapped with it. */
static void symmetrise(const cert *c, pos *x)
{
    pres best = x->p;
    int bi = -1;
    for (int i = 0; i < c->nmaps; i++) {
        pres r = canon_p(c, map_p(c, i, x->p));
        if (less(r, best)) {
            best = r;
            bi = i;
        }
    }
    if (bi < 0)
        return;
    const int *d = c->dmap[bi];
    unsigned char q[CY_FAST_MAX_EDGES];
    uint64_t live = 0;
    for (int e = 0; e < c->b->ne; e++) {
        if ((x->live >> e) & 1)
            live |= 1ULL << (d[2 * e] >> 1);
        q[d[2 * e] >> 1] =
            x->q[e] == CY_UNMARKED ? CY_UNMARKED : (unsigned char)cy_dart_mark(d[x->q[e] == CY_FWD ? 2 * e : 2 * e + 1]);
    }
    memcpy(x->q, q, (size_t)c->b->ne);
    x->live = live;
    x->p = best;
}

/* Whether a symmetry of the board maps x's position to itself. */
static int symmetric(const cert *c, const pos *x)
{
    for (int i = 0; i < c->nmaps; i++) {
        pres r = map_p(c, i, x->p);
        if (r.live == x->p.live && r.f == x->p.f && r.b == x->p.b)
            return 1;
    }
    return 0;
}

/* The map by which Theorem 6 of Alvarado et al. 2021 (generalised to
 * positions, as cycles-check checks it) shows x lost, or -1: an involution
 * reversing arrows (c->thm6) with (a) x its own image, (b) no edge in play
 * its own image, (c) no alive cell that is not its own image with an edge
 * in play whose image is in it too. */
static int theorem6(const cert *c, const pos *x)
{
    for (int i = 0; i < c->nmaps; i++) {
        if (!c->thm6[i])
            continue;
        pres r = map_p(c, i, x->p);
        if (r.live != x->p.live || r.f != x->p.f || r.b != x->p.b)
            continue;
        int ok = 1;
        for (uint64_t l = x->live; l && ok; l &= l - 1) {
            int e = __builtin_ctzll(l);
            ok = (c->dmap[i][2 * e] >> 1) != e;
        }
        for (int k = c->nk - c->ncells_k; k < c->nk && ok; k++) {
            uint64_t w, img = map_p(c, i, (pres){0, 0, c->kedges[k]}).live;
            if (img == c->kedges[k] || !alive_w(c, x->p.f, x->p.b, k, &w))
                continue;
            for (uint64_t l = x->live & c->kedges[k]; l && ok; l &= l - 1)
                ok = !((c->kedges[k] >> (c->dmap[i][2 * __builtin_ctzll(l)] >> 1)) & 1);
        }
        if (ok)
            return i;
    }
    return -1;
}

/* The position after dart d in x. */
static void child(const cert *c, const pos *x, int d, pos *y)
{
    int e = cy_dart_edge(d);
    memcpy(y->q, x->q, (size_t)c->b->ne);
    y->q[e] = (unsigned char)cy_dart_mark(d);
    y->live = x->live & ~(1ULL << e);
    pres p = x->p;
    *((d & 1) ? &p.b : &p.f) |= 1ULL << e;
    p.live = y->live;
    y->p = canon_p(c, p);
    symmetrise(c, y);
}

/* The component comp of x, a position of its own. */
static void part(const cert *c, const pos *x, uint64_t comp, pos *y)
{
    memcpy(y->q, x->q, (size_t)c->b->ne);
    y->live = comp;
    y->p = canon_p(c, (pres){x->p.f, x->p.b, comp});
    symmetrise(c, y);
}

static ckey key_of(const pos *x, int kind, int g)
{
    return (ckey){x->p.f, x->p.b, x->p.live, kind, kind == '!' ? g : 0, g, -1};
}

/* The board's symmetries as dart maps (an automorphism, and each with
 * every arrow reversed), for symmetrise. */
static void maps_init(cert *c)
{
    cy_symmetry *sym = cy_symmetry_new(c->b, NULL);
    int n = sym ? sym->n : 1;
    c->dmap = cyi_xmalloc(2 * (size_t)n * sizeof *c->dmap);
    c->maprev = cyi_xcalloc(2 * (size_t)n, 1);
    for (int a = 0; sym && a < n; a++)
        for (int rev = 0; rev < 2; rev++) {
            if (a == 0 && !rev)
                continue; /* the identity */
            int *d = cyi_xmalloc(2 * (size_t)c->b->ne * sizeof *d);
            for (int x = 0; x < 2 * c->b->ne; x++)
                d[x] = sym->aut[a].dmap[x] ^ rev;
            c->maprev[c->nmaps] = (unsigned char)rev;
            c->dmap[c->nmaps++] = d;
        }
    if (!sym) { /* no symmetry known: arrows reversed only */
        int *d = cyi_xmalloc(2 * (size_t)c->b->ne * sizeof *d);
        for (int x = 0; x < 2 * c->b->ne; x++)
            d[x] = x ^ 1;
        c->maprev[c->nmaps] = 1;
        c->dmap[c->nmaps++] = d;
    }
    cy_symmetry_free(sym);
    /* Theorem 6's maps: involutions with the arrows reversed, on a simple
     * board (no loop, no two edges joining two vertices) */
    int simple = 1;
    for (int e = 0; e < c->b->ne && simple; e++)
        for (int f = 0; f <= e && simple; f++)
            simple =
                c->b->eu[e] != c->b->ev[e] && (f == e || !((c->b->eu[e] == c->b->eu[f] && c->b->ev[e] == c->b->ev[f]) ||
                                                           (c->b->eu[e] == c->b->ev[f] && c->b->ev[e] == c->b->eu[f])));
    c->thm6 = cyi_xcalloc((size_t)c->nmaps + 1, 1);
    for (int i = 0; i < c->nmaps; i++) {
        int inv = simple;
        for (int x = 0; x < 2 * c->b->ne && inv; x++)
            inv = c->dmap[i][c->dmap[i][x]] == x;
        c->thm6[i] = (unsigned char)(inv && c->maprev[i]);
    }
    c->mtab = cyi_xmalloc(((size_t)c->nmaps + 1) * sizeof *c->mtab);
    for (int i = 0; i < c->nmaps; i++) {
        c->mtab[i] = cyi_xcalloc(8, sizeof **c->mtab);
        for (int e = 0; e < c->b->ne; e++) {
            int d = c->dmap[i][2 * e];
            for (int v = 0; v < 256; v++)
                if ((v >> (e & 7)) & 1)
                    c->mtab[i][e >> 3][v][d & 1] |= 1ULL << (d >> 1);
        }
    }
}

/* ------------------------------------------------------------ records */

/* Adds a record (kind, the position x, the value, its moves; n < 0: a sum
 * of components) to those found. */
static void add_record(cert *c, ckey *k, const pos *x, int g, const int *moves, int n)
{
    if (c->nrec == c->caprec) {
        c->caprec = c->caprec ? 2 * c->caprec : 1024;
        c->recs = cyi_xrealloc(c->recs, c->caprec * sizeof *c->recs);
    }
    while (n > 0 && c->nmv + (size_t)n > c->capmv) {
        c->capmv = c->capmv ? 2 * c->capmv : 1024;
        c->moves = cyi_xrealloc(c->moves, c->capmv * sizeof *c->moves);
    }
    uint64_t fwd = 0, bwd = 0;
    for (int e = 0; e < c->b->ne; e++) {
        if (x->q[e] == CY_FWD)
            fwd |= 1ULL << e;
        else if (x->q[e] == CY_BWD)
            bwd |= 1ULL << e;
    }
    crec *r = &c->recs[c->nrec];
    *r = (crec){fwd, bwd, x->live, x->p, k->kind, g, n, n == -2 ? (size_t)*moves : c->nmv, 0};
    if (n > 0) {
        memcpy(c->moves + c->nmv, moves, (size_t)n * sizeof *moves);
        c->nmv += (size_t)n;
    }
    k->idx = (long)c->nrec++;
    remember(c, k);
}

/* The record of this key, or -1. */
static long find(const cert *c, const ckey *k)
{
    const ckey *x = &c->set[slot(c, k)];
    return x->kind ? x->idx : -1;
}

/* Writes record r: "KIND MARKS G MOVES" (or "= MARKS G *"). */
static void put_record(cert *c, const crec *r)
{
    char line[CY_FAST_MAX_EDGES + 2];
    for (int e = 0; e < c->b->ne; e++)
        line[e] = (r->p.live >> e) & 1 ? '.' : (r->p.f >> e) & 1 ? '+' : (r->p.b >> e) & 1 ? '-' : 'x';
    line[c->b->ne] = 0;
    int n = fprintf(c->f, "%c %s %d", r->kind, line, r->g);
    c->bytes += n > 0 ? (uint64_t)n : 0;
    if (r->nmoves == -1) {
        fputs(" *", c->f);
        c->bytes += 2;
    }
    if (r->nmoves == -2) {
        n = fprintf(c->f, " ~ %d", (int)r->move);
        c->bytes += n > 0 ? (uint64_t)n : 0;
    }
    for (int i = 0; i < r->nmoves; i++) {
        int d = c->moves[r->move + (size_t)i];
        n = fprintf(c->f, " %c%d", (d & 1) ? '-' : '+', d >> 1);
        c->bytes += n > 0 ? (uint64_t)n : 0;
    }
    fputc('\n', c->f);
    c->bytes++;
    c->records++;
}

/* The safe moves of x (on the edges of its live). */
static int safe_in(const cert *c, const pos *x, int *moves)
{
    unsigned char m[CY_FAST_MAX_EDGES];
    memcpy(m, x->q, (size_t)c->b->ne);
    int n = cy_rules_safe(c->b, m, moves), k = 0;
    for (int i = 0; i < n; i++)
        if ((x->live >> cy_dart_edge(moves[i])) & 1)
            moves[k++] = moves[i];
    return k;
}

static void keep_rec(cert *c, long y, long *stack, size_t *sp)
{
    if (y >= 0 && !c->recs[y].keep) {
        c->recs[y].keep = 1;
        stack[(*sp)++] = y;
    }
}

/* The backward pass: from the root's record, marks what each kept record
 * relies on, the "=" record of a child wherever one was found (so no "!"
 * record is kept beside an "=" record of the same position), then writes
 * the kept records in the order found. */
static void trim_and_write(cert *c, long root)
{
    long *stack = cyi_xmalloc((c->nrec + 1) * sizeof *stack);
    size_t sp = 0;
    int moves[2 * CY_FAST_MAX_EDGES];
    uint64_t comp[CY_FAST_MAX_EDGES];
    c->recs[root].keep = 1;
    stack[sp++] = root;
    while (sp) {
        const crec *r = &c->recs[stack[--sp]];
        pos x, y;
        for (int e = 0; e < c->b->ne; e++)
            x.q[e] = (r->fwd >> e) & 1 ? CY_FWD : (r->bwd >> e) & 1 ? CY_BWD : CY_UNMARKED;
        x.live = r->live;
        x.p = r->p;
        int g = r->g;
        if (r->nmoves == -2)
            continue; /* Theorem 6: nothing more */
        if (r->nmoves < 0) {
            int nc = split_parts(c, x.q, x.live, comp);
            for (int i = 0; i < nc; i++) {
                part(c, &x, comp[i], &y);
                ckey eq = key_of(&y, '=', 0);
                keep_rec(c, find(c, &eq), stack, &sp);
            }
            continue;
        }
        int n = r->nmoves;
        if (n)
            memcpy(moves, c->moves + r->move, (size_t)n * sizeof *moves);
        int all = r->kind == '=';
        if (all)
            n = safe_in(c, &x, moves);
        for (int i = 0; i < n; i++) {
            child(c, &x, moves[i], &y);
            ckey eq = key_of(&y, '=', 0), ne = key_of(&y, '!', g);
            long z = find(c, &eq);
            if (z < 0 && all)
                z = find(c, &ne);
            keep_rec(c, z, stack, &sp);
        }
    }
    for (size_t i = 0; i < c->nrec; i++)
        if (c->recs[i].keep)
            put_record(c, &c->recs[i]);
    free(stack);
}

/* Records the first stop of the solver (v < 0); returns v. */
static int stop(cert *c, int v)
{
    if (v < 0 && !c->failed) {
        c->failed = v;
        cy_error_set(c->err, "%s",
                     v == CY_SOLVE_TIMEOUT  ? "out of time"
                     : v == CY_SOLVE_MEMORY ? "out of memory"
                                            : "the board is too large");
    }
    return v;
}

/* Whether x is played on all its unmarked edges (not a component). */
static int whole(const cert *c, const pos *x)
{
    return x->live == unmarked(c->b, x->q);
}

/* The value of x: who wins or the Grundy value for a whole position, the
 * Grundy value for a component. */
static int value(cert *c, const pos *x)
{
    if (!whole(c, x))
        return stop(c, cyi_solver_grundy_part(c->s, x->q, x->live));
    return stop(c, c->grundy ? cy_solver_grundy(c->s, x->q) : cy_solver_wins(c->s, x->q));
}

/* The safe moves of x, none valued yet. */
static int children(cert *c, const pos *x, int *moves, int *vals)
{
    int n = safe_in(c, x, moves);
    for (int i = 0; i < n; i++)
        vals[i] = -10;
    return n;
}

static void need_eq(cert *c, const pos *x, int g);

/* Who-wins certificates choose the narrowest winning move in positions of
 * at most this many unmarked edges (each reply valued: cheap there), the
 * solver's winning move in larger ones. */
#define CERT_NARROW_EDGES 20

/* Picks among the n safe moves of x one to a position of value want: one
 * whose child already has its "=" record (nothing more to write); else, for
 * who wins alone (want 0, a whole position), the winning move whose child
 * has the fewest safe moves (the solver's own winning move with more than
 * CERT_NARROW_EDGES edges unmarked); else the first found by valuing the
 * children in turn (vals[i] < -9: not valued yet).  -1 if there is none. */
static int pick(cert *c, const pos *x, const int *moves, int *vals, int n, int want)
{
    pos y;
    for (int i = 0; i < n; i++) {
        child(c, x, moves[i], &y);
        ckey k = key_of(&y, '=', 0);
        int v = written_value(c, &k);
        if (v >= 0)
            vals[i] = v;
        if (v == want)
            return i;
    }
    int w = whole(c, x);
    if (!c->grundy && w) {
        /* a winning move to a position that a symmetry of the board maps
         * to itself, where there is one: the mirror strategies of Theorem
         * 6 keep the lost positions symmetric, few once symmetric images
         * share a record */
        for (int i = 0; i < n && !c->failed; i++) {
            child(c, x, moves[i], &y);
            if (symmetric(c, &y) && value(c, &y) == 0)
                return i;
        }
    }
    if (!c->grundy && w && __builtin_popcountll(x->live) > CERT_NARROW_EDGES) {
        /* many edges left: valuing every reply would cost searches as
         * hard as the solve itself; the solver's own winning move is cheap */
        int d, r = cy_solver_move(c->s, x->q, &d);
        if (r < 0)
            stop(c, r);
        for (int i = 0; r == 1 && i < n; i++)
            if (moves[i] == d)
                return i;
        return -1;
    }
    if (!c->grundy && w) {
        /* the winning move whose lost position has the fewest safe moves
         * (each is a branch the certificate must answer): a third to a
         * half fewer records than the solver's own winning move */
        int best = -1, bestn = 1 << 30, tmp[2 * CY_FAST_MAX_EDGES];
        for (int i = 0; i < n && !c->failed; i++) {
            child(c, x, moves[i], &y);
            if (value(c, &y) == 0) {
                int k = safe_in(c, &y, tmp);
                if (k < bestn) {
                    bestn = k;
                    best = i;
                }
            }
        }
        return c->failed ? -1 : best;
    }
    for (int i = 0; i < n && !c->failed; i++) {
        if (vals[i] < -9) {
            child(c, x, moves[i], &y);
            vals[i] = value(c, &y);
        }
        if (vals[i] == want)
            return i;
    }
    return -1;
}

/* The exact value of x, split into nc components comp[] (nc > 1): the XOR
 * of theirs, each into vals[]; a negative code. */
static int sum_value(cert *c, const pos *x, const uint64_t *comp, int nc, int *vals)
{
    int v = 0;
    for (int i = 0; i < nc; i++) {
        vals[i] = stop(c, cyi_solver_grundy_part(c->s, x->q, comp[i]));
        if (vals[i] < 0)
            return vals[i];
        v ^= vals[i];
    }
    return v;
}

/* Makes sure the certificate shows that x is not of value g: an "="
 * record of its own, or a move to a position of value g. */
static void need_ne(cert *c, const pos *x, int g)
{
    ckey eq = key_of(x, '=', 0), ne = key_of(x, '!', g);
    if (c->failed || seen(c, &ne))
        return;
    int h = written_value(c, &eq);
    if (h == g) {
        c->failed = -1;
        cy_error_set(c->err, "internal error: a move keeps the value %d", g);
        return;
    }
    if (h >= 0)
        return;
    /* (a position that splits is shown by a move where one exists: a sum
     * needs every component's exact value, a third more records on
     * theta:4,5,6 and grid:3x4) */
    int moves[2 * CY_FAST_MAX_EDGES], vals[2 * CY_FAST_MAX_EDGES];
    int n = children(c, x, moves, vals);
    int i = pick(c, x, moves, vals, n, g);
    if (c->failed)
        return;
    if (i < 0 && !c->grundy && whole(c, x)) {
        c->failed = -1;
        cy_error_set(c->err, "internal error: a won position without a winning move");
        return;
    }
    if (i < 0) {
        /* no move to a position of value g: its own value shows it */
        h = value(c, x);
        if (h == g) {
            c->failed = -1;
            cy_error_set(c->err, "internal error: a move keeps the value %d", g);
        }
        if (!c->failed)
            need_eq(c, x, h);
        return;
    }
    add_record(c, &ne, x, g, &moves[i], 1);
    pos y;
    child(c, x, moves[i], &y);
    need_eq(c, &y, g);
}

/* Makes sure the certificate shows that x has value g: its "=" record,
 * then what the record needs. */
static void need_eq(cert *c, const pos *x, int g)
{
    if (cy_interrupted())
        stop(c, CY_SOLVE_TIMEOUT); /* SIGINT or SIGTERM: nothing is written */
    ckey eq = key_of(x, '=', 0);
    if (c->failed || seen(c, &eq))
        return;
    int moves[2 * CY_FAST_MAX_EDGES], vals[2 * CY_FAST_MAX_EDGES], wit[2 * CY_FAST_MAX_EDGES];
    uint64_t comp[CY_FAST_MAX_EDGES];
    int nc = split_parts(c, x->q, x->live, comp);
    eq.val = g;
    pos y;
    int t = g == 0 ? theorem6(c, x) : -1;
    if (t >= 0) {
        /* lost by Theorem 6: the checker checks the theorem's conditions */
        add_record(c, &eq, x, 0, &t, -2);
        return;
    }
    if (nc > 1) {
        /* independent components: the value is the XOR of theirs */
        int v = sum_value(c, x, comp, nc, vals);
        if (c->failed)
            return;
        if (v != g) {
            c->failed = -1;
            cy_error_set(c->err, "internal error: the components' values XOR to %d, not %d", v, g);
            return;
        }
        add_record(c, &eq, x, g, NULL, -1);
        for (int i = 0; i < nc && !c->failed; i++) {
            part(c, x, comp[i], &y);
            need_eq(c, &y, vals[i]);
        }
        return;
    }
    int n = children(c, x, moves, vals);
    if (c->failed)
        return;
    for (int k = 0; k < g; k++) {
        wit[k] = pick(c, x, moves, vals, n, k);
        if (c->failed)
            return;
        if (wit[k] < 0) {
            c->failed = -1;
            cy_error_set(c->err, "internal error: no move to a position of value %d from one of value %d", k, g);
            return;
        }
    }
    int w[2 * CY_FAST_MAX_EDGES];
    for (int k = 0; k < g; k++)
        w[k] = moves[wit[k]];
    add_record(c, &eq, x, g, w, g);
    for (int k = 0; k < g && !c->failed; k++) {
        child(c, x, moves[wit[k]], &y);
        need_eq(c, &y, k);
    }
    for (int i = 0; i < n && !c->failed; i++) {
        child(c, x, moves[i], &y);
        need_ne(c, &y, g);
    }
}

/* The header: format version, board, root and claim (docs/certificates.md). */
static void put_header(cert *c, const unsigned char *mark, const char *claim, const char *rules)
{
    const cy_board *b = c->b;
    cyi_buf t = {0};
    char *name = cy_escape_dup(b->name ? b->name : "board", 0);
    cyi_buf_printf(&t, "cycles-certificate 2\n# board: %s\nrules %s\nvertices %d\nlabels", name, rules, b->nv);
    free(name);
    for (int v = 0; v < b->nv; v++)
        cyi_buf_printf(&t, " %s", b->label[v]);
    cyi_buf_puts(&t, "\nspecial");
    for (int v = 0; v < b->nv; v++)
        if (b->special[v])
            cyi_buf_printf(&t, " %d", v);
    cyi_buf_printf(&t, "\nedges %d\n", b->ne);
    for (int e = 0; e < b->ne; e++)
        cyi_buf_printf(&t, "e %d %d\n", b->eu[e], b->ev[e]);
    cyi_buf_printf(&t, "cells %d\n", b->ncells);
    for (int f = 0; f < b->ncells; f++) {
        cyi_buf_puts(&t, "c");
        for (int i = b->fstart[f]; i < b->fstart[f + 1]; i++)
            cyi_buf_printf(&t, " %c%d", (b->fdarts[i] & 1) ? '-' : '+', b->fdarts[i] >> 1);
        cyi_buf_puts(&t, "\n");
    }
    cyi_buf_printf(&t, "maps %d\n", c->nmaps);
    for (int i = 0; i < c->nmaps; i++) {
        cyi_buf_puts(&t, "m");
        for (int e = 0; e < b->ne; e++)
            cyi_buf_printf(&t, " %c%d", (c->dmap[i][2 * e] & 1) ? '-' : '+', c->dmap[i][2 * e] >> 1);
        cyi_buf_puts(&t, "\n");
    }
    cyi_buf_puts(&t, "root ");
    for (int e = 0; e < b->ne; e++)
        cyi_buf_puts(&t, mark[e] == CY_FWD ? "+" : mark[e] == CY_BWD ? "-" : ".");
    cyi_buf_printf(&t, "\nclaim %s\n", claim);
    fputs(t.s, c->f);
    c->bytes += t.len;
    free(t.s);
}

/* What every certificate asks first: *st cleared (no value yet), and a
 * board small enough for the writer with no cycle cell at mark.  0, or -1
 * with a message in err. */
static int cert_start(const cy_board *b, const unsigned char *mark, cy_cert_stats *st, cy_error *err)
{
    memset(st, 0, sizeof *st);
    st->grundy = -1;
    if (b->ne > CY_FAST_MAX_EDGES)
        return cy_error_set(err, "certificates are written for boards of at most %d edges", CY_FAST_MAX_EDGES);
    if (cy_rules_cycle_cell(b, mark) >= 0)
        return cy_error_set(err, "the game is over: a cycle cell has been completed");
    return 0;
}

int cy_certificate_write(cy_solver *s, const unsigned char *mark, int grundy, const char *path, cy_cert_stats *st,
                         cy_error *err)
{
    const cy_board *b = cy_solver_board(s);
    double t0 = cy_now();
    if (cert_start(b, mark, st, err))
        return -1;
    unsigned char *m = cyi_xmalloc((size_t)b->ne + 1);
    memcpy(m, mark, (size_t)b->ne);
    size_t plen = strlen(path);
    char *tmp = cyi_xmalloc(plen + 32);
    snprintf(tmp, plen + 32, "%s.tmp%ld", path, (long)getpid());
    cert c = {.s = s, .b = b, .grundy = grundy, .cap = 1024, .err = err};
    c.set = cyi_xcalloc(c.cap, sizeof *c.set);
    constraints_init(&c);
    maps_init(&c);
    c.f = fopen(tmp, "w");
    int rc = 0;
    if (!c.f) {
        rc = cy_error_set(err, "cannot write %s: %s", tmp, strerror(errno));
        goto out;
    }
    if (cy_rules_winning_completion(b, m) >= 0) {
        /* the player to move completes a cycle cell at once: no records */
        st->claim = 'N';
        st->immediate = 1;
        put_header(&c, m, "win", "standard");
    } else {
        pos x;
        memcpy(x.q, m, (size_t)b->ne);
        x.live = unmarked(b, m);
        x.p = (pres){0, 0, 0};
        for (int e = 0; e < b->ne; e++)
            *(m[e] == CY_FWD ? &x.p.f : m[e] == CY_BWD ? &x.p.b : &x.p.live) |= 1ULL << e;
        x.p = canon_p(&c, x.p);
        symmetrise(&c, &x);
        int v = value(&c, &x);
        if (v < 0) {
            rc = c.failed;
            goto out;
        }
        char claim[32];
        if (grundy)
            snprintf(claim, sizeof claim, "grundy %d", v);
        else
            snprintf(claim, sizeof claim, "%s", v ? "win" : "loss");
        st->claim = v ? 'N' : 'P';
        st->grundy = grundy ? v : -1;
        put_header(&c, m, claim, "standard");
        if (grundy || !v)
            need_eq(&c, &x, grundy ? v : 0);
        else
            need_ne(&c, &x, 0);
        if (c.failed) {
            rc = c.failed;
            goto out;
        }
        ckey rk = key_of(&x, '=', 0), rn = key_of(&x, '!', 0);
        long root = find(&c, &rk);
        trim_and_write(&c, root >= 0 ? root : find(&c, &rn));
    }
    fputs("end\n", c.f);
    c.bytes += 4;
    if (ferror(c.f))
        rc = cy_error_set(err, "cannot write %s: %s", tmp, strerror(errno));
out:
    if (c.f && fclose(c.f) && !rc)
        rc = cy_error_set(err, "cannot write %s: %s", tmp, strerror(errno));
    if (!rc && rename(tmp, path))
        rc = cy_error_set(err, "cannot write %s: %s", path, strerror(errno));
    if (rc && c.f)
        remove(tmp);
    cy_solver_stats st2;
    cy_solver_stats_get(s, &st2);
    st->positions = st2.positions;
    st->records = rc ? c.nrec : c.records; /* on a stop: the records found by then */
    st->bytes = c.bytes;
    st->seconds = cy_now() - t0;
    free(c.set);
    for (int i = 0; i < c.nmaps; i++) {
        free(c.dmap[i]);
        free(c.mtab[i]);
    }
    free(c.dmap);
    free(c.mtab);
    free(c.maprev);
    free(c.thm6);
    free(c.kstart);
    free(c.kdarts);
    free(c.recs);
    free(c.moves);
    free(tmp);
    free(m);
    return rc;
}

/* ------------------------------------------------------------ misère */

/* Under the misère rules a move that completes a cycle cell loses at once,
 * and a player with no legal move wins (the opponent made the last move).
 * A lost position "= X 0": every legal move completes a cycle cell or leads
 * to a won position; a won one "! X 0 m": m completes none and leads to a
 * lost position; a position with no legal move needs no record. */

typedef struct mcert {
    cert c;
    cy_vsearch *vs;
} mcert;

static pos mpos(const cy_board *b, const unsigned char *mark)
{
    pos x;
    memcpy(x.q, mark, (size_t)b->ne);
    x.live = unmarked(b, mark);
    x.p = (pres){0, 0, x.live};
    for (int e = 0; e < b->ne; e++)
        if (mark[e] != CY_UNMARKED)
            *(mark[e] == CY_FWD ? &x.p.f : &x.p.b) |= 1ULL << e;
    return x;
}

/* The misère value of mark: 0 lost, 1 won, or a negative code. */
static int mvalue(mcert *m, const unsigned char *mark)
{
    int v = 0, rc = cy_vsearch_value(m->vs, mark, &v);
    return stop(&m->c, rc < 0 ? rc : v != 0);
}

static void need_mwon(mcert *m, unsigned char *mark);

static void need_mlost(mcert *m, unsigned char *mark)
{
    cert *c = &m->c;
    if (cy_interrupted())
        stop(c, CY_SOLVE_TIMEOUT);
    pos x = mpos(c->b, mark);
    ckey k = key_of(&x, '=', 0);
    if (c->failed || seen(c, &k))
        return;
    k.val = 0;
    add_record(c, &k, &x, 0, NULL, 0);
    int moves[2 * CY_FAST_MAX_EDGES];
    int n = cy_rules_legal(c->b, mark, moves);
    for (int i = 0; i < n && !c->failed; i++) {
        if (cy_rules_completes(c->b, mark, moves[i]) >= 0)
            continue; /* the mover loses at once */
        int e = cy_dart_edge(moves[i]);
        mark[e] = (unsigned char)cy_dart_mark(moves[i]);
        need_mwon(m, mark);
        mark[e] = CY_UNMARKED;
    }
}

static void need_mwon(mcert *m, unsigned char *mark)
{
    cert *c = &m->c;
    pos x = mpos(c->b, mark);
    ckey k = key_of(&x, '!', 0);
    int moves[2 * CY_FAST_MAX_EDGES];
    int n = cy_rules_legal(c->b, mark, moves);
    if (c->failed || !n || seen(c, &k))
        return; /* no legal move: the player to move has won */
    int best = -1;
    for (int pass = 0; pass < 2 && best < 0 && !c->failed; pass++)
        for (int i = 0; i < n && best < 0 && !c->failed; i++) {
            if (cy_rules_completes(c->b, mark, moves[i]) >= 0)
                continue;
            int e = cy_dart_edge(moves[i]);
            mark[e] = (unsigned char)cy_dart_mark(moves[i]);
            pos y = mpos(c->b, mark);
            ckey ky = key_of(&y, '=', 0);
            /* first a lost position already written, then any */
            if (pass == 0 ? seen(c, &ky) : mvalue(m, mark) == 0)
                best = i;
            mark[e] = CY_UNMARKED;
        }
    if (c->failed)
        return;
    if (best < 0) {
        c->failed = -1;
        cy_error_set(c->err, "internal error: a won position without a winning move (misère)");
        return;
    }
    add_record(c, &k, &x, 0, &moves[best], 1);
    int e = cy_dart_edge(moves[best]);
    mark[e] = (unsigned char)cy_dart_mark(moves[best]);
    need_mlost(m, mark);
    mark[e] = CY_UNMARKED;
}

int cy_certificate_write_misere(const cy_board *b, const cy_solver_opts *o, const unsigned char *mark, const char *path,
                                cy_cert_stats *st, cy_error *err)
{
    double t0 = cy_now();
    if (cert_start(b, mark, st, err))
        return -1;
    cy_rules r = {CY_RULES_MISERE, 0, 2};
    mcert m = {.c = {.b = b, .cap = 1024, .err = err}};
    m.vs = cy_vsearch_new(b, &r, o, err);
    if (!m.vs)
        return -1;
    cert *c = &m.c;
    c->set = cyi_xcalloc(c->cap, sizeof *c->set);
    unsigned char *q = cyi_xmalloc((size_t)b->ne + 1);
    memcpy(q, mark, (size_t)b->ne);
    size_t plen = strlen(path);
    char *tmp = cyi_xmalloc(plen + 32);
    snprintf(tmp, plen + 32, "%s.tmp%ld", path, (long)getpid());
    int rc = 0, v = mvalue(&m, q);
    if (v < 0) {
        rc = v;
        goto out;
    }
    st->claim = v ? 'N' : 'P';
    if (v)
        need_mwon(&m, q);
    else
        need_mlost(&m, q);
    if (c->failed) {
        rc = c->failed;
        goto out;
    }
    c->f = fopen(tmp, "w");
    if (!c->f) {
        rc = cy_error_set(err, "cannot write %s: %s", tmp, strerror(errno));
        goto out;
    }
    put_header(c, q, v ? "win" : "loss", "misere");
    for (size_t i = 0; i < c->nrec; i++)
        put_record(c, &c->recs[i]); /* each was asked for by another, or the root */
    fputs("end\n", c->f);
    c->bytes += 4;
    if (ferror(c->f))
        rc = cy_error_set(err, "cannot write %s: %s", tmp, strerror(errno));
    if (fclose(c->f) && !rc)
        rc = cy_error_set(err, "cannot write %s: %s", tmp, strerror(errno));
    if (!rc && rename(tmp, path))
        rc = cy_error_set(err, "cannot write %s: %s", path, strerror(errno));
    if (rc)
        remove(tmp);
out:;
    cy_solver_stats st2;
    cy_vsearch_stats(m.vs, &st2);
    cy_vsearch_progress_end(m.vs);
    st->positions = st2.positions;
    st->records = rc ? c->nrec : c->records;
    st->bytes = c->bytes;
    st->seconds = cy_now() - t0;
    cy_vsearch_free(m.vs);
    free(c->set);
    free(c->recs);
    free(c->moves);
    free(tmp);
    free(q);
    return rc;
}
