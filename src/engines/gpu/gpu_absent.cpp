// ===== The GPU engine, absent ===============================================
// A build without OpenCL: --method=gpu says why (CMake found none, or
// QUEENS_GPU=OFF left it out), and how to get it.
#include "engines/gpu/gpu.hpp"

namespace queens {

bool chooseGpuDevice(GpuDevice& /*device*/, int /*number*/, std::string& why) {
#ifdef QUEENS_GPU_OFF
  why =
      "this build of queens has no GPU engine: it was configured with -DQUEENS_GPU=OFF "
      "(the README's \"The GPU engine\" says how to build it)";
#else
  why =
      "this build of queens has no GPU engine: CMake found no OpenCL headers and loader when "
      "it was built (the README's \"The GPU engine\" says how to get them)";
#endif
  return false;
}

bool startGpuDevice(GpuDevice& device, std::string& why) { return chooseGpuDevice(device, 0, why); }

}  // namespace queens
