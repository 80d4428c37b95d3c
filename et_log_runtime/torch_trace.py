"""The torch names the delegation record reads beyond ``torch_api``'s (et-log only: the record's
modules are not part of the runtime ExecuTorch carries): the levels ``set_logs`` put on our
loggers, whether an artifact is on, and torch's structured trace (``TORCH_TRACE``)."""

import sys
from collections.abc import Callable

from .names import ARTIFACTS, COMPONENTS
from .state import STATE
from .torch_api import INTERNAL

QNAMES = {
    q: name for name, qnames in COMPONENTS.items() for q in qnames
}  # logger -> component


def covering(qname: str) -> str:
    """The logger of ours that covers logger ``qname`` most closely, or ``""``."""
    while qname and qname not in QNAMES:
        qname = qname.rpartition(".")[0]
    return qname


def named(qname: str) -> bool:
    """True when the component covering logger ``qname`` is registered with torch."""
    return QNAMES.get(covering(qname), "") in STATE.names


def asked() -> bool:
    """True once ``set_logs`` (or TORCH_LOGS, through the hook) named a component or artifact of
    ours."""
    if STATE.registered() is None:
        return False
    log_state = getattr(sys.modules.get(INTERNAL), "log_state", None)
    levels = getattr(log_state, "log_qname_to_level", None) or {}
    if any(isinstance(levels.get(q), int) for q in QNAMES):
        return True
    enabled = getattr(log_state, "is_artifact_enabled", None)
    return enabled is not None and any(enabled(name) for name in ARTIFACTS)


def tracer() -> Callable[[str, str], None] | None:
    """If ``TORCH_TRACE`` names a folder: a writer of JSON artifacts into torch's trace."""
    handler = getattr(sys.modules.get(INTERNAL), "LOG_TRACE_HANDLER", None)
    trace = getattr(sys.modules.get(INTERNAL), "trace_structured", None)
    if not getattr(handler, "root_dir", None) or trace is None:
        return None

    def write(name: str, text: str) -> None:
        meta = {"name": name, "encoding": "json"}
        trace("artifact", lambda: meta, payload_fn=lambda: text, expect_trace_id=False)

    return write
