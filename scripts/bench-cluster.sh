#!/usr/bin/env bash
# make bench-cluster: one FocusSync process against the cluster (three processes, HAProxy, Redis)
# at 100 x 10 and 1,000 x 10 clients, on this machine (docs/SCALING.md). Builds the release
# server, raises the descriptor limit, and runs scripts/bench-cluster.py (in .venv: it starts the
# cluster with the cluster tests' harness), passing its options on, for example:
#   scripts/bench-cluster.sh --sizes 100x10 --duration 5
#   make bench-cluster BENCH_ARGS="--setups single,cluster --json"
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/ensure-debian-packages.sh redis-server haproxy curl >&2
scripts/ensure-python-env.sh >&2
swift build -c release -Xswiftc -warnings-as-errors --product focus-sync >&2
swift build -c release -Xswiftc -warnings-as-errors --product focus-compile >&2
swift build -c release -Xswiftc -warnings-as-errors --product focus-bench >&2  # the audience rows' clients

# 10,000 clients: a descriptor each in the generator and in the server, two in HAProxy.
hard=$(ulimit -Hn)
if [ "$hard" = unlimited ] || [ "$hard" -gt 65536 ]; then hard=65536; fi
ulimit -n "$hard"

exec .venv/bin/python scripts/bench-cluster.py "$@"
