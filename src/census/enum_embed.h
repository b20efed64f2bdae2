/*
 * enum_embed.h - the plane embeddings of one connected graph (issue 11), and
 * the canonical code of an embedded graph with a chosen outer face.
 *
 * A map is a rotation system: rot[v][0..deg[v]) lists the neighbours of v in
 * one fixed turning sense.  Its faces are the orbits of the darts under
 * phi(v->w) = (w -> the neighbour after v in rot[w]); every map this module
 * hands out has exactly ne - n + 2 of them (it is plane).
 */
#ifndef CYCLES_CENSUS_ENUM_EMBED_H
#define CYCLES_CENSUS_ENUM_EMBED_H

/* The largest number of vertices handled (codes use one character per
 * number, so at most 61). */
#define EMB_MAXN 61

/* A connected simple graph: adj[v][0..deg[v]) are v's neighbours. */
typedef struct emb_graph {
    int n, ne;
    int deg[EMB_MAXN];
    int adj[EMB_MAXN][EMB_MAXN];
} emb_graph;

/* A map (see above) on the vertices of a graph. */
typedef struct emb_map {
    int n, ne;
    int deg[EMB_MAXN];
    int rot[EMB_MAXN][EMB_MAXN];
} emb_map;

/* Called with each embedding; a nonzero return stops the enumeration. */
typedef int (*emb_visit)(const emb_map *m, void *ctx);

/* Calls f with plane rotation systems of g such that every plane embedding of
 * g (up to homeomorphism of the sphere, reflections included) comes at least
 * once, itself or its mirror image; the same embedding may come several
 * times (as images under automorphisms of g, or mirrored), never a non-plane
 * one.  The calls depend only on g as
 * labelled.  Returns 0, f's nonzero value, or -1 when g is not connected or
 * has more than EMB_MAXN vertices. */
int emb_each_embedding(const emb_graph *g, emb_visit f, void *ctx);

/* The faces of m: face[dart] for each dart (v, i), numbered off[v] + i where
 * off[v] = deg[0] + ... + deg[v-1], faces numbered 0.. in the order of their
 * least dart; fills off (n + 1 entries) and returns the number of faces. */
int emb_faces(const emb_map *m, int *off, int *face);

/* The canonical code of m with face 'outer' (numbered as emb_faces does) as
 * the outer face: the least breadth-first code over the darts of that face
 * and both turning senses (plantri's way), written as one character per
 * number after the prefix 'p', NUL-terminated.  out needs
 * EMB_CODE_LEN(n, ne) bytes.  Two (map, outer face) pairs get the same code
 * exactly when a homeomorphism of the plane (possibly reversing it) maps one
 * onto the other, outer face onto outer face. */
#define EMB_CODE_LEN(n, ne) ((size_t)(n) + 2 * (size_t)(ne) + 2)
void emb_code(const emb_map *m, const int *off, const int *face, int outer, char *out);

#endif
