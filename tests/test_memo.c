/*
 * test_memo.c - the shared transposition table (src/engine/memo.c) against a
 * second store written here: a plain array of (key, value) pairs searched
 * from end to end.  Random keys (many sharing home slots once the table is
 * small), overwrites, doubling, clearing, and the memory limit.
 */
#include "support.h"

#include "memo.h"

#include <stdlib.h>

/* ------------------------------------------------------------ the second store */

typedef struct {
    uint64_t km, kd;
    int v;
} pair;

/* The index of the key in the n pairs, or -1. */
static int find(const pair *p, int n, uint64_t km, uint64_t kd)
{
    for (int i = 0; i < n; i++)
        if (p[i].km == km && p[i].kd == kd)
            return i;
    return -1;
}

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* ------------------------------------------------------------------ tests */

/* Keys from a small range so that some repeat (overwrites) and positions
 * with kd a subset of km as the searches make them; every key's value is
 * the pairs' value, absent keys are absent, through several doublings. */
static void test_against_pairs(void **state)
{
    (void)state;
    enum { N = 200000 };
    pair *p = malloc(sizeof *p * N);
    int n = 0;
    cyi_memo m;
    memo_init(&m, 64u << 20, 0);
    size_t cap0 = m.cap;
    for (int round = 0; round < 20000; round++) {
        uint64_t km = next() & 0x3FF, kd = next() & km;
        int v = (int)(next() % 65535) - 32767; /* never MEMO_EMPTY */
        assert_int_equal(memo_put(&m, km, kd, v), 0);
        int i = find(p, n, km, kd);
        if (i < 0)
            p[i = n++] = (pair){km, kd, 0};
        p[i].v = v;
        if (round % 97 == 0) {
            /* a fresh key: held exactly when the pairs hold it */
            uint64_t qm = next() & 0x3FF, qd = next() & qm;
            int got, j = find(p, n, qm, qd);
            assert_int_equal(memo_get(&m, qm, qd, &got), j >= 0);
            if (j >= 0)
                assert_int_equal(got, p[j].v);
        }
    }
    assert_int_equal(m.used, (size_t)n);
    assert_true(m.cap > cap0 || (size_t)n * 2 < cap0); /* it doubled when it had to */
    assert_true(m.used * 2 <= m.cap);
    for (int i = 0; i < n; i++) {
        int got = 0;
        assert_true(memo_get(&m, p[i].km, p[i].kd, &got));
        assert_int_equal(got, p[i].v);
    }
    assert_int_equal(memo_bytes(&m), m.cap * memo_slot_bytes());
    memo_clear(&m);
    assert_int_equal(m.used, 0);
    for (int i = 0; i < n; i += 101) {
        int got;
        assert_false(memo_get(&m, p[i].km, p[i].kd, &got));
    }
    memo_free(&m);
    free(p);
}

/* The limit: a 1 MiB budget allows 2^15 slots of 18 bytes with room to
 * double (2^15 * 2 * 18 = 1.18 MB > 1 MiB, so 2^14), hence 2^13 keys;
 * the next new key is refused and nothing else changes, while overwriting
 * a held key still works. */
static void test_memory_limit(void **state)
{
    (void)state;
    cyi_memo m;
    memo_init(&m, 1u << 20, 0);
    size_t limit = 1;
    while (limit * 2 * 18 <= (1u << 20))
        limit *= 2;
    assert_int_equal(m.limit, limit);
    size_t fit = limit / 2;
    for (size_t i = 0; i < fit; i++)
        assert_int_equal(memo_put(&m, i, 0, (int)(i % 1000)), 0);
    assert_int_equal(memo_put(&m, fit, 0, 1), -1);
    int got;
    assert_false(memo_get(&m, fit, 0, &got));
    assert_int_equal(memo_put(&m, 7, 0, -5), 0);
    assert_true(memo_get(&m, 7, 0, &got));
    assert_int_equal(got, -5);
    assert_int_equal(m.used, fit);
    memo_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_pairs),
        cmocka_unit_test(test_memory_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
