#!/usr/bin/env bash
# make test: every stage in order, stopping at the first failure, then a summary with one line a
# stage: passed, failed, skipped (with the reason) or not run. A stage that exits 77 (the automake
# convention) was skipped; its last line of output says why (scripts/conformance.sh without
# Python 2.7). STAGES picks stages by name (default: all), for checking this script itself.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=.build/test-stages
mkdir -p "$logs"
summary=()
failed=""

stage() {
    local name=$1
    shift
    if [ -n "${STAGES:-}" ] && [[ " $STAGES " != *" $name "* ]]; then
        return
    fi
    if [ -n "$failed" ]; then
        summary+=("$(printf '%-22s not run' "$name")")
        return
    fi
    echo "== $name: $*"
    local started=$SECONDS status
    "$@" 2>&1 | tee "$logs/$name.log"
    status=${PIPESTATUS[0]}
    local took="$((SECONDS - started)) s"
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
stage conformance scripts/conformance.sh
stage cluster .venv/bin/python -m pytest -q Tests/cluster
stage browser .venv/bin/python -m pytest -q -n 2 --dist loadfile -m "not alone" Tests/browser
# Tests that time the page: nothing else runs beside them (they print their figures).
stage browser-timed .venv/bin/python -m pytest -q -s -m alone Tests/browser

echo
echo "make test summary:"
printf '  %s\n' "${summary[@]}"
[ -z "$failed" ]
