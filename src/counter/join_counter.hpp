// ===== The join: its counter ==============================================
// One thread's count of the units it claims: the west halves of each W in
// chunks, their planes and tables, and the products of the east quarters
// (join_tables.hpp explains the join).
#pragma once

#include <cassert>
#include <cstdint>

#include "join_tables.hpp"
#include "units.hpp"

namespace queens {

// The pair count's instructions, chosen at run time (a build for plain
// x86-64 may assume none): blocks of 512 bits with AVX-512, 256 with AVX2,
// else 128.
#ifdef QUEENS_X86
#define QUEENS_AVX512 [[gnu::target("avx512f,avx512vpopcntdq,popcnt")]]
#define QUEENS_AVX2 [[gnu::target("avx2,popcnt")]]
struct Avx512 {
  typedef uint64_t Block __attribute__((vector_size(64)));
  QUEENS_AVX512 static void addPopcounts(Block& sums, const Block& bits) {
    sums += (Block)_mm512_popcnt_epi64((__m512i)bits);
  }
};
struct Avx2 {
  typedef uint64_t Block __attribute__((vector_size(32)));
  // Mula's method: vpshufb looks up each nibble's bit count, vpsadbw sums
  // each lane's bytes.
  QUEENS_AVX2 static void addPopcounts(Block& sums, const Block& bits) {
    const __m256i nibbleCounts =
        _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,  //
                         0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i lowNibbles = _mm256_set1_epi8(0x0F);
    __m256i low = _mm256_and_si256((__m256i)bits, lowNibbles);
    __m256i high = _mm256_and_si256(_mm256_srli_epi16((__m256i)bits, 4), lowNibbles);
    __m256i bytes = _mm256_add_epi8(_mm256_shuffle_epi8(nibbleCounts, low),
                                    _mm256_shuffle_epi8(nibbleCounts, high));
    sums += (Block)_mm256_sad_epu8(bytes, _mm256_setzero_si256());
  }
};
#endif
struct Portable {
  typedef uint64_t Block __attribute__((vector_size(16)));
  static void addPopcounts(Block& sums, const Block& bits) {
    for (int lane = 0; lane < 2; ++lane) sums[lane] += popcount(bits[lane]);
  }
};

// The bits below `bits` (0 to 64, clamped), as a mask.
inline uint64_t rangeBits(long bits) {
  return bits <= 0 ? 0 : bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

// Transposes a 64 x 64 matrix of bits in place: bit j of word i becomes bit
// i of word j. Each round swaps the blocks off the diagonal, of 32, then 16,
// ... then 1 bits a side, across it (Hacker's Delight, 7-3).
inline void transposeBits(uint64_t* words) {
  uint64_t mask = 0x00000000FFFFFFFF;
  for (int width = 32; width; width >>= 1, mask ^= mask << width) {
    for (int i = 0; i < 64; i = (i + width + 1) & ~width) {
      const uint64_t swap = ((words[i] >> width) ^ words[i + width]) & mask;
      words[i] ^= swap << width;
      words[i + width] ^= swap;
    }
  }
}

// One thread's count of the units it claims, inlined into the entry point
// compiled for the instruction set Isa.
template <class Isa>
class JoinCounter {
  using Block = typename Isa::Block;
  static constexpr int kLanes = sizeof(Block) / sizeof(uint64_t);
  static constexpr int kBlockBits = 64 * kLanes;
  static constexpr long kChunkBlocks = kJoinChunk / kBlockBits;

 public:
  JoinCounter(const JoinTables& tables, char* scratch, JoinTuning tuning)
      : t_(tables), tuning_(tuning) {
    assert(tuning.chunk <= kJoinChunk &&
           tuning.southGroup <= kSouthGroup);  // the space is for these
    // The work space, cut into its arrays, aligned to 64 bytes.
    char* at = scratch + (64 - reinterpret_cast<std::uintptr_t>(scratch) % 64) % 64;
    planes_ = reinterpret_cast<Block*>(at), at += kMostPlanes * kJoinChunk / 8;
    tables_ = reinterpret_cast<Block*>(at), at += patternBytes(t_.n()) * 256 * kJoinChunk / 8;
    products_ = reinterpret_cast<Block*>(at), at += (kSouthGroup + 1) * kJoinChunk / 8;
    patterns_ = reinterpret_cast<uint64_t*>(at), at += sizeof(uint64_t) * kJoinChunk;
    southDiagonals_ = reinterpret_cast<Diagonals*>(at);
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

 private:
  // Where the listing of one W's west halves of one class stands: the north
  // quarter's columns, and how many of their halves earlier chunks took.
  struct WestCursor {
    uint64_t northColumns;
    int foldClass;
    long taken = 0;
  };

  // The placements with west rows W, a chunk of west halves at a time: by
  // phi, those above phi(W), then those equal, from the next block.
  [[gnu::always_inline]] Count countUnit(Mask west, const Slice* slices, int sliceCount) {
    Count total = 0;
    const JoinFold fold = t_.foldOf(west);
    const uint64_t first = firstSubset(popcount(west & allColumns(t_.northRows())));
    WestCursor above{first, 1}, equal{first, 0};
    // Slices whose middle queens stand north, listed first, share south products.
    int shared = 0;
    while (shared < sliceCount && slices[shared].middleRow < t_.northRows()) ++shared;
    bool aboveLeft = true, equalLeft = fold.on;
    while (aboveLeft || equalLeft) {
      westReach_ = 0;
      const long aboveEnd = aboveLeft ? listWestHalves(west, fold, above, 0) : 0;
      aboveLeft = aboveEnd == tuning_.chunk;
      const long equalStart = (aboveEnd + kBlockBits - 1) / kBlockBits * kBlockBits;
      long listed = aboveEnd;
      if (!aboveLeft && equalLeft && equalStart < tuning_.chunk) {
        listed = listWestHalves(west, fold, equal, equalStart);
        equalLeft = listed == tuning_.chunk;
        if (listed == equalStart) listed = aboveEnd;  // none
      }
      if (listed == 0) break;
      halves_ += Count(aboveEnd + std::max(0L, listed - equalStart));
      buildPlanes(listed, aboveEnd, equalStart);
      equalBlock_ = listed > aboveEnd ? int(equalStart / kBlockBits) : blocks_;
      if (shared) total += countEastHalves(west, slices, shared, fold);
      for (int i = shared; i < sliceCount; ++i) total += countEastHalves(west, slices + i, 1, fold);
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

  // planes_[block][d]: bit i says west half kBlockBits * block + i avoids
  // diagonal d (bit d of the pattern); the last plane says the half exists.
  // Entry v of byte k's table: the AND of the last plane and those of v's
  // diagonals (8k to 8k + 7): the entry without v's lowest bit, ANDed with
  // its plane. A product is then the AND of an entry per byte (5 at 19x19).
  Block* entry(int k, int value) const { return tables_ + (256 * k + value) * blocks_; }
  // The planes come 64 halves at a time: their patterns, one word each, are
  // a 64 x 64 matrix of bits, and its transpose holds a word per diagonal.
  [[gnu::always_inline]] void buildPlanes(long listed, long gapStart, long gapEnd) {
    blocks_ = int((listed + kBlockBits - 1) / kBlockBits);
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

  // The AND of the entries of d's pattern bytes from `first`: the west halves
  // it fits, ANDed in registers. A south east quarter takes no sum below
  // north_: it starts at byte north_ / 8 (4 entries, not 5, at 19x19).
  // Diagonals no west half takes are left out: entry 0 is hot in cache.
  template <int kBlocks>
  [[gnu::always_inline]] void product(Diagonals d, int first, Block* out) const {
    const int blocks = kBlocks ? kBlocks : blocks_, count = bytes_ - first;
    const uint64_t pattern = (t_.pattern(d) & westReach_) >> 8 * first;
    if (kBlocks) {  // few blocks: AND straight into registers
      Block fits[kBlocks ? kBlocks : 1];
      for (int b = 0; b < kBlocks; ++b) fits[b] = entry(first, pattern & 255)[b];
      for (int k = 1; k < count; ++k)
        for (int b = 0; b < kBlocks; ++b) fits[b] &= entry(first + k, pattern >> 8 * k & 255)[b];
      for (int b = 0; b < kBlocks; ++b) out[b] = fits[b];
      return;
    }
    const Block* in[8] = {entry(first, pattern & 255)};
    for (int k = 1; k < count; ++k) in[k] = entry(first + k, pattern >> 8 * k & 255);
    for (int b = 0; b < blocks; ++b) {
      Block fits = in[0][b];
      for (int k = 1; k < count; ++k) fits &= in[k][b];
      out[b] = fits;
    }
  }

  [[gnu::always_inline]] Count countEastHalves(Mask west, const Slice* slices, int sliceCount,
                                               JoinFold fold) {
    // One and two blocks of one class, the common small sizes, unrolled; the
    // odd fold apart.
    const int blocks = equalBlock_ == blocks_ ? blocks_ : 0;
    if (t_.middleKey(0) == 0) return countEastHalvesIn<0, true>(west, slices, sliceCount, fold);
    return blocks == 1   ? countEastHalvesIn<1, false>(west, slices, sliceCount, fold)
           : blocks == 2 ? countEastHalvesIn<2, false>(west, slices, sliceCount, fold)
                         : countEastHalvesIn<0, false>(west, slices, sliceCount, fold);
  }

  // What the slices of one W need of the east side: a middle queen goes
  // into the products of its side's quarters.
  struct EastSlices {
    Diagonals northMiddles[kJoinMaxN], southMiddle;
    Mask northRows[kJoinMaxN], southRows;
    int lowestKey;  // the lowest odd-fold key a slice takes
  };
  [[gnu::always_inline]] void describeSlices(Mask west, const Slice* slices, int sliceCount,
                                             EastSlices& east) const {
    const int n = t_.n(), north = t_.northRows();
    const Mask others = allColumns(n) & ~west;
    east.southMiddle = Diagonals{};
    east.southRows = others >> t_.firstSouthRow();
    east.lowestKey = n;
    for (int i = 0; i < sliceCount; ++i) {
      const int row = slices[i].middleRow;
      const Mask middleRow = row >= 0 ? Mask{1} << row : 0;
      east.northMiddles[i] = Diagonals{};
      (row >= north ? east.southMiddle : east.northMiddles[i]) =
          row >= 0 ? diagonalsOf(n, row, t_.westColumns()) : Diagonals{};
      east.northRows[i] = others & allColumns(north) & ~middleRow;
      east.southRows &= ~(middleRow >> t_.firstSouthRow());
      east.lowestKey = std::min(east.lowestKey, t_.middleKey(row));
    }
  }

  // Where the walk over one north quarter's south quarters stands: the
  // group of south east quarters, and the middle row's columns still to try
  // (bit 32 alone: no queen of the middle row to place).
  struct SouthCursor {
    const QuarterTable::Entry *south = nullptr, *end = nullptr;
    uint64_t rowChoices;
    Diagonals middles;  // the south quarter's middle queens
    int key;            // the middle row queen's key
    bool left() const { return south != end || rowChoices; }
  };

  // Fills the next group of south quarters that the middle queens allow,
  // with each one's product; returns how many.
  template <int kBlocks>
  [[gnu::always_inline]] int fillSouthGroup(const EastSlices& east, Mask northColumns,
                                            SouthCursor& at) {
    const int n = t_.n(), north = t_.northRows(), firstEast = n - t_.eastColumns();
    const QuarterTable& southEast = t_.quarter(true, true);
    const Mask columns = allColumns(t_.eastColumns());
    int group = 0;
    while (group < tuning_.southGroup && at.left()) {
      if (at.south == at.end) {  // the middle row's next column
        const int column = __builtin_ctzll(at.rowChoices);
        const Mask taken = Mask(at.rowChoices & (0 - at.rowChoices)), left = columns ^ taken;
        at.rowChoices &= at.rowChoices - 1;
        at.south = southEast.begin(east.southRows, left ^ northColumns);
        at.end = southEast.end(east.southRows, left ^ northColumns);
        const Diagonals queen = taken ? diagonalsOf(n, north, firstEast + column) : Diagonals{};
        if (queen.meets(east.southMiddle)) at.south = at.end;
        at.middles = east.southMiddle.with(queen);
        if (taken) at.key = t_.middleKey(firstEast + column);
        continue;
      }
      for (; at.south != at.end && group < tuning_.southGroup; ++at.south) {
        Diagonals bottom = southEast.diagonals(*at.south);
        if (bottom.meets(at.middles)) continue;
        southDiagonals_[group] = bottom = bottom.with(at.middles);
        southKeys_[group] = at.key;
        product<kBlocks>(bottom, north / 8, products_ + group * kChunkBlocks);
        ++group;
      }
    }
    return group;
  }

  // The pairs of one slice's north quarters (norths to northEnd) with the
  // group's south quarters and the chunk's west halves: south quarters of
  // keys above the slice's count twice, equal once; `weight` weighs the
  // pairs above phi(W).
  template <int kBlocks, bool kOddFold>
  [[gnu::always_inline]] Count countSlicePairs(const QuarterTable::Entry* norths,
                                               const QuarterTable::Entry* northEnd,
                                               Diagonals northMiddles, int own, int group,
                                               int weight) {
    const int blocks = kBlocks ? kBlocks : blocks_;
    const QuarterTable& northEast = t_.quarter(false, true);
    Block* northProduct = products_ + kSouthGroup * kChunkBlocks;
    int twice = kOddFold ? 0 : group, end = 0;
    while (twice < group && southKeys_[twice] > own) ++twice;
    for (end = twice; end < group && southKeys_[end] == own;) ++end;
    if (end == 0) return 0;
    Block sums = {}, equalSums = {};  // over the pairs above, and equal
    for (const auto* entry = norths; entry != northEnd; ++entry) {
      Diagonals top = northEast.diagonals(*entry);
      if (top.meets(northMiddles)) continue;
      top = top.with(northMiddles);
      product<kBlocks>(top, 0, northProduct);
      // About half the south quarters fit, so a branch would often guess
      // wrong: with one or two blocks a clash masks the pair to zero; with
      // more, those that fit are listed first.
      if (kBlocks) {
        for (int j = 0; j < group; ++j) {
          const uint64_t fit = uint64_t(top.meets(southDiagonals_[j])) - 1;
          for (int b = 0; b < blocks; ++b)
            Isa::addPopcounts(sums, northProduct[b] & products_[j * kChunkBlocks + b] & fit);
        }
        continue;
      }
      int fitting = 0;
      for (int j = 0; j < end; ++j) {
        fits_[fitting] = j;
        fitting += !top.meets(southDiagonals_[j]);
      }
      for (int k = 0; k < fitting; ++k) {
        const Block* south = products_ + fits_[k] * kChunkBlocks;
        const int split = !kOddFold || fits_[k] < twice ? equalBlock_ : 0;
        for (int b = 0; b < split; ++b) Isa::addPopcounts(sums, northProduct[b] & south[b]);
        for (int b = split; b < blocks; ++b)
          Isa::addPopcounts(equalSums, northProduct[b] & south[b]);
      }
    }
    uint64_t above = 0, equal = 0;
    for (int lane = 0; lane < kLanes; ++lane) above += sums[lane], equal += equalSums[lane];
    return Count(weight) * above + equal;
  }

  // The pairs of this chunk's west halves with the east halves of the other
  // rows (and middle queens) that share no diagonal, weighted by the fold: 2
  // when both sides are above, 1 when one is equal, none when the east side
  // is below. The slices share their south rows.
  template <int kBlocks, bool kOddFold>
  [[gnu::always_inline]] Count countEastHalvesIn(Mask west, const Slice* slices, int sliceCount,
                                                 JoinFold fold) {
    const int n = t_.n(), north = t_.northRows();
    const QuarterTable& northEast = t_.quarter(false, true);
    const Mask columns = allColumns(t_.eastColumns());
    EastSlices east;
    describeSlices(west, slices, sliceCount, east);
    // The middle row apart, not the middle column's: its queen goes into the
    // south products, on each column with a key some slice takes, west to
    // east, so with falling keys.
    const bool rowQueen = t_.rowApart() && slices[0].middleRow != north;
    const int firstEast = n - t_.eastColumns();
    const Mask rowColumns = t_.middleRowColumns() & allColumns(n - firstEast - east.lowestKey);
    Count total = 0;
    for (uint64_t northColumns = firstSubset(popcount(east.northRows[0])); northColumns <= columns;
         northColumns = nextSubset(northColumns)) {
      const int eastClass = t_.eastClass(fold, Mask(northColumns));
      if (eastClass < 0) continue;
      const int weight = (fold.on && eastClass > 0) || kOddFold ? 2 : 1;  // of pairs above
      const QuarterTable::Entry *norths[kJoinMaxN], *northEnds[kJoinMaxN];
      bool northern = false;  // whether some slice has north quarters here
      for (int i = 0; i < sliceCount; ++i) {
        norths[i] = northEast.begin(east.northRows[i], Mask(northColumns));
        northEnds[i] = northEast.end(east.northRows[i], Mask(northColumns));
        northern = northern || norths[i] != northEnds[i];
      }
      SouthCursor at;
      at.rowChoices = rowQueen ? (columns ^ northColumns) & rowColumns : uint64_t{1} << 32;
      at.key = n / 2;
      while (northern && at.left()) {
        const int group = fillSouthGroup<kBlocks>(east, Mask(northColumns), at);
        for (int i = 0; i < sliceCount; ++i)
          total += Count(slices[i].weight) * countSlicePairs<kBlocks, kOddFold>(
                                                 norths[i], northEnds[i], east.northMiddles[i],
                                                 t_.middleKey(slices[i].middleRow), group, weight);
      }
    }
    return total;
  }

  const JoinTables& t_;
  const JoinTuning tuning_;
  Block *planes_, *tables_, *products_;
  uint64_t* patterns_;
  Diagonals* southDiagonals_;
  int southKeys_[kSouthGroup];
  int fits_[kSouthGroup];  // the south quarters a north quarter fits
  int planeCount_, bytes_, blocks_ = 0;
  int equalBlock_ = 0;  // the first block of halves equal to phi(W)
  uint64_t westReach_;  // the diagonals some west half of the chunk takes
  Count halves_ = 0;    // west halves listed, for --stats
};

}  // namespace queens
