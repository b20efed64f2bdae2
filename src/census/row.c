/*
 * row.c - one board of the census: its invariants, its symmetry and the Theorem 6
 * involutions, its solve, its native JSON.
 */
#include "census.h"

#include <stdlib.h>
#include <string.h>

/* Adjacency bit masks of b's underlying graph (nv <= 64). */
static void adjacency(const cy_board *b, uint64_t *adj)
{
    memset(adj, 0, sizeof(uint64_t) * (size_t)b->nv);
    for (int e = 0; e < b->ne; e++) {
        adj[b->eu[e]] |= UINT64_C(1) << b->ev[e];
        adj[b->ev[e]] |= UINT64_C(1) << b->eu[e];
    }
}

cy_board *census_board(const char *json, cy_error *err)
{
    cy_game_source src = {.from = CY_GAME_FROM_TEXT,
                          .text = json,
                          .len = strlen(json),
                          .format = CY_FMT_JSON,
                          .board_only = 1};
    cy_game g;
    cy_game_error ge;
    if (cy_game_load(&src, &g, &ge) < 0) {
        if (err)
            *err = ge.err;
        return NULL;
    }
    cy_board *b = g.board;
    g.board = NULL;
    cy_game_free(&g);
    return b;
}

char *census_graph6(const cy_board *b)
{
    int n = b->nv;
    size_t bits = (size_t)n * (size_t)(n - 1) / 2;
    size_t hdr = n <= 62 ? 1 : 4;
    char *s = calloc(hdr + (bits + 5) / 6 + 1, 1);
    if (!s)
        abort();
    if (n <= 62)
        s[0] = (char)(n + 63);
    else {
        s[0] = 126;
        s[1] = (char)(((n >> 12) & 63) + 63);
        s[2] = (char)(((n >> 6) & 63) + 63);
        s[3] = (char)((n & 63) + 63);
    }
    unsigned char *m = calloc((size_t)n * (size_t)n, 1);
    if (!m)
        abort();
    for (int e = 0; e < b->ne; e++)
        m[b->eu[e] * n + b->ev[e]] = m[b->ev[e] * n + b->eu[e]] = 1;
    size_t k = 0;
    for (int j = 1; j < n; j++)
        for (int i = 0; i < j; i++, k++)
            if (m[i * n + j])
                s[hdr + k / 6] |= (char)(1 << (5 - k % 6));
    for (size_t i = 0; i < (bits + 5) / 6; i++)
        s[hdr + i] = (char)(s[hdr + i] + 63);
    free(m);
    return s;
}

/* Depth-first search for cut vertices and blocks (Tarjan): fills cut[v] and
 * labels each edge with its block in eblock; returns the number of blocks. */
typedef struct dfs_state {
    const cy_board *b;
    int *disc, *low, *cut, *eblock, *estack;
    int time, top, nblocks;
} dfs_state;

static void dfs(dfs_state *st, int v, int parent_edge)
{
    const cy_board *b = st->b;
    st->disc[v] = st->low[v] = ++st->time;
    int children = 0;
    for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
        int d = b->vdarts[i], e = cy_dart_edge(d), w = cy_head(b, d);
        if (e == parent_edge)
            continue;
        if (!st->disc[w]) {
            children++;
            st->estack[st->top++] = e;
            dfs(st, w, e);
            if (st->low[w] < st->low[v])
                st->low[v] = st->low[w];
            if (st->low[w] >= st->disc[v]) {
                if (parent_edge >= 0)
                    st->cut[v] = 1;
                int f;
                do {
                    f = st->estack[--st->top];
                    st->eblock[f] = st->nblocks;
                } while (f != e);
                st->nblocks++;
            }
        } else if (st->disc[w] < st->disc[v]) {
            st->estack[st->top++] = e;
            if (st->disc[w] < st->low[v])
                st->low[v] = st->disc[w];
        }
    }
    if (parent_edge < 0 && children > 1)
        st->cut[v] = 1;
}

/* Whether the chords of the Hamiltonian cycle cyc[0..k) of a block (adjacency
 * adj restricted to the block) are pairwise non-crossing. */
static int chords_nest(const uint64_t *adj, const int *cyc, int k)
{
    for (int i = 0; i < k; i++)
        for (int j = i + 2; j < k; j++) {
            if (!(adj[cyc[i]] >> cyc[j] & 1) || (i == 0 && j == k - 1))
                continue;
            /* chord (i, j): any chord from strictly inside to strictly outside crosses */
            for (int a = i + 1; a < j; a++)
                for (int c = 0; c < k; c++) {
                    if (c >= i && c <= j)
                        continue;
                    if (adj[cyc[a]] >> cyc[c] & 1)
                        return 0;
                }
        }
    return 1;
}

/* Extends the path cyc[0..len) through the block's vertices (mask left) to a
 * Hamiltonian cycle with nesting chords; 1 when one exists. */
static int ham_search(const uint64_t *adj, int *cyc, int len, int k, uint64_t left)
{
    int last = cyc[len - 1];
    if (!left)
        return (adj[last] >> cyc[0] & 1) && chords_nest(adj, cyc, k);
    for (uint64_t m = adj[last] & left; m; m &= m - 1) {
        int w = __builtin_ctzll(m);
        cyc[len] = w;
        if (ham_search(adj, cyc, len + 1, k, left & ~(UINT64_C(1) << w)))
            return 1;
    }
    return 0;
}

/* Whether the graph is outerplanar: every block is an edge or has a
 * Hamiltonian cycle whose other edges (chords) do not cross, and has at most
 * 2k-3 edges for k vertices. */
static int outerplanar(const cy_board *b, const int *eblock, int nblocks)
{
    uint64_t *adj = malloc(sizeof(uint64_t) * (size_t)b->nv);
    int ok = 1;
    for (int k = 0; k < nblocks && ok; k++) {
        memset(adj, 0, sizeof(uint64_t) * (size_t)b->nv);
        uint64_t verts = 0;
        int m = 0;
        for (int e = 0; e < b->ne; e++)
            if (eblock[e] == k) {
                adj[b->eu[e]] |= UINT64_C(1) << b->ev[e];
                adj[b->ev[e]] |= UINT64_C(1) << b->eu[e];
                verts |= (UINT64_C(1) << b->eu[e]) | (UINT64_C(1) << b->ev[e]);
                m++;
            }
        int nk = __builtin_popcountll(verts);
        if (nk <= 2)
            continue;
        if (m > 2 * nk - 3) {
            ok = 0;
            break;
        }
        int cyc[64];
        cyc[0] = __builtin_ctzll(verts);
        ok = ham_search(adj, cyc, 1, nk, verts & ~(UINT64_C(1) << cyc[0]));
    }
    free(adj);
    return ok;
}

int census_graph_invariants(const cy_board *b, census_row *r, cy_error *err)
{
    if (b->nv > 64)
        return cy_error_set(err, "census boards have at most 64 vertices, this one has %d", b->nv);
    int n = b->nv;
    r->vertices = n;
    r->edges = b->ne;
    r->cells = b->ncells;
    uint64_t adj[64];
    adjacency(b, adj);
    r->min_degree = n ? cy_degree(b, 0) : 0;
    r->max_degree = r->min_degree;
    r->leaves = 0;
    for (int v = 0; v < n; v++) {
        int d = cy_degree(b, v);
        r->min_degree = d < r->min_degree ? d : r->min_degree;
        r->max_degree = d > r->max_degree ? d : r->max_degree;
        r->leaves += d == 1;
    }
    /* cell sizes, ascending */
    int *len = malloc(sizeof(int) * (size_t)(b->ncells + 1));
    for (int c = 0; c < b->ncells; c++)
        len[c] = cy_face_len(b, c);
    for (int i = 1; i < b->ncells; i++)
        for (int j = i; j > 0 && len[j - 1] > len[j]; j--) {
            int t = len[j];
            len[j] = len[j - 1];
            len[j - 1] = t;
        }
    census_buf cs = {0};
    census_printf(&cs, "%s", "");
    for (int c = 0; c < b->ncells; c++)
        census_printf(&cs, "%s%d", c ? "," : "", len[c]);
    free(len);
    free(r->cell_sizes);
    r->cell_sizes = cs.s;
    r->inner_edges = 0;
    for (int e = 0; e < b->ne; e++)
        r->inner_edges += b->dface[2 * e] < b->ncells && b->dface[2 * e + 1] < b->ncells;
    uint64_t outer = 0;
    for (int i = b->fstart[b->ncells]; i < b->fstart[b->ncells + 1]; i++)
        outer |= UINT64_C(1) << cy_tail(b, b->fdarts[i]);
    r->outer_vertices = __builtin_popcountll(outer);
    /* triangle-free: no edge whose ends have a common neighbour */
    r->triangle_free = 1;
    for (int e = 0; e < b->ne; e++)
        if (adj[b->eu[e]] & adj[b->ev[e]])
            r->triangle_free = 0;
    /* bipartite: a breadth-first 2-colouring (the board is connected) */
    int colour[64], queue[64], head = 0, tail = 0;
    for (int v = 0; v < n; v++)
        colour[v] = -1;
    r->bipartite = 1;
    if (n) {
        colour[0] = 0;
        queue[tail++] = 0;
    }
    while (head < tail) {
        int v = queue[head++];
        for (uint64_t m = adj[v]; m; m &= m - 1) {
            int w = __builtin_ctzll(m);
            if (colour[w] < 0) {
                colour[w] = !colour[v];
                queue[tail++] = w;
            } else if (colour[w] == colour[v])
                r->bipartite = 0;
        }
    }
    r->tree = b->ne == n - 1;
    /* blocks and cut vertices */
    int disc[64] = {0}, low[64], cut[64] = {0};
    int *eblock = malloc(sizeof(int) * (size_t)(b->ne + 1));
    int *estack = malloc(sizeof(int) * (size_t)(b->ne + 1));
    dfs_state st = {b, disc, low, cut, eblock, estack, 0, 0, 0};
    if (n)
        dfs(&st, 0, -1);
    int cuts = 0;
    for (int v = 0; v < n; v++)
        cuts += cut[v];
    r->biconnected = n >= 3 && cuts == 0;
    r->outerplanar = outerplanar(b, eblock, st.nblocks);
    free(eblock);
    free(estack);
    return 0;
}

/* The native JSON of b on one line (malloc'd), or NULL with a message:
 * cy_write_board's text without the blanks between tokens (the text is
 * JSON that cy_write_board escaped, so a quote inside a string is always
 * preceded by a backslash), as jansson's compact form writes it; done here
 * rather than by parsing and dumping the text again, which was a twentieth
 * of a 13-edge board's row. */
static char *compact_json(const cy_board *b, cy_error *err)
{
    char *text = cy_write_board(b, NULL, CY_FMT_JSON, err);
    if (!text)
        return NULL;
    size_t k = 0;
    int in_string = 0;
    for (size_t i = 0; text[i]; i++) {
        char c = text[i];
        if (in_string) {
            if (c == '\\' && text[i + 1])
                text[k++] = text[i++];
            else if (c == '"')
                in_string = 0;
        } else if (c == ' ' || c == '\n' || c == '\t' || c == '\r')
            continue;
        else if (c == '"')
            in_string = 1;
        text[k++] = text[i];
    }
    text[k] = 0;
    return text;
}

/* Symmetry: the group's order, its involutions and Theorem 6 of Alvarado et al. 2021. */
static int symmetry(const cy_board *b, census_row *r, cy_error *err)
{
    cy_symmetry *sym = cy_symmetry_new(b, err);
    if (!sym)
        return -1;
    r->automorphisms = sym->n;
    r->involutions = r->thm6_involutions = r->thm6_winner = 0;
    for (int i = 0; i < sym->n; i++) {
        if (sym->aut[i].order != 2)
            continue;
        r->involutions++;
        cy_involution inv;
        if (cy_involution_analyse(b, sym->aut[i].vmap, &inv, err) < 0) {
            cy_symmetry_free(sym);
            return -1;
        }
        if (inv.thm6) {
            r->thm6_involutions++;
            if (!r->thm6_winner)
                r->thm6_winner = inv.thm6;
        }
        cy_involution_free(&inv);
    }
    cy_symmetry_free(sym);
    return 0;
}

/* Whether the census solves board b on bitboards (a 3^E table of its own)
 * rather than by sub-games on the table the run shares.  Chosen by
 * measuring both on the same sampled boards with `census plan --seed`
 * (README, Census: what more edges would cost): bitboards win on the dense
 * boards (at 14 edges 3.4 times cheaper with 5 cells and 10 times with 7;
 * at 13 edges 1.6 times with 4 cells; at 11 and 12 edges 1.7 to 2.6 times
 * with 3 cells), sub-games on the sparse ones, whose sub-games recur from
 * board to board (2 to 2.6 times cheaper with 1 or 2 cells at 12 to 14
 * edges, 1.4 times with 3 cells at 14 edges; even at 13 edges and 3 cells).
 * The bitboard engine takes at most 14 edges. */
static int census_bits(const cy_board *b)
{
    return b->ne <= 14 && b->ncells >= (b->ne <= 13 ? 3 : 4);
}

/* The positions each move of a tree may take in the first round of the
 * fast engine's outcome search (cy_solver_opts.round_allowance; its own
 * default is 64): a tree's searches are short (a few hundred positions on
 * the shared table), and a smaller first round finds the cheap wins
 * sooner.  On 4,116 trees of 19 edges (--part 7/200) the positions a tree
 * were 615, 399, 346, 372 and 457 for 4, 10, 16, 32 and 64; on 5,362 of 20
 * edges (--part 7/400) 483 for 16 against 633 for 64. */
#ifndef CENSUS_TREE_ALLOWANCE
#define CENSUS_TREE_ALLOWANCE 16
#endif

/* Solves the empty board: winner, Grundy value, seconds, positions.  With
 * a shared table (o->table) by the fast engine's sub-games, which reuse
 * what earlier boards found (except small dense boards, see
 * census_bits); otherwise by a solver of its own.  Every board is solved
 * by search alone, without the theorems of the papers (no_theorems): the
 * report checks Theorem 6 of Alvarado et al. 2021 against the plane boards' winners,
 * which would prove nothing if the search had used it, and on trees it
 * costs more than it spares (below). */
static int solve(const cy_board *b, const census_solve_opts *o, census_row *r, cy_error *err)
{
    cy_solver_opts so;
    memset(&so, 0, sizeof so);
    so.memory = o->memory ? o->memory : (size_t)256 << 20;
    so.timeout = o->timeout;
    so.threads = 1;
    so.table = o->table;
    so.no_bitboard = o->table != NULL && !census_bits(b);
    so.no_theorems = 1;
    /* trees (no cells) on the shared table: no mirror replies (they cost a
     * nauty pass a tree and did not shorten the searches: 40.7 against
     * 41.1 positions a tree of 15 edges), and a first round of
     * CENSUS_TREE_ALLOWANCE positions a move (see there).  (Theorem 6
     * inside the search, src/engine/theorem6.c, needs the same nauty pass, and on
     * the trees of 18 edges, --part 3/20, it spared 1 position of
     * 2,696,442, isomorphic halves already cancelling as pairs, for 5 to
     * 13 % more CPU.) */
    if (o->table && b->ncells == 0) {
        so.no_mirrors = 1;
        so.round_allowance = CENSUS_TREE_ALLOWANCE;
    }
    double t0 = census_now();
    cy_solver *s = cy_solver_new(b, &so, err);
    if (!s)
        return -1;
    unsigned char *mark = calloc((size_t)b->ne + 1, 1);
    int g = cy_solver_grundy(s, mark);
    free(mark);
    cy_solver_stats st;
    cy_solver_stats_get(s, &st);
    cy_solver_free(s);
    r->seconds = census_now() - t0;
    r->positions = st.positions;
    r->winner = r->grundy = 0;
    if (g == CY_SOLVE_TIMEOUT)
        r->status = CY_CENSUS_TIMEOUT;
    else if (g == CY_SOLVE_MEMORY)
        r->status = CY_CENSUS_MEMORY;
    else if (g < 0)
        return cy_error_set(err, "the solver cannot take this board (%d edges)", b->ne);
    else {
        r->status = CY_CENSUS_SOLVED;
        r->grundy = g;
        r->winner = g ? 1 : 2;
    }
    return 0;
}

int census_board_row(const cy_board *b, const char *graph6, const char *code, int trees, const census_solve_opts *o,
                     census_row *r, cy_error *err)
{
    memset(r, 0, sizeof *r);
    r->trees = trees;
    r->moves = -1;
    if (census_graph_invariants(b, r, err) < 0)
        goto fail;
    r->graph6 = graph6 ? strdup(graph6) : census_graph6(b);
    r->code = strdup(code ? code : r->graph6);
    if (!(r->board = compact_json(b, err)))
        goto fail;
    census_rules_key(&o->rules, r->rules);
    int standard = cy_rules_is_standard(&o->rules);
    if (symmetry(b, r, err) < 0 || (standard ? solve(b, o, r, err) : census_solve_rules(b, o, r, err)) < 0)
        goto fail;
    if (standard) {
        r->players = 2;
        r->outcome = r->winner == 1 ? 'N' : 'P';
        r->value = r->winner == 1 ? 1 : -1;
    }
    if (standard && r->status == CY_CENSUS_SOLVED && b->ne <= CY_CENSUS_MOVES_MAX_EDGES) {
        r->moves = census_moves(b);
        if ((r->moves % 2 == 1) != (r->winner == 1)) {
            cy_error_set(err, "internal error: the game lasts %d moves, but player %d wins", r->moves, r->winner);
            goto fail;
        }
    }
    return 0;
fail:
    census_row_free(r);
    return -1;
}

void census_row_free(census_row *r)
{
    free(r->code);
    free(r->graph6);
    free(r->cell_sizes);
    free(r->board);
    memset(r, 0, sizeof *r);
}
