# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
from dataclasses import dataclass


@dataclass
class QuantizationConfig:
    symmetric: bool = True
