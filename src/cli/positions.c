/*
 * positions.c - `cycles positions BOARD [--csv|--json]`: every position
 * reachable from the board's position under the original rules, with who is
 * to move, whether the game is over, the outcome, the winner and the Grundy
 * value (cy_positions).  Boards of more than CY_POSITIONS_MAX_EDGES edges are
 * refused.
 *
 * The listing streams: each line is written as soon as its position is
 * valued (flushed after each of the first 100 lines, then every quarter
 * second), so `| head` sees lines at once and the program ends at the next flush once the
 * reader is gone (SIGPIPE).  Memory does not grow with the count: the
 * enumeration holds one position, the solver's table is bounded by --memory.
 * A listing that stops early (--timeout, SIGINT or SIGTERM, a full table, a
 * write error) has written whole lines only; stderr says after how many positions
 * and where it stopped, the JSON array is left open so that no parser takes
 * it for the whole listing, -o FILE is not written at all, and the exit
 * status is 2 (a partial answer).  The first position is valued before
 * anything is written (the header goes with it): a variant listing whose
 * table is full before then is refused, exit status 1.
 */
#include "cli.h"
#include "internal.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Appends s as a JSON string (labels carry no quotes or control characters,
 * but may carry a backslash). */
static void json_str(cyi_buf *o, const char *s)
{
    cyi_buf_puts(o, "\"");
    for (; *s; s++)
        cyi_buf_printf(o, *s == '\\' || *s == '"' ? "\\%c" : "%c", *s);
    cyi_buf_puts(o, "\"");
}

/* Position p under a variant as one record: the columns of the original
 * rules with value (cy_position_info.value) for grundy; an unknown to_move,
 * outcome or winner (see cycles.h) empty, null in JSON. */
static void variant_record(const cli_opts *o, const cy_board *b, const cy_position_info *p, int first, cyi_buf *out)
{
    out->len = 0;
    char *raw = cy_position_moves(b, p->mark);
    char *moves = cy_escape_dup(raw, 0);
    free(raw);
    char tm[16] = "", oc[8] = "", wn[16] = "";
    const char *null = o->json ? "null" : "";
    if (p->to_move)
        snprintf(tm, sizeof tm, "%d", p->to_move);
    else
        snprintf(tm, sizeof tm, "%s", null);
    if (p->outcome)
        snprintf(oc, sizeof oc, o->json ? "\"%c\"" : "%c", p->outcome);
    else
        snprintf(oc, sizeof oc, "%s", null);
    if (p->winner)
        snprintf(wn, sizeof wn, "%d", p->winner);
    else
        snprintf(wn, sizeof wn, "%s", null);
    if (o->json) {
        cyi_buf_printf(out, "%s\n  {\"played\": %d, \"to_move\": %s, \"moves\": ", first ? "" : ",", p->played, tm);
        json_str(out, moves);
        cyi_buf_printf(out, ", \"over\": %s, \"outcome\": %s, \"winner\": %s, \"value\": %d}",
                       p->over ? "true" : "false", oc, wn, p->value);
    } else
        cyi_buf_printf(out, "%d,%s,%s,%d,%s,%s,%d\n", p->played, tm, moves, p->over, oc, wn, p->value);
    free(moves);
}

/* Position p as one record (CSV line or JSON object with its separator)
 * into o, emptied first. */
static void record(const cli_opts *o, const cy_board *b, const cy_position_info *p, int first, cyi_buf *out)
{
    if (cli_variant_wanted(o)) {
        variant_record(o, b, p, first, out);
        return;
    }
    out->len = 0;
    char *raw = cy_position_moves(b, p->mark);
    char *moves = cy_escape_dup(raw, 0);
    free(raw);
    if (o->json) {
        cyi_buf_printf(out, "%s\n  {\"played\": %d, \"to_move\": %d, \"moves\": ", first ? "" : ",", p->played,
                       p->to_move);
        json_str(out, moves);
        cyi_buf_printf(out,
                       ", \"over\": %s, \"outcome\": \"%c\", \"winner\": %d, \"grundy\": ", p->over ? "true" : "false",
                       p->outcome, p->winner);
        if (p->grundy >= 0)
            cyi_buf_printf(out, "%d}", p->grundy);
        else
            cyi_buf_puts(out, "null}");
    } else {
        cyi_buf_printf(out, "%d,%d,%s,%d,%c,%d,", p->played, p->to_move, moves, p->over, p->outcome, p->winner);
        if (p->grundy >= 0)
            cyi_buf_printf(out, "%d", p->grundy);
        cyi_buf_puts(out, "\n");
    }
    free(moves);
}

/* The progress line on stderr (a tty: rewritten in place every second; else
 * a line every 10 s), when the listing has run a second; final ends it. */
static void progress(cyi_ticker *t, const cy_positions *it, const cy_board *b, int final)
{
    if (!cyi_ticker_due(t, final))
        return;
    uint64_t n = cy_positions_done(it);
    double est = cy_positions_estimate(it), unit = 1;
    while (est / unit >= 1000)
        unit *= 10; /* three digits are known, at best */
    cyi_ticker_show(t, final,
                    "positions: %llu of about %.0f listed, %.0f/s, now those with %d of at most %d moves played",
                    (unsigned long long)n, unit * floor(est / unit + 0.5), (double)n / (cy_now() - t->born),
                    cy_positions_played(it), b->ne);
}

/* est rounded to three digits in words into buf: "549", "875 thousand",
 * "30.9 million"; returns buf. */
static const char *about(double est, char *buf, size_t n)
{
    static const char *const names[] = {"", " thousand", " million", " billion"};
    int k = 0;
    while (k < 3 && est >= 1000) {
        est /= 1000;
        k++;
    }
    snprintf(buf, n, "%.*f%s", est < 100 && k ? est < 10 ? 2 : 1 : 0, est, names[k]);
    return buf;
}

/* The refusal of a listing whose first value did not fit the memory bound
 * (nothing written yet): the estimated count, what the listing needs
 * (cy_positions_memory_need), the bound; returns exit status 1. */
static int refuse(const cli_opts *o, const cy_board *b, const cy_positions *it, const cy_rules *r, int variant)
{
    char count[64], rules[96] = "", players[32] = "", need[128] = "";
    double est = cy_positions_estimate(it), bytes = cy_positions_memory_need(it);
    size_t bound = o->solver.memory ? o->solver.memory : cyi_physical_memory() / 4;
    if (variant) {
        if (r->players > 2)
            snprintf(players, sizeof players, " --players %d", r->players);
        snprintf(rules, sizeof rules, " under --rules %s%s%s", cy_rules_name(r), players,
                 r->extra_turn ? " --extra-turn" : "");
    }
    if (bytes > 0)
        snprintf(need, sizeof need, "; with --memory %.0fM a table of 3^%d bytes, one for each marking, holds them all",
                 ceil(bytes / 1048576.0), b->ne);
    return cli_fail(o->board,
                    "about %s position%s; listing them%s needs more than %s%.0f MiB (the table was full before "
                    "the first position was valued)%s; raise --memory",
                    about(est, count, sizeof count), est >= 1.5 ? "s" : "", rules,
                    o->solver.memory ? "--memory " : "the default --memory, a quarter of the RAM, ",
                    (double)bound / 1048576.0, need);
}

/* `cycles positions`: CSV (the default) or a JSON array on stdout or -o; exit
 * status 0, 1 after a one-line error (such as a listing refused up front
 * because its values cannot fit --memory), 2 for a usage error or a listing
 * that stopped early (--timeout, SIGINT, SIGTERM). */
int cmd_positions(cli_opts *o)
{
    if (o->csv && o->json)
        return cli_usage_fail("--csv and --json exclude each other");
    cli_catch_interrupts(); /* from here SIGINT and SIGTERM stop the listing, as --timeout does */
    cy_board *b;
    unsigned char *mark;
    cy_rules r;
    cy_variant_game g;
    int variant = cli_variant_wanted(o);
    int loaded = variant ? cli_variant_load(o, &b, &mark, &r, &g) : cli_load(o, &b, &mark);
    if (loaded)
        return loaded; /* 1, or 2 for a usage error such as an unknown --rules */
    cy_error err;
    o->solver.progress = 0; /* the listing has its own progress line */
    double born = cy_now();
    cy_positions *it = cy_positions_new_rules(b, variant ? &r : NULL, mark, &o->solver, &err);
    free(mark);
    if (!it) {
        int rc = cli_fail(o->board, "%s", err.msg);
        cy_board_free(b);
        return rc;
    }
    /* The first position is valued before anything is written: its value
     * comes from the search of the whole game, whose table the rest of the
     * listing reads, so a listing whose table cannot fit --memory is refused
     * here, with nothing on standard output and no file made. */
    cy_position_info p;
    int k = cy_positions_next(it, &p, &err);
    if (k == CY_SOLVE_MEMORY) {
        int rc = refuse(o, b, it, &r, variant);
        cy_positions_free(it);
        cy_board_free(b);
        return rc;
    }
    /* -o FILE: a temporary file renamed at the end, removed on failure
     * (cli_out_open) */
    int to_file = o->output && strcmp(o->output, "-");
    cli_out *out = NULL;
    FILE *f = stdout;
    if (to_file && !(f = cli_out_open(o->output, &out))) {
        cy_positions_free(it);
        cy_board_free(b);
        return 1;
    }
    double flushed = born;
    cyi_ticker tick = {.on = !o->quiet, .born = born, .last = born};
    double deadline = o->timeout > 0 ? born + o->timeout : 0;
    int bad = 0, timed_out = 0;
    cyi_buf line = {0};
    fputs(o->json   ? "["
          : variant ? "played,to_move,moves,over,outcome,winner,value\n"
                    : "played,to_move,moves,over,outcome,winner,grundy\n",
          f);
    fflush(f); /* the header with the first position: a reader sees the listing has begun */
    for (; k == 1; k = cy_positions_next(it, &p, &err)) {
        record(o, b, &p, cy_positions_done(it) == 1, &line);
        bad = fwrite(line.s, 1, line.len, f) != line.len;
        double now = cy_now();
        if (!bad && (cy_positions_done(it) <= 100 || now - flushed >= 0.25)) {
            bad = fflush(f) != 0;
            flushed = now;
        }
        if (bad)
            break;
        progress(&tick, it, b, 0);
        if ((deadline && now > deadline) || cli_interrupted()) {
            timed_out = 1;
            break;
        }
    }
    if (!bad && k == 0 && o->json)
        bad = fputs("\n]\n", f) < 0;
    bad |= fflush(f) != 0;
    progress(&tick, it, b, 1);
    int rc = 0;
    uint64_t n = cy_positions_done(it);
    if (bad) {
        rc = cli_fail(to_file ? o->output : "standard output", "cannot write after %llu positions: %s",
                      (unsigned long long)n, strerror(errno ? errno : EIO));
        if (!to_file)
            cli_stdout_reported();
    } else if (k < 0 || timed_out) {
        int played = cy_positions_played(it);
        char why[64];
        cli_fail(o->board, "the listing stopped after %llu position%s, among those with %d move%s played: %s%s",
                 (unsigned long long)n, n == 1 ? "" : "s", played, played == 1 ? "" : "s",
                 cli_interrupted()                    ? cli_stop_reason("", why, sizeof why)
                 : timed_out || k == CY_SOLVE_TIMEOUT ? "out of time (--timeout)"
                 : k == CY_SOLVE_MEMORY               ? "out of memory (--memory)"
                                                      : err.msg,
                 to_file ? "; nothing was written"
                         : "; the lines written are whole positions, the listing is not complete");
        rc = CLI_USAGE;
    }
    if (to_file) {
        if (rc)
            cli_out_abandon(out);
        else
            rc = cli_out_close(out, 0);
    }
    free(line.s);
    cy_positions_free(it);
    cy_board_free(b);
    return rc;
}
