"""Issue 21, class 7: one logger per module, no leftovers. ExecuTorch shapes: the MPS preprocessor
(a deprecation warning between two import runs, a `FORMAT` only its `basicConfig` read), Arm's
quantizer package (`import logging ... del logging` around an import-time log call), `_program.py`
(a late import after module code) and `portable_lib.py` (its own `logger`, bound after an
import-time call)."""

from __future__ import annotations

from codemods.pipeline import migrate_source
from lint_rules import Config

CONFIG = Config()

MPS = """import logging
import warnings

warnings.warn("The MPS backend is deprecated.", DeprecationWarning, stacklevel=2)

from typing import Dict

import torch

FORMAT = "[%(levelname)s %(asctime)s %(filename)s:%(lineno)s] %(message)s"
logging.basicConfig(level=logging.INFO, format=FORMAT)


class MPSBackend:
    def preprocess(self, program: Dict) -> None:
        logging.debug("Convert model to FP16")
"""


def test_the_logger_goes_after_the_imports_and_a_dead_format_goes_with_its_call() -> None:
    out = migrate_source(MPS, "executorch/backends/apple/mps/mps_preprocess.py", CONFIG).new_text
    assert out == (
        "import warnings\n\nfrom et_log_runtime import get_logger\n\n"
        'warnings.warn("The MPS backend is deprecated.", DeprecationWarning, stacklevel=2)\n\n'
        "from typing import Dict\n\nimport torch\n\nlogger = get_logger(__name__)\n\n\n"
        "class MPSBackend:\n    def preprocess(self, program: Dict) -> None:\n"
        '        logger.debug("Convert model to FP16")\n'
    )


def test_a_constant_still_read_elsewhere_or_exported_stays() -> None:
    read = MPS.replace(
        '        logging.debug("Convert', '        print(FORMAT)\n        logging.debug("Convert'
    )
    out = migrate_source(read, "executorch/backends/apple/mps/x.py", CONFIG).new_text
    assert "FORMAT = " in out and "basicConfig" not in out
    exported = MPS.replace("import torch\n", 'import torch\n\n__all__ = ["FORMAT"]\n')
    out = migrate_source(exported, "executorch/backends/apple/mps/x.py", CONFIG).new_text
    assert "FORMAT = " in out and "basicConfig" not in out


ARM_QUANTIZER = '''"""Arm quantizer."""

from .arm_quantizer import EthosUQuantizer  # noqa

try:
    import executorch.kernels.quantized  # noqa
except:
    import logging

    logging.info("Failed to load quantized_aot_lib.")
    del logging
'''


def test_an_import_only_its_del_still_used_goes_with_the_del() -> None:
    """Also: a package's `__init__` gets a private `_logger`, so the package's API (star import,
    attributes, a submodule named `logger`) gains nothing."""
    out = migrate_source(ARM_QUANTIZER, "executorch/backends/arm/quantizer/__init__.py", CONFIG)
    assert out.new_text == (
        '"""Arm quantizer."""\n\nfrom et_log_runtime import get_logger as _get_logger\n\n'
        "from .arm_quantizer import EthosUQuantizer  # noqa\n\n_logger = _get_logger(__name__)\n\n"
        "try:\n    import executorch.kernels.quantized  # noqa\nexcept:\n"
        '    _logger.info("Failed to load quantized_aot_lib.")\n'
    )
    module = migrate_source(ARM_QUANTIZER, "executorch/backends/arm/quantizer/utils.py", CONFIG)
    assert "\nlogger = get_logger(__name__)\n" in module.new_text


def test_a_trailing_comma_after_a_dropped_keyword_does_not_hold_the_call_open() -> None:
    """Qualcomm's package `__init__`: `print(<one line>, flush=True,)` exploded over four lines;
    without `flush` the call fits on one line, as ufmt would write it."""
    src = (
        "import os\n\nroot = os.getenv('QNN_SDK_ROOT')\nif root:\n    print(\n"
        '        f"[QNN] Using QNN SDK at {root} (from QNN_SDK_ROOT)",\n        flush=True,\n    )\n'
    )
    out = migrate_source(src, "executorch/backends/qualcomm/sdk.py", CONFIG)
    assert out.error is None
    assert '    logger.info(f"[QNN] Using QNN SDK at {root} (from QNN_SDK_ROOT)")\n' in out.new_text


PROGRAM = """import logging

import torch

Val = object

from typing import Any

edge_namespace = "EDGE_DO_NOT_DECOMP"

from executorch.exir._program_utils import _get_updated_graph_signature  # noqa: E402


def save(path: str) -> Any:
    logging.info("Saving to %s", path)
"""


def test_simple_statements_between_imports_do_not_end_the_import_block() -> None:
    out = migrate_source(PROGRAM, "executorch/exir/program/_program.py", CONFIG).new_text
    lines = out.splitlines()
    last_import = max(i for i, line in enumerate(lines) if line.startswith(("import ", "from ")))
    assert lines.index("logger = get_logger(__name__)") == last_import + 2
    assert lines[last_import].startswith("from executorch.exir._program_utils")


def test_the_logger_goes_before_the_first_statement_that_needs_it_at_import_time() -> None:
    src = (
        "import os\n\ntry:\n    import torch\nexcept ImportError:\n"
        '    logging.warning("no torch")\n\nimport logging\nimport sys\n'
    )
    out = migrate_source(src, "executorch/exir/x.py", CONFIG).new_text
    lines = out.splitlines()
    assert lines.index("logger = get_logger(__name__)") < lines.index("try:")
    assert '    logger.warning("no torch")' in lines


PORTABLE_LIB = """import logging
import os

logging.info("loading the extension")

import torch as _torch

logger = logging.getLogger(__name__)


def _load(path):
    logging.warning("cannot load %s", path)
"""


def test_the_modules_own_logger_is_reused_never_a_second_one(snapshot) -> None:
    result = migrate_source(PORTABLE_LIB, "executorch/extension/pybindings/portable_lib.py", CONFIG)
    snapshot(result.new_text)  # one `logger`; the call before it is bound is left as it was
    assert [r.finding.code for r in result.review] == ["ETL002"]


def test_an_inline_logger_used_to_set_a_level_stays_a_call_and_a_second_run_agrees() -> None:
    """Found by the robustness properties: made the module logger, `getLogger(__name__)
    .setLevel(...)` turned into an override ETL006 removes on a second run."""
    src = "import logging\n\nx = 1; logging.getLogger(__name__).setLevel(logging.DEBUG); y = 2\n"
    first = migrate_source(src, "executorch/exir/x.py", CONFIG)
    assert "get_logger(__name__).setLevel(logging.DEBUG)" in first.new_text
    again = migrate_source(first.new_text, "executorch/exir/x.py", CONFIG)
    assert again.new_text == first.new_text and not again.rewritten


EXPORT_EXAMPLE = """import logging

import torch

from .utils import save_pte_program


FORMAT = "[%(levelname)s %(asctime)s %(filename)s:%(lineno)s] %(message)s"
logging.basicConfig(level=logging.INFO, format=FORMAT)


def export_model(model):
    logging.debug("Created work directory")
    save_pte_program(model)
"""


def test_blank_lines_around_removed_statements_do_not_add_up() -> None:
    """Cadence's export_example.py: two blank lines before the removed FORMAT and basicConfig,
    two after; black keeps two, so must the rewrite (ExecuTorch's UFMT gate)."""
    out = migrate_source(EXPORT_EXAMPLE, "executorch/backends/cadence/aot/x.py", CONFIG).new_text
    assert out == (
        "import torch\nfrom et_log_runtime import get_logger\n\n"
        "from .utils import save_pte_program\n\nlogger = get_logger(__name__)\n\n\n"
        'def export_model(model):\n    logger.debug("Created work directory")\n'
        "    save_pte_program(model)\n"
    )


def test_the_comment_about_a_removed_line_goes_with_it(snapshot) -> None:
    """A comment right above a removed `basicConfig` would describe nothing; a comment a blank
    line away stays."""
    src = (
        "import logging\n\n# Logger for progress of long evaluations\n"
        "logger = logging.getLogger(__name__)\n\n# Section: setup\n\n"
        "# Show INFO by default\nlogging.basicConfig(level=logging.INFO)\n\n\n"
        "class Evaluator:\n    pass\n"
    )
    snapshot(migrate_source(src, "executorch/backends/arm/util/evaluator.py", CONFIG).new_text)


def test_a_documented_level_stays_with_its_comment() -> None:
    """Arm's model evaluator: `# Explicitly set logging level: MLETORCH-893` above
    `logger.setLevel(logging.INFO)`: the level users rely on is not removed (ETL006 review)."""
    src = (
        "import logging\n\nlogger = logging.getLogger(__name__)\n"
        "# Explicitly set logging level: MLETORCH-893\nlogger.setLevel(logging.INFO)\n"
    )
    out = migrate_source(src, "executorch/backends/arm/util/evaluator.py", CONFIG)
    assert out.new_text.endswith(
        "logger = get_logger(__name__)\n"
        "# Explicitly set logging level: MLETORCH-893\nlogger.setLevel(logging.INFO)\n"
    )
    assert [r.finding.code for r in out.review] == ["ETL006"]
    assert "MLETORCH-893" in out.review[0].review.reason


def test_a_file_header_above_a_removed_line_stays() -> None:
    src = "# Copyright (c) Sample Authors.\nimport logging\n# configure\nlogging.basicConfig()\n"
    out = migrate_source(src, "executorch/exir/x.py", CONFIG).new_text
    assert out.startswith("# Copyright (c) Sample Authors.\n") and "# configure" not in out
