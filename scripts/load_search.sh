#!/usr/bin/env bash
# HTTP load test of the search API against the trivial static route (/ping) of the same
# server, in the same run. Two servers on loopback: one with the default response cache,
# one with `--search-cache 0`, so the figures show both the cached answer of a hot query
# and the engine's own cost. wrk on loopback only; every run is bounded in time and the
# servers are stopped on exit.
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
RUST_LOG=warn ./target/release/arbiter serve --db "$work/c.sqlite" --addr "$HOST:$PORT" --workers 1 &
cached=$!
RUST_LOG=warn ./target/release/arbiter serve --db "$work/c.sqlite" --addr "$HOST:$((PORT + 1))" --workers 1 --search-cache 0 &
uncached=$!
trap 'kill $cached $uncached 2>/dev/null; wait $cached $uncached 2>/dev/null; rm -rf "$work"' EXIT
for port in "$PORT" "$((PORT + 1))"; do
  for _ in $(seq 100); do curl -fs "http://$HOST:$port/ping" >/dev/null 2>&1 && break; sleep 0.1; done
done
q=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$QUERY")
# A rotation of distinct queries for the uncached server (a wrk Lua script).
cat > "$work/mixed.lua" <<'LUA'
local queries = {"fury", "armor", "brekthrough", "Elude", "5.1.2", "game:karth%20type:item%20value%3C%3D2",
  "keyword:armor%20attack%3E%3D3", "timing:%22damage%20prevention%22", "opposing%20creature",
  "-game:battleline%20kind:keyword", "omeg%20rab", "heal%20OR%20regen"}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", "/api/search?q=" .. queries[(i % #queries) + 1])
end
LUA
run() { # name url [lua]
  local extra=()
  [ -n "${3:-}" ] && extra=(-s "$3")
  timeout $((SECS + 30)) wrk -t1 -c"$CONNS" -d"${SECS}s" --latency "${extra[@]}" "$2" > "$work/$1.txt"
  rps=$(awk '/Requests\/sec/ {print $2}' "$work/$1.txt")
  p50=$(awk '$1 == "50%" {print $2}' "$work/$1.txt")
  p99=$(awk '$1 == "99%" {print $2}' "$work/$1.txt")
  printf '%-24s %10s req/s   p50 %8s   p99 %8s\n' "$1" "$rps" "$p50" "$p99"
  echo "$rps" > "$work/$1.rps"
}
echo "wrk -t1 -c$CONNS -d${SECS}s; servers with 1 worker each on $HOST; query: $QUERY"
run static "http://$HOST:$PORT/ping"
run api_search_cached "http://$HOST:$PORT/api/search?q=$q"
run api_search_uncached "http://$HOST:$((PORT + 1))/api/search?q=$q"
run api_search_mixed_uncached "http://$HOST:$((PORT + 1))/" "$work/mixed.lua"
run static_again "http://$HOST:$PORT/ping"
python3 - "$work" <<'PY'
import sys, os
w = sys.argv[1]
r = lambda n: float(open(os.path.join(w, n + ".rps")).read())
s = (r("static") + r("static_again")) / 2
for n in ["api_search_cached", "api_search_uncached", "api_search_mixed_uncached"]:
    print(f"{n} / static throughput: {r(n) / s:.2f}")
PY
