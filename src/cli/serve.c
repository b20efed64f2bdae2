/*
 * serve.c - `cycles serve [--port N] [--host ADDR] [--timeout S] [--memory SIZE]
 * [--census FILE]`:
 * play in the browser.  Runs the web server of src/server/server.c until SIGINT or
 * SIGTERM; prints "cycles: serving on http://HOST:PORT/" on stderr once it
 * listens (--port 0 picks a free port, which that line names).
 */
#include "cli.h"
#include "server.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>

/* Serves until SIGINT or SIGTERM; returns 0 after a clean stop, 1 when the
 * options are wrong or the address cannot be used. */
int cmd_serve(cli_opts *o)
{
    /* the server's threads inherit this mask, so the signals reach sigwait below */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);
    srv_opts so;
    memset(&so, 0, sizeof so);
    so.host = o->host ? o->host : "127.0.0.1";
    so.port = cli_given(o, "port") ? o->port : CLI_SERVE_PORT;
    so.timeout = o->timeout;
    so.memory = o->memory;
    so.census = o->census;
    cy_error err;
    srv_server *s = srv_start(&so, &err);
    if (!s)
        return cli_fail("serve", "%s", err.msg);
    int v6 = strchr(so.host, ':') != NULL;
    fprintf(stderr, "cycles: serving on http://%s%s%s:%d/\n", v6 ? "[" : "", so.host, v6 ? "]" : "", srv_port(s));
    fflush(stderr);
    int sig = 0;
    while (sigwait(&set, &sig) != 0)
        ;
    fprintf(stderr, "cycles: stopping (%s)\n", sig == SIGINT ? "SIGINT" : "SIGTERM");
    cy_interrupt(); /* the solves running stop now, as at their timeout */
    srv_stop(s);
    return 0;
}
