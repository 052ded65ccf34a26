#!/usr/bin/env bash
# Searches that find nothing (issue #20, fifth round): each binary serves DB in turn with
# `--search-cache 0` (and any SERVE_ARGS, e.g. "--card-memory 0" for cards on disk); each
# query is asked REPEAT times at one connection and the median time printed. These are
# the queries that make the server read every name for "did you mean".
# Usage: [SERVE_ARGS=...] [REPEAT=5] scripts/search_misses.sh DB NAME=BINARY [NAME=BINARY ...]
# Loopback only; PORT (default 18560) must be free; every server started is stopped.
set -euo pipefail
DB=$1
shift
HOST=127.0.0.1 # loopback only: never change this to another address
PORT=${PORT:-18560}
REPEAT=${REPEAT:-5}
QUERIES=("qqxxzzv" "zorblax" "Korin Vael")
pid=""
cleanup() { if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi; }
trap cleanup EXIT
printf '| binary |'; printf ' %s |' "${QUERIES[@]}"; echo
for spec in "$@"; do
  name=${spec%%=*} bin=${spec#*=}
  # shellcheck disable=SC2086
  RUST_LOG=warn "$bin" serve --db "$DB" --addr "$HOST:$PORT" --search-cache 0 ${SERVE_ARGS:-} &
  pid=$!
  for _ in $(seq 600); do curl -fs "http://$HOST:$PORT/ping" >/dev/null 2>&1 && break; sleep 0.1; done
  printf '| %s |' "$name"
  for q in "${QUERIES[@]}"; do
    url="http://$HOST:$PORT/api/search?q=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$q")"
    for _ in $(seq "$REPEAT"); do curl -s -o /dev/null --max-time 120 -w '%{time_total}\n' "$url"; done |
      sort -n | awk -v n="$REPEAT" 'NR == int((n + 1) / 2) {printf " %.1f ms |", $1 * 1000}'
  done
  echo
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
done
