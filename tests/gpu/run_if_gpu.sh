#!/usr/bin/env bash
# Runs a command line (graphc run ...) where there is a CUDA device; elsewhere says so and
# exits 77, which the test's SKIP_RETURN_CODE marks as skipped. Usage: run_if_gpu.sh CMD...
set -euo pipefail
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no CUDA device"
  exit 77
fi
exec "$@"
