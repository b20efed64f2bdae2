/*
 * enumerate.c - the boards of the census (issue 11), each exactly once.
 *
 * Plane boards with E edges.  nauty-geng -c lists every connected graph with
 * E edges once up to isomorphism (one call per vertex count, from the least
 * a planar graph with E edges needs up to E + 1), nauty-planarg keeps the
 * planar ones, and geng's own res/mod splits the work into parts: part R of M
 * is geng's class R of M for every vertex count, so parts are disjoint and
 * cover everything.  nauty is run as two processes in a pipeline (spawned
 * directly, no shell): geng and planarg are not in the nauty library
 * (libnauty has neither geng's generator nor the planarity test), and their
 * exit statuses are checked so a failing tool is an error, not a short census.
 *
 * Each graph is put in nauty's canonical labelling (so its graph6 and the
 * board's vertex numbers depend only on the graph), then enum_embed.c lists
 * plane rotation systems of it covering every plane embedding (blocks of the
 * 2-core from ear decompositions, non-crossing merges at cut vertices, hanging
 * trees by their ordered shapes: no factorial blow-up at high-degree vertices).
 * For each rotation system and each face as the outer face, the canonical
 * code (least breadth-first code over the outer face's darts and both turning
 * senses, enum_embed.h) names the board up to homeomorphism of the plane.
 *
 * Why each board comes out exactly once: two boards with different graphs
 * differ (geng gives each graph once), so duplicates can only come from one
 * graph; for one graph every board comes out at least once (every embedding
 * and every face as outer), and a board is handed out only the first time its
 * code is seen for that graph, and equal codes mean the same board (both
 * ways).  The order is geng's order of graphs (vertex count first), and for
 * each graph the order in which enum_embed.c produces its embeddings: both
 * depend only on the options.
 *
 * Trees with special leaves (o->trees): nauty-gentreeg lists the trees with
 * E + 1 vertices once each (part R of M: every M-th from the R-th).  A tree has several plane
 * embeddings, but on a tree with no cells the game does not depend on the
 * embedding (a move is legal by the sink/source rule alone), so the tree
 * census counts each abstract tree once: its board is the tree with its
 * neighbours in increasing order around each vertex, one outer face, no
 * cells, leaves special; its code is 't' and its canonical graph6.
 */
#include "enumerate.h"
#include "util.h"
#include "enum_embed.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <gtools.h>

extern char **environ;

/* The most edges accepted (codes use one character per vertex number). */
#define ENUM_MAX_EDGES CY_CENSUS_MAX_EDGES
_Static_assert(ENUM_MAX_EDGES <= EMB_MAXN - 1, "codes use one character per vertex number");
/* Room for a graph6 string of up to EMB_MAXN vertices and its NUL. */
#define G6_MAX (2 + (EMB_MAXN * (EMB_MAXN - 1) / 2 + 5) / 6 + 1)

/* ------------------------------------------------------------ nauty tools */

/* A pipeline of one or two nauty tools whose output we read. */
typedef struct pipeline {
    pid_t pid[2];
    const char *name[2];
    int n;
    FILE *out;
} pipeline;

/* Spawns argv (argv[0] tried as given, then as alt) reading fd in (or
 * inheriting stdin when in < 0) and writing fd out. */
static int spawn_tool(char **argv, const char *alt, int in, int out, pid_t *pid, cy_error *err)
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    if (in >= 0)
        posix_spawn_file_actions_adddup2(&fa, in, 0);
    posix_spawn_file_actions_adddup2(&fa, out, 1);
    const char *name = argv[0];
    int rc = posix_spawnp(pid, name, &fa, NULL, argv, environ);
    if (rc == ENOENT && alt) {
        argv[0] = (char *)alt;
        rc = posix_spawnp(pid, alt, &fa, NULL, argv, environ);
        argv[0] = (char *)name;
    }
    posix_spawn_file_actions_destroy(&fa);
    if (rc == ENOENT)
        return cy_error_set(err, "%s not found (install the Debian package nauty)", name);
    if (rc != 0)
        return cy_error_set(err, "cannot run %s: %s", name, strerror(rc));
    return 0;
}

/* pipe() with both ends closed on exec (the tools get only their dup2'd ends). */
static int cloexec_pipe(int fd[2])
{
    if (pipe(fd) < 0)
        return -1;
    fcntl(fd[0], F_SETFD, FD_CLOEXEC);
    fcntl(fd[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

/* Starts a (| b) and opens the last one's output for reading. */
static int pipeline_open(pipeline *p, char **a, const char *aalt, char **b, const char *balt, cy_error *err)
{
    memset(p, 0, sizeof *p);
    int ab[2] = {-1, -1}, res[2];
    if (cloexec_pipe(res) < 0)
        return cy_error_set(err, "cannot make a pipe: %s", strerror(errno));
    if (b && cloexec_pipe(ab) < 0) {
        close(res[0]);
        close(res[1]);
        return cy_error_set(err, "cannot make a pipe: %s", strerror(errno));
    }
    int rc = spawn_tool(a, aalt, -1, b ? ab[1] : res[1], &p->pid[0], err);
    if (rc == 0) {
        p->name[p->n++] = a[0];
        if (b) {
            close(ab[1]);
            ab[1] = -1;
            rc = spawn_tool(b, balt, ab[0], res[1], &p->pid[1], err);
            if (rc == 0)
                p->name[p->n++] = b[0];
        }
    }
    if (ab[0] >= 0)
        close(ab[0]);
    if (ab[1] >= 0)
        close(ab[1]);
    close(res[1]);
    if (rc < 0) {
        close(res[0]);
        for (int i = 0; i < p->n; i++)
            waitpid(p->pid[i], NULL, 0);
        return -1;
    }
    p->out = fdopen(res[0], "r");
    if (!p->out) {
        close(res[0]);
        for (int i = 0; i < p->n; i++)
            waitpid(p->pid[i], NULL, 0);
        return cy_error_set(err, "cannot read from %s: %s", a[0], strerror(errno));
    }
    return 0;
}

/* Closes the pipeline and waits for its tools; when complete (the output was
 * read to the end) a tool that did not exit with status 0 is an error. */
static int pipeline_close(pipeline *p, int complete, cy_error *err)
{
    fclose(p->out);
    int rc = 0;
    for (int i = 0; i < p->n; i++) {
        int status = 0;
        while (waitpid(p->pid[i], &status, 0) < 0 && errno == EINTR)
            ;
        if (!complete || rc < 0)
            continue;
        if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
            rc = cy_error_set(err, "%s failed (exit status %d)", p->name[i], WEXITSTATUS(status));
        else if (WIFSIGNALED(status))
            rc = cy_error_set(err, "%s was killed by signal %d", p->name[i], WTERMSIG(status));
    }
    return rc;
}

/* ------------------------------------------------------------ graphs */

int census_canonical_graph(char *line, struct emb_graph *g, char *g6, size_t g6size)
{
    int n = graphsize(line);
    if (n < 1 || n > EMB_MAXN)
        return -1;
    int m = SETWORDSNEEDED(n);
    graph *gr = calloc((size_t)n * (size_t)m, sizeof(graph));
    graph *cg = calloc((size_t)n * (size_t)m, sizeof(graph));
    int lab[EMB_MAXN], ptn[EMB_MAXN], orbits[EMB_MAXN];
    if (!gr || !cg)
        abort();
    stringtograph(line, gr, m);
    static DEFAULTOPTIONS_GRAPH(options);
    optionblk opt = options;
    opt.getcanon = TRUE;
    statsblk stats;
    densenauty(gr, lab, ptn, orbits, &opt, &stats, m, n, cg);
    char *s = ntog6(cg, m, n);
    size_t len = strcspn(s, "\n");
    int rc = -1;
    if (len < g6size) {
        memcpy(g6, s, len);
        g6[len] = '\0';
        g->n = n;
        g->ne = 0;
        for (int v = 0; v < n; v++) {
            g->deg[v] = 0;
            set *row = GRAPHROW(cg, v, m);
            for (int w = 0; w < n; w++)
                if (w != v && ISELEMENT(row, w))
                    g->adj[v][g->deg[v]++] = w;
            g->ne += g->deg[v];
        }
        g->ne /= 2;
        rc = 0;
    }
    free(gr);
    free(cg);
    return rc;
}

/* ------------------------------------------------------------ code sets */

/* A set of code strings (open addressing), emptied per graph. */
typedef struct codeset {
    char **slot;
    size_t cap, n;
} codeset;

static uint64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* Adds s; returns 1 if it was new, 0 if already there. */
static int codeset_add(codeset *cs, const char *s)
{
    if (2 * (cs->n + 1) > cs->cap) {
        size_t ncap = cs->cap ? 2 * cs->cap : 64;
        char **ns = calloc(ncap, sizeof(char *));
        if (!ns)
            abort();
        for (size_t i = 0; i < cs->cap; i++)
            if (cs->slot[i]) {
                size_t j = hash_str(cs->slot[i]) & (ncap - 1);
                while (ns[j])
                    j = (j + 1) & (ncap - 1);
                ns[j] = cs->slot[i];
            }
        free(cs->slot);
        cs->slot = ns;
        cs->cap = ncap;
    }
    size_t j = hash_str(s) & (cs->cap - 1);
    while (cs->slot[j]) {
        if (strcmp(cs->slot[j], s) == 0)
            return 0;
        j = (j + 1) & (cs->cap - 1);
    }
    size_t len = strlen(s) + 1;
    cs->slot[j] = malloc(len);
    if (!cs->slot[j])
        abort();
    memcpy(cs->slot[j], s, len);
    cs->n++;
    return 1;
}

static void codeset_clear(codeset *cs)
{
    for (size_t i = 0; i < cs->cap; i++)
        free(cs->slot[i]);
    free(cs->slot);
    memset(cs, 0, sizeof *cs);
}

/* ------------------------------------------------------------ boards */

cy_board *census_map_board(const struct emb_map *m, const int *off, const int *face, int nf, int outer,
                           const unsigned char *special, cy_error *err)
{
    int nd = off[m->n];
    int *walk = malloc(sizeof(int) * (size_t)(nd ? nd : 1));
    int *wstart = malloc(sizeof(int) * (size_t)(nf + 1));
    int *wlen = calloc((size_t)nf, sizeof(int));
    const int **cells = malloc(sizeof(int *) * (size_t)nf);
    int *clen = malloc(sizeof(int) * (size_t)nf);
    if (!walk || !wstart || !wlen || !cells || !clen)
        abort();
    /* each face's walk of vertices from its least dart */
    int k = 0;
    unsigned char *done = calloc((size_t)(nd ? nd : 1), 1);
    if (!done)
        abort();
    for (int f = 0; f < nf; f++)
        wstart[f] = -1;
    for (int v0 = 0; v0 < m->n; v0++)
        for (int i0 = 0; i0 < m->deg[v0]; i0++) {
            int f = face[off[v0] + i0];
            if (wstart[f] >= 0)
                continue;
            wstart[f] = k;
            int v = v0, i = i0;
            while (!done[off[v] + i]) {
                done[off[v] + i] = 1;
                walk[k++] = v;
                wlen[f]++;
                int w = m->rot[v][i], j = 0;
                while (m->rot[w][j] != v)
                    j++;
                i = (j + 1) % m->deg[w];
                v = w;
            }
        }
    free(done);
    int nc = 0;
    for (int f = 0; f < nf; f++)
        if (f != outer) {
            cells[nc] = walk + wstart[f];
            clen[nc++] = wlen[f];
        }
    cy_board_desc d = {
        .nv = m->n,
        .labels = NULL,
        .ncells = nc,
        .cells = (const int *const *)cells,
        .cell_len = clen,
        .outer = walk + wstart[outer],
        .outer_len = wlen[outer],
        .special = special,
        .xy = NULL,
        .name = NULL,
    };
    cy_board *b = cy_board_from_faces(&d, err);
    free(walk);
    free(wstart);
    free(wlen);
    free(cells);
    free(clen);
    return b;
}

/* The state of a plane-board enumeration. */
typedef struct bctx {
    const census_enum_opts *o;
    census_visit f;
    void *ctx;
    cy_error *err;
    const char *g6;
    codeset seen;
    long found; /* boards of this graph */
    int rc;     /* the visitor's return or -1 */
} bctx;

/* Each face of a plane map as the outer face: new boards to the visitor. */
static int visit_map(const emb_map *m, void *vctx)
{
    bctx *c = vctx;
    int off[EMB_MAXN + 1];
    int face[6 * EMB_MAXN];
    int nf = emb_faces(m, off, face);
    if (nf != m->ne - m->n + 2) {
        c->rc = cy_error_set(c->err, "internal error: a non-plane embedding of graph %s", c->g6);
        return 1;
    }
    char code[EMB_CODE_LEN(EMB_MAXN, 3 * EMB_MAXN)];
    for (int f = 0; f < nf; f++) {
        emb_code(m, off, face, f, code);
        if (!codeset_add(&c->seen, code))
            continue;
        cy_board *b = census_map_board(m, off, face, nf, f, NULL, c->err);
        if (!b) {
            char msg[sizeof c->err->msg];
            snprintf(msg, sizeof msg, "%s", c->err ? c->err->msg : "");
            c->rc = cy_error_set(c->err, "internal error: a board of graph %s was refused: %s", c->g6, msg);
            return 1;
        }
        census_item it = {.board = b, .graph6 = c->g6, .code = code, .part = c->o->part};
        int r = c->f(&it, c->ctx);
        cy_board_free(b);
        c->found++;
        if (r) {
            c->rc = r;
            return 1;
        }
    }
    return 0;
}

/* The parts argument of a nauty tool ("R/M"), or NULL for everything. */
static const char *part_arg(const census_enum_opts *o, char *buf, size_t n)
{
    if (o->parts <= 1)
        return NULL;
    snprintf(buf, n, "%d/%d", o->part, o->parts);
    return buf;
}

/* Called with each graph6 line a tool writes; nonzero stops. */
typedef int (*line_fn)(char *line, void *ctx);

/* A pipeline's time limit: a thread that stops its tools at the deadline
 * (they may run for hours between two lines, so the reader cannot be the
 * one to look at the clock). */
typedef struct watchdog {
    pipeline *p;
    double deadline; /* census_now() seconds */
    int stop;        /* set by the reader when done (atomic) */
    int fired;       /* set when the tools were stopped (atomic) */
    pthread_t thread;
} watchdog;

/* The watchdog's thread: every 20 ms, until told to stop or past the
 * deadline, when it sends SIGTERM to the pipeline's tools (the reader then
 * sees the end of their output). */
static void *watch(void *arg)
{
    watchdog *w = arg;
    const struct timespec tick = {0, 20 * 1000 * 1000};
    while (!__atomic_load_n(&w->stop, __ATOMIC_ACQUIRE)) {
        if (census_now() >= w->deadline) {
            __atomic_store_n(&w->fired, 1, __ATOMIC_RELEASE);
            for (int i = 0; i < w->p->n; i++)
                kill(w->p->pid[i], SIGTERM);
            break;
        }
        nanosleep(&tick, NULL);
    }
    return NULL;
}

/* Runs tool a (piped into b when b is given) and hands each graph line it
 * writes to fn (with parts > 1 only every parts-th, from the part-th,
 * skipped before it is read); returns 0, fn's nonzero return, or -1 with a
 * message (a tool missing or failing).  With seconds > 0 and late given, the
 * tools are stopped after that many seconds and *late says whether they were
 * (the lines read by then were handed to fn; 0 is returned). */
static int each_line_until(char **a, const char *aalt, char **b, const char *balt, int part, int parts, line_fn fn,
                           void *ctx, double seconds, int *late, cy_error *err)
{
    uint64_t index = 0;
    pipeline p;
    if (late)
        *late = 0;
    if (pipeline_open(&p, a, aalt, b, balt, err) < 0)
        return -1;
    watchdog w = {&p, census_now() + seconds, 0, 0, 0};
    int watched = seconds > 0 && late && pthread_create(&w.thread, NULL, watch, &w) == 0;
    char *line = NULL;
    size_t cap = 0;
    int rc = 0;
    while (rc == 0 && getline(&line, &cap, p.out) > 0) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0] || line[0] == '>')
            continue;
        if (parts > 1 && index++ % (uint64_t)parts != (uint64_t)part)
            continue; /* another part's: not even canonically labelled */
        rc = fn(line, ctx);
    }
    free(line);
    if (watched) {
        __atomic_store_n(&w.stop, 1, __ATOMIC_RELEASE);
        pthread_join(w.thread, NULL);
        *late = __atomic_load_n(&w.fired, __ATOMIC_ACQUIRE);
    }
    int complete = rc == 0 && !(watched && *late);
    if (pipeline_close(&p, complete, err) < 0 && complete)
        rc = -1;
    return rc;
}

/* each_line_until without a time limit. */
static int each_line(char **a, const char *aalt, char **b, const char *balt, int part, int parts, line_fn fn, void *ctx,
                     cy_error *err)
{
    return each_line_until(a, aalt, b, balt, part, parts, fn, ctx, 0, NULL, err);
}

/* Called with each graph a tool writes, canonically labelled; nonzero stops. */
typedef int (*graph_fn)(const emb_graph *g, const char *g6, void *ctx);

/* each_graph's state: the graphs' function and what it checks. */
typedef struct graph_lines {
    graph_fn fn;
    void *ctx;
    int ne;
    const char *tool;
    cy_error *err;
} graph_lines;

/* A line of each_graph: canonically labelled, checked, to the graph_fn. */
static int graph_line(char *line, void *vctx)
{
    graph_lines *c = vctx;
    emb_graph g;
    char g6[G6_MAX];
    if (census_canonical_graph(line, &g, g6, sizeof g6) < 0 || g.ne != c->ne)
        return cy_error_set(c->err, "%s wrote a graph this program cannot read: %.40s", c->tool, line);
    return c->fn(&g, g6, c->ctx);
}

/* each_line with each graph canonically labelled and handed to fn; a line
 * that is not a graph with ne edges is an error. */
static int each_graph(char **a, const char *aalt, char **b, const char *balt, int ne, int part, int parts, graph_fn fn,
                      void *ctx, cy_error *err)
{
    graph_lines c = {fn, ctx, ne, a[0], err};
    return each_line(a, aalt, b, balt, part, parts, graph_line, &c, err);
}

/* Every board of one planar graph. */
static int graph_boards(const emb_graph *g, const char *g6, void *ctx)
{
    bctx *c = ctx;
    c->g6 = g6;
    c->found = 0;
    c->rc = 0;
    int r = emb_each_embedding(g, visit_map, c);
    codeset_clear(&c->seen);
    if (c->rc)
        return c->rc;
    if (r)
        return cy_error_set(c->err, "internal error: graph %s could not be embedded", g6);
    if (c->found == 0)
        return cy_error_set(c->err, "internal error: no plane embedding found for the planar graph %s", g6);
    return 0;
}

int census_vertices_possible(int edges, int n)
{
    return !((long)n * (n - 1) / 2 < edges || n < 2 || n > edges + 1 || (n >= 3 && edges > 3 * n - 6) ||
             (n == 2 && edges != 1));
}

/* The command lines of geng (into argv geng[8], with the strings in ns, es,
 * ps) and planarg that list the connected planar graphs of E edges and n
 * vertices in part o->part of o->parts. */
static void planar_tools(const census_enum_opts *o, int n, char **geng, char ns[16], char es[32], char ps[32])
{
    snprintf(ns, 16, "%d", n);
    snprintf(es, 32, "%d:%d", o->edges, o->edges);
    const char *pa = part_arg(o, ps, 32);
    /* -X2 raises geng's splitting level: without it, with few vertices
     * one part can get a quarter of all graphs (measured: 7230 of the
     * 29372 planar 12-edge graphs in one of 64 parts; with it 659) */
    int k = 0;
    geng[k++] = "nauty-geng";
    geng[k++] = "-cq";
    if (pa)
        geng[k++] = "-X2";
    geng[k++] = ns;
    geng[k++] = es;
    if (pa)
        geng[k++] = (char *)pa;
    geng[k] = NULL;
}

static char *planarg_argv[] = {"nauty-planarg", "-q", NULL};

static int enum_boards(const census_enum_opts *o, census_visit f, void *ctx, cy_error *err)
{
    int E = o->edges;
    bctx c = {.o = o, .f = f, .ctx = ctx, .err = err};
    for (int n = 2; n <= E + 1; n++) {
        if (!census_vertices_possible(E, n))
            continue;
        char ns[16], es[32], ps[32], *geng[8];
        planar_tools(o, n, geng, ns, es, ps);
        int rc = each_graph(geng, "geng", planarg_argv, "planarg", E, 0, 1, graph_boards, &c, err);
        if (rc)
            return rc;
    }
    return 0;
}

int census_each_planar_graph(int edges, int n, int (*fn)(char *g6, void *ctx), void *ctx, double seconds, int *late,
                             cy_error *err)
{
    *late = 0;
    if (edges < 1 || edges > ENUM_MAX_EDGES)
        return cy_error_set(err, "the number of edges must be from 1 to %d, not %d", ENUM_MAX_EDGES, edges);
    if (!census_vertices_possible(edges, n))
        return 0;
    census_enum_opts o = {edges, 0, 0, 1};
    char ns[16], es[32], ps[32], *geng[8];
    planar_tools(&o, n, geng, ns, es, ps);
    return each_line_until(geng, "geng", planarg_argv, "planarg", 0, 1, fn, ctx, seconds, late, err);
}

int census_graph_boards(const char *g6, census_visit f, void *ctx, cy_error *err)
{
    emb_graph g;
    char line[G6_MAX], canon[G6_MAX];
    if (strlen(g6) >= sizeof line)
        return cy_error_set(err, "not a graph of at most %d vertices: %.40s", EMB_MAXN, g6);
    strcpy(line, g6);
    if (census_canonical_graph(line, &g, canon, sizeof canon) < 0)
        return cy_error_set(err, "not a graph of at most %d vertices: %.40s", EMB_MAXN, g6);
    census_enum_opts o = {g.ne, 0, 0, 1};
    bctx c = {.o = &o, .f = f, .ctx = ctx, .err = err};
    return graph_boards(&g, canon, &c);
}

/* ------------------------------------------------------------ trees */

typedef struct tctx {
    const census_enum_opts *o;
    census_visit f;
    void *ctx;
    cy_error *err;
} tctx;

/* The board of one tree: neighbours in increasing order (adj is sorted). */
static int tree_board(const emb_graph *g, const char *g6, void *ctx)
{
    tctx *c = ctx;
    emb_map m = {.n = g->n, .ne = g->ne};
    unsigned char special[EMB_MAXN];
    for (int v = 0; v < g->n; v++) {
        m.deg[v] = g->deg[v];
        memcpy(m.rot[v], g->adj[v], sizeof(int) * (size_t)g->deg[v]);
        special[v] = g->deg[v] == 1;
    }
    int off[EMB_MAXN + 1], face[2 * EMB_MAXN];
    int nf = emb_faces(&m, off, face);
    cy_board *b = nf == 1 ? census_map_board(&m, off, face, nf, 0, special, c->err) : NULL;
    if (!b)
        return cy_error_set(c->err, "internal error: the board of tree %s was refused", g6);
    char code[G6_MAX + 1];
    snprintf(code, sizeof code, "t%s", g6);
    census_item it = {.board = b, .graph6 = g6, .code = code, .part = c->o->part};
    int rc = c->f(&it, c->ctx);
    cy_board_free(b);
    return rc;
}

static int enum_trees(const census_enum_opts *o, census_visit f, void *ctx, cy_error *err)
{
    /* not gentreeg's own res/mod: it lists the smallest trees in every part
     * (nauty-gentreeg -q 3 0/3 and 1/3 both give the path); the parts are
     * taken from the whole list instead (every parts-th line, skipped
     * unread by each_graph), which costs little beside solving the trees */
    char ns[16];
    snprintf(ns, sizeof ns, "%d", o->edges + 1);
    char *gentreeg[] = {"nauty-gentreeg", "-q", ns, NULL};
    tctx c = {o, f, ctx, err};
    return each_graph(gentreeg, "gentreeg", NULL, NULL, o->edges, o->parts > 1 ? o->part : 0, o->parts, tree_board, &c,
                      err);
}

/* ------------------------------------------------------------ entry point */

int census_enumerate(const census_enum_opts *o, census_visit f, void *ctx, cy_error *err)
{
    if (o->edges < 1 || o->edges > ENUM_MAX_EDGES)
        return cy_error_set(err, "the number of edges must be from 1 to %d, not %d", ENUM_MAX_EDGES, o->edges);
    if (o->parts > 1 && (o->part < 0 || o->part >= o->parts))
        return cy_error_set(err, "part %d of %d does not exist (parts are 0 to %d)", o->part, o->parts, o->parts - 1);
    if (o->parts < 0)
        return cy_error_set(err, "the number of parts must be positive, not %d", o->parts);
    census_enum_opts all = *o;
    if (all.parts <= 1) {
        all.parts = 1;
        all.part = 0;
    }
    return all.trees ? enum_trees(&all, f, ctx, err) : enum_boards(&all, f, ctx, err);
}
