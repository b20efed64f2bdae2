/*
 * compdb.h - the component database (compdb.c) as the fast engine sees it:
 * Grundy values of components under their canonical keys, read from a
 * memory-mapped file, and the set of values a build collects.  Internal to
 * libcycles.
 */
#ifndef CYCLES_COMPDB_H
#define CYCLES_COMPDB_H

#include "subgame.h"

#include <stdint.h>

/* The database every fast engine made from now on consults (cy_compdb_use),
 * or NULL. */
const cy_compdb *compdb_current(void);

/* The most live edges of a component the database holds. */
int compdb_edges(const cy_compdb *db);

/* The Grundy value of the component with canonical key key, or -1 when
 * the database does not hold it.  Counts the lookup (and a hit) for
 * cy_compdb_stats. */
int compdb_get(const cy_compdb *db, const uint64_t key[2]);

/* The checksum of the file's header (5 words) and entries (2 words each):
 * of n little-endian words at p. */
uint64_t compdb_checksum(const unsigned char *p, size_t n);

/* The values a build collects: a set of (canonical key, value) pairs,
 * one per key. */
typedef struct compdb_set compdb_set;
compdb_set *compdb_set_new(void);
void compdb_set_free(compdb_set *s);
/* Adds key's value v (0..31); a key already there keeps its value. */
void compdb_set_add(compdb_set *s, const uint64_t key[2], int v);
uint64_t compdb_set_count(const compdb_set *s);
/* The bytes the set takes. */
size_t compdb_set_bytes(const compdb_set *s);

/* The canonical key the fast engine gives component g with its default
 * keys (plane keys, or a tree key): 1, or 0 when a component so small
 * gets no canonical key (solver_fast.c). */
int fast_canon_key(const sg_board *sb, const sg *g, uint64_t key[2]);

#endif
