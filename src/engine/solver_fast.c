/*
 * solver_fast.c - the fast engine.
 *
 * Positions are sub-games (subgame.c), split into independent components
 * whose Grundy values XOR (the proof is at the top of subgame.c).  Every
 * component is looked up in one transposition table (ttable.c), first under
 * its labelled key and then under a canonical key (canon.c: a plane key,
 * or nauty's canonical form for the largest components),
 * so isomorphic components, mirror images and reversed positions are solved
 * once.
 *
 * Small components get their Grundy value by the definition: the mex of the
 * values of their options.  A large component L is not expanded that way.
 * Its value is the least k for which L + *k is a loss for the player to move,
 * and those outcomes are found by search with cut-offs, as the Sprouts
 * solvers of Lemoine and Viennot do: in a position made of L, smaller
 * components and a nim-heap, the smaller components are replaced by their
 * Grundy values (folded into the heap) and only L is searched; a move wins as
 * soon as one reply is found that loses for the opponent.
 */
#include "canon.h"
#include "compdb_table.h"
#include "treekey.h"
#include "engine.h"
#include "fast_internal.h"
#include "ttable.h"
#include "theorem6.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* Components with at most this many live edges are solved by mex. */
#ifndef SMALL
#define SMALL 8
#endif

/* Which key a component gets besides its labelled one: none below
 * PLANE_MIN live edges (looking it up again costs less than any key), a
 * plane key (canon.c) below CANON_MIN, and from CANON_MIN nauty's canonical
 * form, which also finds isomorphisms the plane does not show.  Plane keys
 * cost so much less than nauty that they pay even for the largest
 * components: with nauty from 20 edges on, instructions counted by
 * callgrind (one thread, --no-replies --no-theorems) were 5.09 G on
 * grid:4x4, 3.10 G on theta:7,8,9 and 58.6 G on grid:2x10; with plane keys
 * throughout 4.39 G, 2.42 G and 35.5 G, with about as many positions.  So
 * nauty keys only --no-plane-keys searches (NAUTY_ONLY_MIN); raising
 * PLANE_MIN to 6 or 10 cost 1.4 and 2.8 times the instructions on
 * theta:7,8,9. */
#ifndef PLANE_MIN
#define PLANE_MIN 3
#endif
#ifndef CANON_MIN
#define CANON_MIN (SG_MAXE + 1)
#endif
/* Without plane keys (--no-plane-keys): labelled below this, nauty from it. */
#define NAUTY_ONLY_MIN 9

/* Mirror replies are tried for at most this many automorphisms (a mirror
 * is one of them, with or without every arrow reversed: win() keeps its
 * number in 4 bits). */
#define MAX_MIRRORS 8
_Static_assert(2 * MAX_MIRRORS <= 16, "a mirror's number fits in 4 bits");

/* Salts that keep the table's kinds of entry apart. */
#define SALT_OUTCOME 0x5851F42D4C957F2Dull
/* SALT_OUTCOME's inverse modulo 2^64 (SALT_OUTCOME * SALT_OUTCOME_INV == 1):
 * outcome_heap reads n back from outcome_salt(n). */
#define SALT_OUTCOME_INV 0xC097EF87329E28A5ull
_Static_assert(SALT_OUTCOME *SALT_OUTCOME_INV == 1, "SALT_OUTCOME_INV is SALT_OUTCOME's inverse");
/* With PACKED_OUTCOMES (the default), outcomes against heaps below
 * TT_HEAPS are bits of one entry under the component's value key
 * (tt_outcome, tt_put_win), not entries of their own under salted keys:
 * bench/lean_table.sh measured the two (docs/benchmarks.md). */
#ifndef PACKED_OUTCOMES
#define PACKED_OUTCOMES 1
#endif

/* A search stopped because another thread finished first. */
#define ABORTED (-100)
/* A search that used up the positions it was allowed (see win()). */
#define OVER (-101)
/* A search not made because another thread is making it (see claim()). */
#define BUSY (-102)
/* No limit on the positions of a search. */
#define UNLIMITED UINT64_MAX

/* The rounds of win(): the positions each move may take in the first
 * (unless the options say otherwise) and how much more each round allows.
 * A mirror reply gets 4 to 256 times as much, the more the more its mirror
 * has proved right (trust()).  bench/techniques.sh compares. */
#ifndef FIRST_ALLOWANCE
#define FIRST_ALLOWANCE 64
#endif
#define ALLOWANCE_GROWTH 8

/* The most component keys order_moves() keeps for the children of one
 * position (more are looked up one child at a time). */
#define KEY_POOL 512
/* How many children order_moves() keys (and prefetches) ahead of its probes. */
#ifndef PREFETCH_BATCH
#define PREFETCH_BATCH 8
#endif

/* The positions being searched that the threads of a search mark, to
 * share out the moves (see claim()): slots of a small table (a power of
 * two). */
#ifndef BUSY_SLOTS
#define BUSY_SLOTS 4096
#endif

/* The splits into components a worker remembers (a power of two; see
 * split()), and the most components a remembered split has. */
#ifndef SPLITS
#define SPLITS 64
#endif
#define SPLIT_MAXC 6
_Static_assert((SPLITS & (SPLITS - 1)) == 0, "a power of two");

/* A position's split into components (sg_components), by its live edges and
 * alive constraints, which are all the split reads. */
typedef struct split_memo {
    uint64_t live, alive, free_edges;
    int n;
    uint64_t comp[SPLIT_MAXC], kcomp[SPLIT_MAXC];
} split_memo;

/* The canonical keys a worker remembers (a power of two; see worker). */
#ifndef CKEYS
#define CKEYS 8192
#endif

/* ... and a worker of a solver on a shared table (see ckeys()). */
#ifndef CKEYS_SHARED
#define CKEYS_SHARED 1024
#endif
_Static_assert((CKEYS & (CKEYS - 1)) == 0 && (CKEYS_SHARED & (CKEYS_SHARED - 1)) == 0, "powers of two");

/* The canonical key of a component lately keyed, by its labelled key: the
 * rounds of win() visit a position again and again until it is settled,
 * and its canonical key costs thousands of instructions.  Each thread keeps
 * CKEYS of them, from one search to the next. */
typedef struct ckey {
    uint64_t l[2], c[2];
} ckey;

/* What a search finds: the Grundy value, who wins, a winning move; or who
 * wins each of several positions (the threads sharing them out, each
 * position searched by one thread alone). */
enum { JOB_GRUNDY, JOB_WINS, JOB_MOVE, JOB_EACH };

/* What the threads of one search share. */
struct fast {
    const cy_board *b;
    sg_board sb;
    cy_solver_opts o;
    tt *t;
    int own_table;      /* t is ours, not a shared cy_table's */
    uint64_t lsalt[2];  /* XORed into labelled keys (table.c) */
    uint64_t positions; /* all threads', updated atomically */
    double start, deadline, until;
    cyi_progress_state progress;
    int stop; /* set (atomically) when the search is over */
    /* doubling the table: one worker sets pausing, the others park in
     * tick() until it is done (finished workers count as parked); all under
     * lock, but for a glance at pausing */
    pthread_mutex_t lock;
    pthread_cond_t change;
    int pausing, parked, finished, workers;
    int small, threads;
    /* the images of each dart under the board's automorphisms, with and
     * without every arrow reversed: the replies of a mirror strategy; and
     * of each constraint, with the constraints whose reference darts map to
     * the other darts of their image (see symmetric()) */
    int nmirror;
    uint8_t mirror[2 * MAX_MIRRORS][2 * SG_MAXE];
    uint8_t kmap[2 * MAX_MIRRORS][SG_MAXK];
    uint64_t kinv[2 * MAX_MIRRORS];
    uint64_t fixed[2 * MAX_MIRRORS]; /* the edges each mirror maps to themselves */
    th6 thm;                         /* the involutions of Theorem 6 (none with --no-theorems) */
    dfpn_table *dfpn;                /* proof numbers of --search dfpn (made on first use) */
    ckey *ckeys;                     /* the threads' remembered canonical keys (made on first use) */
    uint64_t *busy;                  /* BUSY_SLOTS marks of positions being searched (claim()); NULL with one thread */
    const cy_compdb *db;             /* the component database consulted (compdb.c), or NULL */
    int db_edges;                    /* the most live edges of a component it holds */
    compdb_set *collect;             /* where a build collects values (fast_collect), or NULL */
    int collect_edges;               /* ... of components of at most this many edges */
    /* the stage of the search, for the progress line: its job (JOB_), and
     * for a value the Grundy value tried at the top (a component of
     * stage_edges edges against *stage_n), for JOB_EACH the positions
     * taken; set by worker 0 or atomically */
    int stage_kind, stage_n, stage_edges, stage_next, stage_of;
    /* how often a reply by each mirror won and lost lately (trust()), for
     * all threads: with a count of its own, a thread that finds in the
     * table what the other's mirror replies settled never learns to trust
     * them, and spends its rounds on the other moves (grid:4x4 searched 2
     * to 3 times the positions of one thread).  Updated with relaxed
     * atomics (a lost update only blurs a heuristic), on cache lines of
     * their own. */
    char pad[64];
    uint32_t mirror_won[2 * MAX_MIRRORS], mirror_lost[2 * MAX_MIRRORS];
    char pad2[64];
};

/* One thread of a search.  Every thread searches the same position,
 * sharing the table, the mirrors' trust and the marks of the positions
 * being searched: a thread gives way where another is searching (claim()),
 * so the moves of a position are shared out among the threads (ABDADA),
 * and each learns from the table what the others settled. */
typedef struct worker {
    fast *s;
    const sg_board *sb;
    tt *t;
    const cy_solver_opts *o;
    int id, small;
    uint64_t allowance;            /* of the first round of win(); UNLIMITED for none */
    uint64_t pending;              /* positions not yet added to s->positions */
    uint64_t nodes;                /* positions this worker has searched */
    uint32_t history[2 * SG_MAXE]; /* how often a dart won: tried first */
    uint32_t rng;
    tt_counts counts;          /* table probes and stores not yet in the table's statistics */
    ckey *ckeys;               /* ckeys() of them: see ckey */
    size_t ckmask;             /* their number less one */
    int exclusive;             /* the next win() is to give way (BUSY) to another thread's search */
    int top;                   /* the next comp_value() is of a component of the root (stage_n) */
    int asked;                 /* the next comp_value() is of a component of the position asked, not
                                * one a search folds into its heap: mex pruning only there */
    split_memo splits[SPLITS]; /* see split() */
} worker;

/* Fills in the mirror tables of f from the board's automorphisms sym:
 * mirrors 2i and 2i + 1 are the same automorphism without and with every
 * arrow reversed. */
static void mirrors_init(fast *f, const cy_symmetry *sym)
{
    const cy_board *b = f->b;
    /* the constraint of each vertex and cell, numbered as sg_board_init does */
    int *kof = cyi_xmalloc(sizeof(int) * (size_t)(b->nv + b->ncells));
    th6_constraints(b, kof);
    for (int a = 1; sym && a < sym->n && a <= MAX_MIRRORS; a++)
        for (int rev = 0; rev < 2; rev++, f->nmirror++) {
            th6_map m;
            th6_map_of(b, &f->sb, kof, &sym->aut[a], rev, &m);
            memcpy(f->mirror[f->nmirror], m.dart, sizeof m.dart);
            memcpy(f->kmap[f->nmirror], m.kmap, sizeof m.kmap);
            f->kinv[f->nmirror] = m.kinv;
            f->fixed[f->nmirror] = m.fixed;
        }
    free(kof);
}

/* Whether g is its own image under mirror a. */
static int symmetric(const fast *f, int a, const sg *g)
{
    return th6_symmetric(f->mirror[a], f->kmap[a], f->kinv[a], g);
}

fast *fast_new(const cy_board *b, const cy_solver_opts *o, cy_error *err)
{
    if (b->ne > CY_FAST_MAX_EDGES)
        return cy_error_set(err, "the board has %d edges; the solver handles at most %d", b->ne, CY_FAST_MAX_EDGES), NULL;
    fast *f = cyi_xcalloc(1, sizeof *f);
    f->b = b;
    if (sg_board_init(b, &f->sb) < 0) {
        free(f);
        return cy_error_set(err, "the board has more than %d vertices and cells to track", SG_MAXK), NULL;
    }
    f->o = *o;
    f->progress.t = (cyi_ticker){.on = 1, .born = cy_now()}; /* last 0: a first line at one second */
    cy_symmetry *sym = o->no_mirrors && o->no_theorems ? NULL : cy_symmetry_new(b, NULL);
    if (!o->no_mirrors)
        mirrors_init(f, sym);
    if (!o->no_theorems)
        th6_init(b, &f->sb, sym, &f->thm);
    cy_symmetry_free(sym);
    f->small = o->no_outcome_search || o->no_decompose ? SG_MAXE : o->mex_edges > 0 ? o->mex_edges : SMALL;
    /* the database is keyed by the default canonical keys only */
    if (!o->no_canon && !o->no_plane_keys && !o->no_decompose && (f->db = compdb_current()))
        f->db_edges = compdb_edges(f->db);
    /* one thread a core unless asked (bench/techniques.sh compares) */
    f->threads = o->threads > 0 ? o->threads : cy_cpu_cores();
    if (f->threads < 1)
        f->threads = 1;
    if (f->threads > 64)
        f->threads = 64;
    /* --memory bounds the table; it grows from small to what the search
     * needs (ttable.c), so small boards keep it in cache and large ones are
     * spared the page faults of a huge sparse one */
    if (o->table) {
        /* a shared table: canonical entries carry over from other boards,
         * labelled ones are kept apart by a salt of this solver's own */
        f->t = table_tt(o->table);
        table_salt(o->table, f->lsalt);
        goto ready;
    }
    size_t mem = o->memory ? o->memory : cyi_physical_memory() / 4;
    /* a bound that was asked for holds for the whole process: the table
     * gets what the process does not use yet, less a sixteenth for the
     * threads' stacks and nauty's workspace */
    size_t used = cy_resident_memory() + mem / 16;
    if (o->memory)
        mem = mem > used ? mem - used : 0;
    if (mem < (1u << 20))
        mem = 1u << 20;
    f->t = tt_new(mem, 1);
    if (!f->t) {
        free(f);
        return cy_error_set(err, "cannot allocate a %zu MiB table (try a smaller --memory)", mem >> 20), NULL;
    }
    f->own_table = 1;
ready:
    pthread_mutex_init(&f->lock, NULL);
    pthread_cond_init(&f->change, NULL);
    return f;
}

void fast_free(fast *f)
{
    if (!f)
        return;
    if (f->own_table)
        tt_free(f->t);
    dfpn_table_free(f->dfpn);
    free(f->ckeys);
    free(f->busy);
    pthread_mutex_destroy(&f->lock);
    pthread_cond_destroy(&f->change);
    free(f);
}

void fast_stats(const fast *f, cy_solver_stats *st)
{
    tt_stats ts;
    tt_stats_get(f->t, &ts);
    memset(st, 0, sizeof *st);
    st->positions = __atomic_load_n(&f->positions, __ATOMIC_RELAXED);
    st->hits = ts.hits;
    st->stored = ts.entries;
    st->memory = ts.bytes;
}

/* Doubles the table if it asks for room, once every other worker is parked
 * here; or parks while another worker does it. */
static void make_room(fast *f)
{
    if (!__atomic_load_n(&f->pausing, __ATOMIC_RELAXED) && !tt_needs_room(f->t))
        return;
    pthread_mutex_lock(&f->lock);
    if (f->pausing) {
        f->parked++;
        pthread_cond_broadcast(&f->change);
        while (f->pausing)
            pthread_cond_wait(&f->change, &f->lock);
        f->parked--;
    } else if (tt_needs_room(f->t)) {
        __atomic_store_n(&f->pausing, 1, __ATOMIC_RELAXED);
        while (f->parked + f->finished < f->workers - 1 && !__atomic_load_n(&f->stop, __ATOMIC_RELAXED))
            pthread_cond_wait(&f->change, &f->lock);
        /* once a worker has finished, the others stop at their next tick:
         * no need to grow then, and no safe moment to */
        if (!__atomic_load_n(&f->stop, __ATOMIC_RELAXED))
            tt_grow(f->t);
        __atomic_store_n(&f->pausing, 0, __ATOMIC_RELAXED);
        pthread_cond_broadcast(&f->change);
    }
    pthread_mutex_unlock(&f->lock);
}

/* Counts the end of a worker's job, for make_room. */
static void finish(fast *f)
{
    pthread_mutex_lock(&f->lock);
    f->finished++;
    pthread_cond_broadcast(&f->change);
    pthread_mutex_unlock(&f->lock);
}

/* Writes the stage of f's search into its progress line's state. */
static void stage(fast *f)
{
    char *out = f->progress.stage;
    size_t n = sizeof f->progress.stage;
    switch (f->stage_kind) {
    case JOB_GRUNDY:
        if (f->stage_edges)
            snprintf(out, n, "trying value %d for a %d-edge part", __atomic_load_n(&f->stage_n, __ATOMIC_RELAXED),
                     f->stage_edges);
        else
            snprintf(out, n, "the value");
        break;
    case JOB_WINS:
        snprintf(out, n, "who wins");
        break;
    case JOB_MOVE:
        snprintf(out, n, "a winning move");
        break;
    default: {
        int k = __atomic_load_n(&f->stage_next, __ATOMIC_RELAXED);
        snprintf(out, n, "judging positions, %d of %d begun", k < f->stage_of ? k : f->stage_of, f->stage_of);
    }
    }
}

/* Counts a position; returns CY_SOLVE_TIMEOUT when time is up, ABORTED
 * when another thread has finished, else 0. */
static int tick(worker *w)
{
    w->nodes++;
    if (++w->pending < 256)
        return 0;
    fast *f = w->s;
    __atomic_fetch_add(&f->positions, w->pending, __ATOMIC_RELAXED);
    w->pending = 0;
    tt_count(w->t, &w->counts);
    if (__atomic_load_n(&f->stop, __ATOMIC_RELAXED))
        return ABORTED;
    if (cyi_time_up(f->deadline))
        return CY_SOLVE_TIMEOUT;
    make_room(f);
    if (w->id == 0 && cyi_progress_due(&f->o, &f->progress, 0)) {
        cy_solver_stats st;
        tt_stats ts;
        fast_stats(f, &st);
        tt_stats_get(f->t, &ts);
        stage(f);
        cyi_progress(&f->o, &f->progress, 0, &st, ts.capacity);
    }
    return 0;
}

/* Work done so far by this worker, for the replacement policy. */
static inline uint64_t done(const worker *w)
{
    return __atomic_load_n(&w->s->positions, __ATOMIC_RELAXED) + w->pending;
}

/* The table's value under key, or -1 (and its move into *move, if not
 * NULL), the probe counted by the worker (tt_count). */
static inline int tprobe(worker *w, const uint64_t key[2], int *move)
{
    int v = tt_probe(w->t, key, move);
    w->counts.probes++;
    w->counts.hits += v >= 0;
    return v;
}

/* Stores an entry in the table (tt_put), counted by the worker. */
static inline void tput(worker *w, const uint64_t key[2], int value, int move, uint64_t work)
{
    int what = tt_put(w->t, key, value, move, work);
    w->counts.stores++;
    w->counts.fresh += what == TT_FRESH;
    w->counts.replaced += what == TT_REPLACED;
}

/* (keys, the labelled and canonical keys of a component: fast_internal.h) */

/* Starts the keys of g: the labelled one now, the canonical one on demand. */
static void keys_of(const worker *f, const sg *g, keys *k)
{
    k->g = g;
    sg_label_key(g, k->l);
    k->l[0] ^= f->s->lsalt[0];
    k->l[1] ^= f->s->lsalt[1];
    k->have_c = 0;
}

int fast_canon_key(const sg_board *sb, const sg *g, uint64_t key[2])
{
    int n = __builtin_popcountll(g->live);
    if (n < PLANE_MIN)
        return 0;
    if (sg_tree_key(sb, g, key))
        ; /* a component without cells whose vertices form a tree (treekey.c) */
    else if (n < CANON_MIN)
        sg_plane_key(sb, g, key);
    else
        sg_key(sb, g, 1, key);
    return 1;
}

/* Makes sure k has its canonical key; returns whether canonical keys are used. */
static int canonical(worker *f, keys *k)
{
    int n = __builtin_popcountll(k->g->live);
    /* plane keys read one component: a whole position (--no-decompose) may
     * have several */
    int plane = !f->o->no_plane_keys && !f->o->no_decompose;
    if (f->o->no_canon || n < (plane ? PLANE_MIN : NAUTY_ONLY_MIN))
        return 0;
    if (!k->have_c) {
        /* a labelled key names its component (with the solver's salt, and
         * as surely as the table trusts it), so a remembered canonical key
         * is the one sg_tree_key, sg_plane_key or sg_key would compute */
        size_t at = (size_t)(k->l[0] >> 7) & f->ckmask;
        if (f->ckeys[at].l[0] == k->l[0] && f->ckeys[at].l[1] == k->l[1]) {
            k->c[0] = f->ckeys[at].c[0];
            k->c[1] = f->ckeys[at].c[1];
        } else {
            if (!plane || !fast_canon_key(f->sb, k->g, k->c))
                sg_key(f->sb, k->g, 1, k->c);
            memcpy(f->ckeys[at].l, k->l, sizeof k->l);
            memcpy(f->ckeys[at].c, k->c, sizeof k->c);
        }
        k->have_c = 1;
    }
    return 1;
}

static inline int outcome_heap(uint64_t salt);

/* The table's entry under key (a labelled or canonical key, unsalted) for
 * salt: 0 its value, outcome_salt(n) its outcome against *n; that from the
 * key's packed outcomes (tt_outcome) for a heap below TT_HEAPS, else from
 * an entry of its own under the salted key (with its move into *move, if
 * not NULL).  -1 when absent. */
static inline int probe_as(worker *f, const uint64_t key[2], uint64_t salt, int *move)
{
    int n = outcome_heap(salt);
    if (n >= 0) {
        int v = tt_outcome(f->t, key, n);
        f->counts.probes++;
        f->counts.hits += v >= 0;
        return v;
    }
    uint64_t l[2] = {key[0] ^ salt, key[1]};
    return tprobe(f, l, move);
}

/* Stores v under key for salt, as probe_as reads it: a packed outcome as
 * the key's set of won heaps (tt_put_win) or, lost, as its value n. */
static inline void put_as(worker *f, const uint64_t key[2], uint64_t salt, int v, int move, uint64_t work)
{
    int n = outcome_heap(salt);
    if (n >= 0) {
        int what = v ? tt_put_win(f->t, key, n, work) : tt_put(f->t, key, n, -1, work);
        f->counts.stores++;
        f->counts.fresh += what == TT_FRESH;
        f->counts.replaced += what == TT_REPLACED;
        return;
    }
    uint64_t l[2] = {key[0] ^ salt, key[1]};
    tput(f, l, v, move, work);
}

/* Looks up an entry under the labelled key only (salted); -1 when absent. */
static inline int get(worker *f, const keys *k, uint64_t salt)
{
    return probe_as(f, k->l, salt, NULL);
}

/* Whether a component of n live edges is looked up in the component
 * database: one small enough for it to hold, with a canonical key.  Those
 * valued by mex too: with only the larger ones looked up, grid:4x4 searched
 * 2.7 times the positions (K = 14; most components found are small ones). */
static inline int db_size(const worker *f, int n)
{
    return n <= f->s->db_edges && n >= PLANE_MIN;
}

/* Looks up an entry under the canonical key only (salted), and copies a
 * hit to the labelled key; -1 when absent or there is no canonical key.  A
 * value (salt 0) the table lacks is looked up in the component database,
 * when there is one and the component is small enough for it. */
static int get_canonical(worker *f, keys *k, uint64_t salt)
{
    if (!canonical(f, k))
        return -1;
    int v = probe_as(f, k->c, salt, NULL);
    if (v < 0 && !salt && f->s->db && db_size(f, __builtin_popcountll(k->g->live)))
        v = compdb_get(f->s->db, k->c);
    if (v >= 0)
        put_as(f, k->l, salt, v, -1, 1);
    return v;
}

/* Looks up an entry under both keys (salted); -1 when absent. */
static int lookup(worker *f, keys *k, uint64_t salt)
{
    int v = get(f, k, salt);
    return v >= 0 ? v : get_canonical(f, k, salt);
}

/* Stores an entry under both keys (salted), with the move that settled it
 * (a dart of g, or -1) under the labelled key only: under the canonical key
 * it would name a dart of whichever isomorphic component comes next. */
static void store(worker *f, keys *k, uint64_t salt, int v, int move, uint64_t work)
{
    put_as(f, k->l, salt, v, move, work);
    if (canonical(f, k)) {
        put_as(f, k->c, salt, v, -1, work);
        if (!salt && f->s->collect && __builtin_popcountll(k->g->live) <= f->s->collect_edges)
            compdb_set_add(f->s->collect, k->c, v);
    }
}

/* sg_components of g, from the worker's memory of recent splits when it
 * has g's: a search splits the same position again and again (both darts
 * of an edge often leave the same edges and constraints; order_moves splits
 * a child to probe the table, then win() splits it again to search it, in
 * every round), and the split reads only g's live edges and alive
 * constraints, so the remembered one is g's.  The memory starts zeroed,
 * which is the split of a position with no live edge. */
static int split(worker *f, const sg *g, uint64_t *comp, uint64_t *kcomp, uint64_t *free_edges)
{
    uint64_t h = (g->live * 0x9E3779B97F4A7C15ull) ^ (g->alive * 0xC2B2AE3D27D4EB4Full);
    split_memo *m = &f->splits[(h >> 40) & (SPLITS - 1)];
    if (m->live == g->live && m->alive == g->alive) {
        for (int i = 0; i < m->n; i++) {
            comp[i] = m->comp[i];
            kcomp[i] = m->kcomp[i];
        }
        *free_edges = m->free_edges;
        return m->n;
    }
    int n = sg_components(f->sb, g, comp, kcomp, free_edges);
    if (n <= SPLIT_MAXC) {
        m->live = g->live;
        m->alive = g->alive;
        m->free_edges = *free_edges;
        m->n = n;
        for (int i = 0; i < n; i++) {
            m->comp[i] = comp[i];
            m->kcomp[i] = kcomp[i];
        }
    }
    return n;
}

/* The salt of outcome entries against a nim-heap of size n. */
static inline uint64_t outcome_salt(int n)
{
    return SALT_OUTCOME * (uint64_t)(n + 1);
}

/* n when salt is outcome_salt(n) for a heap the table packs (below
 * TT_HEAPS), else -1 (the value's salt 0 among them: 0 * INV - 1 is the
 * largest uint64_t). */
static inline int outcome_heap(uint64_t salt)
{
    uint64_t n = salt * SALT_OUTCOME_INV - 1;
    return PACKED_OUTCOMES && n < TT_HEAPS ? (int)n : -1;
}

static int pos_value(worker *f, const sg *g);
static int win(worker *f, const sg *g, int n, uint64_t limit);
static int mex_search(worker *f, const sg *g, keys *k, int top);

/* The darts of g that obey the sink/source rule, as 2e+dir; returns the count. */
static int legal_darts(const sg_board *sb, const sg *g, int *dart)
{
    uint64_t forbidden[2];
    sg_forbidden(sb, g, forbidden);
    int k = 0;
    for (uint64_t es = g->live; es; es &= es - 1) {
        int e = __builtin_ctzll(es);
        for (int dir = 0; dir < 2; dir++)
            if (!((forbidden[dir] >> e) & 1u))
                dart[k++] = 2 * e + dir;
    }
    return k;
}

/* g's Grundy value when Theorem 6, generalised (theorem6.c), proves it:
 * 0 when g is lost for the player to move (th6_lost), 1 when g + *1 is
 * (th6_one: the same with one self-involutive edge left open); -1 when
 * neither applies.  Never with --no-theorems (no involutions are kept
 * then). */
static inline int proved_value(const worker *f, const sg *g)
{
    if (!f->s->thm.n)
        return -1;
    if (th6_lost(&f->s->thm, g))
        return 0;
    return th6_one(&f->s->thm, f->sb, g, TH6_ALL) ? 1 : -1;
}

/* The Grundy value of a small component by the definition. */
static int mex_value(worker *f, const sg *g, keys *k)
{
    int r = tick(f);
    if (r < 0)
        return r;
    uint64_t before = done(f);
    uint64_t seen[3] = {0, 0, 0};
    sg child;
    int dart[2 * SG_MAXE];
    int m = legal_darts(f->sb, g, dart);
    /* helper threads start at different moves, so they share out the work */
    int first = 0;
    if (f->id && m) {
        f->rng = f->rng * 1103515245u + 12345u;
        first = (int)((f->rng >> 8) % (uint32_t)m);
    }
    for (int i = 0; i < m; i++) {
        int d = dart[(first + i) % m];
        child = *g;
        if (sg_play(f->sb, &child, d >> 1, d & 1))
            continue; /* a death move */
        int x = pos_value(f, &child);
        if (x < 0)
            return x;
        vset_add(seen, x);
    }
    int mex = vset_mex(seen);
    store(f, k, 0, mex, -1, done(f) - before + 1);
    return mex;
}

/* The Grundy value of a component (every constraint on live edges); top:
 * a component of the root, whose trials the progress line shows; asked:
 * a component of the position asked (a root's), valued by mex pruning
 * with --grundy-method mex, where the components a search folds into its
 * heap (fold()) are valued by the rounds whatever the method.
 *
 * Mex pruning of the folded components too searched more than the rounds
 * on two benchmark boards (`solve --no-theorems --no-replies --threads 1`:
 * grid:2x10 583,861 positions against 535,783, theta:9,10,11 260,775
 * against 253,277; 534,832 and 261,654 without the lost-option question),
 * and so did who wins (--no-grundy).  Kept for the position asked, it keeps
 * its gains there (grid:3x4 211,614 against 254,113, wedge:5,7,9 61,102
 * against 67,472, wedge:3,5,7 4,613 against 7,182), gives up small ones
 * (theta:7,8,9 40,419 becomes the rounds' 40,557) and searches exactly the
 * rounds' positions when only who wins is asked (docs/benchmarks.md, *Mex
 * pruning*).  Why the folded components lose was not isolated; the likeliest
 * cause is the table's contents: a folded component's value is asked inside
 * the search of one heap, where the rounds' searches of g + *0, g + *1, ...
 * leave entries of g's options against each heap that the neighbouring
 * searches of that heap find, and mex pruning's do not. */
static int comp_value_of(worker *f, const sg *g, int top, int asked)
{
    keys k;
    keys_of(f, g, &k);
    int v = lookup(f, &k, 0);
    if (v >= 0)
        return v;
    int pv = proved_value(f, g);
    if (pv >= 0) {
        store(f, &k, 0, pv, -1, 1);
        return pv;
    }
    if (__builtin_popcountll(g->live) <= f->small)
        return mex_value(f, g, &k);
    if (f->o->grundy_method != CY_GRUNDY_ROUNDS && asked)
        return mex_search(f, g, &k, top);
    /* --grundy-method rounds: the least n for which g + *n loses for the
     * player to move */
    for (int n = 0;; n++) {
        if (top) {
            f->s->stage_edges = __builtin_popcountll(g->live);
            __atomic_store_n(&f->s->stage_n, n, __ATOMIC_RELAXED);
        }
        int w = win(f, g, n, UNLIMITED);
        if (w < 0)
            return w;
        if (!w)
            return n; /* win() stored it */
    }
}

/* comp_value_of(), with the worker's top and asked flags taken for this
 * component and given back for the root's next one. */
static int comp_value(worker *f, const sg *g)
{
    int top = f->top, asked = f->asked;
    f->top = f->asked = 0;
    int v = comp_value_of(f, g, top, asked);
    f->top = top;
    f->asked = asked;
    return v;
}

/* The Grundy value of a normalised sub-game: the XOR of its components'. */
static int pos_value(worker *f, const sg *g)
{
    if (f->o->no_decompose)
        return g->live ? comp_value(f, g) : 0;
    uint64_t comp[SG_MAXE], kcomp[SG_MAXE], free_edges;
    int n = split(f, g, comp, kcomp, &free_edges);
    int x = __builtin_popcountll(free_edges) & 1;
    for (int i = 0; i < n; i++) {
        sg part = sg_part(g, comp[i], kcomp[i]);
        int v = comp_value(f, &part);
        if (v < 0)
            return v;
        x ^= v;
    }
    return x;
}

/* Drops the pairs of isomorphic components from the nc components of g in
 * comp and kcomp: the two have one Grundy value, which cancels in the XOR.
 * Returns how many are left. */
static int cancel_pairs(worker *f, const sg *g, uint64_t *comp, uint64_t *kcomp, int nc)
{
    if (nc < 2 || f->o->no_canon)
        return nc;
    keys k[SG_MAXE];
    sg part[SG_MAXE];
    uint8_t state[SG_MAXE] = {0}; /* 1 keyed, 2 cancelled */
    for (int i = 0; i < nc; i++) {
        int size = __builtin_popcountll(comp[i]), nk = __builtin_popcountll(kcomp[i] & g->alive);
        for (int j = i + 1; j < nc && state[i] < 2; j++) {
            if (state[j] == 2 || __builtin_popcountll(comp[j]) != size || __builtin_popcountll(kcomp[j] & g->alive) != nk)
                continue;
            for (int x = i; x <= j; x += j - i)
                if (!state[x]) {
                    part[x] = sg_part(g, comp[x], kcomp[x]);
                    keys_of(f, &part[x], &k[x]);
                    state[x] = 1;
                }
            if (!canonical(f, &k[i]))
                break; /* too small to be worth it */
            canonical(f, &k[j]);
            if (k[i].c[0] == k[j].c[0] && k[i].c[1] == k[j].c[1])
                state[i] = state[j] = 2;
        }
    }
    int left = 0;
    for (int i = 0; i < nc; i++)
        if (state[i] < 2) {
            comp[left] = comp[i];
            kcomp[left++] = kcomp[i];
        }
    return left;
}

/* The labelled keys of the components of g (with the solver's salt, not
 * an entry's) into key[] (room for cap), each one's bucket prefetched
 * (tt_prefetch: the value and outcome entries of a component share it),
 * and with comp not NULL their edges and constraints into comp[] and
 * kcomp[]; the parity of g's free edges into *parity, the edges of its
 * largest component into *largest.  Returns how many components, or -1
 * when more than cap. */
static int comp_keys(worker *f, const sg *g, uint64_t (*key)[2], int cap, uint64_t *comp, uint64_t *kcomp, int *parity,
                     int *largest)
{
    uint64_t c[SG_MAXE], kc[SG_MAXE], free_edges;
    int nc = split(f, g, c, kc, &free_edges);
    *parity = __builtin_popcountll(free_edges) & 1;
    *largest = 0;
    for (int i = 0; i < nc; i++)
        if (__builtin_popcountll(c[i]) > *largest)
            *largest = __builtin_popcountll(c[i]);
    if (nc > cap)
        return -1;
    for (int i = 0; i < nc; i++) {
        sg part = sg_part(g, c[i], kc[i]);
        sg_label_key(&part, key[i]);
        key[i][0] ^= f->s->lsalt[0];
        key[i][1] ^= f->s->lsalt[1];
        tt_prefetch(f->t, key[i]);
        if (comp) {
            comp[i] = c[i];
            kcomp[i] = kc[i];
        }
    }
    return nc;
}

/* The table's entry of the component of g with labelled key key (edges
 * comp, constraints kcomp; comp 0 when not known) under salt: under the
 * labelled key, or with deep under its canonical key too, or, for a value
 * (salt 0) of a component the component database may hold, there; -1 when
 * absent. */
static int part_entry(worker *f, const sg *g, const uint64_t key[2], uint64_t comp, uint64_t kcomp, uint64_t salt,
                      int deep)
{
    int v = probe_as(f, key, salt, NULL);
    if (v >= 0)
        return v;
    if (!deep) {
        /* a value the table lacks may be in the component database:
         * without it, the table would have it from the mex of a larger
         * component, which the database spared (without this lookup,
         * grid:4x4 searched 2.7 times the positions with a database (K =
         * 12) as without one) */
        if (salt || !f->s->db || !db_size(f, __builtin_popcountll(comp)))
            return -1;
    }
    sg part = sg_part(g, comp, kcomp);
    keys k = {.g = &part, .l = {key[0], key[1]}, .have_c = 0};
    return get_canonical(f, &k, salt);
}

/* known() from what comp_keys gave for g: the nc keys of its components
 * (and their edges and constraints, comp and kcomp, or NULL: needed with
 * deep and for the component database), against a heap of n (the parity of
 * the free edges already in). */
static int known_keys(worker *f, const sg *g, uint64_t (*key)[2], const uint64_t *comp, const uint64_t *kcomp, int nc,
                      int n, int deep)
{
    int unknown = -1;
    for (int i = 0; i < nc; i++) {
        int v = part_entry(f, g, key[i], comp ? comp[i] : 0, comp ? kcomp[i] : 0, 0, deep);
        if (v >= 0)
            n ^= v;
        else if (unknown >= 0)
            return -1;
        else
            unknown = i;
    }
    if (unknown < 0)
        return n != 0;
    return part_entry(f, g, key[unknown], comp ? comp[unknown] : 0, comp ? kcomp[unknown] : 0, outcome_salt(n), deep);
}

/* What the table already says about g + *n without searching: 1 a win for
 * the player to move, 0 a loss, -1 unknown; under the labelled keys only,
 * or with deep under the canonical keys too (dearer).  *largest gets the
 * number of edges of g's largest component. */
static int known(worker *f, const sg *g, int n, int *largest, int deep)
{
    uint64_t key[SG_MAXE][2], comp[SG_MAXE], kcomp[SG_MAXE];
    int parity, nc = comp_keys(f, g, key, SG_MAXE, comp, kcomp, &parity, largest);
    return known_keys(f, g, key, comp, kcomp, nc, n ^ parity, deep);
}

/* How far replies by mirror a have proved right lately, from 0 to 7. */
static inline int trust(const worker *f, int a)
{
    uint32_t won = __atomic_load_n(&f->s->mirror_won[a], __ATOMIC_RELAXED),
             lost = __atomic_load_n(&f->s->mirror_lost[a], __ATOMIC_RELAXED);
    return (int)(8 * (won + 1) / (won + lost + 2)) & 7;
}

/* Counts a reply by mirror a that won (or lost), for trust(): of the last
 * thousand or so. */
static void judged(worker *f, int a, int won)
{
    uint32_t *w = &f->s->mirror_won[a], *l = &f->s->mirror_lost[a];
    uint32_t nw = __atomic_load_n(w, __ATOMIC_RELAXED), nl = __atomic_load_n(l, __ATOMIC_RELAXED);
    if (nw + nl > 1024) {
        nw /= 2;
        nl /= 2;
    }
    __atomic_store_n(w, nw + (won != 0), __ATOMIC_RELAXED);
    __atomic_store_n(l, nl + (won == 0), __ATOMIC_RELAXED);
}

/* a * b, or UNLIMITED if that is more. */
static inline uint64_t times(uint64_t a, uint64_t b)
{
    return a > UNLIMITED / b ? UNLIMITED : a * b;
}

/* A position's mark among those being searched (fast_internal.h). */
typedef fx_mark mark;

/* The word that marks big + *n (k its keys) in the slots of fast.busy:
 * never 0, which is a free slot. */
static inline uint64_t busy_key(const keys *k, int n)
{
    return ((k->l[0] ^ outcome_salt(n)) * 0x9E3779B97F4A7C15ull ^ k->l[1]) | 1;
}

/* Marks big + *n (k its keys) as being searched by this worker, among the
 * marks the threads of a search share: ABDADA (Weill's "alpha-beta
 * distributed with a dynamic allocation"), where a thread that finds the
 * position of a move marked by another searches the position's other moves
 * first.  *busy gets whether another thread has marked the position.  The
 * mark returned is to be given back by unmark() when the search of the
 * position ends; none is made with one thread, or when the slot holds
 * another position's mark (the moves are then not shared out, which costs
 * time, never correctness: a mark only changes the order of moves). */
static mark claim(worker *f, const keys *k, int n, int *busy)
{
    mark m = {NULL, 0};
    *busy = 0;
    if (!f->s->busy)
        return m;
    uint64_t key = busy_key(k, n);
    uint64_t *slot = f->s->busy + ((key >> 40) & (BUSY_SLOTS - 1)), old = 0;
    if (__atomic_compare_exchange_n(slot, &old, key, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
        m.slot = slot;
        m.key = key;
    } else
        *busy = old == key; /* (a position never holds itself as a move's position) */
    return m;
}

/* Takes back a mark claim() made, if any (win() has it done by the
 * cleanup attribute, on each of its ways out). */
static void unmark(mark *m)
{
    if (m->slot)
        __atomic_store_n(m->slot, 0, __ATOMIC_RELAXED);
}

/* Whether a thread (this one too) has marked big + *n (k its keys) by
 * claim(). */
static int marked(const worker *f, const keys *k, int n)
{
    if (!f->s->busy)
        return 0;
    uint64_t key = busy_key(k, n);
    return __atomic_load_n(f->s->busy + ((key >> 40) & (BUSY_SLOTS - 1)), __ATOMIC_RELAXED) == key;
}

/* How win() sees g + *n: the largest component left once isomorphic pairs
 * cancel (big), and the rest folded into the heap (*heap: n, the free
 * edges and the other components' values).  The other components go into
 * other[] with their values in val[] (*nother of them), the free edges
 * into *free_edges.  Returns 1 when there is a largest component, 0 when
 * not, or a negative code. */
static int fold(worker *f, const sg *g, int n, sg *big, int *heap, sg *other, int *val, int *nother, uint64_t *free_edges)
{
    uint64_t comp[SG_MAXE], kcomp[SG_MAXE], largest = 0, klargest = 0;
    int nc = split(f, g, comp, kcomp, free_edges);
    n ^= __builtin_popcountll(*free_edges) & 1;
    nc = cancel_pairs(f, g, comp, kcomp, nc);
    for (int i = 0; i < nc; i++)
        if (__builtin_popcountll(comp[i]) > __builtin_popcountll(largest)) {
            largest = comp[i];
            klargest = kcomp[i];
        }
    *nother = 0;
    for (int i = 0; i < nc; i++) {
        if (comp[i] == largest)
            continue;
        sg part = sg_part(g, comp[i], kcomp[i]);
        int v = comp_value(f, &part);
        if (v < 0)
            return v;
        n ^= v;
        other[*nother] = part;
        val[(*nother)++] = v;
    }
    *heap = n;
    if (!largest)
        return 0;
    *big = sg_part(g, largest, klargest);
    return 1;
}

/* Keeps one dart of each orbit of the m darts in dart[] under the mirrors
 * in symm (a bit per mirror), all of which map the position to itself, and
 * with rev under reversing every arrow too (the identity of the board with
 * every arrow reversed, which maps a position with no arrow yet, no
 * constraint committed, to itself); returns how many are kept.  A mirror that maps the position to itself
 * maps the child of a dart onto the child of its image (with every arrow
 * reversed, for the odd mirrors), and isomorphic positions have one value
 * (the relabelling keeps every rule, reversal too: Alvarado et al. 2021, and the
 * canonical keys rely on the same fact): so the darts dropped add nothing
 * that the one kept does not already tell, and a search over the kept
 * darts proves exactly what a search over all would.  A symmetric position
 * is what a mirror reply leaves, so the opponent's moves there come in
 * pairs, of which one is searched. */
static int orbit_darts(const fast *s, unsigned symm, int rev, int *dart, int m)
{
    uint64_t kept[2] = {0, 0}; /* darts 0..127 */
    int nk = 0;
    for (int i = 0; i < m; i++) {
        int d = dart[i], dup = rev && ((kept[(d ^ 1) >> 6] >> ((d ^ 1) & 63)) & 1u);
        for (unsigned as = symm; as && !dup; as &= as - 1) {
            int img = s->mirror[__builtin_ctz(as)][d];
            dup = (int)((kept[img >> 6] >> (img & 63)) & 1u);
        }
        if (!dup) {
            kept[d >> 6] |= 1ull << (d & 63);
            dart[nk++] = d;
        }
    }
    return nk;
}

/* The live edges whose move may leave a position with live edges live its
 * own image under the dart map dart: when live is its own image already
 * (*sym set), those of them in fixed; when it is but for one edge e (whose
 * image was just played), e; else none. */
static inline uint64_t answer_edges(const uint8_t *dart, uint64_t live, uint64_t fixed, int *sym)
{
    uint64_t img = 0;
    for (uint64_t es = live; es; es &= es - 1)
        img |= 1ull << (dart[2 * __builtin_ctzll(es)] >> 1);
    uint64_t d = img ^ live;
    *sym = !d;
    if (!d)
        return live & fixed;
    return __builtin_popcountll(d) == 2 && __builtin_popcountll(d & live) == 1 ? d & live : 0;
}

/* The moves of big (against a heap of n) in the order win() tries them,
 * into dart[] with their scores in score[]; returns how many, or -1 - d
 * when the table already shows that dart d moves to a lost position.
 *
 * Death moves are dropped, a move to a
 * position the table knows is lost wins at once, and the others are
 * tried in order of a score: first the replies of a mirror strategy
 * (moves that leave the component symmetric under a mirror: one of the
 * board's automorphisms, with or without every arrow reversed), the
 * most trusted mirror's first; then those that leave the smallest
 * largest component (the others are valued apart, and cheaply), then
 * those that kill most constraints, then those whose dart has won most
 * often before.  A mirror reply's score keeps its mirror in the low
 * bits (4 bits, as 2 * MAX_MIRRORS <= 16) where other moves keep their
 * history.  bench/techniques.sh compares. */
static int order_moves(worker *f, const sg *big, int n, int *dart, int *score)
{
    int m = legal_darts(f->sb, big, dart), nm = 0;
    /* the edges whose move may leave big symmetric under each mirror: when
     * big's live edges are symmetric, those the mirror fixes; when they are
     * but for one edge e (whose image was just played), e */
    uint64_t cand[2 * MAX_MIRRORS];
    unsigned symm = 0; /* the mirrors big is its own image under */
    for (int a = 0; a < f->s->nmirror; a += 2) {
        int sym;
        cand[a] = answer_edges(f->s->mirror[a], big->live, f->s->fixed[a], &sym);
        cand[a + 1] = cand[a]; /* the same mirror with arrows reversed */
        for (int x = a; sym && x < a + 2; x++)
            symm |= (unsigned)symmetric(f->s, x, big) << x;
    }
    if (symm || !big->comm)
        m = orbit_darts(f->s, symm, !big->comm, dart, m);
    /* the edges whose move may leave a child lost by Theorem 6 (when big's
     * live edges are symmetric under the involution, any; when they are
     * but for one edge, that edge): a cheap filter, as missing a proof
     * costs only search */
    uint64_t tcand = 0;
    for (int i = 0; i < f->s->thm.n; i++) {
        int sym;
        tcand |= answer_edges(f->s->thm.inv[i].m.dart, big->live, ~0ull, &sym);
    }
    /* the darts on edges a mirror reply may use first: the child the table
     * shows lost, when there is one, is most often a mirror reply, and
     * found first it spares keying the other children */
    uint64_t any = 0;
    for (int a = 0; a < f->s->nmirror; a += 2)
        any |= cand[a];
    if (any) {
        int front[2 * SG_MAXE], back[2 * SG_MAXE], nf = 0, nb = 0;
        for (int i = 0; i < m; i++) {
            if ((any >> (dart[i] >> 1)) & 1u)
                front[nf++] = dart[i];
            else
                back[nb++] = dart[i];
        }
        memcpy(dart, front, sizeof(int) * (size_t)nf);
        memcpy(dart + nf, back, sizeof(int) * (size_t)nb);
    }
    /* first every child's keys, their buckets prefetched, then the probes:
     * the table's cache misses overlap instead of coming one by one */
    sg child[2 * SG_MAXE];
    uint64_t key[KEY_POOL][2], cpool[KEY_POOL], kpool[KEY_POOL];
    int at[2 * SG_MAXE], nk[2 * SG_MAXE], parity[2 * SG_MAXE], rest[2 * SG_MAXE], used = 0;
    for (int i = 0, ready = 0; i < m; i++) {
        /* (in batches: a move the table shows to win spares the rest) */
        for (; ready < m && ready < i + PREFETCH_BATCH; ready++) {
            child[ready] = *big;
            nk[ready] = -2;
            if (sg_play(f->sb, &child[ready], dart[ready] >> 1, dart[ready] & 1))
                continue; /* a death move */
            at[ready] = used;
            nk[ready] = comp_keys(f, &child[ready], key + used, KEY_POOL - used, cpool + used, kpool + used,
                                  &parity[ready], &rest[ready]);
            used += nk[ready] > 0 ? nk[ready] : 0;
        }
        if (nk[i] == -2)
            continue; /* a death move */
        int pv = (tcand >> (dart[i] >> 1)) & 1u ? proved_value(f, &child[i]) : -1;
        if (pv == n)
            return -1 - dart[i]; /* the child + *n is lost */
        if (pv >= 0)
            continue; /* child + *n, n != its value: a win for the opponent */
        /* (rest: edges of the child's largest component) */
        int kn = nk[i] >= 0
                     ? known_keys(f, &child[i], key + at[i], cpool + at[i], kpool + at[i], nk[i], n ^ parity[i], 0)
                     : known(f, &child[i], n, &rest[i], 0);
        if (kn == 0)
            return -1 - dart[i];
        if (kn == 1)
            continue; /* a move the table shows to lose: never worth trying */
        dart[nm] = dart[i];
        int kills = __builtin_popcountll(big->alive) - __builtin_popcountll(child[i].alive);
        uint32_t won = f->history[dart[i]] < 0x3FFF ? f->history[dart[i]] : 0x3FFF;
        int via = -1;
        for (int a = 0; a < f->s->nmirror; a++)
            if (((cand[a] >> (dart[i] >> 1)) & 1u) && (via < 0 || trust(f, a) > trust(f, via)) &&
                symmetric(f->s, a, &child[i]))
                via = a;
        if (via >= 0)
            score[nm++] = 1 << 27 | trust(f, via) << 28 | (SG_MAXE - rest[i]) << 20 | kills << 14 | via;
        else
            score[nm++] = (SG_MAXE - rest[i]) << 20 | kills << 14 | (int)won;
    }
    for (int i = 1; i < nm; i++) {
        int d = dart[i], sc = score[i], j = i;
        for (; j > 0 && score[j - 1] < sc; j--) {
            dart[j] = dart[j - 1];
            score[j] = score[j - 1];
        }
        dart[j] = d;
        score[j] = sc;
    }
    return nm;
}

/* The answer of Theorem 6's strategy to the move just made in g + *n
 * (n 0 or 1), searched before anything else: the move that leaves g its
 * own image under one of the theorem's involutions (the partner of the one
 * live edge whose partner is not live, or, when g is symmetric already, its
 * live self-involutive edge).  When the strategy applies it wins (by
 * th6_lost, th6_one or deeper), and finding that first spares fold(),
 * which would value every component of g apart though the answer leaves
 * them in pairs that cancel.  Returns 1 when such a move wins, 0 when none
 * does, or a negative code (as win()). */
static int mirror_answer(worker *f, const sg *g, int n, uint64_t limit)
{
    if (n > 1 || !f->s->thm.n)
        return 0;
    uint64_t forbidden[2];
    int have_forbidden = 0;
    for (int i = 0; i < f->s->thm.n; i++) {
        const th6_inv *iv = &f->s->thm.inv[i];
        int sym;
        uint64_t e = answer_edges(iv->m.dart, g->live, iv->m.fixed, &sym);
        if (!e || (e & (e - 1)))
            continue;
        int x = __builtin_ctzll(e);
        if (!have_forbidden++)
            sg_forbidden(f->sb, g, forbidden);
        for (int dir = 0; dir < 2; dir++) {
            sg child = *g;
            if (((forbidden[dir] >> x) & 1u) || sg_play(f->sb, &child, x, dir) ||
                __builtin_popcountll(child.live & iv->m.fixed) != n ||
                !th6_symmetric(iv->m.dart, iv->m.kmap, iv->m.kinv, &child))
                continue; /* illegal, a death move, or not the answer */
            int pv = proved_value(f, &child);
            if (pv >= 0) {
                if (pv == n)
                    return 1;
                continue;
            }
            int w = win(f, &child, n, limit);
            if (w < 0 && w != BUSY)
                return w;
            if (!w)
                return 1;
        }
    }
    return 0;
}

/* The positions each move of win()'s first round may take against a heap
 * of n: f->allowance, or UNLIMITED where the moves are searched each to its
 * end in one round. */
static uint64_t first_allowance(const worker *f, int n)
{
    /* the moves are searched in rounds, each allowing every move still
     * open a few times more positions than the last: a move that wins
     * cheaply is found before much is spent on one that is hard to judge
     * (what df-pn does by proof numbers, here by effort; whatever a round
     * settles stays in the table).  Against an empty heap on a board
     * where Theorem 6 applies there is one round only: there the strategy's
     * winning answers come without rounds (order_moves' and mirror_answer's
     * theorem checks), and the positions left are those where it fails,
     * whose moves the rounds would search again and again (theta:9,10,11's
     * value: 123k positions against 225k; grid:2x7's 280k against 387k;
     * bench/techniques.sh, where the theorems are off, is unchanged) */
    uint64_t first = !n && f->s->thm.n ? UNLIMITED : f->allowance;
    /* On a board without automorphisms there are no mirror replies (with
     * --no-mirrors the rounds stay, to measure the mirrors alone), which
     * the rounds are there to find cheaply (a mirror reply is allowed 4 to
     * 256 times as much as another move): there each move is searched to
     * its end, in order.  The winning reply is the first tried in about
     * two fifths of the positions won by search there, after 1.6 others
     * on average, and the rounds searched those others again and again,
     * 8 times more each round, before it (`bash bench/order.sh`: the
     * asymmetric boards of 20 to 24 edges, 0.65 to 0.88 times the
     * positions and 0.52 to 0.76 times the CPU; on the grids, whose
     * automorphisms give mirror replies, the rounds pay: grid:4x4 searches
     * over 3 million positions without them, `--no-rounds`, against 71
     * thousand). */
    if (!f->s->nmirror && !f->o->no_mirrors)
        first = UNLIMITED;
    return first;
}

/* Whether the player to move wins g + *n (1 or 0), or a negative code:
 * OVER when the search would take the worker past limit positions.  All
 * components but the largest are replaced by their Grundy values. */
static int win(worker *f, const sg *g, int n, uint64_t limit)
{
    int exclusive = f->exclusive; /* (for this position, not those fold() searches) */
    f->exclusive = 0;
    int answer = mirror_answer(f, g, n, limit);
    if (answer)
        return answer;
    sg big, other[SG_MAXE];
    uint64_t free_edges;
    int val[SG_MAXE], nother;
    int has_big = fold(f, g, n, &big, &n, other, val, &nother, &free_edges);
    if (has_big <= 0)
        return has_big < 0 ? has_big : n != 0;
    uint64_t largest = big.live;
    keys k;
    keys_of(f, &big, &k);
    /* the labelled entries first, value and outcome: a hit there spares
     * the canonical key */
    int v = get(f, &k, 0);
    if (v >= 0)
        return v != n;
    int pv = proved_value(f, &big);
    if (pv >= 0) {
        store(f, &k, 0, pv, -1, 1);
        return n != pv;
    }
    if (__builtin_popcountll(largest) <= f->small) {
        v = get_canonical(f, &k, 0);
        if (v < 0)
            v = mex_value(f, &big, &k);
        return v < 0 ? v : v != n;
    }
    v = get(f, &k, outcome_salt(n));
    if (v >= 0)
        return v;
    v = get_canonical(f, &k, 0);
    if (v >= 0)
        return v != n;
    v = get_canonical(f, &k, outcome_salt(n));
    if (v >= 0)
        return v;
    if (f->o->search == CY_SEARCH_DFPN && limit == UNLIMITED && __builtin_popcountll(largest) > fx_dfpn_edges(f))
        return dfpn_win(f, &big, n, &k); /* proof numbers instead of rounds */
    if (f->nodes >= limit)
        return OVER;
    int busy;
    mark m __attribute__((cleanup(unmark))) = claim(f, &k, n, &busy);
    if (busy && exclusive)
        return BUSY;
    int r = tick(f);
    if (r < 0)
        return r;
    uint64_t before = done(f);

    /* the moves of the big component, in order (order_moves), a move the
     * table shows to win at once */
    int dart[2 * SG_MAXE], score[2 * SG_MAXE];
    int nm = order_moves(f, &big, n, dart, score);
    int result = 0, best = -1; /* best: the winning dart, kept in the table */
    if (nm < 0) {
        result = 1;
        best = -1 - nm;
        nm = 0;
    }
    sg child;
    /* the moves on the nim-heap come last, but for those whose answer the
     * table holds under big's labelled key: big + *j lost for its mover
     * wins at once, won is never worth trying */
    for (int j = 0; j < n && !result; j++) {
        int o = get(f, &k, outcome_salt(j));
        if (o == 0)
            result = 1;
        else if (o < 0) {
            score[nm] = 0;
            dart[nm++] = -1 - j;
        }
    }
    if (result)
        nm = 0;
    uint64_t first = first_allowance(f, n);
    for (uint64_t allow = first; nm && !result; allow = times(allow, ALLOWANCE_GROWTH)) {
        /* with other threads, each move but the first goes to whichever
         * thread comes to it first; a move another thread is searching is
         * put off to the end of the round (later[]), and then searched
         * whatever the other does: most often the table holds its answer by
         * then (claim()) */
        int open = 0, nlater = 0, later[2 * SG_MAXE], later_score[2 * SG_MAXE];
        for (int i = 0; i < nm + nlater && !result; i++) {
            int d = i < nm ? dart[i] : later[i - nm], sc = i < nm ? score[i] : later_score[i - nm];
            uint64_t a = allow;
            if (sc >> 27) /* a mirror reply: 4 to 256 times as much */
                a = times(allow, 4u << (trust(f, sc & 15) * 6 / 7));
            uint64_t lim = f->nodes < limit && a < limit - f->nodes ? f->nodes + a : limit;
            int w;
            f->exclusive = i > 0 && i < nm;
            if (d >= 0) {
                child = big;
                sg_play(f->sb, &child, d >> 1, d & 1);
                w = win(f, &child, n, lim);
            } else
                w = win(f, &big, -1 - d, lim);
            if (w == BUSY) {
                later_score[nlater] = sc;
                later[nlater++] = d;
                continue;
            }
            if (w == OVER || (w > 0 && f->nodes >= limit)) {
                if (f->nodes >= limit)
                    return OVER;
                score[open] = sc;
                dart[open++] = d; /* try again in the next round */
                continue;
            }
            if (w < 0)
                return w;
            if (sc >> 27)
                judged(f, sc & 15, !w); /* the reply won when its position is lost */
            if (!w) {
                result = 1;
                if (d >= 0) {
                    f->history[d]++;
                    best = d;
                }
            }
        }
        nm = open;
    }
    store(f, &k, outcome_salt(n), result, best, done(f) - before + 1);
    if (!result)
        store(f, &k, 0, n, -1, done(f) - before + 1); /* big + *n is a loss: its value is n */
    return result;
}

/* The value of the position g leaves (any number of components) when the
 * table holds the value of each of its components, under the labelled or
 * the canonical key; else -1. */
static int known_value(worker *f, const sg *g)
{
    uint64_t key[SG_MAXE][2], comp[SG_MAXE], kcomp[SG_MAXE];
    int parity, largest, nc = comp_keys(f, g, key, SG_MAXE, comp, kcomp, &parity, &largest);
    int x = parity;
    for (int i = 0; i < nc; i++) {
        int v = part_entry(f, g, key[i], comp[i], kcomp[i], 0, 1);
        if (v < 0)
            return -1;
        x ^= v;
    }
    return x;
}

/* The Grundy value of a large component g (k its keys) by mex pruning, the
 * method of Beling and Rogalski ("On pruning search trees of impartial
 * games", Artificial Intelligence 283, 2020); top as comp_value_of.
 *
 * g's value is the mex of its options' values, so it is one of the
 * candidates 0..m, m the number of options (m options leave out at least
 * one of m + 1 values), and a candidate drops out as soon as one option is
 * found to have it: the set shrinks, and an option is never asked its exact
 * value, only whether its value is the candidate tried.  First every option
 * whose value the table holds, under either key, takes its value out of the
 * set at no search.  Then the candidates are tried one at a time, the least
 * first (aspiration: each trial is one outcome search of a child, and the
 * least candidate is g's value unless an option has it): an option o has
 * value c exactly when o + *c is lost for the player to move (win()); an
 * option found to have c leaves the set with c and is not asked again, and
 * when no option has c, c is g's value.  The options are asked in the
 * order of order_moves() (which leaves out those the table shows not to
 * have c, and finds one the table shows to have it) and in rounds of
 * growing allowances, as win() searches its moves, so that an option
 * cheaply shown to have c spares the search of the others.
 *
 * Beyond c = 0, an option is first asked whether it is lost (o + *0, the
 * cheapest search there is): an option of value 0, a value already ruled
 * out, cannot have c, and so is closed without the question about c, whose
 * answer the search of o + *c would reach only through its move on the heap
 * to *0, tried after all of o's own moves.  The answer is kept for the later
 * candidates, and `solve` asks it of every move anyway when it judges them.
 * On grid:3x4 this cut the positions of `solve --no-theorems --no-replies`
 * by 18%, on wedge:5,7,9 by 11%, on grid:2x7 by 5% (docs/benchmarks.md).
 * Not where Theorem 6 applies (an involution is kept): there the search of
 * o + *1 has the theorem's strategy answers first (mirror_answer()), and
 * the question cost grid:3x4's `solve` 3.5% more positions than the rounds
 * (grid:2x7's 3.6% fewer); without it both search what the rounds do.
 *
 * Against the rounds of comp_value_of (g + *0, g + *1, ... searched whole)
 * the trials skip what a search of g + *c does besides: folding g, the
 * moves on the heap (their answers are the earlier trials) and a mirror's
 * answer at g itself; and the options known from the table under their
 * canonical keys, which the rounds' probes (labelled keys) miss. */
static int mex_search(worker *f, const sg *g, keys *k, int top)
{
    int r = tick(f);
    if (r < 0)
        return r;
    uint64_t before = done(f);
    int dart[2 * SG_MAXE], score[2 * SG_MAXE], m = legal_darts(f->sb, g, dart), nopt = 0;
    /* out[x]: candidate x is ruled out (an option has value x); closed:
     * the darts whose option's value is known */
    uint8_t out[2 * SG_MAXE + 2] = {0};
    uint64_t closed[2] = {0, 0}, won0[2] = {0, 0};
    sg child;
    for (int i = 0; i < m; i++) {
        child = *g;
        if (sg_play(f->sb, &child, dart[i] >> 1, dart[i] & 1))
            continue; /* a death move: no option */
        nopt++;
        int v = known_value(f, &child);
        if (v >= 0) {
            if (v < (int)sizeof out)
                out[v] = 1;
            closed[dart[i] >> 6] |= 1ull << (dart[i] & 63);
        }
    }
    int c = 0;
    for (;;) {
        while (out[c])
            c++;
        if (c >= nopt)
            break; /* options valued 0..c-1 all: the value is c, no option has it */
        if (top) {
            f->s->stage_edges = __builtin_popcountll(g->live);
            __atomic_store_n(&f->s->stage_n, c, __ATOMIC_RELAXED);
        }
        /* is c an option's value?  The options the table does not already
         * rule out, in order; a helper thread starts at another */
        int nm = order_moves(f, g, c, dart, score), found = -1;
        if (nm < 0) {
            found = -1 - nm;
            nm = 0;
        }
        int left = 0;
        for (int i = 0; i < nm; i++)
            if (!((closed[dart[i] >> 6] >> (dart[i] & 63)) & 1u)) {
                score[left] = score[i];
                dart[left++] = dart[i];
            }
        nm = left;
        if (f->id && nm > 1) {
            f->rng = f->rng * 1103515245u + 12345u;
            int at = (int)((f->rng >> 8) % (uint32_t)nm), d0 = dart[0], s0 = score[0];
            dart[0] = dart[at];
            score[0] = score[at];
            dart[at] = d0;
            score[at] = s0;
        }
        uint64_t first = !c && f->s->thm.n ? UNLIMITED : f->allowance;
        for (uint64_t allow = first; nm && found < 0; allow = times(allow, ALLOWANCE_GROWTH)) {
            int open = 0;
            for (int i = 0; i < nm && found < 0; i++) {
                uint64_t a = allow;
                if (score[i] >> 27) /* a mirror reply: 4 to 256 times as much */
                    a = times(allow, 4u << (trust(f, score[i] & 15) * 6 / 7));
                /* (the limit is set before the question below: after a dear
                 * answer to it, the option is put off to the next round,
                 * which measured better than a fresh allowance: grid:2x7
                 * 368937 positions against 386545, wedge:5,7,9 61038
                 * against 62233, grid:3x4 209958 against 208507) */
                uint64_t lim = a < UNLIMITED - f->nodes ? f->nodes + a : UNLIMITED;
                child = *g;
                sg_play(f->sb, &child, dart[i] >> 1, dart[i] & 1);
                f->exclusive = 0;
                if (c > 0 && !f->s->thm.n && !((won0[dart[i] >> 6] >> (dart[i] & 63)) & 1u)) {
                    /* first: is the option lost (value 0, ruled out)? */
                    int z = win(f, &child, 0, UNLIMITED);
                    if (z < 0)
                        return z;
                    if (!z) {
                        closed[dart[i] >> 6] |= 1ull << (dart[i] & 63);
                        continue;
                    }
                    won0[dart[i] >> 6] |= 1ull << (dart[i] & 63);
                }
                int w = win(f, &child, c, lim);
                if (w == OVER) {
                    score[open] = score[i];
                    dart[open++] = dart[i]; /* try again in the next round */
                    continue;
                }
                if (w < 0)
                    return w;
                if (score[i] >> 27)
                    judged(f, score[i] & 15, !w); /* the reply won when its position is lost */
                if (!w) {
                    found = dart[i];
                    f->history[found]++;
                }
            }
            nm = open;
        }
        if (found < 0)
            break; /* no option has value c: it is g's */
        out[c] = 1;
        closed[found >> 6] |= 1ull << (found & 63);
        /* g + *c is won by the move to that option: kept as the rounds keep
         * it, for move_to_value() */
        store(f, k, outcome_salt(c), 1, found, done(f) - before + 1);
    }
    store(f, k, 0, c, -1, done(f) - before + 1);
    return c;
}

/* A dart of c (one component) after which c + *t is a loss for the player
 * to move, so that c's value becomes t: into *dart.  Returns 1, 0 when c
 * has none (then c's value is below t, or c + *t is itself a loss), or a
 * negative code.  The dart that settled c + *t in the table is tried first;
 * the others in rounds of growing allowances, as win() does, so the moves
 * whose answer the table holds (under any key) cost nothing. */
static int move_to_value(worker *f, const sg *c, int t, int *dart)
{
    int d[2 * SG_MAXE], m = legal_darts(f->sb, c, d);
    sg child;
    if (__builtin_popcountll(c->live) <= f->small) {
        /* a small component: the values of its options by mex */
        for (int i = 0; i < m; i++) {
            child = *c;
            if (sg_play(f->sb, &child, d[i] >> 1, d[i] & 1))
                continue; /* a death move */
            int v = pos_value(f, &child);
            if (v < 0)
                return v;
            if (v == t) {
                *dart = d[i];
                return 1;
            }
        }
        return 0;
    }
    keys k;
    keys_of(f, c, &k);
    int best = -1, nm = 0; /* (no move with a packed outcome) */
    if (probe_as(f, k.l, outcome_salt(t), &best) == 1 && best >= 0) {
        for (int i = 0; i < m; i++)
            if (d[i] == best) { /* first: the dart that settled it */
                d[i] = d[0];
                d[0] = best;
            }
    }
    for (int i = 0; i < m; i++) {
        child = *c;
        if (sg_play(f->sb, &child, d[i] >> 1, d[i] & 1))
            continue; /* a death move */
        int rest;
        if (known(f, &child, t, &rest, 1) == 0) {
            *dart = d[i]; /* the table knows it wins, under some key */
            return 1;
        }
        d[nm++] = d[i];
    }
    for (uint64_t allow = f->allowance; nm; allow = times(allow, ALLOWANCE_GROWTH)) {
        int open = 0;
        for (int i = 0; i < nm; i++) {
            child = *c;
            sg_play(f->sb, &child, d[i] >> 1, d[i] & 1);
            int w = win(f, &child, t, allow == UNLIMITED ? UNLIMITED : f->nodes + allow);
            if (w == OVER) {
                d[open++] = d[i]; /* try again in the next round */
                continue;
            }
            if (w < 0)
                return w;
            if (!w) {
                *dart = d[i];
                return 1;
            }
        }
        nm = open;
    }
    return 0;
}

/* A winning move of g + *n for the player to move, into *move: a dart of
 * g, or -1 - m for the move on the heap to *m.  Returns 1, 0 when g + *n is
 * a loss, or a negative code.
 *
 * It is read from the search that proved the position rather than searched
 * anew: win() sees g + *n as its largest component against a heap that
 * holds the rest (fold()), and keeps with each won entry the dart that won
 * it; when that dart is not at hand (the entry came from an isomorphic
 * component, or the win was a move on the folded heap), the values of the
 * parts give the move by the rule of nim (Sprague-Grundy: a move of a part
 * of value x to x ^ T, where T is the XOR of all parts and x ^ T < x). */
static int find_move(worker *f, const sg *g, int n, int *move)
{
    sg big, other[SG_MAXE];
    uint64_t free_edges;
    int val[SG_MAXE], nother, heap;
    int has_big = fold(f, g, n, &big, &heap, other, val, &nother, &free_edges);
    if (has_big < 0)
        return has_big;
    int vbig = 0;
    if (has_big) {
        keys k;
        keys_of(f, &big, &k);
        vbig = lookup(f, &k, 0);
        if (vbig < 0 && __builtin_popcountll(big.live) > f->small) {
            int w = win(f, &big, heap, UNLIMITED);
            if (w <= 0)
                return w; /* a loss, or out of time */
            int r = move_to_value(f, &big, heap, move);
            if (r != 0)
                return r;
            /* won on the heap: big's value is below it (and in the table) */
        }
        if (vbig < 0)
            vbig = comp_value(f, &big);
        if (vbig < 0)
            return vbig;
    }
    int total = heap ^ vbig;
    if (!total)
        return 0;
    if ((n ^ total) < n) {
        *move = -1 - (n ^ total);
        return 1;
    }
    if (total == 1 && free_edges) {
        *move = 2 * __builtin_ctzll(free_edges);
        return 1;
    }
    for (int i = 0; i < nother; i++)
        if ((val[i] ^ total) < val[i])
            return move_to_value(f, &other[i], val[i] ^ total, move);
    return move_to_value(f, &big, vbig ^ total, move);
}

/* How many canonical keys each worker remembers: CKEYS, but for a solver
 * on a shared table (the census: one small board after another, each
 * search a few hundred positions), whose memory for them is cleared anew
 * for each board. */
static size_t ckeys(const fast *f)
{
    return f->o.table ? CKEYS_SHARED : CKEYS;
}

/* One search of a thread. */
typedef struct job {
    worker w;
    const sg *root; /* the positions (JOB_EACH: nroots of them) */
    int nroots;
    int kind; /* what to find (JOB_) */
    int result;
    int move;     /* JOB_MOVE: the winning dart */
    int *next;    /* JOB_EACH: the next position not yet taken */
    int *results; /* JOB_EACH: who wins each position */
    pthread_t thread;
} job;

/* Runs a job; but for JOB_EACH, the first job to finish stops the others. */
static void *run_job(void *arg)
{
    job *j = arg;
    if (j->kind == JOB_EACH) {
        j->result = 0;
        for (int i; j->result >= 0 && (i = __atomic_fetch_add(j->next, 1, __ATOMIC_RELAXED)) < j->nroots;)
            j->result = j->results[i] = win(&j->w, &j->root[i], 0, UNLIMITED);
        finish(j->w.s);
        return NULL;
    }
    j->w.top = j->kind == JOB_GRUNDY && j->w.id == 0;
    j->w.asked = j->kind == JOB_GRUNDY;
    j->result = j->kind == JOB_WINS   ? win(&j->w, j->root, 0, UNLIMITED)
                : j->kind == JOB_MOVE ? find_move(&j->w, j->root, 0, &j->move)
                                      : pos_value(&j->w, j->root);
    if (j->result != ABORTED)
        __atomic_store_n(&j->w.s->stop, 1, __ATOMIC_RELAXED);
    finish(j->w.s);
    return NULL;
}

/* A helper thread: a job, then nauty's per-thread workspace is freed. */
static void *run_helper(void *arg)
{
    run_job(arg);
    cy_nauty_thread_done();
    return NULL;
}

/* Searches board positions (n of them at marks, ne marks each; one but for
 * JOB_EACH) with all threads for what kind asks (JOB_); the answer of the
 * first to finish (and its move into *move, for JOB_MOVE; who wins each
 * position into results[], for JOB_EACH, a negative code for those not
 * judged), or a negative code. */
static int search(fast *f, const unsigned char *marks, int n, int kind, int *move, int *results, uint64_t keep)
{
    sg *g = cyi_xmalloc(sizeof(sg) * (size_t)n);
    for (int i = 0; i < n; i++) {
        sg_from_board(&f->sb, f->b, marks + (size_t)i * (size_t)f->b->ne, &g[i]);
        if (results)
            results[i] = CY_SOLVE_TIMEOUT;
        if (~keep) {
            /* only the edges of keep are played: keep must be a union of
             * components (every alive constraint's live edges in it or
             * out of it), so the part is a game of its own */
            uint64_t km = 0;
            for (uint64_t ks = g[i].alive; ks; ks &= ks - 1)
                if (f->sb.edges[__builtin_ctzll(ks)] & g[i].live & keep)
                    km |= 1ull << __builtin_ctzll(ks);
            g[i] = sg_part(&g[i], keep, km);
        }
    }
    f->start = cy_now();
    f->deadline = cyi_deadline(f->start, f->o.timeout, f->until);
    f->stop = 0;
    f->pausing = f->parked = f->finished = 0;
    f->workers = f->threads;
    f->stage_kind = kind;
    f->stage_n = f->stage_edges = 0;
    f->stage_next = 0;
    f->stage_of = n;
    memset(f->mirror_won, 0, sizeof f->mirror_won); /* each search learns anew */
    memset(f->mirror_lost, 0, sizeof f->mirror_lost);
    if (f->o.search == CY_SEARCH_DFPN && !f->dfpn) /* a sixteenth of the memory allowed */
        f->dfpn = dfpn_table_new((f->o.memory ? f->o.memory : cyi_physical_memory() / 4) / 16);
    if (!f->ckeys)
        f->ckeys = cyi_xcalloc((size_t)f->threads * ckeys(f), sizeof *f->ckeys);
    if (f->threads > 1 && !f->busy)
        f->busy = cyi_xcalloc(BUSY_SLOTS, sizeof *f->busy); /* (each search gives back every mark it made) */
    job *jobs = cyi_xcalloc((size_t)f->threads, sizeof *jobs);
    int started = 1;
    for (int i = 0; i < f->threads; i++) {
        worker *w = &jobs[i].w;
        w->s = f;
        w->sb = &f->sb;
        w->t = f->t;
        w->o = &f->o;
        w->id = i;
        w->small = f->small;
        w->ckeys = f->ckeys + (size_t)i * ckeys(f);
        w->ckmask = ckeys(f) - 1;
        w->allowance = f->o.no_rounds             ? UNLIMITED
                       : f->o.round_allowance > 0 ? (uint64_t)f->o.round_allowance
                                                  : FIRST_ALLOWANCE;
        w->rng = 0x9E3779B9u * (uint32_t)(i + 1);
        for (int d = 0; i && d < 2 * SG_MAXE; d++)
            w->history[d] = (w->rng = w->rng * 1103515245u + 12345u) >> 28;
        jobs[i].root = g;
        jobs[i].nroots = n;
        jobs[i].next = &f->stage_next;
        jobs[i].results = results;
        jobs[i].kind = kind;
    }
    for (int i = 1; i < f->threads; i++) {
        if (pthread_create(&jobs[i].thread, NULL, run_helper, &jobs[i]) != 0)
            break;
        started++;
    }
    for (int i = started; i < f->threads; i++)
        finish(f); /* threads that could not be made */
    run_job(&jobs[0]);
    int result = jobs[0].result, found = jobs[0].move;
    for (int i = 1; i < started; i++) {
        pthread_join(jobs[i].thread, NULL);
        if (result == ABORTED) {
            result = jobs[i].result;
            found = jobs[i].move;
        }
    }
    if (move)
        *move = found;
    for (int i = 0; i < f->threads; i++) {
        f->positions += jobs[i].w.pending;
        tt_count(f->t, &jobs[i].w.counts);
        if (kind == JOB_EACH && jobs[i].result < 0)
            result = jobs[i].result; /* out of time */
    }
    free(jobs);
    free(g);
    return result == ABORTED ? CY_SOLVE_TIMEOUT : result;
}

void fast_until(fast *f, double until)
{
    f->until = until;
}

cyi_progress_state *fast_progress(fast *f)
{
    return &f->progress;
}

int fast_grundy(fast *f, const unsigned char *mark)
{
    return search(f, mark, 1, JOB_GRUNDY, NULL, NULL, ~0ull);
}

int fast_grundy_part(fast *f, const unsigned char *mark, uint64_t keep)
{
    return search(f, mark, 1, JOB_GRUNDY, NULL, NULL, keep);
}

int fast_wins(fast *f, const unsigned char *mark)
{
    return search(f, mark, 1, JOB_WINS, NULL, NULL, ~0ull);
}

int fast_wins_each(fast *f, const unsigned char *marks, int n, int *results)
{
    int r = n > 0 ? search(f, marks, n, JOB_EACH, NULL, results, ~0ull) : 0;
    return r < 0 ? r : 0;
}

int fast_move(fast *f, const unsigned char *mark, int *dart)
{
    int move = -1, r = search(f, mark, 1, JOB_MOVE, &move, NULL, ~0ull);
    if (r == 1 && move < 0)
        r = 0; /* a move on a heap: there is none at the root (never) */
    if (r == 1)
        *dart = move;
    return r;
}

/* The doors of fast_internal.h to the engine's own functions, for the
 * searches written beside it (solver_dfpn.c). */
int fx_search(const worker *f)
{
    return f->o->search;
}
const sg_board *fx_board(const worker *f)
{
    return f->sb;
}
int fx_small(const worker *f)
{
    return f->small;
}

void fast_collect(fast *f, compdb_set *set, int edges)
{
    f->collect = set;
    f->collect_edges = edges;
    f->db = NULL;
}
int fx_tick(worker *f)
{
    return tick(f);
}
uint64_t fx_done(const worker *f)
{
    return done(f);
}
void fx_keys_of(const worker *f, const sg *g, keys *k)
{
    keys_of(f, g, k);
}
int fx_canonical(worker *f, keys *k)
{
    return canonical(f, k);
}
int fx_lookup(worker *f, keys *k, uint64_t salt)
{
    return lookup(f, k, salt);
}
int fx_get(worker *f, const keys *k, uint64_t salt)
{
    return get(f, k, salt);
}
void fx_store(worker *f, keys *k, uint64_t salt, int v, int move, uint64_t work)
{
    store(f, k, salt, v, move, work);
}
uint64_t fx_outcome_salt(int n)
{
    return outcome_salt(n);
}
int fx_mex_value(worker *f, const sg *g, keys *k)
{
    return mex_value(f, g, k);
}
int fx_order(worker *f, const sg *big, int n, int *dart, int *score)
{
    return order_moves(f, big, n, dart, score);
}
int fx_proved_value(const worker *f, const sg *g)
{
    return proved_value(f, g);
}
void fx_won(worker *f, int d)
{
    f->history[d]++;
}
int fx_dfpn_edges(const worker *f)
{
    return f->o->dfpn_edges > 0 ? f->o->dfpn_edges : DFPN_EDGES;
}
/* (a limit short of UNLIMITED: win() then never hands the search back to
 * df-pn) */
int fx_win_rounds(worker *f, const sg *big, int n, uint64_t budget)
{
    _Static_assert(OVER == FX_OVER, "fast_internal.h names OVER");
    return win(f, big, n, budget < UNLIMITED - 1 - f->nodes ? f->nodes + budget : UNLIMITED - 1);
}
dfpn_table *fx_dfpn_table(worker *f)
{
    return f->s->dfpn;
}
fx_mark fx_claim(worker *f, const keys *k, int n)
{
    int busy;
    return claim(f, k, n, &busy);
}
void fx_unmark(fx_mark *m)
{
    unmark(m);
}
int fx_marked(const worker *f, const keys *k, int n)
{
    return marked(f, k, n);
}

int fx_fold(worker *f, const sg *g, int n, sg *big, int *heap)
{
    sg other[SG_MAXE];
    uint64_t free_edges;
    int val[SG_MAXE], nother;
    return fold(f, g, n, big, heap, other, val, &nother, &free_edges);
}
