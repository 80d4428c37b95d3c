"""Stage 2, analyse: the module's sites come from `lint_rules.detector.analyse` (one parse); here,
the tests in the tree that assert on a site's message (`test_refs`)."""
