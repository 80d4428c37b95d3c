"""Which of the wheel's shipped tests the peer-test harness runs, and how they were chosen.

The released ExecuTorch wheel ships its own tests. ``peer_tests.py`` runs a slice of them before and
after the migration. The slice is:

* ``CORE``: the files issue 13 named (exir passes, warnings, pass infra, delegate; the XNNPACK
  partitioner and its passes), run whole;
* every shipped test file that touches logging capture or warnings (found by :func:`scan_package`)
  and can run here, run whole by the full script; the files that cannot run here are listed in
  ``CANNOT_RUN`` with the reason;
* the fast subset: only the capture-touching tests themselves (plus ``EXTRA_FAST``), by node id.

"Touches logging capture or warnings" means a test function or method whose body calls one of
``CAPTURE_CALLS`` (``assertLogs``, ``pytest.warns``, ``warnings.catch_warnings``, ``redirect_stdout``…),
takes one of ``CAPTURE_FIXTURES`` (``caplog``, ``capsys``, ``recwarn``…), attaches a handler of its own
(``addHandler``), or calls a helper of its own
file that does. Paths are relative to the ``executorch`` package directory.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

CAPTURE_CALLS = frozenset(
    {
        "assertLogs",
        "assertNoLogs",
        "assertWarns",
        "assertWarnsRegex",
        "warns",
        "deprecated_call",
        "catch_warnings",
        "redirect_stdout",
        "redirect_stderr",
        "addHandler",  # a handler of the test's own on a library logger
    }
)
CAPTURE_FIXTURES = frozenset(
    {"caplog", "capsys", "capfd", "capsysbinary", "capfdbinary", "recwarn"}
)
# shipped copies of other projects' test suites, not ExecuTorch's
SURVEY_EXCLUDES = ("third-party",)

CORE = (
    "exir/tests/test_passes.py",
    "exir/tests/test_warnings.py",
    "exir/tests/test_pass_infra.py",
    "exir/tests/test_delegate.py",
    "backends/xnnpack/test/test_xnnpack_partitioner.py",
    "backends/xnnpack/test/passes",
)

# issue 16: the shipped tests of the other backends whose partitioners run here, beside exir and
# XNNPACK (the Ethos-U flow runs Vela; the Vulkan passes and compile options; Core ML's quantizer;
# an OpenVINO op lowered end to end). Run whole by the full script and by ``--backends``.
BACKEND_SLICES = {
    "arm": ("backends/arm/test/public_api_bc",),
    "vulkan": (
        "backends/vulkan/test/test_vulkan_passes.py",
        "backends/vulkan/test/test_vulkan_compile_options.py",
    ),
    "coreml": ("backends/apple/coreml/test/test_coreml_quantizer.py",),
    "openvino": ("backends/openvino/tests/ops/test_add.py",),
}

_NXP = "needs eiq_neutron_sdk (NXP's Neutron SDK), which the package index does not serve"
# files (or single tests, by node id) that cannot run on this machine, with the reason
CANNOT_RUN = {
    "backends/nxp/tests/generic_tests/test_debug_results.py": _NXP,
    "backends/nxp/tests/generic_tests/test_node_format_inference.py": _NXP,
    "backends/nxp/tests/generic_tests/test_profiling.py": _NXP,
    "examples/llm_server/python/tests/test_session_runtime.py": (
        "its conftest needs the LLM server's stack (pydantic, fastapi, uvicorn, transformers); its "
        "logger lives in examples/, which the migration does not touch"
    ),
    "backends/apple/coreml/test/test_coreml_partitioner.py": (
        "needs torchvision; the package index's torchvision 0.28.0 is a CUDA build whose operators "
        "(torchvision::nms) do not load with the CPU torch 2.13.0 here"
    ),
    "backends/cuda/tests/test_sdpa_splitk_replacement.py": "needs a CUDA device (skips itself)",
    "backends/apple/coreai/test/test_preprocess.py::PortablePreprocessTest::"
    "test_inline_with_env_var_warns": (
        "CoreAIBackend.preprocess needs coreai_torch, whose coreai.authoring is Apple-only"
    ),
}

# logging tests that capture nothing but read what a library handler wrote
EXTRA_FAST = ("exir/tests/test_passes.py::TestPasses::test_debug_pass_file_log",)

# Regressions measured on the current codemod (issue 13); the fast test tolerates exactly these and
# fails when one of them starts passing, so the list cannot go stale.
KNOWN_REGRESSIONS: dict[str, str] = {}  # none: every shipped test that passed still passes


@dataclass(frozen=True)
class CaptureTest:
    """One shipped test that touches logging capture or warnings."""

    path: str  # relative to the executorch package, posix
    name: str  # "Class::method" or "function"
    line: int
    apis: tuple[str, ...]

    @property
    def node_id(self) -> str:
        return f"{self.path}::{self.name}"


def is_test_file(path: Path) -> bool:
    return path.suffix == ".py" and (path.name.startswith("test_") or path.stem.endswith("_test"))


def _apis_used(node: ast.AST) -> set[str]:
    found: set[str] = set()
    for child in ast.walk(node):
        if isinstance(child, ast.Call):
            func = child.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name in CAPTURE_CALLS:
                found.add(name)
        elif isinstance(child, ast.arg) and child.arg in CAPTURE_FIXTURES:
            found.add(child.arg)
    return found


def _called_names(node: ast.AST) -> set[str]:
    names: set[str] = set()
    for child in ast.walk(node):
        if isinstance(child, ast.Call):
            func = child.func
            if isinstance(func, ast.Attribute):
                names.add(func.attr)
            elif isinstance(func, ast.Name):
                names.add(func.id)
    return names


def _functions(tree: ast.Module) -> Iterator[tuple[str | None, ast.FunctionDef]]:
    """(class name or None, function) for every module-level function and method."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield None, node  # type: ignore[misc]
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield node.name, item  # type: ignore[misc]


def scan_source(source: str, rel: str) -> list[CaptureTest]:
    """The capture-touching tests of one test file (its helpers followed one call deep)."""
    tree = ast.parse(source)
    functions = list(_functions(tree))
    helpers = {
        func.name: apis
        for _, func in functions
        if not func.name.startswith("test") and (apis := _apis_used(func))
    }
    found = []
    for owner, func in functions:
        if not func.name.startswith("test"):
            continue
        apis = _apis_used(func)
        for called in _called_names(func) & helpers.keys():
            apis |= helpers[called]
        if apis:
            name = f"{owner}::{func.name}" if owner else func.name
            found.append(CaptureTest(rel, name, func.lineno, tuple(sorted(apis))))
    return found


def scan_package(package: Path) -> list[CaptureTest]:
    """Every capture-touching test shipped under ``package`` (third-party copies excluded)."""
    found: list[CaptureTest] = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package).as_posix()
        if not is_test_file(path) or any(part in rel for part in SURVEY_EXCLUDES):
            continue
        try:
            found.extend(scan_source(path.read_text(encoding="utf-8"), rel))
        except (SyntaxError, UnicodeDecodeError):
            continue
    return found


def runnable(tests: Iterable[CaptureTest]) -> list[CaptureTest]:
    return [
        test for test in tests if test.path not in CANNOT_RUN and test.node_id not in CANNOT_RUN
    ]


def capture_files(tests: Iterable[CaptureTest]) -> list[str]:
    """Files with a capture-touching test; run whole (a test excluded alone keeps its file)."""
    return sorted({test.path for test in tests if test.path not in CANNOT_RUN})


def full_targets(tests: Iterable[CaptureTest]) -> list[str]:
    """The full slice: the core files and every runnable capture-touching file, whole."""
    backends = backend_targets()
    extra = [path for path in capture_files(tests) if not _under_any(path, (*CORE, *backends))]
    return [*CORE, *backends, *extra]


def backend_targets() -> list[str]:
    """The backend slices (``BACKEND_SLICES``), in a stable order."""
    return [path for name in sorted(BACKEND_SLICES) for path in BACKEND_SLICES[name]]


def fast_targets(tests: Iterable[CaptureTest]) -> list[str]:
    """The fast subset: every runnable capture-touching test by node id, plus ``EXTRA_FAST``."""
    ids = [test.node_id for test in runnable(tests)]
    return sorted(set(ids) | set(EXTRA_FAST))


def _under_any(path: str, roots: Iterable[str]) -> bool:
    return any(path == root or path.startswith(root.rstrip("/") + "/") for root in roots)
