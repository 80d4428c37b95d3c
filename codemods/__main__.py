"""`python -m codemods` runs the migration driver."""

import sys

from codemods.migrate import main

sys.exit(main())
