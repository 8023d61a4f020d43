#!/usr/bin/env bash
# Whether the GPU tests can run: exits 0 where OpenCL finds a device for
# QUEENS, else says why and exits 77 (CTest's "skipped"), or 1 under CI,
# which installs pocl so that there is always one.
#   tests/gpu_device_or_skip.sh QUEENS || exit $?
set -u
if why=$("$1" --method=gpu-rows --empty=4 2>&1 >/dev/null); then exit 0; fi
if [ "${CI:-}" = true ]; then
  echo "FAILED: no OpenCL device under CI: $why"
  exit 1
fi
echo "SKIPPED: $why"
exit 77
