/*
 * fuzz_server.c - libFuzzer target for what `cycles serve` reads from the
 * network: the query strings and POST bodies of its endpoints.  A server is
 * started once on a loopback port (small boards, short solves); each input
 * is one request: its first byte picks the endpoint, the bytes up to the
 * first newline are the query string (blanks and control bytes
 * percent-encoded, so that the request line stays a request line), and the
 * rest, when not empty, is POSTed as the body.  Every request must get a
 * complete HTTP answer that is not a 500.
 */
#include "cycles.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

static const char *const paths[] = {"/api/solve", "/api/move", "/api/board", "/api/families", "/api/stats",
                                    "/", "/app.js", "/api/", "/api/export"};
#define NPATHS (sizeof paths / sizeof paths[0])

static cy_server *server;
static int port;

/* Starts the server: one a process, small limits so solves stay short. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    cy_server_opts o;
    memset(&o, 0, sizeof o);
    o.timeout = 0.3;
    o.max_edges = 16;
    o.max_body = 64 * 1024;
    o.memory = (size_t)96 << 20;
    cy_error err;
    server = cy_server_start(&o, &err);
    if (!server) {
        fprintf(stderr, "fuzz_server: %s\n", err.msg);
        abort();
    }
    port = cy_server_port(server);
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
    const char *path = paths[data[0] % NPATHS];
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
    n += snprintf(req + n, cap - (size_t)n, " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                                             "Content-Length: %zu\r\n\r\n", blen);
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
