"""What an import-time side effect reaches: the modules of a tree that import a module directly,
through a package's `__init__`, or through another module (XNNPACK's partitioner, imported by
Vulkan's, Arm's and Cortex-M's code through `executorch.backends.xnnpack`)."""

from __future__ import annotations

from pathlib import Path

from codemods.analyse.importers import areas, importers_of


def _write(root: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


TREE = {
    "backends/xnnpack/__init__.py": "from .partition.xnnpack_partitioner import XnnpackPartitioner\n",
    "backends/xnnpack/partition/__init__.py": "",
    "backends/xnnpack/partition/xnnpack_partitioner.py": "import logging\nlogging.basicConfig()\n",
    "backends/xnnpack/utils/quant.py": "X = 1\n",
    # through the package's `__init__`: any submodule of it runs the partitioner's import
    "backends/vulkan/partitioner.py": "from executorch.backends.xnnpack.utils.quant import X\n",
    # through another area's module
    "backends/transforms/fuse.py": "from executorch.backends.vulkan import partitioner\n",
    "backends/arm/quantizer.py": "import executorch.backends.transforms.fuse\n",
    # names XNNPACK only in a string, and a test: neither reaches it
    "backends/cadence/ops.py": 'NAME = "executorch.backends.xnnpack"\n',
    "backends/mps/test/test_x.py": "from executorch.backends.xnnpack import XnnpackPartitioner\n",
}


def test_a_module_s_importers_are_found_through_packages_and_other_modules(tmp_path: Path) -> None:
    _write(tmp_path, TREE)
    found = importers_of(tmp_path, "backends/xnnpack/partition/xnnpack_partitioner.py")
    assert areas(found) == [
        "backends/arm",
        "backends/transforms",
        "backends/vulkan",
        "backends/xnnpack",
    ], found
    assert "backends/xnnpack/__init__.py" in found  # the package that imports it
    assert "backends/xnnpack/partition/xnnpack_partitioner.py" not in found  # not itself


def test_a_module_nothing_imports_has_no_importers(tmp_path: Path) -> None:
    _write(tmp_path, TREE)
    assert importers_of(tmp_path, "backends/cadence/ops.py") == []
