# -*- coding: latin-1 -*-
# Capture helpers. Auteur: André (latin-1 encoded on purpose).

import logging

_log = logging.getLogger(__file__)


def capture(fn, args):
    _log.debug("capturing %s", getattr(fn, "__name__", fn))
    return fn(*args)
