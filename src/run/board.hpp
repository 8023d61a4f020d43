// ===== Counting a board ======================================================
// One board as the options ask: its given queens pinned, the engine the
// planner chose (plan.hpp), this process's share of the engine's units on
// the threads (threads.hpp), the units a checkpoint holds skipped, and the
// method and progress lines (progress.hpp). It names no engine (board.cpp).
#pragma once

#include <cstdio>
#include <memory>
#include <string>

#include "run/plan.hpp"
#include "run/progress.hpp"
#include "run/threads.hpp"

namespace queens {

// Units per share: enough that threads finish together, few enough that
// each walk over the top is cheap.
constexpr long kUnitsPerShare = 1024;
// A tree of fewer nodes (about a millisecond) is counted whole by share 1.
constexpr long kSmallTreeNodes = 1 << 15;
// Every thread walks the tree above the split depth: at most this many nodes.
constexpr long kMostTopNodes = 1 << 20;
// Smaller boards count on the calling thread (starting threads: 0.2 ms).
constexpr int kSplitMinN = 12;

// How the options ask each board to be counted. The CPUs and the terminal
// are asked only for a board worth splitting, not for small boards.
struct Settings {
  Method method = Method::kAuto;
  int threads = 0;  // 0: one per CPU available
  Share share;
  ProgressMode progress = ProgressMode::kAuto;
  bool stats = false;
  bool methodLine = false;  // --stats (not =json): said once the board has counted for a second
  uint64_t memory = kDefaultMemoryBudget;  // bytes the join may allocate
  Checkpoint* checkpoint = nullptr;        // --checkpoint: records the units done
  int device = 0;                          // --device: the OpenCL device (0: the engine's choice)
  double deviceTimeout = DeviceDeadline::kDefaultAllowance;  // --device-timeout: seconds

  int threadCount() const { return threads ? threads : std::min(cpusAvailable(), kMaxThreads); }
  // The OpenCL device, for --method=gpu and auto: the one `device` names,
  // chosen and started by the first board that asks, once a run (the
  // copies of these settings share it).
  GpuAccess* gpu() const {
    if (!gpu_) gpu_ = std::make_shared<GpuAccess>(device, deviceTimeout);
    return gpu_.get();
  }
  // A device made elsewhere (the unit tests' stand-ins).
  void useGpu(std::shared_ptr<GpuAccess> gpu) { gpu_ = std::move(gpu); }

 private:
  mutable std::shared_ptr<GpuAccess> gpu_;
};

// What --stats says when the given queens leave no placement.
constexpr const char* kQueensClash = "given queens attack each other";

// What --stats prints of a board besides its number, size and time, and
// what shares and checkpoints record of its plan.
struct Report {
  // The texts are empty; a stream of small boards fills no more of them
  // than their first characters.
  Report() { noteText[0] = methodText[0] = failure[0] = '\0'; }

  const char* method = nameOf(Method::kRows);  // the engine that counted it
  const char* plan = nameOf(Method::kRows);  // the plan its units were cut by (shares, checkpoints)
  std::string reason;                        // why the planner chose the engine
  Count nodes = 0;
  const char* note = "";    // how --part split the board, when it matters
  char noteText[80];        // a note made for this board
  char methodText[48];      // a method read back from a checkpoint
  bool unitsLeft = false;   // a stop (--checkpoint) left some of its units uncounted
  bool refused = false;     // the checkpoint refused the board (its error says why), or:
  char failure[320];        // why the engine failed, or the planner refused
  const char* device = "";  // the engine's device
  int threads = 1;
  uint64_t bytes = 0;        // what the engine allocated (the join's tables)
  double deviceWait = 0;     // the seconds its threads waited for the device, added up,
  double deviceHanding = 0;  // and handed it work (copies and launches), added up
  double deviceStart = 0;    // the device's start and kernels built since the last board's
  uint64_t numbering = 0;    // its units' numbering, for a share's plan (0: whole)
};

// Counts this process's share of one board; says how in `report`. On a
// refusal or a failure, report.refused is set and the count means nothing.
Count countBoard(const Board& board, long boardNumber, const Settings& settings,
                 SmallBoardFilter& smallBoards, std::FILE* err, Report& report);

}  // namespace queens
