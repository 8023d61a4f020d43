// A stand-in for three OpenCL calls, preloaded before the real loader
// (LD_PRELOAD), for the tests of what the program does with OpenCL:
//   QUEENS_FAIL_BUILD=1   every kernel build fails, as a device whose
//                         compiler refuses the kernel would
//                         (tests/gpu_refusals.sh);
//   QUEENS_FAIL_LAUNCH=K  the K-th kernel launch and every one after it
//                         fail with CL_OUT_OF_RESOURCES, as a device that
//                         runs out would (tests/gpu_faults.sh);
//   QUEENS_OPENCL_LOG=F   each search for a platform is noted in the file F,
//                         so that a test sees whether a run asked for the
//                         device at all (tests/gpu_refusals.sh).
// Every call then goes on to the real loader.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>

namespace {

template <class Function>
Function real(const char* name) {
  return reinterpret_cast<Function>(dlsym(RTLD_NEXT, name));
}

}  // namespace

extern "C" cl_int clGetPlatformIDs(cl_uint most, cl_platform_id* platforms, cl_uint* count) {
  if (const char* log = std::getenv("QUEENS_OPENCL_LOG")) {
    if (std::FILE* file = std::fopen(log, "a"))
      std::fputs("clGetPlatformIDs\n", file), std::fclose(file);
  }
  using Search = cl_int (*)(cl_uint, cl_platform_id*, cl_uint*);
  static const Search search = real<Search>("clGetPlatformIDs");
  return search ? search(most, platforms, count) : CL_INVALID_VALUE;
}

extern "C" cl_int clEnqueueNDRangeKernel(cl_command_queue queue, cl_kernel kernel,
                                         cl_uint dimensions, const size_t* offset,
                                         const size_t* globalSize, const size_t* localSize,
                                         cl_uint waits, const cl_event* waitList, cl_event* event) {
  static long launches = 0;
  const char* failAt = std::getenv("QUEENS_FAIL_LAUNCH");
  if (failAt && ++launches >= std::atol(failAt)) return CL_OUT_OF_RESOURCES;
  using Launch = cl_int (*)(cl_command_queue, cl_kernel, cl_uint, const size_t*, const size_t*,
                            const size_t*, cl_uint, const cl_event*, cl_event*);
  static const Launch launch = real<Launch>("clEnqueueNDRangeKernel");
  return launch ? launch(queue, kernel, dimensions, offset, globalSize, localSize, waits, waitList,
                         event)
                : CL_INVALID_OPERATION;
}

extern "C" cl_int clBuildProgram(cl_program program, cl_uint devices,
                                 const cl_device_id* deviceList, const char* options,
                                 void(CL_CALLBACK* notify)(cl_program, void*), void* data) {
  if (std::getenv("QUEENS_FAIL_BUILD")) return CL_BUILD_PROGRAM_FAILURE;
  using Build = cl_int (*)(cl_program, cl_uint, const cl_device_id*, const char*,
                           void(CL_CALLBACK*)(cl_program, void*), void*);
  static const Build build = real<Build>("clBuildProgram");
  return build ? build(program, devices, deviceList, options, notify, data) : CL_INVALID_OPERATION;
}
