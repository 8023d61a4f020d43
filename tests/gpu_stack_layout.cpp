// gpu_stack_layout: no two threads' stacks in gpu_kernel.cl's stacked
// kernel meet, and each lies within the local memory the host gives it.
// A counting test cannot see this on pocl's CPU device, which runs a
// work-group's threads one after another, so that stacks laid over each
// other still count right there (and wrong on a GPU). Here every thread
// writes its number into each row of its stack (stackOf, LANES rows
// apart), all wait at a barrier, and each reads its rows back, for many
// work-group sizes and depths, with 32- and 64-bit masks: a row another
// thread overwrote, or one past the memory, is a clash.
//   gpu_stack_layout    exit 0, 1 on a clash, 77 with no OpenCL device
//                       (1 under CI=true, where pocl is installed)
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "engines/gpu/gpu.hpp"
#include "engines/gpu/gpu_opencl.h"

namespace queens {
extern const char* const kGpuKernelSource;
}

namespace {

using namespace queens;

// Appended to gpu_kernel.cl: `clashes` counts the rows of this thread's
// stack that lie past the `rows` given or that another thread wrote.
const char* const kMarkStacks = R"(
__kernel void markStacks(__local Row* stacks, uint levels, uint rows, __global uint* clashes) {
  __local Row* const stack = stackOf(stacks, levels);
  const Mask me = get_local_id(0) + 1;
  for (uint level = 0; level < levels; ++level) {
    if (stack + level * LANES - stacks >= rows) atomic_inc(clashes);
    else stack[level * LANES].x = me;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint level = 0; level < levels; ++level)
    if (stack + level * LANES - stacks < rows && stack[level * LANES].x != me)
      atomic_inc(clashes);
}
)";

struct Device {
  const OpenClApi* cl = nullptr;
  cl_device_id id = nullptr;
  ClContext context;
  ClQueue queue;
  cl_ulong localBytes = 0;  // a work-group's local memory
  size_t mostGroup = 1;     // its threads
};

// The first device, or false (with why).
bool open(Device& device, std::string& why) {
  GpuDevice chosen;
  if (!chooseGpuDevice(chosen, 0, why)) return false;
  device.cl = openClApi(why);
  device.id = static_cast<cl_device_id>(chosen.handle);
  cl_int status;
  const OpenClApi& cl = *device.cl;
  device.context =
      ClContext(cl, cl.CreateContext(nullptr, 1, &device.id, nullptr, nullptr, &status));
  if (status == CL_SUCCESS)
    device.queue = ClQueue(cl, cl.CreateCommandQueue(device.context.get(), device.id, 0, &status));
  if (status == CL_SUCCESS)
    status = cl.GetDeviceInfo(device.id, CL_DEVICE_LOCAL_MEM_SIZE, sizeof device.localBytes,
                              &device.localBytes, nullptr);
  if (status == CL_SUCCESS)
    status = cl.GetDeviceInfo(device.id, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof device.mostGroup,
                              &device.mostGroup, nullptr);
  if (status != CL_SUCCESS)
    why = "no context or queue (OpenCL error " + std::to_string(status) + ")";
  return status == CL_SUCCESS;
}

// The clashes in one work-group of `group` threads with stacks of `levels`
// rows, in the local memory kernelStackBytes gives; -1 if it could not run.
long clashes(Device& device, cl_kernel kernel, size_t group, cl_uint levels, size_t maskBytes) {
  const OpenClApi& cl = *device.cl;
  const size_t bytes = kernelStackBytes(true, group, levels, maskBytes);
  const cl_uint rows = cl_uint(bytes / (4 * maskBytes));
  cl_uint found = 0;
  cl_int status;
  ClBuffer counted(cl,
                   cl.CreateBuffer(device.context.get(), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                   sizeof found, &found, &status));
  if (status == CL_SUCCESS) status = cl.SetKernelArg(kernel, 0, bytes, nullptr);
  if (status == CL_SUCCESS) status = cl.SetKernelArg(kernel, 1, sizeof levels, &levels);
  if (status == CL_SUCCESS) status = cl.SetKernelArg(kernel, 2, sizeof rows, &rows);
  if (status == CL_SUCCESS) status = cl.SetKernelArg(kernel, 3, sizeof(cl_mem), counted.address());
  if (status == CL_SUCCESS)
    status = cl.EnqueueNDRangeKernel(device.queue.get(), kernel, 1, nullptr, &group, &group, 0,
                                     nullptr, nullptr);
  if (status == CL_SUCCESS)
    status = cl.EnqueueReadBuffer(device.queue.get(), counted.get(), CL_TRUE, 0, sizeof found,
                                  &found, 0, nullptr, nullptr);
  return status == CL_SUCCESS ? long(found) : -1;
}

// Every group size and depth for one width that the device can run; the
// number of cases failed.
int checkWidth(Device& device, bool wide) {
  const OpenClApi& cl = *device.cl;
  const std::string source = std::string(kGpuKernelSource) + kMarkStacks;
  const char* text = source.c_str();
  cl_int status;
  ClProgram program(cl,
                    cl.CreateProgramWithSource(device.context.get(), 1, &text, nullptr, &status));
  if (status == CL_SUCCESS)
    status = cl.BuildProgram(program.get(), 1, &device.id, wide ? "-D QUEENS_WIDE" : "", nullptr,
                             nullptr);
  ClKernel kernel;
  if (status == CL_SUCCESS)
    kernel = ClKernel(cl, cl.CreateKernel(program.get(), "markStacks", &status));
  if (status != CL_SUCCESS) {
    std::printf("FAIL: the kernel with markStacks did not build (OpenCL error %d)\n", status);
    return 1;
  }
  const size_t maskBytes = wide ? 8 : 4;
  int failed = 0, cases = 0;
  for (size_t group : {1, 7, 8, 9, 31, 32, 33, 96, 128, 200})
    for (cl_uint levels : {1u, 2u, 5u, 16u, wide ? 62u : 30u}) {
      if (group > device.mostGroup ||
          kernelStackBytes(true, group, levels, maskBytes) > device.localBytes)
        continue;
      const long found = clashes(device, kernel.get(), group, levels, maskBytes);
      ++cases;
      if (found != 0) {
        ++failed;
        std::printf("FAIL: %s masks, %zu threads, %u levels: %ld clashes\n",
                    wide ? "64-bit" : "32-bit", group, levels, found);
      }
    }
  std::printf("%s masks: %d of %d layouts without a clash\n", wide ? "64-bit" : "32-bit",
              cases - failed, cases);
  return failed;
}

}  // namespace

int main() {
  Device device;
  std::string why;
  if (!open(device, why)) {
    const char* ci = std::getenv("CI");
    std::printf("%s: %s\n", ci && std::string(ci) == "true" ? "FAIL" : "SKIPPED", why.c_str());
    return ci && std::string(ci) == "true" ? 1 : 77;
  }
  const int failed = checkWidth(device, false) + checkWidth(device, true);
  return failed == 0 ? 0 : 1;
}
