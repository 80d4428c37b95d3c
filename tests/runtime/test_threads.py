"""set_logs under 16 threads with a 1 µs switch interval: no exception, one handler per logger
(torch's set_logs is not thread-safe; the runtime's calls of it take turns).
"""

from __future__ import annotations

SET_LOGS_RACE = """
import logging, sys, threading, torch
from et_log_runtime import get_logger, set_logs

sys.setswitchinterval(1e-6)
errors, barrier = [], threading.Barrier(16)

NAMES = ["+executorch", "+xnnpack,xnnpack_graph"]

def adds(t):  # the first calls register our names while others call too
    barrier.wait()
    for i in range(12):
        try:
            set_logs(NAMES[(t + i) % 2])
        except Exception as exc:
            errors.append(repr(exc))

def levels(t):  # level changes only: each call re-initialises torch's loggers
    barrier.wait()
    for i in range(8):
        try:
            set_logs(xnnpack=logging.DEBUG if (t + i) % 2 else logging.INFO, executorch=20)
        except Exception as exc:
            errors.append(repr(exc))

def burst(target):
    threads = [threading.Thread(target=target, args=(t,)) for t in range(16)]
    for t in threads: t.start()
    for t in threads: t.join()

internal = torch._logging._internal
multi = set()  # loggers left with more than one torch handler after a burst
burst(adds)
for _ in range(6):
    burst(levels)
    for q in internal.log_registry.get_log_qnames():
        if sum(1 for h in logging.getLogger(q).handlers if internal._is_torch_handler(h)) != 1:
            multi.add(q)
sys.setswitchinterval(0.005)
print("errors", len(errors), sorted(set(errors))[:3])
print("multi", sorted(multi)[:3])
get_logger("executorch.exir.after").warning("one line")
"""


def test_set_logs_under_16_threads(run) -> None:
    proc = run(SET_LOGS_RACE)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["errors 0 []", "multi []"], proc.stderr[-2000:]
    assert proc.stderr.count("one line") == 1, proc.stderr[-2000:]
