# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""A registry whose API happens to be called `logger` (a name clash for the migration)."""


class _Recorder:
    def __init__(self) -> None:
        self.seen = []

    def record(self, node, source) -> None:
        self.seen.append((node, source))


logger = _Recorder()


def get_logger():
    return logger
