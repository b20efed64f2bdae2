/*
 * enumerate.h - the boards of the census (issue 11), each once.
 *
 * A census board is a connected simple plane graph with at least one edge,
 * its cells every face but the outer one, up to homeomorphism of the plane:
 * relabelling, rotation and reflection identify boards, but which face is
 * outer matters (the open and the closed butterfly are two boards).
 * Degree-1 vertices are ordinary.  Separately, the trees whose
 * leaves are special (Fokkink and Zandee 2022, Conjecture 1).
 */
#ifndef CYCLES_CENSUS_ENUMERATE_H
#define CYCLES_CENSUS_ENUMERATE_H

#include "cycles.h"

/* One board handed to the visitor; everything is owned by the enumerator and
 * valid only during the call. */
typedef struct census_item {
    const cy_board *board; /* vertices labelled "1".."nv", no coordinates; for
                              trees the leaves are special */
    const char *graph6;    /* the underlying graph in graph6 (no header, no newline),
                              canonical (nauty's labelling, which is also the
                              board's: vertex v is labelled v+1) */
    const char *code;      /* canonical code of the embedded board with its outer
                              face: two items share it exactly when they are the
                              same board ('p' and a breadth-first code for plane
                              boards, 't' and the graph6 for trees) */
    int part;              /* the part (0..parts-1) the item belongs to */
} census_item;

/* Called for each board; a nonzero return stops the enumeration and is
 * returned by census_enumerate. */
typedef int (*census_visit)(const census_item *it, void *ctx);

typedef struct census_enum_opts {
    int edges; /* exactly this many edges (1 to 60) */
    int trees; /* 1: trees with special leaves instead of plane boards */
    int part;  /* this part, 0 <= part < parts ... */
    int parts; /* ... of parts disjoint ones covering everything; 0 or 1: all */
} census_enum_opts;

/* Visits every board of o->edges edges in part o->part of o->parts, each
 * exactly once, in an order that depends only on the options (so that two
 * runs, or a run in parts, produce the same boards in the same order).
 * Returns 0, the visitor's nonzero value, or -1 with a message in err. */
int census_enumerate(const census_enum_opts *o, census_visit f, void *ctx, cy_error *err);

/* The most edges a census board can have. */
#define CY_CENSUS_MAX_EDGES 60

/* Whether a connected simple planar graph of `edges` edges can have n
 * vertices (n - 1 <= edges <= 3n - 6, or the single edge). */
int census_vertices_possible(int edges, int n);

/* Calls fn with each connected planar graph of `edges` edges and n vertices,
 * once up to isomorphism, as a graph6 line in geng's labelling (fn may
 * change the line), in geng's order.  With seconds > 0 the tools are stopped
 * once that many seconds have passed, whether or not they are writing, and
 * *late is set (it is 0 otherwise).  Returns 0 (also when stopped late), fn's
 * nonzero return, or -1 with a message (a nauty tool missing or failing). */
int census_each_planar_graph(int edges, int n, int (*fn)(char *g6, void *ctx), void *ctx, double seconds, int *late,
                             cy_error *err);

/* Visits every board of the connected planar graph g6 (any labelling) once,
 * as census_enumerate does for that graph (codes and order alike). */
int census_graph_boards(const char *g6, census_visit f, void *ctx, cy_error *err);

/* The helpers the enumerators share (enumerate.c; the types are
 * enum_embed.h's). */
struct emb_graph;
struct emb_map;
/* Reads a graph6/sparse6 line into g in nauty's canonical labelling and its
 * canonical graph6 into g6 (g6size bytes); -1 when unusable. */
int census_canonical_graph(char *line, struct emb_graph *g, char *g6, size_t g6size);
/* Builds the board of map m with face 'outer' outer (faces as emb_faces
 * numbers them, nf of them), special vertices where special[v] (or none);
 * NULL with a message when the library refuses it. */
cy_board *census_map_board(const struct emb_map *m, const int *off, const int *face, int nf, int outer,
                           const unsigned char *special, cy_error *err);

/* The boards with exactly two cells and no degree-1 vertex (twocell.c):
 * every one of o->edges edges once, as census_enumerate hands out boards
 * (the same codes and graph6 as the census gives them; parts are every
 * parts-th board); o->trees is ignored. */
int census_twocell_enumerate(const census_enum_opts *o, census_visit f, void *ctx, cy_error *err);
/* How many such boards have `edges` edges, by the formula of twocell.c (a
 * sum over the three shapes, not the enumeration). */
long census_twocell_count(int edges);

#endif
