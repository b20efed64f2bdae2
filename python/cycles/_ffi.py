"""The C declarations the binding uses and the loaded libcycles.

ABI mode of cffi: the declarations below are a copy of the parts of
include/cycles.h the package calls (struct layouts included), checked against
the header by python/tests/test_layout.py, which compiles the header and
compares every field's offset.  Nothing here implements a rule of the game.

The library is found at the path in the environment variable CYCLES_LIBRARY
when it is set (and nowhere else then); otherwise, in order, next to this file (libcycles.so.0 copied into the package),
in the build directory of the source tree this package sits in
(../../build/libcycles.so.0), and by the system's loader (libcycles.so.0
installed by ``make install`` to /usr/local/lib, then ``ldconfig``).
"""
import os
from pathlib import Path

import cffi

CDEF = r"""
typedef struct cy_error { char msg[512]; } cy_error;

enum { CY_UNMARKED = 0, CY_FWD = 1, CY_BWD = 2 };

typedef struct cy_board {
    int nv, ne, ncells;
    char **label;
    unsigned char *special;
    int has_coords;
    double *x, *y;
    int *eu, *ev;
    int *vstart, *vdarts;
    int *fstart, *fdarts;
    int *dface;
    unsigned char *cyclable;
    char *name;
    int surface;
    int orientable;
    int genus;
    int *sface, *sdart;
    int multi;
    int loops;
} cy_board;

typedef struct cy_board_desc {
    int nv;
    const char *const *labels;
    int ncells;
    const int *const *cells;
    const int *cell_len;
    const int *outer;
    int outer_len;
    const unsigned char *special;
    const double *xy;
    const char *name;
    int surface;
    int orientable;
    int genus;
    const int *const *cell_edges;
    const int *outer_edges;
    const int *edge_ends;
    const unsigned char *const *cell_rev;
} cy_board_desc;

cy_board *cy_board_from_faces(const cy_board_desc *d, cy_error *err);
cy_board *cy_board_with_special(const cy_board *b, const unsigned char *special, cy_error *err);
void cy_board_free(cy_board *b);
int cy_board_isomorphic(const cy_board *a, const cy_board *b, int *vmap);

int cy_rules_legal(const cy_board *b, const unsigned char *mark, int *out);
int cy_rules_is_death(const cy_board *b, unsigned char *mark, int d, int *cell);
int cy_rules_cycle_cell(const cy_board *b, const unsigned char *mark);
int cy_rules_over(const cy_board *b, const unsigned char *mark);
int cy_rules_played(const cy_board *b, const unsigned char *mark);

int cy_moves_parse(const cy_board *b, const char *text, int **darts, int *n, cy_error *err);
int cy_moves_play(const cy_board *b, unsigned char *mark, const int *darts, int n, cy_error *err);
void cy_move_str(const cy_board *b, int d, char *buf, size_t n);

typedef struct cy_solver_opts {
    size_t memory;
    double timeout;
    int progress;
    int engine;
    int no_decompose;
    int no_canon;
    int no_plane_keys;
    int no_outcome_search;
    int no_rounds;
    int no_mirrors;
    int round_allowance;
    int mex_edges;
    int no_bitboard;
    int threads;
    int no_grundy;
    int no_theorems;
    int search;
    int dfpn_edges;
    int grundy_method;
    struct cy_table *table;
    int reductions;
} cy_solver_opts;

typedef struct cy_solver_stats {
    uint64_t positions;
    uint64_t hits;
    uint64_t stored;
    size_t memory;
    double seconds;
} cy_solver_stats;

typedef struct cy_solver cy_solver;
cy_solver *cy_solver_new(const cy_board *b, const cy_solver_opts *o, cy_error *err);
void cy_solver_free(cy_solver *s);

typedef struct cy_analysis {
    int played;
    int to_move;
    int over;
    int cycle_cell;
    int outcome;
    int winner;
    int grundy;
    int grundy_known;
    int nwin;
    int *winning;
    int complete;
    int unknown;
    cy_solver_stats stats;
    const char *proof;
} cy_analysis;

int cy_analyse(cy_solver *s, const unsigned char *mark, cy_analysis *a, cy_error *err);
void cy_analysis_free(cy_analysis *a);
int cy_analysis_replies(cy_solver *s, const unsigned char *mark, int **legal, int **reply, cy_error *err);
char *cy_analysis_json(const cy_board *b, const cy_analysis *a, const int *legal, const int *reply, int nr);

typedef enum cy_rules_kind {
    CY_RULES_STANDARD = 0, CY_RULES_MISERE, CY_RULES_DRAW, CY_RULES_SCORE, CY_RULES_ANY_CYCLE
} cy_rules_kind;
typedef struct cy_rules {
    cy_rules_kind kind;
    int extra_turn;
    int players;
} cy_rules;
int cy_rules_parse(const char *name, int players, int extra_turn, cy_rules *r, cy_error *err);
int cy_rules_is_standard(const cy_rules *r);
typedef struct cy_variant_game {
    int played;
    int to_move;
    int last;
    int score[9];
    int ended;
    int completed_by;
} cy_variant_game;
int cy_variant_play(const cy_board *b, const cy_rules *r, unsigned char *mark, const int *darts, int n,
                    cy_variant_game *g, cy_error *err);
int cy_variant_legal(const cy_board *b, const cy_rules *r, const unsigned char *mark, int *out);
typedef struct cy_variant_analysis {
    cy_rules rules;
    cy_variant_game game;
    int over;
    int outcome;
    int winner;
    int value;
    int grundy;
    int nbest, *best;
    int ndraw, *drawing;
    int force[9];
    int complete;
    cy_solver_stats stats;
} cy_variant_analysis;
int cy_variant_analyse(const cy_board *b, const cy_rules *r, const unsigned char *mark, const cy_variant_game *g,
                       const cy_solver_opts *o, cy_variant_analysis *a, cy_error *err);
void cy_variant_analysis_free(cy_variant_analysis *a);
char *cy_variant_json(const cy_board *b, const cy_variant_analysis *a);

typedef enum cy_format {
    CY_FMT_AUTO, CY_FMT_TABLE, CY_FMT_TABLE_TEXT, CY_FMT_JSON, CY_FMT_DRAWING, CY_FMT_DOT
} cy_format;
int cy_format_parse(const char *s);
cy_board *cy_read_board(const char *text, size_t len, cy_format f, char **moves, cy_error *err);
char *cy_write_board(const cy_board *b, const unsigned char *mark, cy_format f, cy_error *err);

cy_board *cy_family_build(const char *spec, cy_error *err);
int cy_parse_size(const char *text, size_t *bytes);
typedef struct cy_family_info { const char *name, *usage, *summary; } cy_family_info;
const cy_family_info *cy_family_list(void);
cy_board *cy_load(const char *spec, char **moves, cy_error *err);

typedef struct cy_game {
    cy_board *board;
    cy_rules rules;
    unsigned char *mark;
    int *moves;
    int nmoves;
    int nfile;
    char *file_moves;
    cy_variant_game state;
    int ruled;
} cy_game;
typedef enum cy_game_from { CY_GAME_FROM_SPEC = 0, CY_GAME_FROM_FAMILY, CY_GAME_FROM_TEXT } cy_game_from;
typedef struct cy_game_source {
    cy_game_from from;
    const char *spec;
    const char *text;
    size_t len;
    cy_format format;
    const char *name;
    const char *special;
    int max_edges;
    const char *moves;
    const cy_rules *rules;
    int board_only;
} cy_game_source;
typedef enum cy_game_part {
    CY_GAME_AT_BOARD = 1, CY_GAME_AT_NO_FAMILY, CY_GAME_AT_SPECIAL, CY_GAME_AT_SIZE, CY_GAME_AT_FILE_MOVES,
    CY_GAME_AT_MOVES, CY_GAME_AT_PLAY
} cy_game_part;
typedef struct cy_game_error {
    cy_error err;
    cy_game_part part;
    int in_file;
} cy_game_error;
int cy_game_load(const cy_game_source *src, cy_game *g, cy_game_error *err);
void cy_game_free(cy_game *g);

typedef struct cy_answer_opts {
    int no_replies;
    double replies_until;
    cy_solver *solver;
} cy_answer_opts;
typedef struct cy_answer {
    int variant;
    cy_analysis a;
    int nr, *legal, *reply;
    int no_replies;
    cy_variant_analysis v;
    int started;
    int status;
    int complete;
    int known;
    int winner;
    int best;
} cy_answer;
int cy_answer_game(const cy_game *g, const cy_solver_opts *limits, const cy_answer_opts *o, cy_answer *ans,
                   cy_error *err);
char *cy_answer_text(const cy_board *b, const cy_answer *ans);
char *cy_answer_json(const cy_board *b, const cy_answer *ans);
void cy_answer_free(cy_answer *ans);
int cy_layout(const cy_board *b, double *xy, cy_error *err);

typedef struct cy_picture {
    const unsigned char *mark;
    int last;
    const int *hints;
    int nhints;
    const char *caption;
    const unsigned char *owner;
    double width;
    double scale;
    int legend;
    int deaths;
} cy_picture;
char *cy_render_svg(const cy_board *b, const cy_picture *p, cy_error *err);

void cy_free(void *p);
char *cy_position_moves(const cy_board *b, const unsigned char *mark);

typedef struct cy_position_info {
    const unsigned char *mark;
    int played;
    int to_move;
    int over;
    int cycle_cell;
    int outcome;
    int winner;
    int grundy;
    int value;
} cy_position_info;
typedef struct cy_positions cy_positions;
cy_positions *cy_positions_new(const cy_board *b, const unsigned char *start, const cy_solver_opts *o,
                               cy_error *err);
int cy_positions_next(cy_positions *it, cy_position_info *p, cy_error *err);
cy_positions *cy_positions_new_rules(const cy_board *b, const cy_rules *r, const unsigned char *start,
                                     const cy_solver_opts *o, cy_error *err);
uint64_t cy_positions_done(const cy_positions *it);
void cy_positions_free(cy_positions *it);
"""

# The structs whose layout test_layout.py checks against the header.
STRUCTS = ["cy_error", "cy_board", "cy_board_desc", "cy_solver_opts", "cy_solver_stats", "cy_analysis",
           "cy_family_info", "cy_picture", "cy_position_info", "cy_rules", "cy_variant_game",
           "cy_variant_analysis", "cy_game", "cy_game_source", "cy_game_error",
           "cy_answer_opts", "cy_answer"]

SONAME = "libcycles.so.0"

ffi = cffi.FFI()
ffi.cdef(CDEF)


def library_candidates():
    """The paths tried for libcycles, in order (see the module's comment)."""
    here = Path(__file__).resolve().parent
    out = []
    if os.environ.get("CYCLES_LIBRARY"):
        return [os.environ["CYCLES_LIBRARY"]]
    out.append(str(here / SONAME))
    out.append(str(here.parent.parent / "build" / SONAME))
    out.append(SONAME)
    return out


def _load():
    tried = []
    for path in library_candidates():
        if os.sep in path and not os.path.exists(path):
            tried.append(path + " (missing)")
            continue
        try:
            return ffi.dlopen(path)
        except OSError as e:
            tried.append(f"{path} ({e})")
    raise ImportError("cycles: cannot load libcycles: tried " + "; ".join(tried) +
                      ". Run `sudo make install` (then ldconfig) in the cycles source tree, or set "
                      "CYCLES_LIBRARY to the path of libcycles.so.0")


lib = _load()
