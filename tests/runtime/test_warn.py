"""warn: a real warning (filters, registry, category, stacklevel), displayed by Python as ever;
only an explicit switch of its component (``-xnnpack``) silences it."""

from __future__ import annotations

import logging
import textwrap
import warnings

import pytest

from et_log_runtime import warn

LOG = logging.getLogger("executorch.backends.xnnpack.tests_warn")


def _site(message: str, **kwargs: object) -> None:
    warn(LOG, message, stacklevel=2, **kwargs)  # the caller's line is the warning's location


def test_recorded_with_category_and_the_callers_line() -> None:
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        _site("slow path", category=RuntimeWarning)
    assert [(w.category, str(w.message)) for w in seen] == [(RuntimeWarning, "slow path")]
    assert seen[0].filename == __file__
    assert (
        seen[0].lineno
        == test_recorded_with_category_and_the_callers_line.__code__.co_firstlineno + 3
    )


def test_filters_and_the_once_per_location_registry() -> None:
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("default")
        for _ in range(3):
            warn(LOG, "shown once at this line")
    assert len(seen) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(UserWarning, match="an error now"):
            warn(LOG, "an error now")
    with pytest.warns(UserWarning, match="seen by pytest.warns"):
        warn(LOG, "seen by pytest.warns")


def test_category_checks_and_instances() -> None:
    with pytest.raises(TypeError, match="Warning subclass"):
        warn(LOG, "x", category=int)  # type: ignore[arg-type]
    with pytest.warns(FutureWarning, match="given as an instance"):
        warn(LOG, FutureWarning("given as an instance"))


def test_only_an_explicit_switch_silences_it(run) -> None:
    """``-xnnpack`` (TORCH_LOGS or set_logs) silences xnnpack's warnings; a level the application
    put on the logger or the root does not: the helper never reads the effective level."""
    code = """
        import logging, sys, torch
        from et_log_runtime import get_logger, set_logs, warn
        log = get_logger("executorch.backends.xnnpack.partition.q")
        logging.basicConfig(level=logging.ERROR)
        log.setLevel(logging.CRITICAL)
        warn(log, "still shown")
        if sys.argv[1:] == ["set_logs"]:
            set_logs("-xnnpack")
        warn(log, "switched")
    """
    plain, torch_logs = run(code), run(code, TORCH_LOGS="-xnnpack")
    by_set_logs = run(None, ["-c", textwrap.dedent(code), "set_logs"])
    other = run(code, TORCH_LOGS="-executorch")
    assert "UserWarning: still shown" in plain.stderr and "UserWarning: switched" in plain.stderr
    assert "still shown" not in torch_logs.stderr and "switched" not in torch_logs.stderr
    assert "still shown" in by_set_logs.stderr and "switched" not in by_set_logs.stderr
    assert "UserWarning: switched" in other.stderr, other.stderr


def test_a_switch_never_silences_a_deprecation(run) -> None:
    """A logging switch is no way to miss that an API goes away (review 9): under
    ``-xnnpack`` a FutureWarning and a DeprecationWarning still show, a UserWarning does not."""
    code = """
        import torch
        from et_log_runtime import get_logger, warn
        log = get_logger("executorch.backends.xnnpack.partition.q")
        warn(log, "old api", FutureWarning)
        warn(log, DeprecationWarning("older api"))
        warn(log, "switched off")
    """
    switched = run(code, TORCH_LOGS="-xnnpack")
    assert "FutureWarning: old api" in switched.stderr, switched.stderr
    assert "DeprecationWarning: older api" in switched.stderr
    assert "switched off" not in switched.stderr


def test_python_s_display_is_left_alone() -> None:
    shown: list[str] = []
    before = (warnings.showwarning, getattr(warnings, "_showwarnmsg_impl", None))
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = lambda message, *args: shown.append(str(message))
        _site("to the application's hook")  # as logging.captureWarnings would get it
    assert shown == ["to the application's hook"]
    assert (warnings.showwarning, getattr(warnings, "_showwarnmsg_impl", None)) == before
