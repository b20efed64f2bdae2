/*
 * compdb_table.h - the component database as the fast engine reads it
 * (compdb_table.c): the mapped entries and their index, the lookup, and the
 * set of values a build collects.  The file itself (its format, its checks,
 * the build) is compdb.c's, which uses the engine; the engine uses only
 * this, so the two do not depend on each other.  Internal to libcycles.
 */
#ifndef CYCLES_COMPDB_TABLE_H
#define CYCLES_COMPDB_TABLE_H

#include "cycles.h"

#include <stddef.h>
#include <stdint.h>

/* Each entry's second word holds the value in its low bits. */
#define VALUE_BITS 5
#define VALUE_MASK ((1ull << VALUE_BITS) - 1)

/* An open database: the mapped file and the index of its entries. */
struct cy_compdb {
    void *map;
    size_t size;
    const uint64_t *body; /* 2n words */
    uint64_t n, scheme;
    int edges;
    /* the first entry of each of 2^bits buckets of the keys' first word
     * (its top bits), and n at the end: a lookup reads one bucket of about
     * four entries instead of bisecting the whole file */
    int bits;
    uint64_t *index;
    uint64_t lookups, hits; /* relaxed atomics */
};

/* The bucket of the index a key's first word w falls in. */
static inline uint64_t bucket(const cy_compdb *db, uint64_t w)
{
    return db->bits ? w >> (64 - db->bits) : 0;
}

/* The database every fast engine made from now on consults (cy_compdb_use),
 * or NULL. */
const cy_compdb *compdb_current(void);

/* The most live edges of a component the database holds. */
int compdb_edges(const cy_compdb *db);

/* The Grundy value of the component with canonical key key, or -1 when
 * the database does not hold it.  Counts the lookup (and a hit) for
 * cy_compdb_stats. */
int compdb_get(const cy_compdb *db, const uint64_t key[2]);

/* The values a build collects: a set of (canonical key, value) pairs,
 * one per key. */

struct compdb_set {
    uint64_t *slot; /* 2 * cap words */
    uint64_t cap, n;
};
typedef struct compdb_set compdb_set;
compdb_set *compdb_set_new(void);
void compdb_set_free(compdb_set *s);
/* Adds key's value v (0..31); a key already there keeps its value. */
void compdb_set_add(compdb_set *s, const uint64_t key[2], int v);
uint64_t compdb_set_count(const compdb_set *s);
/* The bytes the set takes. */
size_t compdb_set_bytes(const compdb_set *s);

#endif
