#!/usr/bin/env bash
# Fuzz smoke test: builds every cargo-fuzz target under fuzz/ and runs each for a bounded
# time, failing on the first crash (panic, failed assertion, sanitizer report).
# csv_file is seeded read-only from data/; new inputs go to the git-ignored fuzz/corpus/.
# Needs the nightly toolchain; installs cargo-fuzz if it is missing.
# Usage: scripts/fuzz_smoke.sh [SECONDS=30]
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:-30}
[[ $SECS =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [SECONDS]  (a positive whole number)" >&2; exit 2; }
TARGETS=(csv_file ability_list search_query decklist position builder_form request_head)

rustup run nightly rustc --version >/dev/null 2>&1 || {
    echo "the nightly toolchain is missing: rustup toolchain install nightly" >&2
    exit 2
}
cargo fuzz --version >/dev/null 2>&1 || cargo install --locked cargo-fuzz

cd fuzz
for t in "${TARGETS[@]}"; do
    echo "==> $t: build"
    cargo +nightly fuzz build "$t"
    mkdir -p "corpus/$t"      # libFuzzer refuses a corpus directory that does not exist
    seeds=()
    [[ $t == csv_file ]] && seeds=(../data)
    [[ $t == position ]] && seeds=(seeds/position)
    echo "==> $t: run for ${SECS}s"
    # The first corpus directory is the writable one; the rest are read-only seeds.
    if ! cargo +nightly fuzz run "$t" "corpus/$t" ${seeds[@]+"${seeds[@]}"} -- \
        -max_total_time="$SECS" -max_len=4096 -print_final_stats=1; then
        echo "FAIL: fuzz target $t crashed; the input is in fuzz/artifacts/$t/ (see above)" >&2
        exit 1
    fi
done
echo "OK: ${TARGETS[*]} ran ${SECS}s each without a crash"
