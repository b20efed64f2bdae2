/*
 * play.c - `cycles play BOARD`: a game in the terminal against the engine.
 *
 * The human types moves as U->V and the engine replies; `hint`, `undo`,
 * `moves`, `show`, `help` and `quit` do what they say.  Input is read line by
 * line (lines.c): on a terminal with line editing and history, Ctrl-L
 * clearing the screen and drawing the position again, the picture fitted to
 * the terminal's width and height; from a pipe, so a game can be piped in,
 * each line is echoed after the prompt and the output reads as a
 * transcript.  No input line can end the program other than `quit` (and
 * the end of input): anything unrecognised gets a one-line answer.
 *
 * Engine styles (--engine-play, or --engine for this command only):
 *   perfect  a winning move when there is one (found by the solver), else a
 *            move that does not hand over a cycle cell, else any legal move;
 *   random   completes a cycle cell when it can, else a random move that is
 *            not a death move when there is one, else any legal move;
 *   mirror   the mirror strategy a theorem of the papers gives the board
 *            (cy_strategy_find); the engine takes that strategy's side
 *            unless --first says otherwise, which is then an error.
 * Ties are broken by a PRNG seeded from --seed (default: the clock).  The
 * solver only finds who wins (no Grundy values), within --timeout seconds a
 * search (PLAY_TIMEOUT by default); when it gives up, the engine says so and
 * plays in the random style, and `hint` says it has none.
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <pthread.h>
#include <sys/ioctl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Seconds the solver may spend on one search unless --timeout says otherwise
 * (grid:4x4 takes minutes); after that the engine plays at random. */
#define PLAY_TIMEOUT ((double)CLI_PLAY_TIMEOUT)
/* Table memory of the solver unless --memory says otherwise. */
#define PLAY_MEMORY ((size_t)CLI_PLAY_MEMORY_MIB << 20)

/* Longest input line we look at (longer ones are refused). */
#define LINE_MAX_USED 1000

typedef struct game {
    cy_board *b;
    unsigned char *mark;
    int *hist, nhist;    /* darts played in this session, in order */
    int start_played;    /* moves already played when the session began */
    int human;           /* the human's player number, 1 or 2 */
    const char *style;   /* "perfect", "random" or "mirror" */
    cy_solver *solver;   /* NULL when the board is too big for it */
    cy_strategy *mirror; /* the mirror strategy the engine plays (style "mirror") */
    char no_solver[512]; /* why there is no solver */
    uint64_t rng;
    int *buf;             /* room for 2*ne darts */
    int echo;             /* echo input lines (standard input is not a terminal) */
    unsigned char *owner; /* per edge: the player who marked it in this session, or 0 */
    unsigned char *start; /* the position the session began with (for `new`) */
    cy_text_opts pic;     /* how the board is drawn (UTF-8, colours, width) */
    int changes, drawn;   /* positions played and undone so far; the count last drawn */
} game;

/* Seconds the engine thinks before it says so on stderr. */
#define THINKING_AFTER 0.5

/* The "thinking..." line: a thread that says it unless the search ends first. */
typedef struct thinking {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int done;
} thinking;

/* The thread: waits THINKING_AFTER seconds or until done. */
static void *think_wait(void *arg)
{
    thinking *t = arg;
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += (long)(THINKING_AFTER * 1e9);
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&t->lock);
    int r = 0;
    while (!t->done && r != ETIMEDOUT)
        r = pthread_cond_timedwait(&t->cond, &t->lock, &until);
    if (!t->done) {
        fputs("thinking...\n", stderr);
        fflush(stderr);
    }
    pthread_mutex_unlock(&t->lock);
    return NULL;
}

/* Starts the clock of a search; 0, or -1 when no thread could be made (then
 * nothing is said). */
static int think_start(thinking *t)
{
    t->done = 0;
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->cond, NULL);
    if (pthread_create(&t->thread, NULL, think_wait, t) != 0) {
        pthread_mutex_destroy(&t->lock);
        pthread_cond_destroy(&t->cond);
        return -1;
    }
    return 0;
}

/* Stops the clock (after think_start returned 0). */
static void think_stop(thinking *t)
{
    pthread_mutex_lock(&t->lock);
    t->done = 1;
    pthread_cond_signal(&t->cond);
    pthread_mutex_unlock(&t->lock);
    pthread_join(t->thread, NULL);
    pthread_mutex_destroy(&t->lock);
    pthread_cond_destroy(&t->cond);
}

/* The answer to the position (cy_answer_game with the game's solver, no
 * replies) into *a, which the caller frees with cy_analysis_free, with the
 * "thinking..." line when it takes long. */
static int analyse(game *g, cy_analysis *a, cy_error *err)
{
    thinking t;
    int clock = think_start(&t) == 0;
    cy_game now = {.board = g->b, .mark = g->mark};
    cy_answer_opts ao = {.solver = g->solver, .no_replies = 1};
    cy_answer ans;
    int r = cy_answer_game(&now, NULL, &ao, &ans, err);
    *a = ans.a; /* taken over: ans holds nothing else to free */
    if (clock)
        think_stop(&t);
    return r;
}

/* Sets the picture's bounds from the terminal's size (TIOCGWINSZ, asked
 * again at every picture so that a resized window is filled); when standard
 * output is no terminal, from COLUMNS and LINES when the shell exported
 * them, else 78 columns and any height.  Returns the rows (0: not known). */
static int fit_terminal(game *g)
{
    struct winsize ws;
    int rows = 0, cols = 0;
    if (isatty(1) && ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20) {
        cols = ws.ws_col;
        rows = ws.ws_row;
    } else {
        const char *c = getenv("COLUMNS"), *l = getenv("LINES");
        cols = c ? atoi(c) : 0;
        rows = l ? atoi(l) : 0;
        if (cols < 20 || cols > 1000)
            cols = 0;
        if (rows < 8 || rows > 1000)
            rows = 0;
    }
    g->pic.max_width = cols ? cols - 1 : 78;
    /* room under the picture for its legend, the status, a reply and the prompt */
    g->pic.max_height = rows ? (rows - 6 > 8 ? rows - 6 : 8) : 0;
    return rows;
}

/* The picture of the position (cy_render_text) as high as the terminal
 * allows; a board that cannot be drawn so (its labels would touch) is drawn
 * taller, the screen scrolling, rather than listed.  Malloc'd. */
static char *render(game *g)
{
    fit_terminal(g);
    g->pic.mark = g->mark;
    g->pic.owner = g->owner;
    g->pic.last = g->nhist ? g->hist[g->nhist - 1] : -1;
    char *t = cy_render_text(g->b, &g->pic);
    if (!strncmp(t, "arrows:", 7) && g->pic.max_height > 0 && !g->b->surface) {
        cy_text_opts tall = g->pic;
        tall.max_height = 0;
        char *u = cy_render_text(g->b, &tall);
        if (strncmp(u, "arrows:", 7)) {
            free(t);
            return u;
        }
        free(u);
    }
    return t;
}

/* Prints the picture of the position (render), and under it what its
 * special signs mean when it has any. */
static void picture(game *g)
{
    const cy_board *b = g->b;
    char *t = render(g);
    fputs(t, stdout);
    int special = 0, unmarkable = 0;
    for (int v = 0; v < b->nv; v++)
        special |= b->special[v];
    cy_edge_info *info = calloc((size_t)b->ne + 1, sizeof *info);
    if (info) /* out of memory: no legend */
        cy_rules_classify_all(b, g->mark, info);
    for (int e = 0; info && e < b->ne; e++)
        unmarkable |= !g->mark[e] && info[e].cls == CY_EDGE_UNMARKABLE;
    free(info);
    if (strstr(t, "unmarked:") != t && (special || unmarkable))
        printf("%s%s%s\n", special ? "  * a special vertex (no sink/source rule)" : "",
               unmarkable ? (g->pic.utf8 ? "  \u2504\u2506\u00b7 unmarkable edge" : "  .:. unmarkable edge") : "",
               unmarkable ? " (no arrow is legal)" : "");
    free(t);
    g->drawn = g->changes;
}

/* splitmix64: the next random number. */
static uint64_t rnd(game *g)
{
    uint64_t z = (g->rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A random element of d[0..n) (n >= 1). */
static int pick(game *g, const int *d, int n)
{
    return d[rnd(g) % (uint64_t)n];
}

/* The player to move, 1 or 2. */
static int to_move(const game *g)
{
    return cy_rules_played(g->b, g->mark) % 2 == 0 ? 1 : 2;
}

/* "you" or "the engine" for player p. */
static const char *who(const game *g, int p)
{
    return p == g->human ? "you" : "the engine";
}

/* Prints the walk of face f as labels (and its edges by number where some
 * are parallel). */
static void print_walk(const cy_board *b, int f)
{
    for (int i = b->fstart[f]; i < b->fstart[f + 1]; i++)
        printf("%s%s", i > b->fstart[f] ? " " : "", b->label[cy_tail(b, b->fdarts[i])]);
    /* with parallel edges the vertices alone do not say which edges */
    for (int i = b->fstart[f]; b->multi && i < b->fstart[f + 1]; i++) /* with loops, +eN along edge N */
        printf("%s%se%d", i > b->fstart[f] ? " " : "; edges ",
               !b->loops          ? ""
               : b->fdarts[i] & 1 ? "-"
                                  : "+",
               cy_dart_edge(b->fdarts[i]));
}

/* Prints head, then darts d[0..n) as " U->V U->V ..." (or " none") and a
 * newline, wrapped at the picture's width between moves (never inside one),
 * the lines after the first indented by two. */
static void print_moves(const game *g, const char *head, const int *d, int n)
{
    int maxw = g->pic.max_width > 0 ? g->pic.max_width : 78, col = (int)strlen(head);
    fputs(head, stdout);
    for (int i = 0; i <= n; i++) {
        char m[2 * CY_MAX_LABEL + 8];
        if (i == n && n)
            break;
        if (i < n)
            cy_move_str(g->b, d[i], m, sizeof m);
        else
            snprintf(m, sizeof m, "none");
        int w = (int)strlen(m);
        if (col + 1 + w > maxw && col > 2) {
            fputs("\n ", stdout);
            col = 1;
        }
        printf(" %s", m);
        col += 1 + w;
    }
    printf("\n");
}

/* The line under the picture: moves played and whose turn it is. */
static void status(game *g)
{
    int played = cy_rules_played(g->b, g->mark);
    printf("%d move%s played; player %d (%s) to move\n", played, played == 1 ? "" : "s", to_move(g), who(g, to_move(g)));
}

/* Ctrl-L (lines.c): the picture and the status line again. */
static void redraw(void *ctx)
{
    game *g = ctx;
    picture(g);
    status(g);
}

/* `show`: the arrows, the unmarked edges (with the unmarkable ones said),
 * the cells and whose turn it is. */
static void show(game *g)
{
    const cy_board *b = g->b;
    picture(g);
    status(g);
    printf("  arrows:");
    int any = 0;
    for (int e = 0; e < b->ne; e++)
        if (g->mark[e]) {
            char m[2 * CY_MAX_LABEL + 8];
            cy_move_str(b, cy_dart(e, g->mark[e]), m, sizeof m);
            printf(" %s", m);
            any = 1;
        }
    printf("%s\n  unmarked:", any ? "" : " none");
    any = 0;
    cy_edge_info *info = calloc((size_t)b->ne + 1, sizeof *info);
    if (info)
        cy_rules_classify_all(b, g->mark, info);
    for (int e = 0; e < b->ne; e++)
        if (!g->mark[e]) {
            cy_edge_info in;
            if (info)
                in = info[e];
            else
                cy_rules_classify(b, g->mark, e, &in); /* out of memory: one by one */
            char name[2 * CY_MAX_LABEL + 16];
            cy_edge_str(b, e, name, sizeof name);
            printf(" %s%s", name, in.cls == CY_EDGE_UNMARKABLE ? " (unmarkable)" : "");
            any = 1;
        }
    free(info);
    printf("%s\n", any ? "" : " none");
    for (int c = 0; c < b->ncells; c++) {
        int missing;
        cy_cell_state st = cy_rules_cell(b, g->mark, c, &missing);
        printf("  cell %d (", c + 1);
        print_walk(b, c);
        if (st == CY_CELL_CYCLE)
            printf("): a cycle cell\n");
        else if (st == CY_CELL_BROKEN)
            printf("): can no longer be a cycle cell\n");
        else
            printf("): open, %d of %d edges unmarked\n", missing, cy_face_len(b, c));
    }
}

/* `moves`: the legal moves, and which of them are death moves. */
static void moves(game *g)
{
    int n = cy_rules_legal(g->b, g->mark, g->buf), nd = 0;
    char head[96];
    snprintf(head, sizeof head, "legal moves (%d):", n);
    print_moves(g, head, g->buf, n);
    for (int i = 0; i < n; i++)
        if (cy_rules_is_death(g->b, g->mark, g->buf[i], NULL))
            g->buf[nd++] = g->buf[i];
    if (nd) {
        snprintf(head, sizeof head, "death moves, which let the opponent complete a cycle cell (%d):", nd);
        print_moves(g, head, g->buf, nd);
    }
}

/* The most moves a hint in a lost position names. */
#define HINT_LOST_MOVES 3

/* The safe moves of a lost position ranked by the room they leave: the
 * number of safe moves (no death move) left after each, most first (ties in
 * the order of the board's edges); a move that leaves more room keeps the
 * game going longer and gives the opponent more chances to go wrong.  The
 * moves into g->buf, their counts into room; returns how many. */
static int ranked_safe(game *g, int *room)
{
    int n = cy_rules_safe(g->b, g->mark, g->buf);
    int *tmp = malloc(sizeof(int) * (size_t)(2 * g->b->ne + 1));
    if (!tmp)
        return 0;
    for (int i = 0; i < n; i++) {
        int e = cy_dart_edge(g->buf[i]);
        g->mark[e] = (unsigned char)cy_dart_mark(g->buf[i]);
        room[i] = cy_rules_safe(g->b, g->mark, tmp);
        g->mark[e] = CY_UNMARKED;
    }
    free(tmp);
    /* insertion sort, stable: most room first */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && room[j] > room[j - 1]; j--) {
            int t = room[j];
            room[j] = room[j - 1];
            room[j - 1] = t;
            t = g->buf[j];
            g->buf[j] = g->buf[j - 1];
            g->buf[j - 1] = t;
        }
    return n;
}

/* `hint`: the winning moves, or, in a lost position, the few safe moves that
 * leave the most room (ranked_safe), never the whole list. */
static void hint(game *g)
{
    if (!g->solver) {
        printf("no hint: %s\n", g->no_solver);
        return;
    }
    cy_analysis a;
    cy_error err;
    if (analyse(g, &a, &err) < 0) {
        if (a.nwin) {
            char head[640];
            snprintf(head, sizeof head, "winning move%s found before the solver stopped (%s):", a.nwin == 1 ? "" : "s",
                     err.msg);
            print_moves(g, head, a.winning, a.nwin);
        } else
            printf("no hint: %s\n", err.msg);
        cy_analysis_free(&a);
        return;
    }
    if (a.nwin)
        print_moves(g, a.nwin == 1 ? "winning move:" : "winning moves:", a.winning, a.nwin);
    else {
        int *room = malloc(sizeof(int) * (size_t)(2 * g->b->ne + 1));
        int n = room ? ranked_safe(g, room) : 0;
        printf("no move wins against perfect play; ");
        if (n) {
            int k = n < HINT_LOST_MOVES ? n : HINT_LOST_MOVES;
            printf("%s that leave%s the most room (safe moves left after %s):\n", k == 1 ? "the move" : "the moves",
                   k == 1 ? "s" : "", k == 1 ? "it" : "each");
            for (int i = 0; i < k; i++) {
                char m[2 * CY_MAX_LABEL + 8];
                cy_move_str(g->b, g->buf[i], m, sizeof m);
                printf("  %s (%d)\n", m, room[i]);
            }
            if (n > k)
                printf("  and %d more safe move%s (moves lists every legal move)\n", n - k, n - k == 1 ? "" : "s");
        } else
            printf("every move lets the opponent complete a cycle cell\n");
        free(room);
    }
    cy_analysis_free(&a);
}

/* `undo`: takes back moves up to and including the human's last one, so it
 * is the human's turn again in the position before that move. */
static void undo(game *g)
{
    int last_human = -1;
    for (int i = g->nhist - 1; i >= 0 && last_human < 0; i--)
        if ((g->start_played + i) % 2 == g->human - 1)
            last_human = i;
    if (last_human < 0) {
        printf("nothing to undo\n");
        return;
    }
    printf("undone:");
    int printed = 0;
    while (g->nhist > last_human) {
        int d = g->hist[--g->nhist];
        char m[2 * CY_MAX_LABEL + 8];
        cy_move_str(g->b, d, m, sizeof m);
        g->mark[cy_dart_edge(d)] = CY_UNMARKED;
        g->owner[cy_dart_edge(d)] = 0;
        g->changes++;
        printf("%s %s (%s)", printed ? "," : "", m, g->nhist == last_human ? "yours" : "the engine's");
        printed = 1;
    }
    printf("\n");
}

/* Plays dart d. */
static void play_move(game *g, int d)
{
    g->changes++;
    g->owner[cy_dart_edge(d)] = (unsigned char)to_move(g);
    g->mark[cy_dart_edge(d)] = (unsigned char)cy_dart_mark(d);
    g->hist[g->nhist++] = d;
}

/* A move in the random style: a cycle completion, else a random move that is
 * not a death move, else a random legal move. */
static int random_move(game *g)
{
    int w = cy_rules_winning_completion(g->b, g->mark);
    if (w >= 0)
        return w;
    int n = cy_rules_safe(g->b, g->mark, g->buf);
    if (n)
        return pick(g, g->buf, n);
    n = cy_rules_legal(g->b, g->mark, g->buf);
    return pick(g, g->buf, n);
}

/* Chooses and plays the engine's move (the game is not over). */
static void engine_move(game *g)
{
    int d = -1;
    if (!strcmp(g->style, "perfect")) {
        /* the first winning move proved, not every winning move judged:
         * a completion, or the move the solver reads from the table its
         * outcome search left */
        d = cy_rules_winning_completion(g->b, g->mark);
        if (d < 0) {
            thinking t;
            int clock = think_start(&t) == 0, r = cy_solver_wins(g->solver, g->mark);
            if (r > 0 && cy_solver_move(g->solver, g->mark, &d) <= 0)
                d = -1;
            if (clock)
                think_stop(&t);
            if (r < 0)
                printf("(the engine ran out of time: it plays at random this move)\n");
        }
    } else if (!strcmp(g->style, "mirror")) {
        char why[512] = "";
        int last = g->nhist ? g->hist[g->nhist - 1] : -1;
        int n = cy_strategy_moves(g->mirror, g->b, g->mark, last, g->buf, why, sizeof why);
        if (n > 0)
            d = g->buf[0];
        else
            printf("(the %s strategy has no move here: %s; the engine plays at random this move)\n", g->mirror->name,
                   why);
    }
    if (d < 0)
        d = random_move(g);
    char m[2 * CY_MAX_LABEL + 8];
    cy_move_str(g->b, d, m, sizeof m);
    printf("engine (player %d) plays %s\n", to_move(g), m);
    play_move(g, d);
}

/* "you", "the engine" or "player N" for the player p in an announcement:
 * the player's own terms when the game was played in this session. */
static const char *whom(const game *g, int p, char *buf, size_t n)
{
    if (g->nhist)
        return who(g, p);
    snprintf(buf, n, "player %d", p);
    return buf;
}

/* Announces the end of the game in the player's terms: who won ("you win",
 * "the engine wins", or "player N wins" for a game that was over when the
 * session began) and why, naming the completed cell and the move that
 * completed it. */
static void announce(game *g)
{
    const cy_board *b = g->b;
    int played = cy_rules_played(b, g->mark), winner = played % 2 ? 1 : 2;
    int c = cy_rules_cycle_cell(b, g->mark);
    char wb[32];
    const char *w = whom(g, winner, wb, sizeof wb);
    int you = !strcmp(w, "you");
    if (c >= 0) {
        char m[2 * CY_MAX_LABEL + 8];
        if (g->nhist) {
            cy_move_str(b, g->hist[g->nhist - 1], m, sizeof m);
            printf("game over, %s %s: %s move %s completed cell %d (", w, you ? "win" : "wins", you ? "your" : "its", m,
                   c + 1);
        } else
            printf("game over, %s wins: the last move completed cell %d (", w, c + 1);
        print_walk(b, c);
        printf("), a cycle cell\n");
    } else if (played == 0)
        printf("game over before it starts, %s: no move is possible and %s first\n",
               g->human == 2 ? "you win" : "the engine wins", g->human == 2 ? "the engine moves" : "you move");
    else
        printf("game over, %s %s: no legal move is left, and %s made the last move\n", w, you ? "win" : "wins", w);
}

/* Prints the commands. */
static void help(void)
{
    printf("type a move as U->V (an arrow from U to V), or one of:\n"
           "  hint   the winning moves, if any\n"
           "  undo   take back your last move (and the engine's reply)\n"
           "  moves  the legal moves and the death moves\n"
           "  show   the position\n"
           "  help   this text\n"
           "  quit   leave the game\n");
}

/* Copies at most n-1 characters of s into out with blanks trimmed at both
 * ends; returns out. */
static char *trim(const char *s, char *out, size_t n)
{
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
        s++;
    size_t k = strlen(s);
    while (k && (s[k - 1] == ' ' || s[k - 1] == '\t' || s[k - 1] == '\r' || s[k - 1] == '\n'))
        k--;
    if (k >= n)
        k = n - 1;
    memcpy(out, s, k);
    out[k] = 0;
    return out;
}

/* Prints at most max (<= 300) bytes of s escaped by cy_escape, and "..."
 * when it is cut short. */
static void print_clean(const char *s, int max)
{
    char buf[4 * 300 + 8];
    size_t n = strlen(s), k = n > (size_t)max ? (size_t)max : n;
    cy_escape(buf, sizeof buf, s, k, 0);
    fputs(buf, stdout);
    if (k < n)
        printf("...");
}

/* At game over: what the player can do, until a command that leaves the
 * state (`undo` or `new`: returns 0, the game goes on) or `quit` or the end
 * of the input (returns 1).  `show` and `help` work as in the game. */
static int game_over(game *g, cli_lines *in)
{
    printf("type undo (take back your last move), new (a new game) or quit\n");
    for (;;) {
        fflush(stdout);
        const char *raw = in ? cli_lines_get(in, "you> ") : NULL;
        if (!raw) {
            if (g->echo)
                printf("(end of input)\n");
            return 1;
        }
        char line[LINE_MAX_USED + 1];
        trim(strlen(raw) > LINE_MAX_USED ? "" : raw, line, sizeof line);
        for (char *p = line; *p; p++)
            *p = (char)tolower((unsigned char)*p);
        if (!*line)
            continue;
        if (!strcmp(line, "quit") || !strcmp(line, "exit") || !strcmp(line, "q"))
            return 1;
        if (!strcmp(line, "undo")) {
            int before = g->nhist;
            undo(g);
            if (g->nhist < before)
                return 0;
        } else if (!strcmp(line, "new")) {
            if (g->start)
                memcpy(g->mark, g->start, (size_t)g->b->ne);
            memset(g->owner, 0, (size_t)g->b->ne);
            g->nhist = 0;
            g->changes++;
            printf("new game: you are player %d\n", g->human);
            return 0;
        } else if (!strcmp(line, "show"))
            show(g);
        else if (!strcmp(line, "help") || !strcmp(line, "?"))
            printf("the game is over: undo takes back your last move (and the engine's reply), new starts a new "
                   "game from the first position, quit leaves; show draws the position\n");
        else
            printf("the game is over: type undo, new or quit\n");
    }
}

/* Handles one input line; returns 1 when the human quits. */
static int handle(game *g, const char *raw)
{
    if (strlen(raw) > LINE_MAX_USED) {
        printf("that line is too long; type a move as U->V, or help\n");
        return 0;
    }
    char line[LINE_MAX_USED + 1];
    trim(raw, line, sizeof line);
    char low[LINE_MAX_USED + 1];
    for (size_t i = 0; i <= strlen(line); i++)
        low[i] = (char)tolower((unsigned char)line[i]);
    if (!*line)
        return 0;
    if (!strcmp(low, "quit") || !strcmp(low, "exit") || !strcmp(low, "q")) {
        int n = cy_rules_played(g->b, g->mark);
        printf("game abandoned after %d move%s\n", n, n == 1 ? "" : "s");
        return 1;
    }
    if (!strcmp(low, "help") || !strcmp(low, "?"))
        help();
    else if (!strcmp(low, "hint"))
        hint(g);
    else if (!strcmp(low, "undo"))
        undo(g);
    else if (!strcmp(low, "moves"))
        moves(g);
    else if (!strcmp(low, "show"))
        show(g);
    else if (strstr(line, "->")) {
        cy_error err;
        int *d = NULL, n = 0;
        if (cy_moves_parse(g->b, line, &d, &n, &err) < 0) {
            /* the parser names the move by its number in a list: drop that */
            const char *why = err.msg, *p = strstr(err.msg, "): ");
            if (!strncmp(err.msg, "move 1 (", 8) && p)
                why = p + 3;
            printf("not a move: ");
            print_clean(why, 300);
            printf("\n");
        } else if (n != 1)
            printf("one move at a time, please\n");
        else {
            int vx = -1;
            cy_verdict v = cy_rules_check(g->b, g->mark, d[0], &vx);
            if (v != CY_LEGAL) {
                char why[512];
                cy_rules_explain(g->b, d[0], v, vx, why, sizeof why);
                printf("illegal: %s\n", why);
            } else
                play_move(g, d[0]);
        }
        free(d);
    } else {
        printf("unknown command \"");
        print_clean(line, 80);
        printf("\": type a move as U->V, or help\n");
    }
    return 0;
}

/* The end of a game under r, in words. */
static void variant_announce(const cy_rules *r, const cy_variant_game *g)
{
    int k = r->players > 2 ? r->players : 2;
    if (r->kind == CY_RULES_SCORE) {
        printf("game over after %d moves; score:", g->played);
        int best = 0, top = -1, ties = 0;
        for (int p = 1; p <= k; p++) {
            printf(" player %d %d", p, g->score[p]);
            if (g->score[p] > top) {
                top = g->score[p];
                best = p;
                ties = 0;
            } else if (g->score[p] == top)
                ties = 1;
        }
        if (ties)
            printf(": a draw\n");
        else
            printf(": player %d wins\n", best);
        return;
    }
    if (g->completed_by) {
        int loses = r->kind == CY_RULES_MISERE;
        printf("game over: player %d completed a %s and %s", g->completed_by,
               r->kind == CY_RULES_ANY_CYCLE ? "directed cycle" : "cycle cell", loses ? "loses" : "wins");
        if (loses)
            printf("; player %d wins", 3 - g->completed_by);
        printf("\n");
    } else if (r->kind == CY_RULES_DRAW)
        printf("game over: no legal move is left and no cycle cell was completed: a draw\n");
    else if (r->kind == CY_RULES_MISERE)
        printf("game over: player %d made the last move and loses; player %d wins\n", g->last, 3 - g->last);
    else
        printf("game over: player %d made the last move and wins\n", g->last);
}

/* `undo` in the variant game: takes back the moves from the human's last
 * one (mine[i]: move i was the human's) to the end, but none of the first
 * n0 (the file's and --moves); the position and *g are replayed.  Prints
 * what was undone, as the standard game does. */
static void variant_undo(const cy_board *b, const cy_rules *r, unsigned char *mark, const int *all,
                         const unsigned char *mine, int n0, int *n, cy_variant_game *g)
{
    int last = -1;
    for (int i = *n - 1; i >= n0 && last < 0; i--)
        if (mine[i])
            last = i;
    if (last < 0) {
        printf("nothing to undo\n");
        return;
    }
    printf("undone:");
    for (int i = *n - 1; i >= last; i--) {
        char m[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, all[i], m, sizeof m);
        printf("%s %s (%s)", i < *n - 1 ? "," : "", m, mine[i] ? "yours" : "the engine's");
    }
    printf("\n");
    *n = last;
    memset(mark, 0, (size_t)b->ne);
    cy_variant_play(b, r, mark, all, *n, g, NULL);
}

/* `cycles play` under a rule variant: the human against the engine (all
 * the other players), moves, hint, quit. */
static int play_variant(const cli_opts *o)
{
    cy_game game;
    int bad_load = cli_variant_game(o, &game, 1);
    if (bad_load)
        return bad_load;
    cy_board *b = game.board;
    int *all = game.moves, n = game.nmoves;
    cy_rules r = game.rules;
    cy_error err;
    cy_variant_game g = game.state;
    unsigned char *mark = game.mark;
    const char *first = o->first ? o->first : "human";
    if (strcmp(first, "human") && strcmp(first, "engine")) {
        cli_fail("play", "--first is human or engine, not \"%.60s\"", first);
        free(game.file_moves);
        free(mark);
        free(all);
        cy_board_free(b);
        return 1;
    }
    int k = r.players > 2 ? r.players : 2;
    int human = !strcmp(first, "human") ? g.to_move : g.to_move % k + 1;
    cy_solver_opts so = o->solver;
    so.progress = 0;
    if (!(so.timeout > 0))
        so.timeout = CLI_PLAY_TIMEOUT;
    if (!so.memory)
        so.memory = (size_t)CLI_PLAY_MEMORY_MIB << 20;
    int *legal = malloc(sizeof(int) * (2 * (size_t)b->ne + 1));
    int n0 = n;                                                     /* the moves loaded: undo keeps them */
    unsigned char *mine = calloc((size_t)b->ne + (size_t)n + 2, 1); /* mine[i]: move i is the human's */
    printf("Game of Cycles on %s (rules: %s%s", b->name ? b->name : "the board", cy_rules_name(&r),
           r.extra_turn ? ", extra turn" : "");
    if (k > 2)
        printf(", %d players", k);
    printf("): %d %s, %d %s, %d %s.\n", b->nv, cli_plural(b->nv, "vertex", "vertices"), b->ne,
           cli_plural(b->ne, "edge", "edges"), b->ncells, cli_plural(b->ncells, "cell", "cells"));
    printf("You are player %d; the engine plays the other%s.\n", human, k > 2 ? "s" : "");
    printf("Type a move as U->V, or: hint, moves, undo, quit.\n");
    int echo = !isatty(0);
    cli_lines *in = cli_lines_new(NULL, NULL); /* line editing on a terminal (lines.c) */
    for (;;) {
        fflush(stdout);
        if (g.ended) {
            variant_announce(&r, &g);
            break;
        }
        if (g.to_move != human) {
            cy_game now = {.board = b, .mark = mark, .rules = r, .state = g, .ruled = 1};
            cy_answer a;
            int rc = cy_answer_game(&now, &so, NULL, &a, &err);
            int d = a.best;
            if (d < 0 && cy_variant_legal(b, &r, mark, legal) > 0)
                d = legal[0];
            if (rc < 0)
                printf("(the engine ran out of time and plays without a full search)\n");
            cy_answer_free(&a);
            char m[2 * CY_MAX_LABEL + 8];
            cy_move_str(b, d, m, sizeof m);
            printf("engine (player %d) plays %s\n", g.to_move, m);
            all = realloc(all, sizeof(int) * (size_t)(n + 2));
            mine[n] = 0;
            all[n++] = d;
        } else {
            if (r.kind == CY_RULES_SCORE)
                printf("score: player 1 %d, player 2 %d\n", g.score[1], g.score[2]);
            const char *w = in ? cli_lines_get(in, "you> ") : NULL;
            if (!w) {
                printf("%s\ngame abandoned at the end of the input after %d moves\n", echo ? "(end of input)" : "",
                       g.played);
                break;
            }
            if (cli_lines_cut(in)) {
                printf("that line is too long; type a move as U->V, or quit\n");
                continue;
            }
            w += strspn(w, " ");
            if (!strcmp(w, "quit")) {
                printf("game abandoned after %d moves\n", g.played);
                break;
            }
            if (!strcmp(w, "undo")) {
                variant_undo(b, &r, mark, all, mine, n0, &n, &g);
                continue;
            }
            if (!strcmp(w, "moves") || !strcmp(w, "hint")) {
                int *d = legal, c = 0;
                cy_answer ans = {0};
                cy_variant_analysis *a = &ans.v;
                if (!strcmp(w, "hint")) {
                    cy_game now = {.board = b, .mark = mark, .rules = r, .state = g, .ruled = 1};
                    cy_answer_game(&now, &so, NULL, &ans, &err);
                    d = a->nbest ? a->best : a->drawing;
                    c = a->nbest ? a->nbest : a->ndraw;
                    printf("%s:", a->nbest ? (r.kind == CY_RULES_SCORE || k > 2 ? "best moves" : "winning moves")
                                  : c      ? "no winning move; drawing moves"
                                           : "no move wins against perfect play");
                } else {
                    c = cy_variant_legal(b, &r, mark, legal);
                    printf("legal moves:");
                }
                for (int i = 0; i < c; i++) {
                    char m[2 * CY_MAX_LABEL + 8];
                    cy_move_str(b, d[i], m, sizeof m);
                    printf(" %s", m);
                }
                printf("\n");
                cy_answer_free(&ans);
                continue;
            }
            int *d = NULL, c = 0;
            if (cy_moves_parse(b, w, &d, &c, &err) < 0 || c != 1) {
                printf("%s\n", c != 1 && !d ? err.msg : "type one move U->V, or hint, moves, undo, quit");
                free(d);
                continue;
            }
            all = realloc(all, sizeof(int) * (size_t)(n + 2));
            mine[n] = 1;
            all[n++] = d[0];
            free(d);
        }
        memset(mark, 0, (size_t)b->ne);
        cy_variant_game ng;
        if (cy_variant_play(b, &r, mark, all, n, &ng, &err) < 0) {
            /* the human's illegal move: refuse it and go on */
            n--;
            memset(mark, 0, (size_t)b->ne);
            cy_variant_play(b, &r, mark, all, n, &g, NULL);
            const char *why = strstr(err.msg, "is illegal: ");
            printf("illegal: %s\n", why ? why + 12 : err.msg);
            continue;
        }
        g = ng;
    }
    fflush(stdout);
    cli_lines_free(in);
    free(legal);
    free(mine);
    free(game.file_moves);
    free(all);
    free(mark);
    cy_board_free(b);
    return 0;
}
/* `cycles play`: sets the game up (a one-line error and exit status 1 for a
 * bad board or option), then runs it to the end, `quit` or the end of the
 * input, and returns 0. */
int cmd_play(cli_opts *o)
{
    if (cli_variant_wanted(o))
        return play_variant(o);
    int seeded = cli_given(o, "seed");
    const char *style = o->player ? o->player : "perfect";
    /* --strategy mirror is the name for --engine mirror */
    if (o->strategy) {
        if (strcmp(o->strategy, "mirror") || (o->player && strcmp(o->player, "mirror"))) {
            return cli_usage_fail("--strategy takes mirror (the same as --engine mirror), not \"%.60s\"", o->strategy);
        }
        style = "mirror";
    }
    const char *first = o->first ? o->first : "human";
    if (strcmp(style, "perfect") && strcmp(style, "random") && strcmp(style, "mirror")) {
        return cli_usage_fail("--engine is perfect, mirror or random, not \"%.60s\"", style);
    }
    if (strcmp(first, "human") && strcmp(first, "engine")) {
        return cli_usage_fail("--first is human or engine, not \"%.60s\"", first);
    }
    game g = {0};
    g.style = !strcmp(style, "perfect") ? "perfect" : !strcmp(style, "mirror") ? "mirror" : "random";
    if (cli_load(o, &g.b, &g.mark))
        return 1;
    int p0 = cy_rules_played(g.b, g.mark) % 2 == 0 ? 1 : 2;
    g.human = !strcmp(first, "human") ? p0 : 3 - p0;
    if (!strcmp(g.style, "mirror")) {
        char why[1024] = "";
        g.mirror = cy_strategy_find(g.b, -1, why, sizeof why);
        if (!g.mirror) {
            cli_fail(o->board, "no mirror strategy of the papers applies to this board: %s", why);
            free(g.mark);
            cy_board_free(g.b);
            return 1;
        }
        if (!o->first)
            g.human = 3 - g.mirror->player; /* the engine takes the strategy's side */
        else if (g.human == g.mirror->player) {
            cli_fail(o->board, "the %s strategy here is player %d's, so the engine must be player %d (--first %s)",
                     g.mirror->name, g.mirror->player, g.mirror->player, g.mirror->player == p0 ? "engine" : "human");
            cy_strategy_free(g.mirror);
            free(g.mark);
            cy_board_free(g.b);
            return 1;
        }
    }
    o->solver.progress = 0;
    if (!o->memory)
        o->solver.memory = PLAY_MEMORY;
    o->solver.no_grundy = 1; /* the engine and the hints need only who wins */
    if (!(o->solver.timeout > 0))
        o->solver.timeout = PLAY_TIMEOUT;
    cy_error err;
    g.solver = cy_solver_new(g.b, &o->solver, &err);
    if (!g.solver) {
        snprintf(g.no_solver, sizeof g.no_solver, "%s", err.msg);
        if (!strcmp(g.style, "perfect")) {
            cli_fail(o->board, "the perfect engine cannot play this board: %s (try --engine random)", err.msg);
            free(g.mark);
            cy_board_free(g.b);
            return 1;
        }
    }
    g.rng = seeded ? (uint64_t)o->seed : (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    g.buf = malloc(sizeof(int) * (size_t)(2 * g.b->ne + 1));
    g.hist = malloc(sizeof(int) * (size_t)(g.b->ne + 1));
    g.echo = !isatty(0);
    g.owner = calloc((size_t)g.b->ne + 1, 1);
    g.start = malloc((size_t)g.b->ne + 1);
    if (g.start)
        memcpy(g.start, g.mark, (size_t)g.b->ne);
    /* the picture: Unicode when the locale says UTF-8, colours on a terminal
     * unless NO_COLOR is set (https://no-color.org), as wide as the terminal */
    setlocale(LC_CTYPE, "");
    const char *cs = nl_langinfo(CODESET);
    g.pic.utf8 = cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8"));
    g.pic.color = isatty(1) && !getenv("NO_COLOR");
    int rows = fit_terminal(&g);
    g.start_played = cy_rules_played(g.b, g.mark);

    const cy_board *b = g.b;
    printf("Game of Cycles on %s: %d %s, %d %s, %d %s.\n", b->name ? b->name : "the board", b->nv,
           cli_plural(b->nv, "vertex", "vertices"), b->ne, cli_plural(b->ne, "edge", "edges"), b->ncells,
           cli_plural(b->ncells, "cell", "cells"));
    printf("You are player %d and move %s; the engine (%s) is player %d.\n", g.human,
           g.human == p0 ? "first" : "second", g.style, 3 - g.human);
    if (g.mirror)
        printf("The engine plays %s, which wins here by %s.\n", g.mirror->name, g.mirror->theorem);
    printf("Type a move as U->V, or: hint, undo, moves, show, help, quit.\n");
    /* the whole position when it fits the terminal under the three lines
     * above (picture, legend, status, arrows, unmarked edges, cells and the
     * prompt), else the picture and the status */
    int tall = 0;
    if (rows) {
        char *t = render(&g);
        for (const char *c = t; *c; c++)
            tall += *c == '\n';
        free(t);
    }
    if (rows && 3 + tall + 1 + 3 + b->ncells + 1 > rows) {
        redraw(&g);
        printf("(show lists the arrows, edges and cells; Ctrl-L draws the board again)\n");
    } else
        show(&g);

    cli_lines *in = cli_lines_new(redraw, &g);
    for (;;) {
        fflush(stdout);
        if (cy_rules_over(b, g.mark)) {
            if (g.drawn != g.changes)
                picture(&g); /* the final position */
            announce(&g);
            if (game_over(&g, in))
                break;
            continue;
        }
        if (to_move(&g) != g.human) {
            engine_move(&g);
            continue;
        }
        if (g.drawn != g.changes)
            picture(&g);
        const char *line = in ? cli_lines_get(in, "you> ") : NULL;
        if (!line) {
            int n = cy_rules_played(b, g.mark);
            printf("%s\ngame abandoned at the end of the input after %d move%s\n", g.echo ? "(end of input)" : "", n,
                   n == 1 ? "" : "s");
            break;
        }
        if (cli_lines_cut(in)) {
            printf("that line is too long; type a move as U->V, or help\n");
            continue;
        }
        if (handle(&g, line))
            break;
    }
    fflush(stdout);
    cli_lines_free(in);
    free(g.buf);
    free(g.hist);
    free(g.owner);
    free(g.start);
    cy_solver_free(g.solver);
    cy_strategy_free(g.mirror);
    free(g.mark);
    cy_board_free(g.b);
    return 0;
}
