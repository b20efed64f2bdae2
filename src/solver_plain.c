/*
 * solver_plain.c - the plain memoised solver: Grundy values of the normal-play game
 * (legal moves that are not death moves, paper 001 section 1) by depth-first
 * search with a table of every position met.  Simple on purpose: it is the
 * reference the faster solvers are checked against.
 */
#include "engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define EMPTY 0xFF

struct plain {
    const cy_board *b;
    cy_solver_opts opts;
    /* open-addressing table: keys are (marked edges, edges marked backward) */
    uint64_t *kmark, *kdir;
    unsigned char *val;
    size_t cap, used, limit;  /* limit: the most slots memory allows */
    cy_solver_stats st;
    double start, deadline, until;
    cy_progress_state progress;
    int *movebuf;             /* 2*ne moves per depth */
    unsigned char *mark;      /* working position */
};

/* Bytes a table slot takes. */
static size_t slot_bytes(void) { return 2 * sizeof(uint64_t) + 1; }

/* Frees a table of cap slots that starts at kmark (table_alloc). */
static void table_unmap(uint64_t *kmark, size_t cap)
{
    if (kmark)
        munmap(kmark, cap * slot_bytes());
}

/* Gives s an empty table of cap slots (a power of two), in one mapping of
 * its own: a table freed when it doubles goes back to the system at once
 * (from malloc's heap it could stay, and the process outgrow --memory). */
static void table_alloc(plain *s, size_t cap)
{
    void *m = mmap(NULL, cap * slot_bytes(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) {
        fputs("cycles: out of memory\n", stderr);
        abort();
    }
    s->kmark = m;
    s->kdir = s->kmark + cap;
    s->val = (unsigned char *)(s->kdir + cap);
    memset(s->val, EMPTY, cap);
    s->cap = cap;
    s->used = 0;
    s->st.memory = cap * slot_bytes();
}

plain *plain_new(const cy_board *b, const cy_solver_opts *o, cy_error *err)
{
    if (b->ne > CY_PLAIN_MAX_EDGES)
        return cy_error_set(err, "the board has %d edges; this solver handles at most %d", b->ne,
                            CY_PLAIN_MAX_EDGES), NULL;
    plain *s = cy_xcalloc(1, sizeof *s);
    s->b = b;
    s->progress.born = cy_now();
    if (o)
        s->opts = *o;
    size_t mem = s->opts.memory ? s->opts.memory : cy_physical_memory() / 4;
    /* --memory bounds the process: the tables get what the process does
     * not hold already, less a sixteenth, but at least half the bound (a
     * program holding other solvers still gets a table); the last doubling
     * holds the old table and the new one at once, 1.5 times the table */
    if (s->opts.memory) {
        size_t used = cy_resident_memory() + mem / 16;
        mem -= used < mem / 2 ? used : mem / 2;
    }
    if (mem < (1u << 20))
        mem = 1u << 20;
    s->limit = 1;
    while (s->limit * 2 * slot_bytes() * 3 / 2 <= mem)
        s->limit *= 2;
    table_alloc(s, s->limit < (1u << 16) ? s->limit : (1u << 16));
    s->movebuf = cy_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1) * (size_t)(b->ne + 1));
    s->mark = cy_xcalloc((size_t)b->ne + 1, 1);
    return s;
}

void plain_free(plain *s)
{
    if (!s)
        return;
    table_unmap(s->kmark, s->cap);
    free(s->movebuf);
    free(s->mark);
    free(s);
}

void plain_stats(const plain *s, cy_solver_stats *st)
{
    *st = s->st;
    st->stored = s->used;
}

/* The home slot of a key. */
static inline size_t slot_of(uint64_t km, uint64_t kd, size_t cap)
{
    uint64_t h = km * 0x9E3779B97F4A7C15ull ^ (kd + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    return (size_t)h & (cap - 1);
}

/* Finds the slot of a key: its own or the empty one where it belongs. */
static size_t probe(const plain *s, uint64_t km, uint64_t kd)
{
    size_t i = slot_of(km, kd, s->cap);
    while (s->val[i] != EMPTY && (s->kmark[i] != km || s->kdir[i] != kd))
        i = (i + 1) & (s->cap - 1);
    return i;
}

/* Doubles the table; returns 0, or -1 when memory does not allow it. */
static int grow(plain *s)
{
    if (s->cap >= s->limit)
        return -1;
    uint64_t *km = s->kmark, *kd = s->kdir;
    unsigned char *val = s->val;
    size_t cap = s->cap;
    table_alloc(s, cap * 2);
    for (size_t i = 0; i < cap; i++)
        if (val[i] != EMPTY) {
            size_t j = probe(s, km[i], kd[i]);
            s->kmark[j] = km[i];
            s->kdir[j] = kd[i];
            s->val[j] = val[i];
            s->used++;
        }
    table_unmap(km, cap);
    return 0;
}

/* Shows the progress line if it is time. */
static void report(plain *s)
{
    cy_solver_stats st;
    plain_stats(s, &st);
    cy_progress(&s->opts, &s->progress, 0, &st, s->cap);
}

/* The Grundy value of s->mark at the given depth, or a negative code. */
static int grundy(plain *s, int depth)
{
    const cy_board *b = s->b;
    uint64_t km = 0, kd = 0;
    for (int e = 0; e < b->ne; e++) {
        if (s->mark[e] != CY_UNMARKED)
            km |= 1ull << e;
        if (s->mark[e] == CY_BWD)
            kd |= 1ull << e;
    }
    size_t i = probe(s, km, kd);
    if (s->val[i] != EMPTY) {
        s->st.hits++;
        return s->val[i];
    }
    if ((++s->st.positions & 4095) == 0) {
        if (s->deadline > 0 && cy_now() > s->deadline)
            return CY_SOLVE_TIMEOUT;
        report(s);
    }
    int *moves = s->movebuf + (size_t)depth * (size_t)(2 * b->ne + 1);
    int n = cy_rules_safe(b, s->mark, moves);
    uint64_t seen[3] = {0, 0, 0}; /* values up to 2*64 */
    for (int k = 0; k < n; k++) {
        int e = cy_dart_edge(moves[k]);
        s->mark[e] = (unsigned char)cy_dart_mark(moves[k]);
        int g = grundy(s, depth + 1);
        s->mark[e] = CY_UNMARKED;
        if (g < 0)
            return g;
        seen[g >> 6] |= 1ull << (g & 63);
    }
    int g = 0;
    while (seen[g >> 6] & (1ull << (g & 63)))
        g++;
    if (s->used * 2 >= s->cap) {
        if (grow(s) < 0)
            return CY_SOLVE_MEMORY;
    }
    i = probe(s, km, kd);
    s->kmark[i] = km;
    s->kdir[i] = kd;
    s->val[i] = (unsigned char)g;
    s->used++;
    return g;
}

void plain_until(plain *s, double until) { s->until = until; }

cy_progress_state *plain_progress(plain *s) { return &s->progress; }

int plain_grundy(plain *s, const unsigned char *mark)
{
    s->start = cy_now();
    s->deadline = cy_deadline(s->start, s->opts.timeout, s->until);
    memcpy(s->mark, mark, (size_t)s->b->ne);
    int g = grundy(s, 0);
    s->st.seconds = cy_now() - s->start;
    return g;
}
