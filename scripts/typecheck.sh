#!/usr/bin/env bash
# mypy --strict on et_log_runtime, et_log_docs, lint_rules, codemods and et_log_report (settings: pyproject.toml [tool.mypy]).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
exec .venv/bin/python -m mypy "$@"
