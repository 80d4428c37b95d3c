"""`python -m lint_rules PATH...`."""

from __future__ import annotations

import sys

from lint_rules.cli import main

sys.exit(main())
