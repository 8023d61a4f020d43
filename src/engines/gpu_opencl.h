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
#include <memory>
#include <string>

#include "engines/gpu.hpp"

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

// A started device's context and queue, which its counters share, and the
// join's kernels, built once. Once the device is hung (a batch past its
// deadline), nothing waits for it again and nothing of it is released: a
// release may wait for the work that never ends, and the run ends anyway.
struct OpenClSession {
  const OpenClApi& cl;
  cl_device_id device;
  double allowance;  // --device-timeout's seconds
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;
  cl_program joinProgram = nullptr;
  std::atomic<bool> hung{false};
  OpenClSession(const OpenClApi& api, cl_device_id id, double seconds)
      : cl(api), device(id), allowance(seconds) {}
  OpenClSession(const OpenClSession&) = delete;
  OpenClSession& operator=(const OpenClSession&) = delete;
  ~OpenClSession();
};

// A buffer that releases itself.
struct Buffer {
  const OpenClApi* cl = nullptr;
  cl_mem mem = nullptr;
  ~Buffer() {
    if (mem) cl->ReleaseMemObject(mem);
  }
};

// A device buffer kept from batch to batch (or flight to flight), grown when
// one needs more.
struct KeptBuffer {
  Buffer buffer;
  size_t capacity = 0;
  // Room for `bytes`; false, with status, if the device has none.
  bool reserve(const OpenClSession& session, size_t bytes, cl_int& status) {
    if (bytes <= capacity && buffer.mem) return true;
    if (buffer.mem) session.cl.ReleaseMemObject(buffer.mem), buffer.mem = nullptr;
    capacity = std::max(bytes, capacity + capacity / 2);
    buffer.mem =
        session.cl.CreateBuffer(session.context, CL_MEM_READ_WRITE, capacity, nullptr, &status);
    return status == CL_SUCCESS;
  }
  // Copies `bytes` from `data` in, with room made first; false, with
  // status, if it cannot. Not blocking: `data` is left alone until what
  // reads the buffer is done (the batch's or flight's counts are read).
  bool write(const OpenClSession& session, cl_command_queue queue, const void* data, size_t bytes,
             cl_int& status) {
    if (status != CL_SUCCESS || !reserve(session, std::max<size_t>(bytes, 8), status)) return false;
    if (bytes == 0) return true;
    status = session.cl.EnqueueWriteBuffer(queue, buffer.mem, CL_FALSE, 0, bytes, data, 0, nullptr,
                                           nullptr);
    return status == CL_SUCCESS;
  }
};

// How a wait for the device ended.
enum class DeviceWait { kDone, kFailed, kLate };
using DeviceClock = std::chrono::steady_clock;

inline DeviceClock::duration secondsOf(double seconds) {
  return std::chrono::duration_cast<DeviceClock::duration>(std::chrono::duration<double>(seconds));
}

// Waits for `event` until `deadline`, woken by the driver's callback when
// the event ends: never blocked without a bound, never spinning. kFailed,
// with the event's error in `status`, if its command failed; kLate, and the
// session marked hung, if the deadline passed or another thread found it
// hung.
DeviceWait waitForEvent(OpenClSession& session, cl_event event, DeviceClock::time_point deadline,
                        cl_int& status);

// Waits until all that `queue` holds is done, within the session's
// allowance; false if the device is hung.
bool drainQueue(OpenClSession& session, cl_command_queue queue);

// What a batch past its deadline says.
std::string lateFailure(const char* what, double seconds, double allowance);

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
// why, if its compiler refuses them.
std::unique_ptr<JoinDevices> startJoinDevices(std::shared_ptr<OpenClSession> session,
                                              std::string& why);

}  // namespace queens
