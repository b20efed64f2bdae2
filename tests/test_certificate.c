/*
 * test_certificate.c - certificates (cy_certificate_write) of random small
 * boards and positions, checked by the separate program cycles-check; the
 * claim it prints is compared with tests/brute.c's brute force, written from
 * the rules apart from both the engine and the checker.
 *
 * brute.c and randboard.c are included directly (a unity build), as in
 * test_solver.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "brute.c"
#include "randboard.c"

/* The checker beside the cycles program the tests run (CYCLES_BIN). */
static const char *checker(void)
{
    static char path[4096];
    const char *bin = getenv("CYCLES_BIN");
    if (!bin)
        return NULL;
    snprintf(path, sizeof path, "%s", bin);
    char *slash = strrchr(path, '/');
    if (!slash)
        return NULL;
    snprintf(slash + 1, sizeof path - (size_t)(slash + 1 - path), "cycles-check");
    return access(path, X_OK) == 0 ? path : NULL;
}

/* Runs the checker on file: its exit status, its first line of output in line. */
static int check_file(const char *file, char *line, size_t n)
{
    char cmd[8400];
    snprintf(cmd, sizeof cmd, "'%s' '%s' 2>&1", checker(), file);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    line[0] = 0;
    if (!fgets(line, (int)n, p))
        line[0] = 0;
    char rest[512];
    while (fgets(rest, sizeof rest, p))
        ;
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Random boards up to 9 edges, random positions a few moves in, both kinds
 * of certificate: each verifies, and its claim is the brute force's. */
static void test_random_boards(void **state)
{
    (void)state;
    if (!checker())
        skip();
    char tmpl[] = "/tmp/cycles-cert-XXXXXX";
    int fd = mkstemp(tmpl);
    assert_true(fd >= 0);
    close(fd);
    rb_rng r = {20261127};
    int checked = 0, wins = 0, losses = 0, high = 0;
    for (int t = 0; t < 80; t++) {
        char desc[2048];
        cy_board *b = rb_board(&r, 9, desc, sizeof desc);
        unsigned char *mark = calloc((size_t)b->ne + 1, 1);
        rb_position(b, mark, &r, rb_below(&r, 3));
        int grundy = t % 2;
        cy_solver_opts o = {0};
        o.memory = 64 << 20;
        o.threads = 1;
        o.engine = t % 4 == 3 ? CY_ENGINE_PLAIN : CY_ENGINE_FAST;
        cy_error err;
        cy_solver *s = cy_solver_new(b, &o, &err);
        assert_non_null(s);
        cy_cert_stats st;
        if (cy_rules_cycle_cell(b, mark) >= 0) {
            assert_int_equal(cy_certificate_write(s, mark, grundy, tmpl, &st, &err), -1);
            goto next;
        }
        int rc = cy_certificate_write(s, mark, grundy, tmpl, &st, &err);
        if (rc)
            fail_msg("%s: %s", desc, err.msg);
        char line[1024];
        int crc = check_file(tmpl, line, sizeof line);
        if (crc != 0)
            fail_msg("board %s: the checker refuses: %s", desc, line);
        br_game *g = br_new(b);
        assert_non_null(g);
        /* the brute force's answer, in the checker's words */
        char want[128];
        int mover = cy_rules_played(b, mark) % 2 ? 2 : 1;
        if (br_can_complete(g, mark)) {
            snprintf(want, sizeof want, "verified: player %d, to move, wins: they complete cell", mover);
            wins++;
        } else {
            int v = br_grundy(g, mark);
            if (grundy)
                snprintf(want, sizeof want, "verified: player %d, to move, %s (grundy %d)", mover, v ? "wins" : "loses",
                         v);
            else
                snprintf(want, sizeof want, "verified: player %d, to move, %s", mover, v ? "wins" : "loses");
            v ? wins++ : losses++;
            high += v >= 2;
        }
        if (strncmp(line, want, strlen(want)))
            fail_msg("board %s: the checker says \"%s\", the brute force \"%s\"", desc, line, want);
        br_free(g);
        checked++;
    next:
        cy_solver_free(s);
        free(mark);
        cy_board_free(b);
    }
    unlink(tmpl);
    /* the sample reaches both outcomes and values above 1 */
    assert_true(checked >= 60);
    assert_true(wins > 5 && losses > 5 && high > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_boards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
