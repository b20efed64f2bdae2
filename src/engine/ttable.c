/*
 * ttable.c - a lock-free transposition table: each entry is one word (a
 * fragment of the key, the value, the move and a work class), written and
 * read with relaxed atomics, so no reader sees a torn entry.  Buckets of
 * eight entries fill one cache line; a full bucket keeps the entries that
 * took most work to compute in six of its ways and the latest in the other
 * two (place).
 *
 * A growing table starts small and doubles in place as it fills, up to its
 * bound: on machines where first touching a page is dear, a table the size of
 * the search costs far less than a sparse huge one.  A bucket's index is read
 * from bits of the key that an entry does not keep, so doubling copies every
 * bucket into its twin in the new half (each entry is found in the one its
 * key names; the other copy is given up in time), and the mapping grows with
 * mremap.  Its users double it (tt_grow) when it asks for room, at a moment
 * when no thread is using it.
 */
#define _GNU_SOURCE /* mremap */
#include "ttable.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define WAYS 8
/* The size a growing table starts at. */
#define START_BYTES ((size_t)1 << 22)

/* An entry is one word, read and written whole with relaxed atomics, so no
 * thread ever sees half of another's store: bits 63..18 a fragment of the
 * key (46 bits of a hash of both words), bit 17 COPY (see tt_grow), bits
 * 16..9 the move + 1, bits 8..5 a work class, bits 4..0 the value + 1 (0
 * marks a free entry).  Eight entries fill a cache line, twice as many a
 * byte as with the two words of a key and data of before.  The price is
 * the check: a probe compares 46 bits of the key against the (at most 8)
 * entries of its bucket, so a key never stored is taken for one stored
 * with a chance of at most 8 / 2^46 (1.1e-13) a probe, against 4 / 2^104
 * when each entry kept 104 bits.
 *
 * An entry whose value bits are 0 and whose word is not (bits 16..9 not
 * all 0) is a set of outcomes instead (tt_put_win): bit 9 + n set says that
 * the key's component K, played beside a nim-heap *n (n < TT_HEAPS), is
 * won by the player to move, i.e. K's value is not n.  One entry so holds
 * what took up to TT_HEAPS entries of their own; a loss against *n is K's
 * value, n, which the value entry holds.  A key has at most one entry of
 * either kind: a value, once known, takes the place of its key's set (it
 * says every outcome), and a set is not written over its key's value. */
typedef struct entry {
    uint64_t w;
} entry;

#define FRAG_SHIFT 18
#define FRAG_MASK (~(((uint64_t)1 << FRAG_SHIFT) - 1))
/* An entry copied by a doubling and not found by a probe since. */
#define COPY ((uint64_t)1 << 17)
#define VALUE_MAX 30 /* larger values are not stored (a miss: searched again) */

/* The fragment of a key an entry keeps: 46 bits of a mix of both words, in
 * which every bit of either counts (XOR-shifts and odd multipliers are
 * one-to-one), so keys differing only in key[0] (an entry's salt), which
 * share a bucket, have fragments that differ but by chance (2^-46). */
static inline uint64_t fragment(const uint64_t key[2])
{
    uint64_t x = key[0] ^ (key[1] * 0x9E3779B97F4A7C15ull) ^ (key[1] >> 29);
    x ^= x >> 32;
    x *= 0xD6E8FEB86659FD93ull;
    x ^= x >> 29;
    return x & FRAG_MASK;
}

/* The counters are written by every thread and have a cache line of their
 * own, apart from the fields every probe reads: sharing one line made each
 * store of one thread a cache miss for the others' probes. */
struct tt {
    entry *e;
    size_t bytes;     /* of the mapping e */
    size_t max_bytes; /* what it may grow to */
    size_t nbuckets;  /* a power of two */
    int grow;
    _Alignas(64) uint64_t probes, hits, stores, replaced, used; /* updated with relaxed atomics */
    uint64_t replaced_at_grow;
};

#define KEY_SHIFT 24

/* The bucket of a key: from bits of key1 alone. */
static inline entry *bucket(const tt *t, uint64_t key1)
{
    return t->e + ((key1 >> KEY_SHIFT) & (t->nbuckets - 1)) * WAYS;
}

/* Asks for large pages for a range: far fewer page faults and TLB misses
 * (only advice: without them the table works the same). */
static void large_pages(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE);
#else
    (void)p;
    (void)bytes;
#endif
}

tt *tt_new(size_t bytes, int grow)
{
    size_t nb = 1;
    while (nb * 2 * WAYS * sizeof(entry) <= bytes)
        nb *= 2;
    tt *t = aligned_alloc(_Alignof(tt), sizeof *t); /* a size that is a multiple of the alignment */
    if (!t)
        return NULL;
    memset(t, 0, sizeof *t);
    t->max_bytes = nb * WAYS * sizeof(entry);
    t->grow = grow;
    if (grow)
        while (nb > 1 && nb * WAYS * sizeof(entry) > START_BYTES)
            nb /= 2;
    /* fresh anonymous pages are zero and mapped lazily, so memory is touched
     * only as the table fills */
    t->bytes = nb * WAYS * sizeof(entry);
    void *block = mmap(NULL, t->bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (block == MAP_FAILED) {
        free(t);
        return NULL;
    }
    large_pages(block, t->bytes);
    t->e = block;
    t->nbuckets = nb;
    return t;
}

void tt_free(tt *t)
{
    if (t) {
        munmap(t->e, t->bytes);
        free(t);
    }
}

int tt_needs_room(const tt *t)
{
    if (!t->grow || 2 * t->bytes > t->max_bytes)
        return 0;
    /* a quarter full (as many entries as filled half of a table of the
     * 16-byte entries of before: at half full, growing later, searches
     * repeated more, bench/lean_table.sh), or an eighth of it given up to
     * make room */
    uint64_t cap = (uint64_t)t->nbuckets * WAYS;
    uint64_t used = __atomic_load_n(&t->used, __ATOMIC_RELAXED);
    uint64_t replaced = __atomic_load_n(&t->replaced, __ATOMIC_RELAXED);
    return used * 4 > cap || (replaced - t->replaced_at_grow) * 8 > cap;
}

void tt_grow(tt *t)
{
    t->replaced_at_grow = t->replaced;
    void *block = mremap(t->e, t->bytes, 2 * t->bytes, MREMAP_MAYMOVE);
    if (block == MAP_FAILED) {
        t->grow = 0;
        return;
    }
    large_pages(block, 2 * t->bytes);
    t->e = block;
    size_t old = t->nbuckets;
    t->nbuckets *= 2;
    t->bytes *= 2;
    /* an entry does not keep the bit of its key that now tells bucket i
     * from its twin i + old, so it goes to both, marked COPY: a probe finds
     * it in its own bucket and takes the mark off there, and the copy in
     * the other, under a fragment no key of that bucket is likely to have,
     * keeps its mark, which a full bucket gives up first (tt_put) */
    for (size_t i = 0; i < old; i++) {
        entry *b = t->e + i * WAYS, *twin = t->e + (i + old) * WAYS;
        for (int w = 0; w < WAYS; w++) {
            if (b[w].w)
                b[w].w |= COPY;
            twin[w] = b[w];
        }
    }
}

static inline uint64_t load(const uint64_t *p)
{
    return __atomic_load_n(p, __ATOMIC_RELAXED);
}
static inline void store(uint64_t *p, uint64_t v)
{
    __atomic_store_n(p, v, __ATOMIC_RELAXED);
}

/* The word of key's entry, or 0 when its bucket holds none.  An entry
 * found that was a doubling's copy becomes its bucket's own (it is asked
 * for: no longer a mere copy). */
static inline uint64_t find(tt *t, const uint64_t key[2])
{
    entry *b = bucket(t, key[1]);
    uint64_t f = fragment(key);
    for (int i = 0; i < WAYS; i++) {
        uint64_t w = load(&b[i].w);
        if (w && (w & FRAG_MASK) == f) {
            if (w & COPY)
                __atomic_compare_exchange_n(&b[i].w, &w, w & ~COPY, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
            return w;
        }
    }
    return 0;
}

int tt_probe(tt *t, const uint64_t key[2], int *move)
{
    uint64_t w = find(t, key);
    if (!(w & 0x1F))
        return -1; /* none, or a set of outcomes: the value is not known */
    if (move)
        *move = (int)((w >> 9) & 0xFF) - 1;
    return (int)(w & 0x1F) - 1;
}

int tt_get(tt *t, const uint64_t key[2])
{
    return tt_probe(t, key, NULL);
}

void tt_prefetch(const tt *t, const uint64_t key[2])
{
    __builtin_prefetch(bucket(t, key[1]));
}

void tt_count(tt *t, tt_counts *c)
{
    __atomic_fetch_add(&t->probes, c->probes, __ATOMIC_RELAXED);
    __atomic_fetch_add(&t->hits, c->hits, __ATOMIC_RELAXED);
    __atomic_fetch_add(&t->stores, c->stores, __ATOMIC_RELAXED);
    __atomic_fetch_add(&t->used, c->fresh, __ATOMIC_RELAXED);
    __atomic_fetch_add(&t->replaced, c->replaced, __ATOMIC_RELAXED);
    memset(c, 0, sizeof *c);
}

/* A work count as a class of four bits: half its bit length, at most 15
 * (work of 2^30 positions and more all counts alike). */
static inline uint64_t work_class(uint64_t work)
{
    unsigned bits = work ? 64u - (unsigned)__builtin_clzll(work) : 0;
    return bits / 2 < 15 ? bits / 2 : 15;
}

/* A full bucket is two tiers: ways 0..DEEP-1 keep the entries that cost
 * most, the others whatever came last.  A newcomer that cost as much as
 * the cheapest entry of the first tier or more takes that one's place; any
 * other takes its slot in the second tier (read from its fragment), over
 * whatever is there: recent entries, which the search is about to ask
 * for again, always find room, and many cheap ones cannot push out the
 * dear.  Measured against giving up the cheapest entry of the bucket
 * (before), always the newcomer's slot, and tiers of 2 + 6, 4 + 4 and 4 + 4
 * with the first tier's loser moved down to the second: bench/lean_table.sh
 * in docs/benchmarks.md. */
#define DEEP 6

/* The way of bucket b an entry of fragment f and work class cls goes to:
 * its key's own entry (*what TT_SAME, *had its word), else a free one
 * (TT_FRESH), else a copy a doubling left that no probe has found in its
 * own bucket (TT_FRESH: most often the twin of an entry in its own bucket,
 * so its place counts as free, or the copies would make the table ask for
 * room, tt_needs_room, as if it were full), else the one the tiers give up
 * (TT_REPLACED). */
static int place(entry *b, uint64_t f, uint64_t cls, int *what, uint64_t *had)
{
    int victim = -1, deep = 0;
    uint64_t least = UINT64_MAX;
    for (int i = 0; i < WAYS; i++) {
        uint64_t d = load(&b[i].w);
        if (!d || (d & FRAG_MASK) == f) {
            *what = d ? TT_SAME : TT_FRESH;
            *had = d;
            return i;
        }
        if (victim < 0 && (d & COPY))
            victim = i;
        if (i < DEEP && ((d >> 5) & 15) < least) {
            least = (d >> 5) & 15;
            deep = i;
        }
    }
    if (victim < 0)
        victim = least <= cls ? deep : DEEP + (int)((f >> FRAG_SHIFT) % (WAYS - DEEP));
    *had = load(&b[victim].w);
    *what = *had & COPY ? TT_FRESH : TT_REPLACED;
    return victim;
}

int tt_put(tt *t, const uint64_t key[2], int value, int move, uint64_t work)
{
    if (value < 0 || value > VALUE_MAX)
        return TT_SAME; /* not kept: it will be searched again if asked */
    entry *b = bucket(t, key[1]);
    uint64_t f = fragment(key), cls = work_class(work), had;
    int what, i = place(b, f, cls, &what, &had);
    store(&b[i].w, f | (uint64_t)((move + 1) & 0xFF) << 9 | cls << 5 | (uint64_t)(value + 1));
    return what;
}

int tt_outcome(tt *t, const uint64_t key[2], int n)
{
    if (n < 0 || n >= TT_HEAPS)
        return -1;
    uint64_t w = find(t, key);
    if (!w)
        return -1;
    if (w & 0x1F) /* the value v: a loss against *v, a win against any other heap */
        return (int)(w & 0x1F) - 1 != n;
    return w >> (9 + n) & 1 ? 1 : -1;
}

int tt_put_win(tt *t, const uint64_t key[2], int n, uint64_t work)
{
    if (n < 0 || n >= TT_HEAPS)
        return TT_SAME;
    entry *b = bucket(t, key[1]);
    uint64_t f = fragment(key), cls = work_class(work), had;
    int what, i = place(b, f, cls, &what, &had);
    if (what == TT_SAME) {
        if (had & 0x1F)
            return TT_SAME; /* the key's value is known: it says more */
        /* the key's set: one more heap, the larger work class (a thread's
         * store meanwhile may be lost, never made wrong: the word written
         * is still a true set of the key's) */
        uint64_t c = (had >> 5) & 15;
        store(&b[i].w, (had & ~((uint64_t)15 << 5) & ~COPY) | (uint64_t)1 << (9 + n) | (c > cls ? c : cls) << 5);
        return TT_SAME;
    }
    store(&b[i].w, f | (uint64_t)1 << (9 + n) | cls << 5);
    return what;
}

void tt_stats_get(const tt *t, tt_stats *st)
{
    st->probes = load(&t->probes);
    st->hits = load(&t->hits);
    st->stores = load(&t->stores);
    st->replaced = load(&t->replaced);
    st->entries = (size_t)load(&t->used);
    st->capacity = t->nbuckets * WAYS;
    st->bytes = t->bytes;
}
