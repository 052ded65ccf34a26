#!/usr/bin/env bash
# The hostile-load figures of issue #12, measured against one server on loopback:
#  (a) heavy: N concurrent POST /api/adjudicate of the step-bound stress position (every
#      answer read whole): the server's peak RSS (VmHWM of /proc/PID/status), its RSS
#      afterwards, the answers' statuses and times, and /ping latency during them;
#  (b) permalink flood: distinct positions POSTed to /adjudicate.json from one client
#      for a bounded time: the statuses (201/303 vs 429/507), the store's size on disk;
#  (c) slow bodies: K connections that announce a 100-byte body and send 10 bytes: how
#      many the server still holds after a while, and /ping latency meanwhile;
#  (a2, a3) heavy pages (issue 27): S concurrent step pages and C concurrent comparison
#      pages of the step-bound position, each phase's own peak RSS (VmHWM, reset first
#      through /proc/PID/clear_refs), statuses, times and /ping latency;
#  (d) chunked bodies (issue 27): CHUNKED connections that send a chunked body's first
#      10 bytes and stop: how many are answered, how many the server still holds after a
#      while (answered or not), and /ping meanwhile;
#  (e) builder errors (issue 27): BUILDER concurrent POST /adjudicate of a ~100 KB form
#      of bad list items: statuses, answer sizes and times, sampled peak RSS, /ping.
# Everything targets 127.0.0.1 only, every phase is bounded in time, and the server is
# stopped on exit. Figures are in docs/reliability.md.
# Usage: scripts/hostile_load.sh [HEAVY=50] [FLOOD_SECONDS=20] [SLOW=200] [STEP=50] [COMPARE=100]
# Environment: ARBITER_BIN (a built binary; default: cargo build --release, then
# target/release/arbiter), PORT (default 18107), SERVE_ARGS (extra `serve` flags),
# CHUNKED (default 200), BUILDER (default 50).
set -euo pipefail
cd "$(dirname "$0")/.."
HEAVY=${1:-50}
FLOOD_SECONDS=${2:-20}
SLOW=${3:-200}
STEP_PAGES=${4:-50}
COMPARE_PAGES=${5:-100}
HOST=127.0.0.1          # loopback only: never change this to another address
PORT=${PORT:-18107}
if [ -z "${ARBITER_BIN:-}" ]; then
  cargo build --release --quiet --bin arbiter
  ARBITER_BIN=target/release/arbiter
fi
command -v curl >/dev/null || { echo "hostile_load.sh: needs curl" >&2; exit 1; }
work=$(mktemp -d)
server=
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
"$ARBITER_BIN" import --db "$work/c.sqlite" >/dev/null
# shellcheck disable=SC2086
RUST_LOG=warn "$ARBITER_BIN" serve --db "$work/c.sqlite" --addr "$HOST:$PORT" ${SERVE_ARGS:-} \
  > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 300); do curl -fs "http://$HOST:$PORT/ping" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fs "http://$HOST:$PORT/ping" >/dev/null
echo "binary: $ARBITER_BIN (script at $(git rev-parse --short HEAD 2>/dev/null || echo '?')), $(nproc) cores, serve ${SERVE_ARGS:-(defaults)}"

python3 - "$HOST" "$PORT" "$server" "$work" "$HEAVY" "$FLOOD_SECONDS" "$SLOW" \
  "$STEP_PAGES" "$COMPARE_PAGES" <<'PY'
import json, os, socket, statistics, subprocess, sys, threading, time

host, port, pid, work = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
heavy, flood_seconds, slow = int(sys.argv[5]), float(sys.argv[6]), int(sys.argv[7])
step_pages, compare_pages = int(sys.argv[8]), int(sys.argv[9])
base = f"http://{host}:{port}"

def status_kb(field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0

def ping_once(timeout=5.0):
    """Milliseconds for GET /ping on a new connection; None on a timeout or error."""
    t = time.monotonic()
    try:
        with socket.create_connection((host, port), timeout=timeout) as s:
            s.settimeout(timeout)
            s.sendall(f"GET /ping HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
            data = b""
            while True:
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
        if not data.startswith(b"HTTP/1.1 200"):
            return None
        return (time.monotonic() - t) * 1000
    except OSError:
        return None

class Pinger(threading.Thread):
    """/ping every 100 ms until stopped."""
    def __init__(self):
        super().__init__(daemon=True)
        self.times, self.failures, self.stop = [], 0, threading.Event()
    def run(self):
        while not self.stop.is_set():
            ms = ping_once()
            if ms is None:
                self.failures += 1
            else:
                self.times.append(ms)
            self.stop.wait(0.1)
    def report(self):
        t = sorted(self.times)
        if not t:
            return f"/ping: no answer in {self.failures} tries"
        p = lambda q: t[min(len(t) - 1, int(q * len(t)))]
        return (f"/ping: {len(t)} answered, {self.failures} failed or timed out (5 s); "
                f"median {statistics.median(t):.1f} ms, p90 {p(0.9):.1f} ms, "
                f"p99 {p(0.99):.1f} ms, max {t[-1]:.1f} ms")

# (a) heavy adjudications --------------------------------------------------------------
fixture = json.load(open("tests/fixtures/stress/step_bound.json"))["position"]
body = os.path.join(work, "step_bound.json")
with open(body, "w") as f:
    json.dump(fixture, f)
rss0 = status_kb("VmRSS")
pinger = Pinger(); pinger.start()
t0 = time.monotonic()
curls = [subprocess.Popen(
    ["curl", "-s", "-o", "/dev/null", "--max-time", "300", "-w", "%{http_code} %{time_total} %{size_download}",
     "-H", "Content-Type: application/json", "--data-binary", "@" + body, base + "/api/adjudicate"],
    stdout=subprocess.PIPE, text=True) for _ in range(heavy)]
peak_seen = 0
while any(c.poll() is None for c in curls):
    peak_seen = max(peak_seen, status_kb("VmRSS"))
    time.sleep(0.05)
wall = time.monotonic() - t0
pinger.stop.set(); pinger.join()
results = [c.stdout.read().split() for c in curls]
codes = {}
for r in results:
    codes[r[0] if r else "none"] = codes.get(r[0] if r else "none", 0) + 1
ok_times = sorted(float(r[1]) for r in results if r and r[0] == "200")
sizes = [int(r[2]) for r in results if r and r[0] == "200"]
time.sleep(1)
print(f"(a) {heavy} concurrent POST /api/adjudicate of tests/fixtures/stress/step_bound.json "
      f"({os.path.getsize(body)} bytes in)")
print(f"    statuses: {codes}; all done in {wall:.1f} s")
if ok_times:
    print(f"    200 answers: {sizes[0]} bytes each; time median {statistics.median(ok_times):.2f} s, "
          f"max {ok_times[-1]:.2f} s")
print(f"    server RSS: {rss0 / 1024:.0f} MB before, peak (VmHWM) {status_kb('VmHWM') / 1024:.0f} MB "
      f"(sampled peak {peak_seen / 1024:.0f} MB), {status_kb('VmRSS') / 1024:.0f} MB after")
print("    " + pinger.report())

# (a2, a3) step and comparison pages ---------------------------------------------------
import re, urllib.parse, urllib.request
def stored(position):
    """The permalink of `position`, stored through the builder's JSON twin."""
    form = urllib.parse.urlencode({"json": json.dumps(position)}).encode()
    req = urllib.request.Request(base + "/adjudicate.json", form,
                                 {"Content-Type": "application/x-www-form-urlencoded"})
    with urllib.request.urlopen(req, timeout=300) as resp:
        return json.loads(resp.read())["hash"]

def pages(label, path, n):
    """n concurrent GETs of `path`: statuses, times, this phase's peak RSS, /ping."""
    with open(f"/proc/{pid}/clear_refs", "w") as f:
        f.write("5")                       # resets VmHWM to the current RSS
    rss0 = status_kb("VmRSS")
    pinger = Pinger(); pinger.start()
    t0 = time.monotonic()
    curls = [subprocess.Popen(
        ["curl", "-s", "-o", "/dev/null", "--max-time", "300", "-w", "%{http_code} %{time_total}",
         base + path], stdout=subprocess.PIPE, text=True) for _ in range(n)]
    for c in curls:
        c.wait()
    wall = time.monotonic() - t0
    pinger.stop.set(); pinger.join()
    results = [c.stdout.read().split() for c in curls]
    codes = {}
    for r in results:
        codes[r[0] if r else "none"] = codes.get(r[0] if r else "none", 0) + 1
    times = sorted(float(r[1]) for r in results if r)
    alive = ping_once() is not None
    print(f"{label} {n} concurrent GET {path}")
    print(f"    statuses: {codes}; all done in {wall:.1f} s; time median "
          f"{statistics.median(times) if times else 0:.2f} s, max {times[-1] if times else 0:.2f} s")
    print(f"    server RSS: {rss0 / 1024:.0f} MB before, peak (VmHWM) {status_kb('VmHWM') / 1024:.0f} MB, "
          f"{status_kb('VmRSS') / 1024:.0f} MB after; alive afterwards: {alive}")
    print("    " + pinger.report())

if step_pages or compare_pages:
    a = stored(fixture)
    b = stored(dict(fixture, seed=fixture.get("seed", 0) + 1))
    # The last step: the page replays the whole game and draws its end.
    m = None
    try:
        urllib.request.urlopen(base + f"/adjudicate/p/{a}/999999.json", timeout=300)
    except urllib.error.HTTPError as e:
        m = re.search(r"has (\d+) steps", e.read().decode())
    last = int(m.group(1)) if m else 0
    if step_pages:
        pages("(a2)", f"/adjudicate/p/{a}/{last}", step_pages)
        # Step 0: the odds play every step still to come (the page that used to overflow
        # the stack, issue 27 item 1).
        pages("(a2)", f"/adjudicate/p/{a}/0", step_pages)
    if compare_pages:
        pages("(a3)", f"/adjudicate/compare/{a}/{b}", compare_pages)

# (b) permalink flood ------------------------------------------------------------------
store = os.path.join(work, "c.sqlite.permalinks.sqlite")
def store_bytes():
    return sum(os.path.getsize(store + s) for s in ("", "-wal") if os.path.exists(store + s))
size0 = store_bytes()
import urllib.parse, http.client
conn = http.client.HTTPConnection(host, port, timeout=10)
conn.request("POST", "/adjudicate.json", "", {"Content-Type": "application/x-www-form-urlencoded"})
resp = conn.getresponse()
print(f"(b) an empty POST /adjudicate.json: {resp.status} {resp.read()[:160].decode(errors='replace')}")
pad = "x" * 60
codes, seed, details = {}, 0, {}
t0 = time.monotonic()
while time.monotonic() - t0 < flood_seconds:
    seed += 1
    position = {"seed": seed, "turns": 1, "players": [
        {"name": f"Flood {seed} {pad}", "line": [{"name": "A", "attack": 1, "life": 2}]},
        {"name": "B", "line": [{"name": "B", "attack": 1, "life": 2}]}]}
    form = urllib.parse.urlencode({"json": json.dumps(position)})
    try:
        conn.request("POST", "/adjudicate.json", form,
                     {"Content-Type": "application/x-www-form-urlencoded"})
        resp = conn.getresponse()
        text = resp.read()
        codes[resp.status] = codes.get(resp.status, 0) + 1
        if resp.status >= 400 and resp.status not in details:
            details[resp.status] = (resp.getheader("Retry-After"), json.loads(text).get("details"))
    except (OSError, http.client.HTTPException, ValueError):
        codes["error"] = codes.get("error", 0) + 1
        conn.close()
        conn = http.client.HTTPConnection(host, port, timeout=10)
elapsed = time.monotonic() - t0
print(f"    permalink flood: {seed} distinct positions POSTed to /adjudicate.json from one "
      f"client in {elapsed:.0f} s ({seed / elapsed:.0f}/s)")
print(f"    statuses: {codes}")
for status, (after, text) in sorted(details.items()):
    print(f"    {status}: Retry-After {after}: {text}")
print(f"    store on disk: {size0 / 1024:.0f} KB before, {store_bytes() / 1024:.0f} KB after")

# (c) slow bodies ----------------------------------------------------------------------
socks, refused = [], 0
for _ in range(slow):
    try:
        s = socket.create_connection((host, port), timeout=5)
        s.sendall(b"POST /api/adjudicate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 100\r\n\r\n{\"seed\": 1")
        socks.append(s)
    except OSError:
        refused += 1
pinger = Pinger(); pinger.start()
hold = 12.0
time.sleep(hold)
pinger.stop.set(); pinger.join()
held = 0
for s in socks:
    s.setblocking(False)
    try:
        data = s.recv(4096)
        if data == b"":
            continue           # closed by the server
        continue               # answered (e.g. 408), then closed or about to be
    except BlockingIOError:
        held += 1              # still open, nothing said
    except OSError:
        continue
for s in socks:
    s.close()
print(f"(c) slow bodies: {slow} connections each announce Content-Length 100 and send 10 bytes "
      f"({refused} refused at connect)")
print(f"    after {hold:.0f} s: {held} still held open by the server with no answer")
print("    " + pinger.report())
# (d) chunked bodies that never end -----------------------------------------------------
chunked = int(os.environ.get("CHUNKED", "200"))
socks, refused = [], 0
for _ in range(chunked):
    try:
        s = socket.create_connection((host, port), timeout=5)
        s.sendall(b"POST /decks HTTP/1.1\r\nHost: x\r\n"
                  b"Content-Type: application/x-www-form-urlencoded\r\n"
                  b"Transfer-Encoding: chunked\r\n\r\n64\r\nlist=Spark")
        socks.append(s)
    except OSError:
        refused += 1
pinger = Pinger(); pinger.start()
hold = 15.0
time.sleep(hold)
pinger.stop.set(); pinger.join()
answered = still_open = 0
for s in socks:
    s.setblocking(False)
    got, closed = b"", False
    try:
        while True:
            data = s.recv(65536)
            if data == b"":
                closed = True
                break
            got += data
    except BlockingIOError:
        pass
    except OSError:
        closed = True
    answered += got.startswith(b"HTTP/1.1 408")
    still_open += not closed
for s in socks:
    s.close()
print(f"(d) chunked bodies: {chunked} connections each send a chunked body's first 10 bytes "
      f"and stop ({refused} refused at connect)")
print(f"    after {hold:.0f} s: {answered} answered 408; {still_open} still held open by the server")
print("    " + pinger.report())

# (e) builder errors --------------------------------------------------------------------
builder = int(os.environ.get("BUILDER", "50"))
bad = ",".join(f"bad{i}" for i in range(6500))
form = ("seed=1&turns=1&p0_name=A&p0_s1_card=Moss+Troll&p1_name=B&p1_s1_card=Hex+Witch"
        f"&choices={bad}&decisions={bad}")
body = os.path.join(work, "bad_form.txt")
with open(body, "w") as f:
    f.write(form)
rss0 = status_kb("VmRSS")
pinger = Pinger(); pinger.start()
t0 = time.monotonic()
curls = [subprocess.Popen(
    ["curl", "-s", "-o", "/dev/null", "--max-time", "120", "-w", "%{http_code} %{time_total} %{size_download}",
     "-H", "Content-Type: application/x-www-form-urlencoded", "--data-binary", "@" + body,
     base + "/adjudicate"],
    stdout=subprocess.PIPE, text=True) for _ in range(builder)]
peak_seen = 0
while any(c.poll() is None for c in curls):
    peak_seen = max(peak_seen, status_kb("VmRSS"))
    time.sleep(0.02)
wall = time.monotonic() - t0
pinger.stop.set(); pinger.join()
results = [c.stdout.read().split() for c in curls]
codes = {}
for r in results:
    codes[r[0] if r else "none"] = codes.get(r[0] if r else "none", 0) + 1
times = sorted(float(r[1]) for r in results if r)
sizes = sorted(int(r[2]) for r in results if r)
print(f"(e) builder errors: {builder} concurrent POST /adjudicate of a {len(form)}-byte form "
      f"(2 lists of 6,500 bad items)")
print(f"    statuses: {codes}; all done in {wall:.1f} s")
if times:
    print(f"    answers: {sizes[0]}-{sizes[-1]} bytes; time median {statistics.median(times):.2f} s, "
          f"max {times[-1]:.2f} s")
print(f"    server RSS: {rss0 / 1024:.0f} MB before, sampled peak {peak_seen / 1024:.0f} MB, "
      f"{status_kb('VmRSS') / 1024:.0f} MB after (VmHWM {status_kb('VmHWM') / 1024:.0f} MB, whole run)")
print("    " + pinger.report())
PY
