# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.

import warnings
from typing import Callable, Dict, Optional

_PASSES: Dict[str, Callable] = {}


class PassRegistrationDeprecationWarning(DeprecationWarning):
    """Raised for the old registration spelling."""


def register_pass(name: str, fn: Optional[Callable] = None):
    """Register a graph pass under `name`."""

    def wrapper(pass_fn: Callable) -> Callable:
        if name in _PASSES:
            warnings.warn(
                f"Pass {name} already registered; the new one replaces it.",
                RuntimeWarning,
                stacklevel=2,
            )
        _PASSES[name] = pass_fn
        return pass_fn

    return wrapper(fn) if fn is not None else wrapper


def register_legacy(name: str, fn: Callable) -> None:
    warnings.warn(
        "register_legacy() is deprecated, use register_pass()",
        PassRegistrationDeprecationWarning,
    )
    register_pass(name, fn)


def lookup(name: str) -> Callable:
    if name not in _PASSES:
        warnings.warn(f"No pass named {name}; using the identity pass")
        return lambda graph: graph
    return _PASSES[name]


def pass_names(sort: bool = True):
    if not sort:
        warnings.warn("unsorted pass names will go away", FutureWarning)
    return sorted(_PASSES) if sort else list(_PASSES)
