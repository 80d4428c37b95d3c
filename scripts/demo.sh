#!/usr/bin/env bash
# The main job on the bundled ExecuTorch-shaped sample tree: lint before, migrate (with the
# summary and a report), diff stat, lint after, then TORCH_LOGS before and after the migration.
# Nothing in the repository is modified: the demo works on copies under $DEMO_DIR. Unset, a temp
# dir is used and removed at the end; set it (DEMO_DIR=/tmp/et-log-demo bash scripts/demo.sh) to
# keep the copies and the report. DEMO_SAMPLE names another tree to copy instead of
# sample_tree/executorch (tests/e2e/test_demo_script.py breaks a copy on purpose with it).
#
# The demo proves itself: each step checks that its output shows what the step's title claims
# and, when it does not, the demo stops there with the step and the missing line, exit status 1.
# Each step starts with a line `== <number>. <title>` (tests split the output on it).
#
# To extend: later steps can use $BEFORE (an untouched copy) and $AFTER (the migrated copy),
# both `.../executorch` folders with exir/ and backends/, and the `step`/`run`/`expect` helpers.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh >/dev/null
PY="$PWD/.venv/bin/python"
SAMPLE=${DEMO_SAMPLE:-sample_tree/executorch}
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
cp -R "$SAMPLE" "$BEFORE"
cp -R "$SAMPLE" "$AFTER"

STEP="" # the current step's title, for the failure message
OUT=""  # what the step's last command printed (stdout and stderr)
STATUS=0
step() {
  STEP=$*
  printf '\n\033[1m== %s\033[0m\n' "$*"
}
fail() {
  printf '\ndemo.sh: FAILED at step "%s": %s\n' "$STEP" "$*" >&2
  exit 1
}
# Run a command, show its output, keep it in $OUT and its exit status in $STATUS.
run() {
  if OUT=$("$@" 2>&1); then STATUS=0; else STATUS=$?; fi
  if [ -n "$OUT" ]; then printf '%s\n' "$OUT"; fi
}
expect_status() { [ "$STATUS" -eq "$1" ] || fail "exit status $STATUS, expected $1"; }
# $1: what the step must show, $2: an extended regex; the output must have $3 (default: >= 1)
# matching lines: `once` exactly one, `twice` two or more.
expect() {
  local count
  count=$(grep -Ec -- "$2" <<<"$OUT" || true)
  case "${3:-}" in
    once) [ "$count" -eq 1 ] || fail "$1: expected one line matching /$2/, found $count" ;;
    twice) [ "$count" -ge 2 ] || fail "$1: expected a line matching /$2/ twice, found $count" ;;
    *) [ "$count" -ge 1 ] || fail "$1: no line matches /$2/" ;;
  esac
}
expect_no() { # $1: what must not show, $2: an extended regex no line may match
  local line
  line=$(grep -E -m1 -- "$2" <<<"$OUT" || true)
  [ -z "$line" ] || fail "$1: $line"
}

in_after() { cd "$AFTER" && "$PY" "$@"; } # runs inside run's $(...): the cd does not leak

step "1. lint before: what the codemod will fix and what needs a human (sample tree copy: $AFTER)"
run in_after -m lint_rules --statistics --exit-zero exir backends
expect_status 0
expect "a total with sites the codemod fixes" '^total +[1-9][0-9]* +[1-9][0-9]*$'

step "2. migrate: python -m codemods.migrate exir backends --recipes all --report $REPORT"
run in_after -m codemods.migrate exir backends --recipes all --report "$REPORT"
expect_status 0
expect "files changed, none failed" '^[0-9]+ files scanned, [1-9][0-9]* changed, 0 failed'
expect "the ExecuTorch recipes applied" '^recipe partition-report: applied'
[ -s "$REPORT" ] || fail "no report written to $REPORT"

step "3. what changed (full diff: git diff --no-index before after; $KEEP)"
run git -C "$DEMO_DIR" --no-pager diff --no-index --stat=100 before after
expect_status 1 # git diff --no-index: 1 when the folders differ
expect "a diff stat of the migrated files" '^ *[1-9][0-9]* files? changed'

step "4. left for review, changes to look at, ExecuTorch recipes (from $REPORT)"
report_section() { sed -n "/^## $1/,/^## /p" "$REPORT" | sed '1d;/^## /d;/^$/d'; }
report_overview() {
  report_section 'Left for review'
  echo "  -- changes to look at:"
  report_section 'Changes to look at'
  echo "  -- recipes:"
  report_section 'ExecuTorch recipes' | sed '1,2d' # the table's header
}
run report_overview
expect "the sites left for review, with file:line and code" '^- `[^`]+:[0-9]+` ETL00[0-9]'
expect "the removed level override among the changes to look at" 'removed `logger.setLevel'
expect "the recipes' table" '^\| partition-report \| `exir/backend/backend_api.py` \| applied \|'

step "5. lint after: no fixable site left, only the review list"
run in_after -m lint_rules --statistics --exit-zero exir backends
expect_status 0
expect "the total: sites left, none fixable" '^total +[1-9][0-9]* +0$'

step "6. a second run changes nothing"
run in_after -m codemods.migrate exir backends --recipes all --check --quiet
expect_status 0
echo "nothing to do"

# --- 7. TORCH_LOGS before/after on the sample tree ---------------------------------------------
# "before" is ExecuTorch today: the untouched copy, et-log not registered (its torch.backends entry
# point switched off by TORCH_DEVICE_BACKEND_AUTOLOAD=0); "after" is the migrated copy with et-log.
# A tiny export-like script lowers a graph of two pow nodes to XNNPACK (through the sample tree's
# to_backend, as to_edge_transform_and_lower does) and runs the memory planner.
# torch's time stamps and process ids are trimmed from the lines to fit the screen.
EXPORT_PY=$(
  cat <<'PY'
import logging
import sys

try:
    import torch  # noqa: F401  (parses TORCH_LOGS, as any export script does)
except ValueError as error:
    first = " ".join(str(error).split("Valid settings:")[0].split())  # its sentences, whole
    sys.exit(f"ValueError inside import torch: {first}")
from executorch.backends.xnnpack.partition.xnnpack_partitioner import XnnpackPartitioner
from executorch.exir.backend.backend_api import to_backend
from executorch.exir.passes.memory_planning import Buffer, greedy_plan

pow_ = torch.ops.aten.pow.Tensor_Scalar


class Model(torch.nn.Module):
    def forward(self, y):  # XNNPACK takes y ** 2 and says why not y ** 3
        return pow_(y, 2), pow_(y, 3)


class ExportedProgram:  # what a partitioner reads of torch.export's result: its graph
    def __init__(self, graph_module):
        self.graph_module = graph_module


to_backend(ExportedProgram(torch.fx.symbolic_trace(Model())), XnnpackPartitioner())
greedy_plan([Buffer("a", 16, (0, 1)), Buffer("b", 8, (2, 3))])
if logging.getLogger().handlers:
    print("(the library import added a handler to the application's root logger)")
PY
)
export_run() { # $1: folder holding executorch/, $2: autoload (0 before, 1 after), $3: TORCH_LOGS or -
  if [ "$3" = - ]; then unset TORCH_LOGS; else export TORCH_LOGS="$3"; fi
  export TORCH_DEVICE_BACKEND_AUTOLOAD="$2" PYTHONPATH="$1"
  cd "$DEMO_DIR" # where a graph dump would land
  "$PY" -c "$EXPORT_PY" 2>&1 | sed -e 's/^\([VIWEC][0-9]\{4\}\) [0-9:.]* [0-9]* /\1 /'
  return "${PIPESTATUS[0]}"
}
torch_logs() { # $1: before|after, $2: TORCH_LOGS or -; runs the script as a step's command
  local tree=$AFTER autoload=1
  if [ "$1" = before ]; then tree=$BEFORE autoload=0; fi
  if [ "$2" = - ]; then
    echo "  \$ python export.py                      # TORCH_LOGS unset"
  else
    printf '  $ TORCH_LOGS=%-26s python export.py\n' "$2"
  fi
  if OUT=$(export_run "$(dirname "$tree")" "$autoload" "$2"); then STATUS=0; else STATUS=$?; fi
  printf '%s\n' "${OUT:-(nothing printed)}" | sed 's/^/      /'
}
REASON='only support power == 2, got 3'
BELOW_ERROR='^[VIWD][0-9]{4} |(^|[^A-Z])(DEBUG|INFO|WARNING)[: ]'

step "7.1 before migration: a backend's name in TORCH_LOGS is rejected inside import torch"
torch_logs before +xnnpack
[ "$STATUS" -ne 0 ] || fail "the script ran; expected import torch to reject +xnnpack"
expect "torch's ValueError naming xnnpack" '^ValueError inside import torch: .*xnnpack'

step "7.2 before migration: +executorch prints every line twice (torch's handler and the library's basicConfig)"
torch_logs before +executorch
expect_status 0
expect "the partitioner's line twice" 'partitioned 1 of 2 nodes' twice
expect "the library's basicConfig on the application's root logger" 'added a handler'

step "7.3 after: TORCH_LOGS=xnnpack says why the pow node was not partitioned"
torch_logs after xnnpack
expect_status 0
expect "the reason, once" "$REASON" once
expect_no "nothing of the executorch component" 'planned 2 buffers'

step "7.4 after: TORCH_LOGS=+xnnpack adds XNNPACK's debug lines, not the core's"
torch_logs after +xnnpack
expect_status 0
expect "XNNPACK's debug line, once" 'pow node [a-z_0-9]+ accepted' once
expect "the reason, once" "$REASON" once
expect_no "nothing of the executorch component" 'planned 2 buffers'

step "7.5 after: TORCH_LOGS=+executorch shows the core's debug lines, not XNNPACK's"
torch_logs after +executorch
expect_status 0
expect "the memory planner's line, once" 'planned 2 buffers into 16 bytes' once
expect_no "nothing of the xnnpack component" "pow node|$REASON"

step "7.6 after: TORCH_LOGS=-executorch,-xnnpack shows nothing below ERROR"
torch_logs after -executorch,-xnnpack
expect_status 0
expect_no "a line below ERROR" "$BELOW_ERROR|$REASON|planned 2 buffers|partitioned 1 of 2"

step "7.7 after: TORCH_LOGS unset: quiet by default, the application's root logger left alone"
torch_logs after -
expect_status 0
[ -z "$OUT" ] || fail "expected nothing printed"

step "7.8 after: TORCH_LOGS=partition_report prints the partitioner run's table"
torch_logs after partition_report
expect_status 0
expect "the table's partitioner" 'XnnpackPartitioner'
expect "the table's row: the pow node and its reason" "pow_tensor_scalar_1 .*$REASON" once

step "7.9 after: TORCH_LOGS=xnnpack_graph prints the delegate's graph (and writes no file)"
torch_logs after xnnpack_graph
expect_status 0
expect "the graph of the delegated pow node" '"nodes": \["pow_tensor_scalar"\]'
[ -z "$(find "$DEMO_DIR" -maxdepth 1 -name 'xnnpack_delegate_graph_*')" ] || fail "a graph file was written"

printf '\nThe demo showed every step above.\n'
