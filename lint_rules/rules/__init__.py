"""Site kinds ETL001-ETL007: one module each (filled by the lint_rules issue)."""
