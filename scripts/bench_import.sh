#!/usr/bin/env bash
# Import speed at scale: `arbiter import` of N synthetic cards against the sqlite3 shell's
# `.import` of the same card CSVs, alternating, in the same run. Prints each median and the
# ratio. Usage: scripts/bench_import.sh [N=100000] [RUNS=7]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-100000}
RUNS=${2:-7}
command -v sqlite3 >/dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3 >/dev/null; }
cargo build --release --quiet --bin arbiter --example gen_cards
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
./target/release/examples/gen_cards "$N" "$work/data" >/dev/null 2>&1
now() { date +%s%N; }
arb=(); raw=()
for _ in $(seq "$RUNS"); do
  t0=$(now); ./target/release/arbiter import --data "$work/data" --db "$work/a.sqlite" >/dev/null; t1=$(now)
  arb+=("$(( (t1 - t0) / 1000 ))")
  rm -f "$work/raw.sqlite"
  t0=$(now)
  for f in "$work"/data/cards/*.csv; do sqlite3 "$work/raw.sqlite" ".import --csv $f $(basename "$f" .csv)"; done
  t1=$(now)
  raw+=("$(( (t1 - t0) / 1000 ))")
done
python3 - "${arb[*]}" "${raw[*]}" "$N" <<'PY'
import statistics, sys
a = [int(x) / 1e6 for x in sys.argv[1].split()]; r = [int(x) / 1e6 for x in sys.argv[2].split()]
ma, mr = statistics.median(a), statistics.median(r)
print(f"cards: {sys.argv[3]}  runs: {len(a)}")
print(f"arbiter import   median {ma*1000:8.0f} ms  (min {min(a)*1000:.0f}, max {max(a)*1000:.0f})")
print(f"sqlite3 .import  median {mr*1000:8.0f} ms  (min {min(r)*1000:.0f}, max {max(r)*1000:.0f})")
print(f"ratio (arbiter / sqlite3): {ma/mr:.2f}x")
PY
