#!/usr/bin/env bash
# make conformance: Autobahn|Testsuite's fuzzing client (cases 1-7, 9, 10) against
# conformance-echo, an echo server on the project's WebSocket transport. Prints
# "N passed, N failed", keeps the HTML report in test-output/autobahn/, and fails when any case
# FAILED. Autobahn|Testsuite (PyPI autobahntestsuite) runs on Python 2.7 only; it is installed
# once into .build/autobahn. Without Python 2.7 (PYTHON2, python2.7 on the PATH, or pyenv's 2.7)
# it prints why in one line and exits 77, which `make test` reports as skipped.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=$PWD/.build/autobahn  # absolute: setup.py installs run in a directory of their own
report=test-output/autobahn
echo_server=.build/debug/conformance-echo

python2=${PYTHON2:-}
if [ -z "$python2" ]; then
    for candidate in python2.7 "$(pyenv root 2>/dev/null)"/versions/2.7*/bin/python; do
        if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import sys; sys.exit(sys.version_info[:2] != (2, 7))' 2>/dev/null; then
            python2=$candidate
            break
        fi
    done
fi
if [ -z "$python2" ]; then
    # 77: skipped, not failed (scripts/test.sh says so in its summary). Debian bookworm ships no
    # Python 2.7, so this is the usual case on a fresh machine.
    echo "Python 2.7 is missing, and Autobahn|Testsuite runs only on it ('pyenv install 2.7.18', or set PYTHON2 to one): conformance not run." >&2
    exit 77
fi

site_packages=$prefix/lib/python2.7/site-packages
if [ ! -f "$prefix/.installed" ]; then
    echo "Installing Autobahn|Testsuite for $("$python2" --version 2>&1) into $prefix ..."
    rm -rf "$prefix"
    mkdir -p "$prefix/sdist"
    "$python2" -m pip download --quiet --disable-pip-version-check --no-deps --no-binary :all: autobahntestsuite -d "$prefix/sdist"
    sdist=$(ls "$prefix"/sdist/autobahntestsuite-*.tar.gz)
    tar -xzf "$sdist" -C "$prefix/sdist"
    # The pinned requirements of the package itself: the lines before the first [extra]
    # section, without setuptools.
    requirements=$(sed '/^\[/,$d' "$prefix"/sdist/autobahntestsuite-*/autobahntestsuite.egg-info/requires.txt | grep -v '^setuptools' | grep -v '^$')
    # shellcheck disable=SC2086
    "$python2" -m pip install --quiet --disable-pip-version-check --no-warn-script-location --prefix "$prefix" "$sdist" $requirements
    touch "$prefix/.installed"
fi

mkdir -p "$report"
log=$prefix/conformance-echo.log
"$echo_server" --port 0 > "$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
port=""
for _ in $(seq 1 100); do
    port=$(sed -n 's/^conformance-echo: port \([0-9]*\)$/\1/p' "$log")
    [ -n "$port" ] && break
    kill -0 "$server" 2>/dev/null || { cat "$log" >&2; exit 1; }
    sleep 0.1
done
[ -n "$port" ] || { echo "conformance-echo did not start" >&2; exit 1; }

spec=$prefix/fuzzingclient.json
cat > "$spec" <<JSON
{
  "outdir": "$report",
  "servers": [{"agent": "FocusSync", "url": "ws://127.0.0.1:$port"}],
  "cases": ["1.*", "2.*", "3.*", "4.*", "5.*", "6.*", "7.*", "9.*", "10.*"],
  "exclude-cases": [],
  "exclude-agent-cases": {}
}
JSON

started=$(date +%s)
"$python2" -c "import site, sys; site.addsitedir('$site_packages'); sys.argv = ['wstest', '-m', 'fuzzingclient', '-s', '$spec']; from autobahntestsuite.wstest import run; run()" > "$prefix/wstest.log" 2>&1 \
    || { tail -20 "$prefix/wstest.log" >&2; exit 1; }
seconds=$(( $(date +%s) - started ))

python3 - "$report/index.json" "$seconds" <<'PYTHON'
import json, sys
results = next(iter(json.load(open(sys.argv[1])).values()))
def failed(case):
    return "FAILED" in (case["behavior"], case["behaviorClose"])
counts = {}
for case in results.values():
    counts[case["behavior"]] = counts.get(case["behavior"], 0) + 1
bad = sorted((name for name, case in results.items() if failed(case)), key=lambda n: [int(p) for p in n.split(".")])
passed = len(results) - len(bad)
details = ", ".join(f"{count} {behavior}" for behavior, count in sorted(counts.items()))
print(f"Autobahn|Testsuite: {passed} passed, {len(bad)} failed ({details}) in {sys.argv[2]} s; report: test-output/autobahn/index.html")
for name in bad:
    print(f"  FAILED {name}: {results[name]['behavior']} / close {results[name]['behaviorClose']}")
sys.exit(1 if bad else 0)
PYTHON
