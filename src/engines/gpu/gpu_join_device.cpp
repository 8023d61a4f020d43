// ===== The join on the GPU: the OpenCL device ===============================
// Counts flights of the join (gpu.hpp's JoinFlight) with the kernels of
// gpu_join_kernel.cl, built when the device is started. Each host thread
// has a queue of its own. Two flights take turns: while the device counts
// one, the host fills the other, and a flight's buffers on both sides are
// kept from one flight to the next, grown when a flight needs more.
#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <utility>

#include "engines/gpu/gpu_opencl.h"

namespace queens {

extern const char* const kGpuJoinKernelSource;  // gpu_join_kernel.cl, as the build embeds it

namespace {

// countPairs' work-group: a thread a pair of a tile.
constexpr size_t kPairThreads = JoinFlight::kTilePairs;

// A flight's buffers: on the host, the flight and its tiles' sums; on the
// device, each of the flight's arrays, the planes, the tables and the sums.
struct FlightSlot {
  JoinFlight flight;
  std::vector<uint64_t> sums;
  KeptBuffer patterns, chunks, planeStarts, tableStarts, planes, tables, quarters, tiles, tileSums;
  ClEvent read;  // the sums read back: the flight is done
  DeviceClock::time_point launched;
  double work = 0;  // its pairs' words
};

// A thread's first flight holds at most this many tiles, and each next one
// four times as many as the one before, so that the device's pace is known
// before a flight takes long (DeviceDeadline).
constexpr uint64_t kFirstFlightTiles = 64;

ClProgram buildJoinProgram(const OpenClSession& session, const std::string& moreOptions,
                           std::string& why);

class OpenClJoiner final : public JoinDevice {
 public:
  // `number`: its own program's (a CPU's device), or -1: the session's.
  OpenClJoiner(std::shared_ptr<OpenClSession> session, int number)
      : session_(std::move(session)),
        cl_(session_->cl),
        number_(number),
        waits_(session_->allowance) {}
  ~OpenClJoiner() override;
  // Its queue and kernels; false, with error(), if they cannot be made.
  bool start();
  JoinFlight* nextFlight() override;
  bool launch() override;
  bool finish(Count& total) override;
  const char* error() const override { return error_.c_str(); }
  void watchStop(std::function<bool()> stop) override { stop_ = std::move(stop); }
  void abandon() override {
    abandoned_ = true;
    failed_ = true;
    error_ = "the count was stopped";
  }

 private:
  bool fail(const char* what, cl_int status);
  bool wait(FlightSlot& slot);  // for its flight, whose sums it adds to total_
  bool upload(FlightSlot& slot, size_t planeWords, size_t tableWords);
  bool run(FlightSlot& slot, size_t planeWords, size_t tableWords);
  template <class T>
  bool write(KeptBuffer& kept, const std::vector<T>& data, cl_int& status);

  std::shared_ptr<OpenClSession> session_;
  const OpenClApi& cl_;
  int number_;
  ClQueue queue_;      // this thread's
  ClProgram program_;  // its own, on a CPU's device
  ClKernel planesKernel_, tablesKernel_, pairsKernel_;
  // Two: one filled while the device counts the other. On the heap, so that
  // a hung device's may be left to it (leaveToHungDevice).
  std::unique_ptr<FlightSlot[]> slots_ = std::make_unique<FlightSlot[]>(2);
  int next_ = 0;  // the slot nextFlight() gives; once launched, the one launched first
  BatchWaits waits_;
  uint64_t mostTiles_ = kFirstFlightTiles;
  Count total_ = 0;
  bool failed_ = false;
  bool abandoned_ = false;  // a stop left its flights to the device
  StopAsked stop_;          // asked by its waits
  std::string error_;
};

OpenClJoiner::~OpenClJoiner() {
  // Nothing left that reads or writes the flights before their buffers,
  // events, kernels and queue are released; a hung device's commands, or
  // those a stop left unwaited, may still read the flights' host memory,
  // which is left to them.
  if (queue_ && (abandoned_ || !drainQueue(*session_, queue_.get())))
    leaveToHungDevice(std::shared_ptr<FlightSlot[]>(slots_.release()));
}

bool OpenClJoiner::fail(const char* what, cl_int status) {
  error_ = deviceFailure(what, status);
  failed_ = true;
  // The flight's copies and kernels enqueued before the failure end before
  // its host memory is touched again.
  if (queue_) drainQueue(*session_, queue_.get());
  return false;
}

bool OpenClJoiner::start() {
  cl_int status;
  queue_ =
      ClQueue(cl_, cl_.CreateCommandQueue(session_->context.get(), session_->device, 0, &status));
  if (status != CL_SUCCESS) return fail("make a queue for the join", status);
  // On a CPU's device (pocl), each thread's kernels come from a program of
  // its own, told apart by a definition the source does not use. pocl 3.1
  // keeps a kernel's machine code, built for the widest grid launched so
  // far, by its program, name and work-group size; when two threads'
  // launches of one kernel overlap, the later wider than any before, the
  // end of one may release the other's and abort the run
  // ("pocl_release_dlhandle_cache: Assertion `found->ref_count > 0'
  // failed"; bench/README.md has the runs).
  if (number_ >= 0) {
    program_ = buildJoinProgram(*session_, " -D QUEENS_JOINER=" + std::to_string(number_), error_);
    if (!program_) return false;
  }
  const cl_program program = number_ >= 0 ? program_.get() : session_->joinProgram.get();
  planesKernel_ = ClKernel(cl_, cl_.CreateKernel(program, "buildPlanes", &status));
  if (status == CL_SUCCESS)
    tablesKernel_ = ClKernel(cl_, cl_.CreateKernel(program, "buildTables", &status));
  if (status == CL_SUCCESS)
    pairsKernel_ = ClKernel(cl_, cl_.CreateKernel(program, "countPairs", &status));
  return status == CL_SUCCESS || fail("make the join's kernels", status);
}

// Waits for the flight, within its deadline (its work: its pairs' words).
bool OpenClJoiner::wait(FlightSlot& slot) {
  if (!slot.read) return !failed_;
  cl_int status = CL_SUCCESS;
  const DeviceWait waited = waits_.wait(cl_, slot.read.get(), slot.launched, slot.work,
                                        "a flight of the join", status, error_, stop_);
  if (endedUncounted(waited, *this, failed_)) return false;
  slot.read.reset();
  if (waited == DeviceWait::kFailed) return fail("count a flight of the join", status);
  for (uint64_t sum : slot.sums) total_ += sum;
  return !failed_;
}

JoinFlight* OpenClJoiner::nextFlight() {
  FlightSlot& slot = slots_[next_];
  if (!wait(slot)) return nullptr;
  slot.flight.clear();
  slot.flight.mostTiles = mostTiles_;
  return &slot.flight;
}

template <class T>
bool OpenClJoiner::write(KeptBuffer& kept, const std::vector<T>& data, cl_int& status) {
  // The flight is left alone until its sums are read (wait).
  return kept.write(*session_, queue_.get(), data.data(), data.size() * sizeof(T), status);
}

bool OpenClJoiner::upload(FlightSlot& slot, size_t planeWords, size_t tableWords) {
  const JoinFlight& flight = slot.flight;
  cl_int status = CL_SUCCESS;
  write(slot.patterns, flight.patterns, status);
  write(slot.chunks, flight.chunks, status);
  write(slot.planeStarts, flight.planeStarts, status);
  write(slot.tableStarts, flight.tableStarts, status);
  write(slot.quarters, flight.quarters, status);
  write(slot.tiles, flight.tiles, status);
  if (status == CL_SUCCESS) slot.planes.reserve(*session_, planeWords * 8, status);
  if (status == CL_SUCCESS) slot.tables.reserve(*session_, tableWords * 8, status);
  if (status == CL_SUCCESS) slot.tileSums.reserve(*session_, flight.tileCount() * 8, status);
  return status == CL_SUCCESS || fail("take a flight of the join", status);
}

// Sets a kernel's arguments, in order: buffers and 32-bit numbers.
struct Arguments {
  const OpenClApi& cl;
  cl_kernel kernel;
  cl_int status = CL_SUCCESS;
  cl_uint next = 0;
  Arguments& operator<<(const KeptBuffer& kept) {
    if (status == CL_SUCCESS)
      status = cl.SetKernelArg(kernel, next++, sizeof(cl_mem), kept.buffer.address());
    return *this;
  }
  Arguments& operator<<(cl_uint number) {
    if (status == CL_SUCCESS) status = cl.SetKernelArg(kernel, next++, sizeof number, &number);
    return *this;
  }
};

bool OpenClJoiner::run(FlightSlot& slot, size_t planeWords, size_t tableWords) {
  const JoinFlight& flight = slot.flight;
  const cl_uint chunkCount = cl_uint(flight.chunks.size()), planes = cl_uint(flight.planeCount);
  Arguments planeArguments{cl_, planesKernel_.get()}, tableArguments{cl_, tablesKernel_.get()},
      pairArguments{cl_, pairsKernel_.get()};
  planeArguments << slot.patterns << slot.chunks << slot.planeStarts << chunkCount << planes
                 << cl_uint(planeWords) << slot.planes;
  tableArguments << slot.planes << slot.chunks << slot.tableStarts << slot.planeStarts << chunkCount
                 << planes << cl_uint(tableWords) << slot.tables;
  pairArguments << slot.tables << slot.chunks << slot.quarters << slot.tiles << slot.tileSums;
  cl_int status = planeArguments.status;
  if (status == CL_SUCCESS) status = tableArguments.status;
  if (status == CL_SUCCESS) status = pairArguments.status;
  if (status != CL_SUCCESS) return fail("take the join's arguments", status);
  // A work-item a plane's word, then a table's; a work-group a tile.
  const size_t group = 64, planeItems = (planeWords + group - 1) / group * group,
               tableItems = (tableWords + group - 1) / group * group,
               pairItems = flight.tileCount() * kPairThreads;
  cl_command_queue queue = queue_.get();
  status = cl_.EnqueueNDRangeKernel(queue, planesKernel_.get(), 1, nullptr, &planeItems, &group, 0,
                                    nullptr, nullptr);
  if (status == CL_SUCCESS)
    status = cl_.EnqueueNDRangeKernel(queue, tablesKernel_.get(), 1, nullptr, &tableItems, &group,
                                      0, nullptr, nullptr);
  if (status == CL_SUCCESS)
    status = cl_.EnqueueNDRangeKernel(queue, pairsKernel_.get(), 1, nullptr, &pairItems,
                                      &kPairThreads, 0, nullptr, nullptr);
  if (status != CL_SUCCESS) return fail("run the join's kernels", status);
  slot.sums.resize(flight.tileCount());
  status =
      cl_.EnqueueReadBuffer(queue, slot.tileSums.buffer.get(), CL_FALSE, 0, slot.sums.size() * 8,
                            slot.sums.data(), 0, nullptr, slot.read.receive(cl_));
  if (status == CL_SUCCESS) status = cl_.Flush(queue);  // the device starts now
  slot.launched = DeviceClock::now();
  return status == CL_SUCCESS || fail("count a flight of the join", status);
}

bool OpenClJoiner::launch() {
  FlightSlot& slot = slots_[next_];
  next_ ^= 1;
  if (failed_) return false;
  if (slot.flight.tileCount() == 0) return true;
  slot.work = 0;
  for (size_t tile = 0; tile < slot.flight.tileCount(); ++tile)
    slot.work +=
        double(slot.flight.chunks[slot.flight.tiles[tile * JoinFlight::kTileFields]].words);
  slot.work *= JoinFlight::kTilePairs;
  mostTiles_ = std::min<uint64_t>(mostTiles_, UINT64_MAX / 4) * 4;
  const size_t planeWords = slot.flight.planeStarts.back(),
               tableWords = slot.flight.tableStarts.back();
  return upload(slot, planeWords, tableWords) && run(slot, planeWords, tableWords);
}

bool OpenClJoiner::finish(Count& total) {
  bool done = wait(slots_[next_]);  // in the order they were launched
  done = wait(slots_[next_ ^ 1]) && done;
  total = total_;
  total_ = 0;
  return done;
}

// The layout that the host writes and the join's kernels read, as the
// kernels are built with it: each a -D option, so that it is written once,
// in JoinFlight (the kernels have no value of their own, and refuse to
// build without them).
std::string joinKernelOptions() {
  using Chunk = JoinFlight::Chunk;
  static_assert(sizeof(Chunk) % sizeof(uint32_t) == 0, "a chunk is 32-bit fields");
  const std::pair<const char*, size_t> values[] = {
      {"CHUNK_FIELDS", sizeof(Chunk) / sizeof(uint32_t)},
      {"PATTERN_AT", offsetof(Chunk, patternAt) / sizeof(uint32_t)},
      {"LISTED", offsetof(Chunk, listed) / sizeof(uint32_t)},
      {"GAP_START", offsetof(Chunk, gapStart) / sizeof(uint32_t)},
      {"GAP_END", offsetof(Chunk, gapEnd) / sizeof(uint32_t)},
      {"WORDS", offsetof(Chunk, words) / sizeof(uint32_t)},
      {"EQUAL_WORD", offsetof(Chunk, equalWord) / sizeof(uint32_t)},
      {"TABLE_AT", offsetof(Chunk, tableAt) / sizeof(uint32_t)},
      {"QUARTER_WORDS", JoinFlight::kQuarterWords},
      {"TILE_FIELDS", JoinFlight::kTileFields},
      {"TILE_THREADS", JoinFlight::kTilePairs},
      {"COUNT_SHIFT", JoinFlight::kCountShift},
      {"WEIGHT_SHIFT", JoinFlight::kWeightShift},
      {"KEY_SHIFT", JoinFlight::kKeyShift},
      {"OWN_SHIFT", JoinFlight::kOwnShift},
      {"ABOVE_SHIFT", JoinFlight::kAboveShift},
      {"NO_KEY", JoinFlight::kNoKey}};
  std::string options;
  for (const auto& [name, value] : values)
    options += std::string(options.empty() ? "" : " ") + "-D " + name + "=" + std::to_string(value);
  return options;
}

// The join's kernels built with the host's layout and `moreOptions`; empty,
// with why, if the device's compiler refuses them.
ClProgram buildJoinProgram(const OpenClSession& session, const std::string& moreOptions,
                           std::string& why) {
  const OpenClApi& cl = session.cl;
  cl_int status;
  const char* source = kGpuJoinKernelSource;
  ClProgram program(
      cl, cl.CreateProgramWithSource(session.context.get(), 1, &source, nullptr, &status));
  const std::string options = joinKernelOptions() + moreOptions;
  if (status == CL_SUCCESS)
    status = cl.BuildProgram(program.get(), 1, &session.device, options.c_str(), nullptr, nullptr);
  if (status == CL_SUCCESS) return program;
  char log[2048] = "";
  if (program)
    cl.GetProgramBuildInfo(program.get(), session.device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log,
                           nullptr);
  why = std::string("the OpenCL device could not build the join's kernels: ") +
        (*log ? log : "its compiler gave no log");
  return ClProgram(cl, nullptr);
}

// A joiner a host thread, made when it first asks; on a CPU's device, each
// with a program of its own (OpenClJoiner's `number`).
class OpenClJoiners final : public JoinDevices {
 public:
  OpenClJoiners(std::shared_ptr<OpenClSession> session, bool aProgramEach)
      : session_(std::move(session)), aProgramEach_(aProgramEach) {}
  JoinDevice* forWorker(int worker) override {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (size_t(worker) >= joiners_.size()) joiners_.resize(size_t(worker) + 1);
    std::unique_ptr<OpenClJoiner>& joiner = joiners_[size_t(worker)];
    if (!joiner) {
      const auto start = std::chrono::steady_clock::now();
      joiner = std::make_unique<OpenClJoiner>(session_, aProgramEach_ ? worker : -1);
      const bool started = joiner->start();
      building_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (!started) {
        error_ = joiner->error();
        joiner.reset();
        return nullptr;
      }
    }
    return joiner.get();
  }
  double secondsBuilding() const override {
    const std::lock_guard<std::mutex> lock(mutex_);
    return building_;
  }
  const char* error() const override { return error_.c_str(); }

 private:
  std::shared_ptr<OpenClSession> session_;
  bool aProgramEach_;
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<OpenClJoiner>> joiners_;
  double building_ = 0;  // the seconds making them took (their queues, kernels, programs)
  std::string error_;
};

}  // namespace

std::unique_ptr<JoinDevices> startJoinDevices(std::shared_ptr<OpenClSession> session, bool cpu,
                                              std::string& why) {
  session->joinProgram = buildJoinProgram(*session, "", why);
  if (!session->joinProgram) return nullptr;
  return std::make_unique<OpenClJoiners>(std::move(session), cpu);
}

}  // namespace queens
