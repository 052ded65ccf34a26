#!/usr/bin/env bash
# Search at scale against a peer, in one sitting (issue #20): N synthetic cards (default
# 100,000) plus the bundled keywords and rules, served by
#   - Arbiter with its response cache (default) and with --search-cache 0 (every request
#     a cache miss),
#   - Datasette over the same rows in SQLite with an FTS5 table (`_search=`, 20 rows), and
#     Datasette with facets on game and type,
# and the static route /ping of the Arbiter server, all hit by wrk with the same rotation
# of 16 queries, each run after an unmeasured warm-up second at one connection. Prints a
# table, the uncached/Datasette ratio, per-query single-connection latency, and the
# servers' resident memory. Datasette is installed into a throw-away
# virtualenv. Loopback only; every run is bounded; everything started is stopped on exit.
# With BEFORE=path/to/an/older/arbiter, that binary is also served with --search-cache 0
# on the same catalogue and measured in the same sitting (before/after rows and ratio).
# Usage: [BEFORE=bin] scripts/search_peers.sh [CARDS=100000] [SECONDS=10] [CONNECTIONS=64]
set -euo pipefail
cd "$(dirname "$0")/.."
CARDS=${1:-100000}
SECS=${2:-10}
CONNS=${3:-64}
HOST=127.0.0.1          # loopback only: never change this to another address
PORT=${PORT:-18187}
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
cargo build --release --quiet --bin arbiter --example gen_cards
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

./target/release/examples/gen_cards "$CARDS" "$work/data" >/dev/null
start=$(date +%s.%N)
./target/release/arbiter import --data "$work/data" --db "$work/c.sqlite" >/dev/null
echo "import of $CARDS cards + index: $(python3 -c "import time; print(f'{time.time() - $start:.1f}')") s"

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q datasette >/dev/null
# The same rows as Arbiter's index (name and text of every card, keyword and rule, with
# game and type for facets), with an FTS5 table Datasette's `_search` uses.
"$work/venv/bin/python" - "$work/c.sqlite" "$work/peer.db" <<'PY'
import sqlite3, sys
src, dst = sqlite3.connect(sys.argv[1]), sqlite3.connect(sys.argv[2])
dst.executescript("""
CREATE TABLE entries (id INTEGER PRIMARY KEY, kind TEXT, game TEXT, type TEXT, name TEXT, text TEXT);
CREATE VIRTUAL TABLE entries_fts USING fts5(name, text, content='entries', content_rowid='id',
  tokenize='unicode61 remove_diacritics 2');
""")
rows = []
rows += [("card", g, t, n, x) for g, t, n, x in src.execute("SELECT game, type, name, text FROM cards")]
rows += [("keyword", g, None, n, x) for g, n, x in src.execute("SELECT game, name, text FROM keywords")]
rows += [("rule", g, None, s + " " + t, x) for g, s, t, x in src.execute("SELECT game, section, title, text FROM rules")]
dst.executemany("INSERT INTO entries (kind, game, type, name, text) VALUES (?, ?, ?, ?, ?)", rows)
dst.execute("INSERT INTO entries_fts (rowid, name, text) SELECT id, name, text FROM entries")
dst.execute("CREATE INDEX entries_game ON entries (game)")
dst.execute("CREATE INDEX entries_type ON entries (type)")
dst.commit()
PY

wait_up() { for _ in $(seq 300); do curl -fs "$1" >/dev/null 2>&1 && return 0; sleep 0.1; done; echo "no answer from $1" >&2; exit 1; }
RUST_LOG=warn ./target/release/arbiter serve --db "$work/c.sqlite" --addr "$HOST:$PORT" &
pids+=($!); cached=$!
RUST_LOG=warn ./target/release/arbiter serve --db "$work/c.sqlite" --addr "$HOST:$((PORT + 1))" --search-cache 0 &
pids+=($!); uncached=$!
# Tell Datasette which FTS table serves `_search` (raw mode: the FTS5 syntax, for OR and
# phrases).
echo '{"databases": {"peer": {"tables": {"entries": {"fts_table": "entries_fts",
  "fts_pk": "id", "searchmode": "raw"}}}}}' > "$work/metadata.json"
"$work/venv/bin/datasette" serve "$work/peer.db" -m "$work/metadata.json" -h "$HOST" -p "$((PORT + 2))" \
  --setting default_page_size 20 --setting sql_time_limit_ms 5000 >/dev/null 2>&1 &
pids+=($!)
before=""
if [ -n "${BEFORE:-}" ]; then
  RUST_LOG=warn "$BEFORE" serve --db "$work/c.sqlite" --addr "$HOST:$((PORT + 3))" --search-cache 0 &
  pids+=($!); before=$!
  wait_up "http://$HOST:$((PORT + 3))/ping"
fi
wait_up "http://$HOST:$PORT/ping"
wait_up "http://$HOST:$((PORT + 1))/ping"
wait_up "http://$HOST:$((PORT + 2))/-/versions.json"

# The rotation: common and rare words, a typo, two words, a phrase, prefixes, filters.
# Datasette gets the same words through `_search` and the filters as column filters.
cat > "$work/rotation.txt" <<'Q'
heal|heal
undead|undead
damage|damage
creature|creature
fury|fury
armor|armor
brekthrough|brekthrough
Elude|Elude
5.1.2|5.1.2
opposing creature|opposing creature
"opposing creature"|"opposing creature"
game:karth type:item|&game=karth&type=item
keyword:armor|armor
omeg rab|omeg rab
heal OR regen|heal OR regen
game:swtcg kind:keyword|&game=swtcg&kind=keyword
Q
lua() { # file prefix: a wrk script cycling through the rotation (column 1 or 2)
  python3 - "$work/rotation.txt" "$2" "$3" > "$1" <<'PY'
import sys, urllib.parse
col, kind = int(sys.argv[2]), sys.argv[3]
paths = []
for line in open(sys.argv[1]):
    q = line.rstrip("\n").split("|")[col]
    if kind == "arbiter":
        paths.append("/api/search?q=" + urllib.parse.quote(q))
    else:
        base = "/peer/entries.json?_size=20" + ("&_facet=game&_facet=type" if kind == "facets" else "")
        paths.append(base + (q if q.startswith("&") else "&_search=" + urllib.parse.quote(q)))
print("local paths = {" + ", ".join('"%s"' % p for p in paths) + "}")
print("local i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format('GET', paths[(i % #paths) + 1])\nend")
PY
}
lua "$work/arbiter.lua" 0 arbiter
lua "$work/datasette.lua" 1 plain
lua "$work/facets.lua" 1 facets

run() { # name url [lua]
  local extra=()
  [ -n "${3:-}" ] && extra=(-s "$3")
  # One warm-up second at one connection, not measured, for every server alike: a
  # server's first requests fault its mapped index and caches in, which a long-running
  # server has done long before.
  timeout 20 wrk -t1 -c1 -d1s "${extra[@]}" "$2" >/dev/null
  timeout $((SECS + 30)) wrk -t2 -c"$CONNS" -d"${SECS}s" --latency "${extra[@]}" "$2" > "$work/$1.txt"
  local rps p50 p99 errs
  rps=$(awk '/Requests\/sec/ {print $2}' "$work/$1.txt")
  p50=$(awk '$1 == "50%" {print $2}' "$work/$1.txt")
  p99=$(awk '$1 == "99%" {print $2}' "$work/$1.txt")
  errs=$(awk '/Non-2xx|Socket errors/ {print}' "$work/$1.txt" | tr '\n' ' ')
  printf '| %-34s | %10s | %8s | %8s | %s\n' "$1" "$rps" "$p50" "$p99" "$errs"
  echo "$rps" > "$work/$1.rps"
}
echo "wrk -t2 -c$CONNS -d${SECS}s on $HOST; $CARDS cards; the same 16-query rotation everywhere"
echo "| server | req/s | p50 | p99 | errors"
run static "http://$HOST:$PORT/ping"
run arbiter_cached "http://$HOST:$PORT/" "$work/arbiter.lua"
run arbiter_uncached "http://$HOST:$((PORT + 1))/" "$work/arbiter.lua"
if [ -n "$before" ]; then
  run before_uncached "http://$HOST:$((PORT + 3))/" "$work/arbiter.lua"
  run arbiter_uncached_again "http://$HOST:$((PORT + 1))/" "$work/arbiter.lua"
  run before_uncached_again "http://$HOST:$((PORT + 3))/" "$work/arbiter.lua"
fi
run datasette_fts5 "http://$HOST:$((PORT + 2))/" "$work/datasette.lua"
run datasette_fts5_facets "http://$HOST:$((PORT + 2))/" "$work/facets.lua"
run static_again "http://$HOST:$PORT/ping"
python3 - "$work" <<'PY'
import sys, os
w = sys.argv[1]
r = lambda n: float(open(os.path.join(w, n + ".rps")).read())
s = (r("static") + r("static_again")) / 2
print(f"arbiter uncached / datasette: {r('arbiter_uncached') / r('datasette_fts5'):.1f}x;"
      f" / datasette with facets: {r('arbiter_uncached') / r('datasette_fts5_facets'):.1f}x")
print(f"arbiter cached / static: {r('arbiter_cached') / s:.2f}; uncached / static: {r('arbiter_uncached') / s:.2f}")
if os.path.exists(os.path.join(w, "before_uncached.rps")):
    a = (r("arbiter_uncached") + r("arbiter_uncached_again")) / 2
    b = (r("before_uncached") + r("before_uncached_again")) / 2
    print(f"uncached, this build / BEFORE: {a / b:.2f}x (mean of two alternating runs each)")
PY
echo "single connection, uncached server, median of 21 requests each (ms):"
while IFS='|' read -r q _; do
  url="http://$HOST:$((PORT + 1))/api/search?q=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$q")"
  for _ in $(seq 21); do curl -s -o /dev/null -w '%{time_total}\n' "$url"; done |
    sort -n | awk -v q="$q" 'NR == 11 {printf "  %7.2f  %s\n", $1 * 1000, q}'
done < "$work/rotation.txt"
for pid in $cached $uncached $before; do
  awk -v p="$pid" '/VmRSS|VmHWM/ {printf "arbiter %s %s %s %s\n", p, $1, $2, $3}' "/proc/$pid/status"
done
