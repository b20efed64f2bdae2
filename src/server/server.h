/*
 * server.h - the web server of `cycles serve` (src/server/, its own static
 * library, cycles_server): one page and a JSON API (the manual,
 * docs/browser.md).  A front end over include/cycles.h, as the command line
 * is; libcycles knows nothing of it (no HTTP, GLib or SQLite in the library).
 * Zero-initialised options mean the defaults.
 */
#ifndef CYCLES_SERVER_H
#define CYCLES_SERVER_H

#include "cycles.h"

/* The server's defaults: seconds each solve may take, and its memory. */
#define CY_SERVER_TIMEOUT 10
#define CY_SERVER_MEMORY_MIB 256

typedef struct srv_opts {
    const char *host;    /* address to bind: NULL means 127.0.0.1 (loopback) */
    int port;            /* 0: any free port (srv_port says which) */
    double timeout;      /* seconds each solver call may take; 0: CY_SERVER_TIMEOUT */
    int max_edges;       /* largest board served; 0: 40 */
    size_t max_body;     /* largest request body in bytes; 0: 1 MiB; at most
                            64 KiB + 2 KiB an edge of max_edges (144 KiB for 40),
                            refused (413) by its declared or streamed size */
    int max_connections; /* connections open at once; 0: an eighth of memory
                            over 64 KiB a connection (512 for 256 MiB), at least
                            64, within the open-file limit; past seven eighths
                            of it a request is answered 503 at once */
    int max_solves;      /* slow solves accepted at once (one a core running,
                            the rest waiting), beyond them 503; 0: 8 */
    size_t memory;       /* the whole server's memory: shared by the lanes,
                            the answer cache and the uploads; 0: CY_SERVER_MEMORY_MIB */
    const char *census;  /* a census database (cycles census run) explored at
                            /census and GET /api/census; NULL: none */
} srv_opts;

typedef struct srv_server srv_server;

/* Starts serving on background threads; NULL with a message when the address
 * cannot be bound or the census database cannot be read. */
srv_server *srv_start(const srv_opts *o, cy_error *err);
/* The port the server listens on. */
int srv_port(const srv_server *s);
/* Stops accepting, waits for the requests in progress, frees the server. */
void srv_stop(srv_server *s);

#endif
