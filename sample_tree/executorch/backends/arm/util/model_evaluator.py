# Copyright (c) Sample Authors.
# Licensed under the BSD-style license in the LICENSE file.
"""Evaluate a model on the FVP (a script: its prints are CLI output and stay)."""

import argparse
import logging
import sys


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("model")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    print(f"Error: cannot open {args.model}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
