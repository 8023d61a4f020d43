#!/usr/bin/env bash
# --method=gpu where it cannot run: one error line on stderr, nothing on
# stdout, status 1. `built`: the build has the GPU engine, and an ICD folder
# with no driver in it (OCL_ICD_VENDORS) leaves it no device; `absent`: the
# build has none, as CMake found no OpenCL, and says so; `off`: none, as
# -DQUEENS_GPU=OFF left it out, and says that. With the engine, auto must not even look for
# a device on a board the CPU counts: the OpenCL stand-in
# (faults/opencl_stand_in.cpp, preloaded) notes every search for one. A
# build with the engine runs where OpenCL's loader is absent (QUEENS_OPENCL
# names one that is not there).
#   tests/gpu_refusals.sh QUEENS built STAND_IN.so | QUEENS absent | QUEENS off
set -u
queens=$1 build=$2 standIn=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/no-drivers"
printf '....\n....\n....\n....\n' >"$work/four.txt"
OCL_ICD_VENDORS=$work/no-drivers "$queens" --method=gpu "$work/four.txt" >"$work/out" 2>"$work/err"
status=$?
if [ "$build" = built ]; then
  expected="error: --method=gpu: no OpenCL device was found (an OpenCL driver, such as pocl-opencl-icd or the GPU's, and its ICD file are needed)"
elif [ "$build" = off ]; then
  expected="error: --method=gpu: this build of queens has no GPU engine: it was configured with -DQUEENS_GPU=OFF (the README's \"The GPU engine\" says how to build it)"
else
  expected="error: --method=gpu: this build of queens has no GPU engine: CMake found no OpenCL headers and loader when it was built (the README's \"The GPU engine\" says how to get them)"
fi
if [ $status -ne 1 ] || [ -s "$work/out" ] || [ "$(cat "$work/err")" != "$expected" ]; then
  echo "FAILED: --method=gpu ($build) gave status $status, stdout '$(cat "$work/out")', stderr:"
  cat "$work/err"
  echo "expected status 1, no output, and: $expected"
  exit 1
fi
# auto never asks for the device on a board the CPU counts: the same board
# counts, with no error, and no search for a device.
count=$(OCL_ICD_VENDORS=$work/no-drivers "$queens" "$work/four.txt" 2>&1)
[ "$count" = 2 ] || { echo "FAILED: auto on 4x4 with no OpenCL device printed '$count'"; exit 1; }
if [ "$build" = built ]; then
  counts=$(ASAN_OPTIONS=verify_asan_link_order=0 LD_PRELOAD=$standIn \
    QUEENS_OPENCL_LOG=$work/searches "$queens" --empty=1..12 --threads=2 2>&1)
  if [ "$(echo $counts)" != "1 0 0 2 10 4 40 92 352 724 2680 14200" ] || [ -s "$work/searches" ]; then
    echo "FAILED: auto on the empty 1x1 to 12x12 boards printed '$(echo $counts)' and searched for an OpenCL device $(wc -l <"$work/searches" 2>/dev/null || echo 0) times"
    exit 1
  fi
  # The stand-in notes a search where there is one: --method=gpu makes one.
  ASAN_OPTIONS=verify_asan_link_order=0 LD_PRELOAD=$standIn QUEENS_OPENCL_LOG=$work/asked \
    "$queens" --method=gpu "$work/four.txt" >/dev/null 2>&1
  [ -s "$work/asked" ] || { echo "FAILED: the stand-in saw no search for a device under --method=gpu"; exit 1; }
  # --device=N picks the N-th device; one past them is refused, with the
  # devices there are.
  [ "$("$queens" --device=1 --method=gpu "$work/four.txt" 2>&1)" = 2 ] ||
    { echo "FAILED: --device=1 --method=gpu did not count the 4x4 board"; exit 1; }
  "$queens" --device=64 --method=gpu "$work/four.txt" >"$work/out" 2>"$work/err"
  status=$?
  if [ $status -ne 1 ] || [ -s "$work/out" ] ||
    ! grep -q "^error: --method=gpu: --device=64: this machine has [0-9]* OpenCL devices\? (1: " "$work/err"; then
    echo "FAILED: --device=64 gave status $status: $(cat "$work/err")"
    exit 1
  fi
  # A device whose compiler refuses the kernel is refused when it is
  # opened, before any board is counted.
  ASAN_OPTIONS=verify_asan_link_order=0 LD_PRELOAD=$standIn QUEENS_FAIL_BUILD=1 \
    "$queens" --method=gpu "$work/four.txt" >"$work/out" 2>"$work/err"
  status=$?
  if [ $status -ne 1 ] || [ -s "$work/out" ] ||
    ! grep -q "^error: --method=gpu: the OpenCL device could not build the kernel: " "$work/err"; then
    echo "FAILED: a kernel that does not build gave status $status, stdout '$(cat "$work/out")': $(cat "$work/err")"
    exit 1
  fi
  for method in gpu-join gpu-rows; do
    ASAN_OPTIONS=verify_asan_link_order=0 LD_PRELOAD=$standIn QUEENS_FAIL_BUILD=1 \
      "$queens" --method=$method "$work/four.txt" >"$work/out" 2>"$work/err"
    status=$?
    if [ $status -ne 1 ] || [ -s "$work/out" ] || ! grep -q "^error: --method=$method: the OpenCL device could not build" "$work/err"; then
      echo "FAILED: --method=$method on a kernel that does not build gave status $status: $(cat "$work/err")"
      exit 1
    fi
  done
  # auto passes over a GPU with memory of its own (here pocl's device, shown
  # as one) that will not start: one warning a run, and the CPU counts, on
  # two boards that auto would count on the GPU.
  ASAN_OPTIONS=verify_asan_link_order=0 LD_PRELOAD=$standIn QUEENS_DISCRETE=1 QUEENS_FAIL_BUILD=1 \
    "$queens" --empty=19..20 --part=1/40000 >"$work/out" 2>"$work/err"
  status=$?
  if [ $status -ne 0 ] || [ "$(sed -n '2p;3p' "$work/out" | tr '\n' ' ')" != "0 542480 " ] ||
    [ "$(wc -l <"$work/err")" -ne 1 ] ||
    ! grep -q "^warning: board 1 (19x19): auto passes over the GPU (.*), and the CPU counts: the OpenCL device could not build the kernel" "$work/err"; then
    echo "FAILED: auto on a discrete GPU that will not start gave status $status, stdout $(cat "$work/out"), stderr $(cat "$work/err")"
    exit 1
  fi
  echo "auto passed over a GPU that would not start: $(cat "$work/err")"
  # One binary runs everywhere: it does not link OpenCL's loader, but loads
  # it when a board asks for the device. Where there is none (here a file
  # that is not there), auto counts on the CPU, a board that auto would
  # count on a GPU included, and --method=gpu says why it cannot.
  if command -v readelf >/dev/null && readelf -d "$queens" | grep -q 'NEEDED.*libOpenCL'; then
    echo "FAILED: queens lists libOpenCL among the libraries it needs: $(readelf -d "$queens" | grep NEEDED)"
    exit 1
  fi
  export QUEENS_OPENCL=$work/no-such/libOpenCL.so.1
  share=$("$queens" --empty=19 --part=1/4000 2>&1)
  case $share in
    *"plans join"*$'\n1748284\n# end share 1/4000 counts 1 check '*) ;;
    *) echo "FAILED: with no OpenCL loader, auto's share of the empty 19x19 board: $share"; exit 1 ;;
  esac
  "$queens" --method=gpu "$work/four.txt" >"$work/out" 2>"$work/err"
  status=$?
  if [ $status -ne 1 ] ||
    ! grep -q "^error: --method=gpu: OpenCL's loader cannot be loaded ($QUEENS_OPENCL: " "$work/err"; then
    echo "FAILED: with no OpenCL loader, --method=gpu gave status $status: $(cat "$work/err")"
    exit 1
  fi
  unset QUEENS_OPENCL
fi
echo "--method=gpu ($build): status 1 and one line: $expected; auto still counts, with no OpenCL loader too"
