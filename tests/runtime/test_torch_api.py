"""et_log_runtime/torch_api.py describes what the runtime uses of torch's logging internals:
every member it declares exists in the installed torch, and its methods take the same
parameters (by name), so mypy checks our calls against what torch really has."""

from __future__ import annotations

import inspect

import pytest

from et_log_runtime import torch_api


def _members(protocol: type) -> dict[str, object]:
    names = set(protocol.__annotations__)
    names |= {
        n for n, v in vars(protocol).items() if inspect.isfunction(v) and not n.startswith("__")
    }
    return {name: vars(protocol).get(name) for name in sorted(names)}


@pytest.mark.parametrize(
    ("protocol", "where"),
    [
        (torch_api.TorchLogging, lambda internal: internal),
        (torch_api.LogRegistry, lambda internal: internal.log_registry),
        (torch_api.TorchLogState, lambda internal: internal.log_state),
    ],
    ids=["module", "registry", "state"],
)
def test_protocol_matches_torch(protocol: type, where) -> None:
    pytest.importorskip("torch")
    from torch._logging import _internal

    target = where(_internal)
    for name, declared in _members(protocol).items():
        assert hasattr(target, name), f"{protocol.__name__}.{name} is not in torch"
        if inspect.isfunction(declared):
            ours = list(inspect.signature(declared).parameters)[1:]  # without self
            theirs = [
                p.name
                for p in inspect.signature(getattr(target, name)).parameters.values()
                if p.default is inspect.Parameter.empty or p.name in ours
            ]
            assert ours == theirs, (protocol.__name__, name, ours, theirs)
