"""Benchmark of et_log_runtime; writes the ``bench:runtime`` section of docs/BENCHMARKS.md.

1. A disabled ``logger.debug`` through ``get_logger`` (a registered ExecuTorch component, torch
   loaded) against the anchor: the same call on a plain stdlib logger. Goal: ratio <= 1.1.
2. What our ``torch.backends`` hook adds to ``import torch``: importing our modules and registering
   every name, timed in fresh interpreters (torch imported first, autoload off). Goal: <= 1 ms.
3. ``warn_once`` at a site already shown, against ``warnings.warn`` at a site already shown.
4. The opt-in ``.pth`` startup hook: what site processing of our line adds to interpreter start,
   against the anchor of processing an empty site dir. Goal: <= 0.5 ms.

Run: ``.venv/bin/python bench/runtime.py`` (takes about a minute).
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 15  # fresh interpreters per subprocess figure (medians)
PYCACHE = tempfile.mkdtemp(prefix="et-log-bench-pycache-")


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


def warn_once_ns() -> tuple[float, float]:
    """Per-call ns of a repeated (already shown) warn_once vs a repeated warnings.warn (anchor)."""
    import logging
    import warnings

    from et_log_runtime import warn_once

    log = logging.getLogger("bench.warn_once")
    log.addHandler(logging.NullHandler())
    log.propagate = False
    warnings.showwarning = lambda *args, **kwargs: None  # the first warnings.warn stays silent

    def ours() -> None:
        warn_once(log, "node not partitioned")

    def anchor() -> None:
        warnings.warn("node not partitioned", UserWarning, stacklevel=1)

    number, t_ours, t_anchor = 100_000, [], []
    for _ in range(15):
        t_anchor.append(timeit.timeit(anchor, number=number) / number)
        t_ours.append(timeit.timeit(ours, number=number) / number)
    return min(t_ours) * 1e9, min(t_anchor) * 1e9


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
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        ).stdout
        if i:
            rows.append([float(x) for x in out.split()])
    return [statistics.median(col) for col in zip(*rows, strict=True)]


# Times the real hook inside `import torch` (autoload on): torch's entry point loader finds our
# module already imported and picks up the timed wrapper.
HOOK_CODE = """
import time
t0 = time.perf_counter()
import et_log_runtime.torch_hook as hook
t_import = time.perf_counter() - t0
real, calls = hook.register, []
def timed():
    t = time.perf_counter()
    real()
    calls.append(time.perf_counter() - t)
hook.register = timed
import torch
assert len(calls) == 1 and "xnnpack" in torch._logging._internal.log_registry.log_alias_to_log_qnames
t = time.perf_counter()
real()
again = time.perf_counter() - t
print((t_import + calls[0]) * 1e3, again * 1e3)
"""


def registration_ms() -> tuple[float, float]:
    """Median ms our hook adds to ``import torch``; and of a second, idempotent call."""
    first, again = _median_of_runs(HOOK_CODE, _env())
    return first, again


def pth_ms(torch_logs: str | None) -> tuple[float, float]:
    """Median ms of site-processing a dir holding only our .pth, and of an empty dir (anchor)."""
    from et_log_runtime.startup import PTH_LINE, PTH_NAME

    env = _env() if torch_logs is None else _env(TORCH_LOGS=torch_logs)
    with tempfile.TemporaryDirectory() as with_pth, tempfile.TemporaryDirectory() as empty:
        Path(with_pth, PTH_NAME).write_text(PTH_LINE, encoding="utf-8")
        timings = {}
        for label, folder in (("pth", with_pth), ("empty", empty)):
            code = (
                "import time, site\n"
                "t = time.perf_counter()\n"
                f"site.addsitedir({folder!r})\n"
                "print((time.perf_counter() - t) * 1e3)\n"
            )
            timings[label] = _median_of_runs(code, env)[0]
    return timings["pth"], timings["empty"]


def main() -> None:
    ns_ours, ns_plain, ratio = disabled_debug_ratio()
    once_ns, warn_ns = warn_once_ns()
    reg_first, reg_again = registration_ms()
    pth_off, empty_off = pth_ms(None)
    pth_on, empty_on = pth_ms("+xnnpack")
    lines = [
        f"Measured by `python bench/runtime.py` (Python {sys.version.split()[0]}, torch "
        f"{sys.modules['torch'].__version__}); medians of {RUNS} fresh interpreters, in-process: "
        "best time of 41 (debug) / 15 (warn_once) repeats.",
        "",
        "| what | measured | anchor | result | goal |",
        "|---|---|---|---|---|",
        f"| disabled `logger.debug` via `get_logger` (registered component) | {ns_ours:.1f} ns "
        f"| plain stdlib logger: {ns_plain:.1f} ns | median paired ratio {ratio:.2f} | <= 1.1 |",
        f"| `warn_once` at a site already shown (loop case) | {once_ns:.1f} ns | repeated "
        f"`warnings.warn`: {warn_ns:.1f} ns | ratio {once_ns / warn_ns:.2f} | small |",
        f"| `torch.backends` hook inside `import torch`: import our modules + register all names | {reg_first:.3f} ms "
        f"| (added to `import torch`) | {reg_first:.3f} ms | <= 1 ms |",
        f"| the same hook called again (idempotent) | {reg_again:.4f} ms | | | |",
        f"| opt-in `.pth` at startup, TORCH_LOGS unset | {pth_off:.3f} ms | empty site dir: "
        f"{empty_off:.3f} ms | +{pth_off - empty_off:.3f} ms | <= 0.5 ms |",
        f"| opt-in `.pth` at startup, TORCH_LOGS set (arms the finder) | {pth_on:.3f} ms "
        f"| empty site dir: {empty_on:.3f} ms | +{pth_on - empty_on:.3f} ms | <= 0.5 ms |",
    ]
    section = "\n".join(lines)
    path = ROOT / "docs" / "BENCHMARKS.md"
    text = path.read_text(encoding="utf-8")
    pattern = re.compile(r"(<!-- bench:runtime -->\n).*?(\n<!-- /bench:runtime -->)", re.S)
    if not pattern.search(text):
        raise SystemExit(f"{path}: markers <!-- bench:runtime --> ... not found")
    path.write_text(
        pattern.sub(lambda m: m.group(1) + section + m.group(2), text), encoding="utf-8"
    )
    print(section)


if __name__ == "__main__":
    main()
