/*
 * ttable.c - a lock-free transposition table (the XOR trick of Hyatt's
 * chess programs): each entry is two words, check = key0 ^ data and data,
 * written and read with relaxed atomics, so a torn entry fails its check and
 * reads as a miss.  Buckets of four entries fill one cache line; a full bucket
 * replaces the entry that took the least work to compute.
 *
 * A growing table starts small and doubles in place as it fills, up to its
 * bound: on machines where first touching a page is dear, a table the size of
 * the search costs far less than a sparse huge one.  A bucket's index is read
 * from bits that each entry keeps, so doubling splits every bucket into
 * itself and its twin in the new half, and the mapping grows with mremap,
 * without a copy.  Its users double it (tt_grow) when it asks for room, at a
 * moment when no thread is using it.
 */
#define _GNU_SOURCE /* mremap */
#include "ttable.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define WAYS 4
/* The size a growing table starts at. */
#define START_BYTES ((size_t)1 << 22)

typedef struct entry {
    uint64_t check, data; /* data: key1 high 40 bits | move << 16 | work class << 8 | value */
} entry;

/* The counters are written by every thread and have a cache line of their
 * own, apart from the fields every probe reads: sharing one line made each
 * store of one thread a cache miss for the others' probes. */
struct tt {
    entry *e;
    size_t bytes;         /* of the mapping e */
    size_t max_bytes;     /* what it may grow to */
    size_t nbuckets;      /* a power of two */
    int grow;
    _Alignas(64) uint64_t probes, hits, stores, replaced, used; /* updated with relaxed atomics */
    uint64_t replaced_at_grow;
};

#define KEY_MASK 0xFFFFFFFFFF000000ull
#define KEY_SHIFT 24

/* The bucket of a key: from bits of key1 that the entry keeps. */
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
    /* half full, or an eighth of it given up to make room */
    uint64_t cap = (uint64_t)t->nbuckets * WAYS;
    uint64_t used = __atomic_load_n(&t->used, __ATOMIC_RELAXED);
    uint64_t replaced = __atomic_load_n(&t->replaced, __ATOMIC_RELAXED);
    return used * 2 > cap || (replaced - t->replaced_at_grow) * 8 > cap;
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
    /* each entry of bucket i stays or moves to its twin i + old, which is
     * fresh and so has room for all of them */
    for (size_t i = 0; i < old; i++) {
        entry *b = t->e + i * WAYS, *twin = t->e + (i + old) * WAYS;
        int k = 0;
        for (int w = 0; w < WAYS; w++)
            if (b[w].data && ((b[w].data >> KEY_SHIFT) & old)) {
                twin[k++] = b[w];
                b[w].check = b[w].data = 0;
            }
    }
}

static inline uint64_t load(const uint64_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static inline void store(uint64_t *p, uint64_t v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }

int tt_probe(tt *t, const uint64_t key[2], int *move)
{
    entry *b = bucket(t, key[1]);
    for (int i = 0; i < WAYS; i++) {
        uint64_t data = load(&b[i].data), check = load(&b[i].check);
        if (data && (check ^ data) == key[0] && (data & KEY_MASK) == (key[1] & KEY_MASK)) {
            if (move)
                *move = (int)((data >> 16) & 0xFF) - 1;
            return (int)(data & 0xFF);
        }
    }
    return -1;
}

int tt_get(tt *t, const uint64_t key[2]) { return tt_probe(t, key, NULL); }

void tt_prefetch(const tt *t, const uint64_t key[2]) { __builtin_prefetch(bucket(t, key[1])); }

void tt_count(tt *t, tt_counts *c)
{
    __atomic_fetch_add(&t->probes, c->probes, __ATOMIC_RELAXED);
    __atomic_fetch_add(&t->hits, c->hits, __ATOMIC_RELAXED);
    __atomic_fetch_add(&t->stores, c->stores, __ATOMIC_RELAXED);
    __atomic_fetch_add(&t->used, c->fresh, __ATOMIC_RELAXED);
    __atomic_fetch_add(&t->replaced, c->replaced, __ATOMIC_RELAXED);
    memset(c, 0, sizeof *c);
}

/* A work count as a small class: its bit length. */
static inline uint64_t work_class(uint64_t work) { return work ? 64u - (uint64_t)__builtin_clzll(work) : 0; }

int tt_put(tt *t, const uint64_t key[2], int value, int move, uint64_t work)
{
    entry *b = bucket(t, key[1]);
    uint64_t data = (key[1] & KEY_MASK) | (uint64_t)((move + 1) & 0xFF) << 16 | work_class(work) << 8 |
                    (uint64_t)(value & 0xFF);
    int victim = -1, cheapest = 0, fresh = 0;
    uint64_t least = UINT64_MAX;
    for (int i = 0; i < WAYS && victim < 0; i++) {
        uint64_t d = load(&b[i].data);
        if (!d) {
            victim = i;
            fresh = 1;
        } else if ((load(&b[i].check) ^ d) == key[0] && (d & KEY_MASK) == (key[1] & KEY_MASK)) {
            victim = i;
        } else if (((d >> 8) & 0xFF) < least) {
            least = (d >> 8) & 0xFF;
            cheapest = i;
        }
    }
    int what = fresh ? TT_FRESH : TT_SAME;
    if (victim < 0) {
        victim = cheapest;
        what = TT_REPLACED;
    }
    store(&b[victim].check, key[0] ^ data);
    store(&b[victim].data, data);
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
