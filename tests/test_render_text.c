/*
 * test_render_text.c - the character-grid picture of a board (cy_render_text).
 *
 * Every family (the test fails when a family has no example here), in ASCII
 * and Unicode, with and without colours, at several widths, after random
 * moves: no line wider than asked, one arrowhead per marked edge, and each
 * arrowhead pointing from its edge's tail label towards its head label as
 * they are found in the picture (read back from the text, not from the
 * renderer).  Random boards given coordinates by cy_layout must not break it.
 * Boards without coordinates are placed by cy_layout and drawn the same way;
 * every line is unbroken (no cell of a line without two neighbours).
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "randboard.c"

/* One example spec per family (name as cy_family_list gives it). */
static const struct {
    const char *family, *spec;
} examples[] = {
    {"k4", "k4"},
    {"cycle", "cycle:7"},
    {"chord", "chord:6,2"},
    {"inner", "inner:5"},
    {"theta", "theta:2,3,3"},
    {"gtheta", "gtheta:2,3,2,4"},
    {"grid", "grid:3x4"},
    {"wedge", "wedge:3,4,5"},
    {"butterfly", "butterfly:closed"},
    {"windmill", "windmill:4"},
    {"lollipop", "lollipop:4"},
    {"path", "path:4"},
    {"star", "star:6"},
    {"spider", "spider:1,2,3"},
    /* boards on closed surfaces have no coordinates: the list of arrows */
    {"torus", "torus:3x4"},
    {"projective-k6", "projective-k6"},
    /* the named boards of boards/ */
    {"figure1", "figure1"},
    {"asym30", "asym30"},
    {"k4-table", "k4-table"},
    {"k4-projective", "k4-projective"},
    {"k5-torus", "k5-torus"},
};
/* More boards: degenerate, wide, tall, many labels of two digits. */
static const char *const extra[] = {"grid:1x3", "cycle:3",   "cycle:30",       "grid:6x8",  "grid:9x2",   "star:20",
                                    "path:1",   "butterfly", "gtheta:5,5,5,5", "wedge:9,9", "theta:1,2,9"};

/* The display width of line [s, e): UTF-8 characters, ANSI colour codes not counted. */
static int width(const char *s, const char *e)
{
    int w = 0;
    for (const char *p = s; p < e; p++) {
        if (*p == '\033') {
            while (p < e && *p != 'm')
                p++;
            continue;
        }
        if (((unsigned char)*p & 0xc0) != 0x80)
            w++;
    }
    return w;
}

/* The picture as a plain grid of code points: rows of at most 200 columns. */
typedef struct pic {
    int h;
    unsigned cp[120][200];
} pic;

/* Reads text (colours dropped) into p. */
static void read_pic(const char *text, pic *p)
{
    memset(p, 0, sizeof *p);
    int r = 0, c = 0;
    for (const unsigned char *s = (const unsigned char *)text; *s;) {
        if (*s == '\033') {
            while (*s && *s != 'm')
                s++;
            s += *s == 'm';
            continue;
        }
        if (*s == '\n') {
            r++;
            c = 0;
            s++;
            continue;
        }
        unsigned cp = *s;
        int k = 1;
        if (cp >= 0xf0)
            cp &= 0x07, k = 4;
        else if (cp >= 0xe0)
            cp &= 0x0f, k = 3;
        else if (cp >= 0xc0)
            cp &= 0x1f, k = 2;
        for (int i = 1; i < k; i++)
            cp = (cp << 6) | (s[i] & 0x3f);
        s += k;
        assert_true(r < 120 && c < 200);
        p->cp[r][c++] = cp;
    }
    p->h = r;
}

/* Whether code point cp is an arrowhead; its direction into *dc, *dr (-1,
 * 0, 1 each; rows grow downwards). */
static int arrow(unsigned cp, int *dc, int *dr)
{
    *dc = *dr = 0;
    switch (cp) {
    case '>':
    case 0x2192:
        *dc = 1;
        return 1;
    case '<':
    case 0x2190:
        *dc = -1;
        return 1;
    case '^':
    case 0x2191:
        *dr = -1;
        return 1;
    case 'v':
    case 0x2193:
        *dr = 1;
        return 1;
    case 0x2197:
        *dc = 1;
        *dr = -1;
        return 1;
    case 0x2198:
        *dc = 1;
        *dr = 1;
        return 1;
    case 0x2199:
        *dc = -1;
        *dr = 1;
        return 1;
    case 0x2196:
        *dc = -1;
        *dr = -1;
        return 1;
    }
    return 0;
}

/* Where label lab stands in p (a run of its digits not inside a longer
 * number); 0 when found. */
static int find_label(const pic *p, const char *lab, int *col, int *row)
{
    int n = (int)strlen(lab);
    for (int r = 0; r < p->h; r++)
        for (int c = 0; c + n <= 200; c++) {
            int k = 0;
            while (k < n && p->cp[r][c + k] == (unsigned char)lab[k])
                k++;
            if (k < n)
                continue;
            int before = c > 0 && p->cp[r][c - 1] >= '0' && p->cp[r][c - 1] <= '9';
            int after = c + n < 200 && p->cp[r][c + n] >= '0' && p->cp[r][c + n] <= '9';
            if (!before && !after) {
                *col = c + (n - 1) / 2;
                *row = r;
                return 0;
            }
        }
    return -1;
}

/* Checks the picture of b with mark: widths, and (exact) one arrowhead per
 * marked edge. */
static void check(const cy_board *b, const unsigned char *mark, const unsigned char *owner, int last, int utf8,
                  int color, int maxw, int exact)
{
    cy_text_opts o = {.mark = mark, .owner = owner, .last = last, .utf8 = utf8, .color = color, .max_width = maxw};
    char *t = cy_render_text(b, &o);
    assert_non_null(t);
    for (const char *s = t; *s;) {
        const char *e = strchr(s, '\n');
        assert_non_null(e); /* every line ends in a newline */
        if (width(s, e) > maxw) {
            fprintf(stderr, "%s: a line of %d columns, at most %d wanted:\n%s", b->name, width(s, e), maxw, t);
            fail();
        }
        s = e + 1;
    }
    if (!color)
        assert_null(strchr(t, '\033'));
    if (exact && strncmp(t, "arrows:", 7) != 0) {
        pic p;
        read_pic(t, &p);
        int arrows = 0, marked = 0, dc, dr;
        for (int r = 0; r < p.h; r++)
            for (int c = 0; c < 200; c++)
                arrows += arrow(p.cp[r][c], &dc, &dr);
        for (int e = 0; e < b->ne; e++)
            marked += mark[e] != 0;
        if (arrows != marked) {
            fprintf(stderr, "%s: %d arrowheads for %d marked edges:\n%s", b->name, arrows, marked, t);
            fail();
        }
    }
    free(t);
}

/* A random game of up to k legal moves on mark, with owners and the last move. */
static int random_game(const cy_board *b, unsigned char *mark, unsigned char *owner, rb_rng *r, int k)
{
    int *legal = malloc(sizeof(int) * (size_t)(2 * b->ne + 1)), last = -1;
    for (int i = 0; i < k; i++) {
        int n = cy_rules_legal(b, mark, legal);
        if (!n || cy_rules_cycle_cell(b, mark) >= 0)
            break;
        last = legal[rb_below(r, n)];
        mark[cy_dart_edge(last)] = (unsigned char)cy_dart_mark(last);
        owner[cy_dart_edge(last)] = (unsigned char)(1 + i % 2);
    }
    free(legal);
    return last;
}

/* All the checks on one board. */
static void board_checks(const cy_board *b, rb_rng *r)
{
    unsigned char *mark = calloc((size_t)b->ne + 1, 1), *owner = calloc((size_t)b->ne + 1, 1);
    for (int round = 0; round < 6; round++) {
        memset(mark, 0, (size_t)b->ne);
        memset(owner, 0, (size_t)b->ne);
        int last = random_game(b, mark, owner, r, round * 3);
        for (int utf8 = 0; utf8 < 2; utf8++)
            for (int color = 0; color < 2; color++) {
                check(b, mark, owner, last, utf8, color, 78, b->nv <= 40);
                check(b, mark, owner, last, utf8, color, 40, 0);
                check(b, mark, owner, last, utf8, color, 20, 0);
            }
    }
    free(mark);
    free(owner);
}

static void test_families(void **state)
{
    (void)state;
    rb_rng r = {7};
    for (const cy_family_info *f = cy_family_list(); f->name; f++) {
        const char *spec = NULL;
        for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++)
            if (!strcmp(examples[i].family, f->name))
                spec = examples[i].spec;
        if (!spec) {
            fprintf(stderr, "family %s has no example in test_render_text.c\n", f->name);
            fail();
        }
        cy_board *b = t_board(spec);
        /* surface boards: the arrow list; the named boards figure1 and
         * k4-table have no coordinates and are laid out */
        assert_true(b->has_coords || b->surface || !strcmp(spec, "figure1") || !strcmp(spec, "k4-table"));
        board_checks(b, &r);
        cy_board_free(b);
    }
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++) {
        cy_board *b = t_board(extra[i]);
        board_checks(b, &r);
        cy_board_free(b);
    }
}

/* Each single arrow points from its tail's label towards its head's, as read
 * from the picture. */
static void test_directions(void **state)
{
    (void)state;
    const char *specs[] = {"k4",      "grid:3x3", "wedge:3,4", "butterfly:closed",
                           "inner:5", "star:6",   "chord:6,3", "theta:2,3,3"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        cy_board *b = t_board(specs[i]);
        unsigned char *mark = calloc((size_t)b->ne + 1, 1);
        for (int d = 0; d < 2 * b->ne; d++)
            for (int utf8 = 0; utf8 < 2; utf8++) {
                memset(mark, 0, (size_t)b->ne);
                mark[cy_dart_edge(d)] = (unsigned char)cy_dart_mark(d);
                cy_text_opts o = {.mark = mark, .last = d, .utf8 = utf8};
                char *t = cy_render_text(b, &o);
                pic p;
                read_pic(t, &p);
                int tc, tr, hc, hr, ac = -1, ar = -1, dc = 0, dr = 0;
                assert_int_equal(find_label(&p, b->label[cy_tail(b, d)], &tc, &tr), 0);
                assert_int_equal(find_label(&p, b->label[cy_head(b, d)], &hc, &hr), 0);
                for (int r = 0; r < p.h; r++)
                    for (int c = 0; c < 200; c++)
                        if (arrow(p.cp[r][c], &dc, &dr)) {
                            ac = c;
                            ar = r;
                            goto found;
                        }
            found:
                if (ac < 0) {
                    fprintf(stderr, "%s: no arrowhead for a move:\n%s", specs[i], t);
                    fail();
                }
                /* the arrowhead lies between the labels and points to the head */
                int ok = (dc == 0 || (hc - tc) * dc > 0) && (dr == 0 || (hr - tr) * dr > 0);
                ok &= ac >= (tc < hc ? tc : hc) - 1 && ac <= (tc > hc ? tc : hc) + 1;
                ok &= ar >= (tr < hr ? tr : hr) && ar <= (tr > hr ? tr : hr);
                if (!ok) {
                    fprintf(stderr, "%s: the arrowhead of %s->%s (%d,%d) points (%d,%d) from (%d,%d) to (%d,%d):\n%s",
                            specs[i], b->label[cy_tail(b, d)], b->label[cy_head(b, d)], ac, ar, dc, dr, tc, tr, hc, hr,
                            t);
                    fail();
                }
                free(t);
            }
        free(mark);
        cy_board_free(b);
    }
}

/* Colours: the players' and the last move's codes only when asked. */
static void test_colours(void **state)
{
    (void)state;
    cy_board *b = t_board("grid:2x3");
    unsigned char mark[7] = {0}, owner[7] = {0};
    int d1 = cy_board_dart(b, cy_board_find(b, "1"), cy_board_find(b, "2"));
    int d2 = cy_board_dart(b, cy_board_find(b, "6"), cy_board_find(b, "5"));
    int d3 = cy_board_dart(b, cy_board_find(b, "3"), cy_board_find(b, "6"));
    int ds[3] = {d1, d2, d3};
    for (int i = 0; i < 3; i++) {
        mark[cy_dart_edge(ds[i])] = (unsigned char)cy_dart_mark(ds[i]);
        owner[cy_dart_edge(ds[i])] = (unsigned char)(1 + i % 2);
    }
    cy_text_opts o = {.mark = mark, .owner = owner, .last = d3, .color = 1};
    char *t = cy_render_text(b, &o);
    assert_non_null(strstr(t, "\033[36m"));   /* player 1 */
    assert_non_null(strstr(t, "\033[35m"));   /* player 2 */
    assert_non_null(strstr(t, "\033[1;33m")); /* the last move (player 1's second) */
    /* every line ends with the colour reset when it set one */
    for (char *s = t; *s;) {
        char *e = strchr(s, '\n');
        char save = *e;
        *e = 0;
        if (strchr(s, '\033'))
            assert_non_null(strstr(s, "\033[0m"));
        *e = save;
        s = e + 1;
    }
    free(t);
    o.color = 0;
    t = cy_render_text(b, &o);
    assert_null(strchr(t, '\033'));
    free(t);
    cy_board_free(b);
}

/* A board without coordinates is placed by cy_layout: every label in the
 * picture, the one arrow between its labels; random boards with the
 * coordinates of cy_layout are drawn within bounds. */
static void test_plain_and_random(void **state)
{
    (void)state;
    cy_board *b = t_board(t_source_path("boards/figure1.json"));
    assert_false(b->has_coords);
    unsigned char *mark = calloc((size_t)b->ne + 1, 1);
    int d = cy_board_dart(b, cy_board_find(b, "1"), cy_board_find(b, "2"));
    mark[cy_dart_edge(d)] = (unsigned char)cy_dart_mark(d);
    for (int h = 18; h <= 40; h += 22) {
        cy_text_opts o = {.mark = mark, .last = d, .max_width = 79, .max_height = h};
        char *t = cy_render_text(b, &o);
        assert_null(strstr(t, "arrows:"));
        pic *p = malloc(sizeof *p);
        read_pic(t, p);
        assert_true(p->h <= h);
        for (int v = 0; v < b->nv; v++) {
            int c, r;
            assert_int_equal(find_label(p, b->label[v], &c, &r), 0);
        }
        int arrows = 0, dc, dr;
        for (int r = 0; r < p->h; r++)
            for (int c = 0; c < 200; c++)
                arrows += arrow(p->cp[r][c], &dc, &dr);
        assert_int_equal(arrows, 1);
        free(p);
        free(t);
    }
    free(mark);
    cy_board_free(b);

    rb_rng r = {11};
    int drawn = 0;
    for (int round = 0; round < 150; round++) {
        cy_board *rb = rb_board(&r, 3 + round % 14, NULL, 0);
        double *xy = malloc(sizeof(double) * 2 * (size_t)rb->nv);
        int *edges = malloc(sizeof(int) * 2 * (size_t)rb->ne);
        cy_error err;
        if (cy_layout(rb, xy, &err) == 0) {
            for (int e = 0; e < rb->ne; e++) {
                edges[2 * e] = rb->eu[e];
                edges[2 * e + 1] = rb->ev[e];
            }
            cy_board *wc = cy_board_from_drawing(rb->nv, (const char *const *)rb->label, xy, rb->ne, edges, rb->special,
                                                 "random", &err);
            if (wc) {
                board_checks(wc, &r);
                drawn++;
                cy_board_free(wc);
            }
        }
        free(xy);
        free(edges);
        cy_board_free(rb);
    }
    assert_true(drawn >= 100);
}

/* The unmarkable edge of lollipop:4 (its pendant edge 1-5: either arrow
 * makes 5 a sink or a source) is dotted, every other edge solid; a special
 * vertex's label is followed by a star; the unmarkable edge is said so in the
 * plain list; max_height bounds the rows. */
static void test_unmarkable_special_height(void **state)
{
    (void)state;
    cy_board *b = t_board("lollipop:4");
    for (int utf8 = 0; utf8 <= 1; utf8++) {
        char *t = cy_render_text(b, &(cy_text_opts){.last = -1, .utf8 = utf8});
        pic *p = malloc(sizeof *p);
        read_pic(t, p);
        int c1, r1, c5, r5;
        assert_int_equal(find_label(p, "1", &c1, &r1), 0);
        assert_int_equal(find_label(p, "5", &c5, &r5), 0);
        /* the cells between 5 and 1 (one column, 5 above 1) */
        assert_int_equal(c1, c5);
        assert_true(r5 + 1 < r1);
        unsigned dot = utf8 ? 0x2506 : ':', solid = utf8 ? 0x2502 : '|';
        for (int r = r5 + 1; r < r1; r++)
            assert_int_equal(p->cp[r][c1], dot);
        int dotted = 0, other = 0;
        for (int r = 0; r < p->h; r++)
            for (int c = 0; c < 200; c++) {
                dotted += p->cp[r][c] == dot || p->cp[r][c] == '.' || p->cp[r][c] == 0xb7 || p->cp[r][c] == 0x2504;
                other += p->cp[r][c] == solid;
            }
        assert_int_equal(dotted, r1 - r5 - 1); /* no other edge dotted */
        assert_int_equal(other, 0);            /* the lollipop has no other vertical edge */
        free(p);
        free(t);
    }
    char *t = cy_render_text(b, &(cy_text_opts){.last = -1, .max_width = 5});
    assert_non_null(strstr(t, "1-5 (unmarkable)"));
    free(t);
    cy_board_free(b);
    b = t_board("path:3");
    unsigned char sp[4] = {1, 0, 1, 0};
    cy_error err;
    cy_board *s = cy_board_with_special(b, sp, &err);
    assert_non_null(s);
    t = cy_render_text(s, &(cy_text_opts){.last = -1});
    assert_non_null(strstr(t, "1*"));
    assert_non_null(strstr(t, "3*"));
    assert_null(strstr(t, "2*"));
    free(t);
    cy_board_free(s);
    cy_board_free(b);
    b = t_board("grid:4x4");
    for (int h = 10; h <= 32; h += 11) {
        t = cy_render_text(b, &(cy_text_opts){.last = -1, .max_height = h});
        int rows = 0;
        for (char *q = t; *q; q++)
            rows += *q == '\n';
        assert_true(rows <= h);
        assert_null(strstr(t, "unmarked:")); /* drawn, not listed */
        free(t);
    }
    t = cy_render_text(b, &(cy_text_opts){.last = -1, .max_height = 4});
    assert_non_null(strstr(t, "unmarked:")); /* too low to draw: listed */
    free(t);
    cy_board_free(b);
}

/* Whether code point cp is part of a line (solid or dotted). */
static int line_cp(unsigned cp)
{
    return cp == '-' || cp == '|' || cp == '/' || cp == '\\' || cp == 0x2500 || cp == 0x2502 || cp == 0x2571 ||
           cp == 0x2572;
}

/* Lines are unbroken: every cell of a line has at least two cells around it
 * (of its eight) that are not blank, the next cells of its line or a label
 * or arrowhead it meets; a diagonal drawn as separate steps with gaps (a
 * staircase) leaves cells with one neighbour or none. */
static void test_unbroken_lines(void **state)
{
    (void)state;
    const char *specs[] = {"k4",     "wedge:3,4,5", "theta:2,3,3", "butterfly", "gtheta:2,3,2,4",
                           "asym30", "k4-table",    "chord:6,2",   "inner:5"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        cy_board *b = t_board(specs[i]);
        for (int utf8 = 0; utf8 < 2; utf8++)
            for (int w = 40; w <= 120; w += 80) {
                char *t = cy_render_text(b, &(cy_text_opts){.last = -1, .utf8 = utf8, .max_width = w});
                pic *p = malloc(sizeof *p);
                read_pic(t, p);
                for (int r = 0; r < p->h; r++)
                    for (int c = 0; c < 200; c++) {
                        if (!line_cp(p->cp[r][c]))
                            continue;
                        int n = 0;
                        for (int dr = -1; dr <= 1; dr++)
                            for (int dc = -1; dc <= 1; dc++) {
                                int rr = r + dr, cc = c + dc;
                                if ((dr || dc) && rr >= 0 && rr < p->h && cc >= 0 && cc < 200 && p->cp[rr][cc] &&
                                    p->cp[rr][cc] != ' ')
                                    n++;
                            }
                        if (n < 2) {
                            fprintf(stderr, "%s: a broken line at row %d, column %d:\n%s", specs[i], r, c, t);
                            fail();
                        }
                    }
                free(p);
                free(t);
            }
        cy_board_free(b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_families),
        cmocka_unit_test(test_directions),
        cmocka_unit_test(test_colours),
        cmocka_unit_test(test_plain_and_random),
        cmocka_unit_test(test_unmarkable_special_height),
        cmocka_unit_test(test_unbroken_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
