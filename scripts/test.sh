#!/usr/bin/env bash
# The project's test command: install into .venv, then run the whole suite (e2e included).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
exec .venv/bin/python -m pytest "$@"
