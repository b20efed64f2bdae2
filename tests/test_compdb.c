/*
 * test_compdb.c - the component database (compdb.c): the Grundy values the
 * fast engine gives random positions of random boards with a database in
 * use equal tests/brute.c's brute force and the fast engine's without it
 * (and the database was consulted and found components); a file that is
 * missing, truncated, longer, corrupt in any header byte or in sampled
 * bytes of its entries, of another version, out of order, or built with
 * other keys (stale) is refused; mutated and random files never crash the
 * reader.
 *
 * brute.c and randboard.c are included directly (a unity build), as in
 * test_certificate.c.
 */
#include "support.h"

#include "brute.c"
#include "randboard.c"

#include "compdb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Writes n bytes to a fresh temporary file; returns its malloc'd path. */
static char *temp_file(const void *p, size_t n)
{
    char *path = strdup("/tmp/test_compdb_XXXXXX");
    assert_non_null(path);
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, p, n), (ssize_t)n);
    close(fd);
    return path;
}

/* Whether cy_compdb_open takes the n bytes at p; with why (if not NULL)
 * the message must contain it when it does not. */
static int opens(const unsigned char *p, size_t n, const char *why)
{
    char *path = temp_file(p, n);
    cy_error err;
    cy_compdb *db = cy_compdb_open(path, &err);
    if (!db && why && !strstr(err.msg, why))
        fail_msg("refused as \"%s\", not for \"%s\"", err.msg, why);
    if (!db && !strstr(err.msg, path))
        fail_msg("the message \"%s\" does not name the file", err.msg);
    cy_compdb_close(db);
    unlink(path);
    free(path);
    return db != NULL;
}

/* A database of components of at most edges edges from games of boards. */
static unsigned char *build(const char *const *boards, int n, int edges, uint64_t games, size_t *size)
{
    cy_compdb_build_opts o =
        {.edges = edges, .boards = boards, .nboards = n, .playouts = games, .seed = 7, .memory = 32u << 20};
    unsigned char *image;
    cy_compdb_build_stats st;
    cy_error err;
    if (cy_compdb_build(&o, &image, size, &st, &err) < 0)
        fail_msg("build: %s", err.msg);
    assert_int_equal(st.playouts, games);
    assert_true(st.entries > 0);
    return image;
}

/* Random boards of up to 11 edges, written to files, a database built
 * from their games, and random positions of them and of other random
 * boards: the fast engine with the database gives brute force's values. */
static void test_values(void **state)
{
    (void)state;
    enum { BOARDS = 40, OTHERS = 40, POSITIONS = 6, K = 8 };
    rb_rng r = {.s = 20261128};
    cy_board *b[BOARDS + OTHERS];
    char *file[BOARDS];
    for (int i = 0; i < BOARDS + OTHERS; i++) {
        b[i] = rb_board(&r, 11, NULL, 0);
        if (i >= BOARDS)
            continue;
        cy_error err;
        char *text = cy_write_board(b[i], NULL, CY_FMT_JSON, &err);
        assert_non_null(text);
        file[i] = temp_file(text, strlen(text));
        free(text);
    }
    size_t size;
    unsigned char *image = build((const char *const *)file, BOARDS, K, 4 * BOARDS, &size);
    char *path = temp_file(image, size);
    free(image);
    cy_error err;
    cy_compdb *db = cy_compdb_open(path, &err);
    if (!db)
        fail_msg("%s", err.msg);
    cy_compdb_info in;
    cy_compdb_info_of(db, &in);
    assert_int_equal(in.edges, K);
    assert_int_equal(in.bytes, size);
    assert_int_equal(in.scheme, cy_compdb_scheme());
    int compared = 0;
    for (int i = 0; i < BOARDS + OTHERS; i++) {
        br_game *g = br_new(b[i]);
        cy_solver_opts o = {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .memory = 4u << 20, .no_theorems = 1};
        cy_compdb_use(NULL);
        cy_solver *plain = cy_solver_new(b[i], &o, &err);
        cy_compdb_use(db);
        cy_solver *with = cy_solver_new(b[i], &o, &err);
        cy_compdb_use(NULL);
        assert_non_null(plain);
        assert_non_null(with);
        unsigned char *mark = calloc((size_t)b[i]->ne + 1, 1);
        for (int p = 0; p < POSITIONS; p++) {
            memset(mark, 0, (size_t)b[i]->ne);
            rb_position(b[i], mark, &r, rb_below(&r, b[i]->ne + 1));
            if (cy_rules_cycle_cell(b[i], mark) >= 0 || cy_rules_winning_completion(b[i], mark) >= 0)
                continue;
            int want = br_grundy(g, mark), without = cy_solver_grundy(plain, mark), got = cy_solver_grundy(with, mark);
            if (got != want || without != want)
                fail_msg("board %d, position %d: brute force %d, fast %d, fast with the database %d", i, p, want,
                         without, got);
            compared++;
        }
        free(mark);
        cy_solver_free(plain);
        cy_solver_free(with);
        br_free(g);
        cy_board_free(b[i]);
        if (i < BOARDS) {
            unlink(file[i]);
            free(file[i]);
        }
    }
    uint64_t lookups, hits;
    cy_compdb_stats(db, &lookups, &hits);
    print_message("%d positions compared, %llu lookups, %llu found, %llu components held\n", compared,
                  (unsigned long long)lookups, (unsigned long long)hits, (unsigned long long)in.entries);
    assert_true(compared > (BOARDS + OTHERS) * POSITIONS / 2);
    assert_true(hits > 0);
    cy_compdb_close(db);
    unlink(path);
    free(path);
}

/* A database of families: n components, the file's bytes. */
static unsigned char *small_db(size_t *size)
{
    static const char *const boards[] = {"grid:2x4", "theta:2,3,4"};
    return build(boards, 2, 6, 20, size);
}

static void wr64le(unsigned char *p, uint64_t w)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(w >> (8 * i));
}

static uint64_t rd64le(const unsigned char *p)
{
    uint64_t w = 0;
    for (int i = 7; i >= 0; i--)
        w = w << 8 | p[i];
    return w;
}

/* The header's checksum made right again after an edit. */
static void reseal(unsigned char *p)
{
    wr64le(p + 40, compdb_checksum(p, 5));
}

static void test_refused(void **state)
{
    (void)state;
    size_t size;
    unsigned char *p = small_db(&size);
    uint64_t n = rd64le(p + 24);
    assert_true(n >= 4);
    assert_int_equal(size, 64 + 16 * n);
    assert_true(opens(p, size, NULL));
    cy_error err;
    assert_null(cy_compdb_open("/nonexistent/compdb.db", &err));
    assert_non_null(strstr(err.msg, "/nonexistent/compdb.db"));
    assert_null(cy_compdb_open("/tmp", &err));
    /* every truncation of the header, and some of the entries; one byte more */
    for (size_t len = 0; len < 64 + 16 * 2; len++)
        assert_false(opens(p, len, NULL));
    assert_false(opens(p, size - 1, "truncated"));
    assert_false(opens(p, size - 16, "truncated"));
    unsigned char *q = malloc(size + 16);
    assert_non_null(q);
    memcpy(q, p, size);
    q[size] = 0;
    assert_false(opens(q, size + 1, "size"));
    /* every bit of the header flipped */
    for (size_t i = 0; i < 64; i++)
        for (int bit = 0; bit < 8; bit++) {
            memcpy(q, p, size);
            q[i] ^= (unsigned char)(1u << bit);
            assert_false(opens(q, size, NULL));
        }
    /* bits of the entries flipped: each is caught by the checksum */
    rb_rng r = {.s = 99};
    for (int t = 0; t < 300; t++) {
        memcpy(q, p, size);
        q[64 + (size_t)rb_below(&r, (int)(size - 64))] ^= (unsigned char)(1u << rb_below(&r, 8));
        assert_false(opens(q, size, "corrupt"));
    }
    /* another format version, or K out of range, with the header sealed */
    memcpy(q, p, size);
    q[8] = 2;
    reseal(q);
    assert_false(opens(q, size, "version"));
    memcpy(q, p, size);
    q[12] = 99;
    reseal(q);
    assert_false(opens(q, size, "edges"));
    /* stale: another program's keys, the file otherwise whole */
    memcpy(q, p, size);
    wr64le(q + 16, rd64le(p + 16) ^ 1);
    reseal(q);
    assert_false(opens(q, size, "stale"));
    /* two entries swapped, both checksums made right */
    memcpy(q, p, size);
    unsigned char tmp[16];
    memcpy(tmp, q + 64, 16);
    memcpy(q + 64, q + 80, 16);
    memcpy(q + 80, tmp, 16);
    wr64le(q + 32, compdb_checksum(q + 64, 2 * n));
    reseal(q);
    assert_false(opens(q, size, "order"));
    free(q);
    free(p);
}

/* Mutated files (bytes overwritten, inserted, removed, the header's counts
 * changed and sealed) and random ones: refused or, when left whole, taken,
 * and never a crash or a read out of bounds (under ASan). */
static void test_mutated(void **state)
{
    (void)state;
    size_t size;
    unsigned char *p = small_db(&size);
    unsigned char *q = malloc(size + 64);
    assert_non_null(q);
    rb_rng r = {.s = 4242};
    for (int t = 0; t < 400; t++) {
        memcpy(q, p, size);
        size_t len = size;
        int changed = 0;
        for (int m = 1 + rb_below(&r, 4); m > 0; m--) {
            size_t at = (size_t)rb_below(&r, (int)len);
            switch (rb_below(&r, 4)) {
            case 0: { /* a byte overwritten */
                unsigned char was = q[at];
                q[at] = (unsigned char)rb_next(&r);
                changed |= q[at] != was;
                break;
            }
            case 1: /* a byte removed */
                memmove(q + at, q + at + 1, len - at - 1);
                len--;
                changed = 1;
                break;
            case 2: /* a byte inserted */
                if (len < size + 60) {
                    memmove(q + at + 1, q + at, len - at);
                    q[at] = (unsigned char)rb_next(&r);
                    len++;
                    changed = 1;
                }
                break;
            default: /* the count of entries changed, the header sealed */
                wr64le(q + 24, rd64le(q + 24) + (uint64_t)rb_below(&r, 5) - 2);
                reseal(q);
                changed |= rd64le(q + 24) != rd64le(p + 24);
                break;
            }
        }
        int ok = opens(q, len, NULL);
        if (changed && len == size && !memcmp(q, p, size))
            changed = 0;
        if (ok && changed)
            fail_msg("mutation %d was taken", t);
    }
    for (int t = 0; t < 100; t++) {
        size_t len = (size_t)rb_below(&r, 256);
        for (size_t i = 0; i < len; i++)
            q[i] = (unsigned char)rb_next(&r);
        if (len >= 8 && rb_below(&r, 2))
            memcpy(q, "CYCOMPDB", 8);
        assert_false(opens(q, len, NULL));
    }
    free(q);
    free(p);
}

/* Nothing is looked up without a database in use, and the fingerprint is
 * one number. */
static void test_none(void **state)
{
    (void)state;
    assert_int_equal(cy_compdb_scheme(), cy_compdb_scheme());
    assert_true(cy_compdb_scheme() != 0);
    cy_compdb_use(NULL);
    assert_null(compdb_current());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_mutated),
        cmocka_unit_test(test_none),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
