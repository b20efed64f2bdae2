/*
 * board.c - the board model: building a board from its face walks and
 * checking that it is a connected simple plane graph with those faces.
 *
 * Faces are permutations of darts: phi(d) is the dart after d on d's face.
 * The rotation at a vertex follows from them, sigma(d) = phi(rev(d)), and the
 * faces describe a plane embedding exactly when every dart lies on one face,
 * every vertex's rotation is a single cycle, the graph is connected and
 * V - E + F = 2 (plantri and nauty use the same dart model).
 *
 * Edges are the vertex pairs the walks step between, unless the walks name
 * their edges (cy_board_desc.cell_edges): then two edges may join the same
 * two vertices, or an edge may be a loop, which is allowed on a closed
 * surface only (b->multi, b->loops), where small boards need it (three
 * vertices on the torus, each pair joined twice; one vertex and two loops).
 */
#include "internal.h"

#include <stdio.h>
#include <string.h>

typedef struct dartrec {
    int u, v; /* tail, head */
    int id;   /* the edge's given name (cy_board_desc.cell_edges), or -1 */
    int rev;  /* on a loop: 1 when the step runs against the edge (cell_rev), 0 along, -1 not said */
    int face; /* face index (ncells = outer) */
    int pos;  /* position in its face walk */
} dartrec;

static int cmp_dartrec(const void *a, const void *b)
{
    const dartrec *x = a, *y = b;
    if (x->id != y->id) /* named edges: by name, then direction */
        return x->id < y->id ? -1 : 1;
    if (x->id >= 0) {
        if (x->u != y->u)
            return x->u < y->u ? -1 : 1;
        /* the two steps along a loop: in the order of the walks */
        if (x->face != y->face)
            return x->face < y->face ? -1 : 1;
        return x->pos < y->pos ? -1 : x->pos > y->pos;
    }
    int xa = x->u < x->v ? x->u : x->v, xb = x->u < x->v ? x->v : x->u;
    int ya = y->u < y->v ? y->u : y->v, yb = y->u < y->v ? y->v : y->u;
    if (xa != ya)
        return xa < ya ? -1 : 1;
    if (xb != yb)
        return xb < yb ? -1 : 1;
    if (x->u != y->u)
        return x->u < y->u ? -1 : 1;
    return 0;
}

/* Whether two darts belong to the same edge. */
static int same_edge(const dartrec *x, const dartrec *y)
{
    if (x->id >= 0 || y->id >= 0)
        return x->id == y->id;
    return (x->u == y->u && x->v == y->v) || (x->u == y->v && x->v == y->u);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void cy_board_free(cy_board *b)
{
    if (!b)
        return;
    if (b->label)
        for (int i = 0; i < b->nv; i++)
            free(b->label[i]);
    free(b->label);
    free(b->special);
    free(b->x);
    free(b->y);
    free(b->eu);
    free(b->ev);
    free(b->vstart);
    free(b->vdarts);
    free(b->fstart);
    free(b->fdarts);
    free(b->dface);
    free(b->cyclable);
    free(b->sface);
    free(b->sdart);
    free(b->name);
    free(b);
}

/* Names face f in messages. */
static const char *face_name(int f, int ncells, char *buf, size_t n)
{
    if (f == ncells)
        snprintf(buf, n, "the outer face");
    else
        snprintf(buf, n, "cell %d", f + 1);
    return buf;
}

/* Names edge e in messages: its ends, and its number where parallel edges
 * make the ends ambiguous. */
static const char *edge_name(const cy_board *b, int e, char *buf, size_t n)
{
    if (b->multi)
        snprintf(buf, n, "e%d (%s-%s)", e, b->label[b->eu[e]], b->label[b->ev[e]]);
    else
        snprintf(buf, n, "%s-%s", b->label[b->eu[e]], b->label[b->ev[e]]);
    return buf;
}

/* Derives the outer face from the partial rotations the cells define: at each
 * vertex the cells leave chains of the rotation, which the outer face joins
 * into one cycle.  Fills phi for the outer darts and returns the walk length,
 * or -1 with a message. */
static int derive_outer(cy_board *b, int *phi, const unsigned char *is_outer, int *walk, cy_error *err)
{
    int nd = 2 * b->ne;
    int *sigma = cyi_xmalloc(sizeof(int) * (size_t)nd);
    unsigned char *image = cyi_xcalloc((size_t)nd, 1);
    int rc = -1;
    for (int d = 0; d < nd; d++)
        sigma[d] = -1;
    /* sigma(rev(e)) = phi(e) for every cell dart e */
    for (int d = 0; d < nd; d++)
        if (!is_outer[d]) {
            sigma[cy_dart_rev(d)] = phi[d];
            image[phi[d]] = 1;
        }
    int *starts = cyi_xmalloc(sizeof(int) * (size_t)nd);
    for (int v = 0; v < b->nv; v++) {
        int k = 0, ends = 0;
        for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
            int d = b->vdarts[i];
            if (!image[d])
                starts[k++] = d;
            if (sigma[d] < 0)
                ends++;
        }
        if (k != ends) {
            cy_error_set(err, "the cells do not leave a closed outer face at vertex %s", b->label[v]);
            goto out;
        }
        /* join chain i's end to chain i+1's start */
        for (int i = 0; i < k; i++) {
            int d = starts[i];
            int steps = 0;
            while (sigma[d] >= 0 && steps++ <= nd)
                d = sigma[d];
            sigma[d] = starts[(i + 1) % k];
            image[starts[(i + 1) % k]] = 1;
        }
    }
    for (int d = 0; d < nd; d++)
        if (is_outer[d])
            phi[d] = sigma[cy_dart_rev(d)];
    /* the outer darts must form one face */
    int first = -1, total = 0, len = 0;
    for (int d = 0; d < nd; d++)
        if (is_outer[d]) {
            total++;
            if (first < 0)
                first = d;
        }
    if (first < 0) {
        rc = 0;
        goto out;
    }
    int d = first;
    do {
        if (!is_outer[d] || len >= total)
            break;
        walk[len++] = d;
        d = phi[d];
    } while (d != first);
    if (d != first || len != total) {
        cy_error_set(err, "the edges no cell uses do not form one outer face; give the outer face explicitly");
        goto out;
    }
    rc = len;
out:
    free(starts);
    free(sigma);
    free(image);
    return rc;
}

/* Orders triples (low end, high end, edge) by ends, then edge. */
static int cmp_pair(const void *a, const void *b)
{
    const int *x = a, *y = b;
    if (x[0] != y[0])
        return x[0] < y[0] ? -1 : 1;
    if (x[1] != y[1])
        return x[1] < y[1] ? -1 : 1;
    return x[2] < y[2] ? -1 : x[2] > y[2];
}

/* Sets b->multi when two edges of b join the same two vertices; those are
 * allowed on a closed surface only (a plane board is a simple graph).  0, or
 * -1 with a message. */
static int parallel_check(cy_board *b, cy_error *err)
{
    int *p = cyi_xmalloc(sizeof(int) * 3 * (size_t)(b->ne ? b->ne : 1)), rc = 0;
    for (int e = 0; e < b->ne; e++) {
        p[3 * e] = b->eu[e] < b->ev[e] ? b->eu[e] : b->ev[e];
        p[3 * e + 1] = b->eu[e] < b->ev[e] ? b->ev[e] : b->eu[e];
        p[3 * e + 2] = e;
    }
    qsort(p, (size_t)b->ne, 3 * sizeof(int), cmp_pair);
    for (int e = 0; e < b->ne; e++)
        if (b->eu[e] == b->ev[e])
            b->multi = b->loops = 1; /* allowed on a closed surface only, checked where the walks are read */
    for (int i = 1; i < b->ne && rc == 0; i++)
        if (p[3 * i] == p[3 * i - 3] && p[3 * i + 1] == p[3 * i - 2]) {
            b->multi = 1;
            if (!b->surface) {
                cy_error_set(err,
                             "edges %d and %d both join vertices %s and %s: parallel edges are allowed only on a closed surface, and a plane board has none",
                             p[3 * i - 1], p[3 * i + 2], b->label[p[3 * i]], b->label[p[3 * i + 1]]);
                rc = -1;
            }
        }
    free(p);
    return rc;
}

/* Root of x in the union-find forest up (path halving). */
static int uf_find(int *up, int x)
{
    while (up[x] != x)
        x = up[x] = up[up[x]];
    return x;
}

/* Checks the walks of b, a board on a non-orientable surface with its sides
 * filled, as the faces of that surface: round every vertex the corners of the
 * walks join its edges into one cycle (a disc, not several cones), and the
 * walks cannot all be turned one way round so that the two sides of each
 * edge run opposite ways (else the surface is orientable).  0, or -1 with a
 * message. */
static int surface_check(const cy_board *b, cy_error *err)
{
    int ne = b->ne, nf = b->ncells, rc = -1;
    /* edge-end (e, end): 2e + (end is ev[e]); a corner joins two of them */
    int *up = cyi_xmalloc(sizeof(int) * (size_t)(2 * ne));
    for (int i = 0; i < 2 * ne; i++)
        up[i] = i;
    for (int f = 0; f < nf; f++) {
        int s = b->fstart[f], len = cy_face_len(b, f);
        for (int i = 0; i < len; i++) {
            int din = b->fdarts[s + (i + len - 1) % len], dout = b->fdarts[s + i];
            /* din arrives by its head's end, dout leaves by its tail's
             * (on a loop both ends are v: the dart says which) */
            int x = 2 * cy_dart_edge(din) + !(din & 1);
            int y = 2 * cy_dart_edge(dout) + (dout & 1);
            up[uf_find(up, x)] = uf_find(up, y);
        }
    }
    for (int v = 0; v < b->nv; v++) {
        int root = -1;
        for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
            int x = b->vdarts[i]; /* leaves v by its tail's end */
            int r = uf_find(up, 2 * cy_dart_edge(x) + (x & 1));
            if (root >= 0 && r != root) {
                cy_error_set(err,
                             "the faces around vertex %s do not close up into one disc, so they are not the faces of a surface",
                             b->label[v]);
                goto out;
            }
            root = r;
        }
    }
    /* turn faces so that the sides of each edge run opposite ways: a
     * breadth-first search over the faces with a flip per face */
    {
        int *flip = cyi_xmalloc(sizeof(int) * (size_t)(nf ? nf : 1));
        int *queue = cyi_xmalloc(sizeof(int) * (size_t)(nf ? nf : 1));
        int twisted = 0;
        for (int f = 0; f < nf; f++)
            flip[f] = -1;
        for (int f0 = 0; f0 < nf && !twisted; f0++) {
            if (flip[f0] >= 0)
                continue;
            int qh = 0, qt = 0;
            flip[f0] = 0;
            queue[qt++] = f0;
            while (qh < qt && !twisted) {
                int f = queue[qh++];
                for (int i = b->fstart[f]; i < b->fstart[f + 1] && !twisted; i++) {
                    int e = cy_dart_edge(b->fdarts[i]);
                    int same = b->sdart[2 * e] == b->sdart[2 * e + 1];
                    int g = b->sface[2 * e] == f ? b->sface[2 * e + 1] : b->sface[2 * e];
                    int want = flip[f] ^ same;
                    if (flip[g] < 0) {
                        flip[g] = want;
                        queue[qt++] = g;
                    } else if (flip[g] != want) {
                        twisted = 1;
                    }
                }
            }
        }
        free(flip);
        free(queue);
        if (!twisted) {
            long chi = (long)b->nv - (long)ne + (long)nf;
            if (chi % 2 == 0 && chi <= 2)
                cy_error_set(err,
                             "the faces can all be turned the same way round, so the surface is orientable (\"surface\": {\"orientable\": true, \"genus\": %ld})",
                             (2 - chi) / 2);
            else
                cy_error_set(err,
                             "the faces can all be turned the same way round, so the surface is orientable, not non-orientable");
            goto out;
        }
    }
    rc = 0;
out:
    free(up);
    return rc;
}

/* What cy_board_from_faces works with between its steps: the darts of the
 * given walks and the tables built from them, freed by build_free. */
typedef struct build {
    const cy_board_desc *d;
    int nfaces;              /* cells, and the outer face when given */
    int named;               /* the walks name their edges (cell_edges) */
    int twisted_ok;          /* on a non-orientable surface: two walks may run along one dart */
    size_t total;            /* steps of all walks */
    size_t k;                /* darts collected in dr */
    dartrec *dr;             /* a record for each step, sorted by edge */
    int *phi;                /* the dart after each dart on its face */
    unsigned char *is_outer; /* the darts of the derived outer face */
    int *foff;               /* where each face's steps start in at */
    int *at;                 /* the dart of each step, face by face */
    int *step;               /* the dart of each record of dr */
} build;

/* Frees what bd holds (not the board). */
static void build_free(build *bd)
{
    free(bd->dr);
    free(bd->phi);
    free(bd->is_outer);
    free(bd->foff);
    free(bd->at);
    free(bd->step);
}

/* Length of the walk of face f of d (f == d->ncells: the outer face). */
static int walk_len(const cy_board_desc *d, int f)
{
    return f < d->ncells ? d->cell_len[f] : d->outer_len;
}

/* Copies d's vertices into b: labels (each usable, no two the same), special
 * vertices and coordinates (each finite, at most 1e100 in size).  0, or -1
 * with a message. */
static int take_vertices(cy_board *b, const cy_board_desc *d, cy_error *err)
{
    b->label = cyi_xcalloc((size_t)b->nv, sizeof(char *));
    for (int v = 0; v < b->nv; v++) {
        char tmp[16];
        const char *l = d->labels ? d->labels[v] : (snprintf(tmp, sizeof tmp, "%d", v + 1), tmp);
        if (!l || !cyi_label_ok(l)) {
            cy_error_set(err,
                         "vertex %d has an unusable label%s%.40s%s (labels are 1-%d printable characters without blanks, commas, quotes or \"->\")",
                         v + 1, l ? " \"" : "", l ? l : "", l ? "\"" : "", CY_MAX_LABEL);
            return -1;
        }
        b->label[v] = cyi_xstrdup(l);
    }
    {
        char **sorted = cyi_xmalloc(sizeof(char *) * (size_t)b->nv);
        memcpy(sorted, b->label, sizeof(char *) * (size_t)b->nv);
        qsort(sorted, (size_t)b->nv, sizeof(char *), cmp_str);
        for (int i = 1; i < b->nv; i++)
            if (strcmp(sorted[i - 1], sorted[i]) == 0) {
                cy_error_set(err, "two vertices have the label \"%s\"", sorted[i]);
                free(sorted);
                return -1;
            }
        free(sorted);
    }
    b->special = cyi_xcalloc((size_t)b->nv, 1);
    if (d->special)
        for (int v = 0; v < b->nv; v++)
            b->special[v] = d->special[v] ? 1 : 0;
    if (d->xy) {
        b->has_coords = 1;
        b->x = cyi_xmalloc(sizeof(double) * (size_t)b->nv);
        b->y = cyi_xmalloc(sizeof(double) * (size_t)b->nv);
        for (int v = 0; v < b->nv; v++) {
            b->x[v] = d->xy[2 * v];
            b->y[v] = d->xy[2 * v + 1];
            if (!cyi_coord_ok(b->x[v]) || !cyi_coord_ok(b->y[v])) {
                cy_error_set(err, "vertex %s has a coordinate that is not a finite number of at most 1e100 in size",
                             b->label[v]);
                return -1;
            }
        }
    }
    return 0;
}

/* Copies d's surface into b: a closed surface (no outer face, a genus in
 * range) or the plane.  0, or -1 with a message. */
static int take_surface(cy_board *b, const cy_board_desc *d, cy_error *err)
{
    if (d->surface) {
        if (d->outer)
            return cy_error_set(err, "a board on a closed surface has no outer face: list every face as a cell"), -1;
        if (d->genus < (d->orientable ? 0 : 1) || d->genus > 1000)
            return cy_error_set(err,
                                d->orientable
                                    ? "the genus of an orientable surface is a number from 0 to 1000, not %d"
                                    : "the crosscap number of a non-orientable surface is a number from 1 to 1000, not %d",
                                d->genus),
                   -1;
        b->surface = 1;
        b->orientable = d->orientable ? 1 : 0;
        b->genus = d->genus;
    } else {
        b->orientable = 1;
    }
    return 0;
}

/* Collects a record of every step of the walks into bd->dr (bd->k of them,
 * sorted by edge), checking each step: vertices in range, edge names in
 * range, loops only where allowed, a loop's direction where it must be
 * given.  0, or -1 with a message. */
static int collect_darts(const cy_board *b, build *bd, cy_error *err)
{
    const cy_board_desc *d = bd->d;
    char fb[32];
    bd->total = 0;
    for (int f = 0; f < bd->nfaces; f++) {
        int len = walk_len(d, f);
        if (len < 1)
            return cy_error_set(err, "%s is an empty walk", face_name(f, b->ncells, fb, sizeof fb)), -1;
        bd->total += (size_t)len;
        if (bd->total > 2 * (size_t)CY_MAX_EDGES)
            return cy_error_set(err, "the faces have more than %d sides in all; at most %d edges are supported",
                                2 * CY_MAX_EDGES, CY_MAX_EDGES),
                   -1;
    }
    size_t total = bd->total;
    if (bd->named && d->outer && !d->outer_edges)
        return cy_error_set(err, "the cells name their edges but the outer face does not"), -1;
    dartrec *dr = bd->dr = cyi_xmalloc(sizeof(dartrec) * (total ? total : 1));
    size_t k = 0;
    for (int f = 0; f < bd->nfaces; f++) {
        const int *w = f < b->ncells ? d->cells[f] : d->outer;
        const int *we = !bd->named ? NULL : f < b->ncells ? d->cell_edges[f] : d->outer_edges;
        int len = walk_len(d, f);
        for (int i = 0; i < len; i++) {
            int u = w[i], v = w[(i + 1) % len];
            int id = we ? we[i] : -1;
            if (we && (id < 0 || (size_t)id >= total))
                return cy_error_set(err, "%s names edge %d, which is not a number from 0 to %zu",
                                    face_name(f, b->ncells, fb, sizeof fb), id, total - 1),
                       -1;
            if (u < 0 || u >= b->nv || v < 0 || v >= b->nv)
                return cy_error_set(err, "%s names vertex number %d, but the board has %d vertices",
                                    face_name(f, b->ncells, fb, sizeof fb), (u < 0 || u >= b->nv ? u : v) + 1, b->nv),
                       -1;
            if (u == v && (!we || !b->surface))
                return cy_error_set(err,
                                    "%s has a loop at vertex %s (loops are allowed only on a closed surface, with the edges named%s)",
                                    face_name(f, b->ncells, fb, sizeof fb), b->label[u],
                                    b->surface ? ": \"cell_edges\"" : "; a plane board has none"),
                       -1;
            int rev = -1;
            if (u == v && f < b->ncells && d->cell_rev && d->cell_rev[f][i] < 2)
                rev = d->cell_rev[f][i];
            if (u == v && rev < 0 && bd->twisted_ok)
                return cy_error_set(err,
                                    "%s runs along a loop at vertex %s without saying which way (on a non-orientable surface a loop's direction in each walk must be given)",
                                    face_name(f, b->ncells, fb, sizeof fb), b->label[u]),
                       -1;
            dr[k++] = (dartrec){u, v, id, rev, f, i};
        }
    }
    qsort(dr, k, sizeof *dr, cmp_dartrec);
    bd->k = k;
    return 0;
}

/* The number of edges the sorted records of bd make (named edges numbered
 * from 0 with none missing, each with two ends), at most CY_MAX_EDGES; -1
 * with a message. */
static int count_edges(const cy_board *b, const build *bd, cy_error *err)
{
    const dartrec *dr = bd->dr;
    int ne = 0;
    for (size_t i = 0; i < bd->k; i++)
        if (i == 0 || !same_edge(&dr[i], &dr[i - 1])) {
            if (bd->named && dr[i].id != ne)
                return cy_error_set(err, "edge %d lies on no face, but the faces name edge %d", ne, dr[i].id), -1;
            ne++;
        } else if (bd->named && !((dr[i].u == dr[i - 1].u && dr[i].v == dr[i - 1].v) ||
                                  (dr[i].u == dr[i - 1].v && dr[i].v == dr[i - 1].u))) {
            return cy_error_set(err, "edge %d is walked from %s to %s and from %s to %s, but an edge has two ends",
                                dr[i].id, b->label[dr[i - 1].u], b->label[dr[i - 1].v], b->label[dr[i].u],
                                b->label[dr[i].v]),
                   -1;
        }
    if (ne > CY_MAX_EDGES)
        return cy_error_set(err, "the board has %d edges; at most %d are supported", ne, CY_MAX_EDGES), -1;
    return ne;
}

/* Gives b its b->ne edges (their ends, as d->edge_ends says where given)
 * and each step its dart (bd->step by record, bd->at by face and position);
 * allocates the board's dart tables and bd's.  0, or -1 with a message. */
static int number_darts(cy_board *b, build *bd, cy_error *err)
{
    const cy_board_desc *d = bd->d;
    const dartrec *dr = bd->dr;
    int ne = b->ne, nd = 2 * ne;
    b->eu = cyi_xmalloc(sizeof(int) * (size_t)(ne ? ne : 1));
    b->ev = cyi_xmalloc(sizeof(int) * (size_t)(ne ? ne : 1));
    b->dface = cyi_xmalloc(sizeof(int) * (size_t)(nd ? nd : 1));
    bd->phi = cyi_xmalloc(sizeof(int) * (size_t)(nd ? nd : 1));
    bd->is_outer = cyi_xcalloc((size_t)(nd ? nd : 1), 1);
    /* dart of face position: index by (face, pos) through offsets */
    bd->foff = cyi_xcalloc((size_t)bd->nfaces + 1, sizeof(int));
    for (int f = 0; f < bd->nfaces; f++)
        bd->foff[f + 1] = bd->foff[f] + walk_len(d, f);
    bd->at = cyi_xmalloc(sizeof(int) * (bd->total ? bd->total : 1));
    b->sface = cyi_xmalloc(sizeof(int) * (size_t)(nd ? nd : 1));
    b->sdart = cyi_xmalloc(sizeof(int) * (size_t)(nd ? nd : 1));
    /* the edge and dart of each step (dr is sorted by edge) */
    bd->step = cyi_xmalloc(sizeof(int) * (bd->k ? bd->k : 1));
    int e = -1;
    for (size_t i = 0; i < bd->k; i++) {
        int a = dr[i].u < dr[i].v ? dr[i].u : dr[i].v, c = dr[i].u < dr[i].v ? dr[i].v : dr[i].u;
        if (e < 0 || !same_edge(&dr[i], &dr[i - 1])) {
            e++;
            if (bd->named && d->edge_ends) {
                int x = d->edge_ends[2 * e], y = d->edge_ends[2 * e + 1];
                if (!((x == a && y == c) || (x == c && y == a)))
                    return cy_error_set(err,
                                        "edge %d is said to join vertices %d and %d, but the faces walk it between %s and %s",
                                        e, x + 1, y + 1, b->label[a], b->label[c]),
                           -1;
                a = x;
                c = y;
            }
            b->eu[e] = a;
            b->ev[e] = c;
            b->dface[2 * e] = b->dface[2 * e + 1] = -1;
        }
        if (b->eu[e] == b->ev[e]) { /* a loop: its direction as given, else its first step forwards */
            int first = i == 0 || !same_edge(&dr[i], &dr[i - 1]);
            bd->step[i] = cy_dart(e, (dr[i].rev >= 0 ? dr[i].rev : !first) ? CY_BWD : CY_FWD);
        } else
            bd->step[i] = cy_dart(e, dr[i].u == b->eu[e] ? CY_FWD : CY_BWD);
        bd->at[bd->foff[dr[i].face] + dr[i].pos] = bd->step[i];
    }
    return 0;
}

/* On a non-orientable surface: the two face sides of each edge in the order
 * met (b->sface, b->sdart; exactly two an edge), and b->dface from them
 * (only approximately: the face of each side, by its dart where the two
 * sides run opposite ways).  0, or -1 with a message. */
static int sides_twisted(cy_board *b, const build *bd, cy_error *err)
{
    char fb[32], eb[2 * CY_MAX_LABEL + 32];
    int ne = b->ne, rc = -1, e;
    int *nside = cyi_xcalloc((size_t)(ne ? ne : 1), sizeof(int));
    for (size_t i = 0; i < bd->k; i++) {
        e = cy_dart_edge(bd->step[i]);
        if (nside[e] == 2) {
            cy_error_set(err,
                         "edge %s lies on more than two face sides; on a closed surface every edge lies on exactly two",
                         edge_name(b, e, eb, sizeof eb));
            goto out;
        }
        b->sface[2 * e + nside[e]] = bd->dr[i].face;
        b->sdart[2 * e + nside[e]] = bd->step[i];
        nside[e]++;
    }
    for (e = 0; e < ne; e++)
        if (nside[e] != 2) {
            cy_error_set(err,
                         "edge %s lies on only one face side (%s); on a closed surface every edge lies on exactly two",
                         edge_name(b, e, eb, sizeof eb), face_name(b->sface[2 * e], b->ncells, fb, sizeof fb));
            goto out;
        }
    for (e = 0; e < ne; e++) {
        int s0 = b->sdart[2 * e] == 2 * e ? 0 : 1;
        if (b->sdart[2 * e] == b->sdart[2 * e + 1])
            s0 = 0;
        b->dface[2 * e] = b->sface[2 * e + s0];
        b->dface[2 * e + 1] = b->sface[2 * e + 1 - s0];
    }
    rc = 0;
out:
    free(nside);
    return rc;
}

/* On the plane or an orientable surface: the face of each dart (b->dface;
 * no dart on two faces), the face permutation bd->phi, and the darts on no
 * given face, which make the outer face of a plane board given without one
 * (bd->is_outer); each side of an edge is its dart (b->sface, b->sdart).
 * 0, or -1 with a message. */
static int sides_oriented(cy_board *b, build *bd, cy_error *err)
{
    char fb[32], fb2[32], eb[2 * CY_MAX_LABEL + 32];
    const dartrec *dr = bd->dr;
    int nd = 2 * b->ne;
    for (size_t i = 0; i < bd->k; i++) {
        int dd = bd->step[i], e = cy_dart_edge(dd);
        if (b->dface[dd] >= 0)
            return cy_error_set(err,
                                "edge %s is walked from %s to %s by both %s and %s; every edge must lie on two face sides in opposite directions (list all cells the same way round)",
                                edge_name(b, e, eb, sizeof eb), b->label[dr[i].u], b->label[dr[i].v],
                                face_name(b->dface[dd], b->ncells, fb, sizeof fb),
                                face_name(dr[i].face, b->ncells, fb2, sizeof fb2)),
                   -1;
        b->dface[dd] = dr[i].face;
    }
    for (int f = 0; f < bd->nfaces; f++)
        for (int i = bd->foff[f]; i < bd->foff[f + 1]; i++)
            bd->phi[bd->at[i]] = bd->at[i + 1 < bd->foff[f + 1] ? i + 1 : bd->foff[f]];
    for (int dd = 0; dd < nd; dd++)
        if (b->dface[dd] < 0) {
            if (bd->d->outer || b->surface) {
                int e = cy_dart_edge(dd);
                return cy_error_set(err, "edge %s lies on only one face side (%s); every edge must lie on two%s",
                                    edge_name(b, e, eb, sizeof eb),
                                    face_name(b->dface[cy_dart_rev(dd)], b->ncells, fb, sizeof fb),
                                    b->surface ? " (on a closed surface every face is a cell)" : ""),
                       -1;
            }
            bd->is_outer[dd] = 1;
            b->dface[dd] = b->ncells;
        }
    for (int dd = 0; dd < nd; dd++) {
        b->sface[dd] = b->dface[dd];
        b->sdart[dd] = dd;
    }
    return 0;
}

/* The darts leaving each vertex (b->vstart, b->vdarts), in dart order;
 * vertex_rotations puts them in rotation order. */
static void vertex_darts(cy_board *b)
{
    int nd = 2 * b->ne;
    b->vstart = cyi_xcalloc((size_t)b->nv + 1, sizeof(int));
    b->vdarts = cyi_xmalloc(sizeof(int) * (size_t)(nd ? nd : 1));
    for (int dd = 0; dd < nd; dd++)
        b->vstart[cy_tail(b, dd) + 1]++;
    for (int v = 0; v < b->nv; v++)
        b->vstart[v + 1] += b->vstart[v];
    int *fill = cyi_xmalloc(sizeof(int) * (size_t)b->nv);
    memcpy(fill, b->vstart, sizeof(int) * (size_t)b->nv);
    for (int dd = 0; dd < nd; dd++)
        b->vdarts[fill[cy_tail(b, dd)]++] = dd;
    free(fill);
}

/* The darts of each face (b->fstart, b->fdarts): the cells' as walked, then
 * the outer face's as given, or derived from the darts on no cell, or none
 * on a closed surface.  0, or -1 with a message. */
static int face_darts(cy_board *b, build *bd, cy_error *err)
{
    const cy_board_desc *d = bd->d;
    int nd = 2 * b->ne, *foff = bd->foff;
    b->fstart = cyi_xcalloc((size_t)b->ncells + 2, sizeof(int));
    b->fdarts = cyi_xmalloc(sizeof(int) * (size_t)(nd ? nd : 1));
    for (int f = 0; f < b->ncells; f++)
        b->fstart[f + 1] = b->fstart[f] + d->cell_len[f];
    memcpy(b->fdarts, bd->at, sizeof(int) * (size_t)foff[b->ncells]);
    if (b->surface) {
        b->fstart[b->ncells + 1] = b->fstart[b->ncells]; /* no outer face */
    } else if (d->outer) {
        memcpy(b->fdarts + foff[b->ncells], bd->at + foff[b->ncells], sizeof(int) * (size_t)d->outer_len);
        b->fstart[b->ncells + 1] = b->fstart[b->ncells] + d->outer_len;
    } else {
        int len = derive_outer(b, bd->phi, bd->is_outer, b->fdarts + foff[b->ncells], err);
        if (len < 0)
            return -1;
        b->fstart[b->ncells + 1] = b->fstart[b->ncells] + len;
    }
    return 0;
}

/* Puts the darts leaving each vertex in rotation order, sigma(d) =
 * phi(rev(d)), which must be one cycle at every vertex (every vertex on a
 * face).  0, or -1 with a message. */
static int vertex_rotations(cy_board *b, const int *phi, cy_error *err)
{
    int nd = 2 * b->ne;
    int *rot = cyi_xmalloc(sizeof(int) * (size_t)nd);
    for (int v = 0; v < b->nv; v++) {
        int s = b->vstart[v], deg = b->vstart[v + 1] - s;
        if (deg == 0) {
            cy_error_set(err, "vertex %s lies on no face (the board is not connected)", b->label[v]);
            free(rot);
            return -1;
        }
        int dd = b->vdarts[s], n = 0;
        do {
            rot[s + n++] = dd;
            dd = phi[cy_dart_rev(dd)];
        } while (dd != b->vdarts[s] && n < deg);
        if (dd != b->vdarts[s] || n != deg) {
            cy_error_set(err,
                         "the faces around vertex %s do not close up into one rotation, so they are not the faces of a %s",
                         b->label[v], b->surface ? "surface" : "plane drawing");
            free(rot);
            return -1;
        }
    }
    memcpy(b->vdarts, rot, sizeof(int) * (size_t)nd);
    free(rot);
    return 0;
}

/* Whether b is connected: 0, or -1 with a message naming a vertex no path
 * reaches from the first. */
static int connected_check(const cy_board *b, cy_error *err)
{
    int *stack = cyi_xmalloc(sizeof(int) * (size_t)b->nv);
    unsigned char *seen = cyi_xcalloc((size_t)b->nv, 1);
    int top = 0, count = 1;
    stack[top++] = 0;
    seen[0] = 1;
    while (top) {
        int v = stack[--top];
        for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
            int w = cy_head(b, b->vdarts[i]);
            if (!seen[w]) {
                seen[w] = 1;
                count++;
                stack[top++] = w;
            }
        }
    }
    int missing = -1;
    for (int v = 0; v < b->nv && missing < 0; v++)
        if (!seen[v])
            missing = v;
    free(stack);
    free(seen);
    if (count != b->nv)
        return cy_error_set(err, "the board is not connected (no path from vertex %s to vertex %s)", b->label[0],
                            b->label[missing]),
               -1;
    return 0;
}

/* Euler's formula for a connected graph on b's surface (the plane, or the
 * genus b says): 0, or -1 with a message. */
static int euler_check(const cy_board *b, cy_error *err)
{
    int nf = b->ncells + (b->surface ? 0 : 1);
    long chi = (long)b->nv - (long)b->ne + (long)nf;
    long want = !b->surface ? 2 : b->orientable ? 2 - 2L * b->genus : 2L - b->genus;
    if (chi == want)
        return 0;
    char where[96];
    if (!b->surface)
        snprintf(where, sizeof where, "a plane board");
    else if (b->orientable)
        snprintf(where, sizeof where, "a board on the orientable surface of genus %d", b->genus);
    else
        snprintf(where, sizeof where, "a board on the non-orientable surface with %d crosscap%s", b->genus,
                 b->genus == 1 ? "" : "s");
    cy_error_set(err,
                 "V - E + F = %d - %d + %d = %ld, but %s has %ld (faces are missing, or the faces are not those of %s)",
                 b->nv, b->ne, nf, chi, where, want, b->surface ? "that surface" : "a plane drawing");
    return -1;
}

/* b->cyclable: a cell with both sides of an edge can never cycle. */
static void mark_cyclable(cy_board *b)
{
    b->cyclable = cyi_xcalloc((size_t)(b->ncells ? b->ncells : 1), 1);
    for (int f = 0; f < b->ncells; f++)
        b->cyclable[f] = 1;
    for (int e = 0; e < b->ne; e++)
        if (b->sface[2 * e] == b->sface[2 * e + 1] && b->sface[2 * e] < b->ncells)
            b->cyclable[b->sface[2 * e]] = 0;
}

/* The steps, in order: the vertices and the surface as given, the darts of
 * the walks, the edges they make and their darts, the faces on each side,
 * the darts round each vertex and each face, then the checks that the faces
 * are those of a connected graph drawn on the surface. */
cy_board *cy_board_from_faces(const cy_board_desc *d, cy_error *err)
{
    if (d->nv < 1)
        return cy_error_set(err, "the board has no vertices"), NULL;
    if (d->nv > CY_MAX_VERTICES)
        return cy_error_set(err, "the board has %d vertices; at most %d are supported", d->nv, CY_MAX_VERTICES), NULL;
    if (d->ncells < 0)
        return cy_error_set(err, "negative number of cells"), NULL;

    cy_board *b = cyi_xcalloc(1, sizeof *b);
    b->nv = d->nv;
    b->ncells = d->ncells;
    /* the name is for display and comes from input: kept escaped */
    b->name = d->name ? cy_escape_dup(d->name, 0) : NULL;
    build bd = {.d = d, .nfaces = d->ncells + (d->outer ? 1 : 0), .named = d->cell_edges != NULL};
    if (take_vertices(b, d, err) < 0 || take_surface(b, d, err) < 0)
        goto fail;
    bd.twisted_ok = b->surface && !b->orientable;
    if (collect_darts(b, &bd, err) < 0 || (b->ne = count_edges(b, &bd, err)) < 0) {
        b->ne = 0;
        goto fail;
    }
    if (number_darts(b, &bd, err) < 0 || (bd.named && parallel_check(b, err) < 0))
        goto fail;
    if ((bd.twisted_ok ? sides_twisted(b, &bd, err) : sides_oriented(b, &bd, err)) < 0)
        goto fail;
    vertex_darts(b);
    if (face_darts(b, &bd, err) < 0)
        goto fail;
    if (b->ne == 0) {
        cy_error_set(err, "the board has no edges");
        goto fail;
    }
    if ((bd.twisted_ok ? surface_check(b, err) : vertex_rotations(b, bd.phi, err)) < 0)
        goto fail;
    if (connected_check(b, err) < 0 || euler_check(b, err) < 0)
        goto fail;
    mark_cyclable(b);
    build_free(&bd);
    return b;

fail:
    build_free(&bd);
    cy_board_free(b);
    return NULL;
}

cy_board *cy_board_with_special(const cy_board *b, const unsigned char *special, cy_error *err)
{
    int nf = b->ncells + 1;
    int **walk = cyi_xmalloc(sizeof(int *) * (size_t)nf), **names = cyi_xmalloc(sizeof(int *) * (size_t)nf);
    int *len = cyi_xmalloc(sizeof(int) * (size_t)nf), *ends = cyi_xmalloc(sizeof(int) * 2 * (size_t)b->ne);
    /* the walks with their edges named, so that the edges keep their numbers
     * (and parallel edges stay apart) */
    for (int f = 0; f < nf; f++) {
        len[f] = cy_face_len(b, f);
        walk[f] = cyi_xmalloc(sizeof(int) * (size_t)(len[f] + 1));
        names[f] = cyi_xmalloc(sizeof(int) * (size_t)(len[f] + 1));
        for (int i = 0; i < len[f]; i++) {
            walk[f][i] = cy_tail(b, b->fdarts[b->fstart[f] + i]);
            names[f][i] = cy_dart_edge(b->fdarts[b->fstart[f] + i]);
        }
    }
    for (int e = 0; e < b->ne; e++) {
        ends[2 * e] = b->eu[e];
        ends[2 * e + 1] = b->ev[e];
    }
    double *xy = NULL;
    if (b->has_coords) {
        xy = cyi_xmalloc(sizeof(double) * 2 * (size_t)b->nv);
        for (int v = 0; v < b->nv; v++) {
            xy[2 * v] = b->x[v];
            xy[2 * v + 1] = b->y[v];
        }
    }
    cy_board_desc d = {
        .nv = b->nv,
        .labels = (const char *const *)b->label,
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
        .cell_edges = (const int *const *)names,
        .outer_edges = b->surface ? NULL : names[b->ncells],
        .edge_ends = ends,
    };
    cy_board *r = cy_board_from_faces(&d, err);
    free(xy);
    for (int f = 0; f < nf; f++) {
        free(walk[f]);
        free(names[f]);
    }
    free(walk);
    free(names);
    free(ends);
    free(len);
    return r;
}

const char *cy_board_surface(const cy_board *b, char *buf, size_t n)
{
    if (!b->surface)
        snprintf(buf, n, "the plane");
    else if (b->orientable)
        snprintf(buf, n,
                 b->genus == 0   ? "the sphere"
                 : b->genus == 1 ? "the torus"
                                 : "the orientable surface of genus %d",
                 b->genus);
    else
        snprintf(buf, n,
                 b->genus == 1   ? "the projective plane"
                 : b->genus == 2 ? "the Klein bottle"
                                 : "the non-orientable surface with %d crosscaps",
                 b->genus);
    return buf;
}

const char *cy_board_head(const cy_board *b, char *buf, size_t n)
{
    char where[80] = "";
    if (b->surface) {
        char s[64];
        snprintf(where, sizeof where, ", on %s", cy_board_surface(b, s, sizeof s));
    }
    snprintf(buf, n, "%s (%d %s, %d %s, %d %s%s)", b->name ? b->name : "?", b->nv, b->nv == 1 ? "vertex" : "vertices",
             b->ne, b->ne == 1 ? "edge" : "edges", b->ncells, b->ncells == 1 ? "cell" : "cells", where);
    return buf;
}

int cy_board_find(const cy_board *b, const char *label)
{
    for (int v = 0; v < b->nv; v++)
        if (strcmp(b->label[v], label) == 0)
            return v;
    return -1;
}

int cy_board_dart(const cy_board *b, int u, int v)
{
    if (u < 0 || u >= b->nv || v < 0 || v >= b->nv)
        return -1;
    for (int i = b->vstart[u]; i < b->vstart[u + 1]; i++)
        if (cy_head(b, b->vdarts[i]) == v)
            return b->vdarts[i];
    return -1;
}

int cy_board_edge_count(const cy_board *b, int u, int v)
{
    int n = 0;
    if (u < 0 || u >= b->nv || v < 0 || v >= b->nv)
        return 0;
    for (int i = b->vstart[u]; i < b->vstart[u + 1]; i++)
        n += cy_head(b, b->vdarts[i]) == v;
    return n;
}

int cy_board_edge_between(const cy_board *b, int u, int v)
{
    int d = cy_board_dart(b, u, v);
    return d < 0 ? -1 : cy_dart_edge(d);
}
