#!/usr/bin/env bash
# make fuzz: runs every fuzz target (Tests/Fuzz/Checks, one file each) under libFuzzer with
# AddressSanitizer for FUZZ_SECONDS each (default 60), seeded from Tests/Fuzz/Corpus/<target>/.
# New interesting inputs go to .build/fuzz/corpus/<target>/; a crash is saved to
# test-output/fuzz/<target>/ and fails the run: copy it into the target's corpus folder, where
# `make test` replays it, and fix the code. FUZZ_TARGETS picks targets (default: all).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
build=.build/fuzz
# The linker's "Cannot export local symbol" lines are noise; the build's own status decides (an old
# binary from an earlier build must not be fuzzed in its place). grep's status is ignored: it is 1
# when it filtered every line, and with pipefail the pipeline then reports swift build's status.
built=0
swift build --build-path "$build" --product focus-fuzz -Xswiftc -sanitize=fuzzer,address 2>&1 \
    | { grep -v "Cannot export local symbol" || true; } || built=$?
fuzzer=$build/debug/focus-fuzz
if [ "$built" -ne 0 ] || [ ! -x "$fuzzer" ]; then
    echo "make fuzz: the instrumented build of focus-fuzz failed (swift build exit $built); nothing was fuzzed" >&2
    exit 1
fi

targets=${FUZZ_TARGETS:-$(ls Tests/Fuzz/Corpus)}
failed=()
for target in $targets; do
    work=$build/corpus/$target
    artifacts=test-output/fuzz/$target
    mkdir -p "$work" "$artifacts"
    log=$artifacts/fuzz.log
    echo "fuzzing $target for $seconds s ..."
    if SWIFT_BACKTRACE=enable=no FOCUS_FUZZ_TARGET=$target "$fuzzer" -max_total_time="$seconds" -max_len=4096 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "$work" "Tests/Fuzz/Corpus/$target" > "$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        echo "  $target: ${runs:-?} runs, no failure (corpus $(ls "$work" | wc -l) inputs)"
    else
        echo "  $target: FAILED, see $log and the crash file in $artifacts/" >&2
        failed+=("$target")
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "make fuzz: ${failed[*]} failed" >&2
    exit 1
fi
