"""serve_load.py - the load client of tests/cli/serve_load.sh: raw sockets
to 127.0.0.1 only, every loop bounded, every socket with a timeout.

  python3 serve_load.py PORT burst N        N requests at once (quick solves
      on small boards, distinct and repeated): prints "200 A", "503 B",
      "other C" (no HTTP answer, or another status), "noretry D" (a 503
      without Retry-After)
  python3 serve_load.py PORT hold N SECS    holds N connections (half silent,
      half sending a request a byte a second); after 2 s asks GET
      /api/families on a new connection and prints "new STATUS SECONDS";
      then waits at most SECS seconds for the server to close the held ones
      and prints "closed K SECONDS" (K of N closed, when the last was)
  python3 serve_load.py PORT variants N     N distinct misere questions at
      once: prints "200 A", "503 B", "other C"
"""
import socket
import sys
import threading
import time

HOST = "127.0.0.1"


def ask(port, path, timeout=60.0):
    """One request on a new connection: (status or None, headers text)."""
    try:
        s = socket.create_connection((HOST, port), timeout=timeout)
    except OSError as e:
        return None, "connect: %s" % e
    try:
        s.sendall(("GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n" % (path, HOST)).encode())
        data = b""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and len(data) < 1 << 22:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    except OSError as e:
        return None, "exchange: %s" % e
    finally:
        s.close()
    head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    parts = head.split(" ", 2)
    if len(parts) < 2 or not parts[0].startswith("HTTP/") or not parts[1].isdigit():
        return None, head
    return int(parts[1]), head


def at_once(port, paths):
    """Asks every path at once (one thread each, released together)."""
    results = [None] * len(paths)
    gate = threading.Barrier(len(paths))

    def one(i):
        try:
            gate.wait(timeout=30)
        except threading.BrokenBarrierError:
            pass
        results[i] = ask(port, paths[i])

    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(paths))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return [r if r else (None, "") for r in results]


def tally(results):
    ok = sum(1 for st, _ in results if st == 200)
    busy = [h for st, h in results if st == 503]
    other = len(results) - ok - len(busy)
    noretry = sum(1 for h in busy if "\r\nretry-after:" not in h.lower())
    print("200 %d" % ok)
    print("503 %d" % len(busy))
    print("other %d" % other)
    print("noretry %d" % noretry)
    for st, h in results:
        if st not in (200, 503):
            print("unanswered: %s %s" % (st, h.splitlines()[0] if h else "(nothing)"))


def burst(port, n):
    # small boards (quick lane), each with no move or a legal first move:
    # distinct questions and repeated ones
    asks = ["k4", "cycle:5", "theta:2,2,3", "wedge:3,4", "path:4", "star:4", "butterfly", "grid:2x3"]
    for m in ("1-%3E2", "2-%3E1"):
        asks += ["k4&moves=" + m, "cycle:5&moves=" + m, "wedge:3,4&moves=" + m, "path:4&moves=" + m,
                 "star:4&moves=" + m]
    paths = ["/api/solve?board=%s" % asks[i % len(asks)] for i in range(n)]
    tally(at_once(port, paths))


def variants(port, n):
    # distinct first moves on windmill:7, whose misere search takes a while
    firsts = ["1-%%3E%d" % k for k in range(2, 16)] + ["%d-%%3E1" % k for k in range(2, 16)]
    paths = ["/api/solve?board=windmill:7&rules=misere&moves=%s" % firsts[i % len(firsts)] for i in range(n)]
    tally(at_once(port, paths))


def hold(port, n, secs):
    held = []
    for i in range(n):
        try:
            held.append(socket.create_connection((HOST, port), timeout=10))
        except OSError:
            break
    request = ("GET /api/families HTTP/1.1\r\nHost: %s\r\n\r\n" % HOST).encode()
    closed = [None] * len(held)
    stop = time.monotonic() + secs + 5
    lock = threading.Lock()

    def trickle(i):
        # a byte a second until the server closes the connection
        s = held[i]
        k = 0
        while time.monotonic() < stop:
            try:
                s.sendall(request[k % len(request):k % len(request) + 1])
            except OSError:
                break
            k += 1
            time.sleep(1)
        with lock:
            if closed[i] is None and time.monotonic() < stop:
                closed[i] = time.monotonic()

    def silent(i):
        s = held[i]
        s.settimeout(1)
        while time.monotonic() < stop:
            try:
                if not s.recv(4096):
                    break
            except socket.timeout:
                continue
            except OSError:
                break
        with lock:
            if closed[i] is None and time.monotonic() < stop:
                closed[i] = time.monotonic()

    start = time.monotonic()
    threads = [threading.Thread(target=trickle if i % 2 else silent, args=(i,)) for i in range(len(held))]
    for t in threads:
        t.start()
    time.sleep(2)
    t0 = time.monotonic()
    st, _ = ask(port, "/api/families", timeout=10)
    print("held %d" % len(held))
    print("new %s %.2f" % (st, time.monotonic() - t0))
    sys.stdout.flush()
    for t in threads:
        t.join(secs + 10)
    done = [c for c in closed if c is not None]
    last = max(done) - start if done else 0.0
    print("closed %d %.1f" % (len(done), last))
    for s in held:
        s.close()


def main():
    port = int(sys.argv[1])
    what = sys.argv[2]
    if what == "burst":
        burst(port, int(sys.argv[3]))
    elif what == "variants":
        variants(port, int(sys.argv[3]))
    elif what == "hold":
        hold(port, int(sys.argv[3]), float(sys.argv[4]))


main()
