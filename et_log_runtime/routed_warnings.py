"""``warn``: ``warnings.warn`` whose display, and only its display, goes through a logger.

The warning is a real one: filters, ``-W``, ``pytest.warns``, ``catch_warnings(record=True)``,
the once-per-location registry and the category behave exactly as for ``warnings.warn`` at the
caller's line. Where Python would print it, ``warnings`` calls its default display function,
``warnings._showwarnmsg_impl``; ours replaces that default (only while it is the default) and
sends warnings marked by ``warn`` to their logger, leaving every other warning to Python. An
application that installed its own ``warnings.showwarning``, or ``logging.captureWarnings``,
gets ExecuTorch's warnings there as before: Python then never calls the default display.
"""

from __future__ import annotations

import logging
import warnings

__all__ = ["warn"]

_LOGGER = "_executorch_logger"  # set on the warning instance: the logger that displays it
_DEFAULT = "_showwarnmsg_impl"  # the warnings module's default display function (3.10-3.13)
_python: dict[str, object] = {}  # "display": Python's default, once we replaced it


def warn(
    logger: logging.Logger,
    message: str | Warning,
    category: type[Warning] | None = None,
    stacklevel: int = 1,
    source: object = None,
) -> None:
    """``warnings.warn(message, category, stacklevel, source)``, displayed through ``logger``:
    in its format, at WARNING, silenced when the logger is (``TORCH_LOGS=-xnnpack``)."""
    if isinstance(message, Warning):
        instance = message
    else:
        category = UserWarning if category is None else category
        if not issubclass(category, Warning):  # as warnings.warn: a TypeError
            raise TypeError(f"category must be a Warning subclass, not {category!r}")
        instance = category(message)
    try:
        setattr(instance, _LOGGER, logger)
    except AttributeError:  # a category with __slots__: Python displays it
        pass
    current = getattr(warnings, _DEFAULT, None)
    if (
        getattr(current, "__module__", "") == "warnings"
        and getattr(current, "__name__", "") == _DEFAULT
    ):
        _python["display"] = current  # Python's own, not a recorder's (catch_warnings)
        setattr(warnings, _DEFAULT, _display)  # again after a catch_warnings() put it back
    warnings.warn(instance, stacklevel=max(stacklevel, 1) + 1, source=source)


def _display(shown: warnings.WarningMessage) -> None:
    logger = getattr(shown.message, _LOGGER, None)
    if not isinstance(logger, logging.Logger) or not logger.hasHandlers():
        python = _python["display"]  # not ours, or nowhere to log it: Python's own display
        python(shown)  # type: ignore[operator]
        return
    if logger.isEnabledFor(logging.WARNING):
        args = (shown.category.__name__, shown.message)
        record = logger.makeRecord(
            logger.name, logging.WARNING, shown.filename, shown.lineno, "%s: %s", args, None
        )
        logger.handle(record)
