#!/usr/bin/env bash
# --method=gpu where it cannot run: one error line on stderr, nothing on
# stdout, status 1. `built`: the build has the GPU engine, and an ICD folder
# with no driver in it (OCL_ICD_VENDORS) leaves it no device; `absent`: the
# build has none, and says so.
#   tests/gpu_refusals.sh QUEENS built|absent
set -u
queens=$1 build=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/no-drivers"
printf '....\n....\n....\n....\n' >"$work/four.txt"
OCL_ICD_VENDORS=$work/no-drivers "$queens" --method=gpu "$work/four.txt" >"$work/out" 2>"$work/err"
status=$?
if [ "$build" = built ]; then
  expected="error: --method=gpu: no OpenCL device was found (an OpenCL driver, such as pocl-opencl-icd or the GPU's, and its ICD file are needed)"
else
  expected="error: --method=gpu: this build of queens has no GPU engine: CMake found no OpenCL headers and loader when it was built (the README's \"The GPU engine\" says how to get them)"
fi
if [ $status -ne 1 ] || [ -s "$work/out" ] || [ "$(cat "$work/err")" != "$expected" ]; then
  echo "FAILED: --method=gpu ($build) gave status $status, stdout '$(cat "$work/out")', stderr:"
  cat "$work/err"
  echo "expected status 1, no output, and: $expected"
  exit 1
fi
# --estimate times the CPU engines: it refuses --method=gpu, as a usage error.
"$queens" --estimate --method=gpu "$work/four.txt" >"$work/out" 2>"$work/err"
status=$?
if [ $status -ne 2 ] || ! grep -q "^error: --estimate times the CPU engines" "$work/err"; then
  echo "FAILED: --estimate --method=gpu gave status $status and: $(cat "$work/err")"
  exit 1
fi
# auto never asks for the device on a board the CPU counts: the same board
# counts, with no error.
count=$(OCL_ICD_VENDORS=$work/no-drivers "$queens" "$work/four.txt" 2>&1)
[ "$count" = 2 ] || { echo "FAILED: auto on 4x4 with no OpenCL device printed '$count'"; exit 1; }
echo "--method=gpu ($build): status 1 and one line: $expected; --estimate refuses it; auto still counts"
