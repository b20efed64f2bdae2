/*
 * lines.c - the input lines of the terminal games (`cycles play`, also
 * under --rules): on a terminal, line editing and a history of the session's
 * lines by libedit (the arrow keys, Ctrl-A/E, Ctrl-R searching the history,
 * and the user's ~/.editrc), with Ctrl-L clearing the screen and drawing the
 * position again; from a pipe or file, plain lines, each echoed after the
 * prompt (escaped) so that the output reads as a transcript.  A line never
 * carries a control character to the game: they are taken out (a Ctrl-L in
 * a piped line redraws, after the echo, as on a terminal).
 */
#include "cli.h"

#include <histedit.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

struct cli_lines {
    EditLine *el; /* NULL: plain lines */
    History *hist;
    const char *prompt;
    void (*redraw)(void *ctx);
    void *ctx;
    char *line; /* the last line, control characters taken out */
    size_t cap;
    int echo; /* standard input is not a terminal: echo each line */
    int cut;  /* the last line was longer than CLI_LINE_MAX: cut */
};

/* libedit asks for the prompt through this. */
static char *prompt_of(EditLine *el)
{
    cli_lines *l = NULL;
    el_get(el, EL_CLIENTDATA, &l);
    return (char *)(l && l->prompt ? l->prompt : "");
}

/* Ctrl-L: clears the screen, draws the position, then libedit draws the
 * prompt and the line being typed again. */
static unsigned char redraw_key(EditLine *el, int ch)
{
    (void)ch;
    cli_lines *l = NULL;
    el_get(el, EL_CLIENTDATA, &l);
    fputs("\033[H\033[2J", stdout);
    if (l && l->redraw)
        l->redraw(l->ctx);
    fflush(stdout);
    return CC_REDISPLAY;
}

cli_lines *cli_lines_new(void (*redraw)(void *ctx), void *ctx)
{
    cli_lines *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->redraw = redraw;
    l->ctx = ctx;
    l->echo = !isatty(0);
    if (isatty(0) && isatty(1) && (l->el = el_init("cycles", stdin, stdout, stderr))) {
        HistEvent ev;
        l->hist = history_init();
        if (l->hist) {
            history(l->hist, &ev, H_SETSIZE, 500);
            history(l->hist, &ev, H_SETUNIQUE, 1);
            el_set(l->el, EL_HIST, history, l->hist);
        }
        el_set(l->el, EL_CLIENTDATA, l);
        el_set(l->el, EL_EDITOR, "emacs");
        el_set(l->el, EL_SIGNAL, 1);
        el_set(l->el, EL_PROMPT, prompt_of);
        /* the wide call keeps these static strings; the narrow one would
         * copy them and never free the copies */
        el_wset(l->el, EL_ADDFN, L"cycles-redraw", L"clear the screen and draw the position again", redraw_key);
        el_set(l->el, EL_BIND, "^L", "cycles-redraw", NULL);
        el_source(l->el, NULL); /* ~/.editrc */
    }
    return l;
}

int cli_lines_editing(const cli_lines *l)
{
    return l->el != NULL;
}

/* Copies n bytes of s into l->line without control characters; a Ctrl-L
 * among them redraws (when the line came from a pipe). */
static const char *keep(cli_lines *l, const char *s, size_t n)
{
    if (n + 1 > l->cap) {
        l->cap = n + 1;
        l->line = realloc(l->line, l->cap);
        if (!l->line)
            return NULL;
    }
    size_t k = 0;
    int redraw = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\f')
            redraw = 1;
        if (c >= 0x20 && c != 0x7f)
            l->line[k++] = (char)c;
        else if (c == '\t')
            l->line[k++] = ' ';
    }
    l->line[k] = 0;
    if (l->echo) {
        char shown[4 * 200 + 8];
        size_t len = strlen(l->line);
        cy_escape(shown, sizeof shown, l->line, len > 200 ? 200 : len, 0);
        printf("%s%s\n", shown, len > 200 ? "..." : "");
    }
    if (redraw && !l->el && l->redraw)
        l->redraw(l->ctx);
    return l->line;
}

const char *cli_lines_get(cli_lines *l, const char *prompt)
{
    l->prompt = prompt;
    if (l->el) {
        int n = 0;
        const char *s = el_gets(l->el, &n);
        if (!s || n <= 0)
            return NULL;
        const char *t = keep(l, s, (size_t)n);
        if (t && l->hist && strspn(t, " ") < strlen(t)) {
            HistEvent ev;
            history(l->hist, &ev, H_ENTER, t);
        }
        return t;
    }
    fputs(prompt, stdout);
    fflush(stdout);
    /* at most CLI_LINE_MAX bytes kept; the rest of a longer line is read
     * and dropped, so a line without end (/dev/zero) holds no memory */
    char s[CLI_LINE_MAX];
    size_t n = 0;
    int c, any = 0;
    l->cut = 0;
    while ((c = getchar()) != EOF) {
        any = 1;
        if (c == '\n')
            break;
        if (n < sizeof s)
            s[n++] = (char)c;
        else
            l->cut = 1;
    }
    return any ? keep(l, s, n) : NULL;
}

int cli_lines_cut(const cli_lines *l)
{
    return l->cut;
}

void cli_lines_free(cli_lines *l)
{
    if (!l)
        return;
    if (l->el)
        el_end(l->el);
    if (l->hist)
        history_end(l->hist);
    free(l->line);
    free(l);
}
