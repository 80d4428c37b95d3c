"""Benchmark of et_log_runtime; writes the ``bench:runtime`` section of docs/BENCHMARKS.md.

1. A disabled ``logger.debug`` through ``get_logger`` (a registered ExecuTorch component, torch
   loaded) against the anchor: the same call on a plain stdlib logger. Goal: ratio <= 1.1.
2. What our ``torch.backends`` hook adds to ``import torch``, with TORCH_LOGS unset (ExecuTorch
   installed but not used: the hook reads TORCH_LOGS and returns) and with TORCH_LOGS naming
   one of ours (every name registered), timed inside the real ``import torch`` in fresh
   interpreters, alternating with 0.1.0's hook (from git) as the anchor. Goal: <= 1 ms (on a quiet
   machine; the ratio to the anchor is what a loaded machine still shows).
3. ``warn`` at a site already shown (the warnings registry drops it: the loop case) against the
   anchor, the same ``warnings.warn`` call. Goal: ratio <= 2 (a Python-level call around the C
   one).
4. The opt-in ``.pth`` startup hook: what site processing of our line adds to interpreter start,
   against the anchor of processing an empty site dir, and 0.1.0's package doing the same.
   Goal: <= 0.5 ms.

Run: ``.venv/bin/python bench/runtime.py`` (takes a few minutes).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import timeit
from pathlib import Path

from et_log_docs.sections import write_section

ROOT = Path(__file__).resolve().parent.parent
RUNS = 15  # fresh interpreters per subprocess figure (medians)
PYCACHE = tempfile.mkdtemp(prefix="et-log-bench-pycache-")
# Fresh interpreters run from here, not from the work tree: `-c` puts the current directory first
# on sys.path, which would shadow the 0.1.0 package given in PYTHONPATH with the work tree's.
NEUTRAL = tempfile.mkdtemp(prefix="et-log-bench-cwd-")


def disabled_debug_ratio() -> tuple[float, float, float]:
    import logging

    import torch  # noqa: F401 - the realistic setting: our names registered into torch

    from et_log_runtime import get_logger

    ours = get_logger("executorch.exir.passes.bench")
    plain = logging.getLogger("bench.plain")
    plain.setLevel(logging.WARNING)
    assert not ours.isEnabledFor(logging.DEBUG) and not plain.isEnabledFor(logging.DEBUG)
    number, t_ours, t_plain = 50_000, [], []
    for i in range(41):  # paired rounds, order alternating, so drift and load hit both alike
        pair = [(t_plain, plain), (t_ours, ours)]
        for times, log in pair if i % 2 else pair[::-1]:
            times.append(timeit.timeit(lambda log=log: log.debug("x %s", 1), number=number))
    ratio = statistics.median(o / p for o, p in zip(t_ours, t_plain, strict=True))
    return min(t_ours) / number * 1e9, min(t_plain) / number * 1e9, ratio


RELEASED = "7685896"  # et-log 0.1.0, the anchor of the hook and startup-hook figures


def _quiet_logger(name: str):  # noqa: ANN202
    import logging

    log = logging.getLogger(name)
    log.addHandler(logging.NullHandler())
    log.propagate = False
    return log


def warn_ns() -> tuple[float, float, float]:
    """Per-call ns of a repeated (already shown) ``warn`` and of the same ``warnings.warn``; the
    median of the paired ratios (each pair timed back to back)."""
    import warnings

    from et_log_runtime import warn

    log = _quiet_logger("bench.warn")
    warnings.simplefilter("default")  # once per location: the loop case after the first call
    warnings.showwarning = lambda *args, **kwargs: None  # the first display stays silent

    def ours() -> None:
        warn(log, "node not partitioned", UserWarning)

    def anchor() -> None:
        warnings.warn("node not partitioned", UserWarning, stacklevel=1)

    number, times = 100_000, {ours: [], anchor: []}
    for i in range(41):
        for fn in (ours, anchor) if i % 2 else (anchor, ours):
            times[fn].append(timeit.timeit(fn, number=number) / number)
    paired = statistics.median(o / a for o, a in zip(times[ours], times[anchor], strict=True))
    return min(times[ours]) * 1e9, min(times[anchor]) * 1e9, paired


def _env(**extra: str) -> dict[str, str]:
    """Subprocess environment with bytecode caching on (as in any installed package)."""
    env = {
        k: v for k, v in os.environ.items() if k not in ("TORCH_LOGS", "PYTHONDONTWRITEBYTECODE")
    }
    env["PYTHONPYCACHEPREFIX"] = PYCACHE
    env.update(extra)
    return env


def _median_of_runs(code: str, env: dict[str, str]) -> list[float]:
    """Run ``code`` RUNS times (after one warm-up); median of each number it prints."""
    rows = []
    for i in range(RUNS + 1):
        out = subprocess.run(
            [sys.executable, "-c", code],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            cwd=NEUTRAL,
        ).stdout
        if i:
            rows.append([float(x) for x in out.split()])
    return [statistics.median(col) for col in zip(*rows, strict=True)]


# Times the real hook inside `import torch` (autoload on): torch's entry point loader finds the
# hook's module already imported and picks up the timed wrapper. HOOK names the module (ours:
# beside the package; 0.1.0's: inside it).
HOOK_CODE = """
import importlib, os, sys, time
t0, c0 = time.perf_counter(), time.thread_time()
hook = importlib.import_module(os.environ["HOOK"])
t_import, c_import = time.perf_counter() - t0, time.thread_time() - c0
real, calls = hook.register, []
def timed():
    t, c = time.perf_counter(), time.thread_time()
    real()
    calls.append((time.perf_counter() - t, time.thread_time() - c))
hook.register = timed
import torch
assert len(calls) == 1
t = time.perf_counter()
real()
again = time.perf_counter() - t
print((t_import + calls[0][0]) * 1e3, again * 1e3, (c_import + calls[0][1]) * 1e3)
"""


def _released_package(folder: str) -> str:
    """Extract 0.1.0's ``et_log_runtime`` (commit RELEASED) into ``folder``; returns it."""
    archive = subprocess.run(
        ["git", "archive", RELEASED, "et_log_runtime"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
    # its entry point, which this checkout's metadata no longer names: found first on the path
    info = Path(folder, "et_log-0.1.0.dist-info")
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: et-log\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text(
        "[torch.backends]\net_log = et_log_runtime.torch_hook:register\n"
    )
    return folder


def registration_ms(torch_logs: str | None) -> tuple[list[float], list[float]]:
    """Medians (ms) for our hook and for 0.1.0's, alternating fresh interpreters in one run:
    [wall added to ``import torch``, a second idempotent call, CPU time of the thread]."""
    extra = {} if torch_logs is None else {"TORCH_LOGS": torch_logs}
    with tempfile.TemporaryDirectory() as folder:
        old_root = _released_package(folder)
        envs = {
            "ours": _env(HOOK="et_log_runtime_hook", **extra),
            "0.1.0": _env(PYTHONPATH=old_root, HOOK="et_log_runtime.torch_hook", **extra),
        }
        rows: dict[str, list[list[float]]] = {"ours": [], "0.1.0": []}
        for i in range(RUNS + 1):
            for label in ("ours", "0.1.0") if i % 2 else ("0.1.0", "ours"):
                out = subprocess.run(
                    [sys.executable, "-c", HOOK_CODE],
                    env=envs[label],
                    cwd=NEUTRAL,
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout
                if i:
                    rows[label].append([float(x) for x in out.split()])
    ours, old = ([statistics.median(c) for c in zip(*rows[k], strict=True)] for k in rows)
    return ours, old


def pth_ms(torch_logs: str | None) -> tuple[float, float, float]:
    """Median ms of site-processing a dir holding only our .pth; the same with 0.1.0's package;
    an empty dir (anchor)."""
    from et_log_runtime.startup import PTH_LINE, PTH_NAME

    extra = {} if torch_logs is None else {"TORCH_LOGS": torch_logs}
    with (
        tempfile.TemporaryDirectory() as with_pth,
        tempfile.TemporaryDirectory() as empty,
        tempfile.TemporaryDirectory() as folder,
    ):
        old_root = _released_package(folder)
        Path(with_pth, PTH_NAME).write_text(PTH_LINE, encoding="utf-8")
        timings = {}
        for label, site_dir, env in (
            ("pth", with_pth, _env(**extra)),
            ("0.1.0", with_pth, _env(PYTHONPATH=old_root, **extra)),
            ("empty", empty, _env(**extra)),
        ):
            code = (
                "import time, site\n"
                "t = time.perf_counter()\n"
                f"site.addsitedir({site_dir!r})\n"
                "print((time.perf_counter() - t) * 1e3)\n"
            )
            timings[label] = _median_of_runs(code, env)[0]
    return timings["pth"], timings["0.1.0"], timings["empty"]


def main() -> None:
    load_before = os.getloadavg()[0]
    ns_ours, ns_plain, ratio = disabled_debug_ratio()
    warn_ours, warn_anchor, warn_ratio = warn_ns()
    (unset_first, unset_again, unset_cpu), (old_unset, _, old_unset_cpu) = registration_ms(None)
    (reg_first, _, reg_cpu), (old_first, _, old_cpu) = registration_ms("+xnnpack")
    pth_off, old_off, empty_off = pth_ms(None)
    pth_on, old_on, empty_on = pth_ms("+xnnpack")
    lines = [
        f"Measured by `python bench/runtime.py` (Python {sys.version.split()[0]}, torch "
        f"{sys.modules['torch'].__version__}); medians of {RUNS} fresh interpreters, in-process: "
        "best time of 41 alternating repeats. The machine is "
        f"shared: 1-minute load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after.",
        "",
        "| what | measured | anchor | result | goal |",
        "|---|---|---|---|---|",
        f"| disabled `logger.debug` via `get_logger` (registered component) | {ns_ours:.1f} ns "
        f"| plain stdlib logger: {ns_plain:.1f} ns | median paired ratio {ratio:.2f} | <= 1.1 |",
        f"| `warn` at a site already shown (the loop case: the warnings registry drops it) "
        f"| {warn_ours:.1f} ns | the same `warnings.warn`: {warn_anchor:.1f} ns | median paired "
        f"ratio {warn_ratio:.2f} | <= 2 |",
        f"| `torch.backends` hook inside `import torch`, TORCH_LOGS unset (ExecuTorch installed, "
        f"not used: the hook reads TORCH_LOGS and returns) | {unset_first:.3f} ms wall "
        f"({unset_cpu:.3f} ms CPU of the thread) | 0.1.0's hook, same run: {old_unset:.3f} ms "
        f"({old_unset_cpu:.3f} ms CPU) | ratio {unset_first / old_unset:.2f} | <= 1 ms |",
        f"| the same hook, `TORCH_LOGS=+xnnpack` (registers every name) | {reg_first:.3f} ms wall "
        f"({reg_cpu:.3f} ms CPU) | 0.1.0's hook, same run: {old_first:.3f} ms ({old_cpu:.3f} ms "
        f"CPU) | ratio {reg_first / old_first:.2f} | <= 1 ms on a quiet machine |",
        f"| the hook called again (idempotent) | {unset_again:.4f} ms | | | |",
        f"| opt-in `.pth` at startup, TORCH_LOGS unset | {pth_off:.3f} ms | empty site dir: "
        f"{empty_off:.3f} ms; 0.1.0's package: +{old_off - empty_off:.3f} ms "
        f"| +{pth_off - empty_off:.3f} ms | <= 0.5 ms |",
        f"| opt-in `.pth` at startup, TORCH_LOGS set (arms the finder) | {pth_on:.3f} ms "
        f"| empty site dir: {empty_on:.3f} ms; 0.1.0's package: +{old_on - empty_on:.3f} ms "
        f"| +{pth_on - empty_on:.3f} ms | <= 0.5 ms on a quiet machine (0.1.0: +0.305 ms) |",
    ]
    lines += [
        "",
        f"Goals: disabled debug {'met' if ratio <= 1.1 else 'NOT met'} ({ratio:.2f} <= 1.1); "
        f"`warn` at a seen site {'met' if warn_ratio <= 2 else 'NOT met'} ({warn_ratio:.2f} <= 2 "
        f"x `warnings.warn`). The hook's and the `.pth`'s goals are absolute times set on a quiet "
        f"machine; the ratio to 0.1.0's hook in the same run is what a loaded machine still "
        f"shows. The runtime no longer adds a post-init step to `import torch`, nor a "
        f"test-capture forwarder to each record: torch sets up ExecuTorch's loggers itself.",
    ]
    section = "\n".join(lines)
    path = ROOT / "docs" / "BENCHMARKS.md"
    write_section(path, "bench:runtime", section)
    print(section)


if __name__ == "__main__":
    main()
