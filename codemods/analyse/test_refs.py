"""The test cross-reference lives in `lint_rules.test_refs` (stdlib), so that the lint and the
migration judge a site asserted by a test the same way; re-exported for the codemod's modules."""

from __future__ import annotations

from lint_rules.test_refs import TestRef, asserting_test, index_tests, is_test_file

__all__ = ["TestRef", "asserting_test", "index_tests", "is_test_file"]
