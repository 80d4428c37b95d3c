#!/usr/bin/env bash
# The main job on the bundled sample tree (extended as the parts land).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
echo "et-log demo: nothing to show yet"
