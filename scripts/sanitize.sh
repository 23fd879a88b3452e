#!/usr/bin/env bash
# make sanitize: builds the Swift test suites under ThreadSanitizer (.build/tsan) and under
# AddressSanitizer (.build/asan), the normal build untouched, and runs them one test at a time
# (as `make test` does). Any race, memory error or failed test fails the run. SANITIZERS picks
# some ("thread", "address"; default both); SANITIZE_FILTER passes a --filter to `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizers=${SANITIZERS:-thread address}
filter=()
[ -n "${SANITIZE_FILTER:-}" ] && filter=(--filter "$SANITIZE_FILTER")
summary=()
for sanitizer in $sanitizers; do
    case $sanitizer in
        thread) build=.build/tsan ;;
        address) build=.build/asan ;;
        *) echo "make sanitize: unknown sanitizer '$sanitizer'; use thread or address." >&2; exit 64 ;;
    esac
    started=$SECONDS
    echo "building the tests with -sanitize=$sanitizer into $build ..."
    swift build --build-tests --build-path "$build" --sanitize="$sanitizer"
    built=$SECONDS
    echo "running the tests under -sanitize=$sanitizer ..."
    # ThreadSanitizer prints every report and then exits 66; AddressSanitizer stops at the first.
    # No Swift backtracer: a failing precondition would otherwise end in the backtracer's own
    # reads of the crashed stack, which AddressSanitizer reports instead of the failure.
    # No leak checking (AddressSanitizer still checks every access): LeakSanitizer cannot follow
    # the pointers Swift's runtime keeps in other forms (weak-reference side tables in the
    # reference count, `static let` storage), so it reports hundreds of "leaks" at exit, even
    # for XCTest running no tests at all.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" \
        TSAN_OPTIONS="${TSAN_OPTIONS:-second_deadlock_stack=1}" \
        swift test --skip-build --build-path "$build" --no-parallel --sanitize="$sanitizer" "${filter[@]}"
    summary+=("$sanitizer: clean (build $((built - started)) s, tests $((SECONDS - built)) s)")
done
printf 'make sanitize: %s\n' "${summary[@]}"
