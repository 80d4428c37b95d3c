#!/usr/bin/env bash
# Create .venv (once) and install et-log with its dev tools, torch pinned to the CPU build on disk.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.et-log-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ constraints.txt -nt "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check \
    -c constraints.txt -e '.[dev,torch]' numpy
  touch "$stamp"
fi
