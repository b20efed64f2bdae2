/*
 * solver_dfpn.c - df-pn, the depth-first proof-number search of Nagai
 * (2002), for the outcome questions of the fast engine (`--search dfpn`):
 * whether the player to move wins L + *n, L a large component and *n a
 * nim-heap holding everything else (fold(), as win() sees a position).
 *
 * Every node has a proof number pn (how many leaves, at least, must still
 * be settled to prove that the player to move wins) and a disproof number
 * dn (to prove that he loses), counted in the negamax way: a node's pn is
 * the least dn of its children, its dn combines the children's pn.  MID
 * searches a node until its pn or dn reaches the thresholds it was given,
 * always going into the child of least dn with thresholds that send it
 * back as soon as another child becomes more promising ("multiple
 * iterative deepening"); what is not settled is remembered in a table of
 * its own, what is settled goes into the engine's main table as win()'s
 * results do, so that Grundy values and moves still read from it.
 *
 * Positions of this game are reached by many move orders (moves commute
 * unless they touch a common vertex or cell) but never repeat, so the
 * graph is a DAG with a great many transpositions; against their cost:
 * - the 1 + epsilon trick of Pawlewicz and Lew (2007): a child is searched
 *   until its dn exceeds (1 + EPS) times the second best, not just the
 *   second best plus one, so the search does not flip between siblings;
 * - a cap on double counting: a node's dn is the largest pn of its
 *   children plus one for each other child (the "weak" proof numbers of
 *   Ueda, Hashimoto, Hashimoto and Iida, 2008), not their sum: siblings
 *   share most of their subtrees through transpositions, so the sum counts
 *   the same leaves many times over (DN_SUM 1 restores the sum).
 * The mirror replies (win()'s move ordering, fx_order) stay the move order,
 * which breaks ties, and give the initial numbers: a mirror reply starts
 * with a small pn (its child with a small dn).
 */
#include "fast_internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Infinity, for a settled node: pn and dn take 28 bits in the table. */
#define INF 0x0FFFFFFFu
/* 1 / EPS_DIV is the epsilon of the 1 + epsilon trick. */
#ifndef EPS_DIV
#define EPS_DIV 1
#endif
/* 1: a node's dn is the sum of its children's pn (Nagai's); 0: the cap on
 * double counting described above. */
#ifndef DN_SUM
#define DN_SUM 0
#endif
/* The initial numbers of a node not yet searched: a pn of 1 (one winning
 * move may do) and a dn of its number of moves (each must be refuted), as
 * its numbers will be once it is searched; or after a mirror reply (which
 * probably wins) a dn of 1 and a pn MIRROR_PN times its moves. */
#define MIRROR_PN 1
/* The moves other than mirror replies weigh this much more in a node's pn
 * (df-pn+'s costs of moves, Nagai and Kishimoto): a child's dn counts
 * WEIGHT times, a mirror reply's once, so that the search keeps to a mirror
 * reply after its first numbers, until it is refuted. */
#ifndef WEIGHT
#define WEIGHT 8
#endif
/* The positions the rounds search may take on a small component, per unit
 * of its pn + dn. */
#define LEAF_BUDGET 16
/* Salt of the df-pn table's keys (the main table's outcome salt besides). */
#define SALT_DFPN 0x2545F4914F6CDD1Dull

/* ---------------------------------------------------------------- table */

/* Entries of two words, lock-free as in ttable.c: check = key0 ^ key1'
 * ^ data and data = pn << 36 | dn << 8 | work class; a torn entry fails its
 * check.  Buckets of four fill one cache line; a full bucket gives up its
 * entry of least work. */
#define WAYS 4
struct dfpn_table {
    uint64_t (*e)[2];
    size_t nbuckets; /* a power of two */
    size_t bytes;
};

dfpn_table *dfpn_table_new(size_t bytes)
{
    size_t nb = 1;
    while (nb * 2 * WAYS * 16 <= bytes)
        nb *= 2;
    dfpn_table *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->bytes = nb * WAYS * 16;
    /* anonymous pages are zero and mapped lazily: memory is touched only
     * as the table fills */
    void *block = mmap(NULL, t->bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (block == MAP_FAILED) {
        free(t);
        return NULL;
    }
    t->e = block;
    t->nbuckets = nb;
    return t;
}

void dfpn_table_free(dfpn_table *t)
{
    if (t) {
        munmap(t->e, t->bytes);
        free(t);
    }
}

/* The check word of key over data. */
static inline uint64_t check_of(const uint64_t key[2], uint64_t data)
{
    return key[0] ^ (key[1] << 32 | key[1] >> 32) ^ data;
}

/* The first entry of key's bucket. */
static inline uint64_t (*bucket_of(const dfpn_table *t, const uint64_t key[2]))[2]
{
    return t->e + (key[1] & (t->nbuckets - 1)) * WAYS;
}

/* The numbers stored under key into *pn, *dn: 1, or 0 when absent. */
static int table_get(const dfpn_table *t, const uint64_t key[2], uint32_t *pn, uint32_t *dn)
{
    if (!t)
        return 0;
    uint64_t(*b)[2] = bucket_of(t, key);
    for (int i = 0; i < WAYS; i++) {
        uint64_t data = __atomic_load_n(&b[i][1], __ATOMIC_RELAXED);
        uint64_t check = __atomic_load_n(&b[i][0], __ATOMIC_RELAXED);
        if (data && check == check_of(key, data)) {
            *pn = (uint32_t)(data >> 36);
            *dn = (uint32_t)(data >> 8) & INF;
            return 1;
        }
    }
    return 0;
}

/* Stores the numbers of an unsettled node (both at least 1) under key. */
static void table_put(dfpn_table *t, const uint64_t key[2], uint32_t pn, uint32_t dn, uint64_t work)
{
    if (!t)
        return;
    uint64_t cls = work ? 64u - (uint64_t)__builtin_clzll(work) : 0;
    uint64_t data = (uint64_t)pn << 36 | (uint64_t)dn << 8 | cls;
    uint64_t(*b)[2] = bucket_of(t, key);
    int victim = 0;
    uint64_t least = UINT64_MAX;
    for (int i = 0; i < WAYS; i++) {
        uint64_t d = __atomic_load_n(&b[i][1], __ATOMIC_RELAXED);
        if (!d || __atomic_load_n(&b[i][0], __ATOMIC_RELAXED) == check_of(key, d)) {
            victim = i;
            break;
        }
        if ((d & 0xFF) < least) {
            least = d & 0xFF;
            victim = i;
        }
    }
    __atomic_store_n(&b[victim][0], check_of(key, data), __ATOMIC_RELAXED);
    __atomic_store_n(&b[victim][1], data, __ATOMIC_RELAXED);
}

/* ---------------------------------------------------------------- search */

/* a + b, short of infinity unless one of them is infinite. */
static inline uint32_t add(uint32_t a, uint32_t b)
{
    if (a >= INF || b >= INF)
        return INF;
    return a + b >= INF ? INF - 1 : a + b;
}

/* a * b, short of infinity unless a is infinite. */
static inline uint32_t times(uint32_t a, uint32_t b)
{
    if (a >= INF)
        return INF;
    return (uint64_t)a * b >= INF ? INF - 1 : a * b;
}

/* A child of a node: the position after one move, folded, with its
 * numbers from its own mover's view (pn 0: its mover wins; dn 0: he
 * loses). */
typedef struct child {
    sg big;          /* its largest component (when unsettled) */
    keys k;          /* big's keys in the main table */
    uint64_t key[2]; /* its key in the df-pn table */
    int heap, dart;  /* the heap against big; the move (-1 - j: heap to j) */
    int deep;        /* looked up under its canonical key too */
    uint32_t weight; /* its dn counts this many times in the node's pn */
    uint32_t pn, dn;
} child;

/* The df-pn key of big + *n with keys k: the labelled key (a canonical
 * one for every child of every node would cost more than it saves; the
 * results, in the main table, are found under canonical keys). */
static void dfpn_key(const keys *k, int n, uint64_t key[2])
{
    key[0] = k->l[0] ^ fx_outcome_salt(n) ^ SALT_DFPN;
    key[1] = k->l[1];
}

/* The moves of big + *n, at least 1 (death moves counted: an estimate). */
static uint32_t mobility(worker *f, const sg *big, int n)
{
    uint64_t forbidden[2];
    sg_forbidden(fx_board(f), big, forbidden);
    int m = __builtin_popcountll(big->live & ~forbidden[0]) + __builtin_popcountll(big->live & ~forbidden[1]) + n;
    return m > 0 ? (uint32_t)m : 1;
}

/* Sets c's numbers if the main table settles it: returns 1 if so, 0 if
 * not.  Its value (salt 0) decides its outcome as well.  Under the
 * labelled keys only, or with deep under the canonical ones too (dearer:
 * done for a child only once it is to be searched). */
static int settled(worker *f, child *c, int deep)
{
    int v = deep ? fx_lookup(f, &c->k, 0) : fx_get(f, &c->k, 0);
    if (v >= 0)
        v = v != c->heap;
    else
        v = deep ? fx_lookup(f, &c->k, fx_outcome_salt(c->heap)) : fx_get(f, &c->k, fx_outcome_salt(c->heap));
    if (v < 0)
        return 0;
    c->pn = v ? 0 : INF;
    c->dn = v ? INF : 0;
    return 1;
}

/* Fills in child c of the position pos + *n (after its move): folds it,
 * settles it from the table or by mex where it can, else reads its numbers
 * from the df-pn table or starts them (mirror: it follows a mirror reply).
 * Returns 0 or a negative code. */
static int start_child(worker *f, child *c, const sg *pos, int n, int mirror)
{
    int has_big = fx_fold(f, pos, n, &c->big, &c->heap);
    if (has_big < 0)
        return has_big;
    if (!has_big) {
        c->pn = c->heap ? 0 : INF;
        c->dn = c->heap ? INF : 0;
        return 0;
    }
    int pv = fx_proved_value(f, &c->big);
    if (pv >= 0) { /* its value is 0 or 1 (Theorem 6) */
        c->pn = pv != c->heap ? 0 : INF;
        c->dn = pv != c->heap ? INF : 0;
        return 0;
    }
    fx_keys_of(f, &c->big, &c->k);
    if (__builtin_popcountll(c->big.live) <= fx_small(f)) {
        int v = fx_lookup(f, &c->k, 0);
        if (v < 0)
            v = fx_mex_value(f, &c->big, &c->k);
        if (v < 0)
            return v;
        c->pn = v != c->heap ? 0 : INF;
        c->dn = v != c->heap ? INF : 0;
        return 0;
    }
    c->deep = 0;
    if (settled(f, c, 0))
        return 0;
    dfpn_key(&c->k, c->heap, c->key);
    if (!table_get(fx_dfpn_table(f), c->key, &c->pn, &c->dn)) {
        uint32_t moves = mobility(f, &c->big, c->heap);
        c->pn = mirror ? MIRROR_PN : 1;
        c->dn = mirror ? 1 : moves;
    }
    return 0;
}

/* Keeps the least two of the numbers seen in *least and *second, and the
 * index of the least (the first such) in *at: e is the i-th number. */
static inline void least_two(uint32_t e, int i, uint32_t *least, uint32_t *second, int *at)
{
    if (e < *least) {
        *second = *least;
        *least = e;
        *at = i;
    } else if (e < *second)
        *second = e;
}

/* The child of a node big + *n that moves the heap from n to j: big stays
 * as it is, keys and all; its numbers from the tables, else pn 1 and dn its
 * mobility. */
static void heap_child(worker *f, child *ch, const sg *big, const keys *k, int j)
{
    ch->big = *big;
    ch->k = *k;
    ch->k.g = &ch->big;
    ch->heap = j;
    ch->dart = -1 - j;
    ch->deep = 0;
    ch->weight = WEIGHT;
    if (!settled(f, ch, 0)) {
        dfpn_key(&ch->k, j, ch->key);
        if (!table_get(fx_dfpn_table(f), ch->key, &ch->pn, &ch->dn)) {
            ch->pn = 1;
            ch->dn = mobility(f, &ch->big, j);
        }
    }
}

/* Stores what mid found for big + *n (keys k, df-pn key key; its nc
 * children c; its numbers pn and dn; work the positions it took): a win
 * with its winning dart and a loss with its value n in the main table, an
 * unsettled node in the df-pn table. */
static void mid_store(worker *f, int n, keys *k, const uint64_t key[2], const child *c, int nc, uint32_t pn,
                      uint32_t dn, uint64_t work)
{
    if (pn == 0) {
        int best = -1;
        for (int i = 0; i < nc && best < 0; i++)
            if (c[i].dn == 0)
                best = i;
        int move = c[best].dart >= 0 ? c[best].dart : -1;
        if (move >= 0)
            fx_won(f, move);
        fx_store(f, k, fx_outcome_salt(n), 1, move, work);
    } else if (dn == 0) {
        fx_store(f, k, fx_outcome_salt(n), 0, -1, work);
        fx_store(f, k, 0, n, -1, work); /* big + *n is a loss: its value is n */
    } else
        table_put(fx_dfpn_table(f), key, pn, dn, work);
}

/* Nagai's MID: searches big + *n (keys k, df-pn key key) until its pn
 * reaches thpn or its dn thdn, or it is settled; its numbers into *pn and
 * *dn.  A settled node goes into the main table (a win with its winning
 * dart, a loss with its value n as well), an unsettled one into the df-pn
 * table.  Returns 0 or a negative code. */
static int mid(worker *f, const sg *big, int n, keys *k, const uint64_t key[2], uint32_t thpn, uint32_t thdn,
               uint32_t *pn, uint32_t *dn)
{
    int r = fx_tick(f);
    if (r < 0)
        return r;
    /* ABDADA among threads: this node is marked while it is searched, and
     * a thread choosing among children passes over those marked (below) */
    fx_mark m __attribute__((cleanup(fx_unmark))) = fx_claim(f, k, n);
    uint64_t before = fx_done(f);
    int dart[2 * SG_MAXE], score[2 * SG_MAXE];
    int nm = fx_order(f, big, n, dart, score), best = -1;
    if (nm < 0) { /* the table shows a winning move */
        best = -1 - nm;
        *pn = 0;
        *dn = INF;
        fx_store(f, k, fx_outcome_salt(n), 1, best, fx_done(f) - before + 1);
        return 0;
    }
    int nc = 0;
    child *c = malloc(sizeof(child) * (size_t)(nm + n + 1));
    if (!c)
        return CY_SOLVE_MEMORY;
    const sg_board *sb = fx_board(f);
    /* the children in the order of fx_order, the moves on the heap last;
     * one lost for its mover settles the node at once */
    for (int i = 0; i < nm + n && best < 0; i++) {
        child *ch = &c[nc++];
        if (i < nm) {
            sg pos = *big;
            sg_play(sb, &pos, dart[i] >> 1, dart[i] & 1);
            r = start_child(f, ch, &pos, n, score[i] >> 27);
            ch->dart = dart[i];
            ch->weight = score[i] >> 27 ? 1 : WEIGHT;
        } else {
            heap_child(f, ch, big, k, i - nm);
        }
        if (r < 0)
            break;
        if (ch->dn == 0)
            best = i;
    }
    while (r >= 0) {
        /* the node's numbers, and the child of least dn (the first such
         * in move order) with the second least dn; and the same among the
         * children no other thread is searching (fbest, fbest2: the virtual
         * numbers of parallel df-pn, in which a child being searched looks
         * settled for now) */
        uint32_t p = INF, d = 0, maxpn = 0, dn2 = INF, fbest = INF, fbest2 = INF;
        int c1 = -1, f1 = -1, open = 0;
        for (int i = 0; i < nc; i++) {
            uint32_t e = times(c[i].dn, c[i].weight);
            least_two(e, i, &p, &dn2, &c1);
            if (e < fbest2 && c[i].pn && c[i].dn && fx_marked(f, &c[i].k, c[i].heap))
                e = INF; /* (only a child that could be chosen is looked at) */
            least_two(e, i, &fbest, &fbest2, &f1);
            if (c[i].pn > maxpn)
                maxpn = c[i].pn;
            d = add(d, c[i].pn);
            open += c[i].pn > 0;
        }
        if (!DN_SUM && d > 0 && d < INF)
            d = add(maxpn, (uint32_t)(open - 1)); /* the cap on double counting */
        *pn = p;
        *dn = d;
        if (p == 0 || d == 0 || p >= thpn || d >= thdn)
            break;
        /* a free child while one is: its threshold must leave it room, or
         * the thread would go round without searching */
        if (f1 >= 0 && f1 != c1 && fbest < thpn && fbest < INF) {
            c1 = f1;
            dn2 = fbest2;
        }
        child *ch = &c[c1];
        if (!ch->deep) { /* first its canonical keys */
            ch->deep = 1;
            if (settled(f, ch, 1))
                continue;
            if (fx_canonical(f, &ch->k)) {
                /* from now on under its canonical key, shared with its
                 * isomorphic images (siblings among them): one of them
                 * is searched, not all of them side by side */
                ch->key[0] = ch->k.c[0] ^ fx_outcome_salt(ch->heap) ^ SALT_DFPN;
                ch->key[1] = ch->k.c[1];
                if (table_get(fx_dfpn_table(f), ch->key, &ch->pn, &ch->dn))
                    continue; /* its numbers have changed: choose again */
            }
        }
        if (__builtin_popcountll(ch->big.live) <= fx_dfpn_edges(f)) {
            /* small enough for the rounds search, within a budget that
             * grows with the child's numbers: each time it runs out they
             * double, and the child looks less promising */
            r = fx_win_rounds(f, &ch->big, ch->heap, LEAF_BUDGET * ((uint64_t)ch->pn + ch->dn));
            if (r == FX_OVER) {
                r = 0;
                ch->pn = times(ch->pn, 2);
                ch->dn = times(ch->dn, 2);
                table_put(fx_dfpn_table(f), ch->key, ch->pn, ch->dn, LEAF_BUDGET * ((uint64_t)ch->pn + ch->dn));
            } else if (r >= 0) {
                ch->pn = r ? 0 : INF;
                ch->dn = r ? INF : 0;
            }
            continue;
        }
        /* the child's thresholds: its pn may grow until the node's dn
         * reaches thdn; its dn until it passes the second best by the
         * factor 1 + 1/EPS_DIV, or the node's pn reaches thpn */
        uint32_t cthpn = add(thdn - d, DN_SUM ? ch->pn : maxpn);
        uint32_t cthdn = add(dn2, 1 + (dn2 < INF ? dn2 / EPS_DIV : 0));
        if (cthdn > thpn)
            cthdn = thpn;
        if (cthdn < INF) /* from the node's scale to the child's */
            cthdn = (cthdn + ch->weight - 1) / ch->weight;
        r = mid(f, &ch->big, ch->heap, &ch->k, ch->key, cthpn, cthdn, &ch->pn, &ch->dn);
        /* the others may have been settled or moved meanwhile, by
         * transpositions below this child or by another thread */
        for (int i = 0; r >= 0 && i < nc; i++)
            if (i != c1 && c[i].pn && c[i].dn && !settled(f, &c[i], 0))
                table_get(fx_dfpn_table(f), c[i].key, &c[i].pn, &c[i].dn);
    }
    if (r >= 0)
        mid_store(f, n, k, key, c, nc, *pn, *dn, fx_done(f) - before + 1);
    free(c);
    return r;
}

int dfpn_win(worker *f, const sg *big, int n, keys *k)
{
    uint64_t key[2];
    uint32_t pn, dn;
    dfpn_key(k, n, key);
    if (fx_canonical(f, k)) { /* known already: win() looked it up */
        key[0] = k->c[0] ^ fx_outcome_salt(n) ^ SALT_DFPN;
        key[1] = k->c[1];
    }
    int r = mid(f, big, n, k, key, INF, INF, &pn, &dn);
    return r < 0 ? r : pn == 0;
}
