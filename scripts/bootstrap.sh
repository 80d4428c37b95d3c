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
# Wheels the tool tests install offline (PIP_NO_INDEX): pre-commit's hook environment and
# `lintrunner init` build et-log from a local clone and install its dependencies from here.
wheels=.venv/wheelhouse
if [ ! -f "$wheels/.complete" ] || [ constraints.txt -nt "$wheels/.complete" ]; then
  rm -rf "$wheels"
  .venv/bin/python -m pip download --quiet --disable-pip-version-check --only-binary=:all: \
    -c constraints.txt -d "$wheels" "setuptools>=68" libcst pyyaml lintrunner-adapters
  touch "$wheels/.complete"
fi
