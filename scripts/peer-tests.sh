#!/usr/bin/env bash
# ExecuTorch's own shipped tests before and after the migration (docs/MIGRATION.md, "ExecuTorch's
# own tests before and after"). Exit 1 when a test that passed on the pristine wheel fails on the
# migrated copy. Slow: the full slice takes tens of minutes; pass --fast for the capture subset.
# Extra arguments go to tests/e2e/harness/peer_tests.py (--fast, --serial, --json FILE, --keep DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
if [ "$#" -eq 0 ]; then set -- --full; fi
exec .venv/bin/python tests/e2e/harness/peer_tests.py "$@"
