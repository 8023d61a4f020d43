// ===== The GPU engine, absent ===============================================
// A build where CMake found no OpenCL: --method=gpu says so, and how to get it.
#include "engines/gpu.hpp"

namespace queens {

bool chooseGpuDevice(GpuDevice& /*device*/, int /*number*/, std::string& why) {
  why =
      "this build of queens has no GPU engine: CMake found no OpenCL headers and loader when "
      "it was built (the README's \"The GPU engine\" says how to get them)";
  return false;
}

bool startGpuDevice(GpuDevice& device, std::string& why) { return chooseGpuDevice(device, 0, why); }

}  // namespace queens
