#!/usr/bin/env bash
# Create a venv (once) and install et-log with its dev tools, torch pinned by constraints.txt.
#   PYTHON  the interpreter (default python3)
#   VENV    the venv folder (default .venv; CI also makes .venv310 and .venv313)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=${VENV:-.venv}
# Say what a long step does, then a line every 10 s while it runs (on stderr: callers such as
# the demo silence stdout). $1: what, $2: how long it usually takes; the rest: the command.
talk() {
  local what=$1 usual=$2 started=$SECONDS pid
  shift 2
  echo "bootstrap: $what ($usual on a first run)..." >&2
  "$@" &
  pid=$!
  while ! wait_for "$pid" 10; do
    echo "bootstrap: still $what ($((SECONDS - started)) s)" >&2
  done
  wait "$pid"
}
wait_for() { # $1: pid, $2: seconds; true once the process ended (its status: wait's job)
  local i
  for ((i = 0; i < $2 * 10; i++)); do
    kill -0 "$1" 2>/dev/null || return 0
    sleep 0.1
  done
  return 1
}
if [ ! -x "$VENV/bin/python" ]; then
  talk "creating $VENV" "a few seconds" "$PY" -m venv "$VENV"
fi
stamp=$VENV/.et-log-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ constraints.txt -nt "$stamp" ] ||
  [ scripts/bootstrap.sh -nt "$stamp" ]; then
  # compat mode: the checkout's path in a .pth file, no import hook run at every interpreter
  # start (the hook costs the bare interpreter about 25 ms: bench/lint.py's anchor would lie)
  talk "installing et-log, torch 2.13.0 (CPU) and the dev tools into $VENV" "about 2 minutes" \
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    -c constraints.txt -e '.[dev,torch]' numpy --config-settings editable_mode=compat
  touch "$stamp"
fi
# Wheels the tool tests install offline (PIP_NO_INDEX): pre-commit's hook environment and
# `lintrunner init` build et-log from a local clone and install its dependencies from here.
wheels=$VENV/wheelhouse
if [ ! -f "$wheels/.complete" ] || [ constraints.txt -nt "$wheels/.complete" ]; then
  rm -rf "$wheels"
  talk "downloading the wheels the tool tests install offline" "about 20 seconds" \
    "$VENV/bin/python" -m pip download --quiet --disable-pip-version-check --only-binary=:all: \
    -c constraints.txt -d "$wheels" "setuptools>=68" libcst pyyaml lintrunner-adapters \
    'tomli; python_version < "3.11"'
  touch "$wheels/.complete"
fi
