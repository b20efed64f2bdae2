/*
 * variants.c - the search and the answers under the rule variants (issue 12).
 *
 * One memoised depth-first search over whole positions serves every
 * variant: it asks src/rules.c (through the incremental position of
 * rstate.h) which moves are legal, what each does and what a finished game
 * is worth, and combines the values of the positions after the moves in the
 * way the kind of value asks:
 *   - two players, win/draw/loss (STANDARD, DRAW, ANY_CYCLE) and points
 *     (SCORE): negamax, the mover's value being the points of the move minus
 *     the opponent's value after it (plus, when the mover moves again);
 *   - MISERE: the mex of the values after the moves (a finished game 1);
 *   - K >= 3 players: the winner as an offset from the mover, each mover
 *     picking the smallest offset after its move (itself, else the next
 *     player, ...).
 * A win (value 1) cuts the search of a position short; points and mex
 * search every move.
 *
 * The fast engine (solver_fast.c) stays with the standard rules: its
 * splitting of a position into independent sums rests on the Sprague-Grundy
 * theorem for normal play (the last mover wins, every component a game of
 * its own).  It would carry over to K-player and draw rules not at all (no
 * sum theorem), to misère only through misère quotients (not Grundy values
 * XORed), to SCORE without the extra turn as a sum of scoring games (values
 * add, but components are no longer impartial numbers), and to ANY_CYCLE
 * not at all, since a directed cycle may run through several components.
 */
#include "canon.h"
#include "engine.h"
#include "memo.h"
#include "subgame.h"
#include "rstate.h"

#include <jansson.h>
#include <math.h>
#include <string.h>

#define DIRECT_MAX_EDGES 20
#define MAX_SYM 16
#define BIAS 100

enum { OBJ_VALUE, OBJ_FORCE };

struct cy_vsearch {
    const cy_board *b;
    cy_rules r;
    int k; /* players */
    cy_solver_opts opts;
    rstate st;
    cyi_memo memo;   /* the hash table (when not direct): values by hash_key */
    size_t used;     /* values stored in the direct table */
    int obj, player; /* what the table holds: OBJ_VALUE, or OBJ_FORCE for player */
    int fail;        /* a CY_SOLVE_ code once the search must stop */
    cy_solver_stats st_;
    double start, deadline;
    cyi_progress_state progress;
    int *movebuf; /* 2*ne+1 moves per depth */
    /* direct table (boards of at most DIRECT_MAX_EDGES edges whose 3^E
     * bytes fit the memory): one byte per base-3 index, value + BIAS, 0
     * unknown.  A position's index is the least among its images under the
     * board's automorphisms, each with and without every arrow reversed:
     * every variant's rules and values are the same on all of them. */
    int direct;
    unsigned char *tab;
    size_t ntab;
    int nsym;
    uint64_t *step;        /* nsym * 2 * ne: what marking edge e as dart k adds to image i */
    uint64_t img[MAX_SYM]; /* the current position's images' indices */
    /* component keys (component_key; the hash table only): the position as
     * a sub-game of the fast engine, one per move played in the search */
    int ckeys;
    sg_board *sb;
    sg *sgs;
    int sgtop, sgoff;    /* the current sub-game sgs[sgtop]; sgoff: not kept up */
    struct pk_entry *pk; /* PK_SLOTS plane keys of components, by the component */
};

/* A cache of plane keys: a component (exactly) and its key; direct-mapped,
 * a newer component replacing an older one in its slot. */
#define PK_SLOTS (1u << 16)
struct pk_entry {
    sg g;
    uint64_t key[2];
};

static void table_free(cy_vsearch *s)
{
    free(s->tab);
    free(s->step);
    memo_free(&s->memo);
}

/* The images of positions under the board's automorphisms (those that keep
 * special vertices special) and arrow reversal, for the direct table. */
static void symmetry_setup(cy_vsearch *s, const cy_board *b)
{
    cy_symmetry *sym = s->opts.no_canon ? NULL : cy_symmetry_new(b, NULL);
    int n = sym ? sym->n : 1, ne = b->ne;
    uint64_t pow3[DIRECT_MAX_EDGES + 1];
    pow3[0] = 1;
    for (int e = 1; e <= ne; e++)
        pow3[e] = pow3[e - 1] * 3;
    s->step = cyi_xmalloc(sizeof(uint64_t) * MAX_SYM * 2 * (size_t)ne + 1);
    s->nsym = 0;
    for (int rev = 0; rev < (sym ? 2 : 1); rev++)
        for (int a = 0; a < n && s->nsym < MAX_SYM; a++) {
            const cy_automorphism *g = sym ? &sym->aut[a] : NULL;
            for (int e = 0; e < ne; e++) {
                int te = g ? g->emap[e] : e;
                int flip = g ? g->dmap[2 * e] != 2 * te : 0; /* dart 0 of e lands on dart 1 of te */
                for (int k = 0; k < 2; k++)
                    s->step[((size_t)s->nsym * 2 + (size_t)k) * (size_t)ne + (size_t)e] =
                        (uint64_t)(1 + (k ^ flip ^ rev)) * pow3[te];
            }
            s->nsym++;
        }
    cy_symmetry_free(sym);
}

/* Marks dart d on the search's position (and its images). */
static void vs_play(cy_vsearch *s, int d)
{
    rs_play(&s->st, d);
    if (s->ckeys && !s->sgoff) {
        s->sgs[s->sgtop + 1] = s->sgs[s->sgtop];
        s->sgtop++;
        sg_play(s->sb, &s->sgs[s->sgtop], cy_dart_edge(d), d & 1);
    }
    if (s->direct) {
        size_t ne = (size_t)s->b->ne, e = (size_t)cy_dart_edge(d), k = (size_t)(d & 1);
        for (int i = 0; i < s->nsym; i++)
            s->img[i] += s->step[((size_t)i * 2 + k) * ne + e];
    }
}

/* Takes dart d back. */
static void vs_undo(cy_vsearch *s, int d)
{
    rs_undo(&s->st, d);
    if (s->ckeys && !s->sgoff)
        s->sgtop--;
    if (s->direct) {
        size_t ne = (size_t)s->b->ne, e = (size_t)cy_dart_edge(d), k = (size_t)(d & 1);
        for (int i = 0; i < s->nsym; i++)
            s->img[i] -= s->step[((size_t)i * 2 + k) * ne + e];
    }
}

/* The direct table's index of the current position. */
static inline size_t direct_key(const cy_vsearch *s)
{
    uint64_t k = s->img[0];
    for (int i = 1; i < s->nsym; i++)
        if (s->img[i] < k)
            k = s->img[i];
    return (size_t)k;
}

cy_vsearch *cy_vsearch_new(const cy_board *b, const cy_rules *r, const cy_solver_opts *o, cy_error *err)
{
    if (b->ne > CY_VARIANT_MAX_EDGES)
        return cy_error_set(err, "the board has %d edges; the variant search handles at most %d", b->ne,
                            CY_VARIANT_MAX_EDGES),
               NULL;
    cy_vsearch *s = cyi_xcalloc(1, sizeof *s);
    s->b = b;
    s->r = *r;
    s->k = r->players > 2 ? r->players : 2;
    if (o)
        s->opts = *o;
    /* splitting positions into the fast engine's sub-games and keying them
     * by plane keys (canon.c) rests on a plane board: never on a board on a
     * closed surface, where plane keys gave wrong values */
    if (b->surface)
        s->opts.no_decompose = 1;
    s->progress.t = (cyi_ticker){.on = 1, .born = cy_now()}; /* last 0: a first line at one second */
    size_t mem = s->opts.memory ? s->opts.memory : cyi_physical_memory() / 4;
    if (mem < (1u << 20))
        mem = 1u << 20;
    size_t ntab = 1;
    for (int e = 0; e < b->ne && ntab <= mem; e++)
        ntab *= 3;
    if (!s->opts.no_bitboard && b->ne <= DIRECT_MAX_EDGES && ntab <= mem) {
        s->direct = 1;
        s->ntab = ntab;
        s->tab = cyi_xcalloc(ntab, 1); /* zero pages: memory is used where positions are */
        symmetry_setup(s, b);
    } else {
        memo_init(&s->memo, mem, s->opts.memory > 0);
        /* component keys where the value is a function of the components
         * (see component_key) */
        int eligible = r->kind != CY_RULES_ANY_CYCLE;
        if (eligible && !s->opts.no_decompose && !s->opts.no_canon) {
            s->sb = cyi_xmalloc(sizeof *s->sb);
            if (sg_board_init(b, s->sb) == 0) {
                s->ckeys = 1;
                s->sgs = cyi_xmalloc(sizeof(sg) * (size_t)(b->ne + 2));
                s->pk = cyi_xcalloc(PK_SLOTS, sizeof *s->pk); /* live == 0: empty (no component has it) */
            }
        }
    }
    s->movebuf = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1) * (size_t)(b->ne + 2));
    rs_init(&s->st, b, r, NULL);
    s->obj = OBJ_VALUE;
    return s;
}

double cy_vsearch_direct_bytes(const cy_board *b, const cy_solver_opts *o)
{
    if (b->ne > DIRECT_MAX_EDGES || (o && o->no_bitboard))
        return 0;
    return pow(3, b->ne);
}

void cy_vsearch_free(cy_vsearch *s)
{
    if (!s)
        return;
    table_free(s);
    free(s->sb);
    free(s->sgs);
    free(s->pk);
    free(s->movebuf);
    rs_free(&s->st);
    free(s);
}

void cy_vsearch_stats(const cy_vsearch *s, cy_solver_stats *st)
{
    *st = s->st_;
    st->memory = s->direct ? s->ntab : memo_bytes(&s->memo);
    st->stored = s->direct ? s->used : s->memo.used;
}

void cy_vsearch_progress_end(cy_vsearch *s)
{
    cy_solver_stats st;
    cy_vsearch_stats(s, &st);
    cyi_progress(&s->opts, &s->progress, 1, &st, 0);
}

/* Empties the table when it holds values of another question. */
static void table_for(cy_vsearch *s, int obj, int player)
{
    if (s->obj == obj && s->player == player)
        return;
    if (s->direct) {
        /* a fresh table of zero pages rather than memset: memory is used
         * only where positions are */
        free(s->tab);
        s->tab = cyi_xcalloc(s->ntab, 1);
    } else
        memo_clear(&s->memo);
    s->used = 0;
    s->obj = obj;
    s->player = player;
}

/* Counts a position, checks the clock and shows progress; 0 to go on. */
static int tick(cy_vsearch *s)
{
    if ((++s->st_.positions & 4095) == 0) {
        if (cyi_time_up(s->deadline)) {
            s->fail = CY_SOLVE_TIMEOUT;
            return -1;
        }
        cy_solver_stats st;
        cy_vsearch_stats(s, &st);
        cyi_progress(&s->opts, &s->progress, 0, &st, s->direct ? s->ntab : s->memo.cap);
    }
    return 0;
}

/* The hash key of the current position: (marked edges, edges marked
 * backward), or the same with every arrow reversed when that is less. */
static inline void hash_key(const cy_vsearch *s, uint64_t *km, uint64_t *kd)
{
    uint64_t rev = s->st.km & ~s->st.kd;
    *km = s->st.km;
    *kd = rev < s->st.kd ? rev : s->st.kd;
}

/* A 64-bit mixer (splitmix64's finaliser). */
static inline uint64_t mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/* The component key of the current position: a 128-bit hash of the number
 * of free edges and the sorted list of the plane keys (canon.c) of its
 * components, the fast engine's sub-games (subgame.c).
 *
 * Why it is a key.  The position, as the sub-game of subgame.c, keeps what
 * decides which moves are legal (the sink/source rule on the vertices that
 * are not special), which cells a move completes (a committed cell whose
 * last live edge is marked its dangerous way) and so what the position
 * becomes after each move; it forgets only edges that can never be marked
 * and constraints that can never act again.  Its components share no edge
 * and no constraint, so the game is the disjoint union of the components'
 * games and the free edges (each a move that changes nothing else), and two
 * positions with the same multiset of components up to isomorphism (a map
 * of the plane, every arrow of a component reversed) are isomorphic games.
 * So every value that depends only on the game from here, and not on the
 * marks themselves, is shared: the standard rules (two or K players, the
 * winner seen from the mover), misère (the last move and a completion both
 * lose), draw, and score with or without the extra turn (points are cells
 * completed).  Not any-cycle, whose end is a directed cycle of marked
 * arrows that may run through several components and through edges the
 * sub-game has forgotten; and not OBJ_FORCE, whose answer depends on which
 * player is to move (the number of moves played), which the key drops.
 * Like the fast engine's keys it is a hash: two positions share it only by
 * a collision of 128-bit hashes. */
static void component_key(const cy_vsearch *s, uint64_t *k0, uint64_t *k1);

/* The plane key of component p, through the cache. */
static inline void plane_key(const cy_vsearch *s, const sg *p, uint64_t key[2])
{
    uint64_t h = mix64(p->live * 0x9E3779B97F4A7C15ull ^ mix64(p->alive ^ (p->comm << 1) ^ (p->flip << 2)));
    struct pk_entry *e = &s->pk[h & (PK_SLOTS - 1)];
    if (e->g.live != p->live || e->g.alive != p->alive || e->g.comm != p->comm || e->g.flip != p->flip) {
        e->g = *p;
        sg_plane_key(s->sb, p, e->key);
    }
    key[0] = e->key[0];
    key[1] = e->key[1];
}

static void component_key(const cy_vsearch *s, uint64_t *k0, uint64_t *k1)
{
    const sg *g = &s->sgs[s->sgtop];
    uint64_t comp[SG_MAXE], kcomp[SG_MAXE], free_edges, key[SG_MAXE][2];
    int n = sg_components(s->sb, g, comp, kcomp, &free_edges);
    for (int i = 0; i < n; i++) {
        sg p = sg_part(g, comp[i], kcomp[i]);
        plane_key(s, &p, key[i]);
        /* insertion sort: the multiset, in one order */
        for (int j = i;
             j > 0 && (key[j][0] < key[j - 1][0] || (key[j][0] == key[j - 1][0] && key[j][1] < key[j - 1][1])); j--) {
            uint64_t t0 = key[j][0], t1 = key[j][1];
            key[j][0] = key[j - 1][0];
            key[j][1] = key[j - 1][1];
            key[j - 1][0] = t0;
            key[j - 1][1] = t1;
        }
    }
    uint64_t h0 = mix64(0x5EEDull + (uint64_t)__builtin_popcountll(free_edges));
    uint64_t h1 = mix64(0xC0FFEEull ^ ((uint64_t)__builtin_popcountll(free_edges) << 32));
    for (int i = 0; i < n; i++) {
        h0 = mix64(h0 ^ key[i][0]) + key[i][1];
        h1 = mix64(h1 + key[i][1]) ^ mix64(key[i][0] + 0x9E3779B97F4A7C15ull);
    }
    *k0 = h0;
    *k1 = h1;
}

/* The hash table's key of the current position for the question s->obj. */
static inline void table_key(const cy_vsearch *s, uint64_t *k0, uint64_t *k1)
{
    if (s->ckeys && s->obj == OBJ_VALUE)
        component_key(s, k0, k1);
    else
        hash_key(s, k0, k1);
}

/* Whether the current position's value is known: into *v; *k0, *k1 get
 * its hash table key for store. */
static inline int lookup(const cy_vsearch *s, int *v, uint64_t *k0, uint64_t *k1)
{
    if (s->direct) {
        unsigned char x = s->tab[direct_key(s)];
        *v = (int)x - BIAS;
        return x != 0;
    }
    table_key(s, k0, k1);
    return memo_get(&s->memo, *k0, *k1, v);
}

/* Stores the value of the current position (hash table key km, kd from
 * lookup); 0, or -1 when memory is out. */
static int store(cy_vsearch *s, int v, uint64_t km, uint64_t kd)
{
    if (s->direct) {
        s->tab[direct_key(s)] = (unsigned char)(v + BIAS);
        s->used++;
        return 0;
    }
    if (memo_put(&s->memo, km, kd, v) < 0) {
        s->fail = CY_SOLVE_MEMORY;
        return -1;
    }
    return 0;
}

static int value(cy_vsearch *s, int depth);

/* The value for the mover of playing legal dart d at the current position
 * (its effect fx already known), and in *child the value for the player to
 * move after it (or the finished game's). */
static int move_value(cy_vsearch *s, int d, const cy_move_effect *fx, int depth, int *child)
{
    int cv;
    if (fx->ends)
        cv = rs_end_value(&s->r, 1);
    else {
        vs_play(s, d);
        cv = value(s, depth + 1);
        vs_undo(s, d);
    }
    if (child)
        *child = cv;
    if (s->k > 2)
        return (cv + 1) % s->k; /* the winner, seen from the mover */
    if (s->r.kind == CY_RULES_MISERE)
        return cv;
    return fx->again ? fx->points + cv : fx->points - cv;
}

/* The value (cy_vsearch_value) of the current position, which has not
 * ended; 0 with s->fail set when the search must stop. */
static int value(cy_vsearch *s, int depth)
{
    int known;
    uint64_t k0 = 0, k1 = 0;
    if (lookup(s, &known, &k0, &k1)) {
        s->st_.hits++;
        return known;
    }
    if (tick(s))
        return 0;
    int *moves = s->movebuf + (size_t)depth * (size_t)(2 * s->b->ne + 1);
    int n = rs_moves(&s->st, moves), v;
    if (n == 0)
        v = rs_end_value(&s->r, 0);
    else if (s->r.kind == CY_RULES_MISERE) {
        uint64_t seen[3] = {0, 0, 0}; /* values up to 2*64 + 1 */
        for (int k = 0; k < n; k++) {
            cy_move_effect fx;
            rs_effect(&s->st, moves[k], &fx);
            int g = move_value(s, moves[k], &fx, depth, NULL);
            if (s->fail)
                return 0;
            seen[g >> 6] |= 1ull << (g & 63);
        }
        v = 0;
        while (seen[v >> 6] & (1ull << (v & 63)))
            v++;
    } else if (s->k > 2) {
        v = s->k;
        for (int k = 0; k < n && v > 0; k++) {
            cy_move_effect fx;
            rs_effect(&s->st, moves[k], &fx);
            int w = move_value(s, moves[k], &fx, depth, NULL);
            if (s->fail)
                return 0;
            if (w < v)
                v = w;
        }
    } else {
        int cut = s->r.kind != CY_RULES_SCORE; /* 1 is the best a win/draw/loss game offers */
        v = INT16_MIN + 1;
        for (int k = 0; k < n; k++) {
            cy_move_effect fx;
            rs_effect(&s->st, moves[k], &fx);
            int w = move_value(s, moves[k], &fx, depth, NULL);
            if (s->fail)
                return 0;
            if (w > v)
                v = w;
            if (cut && v == 1)
                break;
        }
    }
    if (store(s, v, k0, k1))
        return 0;
    return v;
}

/* Whether s->player (0-based) wins the current position, which has not
 * ended, against the coalition of all the others; 0 with s->fail set when
 * the search must stop. */
static int force(cy_vsearch *s, int depth)
{
    int known;
    uint64_t k0 = 0, k1 = 0;
    if (lookup(s, &known, &k0, &k1)) {
        s->st_.hits++;
        return known;
    }
    if (tick(s))
        return 0;
    int mover = s->st.played % s->k, mine = mover == s->player;
    int *moves = s->movebuf + (size_t)depth * (size_t)(2 * s->b->ne + 1);
    int n = rs_moves(&s->st, moves), v;
    if (n == 0)
        v = (mover + s->k - 1) % s->k == s->player; /* the last mover wins */
    else {
        v = !mine; /* the mover seeks a win for itself; the coalition a loss for the player */
        for (int k = 0; k < n && v == !mine; k++) {
            cy_move_effect fx;
            rs_effect(&s->st, moves[k], &fx);
            int w;
            if (fx.ends)
                w = mine;
            else {
                vs_play(s, moves[k]);
                w = force(s, depth + 1);
                vs_undo(s, moves[k]);
                if (s->fail)
                    return 0;
            }
            if (w == mine)
                v = mine;
        }
    }
    if (store(s, v, k0, k1))
        return 0;
    return v;
}

/* Moves s->st to mark and starts the clock. */
static void set_position(cy_vsearch *s, const unsigned char *mark)
{
    rs_free(&s->st);
    rs_init(&s->st, s->b, &s->r, NULL);
    memset(s->img, 0, sizeof s->img);
    s->sgoff = 1;
    for (int e = 0; e < s->b->ne; e++)
        if (mark[e] != CY_UNMARKED)
            vs_play(s, cy_dart(e, mark[e]));
    s->sgoff = 0;
    if (s->ckeys) {
        s->sgtop = 0;
        sg_from_board(s->sb, s->b, mark, &s->sgs[0]);
    }
    s->fail = 0;
    s->start = cy_now();
    s->deadline = cyi_deadline(s->start, s->opts.timeout, 0);
}

int cy_vsearch_value(cy_vsearch *s, const unsigned char *mark, int *out)
{
    set_position(s, mark);
    table_for(s, OBJ_VALUE, 0);
    int v = rs_ended(&s->st) ? rs_end_value(&s->r, 1) : value(s, 0);
    s->st_.seconds += cy_now() - s->start;
    if (s->fail)
        return s->fail;
    *out = v;
    return 0;
}

int cy_vsearch_force(cy_vsearch *s, const unsigned char *mark, int player, int *wins)
{
    set_position(s, mark);
    table_for(s, OBJ_FORCE, player - 1);
    int v;
    if (rs_ended(&s->st))
        v = (s->st.played + s->k - 1) % s->k == player - 1; /* the one who completed it */
    else
        v = force(s, 0);
    s->st_.seconds += cy_now() - s->start;
    if (s->fail)
        return s->fail;
    *wins = v;
    return 0;
}

/* The values of the legal moves at mark (the current position of s, not
 * ended): into mv (for the mover) and cv (after the move); n moves in
 * moves.  Returns how many were judged before a stop (s->fail). */
static int judge_moves(cy_vsearch *s, const unsigned char *mark, const int *moves, int n, int *mv, int *cv)
{
    int judged = 0;
    set_position(s, mark);
    table_for(s, OBJ_VALUE, 0);
    for (int k = 0; k < n; k++) {
        cy_move_effect fx;
        rs_effect(&s->st, moves[k], &fx);
        mv[k] = move_value(s, moves[k], &fx, 0, &cv[k]);
        if (s->fail)
            break;
        judged++;
    }
    s->st_.seconds += cy_now() - s->start;
    return judged;
}

static const char *fail_text(int rc)
{
    return rc == CY_SOLVE_MEMORY ? "out of memory (--memory)" : "out of time (--timeout)";
}

int cy_variant_analyse(const cy_board *b, const cy_rules *r, const unsigned char *mark, const cy_variant_game *g,
                       const cy_solver_opts *o, cy_variant_analysis *a, cy_error *err)
{
    memset(a, 0, sizeof *a);
    a->rules = *r;
    a->game = *g;
    a->grundy = -1;
    a->complete = 1;
    a->outcome = '?';
    int k = r->players > 2 ? r->players : 2;
    for (int p = 0; p <= CY_MAX_PLAYERS; p++)
        a->force[p] = -1;
    cy_vsearch *s = cy_vsearch_new(b, r, o, err);
    if (!s)
        return CY_SOLVE_TOO_BIG;
    int *moves = cyi_xmalloc(sizeof(int) * (2 * (size_t)b->ne + 1));
    int *mv = cyi_xmalloc(sizeof(int) * (2 * (size_t)b->ne + 1));
    int *cv = cyi_xmalloc(sizeof(int) * (2 * (size_t)b->ne + 1));
    a->best = cyi_xmalloc(sizeof(int) * (2 * (size_t)b->ne + 1));
    a->drawing = cyi_xmalloc(sizeof(int) * (2 * (size_t)b->ne + 1));
    int n = cy_variant_legal(b, r, mark, moves);
    a->over = g->ended || n == 0;
    int rc = 0, v = 0;
    if (a->over)
        v = rs_end_value(r, cy_variant_ended(b, r, mark));
    else
        rc = cy_vsearch_value(s, mark, &v);
    if (rc == 0) {
        a->value = v;
        int judged = a->over ? 0 : judge_moves(s, mark, moves, n, mv, cv);
        if (judged < n) {
            rc = s->fail;
            a->complete = 0;
        }
        for (int i = 0; i < judged; i++) {
            int best = r->kind == CY_RULES_MISERE ? cv[i] == 0 : mv[i] == v;
            if (r->kind != CY_RULES_SCORE && k == 2 && r->kind != CY_RULES_MISERE)
                best = mv[i] == 1;
            if (best)
                a->best[a->nbest++] = moves[i];
            else if (r->kind == CY_RULES_DRAW && mv[i] == 0)
                a->drawing[a->ndraw++] = moves[i];
        }
        if (k > 2) {
            a->outcome = 0;
            a->winner = (g->to_move - 1 + v) % k + 1;
            for (int p = 1; p <= k && rc == 0; p++) {
                int w;
                rc = cy_vsearch_force(s, mark, p, &w);
                if (rc == 0)
                    a->force[p] = w;
                else
                    a->complete = 0;
            }
        } else {
            int other = 3 - g->to_move;
            int x = v;
            if (r->kind == CY_RULES_MISERE) {
                a->grundy = v;
                x = v ? 1 : -1;
            } else if (r->kind == CY_RULES_SCORE)
                x = g->score[g->to_move] - g->score[other] + v; /* the final difference */
            a->outcome = x > 0 ? 'N' : x < 0 ? 'P' : 'D';
            a->winner = x > 0 ? g->to_move : x < 0 ? other : 0;
        }
    } else
        a->complete = 0;
    if (rc < 0)
        cy_error_set(err, "%s", fail_text(rc));
    cy_vsearch_stats(s, &a->stats);
    cy_vsearch_progress_end(s);
    cy_vsearch_free(s);
    free(moves);
    free(mv);
    free(cv);
    return rc;
}

void cy_variant_analysis_free(cy_variant_analysis *a)
{
    free(a->best);
    free(a->drawing);
    a->best = a->drawing = NULL;
}

/* The moves as a JSON array of "U->V". */
static json_t *moves_json(const cy_board *b, const int *d, int n)
{
    json_t *w = json_array();
    for (int i = 0; i < n; i++) {
        char m[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, d[i], m, sizeof m);
        json_array_append_new(w, json_string(m));
    }
    return w;
}

char *cy_variant_json(const cy_board *b, const cy_variant_analysis *a)
{
    const cy_rules *r = &a->rules;
    int k = r->players > 2 ? r->players : 2;
    json_t *o = json_object();
    json_object_set_new(o, "board", json_string(b->name ? b->name : ""));
    json_object_set_new(o, "rules", json_string(cy_rules_name(r)));
    if (k > 2)
        json_object_set_new(o, "players", json_integer(k));
    if (r->kind == CY_RULES_SCORE)
        json_object_set_new(o, "extra_turn", json_boolean(r->extra_turn));
    if (r->kind == CY_RULES_ANY_CYCLE)
        json_object_set_new(o, "drawing_matters", json_false());
    json_object_set_new(o, "vertices", json_integer(b->nv));
    json_object_set_new(o, "edges", json_integer(b->ne));
    json_object_set_new(o, "cells", json_integer(b->ncells));
    if (b->surface) /* as the native board says it */
        json_object_set_new(o, "surface", json_pack("{s:b,s:i}", "orientable", b->orientable, "genus", b->genus));
    json_object_set_new(o, "moves_played", json_integer(a->game.played));
    json_object_set_new(o, "to_move", json_integer(a->game.to_move));
    json_object_set_new(o, "over", json_boolean(a->over));
    if (k == 2) {
        char oc[2] = {(char)a->outcome, 0};
        json_object_set_new(o, "outcome", a->outcome == '?' ? json_null() : json_string(oc));
    }
    json_object_set_new(o, "winner", a->winner ? json_integer(a->winner) : json_null());
    if (r->kind == CY_RULES_MISERE)
        json_object_set_new(o, "grundy", a->grundy >= 0 && a->outcome != '?' ? json_integer(a->grundy) : json_null());
    if (r->kind == CY_RULES_SCORE) {
        json_t *sc = json_array();
        for (int p = 1; p <= k; p++)
            json_array_append_new(sc, json_integer(a->game.score[p]));
        json_object_set_new(o, "score", sc);
        json_object_set_new(o, "score_difference", a->outcome == '?' ? json_null() : json_integer(a->value));
        json_object_set_new(o, "best_moves", moves_json(b, a->best, a->nbest));
    } else if (k > 2) {
        json_object_set_new(o, "convention",
                            json_string("each player maximises their own chance; ties go to the next player in turn"));
        json_object_set_new(o, "best_moves", moves_json(b, a->best, a->nbest));
        json_t *f = json_array();
        for (int p = 1; p <= k; p++)
            json_array_append_new(f, a->force[p] < 0 ? json_null() : json_boolean(a->force[p]));
        json_object_set_new(o, "can_force_win", f);
    } else
        json_object_set_new(o, "winning_moves", moves_json(b, a->best, a->nbest));
    if (r->kind == CY_RULES_DRAW)
        json_object_set_new(o, "drawing_moves", moves_json(b, a->drawing, a->ndraw));
    if (!a->complete)
        json_object_set_new(o, "complete", json_false());
    json_object_set_new(o, "positions", json_integer((json_int_t)a->stats.positions));
    json_object_set_new(o, "seconds", json_real((double)(long long)(a->stats.seconds * 1e6) / 1e6));
    return cyi_json_text(o);
}

/* Appends the moves as " U->V ..." or " none". */
static void moves_text(cyi_buf *t, const cy_board *b, const int *d, int n)
{
    for (int i = 0; i < n; i++) {
        char m[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, d[i], m, sizeof m);
        cyi_buf_printf(t, " %s", m);
    }
    cyi_buf_puts(t, n ? "\n" : " none\n");
}

char *cy_variant_text(const cy_board *b, const cy_variant_analysis *a)
{
    const cy_rules *r = &a->rules;
    int k = r->players > 2 ? r->players : 2;
    cyi_buf t = {0};
    char head[400];
    cyi_buf_printf(&t, "board: %s\n", cy_board_head(b, head, sizeof head));
    cyi_buf_printf(&t, "rules: %s", cy_rules_name(r));
    if (k > 2)
        cyi_buf_printf(&t, ", %d players", k);
    if (r->extra_turn)
        cyi_buf_puts(&t, ", extra turn");
    if (r->kind == CY_RULES_ANY_CYCLE)
        cyi_buf_puts(&t, " (any directed cycle wins: the drawing does not matter)");
    cyi_buf_puts(&t, "\n");
    cyi_buf_printf(&t, "%s: player %d (%d moves played)\n", a->over ? "game over; would move" : "to move",
                   a->game.to_move, a->game.played);
    if (r->kind == CY_RULES_SCORE) {
        cyi_buf_puts(&t, "score so far:");
        for (int p = 1; p <= k; p++)
            cyi_buf_printf(&t, " player %d %d", p, a->game.score[p]);
        cyi_buf_puts(&t, "\n");
    }
    if (a->outcome == '?')
        cyi_buf_puts(&t, "outcome: unknown (the search stopped)\n");
    else if (k > 2) {
        cyi_buf_printf(&t, "winner: player %d (each player maximises their own chance, ties to the next player)\n",
                       a->winner);
        for (int p = 1; p <= k; p++)
            cyi_buf_printf(&t, "player %d against all the others: %s\n", p,
                           a->force[p] < 0 ? "unknown"
                           : a->force[p]   ? "wins"
                                           : "cannot force a win");
    } else {
        if (r->kind == CY_RULES_SCORE)
            cyi_buf_printf(&t, "score difference from here (player to move minus the other): %d\n", a->value);
        if (a->outcome == 'D')
            cyi_buf_puts(&t, "outcome: a draw with perfect play (D)\n");
        else
            cyi_buf_printf(&t, "winner: player %d (%c-position: the %s player wins)\n", a->winner, a->outcome,
                           a->outcome == 'N' ? "next" : "previous");
        if (r->kind == CY_RULES_MISERE)
            cyi_buf_printf(&t, "misere grundy: %d\n", a->grundy);
    }
    if (!a->over) {
        cyi_buf_puts(&t, r->kind == CY_RULES_SCORE || k > 2 ? "best moves:" : "winning moves:");
        moves_text(&t, b, a->best, a->nbest);
        if (r->kind == CY_RULES_DRAW) {
            cyi_buf_puts(&t, "drawing moves:");
            moves_text(&t, b, a->drawing, a->ndraw);
        }
    }
    if (!a->complete)
        cyi_buf_puts(&t, "[partial answer]\n");
    cyi_buf_printf(&t, "searched: %llu positions in %.3f s\n", (unsigned long long)a->stats.positions, a->stats.seconds);
    return cyi_buf_take(&t);
}
