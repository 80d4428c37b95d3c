"""``warn``: a real ``warnings.warn`` whose display, and only that, goes through a logger.

Filters, ``-W``, ``pytest.warns``, recorders, the once-per-location registry and the
category work as for ``warnings.warn`` at the caller's line. Python displays a warning with
``warnings._showwarnmsg_impl``; while that is Python's own, ``warn`` puts in one that sends
the warnings it marked to their logger and all others to Python's. An application's own
``warnings.showwarning`` (``logging.captureWarnings``) still gets them all, as before."""

from __future__ import annotations

import logging
import warnings

__all__ = ["warn"]

_MARK = "_executorch_logger"  # on the warning instance: the logger that displays it
_DISPLAY = (
    "_showwarnmsg_impl"  # the warnings module's default display (Python 3.10-3.13)
)
_python: list[object] = []  # Python's own display, once replaced


def warn(
    logger: logging.Logger,
    message: str | Warning,
    category: type[Warning] | None = None,
    stacklevel: int = 1,
    source: object = None,
) -> None:
    """``warnings.warn(message, category, stacklevel, source)``, displayed through
    ``logger``: in its format, silenced with it (``TORCH_LOGS=-xnnpack``)."""
    if not isinstance(message, Warning):
        category = UserWarning if category is None else category
        if not issubclass(category, Warning):
            raise TypeError(f"category must be a Warning subclass, not {category!r}")
        message = category(message)
    try:
        setattr(message, _MARK, logger)
    except AttributeError:  # a category with __slots__: Python displays it
        pass
    current = getattr(
        warnings, _DISPLAY, None
    )  # Python's own, or a recorder's, or ours
    if (getattr(current, "__module__", ""), getattr(current, "__name__", "")) == (
        "warnings",
        _DISPLAY,
    ):
        _python[:] = [current]
        setattr(warnings, _DISPLAY, _display)  # again after a catch_warnings() block
    warnings.warn(message, stacklevel=max(stacklevel, 1) + 1, source=source)


def _display(shown: warnings.WarningMessage) -> None:
    logger = getattr(shown.message, _MARK, None)
    if not isinstance(logger, logging.Logger) or not logger.hasHandlers():
        _python[0](shown)  # type: ignore[operator]  # not ours, or nowhere to log it
    elif logger.isEnabledFor(logging.WARNING):
        args = (shown.category.__name__, shown.message)
        logger.handle(
            logger.makeRecord(
                logger.name,
                logging.WARNING,
                shown.filename,
                shown.lineno,
                "%s: %s",
                args,
                None,
            )
        )
