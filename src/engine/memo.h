/*
 * memo.h - the transposition table of the memoised searches over whole
 * positions (solver_plain.c and variants.c): open addressing with linear
 * probing, keyed by a position as two bit sets (edges marked, edges marked
 * backward; boards of at most 64 edges), one small signed value per key.
 * It doubles when half full, up to the number of slots a memory budget
 * allows.  Internal to libcycles.
 */
#ifndef CYCLES_MEMO_H
#define CYCLES_MEMO_H

#include <stddef.h>
#include <stdint.h>

#define MEMO_EMPTY INT16_MIN /* the value of an empty slot; never stored */

typedef struct cyi_memo {
    uint64_t *kmark, *kdir;  /* keys: marked edges, edges marked backward */
    int16_t *val;            /* MEMO_EMPTY where no key is */
    size_t cap, used, limit; /* slots (a power of two), keys held, most slots allowed */
} cyi_memo;

/* Bytes one slot takes. */
static inline size_t memo_slot_bytes(void)
{
    return 2 * sizeof(uint64_t) + sizeof(int16_t);
}

/* Sets m up empty, starting at 65536 slots or the limit if smaller.  The
 * limit is the most slots (a power of two) whose table, while it doubles
 * (the old table and the new one at once, 1.5 times the new), fits in
 * memory bytes (at least 1 MiB is assumed).  When bounded (the user asked
 * for --memory, which bounds the whole process), memory is first reduced by
 * what the process holds already and a sixteenth, by at most half. */
void memo_init(cyi_memo *m, size_t memory, int bounded);
void memo_free(cyi_memo *m);
/* Forgets every key (the capacity stays). */
void memo_clear(cyi_memo *m);
/* Bytes the table takes now. */
size_t memo_bytes(const cyi_memo *m);

/* The home slot of a key. */
static inline size_t memo_slot(uint64_t km, uint64_t kd, size_t cap)
{
    uint64_t h = km * 0x9E3779B97F4A7C15ull ^ (kd + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    return (size_t)h & (cap - 1);
}

/* The slot of a key: its own, or the empty one where it would go. */
static inline size_t memo_probe(const cyi_memo *m, uint64_t km, uint64_t kd)
{
    size_t i = memo_slot(km, kd, m->cap);
    while (m->val[i] != MEMO_EMPTY && (m->kmark[i] != km || m->kdir[i] != kd))
        i = (i + 1) & (m->cap - 1);
    return i;
}

/* Whether the key is held: its value into *v. */
static inline int memo_get(const cyi_memo *m, uint64_t km, uint64_t kd, int *v)
{
    size_t i = memo_probe(m, km, kd);
    *v = m->val[i];
    return m->val[i] != MEMO_EMPTY;
}

/* Stores v (not MEMO_EMPTY) under the key, replacing any value it had;
 * 0, or -1 (nothing stored) when the table is half full and the memory
 * allows no doubling. */
int memo_put(cyi_memo *m, uint64_t km, uint64_t kd, int v);

#endif
