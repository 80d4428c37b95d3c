"""warn: a real warning (filters, registry, category, stacklevel) whose display goes through a
logger. pytest records warnings during each test, so the display tests put Python's default
display back inside a ``catch_warnings()`` block, as a program outside pytest has it."""

from __future__ import annotations

import logging
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from et_log_runtime import warn


def PYTHONS(shown: warnings.WarningMessage) -> None:  # noqa: N802
    """Python's default display, as outside pytest (pytest replaces the real one during tests)."""
    args = (shown.message, shown.category, shown.filename, shown.lineno, shown.line)
    sys.stderr.write(warnings.formatwarning(*args))


PYTHONS.__module__, PYTHONS.__name__ = "warnings", "_showwarnmsg_impl"
LOG = logging.getLogger("executorch.backends.xnnpack.tests_warn")


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextmanager
def displayed(logger: logging.Logger = LOG) -> Iterator[Records]:
    """Python's default display in effect (as outside pytest), ``logger`` with a handler."""
    handler = Records()
    logger.addHandler(handler)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("always")
            warnings._showwarnmsg_impl = PYTHONS  # type: ignore[attr-defined]
            yield handler
    finally:
        logger.removeHandler(handler)


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


def test_display_goes_through_the_logger() -> None:
    with displayed() as handler:
        _site("through the logger")
    (record,) = handler.records
    assert record.getMessage() == "UserWarning: through the logger"
    assert record.levelno == logging.WARNING and record.pathname == __file__
    assert record.lineno == test_display_goes_through_the_logger.__code__.co_firstlineno + 2


def test_a_silenced_logger_shows_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    LOG.setLevel(logging.ERROR)  # what TORCH_LOGS=-xnnpack does to the component
    try:
        with displayed() as handler:
            _site("silenced")
    finally:
        LOG.setLevel(logging.NOTSET)
    assert handler.records == [] and "silenced" not in capsys.readouterr().err


def test_other_warnings_and_an_applications_own_display_are_left_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    shown: list[str] = []
    with displayed() as handler:
        warnings.showwarning = lambda message, *args: shown.append(str(message))
        _site("to the application's hook")  # as logging.captureWarnings would get it
        warnings.showwarning = warnings._showwarning_orig  # type: ignore[attr-defined]
        warnings.warn("not ours", stacklevel=1)  # Python's own display, on stderr
    assert shown == ["to the application's hook"] and handler.records == []
    assert "UserWarning: not ours" in capsys.readouterr().err


def test_display_is_restored_after_catch_warnings() -> None:
    with displayed() as handler:
        with warnings.catch_warnings():
            _site("inside")  # installs ours; catch_warnings puts Python's back on exit
        assert warnings._showwarnmsg_impl is PYTHONS  # type: ignore[attr-defined]
        _site("after")  # ours again
    assert [r.getMessage() for r in handler.records] == [
        "UserWarning: inside",
        "UserWarning: after",
    ]
