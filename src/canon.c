/*
 * canon.c - canonical keys of sub-games through nauty.
 *
 * A sub-game becomes a coloured graph: two nodes per edge (its darts, joined),
 * one node per committed constraint (VC, CC) joined to its reference darts,
 * and a joined pair of nodes per fresh constraint (VF, CF), one joined to the
 * reference darts and one to the others, since a fresh constraint does not
 * care which way round it is read.  Reversing every arrow maps each dart to
 * its partner and so is an isomorphism of these graphs; so are relabelling and
 * mirroring.  nauty's canonical labelling then gives one graph per class,
 * which is hashed to 128 bits.
 */
#include "canon.h"

#include <nausparse.h>
#include <nauty.h>
#include <schreier.h>
#include <string.h>

/* 64-bit mixing (splitmix64's finaliser). */
static inline uint64_t mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBull;
    x ^= x >> 31;
    return x;
}

/* Folds word w into the two halves of a key. */
static inline void fold(uint64_t key[2], uint64_t w)
{
    key[0] = mix(key[0] ^ w) + 0x9E3779B97F4A7C15ull;
    key[1] = mix(key[1] + (w * 0xD6E8FEB86659FD93ull)) ^ 0x632BE59BD9B4E019ull;
}

/* The key of g as labelled: a sum over its constraints, so their order does
 * not matter. */
static void plain_key(const sg *g, uint64_t key[2])
{
    uint64_t a = g->live * 0x9E3779B97F4A7C15ull, b = mix(g->live ^ 0x243F6A8885A308D3ull);
    for (int c = 0; c < g->nc; c++) {
        uint64_t x = g->edges[c] * 0xD6E8FEB86659FD93ull + (g->ref[c] & g->edges[c]) * 0xA0761D6478BD642Full +
                     (uint64_t)g->kind[c] * 0xE7037ED1A0B428DBull;
        a += mix(x);
        b += mix(x ^ 0x13198A2E03707344ull);
    }
    key[0] = mix(a);
    key[1] = mix(b + 0x452821E638D01377ull);
}

#define CANON_MAXN (2 * SG_MAXE + 2 * SG_MAXC)
#define CANON_MAXM SETWORDSNEEDED(CANON_MAXN)

void sg_key(const sg *g, int canonical, uint64_t key[2])
{
    if (!canonical) {
        plain_key(g, key);
        return;
    }
    int count[4] = {0, 0, 0, 0};
    for (int c = 0; c < g->nc; c++)
        count[g->kind[c]]++;
    /* node layout: darts, then VC, CC, VF pairs, CF pairs */
    int base[4];
    base[SG_VC] = 2 * __builtin_popcountll(g->live);
    base[SG_CC] = base[SG_VC] + count[SG_VC];
    base[SG_VF] = base[SG_CC] + count[SG_CC];
    base[SG_CF] = base[SG_VF] + 2 * count[SG_VF];
    int n = base[SG_CF] + 2 * count[SG_CF];
    int m = SETWORDSNEEDED(n);
    graph gr[CANON_MAXN * CANON_MAXM], cg[CANON_MAXN * CANON_MAXM];
    int lab[CANON_MAXN], ptn[CANON_MAXN], orbits[CANON_MAXN];
    EMPTYGRAPH(gr, m, n);
    int k = __builtin_popcountll(g->live);
    for (int e = 0; e < k; e++)
        ADDONEEDGE(gr, 2 * e, 2 * e + 1, m);
    int next[4] = {base[0], base[1], base[2], base[3]};
    for (int c = 0; c < g->nc; c++) {
        int k = g->kind[c];
        int node = next[k];
        int pair = k == SG_VF || k == SG_CF;
        next[k] += pair ? 2 : 1;
        if (pair)
            ADDONEEDGE(gr, node, node + 1, m);
        for (uint64_t es = g->edges[c]; es; es &= es - 1) {
            int be = __builtin_ctzll(es);
            int e = __builtin_popcountll(g->live & ((1ull << be) - 1)); /* local number */
            int r = (int)((g->ref[c] >> be) & 1u);
            ADDONEEDGE(gr, node, 2 * e + r, m);
            if (pair)
                ADDONEEDGE(gr, node + 1, 2 * e + 1 - r, m);
        }
    }
    /* colour classes in node order */
    for (int i = 0; i < n; i++) {
        lab[i] = i;
        ptn[i] = 1;
    }
    int ends[4] = {base[SG_VC], base[SG_CC], base[SG_VF], base[SG_CF]};
    for (int i = 0; i < 4; i++)
        if (ends[i] > 0)
            ptn[ends[i] - 1] = 0;
    if (n > 0)
        ptn[n - 1] = 0;
    static DEFAULTOPTIONS_GRAPH(options);
    statsblk stats;
    optionblk opt = options;
    opt.getcanon = TRUE;
    opt.defaultptn = FALSE;
    key[0] = 0x452821E638D01377ull;
    key[1] = 0xBE5466CF34E90C6Cull;
    fold(key, (uint64_t)__builtin_popcountll(g->live) | (uint64_t)count[SG_VC] << 16 | (uint64_t)count[SG_CC] << 32 |
                  (uint64_t)count[SG_VF] << 48);
    fold(key, (uint64_t)count[SG_CF]);
    if (n == 0)
        return;
    densenauty(gr, lab, ptn, orbits, &opt, &stats, m, n, cg);
    for (size_t i = 0; i < (size_t)m * (size_t)n; i++)
        fold(key, (uint64_t)cg[i]);
}

void cy_nauty_thread_done(void)
{
    nauty_freedyn();
    nautil_freedyn();
    naugraph_freedyn();
    schreier_freedyn();
    nausparse_freedyn();
}
