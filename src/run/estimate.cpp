// ===== --estimate: what a count will cost, before it runs ==================
#include "run/estimate.hpp"

#include <time.h>  // clock_gettime

namespace queens {
namespace {

// About this many units are counted: the empty 22x22 board's sample takes
// a few seconds on 2 cores, and the estimate's spread is then a few percent
// (bench/README.md).
constexpr long kSampleUnits = 1024;
// A search is split finely, so that the sample is a small share of it.
constexpr long kEstimateUnits = kSampleUnits * 256;

double secondsOf(clockid_t clock) {
  timespec now;
  clock_gettime(clock, &now);
  return double(now.tv_sec) + 1e-9 * double(now.tv_nsec);
}

}  // namespace

Estimate estimateBoard(const Board& given, const Settings& settings) {
  Estimate estimate;
  const double wallStart = secondsOf(CLOCK_MONOTONIC),
               cpuStart = secondsOf(CLOCK_PROCESS_CPUTIME_ID);
  Board board = given;
  if (hasGivenQueens(board) && !pinGivenQueens(board)) return estimate;  // no placement
  estimate.threads = board.n >= kSplitMinN ? settings.threadCount() : 1;
  PlanRequest request;  // the CPU's engines: no device, no filter
  request.method = settings.method, request.budget = {settings.memory, estimate.threads};
  Plan plan = planBoard(board, request);
  Engine& engine = *plan.engine();
  estimate.method = engine.name();
  estimate.memory = engine.bytes();
  const Split split = engine.split({kEstimateUnits, kSmallTreeNodes, kMostTopNodes}, false);
  estimate.units = split.units;
  estimate.setupSeconds = secondsOf(CLOCK_MONOTONIC) - wallStart;
  if (split.units == 0) {  // counted whole, in a millisecond
    estimate.oneThread = estimate.threadsAll = estimate.setupSeconds;
    return estimate;
  }
  const double setupCpu = secondsOf(CLOCK_PROCESS_CPUTIME_ID) - cpuStart;
  const long parts = std::max(1L, estimate.units / kSampleUnits);
  const Share sample{0, int(std::min<long>(parts, INT32_MAX))};
  const double sampleStart = secondsOf(CLOCK_MONOTONIC),
               sampleCpu = secondsOf(CLOCK_PROCESS_CPUTIME_ID);
  countUnits({engine, split, sample, estimate.threads, false, nullptr}, DoneUnits(), nullptr);
  estimate.sampled = sample.unitsOf(estimate.units);
  estimate.sampleSeconds = secondsOf(CLOCK_MONOTONIC) - sampleStart;
  const double scale = double(estimate.units) / double(std::max(1L, estimate.sampled));
  estimate.threadsAll = estimate.setupSeconds + estimate.sampleSeconds * scale;
  estimate.oneThread = setupCpu + (secondsOf(CLOCK_PROCESS_CPUTIME_ID) - sampleCpu) *
                                      scale;  // the threads' CPU time
  return estimate;
}

namespace {

// Seconds as a person reads them: 42 s, 12.5 min, 3.4 h, 2.1 days.
void printDuration(double seconds, std::FILE* out) {
  if (seconds < 120)
    std::fprintf(out, "%.1f s", seconds);
  else if (seconds < 7200)
    std::fprintf(out, "%.1f min", seconds / 60);
  else if (seconds < 172800)
    std::fprintf(out, "%.1f h", seconds / 3600);
  else
    std::fprintf(out, "%.1f days", seconds / 86400);
}

}  // namespace

void printEstimate(const Estimate& estimate, long boardNumber, int n, std::FILE* out) {
  std::fprintf(out, "board %ld, %dx%d, %s: about ", boardNumber, n, n, estimate.method);
  printDuration(estimate.oneThread, out);
  std::fprintf(out, " on 1 thread");
  if (estimate.threads > 1) {
    std::fprintf(out, ", ");
    printDuration(estimate.threadsAll, out);
    std::fprintf(out, " on %d threads", estimate.threads);
  }
  std::fprintf(out, "; memory ");
  if (estimate.memory)
    std::fprintf(out, "%.0f MiB", double(estimate.memory) / double(1 << 20));
  else
    std::fprintf(out, "a few MiB");
  if (estimate.units == 0)
    std::fprintf(out, " (counted whole)\n");
  else
    std::fprintf(out, " (%ld of %ld units counted in %.1f s, after %.1f s of setup)\n",
                 estimate.sampled, estimate.units, estimate.sampleSeconds, estimate.setupSeconds);
}

}  // namespace queens
