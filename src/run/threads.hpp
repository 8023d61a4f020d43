// ===== Threads, shares of the work, and countBoard ========================
// How one board is counted: its plan, split into units that threads claim,
// and the share of them that --part asks for.
#pragma once

#include <pthread.h>  // threads
#include <sched.h>    // sched_getaffinity: the CPUs this process may use
#include <unistd.h>   // isatty, sysconf

#include <cstdlib>
#include <memory>

#include "engines/small_boards.hpp"
#include "lasts/checkpoint.hpp"
#include "run/plan.hpp"
#include "run/progress.hpp"

namespace queens {

// Units per share: enough that threads finish together, few enough that
// each walk over the top is cheap.
constexpr long kUnitsPerShare = 1024;
// A tree of fewer nodes (about a millisecond) is counted whole by share 1.
constexpr long kSmallTreeNodes = 1 << 15;
// Smaller boards count on the calling thread (starting threads: 0.2 ms).
constexpr int kSplitMinN = 12;
constexpr int kMaxThreads = 1024;

// Reads a number from 1 to max that ends at `end`; 0 if none.
inline long parseNumber(const char* text, char end, long max) {
  long value = 0;
  const char* digit = text;
  for (; *digit >= '0' && *digit <= '9' && value <= max; ++digit)
    value = value * 10 + (*digit - '0');
  return digit != text && *digit == end && value >= 1 && value <= max ? value : 0;
}

// The CPUs this process may run on (affinity, else online), at most a Slurm
// task's --cpus-per-task, which a cluster without binding does not enforce.
inline int cpusAvailable() {
  long online = sysconf(_SC_NPROCESSORS_ONLN), cpus = online > 0 ? online : 1;
#ifdef CPU_COUNT
  cpu_set_t affinity;
  if (sched_getaffinity(0, sizeof affinity, &affinity) == 0) cpus = CPU_COUNT(&affinity);
#endif
  const char* slurm = std::getenv("SLURM_CPUS_PER_TASK");
  long perTask = slurm ? parseNumber(slurm, '\0', kMaxThreads) : 0;
  return int(perTask ? std::min(perTask, cpus) : cpus);
}

// How the options ask each board to be counted. The CPUs and the terminal
// are asked only for a board worth splitting, not for small boards.
struct Settings {
  Method method = Method::kAuto;
  int threads = 0;  // 0: one per CPU available
  Share share;
  ProgressMode progress = ProgressMode::kAuto;
  bool stats = false;
  uint64_t memory = kDefaultMemoryBudget;  // bytes the join may allocate
  Checkpoint* checkpoint = nullptr;        // --checkpoint: records the units done
  GpuAccess* gpu = nullptr;                // the OpenCL device, for --method=gpu and auto

  int threadCount() const { return threads ? threads : std::min(cpusAvailable(), kMaxThreads); }
};

struct Worker {
  const Board* board;
  const Plan* plan;
  int depth;
  Share share;
  SharedUnits* shared;
  bool reportsTop, countsNodes;
  int index;
  Checkpoint* checkpoint;  // null: one walk claims every unit it can
  Count count = 0, nodes = 0;

  void run() {
    // The batch (32 KiB) only with a checkpoint: it is not on every walk's stack.
    std::unique_ptr<UnitBatch> batch(checkpoint ? new UnitBatch : nullptr);
    for (;;) {  // with a checkpoint, a walk a batch, each recorded
      if (batch) batch->size = 0, batch->deadlineMs = millisecondsNow() + checkpoint->everyMs();
      UnitWalk walk(depth, share, shared, reportsTop, batch.get());
      Job job{&walk, countsNodes, index};
      Count counted = countWithPlan(*board, *plan, job);
      walk.finish();
      count += counted, nodes += job.nodes;
      if (batch && batch->size > 0) checkpoint->recordBatch(*batch, counted);
      if (!walk.batchEnded() || stopRequested()) return;
    }
  }
};

inline void* runWorker(void* worker) {
  static_cast<Worker*>(worker)->run();
  return nullptr;
}

// How one board is counted by the threads of this process.
struct Counting {
  int threads = 1;
  bool terminal = false, progressShown = false;
  long boardNumber = 0;
};

// Counts the units of `share`, numbered at `depth`, on the threads.
inline Count countUnits(const Board& board, const Plan& plan, int depth, long units, Share share,
                        const Counting& counting, const Settings& settings, const DoneUnits& done,
                        ProgressLine* line, Report& report) {
  if (line) line->setUnits(share.unitsOf(units), done.count(), profileOf(plan, units));
  SharedUnits shared(share.unitsOf(units), line, &done);
  Worker workers[kMaxThreads];
  pthread_t threadIds[kMaxThreads];
  int started = 1;  // the calling thread is worker 0
  for (int i = 0; i < counting.threads; ++i)
    workers[i] = Worker{
        &board, &plan, depth, share, &shared, i == 0, settings.stats, i, settings.checkpoint};
  for (; started < counting.threads; ++started)  // those that start; a failure leaves fewer
    if (pthread_create(&threadIds[started], nullptr, runWorker, &workers[started]) != 0) break;
  workers[0].run();
  Count total = 0;
  for (int i = 0; i < started; ++i) {
    if (i > 0) pthread_join(threadIds[i], nullptr);
    total += workers[i].count;
    report.nodes += workers[i].nodes;
  }
  report.threads = started;
  return total;
}

// Counts this process's share of one board with its plan. A tree too small
// to split is share 1's.
inline Count countShare(const Board& board, const Plan& plan, const Settings& settings,
                        const Counting& counting, ProgressLine* line, Report& report) {
  const Share share = settings.share;
  Checkpoint* checkpoint = settings.checkpoint;  // which needs units to record
  if (share.parts == 1 && counting.threads == 1 && !counting.progressShown && !checkpoint) {
    Job whole{nullptr, settings.stats};
    Count total = countWithPlan(board, plan, whole);
    report.nodes += whole.nodes;
    return total;
  }
  long units = 0;
  int depth = 0, cut = 0;  // cut: where the join cuts the board
  if (plan.joined) {
    units = plan.join.units();  // fixed: the sets of west rows
    cut = plan.join.westColumns() << 8 | plan.join.northRows();
  } else {
    UnitWalk probe = UnitWalk::probe(kSmallTreeNodes);
    Job probing{&probe, settings.stats};
    Count probed = countWithPlan(board, plan, probing);
    if (!probe.gaveUp()) {
      report.nodes += probing.nodes;
      if (share.parts > 1) report.note = ", too small to split: counted by share 1";
      return share.part == 0 ? probed : 0;
    }
    depth = chooseSplitDepth(board, plan, kUnitsPerShare * share.parts, units);
  }
  const long split = cut + depth + 1;  // one of cut and depth is 0
  if (share.parts > 1) report.numbering = uint64_t(units) << 32 | uint32_t(split);
  if (share.part >= units) report.note = ", no unit of work in this share";
  DoneUnits done;
  Count resumed = 0;
  if (checkpoint && !checkpoint->resumeSplit(plan.name, units, split, done, resumed))
    return report.refused = true, 0;
  if (done.count() > 0) {
    std::snprintf(report.noteText, sizeof report.noteText,
                  ", %ld of %ld units resumed from the checkpoint", done.count(),
                  share.unitsOf(units));
    report.note = report.noteText;
  }
  return resumed +
         countUnits(board, plan, depth, units, share, counting, settings, done, line, report);
}

// Counts this process's share of one board; says how in `report`.
inline Count countBoard(const Board& board, long boardNumber, const Settings& settings,
                        SmallBoardFilter& smallBoards, std::FILE* err, Report& report) {
  if (hasGivenQueens(board)) {  // a board with none is not copied (1 KiB)
    Board pinned = board;
    if (!pinGivenQueens(pinned)) return report.method = kQueensClash, 0;
    return countBoard(pinned, boardNumber, settings, smallBoards, err, report);
  }
  if (settings.method == Method::kAuto && board.n <= kFilterMaxN) {  // a stream of small boards
    const bool searched = smallBoards.searchesNext(board.n);
    report.method = searched ? "rows" : "filter";
    if (settings.share.parts > 1) report.note = ", too small to split: counted by share 1";
    if (settings.share.part != 0) return 0;  // share 1 counts it whole
    if (!settings.stats) {
      SilentObserver silent;
      return smallBoards.count(board, silent);
    }
    NodeCounting<SilentObserver> counter;
    Count total = smallBoards.count(board, counter);
    report.nodes += searched + counter.nodes;  // a search's first call, and the rest
    return total;
  }
  Counting counting;
  counting.boardNumber = boardNumber;
  if (board.n >= kSplitMinN) {
    counting.threads = settings.threadCount();
    counting.terminal = settings.progress != ProgressMode::kOff && isatty(fileno(err));
    counting.progressShown = settings.progress == ProgressMode::kOn || counting.terminal;
  }
  // The method line and the progress line, from a thread of their own.
  std::unique_ptr<ProgressLine> line;
  if (board.n >= kSplitMinN && (counting.progressShown || settings.stats))
    line = std::make_unique<ProgressLine>(err, counting.terminal, counting.progressShown,
                                          boardNumber, board.n, settings.share);
  ProgressTicker ticker(line.get());
  if (line && joinAsked(board, settings.method)) line->setPhase("building the join's tables");
  Plan plan;
  const JoinBudget budget{settings.memory, counting.threads};
  choosePlan(board, settings.method, budget, plan, settings.gpu, settings.share.parts);
  if (plan.gpu) counting.threads = 1;  // which feeds the device
  report.method = plan.name;
  report.joinBytes = plan.joined ? plan.join.allocated() : 0;
  if (line) {
    line->setMethod(describePlan(board, boardNumber, plan, settings.method, budget));
    line->setPhase("splitting the board into units");
  }
  const Count total = countShare(board, plan, settings, counting, line.get(), report);
  if (plan.gpu) report.device = plan.gpu->device().name.c_str();
  if (const char* failure = plan.gpu ? plan.gpu->engine()->failure() : nullptr) {
    std::snprintf(report.failure, sizeof report.failure, "board %ld (%dx%d): %s", boardNumber,
                  board.n, board.n, failure);
    report.refused = true;
  }
  return total;
}

}  // namespace queens
