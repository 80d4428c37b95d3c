"""A stand-in for the runtime's traveling tests (et_log_runtime/test/), for vendoring's tests.

Written as the runtime's tests are: a unittest module importing the runtime by its name, which
vendoring rewrites to the vendored package's. It checks what holds under either name, with any
version of the runtime.
"""

import unittest

from et_log_runtime import get_logger
from et_log_runtime.names import COMPONENTS


class RuntimeNameTest(unittest.TestCase):
    def test_the_api_lives_in_the_package_this_test_imports(self) -> None:
        self.assertTrue(f"{get_logger.__module__}.".startswith("et_log_runtime."))

    def test_the_core_is_a_component(self) -> None:
        self.assertIn("executorch", COMPONENTS)


if __name__ == "__main__":
    unittest.main()
