// ===== The join: the pairs of quarters ====================================
// One slice's north east quarters against a group of south east quarters
// and the chunk's west halves: each pair that fits adds the popcount of its
// products' AND (join_tables.hpp explains the join; join_blocks.hpp why
// the namespace).
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>

#include "engines/join/join_south.hpp"

namespace queens {
namespace {

// The north east quarters of one slice (or of slices that share them).
struct NorthQuarters {
  const QuarterTable::Entry *begin, *end;
  Diagonals middles;  // the slice's middle queens that stand north
};

template <class Isa>
class PairCounter {
 public:
  using Block = typename Isa::Block;
  static constexpr int kLanes = WestPlanes<Isa>::kLanes;
  static constexpr int kUnitBlocks = WestPlanes<Isa>::kUnitBlocks;
  static constexpr long kProductBlocks = SouthWalk<Isa>::kProductBlocks;

  // northProduct: the room of one product, for each north quarter's.
  PairCounter(const JoinTables& tables, const WestPlanes<Isa>& planes, Block* northProduct)
      : t_(tables), planes_(planes), northProduct_(northProduct) {}

  // The pairs of the north quarters with the group's south quarters and the
  // chunk's west halves, weighed by their slices; `weight` weighs the pairs
  // above phi(W).
  template <int kBlocks, bool kOddFold, int kSparse, bool kMany>
  Count count(const Chunk& chunk, const SouthGroup<Block>& group, NorthQuarters norths,
              const Slice* slices, int sliceCount, int weight) const {
    const QuarterTable& northEast = t_.quarter(false, true);
    Candidates candidates;
    const int candidateCount = kOddFold || kMany
                                   ? listCandidates<kOddFold, kMany>(slices, group, candidates)
                                   : group.count;
    if (candidateCount == 0) return 0;
    const int sliceSums = kMany ? sliceCount : 1;
    Block sums[kMany ? kJoinMaxN : 1], equalSums[kMany ? kJoinMaxN : 1];  // over pairs above, equal
    std::fill(sums, sums + sliceSums, Block{}),
        std::fill(equalSums, equalSums + sliceSums, Block{});
    int fits[kSouthGroup];  // the south quarters a north quarter fits
    for (const auto* entry = norths.begin; entry != norths.end; ++entry) {
      Diagonals top = northEast.diagonals(*entry);
      if (top.meets(norths.middles)) continue;
      top = top.with(norths.middles);
      const uint64_t northLive =
          planes_.template product<kBlocks, kSparse>(chunk, top, northProduct_);
      if (kSparse && !northLive) continue;
      // About half the south quarters fit, so a branch would often guess
      // wrong: with one or two blocks (one slice) a clash masks the pair to
      // zero; with more, those that fit are listed first.
      if (kBlocks) {
        for (int j = 0; j < group.count; ++j) {
          const uint64_t fit = uint64_t(top.meets(group.diagonals[j])) - 1;
          for (int b = 0; b < kBlocks; ++b)
            Isa::addPopcounts(sums[0],
                              northProduct_[b] & group.products[j * kProductBlocks + b] & fit);
        }
        continue;
      }
      int fitting = 0;
      for (int c = 0; c < candidateCount; ++c) {
        const int j = kMany ? candidates.which[c] : c;
        fits[fitting] = j;
        fitting += !top.meets(group.diagonals[j]);
      }
      addFittingPairs<kOddFold, kSparse, kMany>(chunk, group, candidates, northLive, fits, fitting,
                                                sums, equalSums);
    }
    Count total = 0;
    for (int i = 0; i < sliceSums; ++i) {
      uint64_t above = 0, equal = 0;
      for (int lane = 0; lane < kLanes; ++lane) above += sums[i][lane], equal += equalSums[i][lane];
      total += Count(slices[i].weight) * (Count(weight) * above + equal);
    }
    return total;
  }

 private:
  // The group's south quarters that count with the slices' north quarters.
  struct Candidates {
    int which[kSouthGroup];
    bool above[kSouthGroup];  // whose key is above its slice's (odd fold)
  };

  // Lists the candidates: with the odd fold, keys above their slice's count
  // twice (above), equal once, below not at all. One slice's keys fall, so
  // that its candidates come first (all, without the fold).
  template <bool kOddFold, bool kMany>
  int listCandidates(const Slice* slices, const SouthGroup<Block>& group,
                     Candidates& candidates) const {
    int count = 0;
    const int groupCount = group.count;  // in a register: the bools might alias it
    for (int j = 0; j < groupCount; ++j) {
      const int own = t_.middleKey(slices[group.slices[j]].middleRow);
      const bool counts = !kOddFold || group.keys[j] >= own;
      assert(kMany || !counts || count == j);
      candidates.above[j] = group.keys[j] > own;
      candidates.which[count] = j;
      count += counts;
    }
    return count;
  }

  // Adds the popcounts of the ANDs of two products over some segments.
  template <int kSparse>
  static void addPairs(Block& sums, const Block* north, const Block* south, uint64_t segments) {
    constexpr int kSegmentBlocks = kSparse * kUnitBlocks;
    for (; segments; segments &= segments - 1) {
      const int begin = __builtin_ctzll(segments) * kSegmentBlocks;
      Isa::template addPopcountsOfAnds<kSegmentBlocks>(sums, north + begin, south + begin);
    }
  }

  // The pairs of the north product with the south quarters that fit it
  // (fits): in all blocks, or, sparse, in the segments where both have
  // halves. Halves below the equal class's first block are above phi(W);
  // with the odd fold, south quarters above their slice's key count twice.
  // Each south quarter's sums go to its slice's.
  template <bool kOddFold, int kSparse, bool kMany>
  void addFittingPairs(const Chunk& chunk, const SouthGroup<Block>& group,
                       const Candidates& candidates, uint64_t northLive, const int* fits,
                       int fitting, Block* sums, Block* equalSums) const {
    for (int k = 0; k < fitting; ++k) {
      const int j = fits[k];
      const Block* south = group.products + j * kProductBlocks;
      const bool above = !kOddFold || candidates.above[j];
      Block aboveSum = {}, equalSum = {};
      if (kSparse) {
        const uint64_t live = northLive & group.live[j];
        const uint64_t liveAbove = above ? live & rangeBits(chunk.equalSegment) : 0;
        addPairs<kSparse>(aboveSum, northProduct_, south, liveAbove);
        addPairs<kSparse>(equalSum, northProduct_, south, live & ~liveAbove);
      } else {
        const int split = above ? chunk.equalBlock : 0;
        Isa::addPopcountsOfAnd(aboveSum, northProduct_, south, 0, split);
        Isa::addPopcountsOfAnd(equalSum, northProduct_, south, split, chunk.blocks);
      }
      const int slice = kMany ? group.slices[j] : 0;
      sums[slice] += aboveSum;
      equalSums[slice] += equalSum;
    }
  }

  const JoinTables& t_;
  const WestPlanes<Isa>& planes_;
  Block* northProduct_;
};

}  // namespace
}  // namespace queens
