#!/usr/bin/env bash
# make test: every stage in order, stopping at the first failure, then a summary with one line a
# stage: passed, failed, skipped (with the reason) or not run. A stage that exits 77 (the automake
# convention) was skipped; its last line of output says why (scripts/conformance.sh without
# Python 2.7). STAGES picks stages by name (default: all), for checking this script itself.
# Conformance runs beside the cluster stage: each mostly waits (on timeouts, failovers, one
# Python thread), and together they take the time of the longer.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=.build/test-stages
mkdir -p "$logs"
summary=()
failed=""

# Whether stage $1 runs: it is selected, and no stage before it failed (else it is "not run").
runs() {
    if [ -n "${STAGES:-}" ] && [[ " $STAGES " != *" $1 "* ]]; then
        return 1
    fi
    if [ -n "$failed" ]; then
        summary+=("$(printf '%-22s not run' "$1")")
        return 1
    fi
}

stage() {
    local name=$1
    shift
    runs "$name" || return
    echo "== $name: $*"
    local started=$SECONDS status
    "$@" 2>&1 | tee "$logs/$name.log"
    status=${PIPESTATUS[0]}
    record "$name" "$status" "$((SECONDS - started)) s"
}

# Starts stage $1 in the background, beside the stages after it until `finish_background`; its
# output goes to its log, and is printed when it is collected.
background=""
background_stage() {
    local name=$1
    shift
    runs "$name" || return
    echo "== $name (beside the next stage, output when it ends): $*"
    background=$name
    (
        started=$SECONDS
        "$@" > "$logs/$name.log" 2>&1
        echo "$? $((SECONDS - started))" > "$logs/$name.status"
    ) &
}

finish_background() {
    [ -n "$background" ] || return 0
    wait
    local status took
    read -r status took < "$logs/$background.status"
    echo "== $background (ran beside the stage before):"
    cat "$logs/$background.log"
    record "$background" "$status" "$took s"
    background=""
}

record() {
    local name=$1 status=$2 took=$3
    case $status in
        0) summary+=("$(printf '%-22s passed in %s' "$name" "$took")") ;;
        77) summary+=("$(printf '%-22s skipped: %s' "$name" "$(grep -v '^$' "$logs/$name.log" | tail -1)")") ;;
        *) summary+=("$(printf '%-22s FAILED (exit %s) after %s, log: %s' "$name" "$status" "$took" "$logs/$name.log")")
           failed=$name ;;
    esac
}

stage build swift build --build-tests -Xswiftc -warnings-as-errors
stage swift-pure scripts/swift-tests.py pure
stage swift-transport scripts/swift-tests.py transport
background_stage conformance scripts/conformance.sh
# Every cluster test starts a cluster of its own on free ports: two test files at a time.
stage cluster .venv/bin/python -m pytest -q -n 2 --dist loadfile Tests/cluster
finish_background
stage browser .venv/bin/python -m pytest -q -n 2 --dist loadfile -m "not alone" Tests/browser
# Tests that time the page: nothing else runs beside them (they print their figures).
stage browser-timed .venv/bin/python -m pytest -q -s -m alone Tests/browser

echo
echo "make test summary:"
printf '  %s\n' "${summary[@]}"
[ -z "$failed" ]
