#!/usr/bin/env bash
# CPU time per uncached search request (issue #20): each binary serves the same catalogue
# with `--search-cache 0`, wrk runs the 16-query rotation of `scripts/search_peers.sh`
# against it, and the server's utime+stime over the run (from /proc) is divided by the
# requests it answered. Binaries alternate, ROUNDS rounds, so a noisy machine's load falls
# on both alike; CPU per request is the figure that carries across sittings, latency is
# not. Prints one line per run with the load average beside it.
# Usage: scripts/search_cpu.sh DB ROUNDS SECONDS CONNECTIONS NAME=BINARY [NAME=BINARY ...]
#   e.g. scripts/search_cpu.sh /tmp/c.sqlite 3 6 64 before=/tmp/arbiter-main after=target/release/arbiter
# Loopback only; PORT (default 18510) must be free; every server started is stopped.
set -euo pipefail
DB=$1 ROUNDS=$2 SECS=$3 CONNS=$4
shift 4
HOST=127.0.0.1 # loopback only: never change this to another address
PORT=${PORT:-18510}
work=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
python3 - > "$work/rotation.lua" <<'PY'
import urllib.parse
qs = ["heal", "undead", "damage", "creature", "fury", "armor", "brekthrough", "Elude", "5.1.2",
      "opposing creature", '"opposing creature"', "game:karth type:item", "keyword:armor",
      "omeg rab", "heal OR regen", "game:swtcg kind:keyword"]
print("local paths = {" + ", ".join('"/api/search?q=%s"' % urllib.parse.quote(q) for q in qs) + "}")
print("local i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format('GET', paths[(i % #paths) + 1])\nend")
PY
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
hz=$(getconf CLK_TCK)
echo "| binary | round | req/s | p50 | p99 | CPU per request | load average |"
for round in $(seq "$ROUNDS"); do
  for spec in "$@"; do
    name=${spec%%=*} bin=${spec#*=}
    RUST_LOG=warn "$bin" serve --db "$DB" --addr "$HOST:$PORT" --search-cache 0 &
    pid=$!
    for _ in $(seq 300); do curl -fs "http://$HOST:$PORT/ping" >/dev/null 2>&1 && break; sleep 0.1; done
    # One warm-up pass over the rotation (page cache, lazily opened files).
    timeout 20 wrk -t1 -c1 -d1s -s "$work/rotation.lua" "http://$HOST:$PORT/" >/dev/null
    t0=$(ticks "$pid")
    timeout $((SECS + 30)) wrk -t2 -c"$CONNS" -d"${SECS}s" --latency -s "$work/rotation.lua" \
      "http://$HOST:$PORT/" > "$work/out.txt"
    t1=$(ticks "$pid")
    reqs=$(awk '/requests in/ {print $1}' "$work/out.txt")
    rps=$(awk '/Requests\/sec/ {print $2}' "$work/out.txt")
    p50=$(awk '$1 == "50%" {print $2}' "$work/out.txt")
    p99=$(awk '$1 == "99%" {print $2}' "$work/out.txt")
    errs=$(awk '/Non-2xx|Socket errors/ {printf "%s ", $0}' "$work/out.txt")
    cpu=$(python3 -c "print(f'{($t1 - $t0) / $hz / $reqs * 1e6:.0f} µs')")
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    echo "| $name | $round | $rps | $p50 | $p99 | $cpu | $load | $errs"
    kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
  done
done
