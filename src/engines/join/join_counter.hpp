// ===== The join: its counter ==============================================
// One thread's count of the units it claims: the west halves of each W in
// chunks (join_west.hpp), their planes and tables (join_planes.hpp), and
// the pairs of east quarters (join_south.hpp, join_pairs.hpp) with them
// (join_tables.hpp explains the join; join_blocks.hpp why the namespace).
#pragma once

#include <cassert>
#include <cstdint>

#include "engines/join/join_order.hpp"
#include "engines/join/join_pairs.hpp"
#include "engines/join/join_west.hpp"
#include "work/units.hpp"

namespace queens {
namespace {

template <class Isa>
class JoinCounter {
  using Block = typename Isa::Block;
  static constexpr int kBlockBits = WestPlanes<Isa>::kBlockBits;
  static constexpr long kProductBlocks = SouthWalk<Isa>::kProductBlocks;

 public:
  // scratch: the thread's work space (JoinTables::scratchFor), cut into
  // its arrays, aligned to 64 bytes.
  JoinCounter(const JoinTables& tables, char* scratch, JoinTuning tuning)
      : t_(tables),
        tuning_(tuning),
        at_(scratch + (64 - reinterpret_cast<std::uintptr_t>(scratch) % 64) % 64),
        planes_(tables, chunkBits(t_.chunk()), int(segmentBits(tuning.chunk)), at_),
        south_(tables, planes_, tuning.southGroup),
        pairs_(tables, planes_, takeProducts()),
        west_(tables, tuning.chunk, take<uint64_t>(chunkBits(t_.chunk())), tuning.westSouthBlock) {
    assert(tuning.chunk <= t_.chunk() &&
           tuning.southGroup <= kSouthGroup);  // the space is for these
    assert(planes_.segmentBits() == 512 || planes_.segmentBits() == 1024);  // kSparse 1 or 2
    group_.diagonals = take<Diagonals>(kSouthGroup);
    sorted_ = take<uint64_t>(chunkBits(t_.chunk()));
    keys_ = take<uint8_t>(chunkBits(t_.chunk()));
  }

  // Flattened, as the kinds are (countKind): the listing and the planes
  // inlined whole.
  [[gnu::flatten]] Count count(Job& job) {
    Count total = 0, halves = 0;
    Slice slices[kJoinMaxN];
    for (uint64_t west = firstSubset(t_.westColumns()); west <= allColumns(t_.n());
         west = nextSubset(west)) {
      int sliceCount = t_.slicesOf(Mask(west), slices);
      if (sliceCount == 0) continue;
      if (job.units && !job.units->claim()) {
        if (job.units->batchEnded()) break;  // --checkpoint: the next walk goes on
        continue;
      }
      total += countUnit(Mask(west), slices, sliceCount, halves);
    }
    job.nodes += halves;
    return total;
  }

 private:
  template <class T>
  T* take(long count) {
    T* taken = reinterpret_cast<T*>(at_);
    at_ += sizeof(T) * count;
    return taken;
  }
  // The south products, then room for one north product.
  Block* takeProducts() {
    group_.products = take<Block>((kSouthGroup + 1) * kProductBlocks);
    return group_.products + kSouthGroup * kProductBlocks;
  }

  // The placements with west rows W, a chunk of west halves at a time: by
  // phi, those above phi(W), then those equal, from the next segment.
  Count countUnit(Mask west, const Slice* slices, int sliceCount, Count& halves) {
    Count total = 0;
    const JoinFold fold = t_.foldOf(west);
    const int segmentBits = planes_.segmentBits();
    // Slices whose middle queens stand north, listed first, share south
    // products; the others share north products.
    int shared = 0;
    while (shared < sliceCount && !standsSouth(t_, slices[shared])) ++shared;
    bool eastCounted = false;
    WestChunks chunks(west_, west, fold, segmentBits);
    WestChunk bounds;
    while (chunks.next(bounds)) {
      halves += Count(bounds.halves());
      Chunk chunk;
      chunk.westReach = bounds.reach;
      chunk.sparse = bounds.listed >= tuning_.sparseHalves;
      if (chunk.sparse && !eastCounted) countEastDiagonals(west, slices, sliceCount);
      eastCounted = eastCounted || chunk.sparse;
      if (chunk.sparse)
        order_.sort(west_.patterns(), bounds.aboveEnd, bounds.equalStart, bounds.listed, sorted_,
                    keys_);
      chunk =
          planes_.build(chunk, west_.patterns(), bounds.listed, bounds.aboveEnd, bounds.equalStart);
      chunk.equalBlock = bounds.hasEqual() ? int(bounds.equalStart / kBlockBits) : chunk.blocks;
      chunk.equalSegment =
          bounds.hasEqual() ? int(bounds.equalStart / segmentBits) : chunk.segments;
      if (shared) total += countEastHalves(chunk, west, slices, shared, fold);
      if (shared < sliceCount)
        total += countEastHalves(chunk, west, slices + shared, sliceCount - shared, fold);
    }
    return total;
  }

  // How many east quarters take each diagonal, for the sparse order.
  void countEastDiagonals(Mask west, const Slice* slices, int sliceCount) {
    const EastSlices east = describeSlices(t_, west, slices, sliceCount);
    order_.countEastDiagonals(t_, east.northRows[0], east.southRows[0]);
  }

  // Each kind of chunk is counted by a function of its own (countKind),
  // with all it calls inlined (flatten): left to itself, g++ called the
  // products, the pairs and the south walk out of line (W3 15x15: 1.13 of
  // the instructions). Inlined into the dense count, the sparse code cost
  // it 5% on small boards. One or two blocks of one class and one slice each, the common
  // small sizes, unrolled (not with the odd fold).
  Count countEastHalves(const Chunk& chunk, Mask west, const Slice* slices, int sliceCount,
                        JoinFold fold) {
    const bool oddFold = t_.middleKey(0) == 0;
    const bool oneSliceEach = sliceCount == 1 || !standsSouth(t_, slices[0]);
    const int blocks =
        !chunk.sparse && chunk.equalBlock == chunk.blocks && oneSliceEach ? chunk.blocks : 0;
    auto count = [&](Count (JoinCounter::*kind)(Chunk, Mask, const Slice*, int, JoinFold)) {
      return (this->*kind)(chunk, west, slices, sliceCount, fold);
    };
    if (!oddFold && blocks == 1) return count(&JoinCounter::countKind<1, 0, false>);
    if (!oddFold && blocks == 2) return count(&JoinCounter::countKind<2, 0, false>);
    switch ((chunk.sparse ? planes_.segmentBits() / 512 : 0) * 2 + oddFold) {
      case 0:
        return count(&JoinCounter::countKind<0, 0, false>);
      case 1:
        return count(&JoinCounter::countKind<0, 0, true>);
      case 2:
        return count(&JoinCounter::countKind<0, 1, false>);
      case 3:
        return count(&JoinCounter::countKind<0, 1, true>);
      case 4:
        return count(&JoinCounter::countKind<0, 2, false>);
      default:
        return count(&JoinCounter::countKind<0, 2, true>);
    }
  }

  // The east halves of a chunk of one kind: kBlocks blocks (0: any), dense
  // or sparse (kSparse), the odd fold or not; one slice's south quarters or
  // many slices' (kMany: they share north quarters, and sum apart).
  template <int kBlocks, int kSparse, bool kOddFold>
  [[gnu::noinline, gnu::flatten]] Count countKind(Chunk chunk, Mask west, const Slice* slices,
                                                  int sliceCount, JoinFold fold) {
    const bool many = sliceCount > 1 && standsSouth(t_, slices[0]);
    if constexpr (kBlocks > 0)
      return countEastHalvesIn<kBlocks, false, 0, false>(chunk, west, slices, sliceCount, fold);
    else if (many)
      return countEastHalvesIn<0, kOddFold, kSparse, true>(chunk, west, slices, sliceCount, fold);
    else
      return countEastHalvesIn<0, kOddFold, kSparse, false>(chunk, west, slices, sliceCount, fold);
  }

  // The pairs of this chunk's west halves with the east halves of the other
  // rows (and middle queens) that share no diagonal, weighted by the fold: 2
  // when both sides are above, 1 when one is equal, none when the east side
  // is below. The slices share their south rows, or all their middle queens
  // stand south and they share their north rows (odd n).
  template <int kBlocks, bool kOddFold, int kSparse, bool kMany>
  Count countEastHalvesIn(const Chunk& chunk, Mask west, const Slice* slices, int sliceCount,
                          JoinFold fold) {
    const QuarterTable& northEast = t_.quarter(false, true);
    const Mask columns = allColumns(t_.eastColumns());
    const EastSlices east = describeSlices(t_, west, slices, sliceCount);
    const bool northShared = standsSouth(t_, slices[0]);
    const int northSlices = northShared ? 1 : sliceCount;
    Count total = 0;
    for (uint64_t northColumns = firstSubset(popcount(east.northRows[0])); northColumns <= columns;
         northColumns = nextSubset(northColumns)) {
      const int eastClass = t_.eastClass(fold, Mask(northColumns));
      if (eastClass < 0) continue;
      const int weight = (fold.on && eastClass > 0) || kOddFold ? 2 : 1;  // of pairs above
      const QuarterTable::Entry *norths[kJoinMaxN], *northEnds[kJoinMaxN];
      bool northern = false;  // whether some slice has north quarters here
      for (int i = 0; i < northSlices; ++i) {
        norths[i] = northEast.begin(east.northRows[i], Mask(northColumns));
        northEnds[i] = northEast.end(east.northRows[i], Mask(northColumns));
        northern = northern || norths[i] != northEnds[i];
      }
      SouthCursor at;
      at.rowFree = (columns ^ northColumns) & t_.middleRowColumns();  // the middle row apart
      at.slices = northShared ? sliceCount : 1;
      south_.startSlice(east, slices, at);
      while (northern && at.left()) {
        south_.template fill<kBlocks, kSparse>(chunk, east, slices, Mask(northColumns), at, group_);
        if (northShared)
          total += pairs_.template count<kBlocks, kOddFold, kSparse, kMany>(
              chunk, group_, {norths[0], northEnds[0], Diagonals{}}, slices, sliceCount, weight);
        for (int i = 0; i < sliceCount && !northShared; ++i)
          total += pairs_.template count<kBlocks, kOddFold, kSparse, kMany>(
              chunk, group_, {norths[i], northEnds[i], east.northMiddles[i]}, slices + i, 1,
              weight);
      }
    }
    return total;
  }

  const JoinTables& t_;
  const JoinTuning tuning_;
  char* at_;  // the work space not yet taken
  WestPlanes<Isa> planes_;
  SouthWalk<Isa> south_;
  SouthGroup<Block> group_;  // filled by south_, read by pairs_
  PairCounter<Isa> pairs_;
  WestLister west_;
  HalfOrder order_;  // of a sparse chunk's halves
  uint64_t* sorted_;
  uint8_t* keys_;  // each half's sort key (HalfOrder)
};

}  // namespace
}  // namespace queens
