/*
 * format_table.c - game tables (Zonnefeld et al. 2023, Definition 4): reading them from
 * the JSON the paper's program takes or from the printed table, turning the
 * columns into face walks, and writing boards as tables.
 *
 * Row r (vertices 1..m) of column c (faces, the outer face last) lists the
 * vertices that follow r on face c, so each entry is a set of darts r -> s
 * of that face.  Where a vertex meets a face several times the table does
 * not say which arrival pairs with which departure; any pairing that makes
 * the rotation at the vertex one cycle will do (an Eulerian circuit through
 * the faces around the vertex), because for a connected table with
 * V - E + F = 2 every such choice gives a plane embedding whose faces are
 * exactly the columns.
 */
#include "format_internal.h"

#include <stdio.h>
#include <string.h>

/* A parsed table: the entries of row r, column c (0-based) are
 * val[start[r*n+c] .. start[r*n+c+1]), without the zeros. */
typedef struct table {
    int m, n;
    int *start;
    long long *val;
    size_t nval, cap;
} table;

/* A dart u -> v on face f (0-based vertices and columns). */
typedef struct tdart {
    int u, v, f;
} tdart;

/* Frees what t holds. */
static void table_free(table *t)
{
    free(t->start);
    free(t->val);
}

/* Appends an entry value to t. */
static void table_push(table *t, long long v)
{
    if (t->nval == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 64;
        t->val = cyi_xrealloc(t->val, sizeof(long long) * t->cap);
    }
    t->val[t->nval++] = v;
}

/* Orders darts by tail, then head. */
static int cmp_tdart(const void *a, const void *b)
{
    const tdart *x = a, *y = b;
    if (x->u != y->u)
        return x->u < y->u ? -1 : 1;
    if (x->v != y->v)
        return x->v < y->v ? -1 : 1;
    return (x->f > y->f) - (x->f < y->f);
}

/* Index of dart u -> v in the sorted darts, or -1. */
static int find_dart(const tdart *s, int nd, int u, int v)
{
    int lo = 0, hi = nd;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (s[mid].u < u || (s[mid].u == u && s[mid].v < v))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < nd && s[lo].u == u && s[lo].v == v ? lo : -1;
}

/* Union-find root with path halving. */
static int uf_find(int *p, int x)
{
    while (p[x] != x) {
        p[x] = p[p[x]];
        x = p[x];
    }
    return x;
}

/* Checks the entries of t one by one and collects its darts into a malloc'd
 * array (count *nd); -1 with a message naming row and column. */
static int collect_darts(const table *t, tdart **out, int *nd, cy_error *err)
{
    int m = t->m, n = t->n;
    if (t->nval > 2 * (size_t)CY_MAX_EDGES)
        return cy_error_set(err, "the table has %zu entries; at most %d edges (%d entries) are supported", t->nval,
                            CY_MAX_EDGES, 2 * CY_MAX_EDGES);
    tdart *d = cyi_xmalloc(sizeof(tdart) * (t->nval ? t->nval : 1));
    int k = 0;
    for (int r = 0; r < m; r++)
        for (int c = 0; c < n; c++)
            for (int i = t->start[r * n + c]; i < t->start[r * n + c + 1]; i++) {
                long long v = t->val[i];
                if (v < 1 || v > m) {
                    free(d);
                    return cy_error_set(err, "row %d, column %d: vertex %lld is out of range (the table has %d row%s)",
                                        r + 1, c + 1, v, m, m == 1 ? "" : "s");
                }
                if (v == r + 1) {
                    free(d);
                    return cy_error_set(err, "row %d, column %d: vertex %d follows itself (a loop)", r + 1, c + 1, r + 1);
                }
                d[k++] = (tdart){r, (int)v - 1, c};
            }
    *out = d;
    *nd = k;
    return 0;
}

/* Checks that every row and every column has an entry; -1 with a message. */
static int check_empty(const table *t, cy_error *err)
{
    int m = t->m, n = t->n;
    unsigned char *colused = cyi_xcalloc((size_t)n, 1);
    for (int r = 0; r < m; r++) {
        int used = 0;
        for (int c = 0; c < n; c++)
            if (t->start[r * n + c + 1] > t->start[r * n + c])
                used = colused[c] = 1;
        if (!used) {
            free(colused);
            return cy_error_set(err, "row %d is all zeros: vertex %d lies on no face", r + 1, r + 1);
        }
    }
    for (int c = 0; c < n; c++)
        if (!colused[c]) {
            free(colused);
            return cy_error_set(err, "column %d is all zeros: %s meets no vertex", c + 1,
                                c == n - 1 ? "the outer face (the last column)" : "its face");
        }
    free(colused);
    return 0;
}

/* Checks that no dart is listed twice; s is sorted. */
static int check_repeats(const tdart *s, int nd, cy_error *err)
{
    for (int i = 1; i < nd; i++)
        if (s[i].u == s[i - 1].u && s[i].v == s[i - 1].v) {
            if (s[i].f == s[i - 1].f)
                return cy_error_set(err, "row %d, column %d lists vertex %d twice", s[i].u + 1, s[i].f + 1, s[i].v + 1);
            return cy_error_set(err,
                                "row %d lists vertex %d in both column %d and column %d, but the side of edge %d-%d walked from %d to %d lies on one face only",
                                s[i].u + 1, s[i].v + 1, s[i - 1].f + 1, s[i].f + 1, s[i].u + 1, s[i].v + 1, s[i].u + 1,
                                s[i].v + 1);
        }
    return 0;
}

/* Describes how vertex x fails to balance in column c into buf. */
static void describe_unbalanced(const table *t, const tdart *s, int nd, int c, int x, int in, int out, char *buf,
                                size_t len)
{
    int pred = -1;
    for (int i = 0; i < nd && pred < 0; i++)
        if (s[i].f == c && s[i].v == x)
            pred = s[i].u;
    if (out == 0)
        snprintf(buf, len, "vertex %d has no successor (row %d is 0, but row %d leads to %d)", x + 1, x + 1, pred + 1,
                 x + 1);
    else if (in == 0)
        snprintf(buf, len, "vertex %d has no predecessor (row %d leads on to %lld, but no row leads to %d)", x + 1,
                 x + 1, t->val[t->start[x * t->n + c]], x + 1);
    else
        snprintf(buf, len, "vertex %d is reached %d time%s but left %d time%s", x + 1, in, in == 1 ? "" : "s", out,
                 out == 1 ? "" : "s");
}

/* Checks that every column is balanced (each vertex is left as often as it is
 * reached), the first condition for a closed walk. */
static int check_balanced(const table *t, const tdart *s, int nd, cy_error *err)
{
    int m = t->m, n = t->n;
    int *in = cyi_xcalloc((size_t)m * (size_t)n, sizeof(int));
    for (int i = 0; i < nd; i++)
        in[(size_t)s[i].v * (size_t)n + (size_t)s[i].f]++;
    int rc = 0;
    for (int c = 0; c < n && rc == 0; c++) {
        char what[2][200];
        int found = 0;
        for (int r = 0; r < m && found < 2; r++) {
            int out = t->start[r * n + c + 1] - t->start[r * n + c];
            int got = in[(size_t)r * (size_t)n + (size_t)c];
            if (out != got)
                describe_unbalanced(t, s, nd, c, r, got, out, what[found++], sizeof what[0]);
        }
        if (found)
            rc = cy_error_set(err, "column %d is not a closed walk: %s%s%s", c + 1, what[0], found > 1 ? "; " : "",
                              found > 1 ? what[1] : "");
    }
    free(in);
    return rc;
}

/* Fills rev[i] with the reverse of dart i; -1 with a message if an edge has
 * only one side. */
static int pair_darts(const tdart *s, int nd, int *rev, cy_error *err)
{
    for (int i = 0; i < nd; i++) {
        rev[i] = find_dart(s, nd, s[i].v, s[i].u);
        if (rev[i] < 0)
            return cy_error_set(err,
                                "edge %d-%d lies on one face only: column %d has %d -> %d, but no column has %d -> %d (row %d never lists %d)",
                                s[i].u + 1, s[i].v + 1, s[i].f + 1, s[i].u + 1, s[i].v + 1, s[i].v + 1, s[i].u + 1,
                                s[i].v + 1, s[i].u + 1);
    }
    return 0;
}

/* Checks that the table is connected and satisfies Euler's formula. */
static int check_global(const table *t, const tdart *s, int nd, cy_error *err)
{
    int m = t->m;
    int *p = cyi_xmalloc(sizeof(int) * (size_t)m);
    for (int v = 0; v < m; v++)
        p[v] = v;
    for (int i = 0; i < nd; i++) {
        int a = uf_find(p, s[i].u), b = uf_find(p, s[i].v);
        if (a != b)
            p[a] = b;
    }
    int root = uf_find(p, 0);
    for (int v = 1; v < m; v++)
        if (uf_find(p, v) != root) {
            free(p);
            return cy_error_set(err, "the board is not connected (no path from vertex 1 to vertex %d)", v + 1);
        }
    free(p);
    long chi = (long)m - (long)(nd / 2) + (long)t->n;
    if (chi != 2)
        return cy_error_set(err,
                            "V - E + F = %d - %d + %d = %ld, but a plane board has 2: the columns are not the faces of a plane drawing",
                            m, nd / 2, t->n, chi);
    return 0;
}

/* Chooses the successor phi of every dart: at each vertex an Eulerian circuit
 * through its faces fixes the rotation, and phi(a -> v) is the dart after
 * v -> a in it.  -1 with a message if the faces at a vertex do not join. */
static int rotations(const table *t, const tdart *s, int nd, const int *rev, int *phi, cy_error *err)
{
    int n = t->n;
    int *gpos = cyi_xmalloc(sizeof(int) * (size_t)n), *gend = cyi_xmalloc(sizeof(int) * (size_t)n);
    int *grp = cyi_xmalloc(sizeof(int) * (size_t)(nd ? nd : 1));
    int *stack = cyi_xmalloc(sizeof(int) * 2 * (size_t)(nd + 1));
    int *circ = cyi_xmalloc(sizeof(int) * (size_t)(nd ? nd : 1));
    int *stamp = cyi_xmalloc(sizeof(int) * (size_t)n);
    int rc = 0;
    for (int f = 0; f < n; f++)
        stamp[f] = -1;
    for (int lo = 0, hi; lo < nd && rc == 0; lo = hi) {
        int v = s[lo].u;
        for (hi = lo; hi < nd && s[hi].u == v; hi++)
            ;
        int deg = hi - lo;
        /* group the darts leaving v by face: block of face f is grp[gpos[f] .. gend[f]) */
        for (int i = lo; i < hi; i++)
            gend[s[i].f] = 0;
        for (int i = lo; i < hi; i++)
            gend[s[i].f]++;
        int acc = 0;
        for (int i = lo; i < hi; i++) {
            int f = s[i].f;
            if (stamp[f] != v) {
                stamp[f] = v;
                gpos[f] = acc;
                acc += gend[f];
            }
        }
        for (int i = lo; i < hi; i++)
            gend[s[i].f] = gpos[s[i].f];
        for (int i = lo; i < hi; i++)
            grp[gend[s[i].f]++] = i;
        /* Hierholzer: nodes are faces, dart i goes from face(i) to face(rev i) */
        int top = 0, k = 0;
        stack[top++] = s[lo].f;
        stack[top++] = -1;
        while (top > 0) {
            int x = stack[top - 2];
            if (gpos[x] < gend[x]) {
                int i = grp[gpos[x]++];
                stack[top++] = s[rev[i]].f;
                stack[top++] = i;
            } else {
                int i = stack[top - 1];
                top -= 2;
                if (i >= 0)
                    circ[k++] = i;
            }
        }
        if (k != deg) {
            rc = cy_error_set(err,
                              "the faces around vertex %d do not close up into one rotation, so the columns are not the faces of a plane drawing",
                              v + 1);
            break;
        }
        /* circ is the circuit backwards: face(rev circ[j+1]) == face(circ[j]) */
        for (int j = 0; j < k; j++)
            phi[rev[circ[(j + 1) % k]]] = circ[j];
    }
    free(gpos);
    free(gend);
    free(grp);
    free(stack);
    free(circ);
    free(stamp);
    return rc;
}

/* Builds the board whose faces are the columns of t. */
static cy_board *table_build(const table *t, cy_error *err)
{
    int m = t->m, n = t->n;
    if (m > CY_MAX_VERTICES)
        return cy_error_set(err, "the table has %d rows; at most %d vertices are supported", m, CY_MAX_VERTICES), NULL;
    tdart *s = NULL;
    int nd = 0;
    int *rev = NULL, *phi = NULL;
    cy_board *b = NULL;
    if (collect_darts(t, &s, &nd, err) < 0)
        return NULL;
    if (check_empty(t, err) < 0)
        goto out;
    qsort(s, (size_t)nd, sizeof *s, cmp_tdart);
    if (check_repeats(s, nd, err) < 0 || check_balanced(t, s, nd, err) < 0)
        goto out;
    rev = cyi_xmalloc(sizeof(int) * (size_t)nd);
    phi = cyi_xmalloc(sizeof(int) * (size_t)nd);
    if (pair_darts(s, nd, rev, err) < 0 || check_global(t, s, nd, err) < 0 || rotations(t, s, nd, rev, phi, err) < 0)
        goto out;
    {
        /* walk each column from its first dart */
        int *first = cyi_xmalloc(sizeof(int) * (size_t)n), *count = cyi_xcalloc((size_t)n, sizeof(int));
        for (int c = 0; c < n; c++)
            first[c] = -1;
        for (int i = 0; i < nd; i++) {
            count[s[i].f]++;
            if (first[s[i].f] < 0)
                first[s[i].f] = i;
        }
        int **walk = cyi_xcalloc((size_t)n, sizeof(int *));
        int ok = 1;
        for (int c = 0; c < n && ok; c++) {
            walk[c] = cyi_xmalloc(sizeof(int) * (size_t)count[c]);
            int d = first[c], len = 0;
            do {
                walk[c][len++] = s[d].u;
                d = phi[d];
            } while (d != first[c] && len < count[c]);
            if (d != first[c] || len != count[c]) {
                cy_error_set(err, "column %d does not form one closed walk", c + 1);
                ok = 0;
            }
        }
        if (ok) {
            cy_board_desc desc = {
                .nv = m,
                .labels = NULL,
                .ncells = n - 1,
                .cells = (const int *const *)walk,
                .cell_len = count,
                .outer = walk[n - 1],
                .outer_len = count[n - 1],
            };
            b = cy_board_from_faces(&desc, err);
        }
        for (int c = 0; c < n; c++)
            free(walk[c]);
        free(walk);
        free(first);
        free(count);
    }
out:
    free(s);
    free(rev);
    free(phi);
    return b;
}

/* ------------------------------------------------------------ reading JSON */

/* How a JSON value that should be a vertex number reads in a message. */
static const char *json_kind(const json_t *j)
{
    switch (json_typeof(j)) {
    case JSON_OBJECT:
        return "an object";
    case JSON_ARRAY:
        return "a list";
    case JSON_STRING:
        return "a string";
    case JSON_INTEGER:
        return "an integer";
    case JSON_REAL:
        return "a fractional number";
    case JSON_TRUE:
        return "true";
    case JSON_FALSE:
        return "false";
    default:
        return "null";
    }
}

/* Appends one entry value (row r, column c, 0-based) to t; -1 with a message
 * if it is not a non-negative integer. */
static int json_entry_value(table *t, const json_t *j, int r, int c, size_t listlen, cy_error *err)
{
    if (!json_is_integer(j)) {
        if (json_is_real(j))
            return cy_error_set(err, "row %d, column %d: %g is not a vertex number (entries are whole numbers)", r + 1,
                                c + 1, json_real_value(j));
        return cy_error_set(err,
                            "row %d, column %d: an entry is %s, not a vertex number (each entry is a list of vertex numbers, [0] where vertex %d is not on the face)",
                            r + 1, c + 1, json_kind(j), r + 1);
    }
    long long v = json_integer_value(j);
    if (v < 0)
        return cy_error_set(err,
                            "row %d, column %d: %lld is negative (signed entries record the arrows of a game in progress; give the initial table)",
                            r + 1, c + 1, v);
    if (v == 0) {
        if (listlen > 1)
            return cy_error_set(err,
                                "row %d, column %d: 0 in a list of several vertices ([0] alone means vertex %d is not on the face)",
                                r + 1, c + 1, r + 1);
        return 0;
    }
    table_push(t, v);
    return 0;
}

/* Fills t from a JSON array of rows; -1 with a message. */
static int table_parse_json(const json_t *root, table *t, cy_error *err)
{
    size_t m = json_array_size(root);
    if (m == 0)
        return cy_error_set(err, "the table is empty (it needs a row for each vertex)");
    if (m > CY_MAX_VERTICES)
        return cy_error_set(err, "the table has %zu rows; at most %d vertices are supported", m, CY_MAX_VERTICES);
    const json_t *row0 = json_array_get(root, 0);
    if (!json_is_array(row0))
        return cy_error_set(err, "row 1 is %s, not a list of columns", json_kind(row0));
    size_t n = json_array_size(row0);
    if (n == 0)
        return cy_error_set(err, "row 1 is empty (it needs a column for each face, the outer face last)");
    if ((double)m * (double)n > (double)CY_TABLE_MAX_ENTRIES)
        return cy_error_set(err, "the table has %zu x %zu entries; at most %ld are supported", m, n,
                            CY_TABLE_MAX_ENTRIES);
    t->m = (int)m;
    t->n = (int)n;
    t->start = cyi_xmalloc(sizeof(int) * (m * n + 1));
    t->start[0] = 0;
    for (size_t r = 0; r < m; r++) {
        const json_t *row = json_array_get(root, r);
        if (!json_is_array(row))
            return cy_error_set(err, "row %zu is %s, not a list of columns", r + 1, json_kind(row));
        if (json_array_size(row) != n)
            return cy_error_set(err, "row %zu has %zu column%s, but row 1 has %zu (every row needs one entry per face)",
                                r + 1, json_array_size(row), json_array_size(row) == 1 ? "" : "s", n);
        for (size_t c = 0; c < n; c++) {
            const json_t *e = json_array_get(row, c);
            if (json_is_array(e)) {
                size_t k = json_array_size(e);
                if (k == 0)
                    return cy_error_set(err,
                                        "row %zu, column %zu is an empty list (write [0] where vertex %zu is not on the face)",
                                        r + 1, c + 1, r + 1);
                for (size_t i = 0; i < k; i++)
                    if (json_entry_value(t, json_array_get(e, i), (int)r, (int)c, k, err) < 0)
                        return -1;
            } else if (json_entry_value(t, e, (int)r, (int)c, 1, err) < 0) {
                return -1;
            }
            if (t->nval > (size_t)2 * CY_MAX_EDGES)
                return cy_error_set(err, "the table lists more than %d darts; at most %d edges are supported",
                                    2 * CY_MAX_EDGES, CY_MAX_EDGES);
            t->start[r * n + c + 1] = (int)t->nval;
        }
    }
    return 0;
}

/* Reads a game table given as parsed JSON (an array of rows). */
cy_board *cyi_table_from_json(const json_t *root, cy_error *err)
{
    if (!json_is_array(root))
        return cy_error_set(err, "a game table is a JSON array of rows"), NULL;
    table t = {0};
    cy_board *b = table_parse_json(root, &t, err) < 0 ? NULL : table_build(&t, err);
    table_free(&t);
    return b;
}

/* ------------------------------------------------------------ reading text */

/* Whether c is a blank within a line. */
static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\f' || c == '\v';
}

/* Splits one line [p, e) into tokens, joining the parts of a list written
 * with blanks around its commas ("1, 7" is one token).  Tokens are written
 * NUL-terminated into buf (at least e - p + 1 bytes); returns their count. */
static int split_line(const char *p, const char *e, char *buf, char **tok, int maxtok)
{
    int nt = 0;
    char *w = buf;
    while (p < e) {
        while (p < e && is_blank(*p))
            p++;
        if (p >= e)
            break;
        if (nt < maxtok)
            tok[nt] = w;
        nt++;
        for (;;) {
            while (p < e && !is_blank(*p))
                *w++ = *p++;
            const char *q = p;
            while (q < e && is_blank(*q))
                q++;
            /* continue the token across blanks next to a comma */
            if (q < e && (*q == ',' || (w > buf && w[-1] == ','))) {
                p = q;
                continue;
            }
            break;
        }
        *w++ = 0;
    }
    return nt;
}

/* Appends the values of text entry s (row r, column c, 0-based) to t. */
static int text_entry(table *t, const char *s, int r, int c, cy_error *err)
{
    const char *p = s;
    int nparts = 1;
    for (const char *q = s; *q; q++)
        nparts += *q == ',';
    for (;;) {
        const char *q = p;
        int neg = 0;
        if (*q == '-')
            neg = 1, q++;
        const char *digits = q;
        while (*q >= '0' && *q <= '9')
            q++;
        if (q == digits || (*q && *q != ',')) {
            return cy_error_set(err,
                                "row %d, column %d: \"%.40s\" is not a vertex number or a comma-separated list of them",
                                r + 1, c + 1, s);
        }
        if (q - digits > 12)
            return cy_error_set(err, "row %d, column %d: %.*s%s is far too large for a vertex number", r + 1, c + 1,
                                (int)(q - digits > 20 ? 20 : q - digits), digits, q - digits > 20 ? "..." : "");
        long long v = 0;
        for (const char *d = digits; d < q; d++)
            v = 10 * v + (*d - '0');
        if (neg && v != 0)
            return cy_error_set(err,
                                "row %d, column %d: -%lld is negative (signed entries record the arrows of a game in progress; give the initial table)",
                                r + 1, c + 1, v);
        if (v == 0) {
            if (nparts > 1)
                return cy_error_set(err,
                                    "row %d, column %d: 0 in a list of several vertices (0 alone means vertex %d is not on the face)",
                                    r + 1, c + 1, r + 1);
        } else {
            table_push(t, v);
        }
        if (!*q)
            return 0;
        p = q + 1;
    }
}

/* Whether token s is the number r (the row label r). */
static int is_row_label(const char *s, int r)
{
    char buf[16];
    snprintf(buf, sizeof buf, "%d", r);
    return strcmp(s, buf) == 0;
}

/* Whether the words tok[0..n) can be the header line of a printed table:
 * column names such as f_1 or F2 (letters or underscores, then digits). */
static int header_like(char **tok, int n)
{
    for (int i = 0; i < n; i++) {
        const char *c = tok[i];
        while ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || *c == '_')
            c++;
        if (c == tok[i] || !(*c >= '0' && *c <= '9'))
            return 0;
        while (*c >= '0' && *c <= '9')
            c++;
        if (*c)
            return 0;
    }
    return 1;
}

/* Fills t from the printed table; -1 with a message. */
static int table_parse_text(const char *text, size_t len, table *t, cy_error *err)
{
    int header = -1; /* columns the header names, -1 before the first line */
    int ncols = -1, m = 0, lineno = 0;
    size_t cap_rows = 0;
    char *buf = NULL;
    char **tok = NULL;
    int maxtok = 0, rc = 0;
    const char *p = text, *end = text + len;
    if (len >= 3 && (unsigned char)p[0] == 0xEF && (unsigned char)p[1] == 0xBB && (unsigned char)p[2] == 0xBF)
        p += 3;
    while (p < end && rc == 0) {
        const char *e = p;
        while (e < end && *e != '\n' && *e != '\r')
            e++;
        lineno++;
        const char *next = e < end && *e == '\r' && e + 1 < end && e[1] == '\n' ? e + 2 : e + 1;
        if (memchr(p, 0, (size_t)(e - p))) {
            rc = cy_error_set(err, "line %d contains a NUL byte; a printed table is plain text", lineno);
            break;
        }
        const char *hash = memchr(p, '#', (size_t)(e - p));
        if (hash)
            e = hash;
        size_t ll = (size_t)(e - p);
        buf = cyi_xrealloc(buf, ll + 1);
        int nt = split_line(p, e, buf, tok, maxtok);
        if (nt > maxtok) {
            maxtok = nt;
            tok = cyi_xrealloc(tok, sizeof(char *) * (size_t)maxtok);
            split_line(p, e, buf, tok, maxtok);
        }
        p = next;
        if (nt == 0)
            continue;
        if (header < 0 && ncols < 0) {
            if (!((tok[0][0] >= '0' && tok[0][0] <= '9') || tok[0][0] == '-')) {
                if (!header_like(tok, nt)) {
                    rc = cy_error_set(err, "not a board in any known format: expected a game table (a JSON array "
                                           "of rows), a native board or drawing (a JSON object with \"cells\" or "
                                           "\"edges\"), or a printed table (rows of vertex numbers, under an "
                                           "optional header line such as f_1 f_2 f_3)");
                    break;
                }
                header = ncols = nt;
                continue;
            }
            ncols = nt;
        }
        int skip = 0;
        if (header > 0 && nt == ncols + 1) {
            if (!is_row_label(tok[0], m + 1)) {
                rc = cy_error_set(err, "line %d: row label \"%.20s\" should be %d (rows are vertices 1, 2, ... in order)",
                                  lineno, tok[0], m + 1);
                break;
            }
            skip = 1;
        } else if (nt != ncols) {
            if (header > 0)
                rc = cy_error_set(err, "line %d: row %d has %d entries, but the header names %d column%s", lineno,
                                  m + 1, nt, ncols, ncols == 1 ? "" : "s");
            else
                rc = cy_error_set(err, "line %d: row %d has %d entries, but row 1 has %d", lineno, m + 1, nt, ncols);
            break;
        }
        if (m >= CY_MAX_VERTICES) {
            rc = cy_error_set(err, "the table has more than %d rows; at most %d vertices are supported",
                              CY_MAX_VERTICES, CY_MAX_VERTICES);
            break;
        }
        if ((double)(m + 1) * (double)ncols > (double)CY_TABLE_MAX_ENTRIES) {
            rc = cy_error_set(err, "the table has more than %ld entries", CY_TABLE_MAX_ENTRIES);
            break;
        }
        if ((size_t)(m + 1) * (size_t)ncols + 1 > cap_rows) {
            cap_rows = 2 * ((size_t)(m + 1) * (size_t)ncols + 1);
            t->start = cyi_xrealloc(t->start, sizeof(int) * cap_rows);
            if (m == 0)
                t->start[0] = 0;
        }
        for (int c = 0; c < ncols && rc == 0; c++) {
            rc = text_entry(t, tok[c + skip], m, c, err);
            if (rc == 0 && t->nval > (size_t)2 * CY_MAX_EDGES)
                rc = cy_error_set(err, "the table lists more than %d darts; at most %d edges are supported",
                                  2 * CY_MAX_EDGES, CY_MAX_EDGES);
            if (rc == 0)
                t->start[(size_t)m * (size_t)ncols + (size_t)c + 1] = (int)t->nval;
        }
        m++;
    }
    free(buf);
    free(tok);
    if (rc < 0)
        return -1;
    if (m == 0)
        return cy_error_set(err, header > 0 ? "the table has a header but no rows" : "the table is empty");
    t->m = m;
    t->n = ncols;
    return 0;
}

/* Reads the paper's printed table. */
cy_board *cyi_table_from_text(const char *text, size_t len, cy_error *err)
{
    table t = {0};
    cy_board *b = table_parse_text(text ? text : "", text ? len : 0, &t, err) < 0 ? NULL : table_build(&t, err);
    table_free(&t);
    return b;
}

/* ----------------------------------------------------------------- writing */

/* Writes the entry of a row's darts in one face: "4", "1,7" or "0". */
static void entry_str(const cy_board *b, const int *ds, int k, int comma_space, cyi_buf *out)
{
    if (k == 0) {
        cyi_buf_puts(out, "0");
        return;
    }
    for (int i = 0; i < k; i++)
        cyi_buf_printf(out, "%s%d", i ? (comma_space ? ", " : ",") : "", cy_head(b, ds[i]) + 1);
}

/* Writes b as a game table: JSON (text == 0) or the printed form. */
char *cyi_table_write(const cy_board *b, int text, cy_error *err)
{
    int m = b->nv, n = b->ncells + 1, nd = 2 * b->ne;
    if (b->surface)
        return cy_error_set(err,
                            "a game table describes a plane board (its last column is the outer face); this board lies on a closed surface (write it as json)"),
               NULL;
    if ((double)m * (double)n > (double)CY_TABLE_MAX_ENTRIES)
        return cy_error_set(err, "the board is too large for a game table (%d rows x %d columns; at most %ld entries)",
                            m, n, CY_TABLE_MAX_ENTRIES),
               NULL;
    /* darts of each vertex ordered by face, then walk position: taking the
     * face walks in order and dealing each dart to its tail keeps that order */
    int *order = cyi_xmalloc(sizeof(int) * (size_t)(nd ? nd : 1));
    int *fill = cyi_xmalloc(sizeof(int) * (size_t)m);
    memcpy(fill, b->vstart, sizeof(int) * (size_t)m);
    for (int i = 0; i < b->fstart[n]; i++)
        order[fill[cy_tail(b, b->fdarts[i])]++] = b->fdarts[i];
    free(fill);
    cyi_buf out = {0};
    int *width = NULL;
    int lw = snprintf(NULL, 0, "%d", m);
    if (text) {
        /* column widths from the header and the entries */
        width = cyi_xmalloc(sizeof(int) * (size_t)n);
        for (int f = 0; f < n; f++)
            width[f] = snprintf(NULL, 0, "f_%d", f + 1);
        cyi_buf tmp = {0};
        for (int v = 0; v < m; v++) {
            int i = b->vstart[v], e = b->vstart[v + 1];
            for (int f = 0; f < n; f++) {
                int k = 0;
                while (i + k < e && b->dface[order[i + k]] == f)
                    k++;
                tmp.len = 0;
                entry_str(b, order + i, k, 0, &tmp);
                if ((int)tmp.len > width[f])
                    width[f] = (int)tmp.len;
                i += k;
            }
        }
        free(tmp.s);
        int relabel = 0;
        for (int v = 0; v < m && !relabel; v++) {
            char num[16];
            snprintf(num, sizeof num, "%d", v + 1);
            relabel = strcmp(num, b->label[v]) != 0;
        }
        /* the name goes into a comment line: no line breaks or other controls */
        char *nm = cyi_xstrdup(b->name ? b->name : "");
        for (char *c = nm; *c; c++)
            if ((unsigned char)*c < 0x20 || *c == 0x7f)
                *c = ' ';
        cyi_buf_printf(&out, "# game table%s%s: rows are vertices 1..%d, columns faces (outer face last)\n",
                       *nm ? " of " : "", nm, m);
        free(nm);
        if (relabel) {
            cyi_buf_puts(&out, "# vertex labels:");
            for (int v = 0; v < m; v++)
                cyi_buf_printf(&out, " %d=%s", v + 1, b->label[v]);
            cyi_buf_puts(&out, "\n");
        }
        cyi_buf_printf(&out, "%*s", lw, "");
        for (int f = 0; f < n; f++)
            cyi_buf_printf(&out, "  %*s%d", width[f] - snprintf(NULL, 0, "%d", f + 1), "f_", f + 1);
        cyi_buf_puts(&out, "\n");
    } else {
        cyi_buf_puts(&out, "[");
    }
    cyi_buf ent = {0};
    for (int v = 0; v < m; v++) {
        int i = b->vstart[v], e = b->vstart[v + 1];
        if (text)
            cyi_buf_printf(&out, "%*d", lw, v + 1);
        else
            cyi_buf_puts(&out, v ? ",\n [" : "[");
        for (int f = 0; f < n; f++) {
            int k = 0;
            while (i + k < e && b->dface[order[i + k]] == f)
                k++;
            ent.len = 0;
            entry_str(b, order + i, k, !text, &ent);
            if (text)
                cyi_buf_printf(&out, "  %*s", width[f], ent.s);
            else
                cyi_buf_printf(&out, "%s[%s]", f ? ", " : "", ent.s);
            i += k;
        }
        cyi_buf_puts(&out, text ? "\n" : "]");
    }
    if (!text)
        cyi_buf_puts(&out, "]\n");
    free(ent.s);
    free(width);
    free(order);
    return cyi_buf_take(&out);
}
