// ===== --estimate: what a count will cost, before it runs ==================
// Counts a sample of a board's units, every M-th of them as a share would
// (--part=1/M), on the threads, and scales its time by M: an even sample of
// the whole, so that a user can plan a long count (a Slurm array, say)
// before running it. The join's tables are built once, as the count would.
#pragma once

#include <cstdint>
#include <cstdio>

#include "run/board.hpp"

namespace queens {

struct Estimate {
  const char* method = "rows";
  int threads = 1;
  long units = 0, sampled = 0;           // the board's units, and those counted (all: exact)
  double setupSeconds = 0;               // the plan: the join's tables, the split
  double sampleSeconds = 0;              // the sample, on the threads
  double oneThread = 0, threadsAll = 0;  // estimated seconds of the whole count
  uint64_t memory = 0;                   // the join's bytes (0: a search's few MiB)
};

// Counts a sample of the board's units (the whole of a small board).
Estimate estimateBoard(const Board& board, const Settings& settings);

// One line: the board, the method, the estimates and how they were made.
void printEstimate(const Estimate& estimate, long boardNumber, int n, std::FILE* out);

}  // namespace queens
