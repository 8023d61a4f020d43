// ===== The join: a chunk's planes and products ============================
// A chunk of west halves as bits: a plane per diagonal, tables of their
// ANDs, and the product of an east quarter, the west halves it fits
// (join_tables.hpp explains the join; join_blocks.hpp why the namespace).
#pragma once

#include <algorithm>
#include <cstdint>

#include "engines/join/join_blocks.hpp"

namespace queens {
namespace {

// How one chunk of west halves stands, once its planes are built: what the
// products and the pairs read of it.
struct Chunk {
  int blocks = 0;          // of the planes
  int segments = 0;        // of segmentBits halves each
  int equalBlock = 0;      // the first block of halves equal to phi(W)
  int equalSegment = 0;    // and the first such segment (sparse)
  bool sparse = false;     // counted by segments, sorted (kSparseHalves)
  uint64_t westReach = 0;  // the diagonals some west half takes
};

// The planes and tables of the chunk now, in a thread's work space.
template <class Isa>
class WestPlanes {
 public:
  using Block = typename Isa::Block;
  static constexpr int kLanes = sizeof(Block) / sizeof(uint64_t);
  static constexpr int kBlockBits = 64 * kLanes;
  // kSparse, a template parameter: 0 counts a chunk dense; 1 or 2 sparse,
  // with segments of 512 or 1024 halves (segmentBits), whole blocks.
  static constexpr int kUnitBlocks = 512 / kBlockBits;
  static_assert(512 % kBlockBits == 0, "a segment is whole blocks");

  // Takes its arrays from the work space at `at`, moved past them.
  WestPlanes(const JoinTables& tables, long chunkHalves, int segmentBits, char*& at)
      : t_(tables), segmentBits_(segmentBits) {
    planeCount_ = 2 * t_.n() - 1;
    bytes_ = patternBytes(t_.n());
    planes_ = reinterpret_cast<Block*>(at);
    at += kMostPlanes * chunkHalves / 8;
    tables_ = reinterpret_cast<Block*>(at);
    at += bytes_ * 256 * chunkHalves / 8;
  }

  int segmentBits() const { return segmentBits_; }

  // planes_[block][d]: bit i says west half kBlockBits * block + i avoids
  // diagonal d (bit d of the pattern); the last plane says the half exists.
  // Entry v of byte k's table: the AND of the last plane and those of v's
  // diagonals (8k to 8k + 7): the entry without v's lowest bit, ANDed with
  // its plane. A product is then the AND of an entry per byte (5 at 19x19).
  // The halves from gapStart up to gapEnd are none (between the classes).
  Chunk build(Chunk chunk, const uint64_t* patterns, long listed, long gapStart, long gapEnd) {
    chunk.segments = int((listed + segmentBits_ - 1) / segmentBits_);
    if (chunk.sparse) markSegments(patterns, chunk.segments, listed, gapStart, gapEnd);
    // Sparse: whole segments (the last one's tail holds no half).
    chunk.blocks = chunk.sparse ? chunk.segments * segmentBits_ / kBlockBits
                                : int((listed + kBlockBits - 1) / kBlockBits);
    for (long word = 0; word < chunk.blocks * kLanes; ++word)
      buildWord(patterns, word, listed, gapStart, gapEnd);
    const int validPlane = planeCount_ - 1;
    for (int k = 0; k < bytes_; ++k) {
      for (int b = 0; b < chunk.blocks; ++b)
        entry(chunk.blocks, k, 0)[b] = planes_[b * planeCount_ + validPlane];
      for (int v = 1; v < 1 << std::min(8, validPlane - 8 * k); ++v)
        for (int b = 0; b < chunk.blocks; ++b)
          entry(chunk.blocks, k, v)[b] = entry(chunk.blocks, k, v & (v - 1))[b] &
                                         planes_[b * planeCount_ + 8 * k + __builtin_ctz(v)];
    }
    return chunk;
  }

  // The AND of the entries of d's pattern bytes, from its first byte with a
  // diagonal to its last (each entry holds the last plane, so a pattern of
  // none takes entry 0 alone): the west halves it fits, ANDed in registers.
  // An east quarter's diagonals stand together (JoinTables::pattern): 4
  // entries, not 5, at 19x19. Diagonals no west half takes are left out.
  // Sparse, it writes only the segments where it may have halves, and
  // returns those where it has some.
  template <int kBlocks, int kSparse>
  uint64_t product(const Chunk& chunk, Diagonals d, Block* out) const {
    const uint64_t wide = t_.pattern(d) & chunk.westReach;
    const int first = wide ? __builtin_ctzll(wide) / 8 : 0;
    const int count = wide ? (63 - __builtin_clzll(wide)) / 8 + 1 - first : 1;
    const uint64_t pattern = wide >> 8 * first;
    if (kBlocks) {  // few blocks: AND straight into registers
      Block fits[kBlocks ? kBlocks : 1];
      for (int b = 0; b < kBlocks; ++b) fits[b] = entry(chunk.blocks, first, pattern & 255)[b];
      for (int k = 1; k < count; ++k)
        for (int b = 0; b < kBlocks; ++b)
          fits[b] &= entry(chunk.blocks, first + k, pattern >> 8 * k & 255)[b];
      for (int b = 0; b < kBlocks; ++b) out[b] = fits[b];
      return ~uint64_t{0};
    }
    const Block* in[kMostEntries] = {entry(chunk.blocks, first, pattern & 255)};
    for (int k = 1; k < count; ++k) in[k] = entry(chunk.blocks, first + k, pattern >> 8 * k & 255);
    return andEntries<kSparse>(chunk, count, in, out, wide);
  }

 private:
  // Entry v of byte k's table, in a chunk of `blocks` blocks.
  Block* entry(int blocks, int k, int value) const { return tables_ + (256 * k + value) * blocks; }

  // segmentMust_[s]: the diagonals every west half of segment s takes (all
  // when it has none). A pattern that meets them fits none of its halves.
  void markSegments(const uint64_t* patterns, int segments, long listed, long gapStart,
                    long gapEnd) {
    for (int s = 0; s < segments; ++s) {
      uint64_t must = ~uint64_t{0};
      for (long i = s * long{segmentBits_}; i < std::min(listed, (s + 1L) * segmentBits_); ++i)
        if (i < gapStart || i >= gapEnd) must &= patterns[i];
      segmentMust_[s] = must;
    }
  }

  // One word of each plane, 64 halves: their patterns, one word each, are a
  // 64 x 64 matrix of bits, and its transpose holds a word per diagonal.
  void buildWord(const uint64_t* patterns, long word, long listed, long gapStart, long gapEnd) {
    const long first = 64 * word;
    const int validPlane = planeCount_ - 1;
    // The halves listed, but none in the gap from gapStart up to gapEnd.
    const uint64_t valid =
        rangeBits(listed - first) & ~(rangeBits(gapStart - first) ^ rangeBits(gapEnd - first));
    Block* planes = planes_ + word / kLanes * planeCount_;
    const int lane = int(word % kLanes);
    planes[validPlane][lane] = valid;
    if (popcount(valid) < 16) {  // few halves (small chunks): a bit each, cheaper
      for (int d = 0; d < validPlane; ++d) planes[d][lane] = ~uint64_t{0};
      for (uint64_t v = valid; v; v &= v - 1)
        for (uint64_t p = patterns[first + __builtin_ctzll(v)]; p; p &= p - 1)
          planes[__builtin_ctzll(p)][lane] &= ~(v & (0 - v));
      return;
    }
    uint64_t diagonals[64];
    for (int i = 0; i < 64; ++i) diagonals[i] = valid >> i & 1 ? patterns[first + i] : 0;
    // diagonals[d]: bit i says half first + i takes d
    validPlane <= 32 ? transposeLowBits(diagonals) : transposeBits(diagonals);
    for (int d = 0; d < validPlane; ++d) planes[d][lane] = ~diagonals[d];
  }

  // Transposes a 64 x 64 matrix of bits in place: bit j of word i becomes
  // bit i of word j. Each round swaps the blocks off the diagonal, of 32,
  // then 16, ... then 1 bits a side, across it (Hacker's Delight, 7-3). Out
  // of line: flattened into the counter (join_counter.hpp), g++ compiled
  // its loops worse (W3 15x15: 1.6% more instructions); it runs once per 64
  // halves.
  [[gnu::noinline]] static void transposeBits(uint64_t* words) {
    swapRounds<64, 32>(words, 0x00000000FFFFFFFF);
  }

  // The same for the low 32 bits of each word, where the patterns take at
  // most 32 diagonals (boards up to 17x17): words i and i + 32 packed side
  // by side, one 32 x 32 transpose moves both halves, 5 rounds of 16 swaps
  // where the whole takes 6 of 32 (bench/README.md). Words 0-31 hold the
  // result.
  [[gnu::noinline]] static void transposeLowBits(uint64_t* words) {
    for (int i = 0; i < 32; ++i) words[i] = (words[i] & 0xFFFFFFFF) | words[i + 32] << 32;
    swapRounds<32, 16>(words, 0x0000FFFF0000FFFF);
  }

  // The rounds of a transpose of kWords words, from blocks kWidth bits a
  // side down to 1; `mask` picks the first round's low blocks.
  template <int kWords, int kWidth>
  static void swapRounds(uint64_t* words, uint64_t mask) {
    for (int width = kWidth; width; width >>= 1, mask ^= mask << width) {
      for (int i = 0; i < kWords; i = (i + width + 1) & ~width) {
        const uint64_t swap = ((words[i] >> width) ^ words[i + width]) & mask;
        words[i] ^= swap << width;
        words[i + width] ^= swap;
      }
    }
  }

  // The AND of `count` entries (at most kMostEntries), with the count a
  // constant: the loop over the entries unrolled, their pointers held in
  // registers (19x19 on AVX2: 0.9 of the time). Sparse, only the segments
  // where the pattern `wide` may have halves.
  static constexpr int kMostEntries = (2 * kJoinMaxN - 2 + 7) / 8;
  template <int kSparse, int kCount = 1>
  uint64_t andEntries(const Chunk& chunk, int count, const Block* const* entries, Block* out,
                      uint64_t wide) const {
    if constexpr (kCount < kMostEntries)
      if (count > kCount) return andEntries<kSparse, kCount + 1>(chunk, count, entries, out, wide);
    constexpr int kSegmentBlocks = kSparse * kUnitBlocks;
    const Block* in[kCount];
    std::copy(entries, entries + kCount, in);
    if (!kSparse) {
      for (int b = 0; b < chunk.blocks; ++b) {
        Block fits = in[0][b];
        QUEENS_UNROLL for (int k = 1; k < kCount; ++k) fits &= in[k][b];
        out[b] = fits;
      }
      return ~uint64_t{0};
    }
    uint64_t nonzero = 0;  // the segments where it may have halves, then where it has
    for (uint64_t live = Isa::disjoint(segmentMust_, chunk.segments, wide); live;
         live &= live - 1) {
      const int segment = __builtin_ctzll(live), begin = segment * kSegmentBlocks;
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

  const JoinTables& t_;
  int segmentBits_;  // a segment's halves
  int planeCount_, bytes_;
  Block *planes_, *tables_;
  alignas(64) uint64_t segmentMust_[kMostSegments];
};

}  // namespace
}  // namespace queens
