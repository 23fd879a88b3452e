#!/usr/bin/env python3
"""Runs one half of the Swift tests of the last `swift build --build-tests`.

  swift-tests.py pure       the pure targets, in parallel (`make check`)
  swift-tests.py transport  every other target, one test at a time in each of two workers
                            (`make test`)

Together the halves are the whole set. The transport half spends most of its time waiting on
sockets, timers and child processes, so two workers take its suites in turn, each suite in a
test process of its own run with `--no-parallel`: a double close in libwebsockets can only hit a
descriptor of its own process. Suites that open real sockets carry the tag `.transport`
(Tests/TestSupport/Tags.swift); a pure target holding one is refused, because in a parallel run
libwebsockets' double close can hit another test's descriptor. Both halves fail when the run
holds a different number of tests from the listing, so a filter that matches nothing cannot pass.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import threading

# No libwebsockets, no servers, no child processes but Node.js: safe to run side by side.
PURE_TARGETS = [
    "FocusCoreTests",
    "FocusProtocolTests",
    "SessionMachineTests",
    "TransportWireTests",
    "FuzzChecksTests",
    "SwiftUISourceTests",
    "SourceProgramTests",
]
TRANSPORT_TAG = ".transport"
LONG_TAG = ".long"


def listed_tests():
    """The test records of `swift test --list-tests`, read from its event stream (it carries tags)."""
    with tempfile.TemporaryDirectory() as folder:
        stream = os.path.join(folder, "tests.jsonl")
        subprocess.run(
            ["swift", "test", "list", "--skip-build",
             "--event-stream-output-path", stream, "--event-stream-version", "0"],
            check=True, stdout=subprocess.DEVNULL)
        with open(stream) as lines:
            return [record["payload"] for record in map(json.loads, lines) if record["kind"] == "test"]


def target(test):
    return test["id"].split(".", 1)[0]


def run(arguments, expected):
    """Runs `swift test` with `arguments`, echoing it, and checks the count in its last line."""
    command = ["swift", "test", "--skip-build", *arguments]
    print("$ " + " ".join(command), flush=True)
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    counted = None
    for line in process.stdout:
        sys.stdout.write(line)
        match = re.search(r"Test run with (\d+) tests? in \d+ suites? (passed|failed)", line)
        if match:
            counted = int(match.group(1))
    if process.wait() != 0:
        return process.returncode
    if counted != expected:
        print(f"swift-tests: expected {expected} tests, the run reported {counted}; is the filter wrong?", file=sys.stderr)
        return 1
    return 0


TRANSPORT_WORKERS = 2
COUNT = re.compile(r"Test run with (\d+) tests? in \d+ suites? (passed|failed)")


def run_suites(suites, long, expected):
    """Runs each of `suites` (id: number of tests) in a test process of its own, those in `long`
    first and then the largest, `TRANSPORT_WORKERS` at a time, printing each one's output whole when it ends. Fails
    when one fails or the counts do not add up to `expected`."""
    binary = os.path.join(subprocess.run(["swift", "build", "--show-bin-path"], check=True, text=True,
                                         stdout=subprocess.PIPE).stdout.strip(), "FocusSyncPackageTests.xctest")
    queue = sorted(suites, key=lambda suite: (suite not in long, -suites[suite], suite))
    lock = threading.Lock()
    failed, counted = [], [0]
    print(f"$ {binary} --testing-library swift-testing --no-parallel --filter '^<suite>/', "
          f"{len(queue)} suites, {TRANSPORT_WORKERS} at a time", flush=True)

    def work():
        while True:
            with lock:
                if not queue:
                    return
                suite = queue.pop(0)
            process = subprocess.run([binary, "--testing-library", "swift-testing", "--no-parallel",
                                      "--filter", "^" + re.escape(suite) + "/"],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            match = COUNT.search(process.stdout)
            with lock:
                sys.stdout.write(process.stdout)
                sys.stdout.flush()
                counted[0] += int(match.group(1)) if match else 0
                if process.returncode != 0 or not match or int(match.group(1)) != suites[suite]:
                    failed.append(suite)

    workers = [threading.Thread(target=work) for _ in range(TRANSPORT_WORKERS)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    if failed:
        print("swift-tests: failed (or ran another number of tests than listed): " + ", ".join(sorted(failed)), file=sys.stderr)
        return 1
    if counted[0] != expected:
        print(f"swift-tests: expected {expected} tests, the runs reported {counted[0]}", file=sys.stderr)
        return 1
    print(f"swift-tests: {counted[0]} tests in {len(suites)} suites passed", flush=True)
    return 0


def main(half):
    tests = listed_tests()
    functions = [test for test in tests if test["kind"] == "function"]
    pure = [test for test in functions if target(test) in PURE_TARGETS]
    strays = sorted(test["id"] for test in tests
                    if test["kind"] == "suite" and target(test) in PURE_TARGETS and TRANSPORT_TAG in test.get("_tags", []))
    if strays:
        print("swift-tests: these suites need a real transport but sit in a pure target: " + ", ".join(strays), file=sys.stderr)
        return 1
    selection = "^(" + "|".join(PURE_TARGETS) + r")\."
    if half == "pure":
        return run(["--filter", selection], len(pure))
    suites = {}
    for test in functions:
        if target(test) not in PURE_TARGETS:
            suite = test["id"].split("/", 1)[0]
            suites[suite] = suites.get(suite, 0) + 1
    long = {test["id"] for test in tests if test["kind"] == "suite" and LONG_TAG in test.get("_tags", [])}
    return run_suites(suites, long, sum(suites.values()))


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in ("pure", "transport"):
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
