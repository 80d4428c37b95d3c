"""`python -m codemods.vendor`: the runtime as the checkout's own `executorch.logs`."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from codemods.vendor import text
from codemods.vendor.buck import package_targets
from codemods.vendor.command import RUNTIME_DIR, main, vendor
from codemods.vendor.runtime import hook_source, runtime_modules

MODULE = "executorch.logs"
STAND_IN_TESTS = Path(__file__).resolve().parents[1] / "data" / "runtime_tests"


@pytest.fixture()
def runtime(tmp_path: Path) -> Path:
    """The runtime with its tests and the stand-in test (tests/data/runtime_tests)."""
    copy = tmp_path / "runtime" / "et_log_runtime"
    shutil.copytree(RUNTIME_DIR, copy, ignore=shutil.ignore_patterns("__pycache__"))
    hook = hook_source(RUNTIME_DIR)
    shutil.copy2(hook, copy.parent / hook.name)
    (copy / "test").mkdir(exist_ok=True)
    shutil.copy2(STAND_IN_TESTS / "test_logger_names.py", copy / "test")
    return copy


def _snapshot(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def test_the_vendored_modules_are_those_the_api_imports_and_the_hook_sits_beside(
    sample_copy: Path,
) -> None:
    done = vendor(sample_copy, formatted=False)
    folder = sample_copy / "logs"
    written = sorted(p.stem for p in folder.glob("*.py"))
    assert written == runtime_modules(RUNTIME_DIR)
    assert set(written) == {"__init__", "names", "state", "torch_api"}  # et-log's own stay out
    assert done.status["logs_hook.py"] == "created"
    hook = (sample_copy / "logs_hook.py").read_text(encoding="utf-8")
    assert 'RUNTIME = "executorch.logs"' in hook and "et_log_runtime" not in hook


def test_vendored_files_read_as_the_checkout_s_own_code(sample_copy: Path) -> None:
    vendor(sample_copy, formatted=False)
    for path in (sample_copy / "logs").glob("*.py"):
        body = path.read_text(encoding="utf-8")
        assert body.startswith("# Copyright (c) Meta Platforms"), path
        assert "et-log" not in body and "do not edit" not in body.lower(), path  # no tool header
        for node in ast.walk(ast.parse(body)):
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                assert not (node.module or "").startswith(("et_log_runtime", "executorch")), path
        assert "et_log_runtime" not in body, path


def test_derivation_follows_lazy_tables_and_skips_unimported_modules(tmp_path: Path) -> None:
    (tmp_path / "__init__.py").write_text(
        "import importlib\n_HOME = {'get': 'loggers', 'ask': 'control'}\n"
        "def __getattr__(name):\n"
        "    return getattr(importlib.import_module(f'.{_HOME[name]}', __name__), name)\n"
    )
    (tmp_path / "hook.py").write_text("def register():\n    from . import sync\n")
    (tmp_path / "loggers.py").write_text("from .registry import LOCK\n")
    (tmp_path / "control.py").write_text("if False:\n    from .types import T\n")
    for name in ("sync", "registry", "types", "startup", "cli"):
        (tmp_path / f"{name}.py").write_text("from . import cli\n" if name == "startup" else "")
    assert runtime_modules(tmp_path) == ["__init__", "control", "loggers", "registry", "types"]


def test_a_computed_import_without_a_table_is_refused(tmp_path: Path) -> None:
    (tmp_path / "__init__.py").write_text("import importlib\nimportlib.import_module(NAME)\n")
    with pytest.raises(text.VendorError, match="__init__.py: imports a computed module name"):
        runtime_modules(tmp_path)


def test_the_tests_travel_with_the_runtime_importing_it_by_its_new_name(
    sample_copy: Path, runtime: Path
) -> None:
    vendor(sample_copy, formatted=False, runtime=runtime)
    tests = sample_copy / "logs" / "test"
    assert {"__init__.py", "test_logger_names.py"} <= {p.name for p in tests.glob("*.py")}
    body = (tests / "test_logger_names.py").read_text(encoding="utf-8")
    assert f"from {MODULE} import get_logger" in body and "et_log_runtime" not in body
    assert body.startswith("# Copyright (c) Meta Platforms")
    ini = (sample_copy / "pytest.ini").read_text(encoding="utf-8")
    assert "    # logs\n    logs/test\n" in ini
    targets = {t.name: t for t in package_targets(sample_copy / "logs")}
    assert targets["lib"].srcs.lists("names.py") and targets["lib"].srcs.lists("__init__.py")
    assert targets["test"].srcs.lists("test/test_logger_names.py")
    assert targets["test"].call.deps is not None and targets["test"].call.deps[0] == ":lib"
    assert targets["test"].call.kind == "runtime.python_test"


def test_a_test_running_torch_in_a_child_makes_the_test_target_depend_on_torch(
    sample_copy: Path, runtime: Path
) -> None:
    child = 'import subprocess, sys\n\nCODE = """\n    import logging, torch\n"""\n'
    (runtime / "test" / "test_child.py").write_text(child)
    vendor(sample_copy, formatted=False, runtime=runtime)
    targets = {t.name: t for t in package_targets(sample_copy / "logs")}
    assert targets["test"].call.deps is not None and "//caffe2:torch" in targets["test"].call.deps
    assert targets["lib"].call.deps is None  # the runtime itself never imports torch


def test_vendored_tests_pass_without_et_log(sample_copy: Path, runtime: Path) -> None:
    vendor(sample_copy, formatted=False, runtime=runtime)
    block = sample_copy.parent / "block"
    block.mkdir()
    (block / "sitecustomize.py").write_text(
        "import sys\n\nclass _B:\n    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('et_log_runtime', 'codemods', 'libcst'):\n"
        "            raise ModuleNotFoundError(name)\n\nsys.meta_path.insert(0, _B())\n"
    )
    path = f"{sample_copy.parent}{os.pathsep}{block}"
    env = {**os.environ, "PYTHONPATH": path, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    tests = "executorch/logs/test/test_logger_names.py"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", tests],
        cwd=sample_copy.parent,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "2 passed" in run.stdout


def test_a_test_using_the_runtime_by_name_or_an_unvendored_module_is_refused(
    sample_copy: Path, runtime: Path
) -> None:
    bad = runtime / "test" / "test_bad.py"
    bad.write_text("import et_log_runtime\n\nx = et_log_runtime.get_logger\n")
    with pytest.raises(text.VendorError, match=r"test_bad.py:3: uses et_log_runtime by name"):
        vendor(sample_copy, formatted=False, runtime=runtime)
    bad.write_text("from et_log_runtime.startup import arm\n")
    with pytest.raises(text.VendorError, match=r"test_bad.py:1: imports et_log_runtime.startup"):
        vendor(sample_copy, formatted=False, runtime=runtime)


def test_component_table_comes_from_the_checkout_s_backend_folders(sample_copy: Path) -> None:
    (sample_copy / "backends" / "apple" / "mps").mkdir(parents=True)
    (sample_copy / "backends" / "apple" / "mps" / "__init__.py").write_text("")
    (sample_copy / "backends" / "example").mkdir()
    (sample_copy / "backends" / "example" / "demo.py").write_text("")
    vendor(sample_copy, formatted=False)
    namespace: dict[str, object] = {}
    source = (sample_copy / "logs" / "names.py").read_text(encoding="utf-8")
    exec(compile(source, "names.py", "exec"), namespace)
    components = namespace["COMPONENTS"]
    assert isinstance(components, dict)
    assert {"arm", "xnnpack", "coreml", "mps", "vulkan"} <= components.keys()
    assert "example" not in components and "transforms" not in components
    assert components["mps"] == ("executorch.backends.apple.mps",)


MLX_LOGGING = """\
import logging

logger = logging.getLogger("executorch.backends.mlx")
logger.setLevel(logging.INFO)
logger.propagate = False
if not logger.handlers:
    logger.addHandler(logging.StreamHandler())
"""


def _components(root: Path) -> dict[str, object]:
    namespace: dict[str, object] = {}
    source = (root / "logs" / "names.py").read_text(encoding="utf-8")
    exec(compile(source, "names.py", "exec"), namespace)
    components = namespace["COMPONENTS"]
    assert isinstance(components, dict)
    return components


def test_a_backend_that_sets_its_own_logger_up_is_no_component(sample_copy: Path) -> None:
    """ExecuTorch's backends/mlx/_logging.py: its own handler and propagation on
    `executorch.backends.mlx`. As a component, torch's handler beside MLX's would print each
    line twice and torch's levels would override MLX's documented ones: it is left out."""
    vendor(sample_copy, formatted=False)
    assert "mlx" in _components(sample_copy)  # the control: a plain backend folder
    (sample_copy / "backends" / "mlx" / "_logging.py").write_text(MLX_LOGGING)
    shutil.rmtree(sample_copy / "logs")  # a vendored copy is never rewritten: vendor afresh
    done = vendor(sample_copy, formatted=False)
    assert "mlx" not in _components(sample_copy) and "xnnpack" in _components(sample_copy)
    assert done.not_components == [("mlx", "backends/mlx/", "backends/mlx/_logging.py")]


def test_a_backend_that_is_no_component_is_not_migrated_and_the_report_says_why(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    """No commit may advertise TORCH_LOGS=mlx while mlx is no component: its files stay as they
    are, and the report names the folder and why."""
    from codemods.migrate import main

    (sample_copy / "backends" / "mlx" / "_logging.py").write_text(MLX_LOGGING)
    before = (sample_copy / "backends" / "mlx" / "partitioner.py").read_bytes()
    report = tmp_path / "pr.md"
    monkeypatch.chdir(sample_copy)
    assert main(["--vendor", "exir", "backends", "-q", "-j", "1", "--report", str(report)]) == 0
    assert (sample_copy / "backends" / "mlx" / "partitioner.py").read_bytes() == before
    text = report.read_text(encoding="utf-8")
    section = text.split("\n## Not migrated\n", 1)[1].split("\n## ", 1)[0]
    assert "`backends/mlx/`: backends/mlx/_logging.py sets up mlx's logger itself" in section
    assert "### mlx (" not in text and "| mlx |" not in text


def test_once_vendored_the_copy_is_the_checkout_s_own_and_is_kept(
    sample_copy: Path, capsys
) -> None:
    first = vendor(sample_copy)
    assert first.status["logs/BUCK"] == "created"
    edited = sample_copy / "logs" / "state.py"
    edited.write_text(edited.read_text(encoding="utf-8") + "\n# ExecuTorch's own change\n")
    before = _snapshot(sample_copy)
    again = vendor(sample_copy)
    assert again.status == {} and _snapshot(sample_copy) == before
    capsys.readouterr()
    assert main([str(sample_copy), "--check"]) == 0
    assert "kept: logs (the checkout's own copy)" in capsys.readouterr().out


def test_a_refusal_exits_1_naming_the_file(sample_copy: Path, runtime: Path, capsys) -> None:
    assert main([str(sample_copy / "missing")]) == 1
    assert "missing: no such folder" in capsys.readouterr().err
    (sample_copy / "pyproject.toml").write_text("[project\n")
    assert main([str(sample_copy), "--no-format"]) == 1
    assert "pyproject.toml: cannot parse" in capsys.readouterr().err
    shutil.rmtree(sample_copy / "logs", ignore_errors=True)
    (runtime / "state.py").write_text("def broken(:\n")
    with pytest.raises(text.VendorError, match=r"state.py:1: cannot parse"):
        vendor(sample_copy, runtime=runtime)


def test_the_runtime_is_linked_where_src_mirrors_the_first_level_folders(
    sample_copy: Path,
) -> None:
    mirror = sample_copy / "src" / "executorch"
    mirror.mkdir(parents=True)
    (mirror / "exir").symlink_to("../../exir")
    done = vendor(sample_copy, formatted=False)
    assert done.status["src/executorch/logs"] == "created"
    assert os.readlink(mirror / "logs") == "../../logs"
    assert (mirror / "logs" / "state.py").is_file()
    assert done.status["src/executorch/logs_hook.py"] == "created"


def test_trailing_comments_fit_and_keep_only_the_targets_noqa_codes() -> None:
    source = (
        "try:\n    pass\nexcept Exception:  # noqa: BLE001 - must never break import torch\n"
        "    setattr(a, 'b', c)  # noqa: B010 - " + "x" * 80 + "\n"
    )
    fitted = text.fit_comments(source, 88)
    assert fitted.splitlines() == [
        "try:",
        "    pass",
        "except Exception:  # must never break import torch",
        "    # " + "x" * 80,
        "    setattr(a, 'b', c)  # noqa: B010",
    ]


def test_code_that_imports_the_runtime_by_name_is_refused() -> None:
    with pytest.raises(text.VendorError, match="x.py:2: absolute import of et_log_runtime"):
        text.localize("import os\nfrom et_log_runtime import registry\n", MODULE, "x.py")


def test_the_vendored_runtime_works_under_another_name_without_et_log(tmp_path: Path) -> None:
    """Relative imports and names derived from the package: nothing reaches et_log_runtime."""
    root = tmp_path / "mypkg"
    (root / "backends" / "xnnpack").mkdir(parents=True)
    (root / "backends" / "xnnpack" / "__init__.py").write_text("")
    vendor(root, "mypkg.sub.logs", formatted=False)
    (root / "sub" / "__init__.py").write_text("")
    probe = (
        "import sys\n"
        "from mypkg.sub.logs import get_logger\n"
        "from mypkg.sub.logs.state import COMPONENTS, STATE\n"
        "log = get_logger('mypkg.backends.xnnpack.x')\n"
        "print(STATE.__module__, 'et_log_runtime' in sys.modules)\n"
        "print(sorted(COMPONENTS))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "mypkg.sub.logs.state False",
        "['executorch', 'xnnpack']",
    ]


def test_component_table_tuples_carry_no_magic_trailing_comma() -> None:
    """The formatter joins a short backend tuple on one line; a single name stays a tuple."""
    from codemods.vendor.runtime import component_table

    text = 'BACKENDS: tuple[str, ...] = ("x",)\nAPPLE_BACKENDS: tuple[str, ...] = ()\n'
    filled = component_table(text, ["arm", "xnnpack"], ["mps"], "components.py")
    assert '(\n    "arm",\n    "xnnpack"\n)\n' in filled, filled
    assert 'APPLE_BACKENDS: tuple[str, ...] = ("mps",)\n' in filled, filled
    namespace: dict[str, object] = {}
    exec(compile(filled, "components.py", "exec"), namespace)
    assert namespace["BACKENDS"] == ("arm", "xnnpack") and namespace["APPLE_BACKENDS"] == ("mps",)


# ExecuTorch main's backend folders (cff6f4dd): each is one line of the vendored names table
MAIN_BACKENDS = (
    "aoti arm cadence cortex_m cuda mediatek mlx native nxp openvino qualcomm samsung vulkan "
    "webgpu xnnpack apple/coreai apple/coreml apple/metal apple/mps"
).split()


def test_the_vendored_package_is_small_on_a_tree_with_main_s_backends(
    sample_copy: Path,
) -> None:
    """What ExecuTorch owns reads in one sitting (its tests aside); the hook, its own pull
    request, is a few lines."""
    for folder in MAIN_BACKENDS:
        (sample_copy / "backends" / folder).mkdir(parents=True, exist_ok=True)
        (sample_copy / "backends" / folder / "__init__.py").touch()
    vendor(sample_copy)
    files = sorted((sample_copy / "logs").glob("*.py"))
    lines = sum(len(f.read_text(encoding="utf-8").splitlines()) for f in files)
    assert lines < 400, {f.name: len(f.read_text(encoding="utf-8").splitlines()) for f in files}
    hook = (sample_copy / "logs_hook.py").read_text(encoding="utf-8").splitlines()
    assert len(hook) < 50, len(hook)


def test_the_runtime_s_readme_travels_with_it_under_its_vendored_name(sample_copy: Path) -> None:
    """The package documents itself in ExecuTorch's tree: no comment or docstring of the
    vendored code has to point at et-log's docs."""
    vendor(sample_copy, formatted=False)
    readme = (sample_copy / "logs" / "README.md").read_text(encoding="utf-8")
    assert readme.startswith("# executorch.logs:") and "et_log_runtime" not in readme
    assert "TORCH_LOGS=+executorch.backends.xnnpack" in readme
    for path in (sample_copy / "logs").rglob("*.py"):
        assert "docs/" not in path.read_text(encoding="utf-8"), path
