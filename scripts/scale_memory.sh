#!/usr/bin/env bash
# How the server grows with the catalogue (issue #20): for each size, generate N synthetic
# cards (plus the bundled keywords and rules), import them, start `serve --search-cache 0`,
# and record the import time, the start-up time (until /ping answers), the resident memory
# after start-up, and after a bounded wrk run of the 16-query search rotation.
# Loopback only; every run is bounded; everything started is stopped on exit.
# With BEFORE=path/to/an/older/arbiter, that binary is served from the same catalogue
# right after, and its start-up and memory are printed on a second row per size.
# SERVE_ARGS are added to this build's `serve` (e.g. SERVE_ARGS="--card-memory 0": cards
# left in the file); LIMIT=bytes runs this build's server under `prlimit --as` (address
# space, so a server that needs more memory than that fails instead of growing).
# The last column is the anonymous part of the RSS (the heap; the rest is mapped files:
# the binary, the Tantivy index), which is what a memory limit constrains.
# Usage: [BEFORE=bin] scripts/scale_memory.sh [SIZES="10000 100000 1000000"] [SECONDS=5]
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${1:-"10000 100000 1000000"}
SECS=${2:-5}
HOST=127.0.0.1          # loopback only: never change this to another address
PORT=${PORT:-18287}
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
cargo build --release --quiet --bin arbiter --example gen_cards
work=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
  rm -rf "$work"
}
trap cleanup EXIT
cat > "$work/rotation.lua" <<'LUA'
local queries = {"heal", "undead", "damage", "creature", "fury", "armor", "brekthrough", "Elude",
  "5.1.2", "opposing%20creature", "%22opposing%20creature%22", "game:karth%20type:item",
  "keyword:armor", "omeg%20rab", "heal%20OR%20regen", "game:swtcg%20kind:keyword"}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", "/api/search?q=" .. queries[(i % #queries) + 1])
end
LUA
now() { date +%s.%N; }
rss() { awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$1/status"; }
anon() { awk '/RssAnon/ {printf "%.0f", $2 / 1024}' "/proc/$1/status"; }
echo "| cards | binary | import | start-up | RSS after start-up | RSS after ${SECS}s of search | catalogue file | index | anon RSS after search |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
measure() { # binary label cards import-seconds [serve args...]: serve, time start-up, RSS before and after wrk
  local bin=$1 label=$2 cards=$3 imp=$4
  shift 4
  local limit=()
  [ "$label" = this ] && [ -n "${LIMIT:-}" ] && limit=(prlimit --as="$LIMIT" --)
  RUST_LOG=warn "${limit[@]}" "$bin" serve --db "$work/c.sqlite" --addr "$HOST:$PORT" --search-cache 0 "$@" &
  server=$!
  local t1 t2 r1 r2
  t1=$(now)
  for _ in $(seq 1200); do curl -fs "http://$HOST:$PORT/ping" >/dev/null 2>&1 && break; sleep 0.05; done
  t2=$(now)
  if ! kill -0 "$server" 2>/dev/null; then
    echo "| $cards | $label | $imp | the server did not start (see above) | | | | | |"; server=""; return
  fi
  r1=$(rss "$server")
  timeout $((SECS + 30)) wrk -t2 -c16 -d"${SECS}s" -s "$work/rotation.lua" "http://$HOST:$PORT/" >/dev/null
  r2=$(rss "$server")
  a2=$(anon "$server")
  kill "$server"; wait "$server" 2>/dev/null || true; server=""
  python3 -c "print(f'| {int($cards):,} | $label | $imp | {$t2 - $t1:.2f} s | $r1 MB | $r2 MB | $db MB | $idx MB | $a2 MB |')"
}
for n in $SIZES; do
  rm -rf "$work/data" "$work/c.sqlite"*
  ./target/release/examples/gen_cards "$n" "$work/data" >/dev/null
  t0=$(now)
  ./target/release/arbiter import --data "$work/data" --db "$work/c.sqlite" >/dev/null 2>&1
  t1=$(now)
  db=$(du -m "$work/c.sqlite" | cut -f1)
  idx=$(du -sm "$work/c.sqlite.index" | cut -f1)
  imp=$(python3 -c "print(f'{$t1 - $t0:.1f} s')")
  # shellcheck disable=SC2086 # SERVE_ARGS is a list of words
  measure ./target/release/arbiter this "$n" "$imp" ${SERVE_ARGS:-}
  if [ -n "${BEFORE:-}" ]; then measure "$BEFORE" before "$n" "(same file)"; fi
done
