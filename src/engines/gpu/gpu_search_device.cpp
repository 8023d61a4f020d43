// ===== The GPU engine: the row search on the OpenCL device ==================
// Counts batches of prefixes (gpu.hpp's PrefixBatch) with gpu_kernel.cl,
// built when the device is started, once for every depth of prefixes: the
// stacks' local memory is sized when a batch is launched. Two batches take
// turns: while the device counts one, the host fills the other, and a
// batch's buffers on both sides are kept from one batch to the next, grown
// when one needs more. A batch is done once the prefixes its launch gave
// away (gpu_kernel.cl's giveAway) are counted too: the host launches again
// on them, on the batch's own queue, until a launch gives none.
#include <cstdlib>
#include <map>
#include <string>
#include <utility>

#include "engines/gpu/gpu_opencl.h"

namespace queens {

extern const char* const kGpuKernelSource;  // gpu_kernel.cl, as the build embeds it

namespace {

// Threads a work-group, fewer where their stacks would take more local
// memory than the device has. QUEENS_GPU_GROUP sets another, to measure it.
constexpr size_t kGroupThreads = 128, kMostGroupThreads = 4096;
// Threads launched for each compute unit of a GPU: as many as one can hold
// (NVIDIA's and AMD's hold 1,024 to 2,048). Where local memory lets fewer
// work-groups reside, the others start as the first end, which they do only
// once the prefixes are all taken: they take none and end at once.
constexpr size_t kGpuThreadsPerUnit = 2048;
// gpu_kernel.cl's two kernels: countPrefixes, the top row in registers, or
// countPrefixesStacked, every row on the stack and no branch but the next
// prefix's, which took 0.71 of the other's time on 20x20 on an H200
// (bench/README.md). QUEENS_GPU_KERNEL=registers, stacked or stacked-local
// (the stacked kernel reading its board's rows from local memory, not yet
// timed on a GPU) takes one, to measure it.
constexpr RowKernel kDefaultKernel = RowKernel::kStacked;
// Nodes a thread of the stacked kernel searches between looks at whether its
// launch's prefixes ran out, when it gives its shallowest row away.
// QUEENS_GPU_GIVE=N sets another (0: never give), to measure it or, small,
// to give rows away often in the tests.
constexpr cl_uint kGiveEvery = 1 << 14;

// The prefixes a launch gives away, on the device: how many, and each one's
// board, row and masks, as a batch's.
struct GivenPrefixes {
  KeptBuffer count, boardOf, rowOf, columns, sums, differences;
};

// A batch's buffers: on the host, the batch, its masks in 32 bits where the
// kernel reads them so, and the counts read back; on the device, each of
// the batch's arrays and the counts.
struct BatchSlot {
  PrefixBatch batch;
  std::vector<uint32_t> narrowRows, narrowColumns, narrowSums, narrowDifferences;
  std::vector<uint64_t> counts, nodes;
  KeptBuffer freeRows, boardOf, rowOf, columns, sums, differences, nextPrefix, countOf, nodesOf;
  // Two sets of prefixes given away, taking turns: a launch on one gives
  // into the other.
  GivenPrefixes given[2];
  int givenInto = 0;                  // the set the last launch gave into
  cl_uint givenCount = 0;             // how many it gave, read back
  std::vector<uint32_t> givenBoards;  // the boards of a launch on given prefixes, read back
  cl_command_queue queue = nullptr;   // its own, so that its launches on given prefixes run
                                      // beside the other slot's batch
  ClEvent read;                       // the last launch's counts read back
  DeviceClock::time_point launched;
  cl_uint launchedPrefixes = 0;
  bool countsNodes = false;
  cl_kernel kernel = nullptr;                   // as the batch was launched: its kernel, its
  size_t group = 1, levels = 1, maskBytes = 4;  // work-group, stack levels, mask bytes
};

// A launch's prefixes on the device: the batch's own, or a set given away.
struct PrefixArrays {
  cl_mem boardOf, rowOf, columns, sums, differences;
};

class OpenClCounter final : public PrefixCounter {
 public:
  OpenClCounter(std::shared_ptr<OpenClSession> session, bool isGpu);
  ~OpenClCounter() override;
  // The context, the queue and the kernel built; false, with error(), if
  // they cannot be made or the device's compiler refuses the kernel.
  bool start();
  PrefixBatch* nextBatch() override;
  bool launch(bool countsNodes) override;
  bool finish(Count& placements, Count& nodes) override;
  const char* error() const override { return error_.c_str(); }
  size_t residentThreads() const override { return computeUnits_ * threadsPerUnit(group_); }
  void setMostPrefixes(size_t prefixes) override { mostPrefixes_ = prefixes; }
  double secondsBuilding() const override { return building_; }
  void watchStop(std::function<bool()> stop) override { stop_ = std::move(stop); }
  void abandon() override { abandoned_ = true, failed_ = true, error_ = "the count was stopped"; }

 private:
  // A build of the kernel, for 32- or 64-bit rows, with or without nodes.
  struct Built {
    ClProgram program;
    ClKernel kernel;
  };
  bool readGroup();
  bool readKernel();
  bool readGiveEvery();
  cl_kernel kernelFor(bool wide, bool countsNodes);
  bool build(Built& built, const char* options);
  bool fail(const char* what, cl_int status);
  bool wait(BatchSlot& slot);  // for its batch, whose counts it adds up
  bool waitForLaunch(BatchSlot& slot);
  void addNodes(const BatchSlot& slot);
  bool searchGiven(BatchSlot& slot);
  bool enqueueSearch(BatchSlot& slot, const PrefixArrays& in, cl_uint prefixes, int giveInto);
  void setSearchArguments(BatchSlot& slot, const PrefixArrays& in, cl_uint prefixes,
                          GivenPrefixes& into, cl_int& status);
  template <class Mask>
  bool upload(BatchSlot& slot, const std::vector<Mask>* narrow[4]);
  template <class T>
  bool write(cl_command_queue queue, KeptBuffer& kept, const T* data, size_t count, cl_int& status);
  bool run(BatchSlot& slot, cl_kernel kernel, size_t maskBytes);
  void drainQueues();
  size_t groupFor(size_t levels, int n, size_t maskBytes) const;
  size_t threadsPerUnit(size_t group) const;

  std::shared_ptr<OpenClSession> session_;
  const OpenClApi& cl_;
  bool isGpu_;
  cl_command_queue queue_ = nullptr;  // the session's, the first slot's
  ClQueue secondQueue_;               // the second slot's
  cl_uint computeUnits_ = 1;
  cl_ulong localBytes_ = 0;  // local memory a work-group may take
  size_t mostGroup_ = 1, group_ = kGroupThreads;
  RowKernel kernel_ = kDefaultKernel;  // which kernel of gpu_kernel.cl counts
  cl_uint giveEvery_ = kGiveEvery;
  size_t mostPrefixes_ = GpuSearch::kBatchPrefixes;  // a batch's, under --memory
  std::map<int, Built> built_;                       // by wide * 2 + countsNodes
  double building_ = 0;                              // the seconds the builds took
  // Two: one filled while the device counts the other. On the heap, so that
  // a hung device's may be left to it (leaveToHungDevice).
  std::unique_ptr<BatchSlot[]> slots_ = std::make_unique<BatchSlot[]>(2);
  int next_ = 0;  // the slot nextBatch() gives; once launched, the one launched first
  BatchWaits waits_;
  Count placements_ = 0, nodes_ = 0;
  bool failed_ = false;
  bool abandoned_ = false;  // a stop left its batches to the device
  StopAsked stop_;          // asked by its waits
  std::string error_;
};

OpenClCounter::OpenClCounter(std::shared_ptr<OpenClSession> session, bool isGpu)
    : session_(std::move(session)), cl_(session_->cl), isGpu_(isGpu), waits_(session_->allowance) {}

OpenClCounter::~OpenClCounter() {
  // Nothing left that reads or writes the batches before their buffers,
  // events and kernels are released; a hung device's commands, or those a
  // stop left unwaited, may still read the batches' host memory, which is
  // left to them.
  if (!queue_) return;
  const bool drained = !abandoned_ && drainQueue(*session_, queue_) &&
                       (!secondQueue_ || drainQueue(*session_, secondQueue_.get()));
  if (!drained) leaveToHungDevice(std::shared_ptr<BatchSlot[]>(slots_.release()));
}

// Waits for both slots' queues, so that nothing enqueued still reads or
// writes the batches' memory.
void OpenClCounter::drainQueues() {
  if (queue_) drainQueue(*session_, queue_);
  if (secondQueue_) drainQueue(*session_, secondQueue_.get());
}

bool OpenClCounter::fail(const char* what, cl_int status) {
  error_ = deviceFailure(what, status);
  failed_ = true;
  // The batch's copies and kernel enqueued before the failure end before
  // its host memory is touched again.
  drainQueues();
  return false;
}

bool OpenClCounter::start() {
  cl_int status;
  const cl_device_id device = session_->device;
  session_->context =
      ClContext(cl_, cl_.CreateContext(nullptr, 1, &device, nullptr, nullptr, &status));
  if (status == CL_SUCCESS) {
    session_->queue =
        ClQueue(cl_, cl_.CreateCommandQueue(session_->context.get(), device, 0, &status));
    queue_ = session_->queue.get();
  }
  if (status == CL_SUCCESS)
    secondQueue_ =
        ClQueue(cl_, cl_.CreateCommandQueue(session_->context.get(), device, 0, &status));
  slots_[0].queue = queue_, slots_[1].queue = secondQueue_.get();
  if (status == CL_SUCCESS)
    status = cl_.GetDeviceInfo(device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof computeUnits_,
                               &computeUnits_, nullptr);
  if (status == CL_SUCCESS)
    status = cl_.GetDeviceInfo(device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof localBytes_, &localBytes_,
                               nullptr);
  if (status == CL_SUCCESS)
    status = cl_.GetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof mostGroup_,
                               &mostGroup_, nullptr);
  if (status != CL_SUCCESS) return fail("start", status);
  if (!readGroup() || !readKernel() || !readGiveEvery()) return false;
  // Built now: a device whose compiler refuses the kernel is refused when
  // it is opened, so that auto counts on the CPU instead, not at its first
  // batch.
  return kernelFor(false, false) != nullptr;
}

// QUEENS_GPU_GROUP's threads a work-group, where it is set; false, with
// error(), if it is not a number from 1 to kMostGroupThreads.
bool OpenClCounter::readGroup() {
  const char* text = std::getenv("QUEENS_GPU_GROUP");
  if (!text) return true;
  char* end = nullptr;
  const long group = std::strtol(text, &end, 10);
  if (end == text || *end || group < 1 || group > long(kMostGroupThreads)) {
    error_ = std::string("QUEENS_GPU_GROUP is '") + text +
             "': give the threads a work-group, 1 to " + std::to_string(kMostGroupThreads);
    return false;
  }
  group_ = size_t(group);
  return true;
}

// QUEENS_GPU_KERNEL's kernel, where it is set; false, with error(), if it
// names neither.
bool OpenClCounter::readKernel() {
  const char* text = std::getenv("QUEENS_GPU_KERNEL");
  if (!text) return true;
  const std::string name = text;
  if (name != "registers" && name != "stacked" && name != "stacked-local") {
    error_ = "QUEENS_GPU_KERNEL is '" + name + "': give registers, stacked or stacked-local";
    return false;
  }
  kernel_ = name == "registers" ? RowKernel::kRegisters
            : name == "stacked" ? RowKernel::kStacked
                                : RowKernel::kStackedLocalRows;
  return true;
}

// QUEENS_GPU_GIVE's nodes between looks, where it is set; false, with
// error(), if it is not a number from 0 (never give) to 2^31.
bool OpenClCounter::readGiveEvery() {
  const char* text = std::getenv("QUEENS_GPU_GIVE");
  if (!text) return true;
  char* end = nullptr;
  const long nodes = std::strtol(text, &end, 10);
  if (end == text || *end || nodes < 0 || nodes > (1L << 31)) {
    error_ = std::string("QUEENS_GPU_GIVE is '") + text +
             "': give the nodes between looks at the prefixes left, 0 (never give) to 2147483648";
    return false;
  }
  giveEvery_ = cl_uint(nodes);
  return true;
}

// The kernel for 32- or 64-bit rows, with or without nodes, built the
// first time a batch needs it.
cl_kernel OpenClCounter::kernelFor(bool wide, bool countsNodes) {
  Built& built = built_[wide * 2 + countsNodes];
  if (built.kernel) return built.kernel.get();
  std::string options = wide ? "-D QUEENS_WIDE" : "";
  if (countsNodes) options += " -D QUEENS_NODES";
  if (kernel_ == RowKernel::kStackedLocalRows) options += " -D QUEENS_LOCAL_ROWS";
  const auto start = std::chrono::steady_clock::now();
  const bool made = build(built, options.c_str());
  building_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return made ? built.kernel.get() : nullptr;
}

// Compiles the kernel's source with `options`, and makes the kernel this
// counter launches; false, with error(), if the device refuses.
bool OpenClCounter::build(Built& built, const char* options) {
  cl_int status;
  const char* source = kGpuKernelSource;
  built.program = ClProgram(
      cl_, cl_.CreateProgramWithSource(session_->context.get(), 1, &source, nullptr, &status));
  if (status != CL_SUCCESS) return fail("take the kernel's source", status);
  status = cl_.BuildProgram(built.program.get(), 1, &session_->device, options, nullptr, nullptr);
  if (status != CL_SUCCESS) {
    char log[2048] = "";
    cl_.GetProgramBuildInfo(built.program.get(), session_->device, CL_PROGRAM_BUILD_LOG,
                            sizeof log - 1, log, nullptr);
    error_ = std::string("the OpenCL device could not build the kernel: ") +
             (*log ? log : "its compiler gave no log");
    return false;
  }
  const char* name = kernel_ == RowKernel::kRegisters ? "countPrefixes" : "countPrefixesStacked";
  built.kernel = ClKernel(cl_, cl_.CreateKernel(built.program.get(), name, &status));
  return status == CL_SUCCESS || fail("make the kernel", status);
}

// Waits for the batch and the prefixes it gave away, whose counts it adds up.
bool OpenClCounter::wait(BatchSlot& slot) {
  if (!slot.read) return !failed_;
  if (!waitForLaunch(slot)) return false;
  placements_ += slot.batch.weigh(slot.counts);
  addNodes(slot);
  while (slot.givenCount > 0) {
    if (!searchGiven(slot) || !waitForLaunch(slot)) return false;
    placements_ += slot.batch.weigh(slot.counts, slot.givenBoards);
    addNodes(slot);
  }
  return !failed_;
}

// Waits for the slot's last launch, within its deadline (its work: its
// prefixes).
bool OpenClCounter::waitForLaunch(BatchSlot& slot) {
  cl_int status = CL_SUCCESS;
  const DeviceWait waited =
      waits_.wait(cl_, slot.read.get(), slot.launched, double(slot.launchedPrefixes),
                  "a batch of prefixes", status, error_, stop_);
  if (endedUncounted(waited, *this, failed_)) return false;
  slot.read.reset();
  if (waited == DeviceWait::kFailed) return fail("count a batch", status);
  return !failed_;
}

void OpenClCounter::addNodes(const BatchSlot& slot) {
  if (slot.countsNodes)
    for (uint64_t nodes : slot.nodes) nodes_ += nodes;
}

// Launches the kernel again, on the prefixes the slot's last launch gave
// away, into the other set.
bool OpenClCounter::searchGiven(BatchSlot& slot) {
  const GivenPrefixes& from = slot.given[slot.givenInto];
  const PrefixArrays in{from.boardOf.buffer.get(), from.rowOf.buffer.get(),
                        from.columns.buffer.get(), from.sums.buffer.get(),
                        from.differences.buffer.get()};
  const cl_uint prefixes = slot.givenCount;
  slot.givenBoards.resize(prefixes);
  cl_int status = cl_.EnqueueReadBuffer(slot.queue, in.boardOf, CL_FALSE, 0, prefixes * 4,
                                        slot.givenBoards.data(), 0, nullptr, nullptr);
  if (status != CL_SUCCESS) return fail("count the prefixes given away", status);
  return enqueueSearch(slot, in, prefixes, slot.givenInto ^ 1);
}

PrefixBatch* OpenClCounter::nextBatch() {
  BatchSlot& slot = slots_[next_];
  if (!wait(slot)) return nullptr;
  slot.batch.clear();
  return &slot.batch;
}

bool OpenClCounter::finish(Count& placements, Count& nodes) {
  wait(slots_[next_]);  // in the order they were launched
  wait(slots_[next_ ^ 1]);
  placements = placements_;
  nodes = nodes_;
  placements_ = nodes_ = 0;
  return !failed_;
}

// The masks narrowed to 32 bits, as the kernel reads them up to 32x32.
void narrow(const std::vector<uint64_t>& masks, std::vector<uint32_t>& narrowed) {
  narrowed.assign(masks.begin(), masks.end());
}

bool OpenClCounter::launch(bool countsNodes) {
  BatchSlot& slot = slots_[next_];
  const PrefixBatch& batch = slot.batch;
  const bool wide = batch.n > kNarrowMaxN;
  slot.countsNodes = countsNodes;
  cl_kernel kernel = kernelFor(wide, countsNodes);
  if (!kernel) {
    failed_ = true;
    return false;
  }
  bool launched;
  if (wide) {
    const std::vector<uint64_t>* masks[4] = {&batch.freeRows, &batch.columns, &batch.sums,
                                             &batch.differences};
    launched = upload(slot, masks) && run(slot, kernel, sizeof(uint64_t));
  } else {
    narrow(batch.freeRows, slot.narrowRows), narrow(batch.columns, slot.narrowColumns);
    narrow(batch.sums, slot.narrowSums), narrow(batch.differences, slot.narrowDifferences);
    const std::vector<uint32_t>* masks[4] = {&slot.narrowRows, &slot.narrowColumns,
                                             &slot.narrowSums, &slot.narrowDifferences};
    launched = upload(slot, masks) && run(slot, kernel, sizeof(uint32_t));
  }
  next_ ^= 1;
  return launched;
}

template <class T>
bool OpenClCounter::write(cl_command_queue queue, KeptBuffer& kept, const T* data, size_t count,
                          cl_int& status) {
  // The batch is left alone until its counts are read (wait).
  return kept.write(*session_, queue, data, count * sizeof(T), status);
}

// Copies the batch over: the boards' rows and the prefixes' masks (the
// batch's own, or their 32-bit copies), its boards and rows.
template <class Mask>
bool OpenClCounter::upload(BatchSlot& slot, const std::vector<Mask>* masks[4]) {
  const PrefixBatch& batch = slot.batch;
  const size_t prefixes = batch.prefixes();
  cl_command_queue queue = slot.queue;
  cl_int status = CL_SUCCESS;
  write(queue, slot.freeRows, masks[0]->data(), masks[0]->size(), status);
  write(queue, slot.columns, masks[1]->data(), prefixes, status);
  write(queue, slot.sums, masks[2]->data(), prefixes, status);
  write(queue, slot.differences, masks[3]->data(), prefixes, status);
  write(queue, slot.boardOf, batch.boardOf.data(), prefixes, status);
  write(queue, slot.rowOf, batch.rowOf.data(), prefixes, status);
  return status == CL_SUCCESS || fail("take a batch of prefixes", status);
}

// The threads of a work-group whose stacks fit the device's local memory.
size_t OpenClCounter::groupFor(size_t levels, int n, size_t maskBytes) const {
  size_t group = std::min(group_, mostGroup_);
  while (group > 1 && kernelStackBytes(kernel_, group, levels, n, maskBytes) > localBytes_)
    group /= 2;
  return group;
}

// The threads launched for each compute unit, in work-groups of `group`.
size_t OpenClCounter::threadsPerUnit(size_t group) const {
  return isGpu_ ? std::max<size_t>(1, kGpuThreadsPerUnit / group) * group : 4 * group;
}

bool OpenClCounter::run(BatchSlot& slot, cl_kernel kernel, size_t maskBytes) {
  const PrefixBatch& batch = slot.batch;
  // A stack holds the rows from the shallowest prefix's to the last but
  // one, the last being only counted; the registers kernel keeps its top
  // row out of it. The prefixes given away lie deeper.
  int first = batch.n;
  for (uint8_t row : batch.rowOf) first = std::min(first, int(row));
  slot.kernel = kernel, slot.maskBytes = maskBytes;
  slot.levels = size_t(std::max(1, batch.n - (kernel_ == RowKernel::kRegisters ? 2 : 1) - first));
  slot.group = groupFor(slot.levels, batch.n, maskBytes);
  const PrefixArrays in{slot.boardOf.buffer.get(), slot.rowOf.buffer.get(),
                        slot.columns.buffer.get(), slot.sums.buffer.get(),
                        slot.differences.buffer.get()};
  return enqueueSearch(slot, in, cl_uint(batch.prefixes()), 0);
}

// Searches below `prefixes` prefixes of the slot's batch, giving rows away
// into the set `giveInto`, and reads back their counts, their nodes, and
// how many prefixes were given (slot.read: all read).
bool OpenClCounter::enqueueSearch(BatchSlot& slot, const PrefixArrays& in, cl_uint prefixes,
                                  int giveInto) {
  static const cl_uint kZero = 0;
  GivenPrefixes& into = slot.given[giveInto];
  slot.givenInto = giveInto;
  cl_int status = CL_SUCCESS;
  write(slot.queue, slot.nextPrefix, &kZero, 1, status);
  write(slot.queue, into.count, &kZero, 1, status);
  if (status == CL_SUCCESS) slot.countOf.reserve(*session_, prefixes * 8, status);
  if (status == CL_SUCCESS)  // the nodes' buffer is a word when unused
    slot.nodesOf.reserve(*session_, slot.countsNodes ? prefixes * 8 : 8, status);
  if (status == CL_SUCCESS) setSearchArguments(slot, in, prefixes, into, status);
  if (status != CL_SUCCESS) return fail("take a batch of prefixes", status);
  // Enough threads to fill the device, never more than the prefixes need.
  const size_t group = slot.group;
  const size_t threads =
      std::min(computeUnits_ * threadsPerUnit(group), (prefixes + group - 1) / group * group);
  status = cl_.EnqueueNDRangeKernel(slot.queue, slot.kernel, 1, nullptr, &threads, &group, 0,
                                    nullptr, nullptr);
  if (status != CL_SUCCESS) return fail("run the kernel", status);
  slot.counts.resize(prefixes);
  if (slot.countsNodes) {
    slot.nodes.resize(prefixes);
    status = cl_.EnqueueReadBuffer(slot.queue, slot.nodesOf.buffer.get(), CL_FALSE, 0, prefixes * 8,
                                   slot.nodes.data(), 0, nullptr, nullptr);
  }
  if (status == CL_SUCCESS)
    status = cl_.EnqueueReadBuffer(slot.queue, slot.countOf.buffer.get(), CL_FALSE, 0, prefixes * 8,
                                   slot.counts.data(), 0, nullptr, nullptr);
  // The queue runs in order: once the prefixes given are read, all is.
  if (status == CL_SUCCESS)
    status = cl_.EnqueueReadBuffer(slot.queue, into.count.buffer.get(), CL_FALSE, 0,
                                   sizeof slot.givenCount, &slot.givenCount, 0, nullptr,
                                   slot.read.receive(cl_));
  if (status == CL_SUCCESS) status = cl_.Flush(slot.queue);
  slot.launched = DeviceClock::now(), slot.launchedPrefixes = prefixes;
  return status == CL_SUCCESS || fail("count a batch", status);
}

// The kernel's arguments for a launch on `in` (status: whether all were
// set), giving rows away `into`: as many prefixes as --memory lets a batch
// hold (a board's first batches are smaller, but all their threads give
// rows at their first look); a row that would not fit is not given.
void OpenClCounter::setSearchArguments(BatchSlot& slot, const PrefixArrays& in, cl_uint prefixes,
                                       GivenPrefixes& into, cl_int& status) {
  const size_t room = std::max(slot.batch.prefixes(), mostPrefixes_);
  const size_t maskBytes = slot.maskBytes;
  into.boardOf.reserve(*session_, room * 4, status);
  if (status == CL_SUCCESS) into.rowOf.reserve(*session_, room, status);
  if (status == CL_SUCCESS) into.columns.reserve(*session_, room * maskBytes, status);
  if (status == CL_SUCCESS) into.sums.reserve(*session_, room * maskBytes, status);
  if (status == CL_SUCCESS) into.differences.reserve(*session_, room * maskBytes, status);
  const cl_int n = slot.batch.n;
  // Giving never (0): no room, so that not even a look every 2^32 nodes gives.
  const cl_uint giveEvery = giveEvery_, roomArgument = giveEvery_ ? cl_uint(room) : 0;
  cl_kernel kernel = slot.kernel;
  if (status == CL_SUCCESS) status = cl_.SetKernelArg(kernel, 0, sizeof n, &n);
  const cl_mem buffers[] = {slot.freeRows.buffer.get(),
                            in.boardOf,
                            in.rowOf,
                            in.columns,
                            in.sums,
                            in.differences,
                            slot.countOf.buffer.get(),
                            slot.nodesOf.buffer.get()};
  for (cl_uint i = 0; i < 8 && status == CL_SUCCESS; ++i)
    status = cl_.SetKernelArg(kernel, i + 1, sizeof(cl_mem), &buffers[i]);
  if (status == CL_SUCCESS) status = cl_.SetKernelArg(kernel, 9, sizeof prefixes, &prefixes);
  if (status == CL_SUCCESS)
    status = cl_.SetKernelArg(kernel, 10, sizeof(cl_mem), slot.nextPrefix.buffer.address());
  const cl_uint levels = cl_uint(slot.levels);
  if (status == CL_SUCCESS)  // the stacks, in local memory
    status = cl_.SetKernelArg(
        kernel, 11, kernelStackBytes(kernel_, slot.group, levels, slot.batch.n, maskBytes),
        nullptr);
  if (status == CL_SUCCESS) status = cl_.SetKernelArg(kernel, 12, sizeof levels, &levels);
  if (status == CL_SUCCESS) status = cl_.SetKernelArg(kernel, 13, sizeof giveEvery, &giveEvery);
  if (status == CL_SUCCESS)
    status = cl_.SetKernelArg(kernel, 14, sizeof roomArgument, &roomArgument);
  const cl_mem given[] = {into.count.buffer.get(), into.boardOf.buffer.get(),
                          into.rowOf.buffer.get(), into.columns.buffer.get(),
                          into.sums.buffer.get(),  into.differences.buffer.get()};
  for (cl_uint i = 0; i < 6 && status == CL_SUCCESS; ++i)
    status = cl_.SetKernelArg(kernel, i + 15, sizeof(cl_mem), &given[i]);
}

}  // namespace

size_t kernelStackBytes(RowKernel kernel, size_t group, size_t levels, int n, size_t maskBytes) {
  if (kernel == RowKernel::kRegisters) return group * levels * 4 * maskBytes;
  const size_t lanes = maskBytes == 8 ? 8 : 32;
  const size_t threads = (group + lanes - 1) / lanes * lanes;
  const size_t boardRows = kernel == RowKernel::kStackedLocalRows ? size_t(n) : 0;
  return threads * (levels * 4 + boardRows) * maskBytes;
}

std::unique_ptr<PrefixCounter> startPrefixCounter(std::shared_ptr<OpenClSession> session,
                                                  bool isGpu, std::string& why) {
  auto counter = std::make_unique<OpenClCounter>(std::move(session), isGpu);
  if (!counter->start()) {
    why = counter->error();
    return nullptr;
  }
  return counter;
}

}  // namespace queens
