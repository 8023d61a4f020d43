// ===== The GPU engine: the OpenCL device ====================================
// Finds a device, builds gpu_kernel.cl for each board size it meets, and
// counts a batch of prefixes: the batch copied over, the kernel run, the
// counts copied back. Built only where CMake finds OpenCL. The program does
// not link OpenCL's loader: it loads it (libOpenCL.so.1, or the file
// QUEENS_OPENCL names) with dlopen when it first looks for a device, so one
// binary starts where OpenCL is absent: there auto counts on the CPU, and
// --method=gpu says why it cannot.
#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "engines/gpu.hpp"
#include "engines/gpu_opencl.h"

namespace queens {

extern const char* const kGpuKernelSource;  // gpu_kernel.cl, as the build embeds it

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
  find(api.WaitForEvents, "clWaitForEvents", file, why);
  find(api.ReleaseEvent, "clReleaseEvent", file, why);
  find(api.Flush, "clFlush", file, why);
  find(api.Finish, "clFinish", file, why);
  return loaded;
}

// Threads a work-group, and the local memory their stacks may take: the
// most a work-group may have on NVIDIA's GPUs.
constexpr size_t kGroupThreads = 128, kLeastGroupThreads = 32, kLocalBytes = 48 * 1024;
// A kernel's stacks hold a multiple of this many rows.
constexpr int kLeastLevels = 4;
// Threads resident on a compute unit of a GPU (NVIDIA's and AMD's hold
// 1,024 to 2,048): enough to hide the stack's latency.
constexpr size_t kGpuThreadsPerUnit = 2048;

class OpenClCounter : public PrefixCounter {
 public:
  OpenClCounter(std::shared_ptr<OpenClSession> session, bool isGpu)
      : session_(std::move(session)), cl_(session_->cl), device_(session_->device), isGpu_(isGpu) {}
  ~OpenClCounter() override;
  bool start(std::string& why);
  bool count(const PrefixBatch& batch, std::vector<uint64_t>& counts,
             std::vector<uint64_t>* nodes) override;
  const char* error() const override { return error_.c_str(); }

 private:
  // A kernel built for one board size, with or without node counts.
  struct Built {
    cl_program program = nullptr;
    cl_kernel kernel = nullptr;
  };
  cl_kernel kernelFor(int levels, bool wide, bool countsNodes, size_t& group);
  bool fail(const char* what, cl_int status);
  template <class Mask>
  bool run(const PrefixBatch& batch, cl_kernel kernel, size_t group, bool countsNodes,
           std::vector<uint64_t>& counts, std::vector<uint64_t>* nodes);
  cl_mem input(const void* data, size_t bytes, cl_int& status);

  std::shared_ptr<OpenClSession> session_;
  const OpenClApi& cl_;
  cl_device_id device_;
  bool isGpu_;
  cl_context context_ = nullptr;  // the session's
  cl_command_queue queue_ = nullptr;
  cl_uint computeUnits_ = 1;
  std::map<int, Built> built_;  // by (levels * 2 + wide) * 2 + countsNodes
  std::string error_;
};

OpenClCounter::~OpenClCounter() {
  for (auto& entry : built_) {
    if (entry.second.kernel) cl_.ReleaseKernel(entry.second.kernel);
    if (entry.second.program) cl_.ReleaseProgram(entry.second.program);
  }
}

bool OpenClCounter::fail(const char* what, cl_int status) {
  char text[160];
  std::snprintf(text, sizeof text, "the OpenCL device failed to %s (OpenCL error %d)", what,
                int(status));
  error_ = text;
  return false;
}

bool OpenClCounter::start(std::string& why) {
  cl_int status;
  session_->context = context_ = cl_.CreateContext(nullptr, 1, &device_, nullptr, nullptr, &status);
  if (status == CL_SUCCESS)
    session_->queue = queue_ = cl_.CreateCommandQueue(context_, device_, 0, &status);
  if (status == CL_SUCCESS)
    status = cl_.GetDeviceInfo(device_, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof computeUnits_,
                               &computeUnits_, nullptr);
  if (status != CL_SUCCESS) return fail("start", status), why = error_, false;
  // The kernel built now, as the smallest stacks need it: a device whose
  // compiler refuses it is refused when it is opened, so that auto counts
  // on the CPU instead, not at its first batch.
  size_t group = 0;
  return kernelFor(kLeastLevels, false, false, group) || (why = error_, false);
}

// The threads of a work-group whose stacks hold `levels` rows each.
size_t groupFor(int levels, bool wide) {
  if (wide) return kGroupThreads;  // its stacks are private
  size_t group = kGroupThreads;
  while (group > kLeastGroupThreads && group * size_t(levels) * 4 * sizeof(uint32_t) > kLocalBytes)
    group /= 2;
  return group;
}

// Builds the kernel for stacks of `levels` rows the first time a batch
// needs it.
cl_kernel OpenClCounter::kernelFor(int levels, bool wide, bool countsNodes, size_t& group) {
  group = groupFor(levels, wide);
  Built& built = built_[(levels * 2 + wide) * 2 + countsNodes];
  if (built.kernel) return built.kernel;
  char options[160];
  std::snprintf(options, sizeof options, "-D QUEENS_LEVELS=%d -D QUEENS_GROUP=%zu%s%s", levels,
                group, wide ? " -D QUEENS_WIDE" : "", countsNodes ? " -D QUEENS_NODES" : "");
  cl_int status;
  const char* source = kGpuKernelSource;
  built.program = cl_.CreateProgramWithSource(context_, 1, &source, nullptr, &status);
  if (status != CL_SUCCESS) return fail("take the kernel's source", status), nullptr;
  status = cl_.BuildProgram(built.program, 1, &device_, options, nullptr, nullptr);
  if (status != CL_SUCCESS) {
    char log[2048] = "";
    cl_.GetProgramBuildInfo(built.program, device_, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log,
                            nullptr);
    error_ = std::string("the OpenCL device could not build the kernel: ") +
             (*log ? log : "its compiler gave no log");
    return nullptr;
  }
  built.kernel = cl_.CreateKernel(built.program, "countPrefixes", &status);
  if (status != CL_SUCCESS) return fail("make the kernel", status), nullptr;
  return built.kernel;
}

cl_mem OpenClCounter::input(const void* data, size_t bytes, cl_int& status) {
  if (status != CL_SUCCESS) return nullptr;
  return cl_.CreateBuffer(context_, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes,
                          const_cast<void*>(data), &status);
}

bool OpenClCounter::count(const PrefixBatch& batch, std::vector<uint64_t>& counts,
                          std::vector<uint64_t>* nodes) {
  // A stack holds the rows below the shallowest prefix's, but the last; in
  // steps of 4, so that a few builds serve every batch.
  int first = batch.n;
  for (uint8_t row : batch.rowOf) first = std::min(first, int(row));
  const int levels = std::max(kLeastLevels, (batch.n - first + 3) / 4 * 4);
  const bool wide = batch.n > kNarrowMaxN;
  size_t group = 0;
  cl_kernel kernel = kernelFor(levels, wide, nodes != nullptr, group);
  if (!kernel) return false;
  return wide ? run<uint64_t>(batch, kernel, group, nodes != nullptr, counts, nodes)
              : run<uint32_t>(batch, kernel, group, nodes != nullptr, counts, nodes);
}

// The masks as the kernel reads them: 32 bits a row up to 32x32.
template <class Mask>
std::vector<Mask> narrowed(const std::vector<uint64_t>& masks) {
  return std::vector<Mask>(masks.begin(), masks.end());
}

template <class Mask>
bool OpenClCounter::run(const PrefixBatch& batch, cl_kernel kernel, size_t group, bool countsNodes,
                        std::vector<uint64_t>& counts, std::vector<uint64_t>* nodes) {
  const cl_uint prefixes = cl_uint(batch.prefixes());
  const std::vector<Mask> freeRows = narrowed<Mask>(batch.freeRows),
                          columns = narrowed<Mask>(batch.columns),
                          sums = narrowed<Mask>(batch.sums),
                          differences = narrowed<Mask>(batch.differences);
  const cl_uint zero = 0;
  cl_int status = CL_SUCCESS;
  Buffer in[7] = {{&cl_}, {&cl_}, {&cl_}, {&cl_}, {&cl_}, {&cl_}, {&cl_}},
         out[2] = {{&cl_}, {&cl_}};
  in[0].mem = input(freeRows.data(), freeRows.size() * sizeof(Mask), status);
  in[1].mem = input(batch.boardOf.data(), prefixes * sizeof(uint32_t), status);
  in[2].mem = input(batch.rowOf.data(), prefixes, status);
  in[3].mem = input(columns.data(), prefixes * sizeof(Mask), status);
  in[4].mem = input(sums.data(), prefixes * sizeof(Mask), status);
  in[5].mem = input(differences.data(), prefixes * sizeof(Mask), status);
  if (status == CL_SUCCESS)  // the next prefix to take, from 0
    in[6].mem = cl_.CreateBuffer(context_, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero,
                                 const_cast<cl_uint*>(&zero), &status);
  for (Buffer& output : out)  // the nodes' buffer is a word when unused
    if (status == CL_SUCCESS)
      output.mem = cl_.CreateBuffer(context_, CL_MEM_WRITE_ONLY,
                                    (&output == &out[1] && !countsNodes ? 1 : prefixes) * 8,
                                    nullptr, &status);
  if (status != CL_SUCCESS) return fail("take a batch of prefixes", status);
  const cl_int n = batch.n;
  status = cl_.SetKernelArg(kernel, 0, sizeof n, &n);
  const cl_mem arguments[] = {in[0].mem, in[1].mem, in[2].mem,  in[3].mem,
                              in[4].mem, in[5].mem, out[0].mem, out[1].mem};
  for (cl_uint i = 0; i < 8 && status == CL_SUCCESS; ++i)
    status = cl_.SetKernelArg(kernel, i + 1, sizeof(cl_mem), &arguments[i]);
  if (status == CL_SUCCESS) status = cl_.SetKernelArg(kernel, 9, sizeof prefixes, &prefixes);
  if (status == CL_SUCCESS) status = cl_.SetKernelArg(kernel, 10, sizeof(cl_mem), &in[6].mem);
  // Enough threads to fill the device, never more than the prefixes need.
  const size_t resident = computeUnits_ * (isGpu_ ? kGpuThreadsPerUnit : 4 * group);
  const size_t threads = std::min(resident, (prefixes + group - 1) / group * group);
  if (status == CL_SUCCESS)
    status =
        cl_.EnqueueNDRangeKernel(queue_, kernel, 1, nullptr, &threads, &group, 0, nullptr, nullptr);
  if (status != CL_SUCCESS) return fail("run the kernel", status);
  counts.resize(prefixes);
  status = cl_.EnqueueReadBuffer(queue_, out[0].mem, CL_TRUE, 0, prefixes * 8, counts.data(), 0,
                                 nullptr, nullptr);
  if (status == CL_SUCCESS && countsNodes) {
    nodes->resize(prefixes);
    status = cl_.EnqueueReadBuffer(queue_, out[1].mem, CL_TRUE, 0, prefixes * 8, nodes->data(), 0,
                                   nullptr, nullptr);
  }
  return status == CL_SUCCESS || fail("count a batch", status);
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

OpenClSession::~OpenClSession() {
  if (joinProgram) cl.ReleaseProgram(joinProgram);
  if (queue) cl.ReleaseCommandQueue(queue);
  if (context) cl.ReleaseContext(context);
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
  auto session = std::make_shared<OpenClSession>(*cl, device);
  auto counter = std::make_unique<OpenClCounter>(session, kindOf(*cl, device).gpu);
  if (!counter->start(why)) return false;
  std::unique_ptr<JoinDevices> joiners = startJoinDevices(session, why);
  if (!joiners) return false;
  chosen.counter = std::move(counter);
  chosen.joiners = std::move(joiners);
  return true;
}

}  // namespace queens
