/*
 * format_benntaylor.c - the text format of the program BennTaylor/Game-of-Cycles:
 *
 *     NAME LINE
 *     V E
 *     EDGES
 *     u v          (E lines: edge i joins u and v, 0-indexed; u -> v is
 *                   its positive orientation)
 *     CYCLES
 *     +i -j ...    (one line per cell: its edges in the order of a walk
 *                   round it, +i along edge i's orientation, -i against)
 *
 * The file gives the cells but no outer face and no way round.  Reading:
 *  1. each cell line becomes a closed walk of vertices (consecutive edges
 *     must meet);
 *  2. the cells are turned so that all run the same way round: two cells
 *     sharing an edge must walk it in opposite directions, a condition
 *     propagated over the cells sharing edges (an edge on three cells, or
 *     a ring of cells that cannot be turned consistently, is an error);
 *  3. the outer face is what is left: the sides of edges no cell walks,
 *     joined at each vertex into one closed walk (cy_board_from_faces).
 * Where that is ambiguous the game is not: the cells sharing no edge with
 * each other may each be turned either way, and at a vertex where the
 * outer face passes more than once (a cut vertex) the order of the blocks
 * round it is a free choice; both change the drawing only.  The rules ask
 * only which edges a cell has and in which cyclic order, and edges on no
 * cell (trees, pendant edges) are put on the outer face, which as far as
 * the rules go is the same as inside a cell.
 *
 * A file whose cells use both sides of every edge describes a closed
 * surface, every face a cell (their SP boards): orientable when the cells
 * can be turned one way round (step 2 succeeds), else not (the walks are
 * then kept as written); its genus (2 - 2g) or crosscap number (2 - k) is
 * read off V - E + F.  There two edges may join the same two vertices, as
 * in SP3: the edges then keep the file's numbers (cy_board_desc.cell_edges),
 * each still running from its lower-numbered end as in every board; a loop
 * (an edge line "u u") runs the way the file's +i says.  Parallel edges and
 * loops are refused elsewhere (a plane board is simple).
 *
 * Vertices are labelled 0 .. V-1 as in the file, so moves read the same.
 * Writing numbers the vertices 0 .. V-1 in the board's order and drops
 * labels, special vertices (refused: the format has none) and moves; the
 * last line has no newline, as in their files (their reader takes an
 * empty last line for a cell).  A board on a closed surface is written with
 * its cells as they run (on a non-orientable surface, as its walks are).
 */
#include "format_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define BT_MAX_LINE 1000000

/* A line of text: its start and length (without the line end). */
typedef struct bt_line {
    const char *s;
    size_t n;
    int no; /* 1-based line number */
} bt_line;

/* Splits text into lines, dropping a trailing '\r' and blank lines. */
static int split_lines(const char *text, size_t len, bt_line **out)
{
    int n = 0, cap = 16, no = 0;
    bt_line *l = cyi_xmalloc(sizeof *l * (size_t)cap);
    size_t i = 0;
    if (len >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB && (unsigned char)text[2] == 0xBF)
        i = 3;
    while (i < len) {
        size_t j = i;
        while (j < len && text[j] != '\n')
            j++;
        size_t e = j;
        while (e > i && (text[e - 1] == '\r' || text[e - 1] == ' ' || text[e - 1] == '\t'))
            e--;
        size_t b = i;
        while (b < e && (text[b] == ' ' || text[b] == '\t'))
            b++;
        no++;
        if (e > b) {
            if (n == cap)
                l = cyi_xrealloc(l, sizeof *l * (size_t)(cap *= 2));
            l[n++] = (bt_line){text + b, e - b, no};
        }
        i = j + 1;
    }
    *out = l;
    return n;
}

static int line_is(const bt_line *l, const char *word)
{
    return l->n == strlen(word) && memcmp(l->s, word, l->n) == 0;
}

int cyi_benntaylor_detect(const char *text, size_t len)
{
    bt_line *l;
    int n = split_lines(text, len, &l);
    int yes = n >= 3 && line_is(&l[2], "EDGES");
    free(l);
    return yes;
}

/* Reads whole numbers (with an optional sign for signed) from a line into
 * v (at most max); returns the count, or -1 when something else is there. */
static int read_numbers(const bt_line *l, long *v, int *neg, int max, int sign)
{
    size_t i = 0;
    int k = 0;
    while (i < l->n) {
        while (i < l->n && (l->s[i] == ' ' || l->s[i] == '\t'))
            i++;
        if (i == l->n)
            break;
        int ng = 0, had_sign = 0;
        if (sign && (l->s[i] == '+' || l->s[i] == '-')) {
            ng = l->s[i] == '-';
            had_sign = 1;
            i++;
        }
        if (sign && !had_sign)
            return -1;
        if (i == l->n || !isdigit((unsigned char)l->s[i]) || k == max)
            return -1;
        long x = 0;
        while (i < l->n && isdigit((unsigned char)l->s[i])) {
            x = x * 10 + (l->s[i] - '0');
            if (x > BT_MAX_LINE)
                return -1;
            i++;
        }
        if (i < l->n && l->s[i] != ' ' && l->s[i] != '\t')
            return -1;
        if (neg)
            neg[k] = ng;
        v[k++] = x;
    }
    return k;
}

_Static_assert(CY_MAX_EDGES < (1 << 20) && CY_MAX_VERTICES < (1 << 20), "first_parallel packs 20-bit numbers");

/* Compares two keys. */
static int by_key(const void *a, const void *b)
{
    unsigned long long x = *(const unsigned long long *)a, y = *(const unsigned long long *)b;
    return (x > y) - (x < y);
}

/* The lowest-numbered edge e joining the same two vertices as an earlier
 * edge (*f the first such), or -1 when no two edges are parallel; a sort of
 * the edges by their ends (the lower first, then the edge's number: vertices
 * and edges fit 20 bits each), so n log n on boards of any size. */
static int first_parallel(int ne, const int *eu, const int *ev, int *f)
{
    unsigned long long *k = cyi_xmalloc(sizeof *k * ((size_t)ne + 1));
    for (int e = 0; e < ne; e++) {
        unsigned long long lo = (unsigned)(eu[e] < ev[e] ? eu[e] : ev[e]), hi = (unsigned)(eu[e] ^ ev[e]) ^ lo;
        k[e] = lo << 40 | hi << 20 | (unsigned)e;
    }
    qsort(k, (size_t)ne, sizeof *k, by_key);
    int best = -1;
    for (int i = 0; i + 1 < ne; i++)
        if (k[i] >> 20 == k[i + 1] >> 20 && (i == 0 || k[i - 1] >> 20 != k[i] >> 20)) {
            int a = (int)(k[i] & 0xFFFFF), b = (int)(k[i + 1] & 0xFFFFF); /* the group's first two */
            if (best < 0 || b < best) {
                best = b;
                *f = a;
            }
        }
    free(k);
    return best;
}

/* Appends to w (at *n) the walk round the tree of loose edges hanging at
 * root: for each loose edge v-x not yet walked, x, the walk round x's
 * subtree, and v again.  -1 when the loose edges close a cycle (which is no
 * cell).  Iterative, with its own stack (stack, room for nv entries: a
 * vertex is on it at most once), so a path of any length is walked without
 * running out of the call stack. */
static int tour(int root, const int *ls, const int *ladj, int *seen, const int *eu, const int *ev, unsigned char *done,
                int *w, int *n, int *stack, int *next)
{
    int top = 0;
    stack[top++] = root;
    next[root] = ls[root];
    while (top > 0) {
        int v = stack[top - 1], parent = top > 1 ? stack[top - 2] : -1;
        if (next[v] == ls[v + 1]) {
            top--;
            if (top > 0)
                w[(*n)++] = stack[top - 1]; /* back at the parent */
            continue;
        }
        int e = ladj[next[v]++];
        if (done[e])
            continue;
        done[e] = 1;
        int x = eu[e] == v ? ev[e] : eu[e];
        if (seen[x] || x == parent)
            return -1;
        seen[x] = 1;
        w[(*n)++] = x;
        next[x] = ls[x];
        stack[top++] = x;
    }
    return 0;
}

/* The board when some edges lie on no cell: the outer face the cells leave
 * (from a board of the cells alone), with the trees of loose edges walked
 * round where they hang on it. */
static cy_board *with_loose_edges(int nv, char **labels, int ne, const int *eu, const int *ev, const int *oncell,
                                  int ncells, int **walk, const int *wlen, const char *name, cy_error *err)
{
    int *outer = cyi_xmalloc(sizeof(int) * (4 * (size_t)ne + 2)), no = 0;
    int *seen = cyi_xcalloc((size_t)nv, sizeof(int));
    int *ls = cyi_xcalloc((size_t)nv + 1, sizeof(int)), *ladj = cyi_xmalloc(sizeof(int) * (2 * (size_t)ne + 1));
    unsigned char *done = cyi_xcalloc((size_t)ne + 1, 1);
    int *stack = cyi_xmalloc(sizeof(int) * ((size_t)nv + 1)), *next = cyi_xmalloc(sizeof(int) * ((size_t)nv + 1));
    cy_board *b = NULL;
    for (int e = 0; e < ne; e++)
        if (!oncell[e]) {
            ls[eu[e] + 1]++;
            ls[ev[e] + 1]++;
        }
    for (int v = 0; v < nv; v++)
        ls[v + 1] += ls[v];
    {
        int *fill = cyi_xmalloc(sizeof(int) * ((size_t)nv + 1));
        memcpy(fill, ls, sizeof(int) * (size_t)nv);
        for (int e = 0; e < ne; e++)
            if (!oncell[e]) {
                ladj[fill[eu[e]]++] = e;
                ladj[fill[ev[e]]++] = e;
            }
        free(fill);
    }
    int *base = NULL, nbase = 0;
    if (ncells > 0) {
        /* the cells' own board, on the vertices they use */
        int *newof = cyi_xmalloc(sizeof(int) * (size_t)nv), *oldof = cyi_xmalloc(sizeof(int) * (size_t)nv), m = 0;
        for (int v = 0; v < nv; v++)
            newof[v] = -1;
        for (int c = 0; c < ncells; c++)
            for (int i = 0; i < wlen[c]; i++)
                if (newof[walk[c][i]] < 0) {
                    oldof[m] = walk[c][i];
                    newof[walk[c][i]] = m++;
                }
        const char **sl = cyi_xmalloc(sizeof(char *) * (size_t)m);
        int **sw = cyi_xmalloc(sizeof(int *) * (size_t)ncells);
        for (int v = 0; v < m; v++)
            sl[v] = labels[oldof[v]];
        for (int c = 0; c < ncells; c++) {
            sw[c] = cyi_xmalloc(sizeof(int) * (size_t)wlen[c]);
            for (int i = 0; i < wlen[c]; i++)
                sw[c][i] = newof[walk[c][i]];
        }
        cy_board_desc sd = {.nv = m, .labels = sl, .ncells = ncells, .cells = (const int *const *)sw, .cell_len = wlen};
        cy_board *sb = cy_board_from_faces(&sd, err);
        if (sb) {
            nbase = cy_face_len(sb, sb->ncells);
            base = cyi_xmalloc(sizeof(int) * ((size_t)nbase + 1));
            for (int i = 0; i < nbase; i++)
                base[i] = oldof[cy_tail(sb, sb->fdarts[sb->fstart[sb->ncells] + i])];
            for (int v = 0; v < m; v++)
                seen[oldof[v]] = 1;
            cy_board_free(sb);
        }
        for (int c = 0; c < ncells; c++)
            free(sw[c]);
        free(sw);
        free(sl);
        free(newof);
        free(oldof);
        if (!sb)
            goto out;
    } else {
        /* a forest alone: the walk round it from a vertex of the first edge */
        base = cyi_xmalloc(sizeof(int));
        base[0] = eu[0];
        nbase = 1;
        seen[eu[0]] = 1;
    }
    for (int i = 0; i < nbase; i++) {
        outer[no++] = base[i];
        if (tour(base[i], ls, ladj, seen, eu, ev, done, outer, &no, stack, next) < 0) {
            cy_error_set(err, "the edges on no cell close a cycle that is no cell: not a board this reader can place");
            goto out;
        }
    }
    if (ncells == 0 && no > 1)
        no--; /* the walk round a lone tree ends where it starts */
    for (int v = 0; v < nv; v++)
        if (!seen[v]) {
            cy_error_set(err, "vertex %d is not connected to the rest of the board", v);
            goto out;
        }
    {
        cy_board_desc desc = {.nv = nv,
                              .labels = (const char *const *)labels,
                              .ncells = ncells,
                              .cells = (const int *const *)walk,
                              .cell_len = wlen,
                              .outer = outer,
                              .outer_len = no,
                              .name = name};
        b = cy_board_from_faces(&desc, err);
    }
out:
    free(base);
    free(outer);
    free(seen);
    free(ls);
    free(ladj);
    free(done);
    free(stack);
    free(next);
    return b;
}

/* What cyi_benntaylor_read works with between its steps, freed by
 * bt_free. */
typedef struct bt_read {
    bt_line *l; /* the lines of the text */
    int nl;
    int nv, ne, ncells;
    int *eu, *ev;       /* edge e joins eu[e] -> ev[e] (its positive way) */
    int **darts;        /* per cell the darts it walks: 2e = eu -> ev, 2e+1 = ev -> eu */
    int **walk, *wlen;  /* per cell the vertices it walks */
    long *num;          /* a cell line's numbers */
    int *neg;           /* and their signs */
    int *uses;          /* per edge the cells walking it (at most 2) */
    int *occ_c, *occ_i; /* occ_c[2e + u], occ_i[2e + u]: the u-th cell on edge e, and where */
    int closed;         /* the cells walk both sides of every edge: a closed surface */
    int twisted;        /* the cells cannot be turned one way round: non-orientable */
    int genus;          /* of the closed surface: genus, or crosscap number when twisted */
    char **labels;      /* "0" .. "V-1" */
    char *name;         /* the name line, made printable */
} bt_read;

/* Frees what r holds. */
static void bt_free(bt_read *r)
{
    for (int c = 0; r->darts && c < r->ncells; c++)
        free(r->darts[c]);
    free(r->darts);
    for (int c = 0; r->walk && c < r->ncells; c++)
        free(r->walk[c]);
    for (int v = 0; r->labels && v < r->nv; v++)
        free(r->labels[v]);
    free(r->labels);
    free(r->name);
    free(r->walk);
    free(r->wlen);
    free(r->num);
    free(r->neg);
    free(r->uses);
    free(r->occ_c);
    free(r->occ_i);
    free(r->eu);
    free(r->ev);
    free(r->l);
}

/* Reads the head ("V E" after the name, then EDGES) and the edge lines, up
 * to the line CYCLES: r->nv, r->ne, r->eu, r->ev.  0, or -1 with a
 * message. */
static int bt_edges(bt_read *r, cy_error *err)
{
    const bt_line *l = r->l;
    int nl = r->nl;
    if (nl < 3 || !line_is(&l[2], "EDGES"))
        return cy_error_set(err, "a BennTaylor board starts with a name line, a line \"V E\" and a line EDGES"), -1;
    long ve[2];
    if (read_numbers(&l[1], ve, NULL, 2, 0) != 2 || ve[0] < 1 || ve[0] > CY_MAX_VERTICES || ve[1] > CY_MAX_EDGES)
        return cy_error_set(err, "line %d: want \"V E\" (vertices at least 1 and at most %d, edges at most %d)",
                            l[1].no, CY_MAX_VERTICES, CY_MAX_EDGES),
               -1;
    int nv = r->nv = (int)ve[0];
    int ne = r->ne = (int)ve[1];
    if (nl < 4 + ne || !line_is(&l[3 + ne], "CYCLES")) {
        int at = 3;
        while (at < nl && !line_is(&l[at], "CYCLES"))
            at++;
        return cy_error_set(err, "the line CYCLES should follow the %d edge lines after EDGES, but %s", ne,
                            at < nl ? "the number of edge lines differs" : "there is no line CYCLES"),
               -1;
    }
    r->eu = cyi_xmalloc(sizeof(int) * (size_t)(ne + 1));
    r->ev = cyi_xmalloc(sizeof(int) * (size_t)(ne + 1));
    for (int e = 0; e < ne; e++) {
        long uv[2];
        const bt_line *x = &l[3 + e];
        if (read_numbers(x, uv, NULL, 2, 0) != 2 || uv[0] >= nv || uv[1] >= nv)
            return cy_error_set(err, "line %d: edge %d should be two vertex numbers from 0 to %d", x->no, e, nv - 1), -1;
        r->eu[e] = (int)uv[0];
        r->ev[e] = (int)uv[1];
    }
    return 0;
}

/* Reads the cell lines after CYCLES: each a closed walk of existing edges
 * (r->darts, r->walk, r->wlen).  0, or -1 with a message. */
static int bt_cells(bt_read *r, cy_error *err)
{
    int ne = r->ne, ncells = r->ncells = r->nl - 4 - ne;
    const int *eu = r->eu, *ev = r->ev;
    r->walk = cyi_xcalloc((size_t)ncells + 1, sizeof(int *));
    r->wlen = cyi_xcalloc((size_t)ncells + 1, sizeof(int));
    r->num = cyi_xmalloc(sizeof(long) * (2 * (size_t)ne + 1));
    r->neg = cyi_xmalloc(sizeof(int) * (2 * (size_t)ne + 1));
    r->darts = cyi_xcalloc((size_t)ncells + 1, sizeof(int *));
    for (int c = 0; c < ncells; c++) {
        const bt_line *x = &r->l[4 + ne + c];
        int k = read_numbers(x, r->num, r->neg, 2 * ne, 1);
        if (k < 1)
            return cy_error_set(err, "line %d: a cell is a list of edges written +i or -i (at most %d)", x->no, 2 * ne),
                   -1;
        int *darts = r->darts[c] = cyi_xmalloc(sizeof(int) * (size_t)k);
        r->walk[c] = cyi_xmalloc(sizeof(int) * (size_t)k);
        r->wlen[c] = k;
        for (int i = 0; i < k; i++) {
            if (r->num[i] >= ne)
                return cy_error_set(err, "line %d: edge %ld does not exist (edges are 0 to %d)", x->no, r->num[i],
                                    ne - 1),
                       -1;
            darts[i] = 2 * (int)r->num[i] + r->neg[i];
        }
        for (int i = 0; i < k; i++) {
            int d = darts[i], nx = darts[(i + 1) % k];
            int head = d & 1 ? eu[d >> 1] : ev[d >> 1], tail = nx & 1 ? ev[nx >> 1] : eu[nx >> 1];
            if (head != tail)
                return cy_error_set(err,
                                    "line %d: cell %d is no closed walk: %c%d ends at vertex %d but %c%d starts at %d",
                                    x->no, c, d & 1 ? '-' : '+', d >> 1, head, nx & 1 ? '-' : '+', nx >> 1, tail),
                       -1;
            r->walk[c][i] = d & 1 ? ev[d >> 1] : eu[d >> 1];
        }
    }
    return 0;
}

/* The cells on each edge (r->uses, r->occ_c, r->occ_i; at most two), whether
 * they cover both sides of every edge (r->closed), whether a cell runs twice
 * along an edge the same way (r->twisted); loops and parallel edges only
 * where closed.  0, or -1 with a message. */
static int bt_sides(bt_read *r, cy_error *err)
{
    int ne = r->ne;
    r->uses = cyi_xcalloc((size_t)ne + 1, sizeof(int));
    r->occ_c = cyi_xmalloc(sizeof(int) * (2 * (size_t)ne + 1));
    r->occ_i = cyi_xmalloc(sizeof(int) * (2 * (size_t)ne + 1));
    r->closed = ne > 0;
    int *dlast = cyi_xmalloc(sizeof(int) * (2 * (size_t)ne + 1));
    for (int d = 0; d < 2 * ne; d++)
        dlast[d] = -1;
    for (int c = 0; c < r->ncells; c++)
        for (int i = 0; i < r->wlen[c]; i++) {
            int d = r->darts[c][i], e = d >> 1;
            if (++r->uses[e] > 2) {
                cy_error_set(err, "edge %d lies on more than two cells (cell %d among them); an edge has two sides", e,
                             c);
                free(dlast);
                return -1;
            }
            r->occ_c[2 * e + r->uses[e] - 1] = c;
            r->occ_i[2 * e + r->uses[e] - 1] = i;
            /* a cell running twice along an edge the same way is twisted */
            r->twisted |= dlast[d] == c;
            dlast[d] = c;
        }
    free(dlast);
    for (int e = 0; e < ne; e++)
        r->closed &= r->uses[e] == 2;
    /* loops and parallel edges: only where the cells cover a closed surface */
    for (int e = 0; e < ne && !r->closed; e++)
        if (r->eu[e] == r->ev[e])
            return cy_error_set(err,
                                "line %d: edge %d is a loop at vertex %d (loops are allowed only on a board whose cells cover a closed surface, every edge on two of them; a plane board has none)",
                                r->l[3 + e].no, e, r->eu[e]),
                   -1;
    if (!r->closed) {
        int f, e = first_parallel(ne, r->eu, r->ev, &f);
        if (e >= 0)
            return cy_error_set(err,
                                "line %d: edges %d and %d both join vertices %d and %d (parallel edges are allowed only on a board whose cells cover a closed surface, every edge on two of them)",
                                r->l[3 + e].no, f, e, r->eu[e], r->ev[e]),
                   -1;
    }
    return 0;
}

/* Turns the cells the same way round: a breadth-first search over the cells
 * sharing edges decides which to reverse (two cells on an edge walk it
 * opposite ways); where none fits, a plane board is refused and a closed
 * surface is twisted, its walks kept as written.  Then r->walk follows the
 * darts.  0, or -1 with a message. */
static int bt_turn(bt_read *r, cy_error *err)
{
    int ncells = r->ncells, **darts = r->darts, *wlen = r->wlen, rc = -1;
    int *flip = cyi_xmalloc(sizeof(int) * ((size_t)ncells + 1)); /* cell c reversed */
    int *queue = cyi_xmalloc(sizeof(int) * ((size_t)ncells + 1));
    for (int c = 0; c < ncells; c++)
        flip[c] = -1;
    for (int c0 = 0; c0 < ncells; c0++) {
        if (flip[c0] >= 0)
            continue;
        int qh = 0, qt = 0;
        flip[c0] = 0;
        queue[qt++] = c0;
        while (qh < qt) {
            int c = queue[qh++];
            for (int i = 0; i < wlen[c]; i++) {
                int e = darts[c][i] >> 1;
                for (int u = 0; u < r->uses[e]; u++) {
                    int o = r->occ_c[2 * e + u], j = r->occ_i[2 * e + u];
                    if (o == c)
                        continue;
                    /* c walks e as darts[c][i] ^ flip[c]; o must walk the other way */
                    int want = (darts[c][i] ^ flip[c]) ^ 1, f = (darts[o][j] ^ want) & 1;
                    if (flip[o] < 0) {
                        flip[o] = f;
                        queue[qt++] = o;
                    } else if (flip[o] != f && !r->closed) {
                        cy_error_set(err,
                                     "the cells cannot all be turned the same way round (cells %d and %d at edge %d): not a plane board",
                                     c, o, e);
                        goto out;
                    } else if (flip[o] != f) {
                        r->twisted = 1; /* a non-orientable surface */
                    }
                }
            }
        }
    }
    for (int c = 0; c < ncells && !r->twisted; c++)
        if (flip[c]) { /* the walk backwards: its darts reversed, in reverse order */
            for (int i = 0, j = wlen[c] - 1; i < j; i++, j--) {
                int t = darts[c][i];
                darts[c][i] = darts[c][j];
                darts[c][j] = t;
            }
            for (int i = 0; i < wlen[c]; i++)
                darts[c][i] ^= 1;
        }
    for (int c = 0; c < ncells; c++)
        for (int i = 0; i < wlen[c]; i++)
            r->walk[c][i] = darts[c][i] & 1 ? r->ev[darts[c][i] >> 1] : r->eu[darts[c][i] >> 1];
    rc = 0;
out:
    free(flip);
    free(queue);
    return rc;
}

/* Cells covering every side of every edge: a closed surface, orientable
 * unless the cells cannot be turned one way round; its genus or crosscap
 * number (r->genus) from V - E + F = 2 - 2g or 2 - k.  0, or -1 with a
 * message. */
static int bt_genus(bt_read *r, cy_error *err)
{
    if (!r->closed)
        return 0;
    long chi = (long)r->nv - (long)r->ne + (long)r->ncells;
    if (r->twisted ? chi > 1 : (chi > 2 || chi % 2 != 0))
        return cy_error_set(err,
                            "the cells cover every edge twice, so they are the faces of a closed %s surface, but V - E + F = %d - %d + %d = %ld is %s",
                            r->twisted ? "non-orientable" : "orientable", r->nv, r->ne, r->ncells, chi,
                            r->twisted ? "more than 1 (a non-orientable surface has 2 - k for k crosscaps, k at least 1)"
                                       : "not 2 - 2g for a genus g (an even number at most 2)"),
               -1;
    r->genus = r->twisted ? (int)(2 - chi) : (int)((2 - chi) / 2);
    return 0;
}

/* The board on the closed surface the cells cover.  With parallel edges or
 * loops the walks name their edges by the file's numbers; otherwise the
 * edges are numbered by their ends, as in every other board (and in the
 * same board read back from json).  NULL with a message. */
static cy_board *bt_closed_board(const bt_read *r, cy_error *err)
{
    int ncells = r->ncells, parallel = 0, f;
    for (int e = 0; e < r->ne && !parallel; e++)
        parallel = r->eu[e] == r->ev[e]; /* a loop */
    parallel |= first_parallel(r->ne, r->eu, r->ev, &f) >= 0;
    int **names = parallel ? cyi_xcalloc((size_t)ncells + 1, sizeof(int *)) : NULL;
    unsigned char **rev = parallel ? cyi_xcalloc((size_t)ncells + 1, sizeof(unsigned char *)) : NULL;
    for (int c = 0; names && c < ncells; c++) {
        names[c] = cyi_xmalloc(sizeof(int) * (size_t)r->wlen[c]);
        rev[c] = cyi_xmalloc((size_t)r->wlen[c]);
        for (int i = 0; i < r->wlen[c]; i++) {
            names[c][i] = r->darts[c][i] >> 1;
            rev[c][i] = (unsigned char)(r->darts[c][i] & 1); /* -i: a loop's way */
        }
    }
    cy_board_desc desc = {.nv = r->nv,
                          .labels = (const char *const *)r->labels,
                          .ncells = ncells,
                          .cells = (const int *const *)r->walk,
                          .cell_len = r->wlen,
                          .name = r->name,
                          .surface = 1,
                          .orientable = !r->twisted,
                          .genus = r->genus,
                          .cell_edges = (const int *const *)names,
                          .cell_rev = (const unsigned char *const *)rev};
    cy_board *b = cy_board_from_faces(&desc, err);
    for (int c = 0; names && c < ncells; c++) {
        free(names[c]);
        free(rev[c]);
    }
    free(names);
    free(rev);
    return b;
}

/* The board the walks describe: on the closed surface they cover, or with
 * the edges on no cell placed on the outer face (cy_board_from_faces finds
 * edges only on walks, so such edges go on the outer face, derived from
 * what the cells leave), or from the cells alone.  NULL with a message. */
static cy_board *bt_board(const bt_read *r, cy_error *err)
{
    int *onwalk = cyi_xcalloc((size_t)r->ne + 1, sizeof(int));
    for (int c = 0; c < r->ncells; c++)
        for (int i = 0; i < r->wlen[c]; i++)
            onwalk[r->darts[c][i] >> 1] = 1;
    int loose = 0;
    for (int e = 0; e < r->ne; e++)
        loose += !onwalk[e];
    cy_board *b;
    if (r->closed)
        b = bt_closed_board(r, err);
    else if (loose)
        b = with_loose_edges(r->nv, r->labels, r->ne, r->eu, r->ev, onwalk, r->ncells, r->walk, r->wlen, r->name, err);
    else {
        cy_board_desc desc = {.nv = r->nv,
                              .labels = (const char *const *)r->labels,
                              .ncells = r->ncells,
                              .cells = (const int *const *)r->walk,
                              .cell_len = r->wlen,
                              .name = r->name};
        b = cy_board_from_faces(&desc, err);
    }
    free(onwalk);
    return b;
}

/* The steps, in order: the head and the edges, the cells as walks, the
 * cells on each edge, the cells turned one way round, the surface's genus,
 * the labels and name, then the board, which must have every edge. */
cy_board *cyi_benntaylor_read(const char *text, size_t len, cy_error *err)
{
    bt_read r = {0};
    r.nl = split_lines(text, len, &r.l);
    cy_board *b = NULL;
    if (bt_edges(&r, err) < 0 || bt_cells(&r, err) < 0 || bt_sides(&r, err) < 0 || bt_turn(&r, err) < 0 ||
        bt_genus(&r, err) < 0)
        goto out;
    r.labels = cyi_xcalloc((size_t)r.nv, sizeof(char *));
    for (int v = 0; v < r.nv; v++) {
        char t[16];
        snprintf(t, sizeof t, "%d", v);
        r.labels[v] = cyi_xstrdup(t);
    }
    r.name = cyi_xmalloc(r.l[0].n + 1);
    for (size_t i = 0; i < r.l[0].n; i++)
        r.name[i] = isprint((unsigned char)r.l[0].s[i]) ? r.l[0].s[i] : '?';
    r.name[r.l[0].n] = 0;
    b = bt_board(&r, err);
    if (b && b->ne != r.ne) {
        cy_error_set(err, "the board is not connected or has a vertex on no edge (%d edges reached of %d)", b->ne, r.ne);
        cy_board_free(b);
        b = NULL;
    }
out:
    bt_free(&r);
    return b;
}

char *cyi_benntaylor_write(const cy_board *b, cy_error *err)
{
    for (int v = 0; v < b->nv; v++)
        if (b->special[v])
            return cy_error_set(err, "the BennTaylor format has no special vertices (vertex %s is special)", b->label[v]),
                   NULL;
    cyi_buf t = {0};
    const char *name = b->name && *b->name ? b->name : "board";
    for (const char *p = name; *p; p++)
        cyi_buf_printf(&t, "%c", *p == '\n' || *p == '\r' ? ' ' : *p);
    cyi_buf_printf(&t, "\n%d %d\nEDGES\n", b->nv, b->ne);
    for (int e = 0; e < b->ne; e++)
        cyi_buf_printf(&t, "%d %d\n", b->eu[e], b->ev[e]);
    cyi_buf_puts(&t, "CYCLES");
    for (int c = 0; c < b->ncells; c++) {
        cyi_buf_puts(&t, "\n");
        for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++)
            cyi_buf_printf(&t, "%s%c%d", i > b->fstart[c] ? " " : "", b->fdarts[i] & 1 ? '-' : '+', b->fdarts[i] >> 1);
    }
    return cyi_buf_take(&t);
}
