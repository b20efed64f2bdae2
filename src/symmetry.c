/*
 * symmetry.c - automorphisms of a board, board isomorphism, and the
 * classification of an involution's vertices, edges and cells (Alvarado et al. 2021,
 * section 5).
 *
 * The group comes from nauty.  A board is turned into its flag graph: a flag
 * is a dart together with one of its ends, i.e. a (vertex, edge, face)
 * corner; flag 2d+0 lies at the tail of dart d, 2d+1 at its head, both in the
 * face of d.  Three fixed-point-free involutions join the flags: r0 changes
 * the vertex (2d <-> 2d+1), r1 the edge within the face ((d, head) <->
 * (next(d), tail)), r2 the face across the edge ((d, tail) <-> (rev d,
 * head)).  Each pair becomes a node of its own colour joined to its two
 * flags, and flags are coloured by whether their vertex is special and their
 * face is the outer face.  The colour-preserving automorphisms of this graph
 * are exactly the automorphisms of the board as a map (rotations and
 * reflections alike), and they act freely on the flags, so the group has at
 * most 4E elements and is enumerated from nauty's generators by closure.
 * Every element is then checked against the faces directly.
 *
 * Isomorphism is tested independently, by extending a map of one dart along
 * the face successor and the edge reversal (O(E^2)).
 */
#include "internal.h"

#include <nausparse.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ face links */

/* next[d]: the dart after d on its face; prev[d]: the one before. */
typedef struct links {
    int *next, *prev;
} links;

/* Fills the face successor and predecessor of every dart of b. */
static void links_init(const cy_board *b, links *l)
{
    int nd = 2 * b->ne;
    l->next = cyi_xmalloc(sizeof(int) * (size_t)nd);
    l->prev = cyi_xmalloc(sizeof(int) * (size_t)nd);
    for (int f = 0; f <= b->ncells; f++) {
        int s = b->fstart[f], e = b->fstart[f + 1];
        for (int i = s; i < e; i++) {
            int d = b->fdarts[i], n = b->fdarts[i + 1 < e ? i + 1 : s];
            l->next[d] = n;
            l->prev[n] = d;
        }
    }
}

/* Releases the arrays of l. */
static void links_free(links *l)
{
    free(l->next);
    free(l->prev);
}

/* ------------------------------------------------------- direct checking */

/* Whether the dart map dmap (with vmap, the vertex map it induces) is an
 * automorphism of b of the given kind (reflection or not), checked against
 * the edges, special vertices and face walks; on success emap and fmap (if
 * not NULL) get the induced maps. */
static int check_darts(const cy_board *b, const links *l, const int *vmap, const int *dmap, int reflection, int *emap,
                       int *fmap)
{
    unsigned char *hit = cyi_xcalloc((size_t)b->nv, 1);
    int ok = 1;
    for (int v = 0; v < b->nv && ok; v++) {
        if (vmap[v] < 0 || vmap[v] >= b->nv || hit[vmap[v]] || b->special[v] != b->special[vmap[v]] ||
            cy_degree(b, v) != cy_degree(b, vmap[v]))
            ok = 0;
        else
            hit[vmap[v]] = 1;
    }
    free(hit);
    /* a permutation of the darts, keeping edges (reversal) and ends */
    unsigned char *dhit = cyi_xcalloc((size_t)(2 * b->ne) + 1, 1);
    for (int d = 0; d < 2 * b->ne && ok; d++) {
        int x = dmap[d];
        if (x < 0 || x >= 2 * b->ne || dhit[x] || dmap[cy_dart_rev(d)] != cy_dart_rev(x) ||
            cy_tail(b, x) != vmap[cy_tail(b, d)] || cy_head(b, x) != vmap[cy_head(b, d)])
            ok = 0;
        else
            dhit[x] = 1;
    }
    free(dhit);
    /* a rotation maps each face walk forwards onto a face walk, a reflection
     * backwards; the outer face goes to the outer face */
    if (ok && fmap)
        fmap[b->ncells] = b->ncells; /* the outer face, empty on a closed surface */
    for (int f = 0; f < b->ncells + (b->surface ? 0 : 1) && ok; f++) {
        int first = b->fdarts[b->fstart[f]];
        int img = reflection ? cy_dart_rev(dmap[first]) : dmap[first];
        int g = b->dface[img];
        if ((f == b->ncells) != (g == b->ncells) || cy_face_len(b, f) != cy_face_len(b, g)) {
            ok = 0;
            break;
        }
        for (int i = b->fstart[f]; i < b->fstart[f + 1] && ok; i++) {
            int d = b->fdarts[i], n = l->next[d];
            if (reflection)
                ok = b->dface[cy_dart_rev(dmap[d])] == g && l->next[cy_dart_rev(dmap[n])] == cy_dart_rev(dmap[d]);
            else
                ok = b->dface[dmap[d]] == g && l->next[dmap[d]] == dmap[n];
        }
        if (ok && fmap)
            fmap[f] = g;
    }
    if (ok && emap)
        for (int e = 0; e < b->ne; e++)
            emap[e] = cy_dart_edge(dmap[2 * e]);
    return ok;
}

/* Whether vmap is an automorphism of b of the given kind, on a board
 * without parallel edges (where the vertex map says where each dart goes);
 * fills emap, fmap and dmap (if not NULL) as check_darts does. */
static int check_automorphism(const cy_board *b, const links *l, const int *vmap, int reflection, int *emap, int *fmap,
                              int *dmap_out)
{
    int ok = 1;
    for (int v = 0; v < b->nv && ok; v++)
        ok = vmap[v] >= 0 && vmap[v] < b->nv;
    int *dmap = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    for (int d = 0; d < 2 * b->ne && ok; d++) {
        dmap[d] = cy_board_dart(b, vmap[cy_tail(b, d)], vmap[cy_head(b, d)]);
        if (dmap[d] < 0)
            ok = 0;
    }
    ok = ok && check_darts(b, l, vmap, dmap, reflection, emap, fmap);
    if (ok && dmap_out)
        memcpy(dmap_out, dmap, sizeof(int) * (size_t)(2 * b->ne));
    free(dmap);
    return ok;
}

/* ------------------------------------------------------------- nauty part */

/* The generators nauty reports, restricted to the flags. */
typedef struct gens {
    int nflags, n, cap;
    int **perm;
} gens;

static _Thread_local gens *collecting;

/* nauty's callback: keeps the flag part of each generator. */
static void take_generator(int count, int *perm, int *orbits, int numorbits, int stabvertex, int n)
{
    (void)count;
    (void)orbits;
    (void)numorbits;
    (void)stabvertex;
    (void)n;
    gens *g = collecting;
    if (g->n == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 16;
        g->perm = cyi_xrealloc(g->perm, sizeof(int *) * (size_t)g->cap);
    }
    g->perm[g->n] = cyi_xmalloc(sizeof(int) * (size_t)g->nflags);
    memcpy(g->perm[g->n], perm, sizeof(int) * (size_t)g->nflags);
    g->n++;
}

/* The vertex of flag x. */
static inline int flag_vertex(const cy_board *b, int x)
{
    return (x & 1) ? cy_head(b, x >> 1) : cy_tail(b, x >> 1);
}

/* Collects nauty's generators of the colour-preserving automorphisms of the
 * flag graph of b (see the comment at the top) into g. */
static void flag_generators(const cy_board *b, const links *l, gens *g)
{
    int E = b->ne, F = 4 * E, n = 10 * E;
    int r0 = F, r1 = F + 2 * E, r2 = F + 4 * E;
    SG_DECL(sg);
    SG_ALLOC(sg, (size_t)n, (size_t)(24 * E), "flag graph");
    sg.nv = n;
    sg.nde = (size_t)(24 * E);
    size_t pos = 0;
    for (int x = 0; x < F; x++) {
        int d = x >> 1, end = x & 1;
        sg.v[x] = pos;
        sg.d[x] = 3;
        sg.e[pos++] = r0 + d;
        sg.e[pos++] = r1 + (end ? d : l->prev[d]);
        sg.e[pos++] = r2 + (end ? cy_dart_rev(d) : d);
    }
    for (int d = 0; d < 2 * E; d++) {
        /* r0: (d,0)-(d,1); r1: (d,1)-(next d,0); r2: (d,0)-(rev d,1) */
        int pairs[3][2] = {{2 * d, 2 * d + 1}, {2 * d + 1, 2 * l->next[d]}, {2 * d, 2 * cy_dart_rev(d) + 1}};
        int base[3] = {r0, r1, r2};
        for (int k = 0; k < 3; k++) {
            int node = base[k] + d;
            sg.v[node] = pos;
            sg.d[node] = 2;
            sg.e[pos++] = pairs[k][0];
            sg.e[pos++] = pairs[k][1];
        }
    }
    /* colour classes: flags by (special vertex, outer face), then r0, r1, r2 */
    int *lab = cyi_xmalloc(sizeof(int) * (size_t)n), *ptn = cyi_xmalloc(sizeof(int) * (size_t)n);
    int *orbits = cyi_xmalloc(sizeof(int) * (size_t)n);
    int k = 0;
    for (int c = 0; c < 7; c++) {
        int start = k;
        for (int x = 0; x < n; x++) {
            int cls;
            if (x < F)
                cls = 2 * (b->special[flag_vertex(b, x)] != 0) + (b->dface[x >> 1] == b->ncells);
            else
                cls = 4 + (x - F) / (2 * E);
            if (cls == c) {
                lab[k] = x;
                ptn[k++] = 1;
            }
        }
        if (k > start)
            ptn[k - 1] = 0;
    }
    DEFAULTOPTIONS_SPARSEGRAPH(options);
    options.defaultptn = FALSE;
    options.userautomproc = take_generator;
    statsblk stats;
    g->nflags = F;
    collecting = g;
    sparsenauty(&sg, lab, ptn, orbits, &options, &stats, NULL);
    collecting = NULL;
    free(lab);
    free(ptn);
    free(orbits);
    SG_FREE(sg);
}

/* ---------------------------------------------------------------- group */

/* The number of vertices and of darts, for cmp_aut and cmp_dmap. */
static _Thread_local int nv_for_sort, nd_for_sort;

/* Orders automorphisms: rotations (the identity first), then reflections;
 * by order; by vertex map. */
static int cmp_aut(const void *pa, const void *pb)
{
    const cy_automorphism *a = pa, *b = pb;
    if (a->reflection != b->reflection)
        return a->reflection - b->reflection;
    if (a->order != b->order)
        return a->order - b->order;
    int c = memcmp(a->vmap, b->vmap, sizeof(int) * (size_t)nv_for_sort);
    if (c == 0)
        c = memcmp(a->dmap, b->dmap, sizeof(int) * (size_t)nd_for_sort);
    return c < 0 ? -1 : c > 0;
}

/* The order of the vertex permutation p (1 for the identity). */
static int perm_order(const int *p, int nv)
{
    int order = 1;
    unsigned char *seen = cyi_xcalloc((size_t)nv, 1);
    for (int v = 0; v < nv; v++) {
        if (seen[v])
            continue;
        int len = 0;
        for (int w = v; !seen[w]; w = p[w]) {
            seen[w] = 1;
            len++;
        }
        int a = order, c = len;
        while (c) {
            int t = a % c;
            a = c;
            c = t;
        }
        order = order / a * len;
    }
    free(seen);
    return order;
}

/* Rebuilds into perm the automorphism of the flag graph that takes flag 0
 * to flag x, following r0, r1, r2 (an automorphism commutes with them);
 * 0 if x is the image of no automorphism. */
static int flag_extend(const cy_board *b, const links *l, int x, int *perm, int *queue)
{
    int F = 4 * b->ne, head = 0, tail = 0;
    for (int y = 0; y < F; y++)
        perm[y] = -1;
    perm[0] = x;
    queue[tail++] = 0;
    while (head < tail) {
        int y = queue[head++], d = y >> 1, gy = perm[y], gd = gy >> 1;
        int from[3] = {y ^ 1, (y & 1) ? 2 * l->next[d] : 2 * l->prev[d] + 1, 2 * cy_dart_rev(d) + !(y & 1)};
        int to[3] = {gy ^ 1, (gy & 1) ? 2 * l->next[gd] : 2 * l->prev[gd] + 1, 2 * cy_dart_rev(gd) + !(gy & 1)};
        for (int i = 0; i < 3; i++) {
            if (perm[from[i]] < 0) {
                perm[from[i]] = to[i];
                queue[tail++] = from[i];
            } else if (perm[from[i]] != to[i])
                return 0;
        }
    }
    return tail == F;
}

/* Orders automorphisms by dart map, rotations first (to drop duplicates). */
static int cmp_dmap(const void *pa, const void *pb)
{
    const cy_automorphism *a = pa, *b = pb;
    int c = memcmp(a->dmap, b->dmap, sizeof(int) * (size_t)nd_for_sort);
    return c ? c : a->reflection - b->reflection;
}

/* The order of the dart permutation p of nd darts. */
static int dart_order(const int *p, int nd)
{
    return perm_order(p, nd);
}

/* A new element of s with its maps allocated for b. */
static cy_automorphism *aut_add(cy_symmetry *s, const cy_board *b)
{
    cy_automorphism *a = &s->aut[s->n++];
    a->vmap = cyi_xmalloc(sizeof(int) * (size_t)b->nv);
    a->emap = cyi_xmalloc(sizeof(int) * (size_t)(b->ne + 1));
    a->fmap = cyi_xmalloc(sizeof(int) * (size_t)(b->ncells + 1));
    a->dmap = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    return a;
}

/* Frees the maps of a. */
static void aut_free(cy_automorphism *a)
{
    free(a->vmap);
    free(a->emap);
    free(a->fmap);
    free(a->dmap);
}

/* The group of b as the distinct dart maps of its map automorphisms, each
 * checked against the faces; NULL with a message on an internal failure. */
cy_symmetry *cy_symmetry_new(const cy_board *b, cy_error *err)
{
    if (b->ne > 50000)
        return cy_error_set(err, "the board has %d edges; symmetry handles at most 50000", b->ne), NULL;
    if (!b->orientable) {
        /* the flag graph needs each dart on one face: on a non-orientable
         * surface only the identity is given (a subgroup, which is all the
         * engines need; `cycles symmetry` says so) */
        cy_symmetry *s = cyi_xcalloc(1, sizeof *s);
        s->aut = cyi_xcalloc(1, sizeof(cy_automorphism));
        cy_automorphism *a = aut_add(s, b);
        for (int v = 0; v < b->nv; v++)
            a->vmap[v] = v;
        for (int e = 0; e < b->ne; e++)
            a->emap[e] = e;
        for (int f = 0; f <= b->ncells; f++)
            a->fmap[f] = f;
        for (int d = 0; d < 2 * b->ne; d++)
            a->dmap[d] = d;
        a->order = 1;
        return s;
    }
    links l;
    links_init(b, &l);
    gens g = {0, 0, 0, NULL};
    flag_generators(b, &l, &g);
    int F = 4 * b->ne;
    /* the group acts freely on the flags, so its elements match the orbit
     * of flag 0 under the generators; each is rebuilt from its image */
    int *orbit = cyi_xmalloc(sizeof(int) * (size_t)F);
    unsigned char *in_orbit = cyi_xcalloc((size_t)F, 1);
    int count = 1;
    orbit[0] = 0;
    in_orbit[0] = 1;
    for (int i = 0; i < count; i++)
        for (int k = 0; k < g.n; k++) {
            int y = g.perm[k][orbit[i]];
            if (!in_orbit[y]) {
                in_orbit[y] = 1;
                orbit[count++] = y;
            }
        }
    cy_symmetry *s = cyi_xcalloc(1, sizeof *s);
    s->aut = cyi_xcalloc((size_t)count, sizeof(cy_automorphism));
    int *perm = cyi_xmalloc(sizeof(int) * (size_t)F), *queue = cyi_xmalloc(sizeof(int) * (size_t)F);
    int bad = 0;
    for (int i = 0; i < count && !bad; i++) {
        cy_automorphism *a = aut_add(s, b);
        if (!flag_extend(b, &l, orbit[i], perm, queue)) {
            bad = 1;
            break;
        }
        for (int x = 0; x < F; x++)
            a->vmap[flag_vertex(b, x)] = flag_vertex(b, perm[x]);
        /* dart d leaves its tail, flag 2d: its image leaves the image of
         * that flag's vertex along the image flag's edge */
        for (int d = 0; d < 2 * b->ne; d++) {
            int y = perm[2 * d];
            a->dmap[d] = (y & 1) ? cy_dart_rev(y >> 1) : y >> 1;
        }
        int refl = orbit[i] & 1;
        /* a path's reflection in its own line moves no dart, so a path's
         * maps are rotations and reflections at once: call them rotations */
        if (refl && check_darts(b, &l, a->vmap, a->dmap, 0, NULL, NULL))
            refl = 0;
        a->reflection = refl;
        if (!check_darts(b, &l, a->vmap, a->dmap, refl, a->emap, a->fmap))
            bad = 1;
        a->order = dart_order(a->dmap, 2 * b->ne);
    }
    free(perm);
    free(queue);
    free(orbit);
    free(in_orbit);
    for (int k = 0; k < g.n; k++)
        free(g.perm[k]);
    free(g.perm);
    links_free(&l);
    if (bad) {
        cy_symmetry_free(s);
        return cy_error_set(err, "internal error: an automorphism from nauty does not map the faces onto faces"), NULL;
    }
    /* one element per dart map (on a simple board, per vertex map) */
    nv_for_sort = b->nv;
    nd_for_sort = 2 * b->ne;
    qsort(s->aut, (size_t)s->n, sizeof(cy_automorphism), cmp_dmap);
    int k = 0;
    for (int i = 0; i < s->n; i++) {
        if (k > 0 && !memcmp(s->aut[k - 1].dmap, s->aut[i].dmap, sizeof(int) * (size_t)(2 * b->ne))) {
            aut_free(&s->aut[i]);
            continue;
        }
        s->aut[k++] = s->aut[i];
    }
    s->n = k;
    qsort(s->aut, (size_t)s->n, sizeof(cy_automorphism), cmp_aut);
    return s;
}

/* Frees s and everything it holds. */
void cy_symmetry_free(cy_symmetry *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->n; i++)
        aut_free(&s->aut[i]);
    free(s->aut);
    free(s);
}

/* ---------------------------------------------------------- isomorphism */

/* Tries to extend dart a0 -> t0 (the image dart lying in the image face) to
 * an isomorphism from a to b, reversing orientation when refl; on success
 * fills vmap (if not NULL) and returns 1. */
static int extend(const cy_board *a, const links *la, const cy_board *b, const links *lb, int t0, int refl, int *dm,
                  int *queue, unsigned char *used, int *vm, int *vmap)
{
    int nd = 2 * a->ne;
    for (int d = 0; d < nd; d++) {
        dm[d] = -1;
        used[d] = 0;
    }
    int head = 0, tail = 0;
    dm[0] = t0;
    used[t0] = 1;
    queue[tail++] = 0;
    while (head < tail) {
        int d = queue[head++];
        int want[2] = {refl ? lb->prev[dm[d]] : lb->next[dm[d]], cy_dart_rev(dm[d])};
        int nb[2] = {la->next[d], cy_dart_rev(d)};
        for (int k = 0; k < 2; k++) {
            if (dm[nb[k]] < 0) {
                if (used[want[k]])
                    return 0;
                dm[nb[k]] = want[k];
                used[want[k]] = 1;
                queue[tail++] = nb[k];
            } else if (dm[nb[k]] != want[k])
                return 0;
        }
    }
    if (tail != nd)
        return 0;
    for (int v = 0; v < a->nv; v++)
        vm[v] = -1;
    for (int d = 0; d < nd; d++) {
        int img = refl ? cy_head(b, dm[d]) : cy_tail(b, dm[d]);
        int v = cy_tail(a, d);
        if (vm[v] >= 0 && vm[v] != img)
            return 0;
        vm[v] = img;
        if ((a->dface[d] == a->ncells) != (b->dface[dm[d]] == b->ncells))
            return 0;
    }
    for (int v = 0; v < a->nv; v++)
        if (vm[v] < 0 || (a->special[v] != 0) != (b->special[vm[v]] != 0))
            return 0;
    if (vmap)
        memcpy(vmap, vm, sizeof(int) * (size_t)a->nv);
    return 1;
}

/* Whether a and b are isomorphic boards (see cycles.h); fills vmap. */
int cy_board_isomorphic(const cy_board *a, const cy_board *b, int *vmap)
{
    /* boards on different surfaces differ; on a non-orientable surface the
     * dart model below does not apply, and no isomorphism is claimed */
    if (a->surface != b->surface || a->orientable != b->orientable || a->genus != b->genus || !a->orientable)
        return 0;
    if (a->nv != b->nv || a->ne != b->ne || a->ncells != b->ncells ||
        cy_face_len(a, a->ncells) != cy_face_len(b, b->ncells))
        return 0;
    links la, lb;
    links_init(a, &la);
    links_init(b, &lb);
    int nd = 2 * a->ne;
    int *dm = cyi_xmalloc(sizeof(int) * (size_t)nd), *queue = cyi_xmalloc(sizeof(int) * (size_t)nd);
    int *vm = cyi_xmalloc(sizeof(int) * (size_t)a->nv);
    unsigned char *used = cyi_xmalloc((size_t)nd);
    int found = 0;
    int deg0 = cy_degree(a, cy_tail(a, 0)), head0 = cy_degree(a, cy_head(a, 0));
    int outer0 = a->dface[0] == a->ncells, len0 = cy_face_len(a, a->dface[0]);
    for (int t = 0; t < nd && !found; t++)
        for (int refl = 0; refl < 2 && !found; refl++) {
            /* cheap filters: degrees of the ends and the face of the image */
            int tv = refl ? cy_head(b, t) : cy_tail(b, t), hv = refl ? cy_tail(b, t) : cy_head(b, t);
            if (cy_degree(b, tv) != deg0 || cy_degree(b, hv) != head0 || (b->dface[t] == b->ncells) != outer0 ||
                cy_face_len(b, b->dface[t]) != len0)
                continue;
            found = extend(a, &la, b, &lb, t, refl, dm, queue, used, vm, vmap);
        }
    free(dm);
    free(queue);
    free(vm);
    free(used);
    links_free(&la);
    links_free(&lb);
    return found;
}

/* ----------------------------------------------------------- involutions */

/* Fills inv from an involution of b given by its vertex, edge, face and
 * dart maps (emap, fmap are taken over) and its kind; 0. */
static int analyse(const cy_board *b, const int *vmap, int *emap, int *fmap, const int *dmap, int kind,
                   cy_involution *inv);

/* Checks the common conditions on an involution's vertex map; 0 or -1. */
static int involution_ok(const cy_board *b, const int *vmap, cy_error *err)
{
    for (int v = 0; v < b->nv; v++)
        if (vmap[v] < 0 || vmap[v] >= b->nv || vmap[vmap[v]] != v)
            return cy_error_set(err, "the vertex map is not an involution"), -1;
    if (!b->orientable)
        return cy_error_set(err, "involutions of boards on a non-orientable surface are not analysed"), -1;
    return 0;
}

int cy_involution_analyse_aut(const cy_board *b, const cy_automorphism *a, cy_involution *inv, cy_error *err)
{
    memset(inv, 0, sizeof *inv);
    if (involution_ok(b, a->vmap, err) < 0)
        return -1;
    int identity = 1;
    for (int d = 0; d < 2 * b->ne; d++) {
        if (a->dmap[a->dmap[d]] != d)
            return cy_error_set(err, "the map is not an involution"), -1;
        identity &= a->dmap[d] == d;
    }
    if (identity)
        return cy_error_set(err, "the identity is not an involution"), -1;
    int *emap = cyi_xmalloc(sizeof(int) * (size_t)(b->ne + 1)),
        *fmap = cyi_xmalloc(sizeof(int) * (size_t)(b->ncells + 1));
    memcpy(emap, a->emap, sizeof(int) * (size_t)b->ne);
    memcpy(fmap, a->fmap, sizeof(int) * (size_t)(b->ncells + 1));
    return analyse(b, a->vmap, emap, fmap, a->dmap, a->reflection, inv);
}

/* Classifies the vertices, edges and cells of the involution vmap and says
 * what Theorem 6 of Alvarado et al. 2021 predicts; -1 if vmap is no involution of b. */
int cy_involution_analyse(const cy_board *b, const int *vmap, cy_involution *inv, cy_error *err)
{
    memset(inv, 0, sizeof *inv);
    if (involution_ok(b, vmap, err) < 0)
        return -1;
    int identity = 1;
    for (int v = 0; v < b->nv; v++)
        identity &= vmap[v] == v;
    if (identity)
        return cy_error_set(err, "the identity is not an involution"), -1;
    if (b->multi)
        return cy_error_set(err,
                            "involutions of boards with parallel edges are not analysed from a vertex map (it does not say where each edge goes)"),
               -1;
    links l;
    links_init(b, &l);
    int *emap = cyi_xmalloc(sizeof(int) * (size_t)b->ne);
    int *fmap = cyi_xmalloc(sizeof(int) * (size_t)(b->ncells + 1));
    int *dmap = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    int kind = -1;
    for (int refl = 0; refl < 2 && kind < 0; refl++)
        if (check_automorphism(b, &l, vmap, refl, emap, fmap, dmap))
            kind = refl;
    links_free(&l);
    if (kind < 0) {
        free(fmap);
        free(emap);
        free(dmap);
        return cy_error_set(err,
                            "the vertex map is not an automorphism of the board (edges, special vertices, cells and the outer face must be kept)"),
               -1;
    }
    int rc = analyse(b, vmap, emap, fmap, dmap, kind, inv);
    free(dmap);
    return rc;
}

static int analyse(const cy_board *b, const int *vmap, int *emap, int *fmap, const int *dmap, int kind, cy_involution *inv)
{
    inv->emap = emap;
    inv->reflection = kind;
    inv->vmap = cyi_xmalloc(sizeof(int) * (size_t)b->nv);
    memcpy(inv->vmap, vmap, sizeof(int) * (size_t)b->nv);
    inv->cmap = fmap;
    inv->edge = cyi_xcalloc((size_t)b->ne, 1);
    inv->cell = cyi_xcalloc((size_t)(b->ncells ? b->ncells : 1), 1);
    for (int v = 0; v < b->nv; v++)
        inv->fixed_vertices += vmap[v] == v;
    int fixed_ends_edges = 0;
    for (int e = 0; e < b->ne; e++) {
        if (inv->emap[e] != e)
            continue;
        inv->fixed_edges++;
        if (dmap[2 * e] == 2 * e) { /* its darts fixed: its ends (on a loop, its way) */
            inv->edge[e] = CY_INV_EDGE_FIXED;
            fixed_ends_edges++;
        } else {
            inv->edge[e] = CY_INV_EDGE_SWAPPED;
            inv->swapped_edges++;
        }
    }
    unsigned char *in = cyi_xcalloc((size_t)b->ne, 1);
    for (int c = 0; c < b->ncells; c++) {
        for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++)
            in[cy_dart_edge(b->fdarts[i])] = 1;
        int partner_in = 0;
        for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++)
            partner_in |= in[inv->emap[cy_dart_edge(b->fdarts[i])]];
        for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++)
            in[cy_dart_edge(b->fdarts[i])] = 0;
        if (fmap[c] == c) {
            inv->cell[c] = CY_INV_SELF;
            inv->fixed_cells++;
        } else if (partner_in) {
            inv->cell[c] = CY_INV_PART;
            inv->part_cells++;
        } else {
            inv->cell[c] = CY_INV_NOWHERE;
            inv->nowhere_cells++;
        }
    }
    free(in);
    /* Theorem 6: every cell self- or nowhere-involutive; then no
     * self-involutive edge: player 2; exactly one, its ends exchanged: player 1 */
    if (b->surface)
        snprintf(inv->why, sizeof inv->why,
                 "Theorem 6 does not apply: it is proved for plane boards, and this board lies on a closed surface");
    else if (inv->part_cells)
        snprintf(inv->why, sizeof inv->why,
                 "Theorem 6 does not apply: %d cell%s part-involutive (an edge and its partner on one cell that is not its own partner)",
                 inv->part_cells, inv->part_cells == 1 ? " is" : "s are");
    else if (inv->fixed_edges == 0) {
        inv->thm6 = 2;
        snprintf(inv->why, sizeof inv->why,
                 "Theorem 6: every cell is self- or nowhere-involutive and no edge is self-involutive, so player 2 wins by mirror-reverse");
    } else if (inv->fixed_edges == 1 && inv->swapped_edges == 1) {
        inv->thm6 = 1;
        snprintf(inv->why, sizeof inv->why,
                 "Theorem 6: every cell is self- or nowhere-involutive and exactly one edge is self-involutive, its ends exchanged, so player 1 wins by marking it and then mirror-reverse");
    } else if (inv->fixed_edges == 1)
        snprintf(inv->why, sizeof inv->why,
                 "Theorem 6 does not apply: the one self-involutive edge has its ends fixed (it lies along the axis)");
    else
        snprintf(inv->why, sizeof inv->why, "Theorem 6 does not apply: %d edges are self-involutive (%d with ends fixed)",
                 inv->fixed_edges, fixed_ends_edges);
    return 0;
}

/* Frees the arrays of inv. */
void cy_involution_free(cy_involution *inv)
{
    free(inv->vmap);
    free(inv->emap);
    free(inv->cmap);
    free(inv->edge);
    free(inv->cell);
    memset(inv, 0, sizeof *inv);
}

int cy_involution_parse(const cy_board *b, const char *text, int *vmap, cy_error *err)
{
    for (int v = 0; v < b->nv; v++)
        vmap[v] = v;
    char *copy = cyi_xstrdup(text);
    int rc = 0;
    for (char *tok = strtok(copy, ", \t"); tok && !rc; tok = strtok(NULL, ", \t")) {
        char *colon = strchr(tok, ':');
        if (!colon) {
            rc = cy_error_set(err, "\"%.40s\" is not a pair U:V", tok);
            break;
        }
        *colon = 0;
        int u = cy_board_find(b, tok), v = cy_board_find(b, colon + 1);
        if (u < 0 || v < 0)
            rc = cy_error_set(err, "the board has no vertex %.40s", u < 0 ? tok : colon + 1);
        else if (vmap[u] != u || vmap[v] != v)
            rc = cy_error_set(err, "vertex %.40s is paired twice", vmap[u] != u ? tok : colon + 1);
        else {
            vmap[u] = v;
            vmap[v] = u;
        }
    }
    free(copy);
    return rc;
}
