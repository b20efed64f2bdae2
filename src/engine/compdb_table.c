/*
 * compdb_table.c - the component database as the fast engine reads it: the
 * database in use, the lookup of a canonical key in the mapped entries, and
 * the set of values a build collects (compdb_table.h).
 */
#include "compdb_table.h"

#include <endian.h>
#include <stdlib.h>

#include "internal.h"
#include "subgame.h"

static cy_compdb *current;

void cy_compdb_use(cy_compdb *db)
{
    __atomic_store_n(&current, db, __ATOMIC_RELEASE);
}

const cy_compdb *compdb_current(void)
{
    return __atomic_load_n(&current, __ATOMIC_ACQUIRE);
}

int compdb_edges(const cy_compdb *db)
{
    return db->edges;
}

void cy_compdb_stats(const cy_compdb *db, uint64_t *lookups, uint64_t *hits)
{
    *lookups = __atomic_load_n(&db->lookups, __ATOMIC_RELAXED);
    *hits = __atomic_load_n(&db->hits, __ATOMIC_RELAXED);
}

int compdb_get(const cy_compdb *db, const uint64_t key[2])
{
    cy_compdb *w = (cy_compdb *)db; /* the counters only */
    __atomic_fetch_add(&w->lookups, 1, __ATOMIC_RELAXED);
    uint64_t k1 = key[1] >> VALUE_BITS;
    /* the keys are hashes, spread evenly: bisect key[0]'s bucket */
    uint64_t b = bucket(db, key[0]), lo = db->index[b], hi = db->index[b + 1];
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        uint64_t m0 = le64toh(db->body[2 * mid]), m1 = le64toh(db->body[2 * mid + 1]);
        if (m0 < key[0] || (m0 == key[0] && (m1 >> VALUE_BITS) < k1))
            lo = mid + 1;
        else if (m0 == key[0] && (m1 >> VALUE_BITS) == k1) {
            __atomic_fetch_add(&w->hits, 1, __ATOMIC_RELAXED);
            return (int)(m1 & VALUE_MASK);
        } else
            hi = mid;
    }
    return -1;
}

/* ---- the set a build collects: open addressing, word 1 as in the file
 * (value in the low bits), both words 0 for an empty slot ---- */

compdb_set *compdb_set_new(void)
{
    compdb_set *s = cyi_xcalloc(1, sizeof *s);
    s->cap = 1u << 16;
    s->slot = cyi_xcalloc(2 * s->cap, sizeof *s->slot);
    return s;
}

void compdb_set_free(compdb_set *s)
{
    if (s) {
        free(s->slot);
        free(s);
    }
}

uint64_t compdb_set_count(const compdb_set *s)
{
    return s->n;
}

size_t compdb_set_bytes(const compdb_set *s)
{
    return (size_t)(2 * s->cap * sizeof *s->slot);
}

/* Puts word pair (w0, w1) in s, which has room; 1 if it was not there. */
static int put(compdb_set *s, uint64_t w0, uint64_t w1)
{
    for (uint64_t i = sg_fmix(w0 ^ (w1 >> VALUE_BITS)) & (s->cap - 1);; i = (i + 1) & (s->cap - 1)) {
        uint64_t *p = s->slot + 2 * i;
        if (!p[0] && !p[1]) {
            p[0] = w0;
            p[1] = w1;
            return 1;
        }
        if (p[0] == w0 && (p[1] >> VALUE_BITS) == (w1 >> VALUE_BITS))
            return 0;
    }
}

void compdb_set_add(compdb_set *s, const uint64_t key[2], int v)
{
    uint64_t w0 = key[0], w1 = (key[1] & ~VALUE_MASK) | ((uint64_t)v & VALUE_MASK);
    if (!w0 && !(w1 >> VALUE_BITS))
        return; /* the empty slot's pattern: left out (a lookup then misses) */
    if (2 * (s->n + 1) > s->cap) {
        compdb_set old = *s;
        s->cap *= 2;
        s->slot = cyi_xcalloc(2 * s->cap, sizeof *s->slot);
        s->n = 0;
        for (uint64_t i = 0; i < old.cap; i++)
            if (old.slot[2 * i] || old.slot[2 * i + 1])
                s->n += (uint64_t)put(s, old.slot[2 * i], old.slot[2 * i + 1]);
        free(old.slot);
    }
    s->n += (uint64_t)put(s, w0, w1);
}
