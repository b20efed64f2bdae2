/*
 * test_surface.c - boards on other closed surfaces (issue 12): the torus
 * grids and the projective-plane K6 against counts made here from their
 * walks and Euler's formula, the validation's refusals, hand-checked
 * positions (a completed cell on the torus wins, one across the wrap-around
 * too, and a cell of the projective plane whose neighbour runs its shared
 * edge the same way), and the engines -- plain, fast with bitboards, fast
 * with sub-games keyed by nauty -- against the separate brute force
 * (tests/brute.c) on small surface boards built by hand, and on torus:3x3
 * and projective-k6 from positions a few moves in (18 and 15 edges: too
 * many for the brute force's 3^E table, so with its hash table).  Boards
 * with parallel edges: the C++ program's SP3, SP5 and SP6 (their standard
 * and misère values also by the brute force's own recursion, the nimbers
 * that program prints), and random multigraphs with random rotations (and
 * twists, for non-orientable surfaces), their faces traced here, through
 * every engine and the brute force; native json's "cell_edges".
 *
 * brute.c and randboard.c are included (a unity build), as in the other
 * tests.
 */
#include "support.h"

#include "brute.c"
#include "randboard.c"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A board from face walks of 1-based vertex numbers, each walk ended by 0. */
static cy_board *from_walks(int nv, const int *w, int surface, int orientable, int genus, cy_error *err)
{
    int *cells[32], len[32], nc = 0;
    int flat[256], k = 0;
    for (int i = 0; w[i] || (i > 0 && w[i - 1]); i++) {
        if (!w[i])
            continue;
        if (i == 0 || !w[i - 1]) {
            cells[nc] = flat + k;
            len[nc++] = 0;
        }
        flat[k++] = w[i] - 1;
        len[nc - 1]++;
    }
    cy_board_desc d = {.nv = nv,
                       .ncells = nc,
                       .cells = (const int *const *)cells,
                       .cell_len = len,
                       .surface = surface,
                       .orientable = orientable,
                       .genus = genus,
                       .name = "hand"};
    return cy_board_from_faces(&d, err);
}

/* Walks of the boards built by hand, each ended by 0, the list by 0 0.
 * Found by tracing the faces of rotation systems (K4, K5, K3,3 on the
 * torus) and by identifying opposite points of the cube (the hemicube, K4
 * on the projective plane). */
static const int K4_TORUS[] = {1, 2, 3, 4, 0, 1, 3, 2, 4, 3, 1, 4, 2, 0, 0};
static const int K5_TORUS[] = {1, 2, 3, 5, 0, 1, 3, 2, 4, 5, 2, 0, 1, 4, 3, 0, 1, 5, 4, 0, 2, 5, 3, 4, 0, 0};
static const int K33_TORUS[] = {1, 4, 2, 5, 3, 6, 0, 1, 5, 2, 6, 3, 4, 0, 1, 6, 2, 4, 3, 5, 0, 0};
static const int HEMICUBE[] = {1, 2, 4, 3, 0, 1, 2, 3, 4, 0, 1, 3, 2, 4, 0, 0};
/* A triangle drawn one-sided in the projective plane: the complement of a
 * one-sided closed curve is one disc, whose walk goes round the curve twice
 * the same way (V - E + F = 3 - 3 + 1 = 1). */
static const int ONE_SIDED_TRIANGLE[] = {1, 2, 3, 1, 2, 3, 0, 0};

/* ------------------------------------------------------------ the model */

/* Counts from the walks alone: every edge (unordered pair) on exactly two
 * walk steps, V - E + F as Euler says for the surface. */
static void check_counts(const cy_board *b, int want_v, int want_e, int want_f, int chi)
{
    assert_int_equal(b->nv, want_v);
    assert_int_equal(b->ne, want_e);
    assert_int_equal(b->ncells, want_f);
    assert_int_equal(cy_face_len(b, b->ncells), 0); /* no outer face */
    int *seen = calloc((size_t)b->nv * (size_t)b->nv, sizeof(int)), steps = 0;
    for (int c = 0; c < b->ncells; c++)
        for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++) {
            int u = cy_tail(b, b->fdarts[i]), v = cy_head(b, b->fdarts[i]);
            int lo = u < v ? u : v, hi = u < v ? v : u;
            seen[lo * b->nv + hi]++;
            steps++;
        }
    /* two steps an edge; more between two vertices only with parallel edges */
    for (int x = 0; x < b->nv * b->nv; x++)
        assert_true(seen[x] % 2 == 0 && (seen[x] <= 2 || b->multi));
    assert_int_equal(steps, 2 * want_e);
    free(seen);
    assert_int_equal(want_v - want_e + want_f, chi);
    assert_int_equal(b->orientable ? 2 - 2 * b->genus : 2 - b->genus, chi);
}

static void test_families(void **state)
{
    (void)state;
    for (int r = 3; r <= 5; r++)
        for (int c = 3; c <= 6; c++) {
            char spec[32];
            snprintf(spec, sizeof spec, "torus:%dx%d", r, c);
            cy_board *b = t_board(spec);
            assert_true(b->surface && b->orientable && b->genus == 1);
            check_counts(b, r * c, 2 * r * c, r * c, 0);
            for (int f = 0; f < b->ncells; f++) {
                assert_int_equal(cy_face_len(b, f), 4);
                assert_true(b->cyclable[f]);
            }
            for (int v = 0; v < b->nv; v++)
                assert_int_equal(cy_degree(b, v), 4);
            cy_board_free(b);
        }
    cy_board *k6 = t_board("projective-k6");
    assert_true(k6->surface && !k6->orientable && k6->genus == 1);
    check_counts(k6, 6, 15, 10, 1);
    for (int v = 0; v < 6; v++)
        assert_int_equal(cy_degree(k6, v), 5); /* K6 */
    /* some edge has both sides along one dart: no way round fits all cells */
    int twisted = 0;
    for (int e = 0; e < k6->ne; e++)
        twisted += k6->sdart[2 * e] == k6->sdart[2 * e + 1];
    assert_true(twisted > 0);
    cy_board_free(k6);

    cy_error err;
    /* two rows have parallel edges: (0,q) and (1,q) joined down and up; one
     * row has loops, each vertex's vertical edge, and its cells walk their
     * horizontal edge twice */
    assert_null(cy_family_build("torus:0x5", &err));
    assert_non_null(strstr(err.msg, "at least 1"));
    cy_board *t15 = t_board("torus:1x5");
    check_counts(t15, 5, 10, 5, 0);
    assert_true(t15->loops);
    for (int v = 0; v < 5; v++)
        assert_int_equal(cy_degree(t15, v), 4);
    for (int c = 0; c < 5; c++)
        assert_false(t15->cyclable[c]);
    cy_board_free(t15);
    cy_board *t25 = t_board("torus:2x5");
    check_counts(t25, 10, 20, 10, 0);
    assert_true(t25->multi);
    for (int v = 0; v < 10; v++) {
        assert_int_equal(cy_degree(t25, v), 4);
        assert_int_equal(cy_board_edge_count(t25, v, (v + 5) % 10), 2);
    }
    cy_board_free(t25);
    assert_null(cy_family_build("projective-k6:3", &err));
}

static void test_hand_boards(void **state)
{
    (void)state;
    cy_error err;
    cy_board *b = from_walks(4, K4_TORUS, 1, 1, 1, &err);
    assert_non_null(b);
    check_counts(b, 4, 6, 2, 0);
    assert_false(b->cyclable[1]); /* the 8-walk uses 1-3 twice */
    cy_board_free(b);
    b = from_walks(5, K5_TORUS, 1, 1, 1, &err);
    assert_non_null(b);
    check_counts(b, 5, 10, 5, 0);
    cy_board_free(b);
    b = from_walks(6, K33_TORUS, 1, 1, 1, &err);
    assert_non_null(b);
    check_counts(b, 6, 9, 3, 0);
    cy_board_free(b);
    b = from_walks(4, HEMICUBE, 1, 0, 1, &err);
    assert_non_null(b);
    check_counts(b, 4, 6, 3, 1);
    cy_board_free(b);
    /* the sphere: the plane's K4 with its outer face as a fourth cell */
    static const int K4_SPHERE[] = {1, 2, 4, 0, 2, 3, 4, 0, 3, 1, 4, 0, 3, 2, 1, 0, 0};
    b = from_walks(4, K4_SPHERE, 1, 1, 0, &err);
    assert_non_null(b);
    check_counts(b, 4, 6, 4, 2);
    cy_board_free(b);
}

/* ------------------------------------------------------------ refusals */

static void refused(const int *w, int nv, int surface, int orientable, int genus, const char *want)
{
    cy_error err = {{0}};
    cy_board *b = from_walks(nv, w, surface, orientable, genus, &err);
    if (b)
        fail_msg("accepted a board that should fail with \"%s\"", want);
    if (!strstr(err.msg, want))
        fail_msg("message \"%s\" lacks \"%s\"", err.msg, want);
}

static void test_refusals(void **state)
{
    (void)state;
    /* Euler: K5's torus faces are no faces of the double torus or the plane */
    refused(K5_TORUS, 5, 1, 1, 2, "V - E + F = 5 - 10 + 5 = 0, but a board on the orientable surface of genus 2 has -2");
    refused(K5_TORUS, 5, 1, 0, 2, "can all be turned the same way round");
    refused(K5_TORUS, 5, 0, 1, 0, "V - E + F");
    /* the hemicube's cells cannot be turned one way round */
    refused(HEMICUBE, 4, 1, 1, 1, "by both");
    refused(HEMICUBE, 4, 1, 0, 2,
            "V - E + F = 4 - 6 + 3 = 1, but a board on the non-orientable surface with 2 crosscaps has 0");
    /* a face left out: an edge with one side */
    static const int K5_MISSING[] = {1, 2, 3, 5, 0, 1, 3, 2, 4, 5, 2, 0, 1, 4, 3, 0, 1, 5, 4, 0, 0};
    refused(K5_MISSING, 5, 1, 1, 1, "lies on only one face side");
    static const int HEMI_MISSING[] = {1, 2, 4, 3, 0, 1, 2, 3, 4, 0, 0};
    refused(HEMI_MISSING, 4, 1, 0, 1, "lies on only one face side");
    /* an edge on three sides */
    static const int HEMI_EXTRA[] = {1, 2, 4, 3, 0, 1, 2, 3, 4, 0, 1, 3, 2, 4, 0, 1, 2, 4, 0, 0};
    refused(HEMI_EXTRA, 4, 1, 0, 1, "more than two face sides");
    /* two hemicubes pinched at vertex 1: Euler holds (7 - 12 + 6 = 1), but
     * round vertex 1 the faces make two discs */
    static const int PINCHED[] = {1, 2, 4, 3, 0, 1, 2, 3, 4, 0, 1, 3, 2, 4, 0, 1,
                                  5, 7, 6, 0, 1, 5, 6, 7, 0, 1, 6, 5, 7, 0, 0};
    refused(PINCHED, 7, 1, 0, 1, "do not close up into one disc");
    refused(HEMICUBE, 4, 1, 0, 0, "crosscap number");
    refused(K5_TORUS, 5, 1, 1, -1, "genus");
    /* an outer face with a surface */
    cy_error err;
    int w[3] = {0, 1, 2}, o[3] = {2, 1, 0}, l = 3;
    const int *cells[1] = {w};
    cy_board_desc d = {.nv = 3,
                       .ncells = 1,
                       .cells = cells,
                       .cell_len = &l,
                       .outer = o,
                       .outer_len = 3,
                       .surface = 1,
                       .orientable = 1,
                       .genus = 0};
    assert_null(cy_board_from_faces(&d, &err));
    assert_non_null(strstr(err.msg, "no outer face"));
}

/* ------------------------------------------------------ hand-checked positions */

/* The position after moves on spec, and the cell the move completes. */
static int completes_after(const char *spec, const char *moves, const char *move, cy_analysis *a)
{
    cy_board *b = t_board(spec);
    cy_error err;
    unsigned char *mark = calloc((size_t)b->ne, 1);
    int *darts, n;
    assert_int_equal(cy_moves_parse(b, moves, &darts, &n, &err), 0);
    assert_int_equal(cy_moves_play(b, mark, darts, n, &err), 0);
    free(darts);
    assert_int_equal(cy_moves_parse(b, move, &darts, &n, &err), 0);
    int c = cy_rules_completes(b, mark, darts[0]);
    cy_solver_opts o = {.threads = 1};
    cy_solver *s = cy_solver_new(b, &o, &err);
    assert_int_equal(cy_analyse(s, mark, a, &err), 0);
    int found = 0;
    for (int i = 0; i < a->nwin; i++)
        found |= a->winning[i] == darts[0];
    assert_true(found);
    free(darts);
    cy_solver_free(s);
    free(mark);
    cy_board_free(b);
    return c;
}

static void test_hand_positions(void **state)
{
    (void)state;
    cy_analysis a;
    /* torus:3x3, cell 1 is 1 2 5 4: three of its arrows one way round, so
     * player 2 completes it with 4->1 and wins at once */
    assert_int_equal(completes_after("torus:3x3", "1->2 2->5 5->4", "4->1", &a), 0);
    assert_int_equal(a.outcome, 'N');
    assert_int_equal(a.winner, 2);
    assert_int_equal(a.grundy, -1);
    cy_analysis_free(&a);
    /* cell 9 is 9 7 1 3: every edge of it wraps round the torus */
    assert_int_equal(completes_after("torus:3x3", "9->7 7->1 1->3", "3->9", &a), 8);
    assert_int_equal(a.winner, 2);
    cy_analysis_free(&a);
    /* projective-k6, cell 6 is 2 3 5: 2->3 and 3->5 leave 5->2 */
    assert_int_equal(completes_after("projective-k6", "2->3 3->5", "5->2", &a), 5);
    assert_int_equal(a.winner, 1);
    cy_analysis_free(&a);

    /* on the projective plane cells 1 2 3 and 2 3 5 both walk 2->3 (no way
     * round fits both), so 3->2 runs against both walks: after 1->3 and
     * 2->1 it closes 1 2 3 the other way round, 3->2->1->3 */
    cy_board *b = t_board("projective-k6");
    cy_error err;
    unsigned char mark[15] = {0};
    int *darts, n;
    assert_int_equal(cy_moves_parse(b, "1->3 2->1 3->2", &darts, &n, &err), 0);
    assert_int_equal(cy_moves_play(b, mark, darts, 2, &err), 0);
    assert_int_equal(cy_rules_completes(b, mark, darts[2]), 0);
    assert_int_equal(cy_moves_play(b, mark, darts + 2, 1, &err), 0);
    assert_int_equal(cy_rules_cycle_cell(b, mark), 0);
    free(darts);
    cy_board_free(b);
}

/* ------------------------------------------------------------- engines */

static const cy_solver_opts ENGINES[] = {
    {.engine = CY_ENGINE_PLAIN, .threads = 1, .memory = 64u << 20},
    /* the bitboard table of 3^E bytes is mapped lazily: 18 edges fit */
    {.engine = CY_ENGINE_FAST, .threads = 1, .memory = 512u << 20},
    {.engine = CY_ENGINE_FAST, .threads = 1, .memory = 64u << 20, .no_bitboard = 1},
    {.engine = CY_ENGINE_FAST, .threads = 1, .memory = 64u << 20, .no_bitboard = 1, .no_decompose = 1},
};

/* Whether every move of x[0..n) is among y[0..n). */
static int same_moves(const int *x, const int *y, int n)
{
    for (int i = 0; i < n; i++) {
        int found = 0;
        for (int j = 0; j < n; j++)
            found |= x[i] == y[j];
        if (!found)
            return 0;
    }
    return 1;
}
#define NENGINES (int)(sizeof ENGINES / sizeof ENGINES[0])

/* The outcome, Grundy value and winning moves of each engine at mark. */
static void engines_agree(const cy_board *b, cy_solver **s, const unsigned char *mark, br_game *g, const char *what)
{
    cy_error err;
    cy_analysis want;
    unsigned char *m = malloc((size_t)b->ne);
    memcpy(m, mark, (size_t)b->ne);
    assert_int_equal(cy_analyse(s[0], mark, &want, &err), 0);
    if (g) {
        int wins = br_wins(g, m);
        if (wins != (want.outcome == 'N'))
            fail_msg("%s: brute force says %s, the plain engine %c", what, wins ? "N" : "P", want.outcome);
        int w[128];
        int nw = br_winning_moves(g, m, w);
        if (nw != want.nwin || !same_moves(w, want.winning, nw))
            fail_msg("%s: brute force and the plain engine differ in the winning moves", what);
        if (!br_can_complete(g, m) && !br_has_cycle_cell(g, m))
            assert_int_equal(br_grundy(g, m), want.grundy);
    }
    for (int k = 1; k < NENGINES; k++) {
        cy_analysis a;
        assert_int_equal(cy_analyse(s[k], mark, &a, &err), 0);
        if (a.outcome != want.outcome || a.grundy != want.grundy || a.nwin != want.nwin)
            fail_msg("%s: engine %d says %c grundy %d (%d winning moves), the plain engine %c %d (%d)", what, k,
                     a.outcome, a.grundy, a.nwin, want.outcome, want.grundy, want.nwin);
        if (!same_moves(a.winning, want.winning, a.nwin))
            fail_msg("%s: engine %d and the plain engine differ in the winning moves", what, k);
        cy_analysis_free(&a);
    }
    cy_analysis_free(&want);
    free(m);
}

/* Random positions of b (at least min_played moves in, by legal moves of the
 * brute force's own rules) through every engine and the brute force. */
static int random_positions(const cy_board *b, const char *name, int rounds, int min_played, int max_played)
{
    int checked = 0;
    cy_error err;
    cy_solver *s[NENGINES];
    for (int k = 0; k < NENGINES; k++) {
        s[k] = cy_solver_new(b, &ENGINES[k], &err);
        assert_non_null(s[k]);
    }
    /* the brute force's 3^E table up to 13 edges, its hash table above */
    br_game *g = b->ne <= BR_MAX_EDGES ? br_new(b) : br_new_sparse(b);
    assert_non_null(g);
    rb_rng rng = {7};
    unsigned char *mark = calloc((size_t)b->ne, 1);
    int *moves = malloc(sizeof(int) * 2 * (size_t)b->ne);
    for (int r = 0; r < rounds; r++) {
        memset(mark, 0, (size_t)b->ne);
        int want = min_played + rb_below(&rng, max_played - min_played + 1);
        for (int i = 0; i < want; i++) {
            if (cy_rules_cycle_cell(b, mark) >= 0)
                break;
            int n = br_legal_moves(g, mark, moves);
            if (!n)
                break;
            int d = moves[rb_below(&rng, n)];
            mark[cy_dart_edge(d)] = (unsigned char)cy_dart_mark(d);
        }
        if (cy_rules_played(b, mark) < min_played)
            continue;
        char what[160];
        snprintf(what, sizeof what, "%s after %d moves (round %d)", name, cy_rules_played(b, mark), r);
        engines_agree(b, s, mark, g, what);
        checked++;
    }
    free(moves);
    free(mark);
    br_free(g);
    for (int k = 0; k < NENGINES; k++)
        cy_solver_free(s[k]);
    return checked;
}

static void test_engines_brute(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        const int *w;
        int nv, orientable;
    } boards[] = {
        {"K4 on the torus", K4_TORUS, 4, 1},
        {"K5 on the torus", K5_TORUS, 5, 1},
        {"K3,3 on the torus", K33_TORUS, 6, 1},
        {"the hemicube", HEMICUBE, 4, 0},
        {"the one-sided triangle", ONE_SIDED_TRIANGLE, 3, 0},
    };
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
        cy_error err;
        cy_board *b = from_walks(boards[i].nv, boards[i].w, 1, boards[i].orientable, 1, &err);
        assert_non_null(b);
        assert_true(random_positions(b, boards[i].name, 40, 0, 5) >= 30);
        cy_board_free(b);
    }
}

/* The cycle-cell test of the rules (cy_rules_cell, cy_rules_cycle_cell)
 * against the brute force's own on every marking of the hand boards: on the
 * one-sided triangle the walk runs along every edge twice the same way, so
 * a cell the rules never count as a cycle cell has all its arrows along. */
static void test_cycle_cells_every_marking(void **state)
{
    (void)state;
    static const struct {
        const int *w;
        int nv, orientable;
    } boards[] = {{K4_TORUS, 4, 1}, {K5_TORUS, 5, 1}, {K33_TORUS, 6, 1}, {HEMICUBE, 4, 0}, {ONE_SIDED_TRIANGLE, 3, 0}};
    int never = 0;
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
        cy_error err;
        cy_board *b = from_walks(boards[i].nv, boards[i].w, 1, boards[i].orientable, 1, &err);
        assert_non_null(b);
        br_game *g = br_new(b);
        assert_non_null(g);
        unsigned char mark[BR_MAX_EDGES] = {0};
        for (;;) {
            int first = -1;
            for (int c = 0; c < b->ncells; c++) {
                int want = br_is_cycle_cell(g, mark, c);
                if ((cy_rules_cell(b, mark, c, NULL) == CY_CELL_CYCLE) != want)
                    fail_msg("board %zu, cell %d: the rules and the brute force differ on whether it is a cycle cell",
                             i, c);
                if (want && first < 0)
                    first = c;
                /* every edge marked, each along the walk each time it is walked */
                int along = 1;
                for (int k = b->fstart[c]; k < b->fstart[c + 1]; k++) {
                    int d = b->fdarts[k];
                    along &= mark[cy_dart_edge(d)] == cy_dart_mark(d);
                }
                never += along && !b->cyclable[c];
            }
            assert_int_equal(cy_rules_cycle_cell(b, mark), first);
            int e = 0; /* the next marking, counting in base 3 */
            while (e < b->ne && mark[e] == 2)
                mark[e++] = 0;
            if (e == b->ne)
                break;
            mark[e]++;
        }
        br_free(g);
        cy_board_free(b);
    }
    assert_true(never > 0); /* the one-sided triangle's walk, arrows all along */
}
static void their_values_agree(const cy_board *b, const char *name);

static void test_engines_torus(void **state)
{
    (void)state;
    /* 18 edges: from 6 to 9 moves in (the brute force's hash table) */
    cy_board *b = t_board("torus:3x3");
    assert_true(random_positions(b, "torus:3x3", 12, 6, 9) >= 8);
    cy_board_free(b);
    /* two rows: parallel edges; through every engine and the brute force */
    static const char *const small[] = {"torus:2x2", "torus:2x3", "torus:3x2", "torus:1x1", "torus:1x4", "torus:2x1"};
    for (int i = 0; i < 6; i++) {
        b = t_board(small[i]);
        assert_true(b->multi);
        assert_true(random_positions(b, small[i], 20, 0, b->ne / 2) >= 15);
        their_values_agree(b, small[i]);
        cy_board_free(b);
    }
    /* the projective-plane K6 (15 edges) from 4 moves in */
    b = t_board("projective-k6");
    assert_true(random_positions(b, "projective-k6", 10, 4, 7) >= 6);
    cy_board_free(b);
}

/* ------------------------------------- BennTaylor's torus boards, multigraphs */

/* The nimber BennTaylor/Game-of-Cycles prints, from the brute force's rules
 * alone: a finished game (a cycle cell, or no legal move) is worth misere
 * (0 normal play, 1 misère), any other position the mex of the values after
 * its legal moves.  memo: 3^E entries, -1 unknown. */
static int br_their_value(br_game *g, const cy_board *b, unsigned char *m, int misere, signed char *memo)
{
    size_t idx = 0;
    for (int e = b->ne - 1; e >= 0; e--)
        idx = idx * 3 + m[e];
    if (memo[idx] >= 0)
        return memo[idx];
    int mv[2 * BR_MAX_EDGES], n = br_has_cycle_cell(g, m) ? 0 : br_legal_moves(g, m, mv);
    unsigned long long seen = 0;
    for (int i = 0; i < n; i++) {
        m[mv[i] / 2] = (unsigned char)(mv[i] % 2 ? CY_BWD : CY_FWD);
        seen |= 1ull << br_their_value(g, b, m, misere, memo);
        m[mv[i] / 2] = CY_UNMARKED;
    }
    int v = n ? 0 : misere;
    while (n && (seen >> v & 1))
        v++;
    return memo[idx] = (signed char)v;
}

/* Two memos for br_their_value (normal play, misère) of 3^E entries, every
 * one unknown (-1); returns 3^E. */
static size_t new_memos(const cy_board *b, signed char *memo[2])
{
    size_t n3 = 1;
    for (int e = 0; e < b->ne; e++)
        n3 *= 3;
    for (int k = 0; k < 2; k++) {
        memo[k] = malloc(n3);
        memset(memo[k], -1, n3);
    }
    return n3;
}

/* Standard and misère values of b at a few positions: the engines' winner
 * (cy_analyse) and misère value (cy_vsearch) against the brute force. */
static void their_values_agree(const cy_board *b, const char *name)
{
    signed char *memo[2];
    new_memos(b, memo);
    br_game *g = br_new(b);
    assert_non_null(g);
    cy_error err;
    cy_solver *s = cy_solver_new(b, &ENGINES[1], &err);
    cy_rules mis = {CY_RULES_MISERE, 0, 2};
    cy_vsearch *v = cy_vsearch_new(b, &mis, NULL, &err);
    assert_non_null(s);
    assert_non_null(v);
    rb_rng rng = {11};
    unsigned char *m = calloc((size_t)b->ne, 1);
    int mv[2 * BR_MAX_EDGES];
    for (int r = 0; r < 30; r++) {
        memset(m, 0, (size_t)b->ne);
        int k = r == 0 ? 0 : rb_below(&rng, b->ne / 2 + 1);
        for (int i = 0; i < k && !br_has_cycle_cell(g, m); i++) {
            int n = br_legal_moves(g, m, mv);
            if (!n)
                break;
            int d = mv[rb_below(&rng, n)];
            m[d / 2] = (unsigned char)(d % 2 ? CY_BWD : CY_FWD);
        }
        int normal = br_their_value(g, b, m, 0, memo[0]), misere = br_their_value(g, b, m, 1, memo[1]);
        cy_analysis a;
        assert_int_equal(cy_analyse(s, m, &a, &err), 0);
        if ((a.outcome == 'N') != (normal != 0))
            fail_msg("%s (round %d): the brute force's normal-play nimber is %d, the engine says %c", name, r, normal,
                     a.outcome);
        cy_analysis_free(&a);
        int val = -1;
        assert_int_equal(cy_vsearch_value(v, m, &val), 0);
        if (val != misere)
            fail_msg("%s (round %d): the brute force's misère nimber is %d, the engine's %d", name, r, misere, val);
    }
    free(m);
    cy_vsearch_free(v);
    cy_solver_free(s);
    br_free(g);
    free(memo[0]);
    free(memo[1]);
}

/* The C++ program's SP boards (tests/data/benntaylor): SP5 (K5) and SP6 on
 * the torus, SP3 on the torus with every pair of its three vertices joined
 * twice.  Read as boards on the torus, they go through every engine and the
 * brute force, and their standard and misère values through the brute
 * force's own recursion. */
static void test_benntaylor_torus(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        int nv, ne, multi;
    } t[] = {
        {"benntaylor/SP3_encoding.txt", 3, 6, 1},
        {"benntaylor/SP5_encoding.txt", 5, 10, 0},
        {"benntaylor/SP6_encoding.txt", 6, 12, 0},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        cy_board *b = t_board(t_data_path(t[i].file));
        /* every listed cycle a cell, V - E + F = 0: the torus */
        check_counts(b, t[i].nv, t[i].ne, t[i].nv, 0);
        assert_int_equal(b->surface, 1);
        assert_int_equal(b->orientable, 1);
        assert_int_equal(b->genus, 1);
        assert_int_equal(b->multi, t[i].multi);
        assert_true(random_positions(b, t[i].file, 30, 0, t[i].ne / 2) >= 20);
        their_values_agree(b, t[i].file);
        cy_board_free(b);
    }
}

/* Marks every position reachable from m (by the brute force's legal moves,
 * none after a cycle cell) in seen (3^E entries); returns how many. */
static int br_reach(br_game *g, const cy_board *b, unsigned char *m, unsigned char *seen)
{
    size_t idx = 0;
    for (int e = b->ne - 1; e >= 0; e--)
        idx = idx * 3 + m[e];
    if (seen[idx])
        return 0;
    seen[idx] = 1;
    int n = 1, mv[2 * BR_MAX_EDGES], k = br_has_cycle_cell(g, m) ? 0 : br_legal_moves(g, m, mv);
    for (int i = 0; i < k; i++) {
        m[mv[i] / 2] = (unsigned char)(mv[i] % 2 ? CY_BWD : CY_FWD);
        n += br_reach(g, b, m, seen);
        m[mv[i] / 2] = CY_UNMARKED;
    }
    return n;
}

/* Boards with loops, written here (tests/data/benntaylor-loops, each with
 * the normal and misère nimber of every state reachable in the game tree of
 * the C++ program BennTaylor/Game-of-Cycles, which plays loops: its own
 * output, see the README there): one vertex with two loops on the torus,
 * loops and ordinary edges on the torus, a loop round a one-edge cell on the
 * sphere.  The same states are reachable by the brute force's rules (its own
 * handling of loops), whose values agree with theirs, and so do every
 * engine's (cy_analyse, with the brute force's outcomes and winning moves)
 * and the misère value of cy_vsearch, state by state. */
static void test_benntaylor_loops(void **state)
{
    (void)state;
    static const char *const names[] = {"two-loops", "loops-and-edges", "loops-three-cells", "loop-sphere",
                                        "loop-triangle"};
    for (size_t f = 0; f < sizeof names / sizeof names[0]; f++) {
        char path[128], what[160];
        snprintf(path, sizeof path, "benntaylor-loops/%s.txt", names[f]);
        cy_board *b = t_board(t_data_path(path));
        assert_true(b->surface && b->loops && b->multi);
        size_t len;
        /* their digit 1 marks edge e from the first vertex of its line to the
         * second (on a loop: as the cells' +e), ours from eu[e] */
        char *file = t_read_file(t_data_path(path), &len), *at = strstr(file, "EDGES");
        unsigned char swap[BR_MAX_EDGES];
        for (int e = 0; e < b->ne; e++) {
            int u, w;
            at = strchr(at, '\n') + 1;
            assert_int_equal(sscanf(at, "%d %d", &u, &w), 2);
            assert_true((b->eu[e] == u && b->ev[e] == w) || (b->eu[e] == w && b->ev[e] == u));
            swap[e] = b->eu[e] != u;
        }
        free(file);
        snprintf(path, sizeof path, "benntaylor-loops/%s.nimbers", names[f]);
        char *text = t_read_file(t_data_path(path), &len);
        signed char *memo[2];
        size_t n3 = new_memos(b, memo);
        unsigned char *seen = calloc(n3, 1), m[BR_MAX_EDGES];
        br_game *g = br_new(b);
        assert_non_null(g);
        memset(m, 0, sizeof m);
        int reachable = br_reach(g, b, m, seen), lines = 0;
        cy_error err;
        cy_solver *sv[NENGINES];
        for (int k = 0; k < NENGINES; k++)
            assert_non_null(sv[k] = cy_solver_new(b, &ENGINES[k], &err));
        cy_rules mis = {CY_RULES_MISERE, 0, 2};
        cy_vsearch *v = cy_vsearch_new(b, &mis, NULL, &err);
        assert_non_null(v);
        for (char *p = text, *nl; *p; p = nl + 1) {
            nl = strchr(p, '\n');
            assert_non_null(nl);
            char digits[BR_MAX_EDGES + 1];
            int normal, misere;
            assert_int_equal(sscanf(p, "%13s %d %d", digits, &normal, &misere), 3);
            assert_int_equal((int)strlen(digits), b->ne);
            size_t idx = 0;
            for (int e = b->ne - 1; e >= 0; e--) {
                m[e] = (unsigned char)(digits[e] - '0');
                if (swap[e] && m[e])
                    m[e] = (unsigned char)(3 - m[e]);
                idx = idx * 3 + m[e];
            }
            snprintf(what, sizeof what, "%s state %s", names[f], digits);
            if (!seen[idx])
                fail_msg("%s: their program reaches it, the brute force does not", what);
            lines++;
            int bn = br_their_value(g, b, m, 0, memo[0]), bm = br_their_value(g, b, m, 1, memo[1]);
            if (bn != normal || bm != misere)
                fail_msg("%s: their nimbers %d and %d (misère), the brute force's %d and %d", what, normal, misere, bn,
                         bm);
            engines_agree(b, sv, m, g, what);
            cy_analysis a;
            assert_int_equal(cy_analyse(sv[1], m, &a, &err), 0);
            if ((a.outcome == 'N') != (normal != 0))
                fail_msg("%s: their nimber is %d, the engine says %c", what, normal, a.outcome);
            cy_analysis_free(&a);
            int val = -1;
            assert_int_equal(cy_vsearch_value(v, m, &val), 0);
            if (val != misere)
                fail_msg("%s: their misère nimber is %d, cy_vsearch's %d", what, misere, val);
        }
        if (lines != reachable)
            fail_msg("%s: their program reaches %d states, the brute force %d", names[f], lines, reachable);
        cy_vsearch_free(v);
        for (int k = 0; k < NENGINES; k++)
            cy_solver_free(sv[k]);
        br_free(g);
        free(seen);
        free(memo[0]);
        free(memo[1]);
        free(text);
        cy_board_free(b);
    }
}

/* The number of cells of b that can ever be cycle cells. */
static int cyclable_cells(const cy_board *b)
{
    int n = 0;
    for (int c = 0; c < b->ncells; c++)
        n += b->cyclable[c];
    return n;
}

/* A random connected loopless multigraph of nv vertices (at most 8) and ne
 * edges (at most 16, nv - 1 of them a spanning tree, the others between any
 * two different vertices, so some parallel), each edge twisted or not at
 * random when twists, with the ends of the edges round each vertex in a
 * random order: end x = 2e + k is end k of edge e (k = 0 at eu), at vertex
 * m->eu or m->ev, and the ends at v are rot[at[v] .. at[v] + deg[v]). */
typedef struct rmap {
    int nv, ne, eu[16], ev[16], tw[16], deg[8], at[8], rot[32];
} rmap;

static void rmap_draw(rb_rng *r, int nv, int ne, int twists, rmap *m)
{
    memset(m, 0, sizeof *m);
    m->nv = nv;
    m->ne = ne;
    for (int e = 0; e < ne; e++) {
        m->eu[e] = e < nv - 1 ? rb_below(r, e + 1) : rb_below(r, nv);
        m->ev[e] = e < nv - 1 ? e + 1 : (m->eu[e] + 1 + rb_below(r, nv - 1)) % nv;
        if (twists)
            m->tw[e] = rb_below(r, 2);
        m->deg[m->eu[e]]++;
        m->deg[m->ev[e]]++;
    }
    for (int v = 1; v < nv; v++)
        m->at[v] = m->at[v - 1] + m->deg[v - 1];
    int fill[8];
    memcpy(fill, m->at, sizeof fill);
    for (int x = 0; x < 2 * ne; x++)
        m->rot[fill[x % 2 ? m->ev[x / 2] : m->eu[x / 2]]++] = x;
    for (int v = 0; v < nv; v++)
        for (int i = m->deg[v] - 1; i > 0; i--) {
            int j = rb_below(r, i + 1), t = m->rot[m->at[v] + i];
            m->rot[m->at[v] + i] = m->rot[m->at[v] + j];
            m->rot[m->at[v] + j] = t;
        }
}

/* The faces traced from a map: walks of vertices, and of edges (names). */
typedef struct rfaces {
    int flat[64], names[64], *cells[32], *cnames[32], len[32], nc, k;
} rfaces;

/* Starts a new face in f. */
static void rfaces_open(rfaces *f)
{
    f->cells[f->nc] = f->flat + f->k;
    f->cnames[f->nc] = f->names + f->k;
    f->len[f->nc++] = 0;
}

/* Adds to the face being traced a step from vertex v along edge e. */
static void rfaces_step(rfaces *f, int v, int e)
{
    f->flat[f->k] = v;
    f->names[f->k++] = e;
    f->len[f->nc - 1]++;
}

/* The board of map m with faces f as its cells, on the orientable surface
 * or the non-orientable one Euler's formula gives; desc describes it. */
static cy_board *rmap_board(const rmap *m, rfaces *f, const unsigned char *special, int orientable, char *desc, size_t dn)
{
    int ends[32], chi = m->nv - m->ne + f->nc;
    for (int e = 0; e < m->ne; e++) {
        ends[2 * e] = m->eu[e];
        ends[2 * e + 1] = m->ev[e];
    }
    int genus = orientable ? (2 - chi) / 2 : 2 - chi;
    size_t o = (size_t)snprintf(desc, dn, "%d vertices, %s %d, edges", m->nv, orientable ? "genus" : "crosscaps", genus);
    for (int e = 0; e < m->ne && o < dn; e++)
        o += (size_t)snprintf(desc + o, dn - o, " %d-%d%s", m->eu[e], m->ev[e], m->tw[e] ? "~" : "");
    if (orientable)
        assert_int_equal(chi % 2, 0);
    cy_error err;
    cy_board_desc dd = {.nv = m->nv,
                        .ncells = f->nc,
                        .cells = (const int *const *)f->cells,
                        .cell_len = f->len,
                        .special = special,
                        .surface = 1,
                        .orientable = orientable,
                        .genus = genus,
                        .cell_edges = (const int *const *)f->cnames,
                        .edge_ends = ends,
                        .name = "random"};
    cy_board *b = cy_board_from_faces(&dd, &err);
    if (!b)
        fail_msg("%s: refused: %s", desc, err.msg);
    return b;
}

/* A random board with parallel edges on an orientable surface: a random
 * map (rmap_draw) whose faces, traced from the rotations, are the cells, the
 * genus following from Euler's formula.  Some vertices are made special. */
static cy_board *random_multi(rb_rng *r, int nv, int ne, char *desc, size_t dn)
{
    rmap m;
    rmap_draw(r, nv, ne, 0, &m);
    /* darts are ends: 2e runs eu -> ev.  The face after dart d: the dart
     * after d's reverse round d's head */
    int next[32], seen[32] = {0};
    for (int v = 0; v < nv; v++)
        for (int i = 0; i < m.deg[v]; i++)
            next[m.rot[m.at[v] + i] ^ 1] = m.rot[m.at[v] + (i + 1) % m.deg[v]];
    rfaces f = {.nc = 0};
    for (int d0 = 0; d0 < 2 * ne; d0++) {
        if (seen[d0])
            continue;
        rfaces_open(&f);
        for (int d = d0; !seen[d]; d = next[d]) {
            seen[d] = 1;
            rfaces_step(&f, d % 2 ? m.ev[d / 2] : m.eu[d / 2], d / 2);
        }
    }
    unsigned char special[8];
    for (int v = 0; v < nv; v++)
        special[v] = rb_below(r, 5) == 0;
    return rmap_board(&m, &f, special, 1, desc, dn);
}

/* A random board with parallel edges on a non-orientable surface, or NULL
 * when the draw is orientable: a random map with twisted edges (a signed
 * rotation system, rmap_draw).  Its faces are traced on the flags: flag
 * (e, k, s) is end k of edge e on side s; r0 moves to the other end (the
 * side changes unless e is twisted), r1 to the next end round the vertex
 * on that side (s = 1: the next in the rotation, s = 0: the one before),
 * landing on its other side.  Each face is one cycle of r0, r1 alternately,
 * its walk the ends r0 leaves from.  The surface is orientable exactly when
 * the flags split in two classes that r0, r1 and r2 (the side switch) all
 * swap; the crosscap number follows from Euler's formula. */
static cy_board *random_twisted(rb_rng *r, int nv, int ne, char *desc, size_t dn)
{
    rmap m;
    rmap_draw(r, nv, ne, 1, &m);
    int pos[32];
    for (int v = 0; v < nv; v++)
        for (int i = 0; i < m.deg[v]; i++)
            pos[m.rot[m.at[v] + i]] = i;
            /* flag f = 2x + s for end x */
#define END_V(x) ((x) % 2 ? m.ev[(x) / 2] : m.eu[(x) / 2])
    int r0[64], r1[64], colour[64], seen[64] = {0};
    for (int x = 0; x < 2 * ne; x++)
        for (int s = 0; s < 2; s++) {
            int v = END_V(x), d = m.deg[v];
            r0[2 * x + s] = 2 * (x ^ 1) + (m.tw[x / 2] ? s : 1 - s);
            int y = m.rot[m.at[v] + (pos[x] + (s ? 1 : d - 1)) % d];
            r1[2 * x + s] = 2 * y + 1 - s;
        }
    /* orientable: a 2-colouring that every involution swaps */
    int orientable = 1, queue[64];
    for (int f = 0; f < 4 * ne; f++)
        colour[f] = -1;
    for (int f0 = 0; f0 < 4 * ne; f0++) {
        if (colour[f0] >= 0)
            continue;
        int qh = 0, qt = 0;
        colour[f0] = 0;
        queue[qt++] = f0;
        while (qh < qt) {
            int f = queue[qh++], nb[3] = {r0[f], r1[f], f ^ 1};
            for (int i = 0; i < 3; i++) {
                if (colour[nb[i]] < 0) {
                    colour[nb[i]] = !colour[f];
                    queue[qt++] = nb[i];
                } else if (colour[nb[i]] == colour[f])
                    orientable = 0;
            }
        }
    }
    if (orientable)
        return NULL;
    rfaces fc = {.nc = 0};
    for (int f0 = 0; f0 < 4 * ne; f0++) {
        if (seen[f0])
            continue;
        rfaces_open(&fc);
        int f = f0;
        do {
            seen[f] = seen[r0[f]] = 1;
            rfaces_step(&fc, END_V(f / 2), f / 4);
            f = r1[r0[f]];
        } while (f != f0);
    }
#undef END_V
    return rmap_board(&m, &fc, NULL, 0, desc, dn);
}

/* Random surface boards with parallel edges through every engine and the
 * brute force. */
static void test_engines_multigraphs(void **state)
{
    (void)state;
    rb_rng r = {2026};
    int multi = 0;
    for (int i = 0; i < 40; i++) {
        int nv = 2 + rb_below(&r, 4), ne = nv + rb_below(&r, 11 - nv);
        char desc[256];
        cy_board *b = random_multi(&r, nv, ne, desc, sizeof desc);
        /* random rotations give few faces on a surface of high genus: most
         * draws are kept only when the torus or the sphere holds them with
         * two cells that can cycle */
        for (int tries = 0; i % 4 && tries < 5000 && (b->genus > 1 || cyclable_cells(b) < 2); tries++) {
            cy_board_free(b);
            b = random_multi(&r, nv, ne, desc, sizeof desc);
        }
        multi += b->multi;
        check_counts(b, nv, ne, b->ncells, 2 - 2 * b->genus);
        random_positions(b, desc, 8, 0, ne / 2);
        cy_board_free(b);
    }
    assert_true(multi >= 20);
    /* and on non-orientable surfaces */
    int twisted = 0;
    multi = 0;
    for (int i = 0; i < 80 && twisted < 30; i++) {
        int nv = 2 + rb_below(&r, 4), ne = nv + rb_below(&r, 11 - nv);
        char desc[256];
        cy_board *b = random_twisted(&r, nv, ne, desc, sizeof desc);
        /* likewise: most kept only with at most 2 crosscaps, 2 cells that cycle */
        for (int tries = 0; i % 4 && tries < 5000 && (!b || b->genus > 2 || cyclable_cells(b) < 2); tries++) {
            cy_board_free(b);
            b = random_twisted(&r, nv, ne, desc, sizeof desc);
        }
        if (!b)
            continue;
        twisted++;
        multi += b->multi;
        check_counts(b, nv, ne, b->ncells, 2 - b->genus);
        random_positions(b, desc, 8, 0, ne / 2);
        cy_board_free(b);
    }
    assert_true(twisted >= 20 && multi >= 10);
}

/* ------------------------------------------------------------- formats */

/* "cell_edges" in native json: refused unless one edge number a step, and
 * parallel edges refused without it (two digons on one pair of vertices) */
static void test_json_cell_edges(void **state)
{
    (void)state;
    static const char *bad[][2] = {
        {"{\"vertices\": [\"a\", \"b\"], \"cells\": [[\"a\", \"b\"], [\"b\", \"a\"]], "
         "\"surface\": {\"orientable\": true, \"genus\": 0}, \"cell_edges\": [[0, 1]]}",
         "one list of edge numbers for each cell"},
        {"{\"vertices\": [\"a\", \"b\"], \"cells\": [[\"a\", \"b\"], [\"b\", \"a\"]], "
         "\"surface\": {\"orientable\": true, \"genus\": 0}, \"cell_edges\": [[0, 1], [1]]}",
         "not a list of 2 edge numbers"},
        {"{\"vertices\": [\"a\", \"b\"], \"cells\": [[\"a\", \"b\"], [\"b\", \"a\"]], "
         "\"surface\": {\"orientable\": true, \"genus\": 0}, \"cell_edges\": [[0, 1], [1, 9]]}",
         "not an edge number from 0 to 3"},
        {"{\"vertices\": [\"a\", \"b\"], \"cells\": [[\"a\", \"b\"], [\"b\", \"a\"]], "
         "\"surface\": {\"orientable\": true, \"genus\": 0}, \"cell_edges\": [[0, 1], [1, 2]]}",
         "edge e1 (a-b) is walked from b to a by both cell 1 and cell 2"},
        {"{\"vertices\": [\"a\", \"b\", \"c\"], \"cells\": [[\"a\", \"b\", \"c\"]], "
         "\"outer\": [\"c\", \"b\", \"a\"], \"cell_edges\": [[0, 1, 2]]}",
         "the outer face does not"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cy_error err;
        cy_board *b = cy_read_board(bad[i][0], strlen(bad[i][0]), CY_FMT_AUTO, NULL, &err);
        if (b)
            fail_msg("read: %s", bad[i][0]);
        if (!strstr(err.msg, bad[i][1]))
            fail_msg("\"%s\" does not say \"%s\"", err.msg, bad[i][1]);
    }
    /* the same two digons with their edges named: the sphere, parallel edges */
    const char *ok = "{\"vertices\": [\"a\", \"b\"], \"cells\": [[\"a\", \"b\"], [\"b\", \"a\"]], "
                     "\"surface\": {\"orientable\": true, \"genus\": 0}, \"cell_edges\": [[0, 1], [0, 1]]}";
    cy_error err;
    cy_board *b = cy_read_board(ok, strlen(ok), CY_FMT_AUTO, NULL, &err);
    if (!b)
        fail_msg("%s", err.msg);
    assert_true(b->multi && b->ne == 2 && b->surface && b->genus == 0);
    cy_board_free(b);
}

static void test_json_round_trip(void **state)
{
    (void)state;
    const char *specs[] = {"torus:3x4", "projective-k6", "benntaylor/SP3_encoding.txt"};
    for (int i = 0; i < 3; i++) {
        cy_board *b = t_board(i < 2 ? specs[i] : t_data_path(specs[i]));
        cy_error err;
        char *s = cy_write_board(b, NULL, CY_FMT_JSON, &err);
        assert_non_null(s);
        assert_non_null(strstr(s, "\"surface\""));
        assert_null(strstr(s, "\"outer\""));
        cy_board *c = cy_read_board(s, strlen(s), CY_FMT_AUTO, NULL, &err);
        assert_non_null(c);
        assert_int_equal(c->surface, 1);
        assert_int_equal(c->orientable, b->orientable);
        assert_int_equal(c->genus, b->genus);
        assert_int_equal(c->ncells, b->ncells);
        assert_int_equal(c->multi, b->multi);
        /* the same walks along the same edges (parallel edges too; json
         * writes no orientation of an edge, so a dart may be its reverse) */
        for (int f = 0; f < b->ncells; f++)
            for (int k = b->fstart[f]; k < b->fstart[f + 1]; k++) {
                int x = b->fdarts[k], y = c->fdarts[k];
                assert_int_equal(cy_dart_edge(x), cy_dart_edge(y));
                assert_int_equal(cy_tail(b, x), cy_tail(c, y));
                assert_int_equal(cy_head(b, x), cy_head(c, y));
            }
        /* formats that describe plane boards refuse */
        assert_null(cy_write_board(b, NULL, CY_FMT_TABLE, &err));
        assert_null(cy_write_board(b, NULL, CY_FMT_DRAWING, &err));
        double xy[64];
        assert_int_equal(cy_layout(b, xy, &err), -1);
        assert_null(cy_render_svg(b, &(cy_picture){.last = -1}, &err));
        char *t = cy_render_text(b, &(cy_text_opts){.last = -1});
        assert_non_null(t);
        free(t);
        cy_board_free(c);
        free(s);
        cy_board_free(b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_families),
        cmocka_unit_test(test_hand_boards),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_hand_positions),
        cmocka_unit_test(test_engines_brute),
        cmocka_unit_test(test_benntaylor_loops),
        cmocka_unit_test(test_engines_torus),
        cmocka_unit_test(test_json_round_trip),
        cmocka_unit_test(test_benntaylor_torus),
        cmocka_unit_test(test_engines_multigraphs),
        cmocka_unit_test(test_cycle_cells_every_marking),
        cmocka_unit_test(test_json_cell_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
