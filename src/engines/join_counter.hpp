// ===== The join: its counter ==============================================
// One thread's count of the units it claims: the west halves of each W in
// chunks, their planes and tables, and the products of the east quarters
// (join_tables.hpp explains the join).
#pragma once

#include <cassert>
#include <cstdint>

#include "engines/join_blocks.hpp"
#include "engines/join_order.hpp"
#include "engines/join_tables.hpp"
#include "work/units.hpp"

namespace queens {

// One thread's count of the units it claims, inlined into the entry point
// and the kind functions compiled for the instruction set Isa
// (join_portable.cpp, join_avx2.cpp, join_avx512.cpp).
template <class Isa>
class JoinCounter {
  using Block = typename Isa::Block;
  static constexpr int kLanes = sizeof(Block) / sizeof(uint64_t);
  static constexpr int kBlockBits = 64 * kLanes;
  // kSparse, a template parameter: 0 counts a chunk dense; 1 or 2 sparse,
  // with segments of 512 or 1024 halves (segmentBits), whole blocks.
  static constexpr int kUnitBlocks = 512 / kBlockBits;
  static_assert(512 % kBlockBits == 0, "a segment is whole blocks");
  // A product's room, the same whatever the chunk: a stride the compiler
  // knows (a run-time stride cost 20x20 5%).
  static constexpr long kProductBlocks = kProductBits / kBlockBits;

 public:
  // Each kind of chunk's east halves is counted by a function of its own,
  // compiled for Isa (join_kinds.hpp): inlined into the dense count, the sparse
  // code cost it 5% on small boards, and one function of every kind took
  // minutes to compile with the sanitizers.
  using KindCount = Count (*)(JoinCounter&, Mask, const Slice*, int, JoinFold);
  struct KindCounts {
    KindCount fewBlocks[2];     // one or two blocks, one slice each, no odd fold
    KindCount anyBlocks[3][2];  // by [kSparse: dense, 512 or 1024][odd fold]
  };
  JoinCounter(const JoinTables& tables, char* scratch, JoinTuning tuning, const KindCounts& kinds)
      : t_(tables), tuning_(tuning), kinds_(kinds) {
    assert(tuning.chunk <= t_.chunk() &&
           tuning.southGroup <= kSouthGroup);  // the space is for these
    // The work space, cut into its arrays, aligned to 64 bytes.
    const long space = chunkBits(t_.chunk());
    char* at = scratch + (64 - reinterpret_cast<std::uintptr_t>(scratch) % 64) % 64;
    planes_ = reinterpret_cast<Block*>(at), at += kMostPlanes * space / 8;
    tables_ = reinterpret_cast<Block*>(at), at += patternBytes(t_.n()) * 256 * space / 8;
    products_ = reinterpret_cast<Block*>(at), at += (kSouthGroup + 1) * kProductBits / 8;
    patterns_ = reinterpret_cast<uint64_t*>(at), at += sizeof(uint64_t) * space;
    southDiagonals_ = reinterpret_cast<Diagonals*>(at), at += sizeof(Diagonals) * kSouthGroup;
    sorted_ = reinterpret_cast<uint64_t*>(at), at += sizeof(uint64_t) * space;
    keys_ = reinterpret_cast<uint8_t*>(at);
    segmentBits_ = int(segmentBits(tuning.chunk));
    assert(segmentBits_ == 512 || segmentBits_ == 1024);  // kSparse 1 or 2
    planeCount_ = 2 * t_.n() - 1, bytes_ = patternBytes(t_.n());
  }

  [[gnu::always_inline]] Count count(Job& job) {
    Count total = 0;
    Slice slices[kJoinMaxN];
    const int n = t_.n();
    for (uint64_t west = firstSubset(t_.westColumns()); west <= allColumns(n);
         west = nextSubset(west)) {
      int sliceCount = t_.slicesOf(Mask(west), slices);
      if (sliceCount == 0) continue;
      if (job.units && !job.units->claim()) {
        if (job.units->batchEnded()) break;  // --checkpoint: the next walk goes on
        continue;
      }
      total += countUnit(Mask(west), slices, sliceCount);
    }
    job.nodes += halves_;
    return total;
  }

  // The east halves of a chunk of one kind: kBlocks blocks (0: any), dense
  // or sparse (kSparse), the odd fold or not; one slice's south quarters or many
  // slices' (kMany: they share north quarters, and sum apart).
  template <int kBlocks, int kSparse, bool kOddFold>
  [[gnu::always_inline]] Count countKind(Mask west, const Slice* slices, int sliceCount,
                                         JoinFold fold) {
    const bool many = sliceCount > 1 && standsSouth(slices[0]);
    if constexpr (kBlocks > 0)
      return countEastHalvesIn<kBlocks, false, false, false>(west, slices, sliceCount, fold);
    else if (many)
      return countEastHalvesIn<0, kOddFold, kSparse, true>(west, slices, sliceCount, fold);
    else
      return countEastHalvesIn<0, kOddFold, kSparse, false>(west, slices, sliceCount, fold);
  }

 private:
  // Whether a slice's middle queen stands south (odd n): the slices whose
  // queens stand south share their north quarters, the others their south.
  bool standsSouth(const Slice& slice) const { return slice.middleRow >= t_.northRows(); }

  // Where the listing of one W's west halves of one class stands: the north
  // quarter's columns, and how many of their halves earlier chunks took.
  struct WestCursor {
    uint64_t northColumns;
    int foldClass;
    long taken = 0;
  };

  // The placements with west rows W, a chunk of west halves at a time: by
  // phi, those above phi(W), then those equal, from the next segment.
  [[gnu::always_inline]] Count countUnit(Mask west, const Slice* slices, int sliceCount) {
    Count total = 0;
    const JoinFold fold = t_.foldOf(west);
    const uint64_t first = firstSubset(popcount(west & allColumns(t_.northRows())));
    WestCursor above{first, 1}, equal{first, 0};
    // Slices whose middle queens stand north, listed first, share south
    // products; the others share north products.
    int shared = 0;
    while (shared < sliceCount && !standsSouth(slices[shared])) ++shared;
    bool aboveLeft = true, equalLeft = fold.on, eastCounted = false;
    while (aboveLeft || equalLeft) {
      westReach_ = 0;
      const long aboveEnd = aboveLeft ? listWestHalves(west, fold, above, 0) : 0;
      aboveLeft = aboveEnd == tuning_.chunk;
      const long equalStart = (aboveEnd + segmentBits_ - 1) / segmentBits_ * segmentBits_;
      long listed = aboveEnd;
      if (!aboveLeft && equalLeft && equalStart < tuning_.chunk) {
        listed = listWestHalves(west, fold, equal, equalStart);
        equalLeft = listed == tuning_.chunk;
        if (listed == equalStart) listed = aboveEnd;  // none
      }
      if (listed == 0) break;
      halves_ += Count(aboveEnd + std::max(0L, listed - equalStart));
      sparse_ = listed >= tuning_.sparseHalves;
      if (sparse_ && !eastCounted) countEastDiagonals(west, slices, sliceCount), eastCounted = true;
      if (sparse_) order_.sort(patterns_, aboveEnd, equalStart, listed, sorted_, keys_);
      buildPlanes(listed, aboveEnd, equalStart);
      equalBlock_ = listed > aboveEnd ? int(equalStart / kBlockBits) : blocks_;
      equalSegment_ = listed > aboveEnd ? int(equalStart / segmentBits_) : segments_;
      if (shared) total += countEastHalves(west, slices, shared, fold);
      if (shared < sliceCount)
        total += countEastHalves(west, slices + shared, sliceCount - shared, fold);
    }
    return total;
  }

  // Lists the next west halves' patterns from `listed` up to a chunk, by the
  // north quarters' columns from the cursor, moved past them; returns where
  // they end. A full chunk walks the rest of its group (a plain inner loop).
  [[gnu::always_inline]] long listWestHalves(Mask west, JoinFold fold, WestCursor& at,
                                             long listed) {
    const QuarterTable &northWest = t_.quarter(false, false), &southWest = t_.quarter(true, false);
    const Mask northRows = west & allColumns(t_.northRows()),
               southRows = west >> t_.firstSouthRow();
    const Mask columns = allColumns(t_.westColumns());
    for (; at.northColumns <= columns; at.northColumns = nextSubset(at.northColumns)) {
      const Mask northColumns = Mask(at.northColumns);
      if (t_.westClass(fold, northColumns) != at.foldClass) continue;
      const auto *north = northWest.begin(northRows, northColumns),
                 *northEnd = northWest.end(northRows, northColumns);
      const auto *south = southWest.begin(southRows, columns ^ northColumns),
                 *southEnd = southWest.end(southRows, columns ^ northColumns);
      const long skip = at.taken, listedBefore = listed;
      long index = 0;  // of the group's halves
      for (; north != northEnd && south != southEnd; ++north) {
        Diagonals top = northWest.diagonals(*north);
        for (const auto* s = south; s != southEnd; ++s) {
          Diagonals bottom = southWest.diagonals(*s);
          if (top.meets(bottom) || index++ < skip || listed == tuning_.chunk) continue;
          uint64_t pattern = t_.pattern(top.with(bottom));
          patterns_[listed++] = pattern;
          westReach_ |= pattern;
        }
      }
      at.taken = skip + (listed - listedBefore);
      if (at.taken < index) return listed;  // full: the group goes on next time
      at.taken = 0;
    }
    return listed;
  }

  // How many east quarters take each diagonal, for the sparse order.
  void countEastDiagonals(Mask west, const Slice* slices, int sliceCount) {
    EastSlices east;
    describeSlices(west, slices, sliceCount, east);
    order_.countEastDiagonals(t_, east.northRows[0], east.southRows[0]);
  }

  // segmentMust_[s]: the diagonals every west half of segment s takes (all
  // when it has none). A pattern that meets them fits none of its halves.
  [[gnu::always_inline]] void markSegments(long listed, long gapStart, long gapEnd) {
    for (int s = 0; s < segments_; ++s) {
      uint64_t must = ~uint64_t{0};
      for (long i = s * long{segmentBits_}; i < std::min(listed, (s + 1L) * segmentBits_); ++i)
        if (i < gapStart || i >= gapEnd) must &= patterns_[i];
      segmentMust_[s] = must;
    }
  }
  // The segments where a product of this pattern may have halves.
  [[gnu::always_inline]] uint64_t liveSegments(uint64_t pattern) const {
    return Isa::disjoint(segmentMust_, segments_, pattern);
  }

  // planes_[block][d]: bit i says west half kBlockBits * block + i avoids
  // diagonal d (bit d of the pattern); the last plane says the half exists.
  // Entry v of byte k's table: the AND of the last plane and those of v's
  // diagonals (8k to 8k + 7): the entry without v's lowest bit, ANDed with
  // its plane. A product is then the AND of an entry per byte (5 at 19x19).
  Block* entry(int k, int value) const { return tables_ + (256 * k + value) * blocks_; }
  // The planes come 64 halves at a time: their patterns, one word each, are
  // a 64 x 64 matrix of bits, and its transpose holds a word per diagonal.
  [[gnu::always_inline]] void buildPlanes(long listed, long gapStart, long gapEnd) {
    segments_ = int((listed + segmentBits_ - 1) / segmentBits_);
    if (sparse_) markSegments(listed, gapStart, gapEnd);
    // Sparse: whole segments (the last one's tail holds no half).
    blocks_ = sparse_ ? segments_ * segmentBits_ / kBlockBits
                      : int((listed + kBlockBits - 1) / kBlockBits);
    const int validPlane = planeCount_ - 1;
    for (long word = 0; word < blocks_ * kLanes; ++word) {
      const long first = 64 * word;
      // The halves listed, but none in the gap from gapStart up to gapEnd.
      const uint64_t valid =
          rangeBits(listed - first) & ~(rangeBits(gapStart - first) ^ rangeBits(gapEnd - first));
      Block* planes = planes_ + word / kLanes * planeCount_;
      const int lane = int(word % kLanes);
      planes[validPlane][lane] = valid;
      if (popcount(valid) < 16) {  // few halves (small chunks): a bit each, cheaper
        for (int d = 0; d < validPlane; ++d) planes[d][lane] = ~uint64_t{0};
        for (uint64_t v = valid; v; v &= v - 1)
          for (uint64_t p = patterns_[first + __builtin_ctzll(v)]; p; p &= p - 1)
            planes[__builtin_ctzll(p)][lane] &= ~(v & (0 - v));
        continue;
      }
      uint64_t diagonals[64];
      for (int i = 0; i < 64; ++i) diagonals[i] = valid >> i & 1 ? patterns_[first + i] : 0;
      transposeBits(diagonals);  // diagonals[d]: bit i says half first + i takes d
      for (int d = 0; d < validPlane; ++d) planes[d][lane] = ~diagonals[d];
    }
    for (int k = 0; k < bytes_; ++k) {
      for (int b = 0; b < blocks_; ++b) entry(k, 0)[b] = planes_[b * planeCount_ + validPlane];
      for (int v = 1; v < 1 << std::min(8, validPlane - 8 * k); ++v)
        for (int b = 0; b < blocks_; ++b)
          entry(k, v)[b] =
              entry(k, v & (v - 1))[b] & planes_[b * planeCount_ + 8 * k + __builtin_ctz(v)];
    }
  }

  // The AND of the entries of d's pattern bytes, from its first byte with a
  // diagonal to its last (each entry holds the last plane, so a pattern of
  // none takes entry 0 alone): the west halves it fits, ANDed in registers.
  // An east quarter's diagonals stand together (JoinTables::pattern): 4
  // entries, not 5, at 19x19. Diagonals no west half takes are left out.
  // Sparse, it writes only the segments where it may have halves, and
  // returns those where it has some.
  template <int kBlocks, int kSparse>
  [[gnu::always_inline]] uint64_t product(Diagonals d, Block* out) const {
    const uint64_t wide = t_.pattern(d) & westReach_;
    const int first = wide ? __builtin_ctzll(wide) / 8 : 0;
    const int count = wide ? (63 - __builtin_clzll(wide)) / 8 + 1 - first : 1;
    const uint64_t pattern = wide >> 8 * first;
    if (kBlocks) {  // few blocks: AND straight into registers
      Block fits[kBlocks ? kBlocks : 1];
      for (int b = 0; b < kBlocks; ++b) fits[b] = entry(first, pattern & 255)[b];
      for (int k = 1; k < count; ++k)
        for (int b = 0; b < kBlocks; ++b) fits[b] &= entry(first + k, pattern >> 8 * k & 255)[b];
      for (int b = 0; b < kBlocks; ++b) out[b] = fits[b];
      return ~uint64_t{0};
    }
    const Block* in[kMostEntries] = {entry(first, pattern & 255)};
    for (int k = 1; k < count; ++k) in[k] = entry(first + k, pattern >> 8 * k & 255);
    return andEntries<kSparse>(count, in, out, wide);
  }
  // The AND of `count` entries (at most kMostEntries), with the count a
  // constant: the loop over the entries unrolled, their pointers held in
  // registers (19x19 on AVX2: 0.9 of the time). Sparse, only the live
  // segments of the pattern `wide`.
  static constexpr int kMostEntries = (2 * kJoinMaxN - 2 + 7) / 8;
  template <int kSparse, int kCount = 1>
  [[gnu::always_inline]] uint64_t andEntries(int count, const Block* const* entries, Block* out,
                                             uint64_t wide) const {
    if constexpr (kCount < kMostEntries)
      if (count > kCount) return andEntries<kSparse, kCount + 1>(count, entries, out, wide);
    constexpr int kSegmentBlocks = kSparse * kUnitBlocks;
    const Block* in[kCount];
    std::copy(entries, entries + kCount, in);
    if (!kSparse) {
      for (int b = 0; b < blocks_; ++b) {
        Block fits = in[0][b];
        QUEENS_UNROLL for (int k = 1; k < kCount; ++k) fits &= in[k][b];
        out[b] = fits;
      }
      return ~uint64_t{0};
    }
    uint64_t nonzero = 0;
    for (uint64_t segments = liveSegments(wide); segments; segments &= segments - 1) {
      const int segment = __builtin_ctzll(segments), begin = segment * kSegmentBlocks;
      Block fits[kSegmentBlocks ? kSegmentBlocks : 1], any = {};
      QUEENS_UNROLL for (int b = 0; b < kSegmentBlocks; ++b) fits[b] = in[0][begin + b];
      QUEENS_UNROLL for (int k = 1; k < kCount; ++k) {
        QUEENS_UNROLL for (int b = 0; b < kSegmentBlocks; ++b) fits[b] &= in[k][begin + b];
      }
      QUEENS_UNROLL for (int b = 0; b < kSegmentBlocks; ++b) {
        out[begin + b] = fits[b];
        any |= fits[b];
      }
      nonzero |= uint64_t(!Isa::isZero(any)) << segment;
    }
    return nonzero;
  }
  // Adds the popcounts of the ANDs of two products over some segments.
  template <int kSparse>
  [[gnu::always_inline]] void addPairs(Block& sums, const Block* north, const Block* south,
                                       uint64_t segments) const {
    constexpr int kSegmentBlocks = kSparse * kUnitBlocks;
    for (; segments; segments &= segments - 1) {
      const int begin = __builtin_ctzll(segments) * kSegmentBlocks;
      Isa::template addPopcountsOfAnds<kSegmentBlocks>(sums, north + begin, south + begin);
    }
  }
  // The pairs of a north product with the south quarters that fit it
  // (fits_): in all blocks, or, sparse, in the segments where both have
  // halves. Halves below the equal class's first block are above phi(W);
  // with the odd fold, south quarters above their slice's key count twice.
  // Each south quarter's sums go to its slice's.
  template <bool kOddFold, int kSparse, bool kMany>
  [[gnu::always_inline]] void addFittingPairs(const Block* northProduct, uint64_t northLive,
                                              int fitting, Block* sums, Block* equalSums) const {
    for (int k = 0; k < fitting; ++k) {
      const int j = fits_[k];
      const Block* south = products_ + j * kProductBlocks;
      const bool above = !kOddFold || southAbove_[j];
      Block aboveSum = {}, equalSum = {};
      if (kSparse) {
        const uint64_t live = northLive & southLive_[j];
        const uint64_t liveAbove = above ? live & rangeBits(equalSegment_) : 0;
        addPairs<kSparse>(aboveSum, northProduct, south, liveAbove);
        addPairs<kSparse>(equalSum, northProduct, south, live & ~liveAbove);
      } else {
        const int split = above ? equalBlock_ : 0;
        Isa::addPopcountsOfAnd(aboveSum, northProduct, south, 0, split);
        Isa::addPopcountsOfAnd(equalSum, northProduct, south, split, blocks_);
      }
      const int slice = kMany ? southSlice_[j] : 0;
      sums[slice] += aboveSum, equalSums[slice] += equalSum;
    }
  }

  [[gnu::always_inline]] Count countEastHalves(Mask west, const Slice* slices, int sliceCount,
                                               JoinFold fold) {
    // One or two blocks of one class and one slice each, the common small
    // sizes, unrolled (not with the odd fold).
    const bool oddFold = t_.middleKey(0) == 0;
    const bool oneSliceEach = sliceCount == 1 || !standsSouth(slices[0]);
    const int blocks = !sparse_ && equalBlock_ == blocks_ && oneSliceEach ? blocks_ : 0;
    if (!oddFold && (blocks == 1 || blocks == 2))
      return kinds_.fewBlocks[blocks - 1](*this, west, slices, sliceCount, fold);
    const int sparse = sparse_ ? segmentBits_ / 512 : 0;
    return kinds_.anyBlocks[sparse][oddFold](*this, west, slices, sliceCount, fold);
  }

  // What the slices of one W need of the east side: a middle queen goes
  // into the products of its side's quarters.
  struct EastSlices {
    Diagonals northMiddles[kJoinMaxN], southMiddles[kJoinMaxN];
    Mask northRows[kJoinMaxN], southRows[kJoinMaxN];
    int lowestKeys[kJoinMaxN];  // the lowest odd-fold key each slice's south quarters take
  };
  [[gnu::always_inline]] void describeSlices(Mask west, const Slice* slices, int sliceCount,
                                             EastSlices& east) const {
    const int n = t_.n(), north = t_.northRows();
    const Mask others = allColumns(n) & ~west;
    int lowest = n;
    for (int i = 0; i < sliceCount; ++i) {
      const int row = slices[i].middleRow;
      const Mask middleRow = row >= 0 ? Mask{1} << row : 0;
      east.northMiddles[i] = east.southMiddles[i] = Diagonals{};
      (standsSouth(slices[i]) ? east.southMiddles[i] : east.northMiddles[i]) =
          row >= 0 ? diagonalsOf(n, row, t_.westColumns()) : Diagonals{};
      east.northRows[i] = others & allColumns(north) & ~middleRow;
      east.southRows[i] = (others & ~middleRow) >> t_.firstSouthRow();
      lowest = std::min(lowest, east.lowestKeys[i] = t_.middleKey(row));
    }
    if (!standsSouth(slices[0]))  // the slices share their south quarters
      std::fill(east.lowestKeys, east.lowestKeys + sliceCount, lowest);
  }

  // Where the walk over one north quarter's south quarters stands: the
  // slice, its group of south east quarters, and the middle row's columns
  // still to try (bit 32 alone: no queen of the middle row to place).
  struct SouthCursor {
    const QuarterTable::Entry *south = nullptr, *end = nullptr;
    uint64_t rowChoices, rowFree;  // rowFree: the middle row's columns to try
    Diagonals middles;             // the south quarter's middle queens
    int key;                       // the middle row queen's key
    int slice = -1, slices;        // slices that share the north quarters
    bool walking() const { return south != end || rowChoices; }
    bool left() const { return walking() || slice + 1 < slices; }
  };
  // Starts the walk of the next slice's south quarters: the middle row's
  // queen on each column with a key the slice takes, west to east, so with
  // falling keys. Its middle queen on the middle row (the centre) leaves
  // no row queen to place.
  void startSlice(const EastSlices& east, const Slice* slices, SouthCursor& at) const {
    ++at.slice;
    const bool rowQueen = t_.rowApart() && slices[at.slice].middleRow != t_.northRows();
    const int keyColumns = t_.eastColumns() - east.lowestKeys[at.slice];
    at.rowChoices = rowQueen ? at.rowFree & allColumns(keyColumns) : uint64_t{1} << 32;
    at.key = t_.n() / 2;
    at.south = at.end = nullptr;
  }

  // Fills the next group of south quarters that the middle queens allow,
  // with each one's product and slice; returns how many.
  template <int kBlocks, int kSparse>
  [[gnu::always_inline]] int fillSouthGroup(const EastSlices& east, const Slice* slices,
                                            Mask northColumns, SouthCursor& at) {
    const int n = t_.n(), north = t_.northRows(), firstEast = n - t_.eastColumns();
    const QuarterTable& southEast = t_.quarter(true, true);
    const Mask columns = allColumns(t_.eastColumns());
    int group = 0;
    while (group < tuning_.southGroup && at.left()) {
      if (!at.walking()) {
        startSlice(east, slices, at);
      } else if (at.south == at.end) {  // the middle row's next column
        const int column = __builtin_ctzll(at.rowChoices);
        const Mask taken = Mask(at.rowChoices & (0 - at.rowChoices)), left = columns ^ taken;
        at.rowChoices &= at.rowChoices - 1;
        at.south = southEast.begin(east.southRows[at.slice], left ^ northColumns);
        at.end = southEast.end(east.southRows[at.slice], left ^ northColumns);
        const Diagonals queen = taken ? diagonalsOf(n, north, firstEast + column) : Diagonals{};
        if (queen.meets(east.southMiddles[at.slice])) at.south = at.end;
        at.middles = east.southMiddles[at.slice].with(queen);
        if (taken) at.key = t_.middleKey(firstEast + column);
        continue;
      }
      for (; at.south != at.end && group < tuning_.southGroup; ++at.south) {
        Diagonals bottom = southEast.diagonals(*at.south);
        if (bottom.meets(at.middles)) continue;
        southDiagonals_[group] = bottom = bottom.with(at.middles);
        southKeys_[group] = at.key;
        southSlice_[group] = at.slice;
        southLive_[group] = product<kBlocks, kSparse>(bottom, products_ + group * kProductBlocks);
        group += !kSparse || southLive_[group] != 0;  // else it fits no west half
      }
    }
    return group;
  }

  // Lists the group's south quarters that count with the slices' north
  // quarters (candidates_): with the odd fold, keys above their slice's
  // count twice (southAbove_), equal once, below not at all. One slice's
  // keys fall, so that its candidates come first (all, without the fold).
  template <bool kOddFold, bool kMany>
  [[gnu::always_inline]] int listCandidates(const Slice* slices, int group) {
    int candidates = 0;
    for (int j = 0; j < group; ++j) {
      const int own = t_.middleKey(slices[southSlice_[j]].middleRow);
      const bool counts = !kOddFold || southKeys_[j] >= own;
      assert(kMany || !counts || candidates == j);
      southAbove_[j] = southKeys_[j] > own;
      candidates_[candidates] = j;
      candidates += counts;
    }
    return candidates;
  }

  // The pairs of one slice's north quarters (norths to northEnd) with the
  // group's south quarters and the chunk's west halves, weighed by their
  // slices; `weight` weighs the pairs above phi(W).
  template <int kBlocks, bool kOddFold, int kSparse, bool kMany>
  [[gnu::always_inline]] Count countSlicePairs(const QuarterTable::Entry* norths,
                                               const QuarterTable::Entry* northEnd,
                                               Diagonals northMiddles, const Slice* slices,
                                               int sliceCount, int group, int weight) {
    const QuarterTable& northEast = t_.quarter(false, true);
    Block* northProduct = products_ + kSouthGroup * kProductBlocks;
    const int candidates =
        kOddFold || kMany ? listCandidates<kOddFold, kMany>(slices, group) : group;
    if (candidates == 0) return 0;
    const int sliceSums = kMany ? sliceCount : 1;
    Block sums[kMany ? kJoinMaxN : 1], equalSums[kMany ? kJoinMaxN : 1];  // over pairs above, equal
    std::fill(sums, sums + sliceSums, Block{}),
        std::fill(equalSums, equalSums + sliceSums, Block{});
    for (const auto* entry = norths; entry != northEnd; ++entry) {
      Diagonals top = northEast.diagonals(*entry);
      if (top.meets(northMiddles)) continue;
      top = top.with(northMiddles);
      const uint64_t northLive = product<kBlocks, kSparse>(top, northProduct);
      if (kSparse && !northLive) continue;
      // About half the south quarters fit, so a branch would often guess
      // wrong: with one or two blocks (one slice) a clash masks the pair to
      // zero; with more, those that fit are listed first.
      if (kBlocks) {
        for (int j = 0; j < group; ++j) {
          const uint64_t fit = uint64_t(top.meets(southDiagonals_[j])) - 1;
          for (int b = 0; b < kBlocks; ++b)
            Isa::addPopcounts(sums[0], northProduct[b] & products_[j * kProductBlocks + b] & fit);
        }
        continue;
      }
      int fitting = 0;
      for (int c = 0; c < candidates; ++c) {
        const int j = kMany ? candidates_[c] : c;
        fits_[fitting] = j;
        fitting += !top.meets(southDiagonals_[j]);
      }
      addFittingPairs<kOddFold, kSparse, kMany>(northProduct, northLive, fitting, sums, equalSums);
    }
    Count total = 0;
    for (int i = 0; i < sliceSums; ++i) {
      uint64_t above = 0, equal = 0;
      for (int lane = 0; lane < kLanes; ++lane) above += sums[i][lane], equal += equalSums[i][lane];
      total += Count(slices[i].weight) * (Count(weight) * above + equal);
    }
    return total;
  }

  // The pairs of this chunk's west halves with the east halves of the other
  // rows (and middle queens) that share no diagonal, weighted by the fold: 2
  // when both sides are above, 1 when one is equal, none when the east side
  // is below. The slices share their south rows, or all their middle queens
  // stand south and they share their north rows (odd n).
  template <int kBlocks, bool kOddFold, int kSparse, bool kMany>
  [[gnu::always_inline]] Count countEastHalvesIn(Mask west, const Slice* slices, int sliceCount,
                                                 JoinFold fold) {
    const QuarterTable& northEast = t_.quarter(false, true);
    const Mask columns = allColumns(t_.eastColumns());
    EastSlices east;
    describeSlices(west, slices, sliceCount, east);
    const bool northShared = standsSouth(slices[0]);
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
      startSlice(east, slices, at);
      while (northern && at.left()) {
        const int group = fillSouthGroup<kBlocks, kSparse>(east, slices, Mask(northColumns), at);
        if (northShared)
          total += countSlicePairs<kBlocks, kOddFold, kSparse, kMany>(
              norths[0], northEnds[0], Diagonals{}, slices, sliceCount, group, weight);
        for (int i = 0; i < sliceCount && !northShared; ++i)
          total += countSlicePairs<kBlocks, kOddFold, kSparse, kMany>(
              norths[i], northEnds[i], east.northMiddles[i], slices + i, 1, group, weight);
      }
    }
    return total;
  }

  const JoinTables& t_;
  const JoinTuning tuning_;
  const KindCounts& kinds_;
  Block *planes_, *tables_, *products_;
  uint64_t *patterns_, *sorted_;
  uint8_t* keys_;  // each half's sort key (HalfOrder)
  Diagonals* southDiagonals_;
  int southKeys_[kSouthGroup], southSlice_[kSouthGroup];
  bool southAbove_[kSouthGroup];     // whose key is above its slice's (odd fold)
  int candidates_[kSouthGroup];      // the south quarters that count
  int fits_[kSouthGroup];            // the south quarters a north quarter fits
  uint64_t southLive_[kSouthGroup];  // the segments where each may have halves
  alignas(64) uint64_t segmentMust_[kMostSegments];
  int segments_ = 0, equalSegment_ = 0;
  int segmentBits_;  // a segment's halves
  bool sparse_ = false;
  HalfOrder order_;  // of a sparse chunk's halves
  int planeCount_, bytes_, blocks_ = 0;
  int equalBlock_ = 0;  // the first block of halves equal to phi(W)
  uint64_t westReach_;  // the diagonals some west half of the chunk takes
  Count halves_ = 0;    // west halves listed, for --stats
};

}  // namespace queens
