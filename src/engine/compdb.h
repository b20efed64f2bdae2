/*
 * compdb.h - the component database's file (compdb.c): its checksum; the
 * lookup and the set a build collects are compdb_table.h's.  Internal to
 * libcycles.
 */
#ifndef CYCLES_COMPDB_H
#define CYCLES_COMPDB_H

#include "compdb_table.h"
#include "subgame.h"

#include <stdint.h>

/* The checksum of the file's header (5 words) and entries (2 words each):
 * of n little-endian words at p. */
uint64_t compdb_checksum(const unsigned char *p, size_t n);

#endif
