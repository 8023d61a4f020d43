// The count below each prefix of a GPU batch, by the CPU's row search, as
// the kernel would count it: the unit tests' stand-in for a device.
#pragma once

#include <vector>

#include "engines/gpu.hpp"
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

}  // namespace unit
