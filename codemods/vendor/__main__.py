"""``python -m codemods.vendor ROOT``: see ``codemods.vendor.command``."""

import sys

from codemods.vendor.command import main

sys.exit(main())
