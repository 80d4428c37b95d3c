# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Helpers shared by exir (the part of ExecuTorch's exir/common.py the recipes know)."""

import logging
from contextlib import contextmanager
from typing import Generator, Optional


@contextmanager
def override_logger(
    newLevel: int = logging.DEBUG,
    fmtstr: str = "%(message)s",
    filename: Optional[str] = None,
) -> Generator[None, None, None]:
    """Send what is logged inside the block to `filename` as well (a debugging aid)."""
    try:
        saved = logging.root.level
        logging.root.setLevel(newLevel)
        extra = logging.FileHandler(filename, mode="w") if filename else None
        if extra is not None:
            extra.setFormatter(logging.Formatter(fmtstr))
            logging.root.addHandler(extra)
        yield
    finally:
        logging.root.setLevel(saved)
        if extra is not None:
            logging.root.removeHandler(extra)
            extra.close()
