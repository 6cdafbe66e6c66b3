#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Re-runs the integer-model scanner (zscan) for the zero positions and published
# vectors that the legacy scenarios rely on, and compares with zscan.expected:
# the recorded zero positions and U(2) values are real zeros of the 24-bit stream,
# and the integer model reproduces P1, P2 (24-bit) and P3 (48-bit).
set -eu
zscan=$1
expected=$2
{
  "$zscan" zeros 24 54217137 0 5000000 2
  "$zscan" zeros 24 4471 0 1000 1
  "$zscan" zeros 24 2477 0 10000 1
  "$zscan" zeros 24 4748 0 7000 1
  "$zscan" zeros 24 15247 0 17000 1
  "$zscan" zeros 24 10996 0 23000 1
  "$zscan" dump 24 54217137 20000 6
  "$zscan" dump 24 1 9999 1
  "$zscan" dump 48 54217137 0 5
} | diff -u "$expected" - && echo "zscan: zero positions and published vectors confirmed"
