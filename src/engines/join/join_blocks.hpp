// ===== The join: its blocks of bits ======================================
// What the join's counter does to blocks of 128, 256 or 512 bits, one
// struct per instruction set (join_counter.hpp), and a helper on words.
//
// The join's counter (this file, join_order.hpp to join_counter.hpp) is
// included by join_isa.cpp alone, which is compiled once per instruction
// set. Its code stands in an unnamed namespace, so that each compile keeps
// its own copy: were one a shared inline function, the linker could keep
// the copy compiled for AVX-512 and run it on every CPU.
// tests/join_isa_apart.sh checks the program for such code.
#pragma once

#include <cstdint>

#include "engines/cpu.hpp"
#include "engines/join/join_tables.hpp"
#include "work/wide.hpp"

namespace queens {
namespace {

// The bits below `bits` (0 to 64, clamped), as a mask.
inline uint64_t rangeBits(long bits) {
  return bits <= 0 ? 0 : bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

// A loop of a few steps, known when compiling, unrolled: g++ -O2 leaves
// such loops rolled, and then reloads the entries' pointers from the stack
// at every step, and counts a segment's pairs a block after another.
// clang unrolls them: its build took 0.87 of g++'s time on a 22x22 share,
// and g++'s with these 0.86 to 0.94 (AVX2, bench/README.md).
// Sanitized builds (QUEENS_ROLLED) leave them rolled: they compile faster.
#ifdef QUEENS_ROLLED
#define QUEENS_UNROLL
#else
#define QUEENS_UNROLL _Pragma("GCC unroll 8")
#endif

// The pair count's instructions: blocks of 512 bits with AVX-512, 256 with
// AVX2, else 128. join_isa.cpp is compiled once per instruction set, each
// time with that set's flags (src/CMakeLists.txt), and each struct exists
// where its flags are on. The program around it is plain x86-64, and asks
// the CPU (join.hpp).
#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
struct Avx512 {
  typedef uint64_t Block __attribute__((vector_size(64)));
  static void addPopcounts(Block& sums, const Block& bits) {
    sums += (Block)_mm512_popcnt_epi64((__m512i)bits);
  }
  static void addPopcountsOfAnd(Block& sums, const Block* a, const Block* b, int begin, int end) {
    for (int i = begin; i < end; ++i) addPopcounts(sums, a[i] & b[i]);
  }
  template <int kCount>
  static void addPopcountsOfAnds(Block& sums, const Block* a, const Block* b) {
    QUEENS_UNROLL for (int i = 0; i < kCount; ++i) addPopcounts(sums, a[i] & b[i]);
  }
  static bool isZero(const Block& bits) {
    return _mm512_test_epi64_mask((__m512i)bits, (__m512i)bits) == 0;
  }
  // Bit i: words[i] and `pattern` share no bit (i below count; 64 words
  // aligned to 64 bytes are read).
  static uint64_t disjoint(const uint64_t* words, int count, uint64_t pattern) {
    const __m512i broadcast = _mm512_set1_epi64(int64_t(pattern));
    uint64_t none = 0;
    for (int i = 0; i < count; i += 8)
      none |= uint64_t(_mm512_testn_epi64_mask(_mm512_load_si512(words + i), broadcast)) << i;
    return none & rangeBits(count);
  }
};
#endif
#if defined(__AVX2__)
struct Avx2 {
  typedef uint64_t Block __attribute__((vector_size(32)));
  // Mula's method: vpshufb looks up each nibble's bit count, giving each
  // byte's (at most 8); vpsadbw sums each lane's bytes.
  static __m256i byteCounts(const Block& bits) {
    const __m256i nibbleCounts =
        _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,  //
                         0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i lowNibbles = _mm256_set1_epi8(0x0F);
    __m256i low = _mm256_and_si256((__m256i)bits, lowNibbles);
    __m256i high = _mm256_and_si256(_mm256_srli_epi16((__m256i)bits, 4), lowNibbles);
    return _mm256_add_epi8(_mm256_shuffle_epi8(nibbleCounts, low),
                           _mm256_shuffle_epi8(nibbleCounts, high));
  }
  static void addPopcounts(Block& sums, const Block& bits) {
    sums += (Block)_mm256_sad_epu8(byteCounts(bits), _mm256_setzero_si256());
  }
  // The byte counts of up to 31 blocks add up (to at most 248) before one
  // vpsadbw (19x19 on AVX2: 0.96 of the time).
  static void addPopcountsOfAnd(Block& sums, const Block* a, const Block* b, int begin, int end) {
    while (begin < end) {
      const int stop = end - begin > 31 ? begin + 31 : end;
      __m256i bytes = _mm256_setzero_si256();
      for (; begin < stop; ++begin) bytes = _mm256_add_epi8(bytes, byteCounts(a[begin] & b[begin]));
      sums += (Block)_mm256_sad_epu8(bytes, _mm256_setzero_si256());
    }
  }
  // The same over a segment's kCount blocks, a number known when compiling,
  // unrolled: one vpsadbw a segment, not one a block (a 20x20 share's
  // sparse pairs: 0.97 of the instructions).
  template <int kCount>
  static void addPopcountsOfAnds(Block& sums, const Block* a, const Block* b) {
    static_assert(kCount <= 31, "a byte holds the counts of 31 blocks");
    __m256i bytes = byteCounts(a[0] & b[0]);
    QUEENS_UNROLL for (int i = 1; i < kCount; ++i) {
      bytes = _mm256_add_epi8(bytes, byteCounts(a[i] & b[i]));
    }
    sums += (Block)_mm256_sad_epu8(bytes, _mm256_setzero_si256());
  }
  static bool isZero(const Block& bits) { return _mm256_testz_si256((__m256i)bits, (__m256i)bits); }
  static uint64_t disjoint(const uint64_t* words, int count, uint64_t pattern) {
    const __m256i broadcast = _mm256_set1_epi64x(int64_t(pattern));
    uint64_t none = 0;
    for (int i = 0; i < count; i += 4) {
      const __m256i both =
          _mm256_and_si256(_mm256_load_si256((const __m256i*)(words + i)), broadcast);
      const __m256i zero = _mm256_cmpeq_epi64(both, _mm256_setzero_si256());
      none |= uint64_t(_mm256_movemask_pd(_mm256_castsi256_pd(zero))) << i;
    }
    return none & rangeBits(count);
  }
};
#endif
struct Portable {
  typedef uint64_t Block __attribute__((vector_size(16)));
  static void addPopcounts(Block& sums, const Block& bits) {
    for (int lane = 0; lane < 2; ++lane) sums[lane] += popcount(bits[lane]);
  }
  static void addPopcountsOfAnd(Block& sums, const Block* a, const Block* b, int begin, int end) {
    for (int i = begin; i < end; ++i) addPopcounts(sums, a[i] & b[i]);
  }
  template <int kCount>
  static void addPopcountsOfAnds(Block& sums, const Block* a, const Block* b) {
    QUEENS_UNROLL for (int i = 0; i < kCount; ++i) addPopcounts(sums, a[i] & b[i]);
  }
  static bool isZero(const Block& bits) { return (bits[0] | bits[1]) == 0; }
  static uint64_t disjoint(const uint64_t* words, int count, uint64_t pattern) {
    uint64_t none = 0;
    for (int i = 0; i < count; ++i) none |= uint64_t((words[i] & pattern) == 0) << i;
    return none;
  }
};

// The blocks of an instruction set, where this compile has its flags.
template <JoinIsa kIsa>
struct BlocksOf;
#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
template <>
struct BlocksOf<JoinIsa::kAvx512> {
  using Type = Avx512;
};
#endif
#if defined(__AVX2__)
template <>
struct BlocksOf<JoinIsa::kAvx2> {
  using Type = Avx2;
};
#endif
template <>
struct BlocksOf<JoinIsa::kPortable> {
  using Type = Portable;
};

}  // namespace
}  // namespace queens
