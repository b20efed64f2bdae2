/*
 * draw.c - `cycles draw BOARD [--moves M] [--hints] [--size PIXELS|--scale F]
 * [--caption TEXT|auto|none] [--legend] [--deaths] [-o FILE.svg|FILE.png]`: a picture
 * of the board and the position (SVG on standard output without -o), each
 * arrow in the colour of the player who drew it.  With --hints the solver
 * finds the winning moves, drawn in green.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* Whether name ends with ext, ignoring case. */
static int ends_with(const char *name, const char *ext)
{
    size_t n = strlen(name), k = strlen(ext);
    return n >= k && strcasecmp(name + n - k, ext) == 0;
}

/* The player of each marked edge of game g into owner (move i is player
 * 1's when i is even).  Returns the last move's dart, or -1 when there are
 * none. */
static int history(const cy_game *g, unsigned char *owner)
{
    for (int i = 0; i < g->nmoves; i++)
        owner[cy_dart_edge(g->moves[i])] = (unsigned char)(1 + i % 2);
    return g->nmoves ? g->moves[g->nmoves - 1] : -1;
}

/* The caption: the board, the moves played, whose turn or who won, and what
 * the colours mean (partial: the search for the hints stopped early). */
static void caption(const cy_board *b, const unsigned char *mark, const int *d, int nd, int hints, int nwin,
                    int partial, char *buf, size_t n)
{
    int played = cy_rules_played(b, mark), cyc = cy_rules_cycle_cell(b, mark);
    size_t k = (size_t)snprintf(buf, n, "%.60s: %d move%s", b->name ? b->name : "board", played, played == 1 ? "" : "s");
    /* the moves themselves when they are few */
    if (nd == played && nd > 0 && nd <= 6) {
        for (int i = 0; i < nd && k < n; i++) {
            char m[2 * CY_MAX_LABEL + 8];
            cy_move_str(b, d[i], m, sizeof m);
            k += (size_t)snprintf(buf + k, n - k, "%s%.40s", i ? " " : " (", m);
        }
        if (k < n)
            k += (size_t)snprintf(buf + k, n - k, ")");
    }
    if (k >= n)
        return;
    if (cyc >= 0)
        k += (size_t)snprintf(buf + k, n - k, "; cell %d is a cycle cell: player %d wins", cyc + 1, played % 2 ? 1 : 2);
    else if (cy_rules_over(b, mark) && played == 0)
        k += (size_t)snprintf(buf + k, n - k, "; no move is possible: player 2 wins");
    else if (cy_rules_over(b, mark))
        k += (size_t)snprintf(buf + k, n - k, "; no move left: player %d wins", played % 2 ? 1 : 2);
    else
        k += (size_t)snprintf(buf + k, n - k, "; player %d to move", played % 2 ? 2 : 1);
    if (k < n && hints && !cy_rules_over(b, mark))
        snprintf(buf + k, n - k, "%s",
                 partial ? nwin ? "; green: winning moves found before the search stopped"
                                : "; the search stopped before it found a winning move"
                 : nwin  ? "; green: winning moves"
                         : "; no winning move");
}

/* `cycles draw`: writes the picture to -o (SVG or PNG by its extension) or
 * SVG to standard output; exit status 0, or 1 after a one-line error with
 * nothing written, or 2 when the search for --hints stopped early (--timeout,
 * --memory, SIGINT, SIGTERM): the picture then shows the winning moves found
 * so far and says so, and stderr says why. */
int cmd_draw(cli_opts *o)
{
    int png = 0;
    if (o->size && o->scale > 0)
        return cli_usage_fail("--size and --scale both set the picture's size: give one");
    if (o->output && strcmp(o->output, "-") != 0) {
        if (ends_with(o->output, ".png"))
            png = 1;
        else if (!ends_with(o->output, ".svg"))
            return cli_usage_fail("%.200s: draw writes .svg or .png files; name the file accordingly", o->output);
        if (png && !cy_png_available())
            return cli_fail(o->output, "this build cannot write PNG (install librsvg2-dev and rebuild); "
                                       "write .svg instead");
    }
    cy_game g;
    if (cli_game_load(o, NULL, &g, 0))
        return 1;
    cy_board *b = g.board;
    unsigned char *mark = g.mark;
    int rc = 1;
    cy_error err;
    cy_analysis a = {0};
    char *svg = NULL;
    int partial = 0;
    if (o->hints && !cy_rules_over(b, mark)) {
        cli_catch_interrupts();  /* an interrupt stops the search as --timeout does */
        o->solver.no_grundy = 1; /* only who wins is needed; progress on stderr unless --quiet */
        cy_answer_opts ao = {.no_replies = 1};
        cy_answer ans;
        int r = cy_answer_game(&g, &o->solver, &ao, &ans, &err);
        a = ans.a; /* taken over: ans holds nothing else to free */
        if (!ans.started) {
            cli_fail(o->board, "--hints: %s", err.msg);
            goto out;
        }
        if (r < 0) {
            /* out of time or memory, or interrupted: the winning moves
             * found so far are drawn */
            char why[64];
            cli_fail(o->board, "--hints: %s after %llu positions; the picture shows the winning moves found so far",
                     cli_stop_reason(err.msg, why, sizeof why), (unsigned long long)a.stats.positions);
            partial = 1;
        }
    }
    char cap[512];
    unsigned char *owner = calloc((size_t)b->ne + 1, 1);
    int last = history(&g, owner);
    caption(b, mark, g.moves, g.nmoves, o->hints, a.nwin, partial, cap, sizeof cap);
    const char *text = !o->caption || !strcmp(o->caption, "auto") ? cap
                       : !strcmp(o->caption, "none")              ? NULL
                                                                  : o->caption;
    cy_picture p = {.mark = mark,
                    .last = last,
                    .hints = a.winning,
                    .nhints = a.nwin,
                    .caption = text,
                    .owner = owner,
                    .width = o->size,
                    .scale = o->scale,
                    .legend = o->legend,
                    .deaths = o->deaths};
    svg = cy_render_svg(b, &p, &err);
    free(owner);
    if (!svg) {
        cli_fail(o->board, "%s", err.msg);
        goto out;
    }
    if (png) {
        unsigned char *bytes;
        size_t len;
        if (cy_svg_to_png(svg, strlen(svg), &bytes, &len, &err) < 0) {
            cli_fail(o->output, "%s", err.msg);
            goto out;
        }
        rc = cli_write_file(o->output, bytes, len);
        free(bytes);
    } else
        rc = cli_emit(o, svg);
    if (rc == 0 && partial)
        rc = 2; /* a partial answer */
out:
    free(svg);
    cy_analysis_free(&a);
    cy_game_free(&g);
    return rc;
}
