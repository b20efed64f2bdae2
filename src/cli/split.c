/*
 * split.c - `cycles solve BOARD --split-depth D -o DIR` writes a solve as
 * independent jobs, and `cycles solve --from-jobs DIR` combines their
 * answers (the library's split.c does the work).
 *
 * DIR holds board.json (the board and its moves), split.json (what the
 * split was: the depth and the number of jobs), jobs/job-NNNNNN.json (each
 * a board file any `cycles solve` reads) and results/, where the answer of
 * each job goes under the job's own name (`cycles solve JOB --json -o
 * results/NAME`).  The jobs are independent: run them anywhere, in any
 * order, on as many machines as there are.
 */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* DIR/part, malloc'd. */
static char *path_in(const char *dir, const char *part)
{
    size_t n = strlen(dir) + strlen(part) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s", dir, part);
    return p;
}

/* Writes text to DIR/part (through cli_emit: a temporary file renamed). */
static int write_in(const char *dir, const char *part, const char *text)
{
    char *p = path_in(dir, part);
    if (!p)
        return cli_fail(NULL, "out of memory");
    cli_opts out = {.output = p};
    int rc = cli_emit(&out, text);
    free(p);
    return rc;
}

/* Makes DIR/part as a directory, which must not hold anything yet. */
static int make_dir(const char *dir, const char *part)
{
    char *p = part ? path_in(dir, part) : strdup(dir);
    if (!p)
        return cli_fail(NULL, "out of memory");
    int rc = 0;
    if (mkdir(p, 0777) != 0) {
        struct stat st;
        if (errno != EEXIST || stat(p, &st) != 0 || !S_ISDIR(st.st_mode))
            rc = cli_fail(p, "cannot make the directory: %s", strerror(errno));
        else {
            char *probe = path_in(p, "split.json");
            if (probe && stat(probe, &st) == 0)
                rc = cli_fail(p, "holds a split already; choose another directory");
            free(probe);
        }
    }
    free(p);
    return rc;
}

int solve_split(const cli_opts *o, const cy_board *b, const unsigned char *mark)
{
    if (!o->output || !strcmp(o->output, "-"))
        return cli_usage_fail("--split-depth writes a directory of jobs: name it with -o DIR");
    cy_error err;
    cy_split sp;
    char why[64];
    cli_catch_interrupts(); /* an interrupt stops the split before its manifest: no split is left */
    if (cy_split_new(b, mark, o->split_depth, 0, &sp, &err) < 0) {
        if (!cli_interrupted())
            return cli_fail(o->board, "%s", err.msg);
        cli_fail(o->board, "%s while expanding the positions; nothing was written", cli_stop_reason("", why, sizeof why));
        return 2;
    }
    const char *dir = o->output;
    int rc = make_dir(dir, NULL) || make_dir(dir, "jobs") || make_dir(dir, "results");
    char *text = rc ? NULL : cy_write_board(b, mark, CY_FMT_JSON, &err);
    if (!rc && !text)
        rc = cli_fail(o->board, "%s", err.msg);
    if (!rc)
        rc = write_in(dir, "board.json", text);
    free(text);
    int i = 0;
    for (; i < sp.njobs && !rc && !cli_interrupted(); i++) {
        char name[64];
        snprintf(name, sizeof name, "jobs/job-%06d.json", i + 1);
        text = cy_write_board(b, sp.jobs + (size_t)i * (size_t)b->ne, CY_FMT_JSON, &err);
        rc = text ? write_in(dir, name, text) : cli_fail(o->board, "%s", err.msg);
        free(text);
    }
    if (!rc && cli_interrupted()) {
        cli_fail(dir,
                 "%s after %d of %d jobs; without its split.json the directory is no split (remove it and "
                 "split again)",
                 cli_stop_reason("", why, sizeof why), i, sp.njobs);
        rc = 2;
    }
    if (!rc) {
        /* the manifest last: a directory with it is complete */
        json_t *m = json_pack("{s:s, s:i, s:s, s:i, s:i, s:s}", "format", "cycles-split", "version", 1, "board",
                              "board.json", "depth", sp.depth, "jobs", sp.njobs, "run",
                              "cd jobs && ls | xargs -P 2 -I{} cycles solve {} --json --no-replies --quiet "
                              "-o ../results/{}");
        text = m ? json_dumps(m, JSON_INDENT(2)) : NULL;
        json_decref(m);
        if (!text)
            rc = cli_fail(NULL, "out of memory");
        else {
            size_t n = strlen(text);
            char *line = malloc(n + 2);
            if (line) {
                memcpy(line, text, n);
                memcpy(line + n, "\n", 2);
                rc = write_in(dir, "split.json", line);
            } else
                rc = cli_fail(NULL, "out of memory");
            free(line);
            free(text);
        }
    }
    if (!rc)
        printf("%d jobs at depth %d written to %s/jobs; solve each into %s/results under its own name, for "
               "instance\n  (cd %s/jobs && ls | xargs -P 2 -I{} cycles solve {} --json --no-replies --quiet -o "
               "../results/{})\nthen: cycles solve --from-jobs %s\n",
               sp.njobs, sp.depth, dir, dir, dir, dir);
    cy_split_free(&sp);
    return rc;
}

/* The most bytes split.json or a job's answer may hold: both are a few
 * hundred bytes. */
#define SPLIT_FILE_MAX (1 << 20)

/* Reads a JSON file into *out; 0, or 1 after saying what is wrong.  Only a
 * regular file of at most SPLIT_FILE_MAX bytes is read: the file is opened
 * without waiting (a FIFO with no writer would block the open) and its
 * kind checked on the open descriptor before a byte is read. */
static int read_json(const char *path, json_t **out)
{
    *out = NULL;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return cli_fail(path, "cannot be read: %s", strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return cli_fail(path, "is not a regular file");
    }
    if (st.st_size > SPLIT_FILE_MAX) {
        close(fd);
        return cli_fail(path, "is larger than %d KiB: not a file cycles wrote", SPLIT_FILE_MAX >> 10);
    }
    char *text = malloc((size_t)st.st_size + 1);
    size_t n = 0;
    while (text && n <= (size_t)st.st_size) {
        ssize_t got = read(fd, text + n, (size_t)st.st_size + 1 - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        n += (size_t)got;
    }
    close(fd);
    if (!text)
        return cli_fail(path, "out of memory");
    if (n > (size_t)st.st_size) {
        free(text);
        return cli_fail(path, "grew while it was read");
    }
    json_error_t je;
    *out = json_loadb(text, n, 0, &je);
    free(text);
    if (!*out)
        return cli_fail(path, "%s (line %d)", je.text, je.line);
    return 0;
}

/* The answer of job i from its results file: its Grundy value or, when the
 * job was solved with --no-grundy, its outcome (*outcome_only set); also its
 * positions and seconds added up.  The answer must be whole and agree with
 * itself: "outcome" N or P; "grundy", when a number, a whole number from 0
 * to the number of unplayed darts 2*ne (a Grundy value is the mex of the
 * values of the moves, so at most their number), nonzero exactly when the
 * outcome is N; "winner", when there, the player to move for N and the
 * other for P; "positions" and "seconds" numbers at least 0.  0, or 1
 * after the error naming the file and the record. */
static int job_result(const char *dir, int i, int ne, int *value, int *outcome_only, double *positions, double *seconds)
{
    char name[64];
    snprintf(name, sizeof name, "results/job-%06d.json", i + 1);
    char *p = path_in(dir, name);
    if (!p)
        return cli_fail(NULL, "out of memory");
    json_t *r;
    int rc = read_json(p, &r);
    if (!rc) {
        json_t *g = json_object_get(r, "grundy"), *out = json_object_get(r, "outcome");
        json_t *complete = json_object_get(r, "complete"), *winner = json_object_get(r, "winner");
        json_t *tm = json_object_get(r, "to_move");
        json_t *pos = json_object_get(r, "positions"), *sec = json_object_get(r, "seconds");
        const char *o = json_is_string(out) ? json_string_value(out) : "";
        int wins = !strcmp(o, "N");
        if (!json_is_object(r))
            rc = cli_fail(p, "is not a job's answer (cycles solve JOB --json)");
        else if (json_is_false(complete) || !json_is_string(out) || !strcmp(o, "?"))
            rc = cli_fail(p, "the job's answer is not complete (solve it again with more time)");
        else if (!wins && strcmp(o, "P"))
            rc = cli_fail(p, "\"outcome\" is \"%.20s\", not N or P", o);
        else if (g && !json_is_null(g) &&
                 (!json_is_integer(g) || json_integer_value(g) < 0 || json_integer_value(g) > 2 * (json_int_t)ne))
            rc = cli_fail(p, "\"grundy\" is not a Grundy value of this board (a whole number from 0 to %d)", 2 * ne);
        else if (json_is_integer(g) && (json_integer_value(g) != 0) != wins)
            rc = cli_fail(p,
                          "\"grundy\" %lld contradicts \"outcome\" %s (the player to move wins exactly when "
                          "the Grundy value is not 0)",
                          (long long)json_integer_value(g), o);
        else if (winner && !json_is_null(winner) &&
                 (!json_is_integer(winner) || !json_is_integer(tm) ||
                  json_integer_value(winner) != (wins ? json_integer_value(tm) : 3 - json_integer_value(tm))))
            rc = cli_fail(p, "\"winner\" contradicts \"outcome\" %s and \"to_move\"", o);
        else if ((pos && (!json_is_number(pos) || !(json_number_value(pos) >= 0) || json_number_value(pos) > 1e18)) ||
                 (sec && (!json_is_number(sec) || !(json_number_value(sec) >= 0) || json_number_value(sec) > 1e12)))
            rc = cli_fail(p, "\"positions\" and \"seconds\" must be numbers of at least 0");
        else if (json_is_integer(g) && !*outcome_only)
            *value = (int)json_integer_value(g);
        else {
            *outcome_only = 1;
            *value = wins;
        }
        if (!rc) {
            *positions += json_number_value(pos);
            *seconds += json_number_value(sec);
        }
        json_decref(r);
    }
    free(p);
    return rc;
}

int solve_from_jobs(const cli_opts *o)
{
    const char *dir = o->from_jobs;
    char *mpath = path_in(dir, "split.json"), *bpath = path_in(dir, "board.json");
    json_t *m = NULL;
    cy_board *b = NULL;
    unsigned char *mark = NULL, *job = NULL;
    int *values = NULL, rc = 1;
    cy_split sp = {0};
    cy_error err;
    if (!mpath || !bpath || read_json(mpath, &m))
        goto out;
    json_t *depth = json_object_get(m, "depth"), *njobs = json_object_get(m, "jobs");
    if (!json_is_string(json_object_get(m, "format")) ||
        strcmp(json_string_value(json_object_get(m, "format")), "cycles-split") || !json_is_integer(depth) ||
        !json_is_integer(njobs)) {
        cli_fail(mpath, "is not a split written by cycles solve --split-depth");
        goto out;
    }
    cli_opts bo = *o;
    bo.board = bpath;
    bo.moves = NULL;
    if (cli_load(&bo, &b, &mark))
        goto out;
    if (cy_split_new(b, mark, (int)json_integer_value(depth), 0, &sp, &err) < 0) {
        cli_fail(bpath, "%s", err.msg);
        goto out;
    }
    if (sp.njobs != json_integer_value(njobs)) {
        cli_fail(mpath, "says %lld jobs, but the board gives %d at depth %d", (long long)json_integer_value(njobs),
                 sp.njobs, sp.depth);
        goto out;
    }
    /* each job file must still hold its position, and each must have its answer */
    values = calloc((size_t)sp.njobs + 1, sizeof *values);
    int outcome_only = 0;
    double positions = 0, seconds = 0;
    for (int pass = 0; pass < 2 && values; pass++) {
        /* a job solved without Grundy values makes every job count by outcome */
        int was = outcome_only;
        for (int i = 0; i < sp.njobs; i++) {
            char name[64];
            snprintf(name, sizeof name, "jobs/job-%06d.json", i + 1);
            char *jp = path_in(dir, name);
            cy_board *jb = NULL;
            if (pass == 0) {
                bo.board = jp;
                int bad = !jp || cli_load(&bo, &jb, &job);
                if (!bad && (jb->ne != b->ne || memcmp(job, sp.jobs + (size_t)i * (size_t)b->ne, (size_t)b->ne)))
                    bad = cli_fail(jp, "is not the position of job %d of this split", i + 1);
                cy_board_free(jb);
                free(job);
                job = NULL;
                if (bad) {
                    free(jp);
                    goto out;
                }
            }
            free(jp);
            if (job_result(dir, i, b->ne, &values[i], &outcome_only, &positions, &seconds))
                goto out;
        }
        if (outcome_only == was)
            break;
        positions = seconds = 0;
    }
    if (!values) {
        cli_fail(NULL, "out of memory");
        goto out;
    }
    cy_split_answer ans;
    if (cy_split_combine(b, mark, &sp, values, outcome_only, &ans, &err) < 0) {
        cli_fail(dir, "%s", err.msg);
        goto out;
    }
    cy_analysis a = {0};
    a.played = cy_rules_played(b, mark);
    a.to_move = a.played % 2 == 0 ? 1 : 2;
    a.cycle_cell = -1;
    a.outcome = ans.wins ? 'N' : 'P';
    a.winner = ans.wins ? a.to_move : 3 - a.to_move;
    a.grundy = ans.grundy;
    a.grundy_known = ans.grundy >= 0;
    a.nwin = ans.nwin;
    a.winning = ans.winning;
    a.complete = 1;
    a.stats.positions = positions < 1.8e19 ? (uint64_t)positions : UINT64_MAX;
    a.stats.seconds = seconds;
    int nr = ans.have_replies && !o->no_replies ? ans.nlegal : 0;
    if (!ans.wins && !ans.have_replies && !o->no_replies && !o->quiet)
        fprintf(stderr, "cycles: %s: the winning replies need a split at least 2 deep; they are left out\n", dir);
    /* the combined answer, written as a solve's (its arrays stay ans's) */
    cy_answer whole = {.a = a,
                       .nr = nr,
                       .legal = ans.legal,
                       .reply = ans.reply,
                       .started = 1,
                       .complete = 1,
                       .known = 1,
                       .winner = a.winner,
                       .best = a.nwin ? a.winning[0] : -1};
    char *text = o->json ? cy_answer_json(b, &whole) : cy_answer_text(b, &whole);
    rc = text ? cli_emit(o, text) : cli_fail(NULL, "out of memory");
    free(text);
    cy_split_answer_free(&ans);
out:
    json_decref(m);
    cy_split_free(&sp);
    cy_board_free(b);
    free(mark);
    free(values);
    free(mpath);
    free(bpath);
    return rc;
}
