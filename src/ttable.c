/*
 * ttable.c - a lock-free transposition table (the XOR trick of Hyatt's
 * chess programs): each entry is two words, check = key0 ^ data and data,
 * written and read with relaxed atomics, so a torn entry fails its check and
 * reads as a miss.  Buckets of four entries fill one cache line; a full bucket
 * replaces the entry that took the least work to compute.
 */
#include "ttable.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define WAYS 4

typedef struct entry {
    uint64_t check, data; /* data: key1 high 48 bits | work class << 8 | value */
} entry;

struct tt {
    entry *e;
    void *block;          /* the mapping e lives in */
    size_t bytes;
    size_t nbuckets;      /* a power of two */
    uint64_t probes, hits, stores, replaced, used; /* updated with relaxed atomics */
};

#define KEY_MASK 0xFFFFFFFFFFFF0000ull

tt *tt_new(size_t bytes)
{
    size_t nb = 1;
    while (nb * 2 * WAYS * sizeof(entry) <= bytes)
        nb *= 2;
    tt *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    /* fresh anonymous pages are zero and mapped lazily, so memory is touched
     * only as the table fills */
    t->bytes = nb * WAYS * sizeof(entry);
    t->block = mmap(NULL, t->bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (t->block == MAP_FAILED) {
        free(t);
        return NULL;
    }
#ifdef MADV_HUGEPAGE
    /* large pages: far fewer page faults and TLB misses as the table fills
     * (only advice: without them the table works the same) */
    madvise(t->block, t->bytes, MADV_HUGEPAGE);
#endif
    t->e = t->block;
    t->nbuckets = nb;
    return t;
}

void tt_free(tt *t)
{
    if (t) {
        munmap(t->block, t->bytes);
        free(t);
    }
}

static inline uint64_t load(const uint64_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static inline void store(uint64_t *p, uint64_t v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
/* Counts for the statistics: atomic but not locked, so threads may lose a
 * few counts between them (the figures are for reading, not for deciding). */
static inline void bump(uint64_t *p) { __atomic_store_n(p, __atomic_load_n(p, __ATOMIC_RELAXED) + 1, __ATOMIC_RELAXED); }

int tt_get(tt *t, const uint64_t key[2])
{
    entry *b = t->e + (key[1] & (t->nbuckets - 1)) * WAYS;
    bump(&t->probes);
    for (int i = 0; i < WAYS; i++) {
        uint64_t data = load(&b[i].data), check = load(&b[i].check);
        if (data && (check ^ data) == key[0] && (data & KEY_MASK) == (key[1] & KEY_MASK)) {
            bump(&t->hits);
            return (int)(data & 0xFF);
        }
    }
    return -1;
}

/* A work count as a small class: its bit length. */
static inline uint64_t work_class(uint64_t work) { return work ? 64u - (uint64_t)__builtin_clzll(work) : 0; }

void tt_put(tt *t, const uint64_t key[2], int value, uint64_t work)
{
    entry *b = t->e + (key[1] & (t->nbuckets - 1)) * WAYS;
    uint64_t data = (key[1] & KEY_MASK) | work_class(work) << 8 | (uint64_t)(value & 0xFF);
    int victim = -1, cheapest = 0;
    uint64_t least = UINT64_MAX;
    for (int i = 0; i < WAYS && victim < 0; i++) {
        uint64_t d = load(&b[i].data);
        if (!d) {
            victim = i;
            bump(&t->used);
        } else if ((load(&b[i].check) ^ d) == key[0] && (d & KEY_MASK) == (key[1] & KEY_MASK)) {
            victim = i;
        } else if (((d >> 8) & 0xFF) < least) {
            least = (d >> 8) & 0xFF;
            cheapest = i;
        }
    }
    if (victim < 0) {
        victim = cheapest;
        bump(&t->replaced);
    }
    bump(&t->stores);
    store(&b[victim].check, key[0] ^ data);
    store(&b[victim].data, data);
}

void tt_stats_get(const tt *t, tt_stats *st)
{
    st->probes = t->probes;
    st->hits = t->hits;
    st->stores = t->stores;
    st->replaced = t->replaced;
    st->entries = (size_t)t->used;
    st->capacity = t->nbuckets * WAYS;
    st->bytes = t->nbuckets * WAYS * sizeof(entry);
}
