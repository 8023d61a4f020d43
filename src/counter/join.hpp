// ===== The join: its entry point ==========================================
// Counts a board with its tables on the widest instruction set the CPU
// allows, or the one the fuzzer or tests/join_tunings asks for.
#pragma once

#include "join_counter.hpp"

namespace queens {

// The kinds of chunk in the table a JoinCounter takes: each the function
// Kind<...>::count, compiled for the counter's instruction set.
template <class Isa, template <int, int, bool> class Kind>
constexpr typename JoinCounter<Isa>::KindCounts kKindCounts = {
    {Kind<1, 0, false>::count, Kind<2, 0, false>::count},
    {{Kind<0, 0, false>::count, Kind<0, 0, true>::count},
     {Kind<0, 1, false>::count, Kind<0, 1, true>::count},
     {Kind<0, 2, false>::count, Kind<0, 2, true>::count}}};

// Each instruction set's count, and its counts of each kind of chunk apart.
#ifdef QUEENS_X86
template <int kBlocks, int kSparse, bool kOddFold>
struct KindAvx512 {
  QUEENS_AVX512 [[gnu::noinline]] static Count count(JoinCounter<Avx512>& counter, Mask west,
                                                     const Slice* slices, int sliceCount,
                                                     JoinFold fold) {
    return counter.countKind<kBlocks, kSparse, kOddFold>(west, slices, sliceCount, fold);
  }
};
QUEENS_AVX512 Count countJoinAvx512(const JoinTables& tables, Job& job, char* scratch,
                                    JoinTuning tuning) {
  return JoinCounter<Avx512>(tables, scratch, tuning, kKindCounts<Avx512, KindAvx512>).count(job);
}
template <int kBlocks, int kSparse, bool kOddFold>
struct KindAvx2 {
  QUEENS_AVX2 [[gnu::noinline]] static Count count(JoinCounter<Avx2>& counter, Mask west,
                                                   const Slice* slices, int sliceCount,
                                                   JoinFold fold) {
    return counter.countKind<kBlocks, kSparse, kOddFold>(west, slices, sliceCount, fold);
  }
};
QUEENS_AVX2 Count countJoinAvx2(const JoinTables& tables, Job& job, char* scratch,
                                JoinTuning tuning) {
  return JoinCounter<Avx2>(tables, scratch, tuning, kKindCounts<Avx2, KindAvx2>).count(job);
}
#endif
template <int kBlocks, int kSparse, bool kOddFold>
struct KindPortable {
  [[gnu::noinline]] static Count count(JoinCounter<Portable>& counter, Mask west,
                                       const Slice* slices, int sliceCount, JoinFold fold) {
    return counter.countKind<kBlocks, kSparse, kOddFold>(west, slices, sliceCount, fold);
  }
};

// Counts the board with its tables on an instruction set (the fuzzer tries each).
inline Count countJoining(const JoinTables& tables, Job& job, JoinIsa isa, JoinTuning tuning = {}) {
  char* scratch = tables.scratchFor(job.worker);
  if (tuning.chunk == 0) tuning.chunk = tables.chunk();
#ifdef QUEENS_X86
  if (isa == JoinIsa::kAvx512) return countJoinAvx512(tables, job, scratch, tuning);
  if (isa == JoinIsa::kAvx2) return countJoinAvx2(tables, job, scratch, tuning);
#endif
  return JoinCounter<Portable>(tables, scratch, tuning, kKindCounts<Portable, KindPortable>)
      .count(job);
}

}  // namespace queens
