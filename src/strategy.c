/*
 * strategy.c - the mirror strategies of the papers, and their exhaustive
 * verification.
 *
 *  - mirror-reverse (Alvarado et al. 2021, Theorem 6): under an involution tau, answer
 *    the opponent's u->v by tau(v)->tau(u); player 2 plays it when no edge is
 *    self-involutive, player 1 when exactly one is (opening on it);
 *  - rotate-reverse (Barua et al. 2022, Theorem 8): the same rule under the
 *    180-degree rotation of an R x C grid with exactly one of R, C odd, where
 *    Theorem 6 does not apply (two cells are part-involutive);
 *  - modified mirror-reverse (Adefiyiju et al. 2023, Theorem 4.1): on a triangle-free
 *    cactus whose cycles are its cells, every cycle gets its own reflection
 *    (axis); the opponent's move on a self-involutive edge is answered on
 *    another self-involutive edge, and a mirror reply that would be a death
 *    move is replaced by a self-involutive edge.
 *
 * Every strategy first completes a cycle cell when it can.  The rules
 * (legality, death moves, cycle cells) all come from rules.c.
 *
 * The verification walks the game tree with the strategy's player fixed to
 * the prescribed replies and the opponent trying every legal move, death
 * moves included.  Positions with the opponent to move are memoised (the rest
 * of the game depends only on the position), so a board of E edges paired by
 * the strategy costs about 3^(E/2) positions.
 */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- build */

/* A strategy with its arrays allocated and no edge self-involutive yet. */
static cy_strategy *strategy_alloc(const cy_board *b, cy_strategy_kind kind)
{
    cy_strategy *s = cyi_xcalloc(1, sizeof *s);
    s->kind = kind;
    s->name = kind == CY_STRATEGY_MIRROR   ? "mirror-reverse"
              : kind == CY_STRATEGY_ROTATE ? "rotate-reverse"
                                           : "modified mirror-reverse";
    s->theorem = "none";
    s->mirror = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne));
    s->self = cyi_xmalloc(sizeof(int) * (size_t)b->ne);
    s->self_pair = cyi_xmalloc(sizeof(int) * (size_t)b->ne);
    for (int e = 0; e < b->ne; e++)
        s->self_pair[e] = -1;
    return s;
}

/* Lists the self-involutive edges (mirror maps a dart of them to itself or
 * its reverse) and pairs them in order; with an odd number the first stays
 * unpaired (it is player 1's opening). */
static void find_self(const cy_board *b, cy_strategy *s)
{
    s->nself = 0;
    for (int e = 0; e < b->ne; e++)
        if (cy_dart_edge(s->mirror[2 * e]) == e)
            s->self[s->nself++] = e;
    for (int i = s->nself % 2; i + 1 < s->nself; i += 2) {
        s->self_pair[s->self[i]] = s->self[i + 1];
        s->self_pair[s->self[i + 1]] = s->self[i];
    }
}

/* The mirror-reverse strategy under the involution vmap (checked by the
 * caller), with the player fixed by the number of self-involutive edges. */
static cy_strategy *from_vmap(const cy_board *b, const int *vmap, cy_strategy_kind kind)
{
    cy_strategy *s = strategy_alloc(b, kind);
    s->vmap = cyi_xmalloc(sizeof(int) * (size_t)b->nv);
    memcpy(s->vmap, vmap, sizeof(int) * (size_t)b->nv);
    for (int d = 0; d < 2 * b->ne; d++)
        s->mirror[d] = cy_board_dart(b, vmap[cy_head(b, d)], vmap[cy_tail(b, d)]);
    find_self(b, s);
    s->player = s->nself ? 1 : 2;
    return s;
}

/* Frees s and everything it holds. */
void cy_strategy_free(cy_strategy *s)
{
    if (!s)
        return;
    free(s->mirror);
    free(s->vmap);
    for (int i = 0; i < s->nlocal; i++)
        free(s->local[i]);
    free(s->local);
    free(s->self);
    free(s->self_pair);
    free(s);
}

/* The mirror-reverse strategy under any involutive automorphism vmap with at
 * most one self-involutive edge; NULL with a message otherwise. */
cy_strategy *cy_strategy_with_involution(const cy_board *b, const int *vmap, cy_error *err)
{
    if (b->surface)
        return cy_error_set(err, "the papers' strategies are for plane boards; this board lies on a closed surface"),
               NULL;
    cy_involution inv;
    if (cy_involution_analyse(b, vmap, &inv, err) < 0)
        return NULL;
    int fixed = inv.fixed_edges;
    int thm6 = inv.thm6;
    char why[256];
    snprintf(why, sizeof why, "%s", inv.why);
    cy_involution_free(&inv);
    if (fixed > 1)
        return cy_error_set(err, "mirror-reverse needs at most one self-involutive edge; this involution has %d", fixed),
               NULL;
    cy_strategy *s = from_vmap(b, vmap, CY_STRATEGY_MIRROR);
    s->theorem = thm6 ? "Alvarado et al. 2021, Theorem 6" : "none";
    snprintf(s->why, sizeof s->why, "%s", why);
    return s;
}

/* ------------------------------------------------------------ the grids */

/* Whether b is the grid of R x C vertices with exactly one of R, C odd
 * (Barua et al. 2022, Theorem 8); *r and *c get the dimensions of a grid. */
static int is_thm8_grid(const cy_board *b, int *r, int *c)
{
    *r = *c = 0;
    for (int R = 2; R <= b->nv / 2; R++) {
        if (b->nv % R)
            continue;
        int C = b->nv / R;
        if (C < R || (R - 1) * (C - 1) != b->ncells || R * (C - 1) + C * (R - 1) != b->ne)
            continue;
        char spec[48];
        snprintf(spec, sizeof spec, "grid:%dx%d", R, C);
        cy_board *g = cy_family_build(spec, NULL);
        int iso = g && cy_board_isomorphic(b, g, NULL);
        cy_board_free(g);
        if (iso) {
            *r = R;
            *c = C;
            return (R % 2) != (C % 2);
        }
    }
    return 0;
}

/* ------------------------------------------------------------- the cacti */

/* The search for local reflections of a cactus (Adefiyiju et al. 2023, Theorem 4.1). */
typedef struct cactus {
    const cy_board *b;
    int *axis;  /* per cell: k, the reflection v_i -> v_(k-i) */
    int *fixes; /* per vertex: chosen axes through it */
    int *last;  /* per vertex: the last cell containing it */
    long budget;
} cactus;

/* The image of position i of a cell of n vertices under reflection k. */
static inline int refl_pos(int n, int k, int i)
{
    return ((k - i) % n + n) % n;
}

/* The vertex at position i of cell c. */
static inline int cell_vertex(const cy_board *b, int c, int i)
{
    return cy_tail(b, b->fdarts[b->fstart[c] + i]);
}

/* Whether reflection k of cell c partners vertices of degree >= 4 with
 * vertices of degree >= 4 (property 1). */
static int prop1(const cy_board *b, int c, int k)
{
    int n = cy_face_len(b, c);
    for (int i = 0; i < n; i++)
        if ((cy_degree(b, cell_vertex(b, c, i)) >= 4) != (cy_degree(b, cell_vertex(b, c, refl_pos(n, k, i))) >= 4))
            return 0;
    return 1;
}

/* Adds step (1 or -1) to the count of chosen axes through each vertex that
 * reflection k of cell c fixes. */
static void cactus_fix(cactus *t, int c, int k, int step)
{
    const cy_board *b = t->b;
    int n = cy_face_len(b, c);
    for (int i = 0; i < n; i++)
        if (refl_pos(n, k, i) == i)
            t->fixes[cell_vertex(b, c, i)] += step;
}

/* Chooses axes for the cells in order so that every vertex of degree >= 4
 * lies on one (property 2), backtracking; 1 on success with t->axis set, 0
 * when there is no such choice or the budget runs out.  Iterative (the
 * choice being tried at each cell is in t->axis), so that a cactus of many
 * cells needs no deep call stack. */
static int cactus_search(cactus *t)
{
    const cy_board *b = t->b;
    if (b->ncells == 0)
        return 1;
    if (--t->budget < 0)
        return 0;
    int c = 0;
    t->axis[0] = -1;
    for (;;) {
        int n = cy_face_len(b, c), k = t->axis[c];
        if (k >= 0)
            cactus_fix(t, c, k, -1); /* that choice failed further on */
        for (k++; k < n; k++) {
            if (!prop1(b, c, k))
                continue;
            cactus_fix(t, c, k, 1);
            int ok = 1;
            for (int i = 0; i < n && ok; i++) {
                int v = cell_vertex(b, c, i);
                if (cy_degree(b, v) >= 4 && t->last[v] == c && t->fixes[v] == 0)
                    ok = 0;
            }
            if (ok)
                break;
            cactus_fix(t, c, k, -1);
        }
        if (k == n) { /* no choice left here: back to the cell before */
            if (c == 0)
                return 0;
            c--;
            continue;
        }
        t->axis[c] = k;
        if (c + 1 == b->ncells)
            return 1;
        if (--t->budget < 0)
            return 0;
        t->axis[++c] = -1;
    }
}

/* The modified mirror-reverse strategy when b is a triangle-free cactus whose
 * cycles are its cells and local axes satisfy properties 1-2 of Theorem 4.1
 * of Adefiyiju et al. 2023; NULL with the reason in why otherwise. */
static cy_strategy *find_cactus(const cy_board *b, char *why, size_t wn)
{
    if (b->ncells == 0) {
        snprintf(why, wn, "Theorem 4.1 (Adefiyiju et al. 2023) needs cycles; the board has no cell");
        return NULL;
    }
    for (int e = 0; e < b->ne; e++)
        if ((b->dface[2 * e] == b->ncells) == (b->dface[2 * e + 1] == b->ncells)) {
            char ename[2 * CY_MAX_LABEL + 16];
            cy_edge_str(b, e, ename, sizeof ename);
            snprintf(why, wn,
                     "Theorem 4.1 (Adefiyiju et al. 2023) needs a cactus whose every edge lies on exactly one cycle; edge %s does not",
                     ename);
            return NULL;
        }
    unsigned char *seen = cyi_xcalloc((size_t)b->nv, 1);
    for (int c = 0; c < b->ncells; c++) {
        int n = cy_face_len(b, c), simple = 1;
        for (int i = 0; i < n; i++) {
            int v = cell_vertex(b, c, i);
            simple &= !seen[v];
            seen[v] = 1;
        }
        for (int i = 0; i < n; i++)
            seen[cell_vertex(b, c, i)] = 0;
        if (!simple) {
            free(seen);
            snprintf(why, wn,
                     "Theorem 4.1 (Adefiyiju et al. 2023) needs every cell to be a cycle; cell %d passes a vertex twice",
                     c + 1);
            return NULL;
        }
        if (n == 3) {
            free(seen);
            snprintf(why, wn, "Theorem 4.1 (Adefiyiju et al. 2023) needs a triangle-free cactus; cell %d is a triangle",
                     c + 1);
            return NULL;
        }
    }
    free(seen);
    cactus t = {b, NULL, NULL, NULL, 1000000};
    t.axis = cyi_xcalloc((size_t)b->ncells, sizeof(int));
    t.fixes = cyi_xcalloc((size_t)b->nv, sizeof(int));
    t.last = cyi_xmalloc(sizeof(int) * (size_t)b->nv);
    for (int v = 0; v < b->nv; v++)
        t.last[v] = -1;
    for (int c = 0; c < b->ncells; c++)
        for (int i = 0; i < cy_face_len(b, c); i++)
            t.last[cell_vertex(b, c, i)] = c;
    int found = cactus_search(&t);
    cy_strategy *s = NULL;
    if (!found)
        snprintf(why, wn,
                 "Theorem 4.1 (Adefiyiju et al. 2023): no choice of an axis for every cycle partners vertices of degree 4 or more among themselves and passes through each of them");
    else {
        s = strategy_alloc(b, CY_STRATEGY_MODIFIED);
        s->theorem = "Adefiyiju et al. 2023, Theorem 4.1";
        s->nlocal = b->ncells;
        s->local = cyi_xmalloc(sizeof(int *) * (size_t)b->ncells);
        for (int c = 0; c < b->ncells; c++) {
            int n = cy_face_len(b, c);
            s->local[c] = cyi_xmalloc(sizeof(int) * (size_t)b->nv);
            for (int v = 0; v < b->nv; v++)
                s->local[c][v] = -1;
            for (int i = 0; i < n; i++)
                s->local[c][cell_vertex(b, c, i)] = cell_vertex(b, c, refl_pos(n, t.axis[c], i));
        }
        for (int d = 0; d < 2 * b->ne; d++) {
            int c = b->dface[d] < b->ncells ? b->dface[d] : b->dface[cy_dart_rev(d)];
            const int *tau = s->local[c];
            s->mirror[d] = cy_board_dart(b, tau[cy_head(b, d)], tau[cy_tail(b, d)]);
        }
        find_self(b, s);
        s->player = s->nself % 2 ? 1 : 2;
        snprintf(s->why, sizeof s->why,
                 "Theorem 4.1 (Adefiyiju et al. 2023): a triangle-free cactus whose %d cycles each get an axis meeting properties 1-2; %d self-involutive edge%s (%s), so player %d wins by the modified mirror-reverse strategy",
                 b->ncells, s->nself, s->nself == 1 ? "" : "s", s->nself % 2 ? "odd" : "even", s->player);
    }
    free(t.axis);
    free(t.fixes);
    free(t.last);
    return s;
}

/* ------------------------------------------------------------- choosing */

/* A strategy a theorem guarantees for b, of the given kind or (kind < 0)
 * the first that applies (see cycles.h), or NULL with why. */
cy_strategy *cy_strategy_find(const cy_board *b, int kind, char *why, size_t wn)
{
    if (b->surface) {
        snprintf(why, wn, "the papers' strategies are for plane boards; this board lies on a closed surface");
        return NULL;
    }
    cy_error err;
    cy_symmetry *sym = cy_symmetry_new(b, &err);
    if (!sym) {
        snprintf(why, wn, "%s", err.msg);
        return NULL;
    }
    cy_strategy *s = NULL;
    int ninv = 0;
    char first[256] = "";
    for (int i = 0; i < sym->n && !s && (kind < 0 || kind == CY_STRATEGY_MIRROR); i++) {
        if (sym->aut[i].order != 2)
            continue;
        ninv++;
        cy_involution inv;
        if (cy_involution_analyse(b, sym->aut[i].vmap, &inv, NULL) < 0)
            continue;
        if (inv.thm6) {
            s = from_vmap(b, sym->aut[i].vmap, CY_STRATEGY_MIRROR);
            s->theorem = "Alvarado et al. 2021, Theorem 6";
            snprintf(s->why, sizeof s->why, "%s (under a %s)", inv.why, inv.reflection ? "reflection" : "rotation");
        } else if (!first[0])
            snprintf(first, sizeof first, "%s", inv.why);
        cy_involution_free(&inv);
    }
    int R, C;
    int grid = (kind < 0 || kind == CY_STRATEGY_ROTATE) && is_thm8_grid(b, &R, &C);
    if (!s && grid) {
        for (int i = 0; i < sym->n && !s; i++) {
            if (sym->aut[i].order != 2 || sym->aut[i].reflection)
                continue;
            cy_involution inv;
            if (cy_involution_analyse(b, sym->aut[i].vmap, &inv, NULL) < 0)
                continue;
            if (inv.fixed_edges == 1 && inv.swapped_edges == 1) {
                s = from_vmap(b, sym->aut[i].vmap, CY_STRATEGY_ROTATE);
                s->theorem = "Barua et al. 2022, Theorem 8";
                snprintf(s->why, sizeof s->why,
                         "Theorem 8 (Barua et al. 2022): a grid of %d x %d vertices, exactly one side odd; the 180-degree rotation fixes one edge (its two cells are part-involutive, so Theorem 6 does not apply), and player 1 wins by marking it and then rotate-reverse",
                         R, C);
            }
            cy_involution_free(&inv);
        }
    }
    char cwhy[256] = "";
    if (!s && (kind < 0 || kind == CY_STRATEGY_MODIFIED))
        s = find_cactus(b, cwhy, sizeof cwhy);
    if (!s) {
        char inv_part[512] = "", grid_part[128] = "";
        int want_inv = kind < 0 || kind == CY_STRATEGY_MIRROR;
        if (want_inv && ninv == 0)
            snprintf(inv_part, sizeof inv_part,
                     "the board has no involution, so Theorem 6 (Alvarado et al. 2021) does not apply");
        else if (want_inv)
            snprintf(inv_part, sizeof inv_part,
                     "none of the board's %d involution%s meets Theorem 6 (Alvarado et al. 2021; the first: %s)", ninv,
                     ninv == 1 ? "" : "s", first);
        if (kind < 0 || kind == CY_STRATEGY_ROTATE)
            snprintf(grid_part, sizeof grid_part, "Theorem 8 (Barua et al. 2022) needs a grid with exactly one odd side");
        const char *parts[3] = {inv_part, grid_part, cwhy};
        size_t k = 0;
        why[0] = 0;
        for (int i = 0; i < 3; i++)
            if (parts[i][0] && k < wn)
                k += (size_t)snprintf(why + k, wn - k, "%s%s", k ? "; " : "", parts[i]);
    }
    cy_symmetry_free(sym);
    return s;
}

/* ----------------------------------------------------- the prescription */

/* Whether edge e is self-involutive for s. */
static inline int is_self(const cy_strategy *s, int e)
{
    return cy_dart_edge(s->mirror[2 * e]) == e;
}

/* Appends the playable darts of self-involutive edges to out (the edge
 * prefer first): unmarked, legal and, when safe, not death moves. */
static int self_moves(const cy_strategy *s, const cy_board *b, unsigned char *mark, int prefer, int safe, int *out)
{
    int n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < s->nself; i++) {
            int e = s->self[i];
            if ((pass == 0) != (e == prefer) || mark[e] != CY_UNMARKED)
                continue;
            for (int k = 0; k < 2; k++) {
                int d = 2 * e + k;
                if (cy_rules_check(b, mark, d, NULL) != CY_LEGAL)
                    continue;
                if (safe && cy_rules_is_death(b, mark, d, NULL))
                    continue;
                out[n++] = d;
            }
        }
    return n;
}

/* Checks that the prescribed dart m is legal; 1 if so, else 0 with why. */
static int prescribed_ok(const cy_board *b, const unsigned char *mark, int m, int last, char *why, size_t wn)
{
    char a[2 * CY_MAX_LABEL + 8], c[2 * CY_MAX_LABEL + 8];
    if (m < 0) {
        cy_move_str(b, last, a, sizeof a);
        snprintf(why, wn, "the partner of %s is no edge", a);
        return 0;
    }
    int vx = -1;
    cy_verdict v = cy_rules_check(b, mark, m, &vx);
    if (v == CY_LEGAL)
        return 1;
    cy_move_str(b, last, a, sizeof a);
    cy_move_str(b, m, c, sizeof c);
    if (v == CY_ILLEGAL_MARKED)
        snprintf(why, wn, "the reply to %s, %s, is not available: the edge is already marked", a, c);
    else {
        char r[256];
        cy_rules_explain(b, m, v, vx, r, sizeof r);
        snprintf(why, wn, "the reply to %s, %s, is illegal: %s", a, c, r);
    }
    return 0;
}

/* The moves the strategy allows (see cycles.h). */
int cy_strategy_moves(const cy_strategy *s, const cy_board *b, unsigned char *mark, int last, int *out, char *why,
                      size_t wn)
{
    if (why && wn)
        why[0] = 0;
    char dummy[8];
    if (!why) {
        why = dummy;
        wn = sizeof dummy;
    }
    if (cy_rules_over(b, mark)) {
        snprintf(why, wn, "the game is over");
        return 0;
    }
    int w = cy_rules_winning_completion(b, mark);
    if (w >= 0) {
        out[0] = w;
        return 1;
    }
    if (last < 0) {
        if (s->player != 1 || s->nself == 0) {
            snprintf(why, wn, "the strategy is player %d's and has no opening move", s->player);
            return 0;
        }
        int n = self_moves(s, b, mark, s->self[0], s->kind == CY_STRATEGY_MODIFIED, out);
        if (s->kind != CY_STRATEGY_MODIFIED) { /* Theorem 6: the one self-involutive edge, either way */
            int k = 0;
            for (int i = 0; i < n; i++)
                if (cy_dart_edge(out[i]) == s->self[0])
                    out[k++] = out[i];
            n = k;
        }
        if (n == 0)
            snprintf(why, wn, "no self-involutive edge can be marked to open");
        return n;
    }
    int m = s->mirror[last];
    if (s->kind != CY_STRATEGY_MODIFIED) {
        if (!prescribed_ok(b, mark, m, last, why, wn))
            return 0;
        out[0] = m;
        return 1;
    }
    /* modified mirror-reverse (Adefiyiju et al. 2023): rule 2 and rule 3 */
    int prefer = -1, e = cy_dart_edge(last);
    if (is_self(s, e))
        prefer = s->self_pair[e];
    else {
        if (!prescribed_ok(b, mark, m, last, why, wn))
            return 0;
        if (!cy_rules_is_death(b, mark, m, NULL)) {
            out[0] = m;
            return 1;
        }
        /* the death move's cycle has one unmarked self-involutive edge: play its pair */
        int c = b->dface[m] < b->ncells ? b->dface[m] : b->dface[cy_dart_rev(m)];
        for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++) {
            int x = cy_dart_edge(b->fdarts[i]);
            if (is_self(s, x) && mark[x] == CY_UNMARKED)
                prefer = s->self_pair[x];
        }
    }
    int n = self_moves(s, b, mark, prefer, 1, out);
    if (n == 0) {
        char a[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, last, a, sizeof a);
        snprintf(why, wn, "after %s no self-involutive edge is playable, as the modified strategy needs", a);
    }
    return n;
}

/* ---------------------------------------------------------- verification */

/* A memo entry: a position (two bits an edge) with the opponent to move and
 * the number of complete games from it. */
typedef struct memo_entry {
    uint64_t k0, k1;
    uint64_t lines;
    int used;
} memo_entry;

/* The state of one verification. */
typedef struct vstate {
    const cy_board *b;
    const cy_strategy *s;
    cy_strategy_limits lim;
    unsigned char *mark;
    int *line, depth;
    memo_entry *tab;
    size_t cap, count;
    int failed, stopped;
    int full; /* stopped: the table reached the memory bound */
    cy_strategy_report *r;
    double start;
    uint64_t ticks;
    cyi_ticker tick; /* the progress line */
    int **buf;       /* per depth: room for legal moves */
} vstate;

/* The key of the current position. */
static void key_of(const vstate *v, uint64_t *k0, uint64_t *k1)
{
    uint64_t a = 0, c = 0;
    for (int e = 0; e < v->b->ne; e++) {
        if (e < 32)
            a |= (uint64_t)v->mark[e] << (2 * e);
        else
            c |= (uint64_t)v->mark[e] << (2 * (e - 32));
    }
    *k0 = a;
    *k1 = c;
}

/* The slot of key (k0, k1) in the table: its entry or an empty one. */
static memo_entry *slot(const vstate *v, uint64_t k0, uint64_t k1)
{
    uint64_t h = k0 * 0x9E3779B97F4A7C15ull ^ (k1 + 0x632BE59BD9B4E019ull) * 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    size_t i = (size_t)h & (v->cap - 1);
    while (v->tab[i].used && (v->tab[i].k0 != k0 || v->tab[i].k1 != k1))
        i = (i + 1) & (v->cap - 1);
    return &v->tab[i];
}

/* Stores lines for key (k0, k1), growing the table at half load; when the
 * grown table and the old one would not fit the memory bound, stores
 * nothing and stops the check. */
static void memo_put(vstate *v, uint64_t k0, uint64_t k1, uint64_t lines)
{
    if (2 * (v->count + 1) > v->cap) {
        if (3 * v->cap * sizeof(memo_entry) > v->lim.memory) {
            v->stopped = v->full = 1;
            return;
        }
        memo_entry *old = v->tab;
        size_t oc = v->cap;
        v->cap *= 2;
        v->tab = cyi_xcalloc(v->cap, sizeof(memo_entry));
        for (size_t i = 0; i < oc; i++)
            if (old[i].used)
                *slot(v, old[i].k0, old[i].k1) = old[i];
        free(old);
    }
    memo_entry *m = slot(v, k0, k1);
    if (!m->used)
        v->count++;
    *m = (memo_entry){k0, k1, lines, 1};
}

/* a + b, saturating. */
static inline uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a + b < a ? UINT64_MAX : a + b;
}

/* Records the current line (plus extra, if >= 0) as the losing one. */
static void fail_line(vstate *v, int extra, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail_line(vstate *v, int extra, const char *fmt, ...)
{
    v->failed = 1;
    cy_strategy_report *r = v->r;
    r->line_len = v->depth + (extra >= 0);
    r->line = cyi_xmalloc(sizeof(int) * (size_t)(r->line_len + 1));
    memcpy(r->line, v->line, sizeof(int) * (size_t)v->depth);
    if (extra >= 0)
        r->line[v->depth] = extra;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->why, sizeof r->why, fmt, ap);
    va_end(ap);
}

/* Plays dart d on the position and the line. */
static inline void push(vstate *v, int d)
{
    v->mark[cy_dart_edge(d)] = (unsigned char)cy_dart_mark(d);
    v->line[v->depth++] = d;
}

/* Takes the last move back. */
static inline void pop(vstate *v)
{
    v->mark[cy_dart_edge(v->line[--v->depth])] = CY_UNMARKED;
}

static uint64_t opponent_turn(vstate *v);

/* The strategy's turn after the opponent's move last: plays each allowed
 * move (the preferred one only with first_choice_only) and returns the
 * number of complete games. */
static uint64_t strategy_turn(vstate *v, int last)
{
    const cy_board *b = v->b;
    int *moves = v->buf[v->depth];
    char why[256], m[2 * CY_MAX_LABEL + 8];
    if (cy_rules_over(b, v->mark)) {
        if (cy_rules_cycle_cell(b, v->mark) >= 0)
            fail_line(v, -1, "the opponent completes a cycle cell");
        else
            fail_line(v, -1, "the opponent made the last move");
        return 0;
    }
    int n = cy_strategy_moves(v->s, b, v->mark, last, moves, why, sizeof why);
    if (n == 0) {
        fail_line(v, -1, "%s", why);
        return 0;
    }
    if (v->lim.first_choice_only)
        n = 1;
    uint64_t total = 0;
    for (int i = 0; i < n && !v->failed && !v->stopped; i++) {
        int d = moves[i];
        if (cy_rules_completes(b, v->mark, d) >= 0) {
            total = sat_add(total, 1); /* the strategy completes a cycle cell and wins */
            continue;
        }
        int cell;
        if (cy_rules_is_death(b, v->mark, d, &cell)) {
            push(v, d);
            int w = cy_rules_winning_completion(b, v->mark);
            pop(v);
            cy_move_str(b, d, m, sizeof m);
            push(v, d);
            fail_line(v, w, "the prescribed move %s is a death move: the opponent completes cell %d", m, cell + 1);
            pop(v);
            return 0;
        }
        push(v, d);
        total = sat_add(total, opponent_turn(v));
        pop(v);
    }
    return total;
}

/* The opponent's turn: tries every legal move; returns the number of
 * complete games from here (memoised by position). */
static uint64_t opponent_turn(vstate *v)
{
    const cy_board *b = v->b;
    uint64_t k0, k1;
    key_of(v, &k0, &k1);
    memo_entry *me = slot(v, k0, k1);
    if (me->used)
        return me->lines;
    if ((++v->ticks & 255) == 0)
        cyi_ticker_show(&v->tick, 0, "strategy: %llu positions checked", (unsigned long long)v->count);
    if (v->count >= v->lim.max_positions || cy_interrupted() ||
        (v->lim.timeout > 0 && (v->ticks & 255) == 0 && cy_now() - v->start > v->lim.timeout)) {
        v->stopped = 1;
        return 0;
    }
    int *moves = v->buf[v->depth];
    int n = cy_rules_legal(b, v->mark, moves);
    if (n == 0) {
        memo_put(v, k0, k1, 1); /* the strategy made the last move */
        return 1;
    }
    uint64_t total = 0;
    for (int i = 0; i < n && !v->failed && !v->stopped; i++) {
        int d = moves[i];
        push(v, d);
        if (cy_rules_cycle_cell(b, v->mark) >= 0) {
            fail_line(v, -1, "the opponent completes a cycle cell");
            pop(v);
            return 0;
        }
        total = sat_add(total, strategy_turn(v, d));
        pop(v);
    }
    if (!v->failed && !v->stopped)
        memo_put(v, k0, k1, total);
    return total;
}

/* Checks the strategy against every opponent line (see cycles.h). */
int cy_strategy_verify(const cy_board *b, const cy_strategy *s, const cy_strategy_limits *lim, cy_strategy_report *r,
                       cy_error *err)
{
    memset(r, 0, sizeof *r);
    if (b->ne > 64)
        return cy_error_set(err, "the board has %d edges; strategies are checked on at most 64", b->ne);
    vstate v;
    memset(&v, 0, sizeof v);
    v.b = b;
    v.s = s;
    if (lim)
        v.lim = *lim;
    if (v.lim.max_positions == 0)
        v.lim.max_positions = 20000000;
    v.r = r;
    v.mark = cyi_xcalloc((size_t)b->ne + 1, 1);
    v.line = cyi_xmalloc(sizeof(int) * (size_t)(b->ne + 2));
    v.cap = 1024;
    v.tab = cyi_xcalloc(v.cap, sizeof(memo_entry));
    v.buf = cyi_xmalloc(sizeof(int *) * (size_t)(b->ne + 2));
    for (int i = 0; i < b->ne + 2; i++)
        v.buf[i] = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    if (v.lim.memory == 0)
        v.lim.memory = cyi_physical_memory() / 4;
    v.start = cy_now();
    v.tick = (cyi_ticker){.on = v.lim.progress, .born = v.start, .last = v.start};
    uint64_t lines = s->player == 1 ? strategy_turn(&v, -1) : opponent_turn(&v);
    cyi_ticker_show(&v.tick, 1, "strategy: %llu positions checked", (unsigned long long)v.count);
    r->opponent_lines = lines;
    r->positions = v.count;
    r->complete = !v.stopped;
    r->verified = !v.failed && !v.stopped;
    if (v.stopped && !v.failed)
        snprintf(r->why, sizeof r->why, "stopped after %llu positions (%s)", (unsigned long long)v.count,
                 v.full                           ? "the memory bound"
                 : v.count >= v.lim.max_positions ? "the limit of positions"
                 : cy_interrupted()               ? "interrupted"
                                                  : "the timeout");
    r->seconds = cy_now() - v.start;
    for (int i = 0; i < b->ne + 2; i++)
        free(v.buf[i]);
    free(v.buf);
    free(v.tab);
    free(v.line);
    free(v.mark);
    return 0;
}

/* Frees the losing line of r. */
void cy_strategy_report_free(cy_strategy_report *r)
{
    free(r->line);
    r->line = NULL;
}

/* Plays the opponent's moves against the strategy (see cycles.h). */
int cy_strategy_play_line(const cy_board *b, const cy_strategy *s, const int *opp, int nopp, int *game, int *len,
                          char *why, size_t wn)
{
    unsigned char *mark = cyi_xcalloc((size_t)b->ne + 1, 1);
    int *moves = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    int k = 0, used = 0, last = -1, result = 0;
    char w[256], m[2 * CY_MAX_LABEL + 8];
    snprintf(why, wn, "the opponent's moves ran out");
    for (;;) {
        int mover = k % 2 + 1;
        if (cy_rules_over(b, mark)) {
            int cyc = cy_rules_cycle_cell(b, mark);
            result = 3 - mover; /* the player who moved last */
            snprintf(why, wn, cyc >= 0 ? "player %d completed cell %d" : "player %d made the last move", result, cyc + 1);
            break;
        }
        int d;
        if (mover == s->player) {
            int n = cy_strategy_moves(s, b, mark, last, moves, w, sizeof w);
            if (n == 0) {
                snprintf(why, wn, "the strategy breaks down: %s", w);
                break;
            }
            d = moves[0];
        } else {
            if (used == nopp)
                break;
            d = opp[used++];
            if (cy_rules_check(b, mark, d, NULL) != CY_LEGAL) {
                cy_move_str(b, d, m, sizeof m);
                snprintf(why, wn, "the opponent's move %s is illegal", m);
                result = -1;
                break;
            }
            last = d;
        }
        mark[cy_dart_edge(d)] = (unsigned char)cy_dart_mark(d);
        game[k++] = d;
    }
    *len = k;
    free(mark);
    free(moves);
    return result;
}
