#!/usr/bin/env bash
# Creates .venv with the pinned browser-test requirements, reusing it when the pins have not changed.
set -euo pipefail
cd "$(dirname "$0")/.."

requirements=Tests/browser/requirements.txt
stamp=.venv/.requirements.sha256
wanted=$(sha256sum "$requirements" | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
    exit 0
fi
if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' 2>/dev/null; then
    scripts/ensure-debian-packages.sh python3-venv
fi
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r "$requirements"
echo "$wanted" > "$stamp"
