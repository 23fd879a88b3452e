#!/usr/bin/env bash
# Builds focus-sync and focus-bench in release mode and runs the benchmark (docs/PERFORMANCE.md).
# focus-bench starts a fresh server for each scenario, pinned to core 0, while it runs on core 1.
# Arguments go to focus-bench and win over the defaults here, for example:
#   scripts/bench.sh --quick --scenarios fanout-100,core
#   make bench BENCH_ARGS="--quick --json"
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release -Xswiftc -warnings-as-errors >&2

source scripts/raise-descriptor-limit.sh

bench=(.build/release/focus-bench --server .build/release/focus-sync --public Public)
if [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null; then
    exec taskset -c 1 "${bench[@]}" --server-cpu 0 "$@"
fi
echo "note: fewer than two cores or no taskset: server and load generator share the machine unpinned" >&2
exec "${bench[@]}" --server-cpu none "$@"
