"""``python -m et_log_report``: the ``et-log-report`` command."""

import sys

from .cli import main

sys.exit(main())
