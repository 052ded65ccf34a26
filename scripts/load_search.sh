#!/usr/bin/env bash
# HTTP load test of the search API against the trivial static route (/ping) of the same
# server, in the same run. wrk on loopback only; every run is bounded in time and the
# server is stopped on exit.
# Usage: scripts/load_search.sh [SECONDS=10] [CONNECTIONS=64] [QUERY=fury]
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:-10}
CONNS=${2:-64}
QUERY=${3:-fury}
HOST=127.0.0.1          # loopback only: never change this to another address
PORT=${PORT:-18087}
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
cargo build --release --quiet --bin arbiter
work=$(mktemp -d)
./target/release/arbiter import --db "$work/c.sqlite" >/dev/null
RUST_LOG=warn ./target/release/arbiter serve --db "$work/c.sqlite" --addr "$HOST:$PORT" &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do curl -fs "http://$HOST:$PORT/ping" >/dev/null 2>&1 && break; sleep 0.1; done
q=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$QUERY")
run() { # name url
  timeout $((SECS + 30)) wrk -t2 -c"$CONNS" -d"${SECS}s" --latency "$2" > "$work/$1.txt"
  rps=$(awk '/Requests\/sec/ {print $2}' "$work/$1.txt")
  p50=$(awk '$1 == "50%" {print $2}' "$work/$1.txt")
  p99=$(awk '$1 == "99%" {print $2}' "$work/$1.txt")
  printf '%-22s %10s req/s   p50 %8s   p99 %8s\n' "$1" "$rps" "$p50" "$p99"
  echo "$rps" > "$work/$1.rps"
}
echo "wrk -t2 -c$CONNS -d${SECS}s, server on $HOST:$PORT, query: $QUERY"
run static "http://$HOST:$PORT/ping"
run api_search "http://$HOST:$PORT/api/search?q=$q"
run static_again "http://$HOST:$PORT/ping"
run api_search_again "http://$HOST:$PORT/api/search?q=$q"
python3 - "$work" <<'PY'
import sys, os
w = sys.argv[1]
r = {n: float(open(os.path.join(w, n + ".rps")).read()) for n in ["static", "api_search", "static_again", "api_search_again"]}
s = (r["static"] + r["static_again"]) / 2; a = (r["api_search"] + r["api_search_again"]) / 2
print(f"api_search / static throughput: {a / s:.2f}")
PY
