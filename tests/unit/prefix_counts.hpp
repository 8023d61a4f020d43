// The count below each prefix of a GPU batch, by the CPU's row search, as
// the kernel would count it, and the unit tests' stand-in for a device.
#pragma once

#include <vector>

#include "engines/gpu/gpu.hpp"
#include "judge/row_search.hpp"

namespace unit {

inline void countPrefixesOnCpu(const queens::PrefixBatch& batch, std::vector<uint64_t>& counts,
                               std::vector<uint64_t>* nodes) {
  counts.assign(batch.prefixes(), 0);
  if (nodes) nodes->assign(batch.prefixes(), 0);
  for (size_t i = 0; i < batch.prefixes(); ++i) {
    queens::Board board;
    board.n = batch.n;
    for (int r = 0; r < board.n; ++r)
      board.freeSquares[r] = batch.freeRows[batch.boardOf[i] * size_t(board.n) + size_t(r)];
    queens::SilentObserver silent;
    counts[i] = queens::searchRows<uint64_t>(board, batch.rowOf[i], batch.columns[i], batch.sums[i],
                                             batch.differences[i], silent);
  }
}

// A stand-in for the device: counts each batch with the row search, as the
// kernel would, not when it is launched but when the device would be done
// with it (when nextBatch() hands out its slot again, or at finish()), so
// that a batch changed after its launch counts wrong, as on a device that
// copies it while the host goes on. From its failAt-th launch on (if
// failAt > 0) it fails, as a device out of resources would.
class CpuPrefixCounter final : public queens::PrefixCounter {
 public:
  explicit CpuPrefixCounter(long failAt = 0) : failAt_(failAt) {}
  queens::PrefixBatch* nextBatch() override {
    if (failed_) return nullptr;
    countLaunched(next_);
    batches_[next_].clear();
    return &batches_[next_];
  }
  bool launch(bool) override {
    if (failAt_ > 0 && ++launches_ >= failAt_) {
      failed_ = true;
      return false;
    }
    launched_[next_] = true;
    next_ ^= 1;
    return true;
  }
  bool finish(queens::Count& placements, queens::Count& nodes) override {
    countLaunched(0), countLaunched(1);
    placements = placements_;
    nodes = 0;
    placements_ = 0;
    return !failed_;
  }
  const char* error() const override { return "the stand-in device failed"; }

 private:
  void countLaunched(int slot) {
    if (!launched_[slot]) return;
    std::vector<uint64_t> counts;
    countPrefixesOnCpu(batches_[slot], counts, nullptr);
    placements_ += batches_[slot].weigh(counts);
    launched_[slot] = false;
  }

  queens::PrefixBatch batches_[2];
  bool launched_[2] = {false, false};
  int next_ = 0;
  long failAt_, launches_ = 0;
  queens::Count placements_ = 0;
  bool failed_ = false;
};

}  // namespace unit
