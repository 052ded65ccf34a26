#!/usr/bin/env bash
# The hostile-load figures of issue #28's new routes, against one server on loopback:
#  (f) wrong passwords: N concurrent clients POST /judge/sign-in with a wrong password for
#      SECONDS: the statuses (403 checked, 429 refused before the check, 503 no hashing
#      slot), times, the phase's peak RSS (VmHWM, reset first), and /ping meanwhile;
#  (g) right passwords: N concurrent POST /judge/sign-in with the judge's password for
#      SECONDS (each an Argon2id verify unless refused): the same figures;
#  (h) reading rulings: N concurrent clients GET /rulings.atom, /rulings.json, a ruling
#      and a ruling search for SECONDS: statuses, times, peak RSS, /ping.
# Everything targets 127.0.0.1 only, every phase is bounded in time, and the server is
# stopped on exit. Figures are in docs/reliability.md.
# Usage: scripts/judge_load.sh [N=50] [SECONDS=10]
# Environment: ARBITER_BIN (a built binary; default: cargo build --release, then
# target/release/arbiter), PORT (default 18108).
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-50}
SECONDS_PER_PHASE=${2:-10}
HOST=127.0.0.1          # loopback only: never change this to another address
PORT=${PORT:-18108}
if [ -z "${ARBITER_BIN:-}" ]; then
  cargo build --release --quiet --bin arbiter
  ARBITER_BIN=target/release/arbiter
fi
command -v curl >/dev/null || { echo "judge_load.sh: needs curl" >&2; exit 1; }
work=$(mktemp -d)
server=
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
"$ARBITER_BIN" import --db "$work/c.sqlite" >/dev/null
printf 'load-test password 1\n' | "$ARBITER_BIN" judge add ada --db "$work/c.sqlite" >/dev/null
RUST_LOG=warn "$ARBITER_BIN" serve --db "$work/c.sqlite" --addr "$HOST:$PORT" \
  > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 300); do curl -fs "http://$HOST:$PORT/ping" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fs "http://$HOST:$PORT/ping" >/dev/null
echo "binary: $ARBITER_BIN (script at $(git rev-parse --short HEAD 2>/dev/null || echo '?')), $(nproc) cores, $N clients, ${SECONDS_PER_PHASE} s a phase"

python3 - "$HOST" "$PORT" "$server" "$N" "$SECONDS_PER_PHASE" <<'PY'
import collections, http.client, statistics, sys, threading, time, urllib.parse

host, port, pid = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
clients, seconds = int(sys.argv[4]), float(sys.argv[5])

def hwm_kib():
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0

def reset_hwm():
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass

def request(method, path, body=None, headers=None):
    conn = http.client.HTTPConnection(host, port, timeout=30)
    t0 = time.monotonic()
    try:
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        resp.read()
        return resp.status, time.monotonic() - t0
    except Exception as e:  # a refused or dropped connection is a result too
        return type(e).__name__, time.monotonic() - t0
    finally:
        conn.close()

def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))] if xs else float("nan")

def phase(name, make_request):
    reset_hwm()
    stop = time.monotonic() + seconds
    statuses, times, pings = collections.Counter(), [], []
    lock = threading.Lock()
    def client(i):
        n = 0
        while time.monotonic() < stop:
            status, t = make_request(i, n)
            n += 1
            with lock:
                statuses[status] += 1
                times.append(t)
    def pinger():
        while time.monotonic() < stop:
            status, t = request("GET", "/ping")
            pings.append(t if status == 200 else float("inf"))
            time.sleep(0.05)
    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    threads.append(threading.Thread(target=pinger))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ms = lambda s: f"{s * 1000:.1f} ms"
    print(f"({name}) {sum(statuses.values())} answers {dict(statuses)}; "
          f"time median {ms(statistics.median(times))}, p99 {ms(pct(times, 0.99))}; "
          f"/ping median {ms(statistics.median(pings))}, p99 {ms(pct(pings, 0.99))}, "
          f"max {ms(max(pings))} ({len(pings)} pings); peak RSS {hwm_kib() / 1024:.0f} MiB")

def sign_in(password):
    def make(i, n):
        body = urllib.parse.urlencode({"name": "ada", "password": password, "next": "/rulings"})
        return request("POST", "/judge/sign-in", body,
                       {"Content-Type": "application/x-www-form-urlencoded"})
    return make

print(f"start: RSS peak {hwm_kib() / 1024:.0f} MiB")
phase("f wrong passwords", sign_in("not the password"))
# The wrong-password phase has spent this address's minute: wait it out, so that (g)
# measures the password checks rather than the refusals.
time.sleep(61)
phase("g right passwords", sign_in("load-test password 1"))
reads = ["/rulings.atom", "/rulings.json", "/rulings/bl-endless-serpent",
         "/search.json?q=kind%3Aruling+armor"]
phase("h reading rulings", lambda i, n: request("GET", reads[(i + n) % len(reads)]))
PY
