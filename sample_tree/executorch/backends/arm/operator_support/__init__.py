# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
