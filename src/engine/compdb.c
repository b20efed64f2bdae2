/*
 * compdb.c - the component database: the Grundy values of canonical
 * components of at most K live edges, built once from random games of some
 * boards, written to a file, and memory-mapped read-only by every process
 * that solves (cy_compdb_use; the fast engine looks a component up there
 * when its table misses it, solver_fast.c).
 *
 * Why a value read here is the component's.  A component is a game of its
 * own (the proof is at the top of subgame.c), and its canonical key (the
 * plane key or the tree key, canon.c and treekey.c) is the same for every
 * component isomorphic to it on any board, so its Grundy value is a
 * function of the key (but for a 128-bit collision).  The shared table of
 * the census relies on the same fact.  The values are computed by the fast
 * engine, each a mex over the component's options.
 *
 * The file, every number little-endian:
 *   0   8  magic "CYCOMPDB"
 *   8   4  format version (COMPDB_VERSION)
 *   12  4  K, the most live edges of a component held
 *   16  8  the scheme: a fingerprint of the program's canonical keys
 *   24  8  N, the entries
 *   32  8  a checksum of the entries
 *   40  8  a checksum of bytes 0..40
 *   48 16  zero
 *   64     N entries of 16 bytes, in increasing order of (word 0, word 1):
 *          word 0 the key's first half, word 1 its second half with the
 *          low 5 bits replaced by the value.
 * A file whose size, magic, version, checksums, order or scheme does not
 * match is refused whole: a value is never read from it.
 */
#include "compdb.h"

#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine.h"
#include "fast_internal.h"

#define COMPDB_MAGIC "CYCOMPDB"
#define COMPDB_VERSION 1u
#define COMPDB_HEADER 64
/* Bumped whenever the rules or the sub-games change what a component is
 * worth without changing its key (the fingerprint below sees the keys). */
#define COMPDB_RULES 1u
#define COMPDB_MIN_EDGES 3
#define COMPDB_MAX_EDGES 24

uint64_t compdb_checksum(const unsigned char *p, size_t n)
{
    uint64_t h = 0x6A09E667F3BCC908ull ^ n;
    for (size_t i = 0; i < n; i++) {
        uint64_t w;
        memcpy(&w, p + 8 * i, 8);
        h = sg_mix(h ^ le64toh(w)) + 0x9E3779B97F4A7C15ull;
    }
    return h;
}

static uint64_t rd64(const unsigned char *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
    return le64toh(w);
}

static uint32_t rd32(const unsigned char *p)
{
    uint32_t w;
    memcpy(&w, p, 4);
    return le32toh(w);
}

static void wr64(unsigned char *p, uint64_t w)
{
    w = htole64(w);
    memcpy(p, &w, 8);
}

static void wr32(unsigned char *p, uint32_t w)
{
    w = htole32(w);
    memcpy(p, &w, 4);
}

/* The boards and moves whose components the fingerprint keys: cells, no
 * cells (tree keys), special vertices none. */
static const char *const sample_boards[] = {"grid:3x3", "theta:2,3,4",  "wedge:3,4,5",
                                            "star:5",   "spider:3,2,2", "grid:2x4"};

static uint64_t scheme;
static pthread_once_t scheme_once = PTHREAD_ONCE_INIT;

/* Folds w into h. */
static inline uint64_t fold(uint64_t h, uint64_t w)
{
    return sg_mix(h ^ w) + 0x632BE59BD9B4E019ull;
}

/* The fingerprint: the version constants, then the canonical keys of every
 * component of at least 3 edges met along fixed pseudo-random games of the
 * sample boards.  A change to the keys, the split or the moves of sub-games
 * changes it (but for a 64-bit collision). */
static void scheme_init(void)
{
    uint64_t h = fold(fold(0, COMPDB_VERSION), COMPDB_RULES);
    uint32_t rng = 12345;
    for (size_t i = 0; i < sizeof sample_boards / sizeof *sample_boards; i++) {
        cy_board *b = cy_family_build(sample_boards[i], NULL);
        sg_board *sb = cyi_xmalloc(sizeof *sb);
        if (!b || sg_board_init(b, sb) < 0) {
            h = fold(h, 0xDEAD + i); /* cannot happen: the samples are fixed */
            free(sb);
            cy_board_free(b);
            continue;
        }
        unsigned char *mark = cyi_xcalloc((size_t)b->ne, 1);
        for (int game = 0; game < 4; game++) {
            sg g;
            sg_from_board(sb, b, mark, &g);
            for (;;) {
                uint64_t comp[SG_MAXE], kcomp[SG_MAXE], free_edges, key[2];
                int nc = sg_components(sb, &g, comp, kcomp, &free_edges);
                h = fold(h, (uint64_t)nc << 32 | (uint64_t)__builtin_popcountll(free_edges));
                for (int c = 0; c < nc; c++) {
                    sg part = sg_part(&g, comp[c], kcomp[c]);
                    if (fast_canon_key(sb, &part, key))
                        h = fold(fold(h, key[0]), key[1]);
                }
                uint64_t f[2];
                sg_forbidden(sb, &g, f);
                int darts[2 * SG_MAXE], nd = 0;
                for (uint64_t es = g.live; es; es &= es - 1)
                    for (int dir = 0; dir < 2; dir++)
                        if (!((f[dir] >> __builtin_ctzll(es)) & 1u))
                            darts[nd++] = 2 * __builtin_ctzll(es) + dir;
                if (!nd)
                    break;
                rng = rng * 1103515245u + 12345u;
                int d = darts[(rng >> 8) % (uint32_t)nd];
                h = fold(h, (uint64_t)(d + 1) << 8 | (uint64_t)sg_play(sb, &g, d >> 1, d & 1));
            }
        }
        free(mark);
        free(sb);
        cy_board_free(b);
    }
    scheme = h;
}

uint64_t cy_compdb_scheme(void)
{
    pthread_once(&scheme_once, scheme_init);
    return scheme;
}

/* Checks the mapped file and makes its index; NULL, or what is wrong with
 * it. */
static const char *check(cy_compdb *db, const unsigned char *p, size_t size)
{
    if (size < COMPDB_HEADER)
        return "too short for a component database (truncated?)";
    if (memcmp(p, COMPDB_MAGIC, 8))
        return "not a component database (no CYCOMPDB header)";
    if (rd32(p + 8) != COMPDB_VERSION)
        return "a component database of another format version (rebuild it)";
    if (compdb_checksum(p, 5) != rd64(p + 40))
        return "its header is corrupt (checksum mismatch)";
    for (int i = 48; i < COMPDB_HEADER; i++)
        if (p[i])
            return "its header is corrupt (reserved bytes not zero)";
    db->edges = (int)rd32(p + 12);
    db->scheme = rd64(p + 16);
    db->n = rd64(p + 24);
    if (db->edges < COMPDB_MIN_EDGES || db->edges > COMPDB_MAX_EDGES)
        return "its header is corrupt (edges out of range)";
    if (db->n > (size - COMPDB_HEADER) / 16 || COMPDB_HEADER + 16 * db->n != size)
        return "its size does not match its header (truncated?)";
    if (db->scheme != cy_compdb_scheme())
        return "built by a program with other canonical keys or rules: stale (rebuild it)";
    if (compdb_checksum(p + COMPDB_HEADER, 2 * db->n) != rd64(p + 32))
        return "its entries are corrupt (checksum mismatch)";
    db->body = (const uint64_t *)(p + COMPDB_HEADER);
    while (db->bits < 40 && (4ull << db->bits) < db->n)
        db->bits++;
    db->index = cyi_xmalloc(sizeof *db->index * ((1ull << db->bits) + 1));
    for (uint64_t i = 0, j = 0; j <= (1ull << db->bits); j++) {
        while (i < db->n && bucket(db, le64toh(db->body[2 * i])) < j)
            i++;
        db->index[j] = i;
    }
    for (uint64_t i = 1; i < db->n; i++) {
        uint64_t a0 = le64toh(db->body[2 * i - 2]), b0 = le64toh(db->body[2 * i]);
        uint64_t a1 = le64toh(db->body[2 * i - 1]) >> VALUE_BITS, b1 = le64toh(db->body[2 * i + 1]) >> VALUE_BITS;
        if (a0 > b0 || (a0 == b0 && a1 >= b1))
            return "its entries are out of order";
    }
    return NULL;
}

cy_compdb *cy_compdb_open(const char *path, cy_error *err)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return cy_error_set(err, "%s: %s", path, strerror(errno)), NULL;
    struct stat st;
    if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
        int e = errno;
        close(fd);
        return cy_error_set(err, "%s: %s", path,
                            S_ISDIR(st.st_mode) ? "a directory, not a file"
                            : e                 ? strerror(e)
                                                : "not a regular file"),
               NULL;
    }
    cy_compdb *db = cyi_xcalloc(1, sizeof *db);
    db->size = (size_t)st.st_size;
    const char *bad = NULL;
    if (db->size < COMPDB_HEADER)
        bad = "too short for a component database (truncated?)";
    else {
        db->map = mmap(NULL, db->size, PROT_READ, MAP_SHARED, fd, 0);
        if (db->map == MAP_FAILED) {
            db->map = NULL;
            bad = strerror(errno);
        } else
            bad = check(db, db->map, db->size);
    }
    close(fd);
    if (bad) {
        cy_error_set(err, "%s: %s", path, bad);
        cy_compdb_close(db);
        return NULL;
    }
    return db;
}

void cy_compdb_close(cy_compdb *db)
{
    if (!db)
        return;
    if (db->map)
        munmap(db->map, db->size);
    free(db->index);
    free(db);
}

void cy_compdb_info_of(const cy_compdb *db, cy_compdb_info *info)
{
    info->edges = db->edges;
    info->entries = db->n;
    info->bytes = db->size;
    info->scheme = db->scheme;
}

static int entry_cmp(const void *a, const void *b)
{
    const uint64_t *x = a, *y = b;
    if (x[0] != y[0])
        return x[0] < y[0] ? -1 : 1;
    uint64_t x1 = x[1] >> VALUE_BITS, y1 = y[1] >> VALUE_BITS;
    return x1 < y1 ? -1 : x1 > y1;
}

/* The file's bytes for the entries of s and K edges. */
static unsigned char *image_of(const compdb_set *s, int edges, size_t *size)
{
    *size = COMPDB_HEADER + 16 * (size_t)s->n;
    unsigned char *p = cyi_xcalloc(*size, 1);
    uint64_t *e = cyi_xmalloc(16 * (size_t)s->n + 16);
    uint64_t n = 0;
    for (uint64_t i = 0; i < s->cap; i++)
        if (s->slot[2 * i] || s->slot[2 * i + 1]) {
            e[2 * n] = s->slot[2 * i];
            e[2 * n + 1] = s->slot[2 * i + 1];
            n++;
        }
    qsort(e, (size_t)n, 16, entry_cmp);
    for (uint64_t i = 0; i < 2 * n; i++)
        wr64(p + COMPDB_HEADER + 8 * i, e[i]);
    free(e);
    memcpy(p, COMPDB_MAGIC, 8);
    wr32(p + 8, COMPDB_VERSION);
    wr32(p + 12, (uint32_t)edges);
    wr64(p + 16, cy_compdb_scheme());
    wr64(p + 24, n);
    wr64(p + 32, compdb_checksum(p + COMPDB_HEADER, 2 * n));
    wr64(p + 40, compdb_checksum(p, 5));
    return p;
}

/* ---- the build ---- */

/* One board of a build: its sub-game constraints and its fast engine. */
typedef struct source {
    cy_board *b;
    sg_board sb;
    fast *f;
} source;

/* Plays a random game of s from the empty board (never a death move, so
 * no cycle cell is ever completable) into mark, until its largest component
 * has at most edges live edges or no such move is left. */
static void playout(const source *s, int edges, uint64_t *rng, unsigned char *mark)
{
    memset(mark, CY_UNMARKED, (size_t)s->b->ne);
    sg g;
    sg_from_board(&s->sb, s->b, mark, &g);
    for (;;) {
        uint64_t comp[SG_MAXE], kcomp[SG_MAXE], free_edges;
        int nc = sg_components(&s->sb, &g, comp, kcomp, &free_edges), largest = 0;
        for (int c = 0; c < nc; c++)
            if (__builtin_popcountll(comp[c]) > largest)
                largest = __builtin_popcountll(comp[c]);
        if (largest <= edges)
            return;
        uint64_t f[2];
        sg_forbidden(&s->sb, &g, f);
        int darts[2 * SG_MAXE], nd = 0;
        for (uint64_t es = g.live; es; es &= es - 1) {
            int e = __builtin_ctzll(es);
            for (int dir = 0; dir < 2; dir++) {
                sg child = g;
                if (!((f[dir] >> e) & 1u) && !sg_play(&s->sb, &child, e, dir))
                    darts[nd++] = 2 * e + dir;
            }
        }
        if (!nd)
            return;
        *rng = sg_mix(*rng + 0x9E3779B97F4A7C15ull);
        int d = darts[*rng % (uint64_t)nd];
        sg_play(&s->sb, &g, d >> 1, d & 1);
        mark[d >> 1] = (d & 1) ? CY_BWD : CY_FWD;
    }
}

int cy_compdb_build(const cy_compdb_build_opts *o, unsigned char **image, size_t *size, cy_compdb_build_stats *st,
                    cy_error *err)
{
    memset(st, 0, sizeof *st);
    *image = NULL;
    *size = 0;
    if (o->edges < COMPDB_MIN_EDGES || o->edges > COMPDB_MAX_EDGES)
        return cy_error_set(err, "--edges must be %d to %d, not %d", COMPDB_MIN_EDGES, COMPDB_MAX_EDGES, o->edges);
    if (o->nboards < 1)
        return cy_error_set(err, "no boards to build from");
    double start = cy_now(), deadline = o->timeout > 0 ? start + o->timeout : 0;
    cy_table *table = cy_table_new(o->memory ? o->memory : (size_t)256 << 20, err);
    if (!table)
        return -1;
    source *src = cyi_xcalloc((size_t)o->nboards, sizeof *src);
    compdb_set *set = compdb_set_new();
    int rc = 0, maxe = 1;
    for (int i = 0; i < o->nboards && !rc; i++) {
        cy_error e2;
        src[i].b = cy_load(o->boards[i], NULL, &e2);
        if (!src[i].b)
            rc = cy_error_set(err, "%s: %s", o->boards[i], e2.msg);
        else if (sg_board_init(src[i].b, &src[i].sb) < 0)
            rc = cy_error_set(err, "%s: too large for the fast engine", o->boards[i]);
        else {
            /* one thread, every component of at most edges valued by mex
             * (so each one's options are kept too), sharing one table */
            cy_solver_opts so = {.threads = 1, .mex_edges = o->edges, .table = table};
            src[i].f = fast_new(src[i].b, &so, &e2);
            if (!src[i].f)
                rc = cy_error_set(err, "%s: %s", o->boards[i], e2.msg);
            else
                fast_collect(src[i].f, set, o->edges);
            if (src[i].b->ne > maxe)
                maxe = src[i].b->ne;
        }
    }
    unsigned char *mark = cyi_xmalloc((size_t)maxe);
    uint64_t rng = o->seed;
    cyi_ticker tick = {.on = o->progress, .born = start};
    for (uint64_t p = 0; !rc && (!o->playouts || p < o->playouts); p++) {
        if (deadline > 0 && cy_now() > deadline) {
            st->timed_out = 1;
            break;
        }
        if (cy_interrupted())
            break;
        if (!o->playouts && !deadline && p >= 1000)
            break; /* neither a count nor a time: a thousand games */
        source *s = &src[p % (uint64_t)o->nboards];
        playout(s, o->edges, &rng, mark);
        fast_until(s->f, deadline);
        int v = fast_grundy(s->f, mark);
        if (v < 0) {
            st->timed_out = v == CY_SOLVE_TIMEOUT;
            break; /* the values stored so far are whole; this game's are dropped with it */
        }
        st->playouts++;
        if (cyi_ticker_due(&tick, 0))
            cyi_ticker_show(&tick, 0, "compdb: %llu games, %llu components", (unsigned long long)st->playouts,
                            (unsigned long long)compdb_set_count(set));
    }
    if (cyi_ticker_due(&tick, 1))
        cyi_ticker_show(&tick, 1, "compdb: %llu games, %llu components", (unsigned long long)st->playouts,
                        (unsigned long long)compdb_set_count(set));
    free(mark);
    for (int i = 0; i < o->nboards; i++) {
        fast_free(src[i].f);
        cy_board_free(src[i].b);
    }
    free(src);
    cy_table_free(table);
    if (!rc) {
        *image = image_of(set, o->edges, size);
        st->entries = compdb_set_count(set);
    }
    compdb_set_free(set);
    st->seconds = cy_now() - start;
    return rc ? -1 : 0;
}
