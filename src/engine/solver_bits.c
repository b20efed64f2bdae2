/*
 * solver_bits.c - the bitboard engine for small boards: whole positions as
 * two machine words (edges marked, edges marked backward), the sink/source
 * rule and the death-move test as a few mask operations per move, and the
 * Grundy values in a table indexed directly by the position's base-3 number
 * (3^E bytes), so a position costs no hashing and no probing; positions
 * that are images of each other under the board's symmetries or under
 * reversing every arrow share one entry (see symmetry_setup).
 *
 * It answers exactly what the plain engine answers; the fast engine hands it
 * boards small enough for its table (see fast_new).
 */
#include "engine.h"
#include "reduce.h"
#include "sinksource.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Where the cells' bits begin in bits.eon (the vertices' below; a board of
 * the bitboard engine has at most BITS_MAX_EDGES + 1 vertices and
 * BITS_MAX_EDGES + 2 cells, 16 of each). */
#define EON_CELL 16

struct bits {
    const cy_board *b;
    cy_solver_opts o;
    int ne, nv;
    uint64_t all;
    uint64_t vmask[BITS_MAX_EDGES + 1]; /* per vertex of an edge: its edges */
    uint64_t vinto[BITS_MAX_EDGES + 1]; /* edges whose dart 0 points into it */
    uint32_t eends[BITS_MAX_EDGES];     /* per edge: its ends, as vertex bits */
    uint32_t eon[BITS_MAX_EDGES];       /* the same, and its cyclable cells as bits from EON_CELL */
    int vspecial[BITS_MAX_EDGES + 1];
    int ncell;
    uint64_t cmask[BITS_MAX_EDGES + 2]; /* cyclable cells: edges */
    uint64_t cref[BITS_MAX_EDGES + 2];  /* edges the walk runs as dart 1 */
    uint32_t pow3[BITS_MAX_EDGES + 1];
    /* symmetry: a position's key is the least base-3 index among its images
     * under the board's automorphisms, each with and without every arrow
     * reversed (images that have the same Grundy value); step[i][k][e] is
     * what marking edge e as dart k adds to image i's index */
    int nsym;
    uint32_t step[BITS_MAX_SYM][2][BITS_MAX_EDGES];
    uint32_t idx[BITS_MAX_EDGES + 2][BITS_MAX_SYM]; /* the images' indices, per depth */
    unsigned char *tab;                             /* 1 + Grundy value, 0 unknown */
    size_t tab_bytes;
    uint32_t *written;            /* the keys stored, to clear them (see table_put) */
    size_t nwritten, cap_written; /* cap_written 0: not tracked, cleared whole */
    /* the reductions (o.reductions): the reduced keys (reduce.h), with each
     * edge's ends and cyclable cells (-1: none) and the table of the keys;
     * free edges taken out (free_edges; with settled, the settled edges) */
    int reduce, free_edges, settled;
    int heaps; /* values by questions (heap_eq) */
    int eend[BITS_MAX_EDGES][2];
    int ecell[BITS_MAX_EDGES][2];
    rtab rt;
    uint64_t positions, hits, stored;
    double start, deadline, until;
    cyi_progress_state progress;
};

/* The table of a solver that was freed, kept all zero for the next one in
 * this thread: a census solves thousands of small boards one after the other,
 * and a fresh mapping per board cost a page fault for every page a solve
 * touches (a 3^13 table is 400 pages).  Only solvers given a shared table
 * (cy_solver_opts.table: a caller solving board after board, as the census
 * does) keep theirs, since the spare stays resident beyond --memory; at most
 * BITS_MAX_EDGES edges, so at most 3^14 bytes (4.6 MiB) per thread. */
static _Thread_local unsigned char *spare_tab;
static _Thread_local size_t spare_bytes;
/* The same for the reduced keys' table (emptied, kept at its size unless
 * that is far more than the last board used: rtab_clear). */
static _Thread_local rtab spare_rt;

/* A zeroed table of at least need bytes (*bytes gets its size), from the
 * spare when it is large enough; NULL when it cannot be mapped. */
static unsigned char *table_get(size_t need, size_t *bytes)
{
    if (spare_tab && spare_bytes >= need) {
        unsigned char *t = spare_tab;
        *bytes = spare_bytes;
        spare_tab = NULL;
        spare_bytes = 0;
        return t;
    }
    unsigned char *t = mmap(NULL, need, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    *bytes = need;
    return t == MAP_FAILED ? NULL : t;
}

/* Gives s's table back: unmapped, or, for a solver given a shared table,
 * zeroed again (the entries written, or the whole table when too many were)
 * and kept as the spare if it is the larger. */
static void table_release(bits *s)
{
    if (s->reduce) {
        if (!s->o.table) {
            rtab_free(&s->rt);
            return;
        }
        rtab_clear(&s->rt);
        if (spare_rt.key)
            rtab_free(&spare_rt);
        spare_rt = s->rt;
        return;
    }
    if (!s->o.table) {
        free(s->written);
        munmap(s->tab, s->tab_bytes);
        return;
    }
    if (s->cap_written && s->nwritten <= s->cap_written)
        for (size_t i = 0; i < s->nwritten; i++)
            s->tab[s->written[i]] = 0;
    else
        memset(s->tab, 0, s->tab_bytes);
    free(s->written);
    if (spare_bytes >= s->tab_bytes) {
        munmap(s->tab, s->tab_bytes);
        return;
    }
    if (spare_tab)
        munmap(spare_tab, spare_bytes);
    spare_tab = s->tab;
    spare_bytes = s->tab_bytes;
}

/* Stores value v (1 + Grundy) under key, noting the key for table_release
 * while few enough are written that clearing them beats clearing all. */
static inline void table_put(bits *s, uint32_t key, unsigned char v)
{
    s->tab[key] = v;
    if (s->nwritten < s->cap_written) {
        s->written[s->nwritten] = key;
    } else if (s->cap_written && s->nwritten == s->cap_written) {
        size_t cap = s->cap_written * 2;
        uint32_t *w = cap <= s->tab_bytes / 64 ? realloc(s->written, cap * sizeof *w) : NULL;
        if (!w) {
            s->nwritten++; /* too many: release clears the whole table */
            return;
        }
        s->written = w;
        s->cap_written = cap;
        s->written[s->nwritten] = key;
    } else
        return;
    s->nwritten++;
}

/* Fills s->step for the identity, the board's automorphisms that keep
 * special vertices special, and all of them with every arrow reversed: at
 * most BITS_MAX_SYM images (any set of images containing the identity gives
 * correct keys; more of them give fewer positions). */
static void symmetry_setup(bits *s, const cy_board *b)
{
    cy_symmetry *sym = s->o.no_canon ? NULL : cy_symmetry_new(b, NULL);
    int n = sym ? sym->n : 1;
    s->nsym = 0;
    for (int rev = 0; rev < 2 && !s->o.no_canon; rev++)
        for (int a = 0; a < n && s->nsym < BITS_MAX_SYM; a++) {
            const cy_automorphism *g = sym ? &sym->aut[a] : NULL;
            for (int e = 0; e < b->ne; e++) {
                int te = g ? g->emap[e] : e;
                /* dart 0 of e lands on dart 1 of te when the ends swap */
                int flip = g ? g->dmap[2 * e] != 2 * te : 0;
                for (int k = 0; k < 2; k++)
                    s->step[s->nsym][k][e] = (uint32_t)(1 + (k ^ flip ^ rev)) * s->pow3[te];
            }
            s->nsym++;
        }
    if (s->nsym == 0) { /* --no-canon: the identity only */
        for (int e = 0; e < b->ne; e++)
            for (int k = 0; k < 2; k++)
                s->step[0][k][e] = (uint32_t)(1 + k) * s->pow3[e];
        s->nsym = 1;
    }
    cy_symmetry_free(sym);
}

bits *bits_new(const cy_board *b, const cy_solver_opts *o, cy_error *err)
{
    if (b->ne > BITS_MAX_EDGES)
        return cy_error_set(err, "the board has %d edges; the bitboard engine handles at most %d", b->ne, BITS_MAX_EDGES),
               NULL;
    size_t need = 1;
    for (int e = 0; e < b->ne; e++)
        need *= 3;
    size_t mem = o->memory ? o->memory : cyi_physical_memory() / 4;
    if (need > mem)
        return cy_error_set(err, "the bitboard engine needs %zu MiB for this board; --memory allows %zu MiB",
                            need >> 20, mem >> 20),
               NULL;
    bits *s = cyi_xcalloc(1, sizeof *s);
    s->b = b;
    s->o = *o;
    s->ne = b->ne;
    s->nv = b->nv;
    s->all = b->ne == 64 ? ~0ull : (1ull << b->ne) - 1;
    s->progress.t = (cyi_ticker){.on = 1, .born = cy_now()}; /* last 0: a first line at one second */
    if (b->nv > BITS_MAX_EDGES + 1) {
        free(s);
        return cy_error_set(err, "the board has too many vertices for the bitboard engine"), NULL;
    }
    for (int v = 0; v < b->nv; v++) {
        s->vspecial[v] = (unsigned char)cy_rules_exempt(b, v); /* special, or on a loop */
        for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
            int d = b->vdarts[i], e = cy_dart_edge(d);
            s->vmask[v] |= 1ull << e;
            if (b->ev[e] == v)
                s->vinto[v] |= 1ull << e;
        }
    }
    for (int e = 0; e < b->ne; e++)
        s->eends[e] = 1u << b->eu[e] | 1u << b->ev[e];
    for (int e = 0; e < b->ne; e++)
        s->eon[e] = s->eends[e];
    for (int c = 0; c < b->ncells; c++) {
        if (!b->cyclable[c])
            continue;
        int k = s->ncell++;
        for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++) {
            int d = b->fdarts[i], e = cy_dart_edge(d);
            s->eon[e] |= 1u << (EON_CELL + k);
            s->cmask[k] |= 1ull << e;
            if (d & 1)
                s->cref[k] |= 1ull << e;
        }
    }
    s->pow3[0] = 1;
    for (int e = 1; e <= b->ne; e++)
        s->pow3[e] = s->pow3[e - 1] * 3;
    /* the reduced keys take ne + 2 (nv + ncell) bits */
    s->settled = (o->reductions & CY_REDUCE_SETTLED) != 0;
    s->free_edges = (o->reductions & CY_REDUCE_FREE) || s->settled;
    s->heaps = !o->no_outcome_search;
    s->reduce = (o->reductions & CY_REDUCE_KEYS) && b->ne + 2 * (b->nv + s->ncell) <= 63;
    if (s->reduce) {
        int ncyc = 0, cellk[BITS_MAX_EDGES + 2];
        for (int c = 0; c < b->ncells; c++)
            cellk[c] = b->cyclable[c] ? ncyc++ : -1;
        for (int e = 0; e < b->ne; e++) {
            s->eend[e][0] = b->eu[e];
            s->eend[e][1] = b->ev[e];
            s->ecell[e][0] = s->ecell[e][1] = -1;
        }
        for (int c = 0; c < b->ncells; c++)
            for (int i = b->fstart[c]; cellk[c] >= 0 && i < b->fstart[c + 1]; i++) {
                int e = cy_dart_edge(b->fdarts[i]);
                if (s->ecell[e][0] != cellk[c])
                    s->ecell[e][s->ecell[e][0] < 0 ? 0 : 1] = cellk[c];
            }
        int ok;
        if (o->table && spare_rt.key) {
            s->rt = spare_rt;
            s->rt.max_bytes = mem;
            memset(&spare_rt, 0, sizeof spare_rt);
            ok = 1;
        } else
            ok = rtab_init(&s->rt, mem) == 0;
        if (!ok) {
            free(s);
            return cy_error_set(err, "cannot allocate the bitboard engine's table"), NULL;
        }
        s->tab_bytes = s->rt.cap * (sizeof *s->rt.key + 1);
        return s;
    }
    symmetry_setup(s, b);
    s->tab = table_get(need, &s->tab_bytes);
    if (!s->tab) {
        free(s);
        return cy_error_set(err, "cannot allocate %zu MiB for the bitboard engine", need >> 20), NULL;
    }
    if (o->table) { /* the table will be kept: note what to clear */
        s->cap_written = 1024;
        s->written = malloc(s->cap_written * sizeof *s->written);
        if (!s->written)
            s->cap_written = 0;
    }
    return s;
}

void bits_free(bits *s)
{
    if (!s)
        return;
    table_release(s);
    free(s);
}

void bits_stats(const bits *s, cy_solver_stats *st)
{
    memset(st, 0, sizeof *st);
    st->positions = s->positions;
    st->hits = s->hits;
    st->stored = s->stored;
    st->memory = s->tab_bytes;
}

/* Counts one more position searched; every 65,536 checks the deadline and
 * shows the progress line.  CY_SOLVE_TIMEOUT when the time is up, else 0. */
static inline int tick(bits *s)
{
    if ((++s->positions & 65535) == 0) {
        if (cyi_time_up(s->deadline))
            return CY_SOLVE_TIMEOUT;
        cy_solver_stats st;
        bits_stats(s, &st);
        cyi_progress(&s->o, &s->progress, 0, &st, s->tab_bytes);
    }
    return 0;
}

void bits_until(bits *s, double until)
{
    s->until = until;
}

cyi_progress_state *bits_progress(bits *s)
{
    return &s->progress;
}

/* THE SINK/SOURCE RULE of rules.c as edge masks (f[0] for dart 0, f[1] for
 * dart 1): the last open edge of a non-special vertex whose arrows all point
 * in may not point in, nor out where they all point out (a vertex with no
 * arrow: neither), each end tested by cyi_ss_closes (sinksource.h) on masks.
 * tests/test_solver.c checks it against rules.c's on every
 * position of its random boards (through bits_sink_source). */
static inline void sink_source_at(const bits *s, uint64_t marked, uint64_t dir, uint32_t vs, uint64_t f[2])
{
    for (; vs; vs &= vs - 1) {
        int v = __builtin_ctz(vs);
        uint64_t open = s->vmask[v] & ~marked; /* its one open edge */
        /* x points into v when its dir bit differs from its vinto bit */
        uint64_t mk = s->vmask[v] & marked, in = mk & (dir ^ s->vinto[v]);
        /* as masks, without branches: the open edge where an arrow into v
         * closes it (all in, or none marked: degree 1), where one out of it
         * does (all out), and where dart 0 of it points in */
        uint64_t closes_in = open & -(uint64_t)cyi_ss_closes(s->vspecial[v], mk, in);
        uint64_t closes_out = open & -(uint64_t)cyi_ss_closes(s->vspecial[v], mk, mk & ~in);
        uint64_t into0 = -(uint64_t)((s->vinto[v] & open) != 0);
        f[0] |= (closes_in & into0) | (closes_out & ~into0);
        f[1] |= (closes_in & ~into0) | (closes_out & into0);
    }
}

/* The sink/source rule alone (sink_source_at over the vertices with
 * exactly one open edge). */
static inline void sink_source(const bits *s, uint64_t marked, uint64_t dir, uint64_t f[2])
{
    f[0] = f[1] = 0;
    /* the vertices with exactly one open edge, counted edge by edge as
     * bits (one: at least one open edge, more: at least two) */
    uint32_t one = 0, more = 0;
    for (uint64_t es = s->all & ~marked; es; es &= es - 1) {
        uint32_t m = s->eends[__builtin_ctzll(es)];
        more |= one & m;
        one |= m;
    }
    sink_source_at(s, marked, dir, one & ~more, f);
}

/* The moves of the position that are not allowed, as two edge masks
 * (f[0] for dart 0, f[1] for dart 1): the sink/source rule (sink_source_at) and
 * the death moves (the second-to-last open edge of a cell whose arrows all
 * cycle one way may not continue the cycle: the opponent would complete it,
 * and a completing arrow always obeys the sink/source rule, since the cell's
 * own arrows point into its tail and out of its head), as masks.  Only the
 * vertices with exactly one open edge and the cells with exactly two are
 * visited, found by counting the open edges' ends and cells as bits (one,
 * two, three: at least that many open edges; vertices in bits 0..15, cells
 * from EON_CELL): deep in the search most have none. */
static inline void forbidden(const bits *s, uint64_t marked, uint64_t dir, uint64_t f[2])
{
    uint32_t one = 0, two = 0, three = 0;
    for (uint64_t es = s->all & ~marked; es; es &= es - 1) {
        uint32_t m = s->eon[__builtin_ctzll(es)];
        three |= two & m;
        two |= one & m;
        one |= m;
    }
    f[0] = f[1] = 0;
    sink_source_at(s, marked, dir, one & ~two & ((1u << EON_CELL) - 1), f);
    for (uint32_t cs = (two & ~three) >> EON_CELL; cs; cs &= cs - 1) {
        int c = __builtin_ctz(cs);
        uint64_t cm = s->cmask[c], open = cm & ~marked; /* its two open edges */
        uint64_t mk = cm & marked, along = mk & ~(dir ^ s->cref[c]), against = mk & (dir ^ s->cref[c]);
        /* as masks, without branches: the open edges where the cell's
         * arrows all run along its walk (or none is marked), and where
         * all against; the walk's own dart continues an "along" cycle */
        uint64_t all_along = open & -(uint64_t)(against == 0), all_against = open & -(uint64_t)(along == 0);
        f[0] |= (all_along & ~s->cref[c]) | (all_against & s->cref[c]);
        f[1] |= (all_along & s->cref[c]) | (all_against & ~s->cref[c]);
    }
}

/* The position mark[] of ne edges as masks: the marked edges, and those
 * marked backward. */
static void as_masks(int ne, const unsigned char *mark, uint64_t *marked, uint64_t *dir)
{
    *marked = *dir = 0;
    for (int e = 0; e < ne; e++) {
        if (mark[e] != CY_UNMARKED)
            *marked |= 1ull << e;
        if (mark[e] == CY_BWD)
            *dir |= 1ull << e;
    }
}

void bits_sink_source(const bits *s, const unsigned char *mark, uint64_t f[2])
{
    uint64_t marked, dir;
    as_masks(s->ne, mark, &marked, &dir);
    sink_source(s, marked, dir, f);
}

/* The free edges of position (marked, dir) (CY_REDUCE_FREE): open edges
 * whose ends are each exempt or have marked arrows both ways, and whose
 * cyclable cells each have marked arrows both ways.
 * THE REDUCTION: a position P with free edges F has the value of Q = P with
 * F marked (any way), XOR |F| mod 2.  Proof: the sink/source rule forbids a
 * dart only at a vertex whose marked arrows all point in or all out, and
 * the death-move rule only in a cell whose marked arrows all run one way
 * (forbidden()); arrows both ways stay both ways, so (a) both darts of a
 * free edge are legal in P and in every position reached from P, where the
 * edge, if still open, is still free; (b) whether any other dart is legal,
 * and whether its edge is free afterwards, does not depend on the marks of
 * F, which change no vertex's or cell's "all one way" (a vertex at a free
 * edge has arrows both ways before and after).  So P's game is the sum of
 * Q's game and |F| games of one move each (a free edge's two darts are two
 * moves to equal games, by (a) and (b) again), and by the Sprague-Grundy
 * theorem its value is G(Q) XOR (1 XOR ... XOR 1).  Taking them out makes
 * every P share the entry of its Q.  The tests check it against
 * tests/brute.c on every position of every plane board up to 10 edges.
 *
 * SETTLED EDGES (CY_REDUCE_SETTLED; s->settled), the free edges widened:
 * an end may also be a vertex whose marked arrows all point in or all out
 * (or none is marked) if the edge is its last open edge.  Such a vertex's
 * marks change only when that edge is marked, so what it allows the edge
 * is fixed; an exempt end or one with arrows both ways allows both darts
 * for good, and a cell with arrows both ways forbids nothing for good.  So
 * the darts of a settled edge e that are legal in P (sink_source(): its
 * cells forbid none) stay legal, and the others illegal, in every position
 * reached from P while e is open; and marking e, either way, changes the
 * legality of no other dart, now or later (its cells stay both ways; an
 * end where e was the last open edge has none left, and the sink/source
 * rule looks only at a vertex's last open edge; an exempt end or one both
 * ways is unchanged).
 * As for free edges, P's game is then the sum of Q's game (Q = P with the
 * settled edges S marked, any way: Q's moves are P's moves off S, with the
 * same legality at every later position) and one game per edge of S: no
 * move when neither dart is legal (a dead edge: a 0 to the sum), else one
 * or two moves to equal games (*1).  So G(P) = G(Q) XOR (the number of
 * edges of S with a legal dart, mod 2).  On a chain of vertices of degree
 * 2, an open edge between two marked edges of the chain is settled as
 * soon as the chain's two cells have arrows both ways.  Checked like the
 * free edges (tests/test_reduce.c).
 *
 * Q's marks on S: a legal dart where there is one (dart 0 when both are),
 * so that Q is often the position that playing them reaches, and shares
 * its entry; dart 0 on a dead edge (and in the images' indices, out_step).
 *
 * Returns the edges taken out that count as heaps *1; *dead gets the
 * settled edges with no legal dart, *bwd the edges to be marked as dart 1
 * (both 0 without s->settled). */
static uint64_t free_edges(const bits *s, uint64_t marked, uint64_t dir, uint64_t *dead, uint64_t *bwd)
{
    uint64_t ok = 0; /* edges with a constrained end or cell */
    for (int v = 0; v < s->nv; v++) {
        uint64_t mk = s->vmask[v] & marked, in = mk & (dir ^ s->vinto[v]);
        uint64_t open = s->vmask[v] & ~marked; /* settled: a last open edge is not constrained by v */
        if (!s->vspecial[v] && (in == mk || in == 0))
            ok |= s->settled && !(open & (open - 1)) ? 0 : s->vmask[v];
    }
    for (int c = 0; c < s->ncell; c++) {
        uint64_t mk = s->cmask[c] & marked, against = mk & (dir ^ s->cref[c]);
        if (against == 0 || against == mk)
            ok |= s->cmask[c];
    }
    uint64_t out = s->all & ~marked & ~ok;
    *dead = *bwd = 0;
    if (s->settled && out) { /* neither dart legal: no move, no heap */
        uint64_t f[2];
        sink_source(s, marked, dir, f);
        *dead = out & f[0] & f[1];
        *bwd = out & f[0] & ~f[1];
    }
    return out & ~*dead;
}

/* What marking the edges out (taken out by free_edges) adds to image i's
 * index: those of bwd as dart 1, the others as the dart that is digit 1 in
 * image i.  The direction of a free or dead edge's mark never matters
 * again (its ends and cells keep their arrows both ways, or have no open
 * edge left), so any choice gives a position of the same value; this one
 * gives a position and its images (automorphisms, every arrow reversed)
 * images of one another again, and so one entry.  A settled edge with one
 * legal dart is marked by it (bwd), which the images respect already. */
static inline uint32_t out_step(const bits *s, int i, uint64_t out, uint64_t bwd)
{
    uint32_t add = 0;
    for (uint64_t es = out; es; es &= es - 1) {
        int e = __builtin_ctzll(es);
        uint32_t a = s->step[i][0][e], b = s->step[i][1][e];
        add += (bwd >> e) & 1 ? b : a < b ? a : b;
    }
    return add;
}

/* The least of n indices: the key of a position. */
static inline uint32_t least(const uint32_t *x, int n)
{
    uint32_t m = x[0];
    for (int i = 1; i < n; i++)
        m = x[i] < m ? x[i] : m;
    return m;
}

/* The Grundy value of the position (marked, dir) whose images' indices are
 * s->idx[depth]. */
static int grundy(bits *s, uint64_t marked, uint64_t dir, int depth)
{
    const uint32_t *idx = s->idx[depth];
    uint32_t *next = s->idx[depth + 1];
    if (s->free_edges) {
        uint64_t dead, bwd, fr = free_edges(s, marked, dir, &dead, &bwd), out = fr | dead;
        if (out) { /* the value of fr and dead marked (bwd as dart 1), XOR fr's parity */
            for (int i = 0; i < s->nsym; i++) {
                next[i] = idx[i];
                next[i] += out_step(s, i, out, bwd);
            }
            int g = grundy(s, marked | out, (dir & ~out) | bwd, depth + 1);
            return g < 0 ? g : g ^ (__builtin_popcountll(fr) & 1);
        }
    }
    uint32_t key = least(idx, s->nsym);
    unsigned char v = s->tab[key];
    if (v) {
        s->hits++;
        return v - 1;
    }
    int late = tick(s);
    if (late)
        return late;
    uint64_t f[2], seen[3] = {0, 0, 0};
    forbidden(s, marked, dir, f);
    uint64_t open = s->all & ~marked;
    for (int k = 0; k < 2; k++)
        for (uint64_t es = open & ~f[k]; es; es &= es - 1) {
            int e = __builtin_ctzll(es);
            uint64_t m = 1ull << e;
            for (int i = 0; i < s->nsym; i++)
                next[i] = idx[i] + s->step[i][k][e];
            int g = s->tab[least(next, s->nsym)] - 1; /* a known child costs no call */
            if (g < 0)
                g = grundy(s, marked | m, k ? dir | m : dir, depth + 1);
            else
                s->hits++;
            if (g < 0)
                return g;
            vset_add(seen, g);
        }
    int g = vset_mex(seen);
    table_put(s, key, (unsigned char)(g + 1));
    s->stored++;
    return g;
}

/* THE REDUCED KEYS (reduce.h, with the proof that positions of equal keys
 * have equal values): bits 0..ne-1 the open edges, then two bits per vertex
 * (its code at ne + 2v) and per cyclable cell (at ne + 2 (nv + c)), read from
 * the same masks as forbidden() reads them. */

/* Vertex v's code: 1 all its marked arrows point in, 2 all out, 0 otherwise
 * (none marked, both ways, exempt, or no open edge left). */
static inline uint64_t vcode(const bits *s, int v, uint64_t marked, uint64_t dir)
{
    uint64_t mk = s->vmask[v] & marked;
    if (s->vspecial[v] || !mk || !(s->vmask[v] & ~marked))
        return 0;
    uint64_t in = mk & (dir ^ s->vinto[v]);
    return in == mk ? 1 : in == 0 ? 2 : 0;
}

/* Cyclable cell c's code: 1 all its marked arrows run along its walk, 2 all
 * against, 0 otherwise (none marked, both ways, or no open edge left). */
static inline uint64_t ccode(const bits *s, int c, uint64_t marked, uint64_t dir)
{
    uint64_t mk = s->cmask[c] & marked;
    if (!mk || !(s->cmask[c] & ~marked))
        return 0;
    uint64_t against = mk & (dir ^ s->cref[c]);
    return against == 0 ? 1 : against == mk ? 2 : 0;
}

/* The key of position (marked, dir), each code read afresh. */
static uint64_t rkey(const bits *s, uint64_t marked, uint64_t dir)
{
    uint64_t key = s->all & ~marked;
    for (int v = 0; v < s->nv; v++)
        key |= vcode(s, v, marked, dir) << (s->ne + 2 * v);
    for (int c = 0; c < s->ncell; c++)
        key |= ccode(s, c, marked, dir) << (s->ne + 2 * (s->nv + c));
    return key;
}

/* The key after edge e of the position with key `key` was marked, giving
 * (marked, dir): only e's ends and cells change code. */
static inline uint64_t rkey_after(const bits *s, uint64_t key, int e, uint64_t marked, uint64_t dir)
{
    key &= ~(1ull << e);
    for (int j = 0; j < 2; j++) {
        int v = s->eend[e][j], at = s->ne + 2 * v;
        key = (key & ~(3ull << at)) | vcode(s, v, marked, dir) << at;
        int c = s->ecell[e][j];
        if (c >= 0) {
            at = s->ne + 2 * (s->nv + c);
            key = (key & ~(3ull << at)) | ccode(s, c, marked, dir) << at;
        }
    }
    return key;
}

/* The lesser of key and the key of its reverse (codes 1 and 2 swapped):
 * the table's key. */
static inline uint64_t rkey_canon(const bits *s, uint64_t key)
{
    uint64_t codes = key >> s->ne, m = UINT64_C(0x5555555555555555);
    uint64_t rev = ((codes & m) << 1 | ((codes >> 1) & m)) << s->ne | (key & s->all);
    return rev < key ? rev : key;
}

/* The Grundy value of the position (marked, dir) of key `key` (not yet
 * made canonical), searched on the reduced keys' table. */
static int grundy_reduced(bits *s, uint64_t marked, uint64_t dir, uint64_t key)
{
    uint64_t dead = 0, bwd = 0, fr = s->free_edges ? free_edges(s, marked, dir, &dead, &bwd) : 0, out = fr | dead;
    if (out) { /* settled edges may end a vertex's open edges: its code is read afresh */
        uint64_t cm = marked | out, cd = (dir & ~out) | bwd;
        int g = grundy_reduced(s, cm, cd, s->settled ? rkey(s, cm, cd) : key & ~out);
        return g < 0 ? g : g ^ (__builtin_popcountll(fr) & 1);
    }
    uint64_t ck = rkey_canon(s, key);
    unsigned char v = rtab_get(&s->rt, ck);
    if (v) {
        s->hits++;
        return v - 1;
    }
    int late = tick(s);
    if (late)
        return late;
    uint64_t f[2], seen[3] = {0, 0, 0};
    forbidden(s, marked, dir, f);
    uint64_t open = s->all & ~marked;
    for (int k = 0; k < 2; k++)
        for (uint64_t es = open & ~f[k]; es; es &= es - 1) {
            int e = __builtin_ctzll(es);
            uint64_t m = 1ull << e, cm = marked | m, cd = k ? dir | m : dir;
            uint64_t child = rkey_after(s, key, e, cm, cd);
            int g = rtab_get(&s->rt, rkey_canon(s, child)) - 1; /* a known child costs no call */
            if (g < 0)
                g = grundy_reduced(s, cm, cd, child);
            else
                s->hits++;
            if (g < 0)
                return g;
            vset_add(seen, g);
        }
    int g = vset_mex(seen);
    if (rtab_put(&s->rt, ck, (unsigned char)(g + 1)) < 0)
        return CY_SOLVE_MEMORY;
    s->tab_bytes = s->rt.cap * (sizeof *s->rt.key + 1);
    s->stored++;
    return g;
}

/* GRUNDY VALUES BY QUESTIONS (s->heaps, unless o.no_outcome_search):
 * instead of the value of every child, ask only "is G(P) = h?", which is
 * "is P + *h lost for the player to move?", and stop at the first answer
 * that settles it:
 *   G(P) != h  iff  some child has value h, or some h' < h is the value of
 *                   no child (then mex < h);
 * so a no needs one child (or one missing value), and only a yes needs
 * every child.  The root's value is the first h whose answer is yes (at most
 * the number of moves).  A table entry is then 1 + the value where known
 * (at most 29, below HQ_EXCL), or HQ_EXCL | the set of h < HQ_BITS known
 * not to be the value, or 0.  Each entry only ever learns: an exclusion set grows, and
 * an exact value is final; so an answer read from the table is one that
 * was proved.  The positions counted are the positions expanded: one asked
 * about several values may count once for each.  Measured in docs/benchmarks.md (Grundy values by
 * questions).  The tests compare this search with the brute force at
 * every position of every plane board up to 10 edges (tests/test_reduce.c). */
#define HQ_EXCL 0x80u
#define HQ_BITS 7

/* Whether the value of position (marked, dir) (its images' indices in
 * s->idx[depth]) is h: 1 or 0, or a negative code. */
static int heap_eq(bits *s, uint64_t marked, uint64_t dir, int depth, int h)
{
    const uint32_t *idx = s->idx[depth];
    uint32_t *next = s->idx[depth + 1];
    uint32_t key = least(idx, s->nsym);
    unsigned char v = s->tab[key];
    if (v && !(v & HQ_EXCL)) {
        s->hits++;
        return v - 1 == h;
    }
    if ((v & HQ_EXCL) && h < HQ_BITS && (v >> h & 1u)) {
        s->hits++;
        return 0;
    }
    if (s->free_edges) {
        uint64_t dead, bwd, fr = free_edges(s, marked, dir, &dead, &bwd), out = fr | dead;
        if (out) { /* G = G(fr and dead marked, bwd as dart 1) XOR fr's parity */
            for (int i = 0; i < s->nsym; i++) {
                next[i] = idx[i];
                next[i] += out_step(s, i, out, bwd);
            }
            return heap_eq(s, marked | out, (dir & ~out) | bwd, depth + 1, h ^ (__builtin_popcountll(fr) & 1));
        }
    }
    int late = tick(s);
    if (late)
        return late;
    uint64_t f[2];
    forbidden(s, marked, dir, f);
    uint64_t open = s->all & ~marked;
    /* the moves (darts 2e + k) and their children's keys; the children's
     * values already known, and whether every child's is */
    int dart[2 * BITS_MAX_EDGES], nmv = 0;
    uint32_t ck[2 * BITS_MAX_EDGES];
    uint64_t seen[3] = {0, 0, 0};
    int all_known = 1, g = -1, r = 1;
    /* first every child's key, its entry prefetched, then the entries read:
     * the table (up to 3^14 bytes) is beyond the nearer caches, and a census
     * of 14 edges spent a quarter of this function waiting for one entry
     * after another */
    for (int k = 0; k < 2; k++)
        for (uint64_t es = open & ~f[k]; es; es &= es - 1) {
            int e = __builtin_ctzll(es);
            for (int i = 0; i < s->nsym; i++)
                next[i] = idx[i] + s->step[i][k][e];
            dart[nmv] = 2 * e + k;
            ck[nmv] = least(next, s->nsym);
            __builtin_prefetch(&s->tab[ck[nmv++]]);
        }
    for (int x = 0; x < nmv; x++) {
        unsigned char c = s->tab[ck[x]];
        if (c && !(c & HQ_EXCL))
            seen[(c - 1) >> 6] |= 1ull << ((c - 1) & 63);
        else
            all_known = 0;
    }
    if (all_known) { /* the mex at once */
        g = vset_mex(seen);
    }
    /* for h' = h, then 0 .. h-1: whether some child has value h' */
    for (int j = 0; j <= h && r == 1 && g < 0; j++) {
        int want = j == 0 ? h : j - 1, found = (seen[want >> 6] >> (want & 63)) & 1;
        for (int x = 0; x < nmv && !found; x++) {
            unsigned char c = s->tab[ck[x]];
            if (c && !(c & HQ_EXCL)) { /* known (perhaps since the first look) */
                s->hits++;
                seen[(c - 1) >> 6] |= 1ull << ((c - 1) & 63);
                found = c - 1 == want;
                continue;
            }
            if ((c & HQ_EXCL) && want < HQ_BITS && (c >> want & 1u)) {
                s->hits++;
                continue;
            }
            int k = dart[x] & 1, e = dart[x] >> 1;
            for (int i = 0; i < s->nsym; i++)
                next[i] = idx[i] + s->step[i][k][e];
            uint64_t m = 1ull << e;
            int q = heap_eq(s, marked | m, k ? dir | m : dir, depth + 1, want);
            if (q < 0)
                return q;
            found = q;
            if (q)
                vset_add(seen, want);
        }
        /* a child of value h: not h.  No child of value h' < h: not h
         * either, and since the children have every value below h' (asked
         * in turn before it), the value is h' itself (the mex) */
        if (j == 0 && found)
            r = 0;
        else if (j > 0 && !found)
            g = want;
    }
    if (g < 0 && r == 1)
        g = h;
    /* otherwise not h, nor any value of a child found; and the value is at
     * most nmv (the mex of nmv values): when one value of 0..nmv is left,
     * it is the value */
    unsigned excl = (v & HQ_EXCL ? v & ~HQ_EXCL : 0u) | (unsigned)(seen[0] & ((1u << HQ_BITS) - 1));
    if (h < HQ_BITS)
        excl |= 1u << h;
    if (g < 0 && nmv < HQ_BITS) {
        unsigned left = ((1u << (nmv + 1)) - 1) & ~excl;
        if (left && !(left & (left - 1)))
            g = __builtin_ctz(left);
    }
    if (g >= 0) {
        table_put(s, key, (unsigned char)(g + 1));
        s->stored++;
        return g == h;
    }
    if (excl) {
        if (!v)
            s->stored++;
        table_put(s, key, (unsigned char)(HQ_EXCL | excl));
    }
    return 0;
}

/* The root's masks and images' indices (s->idx[0]) of position mark, and
 * the clock started. */
static void root_of(bits *s, const unsigned char *mark, uint64_t *marked, uint64_t *dir)
{
    as_masks(s->ne, mark, marked, dir);
    for (int i = 0; i < s->nsym; i++)
        s->idx[0][i] = 0;
    for (int e = 0; e < s->ne; e++)
        if (mark[e] != CY_UNMARKED)
            for (int i = 0; i < s->nsym; i++)
                s->idx[0][i] += s->step[i][mark[e] == CY_BWD][e];
    s->start = cy_now();
    s->deadline = cyi_deadline(s->start, s->o.timeout, s->until);
}

int bits_wins(bits *s, const unsigned char *mark)
{
    if (!s->heaps || s->reduce) {
        int g = bits_grundy(s, mark);
        return g < 0 ? g : g != 0;
    }
    uint64_t marked, dir;
    root_of(s, mark, &marked, &dir);
    int r = heap_eq(s, marked, dir, 0, 0);
    return r < 0 ? r : !r;
}

int bits_grundy(bits *s, const unsigned char *mark)
{
    if (s->reduce) {
        uint64_t marked, dir;
        as_masks(s->ne, mark, &marked, &dir);
        s->start = cy_now();
        s->deadline = cyi_deadline(s->start, s->o.timeout, s->until);
        return grundy_reduced(s, marked, dir, rkey(s, marked, dir));
    }
    uint64_t marked, dir;
    root_of(s, mark, &marked, &dir);
    if (s->heaps)
        for (int h = 0;; h++) {
            int r = heap_eq(s, marked, dir, 0, h);
            if (r != 0)
                return r < 0 ? r : h;
        }
    return grundy(s, marked, dir, 0);
}
