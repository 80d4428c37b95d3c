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
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ constraints.txt -nt "$stamp" ]; then
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    -c constraints.txt -e '.[dev,torch]' numpy
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
