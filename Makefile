# FocusSync: `make run` serves the playground, `make check` is the one-minute inner loop (build,
# pure suites, lint), `make test` runs every test, `make bench` measures,
# `make cluster` starts several processes behind HAProxy with Redis and `make bench-cluster`
# measures them against one process (docs/SCALING.md).
# `make conformance` runs Autobahn|Testsuite against the transport, `make fuzz` fuzzes the parsers
# and the SwiftUI programs, `make sanitize` runs the Swift suites under TSan and ASan.
# They install what is missing first, so they work on a fresh Debian machine with the Swift toolchain.

RUN_PACKAGES  := pkg-config libwebsockets-dev libsqlite3-dev libhiredis-dev
CHECK_PACKAGES := nodejs python3
TEST_PACKAGES := chromium chromium-driver fonts-liberation fonts-dejavu-core redis-server haproxy curl nodejs
SWIFT_STRICT  := -Xswiftc -warnings-as-errors
PORT ?= 8080
ARGS ?=
BENCH_ARGS ?=

.PHONY: run build check lint test test-browser test-cluster conformance fuzz sanitize setup setup-check setup-test bench bench-persistence bench-baseline bench-cluster cluster cluster-status cluster-stop clean

setup:
	@scripts/ensure-debian-packages.sh $(RUN_PACKAGES)

setup-check: setup
	@scripts/ensure-debian-packages.sh $(CHECK_PACKAGES)

setup-test: setup-check
	@scripts/ensure-debian-packages.sh $(TEST_PACKAGES)
	@scripts/ensure-python-env.sh

build: setup
	swift build -c release $(SWIFT_STRICT)

run: build
	.build/release/focus-sync --port $(PORT) $(ARGS)

# The whole set, with a summary of every stage (scripts/test.sh): the build, the pure suites in
# parallel as in `make check`, the rest one at a time (suites tagged `.transport` open real sockets,
# see Tests/TestSupport/Tags.swift), Autobahn (skipped without Python 2.7), cluster and browser.
test: setup-test
	@scripts/test.sh

# The inner loop: the build, then the pure suites (FocusCore, FocusProtocol, the session machine,
# TransportWire, the fuzz corpora, SwiftUISource, the JavaScript agreement tests under Node.js) in
# parallel, then the lint. See scripts/swift-tests.py for the selection and its checks.
check: setup-check
	swift build --build-tests $(SWIFT_STRICT)
	@scripts/swift-tests.py pure
	$(MAKE) --no-print-directory lint

# The toolchain's swift-format with .swift-format at the root; it changes no file. The settings
# follow the code: 4-space indents, 130 columns (99% of lines fit; comments wrap at 100 anyway),
# #if bodies not indented. DoNotUseSemicolons is off: one-line case bodies and `defer { a(); b() }`
# are deliberate. Any finding fails it.
lint:
	swift format lint --recursive --strict --parallel Sources Tests Package.swift

# libFuzzer on every target in Tests/Fuzz/Checks, FUZZ_SECONDS (default 60) each; see scripts/fuzz.sh.
fuzz: setup
	@scripts/fuzz.sh

# The Swift suites under ThreadSanitizer (.build/tsan), then AddressSanitizer (.build/asan), one
# test at a time like `make test`; see scripts/sanitize.sh. Every suite runs under both, the ones
# that kill -9 or fork children and drive libwebsockets too: none needed skipping. Only
# LeakSanitizer is off, because it cannot follow the Swift runtime's own pointers.
sanitize: setup-test
	@scripts/sanitize.sh

# Autobahn|Testsuite's fuzzing client against an echo server on the transport (needs Python 2.7).
conformance: setup
	swift build --product conformance-echo $(SWIFT_STRICT)
	@scripts/conformance.sh

# Release builds of server and load generator, pinned to a core each; see docs/PERFORMANCE.md.
bench: setup
	@scripts/bench.sh $(BENCH_ARGS)

# How long a SwiftUI source takes to parse, read, check and start, at 40 and 200 lines (release),
# and the whole round trip to a focus-compile process, as the server has a source compiled.
bench-compile: setup
	swift build -c release --product reader-timing
	swift build -c release --product focus-compile
	.build/release/reader-timing

# The rows `make bench` has for persistence alone: on and off under load, and the restore.
# PERSISTENCE_ROUNDS=3 runs them three times over and compares each round's pair (--rounds).
bench-persistence: setup
	@scripts/bench.sh --scenarios fanout-100,fanout-1000,sessions-100x10,closed-1x2,closed-100x2,closed-100x10,restore-1000x1000 --rounds $(or $(PERSISTENCE_ROUNDS),1) $(BENCH_ARGS)

# FocusSync against baseline-relay, a libwebsockets server with no model, alternating, in one run:
# the floor under its cost per delivery (docs/PERFORMANCE.md, "The libwebsockets floor").
bench-baseline: setup .build/baseline-relay
	@scripts/bench-baseline.sh $(BENCH_ARGS)

# Benchmark code only: neither `swift build` nor `make test` builds it. clang comes with the
# Swift toolchain, where a `cc` may not be installed.
.build/baseline-relay: Benchmarks/baseline-relay/relay.c
	@mkdir -p .build
	clang -std=c11 -O2 -Wall -Wextra -Werror -pthread $< -o $@ $$(pkg-config --cflags --libs libwebsockets)

test-browser:
	.venv/bin/python -m pytest -q -n 2 --dist loadfile -m "not alone" Tests/browser
	.venv/bin/python -m pytest -q -s -m alone Tests/browser

# One process against the cluster (three processes, HAProxy, Redis) at 100 x 10 and 1,000 x 10
# clients: deliveries a second, latency, the CPU of every part (docs/SCALING.md).
bench-cluster: setup
	@scripts/bench-cluster.sh $(BENCH_ARGS)

# scripts/cluster.sh and its HAProxy routing, on free ports, with the debug build `make test` makes.
test-cluster:
	.venv/bin/python -m pytest -q -n 2 --dist loadfile Tests/cluster

# Redis, three focus-sync processes and HAProxy on 127.0.0.1; prints the URL to open.
# Ports: CLUSTER_PORT (8090), CLUSTER_NODE_PORTS (8091,8092,8093), CLUSTER_REDIS_PORT (6390).
cluster: build
	@scripts/cluster.sh start

cluster-status:
	@scripts/cluster.sh status

cluster-stop:
	@scripts/cluster.sh stop

clean:
	rm -rf .build .venv test-output
