/*
 * test_ttable.c - the fast solver's transposition table (ttable.c) against
 * a plain record of what was stored: every key stored is found with its own
 * value and move unless the table said it gave an entry up, keys never
 * stored are not found, keys differing only by the solver's salts are kept
 * apart, a growing table keeps its entries through each doubling, a full
 * bucket gives up the entry that cost least, the copies a doubling leaves
 * in the bucket that is not their key's are given up before entries that
 * cost less, a cheap newcomer takes the place of the latest entries, not
 * of the dearest, and values the entry has no room for are not kept; outcomes
 * against small heaps are packed into one entry per key (tt_outcome,
 * tt_put_win), each answer a record of what was stored, the value taking
 * the place of the set and read as every outcome.
 */
#include "support.h"

#include "ttable.h"

#include <stdlib.h>
#include <string.h>

/* splitmix64: random keys independent of the table's own hashing. */
static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

typedef struct rec {
    uint64_t key[2];
    int value, move, lost;
} rec;

/* A table far larger than what is stored keeps every entry. */
static void test_keeps_all(void **state)
{
    (void)state;
    enum { N = 20000 };
    tt *t = tt_new((size_t)64 << 20, 0);
    assert_non_null(t);
    rec *r = calloc(N, sizeof *r);
    assert_non_null(r);
    uint64_t s = 1;
    for (int i = 0; i < N; i++) {
        r[i].key[0] = next(&s);
        r[i].key[1] = next(&s);
        r[i].value = (int)(next(&s) % 31);
        r[i].move = (int)(next(&s) % 256) - 1;
        assert_int_not_equal(tt_put(t, r[i].key, r[i].value, r[i].move, next(&s) % 100000), TT_REPLACED);
    }
    for (int i = 0; i < N; i++) {
        int move = -2;
        assert_int_equal(tt_probe(t, r[i].key, &move), r[i].value);
        assert_int_equal(move, r[i].move);
        assert_int_equal(tt_get(t, r[i].key), r[i].value);
    }
    /* keys never stored, and stored keys with one word changed */
    for (int i = 0; i < 100000; i++) {
        uint64_t k[2] = {next(&s), next(&s)};
        assert_int_equal(tt_get(t, k), -1);
        uint64_t k2[2] = {r[i % N].key[0] ^ (1ull << (i % 64)), r[i % N].key[1]};
        assert_int_equal(tt_get(t, k2), -1);
        uint64_t k3[2] = {r[i % N].key[0], r[i % N].key[1] ^ (1ull << (i % 64))};
        assert_int_equal(tt_get(t, k3), -1);
    }
    /* storing again under a key overwrites its entry */
    assert_int_equal(tt_put(t, r[0].key, (r[0].value + 1) % 31, 7, 1), TT_SAME);
    assert_int_equal(tt_get(t, r[0].key), (r[0].value + 1) % 31);
    free(r);
    tt_free(t);
}

/* The solver's salts (solver_fast.c: SALT_OUTCOME * (n + 1) for the outcome
 * against a heap of n, 0 for the value) put all entries of one component in
 * one bucket; each is found under its own salt. */
static void test_salts(void **state)
{
    (void)state;
    tt *t = tt_new((size_t)1 << 20, 0);
    assert_non_null(t);
    uint64_t s = 7;
    for (int round = 0; round < 200; round++) {
        uint64_t base[2] = {next(&s), next(&s)};
        for (int n = -1; n < 7; n++) { /* 8 salts: one bucket's worth */
            uint64_t k[2] = {base[0] ^ (n < 0 ? 0 : 0x5851F42D4C957F2Dull * (uint64_t)(n + 1)), base[1]};
            tt_put(t, k, n + 1, n + 2, 1000);
        }
        for (int n = -1; n < 7; n++) {
            uint64_t k[2] = {base[0] ^ (n < 0 ? 0 : 0x5851F42D4C957F2Dull * (uint64_t)(n + 1)), base[1]};
            int move;
            assert_int_equal(tt_probe(t, k, &move), n + 1);
            assert_int_equal(move, n + 2);
        }
    }
    tt_free(t);
}

/* A full bucket gives up the entry that cost least, and keeps the others. */
static void test_replacement(void **state)
{
    (void)state;
    tt *t = tt_new((size_t)1 << 20, 0);
    assert_non_null(t);
    uint64_t key1 = 0x123456789ABCDEFull, k[9][2];
    uint64_t work[9] = {1u << 20, 1u << 18, 1u << 15, 1u << 12, 8, 1u << 9, 1u << 6, 1u << 5, 1u << 19};
    int fresh = 0;
    for (int i = 0; i < 9; i++) {
        k[i][0] = 0x1000000000000ull * (uint64_t)(i + 1); /* one bucket: same key[1] */
        k[i][1] = key1;
        int what = tt_put(t, k[i], i, -1, work[i]);
        fresh += what == TT_FRESH;
        if (i == 8)
            assert_int_equal(what, TT_REPLACED);
    }
    assert_int_equal(fresh, 8);
    for (int i = 0; i < 9; i++)
        assert_int_equal(tt_get(t, k[i]), i == 4 ? -1 : i); /* work 8: the cheapest */
    tt_free(t);
}

/* Values past what an entry holds are not kept (a miss, searched again). */
static void test_value_range(void **state)
{
    (void)state;
    tt *t = tt_new((size_t)1 << 20, 0);
    assert_non_null(t);
    uint64_t a[2] = {1, 2}, b[2] = {3, 4};
    tt_put(t, a, 30, -1, 1);
    tt_put(t, b, 31, -1, 1);
    assert_int_equal(tt_get(t, a), 30);
    assert_int_equal(tt_get(t, b), -1);
    tt_free(t);
}

/* A growing table, doubled whenever it asks (as make_room does), still
 * finds every entry it did not say it gave up (TT_REPLACED) where every key
 * was probed after each doubling; every answer it gives is the value
 * stored under that key. */
static void test_growth(void **state)
{
    (void)state;
    enum { N = 600000 };
    tt *t = tt_new((size_t)64 << 20, 1);
    assert_non_null(t);
    tt_stats st;
    tt_stats_get(t, &st);
    size_t start = st.bytes;
    rec *r = calloc(N, sizeof *r);
    assert_non_null(r);
    uint64_t s = 99, replaced = 0;
    tt_counts c = {0};
    for (int i = 0; i < N; i++) {
        r[i].key[0] = next(&s);
        r[i].key[1] = next(&s);
        r[i].value = (int)(next(&s) % 31);
        int what = tt_put(t, r[i].key, r[i].value, -1, next(&s) % 4096);
        c.fresh += what == TT_FRESH;
        c.replaced += what == TT_REPLACED;
        replaced += what == TT_REPLACED;
        if (i % 1000 == 999) {
            tt_count(t, &c);
            if (tt_needs_room(t)) {
                tt_grow(t);
                /* every key probed, as a search comes back to its
                 * positions: the entries in their own buckets lose the
                 * mark of a copy, and only the other copies may be given
                 * up without a count (tt_put) */
                for (int j = 0; j <= i; j++)
                    if (tt_get(t, r[j].key) >= 0)
                        assert_int_equal(tt_get(t, r[j].key), r[j].value);
            }
        }
    }
    tt_stats_get(t, &st);
    assert_true(st.bytes >= 4 * start); /* it grew, twice or more */
    uint64_t missing = 0;
    for (int i = 0; i < N; i++) {
        int v = tt_get(t, r[i].key);
        if (v < 0)
            missing++;
        else
            assert_int_equal(v, r[i].value);
    }
    assert_true(missing <= replaced);
    free(r);
    tt_free(t);
}

/* A doubling copies each bucket into its twin (8 ways a bucket, the
 * bucket's index bits 24 and up of key[1]); the copies that no probe finds
 * there are given up first, before entries that cost less: 8 cheap keys of
 * the twin all stay, and so do the 8 dear keys in their own bucket. */
static void test_copies_go_first(void **state)
{
    (void)state;
    tt *t = tt_new((size_t)64 << 20, 1);
    assert_non_null(t);
    tt_stats st;
    tt_stats_get(t, &st);
    uint64_t nb = st.capacity / 8, dear[8][2], cheap[8][2];
    uint64_t key1 = 0x0123456789ABCDEFull & ~((nb * 2 - 1) << 24); /* bucket 0, twin nb */
    for (int i = 0; i < 8; i++) {
        dear[i][0] = 0x1111111111111111ull * (uint64_t)(i + 1);
        dear[i][1] = key1;
        assert_int_equal(tt_put(t, dear[i], i, -1, (uint64_t)1 << 30), TT_FRESH);
    }
    tt_grow(t);
    tt_stats_get(t, &st);
    assert_int_equal(st.capacity, nb * 16);
    for (int i = 0; i < 8; i++)
        assert_int_equal(tt_get(t, dear[i]), i);
    for (int i = 0; i < 8; i++) {
        cheap[i][0] = 0x2222222222222222ull * (uint64_t)(i + 1);
        cheap[i][1] = key1 | (nb << 24);                                /* the twin */
        assert_int_equal(tt_put(t, cheap[i], 10 + i, -1, 1), TT_FRESH); /* a copy's place counts as free */
    }
    for (int i = 0; i < 8; i++) {
        assert_int_equal(tt_get(t, cheap[i]), 10 + i);
        assert_int_equal(tt_get(t, dear[i]), i);
    }
    tt_free(t);
}

/* Outcomes against heaps below TT_HEAPS: random keys, each with a random
 * set of heaps won and, for some, a value; every answer is the record's:
 * won where stored, the value's outcome where the value is stored (a loss
 * against its own heap only), unknown elsewhere; a set is not a value; a
 * key's outcomes take one entry, whatever their number. */
static void test_packed_outcomes(void **state)
{
    (void)state;
    enum { N = 5000 };
    tt *t = tt_new((size_t)64 << 20, 0);
    assert_non_null(t);
    struct {
        uint64_t key[2];
        unsigned won;
        int value;
    } *r = calloc(N, sizeof *r);
    assert_non_null(r);
    uint64_t s = 2024;
    tt_counts c = {0};
    for (int i = 0; i < N; i++) {
        r[i].key[0] = next(&s);
        r[i].key[1] = next(&s);
        r[i].won = (unsigned)(next(&s) % 255) + 1; /* at least one heap */
        r[i].value = i % 3 ? -1 : (int)(next(&s) % 12);
        for (int n = 0; n < TT_HEAPS; n++)
            if (r[i].won >> n & 1) {
                int what = tt_put_win(t, r[i].key, n, next(&s) % 100000);
                c.fresh += what == TT_FRESH;
                assert_int_not_equal(what, TT_REPLACED);
            }
        if (r[i].value >= 0) { /* the value takes the set's place */
            assert_int_equal(tt_put(t, r[i].key, r[i].value, i % 250, 1), TT_SAME);
            tt_put_win(t, r[i].key, (r[i].value + 1) % TT_HEAPS, 1); /* not over the value, nor its move */
        }
    }
    assert_int_equal(c.fresh, N); /* one entry a key */
    for (int i = 0; i < N; i++) {
        int move = -2;
        assert_int_equal(tt_probe(t, r[i].key, &move), r[i].value);
        assert_int_equal(move, r[i].value >= 0 ? i % 250 : -2); /* a set has no move */
        for (int n = 0; n < TT_HEAPS + 4; n++) {
            int want = r[i].value >= 0 ? r[i].value != n : n < TT_HEAPS && r[i].won >> n & 1 ? 1 : -1;
            if (n >= TT_HEAPS)
                want = -1; /* not packed: asked of entries of their own */
            assert_int_equal(tt_outcome(t, r[i].key, n), want);
        }
        uint64_t k2[2] = {r[i].key[0] ^ 1, r[i].key[1]};
        for (int n = 0; n < TT_HEAPS; n++)
            assert_int_equal(tt_outcome(t, k2, n), -1);
    }
    assert_int_equal(tt_put_win(t, r[0].key, TT_HEAPS, 1), TT_SAME);
    assert_int_equal(tt_put_win(t, r[0].key, -1, 1), TT_SAME);
    free(r);
    tt_free(t);
}

/* Eight keys of one bucket, each won against every heap below TT_HEAPS:
 * 64 outcomes, all kept (entries of their own would keep 8); a ninth key's
 * set gives up the cheapest of the eight. */
static void test_packed_bucket(void **state)
{
    (void)state;
    tt *t = tt_new((size_t)1 << 20, 0);
    assert_non_null(t);
    uint64_t k[9][2];
    int fresh = 0;
    for (int i = 0; i < 9; i++) {
        k[i][0] = 0x3000000000000ull * (uint64_t)(i + 1);
        k[i][1] = 0xFEDCBA9876543210ull; /* one bucket */
        for (int n = 0; n < TT_HEAPS; n++) {
            int what = tt_put_win(t, k[i], n, i == 3 ? 2 : (uint64_t)1 << (10 + i + n));
            fresh += what == TT_FRESH;
            if (i == 8 && n == 0)
                assert_int_equal(what, TT_REPLACED);
        }
    }
    assert_int_equal(fresh, 8);
    for (int i = 0; i < 9; i++)
        for (int n = 0; n < TT_HEAPS; n++)
            assert_int_equal(tt_outcome(t, k[i], n), i == 3 ? -1 : 1);
    tt_free(t);
}

/* The two tiers of a full bucket: ways 0..5 keep the dearest entries, ways
 * 6 and 7 the latest.  Six cheap keys fill ways 0..5 and two dear ones ways
 * 6 and 7; a newcomer cheaper than all goes to the second tier, over one of
 * the dear keys (giving up the cheapest of the bucket would lose a cheap
 * one); then a newcomer as dear as the cheapest of the first tier or
 * dearer takes that one's place. */
static void test_two_tiers(void **state)
{
    (void)state;
    tt *t = tt_new((size_t)1 << 20, 0);
    assert_non_null(t);
    uint64_t k[10][2];
    for (int i = 0; i < 10; i++) {
        k[i][0] = 0x5000000000000ull * (uint64_t)(i + 1);
        k[i][1] = 0x0F1E2D3C4B5A6978ull; /* one bucket */
    }
    for (int i = 0; i < 8; i++)
        assert_int_equal(tt_put(t, k[i], i, -1, i < 6 ? 100 + (uint64_t)i : (uint64_t)1 << 30), TT_FRESH);
    assert_int_equal(tt_put(t, k[8], 8, -1, 1), TT_REPLACED);
    int lost = -1;
    for (int i = 0; i < 9; i++)
        if (tt_get(t, k[i]) < 0) {
            assert_int_equal(lost, -1); /* one given up */
            lost = i;
        } else
            assert_int_equal(tt_get(t, k[i]), i);
    assert_true(lost == 6 || lost == 7); /* a dear key of the second tier */
    /* work 100 to 105 is one class: the first of them gives way */
    assert_int_equal(tt_put(t, k[9], 9, -1, 1000), TT_REPLACED);
    assert_int_equal(tt_get(t, k[0]), -1);
    assert_int_equal(tt_get(t, k[9]), 9);
    for (int i = 1; i < 6; i++)
        assert_int_equal(tt_get(t, k[i]), i);
    tt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keeps_all),       cmocka_unit_test(test_salts),
        cmocka_unit_test(test_replacement),     cmocka_unit_test(test_value_range),
        cmocka_unit_test(test_growth),          cmocka_unit_test(test_copies_go_first),
        cmocka_unit_test(test_packed_outcomes), cmocka_unit_test(test_packed_bucket),
        cmocka_unit_test(test_two_tiers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
