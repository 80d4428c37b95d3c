"""The codemod's rewrite of each fixable site kind: one module each, `FIXES` by code.

Adding a fixable kind: write `etlNNN_<name>.py` exporting `FIX` (its `plan` turns a site into a
`SitePlan`, or a `Review`), list it here. The engine, the report and the libcst commands iterate over `FIXES`.
"""

from __future__ import annotations

from codemods.fixes.base import Fix, Names, SitePlan
from codemods.fixes.etl001_direct_get_logger import FIX as ETL001
from codemods.fixes.etl002_root_logger_call import FIX as ETL002
from codemods.fixes.etl003_print_to_stderr import FIX as ETL003
from codemods.fixes.etl004_diagnostic_warning import FIX as ETL004
from codemods.fixes.etl005_logging_config_in_library import FIX as ETL005
from codemods.fixes.etl006_adhoc_level_override import FIX as ETL006
from codemods.fixes.etl008_print_to_stdout import FIX as ETL008
from codemods.fixes.etl009_level_gate import FIX as ETL009

FIXES: dict[str, Fix] = {
    fix.code: fix for fix in (ETL001, ETL002, ETL003, ETL004, ETL005, ETL006, ETL008, ETL009)
}

__all__ = ["FIXES", "Fix", "Names", "SitePlan"]
