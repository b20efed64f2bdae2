/*
 * table.c - cy_table: one transposition table (ttable.c) that the fast
 * engine's solvers of many boards share, one after another (the census).
 *
 * Why sharing is exact.  The fast engine keys a component twice: by a
 * labelled key (the position's words, meaningful on its own board only) and
 * by a canonical key (canon.c: a plane key or nauty's canonical form), which
 * encodes the component's constraints, their states and the incidences, so
 * it describes the component's game alone, whatever board it sits on.  Its
 * value, and its outcome against a nim-heap, are therefore valid on every
 * board.  Labelled keys are XORed with a salt drawn afresh for each solver,
 * so one board's labelled entries (values and best moves) are never read as
 * another's: a solver finds them only by a 128-bit coincidence.
 */
#include "engine.h"
#include "ttable.h"

#include <stdlib.h>

struct cy_table {
    tt *t;
    uint64_t solvers; /* solvers that have used it: the seed of their salts */
};

cy_table *cy_table_new(size_t bytes, cy_error *err)
{
    if (bytes < ((size_t)1 << 20))
        bytes = (size_t)1 << 20;
    cy_table *t = calloc(1, sizeof *t);
    if (t)
        t->t = tt_new(bytes, 1);
    if (!t || !t->t) {
        free(t);
        cy_error_set(err, "cannot allocate a %zu MiB table", bytes >> 20);
        return NULL;
    }
    return t;
}

void cy_table_free(cy_table *t)
{
    if (t) {
        tt_free(t->t);
        free(t);
    }
}

tt *table_tt(cy_table *t)
{
    return t->t;
}

/* splitmix64: a different 64-bit word for each n. */
static uint64_t splitmix(uint64_t n)
{
    uint64_t x = n * 0x9E3779B97F4A7C15ull + 0x7F4A7C159E3779B9ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

void table_salt(cy_table *t, uint64_t salt[2])
{
    uint64_t n = __atomic_fetch_add(&t->solvers, 1, __ATOMIC_RELAXED) + 1;
    salt[0] = splitmix(2 * n);
    salt[1] = splitmix(2 * n + 1);
}
