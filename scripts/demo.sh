#!/usr/bin/env bash
# The main job on the bundled ExecuTorch-shaped sample tree: lint before, migrate (with the
# summary and a report), diff stat, lint after. Nothing in the repository is modified: the demo
# works on copies under $DEMO_DIR. Unset, a temp dir is used and removed at the end; set it
# (DEMO_DIR=/tmp/et-log-demo bash scripts/demo.sh) to keep the copies and the report.
#
# To extend: later steps can use $BEFORE (an untouched copy) and $AFTER (the migrated copy),
# both `.../executorch` folders with exir/ and backends/, and the `section` helper.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh >/dev/null
PY="$PWD/.venv/bin/python"
if [ -n "${DEMO_DIR:-}" ]; then
  KEEP="the copies stay in $DEMO_DIR"
else
  DEMO_DIR=$(mktemp -d -t et-log-demo.XXXXXX)
  trap 'rm -rf "$DEMO_DIR"' EXIT
  KEEP="set DEMO_DIR=<folder> to keep the copies"
fi
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

section "3. what changed (full diff: git diff --no-index before after; $KEEP)"
(cd "$DEMO_DIR" && git --no-pager diff --no-index --stat=100 before after || true)

section "4. left for review, changes to look at, ExecuTorch recipes (from $REPORT)"
sed -n '/^## Left for review/,/^## /p' "$REPORT" | sed '1d;/^## /d;/^$/d'
echo "  -- changes to look at:"
sed -n '/^## Changes to look at/,/^## /p' "$REPORT" | sed '1d;/^## /d;/^$/d'
echo "  -- recipes:"
sed -n '/^## ExecuTorch recipes/,/^## /p' "$REPORT" | sed '1,3d;/^## /d;/^$/d'

section "5. lint after: no fixable site left, only the review list"
(cd "$AFTER" && "$PY" -m lint_rules --statistics --exit-zero exir backends)

section "6. a second run changes nothing"
(cd "$AFTER" && "$PY" -m codemods.migrate exir backends --check --quiet && echo "nothing to do")

# --- 7. TORCH_LOGS before/after on the sample tree ---------------------------------------------
# "before" is ExecuTorch today: the untouched copy, et-log not registered (its torch.backends entry
# point switched off by TORCH_DEVICE_BACKEND_AUTOLOAD=0); "after" is the migrated copy with et-log.
# A tiny export-like script drives the partitioner and the memory planner of the sample tree.
# torch's time stamps and process ids are trimmed from the lines to fit the screen.
torch_logs_run() { # $1: folder holding executorch/, $2: autoload (0 before, 1 after), $3: TORCH_LOGS or -
  if [ "$3" = - ]; then
    echo "  \$ python export.py                      # TORCH_LOGS unset"
  else
    printf '  $ TORCH_LOGS=%-26s python export.py\n' "$3"
  fi
  local out
  out=$(
    if [ "$3" = - ]; then unset TORCH_LOGS; else export TORCH_LOGS="$3"; fi
    export TORCH_DEVICE_BACKEND_AUTOLOAD="$2" PYTHONPATH="$1"
    "$PY" - 2>&1 <<'PY'
import logging
import sys

try:
    import torch  # noqa: F401  (parses TORCH_LOGS, as any export script does)
except ValueError as error:
    sys.exit(f"ValueError inside import torch: {str(error).strip().splitlines()[0]}")
from executorch.backends.xnnpack.partition.xnnpack_partitioner import XnnpackPartitioner
from executorch.exir.passes.memory_planning import Buffer, greedy_plan


class Pow:
    target = "aten.pow.Tensor_Scalar"

    def __init__(self, exponent):
        self.exponent = exponent

    def __str__(self):
        return f"torch.pow(y, {self.exponent})"


XnnpackPartitioner().partition([Pow(3), Pow(2)])  # pow(y, 3): XNNPACK says why not
greedy_plan([Buffer("a", 16, (0, 1)), Buffer("b", 8, (2, 3))])
if logging.getLogger().handlers:
    print("(the library import added a handler to the application's root logger)")
PY
  ) || true
  printf '%s\n' "${out:-(nothing printed)}" |
    sed -e 's/^\([VIWEC][0-9]\{4\}\) [0-9:.]* [0-9]* /\1 /' -e 's/^/      /'
}

section "7. TORCH_LOGS before migration (ExecuTorch today: every line twice, backend names rejected)"
for value in +xnnpack +executorch; do torch_logs_run "$(dirname "$BEFORE")" 0 "$value"; done
section "   TORCH_LOGS after migration (one line each, per component; quiet by default)"
for value in xnnpack +xnnpack +executorch -executorch,-xnnpack -; do
  torch_logs_run "$(dirname "$AFTER")" 1 "$value"
done
section "   the artifacts: off by default, each prints when named"
for value in partition_report xnnpack_graph; do
  torch_logs_run "$(dirname "$AFTER")" 1 "$value"
done
