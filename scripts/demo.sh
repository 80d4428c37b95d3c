#!/usr/bin/env bash
# The main job on the bundled ExecuTorch-shaped sample tree: lint before, migrate (with the
# summary and a report), diff stat, lint after. Nothing in the repository is modified: the demo
# works on copies under $DEMO_DIR (a temp dir unless set).
#
# To extend: later steps can use $BEFORE (an untouched copy) and $AFTER (the migrated copy),
# both `.../executorch` folders with exir/ and backends/, and the `section` helper.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh >/dev/null
PY="$PWD/.venv/bin/python"
DEMO_DIR=${DEMO_DIR:-$(mktemp -d -t et-log-demo.XXXXXX)}
BEFORE="$DEMO_DIR/before/executorch"
AFTER="$DEMO_DIR/after/executorch"
REPORT="$DEMO_DIR/migration-report.md"
rm -rf "$DEMO_DIR/before" "$DEMO_DIR/after"
mkdir -p "$DEMO_DIR/before" "$DEMO_DIR/after"
cp -R sample_tree/executorch "$BEFORE"
cp -R sample_tree/executorch "$AFTER"

section() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

section "1. lint before: what the codemod will fix and what needs a human (sample tree copy: $AFTER)"
(cd "$AFTER" && "$PY" -m lint_rules --statistics --exit-zero exir backends)

section "2. migrate: python -m codemods.migrate exir backends --report $REPORT"
(cd "$AFTER" && "$PY" -m codemods.migrate exir backends --report "$REPORT")

section "3. what changed (full diff: cd $DEMO_DIR && git diff --no-index before after)"
(cd "$DEMO_DIR" && git --no-pager diff --no-index --stat=100 before after || true)

section "4. left for review (from $REPORT)"
sed -n '/^## Left for review/,/^## /p' "$REPORT" | sed '1d;/^## /d;/^$/d'

section "5. lint after: no fixable site left, only the review list"
(cd "$AFTER" && "$PY" -m lint_rules --statistics --exit-zero exir backends)

section "6. a second run changes nothing"
(cd "$AFTER" && "$PY" -m codemods.migrate exir backends --check --quiet && echo "nothing to do")
