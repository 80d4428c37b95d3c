# Copyright (c) Sample Authors.
# This file uses Windows line endings on purpose.

import logging

logger = logging.getLogger(__name__)


def to_edge(program, verbose=False):
    """Lower a captured program to the edge dialect."""
    if program is None:
        logging.error("no program to lower")
        return None
    logging.info("lowering %s", program)
    return program
