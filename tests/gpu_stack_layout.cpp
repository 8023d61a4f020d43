// gpu_stack_layout: no two threads' stacks in gpu_kernel.cl's stacked
// kernel meet, nor (QUEENS_LOCAL_ROWS) the board rows each copies beside
// them, and each lies within the local memory the host gives it.
// A counting test cannot see this on pocl's CPU device, which runs a
// work-group's threads one after another, so that stacks laid over each
// other still count right there (and wrong on a GPU). Here every thread
// writes its number into each row of its stack (stackOf, LANES rows
// apart) and of its board (boardRowsOf), all wait at a barrier, and each
// reads its rows back, for many work-group sizes and depths, with 32- and
// 64-bit masks: a row another thread overwrote, or one past the memory, is
// a clash.
//   gpu_stack_layout    exit 0, 1 on a clash, 77 with no OpenCL device
//                       (1 under CI=true, where pocl is installed)
#include <algorithm>
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
// The board's `n` rows count as a quarter of a stack's row each.
const char* const kMarkStacks = R"(
__kernel void markStacks(__local Row* stacks, uint levels, uint rows, __global uint* clashes,
                         int n) {
  __local Row* const stack = stackOf(stacks, levels);
  const Mask me = get_local_id(0) + 1;
  for (uint level = 0; level < levels; ++level) {
    if (stack + level * LANES - stacks >= rows) atomic_inc(clashes);
    else stack[level * LANES].x = me;
  }
#ifdef QUEENS_LOCAL_ROWS
  __local Mask* const open = boardRowsOf(stacks, levels, n);
  __local Mask* const masks = (__local Mask*)stacks;
  for (int row = 0; row < n; ++row) {
    if (&OPEN(row) - masks >= 4 * rows) atomic_inc(clashes);
    else OPEN(row) = me;
  }
#endif
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint level = 0; level < levels; ++level)
    if (stack + level * LANES - stacks < rows && stack[level * LANES].x != me)
      atomic_inc(clashes);
#ifdef QUEENS_LOCAL_ROWS
  for (int row = 0; row < n; ++row)
    if (&OPEN(row) - masks < 4 * rows && OPEN(row) != me) atomic_inc(clashes);
#endif
}
)";

// A layout to check: the kernel, and whether its masks are 64 bits.
struct Layout {
  RowKernel kernel;
  bool wide;
};

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
// rows and boards of `n`, in the local memory kernelStackBytes gives; -1 if
// it could not run.
long clashes(Device& device, cl_kernel kernel, Layout layout, size_t group, cl_uint levels,
             cl_int n) {
  const OpenClApi& cl = *device.cl;
  const size_t maskBytes = layout.wide ? 8 : 4;
  const size_t bytes = kernelStackBytes(layout.kernel, group, levels, n, maskBytes);
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
  if (status == CL_SUCCESS) status = cl.SetKernelArg(kernel, 4, sizeof n, &n);
  if (status == CL_SUCCESS)
    status = cl.EnqueueNDRangeKernel(device.queue.get(), kernel, 1, nullptr, &group, &group, 0,
                                     nullptr, nullptr);
  if (status == CL_SUCCESS)
    status = cl.EnqueueReadBuffer(device.queue.get(), counted.get(), CL_TRUE, 0, sizeof found,
                                  &found, 0, nullptr, nullptr);
  return status == CL_SUCCESS ? long(found) : -1;
}

// Every group size and depth for one layout that the device can run; the
// number of cases failed.
int checkLayout(Device& device, Layout layout) {
  const OpenClApi& cl = *device.cl;
  const std::string source = std::string(kGpuKernelSource) + kMarkStacks;
  const char* text = source.c_str();
  std::string options = layout.wide ? "-D QUEENS_WIDE" : "";
  if (layout.kernel == RowKernel::kStackedLocalRows) options += " -D QUEENS_LOCAL_ROWS";
  cl_int status;
  ClProgram program(cl,
                    cl.CreateProgramWithSource(device.context.get(), 1, &text, nullptr, &status));
  if (status == CL_SUCCESS)
    status = cl.BuildProgram(program.get(), 1, &device.id, options.c_str(), nullptr, nullptr);
  ClKernel kernel;
  if (status == CL_SUCCESS)
    kernel = ClKernel(cl, cl.CreateKernel(program.get(), "markStacks", &status));
  const std::string name = std::string(layout.wide ? "64-bit" : "32-bit") + " masks" +
                           (layout.kernel == RowKernel::kStackedLocalRows ? ", local rows" : "");
  if (status != CL_SUCCESS) {
    std::printf("FAIL: %s: the kernel with markStacks did not build (OpenCL error %d)\n",
                name.c_str(), status);
    return 1;
  }
  int failed = 0, cases = 0;
  for (size_t group : {1, 7, 8, 9, 31, 32, 33, 96, 128, 200})
    for (cl_uint levels : {1u, 2u, 5u, 16u, layout.wide ? 62u : 30u}) {
      // A stack holds the rows below a prefix but the last: n > levels.
      const cl_int n = cl_int(std::min(levels + 5, layout.wide ? 64u : 32u));
      if (group > device.mostGroup || kernelStackBytes(layout.kernel, group, levels, n,
                                                       layout.wide ? 8 : 4) > device.localBytes)
        continue;
      const long found = clashes(device, kernel.get(), layout, group, levels, n);
      ++cases;
      if (found != 0) {
        ++failed;
        std::printf("FAIL: %s, %zu threads, %u levels: %ld clashes\n", name.c_str(), group, levels,
                    found);
      }
    }
  std::printf("%s: %d of %d layouts without a clash\n", name.c_str(), cases - failed, cases);
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
  int failed = 0;
  for (RowKernel kernel : {RowKernel::kStacked, RowKernel::kStackedLocalRows})
    for (bool wide : {false, true}) failed += checkLayout(device, {kernel, wide});
  return failed == 0 ? 0 : 1;
}
