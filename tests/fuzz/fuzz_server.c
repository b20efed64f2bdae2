/*
 * fuzz_server.c - libFuzzer target for what `cycles serve` reads from the
 * network: the query strings and POST bodies of its endpoints.  A server is
 * started once on a loopback port (small boards, short solves, and a small
 * census database made here for /api/census); each input is one request:
 * its first byte picks the endpoint (0xF0 and above: the census explorer's,
 * so that the other seeds keep theirs), the bytes up to the
 * first newline are the query string (blanks and control bytes
 * percent-encoded, so that the request line stays a request line), and the
 * rest, when not empty, is POSTed as the body.  Every request must get a
 * complete HTTP answer that is not a 500.
 */
#include "server.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sqlite3.h>
#include <sys/time.h>
#include <unistd.h>

static const char *const paths[] = {"/api/solve", "/api/move", "/api/board", "/api/families", "/api/stats",
                                    "/",          "/app.js",   "/api/",      "/api/export"};
#define NPATHS (sizeof paths / sizeof paths[0])
static const char *const census_paths[] = {"/api/census", "/census"};

/* The census explorer's database: the tables it reads, as `cycles census
 * run` makes them (src/census/store.c), with a few boards of each kind and
 * two rule sets. */
static const char census_sql[] =
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "INSERT INTO meta VALUES ('schema', '3'), ('program', 'fuzz');"
    "CREATE TABLE units (kind TEXT NOT NULL, rules TEXT NOT NULL, edges INTEGER NOT NULL, part INTEGER NOT NULL,"
    " parts INTEGER NOT NULL, done INTEGER NOT NULL, finished INTEGER NOT NULL, seconds REAL NOT NULL,"
    " cpu_seconds REAL NOT NULL, PRIMARY KEY (kind, rules, edges, part, parts)) WITHOUT ROWID;"
    "INSERT INTO units VALUES ('board', 'standard', 3, 0, 1, 2, 1, 0, 0), ('board', 'misere', 3, 0, 1, 2, 1, 0, 0),"
    " ('tree', 'standard', 1, 0, 1, 1, 1, 0, 0);"
    "CREATE TABLE invariants (kind TEXT NOT NULL, edges INTEGER NOT NULL, code TEXT NOT NULL, graph6 TEXT NOT NULL,"
    " vertices INTEGER NOT NULL, cells INTEGER NOT NULL, cell_sizes TEXT NOT NULL, min_degree INTEGER NOT NULL,"
    " max_degree INTEGER NOT NULL, leaves INTEGER NOT NULL, inner_edges INTEGER NOT NULL,"
    " outer_vertices INTEGER NOT NULL, biconnected INTEGER NOT NULL, triangle_free INTEGER NOT NULL,"
    " bipartite INTEGER NOT NULL, tree INTEGER NOT NULL, outerplanar INTEGER NOT NULL,"
    " automorphisms INTEGER NOT NULL, involutions INTEGER NOT NULL, thm6_involutions INTEGER NOT NULL,"
    " thm6_winner INTEGER NOT NULL, board TEXT NOT NULL, PRIMARY KEY (kind, edges, code)) WITHOUT ROWID;"
    "INSERT INTO invariants VALUES"
    " ('board', 3, 'a', 'Bw', 3, 1, '3', 2, 2, 0, 0, 3, 1, 0, 0, 0, 1, 6, 3, 0, 0,"
    " '{\"format\":\"cycles-board\",\"version\":1,\"vertices\":[\"1\",\"2\",\"3\"],"
    "\"cells\":[[\"1\",\"3\",\"2\"]],\"outer\":[\"1\",\"2\",\"3\"]}'),"
    " ('board', 3, 'b', 'CU', 4, 0, '', 1, 2, 2, 0, 4, 0, 1, 1, 1, 1, 2, 1, 0, 0,"
    " '{\"format\":\"cycles-board\",\"version\":1,\"vertices\":[\"1\",\"2\",\"3\",\"4\"],"
    "\"cells\":[],\"outer\":[\"1\",\"3\",\"4\",\"2\",\"4\",\"3\"]}'),"
    " ('tree', 1, 'c', 'A_', 2, 0, '', 1, 1, 2, 0, 2, 0, 1, 1, 1, 1, 2, 1, 0, 0,"
    " '{\"format\":\"cycles-board\",\"version\":1,\"vertices\":[\"1\",\"2\"],\"cells\":[],"
    "\"outer\":[\"1\",\"2\"],\"special\":[\"1\",\"2\"]}'),"
    " ('board', 3, 'd', 'Bw', 3, 1, '3', 2, 2, 0, 0, 3, 1, 0, 0, 0, 1, 6, 3, 0, 0, 'not a board');"
    "CREATE TABLE results (kind TEXT NOT NULL, rules TEXT NOT NULL, edges INTEGER NOT NULL, code TEXT NOT NULL,"
    " status TEXT NOT NULL, outcome TEXT, winner INTEGER, value INTEGER, grundy INTEGER, parity_breaker INTEGER,"
    " moves INTEGER, forced INTEGER, PRIMARY KEY (kind, rules, edges, code)) WITHOUT ROWID;"
    "INSERT INTO results VALUES ('board', 'standard', 3, 'a', 'solved', 'N', 1, 1, 1, 0, 3, NULL),"
    " ('board', 'standard', 3, 'b', 'solved', 'P', 2, -1, 0, 1, 2, NULL),"
    " ('board', 'standard', 3, 'd', 'timeout', NULL, NULL, NULL, NULL, NULL, NULL, NULL),"
    " ('board', 'misere', 3, 'a', 'solved', 'P', 2, 0, 0, NULL, NULL, NULL),"
    " ('tree', 'standard', 1, 'c', 'solved', 'N', 1, 1, 1, 0, 1, NULL);"
    "CREATE INDEX results_grundy ON results (kind, rules, grundy, edges);"
    "CREATE INDEX results_winner ON results (kind, rules, winner, edges);"
    "CREATE INDEX invariants_flags ON invariants (kind, edges, triangle_free, leaves, code);";

static char census_path[64];

/* Removes the census database at exit. */
static void remove_census(void)
{
    unlink(census_path);
}

/* Writes the census database to a temporary file; its path, or NULL. */
static const char *make_census(void)
{
    const char *dir = getenv("TMPDIR");
    snprintf(census_path, sizeof census_path, "%.40s/fuzz-census-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(census_path);
    if (fd < 0)
        return NULL;
    close(fd);
    atexit(remove_census);
    sqlite3 *db = NULL;
    int ok = sqlite3_open(census_path, &db) == SQLITE_OK && sqlite3_exec(db, census_sql, NULL, NULL, NULL) == SQLITE_OK;
    sqlite3_close(db);
    return ok ? census_path : NULL;
}

static srv_server *server;
static int port;

/* Starts the server: one a process, small limits so solves stay short. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    srv_opts o;
    memset(&o, 0, sizeof o);
    o.timeout = 0.3;
    o.max_edges = 16;
    o.max_body = 64 * 1024;
    o.memory = (size_t)96 << 20;
    o.census = make_census();
    if (!o.census) {
        fprintf(stderr, "fuzz_server: cannot write the census database\n");
        abort();
    }
    cy_error err;
    server = srv_start(&o, &err);
    if (!server) {
        fprintf(stderr, "fuzz_server: %s\n", err.msg);
        abort();
    }
    port = srv_port(server);
    return 0;
}

/* Sends req (len bytes) and reads the whole answer into buf (at most cap-1
 * bytes, NUL-terminated); returns its length, or -1. */
static long ask(const char *req, size_t len, char *buf, size_t cap)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return -1;
    struct timeval tv = {10, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    long got = -1;
    /* a signal (libFuzzer's timer) may interrupt the calls: go on */
    int c;
    while ((c = connect(fd, (struct sockaddr *)&a, sizeof a)) < 0) {
        if (errno == EISCONN) {
            c = 0;
            break;
        }
        if (errno != EINTR && errno != EALREADY)
            break;
        usleep(1000);
    }
    if (c == 0) {
        size_t off = 0;
        while (off < len) {
            ssize_t w = send(fd, req + off, len - off, MSG_NOSIGNAL);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                break;
            off += (size_t)w;
        }
        got = 0;
        for (;;) {
            ssize_t r = recv(fd, buf + got, cap - 1 - (size_t)got, 0);
            if (r < 0 && errno == EINTR)
                continue; /* libFuzzer's timer (SIGALRM), not the server */
            if (r < 0)
                fprintf(stderr, "fuzz_server: recv: %s\n", strerror(errno));
            if (r <= 0 || (size_t)(got += r) >= cap - 1)
                break;
        }
        buf[got] = 0;
    }
    close(fd);
    return got;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 8192)
        return 0;
    const char *path = data[0] >= 0xF0 ? census_paths[data[0] & 1] : paths[data[0] % NPATHS];
    data++, size--;
    size_t q = 0;
    while (q < size && data[q] != '\n')
        q++;
    const uint8_t *body = q < size ? data + q + 1 : NULL;
    size_t blen = body ? size - q - 1 : 0;
    size_t cap = 3 * q + blen + 256;
    char *req = malloc(cap);
    int n = snprintf(req, cap, "%s %s%s", blen ? "POST" : "GET", path, q ? "?" : "");
    for (size_t i = 0; i < q; i++) {
        unsigned char ch = data[i];
        if (ch <= ' ' || ch >= 127)
            n += snprintf(req + n, cap - (size_t)n, "%%%02X", ch);
        else
            req[n++] = (char)ch;
    }
    n += snprintf(req + n, cap - (size_t)n,
                  " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                  "Content-Length: %zu\r\n\r\n",
                  blen);
    memcpy(req + n, body ? (const char *)body : "", blen);
    static char buf[1 << 20];
    long got = ask(req, (size_t)n + blen, buf, sizeof buf);
    free(req);
    if (got < 0)
        return 0; /* the machine's sockets, not the server */
    if (got < 12 || strncmp(buf, "HTTP/1.1 ", 9) != 0) {
        fprintf(stderr, "fuzz_server: no answer (%ld bytes)\n", got);
        __builtin_trap();
    }
    if (!strncmp(buf + 9, "500", 3)) {
        fprintf(stderr, "fuzz_server: %.300s\n", buf);
        __builtin_trap();
    }
    return 0;
}
