// A stand-in for a few OpenCL calls, preloaded before the real loader
// (LD_PRELOAD), for the tests of what the program does with OpenCL:
//   QUEENS_FAIL_BUILD=1   every kernel build fails, as a device whose
//                         compiler refuses the kernel would
//                         (tests/gpu_refusals.sh);
//   QUEENS_DISCRETE=1     every device says it is a GPU with memory of its
//                         own, which auto counts on (tests/gpu_refusals.sh);
//   QUEENS_FAIL_LAUNCH=K  the K-th kernel launch and every one after it
//                         fail with CL_OUT_OF_RESOURCES, as a device that
//                         runs out would (tests/gpu_faults.sh);
//   QUEENS_STALL_LAUNCH=K the K-th kernel launch and everything queued
//                         after it never finish, as a device that hangs
//                         (tests/gpu_faults.sh);
//   QUEENS_OPENCL_LOG=F   each search for a platform is noted in the file F,
//                         so that a test sees whether a run asked for the
//                         device at all (tests/gpu_refusals.sh).
// Every call then goes on to the real loader.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <dlfcn.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

template <class Function>
Function real(const char* name) {
  return reinterpret_cast<Function>(dlsym(RTLD_NEXT, name));
}

// In place of a launch: a marker that waits for an event of the host's
// that never completes, so that the queue, in order, runs nothing after it.
cl_int stall(cl_command_queue queue, cl_event* event) {
  using Context = cl_int (*)(cl_command_queue, cl_command_queue_info, size_t, void*, size_t*);
  using UserEvent = cl_event (*)(cl_context, cl_int*);
  using Marker = cl_int (*)(cl_command_queue, cl_uint, const cl_event*, cl_event*);
  static const auto contextOf = real<Context>("clGetCommandQueueInfo");
  static const auto userEvent = real<UserEvent>("clCreateUserEvent");
  static const auto marker = real<Marker>("clEnqueueMarkerWithWaitList");
  cl_context context = nullptr;
  cl_int status = contextOf(queue, CL_QUEUE_CONTEXT, sizeof context, &context, nullptr);
  if (status != CL_SUCCESS) return status;
  cl_event never = userEvent(context, &status);
  return status == CL_SUCCESS ? marker(queue, 1, &never, event) : status;
}

}  // namespace

extern "C" cl_int clGetDeviceInfo(cl_device_id device, cl_device_info what, size_t size,
                                  void* value, size_t* sizeOut) {
  using Info = cl_int (*)(cl_device_id, cl_device_info, size_t, void*, size_t*);
  static const Info info = real<Info>("clGetDeviceInfo");
  const cl_int status = info ? info(device, what, size, value, sizeOut) : CL_INVALID_DEVICE;
  if (status != CL_SUCCESS || !std::getenv("QUEENS_DISCRETE") || !value) return status;
  if (what == CL_DEVICE_TYPE && size >= sizeof(cl_device_type)) {
    const cl_device_type gpu = CL_DEVICE_TYPE_GPU;
    std::memcpy(value, &gpu, sizeof gpu);
  } else if (what == CL_DEVICE_HOST_UNIFIED_MEMORY && size >= sizeof(cl_bool)) {
    const cl_bool unified = CL_FALSE;
    std::memcpy(value, &unified, sizeof unified);
  }
  return status;
}

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
  static std::atomic<long> launches{0};  // several host threads launch
  const long launch = ++launches;
  const char* failAt = std::getenv("QUEENS_FAIL_LAUNCH");
  if (failAt && launch >= std::atol(failAt)) return CL_OUT_OF_RESOURCES;
  const char* stallAt = std::getenv("QUEENS_STALL_LAUNCH");
  if (stallAt && launch >= std::atol(stallAt)) return stall(queue, event);
  using Launch = cl_int (*)(cl_command_queue, cl_kernel, cl_uint, const size_t*, const size_t*,
                            const size_t*, cl_uint, const cl_event*, cl_event*);
  static const Launch run = real<Launch>("clEnqueueNDRangeKernel");
  return run ? run(queue, kernel, dimensions, offset, globalSize, localSize, waits, waitList, event)
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
