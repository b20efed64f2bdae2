/*
 * verify.c - the results of the papers recomputed: every row states what a
 * paper says about a board and what the engine computes (a winner or a
 * Grundy value from the solver, an exhaustively verified strategy, an
 * enumeration), and whether they agree.  Also trimming loose ends (Fokkink and Zandee
 *  2022, section 1) and the scan of the families for boards that break the
 * parity pattern "player 1 wins exactly when the number of edges is odd".
 *
 * The expected values are the papers' statements, written out below at each
 * row; nothing here is copied from a run of the program.
 */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------- trimming */

/* b without the loose end v, its neighbour made special (see cycles.h). */
cy_board *cy_board_trim(const cy_board *b, int v, cy_error *err)
{
    if (v < 0 || v >= b->nv)
        return cy_error_set(err, "no such vertex"), NULL;
    if (cy_degree(b, v) != 1)
        return cy_error_set(err, "vertex %s has degree %d, not 1", b->label[v], cy_degree(b, v)), NULL;
    if (b->special[v])
        return cy_error_set(err, "vertex %s is special, not a loose end", b->label[v]), NULL;
    if (b->ne == 1)
        return cy_error_set(err, "trimming vertex %s would leave no edge", b->label[v]), NULL;
    int w = cy_head(b, b->vdarts[b->vstart[v]]);
    int nf = b->ncells + 1, nv = b->nv - 1;
    int **walk = cyi_xmalloc(sizeof(int *) * (size_t)nf), *len = cyi_xcalloc((size_t)nf, sizeof(int));
    for (int f = 0; f < nf; f++) {
        int n = cy_face_len(b, f), at = -1;
        walk[f] = cyi_xmalloc(sizeof(int) * (size_t)(n + 1));
        for (int i = 0; i < n; i++)
            if (cy_tail(b, b->fdarts[b->fstart[f] + i]) == v)
                at = i;
        /* ... w v w ...: drop v and the w after it */
        for (int i = 0; i < n; i++) {
            if (at >= 0 && (i == at || i == (at + 1) % n))
                continue;
            int u = cy_tail(b, b->fdarts[b->fstart[f] + i]);
            walk[f][len[f]++] = u < v ? u : u - 1;
        }
    }
    const char **labels = cyi_xmalloc(sizeof(char *) * (size_t)nv);
    unsigned char *special = cyi_xcalloc((size_t)nv, 1);
    double *xy = b->has_coords ? cyi_xmalloc(sizeof(double) * 2 * (size_t)nv) : NULL;
    for (int u = 0, k = 0; u < b->nv; u++) {
        if (u == v)
            continue;
        labels[k] = b->label[u];
        special[k] = b->special[u] || u == w;
        if (xy) {
            xy[2 * k] = b->x[u];
            xy[2 * k + 1] = b->y[u];
        }
        k++;
    }
    cy_board_desc d = {
        .nv = nv,
        .labels = labels,
        .ncells = b->ncells,
        .cells = (const int *const *)walk,
        .cell_len = len,
        .outer = b->surface ? NULL : walk[b->ncells],
        .outer_len = b->surface ? 0 : len[b->ncells],
        .special = special,
        .xy = xy,
        .name = b->name,
        .surface = b->surface,
        .orientable = b->orientable,
        .genus = b->genus,
    };
    cy_board *r = cy_board_from_faces(&d, err);
    for (int f = 0; f < nf; f++)
        free(walk[f]);
    free(walk);
    free(len);
    free(labels);
    free(special);
    free(xy);
    return r;
}

/* b with a new vertex of degree 1 hung in the outer face at the corner that
 * starts at position pos of the outer face walk; NULL on error. */
static cy_board *add_loose_end(const cy_board *b, int pos, cy_error *err)
{
    int nf = b->ncells + 1, x = b->nv;
    int **walk = cyi_xmalloc(sizeof(int *) * (size_t)nf), *len = cyi_xcalloc((size_t)nf, sizeof(int));
    for (int f = 0; f < nf; f++) {
        int n = cy_face_len(b, f);
        walk[f] = cyi_xmalloc(sizeof(int) * (size_t)(n + 2));
        for (int i = 0; i < n; i++) {
            int u = cy_tail(b, b->fdarts[b->fstart[f] + i]);
            walk[f][len[f]++] = u;
            if (f == b->ncells && i == pos) { /* .. w x w .. */
                walk[f][len[f]++] = x;
                walk[f][len[f]++] = u;
            }
        }
    }
    const char **labels = cyi_xmalloc(sizeof(char *) * (size_t)(b->nv + 1));
    for (int u = 0; u < b->nv; u++)
        labels[u] = b->label[u];
    labels[x] = "loose";
    unsigned char *special = cyi_xcalloc((size_t)b->nv + 1, 1);
    memcpy(special, b->special, (size_t)b->nv);
    cy_board_desc d = {
        .nv = b->nv + 1,
        .labels = labels,
        .ncells = b->ncells,
        .cells = (const int *const *)walk,
        .cell_len = len,
        .outer = walk[b->ncells],
        .outer_len = len[b->ncells],
        .special = special,
        .name = b->name,
    };
    cy_board *r = cy_board_from_faces(&d, err);
    for (int f = 0; f < nf; f++)
        free(walk[f]);
    free(walk);
    free(len);
    free(labels);
    free(special);
    return r;
}

/* -------------------------------------------------------------- boards */

/* A board from cells written as blank-separated labels, cells separated by
 * '|' and listed the same way round; a last part "outer: ..." gives the outer
 * face (needed when an edge lies on no cell), else it is derived. */
static cy_board *board_from(const char *name, const char *text, cy_error *err)
{
    char lab[64][16];
    int nv = 0, nwalk = 0, walk[17][40], len[17], has_outer = 0;
    const char *p = text;
    while (*p && nwalk < 17) {
        len[nwalk] = 0;
        while (*p == ' ')
            p++;
        if (!strncmp(p, "outer:", 6)) {
            has_outer = 1;
            p += 6;
        }
        while (*p && *p != '|') {
            while (*p == ' ')
                p++;
            if (!*p || *p == '|')
                break;
            char tok[16];
            int k = 0;
            while (*p && *p != ' ' && *p != '|' && k < 15)
                tok[k++] = *p++;
            tok[k] = 0;
            int v = -1;
            for (int i = 0; i < nv; i++)
                if (!strcmp(lab[i], tok))
                    v = i;
            if (v < 0 && nv < 64) {
                strcpy(lab[nv], tok);
                v = nv++;
            }
            if (len[nwalk] < 40)
                walk[nwalk][len[nwalk]++] = v;
        }
        nwalk++;
        if (*p == '|')
            p++;
    }
    const char *labels[64];
    const int *cp[17];
    for (int i = 0; i < nv; i++)
        labels[i] = lab[i];
    for (int c = 0; c < nwalk; c++)
        cp[c] = walk[c];
    int ncells = nwalk - has_outer;
    cy_board_desc d = {.nv = nv,
                       .labels = labels,
                       .ncells = ncells,
                       .cells = cp,
                       .cell_len = len,
                       .outer = has_outer ? walk[ncells] : NULL,
                       .outer_len = has_outer ? len[ncells] : 0,
                       .name = name};
    return cy_board_from_faces(&d, err);
}

/* A chain of k cycles of n[0..k) vertices: cycle j > 0 shares its first
 * vertex with the vertex at position at[j] of cycle j - 1; labelled 1, 2, ... */
static cy_board *chain(const char *name, const int *n, const int *at, int k, cy_error *err)
{
    char text[1024];
    size_t t = 0;
    int next = 1;
    int verts[8][32];
    for (int j = 0; j < k; j++) {
        for (int i = 0; i < n[j]; i++)
            verts[j][i] = (j > 0 && i == 0) ? verts[j - 1][at[j]] : next++;
        for (int i = 0; i < n[j]; i++)
            t += (size_t)snprintf(text + t, sizeof text - t, "%d%s", verts[j][i], i + 1 < n[j] ? " " : "");
        if (j + 1 < k)
            t += (size_t)snprintf(text + t, sizeof text - t, "|");
    }
    return board_from(name, text, err);
}

/* --------------------------------------------------------------- table */

/* The state of a run. */
typedef struct vctx {
    cy_verify_table *t;
    int cap;
    int quick, progress;
    size_t memory; /* the table of each search (cy_verify_opts) */
    int solve_max; /* the solver is used on boards of at most this many edges */
    cy_error err;
    int failed;  /* a board could not be built or solved */
    double last; /* when the last row was finished */
} vctx;

/* Appends a row and fills its first columns. */
static cy_verify_row *row(vctx *v, const char *paper, const char *result, const char *board, int edges)
{
    cy_verify_table *t = v->t;
    if (t->n == v->cap) {
        v->cap = v->cap ? 2 * v->cap : 64;
        t->rows = cyi_xrealloc(t->rows, sizeof(cy_verify_row) * (size_t)v->cap);
    }
    cy_verify_row *r = &t->rows[t->n++];
    memset(r, 0, sizeof *r);
    snprintf(r->paper, sizeof r->paper, "%s", paper);
    snprintf(r->result, sizeof r->result, "%s", result);
    snprintf(r->board, sizeof r->board, "%s", board);
    r->edges = edges;
    r->grundy = -1;
    return r;
}

/* Prints a finished row on stderr when progress is on.  A row finished
 * after cy_interrupt is dropped: its searches were cut short. */
static void done(vctx *v, const cy_verify_row *r)
{
    if (cy_interrupted()) {
        v->t->n--;
        return;
    }
    double now = cy_now();
    if (v->progress)
        fprintf(stderr, "cycles: verify: %s %-10s %-28s %-9s (%.1f s)\n", r->paper, r->result, r->board,
                r->agrees ? "agrees" : "DISAGREES", now - v->last);
    v->last = now;
}

/* printf into a row field. */
static void fill(char *dst, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fill(char *dst, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(dst, n, fmt, ap);
    va_end(ap);
}

/* A family board, or NULL (the run is marked failed). */
static cy_board *fam(vctx *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static cy_board *fam(vctx *v, const char *fmt, ...)
{
    char spec[96];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(spec, sizeof spec, fmt, ap);
    va_end(ap);
    cy_board *b = cy_family_build(spec, &v->err);
    if (!b)
        v->failed = 1;
    return b;
}

/* Winner and Grundy value of the empty board of b (fast engine); 0, or -1
 * (the run is marked failed). */
static int solve(vctx *v, const cy_board *b, int *winner, int *grundy)
{
    cy_solver_opts o = {.memory = v->memory ? v->memory : 128u << 20, .threads = 1};
    cy_solver *s = cy_solver_new(b, &o, &v->err);
    if (!s) {
        v->failed = 1;
        return -1;
    }
    unsigned char *mark = cyi_xcalloc((size_t)b->ne + 1, 1);
    cy_analysis a;
    int rc = cy_analyse(s, mark, &a, &v->err);
    if (rc == 0) {
        *winner = a.winner;
        *grundy = a.grundy;
    } else if (!cy_interrupted()) /* an interrupt drops the row (done) */
        v->failed = 1;
    cy_analysis_free(&a);
    free(mark);
    cy_solver_free(s);
    return rc < 0 ? -1 : 0;
}

/* A row claiming the winner (grundy 0) or the Grundy value (grundy 1) of b,
 * which is consumed; name (if not NULL) overrides its name. */
static void claim_value(vctx *v, const char *paper, const char *result, cy_board *b, const char *name, int grundy,
                        int want, const char *says)
{
    if (!b)
        return;
    cy_verify_row *r = row(v, paper, result, name ? name : b->name, b->ne);
    fill(r->says, sizeof r->says, "%s", says);
    if (solve(v, b, &r->winner, &r->grundy) == 0) {
        if (grundy)
            fill(r->computed, sizeof r->computed, "Grundy value %d", r->grundy);
        else
            fill(r->computed, sizeof r->computed, "player %d wins", r->winner);
        r->agrees = (grundy ? r->grundy : r->winner) == want;
    } else
        fill(r->computed, sizeof r->computed, "not solved: %s", v->err.msg);
    done(v, r);
    cy_board_free(b);
}

/* A row claiming the winner of b (consumed). */
static void claim_winner(vctx *v, const char *paper, const char *result, cy_board *b, int want, const char *says)
{
    claim_value(v, paper, result, b, NULL, 0, want, says);
}

/* A row claiming the Grundy value of b (consumed); name overrides its name. */
static void claim_grundy(vctx *v, const char *paper, const char *result, cy_board *b, const char *name, int want,
                         const char *says)
{
    claim_value(v, paper, result, b, name, 1, want, says);
}

/* Describes the strategy's involution briefly into buf. */
static void describe(const cy_board *b, const cy_strategy *s, char *buf, size_t n)
{
    size_t k = 0;
    if (s->vmap) {
        int refl = 0;
        cy_involution inv;
        if (cy_involution_analyse(b, s->vmap, &inv, NULL) == 0) {
            refl = inv.reflection;
            cy_involution_free(&inv);
        }
        k += (size_t)snprintf(buf + k, n - k, "%s", refl ? "reflection" : "rotation");
        int shown = 0;
        for (int v = 0; v < b->nv && k + 16 < n; v++)
            if (s->vmap[v] > v && shown++ < 6)
                k += (size_t)snprintf(buf + k, n - k, " %s<->%s", b->label[v], b->label[s->vmap[v]]);
        if (shown > 6 && k + 5 < n)
            snprintf(buf + k, n - k, " ...");
    } else
        snprintf(buf, n, "one axis per cycle, %d self-involutive edge%s", s->nself, s->nself == 1 ? "" : "s");
}

/* The mirror-reverse strategy under the first involution of b that meets
 * Theorem 6 and is a reflection (refl 1), a rotation (0) or either (-1). */
static cy_strategy *thm6_strategy(const cy_board *b, int refl)
{
    cy_symmetry *sym = cy_symmetry_new(b, NULL);
    cy_strategy *s = NULL;
    for (int i = 0; sym && i < sym->n && !s; i++) {
        const cy_automorphism *a = &sym->aut[i];
        cy_involution inv;
        if (a->order != 2 || (refl >= 0 && a->reflection != refl) || cy_involution_analyse(b, a->vmap, &inv, NULL) < 0)
            continue;
        if (inv.thm6)
            s = cy_strategy_with_involution(b, a->vmap, NULL);
        cy_involution_free(&inv);
    }
    cy_symmetry_free(sym);
    return s;
}

/* A row claiming that a theorem's strategy (kind) wins b for player want:
 * the strategy s (consumed; NULL: the one cy_strategy_find gives, of that
 * kind for the modified strategy) is verified exhaustively and, on small
 * boards, the winner is solved too.  b is consumed; name overrides its name. */
static void claim_strategy(vctx *v, const char *paper, const char *result, cy_board *b, const char *name,
                           cy_strategy *s, cy_strategy_kind kind, int want, const char *says)
{
    if (!b) {
        cy_strategy_free(s);
        return;
    }
    cy_verify_row *r = row(v, paper, result, name ? name : b->name, b->ne);
    fill(r->says, sizeof r->says, "%s", says);
    char why[1024] = "no involution of the required kind meets Theorem 6";
    if (!s && kind != CY_STRATEGY_MIRROR)
        s = cy_strategy_find(b, kind == CY_STRATEGY_MODIFIED ? CY_STRATEGY_MODIFIED : -1, why, sizeof why);
    int solved = b->ne <= v->solve_max && solve(v, b, &r->winner, &r->grundy) == 0;
    if (!s) {
        fill(r->computed, sizeof r->computed, "no strategy found: %.150s", why);
        done(v, r);
        cy_board_free(b);
        return;
    }
    cy_strategy_report rep;
    /* quick: where the strategy leaves a choice, follow the preferred move only */
    cy_strategy_limits lim = {.max_positions = v->quick ? 2000000 : 20000000,
                              .first_choice_only = v->quick,
                              .memory = v->memory};
    int ok = cy_strategy_verify(b, s, &lim, &rep, &v->err) == 0;
    char inv[128], sol[48] = "";
    describe(b, s, inv, sizeof inv);
    if (solved)
        snprintf(sol, sizeof sol, "; solver: player %d wins", r->winner);
    if (!ok)
        fill(r->computed, sizeof r->computed, "%s not checked: %s", s->name, v->err.msg);
    else if (rep.verified)
        fill(r->computed, sizeof r->computed, "%s for player %d (%s) wins all %llu opponent lines%s", s->name,
             s->player, inv, (unsigned long long)rep.opponent_lines, sol);
    else {
        char line[160] = "", m[2 * CY_MAX_LABEL + 8];
        size_t t = 0;
        for (int i = 0; i < rep.line_len && t + 20 < sizeof line; i++) {
            cy_move_str(b, rep.line[i], m, sizeof m);
            t += (size_t)snprintf(line + t, sizeof line - t, "%s%s", i ? " " : "", m);
        }
        fill(r->computed, sizeof r->computed, "%s for player %d fails on %s: %.90s%s", s->name, s->player, line,
             rep.why, sol);
    }
    if (!solved && ok && rep.verified)
        r->winner = s->player;
    r->agrees = ok && rep.verified && s->kind == kind && s->player == want && r->winner == want;
    cy_strategy_report_free(&rep);
    cy_strategy_free(s);
    done(v, r);
    cy_board_free(b);
}

/* The darts of a move list on b (at most 16), or -1 entries on error. */
static int moves(const cy_board *b, const char *text, int *out)
{
    int *d = NULL, n = 0;
    if (cy_moves_parse(b, text, &d, &n, NULL) < 0)
        return -1;
    if (n > 16)
        n = 16;
    memcpy(out, d, sizeof(int) * (size_t)n);
    free(d);
    return n;
}

/* A row for a failure the paper describes: under the involution pairs
 * (label pairs "a:b,..."), the opponent's moves opp against the mirror
 * strategy must make the strategy's reply number k (0-based among its
 * moves) a death move, as in the paper's game; the exhaustive check must
 * find a losing line too. */
static void claim_failure(vctx *v, const char *paper, const char *result, cy_board *b, const char *pairs,
                          const char *opp, int k, const char *says)
{
    if (!b)
        return;
    cy_verify_row *r = row(v, paper, result, b->name, b->ne);
    fill(r->says, sizeof r->says, "%s", says);
    int *vmap = cyi_xmalloc(sizeof(int) * (size_t)b->nv);
    cy_strategy *s =
        cy_involution_parse(b, pairs, vmap, &v->err) < 0 ? NULL : cy_strategy_with_involution(b, vmap, &v->err);
    free(vmap);
    if (!s) {
        v->failed = 1;
        fill(r->computed, sizeof r->computed, "%s", v->err.msg);
        done(v, r);
        cy_board_free(b);
        return;
    }
    int o[16], no = moves(b, opp, o), game[64], len = 0;
    char why[256];
    int w = no < 0 ? -1 : cy_strategy_play_line(b, s, o, no, game, &len, why, sizeof why);
    /* the strategy's k-th reply: its moves are at odd positions for player 2, even for player 1 */
    int at = s->player == 2 ? 2 * k + 1 : 2 * k;
    unsigned char *mark = cyi_xcalloc((size_t)b->ne + 1, 1);
    int death = 0;
    if (at < len) {
        for (int i = 0; i < at; i++)
            mark[cy_dart_edge(game[i])] = (unsigned char)cy_dart_mark(game[i]);
        death = cy_rules_is_death(b, mark, game[at], NULL);
    }
    free(mark);
    cy_strategy_report rep;
    cy_strategy_limits lim = {.memory = v->memory};
    cy_strategy_verify(b, s, &lim, &rep, NULL);
    char line[160] = "", m[2 * CY_MAX_LABEL + 8];
    size_t t = 0;
    for (int i = 0; i < len && t + 20 < sizeof line; i++) {
        cy_move_str(b, game[i], m, sizeof m);
        t += (size_t)snprintf(line + t, sizeof line - t, "%s%s", i ? " " : "", m);
    }
    fill(r->computed, sizeof r->computed, "game %s: reply %d is a death move, player %d wins; exhaustive check: %s",
         line, k + 1, w, rep.verified ? "the strategy wins (!)" : "fails");
    r->winner = 0;
    r->agrees = death && w == 3 - s->player && !rep.verified;
    cy_strategy_report_free(&rep);
    cy_strategy_free(s);
    done(v, r);
    cy_board_free(b);
}

/* ------------------------------------------------------------ Alvarado et al. 2021 */

/* Lemma 2 on C_n: walks every reachable position; counts finished games
 * without a cycle cell and those with an odd number of unmarked edges (all
 * of them unmarkable, as rules.c must confirm). */
static void lemma2_walk(const cy_board *b, unsigned char *mark, unsigned char *seen, int *finished, int *odd, int *bad)
{
    size_t x = 0;
    for (int e = b->ne - 1; e >= 0; e--)
        x = 3 * x + mark[e];
    if (seen[x])
        return;
    seen[x] = 1;
    int *legal = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    int n = cy_rules_legal(b, mark, legal);
    if (n == 0 && cy_rules_cycle_cell(b, mark) < 0) {
        int unmarked = 0;
        for (int e = 0; e < b->ne; e++)
            if (mark[e] == CY_UNMARKED) {
                cy_edge_info info;
                cy_rules_classify(b, mark, e, &info);
                unmarked++;
                *bad += info.cls != CY_EDGE_UNMARKABLE;
            }
        (*finished)++;
        *odd += unmarked % 2;
    }
    for (int i = 0; i < n; i++) {
        int e = cy_dart_edge(legal[i]);
        mark[e] = (unsigned char)cy_dart_mark(legal[i]);
        lemma2_walk(b, mark, seen, finished, odd, bad);
        mark[e] = CY_UNMARKED;
    }
    free(legal);
}

/* Alvarado et al. 2021: Theorems 1, 3, 4, 5, Lemma 2, Theorem 6 with Corollaries 7-8
 * and the failures of Figures 12 and 16, Theorem 9. */
static void paper000(vctx *v)
{
    char says[200];
    claim_winner(v, "Alvarado et al. 2021", "Thm 1", fam(v, "k4"), 2, "player 2 has a winning strategy on K4");
    int top = v->quick ? 8 : 10;
    {
        int finished = 0, odd = 0, bad = 0;
        for (int n = 3; n <= top; n++) {
            cy_board *b = fam(v, "cycle:%d", n);
            if (!b)
                continue;
            size_t size = 1;
            for (int e = 0; e < n; e++)
                size *= 3;
            unsigned char *seen = cyi_xcalloc(size, 1), *mark = cyi_xcalloc((size_t)n + 1, 1);
            lemma2_walk(b, mark, seen, &finished, &odd, &bad);
            free(seen);
            free(mark);
            cy_board_free(b);
        }
        char name[48];
        snprintf(name, sizeof name, "cycle:3 .. cycle:%d", top);
        cy_verify_row *r = row(v, "Alvarado et al. 2021", "Lemma 2", name, 0);
        fill(r->says, sizeof r->says, "a C_n board with no markable edge left has an even number of unmarkable edges");
        fill(r->computed, sizeof r->computed, "%d finished games without a cycle cell: %d with an odd number%s",
             finished, odd, bad ? " (and some unmarked edge is not unmarkable!)" : "");
        r->agrees = finished > 0 && odd == 0 && bad == 0;
        done(v, r);
    }
    for (int n = 3; n <= (v->quick ? 9 : 12); n++) {
        snprintf(says, sizeof says, "C_n: player %d wins for n %s", n % 2 ? 1 : 2, n % 2 ? "odd" : "even");
        claim_winner(v, "Alvarado et al. 2021", "Thm 3", fam(v, "cycle:%d", n), n % 2 ? 1 : 2, says);
    }
    for (int n = 4; n <= (v->quick ? 8 : 10); n++)
        for (int k = 2; k <= n / 2; k++) {
            snprintf(says, sizeof says, "C_n with a chord: player %d wins for n %s", n % 2 ? 2 : 1,
                     n % 2 ? "odd" : "even");
            claim_winner(v, "Alvarado et al. 2021", "Thm 4", fam(v, "chord:%d,%d", n, k), n % 2 ? 2 : 1, says);
        }
    for (int n = 3; n <= (v->quick ? 8 : 10); n++) {
        snprintf(says, sizeof says, "C_n with an inner vertex on two adjacent vertices: player %d wins for n %s",
                 n % 2 ? 1 : 2, n % 2 ? "odd" : "even");
        claim_winner(v, "Alvarado et al. 2021", "Thm 5", fam(v, "inner:%d", n), n % 2 ? 1 : 2, says);
    }

    /* Theorem 6 and its corollaries, on boards with the stated symmetries */
    static const struct {
        const char *result, *spec, *cells, *name;
        int refl, want;
        const char *says;
    } sym[] = {
        {"Thm 6", "cycle:7", NULL, NULL, -1, 1,
         "an involution fixing one edge (ends exchanged), the cell self-involutive: player 1 by mirror-reverse"},
        {"Thm 6", "cycle:8", NULL, NULL, -1, 2, "an involution fixing no edge, the cell self-involutive: player 2"},
        {"Thm 6", "gtheta:2,2,2", NULL, NULL, 1, 2,
         "the reflection exchanging the poles fixes no edge, both cells self-involutive: player 2"},
        {"Thm 6", "chord:4,2", NULL, NULL, 1, 1,
         "the reflection across the other diagonal fixes the chord, ends exchanged: player 1"},
        {"Cor 7 (Fig. 11)", NULL, "a b e|b c e|c d e|d a e", "wheel W4 (Fig. 11)", 0, 2,
         "180-degree rotation, no edge through the centre, no edge and partner on one cell: player 2"},
        {"Cor 7 (Fig. 13)", NULL, "a e d|f b c|outer: e f c b f e a d", "two triangles joined by a bridge e-f", 0, 1,
         "180-degree rotation with one edge through the centre (a board that fits Fig. 13's game): player 1"},
        {"Cor 7", NULL, "a b c d|e h g f|outer: c e f g h e c b a d", "two squares joined by a bridge c-e", 0, 1,
         "180-degree rotation with one edge through the centre: player 1"},
        {"Cor 7", "grid:3x3", NULL, NULL, 0, 2,
         "180-degree rotation about the centre vertex, no edge through it: player 2"},
        {"Cor 8", "butterfly", NULL, NULL, 1, 2,
         "reflection exchanging the wings, no edge along or across the axis: player 2"},
        {"Cor 8", "wedge:4,4", NULL, NULL, 1, 2,
         "reflection exchanging the squares, no edge along or across the axis: player 2"},
        {"Cor 8", "inner:5", NULL, NULL, 1, 1, "reflection through the inner vertex, one edge across the axis: player 1"},
        {"Cor 8", "cycle:6", NULL, NULL, 1, 2,
         "reflection through two opposite vertices, no edge across the axis: player 2"},
    };
    cy_error *e = &v->err;
    for (size_t i = 0; i < sizeof sym / sizeof sym[0]; i++) {
        cy_board *b = sym[i].spec ? fam(v, "%s", sym[i].spec) : board_from(sym[i].name, sym[i].cells, e);
        if (!b) {
            v->failed = 1;
            continue;
        }
        claim_strategy(v, "Alvarado et al. 2021", sym[i].result, b, sym[i].name, thm6_strategy(b, sym[i].refl),
                       CY_STRATEGY_MIRROR, sym[i].want, sym[i].says);
    }
    claim_failure(v, "Alvarado et al. 2021", "Fig. 12", fam(v, "gtheta:2,2,2"), "1:2,3:5", "3->1 1->4 2->3", 1,
                  "mirror-reverse under the 180-degree rotation: after b->a c->d a->e, player 2's e->c is a death move");
    claim_failure(v, "Alvarado et al. 2021", "Fig. 16", fam(v, "chord:4,2"), "2:4", "2->3 4->1", 1,
                  "mirror-reverse under the reflection along the chord: after a->d b->d, player 1's d->c is a death move");
    {
        /* Figure 16's remark: with the 180-degree rotation player 1 wins */
        cy_board *b = fam(v, "chord:4,2");
        if (b) {
            int vmap[4] = {2, 3, 0, 1};
            cy_strategy *s = cy_strategy_with_involution(b, vmap, e);
            cy_verify_row *r = row(v, "Alvarado et al. 2021", "Fig. 16", "chord:4,2", b->ne);
            fill(r->says, sizeof r->says, "player 1 could win by mirror-reverse with the 180-degree rotation instead");
            cy_strategy_report rep = {0};
            cy_strategy_limits lim = {.memory = v->memory};
            if (s && cy_strategy_verify(b, s, &lim, &rep, e) == 0 && rep.verified) {
                r->winner = s->player;
                fill(r->computed, sizeof r->computed,
                     "verified for player %d against all %llu opponent lines (though Theorem 6 does not cover it)",
                     s->player, (unsigned long long)rep.opponent_lines);
                r->agrees = s->player == 1;
            } else
                fill(r->computed, sizeof r->computed, "the rotation strategy fails");
            cy_strategy_report_free(&rep);
            cy_strategy_free(s);
            done(v, r);
            cy_board_free(b);
        }
    }
}

/* Theorem 9 over the boards of the families without special vertices, up to
 * max_edges edges; fills one row. */
static void theorem9(vctx *v, const char *const *specs, int nspecs, int max_edges)
{
    static const char *const extra[] = {"grid:3x4",       "grid:4x3",           "grid:3x5",    "grid:4x4",
                                        "windmill:5",     "windmill:6",         "wedge:4,4,4", "wedge:5,5,5",
                                        "gtheta:3,3,3,3", "gtheta:2,2,2,2,2,2", "chord:14,7",  "inner:14",
                                        "theta:5,5,5"};
    int nextra = (int)(sizeof extra / sizeof extra[0]);
    int boards = 0;
    uint64_t markings = 0, without = 0;
    char first[96] = "";
    for (int i = 0; i < nspecs + nextra; i++) {
        const char *spec = i < nspecs ? specs[i] : extra[i - nspecs];
        cy_board *b = cy_family_build(spec, NULL);
        if (!b)
            continue;
        int special = 0;
        for (int u = 0; u < b->nv; u++)
            special += b->special[u] != 0;
        cy_filled_result fr;
        if (!special && b->ne <= max_edges && cy_filled_check(b, 0, &fr, NULL) == 0) {
            boards++;
            markings += fr.complete_markings;
            without += fr.without_cycle_cell;
            if (fr.without_cycle_cell && !first[0])
                snprintf(first, sizeof first, "%s", spec);
            cy_filled_result_free(&fr);
        }
        cy_board_free(b);
    }
    char name[64];
    snprintf(name, sizeof name, "%d family boards, up to %d edges", boards, max_edges);
    cy_verify_row *r = row(v, "Alvarado et al. 2021", "Thm 9", name, 0);
    fill(r->says, sizeof r->says, "every complete marking with no sink and no source has a cycle cell");
    fill(r->computed, sizeof r->computed, "%llu complete markings, %llu without a cycle cell%s%s",
         (unsigned long long)markings, (unsigned long long)without, first[0] ? ", first on " : "", first);
    r->agrees = boards > 0 && without == 0;
    done(v, r);
}

/* ------------------------------------------------------------ Fokkink and Zandee 2022 */

/* Fokkink and Zandee 2022: the lollipop, n-gons with a special vertex (Thm 2), the
 * butterflies, the fishy graphs, branching trees (Thm 1), spiders, trimming,
 * and a 2-connected board of odd size won by player 2. */
static void paper001(vctx *v)
{
    char says[200];
    claim_grundy(v, "Fokkink and Zandee 2022", "Fig. 1", fam(v, "lollipop:3"), NULL, 2,
                 "the lollipop graph has Grundy value 2");
    {
        cy_board *c = fam(v, "cycle:3");
        if (c) {
            unsigned char sp[3] = {1, 0, 0};
            cy_board *b = cy_board_with_special(c, sp, &v->err);
            claim_grundy(v, "Fokkink and Zandee 2022", "Fig. 1", b, "cycle:3, vertex 1 special", 2,
                         "the triangle with a special vertex (the trimmed lollipop) has Grundy value 2");
            cy_board_free(c);
        }
    }
    for (int n = 3; n <= (v->quick ? 9 : 12); n++) {
        cy_board *c = fam(v, "cycle:%d", n);
        if (!c)
            continue;
        unsigned char *sp = cyi_xcalloc((size_t)n, 1);
        sp[0] = 1;
        cy_board *b = cy_board_with_special(c, sp, &v->err);
        free(sp);
        char name[48];
        snprintf(name, sizeof name, "cycle:%d, vertex 1 special", n);
        int want = n == 3 ? 2 : n % 2;
        snprintf(says, sizeof says, "an n-gon with a special vertex: Grundy value %d (%s)", want,
                 n == 3  ? "the triangle"
                 : n % 2 ? "n odd"
                         : "n even");
        claim_grundy(v, "Fokkink and Zandee 2022", "Thm 2", b, name, want, says);
        cy_board_free(c);
    }
    claim_grundy(v, "Fokkink and Zandee 2022", "Sec. 3", fam(v, "butterfly"), NULL, 0,
                 "the open butterfly has Grundy value 0 (Bob wins)");
    claim_grundy(v, "Fokkink and Zandee 2022", "Sec. 3", fam(v, "butterfly:closed"), NULL, 3,
                 "the closed butterfly has Grundy value 3");
    for (int n = 4; n <= (v->quick ? 7 : 9); n++) {
        snprintf(says, sizeof says, "fishy graph: Alice wins (Karker-Walker); computations suggest Grundy value %d",
                 n % 2 ? 3 : 2);
        claim_grundy(v, "Fokkink and Zandee 2022", "Sec. 4", fam(v, "wedge:3,%d", n), NULL, n % 2 ? 3 : 2, says);
    }
    for (int k = 3; k <= (v->quick ? 8 : 12); k++) {
        snprintf(says, sizeof says, "a branching tree of size %d has Grundy value %d", k, k % 2);
        claim_grundy(v, "Fokkink and Zandee 2022", "Thm 1", fam(v, "star:%d", k), NULL, k % 2, says);
    }
    static const char *const spiders[] = {"spider:2,2,2", "spider:2,2,4", "spider:2,4,4", "spider:4,4,4", "spider:2,2,6"};
    for (int i = 0; i < (v->quick ? 3 : 5); i++)
        claim_grundy(v, "Fokkink and Zandee 2022", "Sec. 2", fam(v, "%s", spiders[i]), NULL, 0,
                     "Mathews: a three-legged spider with all legs even has Grundy value 0");
    {
        /* trimming a loose end in the outer face keeps the Grundy value */
        static const char *const bases[] = {"cycle:3",   "cycle:4",      "cycle:5",   "chord:5,2", "inner:4",    "k4",
                                            "butterfly", "gtheta:2,2,2", "wedge:3,4", "grid:2x3",  "theta:1,2,3"};
        int nb = v->quick ? 6 : 11, boards = 0, same = 0;
        for (int i = 0; i < nb; i++) {
            cy_board *b = cy_family_build(bases[i], NULL);
            if (!b)
                continue;
            int len = cy_face_len(b, b->ncells);
            for (int pos = 0; pos < len; pos++) {
                cy_board *p = add_loose_end(b, pos, &v->err);
                cy_board *t = p ? cy_board_trim(p, p->nv - 1, &v->err) : NULL;
                int w1, g1, w2, g2;
                if (p && t && solve(v, p, &w1, &g1) == 0 && solve(v, t, &w2, &g2) == 0) {
                    boards++;
                    same += g1 == g2 && w1 == w2;
                }
                cy_board_free(p);
                cy_board_free(t);
            }
            cy_board_free(b);
        }
        char name[64];
        snprintf(name, sizeof name, "%d boards with a loose end", boards);
        cy_verify_row *r = row(v, "Fokkink and Zandee 2022", "Sec. 1", name, 0);
        fill(r->says, sizeof r->says,
             "trimming a loose end (removing it and making its neighbour special) does not change the game");
        fill(r->computed, sizeof r->computed,
             "loose end hung at every outer corner of %d family boards: Grundy value unchanged in %d of %d", nb, same,
             boards);
        r->agrees = boards > 0 && same == boards;
        done(v, r);
    }
    {
        cy_error *e = &v->err;
        cy_board *b = board_from("two boxes with diagonals", "a u v|a v b|u c v|c d v", e);
        if (b) {
            cy_verify_row *r = row(v, "Fokkink and Zandee 2022", "Fig. 5", "2x3 grid a u c / b v d plus a-v, c-v", b->ne);
            fill(r->says, sizeof r->says,
                 "a 2-connected board of odd size, symmetric in its central edge, can be won by Bob (Grundy value 0)");
            cy_symmetry *sym = cy_symmetry_new(b, e);
            int inv = 0;
            for (int i = 0; sym && i < sym->n; i++)
                inv += sym->aut[i].order == 2;
            cy_symmetry_free(sym);
            if (solve(v, b, &r->winner, &r->grundy) == 0) {
                fill(r->computed, sizeof r->computed,
                     "size %d, %d involution, Grundy value %d (the figure is lost; this board fits the text)", b->ne,
                     inv, r->grundy);
                r->agrees = b->ne % 2 == 1 && r->grundy == 0;
            }
            done(v, r);
            cy_board_free(b);
        }
    }
}

/* ------------------------------------------------------------ Barua et al. 2022 */

/* Barua et al. 2022: paths (Thm 2), generalised theta graphs (Thm 4, Cor 4.1),
 * theta graphs (Thms 6-7, Cor 7.1), grids (Thm 8 and section 6). */
static void paper002(vctx *v)
{
    char says[200];
    for (int n = 1; n <= (v->quick ? 9 : 12); n++) {
        snprintf(says, sizeof says, "a path of %d edges (ends exempt): player %d wins", n, n % 2 ? 1 : 2);
        claim_winner(v, "Barua et al. 2022", "Thm 2", fam(v, "path:%d", n), n % 2 ? 1 : 2, says);
    }
    static const char *const gth[] = {
        "gtheta:2,2,2", "gtheta:2,4,2",   "gtheta:2,2,4",   "gtheta:2,2,2,2", "gtheta:5,2,2", "gtheta:2,5,2",
        "gtheta:5,2,4", "gtheta:5,5,2",   "gtheta:1,2,2",   "gtheta:2,1,2",   "gtheta:3,2,2", "gtheta:1,2,4",
        "gtheta:3,2,4", "gtheta:1,2,2,2", "gtheta:3,2,2,2", "gtheta:4,1,4",   "gtheta:2,3,4",
    };
    for (int i = 0; i < (int)(sizeof gth / sizeof gth[0]); i++) {
        cy_board *b = fam(v, "%s", gth[i]);
        if (!b)
            continue;
        if (v->quick && b->ne > 12) {
            cy_board_free(b);
            continue;
        }
        int w = b->ne % 2 ? 1 : 2;
        snprintf(says, sizeof says, "odd paths of at least 5 edges (or, total odd, one of 1 or 3): player %d (%s total)",
                 w, b->ne % 2 ? "odd" : "even");
        claim_winner(v, "Barua et al. 2022", "Cor 4.1", b, w, says);
    }
    for (int c = 3; c <= (v->quick ? 5 : 7); c += 2)
        claim_winner(v, "Barua et al. 2022", "Thm 6", fam(v, "theta:3,2,%d", c), 2,
                     c == 5 ? "theta(3,2,5), the pentagon and heptagon sharing two edges (Alvarado et al. 2021 sec. 7): player 2"
                            : "theta(3,2,c) with c odd: player 2");
    for (int c = 3; c <= (v->quick ? 7 : 9); c += 2)
        claim_winner(v, "Barua et al. 2022", "Thm 7", fam(v, "theta:1,2,%d", c), 2, "theta(1,2,c) with c odd: player 2");
    for (int a = 1; a <= 7; a++)
        for (int c = a; c <= 7; c++) {
            if ((a == 1 && c == 1) || a + c + 2 > (v->quick ? 10 : 14))
                continue;
            int w = (a + c) % 2 ? 1 : 2;
            snprintf(says, sizeof says, "theta(a,2,c): the parity of the edges decides: player %d", w);
            claim_winner(v, "Barua et al. 2022", "Cor 7.1", fam(v, "theta:%d,2,%d", a, c), w, says);
        }
    static const int odd_grid[][2] = {{2, 3}, {3, 2}, {2, 5}, {3, 4}, {4, 3}, {2, 7}};
    for (int i = 0; i < (v->quick ? 4 : 6); i++)
        claim_strategy(v, "Barua et al. 2022", "Thm 8", fam(v, "grid:%dx%d", odd_grid[i][0], odd_grid[i][1]), NULL,
                       NULL, CY_STRATEGY_ROTATE, 1, "exactly one of R, C odd: player 1 by rotate-reverse");
    static const int even_grid[][2] = {{2, 2}, {2, 4}, {3, 3}, {4, 2}, {3, 5}, {4, 4}};
    for (int i = 0; i < (v->quick ? 3 : 6); i++) {
        cy_board *b = fam(v, "grid:%dx%d", even_grid[i][0], even_grid[i][1]);
        claim_strategy(v, "Barua et al. 2022", "Sec. 6", b, NULL, b ? thm6_strategy(b, 0) : NULL, CY_STRATEGY_MIRROR, 2,
                       "R and C of the same parity: player 2 (Alvarado et al. 2021 Thm 6, the rotation)");
    }
    claim_winner(v, "Barua et al. 2022", "Fig. 16", fam(v, "lollipop:3"), 1,
                 "four edges, yet player 1 wins (the loose end is unmarkable)");
}

/* ------------------------------------------------------------ Adefiyiju et al. 2023 */

/* Adefiyiju et al. 2023: two joined cycles (Props 3.1, 3.3), three joined cycles
 * (Example 3.4), Theorem 4.1 on cacti built to its conditions (where the
 * modified strategy holds and where it breaks down), Theorem 5.1. */
static void paper004(vctx *v)
{
    char says[200];
    static const int pairs[][2] = {{4, 5}, {4, 7}, {5, 6}, {4, 4}, {4, 6}, {6, 6}, {5, 8}};
    for (int i = 0; i < (v->quick ? 5 : 7); i++) {
        int m = pairs[i][0], n = pairs[i][1], w = (m + n) % 2 ? 1 : 2;
        snprintf(says, sizeof says, "C_m and C_n joined at a vertex, %s: player %d (Cor 2.5, a reflection)",
                 w == 1 ? "different parity" : "both even", w);
        cy_board *b = fam(v, "wedge:%d,%d", m, n);
        claim_strategy(v, "Adefiyiju et al. 2023", "Prop 3.1", b, NULL, b ? thm6_strategy(b, 1) : NULL,
                       CY_STRATEGY_MIRROR, w, says);
    }
    static const int odd[][2] = {{5, 5}, {5, 7}, {7, 7}, {5, 9}};
    for (int i = 0; i < (v->quick ? 2 : 4); i++)
        claim_strategy(v, "Adefiyiju et al. 2023", i == 1 ? "Ex 3.2, Prop 3.3" : "Prop 3.3",
                       fam(v, "wedge:%d,%d", odd[i][0], odd[i][1]), NULL, NULL, CY_STRATEGY_MODIFIED, 2,
                       "two odd cycles joined at a vertex: player 2 by the modified mirror-reverse strategy");
    /* Theorem 4.1: player 1 wins exactly when the number of self-involutive
     * edges is odd, i.e. when the number of odd cycles is odd (each odd
     * cycle's axis fixes one edge, each even cycle's none or two; Adefiyiju et al. 2023,
     * end of section 4).  Chains: cycle j > 0 shares its first vertex with
     * the vertex at position at[j] of cycle j - 1.  The last ones put a
     * vertex of degree 4 next to a self-involutive edge. */
    static const struct {
        const char *name, *result, *note;
        int k, n[4], at[4];
    } cacti[] = {
        {"C5-C9-C7", "Ex 3.4", "Example 3.4: three self-involutive edges, player 1", 3, {5, 9, 7}, {0, 0, 4}},
        {"C5-C8-C7", "Ex 3.4", "Example 3.4 with C8: two self-involutive edges, player 2", 3, {5, 8, 7}, {0, 0, 4}},
        {"C4-C6-C4", "Thm 4.1", NULL, 3, {4, 6, 4}, {0, 0, 3}},
        {"C4-C5-C4", "Thm 4.1", NULL, 3, {4, 5, 4}, {0, 0, 2}},
        {"C4-C4-C4-C4", "Thm 4.1", NULL, 4, {4, 4, 4, 4}, {0, 0, 2, 2}},
        {"C4-C4-C5", "Thm 4.1", NULL, 3, {4, 4, 5}, {0, 0, 1}},
        {"C5-C5-C5", "Thm 4.1", NULL, 3, {5, 5, 5}, {0, 0, 2}},
        {"C5-C9-C7 (3 apart)",
         "Ex 3.4",
         "Example 3.4's cycles, the vertices of degree 4 three apart on C9: player 1",
         3,
         {5, 9, 7},
         {0, 0, 3}},
    };
    cy_error *e = &v->err;
    for (int i = 0; i < (int)(sizeof cacti / sizeof cacti[0]); i++) {
        if (v->quick && (i == 4 || i == 7))
            continue;
        int odds = 0;
        for (int j = 0; j < cacti[i].k; j++)
            odds += cacti[i].n[j] % 2;
        int want = odds % 2 ? 1 : 2;
        char name[64];
        snprintf(name, sizeof name, "%s chain", cacti[i].name);
        if (cacti[i].note)
            snprintf(says, sizeof says, "%s by the modified mirror-reverse strategy", cacti[i].note);
        else
            snprintf(says, sizeof says,
                     "triangle-free cactus meeting properties 1-2, %d odd cycle%s: player %d by the modified strategy",
                     odds, odds == 1 ? "" : "s", want);
        claim_strategy(v, "Adefiyiju et al. 2023", cacti[i].result, chain(name, cacti[i].n, cacti[i].at, cacti[i].k, e),
                       name, NULL, CY_STRATEGY_MODIFIED, want, says);
    }
    claim_strategy(v, "Adefiyiju et al. 2023", "Thm 4.1", fam(v, "wedge:5,5,5"), NULL, NULL, CY_STRATEGY_MODIFIED, 1,
                   "three odd cycles at one vertex: player 1 by the modified strategy");
    for (int n = 4; n <= (v->quick ? 7 : 9); n++) {
        snprintf(says, sizeof says, "C3 joined to C_%d at a vertex: player 1 (%s edges)", n,
                 (3 + n) % 2 ? "odd" : "even");
        claim_winner(v, "Adefiyiju et al. 2023", "Thm 5.1", fam(v, "wedge:3,%d", n), 1, says);
    }
}

/* ---------------------------------------------------------------- parity */

/* The family boards of at most max_edges edges scanned for parity. */
static int parity_specs(char (*out)[48], int cap, int max_edges)
{
    int n = 0;
#define ADD(...)                                                                                                       \
    do {                                                                                                               \
        if (n < cap)                                                                                                   \
            snprintf(out[n++], 48, __VA_ARGS__);                                                                       \
    } while (0)
    ADD("k4");
    ADD("butterfly");
    ADD("butterfly:closed");
    for (int k = 3; 3 * k <= max_edges; k++)
        ADD("windmill:%d", k);
    for (int m = 3; m <= max_edges; m++)
        ADD("cycle:%d", m);
    for (int m = 4; m + 1 <= max_edges; m++)
        for (int k = 2; k <= m / 2; k++)
            ADD("chord:%d,%d", m, k);
    for (int m = 3; m + 2 <= max_edges; m++)
        ADD("inner:%d", m);
    for (int a = 1; a <= max_edges; a++)
        for (int b = 1; a + b <= max_edges; b++)
            for (int c = a; a + b + c <= max_edges; c++)
                if ((a == 1) + (b == 1) + (c == 1) <= 1)
                    ADD("theta:%d,%d,%d", a, b, c);
    for (int r = 2; r <= 4; r++)
        for (int c = r; c <= 6; c++)
            if (r * (c - 1) + c * (r - 1) <= max_edges)
                ADD("grid:%dx%d", r, c);
    for (int a = 3; a <= max_edges; a++)
        for (int b = a; a + b <= max_edges; b++) {
            ADD("wedge:%d,%d", a, b);
            for (int c = b; a + b + c <= max_edges; c++)
                ADD("wedge:%d,%d,%d", a, b, c);
        }
    for (int m = 3; m + 1 <= max_edges; m++)
        ADD("lollipop:%d", m);
    for (int m = 1; m <= max_edges; m++)
        ADD("path:%d", m);
    for (int k = 3; k <= max_edges; k++)
        ADD("star:%d", k);
    for (int a = 1; a <= max_edges; a++)
        for (int b = a; a + b <= max_edges; b++)
            for (int c = b; a + b + c <= max_edges; c++)
                if (c >= 2)
                    ADD("spider:%d,%d,%d", a, b, c);
#undef ADD
    return n;
}

/* Scans the families for boards that break the parity pattern and checks
 * Barua et al. 2022's modified conjecture on them; adds the summary rows. */
static void parity(vctx *v)
{
    int max = v->quick ? 9 : 12;
    char(*specs)[48] = cyi_xmalloc(sizeof(char[48]) * 2048);
    int n = parity_specs(specs, 2048, max);
    int pcap = 0, covered_breakers = 0, trees = 0, tree_fail = 0;
    char tree_first[64] = "";
    v->t->parity_max_edges = max;
    for (int i = 0; i < n && !cy_interrupted(); i++) {
        cy_board *b = cy_family_build(specs[i], NULL);
        if (!b)
            continue;
        int w, g;
        if (solve(v, b, &w, &g) < 0) {
            cy_board_free(b);
            continue;
        }
        v->t->scanned++;
        int leaves = 0, special = 0, covered = 1;
        for (int u = 0; u < b->nv; u++) {
            leaves += cy_degree(b, u) == 1;
            special += b->special[u] != 0;
            /* the conjecture's boards: no degree-1 vertex that counts for the
             * sink/source rule, and no other special vertex */
            if ((cy_degree(b, u) == 1) != (b->special[u] != 0))
                covered = 0;
        }
        if (b->ncells == 0) { /* Conjecture 1 of Fokkink and Zandee 2022: a tree has Grundy value 0 iff its size is even */
            trees++;
            if ((g == 0) != (b->ne % 2 == 0)) {
                tree_fail++;
                if (!tree_first[0])
                    snprintf(tree_first, sizeof tree_first, "%s", specs[i]);
            }
        }
        if ((w == 1) != (b->ne % 2 == 1)) {
            if (v->t->nparity == pcap) {
                pcap = pcap ? 2 * pcap : 32;
                v->t->parity = cyi_xrealloc(v->t->parity, sizeof(cy_parity_row) * (size_t)pcap);
            }
            cy_parity_row *p = &v->t->parity[v->t->nparity++];
            memset(p, 0, sizeof *p);
            snprintf(p->board, sizeof p->board, "%s", specs[i]);
            p->edges = b->ne;
            p->winner = w;
            p->grundy = g;
            p->leaves = leaves;
            p->special = special;
            p->conjecture = covered;
            covered_breakers += covered;
        }
        cy_board_free(b);
    }
    if (cy_interrupted()) {
        /* the scan was cut short: none of it is kept */
        v->t->scanned = v->t->nparity = 0;
        free(specs);
        return;
    }
    char name[64];
    snprintf(name, sizeof name, "%d family boards, up to %d edges", v->t->scanned, max);
    cy_verify_row *r = row(v, "Alvarado et al. 2021", "Sec. 7", name, 0);
    fill(r->says, sizeof r->says,
         "question: is there a board that breaks \"player 1 wins iff the number of edges is odd\"?");
    fill(r->computed, sizeof r->computed, "%d boards break the pattern (listed below)", v->t->nparity);
    r->agrees = 1; /* a question, answered */
    done(v, r);
    r = row(v, "Barua et al. 2022", "Conjecture", name, 0);
    fill(r->says, sizeof r->says,
         "with no degree-1 vertex (or degree-1 vertices exempt), player 1 wins iff the number of edges is odd");
    fill(r->computed, sizeof r->computed, "%d of the breakers have no such vertex: counterexamples to the conjecture",
         covered_breakers);
    /* Theorem 5.1 of Adefiyiju et al. 2023 already refutes it (C3 and C_n, n odd) */
    r->agrees = covered_breakers == 0;
    done(v, r);
    snprintf(name, sizeof name, "%d trees (paths, stars, spiders), up to %d edges", trees, max);
    r = row(v, "Fokkink and Zandee 2022", "Conjecture 1", name, 0);
    fill(r->says, sizeof r->says, "parity conjecture for trees: Grundy value 0 iff the size is even");
    fill(r->computed, sizeof r->computed, "fails on %d%s%s", tree_fail, tree_first[0] ? ", first " : "", tree_first);
    r->agrees = tree_fail == 0;
    done(v, r);
    /* Theorem 9 over the same families, where it is quick */
    const char **ptr = cyi_xmalloc(sizeof(char *) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++)
        ptr[i] = specs[i];
    theorem9(v, ptr, n, v->quick ? 12 : 24);
    free(ptr);
    free(specs);
}

/* Runs everything (see cycles.h). */
int cy_verify_run(const cy_verify_opts *o, cy_verify_table *t, cy_error *err)
{
    memset(t, 0, sizeof *t);
    vctx v;
    memset(&v, 0, sizeof v);
    v.t = t;
    v.quick = o && o->quick;
    v.progress = o && o->progress;
    v.memory = o ? o->memory : 0;
    v.solve_max = v.quick ? 12 : 16;
    double start = cy_now();
    v.last = start;
    void (*const part[])(vctx *) = {paper000, paper001, paper002, paper004, parity};
    for (size_t i = 0; i < sizeof part / sizeof part[0] && !cy_interrupted(); i++)
        part[i](&v);
    t->complete = !cy_interrupted();
    t->seconds = cy_now() - start;
    if (v.failed) {
        cy_error_set(err, "%s", v.err.msg);
        cy_verify_table_free(t);
        return -1;
    }
    return 0;
}

/* Frees the rows of t. */
void cy_verify_table_free(cy_verify_table *t)
{
    free(t->rows);
    free(t->parity);
    memset(t, 0, sizeof *t);
}
