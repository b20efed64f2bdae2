/*
 * memo.c - the transposition table of the memoised whole-position searches
 * (memo.h): allocation, doubling and clearing; probing is inline in the
 * header.
 */
#include "memo.h"

#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

/* Gives m an empty table of cap slots (a power of two), in one mapping of
 * its own: a table freed when it doubles goes back to the system at once
 * (from malloc's heap it could stay, and the process outgrow --memory). */
static void alloc_slots(cyi_memo *m, size_t cap)
{
    void *p = mmap(NULL, cap * memo_slot_bytes(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        fputs("cycles: out of memory\n", stderr);
        abort();
    }
    m->kmark = p;
    m->kdir = m->kmark + cap;
    m->val = (int16_t *)(m->kdir + cap);
    for (size_t i = 0; i < cap; i++)
        m->val[i] = MEMO_EMPTY;
    m->cap = cap;
    m->used = 0;
}

void memo_init(cyi_memo *m, size_t memory, int bounded)
{
    if (bounded) {
        size_t used = cy_resident_memory() + memory / 16;
        memory -= used < memory / 2 ? used : memory / 2;
    }
    if (memory < (1u << 20))
        memory = 1u << 20;
    m->limit = 1;
    while (m->limit * 2 * memo_slot_bytes() * 3 / 2 <= memory)
        m->limit *= 2;
    alloc_slots(m, m->limit < (1u << 16) ? m->limit : (1u << 16));
}

void memo_free(cyi_memo *m)
{
    if (m->kmark)
        munmap(m->kmark, m->cap * memo_slot_bytes());
    m->kmark = m->kdir = NULL;
    m->val = NULL;
    m->cap = m->used = 0;
}

void memo_clear(cyi_memo *m)
{
    for (size_t i = 0; i < m->cap; i++)
        m->val[i] = MEMO_EMPTY;
    m->used = 0;
}

size_t memo_bytes(const cyi_memo *m)
{
    return m->cap * memo_slot_bytes();
}

/* Doubles the table, keeping its keys; 0, or -1 when the limit is reached. */
static int grow(cyi_memo *m)
{
    if (m->cap >= m->limit)
        return -1;
    cyi_memo old = *m;
    alloc_slots(m, old.cap * 2);
    for (size_t i = 0; i < old.cap; i++)
        if (old.val[i] != MEMO_EMPTY) {
            size_t j = memo_probe(m, old.kmark[i], old.kdir[i]);
            m->kmark[j] = old.kmark[i];
            m->kdir[j] = old.kdir[i];
            m->val[j] = old.val[i];
            m->used++;
        }
    memo_free(&old);
    return 0;
}

int memo_put(cyi_memo *m, uint64_t km, uint64_t kd, int v)
{
    size_t i = memo_probe(m, km, kd);
    if (m->val[i] == MEMO_EMPTY) {
        if (m->used * 2 >= m->cap) {
            if (grow(m) < 0)
                return -1;
            i = memo_probe(m, km, kd);
        }
        m->used++;
    }
    m->kmark[i] = km;
    m->kdir[i] = kd;
    m->val[i] = (int16_t)v;
    return 0;
}
