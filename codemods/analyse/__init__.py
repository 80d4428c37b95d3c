"""Stage analyse: the module's sites come from `lint_rules.detector.analyse` (one parse; the
tests that assert on a site's output, from `lint_rules.capturing_tests`); here, what the module
binds (`names`: clash-free names, the imports a migration may drop)."""
