#!/usr/bin/env bash
# Prints the CUDA architectures of this machine's GPUs as CMake wants them ("90", "80;90"), or nothing when
# nvidia-smi is missing or sees no GPU. Used by tools/build.sh and tools/demo.sh.
nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | tr -d '. ' | grep -E '^[0-9]+$' | sort -u |
  paste -sd ';' - || true
