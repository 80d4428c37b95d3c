"""The torch hook: registration before TORCH_LOGS, clashes, never breaking import torch, autoload off."""

from __future__ import annotations

from collections import Counter

from runtime_support import DRIVER, messages, run_python

from et_log_runtime import names as components
from et_log_runtime.startup import PTH_LINE
from et_log_runtime.torch_trace import QNAMES, covering

NO_AUTOLOAD = {"TORCH_DEVICE_BACKEND_AUTOLOAD": "0"}


def test_all_our_names_reach_torch_without_clash(run) -> None:
    code = """
        import torch
        from torch._logging._internal import log_registry as reg
        from et_log_runtime import get_logger, names as components
        get_logger(__name__)  # a use registers nothing: nobody asked for ExecuTorch's names
        assert "executorch" not in reg.log_alias_to_log_qnames
        from et_log_runtime import set_logs
        set_logs()  # naming none registers none: nobody asked for one
        assert "executorch" not in reg.log_alias_to_log_qnames
        set_logs(**dict.fromkeys([*components.COMPONENTS, *components.ARTIFACTS]))  # all asked
        for name, qnames in components.COMPONENTS.items():
            assert reg.log_alias_to_log_qnames[name] == list(qnames), name
        for name in components.ARTIFACTS:
            assert name in reg.artifact_names and name in reg.off_by_default_artifact_names, name
        print("ok")
    """
    proc = run(code)
    assert proc.stdout.split() == ["ok"], proc.stderr
    assert "et_log_runtime:" not in proc.stderr


def test_table_covers_every_backend_folder() -> None:
    assert {"xnnpack", "arm", "qualcomm", "nxp", "coreml", "mps", "vulkan", "cadence"} <= set(
        components.COMPONENTS
    )
    assert components.COMPONENTS["coreml"] == ("executorch.backends.apple.coreml",)
    assert "executorch.backends.transforms" in components.COMPONENTS["executorch"]
    assert QNAMES[covering("executorch.backends.transforms.x")] == "executorch"
    assert QNAMES[covering("executorch.backends.xnnpack.a.b")] == "xnnpack"
    assert QNAMES[covering("executorch.exir.passes")] == "executorch"
    assert covering("torch._dynamo") == ""


def test_clash_with_torch_name_is_an_error_and_nothing_overwritten(run) -> None:
    """torch (or someone) already owns 'xnnpack': set_logs says so and keeps theirs; the hook,
    inside `import torch`, says it in one line and `import torch` goes on."""
    code = """
        import torch
        internal = torch._logging._internal
        internal.register_log("xnnpack", "somebody.else")
        from et_log_runtime import set_logs
        try:
            set_logs("+xnnpack")
        except ValueError as exc:
            print("ValueError", exc)
        print(internal.log_registry.log_alias_to_log_qnames["xnnpack"])
    """
    proc = run(code, **NO_AUTOLOAD)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "ValueError torch's logging already has the names ['xnnpack']",
        "['somebody.else']",
    ]


def test_a_second_copy_of_the_runtime_registers_quietly(run) -> None:
    """ExecuTorch vendors the runtime and et-log is installed too: both register the same
    names for the same loggers; that is no clash, and nothing is said."""
    code = """
        import torch
        from et_log_runtime import state
        state.STATE.register()
        state.STATE.torch = None  # as the other copy's own state
        state.STATE.register()
        print(torch._logging._internal.log_registry.log_alias_to_log_qnames["xnnpack"])
    """
    proc = run(code, **NO_AUTOLOAD)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["['executorch.backends.xnnpack']"]
    assert proc.stderr == ""


# A hook that fails, and torch internals that are missing: et_log_runtime/test/test_logging.py
# (TestImportTorchNeverBreaks), which travels with the vendored runtime.


def test_autoload_disabled_without_startup_hook(run) -> None:
    # TORCH_LOGS naming our components cannot work: torch's own error, documented in docs/runtime.md
    proc = run("import torch", TORCH_LOGS="+xnnpack", **NO_AUTOLOAD)
    assert proc.returncode != 0
    assert "Invalid log settings: +xnnpack" in proc.stderr
    # without TORCH_LOGS everything else works: names register lazily on first get_logger
    code = DRIVER + "from et_log_runtime import set_logs\nset_logs('+xnnpack')\nq.run()\n"
    proc = run(code, **NO_AUTOLOAD)
    assert proc.returncode == 0, proc.stderr
    expected = ["exir-warning", "exir-error", "xnn-warning", "xnn-error"]
    expected += ["xnn-debug", "xnn-info", "xnn-warning", "xnn-error"]
    assert messages(proc.stderr) == expected


def test_autoload_disabled_with_startup_hook(run, tmp_path) -> None:
    # the opt-in .pth line, processed by site exactly as at interpreter start
    (tmp_path / "et_log_runtime_startup.pth").write_text(PTH_LINE, encoding="utf-8")
    code = f"import site; site.addsitedir({str(tmp_path)!r})\n" + DRIVER
    proc = run(code, TORCH_LOGS="+xnnpack,xnnpack_graph", **NO_AUTOLOAD)
    assert proc.returncode == 0, proc.stderr
    expected = ["exir-warning", "exir-error", "xnn-debug", "xnn-info", "xnn-warning", "xnn-error"]
    assert Counter(messages(proc.stderr)) == Counter([*expected, "xnn-graph"])


def test_startup_hook_is_inert_without_torch_logs(run, tmp_path) -> None:
    (tmp_path / "et_log_runtime_startup.pth").write_text(PTH_LINE, encoding="utf-8")
    code = f"""
        import site, sys
        site.addsitedir({str(tmp_path)!r})
        print(any("et_log_runtime" in m for m in sys.modules), len(sys.meta_path))
    """
    baseline = run("import sys; print(False, len(sys.meta_path))")
    proc = run(code)
    assert proc.stdout == baseline.stdout, proc.stderr


def test_startup_hook_install_and_uninstall(monkeypatch, tmp_path) -> None:
    from et_log_runtime import __main__ as cli
    from et_log_runtime import startup

    target = tmp_path / startup.PTH_NAME
    monkeypatch.setattr(startup, "_pth_path", lambda: str(target))
    assert cli.main(["install-startup-hook"]) == 0
    assert target.read_text(encoding="utf-8") == PTH_LINE
    assert startup.uninstall() == str(target) and not target.exists()
    assert startup.uninstall() is None


def test_names_command_lists_components(run) -> None:
    proc = run("from et_log_runtime.__main__ import main; main(['names'])")
    assert proc.returncode == 0, proc.stderr
    first = {line.split()[0] for line in proc.stdout.splitlines()}
    assert first == set(components.COMPONENTS) | set(components.ARTIFACTS)
    assert "xnnpack_graph" in proc.stdout


def test_import_is_stdlib_only_and_cheap(run) -> None:
    code = """
        import sys
        before = set(sys.modules)
        from et_log_runtime import get_artifact_logger, get_logger, set_logs
        new = {m.split(".")[0] for m in set(sys.modules) - before}
        foreign = sorted(new - set(sys.stdlib_module_names) - {"et_log_runtime"})
        print(foreign, "torch" in sys.modules)
    """
    proc = run(code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["[]", "False"]


def test_modules_imported_before_torch(run) -> None:
    # get_logger / get_artifact_logger before torch exists: torch adopts them when it registers us
    code = """
        import executorch.exir.passes.p as p
        import executorch.backends.xnnpack.partition.q as q
        import torch
        p.run()
        q.run()
    """
    off = run(code)
    on = run(code, TORCH_LOGS="+executorch,xnnpack_graph")
    assert off.returncode == 0 and on.returncode == 0, off.stderr + on.stderr
    assert messages(off.stderr) == ["exir-warning", "exir-error", "xnn-warning", "xnn-error"]
    exir = ["exir-debug", "exir-info", "exir-warning", "exir-error"]
    assert messages(on.stderr) == [*exir, "xnn-warning", "xnn-error", "xnn-graph"]


def test_autoload_disabled_executorch_as_package_path(run) -> None:
    """torch accepts 'executorch' as a package path (the whole tree, backends included), as it
    did before ExecuTorch had a runtime: torch owns the tree, ours registers nothing below it
    and says nothing (review 14, F1: each line once, no line of ours)."""
    proc = run(DRIVER, TORCH_LOGS="+executorch", **NO_AUTOLOAD)
    assert proc.returncode == 0, proc.stderr
    assert not [line for line in proc.stderr.splitlines() if line.startswith("et_log_runtime:")]
    assert Counter(messages(proc.stderr)) == Counter(
        ["exir-debug", "exir-info", "exir-warning", "exir-error"]
        + ["xnn-debug", "xnn-info", "xnn-warning", "xnn-error"]
    )


WALKED = {  # packages torch imports to walk `executorch` for a module path, one of them migrated
    "executorch/__init__.py": "",
    "executorch/backends/__init__.py": "",
    "executorch/backends/xnnpack/__init__.py": (
        "from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n"
    ),
}


def test_torch_s_walk_of_the_module_path_registers_nothing(tmp_path) -> None:
    """Review 14, F1: inside `import torch`, torch imports ExecuTorch's packages to walk the
    `executorch` module path; registering our names then made `-executorch,-xnnpack` pass where
    it failed, and printed each of XNNPACK's records twice under `+executorch`. Without torch's
    hook, `import torch` answers as it did with no runtime, and each record prints once."""
    for rel, text in WALKED.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    code = "import torch\nfrom executorch.backends import xnnpack\nxnnpack.logger.debug('once')\n"
    proc = run_python(code, tmp_path, {"TORCH_LOGS": "+executorch", **NO_AUTOLOAD})
    assert proc.returncode == 0 and messages(proc.stderr) == ["once"], proc.stderr
    refused = run_python(
        "import torch", tmp_path, {"TORCH_LOGS": "-executorch,-xnnpack", **NO_AUTOLOAD}
    )
    assert refused.returncode != 0 and "Invalid log settings" in refused.stderr, refused.stderr


A_MODULE_IN_TORCH_LOGS = """
import logging, sys
logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="APP %(message)s")
import torch
import executorch.exir.passes.p as p
p.run()
print("registered", "executorch" in torch._logging._internal.log_registry.log_alias_to_log_qnames)
"""


def test_a_module_named_in_torch_logs_leaves_executorch_s_loggers_to_the_application(
    run,
) -> None:
    """`TORCH_LOGS=+dynamo,json`: `json` is a module torch logs as a path, not a name it refuses;
    nothing of ExecuTorch's is asked for, so its loggers stay the application's (its INFO line
    reaches the application's handler) and torch has set none of them up."""
    proc = run(A_MODULE_IN_TORCH_LOGS, TORCH_LOGS="+dynamo,json")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "APP exir-info" in lines and "APP exir-warning" in lines, proc.stdout + proc.stderr
    typo = run(A_MODULE_IN_TORCH_LOGS, TORCH_LOGS="+dynamo,xnnpak")  # a typo torch refuses
    assert typo.returncode != 0 and "Invalid log settings: +dynamo,xnnpak" in typo.stderr
