// ===== --estimate: what a count will cost, before it runs ==================
// Counts a sample of a board's units, evenly spread over them, on the
// threads, and scales its time by the units it stands for, so that a user
// can plan a long count (a Slurm array, say) before running it. The join's
// tables are built once, as the count would. The sample keeps to a time
// budget: once it is spent, no thread takes another unit.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "run/board.hpp"

namespace queens {

// Seconds that --estimate gives each board, unless --estimate=SECONDS says.
constexpr double kDefaultEstimateSeconds = 20;
constexpr long kMostEstimateSeconds = 86400;

struct Estimate {
  const char* method = nameOf(Method::kRows);
  int threads = 1;
  long units = 0, sampled = 0;           // the board's units, and those counted (all: exact)
  double budget = 0;                     // the seconds it was given
  bool timeUp = false;                   // the budget ended the sample early
  double setupSeconds = 0;               // the plan: the join's tables, the split
  double sampleSeconds = 0;              // the sample, on the threads
  double oneThread = 0, threadsAll = 0;  // estimated seconds of the whole count
  uint64_t memory = 0;                   // the join's bytes (0: a search's few MiB)
  std::string failure;  // why the engine failed or was refused (the estimate means nothing)
};

// Counts a sample of the board's units (the whole of a small board) within
// `budget` seconds, once the units begun by then are done; its progress
// line goes to `err`, as a count's would.
Estimate estimateBoard(const Board& board, long boardNumber, const Settings& settings,
                       double budget, std::FILE* err);

// One line: the board, the method, the estimates and how they were made.
void printEstimate(const Estimate& estimate, long boardNumber, int n, std::FILE* out);

}  // namespace queens
