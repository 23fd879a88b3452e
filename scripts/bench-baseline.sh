#!/usr/bin/env bash
# FocusSync against baseline-relay, a libwebsockets server with no model (Benchmarks/baseline-relay),
# in one run with one generator: the difference is FocusSync's own cost (docs/PERFORMANCE.md,
# "The libwebsockets floor"). Builds both release executables and the relay, then runs focus-bench
# once per scenario and server, alternating FocusSync and the relay, BASELINE_ROUNDS times (default 2),
# pinned as scripts/bench.sh pins it. Prints each round's JSON lines to standard output as they
# come, keeps them in test-output/bench-baseline/, and ends with the medians per scenario and server.
# Arguments go to every focus-bench run, for example:
#   make bench-baseline BENCH_ARGS="--quick"
#   BASELINE_ROUNDS=3 BASELINE_SCENARIOS=fanout-100,closed-100x10 make bench-baseline
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=${BASELINE_ROUNDS:-2}
scenarios=${BASELINE_SCENARIOS:-fanout-100,fanout-1000,sessions-100x10,closed-100x2,closed-100x10,idle-memory}
relay=.build/baseline-relay

swift build -c release -Xswiftc -warnings-as-errors >&2
[ -x "$relay" ] || { echo "error: no $relay; build it with 'make $relay'" >&2; exit 1; }

source scripts/raise-descriptor-limit.sh

pin=(--server-cpu none)
if [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null; then
    pin=(--server-cpu 0)
    prefix=(taskset -c 1)
else
    echo "note: fewer than two cores or no taskset: server and load generator share the machine unpinned" >&2
    prefix=()
fi

mkdir -p test-output/bench-baseline
results=test-output/bench-baseline/run-$(date +%Y%m%d-%H%M%S).jsonl
echo "bench-baseline: $rounds round(s) of $scenarios; load average: $(cut -d' ' -f1-3 /proc/loadavg); JSON lines in $results" >&2

# Servers: the row name (the focus-bench variant) and the executable.
servers=("memory:--in-memory=.build/release/focus-sync" "relay:--in-memory=$relay")
for ((round = 1; round <= rounds; round++)); do
    for scenario in ${scenarios//,/ }; do
        for entry in "${servers[@]}"; do
            variant=${entry%%=*}
            executable=${entry#*=}
            echo "bench-baseline: round $round, $scenario on $executable" >&2
            "${prefix[@]}" .build/release/focus-bench --server "$executable" --public Public "${pin[@]}" \
                --json --scenarios "$scenario" --variant "$variant" "$@" | tee -a "$results"
        done
    done
done

echo "load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
if command -v python3 >/dev/null; then
    python3 scripts/bench-baseline-summary.py "$results"
else
    echo "note: no python3 for the summary; the rows are in $results" >&2
fi
