#!/usr/bin/env python3
"""Slow bodies against a running `arbiter serve`, loopback only (issue 12, finding 4;
issue 27, item 2).

Opens N connections that each send a request head and then only part of its body, the way
the attacks did: `length` mode announces `Content-Length: 100` and sends 10 bytes;
`chunked` mode sends `Transfer-Encoding: chunked`, announces a 100-byte chunk and sends 10
bytes of it. Meanwhile it times `GET /ping` on fresh connections; then it reports how the
held connections ended (408 and closed, closed without answer, still open) and how long
that took. Every number is bounded: at most 5,000 connections, at most 60 s.

Usage: scripts/slow_bodies.py [PORT=8080] [CONNECTIONS=2000] [SECONDS=20] [MODE=length]
(start the server first, e.g. `arbiter serve --addr 127.0.0.1:8080 --workers 2`).
"""

import selectors
import socket
import sys
import time

HOST = "127.0.0.1"  # loopback only: never change this to another address
PORT = int(sys.argv[1]) if len(sys.argv) > 1 else 8080
COUNT = min(int(sys.argv[2]) if len(sys.argv) > 2 else 2000, 5000)
SECONDS = min(float(sys.argv[3]) if len(sys.argv) > 3 else 20.0, 60.0)
MODE = sys.argv[4] if len(sys.argv) > 4 else "length"

HEADS = {
    "length": (
        b"POST /decks HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\n"
        b"Content-Length: 100\r\n\r\nlist=Spark"
    ),
    "chunked": (
        b"POST /decks HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n64\r\nlist=Spark"
    ),
}
if MODE not in HEADS:
    sys.exit(f"slow_bodies.py: MODE is length or chunked, not {MODE!r}")
HEAD = HEADS[MODE]


def ping():
    """Milliseconds for one GET /ping on a new connection (None when it fails in 5 s)."""
    start = time.monotonic()
    try:
        with socket.create_connection((HOST, PORT), timeout=5) as s:
            s.sendall(b"GET /ping HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            data = b""
            while True:
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
        if data.startswith(b"HTTP/1.1 200") and data.endswith(b"pong"):
            return (time.monotonic() - start) * 1000
    except OSError:
        pass
    return None


def main():
    start = time.monotonic()
    held = []
    refused = 0
    for _ in range(COUNT):
        try:
            s = socket.create_connection((HOST, PORT), timeout=5)
            s.sendall(HEAD)
            s.setblocking(False)
            held.append(s)
        except OSError:
            refused += 1
    opened = time.monotonic() - start
    answers = {}
    closed_at = []
    pings = []
    open_socks = {s.fileno(): s for s in held}
    buffers = {fd: b"" for fd in open_socks}
    sel = selectors.DefaultSelector()  # epoll: more than 1,024 sockets
    for s in held:
        sel.register(s, selectors.EVENT_READ)
    next_ping = time.monotonic()
    while open_socks and time.monotonic() - start < SECONDS:
        if time.monotonic() >= next_ping:
            pings.append(ping())
            next_ping = time.monotonic() + 0.25
        for key, _ in sel.select(0.05):
            s = key.fileobj
            fd = s.fileno()
            try:
                chunk = s.recv(4096)
            except OSError:
                chunk = b""
            if chunk:
                buffers[fd] += chunk
                continue
            status = buffers[fd][:12].decode("latin-1") or "closed, no answer"
            answers[status] = answers.get(status, 0) + 1
            closed_at.append(time.monotonic() - start)
            sel.unregister(s)
            s.close()
            del open_socks[fd]
    still_open = len(open_socks)
    for s in open_socks.values():
        s.close()
    ok = [p for p in pings if p is not None]
    print(
        f"slow connections ({MODE}): {len(held)} opened in {opened:.2f} s ({refused} refused)"
    )
    for status, n in sorted(answers.items()):
        print(f"  {n:5} ended with {status!r}")
    print(f"  {still_open:5} still open after {SECONDS:.0f} s")
    if closed_at:
        closed_at.sort()
        print(
            f"closed after: first {closed_at[0]:.2f} s, median "
            f"{closed_at[len(closed_at) // 2]:.2f} s, last {closed_at[-1]:.2f} s"
        )
    if ok:
        ok.sort()
        print(
            f"/ping meanwhile: {len(ok)}/{len(pings)} answered; median {ok[len(ok) // 2]:.1f} ms, "
            f"max {ok[-1]:.1f} ms"
        )
    else:
        print(f"/ping meanwhile: 0/{len(pings)} answered")


if __name__ == "__main__":
    main()
