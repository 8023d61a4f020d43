// ===== The join: the order of a sparse chunk's west halves ================
// A sparse chunk's west halves are sorted by a few diagonals that many of
// them and many east quarters take, so that halves alike stand together:
// a product then skips the segments (of 512 or 1024 halves) where every
// half takes one of its diagonals (join_tables.hpp, JoinCounter::product).
#pragma once

#include <algorithm>
#include <cstdint>

#include "engines/join/join_tables.hpp"

namespace queens {
namespace {  // join_blocks.hpp says why

class HalfOrder {
 public:
  static constexpr int kKeyBits = 8;  // diagonals in a half's sort key

  // How many east quarters take each diagonal: every 4th of those, north
  // and south, on the rows that W leaves them (middle queens aside).
  void countEastDiagonals(const JoinTables& t, Mask northRows, Mask southRows) {
    std::fill(eastTaken_, eastTaken_ + 64, 0);
    for (int south = 0; south < 2; ++south) {
      const QuarterTable& quarter = t.quarter(south, true);
      const Mask rows = south ? southRows : northRows;
      const auto* entries = quarter.begin(rows, 0);  // all columns: one run
      const long count = quarter.end(rows, allColumns(t.eastColumns())) - entries;
      for (long i = 0; i < count; i += 4)
        for (uint64_t p = t.pattern(quarter.diagonals(entries[i])); p; p &= p - 1)
          ++eastTaken_[__builtin_ctzll(p)];
    }
  }

  // Sorts each class's west halves, patterns[0, aboveEnd) and
  // patterns[equalStart, listed), by the diagonals that most pairs of a
  // west half and an east quarter both take (counted on every 8th half).
  // sorted and keys: work space for a chunk of patterns and their keys.
  void sort(uint64_t* patterns, long aboveEnd, long equalStart, long listed, uint64_t* sorted,
            uint8_t* keys) {
    uint64_t taken[64] = {}, sampled = 0;
    for (long i = 0; i < listed; i += 8) {
      if (i >= aboveEnd && i < equalStart) continue;  // the gap between the classes
      ++sampled;
      for (uint64_t p = patterns[i]; p; p &= p - 1) ++taken[__builtin_ctzll(p)];
    }
    for (keyBits_ = 0; keyBits_ < kKeyBits;) {
      int best = -1;
      uint64_t bestPairs = 0;
      for (int d = 0; d < 64; ++d) {
        const bool splits = taken[d] > 0 && taken[d] < sampled;  // else the key learns nothing
        if (splits && taken[d] * eastTaken_[d] > bestPairs)
          best = d, bestPairs = taken[d] * eastTaken_[d];
      }
      if (best < 0) break;
      keyBit_[keyBits_++] = best;
      taken[best] = 0;
    }
    sortRun(patterns, aboveEnd, sorted, keys);
    sortRun(patterns + equalStart, listed - equalStart, sorted, keys);
  }

 private:
  // A half's key: its bits for the key's diagonals, the first one highest,
  // taken as a Gray code and sorted by the code's rank. Neighbouring ranks
  // then differ in one diagonal (binary 0111 and 1000 differ in four), so a
  // segment's halves share more of them: on a 22x22 share the products
  // visit 0.81 of the segments, the pairs 0.91 (bench/README.md).
  unsigned key(uint64_t pattern) const {
    unsigned code = 0;
    for (int i = 0; i < keyBits_; ++i) code = code << 1 | unsigned(pattern >> keyBit_[i] & 1);
    unsigned rank = code;  // the inverse of rank ^ rank >> 1
    for (int shift = 1; shift < kKeyBits; shift <<= 1) rank ^= rank >> shift;
    return rank;
  }
  // A counting sort of patterns[0, count) by their keys.
  void sortRun(uint64_t* patterns, long count, uint64_t* sorted, uint8_t* keys) const {
    if (count <= 0) return;
    long at[(1 << kKeyBits) + 1] = {};
    for (long i = 0; i < count; ++i) ++at[(keys[i] = uint8_t(key(patterns[i]))) + 1];
    for (int k = 0; k < 1 << kKeyBits; ++k) at[k + 1] += at[k];
    for (long i = 0; i < count; ++i) sorted[at[keys[i]]++] = patterns[i];
    std::copy(sorted, sorted + count, patterns);
  }

  int keyBit_[kKeyBits], keyBits_ = 0;  // the diagonals of the sort key
  uint64_t eastTaken_[64];              // by the east quarters, for the key
};

}  // namespace
}  // namespace queens
