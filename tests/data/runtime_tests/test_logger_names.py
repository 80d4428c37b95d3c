"""A stand-in for the runtime's traveling tests (et_log_runtime/test/), for vendoring's tests.

Written as the runtime's tests are: a unittest module importing the runtime by its name, which
vendoring rewrites to the vendored package's. It checks what holds under either name.
"""

import logging
import unittest

from et_log_runtime.loggers import get_logger
from et_log_runtime.components import COMPONENTS


class LoggerNamesTest(unittest.TestCase):
    def test_a_backend_module_logs_under_its_own_name(self) -> None:
        logger = get_logger("executorch.backends.xnnpack.partition.probe")
        self.assertIsInstance(logger, logging.Logger)
        self.assertEqual(logger.name, "executorch.backends.xnnpack.partition.probe")

    def test_the_runtime_is_the_package_this_test_imports(self) -> None:
        self.assertEqual(get_logger.__module__, "et_log_runtime.loggers")
        self.assertIn("executorch", COMPONENTS)


if __name__ == "__main__":
    unittest.main()
