#!/usr/bin/env bash
# A 1,000-player event checked end to end (issue #32): the registration CSV (the lists in
# its cells: 700 legal in three spellings, 300 illegal: a misspelt card, a short terrain
# count, four copies), timed through `arbiter check --event` (process start, catalogue
# open, read, judge, print, worklist) and through the web (`POST /events`, the whole page
# with its 1,000 sheets), RUNS times each; prints every time and the median.
# Usage: scripts/bench_event.sh [BIN] [RUNS]   (BIN default target/release/arbiter)
set -euo pipefail
BIN=${1:-target/release/arbiter}
RUNS=${2:-7}
DIR=$(mktemp -d)
trap 'kill "${SERVER:-0}" 2>/dev/null || true; rm -rf "$DIR"' EXIT
python3 - "$DIR/event.csv" <<'PY'
import sys
legal = open("tests/fixtures/decks/rules/legal.txt").read().replace("Player: Mira Castell\n", "")
def cell(s): return '"' + s.replace('"', '""') + '"'
rows = ["player,team,decklist"]
for i in range(1, 1001):
    k = i % 10
    if k < 3: l = legal
    elif k < 5: l = legal.lower()
    elif k < 7: l = "\n".join(reversed(legal.splitlines()))
    elif k == 7: l = legal.replace("3 Obsidian Acolyte", "3 Obsidan Acolyte")
    elif k == 8: l = legal.replace("8 Grassland", "7 Grassland")
    else: l = legal.replace("3 Spark", "4 Spark")
    rows.append(f"Player {i:04},Team {i % 50},{cell(l)}")
open(sys.argv[1], "w").write("\n".join(rows) + "\n")
PY
DB="$DIR/c.sqlite"
"$BIN" check --db "$DB" tests/fixtures/decks/rules/legal.txt >/dev/null 2>&1 || true
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "CSV: $(wc -c <"$DIR/event.csv") bytes, 1000 players"
cli=()
for _ in $(seq "$RUNS"); do
  s=$(date +%s%N)
  "$BIN" check --db "$DB" --format standard --date 2026-03-14 --event "$DIR/event.csv" \
    --worklist "$DIR/worklist.csv" --draw 8 --rounds 5 --seed 7 >"$DIR/out.txt" 2>/dev/null || true
  e=$(date +%s%N); cli+=($(( (e - s) / 1000000 )))
done
echo "check --event, ms: ${cli[*]}; median $(printf '%s\n' "${cli[@]}" | median)"
echo "  $(head -1 "$DIR/out.txt"); worklist $(($(wc -l <"$DIR/worklist.csv") - 1)) rows"
PORT=$((20000 + RANDOM % 10000))
"$BIN" serve --db "$DB" --addr "127.0.0.1:$PORT" >/dev/null 2>&1 &
SERVER=$!
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$PORT/ping" >/dev/null && break; sleep 0.1; done
web=()
for _ in $(seq "$RUNS"); do
  t=$(curl -s -o "$DIR/page.html" -w '%{time_total}' -F "files=@$DIR/event.csv" -F format=standard \
      -F date=2026-03-14 -F draw=8 -F rounds=5 -F seed=7 "http://127.0.0.1:$PORT/events")
  web+=($(awk -v t="$t" 'BEGIN {printf "%d", t * 1000}'))
done
echo "POST /events, ms: ${web[*]}; median $(printf '%s\n' "${web[@]}" | median)"
echo "  page $(wc -c <"$DIR/page.html") bytes, $(grep -o '<article class="sheet"' "$DIR/page.html" | wc -l) sheets"
