/*
 * positions.c - every position reachable from a start position under the
 * original rules, with its outcome and Grundy value (`cycles positions`, the
 * Python package's cycles.positions), and small helpers for bindings.
 *
 * Positions are enumerated level by level (a level holds the positions with
 * the same number of moves played): each level is a sorted array of base-3
 * numbers of the marks, the next one the sorted, deduplicated children of its
 * positions that are not ends.  Only two levels are held at a time.  Values
 * come from the solver, whose table serves all positions alike (the solver's
 * timeout bounds each position's search).
 */
#include "engine.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

struct cy_positions {
    const cy_board *b;
    cy_solver *s;
    uint64_t pow3[CY_POSITIONS_MAX_EDGES + 1];
    uint64_t *level, *next;   /* this level's codes, the next one's */
    size_t nlevel, nnext, caplevel, capnext;
    size_t at;                /* next index into level */
    int played;               /* moves played in this level */
    uint64_t done;
    unsigned char *mark;
    int *legal;
};

void cy_free(void *p)
{
    free(p);
}

char *cy_position_moves(const cy_board *b, const unsigned char *mark)
{
    cy_buf o = {0};
    cy_buf_puts(&o, "");
    for (int e = 0; e < b->ne; e++) {
        if (mark[e] == CY_UNMARKED)
            continue;
        char mv[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, cy_dart(e, mark[e]), mv, sizeof mv);
        cy_buf_printf(&o, "%s%s", o.len ? " " : "", mv);
    }
    return cy_buf_take(&o);
}

/* The marks of code into mark. */
static void decode(const cy_positions *it, uint64_t code, unsigned char *mark)
{
    for (int e = 0; e < it->b->ne; e++) {
        mark[e] = (unsigned char)(code % 3);
        code /= 3;
    }
}

static int cmp_code(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Makes the children of the current level the current level. */
static void advance(cy_positions *it)
{
    const cy_board *b = it->b;
    it->nnext = 0;
    for (size_t i = 0; i < it->nlevel; i++) {
        decode(it, it->level[i], it->mark);
        if (cy_rules_cycle_cell(b, it->mark) >= 0)
            continue;
        int n = cy_rules_legal(b, it->mark, it->legal);
        for (int k = 0; k < n; k++) {
            int d = it->legal[k];
            if (it->nnext == it->capnext) {
                it->capnext = it->capnext ? 2 * it->capnext : 1024;
                it->next = cy_xrealloc(it->next, it->capnext * sizeof *it->next);
            }
            it->next[it->nnext++] = it->level[i] + (uint64_t)cy_dart_mark(d) * it->pow3[cy_dart_edge(d)];
        }
    }
    if (it->nnext > 1)
        qsort(it->next, it->nnext, sizeof *it->next, cmp_code);
    size_t m = 0;
    for (size_t i = 0; i < it->nnext; i++)
        if (m == 0 || it->next[i] != it->next[m - 1])
            it->next[m++] = it->next[i];
    uint64_t *t = it->level;
    size_t cap = it->caplevel;
    it->level = it->next;
    it->caplevel = it->capnext;
    it->nlevel = m;
    it->next = t;
    it->capnext = cap;
    it->at = 0;
    it->played++;
}

cy_positions *cy_positions_new(const cy_board *b, const unsigned char *start, const cy_solver_opts *o,
                               cy_error *err)
{
    if (b->ne > CY_POSITIONS_MAX_EDGES) {
        cy_error_set(err, "the board has %d edges; every position is listed for boards of at most %d", b->ne,
                     CY_POSITIONS_MAX_EDGES);
        return NULL;
    }
    cy_solver_opts so = o ? *o : (cy_solver_opts){0};
    cy_solver *s = cy_solver_new(b, &so, err);
    if (!s)
        return NULL;
    cy_positions *it = cy_xcalloc(1, sizeof *it);
    it->b = b;
    it->s = s;
    it->pow3[0] = 1;
    for (int e = 1; e <= CY_POSITIONS_MAX_EDGES; e++)
        it->pow3[e] = 3 * it->pow3[e - 1];
    it->mark = cy_xcalloc((size_t)b->ne + 1, 1);
    it->legal = cy_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    it->level = cy_xmalloc(sizeof *it->level);
    it->nlevel = it->caplevel = 1;
    it->level[0] = 0;
    for (int e = 0; start && e < b->ne; e++)
        it->level[0] += (uint64_t)start[e] * it->pow3[e];
    it->played = start ? cy_rules_played(b, start) : 0;
    return it;
}

int cy_positions_next(cy_positions *it, cy_position_info *p, cy_error *err)
{
    const cy_board *b = it->b;
    if (it->at == it->nlevel) {
        if (it->nlevel == 0)
            return 0;
        advance(it);
        if (it->nlevel == 0)
            return 0;
    }
    decode(it, it->level[it->at], it->mark);
    memset(p, 0, sizeof *p);
    p->mark = it->mark;
    p->played = it->played;
    p->to_move = it->played % 2 == 0 ? 1 : 2;
    p->cycle_cell = cy_rules_cycle_cell(b, it->mark);
    p->grundy = -1;
    if (p->cycle_cell >= 0) {
        p->over = 1;
        p->outcome = 'P';
    } else if (cy_rules_legal(b, it->mark, it->legal) == 0) {
        p->over = 1;
        p->outcome = 'P';
        p->grundy = 0;
    } else if (cy_rules_winning_completion(b, it->mark) >= 0)
        p->outcome = 'N';
    else {
        int no_grundy = cy_solver_options(it->s)->no_grundy;
        int v = no_grundy ? cy_solver_wins(it->s, it->mark) : cy_solver_grundy(it->s, it->mark);
        if (v < 0) {
            cy_error_set(err, "%s",
                         v == CY_SOLVE_TIMEOUT  ? "the solver ran out of time"
                         : v == CY_SOLVE_MEMORY ? "the solver's table is full"
                                                : "the position is too big for the solver");
            return v;
        }
        p->outcome = v > 0 ? 'N' : 'P';
        p->grundy = no_grundy ? -1 : v;
    }
    p->winner = p->outcome == 'N' ? p->to_move : 3 - p->to_move;
    it->at++;
    it->done++;
    return 1;
}

uint64_t cy_positions_done(const cy_positions *it)
{
    return it->done;
}

void cy_positions_free(cy_positions *it)
{
    if (!it)
        return;
    cy_solver_free(it->s);
    free(it->level);
    free(it->next);
    free(it->mark);
    free(it->legal);
    free(it);
}
