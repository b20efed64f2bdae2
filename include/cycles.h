/*
 * cycles.h - public API of libcycles, the Game of Cycles engine.
 *
 * A board is a connected simple plane graph given by its faces: the cells
 * (bounded faces) and the outer face, each a closed walk of darts.  A dart is
 * an edge with a direction: dart 2e runs eu[e] -> ev[e], dart 2e+1 runs
 * ev[e] -> eu[e].  Every dart lies on exactly one face, so the two sides of
 * an edge lie on two face walks in opposite directions.  Cells are stored so
 * that all of them run the same way round (clockwise in the game-table
 * convention of Zonnefeld, Janssen and Kautz) and the outer face the other.
 *
 * A position is an array of edge marks (CY_UNMARKED, CY_FWD, CY_BWD), one per
 * edge; a move is the dart it marks.  The number of marked edges is the
 * number of moves played, so player 1 is to move when it is even.
 */
#ifndef CYCLES_H
#define CYCLES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CY_VERSION "0.1.0"

/* ---------------------------------------------------------------- errors */

/* An error is a message a user can read, without the program name or file. */
typedef struct cy_error {
    char msg[512];
} cy_error;

/* Formats msg into err (if err is not NULL), escaped by cy_escape (so input
 * quoted in a message cannot reach a terminal raw); always returns -1. */
int cy_error_set(cy_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ------------------------------------------------------------- escaping */

/* cy_escape flag: keep newlines and tabs (for whole multi-line texts). */
#define CY_ESCAPE_KEEP_LINES 1

/* Writes s[0..len) to out (room for n bytes, the NUL included; n may be 0)
 * with every control character (C0 including NUL, DEL, and C1 U+0080..U+009F)
 * and every byte that is not part of well-formed UTF-8 written as \xHH, so
 * the result is valid UTF-8 free of control characters (but newlines and
 * tabs with CY_ESCAPE_KEEP_LINES).  Other bytes, the backslash included,
 * are copied, so escaping escaped text changes nothing.  Cuts only between
 * characters or escapes.  Returns the length of the whole escaped text, as
 * snprintf does. */
size_t cy_escape(char *out, size_t n, const char *s, size_t len, int flags);

/* cy_escape of the string s into a malloc'd string. */
char *cy_escape_dup(const char *s, int flags);

/* ----------------------------------------------------------------- board */

/* Limits the board model accepts; the solvers have smaller ones. */
#define CY_MAX_VERTICES 100000
#define CY_MAX_EDGES 300000
#define CY_MAX_LABEL 64

/* Edge marks. */
enum { CY_UNMARKED = 0, CY_FWD = 1, CY_BWD = 2 };

/* A validated board; every field is read-only for users of the library. */
typedef struct cy_board {
    int nv, ne, ncells;     /* faces are 0..ncells-1 (cells) and ncells (outer) */
    char **label;           /* vertex labels, unique, no blanks, commas or "->" */
    unsigned char *special; /* special vertices are exempt from sink/source */
    int has_coords;
    double *x, *y;           /* coordinates when has_coords */
    int *eu, *ev;            /* edge e joins eu[e] and ev[e] */
    int *vstart, *vdarts;    /* darts leaving v: vdarts[vstart[v] .. vstart[v+1]),
                                in rotation order */
    int *fstart, *fdarts;    /* face f walk: fdarts[fstart[f] .. fstart[f+1]) */
    int *dface;              /* face of each dart */
    unsigned char *cyclable; /* per cell: its walk uses no edge twice */
    char *name;              /* a name for messages and output, escaped by cy_escape
                                (valid UTF-8 without control characters); may be NULL */
    /* boards on other closed surfaces */
    int surface;        /* 1: a board on a closed surface: every face is a cell
                           and there is no outer face (face ncells has an
                           empty walk); 0: a plane board */
    int orientable;     /* 0 only on a non-orientable surface */
    int genus;          /* the genus (orientable) or the crosscap number;
                           0 for the plane and the sphere */
    int *sface, *sdart; /* the two sides of edge e, i = 2e and 2e+1: face
                           sface[i]'s walk runs along e as dart sdart[i].  On
                           an orientable surface (the plane included)
                           sdart[i] = i and sface[i] = dface[i].  On a
                           non-orientable one both sides may run along the
                           same dart; there dface and the rotation order of
                           vdarts mean nothing (dface[d] is still a face) and
                           only the walks and the sides describe the board */
    int multi;          /* 1: the graph is not simple: some edges are
                           parallel (join the same two vertices) or
                           loops; only on a closed surface.  Moves along
                           such an edge are written eN:U->V */
    int loops;          /* 1: some edge is a loop (eu[e] == ev[e]); then
                           multi too.  A marked loop gives its vertex an
                           arrow in and one out; moves along a loop are
                           written +eN:U->U (along its direction, dart
                           2N) or -eN:U->U */
} cy_board;

/* The description a board is built from: vertices and face walks. */
typedef struct cy_board_desc {
    int nv;
    const char *const *labels; /* nv labels; NULL means "1" .. "nv" */
    int ncells;
    const int *const *cells; /* cell i is the closed walk cells[i][0..cell_len[i]) */
    const int *cell_len;
    const int *outer; /* the outer face walk; NULL derives it */
    int outer_len;
    const unsigned char *special; /* nv flags or NULL */
    const double *xy;             /* 2*nv coordinates or NULL */
    const char *name;
    int surface;    /* 1: the cells are every face of a closed surface
                       (outer must be NULL), checked against
                       V - E + F = 2 - 2*genus (orientable) or
                       2 - genus (the crosscap number); 0: the plane */
    int orientable; /* with surface: whether the surface is orientable */
    int genus;      /* with surface: its genus or crosscap number */
    /* Optional edge names, needed where edges are parallel (a closed surface
     * only): step j of cell i, from cells[i][j] to the next vertex of the
     * walk, runs along edge cell_edges[i][j] (outer_edges likewise).  The
     * edges are then numbered by these names, which must be 0 .. E-1, each
     * used; edge_ends (2E entries or NULL) gives each edge's ends in the
     * order eu, ev.  Without them edges are identified by their two ends. */
    const int *const *cell_edges;
    const int *outer_edges;
    const int *edge_ends;
    /* Optional, with cell_edges: step j of cell i runs along its edge's
     * direction when cell_rev[i][j] is 0, against it (from its second end to
     * its first) when 1; 2 does not say.  Read for loops only, whose two
     * ends are one vertex: where it does not say, a loop runs forwards on
     * the first step that names it (by cell, then step) and backwards on the
     * second, which fits an orientable surface only. */
    const unsigned char *const *cell_rev;
} cy_board_desc;

/* Builds and validates a board; NULL with a message in err on any defect. */
cy_board *cy_board_from_faces(const cy_board_desc *d, cy_error *err);

/* Builds a board from a straight-line drawing: coordinates (2*nv) and ne edges
 * (pairs of vertex indices); the cells are the bounded faces of the drawing.
 * Crossing or overlapping edges are an error. */
cy_board *cy_board_from_drawing(int nv, const char *const *labels, const double *xy, int ne, const int *edges,
                                const unsigned char *special, const char *name, cy_error *err);

/* A copy of b with new special-vertex flags (NULL: none), or NULL on error. */
cy_board *cy_board_with_special(const cy_board *b, const unsigned char *special, cy_error *err);

void cy_board_free(cy_board *b);

static inline int cy_dart(int e, int mark)
{
    return 2 * e + (mark == CY_BWD);
}
static inline int cy_dart_edge(int d)
{
    return d >> 1;
}
static inline int cy_dart_mark(int d)
{
    return (d & 1) ? CY_BWD : CY_FWD;
}
static inline int cy_dart_rev(int d)
{
    return d ^ 1;
}
static inline int cy_tail(const cy_board *b, int d)
{
    return (d & 1) ? b->ev[d >> 1] : b->eu[d >> 1];
}
static inline int cy_head(const cy_board *b, int d)
{
    return (d & 1) ? b->eu[d >> 1] : b->ev[d >> 1];
}
static inline int cy_degree(const cy_board *b, int v)
{
    return b->vstart[v + 1] - b->vstart[v];
}
static inline int cy_face_len(const cy_board *b, int f)
{
    return b->fstart[f + 1] - b->fstart[f];
}

/* The surface b lies on, in words, into buf: "the plane", "the sphere",
 * "the torus", "the orientable surface of genus 2", "the projective plane",
 * "the Klein bottle", "the non-orientable surface with 3 crosscaps".
 * Returns buf. */
const char *cy_board_surface(const cy_board *b, char *buf, size_t n);

/* The board in one line, as the first line of every command's answer gives
 * it: "NAME (V vertices, E edges, C cells)", each count singular when it is
 * 1, with ", on SURFACE" added for a board on a closed surface; into buf (n
 * bytes, a long name cut to fit).  Returns buf. */
const char *cy_board_head(const cy_board *b, char *buf, size_t n);

/* The vertex with this label, or -1. */
int cy_board_find(const cy_board *b, const char *label);
/* The edge joining u and v, or -1 (with parallel edges, the first in the
 * rotation at u). */
int cy_board_edge_between(const cy_board *b, int u, int v);
/* The dart u -> v, or -1 when u and v are not adjacent (with parallel edges,
 * the first in the rotation at u: use cy_board_edge_count to tell). */
int cy_board_dart(const cy_board *b, int u, int v);
/* How many edges join u and v (more than one only on a board with multi). */
int cy_board_edge_count(const cy_board *b, int u, int v);

/* ----------------------------------------------------------------- rules */

/* Why a move is illegal. */
typedef enum cy_verdict {
    CY_LEGAL = 0,
    CY_ILLEGAL_MARKED, /* the edge already carries an arrow */
    CY_ILLEGAL_SINK,   /* the move makes a vertex a sink */
    CY_ILLEGAL_SOURCE, /* the move makes a vertex a source */
    CY_ILLEGAL_OVER    /* a cycle cell exists: the game is over */
} cy_verdict;

/* Whether vertex v can never be a sink nor a source: it is special, or a
 * loop joins it to itself (the engines that count arrows per vertex treat
 * such a vertex as special, which is the same rule). */
int cy_rules_exempt(const cy_board *b, int v);
/* Whether dart d may be marked; *vertex (if not NULL) names the sink or source. */
cy_verdict cy_rules_check(const cy_board *b, const unsigned char *mark, int d, int *vertex);
/* Writes a sentence such as "marking 3->4 makes 4 a sink" into buf. */
void cy_rules_explain(const cy_board *b, int d, cy_verdict v, int vertex, char *buf, size_t n);

/* Cell states. */
typedef enum cy_cell_state {
    CY_CELL_OPEN,   /* could still become a cycle cell */
    CY_CELL_BROKEN, /* can never become one (arrows disagree or edge used twice) */
    CY_CELL_CYCLE   /* is a cycle cell */
} cy_cell_state;

/* The state of cell c; *missing (if not NULL) gets the number of unmarked
 * edges of an open cell. */
cy_cell_state cy_rules_cell(const cy_board *b, const unsigned char *mark, int c, int *missing);
/* A cycle cell of the position, or -1. */
int cy_rules_cycle_cell(const cy_board *b, const unsigned char *mark);
/* The cell that marking dart d completes as a cycle cell, or -1. */
int cy_rules_completes(const cy_board *b, const unsigned char *mark, int d);
/* A legal dart that completes a cycle cell, or -1. */
int cy_rules_winning_completion(const cy_board *b, const unsigned char *mark);
/* Whether legal dart d is a death move: after it the opponent can legally
 * complete a cycle cell.  *cell (if not NULL) names that cell. */
int cy_rules_is_death(const cy_board *b, unsigned char *mark, int d, int *cell);
/* Whether the game is over: a cycle cell exists or no legal move remains. */
int cy_rules_over(const cy_board *b, const unsigned char *mark);
/* Number of marked edges (= moves played). */
int cy_rules_played(const cy_board *b, const unsigned char *mark);

/* Legal moves (sink/source rule only) into out[2*ne]; returns the count. */
int cy_rules_legal(const cy_board *b, const unsigned char *mark, int *out);
/* Legal moves that are not death moves: the moves of the normal-play game. */
int cy_rules_safe(const cy_board *b, unsigned char *mark, int *out);

/* Classification of an unmarked edge (Alvarado et al. 2021, section 2). */
typedef enum cy_edge_class {
    CY_EDGE_MARKED,
    CY_EDGE_BOTH,       /* both directions legal and not death moves */
    CY_EDGE_ONE_WAY,    /* exactly one direction legal and safe */
    CY_EDGE_UNPLAYABLE, /* legal only as death moves: no safe direction, a legal
                           death move among them (so the move is in the legal list) */
    CY_EDGE_UNMARKABLE  /* neither direction legal: unmarkable for good */
} cy_edge_class;

typedef struct cy_edge_info {
    cy_edge_class cls;
    cy_verdict verdict[2]; /* for dart 2e and 2e+1 */
    int vertex[2];         /* sink/source vertex of an illegal direction */
    int death_cell[2];     /* the cell a death move hands over, or -1 */
} cy_edge_info;

void cy_rules_classify(const cy_board *b, unsigned char *mark, int e, cy_edge_info *info);
/* cy_rules_classify for every edge at once, into info[ne]: the same
 * answers, in time about linear in the board (classifying the edges one by
 * one looks at every cell for each of them). */
void cy_rules_classify_all(const cy_board *b, unsigned char *mark, cy_edge_info *info);

/* Vertex v is an almost-sink (1), an almost-source (2) or neither (0). */
int cy_rules_almost(const cy_board *b, const unsigned char *mark, int v);

/* ------------------------------------------------------ rule variants */

/* The rule sets.  CY_RULES_STANDARD is the game above.  The others differ
 * only in what ends the game and what the end is worth (src/rules.c says it
 * for each; the manual, variants.md):
 *   MISERE     completing a cycle cell or making the last move loses;
 *   DRAW       a game that ends with no cycle cell is a draw;
 *   SCORE      a completed cycle cell scores a point for its maker, the game
 *              goes on until no legal move is left (extra_turn: the maker
 *              moves again);
 *   ANY_CYCLE  closing any directed cycle of the graph wins at once;
 *   players >= 3 (standard rules otherwise): players move in turn, whoever
 *              completes a cycle cell or makes the last move wins. */
typedef enum cy_rules_kind {
    CY_RULES_STANDARD = 0,
    CY_RULES_MISERE,
    CY_RULES_DRAW,
    CY_RULES_SCORE,
    CY_RULES_ANY_CYCLE
} cy_rules_kind;

typedef struct cy_rules {
    cy_rules_kind kind;
    int extra_turn; /* SCORE: completing a cell gives another move */
    int players;    /* 2, or 3.. CY_MAX_PLAYERS (STANDARD only) */
} cy_rules;

#define CY_MAX_PLAYERS 8

/* Fills r from a rule name ("standard", "misere" or "misère", "draw",
 * "score", "any-cycle"), players (0 or 2: two) and extra_turn; -1 with a
 * message for an unknown name or a combination that means nothing. */
int cy_rules_parse(const char *name, int players, int extra_turn, cy_rules *r, cy_error *err);
/* The rule name as cy_rules_parse reads it ("misere", ...). */
const char *cy_rules_name(const cy_rules *r);
/* Whether r is the standard two-player game. */
int cy_rules_is_standard(const cy_rules *r);

/* What marking a legal dart does under r. */
typedef struct cy_move_effect {
    int cells;        /* cycle cells the move completes (0, 1 or 2) */
    int cycle;        /* ANY_CYCLE: the move closes a directed cycle */
    int ends;         /* the game ends with this move (by completion) */
    int mover_result; /* when ends: 1 the mover wins, -1 the mover loses */
    int points;       /* SCORE: points for the mover */
    int again;        /* SCORE with extra_turn: the mover moves again */
} cy_move_effect;

/* The legal moves at mark under r into out[2*ne]: the sink/source rule, and
 * none once the game has ended (a cycle cell, or under ANY_CYCLE a directed
 * cycle; under SCORE cycle cells do not end the game).  Returns the count. */
int cy_variant_legal(const cy_board *b, const cy_rules *r, const unsigned char *mark, int *out);
/* What legal dart d does at mark under r. */
void cy_variant_effect(const cy_board *b, const cy_rules *r, const unsigned char *mark, int d, cy_move_effect *fx);
/* Whether the game has ended at mark under r by a completion (a cycle cell;
 * under ANY_CYCLE a directed cycle; never under SCORE). */
int cy_variant_ended(const cy_board *b, const cy_rules *r, const unsigned char *mark);
/* Whether marking dart d (on an unmarked edge) closes a directed cycle of
 * the marked edges. */
int cy_rules_closes_cycle(const cy_board *b, const unsigned char *mark, int d);

/* The state of a game under r after a list of moves: whose turn it is and
 * the points so far. */
typedef struct cy_variant_game {
    int played;                    /* moves played */
    int to_move;                   /* 1 .. players */
    int last;                      /* who made the last move (0 before any) */
    int score[CY_MAX_PLAYERS + 1]; /* SCORE: points of players 1.. */
    int ended;                     /* the game is over (by completion or no move left) */
    int completed_by;              /* the player whose move ended it by completion, else 0 */
} cy_variant_game;

/* Plays darts[0..n) from the start position mark (updated) under r,
 * checking each; g gets the state.  The moves already on mark count as
 * played in turn (no extra turns) without points.  -1 with a message naming
 * the first illegal move. */
int cy_variant_play(const cy_board *b, const cy_rules *r, unsigned char *mark, const int *darts, int n,
                    cy_variant_game *g, cy_error *err);

/* ----------------------------------------------------------------- moves */

/* Parses "U->V" moves separated by blanks or commas into darts (malloc'd
 * *darts, count *n); names an unknown vertex or non-edge in err. */
int cy_moves_parse(const cy_board *b, const char *text, int **darts, int *n, cy_error *err);
/* Plays darts on mark one by one, checking each with the rules; on an illegal
 * move the message names the move and the reason. */
int cy_moves_play(const cy_board *b, unsigned char *mark, const int *darts, int n, cy_error *err);
/* Writes dart d as "U->V" ("eN:U->V" when another edge joins U and V). */
void cy_move_str(const cy_board *b, int d, char *buf, size_t n);
/* Writes edge e as "U-V" ("eN:U-V" when another edge joins U and V), the
 * way listings name an unmarked edge. */
void cy_edge_str(const cy_board *b, int e, char *buf, size_t n);

/* ---------------------------------------------------------------- solver */

/* Solver engines. */
enum { CY_ENGINE_FAST = 0, CY_ENGINE_PLAIN = 1 };

/* A transposition table that solvers of several boards can share (see
 * cy_solver_opts.table). */
typedef struct cy_table cy_table;

/* Options of a solver; zero-initialised means the defaults. */
typedef struct cy_solver_opts {
    size_t memory;  /* bytes for tables; 0 = a quarter of RAM */
    double timeout; /* seconds; 0 = none */
    int progress;   /* print progress to stderr for runs over a second */
    int engine;     /* CY_ENGINE_FAST (default) or CY_ENGINE_PLAIN */
    /* switches of the fast engine, each turning one technique off */
    int no_decompose;      /* search positions whole instead of as sums */
    int no_canon;          /* key sub-games as labelled, not by canonical form */
    int no_plane_keys;     /* canonical forms by nauty alone, not plane keys for
                              small and middling sub-games */
    int no_outcome_search; /* value large components by mex, not by outcome
                             search; the bitboard engine: every position by
                             mex, not by asking "is the value h?" */
    int no_rounds;         /* outcome search: judge each move to the end in turn,
                              not in rounds of growing allowances */
    int no_mirrors;        /* outcome search: no mirror replies first */
    int round_allowance;   /* positions a move may take in the first round;
                              0 = the default (tests make it small) */
    int mex_edges;         /* components of at most this many edges are valued
                              by mex, larger ones by outcome search; 0 = the
                              default, 8 (tests make it small) */
    int no_bitboard;       /* use sub-games even for boards small enough for bitboards */
    int threads;           /* threads searching together (fast engine); 0 = one
                              per processor core (cy_cpu_cores) */
    int no_grundy;         /* cy_analyse finds only who wins, not Grundy values */
    int no_theorems;       /* cy_analyse searches even where a theorem of the
                              papers answers (see cy_analysis.proof) */
    int search;            /* the fast engine's outcome search: CY_SEARCH_ROUNDS
                              (default) or CY_SEARCH_DFPN (proof numbers) */
    int dfpn_edges;        /* with CY_SEARCH_DFPN: components of at most this
                              many edges are still searched in rounds; 0 = the
                              default, 20 (tests make it small) */
    int grundy_method;     /* how the fast engine values a large component:
                              CY_GRUNDY_MEX (default) or CY_GRUNDY_ROUNDS */
    cy_table *table;       /* fast engine (sub-games): this shared table instead
                              of one of its own (memory is then the table's);
                              NULL = its own.  See cy_table_new. */
    int reductions;        /* bitboard engine, for measuring and testing (they
                              cost more than they spare today): CY_REDUCE_KEYS
                              keys positions by the summaries their futures
                              depend on, CY_REDUCE_FREE takes free edges out
                              as nim-heaps, CY_REDUCE_SETTLED settled edges
                              too (free edges widened); 0 = none */
} cy_solver_opts;

/* The reductions of cy_solver_opts.reductions (proved in src/engine/reduce.h and
 * src/engine/solver_bits.c). */
enum { CY_REDUCE_KEYS = 1, CY_REDUCE_FREE = 2, CY_REDUCE_SETTLED = 4 };

/* The outcome searches of the fast engine (cy_solver_opts.search): rounds
 * of growing allowances, or df-pn (Nagai's depth-first proof-number search). */
enum { CY_SEARCH_ROUNDS = 0, CY_SEARCH_DFPN = 1 };

/* How the fast engine finds the Grundy value of a large component of the
 * position asked (cy_solver_opts.grundy_method): mex pruning (Beling and
 * Rogalski), a shrinking set of candidate values, each option asked only
 * whether its value is the candidate tried; or the least n for which it +
 * *n is lost, n = 0, 1, 2... in turn (rounds).  The components a search
 * meets on the way are valued by the rounds under both, so who wins alone
 * searches the same positions under both. */
enum { CY_GRUNDY_MEX = 0, CY_GRUNDY_ROUNDS = 1 };

typedef struct cy_solver_stats {
    uint64_t positions; /* positions whose value was computed */
    uint64_t hits;      /* table hits */
    uint64_t stored;    /* entries in the table */
    size_t memory;      /* bytes allocated for tables */
    double seconds;
} cy_solver_stats;

/* Why a solver stopped without an answer. */
enum { CY_SOLVE_TIMEOUT = -2, CY_SOLVE_MEMORY = -3, CY_SOLVE_TOO_BIG = -4 };

typedef struct cy_solver cy_solver;

/* A solver for one board.  The plain engine is a memoised search over whole
 * positions: exact, simple, the reference the fast engine is checked against.
 * The fast engine splits positions into independent sub-games and keys them
 * by canonical form. */
#define CY_PLAIN_MAX_EDGES 64
#define CY_FAST_MAX_EDGES 64
/* The processor cores this process may run on (its CPU affinity, as nproc
 * counts them; at least 1): the fast engine's default threads. */
int cy_cpu_cores(void);
/* Asks every search of this process, running or to come, to stop as if its
 * time were up: it returns CY_SOLVE_TIMEOUT with what it knows, as with a
 * timeout (a partial answer).  Async-signal-safe: a SIGINT handler may call
 * it.  There is no undoing it. */
void cy_interrupt(void);
/* Whether cy_interrupt was called. */
int cy_interrupted(void);
/* Parses a size such as 512M, 2G or 65536 (bytes; K, M, G, T are powers of
 * 1024, a trailing B is allowed) into *bytes; -1 if malformed (it must
 * start with a decimal digit or point: no blanks, sign or hex), under 1
 * byte, or over 10^15 bytes. */
int cy_parse_size(const char *text, size_t *bytes);
cy_solver *cy_solver_new(const cy_board *b, const cy_solver_opts *o, cy_error *err);
/* A table of at most bytes (at least 1 MiB; it starts small and grows) for
 * the fast engine's solvers of any boards to share, one solver searching at
 * a time: what one solver stores under a canonical key (a sub-game's game
 * alone, whatever board it is on) the next one reuses, while its entries
 * under labelled keys stay its own (each solver salts them apart).  NULL
 * with a message when the memory cannot be had.  Free it after its solvers. */
cy_table *cy_table_new(size_t bytes, cy_error *err);
void cy_table_free(cy_table *t);

/* The component database: the Grundy values of the canonical components
 * (sub-games, under the fast engine's plane and tree keys) of at most some
 * number of live edges, in a file built once (cy_compdb_build) and opened
 * read-only, memory-mapped, by any number of processes.  A fast engine made
 * while one is in use (cy_compdb_use) looks a component up there when its
 * table does not have it.  The file carries a fingerprint of the program's
 * canonical keys (and of its rules' version), so a file from a program that
 * keys or plays components otherwise is refused, as is a truncated or
 * corrupt one. */
typedef struct cy_compdb cy_compdb;

/* What a database holds. */
typedef struct cy_compdb_info {
    int edges;        /* components of at most this many live edges */
    uint64_t entries; /* components held */
    uint64_t bytes;   /* the file's size */
    uint64_t scheme;  /* the fingerprint of the keys it was built with */
} cy_compdb_info;

/* Opens the database at path read-only (memory-mapped), after checking its
 * header, size and checksum and that it was built with this program's keys;
 * NULL with a message naming the file and the fault otherwise. */
cy_compdb *cy_compdb_open(const char *path, cy_error *err);
void cy_compdb_info_of(const cy_compdb *db, cy_compdb_info *info);
/* Lookups the fast engine made in db since it was opened, and how many
 * found the component. */
void cy_compdb_stats(const cy_compdb *db, uint64_t *lookups, uint64_t *hits);
/* Closes db; it must no longer be in use (cy_compdb_use(NULL) first). */
void cy_compdb_close(cy_compdb *db);
/* Makes db (or NULL: none) the database of every fast engine made from now
 * on, in every thread of the process; the default is none. */
void cy_compdb_use(cy_compdb *db);
/* The fingerprint of this program's canonical keys that a database must
 * carry (computed once). */
uint64_t cy_compdb_scheme(void);

/* How to build a database. */
typedef struct cy_compdb_build_opts {
    int edges;                 /* components of at most this many live edges (3 to 24) */
    const char *const *boards; /* the boards whose games are played out at random */
    int nboards;
    double timeout;    /* seconds; 0 = until playouts are done */
    uint64_t playouts; /* random games played (over all boards, in turn);
                          0 = until the timeout */
    size_t memory;     /* bytes for each board's solver table; 0 = 256 MiB */
    uint64_t seed;     /* of the random games */
    int progress;      /* a progress line on stderr */
} cy_compdb_build_opts;

/* What a build did. */
typedef struct cy_compdb_build_stats {
    uint64_t playouts; /* random games played */
    uint64_t entries;  /* components in the file */
    double seconds;
    int timed_out; /* the timeout ended it */
} cy_compdb_build_stats;

/* Builds a database: random games of the boards are played until the
 * largest component has at most o->edges live edges, and the components of
 * each position reached are valued by the fast engine (by mex), every
 * component of at most o->edges edges met on the way being kept.  The file's
 * bytes go to *image (malloc'd, *size bytes; write them to a file for
 * cy_compdb_open).  0, or -1 with a message (a board that cannot be loaded,
 * edges out of range, memory). */
int cy_compdb_build(const cy_compdb_build_opts *o, unsigned char **image, size_t *size, cy_compdb_build_stats *st,
                    cy_error *err);
/* The Grundy value of the normal-play game from mark (which must admit no
 * cycle completion and have no cycle cell), or a negative CY_SOLVE_ code. */
int cy_solver_grundy(cy_solver *s, const unsigned char *mark);
/* Whether the player to move wins the normal-play game from mark (1 or 0),
 * or a negative CY_SOLVE_ code; cheaper than the Grundy value. */
int cy_solver_wins(cy_solver *s, const unsigned char *mark);
/* A winning move of the normal-play game from mark (a move that is no
 * death move and leaves a position of Grundy value 0) into *dart: returns
 * 1, or 0 when there is none (the value is 0), or a negative CY_SOLVE_
 * code.  The fast engine reads it from its table (each entry keeps the move
 * that settled it) and searches only where the table lacks it, so after
 * cy_solver_wins or cy_solver_grundy on a position it costs little.  mark
 * must admit no cycle completion and have no cycle cell. */
int cy_solver_move(cy_solver *s, const unsigned char *mark, int *dart);
void cy_solver_stats_get(const cy_solver *s, cy_solver_stats *st);
/* The options the solver was made with. */
const cy_solver_opts *cy_solver_options(const cy_solver *s);
/* The board the solver was made for. */
const cy_board *cy_solver_board(const cy_solver *s);
void cy_solver_free(cy_solver *s);
/* Ends the progress line on stderr, if one is showing. */
void cy_solver_progress_end(cy_solver *s);

/* The full answer for a position. */
typedef struct cy_analysis {
    int played;       /* moves played */
    int to_move;      /* 1 or 2 */
    int over;         /* the game is over */
    int cycle_cell;   /* the cycle cell if there is one, else -1 */
    int outcome;      /* 'N' or 'P' for the player to move */
    int winner;       /* 1 or 2 */
    int grundy;       /* nim-value, -1 where a cycle cell can be completed at once
                         or the game is over by a cycle cell, or not computed */
    int grundy_known; /* grundy was computed (not with no_grundy) */
    int nwin;         /* winning moves, as darts */
    int *winning;
    int complete; /* all of the above is known; else the solver ran out
                     of time or memory and this is a partial answer:
                     winning holds the winning moves found so far and
                     unknown counts the moves not judged; the outcome
                     and grundy (grundy_known) may still be known, from
                     the search of the position itself, and otherwise
                     outcome is '?' (winner 0) unless a winning move
                     was found */
    int unknown;
    cy_solver_stats stats;
    const char *proof; /* NULL when the answer was found by search; else
                          the theorem that gives it, such as "Alvarado et al. 2021,
                          Theorem 6 (mirror-reverse)": the empty board of a
                          board that theorem covers is lost for player 1,
                          and the strategy's replies win */
} cy_analysis;

/* Solves the position: outcome under the original rules, Grundy value of the
 * normal-play game and the winning moves, all within the solver's timeout.
 * Returns 0, or a negative CY_SOLVE_ code (err says why) with a partial
 * answer in *a (see complete). */
int cy_analyse(cy_solver *s, const unsigned char *mark, cy_analysis *a, cy_error *err);
void cy_analysis_free(cy_analysis *a);

/* After dart d is played from mark, a move that wins for the opponent: into
 * *reply, or -1 when there is none (d wins).  Returns 0 or a negative
 * CY_SOLVE_ code. */
int cy_winning_reply(cy_solver *s, const unsigned char *mark, int d, int *reply, cy_error *err);

/* ------------------------------------------------------- split solves */

/* A solve split into independent jobs (split.c), for boards too big for one
 * machine: the positions `depth` safe moves on from a start position, one
 * of each class under the board's automorphisms and arrow reversal.  Each
 * job is solved anywhere (`cycles solve JOB`); cy_split_combine makes the
 * start position's answer from the jobs' values. */
#define CY_SPLIT_MAX_DEPTH 8
#define CY_SPLIT_MAX_JOBS 10000000
typedef struct cy_split {
    int depth, ne;
    int njobs;
    unsigned char *jobs; /* njobs positions of ne marks each */
} cy_split;

/* Expands the tree of safe moves from mark (which must have no cycle cell
 * and admit no completion) depth levels deep, into sp; at most max_jobs
 * jobs (0: CY_SPLIT_MAX_JOBS).  Boards of at most 64 edges.  Returns 0, or
 * -1 with a message (also after cy_interrupt). */
int cy_split_new(const cy_board *b, const unsigned char *mark, int depth, size_t max_jobs, cy_split *sp, cy_error *err);
void cy_split_free(cy_split *sp);

/* The start position's answer, combined from its jobs'. */
typedef struct cy_split_answer {
    int wins;           /* the player to move wins */
    int grundy;         /* its Grundy value, -1 when the jobs gave only outcomes */
    int nwin, *winning; /* the winning moves */
    int nlegal, *legal; /* the legal moves, with ... */
    int *reply;         /* ... for a lost position (have_replies) a winning reply to each, -1 for none */
    int have_replies;   /* replies are known: a lost position split at least 2 deep */
} cy_split_answer;

/* Combines the jobs' values (values[i] for sp->jobs i: its Grundy value, or
 * with outcome_only 1 when the player to move wins it, else 0) into the
 * answer for mark, the position sp was made from.  Returns 0, or -1 with a
 * message (a job that is not of this board and depth, a value missing). */
int cy_split_combine(const cy_board *b, const unsigned char *mark, const cy_split *sp, const int *values,
                     int outcome_only, cy_split_answer *ans, cy_error *err);
void cy_split_answer_free(cy_split_answer *ans);
/* ---- search and analysis under a rule variant ---- */

/* One memoised search over whole positions for every variant (the plain
 * engine's method, asking src/rules.c what each move does): a transposition
 * table bounded by o->memory, o->timeout, progress on stderr (o->progress).
 * Boards of at most CY_VARIANT_MAX_EDGES edges. */
#define CY_VARIANT_MAX_EDGES 64
typedef struct cy_vsearch cy_vsearch;
cy_vsearch *cy_vsearch_new(const cy_board *b, const cy_rules *r, const cy_solver_opts *o, cy_error *err);
/* The value of the position for the player to move, into *value:
 *   STANDARD, DRAW, ANY_CYCLE (two players): 1 win, 0 draw, -1 loss;
 *   MISERE: the misère nim-value (a finished game 1, else the mex of the
 *           values after each legal move; 0 exactly when the player to move
 *           loses);
 *   SCORE: the points the player to move makes from here on minus the
 *          opponent's, both playing to maximise that difference;
 *   K >= 3 players: the winner when every player picks a move after which
 *          they win, or else the one after which the winner comes soonest
 *          after them in turn order, as an offset (0: the player to move,
 *          1: the next, ...).
 * Returns 0 or a negative CY_SOLVE_ code. */
int cy_vsearch_value(cy_vsearch *s, const unsigned char *mark, int *value);
/* Whether player (1..K, player 1 moving at even numbers of moves played)
 * wins against all the others playing together (K >= 2 players, standard
 * rules): *wins 1 or 0.  Returns 0 or a negative CY_SOLVE_ code. */
int cy_vsearch_force(cy_vsearch *s, const unsigned char *mark, int player, int *wins);
void cy_vsearch_stats(const cy_vsearch *s, cy_solver_stats *st);
/* The bytes of the direct table a variant search of b with options o takes
 * when o->memory (0: a quarter of RAM) allows them: one byte for each of the
 * 3^E markings of b's E edges, so that the search holds the value of every
 * position whatever their number.  0 when the search cannot have one (more
 * than 20 edges, or o->no_bitboard): its hash table then fills as it goes. */
double cy_vsearch_direct_bytes(const cy_board *b, const cy_solver_opts *o);
/* Ends the progress line on stderr, if one is showing. */
void cy_vsearch_progress_end(cy_vsearch *s);
void cy_vsearch_free(cy_vsearch *s);

/* The answer of `cycles solve --rules NAME`. */
typedef struct cy_variant_analysis {
    cy_rules rules;
    cy_variant_game game;          /* turn and points so far */
    int over;                      /* the game has ended */
    int outcome;                   /* for the player to move: 'N' wins, 'P' loses,
                                      'D' draw; '?' unknown (out of time); 0 for K >= 3 */
    int winner;                    /* 1..K, 0 for a draw or unknown */
    int value;                     /* cy_vsearch_value of the position */
    int grundy;                    /* MISERE: the misère nim-value, else -1 */
    int nbest, *best;              /* winning moves (STANDARD, MISERE, DRAW, ANY_CYCLE);
                                      the moves that reach value (SCORE, K >= 3) */
    int ndraw, *drawing;           /* DRAW: moves that secure a draw but no win */
    int force[CY_MAX_PLAYERS + 1]; /* K >= 3: 1 when player p wins against all the
                              others together, 0 when not, -1 not computed */
    int complete;                  /* 0: time or memory ran out; what is known is kept */
    cy_solver_stats stats;
} cy_variant_analysis;

/* Analyses the position mark reached by the game g (cy_variant_play) under r.
 * Returns 0, or a negative CY_SOLVE_ code with a message and a partial
 * answer (complete 0). */
int cy_variant_analyse(const cy_board *b, const cy_rules *r, const unsigned char *mark, const cy_variant_game *g,
                       const cy_solver_opts *o, cy_variant_analysis *a, cy_error *err);
void cy_variant_analysis_free(cy_variant_analysis *a);
/* The answer as `cycles solve --rules NAME --json` prints it (the manual, variants.md), and
 * as text; malloc'd strings. */
char *cy_variant_json(const cy_board *b, const cy_variant_analysis *a);
char *cy_variant_text(const cy_board *b, const cy_variant_analysis *a);

/* The page of `cycles verify --rules`: the families of the papers under
 * each of the nrules rule sets, as markdown (docs/variants-results.md), each board
 * given timeout seconds.  After cy_interrupt the boards finished are kept,
 * the rest is left out and the page ends saying so.  A malloc'd string. */
char *cy_variant_verify(const cy_rules *rules, int nrules, double timeout, int progress);

/* ------------------------------------------------------------- formats */

typedef enum cy_format {
    CY_FMT_AUTO,
    CY_FMT_TABLE,      /* game table as JSON (Zonnefeld et al. 2023, Definition 4) */
    CY_FMT_TABLE_TEXT, /* the paper's printed table */
    CY_FMT_JSON,       /* our native JSON board */
    CY_FMT_DRAWING,    /* coordinates and edges only */
    CY_FMT_DOT,        /* Graphviz (write only) */
    CY_FMT_BENNTAYLOR  /* the text format of BennTaylor/Game-of-Cycles */
} cy_format;

/* The format named s ("table", "table-text", "json", "drawing", "dot",
 * "benntaylor"), or -1. */
int cy_format_parse(const char *s);
const char *cy_format_name(cy_format f);

/* Reads a board from text of length len.  Where the format carries moves
 * (native JSON), *moves gets them as a malloc'd "U->V ..." string, else NULL. */
cy_board *cy_read_board(const char *text, size_t len, cy_format f, char **moves, cy_error *err);
/* Writes b (with marks, if mark is not NULL and the format carries them) as a
 * malloc'd string. */
char *cy_write_board(const cy_board *b, const unsigned char *mark, cy_format f, cy_error *err);

/* ------------------------------------------------------------- families */

/* Builds a named board such as "k4", "cycle:5" or "grid:3x4"; NULL if spec
 * names no family (err says so) or its parameters are out of range. */
cy_board *cy_family_build(const char *spec, cy_error *err);
/* Whether spec looks like a family name (the part before ':' is known). */
int cy_family_known(const char *spec);

typedef struct cy_family_info {
    const char *name, *usage, *summary;
} cy_family_info;
/* The families, ending with a zeroed entry. */
const cy_family_info *cy_family_list(void);

/* ---------------------------------------------------------------- loading */

/* Loads BOARD as the command line means it: an existing file, or a family.
 * *moves as in cy_read_board. */
cy_board *cy_load(const char *spec, char **moves, cy_error *err);

/* ------------------------------------------------------------------ game */

/* A game: a board, the rules it is played under (the standard rules are one
 * rule set among the variants), the marks, the moves played and whose turn
 * it is.  Every front end makes one with cy_game_load from what its user
 * gave, and frees it with cy_game_free. */
typedef struct cy_game {
    cy_board *board;
    cy_rules rules;
    unsigned char *mark; /* a mark per edge (ne + 1 bytes) */
    int *moves;          /* the moves played, the file's own first (darts) */
    int nmoves;
    int nfile;             /* how many of them are the file's own */
    char *file_moves;      /* the file's own moves as written in it, or NULL */
    cy_variant_game state; /* moves played, who is to move, points, whether over */
    int ruled;             /* the rules were given (cy_game_source.rules): the game
                              is answered by the variants' search, even under the
                              standard rules */
} cy_game;

/* Where the board of a game comes from. */
typedef enum cy_game_from {
    CY_GAME_FROM_SPEC = 0, /* spec: a file, else a family name (cy_load) */
    CY_GAME_FROM_FAMILY,   /* spec: a family name only; no file is opened */
    CY_GAME_FROM_TEXT      /* text[0..len): a board file (a drawing among them) */
} cy_game_from;

/* Everything a user gives for a game. */
typedef struct cy_game_source {
    cy_game_from from;
    const char *spec; /* FROM_SPEC, FROM_FAMILY */
    const char *text; /* FROM_TEXT */
    size_t len;
    cy_format format;      /* FROM_TEXT: its format (CY_FMT_AUTO: detected) */
    const char *name;      /* FROM_TEXT: the name of a board whose file gives none (NULL: none) */
    const char *special;   /* vertex labels made special, separated by blanks or commas (NULL: none) */
    int max_edges;         /* a board of more edges is refused (0: any) */
    const char *moves;     /* moves played after the file's own (NULL: none) */
    const cy_rules *rules; /* NULL: the standard rules, each list played in turn */
    int board_only;        /* no move is played: the file's own moves are left in
                              file_moves, and moves is not read */
} cy_game_source;

/* What a cy_game_load error is about. */
typedef enum cy_game_part {
    CY_GAME_AT_BOARD = 1,  /* the board: unreadable, malformed, or no such file or family */
    CY_GAME_AT_NO_FAMILY,  /* FROM_FAMILY: spec is no family name (cy_family_known);
                              the message is cy_family_build's */
    CY_GAME_AT_SPECIAL,    /* the special vertices */
    CY_GAME_AT_SIZE,       /* the board has more than max_edges edges */
    CY_GAME_AT_FILE_MOVES, /* the file's own moves (not parsed, or, with no
                              rules given, one illegal) */
    CY_GAME_AT_MOVES,      /* the moves given (the same) */
    CY_GAME_AT_PLAY        /* with rules given: a move illegal when the file's
                              and the given moves are played as one game; in_file
                              says whether it is one of the file's */
} cy_game_part;

typedef struct cy_game_error {
    cy_error err; /* the message, naming neither the file nor the option */
    cy_game_part part;
    int in_file; /* CY_GAME_AT_PLAY: the bad move is the file's own */
} cy_game_error;

/* Loads a game from src: the board (a file, a family or a file's text),
 * named src->name when its file gives no name, its special vertices, then
 * the file's own moves and src->moves played from the empty position, each
 * checked: with src->rules NULL each list is parsed and played in turn under
 * the standard rules; with src->rules given (the standard rules among them)
 * both lists are parsed, then played as one game under them
 * (cy_variant_play).  A board over max_edges is refused before any move is
 * read.  Returns 0 with *g filled, or -1 with err saying what is wrong and
 * which part of src is at fault (*g then holds nothing to free). */
int cy_game_load(const cy_game_source *src, cy_game *g, cy_game_error *err);
/* Frees what g holds (the board too, unless the caller set g->board to NULL
 * to keep it); g may be zeroed. */
void cy_game_free(cy_game *g);

/* ---------------------------------------------------------------- answer */

/* What cy_answer_game is asked beyond the limits of its search. */
typedef struct cy_answer_opts {
    int no_replies;       /* leave out the winning replies of a lost position */
    double replies_until; /* the replies are sought until this cy_now() time
                             (0: within the solver's own time limit) */
    cy_solver *solver;    /* under the standard engines: a solver of the game's
                             board to answer with, which the caller keeps (its
                             table serves the next answer); NULL: one is made
                             from the limits and freed */
} cy_answer_opts;

/* The answer to a game, under any rules. */
typedef struct cy_answer {
    int variant;            /* answered by the variants' search (v, the game's
                               rules given), else by the standard engines (a) */
    cy_analysis a;          /* the standard engines' answer */
    int nr, *legal, *reply; /* a lost position: each legal move and a winning reply */
    int no_replies;         /* time ran out while the replies were sought: they
                               are left out and the answer is partial */
    cy_variant_analysis v;  /* the variants' answer */
    int started;            /* 0: no answer at all (the solver could not start, or
                               the board is too big for the variants' search) */
    int status;             /* 0, or the negative CY_SOLVE_ code of the stop */
    int complete;           /* all is known; else a partial answer */
    int known;              /* a partial answer knows something worth giving (who
                               wins, the value or a winning move; under the
                               variants a partial answer does not) */
    int winner;             /* the player who wins, 0 unknown or a draw */
    int best;               /* the best move found so far (a winning move, or
                               under the variants one reaching the value or a
                               draw), as a dart; -1 none */
} cy_answer;

/* Answers game g within limits (time, memory, threads; cy_interrupt stops it
 * as its time would): who wins, the value, the winning moves, the replies of
 * a lost position, the best move found.  Returns ans->status: 0, or a
 * negative CY_SOLVE_ code with err saying why and a partial answer, or none
 * (ans->started 0).  Free ans with cy_answer_free either way. */
int cy_answer_game(const cy_game *g, const cy_solver_opts *limits, const cy_answer_opts *o, cy_answer *ans,
                   cy_error *err);
/* The answer as `cycles solve` prints it, and as `cycles solve --json` and
 * /api/solve send it; malloc'd strings (NULL only when memory runs out). */
char *cy_answer_text(const cy_board *b, const cy_answer *ans);
char *cy_answer_json(const cy_board *b, const cy_answer *ans);
/* Frees what ans holds. */
void cy_answer_free(cy_answer *ans);

/* ------------------------------------------------------------ layout */

/* Coordinates for drawing b into xy[2*nv]: the board's own when it has them,
 * else a straight-line plane layout computed from the embedding with the outer
 * face outside (barycentric, then spread out by forces that keep the
 * embedding; the manual, pictures.md).  Returns 0, or -1 with a message; a board
 * on a closed surface (b->surface) has no plane drawing: always -1. */
int cy_layout(const cy_board *b, double *xy, cy_error *err);

/* ---- symmetry, strategies and the filled-board theorem ---- */

/* An automorphism of a board (Zonnefeld et al. 2023, section 2): a permutation of the
 * vertices that maps edges to edges, special vertices to special vertices,
 * cells to cells as closed walks, and the outer face to itself.  A rotation
 * keeps the way round of every cell, a reflection reverses it. */
typedef struct cy_automorphism {
    int *vmap;      /* nv: the image of each vertex */
    int *emap;      /* ne: the image of each edge */
    int *fmap;      /* ncells + 1: the image of each face (the outer face is fixed) */
    int *dmap;      /* 2 ne: the image of each dart, the dart from the image
                       of its tail to the image of its head (with parallel
                       edges the vertex map alone does not say which) */
    int reflection; /* 1 for a reflection, 0 for a rotation (and the identity) */
    int order;      /* 1 for the identity, 2 for an involution, ... */
} cy_automorphism;

/* The automorphism group of a board: the identity first, then the rotations,
 * then the reflections, each by order and then by vmap. */
typedef struct cy_symmetry {
    int n;
    cy_automorphism *aut;
} cy_symmetry;

/* The automorphism group of b, from nauty's generators of the group of a
 * coloured flag graph of the board, each element checked against the faces:
 * every element keeps the edges, the special vertices, the cells and the
 * outer face. */
/* On a non-orientable surface the group holds the identity only.  With
 * parallel edges two elements may share a vertex map (their dmap differs). */
cy_symmetry *cy_symmetry_new(const cy_board *b, cy_error *err);
void cy_symmetry_free(cy_symmetry *s);

/* Whether a and b are the same board up to relabelling, rotation and
 * reflection (cells to cells, outer face to outer face, special to special);
 * vmap (a->nv entries, or NULL) gets a vertex map from a to b.  Boards on
 * different surfaces are never isomorphic, and on a non-orientable surface
 * the answer is always 0 (not decided). */
int cy_board_isomorphic(const cy_board *a, const cy_board *b, int *vmap);

/* Classes of cells under an involution (Alvarado et al. 2021, section 5). */
typedef enum cy_inv_class {
    CY_INV_SELF = 0,   /* the cell is its own partner */
    CY_INV_PART = 1,   /* not self-involutive, but some edge's partner is in the cell */
    CY_INV_NOWHERE = 2 /* no edge of the cell has its partner in the cell */
} cy_inv_class;

/* How an involution moves an edge. */
enum { CY_INV_EDGE_MOVED = 0, CY_INV_EDGE_SWAPPED = 1, CY_INV_EDGE_FIXED = 2 };

/* An involution and what Alvarado et al. 2021 section 5 says about it. */
typedef struct cy_involution {
    int *vmap, *emap, *cmap; /* partners of vertices, edges, cells */
    unsigned char *edge;     /* ne: CY_INV_EDGE_MOVED, _SWAPPED (self-involutive,
                                ends exchanged) or _FIXED (self-involutive, ends fixed) */
    unsigned char *cell;     /* ncells: cy_inv_class */
    int reflection;
    int fixed_vertices, fixed_edges, swapped_edges, fixed_cells, part_cells, nowhere_cells;
    int thm6;      /* the player Theorem 6 says wins (1 or 2), or 0 when it does not apply */
    char why[256]; /* why Theorem 6 applies or not */
} cy_involution;

/* Analyses vmap, which must be an involutive automorphism of b other than
 * the identity; -1 with a message otherwise. */
int cy_involution_analyse(const cy_board *b, const int *vmap, cy_involution *inv, cy_error *err);
/* Parses "1:3,2:4" (pairs of labels exchanged, separated by commas or blanks;
 * other vertices fixed) into vmap[nv]; returns 0, or -1 with a message naming
 * the bad pair.  Whether vmap is an automorphism is not checked here. */
int cy_involution_parse(const cy_board *b, const char *text, int *vmap, cy_error *err);
/* cy_involution_analyse of an element of the group (cy_symmetry_new), as
 * its darts move: what boards with parallel edges need. */
int cy_involution_analyse_aut(const cy_board *b, const cy_automorphism *a, cy_involution *inv, cy_error *err);
void cy_involution_free(cy_involution *inv);

/* Mirror strategies of the papers. */
typedef enum cy_strategy_kind {
    CY_STRATEGY_MIRROR,  /* mirror-reverse under an involution (Alvarado et al. 2021, Theorem 6) */
    CY_STRATEGY_ROTATE,  /* rotate-reverse on grids (Barua et al. 2022, Theorem 8) */
    CY_STRATEGY_MODIFIED /* modified mirror-reverse on cacti (Adefiyiju et al. 2023, Theorem 4.1) */
} cy_strategy_kind;

/* A strategy: the player who plays it answers the opponent's move u->v by
 * the partner edge with its arrow reversed, mirror[u->v] = v'->u'; a player 1
 * strategy opens on a self-involutive edge.  Every strategy first completes a
 * cycle cell when it can. */
typedef struct cy_strategy {
    cy_strategy_kind kind;
    const char *name;    /* "mirror-reverse", "rotate-reverse", "modified mirror-reverse" */
    const char *theorem; /* e.g. "Alvarado et al. 2021, Theorem 6"; "none" for an involution given by hand */
    int player;          /* who plays it: 1 or 2 */
    int *mirror;         /* 2*ne: the reply to each dart */
    int *vmap;           /* nv: the involution on vertices; NULL for the local ones of a cactus */
    int nlocal;          /* modified: one reflection per cell ... */
    int **local;         /* ... each nv entries, -1 off the cell */
    int nself;           /* the self-involutive edges */
    int *self;
    int *self_pair; /* ne: the self-involutive edge paired with each one, else -1 */
    char why[512];  /* why it applies */
} cy_strategy;

/* A mirror strategy for b that a theorem guarantees: of the given kind, or
 * for kind -1 the first that applies of Theorem 6 of Alvarado et al. 2021 under some
 * involution, Theorem 8 of Barua et al. 2022 on a grid, Theorem 4.1 of Adefiyiju et al. 2023 on
 * a triangle-free cactus.  NULL when none applies, with the reasons in why. */
cy_strategy *cy_strategy_find(const cy_board *b, int kind, char *why, size_t n);
/* The mirror-reverse strategy under the involution vmap, whether or not a
 * theorem covers it: player 2 plays it when no edge is self-involutive,
 * player 1 (opening on that edge) when one is; NULL with a message otherwise. */
cy_strategy *cy_strategy_with_involution(const cy_board *b, const int *vmap, cy_error *err);
void cy_strategy_free(cy_strategy *s);

/* The moves the strategy allows its player at mark after the opponent's
 * move last (-1 before player 1's opening): a winning completion if there is
 * one, else the prescribed replies (several where the strategy leaves a
 * choice), each legal.  Returns their number, the preferred one first in out
 * (2*ne entries), or 0 when the prescription cannot be played (why says
 * why).  Prescribed death moves are returned: they are the strategy's. */
int cy_strategy_moves(const cy_strategy *s, const cy_board *b, unsigned char *mark, int last, int *out, char *why,
                      size_t n);

/* What an exhaustive check of a strategy found. */
typedef struct cy_strategy_report {
    int verified;            /* the strategy wins against every line of the opponent */
    int complete;            /* 0 when a limit (or cy_interrupt) stopped the search first */
    uint64_t opponent_lines; /* complete games the search played (saturates) */
    uint64_t positions;      /* distinct positions with the opponent to move */
    int *line;               /* the first losing line as darts from the empty board, else NULL */
    int line_len;
    char why[256]; /* why that line is lost */
    double seconds;
} cy_strategy_report;

/* Limits of a check; zero means the defaults. */
typedef struct cy_strategy_limits {
    uint64_t max_positions; /* default 20 million */
    double timeout;         /* seconds; default none */
    size_t memory;          /* bytes for the table of positions; default a quarter of RAM */
    int progress;           /* a progress line on stderr for a check over a second */
    int first_choice_only;  /* follow only the preferred move where the strategy leaves a choice */
} cy_strategy_limits;

/* Plays the strategy against every opponent move at every turn (legal moves
 * under the original rules, death moves included) from the empty board.
 * Returns 0 (r filled), or -1 with a message (board too big: at most 64 edges). */
int cy_strategy_verify(const cy_board *b, const cy_strategy *s, const cy_strategy_limits *lim, cy_strategy_report *r,
                       cy_error *err);
void cy_strategy_report_free(cy_strategy_report *r);

/* Plays the opponent's moves opp[0..nopp) against the strategy (preferred
 * moves only) from the empty board until the game ends or the opponent's
 * moves run out.  game (2*ne+1 entries) gets all moves, *len their number;
 * returns the winner (1 or 2), 0 when the game is not over, or -1 when an
 * opponent move is illegal.  why tells how it ended. */
int cy_strategy_play_line(const cy_board *b, const cy_strategy *s, const int *opp, int nopp, int *game, int *len,
                          char *why, size_t n);

/* Theorem 9 of Alvarado et al. 2021: every complete marking without a sink or source
 * has a cycle cell. */
typedef struct cy_filled_result {
    uint64_t complete_markings;    /* complete markings with no sink and no source */
    uint64_t without_cycle_cell;   /* those without a cycle cell */
    unsigned char *counterexample; /* the first of those (ne marks), else NULL */
    int complete;                  /* 0 when the timeout or cy_interrupt stopped the enumeration */
    double seconds;
} cy_filled_result;

/* Enumerates the complete markings of b (special vertices exempt from the
 * sink/source rule) within timeout seconds (0: none).  Returns 0, or -1 with
 * a message (more than 62 edges). */
int cy_filled_check(const cy_board *b, double timeout, cy_filled_result *r, cy_error *err);
/* The same, with a progress line on stderr when progress is set (a run
 * over a second: in place each second on a terminal, else a line every ten
 * seconds).  cy_interrupt stops the enumeration as the timeout does. */
int cy_filled_check_progress(const cy_board *b, double timeout, int progress, cy_filled_result *r, cy_error *err);
void cy_filled_result_free(cy_filled_result *r);

/* b with the loose end v (a vertex of degree 1 that is not special) removed
 * and its neighbour made special (trimming, Fokkink and Zandee 2022 section 1). */
cy_board *cy_board_trim(const cy_board *b, int v, cy_error *err);

/* One result of the papers recomputed. */
typedef struct cy_verify_row {
    char paper[32];  /* the paper's short name: "Alvarado et al. 2021" .. "Adefiyiju et al. 2023" */
    char result[48]; /* "Thm 3", "Fig. 12", ... */
    char board[96];  /* a family spec, or a board described in words */
    int edges;
    int winner;         /* the computed winner, 0 when not computed */
    int grundy;         /* the computed Grundy value, -1 when not computed */
    char says[200];     /* what the paper says */
    char computed[320]; /* what the computation found */
    int agrees;         /* the computation agrees with the paper */
} cy_verify_row;

/* A board of the families that breaks "player 1 wins exactly when the number
 * of edges is odd". */
typedef struct cy_parity_row {
    char board[64];
    int edges, winner, grundy;
    int leaves;     /* vertices of degree 1 */
    int special;    /* special vertices */
    int conjecture; /* 1 when Barua et al. 2022's modified conjecture covers it (so it fails) */
} cy_parity_row;

typedef struct cy_verify_table {
    int n;
    cy_verify_row *rows;
    int nparity; /* parity breakers among the boards scanned */
    cy_parity_row *parity;
    int scanned; /* family boards scanned for parity (0: not scanned) */
    int parity_max_edges;
    int complete; /* 0 when cy_interrupt stopped the run: rows holds the
                     results finished before it, and the parity scan
                     only if it was finished */
    double seconds;
} cy_verify_table;

/* Options of cy_verify_run; zero-initialised means the defaults. */
typedef struct cy_verify_opts {
    int quick;     /* smaller boards only (for tests) */
    int progress;  /* a line per result on stderr */
    size_t memory; /* bytes for the table of each search (0: 128 MiB for a
                      solve, a quarter of RAM for a strategy check) */
} cy_verify_opts;

/* Recomputes the results of the papers (Alvarado et al. 2021 to Adefiyiju et al. 2023) and the parity scan.
 * After cy_interrupt it stops, keeping the results finished before
 * (t->complete 0). */
int cy_verify_run(const cy_verify_opts *o, cy_verify_table *t, cy_error *err);
void cy_verify_table_free(cy_verify_table *t);

/* ---- pictures and play ---- */

/* For a lost position: every legal move at mark (into malloc'd *legal) with
 * a winning reply of the opponent to it (into malloc'd *reply; -1 where the
 * move wins after all).  Returns the count, or a negative CY_SOLVE_ code with
 * err set; free *legal and *reply in every case. */
int cy_analysis_replies(cy_solver *s, const unsigned char *mark, int **legal, int **reply, cy_error *err);
/* The answer of `cycles solve --json` (the object the manual documents, then
 * a newline) for analysis a of board b, with nr replies from
 * cy_analysis_replies (0: no "replies" key).  A malloc'd string. */
char *cy_analysis_json(const cy_board *b, const cy_analysis *a, const int *legal, const int *reply, int nr);

/* The page's answers (those of `cycles serve` and of the static site's
 * engine in the browser; browser.md documents them).  Each is a malloc'd
 * JSON text ending in a newline. */
/* GET /api/families: {"families": [{name, usage, summary}], "examples":
 * [specs to try]}. */
char *cy_families_json(void);
/* GET /api/board: board b to draw at position mark, as {"board", "vertices":
 * [{label, x, y, special}] (cy_layout's positions), "edges": [[u, v]],
 * "cells": [[v, ...]] (each cell's walk of vertex indices), "moves": the
 * moves of file_moves (the board file's, or NULL), "position": {"legal":
 * every legal move, "death": the legal moves after which the opponent can
 * complete a cycle cell, "unmarkable": the unmarked edges neither of whose
 * directions is legal}, "max_edges", "timeout": the given limits}.  NULL
 * with err set when the board cannot be laid out. */
char *cy_board_view_json(const cy_board *b, const unsigned char *mark, const char *file_moves, int max_edges,
                         double timeout, cy_error *err);
/* GET /api/move: the engine's move at mark from analysis an (cy_analyse's
 * return code arc: negative when it stopped early), as {"move": "U->V" or
 * null when the game is over, "wins": whether the move wins with perfect
 * play (null when that is not known), "over", "winner": the winner when the
 * game is over, else null, "complete": false when arc < 0}; the move is the
 * first winning one if there is one, else a safe one, else a legal one. */
char *cy_engine_move_json(const cy_board *b, const unsigned char *mark, const cy_analysis *an, int arc);

/* The process's resident memory in bytes (0 if unknown): what a front end
 * that bounds its whole process (the server) measures its shares against. */
size_t cy_resident_memory(void);
/* Monotonic seconds: the clock of cy_solver_until. */
double cy_now(void);
/* Makes every search of s stop by the absolute time until (cy_now() seconds;
 * 0: only the per-search timeout), as the server bounds the several calls of
 * one answer (cy_analyse, then cy_analysis_replies) by one time limit. */
void cy_solver_until(cy_solver *s, double until);
/* Frees the calling thread's workspaces of the library (nauty keeps one per
 * thread and frees it only when asked): every thread but the main one that
 * used the library calls this before it ends, or once a task is done. */
void cy_nauty_thread_done(void);

/* What a picture shows besides the board.  Set last to -1 when there is no
 * last move (0 is a dart). */
typedef struct cy_picture {
    const unsigned char *mark;  /* the position (ne marks), or NULL: no arrows */
    int last;                   /* the dart of the last move, drawn emphasised, or -1 */
    const int *hints;           /* moves (darts) drawn in the hint colour ... */
    int nhints;                 /* ... and how many */
    const char *caption;        /* a line of text under the board, or NULL */
    const unsigned char *owner; /* per edge, the player (1 or 2) who marked it, drawn in
                                   that player's colour; 0 or NULL: not known */
    double width;               /* the picture's width in pixels, the drawing scaled
                                   to it (16 to 8192); 0: its own size (scale) */
    double scale;               /* with width 0: the own size times this (0: 1) */
    int legend;                 /* a legend under the board for the signs it shows */
    int deaths;                 /* draw the death moves (each lets the opponent complete
                                   a cycle cell) as hollow dashed arrowheads */
} cy_picture;

/* An SVG picture of b laid out by cy_layout (y up in the layout, so the
 * picture looks like the board's own drawing), in the colours of the page of
 * `cycles serve`: vertices as circles with their labels (special vertices
 * as grey squares), unmarked edges grey, edges that can never be marked
 * dashed, marked edges dark grey (blue for player 1, orange for player 2
 * when owner says) with an arrowhead at the middle, cycle cells filled
 * yellow, the last move thicker, hints as green arrows, death moves (when
 * asked) as hollow dashed arrowheads; the caption and the
 * legend (one entry per sign the picture shows) under the board.  A malloc'd
 * string, or NULL with a message (a width outside 16 to 8192 pixels, a
 * scale that makes one, or a board that cannot be laid out). */
char *cy_render_svg(const cy_board *b, const cy_picture *p, cy_error *err);

/* What a text picture shows besides the board (cy_render_text). */
typedef struct cy_text_opts {
    const unsigned char *mark;  /* the position (ne marks), or NULL: no arrows */
    const unsigned char *owner; /* per edge, the player (1 or 2) who marked it, 0 when
                                   not known; or NULL */
    int last;                   /* the dart of the last move, or -1 */
    int utf8;                   /* Unicode lines and arrows instead of ASCII */
    int color;                  /* ANSI colours: the players' arrows, the last move */
    int max_width;              /* columns at most; 0 = 78 */
    int max_height;             /* rows of the drawing at most; 0 = 60 (the most) */
} cy_text_opts;

/* A picture of b and its position on a character grid, for terminals: a
 * board with coordinates (every family has them) is drawn as placed, the
 * vertices as their labels, edges as lines of - | / \ (or Unicode box
 * drawing), each marked edge with an arrowhead at its middle pointing from
 * tail to head (> < ^ v, or the eight Unicode arrows), coloured by the
 * player who marked it and the last move bold; an unmarkable edge (no
 * direction legal) dotted (. : or Unicode dotted lines, dim in colour), a
 * special vertex's label followed by a star; no line is wider than
 * max_width columns and the drawing has at most max_height rows.  A board
 * without coordinates is placed by cy_layout (the placement of
 * cy_render_svg); a board whose own coordinates are too cramped for the
 * space is spread out (its embedding kept) or, failing that, placed as if
 * it had none.  Lines run unbroken: one character a column or a row, a
 * slant (/ \) where the line steps to the next row or column.  A board on a
 * closed surface, or too big to draw in max_width columns and max_height
 * rows with its labels apart, gets a plain list of its arrows and unmarked
 * edges instead ("(unmarkable)" after those), wrapped at max_width (an
 * entry longer than a line excepted).  Lines end in \n;
 * malloc'd (never NULL: running out of memory aborts). */
char *cy_render_text(const cy_board *b, const cy_text_opts *o);

/* Whether this build can write PNG (librsvg and cairo were found). */
int cy_png_available(void);
/* Renders SVG text to PNG bytes (malloc'd *png of *png_len bytes).  Returns
 * 0, or -1 with a message (PNG not compiled in, or the SVG not renderable). */
int cy_svg_to_png(const char *svg, size_t svg_len, unsigned char **png, size_t *png_len, cy_error *err);

/* The state digraph of Zonnefeld et al. 2023 (Figure 7): every position reachable from
 * a start position under the original rules (death moves included; a
 * position with a cycle cell or no legal move is an end), one arc per legal
 * move, and each position labelled 'P' (the player who just moved wins) or
 * 'N' (the player to move wins) by backward induction from the ends, which
 * are P-positions. */
typedef struct cy_statetree {
    int n;  /* positions, in order of moves played (breadth first) */
    int ne; /* edges of the board: position i is marks[i*ne .. i*ne+ne) */
    unsigned char *marks;
    int *played;          /* moves played in each position */
    char *value;          /* 'P' or 'N' (cy_statetree_build_rules: also 'D', '1'..'8') */
    unsigned char *cycle; /* the position has a cycle cell */
    int narcs;            /* arcs: from[i] -> to[i] by the move dart[i] */
    int *from, *to, *dart;
    int *vvalue; /* cy_statetree_build_rules only (else NULL): each
                  * position's cy_vsearch_value */
} cy_statetree;

/* Builds the state digraph from start (NULL: the empty board).  Refuses, with
 * a message, a board whose digraph has more than max_positions positions.
 * Returns 0 or -1. */
int cy_statetree_build(const cy_board *b, const unsigned char *start, int max_positions, cy_statetree *t, cy_error *err);
/* The state digraph under the variant r (cycles tree --rules): the moves
 * and ends of r (cy_variant_legal, cy_variant_ended: cycle[i] is then "the
 * game ended by a completion"), each position labelled from the variant
 * search's value (vvalue[i]): two players 'N' (the player to move wins,
 * MISERE: value not 0), 'P' (loses) or 'D' (a draw; SCORE: the points
 * still to be made are level); K >= 3 players '1'..'8', the winner's
 * number (player 1 moves at even numbers of moves played).  The search
 * takes o's memory and time limits (o may be NULL).  Returns 0 or -1. */
int cy_statetree_build_rules(const cy_board *b, const cy_rules *r, const cy_solver_opts *o, const unsigned char *start,
                             int max_positions, cy_statetree *t, cy_error *err);
/* The digraph as Graphviz DOT: one column per number of moves, P-positions
 * gold and N-positions grey as in the paper, the start position larger,
 * positions with a cycle cell double circles, the moves as tooltips.
 * A malloc'd string. */
char *cy_statetree_dot(const cy_board *b, const cy_statetree *t);
void cy_statetree_free(cy_statetree *t);

/* ---- the library for bindings, and every position's value ---- */

/* Frees what the library returned as malloc'd memory (the strings of
 * cy_write_board, cy_render_svg, cy_analysis_json, cy_position_moves, the
 * moves of cy_load and cy_read_board, the arrays of cy_moves_parse and
 * cy_analysis_replies), for callers such as the Python binding that cannot
 * reach the C library's free() directly.  NULL is fine. */
void cy_free(void *p);

/* The marked edges of mark as moves "U->V U->V ..." in edge order (an empty
 * string for the empty position).  A malloc'd string. */
char *cy_position_moves(const cy_board *b, const unsigned char *mark);

/* The largest board whose reachable positions cy_positions_new enumerates. */
#define CY_POSITIONS_MAX_EDGES 20

/* One reachable position and its value under the original rules. */
typedef struct cy_position_info {
    const unsigned char *mark; /* ne marks; valid until the next call */
    int played;                /* moves played */
    int to_move;               /* 1 or 2 */
    int over;                  /* a cycle cell exists or no legal move remains */
    int cycle_cell;            /* the cycle cell, or -1 */
    int outcome;               /* 'N' (the player to move wins) or 'P' */
    int winner;                /* 1 or 2 */
    int grundy;                /* the normal-play Grundy value; -1 where a cycle
                                  cell can be completed at once or exists, or
                                  when the options say no_grundy */
    int value;                 /* the position's cy_vsearch_value under the
                                  rules listed (the original rules: 1 when the
                                  player to move wins, else -1) */
} cy_position_info;
/* Under a variant (cy_positions_new_rules) the fields read: over, the game
 * has ended (cy_variant_ended) or no legal move is left; outcome for the
 * player to move from here on, 'N' wins, 'P' loses, 'D' draw (SCORE: the
 * points still to be made are level), MISERE 'N' when the misère nim-value
 * (also in grundy) is not 0, 0 for K >= 3 players; to_move and winner 1..K
 * (winner 0 for a draw), both 0 with extra turns, where the turn depends on
 * the order of the moves; grundy -1 but under MISERE. */

typedef struct cy_positions cy_positions;

/* An enumeration of every position reachable from start (NULL: the empty
 * board) by legal moves of the original game (death moves included; a
 * position with a cycle cell or without a legal move is an end), in order of
 * moves played and then of the base-3 number of the marks (edge 0 lowest
 * digit).  Each position is found by a test on it alone (positions.c), so
 * the enumeration holds only the current position: its memory does not grow
 * with the count, and the first position comes as soon as its value is
 * known.  Values come from a solver made with o (NULL: defaults), whose
 * table is bounded by o->memory; o->timeout bounds the searches of the whole
 * enumeration together; o->threads 0 means one thread here (threads cost
 * more than they share on so many small searches, bench/positions.sh).  NULL with a message for a board of more
 * than CY_POSITIONS_MAX_EDGES edges or a solver that cannot be made. */
cy_positions *cy_positions_new(const cy_board *b, const unsigned char *start, const cy_solver_opts *o, cy_error *err);
/* The same under the rule variant r (NULL or the standard rules: as
 * cy_positions_new): the positions reachable by r's legal moves, a position
 * where r ends the game being an end (SCORE: only no legal move left), each
 * valued by a variant search (cy_vsearch, whose table o->memory bounds: the
 * listing stops with CY_SOLVE_MEMORY when it is full). */
cy_positions *cy_positions_new_rules(const cy_board *b, const cy_rules *r, const unsigned char *start,
                                     const cy_solver_opts *o, cy_error *err);
/* The next position into *p: 1, 0 when there are no more, or a negative
 * CY_SOLVE_ code with err set (the solver ran out of time or memory; the
 * next call tries the same position again). */
int cy_positions_next(cy_positions *it, cy_position_info *p, cy_error *err);
/* Positions returned so far. */
uint64_t cy_positions_done(const cy_positions *it);
/* About how many positions the enumeration lists: an estimate by random
 * descents (Knuth's), within a few per cent on boards of up to 20 edges,
 * made when the enumeration is, for progress. */
double cy_positions_estimate(const cy_positions *it);
/* The moves played in the positions being listed now (for progress). */
int cy_positions_played(const cy_positions *it);
/* The memory in bytes with which the listing's values certainly fit, known
 * before it starts: under a rule variant the variant search's direct table
 * (cy_vsearch_direct_bytes), chosen when the memory bound allows it; 0 when
 * no such bound is known: under the standard rules, whose solver's table
 * replaces entries when it is full so that any bound the solver accepts
 * will do, or when the variant search has no direct table. */
double cy_positions_memory_need(const cy_positions *it);
void cy_positions_free(cy_positions *it);

/* ---------------------------------------------------------- certificates */

/* What cy_certificate_write wrote. */
typedef struct cy_cert_stats {
    int claim;          /* 'N': the player to move wins; 'P': loses */
    int grundy;         /* the Grundy value certified, or -1 (not asked, or
                           a cycle cell can be completed at once) */
    int immediate;      /* the player to move completes a cycle cell at once */
    uint64_t records;   /* records written (after the header); after a
                           stop, the records found by then */
    uint64_t bytes;     /* bytes of the file */
    uint64_t positions; /* positions the solver had searched by the end */
    double seconds;     /* time to write, the searches included */
} cy_cert_stats;

/* Writes to path (through a temporary file renamed at the end, so nothing
 * half-written is left) a certificate, format version 2 of
 * docs/certificates.md, of who wins the standard game from mark on the
 * solver's board and, with grundy, of its Grundy value: a header (the
 * board, the position, the claim) and the records the claim needs, each
 * found with the solver s and checkable by the separate program
 * cycles-check.  The board has at most CY_FAST_MAX_EDGES edges and mark no
 * cycle cell.  Returns 0 with *st filled, or a negative CY_SOLVE_ code (out
 * of time or memory) or -1 with a message in err. */
int cy_certificate_write(cy_solver *s, const unsigned char *mark, int grundy, const char *path, cy_cert_stats *st,
                         cy_error *err);

/* cy_certificate_write under the misère rules (completing a cycle cell or
 * making the last move loses): a certificate of who wins from mark on b
 * ("rules misere": won and lost positions only), each value found by a
 * variant search with options o.  Returns as cy_certificate_write. */
int cy_certificate_write_misere(const cy_board *b, const cy_solver_opts *o, const unsigned char *mark, const char *path,
                                cy_cert_stats *st, cy_error *err);

#ifdef __cplusplus
}
#endif
#endif
