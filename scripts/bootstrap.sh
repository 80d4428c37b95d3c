#!/usr/bin/env bash
# Create a venv (once) and install et-log with its dev tools, torch pinned by constraints.txt.
#   PYTHON  the interpreter (default python3)
#   VENV    the venv folder (default .venv; CI also makes .venv310 and .venv313)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=${VENV:-.venv}
if [ ! -x "$VENV/bin/python" ]; then
  "$PY" -m venv "$VENV"
fi
stamp=$VENV/.et-log-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ constraints.txt -nt "$stamp" ] ||
  [ scripts/bootstrap.sh -nt "$stamp" ]; then
  # compat mode: the checkout's path in a .pth file, no import hook run at every interpreter
  # start (the hook costs the bare interpreter about 25 ms: bench/lint.py's anchor would lie)
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    -c constraints.txt -e '.[dev,torch]' numpy --config-settings editable_mode=compat
  touch "$stamp"
fi
# Wheels the tool tests install offline (PIP_NO_INDEX): pre-commit's hook environment and
# `lintrunner init` build et-log from a local clone and install its dependencies from here.
wheels=$VENV/wheelhouse
if [ ! -f "$wheels/.complete" ] || [ constraints.txt -nt "$wheels/.complete" ]; then
  rm -rf "$wheels"
  "$VENV/bin/python" -m pip download --quiet --disable-pip-version-check --only-binary=:all: \
    -c constraints.txt -d "$wheels" "setuptools>=68" libcst pyyaml lintrunner-adapters \
    'tomli; python_version < "3.11"'
  touch "$wheels/.complete"
fi
