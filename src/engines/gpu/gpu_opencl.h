// ===== The GPU engine: OpenCL's calls ======================================
// What the OpenCL sources share (gpu_device.cpp, gpu_join_device.cpp): the
// calls, found in the loader at run time, a device's context and queue,
// and buffers. Named .h, not .hpp, so that the build of each of the
// layer's headers alone, which every build runs, passes it over: it needs
// OpenCL's headers, which only a build with the GPU engine has.
#pragma once

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "engines/gpu/gpu.hpp"

namespace queens {

// The OpenCL calls the engine makes, each found in the loader by its name.
struct OpenClApi {
  decltype(&::clGetPlatformIDs) GetPlatformIDs;
  decltype(&::clGetDeviceIDs) GetDeviceIDs;
  decltype(&::clGetDeviceInfo) GetDeviceInfo;
  decltype(&::clCreateContext) CreateContext;
  decltype(&::clCreateCommandQueue) CreateCommandQueue;
  decltype(&::clCreateProgramWithSource) CreateProgramWithSource;
  decltype(&::clBuildProgram) BuildProgram;
  decltype(&::clGetProgramBuildInfo) GetProgramBuildInfo;
  decltype(&::clCreateKernel) CreateKernel;
  decltype(&::clCreateBuffer) CreateBuffer;
  decltype(&::clSetKernelArg) SetKernelArg;
  decltype(&::clEnqueueNDRangeKernel) EnqueueNDRangeKernel;
  decltype(&::clEnqueueReadBuffer) EnqueueReadBuffer;
  decltype(&::clReleaseMemObject) ReleaseMemObject;
  decltype(&::clReleaseKernel) ReleaseKernel;
  decltype(&::clReleaseProgram) ReleaseProgram;
  decltype(&::clReleaseCommandQueue) ReleaseCommandQueue;
  decltype(&::clReleaseContext) ReleaseContext;
  decltype(&::clEnqueueWriteBuffer) EnqueueWriteBuffer;
  decltype(&::clGetEventInfo) GetEventInfo;
  decltype(&::clSetEventCallback) SetEventCallback;
  decltype(&::clEnqueueMarkerWithWaitList) EnqueueMarkerWithWaitList;
  decltype(&::clReleaseEvent) ReleaseEvent;
  decltype(&::clFlush) Flush;
};

// The calls, loaded once a process; null, with why, where the loader or
// one of its calls is missing.
const OpenClApi* openClApi(std::string& why);

// Whether a device of this process has hung (a batch past its deadline).
// From then on nothing waits for a device and nothing of it is released: a
// release may wait for the work that never ends, and the run ends anyway.
std::atomic<bool>& deviceHung();

// An OpenCL object owned once: moved, never copied, and released with the
// call `release` of the API when its owner ends (unless a device hung).
template <class Handle, auto OpenClApi::*release>
class Owned {
 public:
  Owned() = default;
  Owned(const OpenClApi& cl, Handle handle) : cl_(&cl), handle_(handle) {}
  Owned(Owned&& other) noexcept : cl_(other.cl_), handle_(std::exchange(other.handle_, nullptr)) {}
  Owned& operator=(Owned&& other) noexcept {
    if (this != &other) {
      reset();
      cl_ = other.cl_, handle_ = std::exchange(other.handle_, nullptr);
    }
    return *this;
  }
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;
  ~Owned() { reset(); }

  Handle get() const { return handle_; }
  const Handle* address() const { return &handle_; }  // for clSetKernelArg
  explicit operator bool() const { return handle_ != nullptr; }
  // Where a call that makes one writes it (an event's out-parameter): the
  // one held is released first.
  Handle* receive(const OpenClApi& cl) {
    reset();
    cl_ = &cl;
    return &handle_;
  }
  void reset() {
    if (handle_ && !deviceHung().load()) (cl_->*release)(handle_);
    handle_ = nullptr;
  }

 private:
  const OpenClApi* cl_ = nullptr;
  Handle handle_ = nullptr;
};

using ClContext = Owned<cl_context, &OpenClApi::ReleaseContext>;
using ClQueue = Owned<cl_command_queue, &OpenClApi::ReleaseCommandQueue>;
using ClProgram = Owned<cl_program, &OpenClApi::ReleaseProgram>;
using ClKernel = Owned<cl_kernel, &OpenClApi::ReleaseKernel>;
using ClBuffer = Owned<cl_mem, &OpenClApi::ReleaseMemObject>;
using ClEvent = Owned<cl_event, &OpenClApi::ReleaseEvent>;

// A started device's context and queue, which its counters share, and the
// join's kernels, built once; released in that order's reverse.
struct OpenClSession {
  const OpenClApi& cl;
  cl_device_id device;
  double allowance;  // --device-timeout's seconds
  ClContext context;
  ClQueue queue;
  ClProgram joinProgram;
  OpenClSession(const OpenClApi& api, cl_device_id id, double seconds)
      : cl(api), device(id), allowance(seconds) {}
  OpenClSession(const OpenClSession&) = delete;
  OpenClSession& operator=(const OpenClSession&) = delete;
};

// gpu_kernel.cl's kernels of the row search (QUEENS_GPU_KERNEL): the top row
// in registers; every row on the stack; and that one with each prefix's
// board rows copied beside its stack (QUEENS_LOCAL_ROWS).
enum class RowKernel { kRegisters, kStacked, kStackedLocalRows };

// The local memory of a work-group's stacks in gpu_kernel.cl: `levels` rows
// of 4 masks of `maskBytes` a thread, the stacked kernels' in whole blocks
// of their LANES threads (32, or 8 for 64-bit masks), and with
// kStackedLocalRows the `n` rows of a board a thread.
size_t kernelStackBytes(RowKernel kernel, size_t group, size_t levels, int n, size_t maskBytes);

// A device buffer kept from batch to batch (or flight to flight), grown when
// one needs more.
struct KeptBuffer {
  ClBuffer buffer;
  size_t capacity = 0;
  // Room for `bytes`; false, with status, if the device has none.
  bool reserve(const OpenClSession& session, size_t bytes, cl_int& status) {
    if (bytes <= capacity && buffer) return true;
    buffer.reset();
    capacity = std::max(bytes, capacity + capacity / 2);
    buffer = ClBuffer(session.cl, session.cl.CreateBuffer(session.context.get(), CL_MEM_READ_WRITE,
                                                          capacity, nullptr, &status));
    return status == CL_SUCCESS;
  }
  // Copies `bytes` from `data` in, with room made first; false, with
  // status, if it cannot. Not blocking: `data` is left alone until what
  // reads the buffer is done (the batch's or flight's counts are read).
  bool write(const OpenClSession& session, cl_command_queue queue, const void* data, size_t bytes,
             cl_int& status) {
    if (status != CL_SUCCESS || !reserve(session, std::max<size_t>(bytes, 8), status)) return false;
    if (bytes == 0) return true;
    status = session.cl.EnqueueWriteBuffer(queue, buffer.get(), CL_FALSE, 0, bytes, data, 0,
                                           nullptr, nullptr);
    return status == CL_SUCCESS;
  }
};

// How a wait for the device ended.
enum class DeviceWait { kDone, kFailed, kLate, kStopped };
// Whether a stop was asked for (a wait then ends, kStopped); empty: never.
using StopAsked = std::function<bool()>;
using DeviceClock = std::chrono::steady_clock;

// After a wait that the device did not end: a stop abandons the work under
// way, and a deadline passed fails the count. True if so (nothing to read).
inline bool endedUncounted(DeviceWait waited, StoppableDevice& device, bool& failed) {
  if (waited == DeviceWait::kStopped) device.abandon();
  if (waited == DeviceWait::kLate) failed = true;
  return waited == DeviceWait::kStopped || waited == DeviceWait::kLate;
}

inline DeviceClock::duration secondsOf(double seconds) {
  return std::chrono::duration_cast<DeviceClock::duration>(std::chrono::duration<double>(seconds));
}

// Waits for `event` until `deadline`, woken by the driver's callback when
// the event ends: never blocked without a bound, never spinning. kFailed,
// with the event's error in `status`, if its command failed; kLate, and
// deviceHung() set, if the deadline passed or another thread found the
// device hung; kStopped, within a tenth of a second, once `stop` says so.
DeviceWait waitForEvent(const OpenClApi& cl, cl_event event, DeviceClock::time_point deadline,
                        cl_int& status, const StopAsked& stop = {});

// Waits until all that `queue` holds is done, within the session's
// allowance; false if the device is hung.
bool drainQueue(const OpenClSession& session, cl_command_queue queue);

// Keeps `memory` for as long as the process lives: the host memory that a
// hung device's queued commands may still read or write, which the process
// must not free under them (it ends soon after). Reachable, so that a leak
// checker does not report it.
void leaveToHungDevice(std::shared_ptr<void> memory);

// A counter's waits for its batches (or flights), each within its deadline:
// from when the device could start it (its launch, or the batch before it
// done), the time its work may take at the pace the device has shown.
class BatchWaits {
 public:
  explicit BatchWaits(double allowance) : deadline_(allowance) {}
  // Waits for `done`, the end of a batch of `work` launched at `launched`:
  // kDone, its pace noted; kFailed, with the event's error in `status`; or
  // kLate, with what to say of `what` in `late`; kStopped once `stop` says.
  DeviceWait wait(const OpenClApi& cl, cl_event done, DeviceClock::time_point launched, double work,
                  const char* what, cl_int& status, std::string& late, const StopAsked& stop = {});

 private:
  DeviceDeadline deadline_;
  DeviceClock::time_point lastDone_;  // when the device was last seen done with a batch
};

// What a device's failed call says: "the OpenCL device failed to WHAT
// (OpenCL error STATUS)".
inline std::string deviceFailure(const char* what, cl_int status) {
  return std::string("the OpenCL device failed to ") + what + " (OpenCL error " +
         std::to_string(int(status)) + ")";
}

// The row search's counter on a started device, its kernel built; null,
// with why, if its compiler refuses it. `isGpu`: the device is a GPU.
std::unique_ptr<PrefixCounter> startPrefixCounter(std::shared_ptr<OpenClSession> session,
                                                  bool isGpu, std::string& why);

// The join's counters on a started device, its kernels built; null, with
// why, if its compiler refuses them. `cpu`: the device is no GPU (pocl's
// CPU device), where each host thread builds the kernels of its own
// (gpu_join_device.cpp says why).
std::unique_ptr<JoinDevices> startJoinDevices(std::shared_ptr<OpenClSession> session, bool cpu,
                                              std::string& why);

}  // namespace queens
