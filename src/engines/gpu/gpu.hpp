// ===== The GPU engine =======================================================
// The row search on an OpenCL device. The CPU lists the placements of each
// board's first rows, the prefixes, in batches of about four million, and the
// device counts the rest below each prefix (gpu_kernel.cl), one GPU thread a
// prefix at a time, while the CPU lists the next batch. With symmetry, the
// boards are the border classes, each weighted by its size, as the CPU
// engines count them.
//
// Units of work stay the row search's (gpu_engine.hpp: SearchEngine::split), so
// --part, --checkpoint and the progress line work as they do on the CPU:
// each unit the walk claims is cut deeper into prefixes, which wait in the
// batch. The device counts a batch when it is full and when the walk ends,
// before the engine returns; a unit is reported done when it is listed, at
// most two batches before it is counted.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engines/symmetry.hpp"
#include "work/units.hpp"

namespace queens {

// How long the device may take on a batch of work (a batch of prefixes, a
// flight of the join) before the run gives up on it as hung: a fixed
// allowance (--device-timeout), plus kSlack times what the batch's work
// would take at the slowest pace the device has shown on earlier batches.
// The first batches are small, and grow (GpuSearch's batches, the join's
// flights), so that the pace is known before a batch takes long.
class DeviceDeadline {
 public:
  static constexpr double kDefaultAllowance = 60;  // seconds
  static constexpr double kSlack = 10;

  explicit DeviceDeadline(double allowance = kDefaultAllowance) : allowance_(allowance) {}
  // The seconds the device may take on `work` (in the counter's own units).
  double boundFor(double work) const { return allowance_ + kSlack * work * slowestPace_; }
  // A batch of `work` took `seconds`.
  void took(double work, double seconds) {
    if (work > 0) slowestPace_ = std::max(slowestPace_, seconds / work);
  }
  double allowance() const { return allowance_; }

 private:
  double allowance_;
  double slowestPace_ = 0;  // seconds a unit of work
};

// The prefixes of one batch, as the kernel reads them: the boards' rows,
// then for each prefix its board, its first open row and its three masks.
struct PrefixBatch {
  int n = 0;
  std::vector<uint64_t> freeRows;  // n rows a board
  std::vector<unsigned> weights;   // each board's class size (1 without symmetry)
  std::vector<uint32_t> boardOf;
  std::vector<uint8_t> rowOf;
  std::vector<uint64_t> columns, sums, differences;

  size_t prefixes() const { return boardOf.size(); }
  void clear();
  // Adds a board with its weight; returns its number in the batch.
  uint32_t addBoard(const Board& board, unsigned weight);
  void add(uint32_t board, int row, uint64_t columns, uint64_t sums, uint64_t differences);
  // The placements below its prefixes, from each one's count, weighted by
  // its board's class.
  Count weigh(const std::vector<uint64_t>& counts) const { return weigh(counts, boardOf); }
  // The same for prefixes of the batch's boards given away on the device
  // (gpu_kernel.cl's giveAway), each on the board `boards` says.
  Count weigh(const std::vector<uint64_t>& counts, const std::vector<uint32_t>& boards) const;
};

// What a count on the device may be stopped by: under --checkpoint a stop
// leaves the work under way to the device rather than waiting for it (a
// batch may take seconds), and the job's units are counted again later.
class StoppableDevice {
 public:
  // What the waits of the count under way ask, every tenth of a second:
  // whether a stop was asked for; once it says so, a wait ends and the
  // device is abandoned. (The row search's also moves its progress on.)
  virtual void watchStop(std::function<bool()> /*stop*/) {}
  // Leaves the work under way to the device, unwaited (a stop drops its
  // counts); nothing more counts on it.
  virtual void abandon() {}

 protected:
  ~StoppableDevice() = default;
};

// What counts batches of prefixes: an OpenCL device (gpu_search_device.cpp),
// or in the unit tests the CPU's row search. Two batches at a time: the
// host fills one while the device counts the other.
class PrefixCounter : public StoppableDevice {
 public:
  virtual ~PrefixCounter() = default;
  // The batch to fill next, emptied, once the device has counted what it
  // last held; null if the device failed.
  virtual PrefixBatch* nextBatch() = 0;
  // Starts counting the batch nextBatch() gave, with its nodes if asked,
  // and returns at once.
  virtual bool launch(bool countsNodes) = 0;
  // Waits for every batch launched: their placements and nodes since the
  // last finish. False if the device failed; error() says how.
  virtual bool finish(Count& placements, Count& nodes) = 0;
  virtual const char* error() const = 0;
  // The threads the device runs at once: a batch of fewer prefixes leaves
  // some idle while it lasts.
  virtual size_t residentThreads() const { return 1; }
  // The most prefixes a batch may hold (--memory): as many may be given
  // away on the device in a launch (gpu_kernel.cl's giveAway).
  virtual void setMostPrefixes(size_t /*prefixes*/) {}
  // The seconds spent building the device's kernels, over every count
  // (one when the device starts, the others when a batch first needs them).
  virtual double secondsBuilding() const { return 0; }
};

// One flight of the join on the device (gpu_join.cpp fills it,
// gpu_join_kernel.cl counts it): chunks of west halves, each with its
// patterns, and the east side's north and south quarters in tiles.
struct JoinFlight {
  // As the kernels read a chunk (CHUNK_FIELDS): where its patterns and table
  // start, the halves listed, the gap between the classes, its words of 64
  // halves, and its first word of halves equal to phi(W).
  struct Chunk {
    uint32_t patternAt, listed, gapStart, gapEnd, words, equalWord, tableAt;
  };
  static constexpr int kQuarterWords = 4;  // pattern, sums, differences, first/count/weights
  // The fourth word's fields (QuarterWeights::word): the first byte of the
  // pattern at bit 0, its byte count, the weight (16 bits), the south
  // quarter's key, the slice's own key (kNoKey: none), the north quarter's
  // weight above phi(W) (8 bits each).
  static constexpr int kCountShift = 8, kWeightShift = 16, kKeyShift = 32, kOwnShift = 40,
                       kAboveShift = 48, kNoKey = 255;
  // A tile: its chunk, its north quarters' first and count, its south
  // ones', and its span: kTilePairs / span north quarters by span south ones.
  static constexpr int kTileFields = 6, kTilePairs = 256;
  static constexpr int kLeastSpan = 16, kMostSpan = 64;

  int planeCount = 0;  // 2n - 1: a plane per diagonal, one of the halves that exist
  int patternBytes = 0;
  std::vector<uint64_t> patterns;
  std::vector<Chunk> chunks;
  // Where each chunk's planes and table entries start, and after the last
  // chunk, the total: the kernels find a work-item's chunk in them.
  std::vector<uint32_t> planeStarts{0}, tableStarts{0};
  std::vector<uint64_t> quarters;  // kQuarterWords each
  std::vector<uint32_t> tiles;     // kTileFields each
  // The most tiles the device takes in this flight: a thread's first
  // flights are small, so that their pace is known before one takes long.
  uint64_t mostTiles = UINT64_MAX;

  size_t tileCount() const { return tiles.size() / kTileFields; }
  void clear() {
    patterns.clear(), chunks.clear(), quarters.clear(), tiles.clear();
    planeStarts.assign(1, 0), tableStarts.assign(1, 0);
  }
};

// What counts flights of the join for one host thread: the OpenCL device
// (gpu_join_device.cpp), through a queue of the thread's own. Two flights
// at a time: the host fills one while the device counts the other.
class JoinDevice : public StoppableDevice {
 public:
  virtual ~JoinDevice() = default;
  // The flight to fill next, emptied, once the device has counted what it
  // last held; null if the device failed.
  virtual JoinFlight* nextFlight() = 0;
  // Starts counting the flight nextFlight() gave, and returns at once.
  virtual bool launch() = 0;
  // Waits for every flight launched; their total since the last finish.
  virtual bool finish(Count& total) = 0;
  virtual const char* error() const = 0;
};

// A JoinDevice for each host thread that lists flights, made when it first
// asks (their kernels built once, when the device is started).
class JoinDevices {
 public:
  virtual ~JoinDevices() = default;
  // Thread `worker`'s; null if its queue cannot be made (why: error()).
  virtual JoinDevice* forWorker(int worker) = 0;
  virtual const char* error() const = 0;
  // The seconds spent building kernels for the threads (on a CPU's device,
  // each builds its own) since the device started.
  virtual double secondsBuilding() const { return 0; }
};

// The OpenCL device the engine runs on.
struct GpuDevice {
  std::string name;  // as --stats and the method line say it
  // A GPU with memory of its own: auto counts on it, never on an
  // integrated GPU or a CPU's device such as pocl's.
  bool discrete = false;
  double allowance = DeviceDeadline::kDefaultAllowance;  // --device-timeout
  void* handle = nullptr;                                // OpenCL's cl_device_id, once chosen
  std::unique_ptr<PrefixCounter> counter;                // once started
  std::unique_ptr<JoinDevices> joiners;                  // once started
};

// Chooses OpenCL device `number` (--device=N, from 1), or with 0 the first
// discrete GPU, else the first GPU, else the first device: its name and
// kind, with no context and no kernel yet. False, with `why`, if there is
// none (or no loader).
bool chooseGpuDevice(GpuDevice& device, int number, std::string& why);
// Starts the chosen device: its context, its queue and the kernel built.
// False, with `why`, if it cannot, or its compiler refuses the kernel.
bool startGpuDevice(GpuDevice& device, std::string& why);

// Tells a walk how many of its units the device has counted: all those
// listed whole before a batch (or a flight of the join) was launched, once
// it is done, and in between, as the batches under way last, a share of
// their units by the device's pace so far (so that the progress line
// moves, and its time left holds, though a batch may hold a quarter of the
// board). Where a batch's work is the engine's profile's (the row search's
// prefixes), it times a sample's batches, each for the units it stands for.
class BatchProgress {
 public:
  explicit BatchProgress(bool timesSample = false) : timesSample_(timesSample) {}
  // A board begins: its pace is its own.
  void beginBoard() {
    secondsDone_ = 0;
    workDone_ = 0;
  }
  void begin(UnitWalk* walk) {
    walk_ = walk;
    inFlight_.clear();
    doneUnits_ = 0;
    toldAtDone_ = 0;
  }
  // A batch of `work` (prefixes, tiles) launched; `midUnit`: the unit
  // claimed last has more to list.
  void launched(double work, bool midUnit);
  // Every batch but the last launched is done (two take turns), or every one.
  void allButLastDone();
  void allDone() { doneLeaving(0); }
  // Every tenth of a second of a wait: the share of the batches in flight
  // done by now, at the pace so far.
  void tick();

 private:
  using Clock = std::chrono::steady_clock;
  struct InFlight {
    long units;     // listed whole by its launch
    long lastUnit;  // the one claimed last
    double work;
    Clock::time_point launched;
  };
  void doneLeaving(size_t inFlight);  // all done but the last `inFlight`
  Clock::time_point startOf(const InFlight& batch) const {
    return std::max(batch.launched, lastDone_);
  }

  bool timesSample_;
  UnitWalk* walk_ = nullptr;
  std::deque<InFlight> inFlight_;
  long doneUnits_ = 0;                     // told done, by batches done
  long toldAtDone_ = 0;                    // told by then, some by ticks
  Clock::time_point lastDone_;             // when the host saw the last batch done
  double secondsDone_ = 0, workDone_ = 0;  // by the batches seen done: the pace
};

// A share of the row search's units: of `all` units at `depth` in every
// share, those of `share`, taken `block` at a time.
struct UnitsOfShare {
  long all;
  Share share;
  int depth;
  long block;
};
// The prefixes at `depth` below each block of a share's units, listed as
// the device would count them: its work, for the progress line (a unit may
// have none, or a thousandth of the board's).
std::vector<double> prefixesOfUnits(const Board& board, const BorderClasses* classes,
                                    const UnitsOfShare& units, int depth);

// The search on the device: counts a board (its given queens pinned), or
// the units a job claims. One thread calls it at a time.
class GpuSearch {
 public:
  explicit GpuSearch(PrefixCounter& counter) : counter_(counter) {}

  // A board begins: its first batches are small again, a prefix for each
  // thread the device runs at once, and grow, so that the device's pace on
  // its prefixes is known before a batch takes long. (From 1,024 prefixes,
  // each of the first batches lasted as long as its longest prefix, with
  // most of an H200 idle.)
  void beginBoard() {
    rampPrefixes_ =
        std::min(batchPrefixes_, std::max(kLeastBatchPrefixes, counter_.residentThreads()));
    progress_.beginBoard();
  }
  // `depth`: the rows the CPU lists for each prefix. With `classes`, each
  // class's board, weighted by its size.
  Count count(const Board& board, const BorderClasses* classes, int depth, Job& job);
  // Why the device failed, or null.
  const char* failure() const { return failed_ ? counter_.error() : nullptr; }
  // Whether a stop left the device's batches to it, the units of the job
  // under way dropped: nothing more counts on it.
  bool stopped() const { return stopped_; }
  // The seconds spent waiting for the device, over every count; the
  // launches on the prefixes a batch gave away are made while it waits.
  double waited() const { return waited_; }
  // The seconds spent handing the device its batches (the driver's calls
  // that copy them over and launch the kernel, which a driver may make
  // wait), over every count; a kernel built for a first batch not counted.
  double handed() const { return handed_; }
  // The memory the two batches may take on the host (--memory); the
  // device's is alike.
  void setBudget(uint64_t bytes) {
    batchPrefixes_ = std::max<size_t>(kLeastBatchPrefixes,
                                      std::min<uint64_t>(kBatchPrefixes, bytes / kBytesPerPrefix));
    counter_.setMostPrefixes(batchPrefixes_);
  }

  // Prefixes a batch holds before the device counts it, unless the budget
  // allows fewer: in each of the two batches a prefix takes 29 bytes, 12
  // for its masks' 32-bit copies, 16 for its count and nodes, and 4 for the
  // board of a prefix given away on the device (gpu_kernel.cl): 61 bytes.
  // The device holds its own copies, and two sets of prefixes given away.
  static constexpr size_t kBatchPrefixes = size_t{1} << 22, kLeastBatchPrefixes = 1024;
  static constexpr uint64_t kBytesPerPrefix = 2 * 64;

 private:
  template <class Mask>
  void countBoard(const Board& board, unsigned weight, int depth, Job& job);
  // The batch filled, counted while the next fills; `midUnit`: the unit
  // claimed last has more prefixes to list.
  void launchBatch(Job& job, bool midUnit = false);
  Count stop(UnitWalk& walk);  // a stop: the job's units dropped, the device's batches left
  void forgetWalk();
  PrefixBatch* nextBatch();  // the counter's, timed

  PrefixCounter& counter_;
  PrefixBatch* batch_ = nullptr;  // the one filled now
  PrefixBatch discarded_;         // filled in its place once the device failed
  size_t batchPrefixes_ = kBatchPrefixes;
  size_t rampPrefixes_ = kLeastBatchPrefixes;  // this batch's, growing to batchPrefixes_
  bool failed_ = false;
  bool stopped_ = false;          // a stop left the device's batches to it
  BatchProgress progress_{true};  // of the count under way's walk
  double waited_ = 0, handed_ = 0;
};

// The OpenCL device, chosen the first time a board may count on it, and
// started the first time one does: once a run, never for a board that the
// CPU counts, and never started where auto only looked at it (pocl's CPU
// device, which auto passes over, takes 0.2 s and 70 MiB to start).
class GpuAccess {
 public:
  // `number`: --device=N's device, or 0 (chooseGpuDevice chooses);
  // `allowance`: --device-timeout's seconds.
  explicit GpuAccess(int number = 0, double allowance = DeviceDeadline::kDefaultAllowance)
      : number_(number) {
    device_.allowance = allowance;
  }
  // A device made elsewhere (the unit tests' stand-ins).
  explicit GpuAccess(GpuDevice device)
      : chosen_(true),
        found_(true),
        started_(true),
        device_(std::move(device)),
        search_(std::make_unique<GpuSearch>(*device_.counter)) {}
  // The chosen device, not started; or null (why() says why).
  const GpuDevice* device() {
    if (!chosen_) chosen_ = true, found_ = chooseGpuDevice(device_, number_, why_);
    return found_ ? &device_ : nullptr;
  }
  // The search on the started device, or null (why() says why).
  GpuSearch* search() {
    if (!started_ && device()) {
      started_ = true;
      const auto start = std::chrono::steady_clock::now();
      if (startGpuDevice(device_, why_)) search_ = std::make_unique<GpuSearch>(*device_.counter);
      const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
      startSeconds_ = took.count() - (device_.counter ? device_.counter->secondsBuilding() : 0);
    }
    return search_.get();
  }
  // The join on the started device, or null.
  JoinDevices* joiners() { return search() ? device_.joiners.get() : nullptr; }
  const std::string& why() const { return why_; }
  // Whether a board asked the device to start (it may have failed to).
  bool started() const { return started_; }
  // True the first time it is asked, once the device failed to start: auto
  // says once a run that it passes over the device.
  bool firstPassOver() { return !search() && !std::exchange(passedOver_, true); }
  // The seconds spent starting the device and building its kernels since
  // the last call (--stats gives them to the board counted since).
  double takeStartSeconds() {
    const double all = startSeconds_ + (device_.counter ? device_.counter->secondsBuilding() : 0) +
                       (device_.joiners ? device_.joiners->secondsBuilding() : 0);
    return all - std::exchange(startSecondsTaken_, all);
  }

 private:
  int number_ = 0;
  bool chosen_ = false, found_ = false, started_ = false, passedOver_ = false;
  // The start's seconds, but for the kernel it built; the seconds given out.
  double startSeconds_ = 0, startSecondsTaken_ = 0;
  GpuDevice device_;
  std::unique_ptr<GpuSearch> search_;
  std::string why_;
};

}  // namespace queens
