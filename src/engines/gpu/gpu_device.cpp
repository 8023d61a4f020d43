// ===== The GPU engine: the OpenCL device ====================================
// Finds a device and starts it: its context, queue and kernels, with the
// row search's counter (gpu_search_device.cpp) and the join's
// (gpu_join_device.cpp). Built only where CMake finds OpenCL. The program does
// not link OpenCL's loader: it loads it (libOpenCL.so.1, or the file
// QUEENS_OPENCL names) with dlopen when it first looks for a device, so one
// binary starts where OpenCL is absent: there auto counts on the CPU, and
// --method=gpu says why it cannot.
#include <dlfcn.h>

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <vector>

#include "engines/gpu/gpu.hpp"
#include "engines/gpu/gpu_opencl.h"

namespace queens {

namespace {

struct LoadedApi {
  OpenClApi api{};
  std::string why;  // empty: loaded
};

// Each call found by name, in the process's global scope: the loader is
// opened with RTLD_GLOBAL, and a library preloaded in front of it (the
// fault tests' stand-in, tests/faults/opencl_stand_in.cpp) is found first.
template <class Call>
void find(Call& call, const char* name, const char* file, std::string& why) {
  call = reinterpret_cast<Call>(dlsym(RTLD_DEFAULT, name));
  if (!call && why.empty()) why = std::string(file) + " has no " + name;
}

LoadedApi load() {
  LoadedApi loaded;
  const char* named = std::getenv("QUEENS_OPENCL");
  const char* file = named && *named ? named : "libOpenCL.so.1";
  if (!dlopen(file, RTLD_NOW | RTLD_GLOBAL)) {
    loaded.why = std::string("OpenCL's loader cannot be loaded (") + dlerror() +
                 "); Debian's ocl-icd-libopencl1 installs it";
    return loaded;
  }
  OpenClApi& api = loaded.api;
  std::string& why = loaded.why;
  find(api.GetPlatformIDs, "clGetPlatformIDs", file, why);
  find(api.GetDeviceIDs, "clGetDeviceIDs", file, why);
  find(api.GetDeviceInfo, "clGetDeviceInfo", file, why);
  find(api.CreateContext, "clCreateContext", file, why);
  find(api.CreateCommandQueue, "clCreateCommandQueue", file, why);
  find(api.CreateProgramWithSource, "clCreateProgramWithSource", file, why);
  find(api.BuildProgram, "clBuildProgram", file, why);
  find(api.GetProgramBuildInfo, "clGetProgramBuildInfo", file, why);
  find(api.CreateKernel, "clCreateKernel", file, why);
  find(api.CreateBuffer, "clCreateBuffer", file, why);
  find(api.SetKernelArg, "clSetKernelArg", file, why);
  find(api.EnqueueNDRangeKernel, "clEnqueueNDRangeKernel", file, why);
  find(api.EnqueueReadBuffer, "clEnqueueReadBuffer", file, why);
  find(api.ReleaseMemObject, "clReleaseMemObject", file, why);
  find(api.ReleaseKernel, "clReleaseKernel", file, why);
  find(api.ReleaseProgram, "clReleaseProgram", file, why);
  find(api.ReleaseCommandQueue, "clReleaseCommandQueue", file, why);
  find(api.ReleaseContext, "clReleaseContext", file, why);
  find(api.EnqueueWriteBuffer, "clEnqueueWriteBuffer", file, why);
  find(api.GetEventInfo, "clGetEventInfo", file, why);
  find(api.SetEventCallback, "clSetEventCallback", file, why);
  find(api.EnqueueMarkerWithWaitList, "clEnqueueMarkerWithWaitList", file, why);
  find(api.ReleaseEvent, "clReleaseEvent", file, why);
  find(api.Flush, "clFlush", file, why);
  return loaded;
}

// The device's name, as it says it.
std::string deviceName(const OpenClApi& cl, cl_device_id device) {
  char name[256] = "";
  cl.GetDeviceInfo(device, CL_DEVICE_NAME, sizeof name - 1, name, nullptr);
  return name;
}

// What a device is, as the choice of one needs it.
struct DeviceKind {
  bool gpu = false;       // of GPU type
  bool discrete = false;  // and with memory of its own, not the host's
};

DeviceKind kindOf(const OpenClApi& cl, cl_device_id device) {
  cl_device_type type = 0;
  cl_bool unified = CL_TRUE;
  cl.GetDeviceInfo(device, CL_DEVICE_TYPE, sizeof type, &type, nullptr);
  cl.GetDeviceInfo(device, CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof unified, &unified, nullptr);
  DeviceKind kind;
  kind.gpu = (type & CL_DEVICE_TYPE_GPU) != 0;
  kind.discrete = kind.gpu && !unified;
  return kind;
}

// Every device of every platform, in the loader's order: --device=N's.
std::vector<cl_device_id> allDevices(const OpenClApi& cl) {
  std::vector<cl_device_id> devices;
  cl_platform_id platforms[16];
  cl_uint platformCount = 0;
  if (cl.GetPlatformIDs(16, platforms, &platformCount) != CL_SUCCESS) return devices;
  for (cl_uint p = 0; p < platformCount && p < 16; ++p) {
    cl_device_id found[16];
    cl_uint count = 0;
    if (cl.GetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 16, found, &count) == CL_SUCCESS)
      devices.insert(devices.end(), found, found + std::min<cl_uint>(count, 16));
  }
  return devices;
}

// Device `number` (from 1), or with 0 the first discrete GPU, else the
// first GPU, else the first device; null, with why, if there is none.
cl_device_id chooseDevice(const OpenClApi& cl, int number, std::string& why) {
  const std::vector<cl_device_id> devices = allDevices(cl);
  if (devices.empty()) {
    why =
        "no OpenCL device was found (an OpenCL driver, such as pocl-opencl-icd or the GPU's, "
        "and its ICD file are needed)";
    return nullptr;
  }
  if (number > int(devices.size())) {
    why = "--device=" + std::to_string(number) + ": this machine has " +
          std::to_string(devices.size()) + " OpenCL device" + (devices.size() > 1 ? "s" : "") +
          " (";
    for (size_t i = 0; i < devices.size(); ++i)
      why += (i ? "; " : "") + std::to_string(i + 1) + ": " + deviceName(cl, devices[i]);
    why += ")";
    return nullptr;
  }
  if (number > 0) return devices[size_t(number - 1)];
  for (bool discrete : {true, false})
    for (cl_device_id device : devices)
      if (kindOf(cl, device).gpu && (kindOf(cl, device).discrete || !discrete)) return device;
  return devices.front();
}

}  // namespace

const OpenClApi* openClApi(std::string& why) {
  static const LoadedApi loaded = load();  // once, whichever thread asks first
  if (loaded.why.empty()) return &loaded.api;
  why = loaded.why;
  return nullptr;
}

std::atomic<bool>& deviceHung() {
  static std::atomic<bool> hung{false};
  return hung;
}

namespace {

// What an event's callback tells the thread that waits for it. Shared by
// the two: a callback that comes after the waiter gave up (a device that
// was late, then finished) finds it still there.
struct EventSignal {
  std::mutex mutex;
  std::condition_variable changed;
  bool ended = false;
  cl_int state = CL_COMPLETE;  // or the command's error, negative
};

void CL_CALLBACK onEventEnded(cl_event /*event*/, cl_int state, void* data) {
  auto* signal = static_cast<std::shared_ptr<EventSignal>*>(data);
  {
    const std::lock_guard<std::mutex> lock((*signal)->mutex);
    (*signal)->ended = true, (*signal)->state = state;
  }
  (*signal)->changed.notify_all();
  delete signal;  // the callback's share
}

// The event's state as the device says it: CL_COMPLETE, an error, or not
// yet; false if it cannot say.
bool stateOf(const OpenClApi& cl, cl_event event, cl_int& state, cl_int& status) {
  status = cl.GetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof state, &state, nullptr);
  return status == CL_SUCCESS;
}

// What a batch past its deadline says.
std::string lateFailure(const char* what, double seconds, double allowance) {
  char text[320];
  std::snprintf(text, sizeof text,
                "the OpenCL device did not finish %s within %.0f s (--device-timeout=%.0f, "
                "plus ten times what its work took at the device's slowest pace so far): it "
                "seems hung, and nothing of the batch is counted",
                what, seconds, allowance);
  return text;
}

}  // namespace

DeviceWait waitForEvent(const OpenClApi& cl, cl_event event, DeviceClock::time_point deadline,
                        cl_int& status, const StopAsked& stop) {
  // The driver's callback wakes the waiter at once; the wait is cut into
  // steps of at most a tenth of a second, at each of which the event's
  // state is asked (in case a driver never calls back), and whether
  // (another thread found the device hung).
  auto signal = std::make_shared<EventSignal>();
  auto* callbackShare = new std::shared_ptr<EventSignal>(signal);
  if (cl.SetEventCallback(event, CL_COMPLETE, onEventEnded, callbackShare) != CL_SUCCESS)
    delete callbackShare;  // asked at each step instead
  for (;;) {
    bool ended;
    cl_int state;
    {
      const std::lock_guard<std::mutex> lock(signal->mutex);
      ended = signal->ended;
      state = signal->state;
    }
    // The driver is asked with the lock released: it may hold a lock of its
    // own while it calls back, and the callback takes ours. (Asked with ours
    // held, 16 host threads hung on an H200, each waiting for the other.)
    if (!ended && !stateOf(cl, event, state, status)) return DeviceWait::kFailed;
    if (state < 0) {
      status = state;
      return DeviceWait::kFailed;  // the command's error
    }
    if (ended || state == CL_COMPLETE) {
      status = CL_SUCCESS;
      return DeviceWait::kDone;
    }
    const DeviceClock::time_point now = DeviceClock::now();
    if (now >= deadline || deviceHung().load()) {
      deviceHung().store(true);
      return DeviceWait::kLate;
    }
    if (stop && stop()) return DeviceWait::kStopped;
    std::unique_lock<std::mutex> lock(signal->mutex);
    if (!signal->ended)
      signal->changed.wait_until(lock, std::min(deadline, now + std::chrono::milliseconds(100)));
  }
}

bool drainQueue(const OpenClSession& session, cl_command_queue queue) {
  if (deviceHung().load()) return false;
  ClEvent marker;
  cl_int status =
      session.cl.EnqueueMarkerWithWaitList(queue, 0, nullptr, marker.receive(session.cl));
  if (status == CL_SUCCESS) status = session.cl.Flush(queue);
  if (status != CL_SUCCESS) return true;  // nothing queued can be waited for: the queue failed
  const DeviceClock::time_point deadline = DeviceClock::now() + secondsOf(session.allowance);
  return waitForEvent(session.cl, marker.get(), deadline, status) != DeviceWait::kLate;
}

DeviceWait BatchWaits::wait(const OpenClApi& cl, cl_event done, DeviceClock::time_point launched,
                            double work, const char* what, cl_int& status, std::string& late,
                            const StopAsked& stop) {
  const double bound = deadline_.boundFor(work);
  const DeviceClock::time_point start = std::max(launched, lastDone_);
  const DeviceWait waited = waitForEvent(cl, done, start + secondsOf(bound), status, stop);
  if (waited == DeviceWait::kLate) late = lateFailure(what, bound, deadline_.allowance());
  if (waited != DeviceWait::kDone) return waited;
  lastDone_ = DeviceClock::now();
  deadline_.took(work, std::chrono::duration<double>(lastDone_ - start).count());
  return waited;
}

void leaveToHungDevice(std::shared_ptr<void> memory) {
  static std::mutex guard;
  static auto* const kept = new std::vector<std::shared_ptr<void>>;  // never freed
  const std::lock_guard<std::mutex> lock(guard);
  kept->push_back(std::move(memory));
}

bool chooseGpuDevice(GpuDevice& chosen, int number, std::string& why) {
  const OpenClApi* cl = openClApi(why);
  if (!cl) return false;
  cl_device_id device = chooseDevice(*cl, number, why);
  if (!device) return false;
  chosen.name = deviceName(*cl, device);
  chosen.discrete = kindOf(*cl, device).discrete;
  chosen.handle = device;
  return true;
}

bool startGpuDevice(GpuDevice& chosen, std::string& why) {
  const OpenClApi* cl = openClApi(why);
  cl_device_id device = static_cast<cl_device_id>(chosen.handle);
  auto session = std::make_shared<OpenClSession>(*cl, device, chosen.allowance);
  std::unique_ptr<PrefixCounter> counter =
      startPrefixCounter(session, kindOf(*cl, device).gpu, why);
  if (!counter) return false;
  std::unique_ptr<JoinDevices> joiners = startJoinDevices(session, !kindOf(*cl, device).gpu, why);
  if (!joiners) return false;
  chosen.counter = std::move(counter);
  chosen.joiners = std::move(joiners);
  return true;
}

}  // namespace queens
