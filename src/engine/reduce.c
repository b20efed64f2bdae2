/*
 * reduce.c - the table of the bitboard engine's reduced keys (reduce.h has
 * the reduction and its proof).
 */
#include "reduce.h"

#include <stdlib.h>
#include <string.h>

#define RTAB_MIN_BITS 12

/* Allocates t's arrays for cap slots, all empty; returns 0 or -1. */
static int rtab_alloc(rtab *t, size_t cap)
{
    t->key = calloc(cap, sizeof *t->key);
    t->val = malloc(cap);
    if (!t->key || !t->val) {
        free(t->key);
        free(t->val);
        t->key = NULL;
        t->val = NULL;
        return -1;
    }
    t->cap = cap;
    t->n = 0;
    return 0;
}

int rtab_init(rtab *t, size_t max_bytes)
{
    memset(t, 0, sizeof *t);
    t->max_bytes = max_bytes;
    return rtab_alloc(t, (size_t)1 << RTAB_MIN_BITS);
}

/* Places k (a stored key, not yet present) with value v in the arrays. */
static void place(rtab *t, uint64_t k, unsigned char v)
{
    size_t mask = t->cap - 1, i = (size_t)((k * UINT64_C(0x9E3779B97F4A7C15)) >> 20) & mask;
    while (t->key[i])
        i = (i + 1) & mask;
    t->key[i] = k;
    t->val[i] = v;
    t->n++;
}

int rtab_put(rtab *t, uint64_t key, unsigned char v)
{
    if (2 * (t->n + 1) > t->cap) {
        size_t cap = 2 * t->cap;
        if (cap * (sizeof *t->key + 1) > t->max_bytes)
            return -1;
        rtab old = *t;
        if (rtab_alloc(t, cap) < 0) {
            *t = old;
            return -1;
        }
        for (size_t i = 0; i < old.cap; i++)
            if (old.key[i])
                place(t, old.key[i], old.val[i]);
        free(old.key);
        free(old.val);
    }
    place(t, key + 1, v);
    return 0;
}

void rtab_clear(rtab *t)
{
    /* a table grown for a large board would make every later small board
     * pay for clearing it: start again small instead */
    if (t->cap > ((size_t)1 << RTAB_MIN_BITS) && t->cap > 16 * t->n) {
        rtab small;
        if (rtab_init(&small, t->max_bytes) == 0) {
            rtab_free(t);
            *t = small;
            return;
        }
    }
    memset(t->key, 0, t->cap * sizeof *t->key);
    t->n = 0;
}

void rtab_free(rtab *t)
{
    free(t->key);
    free(t->val);
    t->key = NULL;
    t->val = NULL;
    t->cap = t->n = 0;
}
