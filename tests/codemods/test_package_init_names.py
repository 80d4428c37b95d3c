"""A package's `__init__.py` gets the private `_logger` and the runtime's functions under private
aliases, so the package's namespace gains no public name and its `__all__` stays as it was (the
shape: `backends/arm/quantizer/__init__.py` on ExecuTorch main, and a package with `__all__`)."""

from __future__ import annotations

import ast

import pytest

from codemods.pipeline import migrate_source
from lint_rules import Config

CONFIG = Config()

# backends/arm/quantizer/__init__.py on ExecuTorch main (imports shortened)
ARM_QUANTIZER_INIT = '''"""Expose quantizer APIs and load optional quantized kernels."""

from .quantization_config import QuantizationConfig  # noqa  # usort: skip
from .arm_quantizer import (  # noqa
    EthosUQuantizer,
    TOSAQuantizer,
)

# Used in tests
from .arm_quantizer_utils import is_annotated  # noqa

# Load quantized ops library.
try:
    import executorch.extension.pybindings.portable_lib
    import executorch.kernels.quantized  # noqa
except:
    import logging

    logging.info(
        "Failed to load portable_lib and quantized_aot_lib. To run quantized kernels AOT, either build "
        "Executorch with pybindings, or load your own custom built op library using torch.ops.load_library."
    )
    del logging
'''

GENERIC_INIT = '''"""A package whose API is its __all__."""

import logging
import warnings

from .core import run

__all__ = ["run", "setup"]


def setup(path):
    if not path:
        warnings.warn("no path given: using the default", RuntimeWarning)
    logging.info("setting up %s", path)
'''


def _public(text: str) -> set[str]:
    """The public names a module binds at its top level."""
    names = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
    return {name for name in names if not name.startswith("_")}


def _all(text: str) -> object:
    for stmt in ast.parse(text).body:
        if isinstance(stmt, ast.Assign) and ast.unparse(stmt.targets[0]) == "__all__":
            return ast.literal_eval(stmt.value)
    return None


@pytest.mark.parametrize(
    ("path", "source", "imported"),
    [
        ("executorch/backends/arm/quantizer/__init__.py", ARM_QUANTIZER_INIT, "get_logger"),
        ("executorch/exir/example_pkg/__init__.py", GENERIC_INIT, "get_logger"),
    ],
)
def test_a_package_init_gains_no_public_name(path: str, source: str, imported: str) -> None:
    result = migrate_source(source, path, CONFIG)
    left = [item.finding.code for item in result.review]
    assert result.error is None and result.rewritten and left in ([], ["ETL004"]), left
    new = result.new_text
    private = ", ".join(f"{n} as _{n}" for n in imported.split(", "))
    assert f"from et_log_runtime import {private}\n" in new
    assert "\n_logger = _get_logger(__name__)\n" in new
    assert _public(new) <= _public(source), _public(new) - _public(source)
    assert _all(new) == _all(source)
