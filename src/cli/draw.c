/*
 * draw.c - `cycles draw BOARD [--moves M] [--hints] [-o FILE.svg|FILE.png]`:
 * a picture of the board and the position (SVG on standard output without
 * -o).  With --hints the solver finds the winning moves, drawn in green.
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

/* The last move of the position: the last of --moves, else the last of the
 * moves in the board file; -1 when there are none. */
static int last_move(const cli_opts *o, const cy_board *b)
{
    cy_error err;
    char *file_moves = NULL;
    const char *text = o->moves;
    if (!text || !*text) {
        cy_board *tmp = cy_load(o->board, &file_moves, &err);
        cy_board_free(tmp);
        text = file_moves;
    }
    int last = -1, *d = NULL, n = 0;
    if (text && cy_moves_parse(b, text, &d, &n, &err) == 0 && n > 0)
        last = d[n - 1];
    free(d);
    free(file_moves);
    return last;
}

/* The caption: the board, the moves played, whose turn or who won, and what
 * the colours mean (partial: the search for the hints stopped early). */
static void caption(const cy_board *b, const unsigned char *mark, int hints, int nwin, int partial, char *buf,
                    size_t n)
{
    int played = cy_rules_played(b, mark), cyc = cy_rules_cycle_cell(b, mark);
    size_t k = (size_t)snprintf(buf, n, "%.60s: %d move%s", b->name ? b->name : "board", played,
                                played == 1 ? "" : "s");
    if (k >= n)
        return;
    if (cyc >= 0)
        k += (size_t)snprintf(buf + k, n - k, "; cell %d is a cycle cell: player %d wins", cyc + 1,
                              played % 2 ? 1 : 2);
    else if (cy_rules_over(b, mark) && played == 0)
        k += (size_t)snprintf(buf + k, n - k, "; no move is possible: player 2 wins");
    else if (cy_rules_over(b, mark))
        k += (size_t)snprintf(buf + k, n - k, "; no move left: player %d wins", played % 2 ? 1 : 2);
    else
        k += (size_t)snprintf(buf + k, n - k, "; player %d to move", played % 2 ? 2 : 1);
    if (k < n && hints && !cy_rules_over(b, mark))
        snprintf(buf + k, n - k, "%s", partial ? nwin ? "; green: winning moves found before the search stopped"
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
    if (o->output && strcmp(o->output, "-") != 0) {
        if (ends_with(o->output, ".png"))
            png = 1;
        else if (!ends_with(o->output, ".svg"))
            return cli_usage_fail("%.200s: draw writes .svg or .png files; name the file accordingly", o->output);
        if (png && !cy_png_available())
            return cli_fail(o->output, "this build cannot write PNG (install librsvg2-dev and rebuild); "
                                      "write .svg instead");
    }
    cy_board *b;
    unsigned char *mark;
    if (cli_load(o, &b, &mark))
        return 1;
    int rc = 1;
    cy_error err;
    cy_analysis a = {0};
    char *svg = NULL;
    int partial = 0;
    if (o->hints && !cy_rules_over(b, mark)) {
        cli_catch_interrupts(); /* an interrupt stops the search as --timeout does */
        o->solver.no_grundy = 1; /* only who wins is needed; progress on stderr unless --quiet */
        cy_solver *s = cy_solver_new(b, &o->solver, &err);
        if (!s) {
            cli_fail(o->board, "--hints: %s", err.msg);
            goto out;
        }
        int r = cy_analyse(s, mark, &a, &err);
        cy_solver_progress_end(s);
        cy_solver_free(s);
        if (r < 0) {
            /* out of time or memory, or interrupted: the winning moves
             * found so far are drawn */
            char why[64];
            cli_fail(o->board, "--hints: %s after %llu positions; the picture shows the winning moves found so far",
                     cli_stop_reason(err.msg, why, sizeof why), (unsigned long long)a.stats.positions);
            partial = 1;
        }
    }
    char cap[256];
    caption(b, mark, o->hints, a.nwin, partial, cap, sizeof cap);
    cy_picture p = {.mark = mark, .last = last_move(o, b), .hints = a.winning, .nhints = a.nwin, .caption = cap};
    svg = cy_render_svg(b, &p, &err);
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
    free(mark);
    cy_board_free(b);
    return rc;
}
