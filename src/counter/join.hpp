// ===== The join: its entry point ==========================================
// Counts a board with its tables on the widest instruction set the CPU
// allows, or the one the fuzzer or tests/join_tunings asks for.
#pragma once

#include "join_counter.hpp"

namespace queens {

// Each instruction set's count, and its counts of each kind of chunk apart.
#ifdef QUEENS_X86
template <int kBlocks, int kSparse, bool kOddFold>
QUEENS_AVX512 [[gnu::noinline]] Count countKindAvx512(JoinCounter<Avx512>& counter, Mask west,
                                                      const Slice* slices, int count,
                                                      JoinFold fold) {
  return counter.countKind<kBlocks, kSparse, kOddFold>(west, slices, count, fold);
}
QUEENS_AVX512 Count countJoinAvx512(const JoinTables& tables, Job& job, char* scratch,
                                    JoinTuning tuning) {
  static constexpr JoinCounter<Avx512>::KindCounts kinds = {
      {countKindAvx512<1, 0, false>, countKindAvx512<2, 0, false>},
      {{countKindAvx512<0, 0, false>, countKindAvx512<0, 0, true>},
       {countKindAvx512<0, 1, false>, countKindAvx512<0, 1, true>},
       {countKindAvx512<0, 2, false>, countKindAvx512<0, 2, true>}}};
  return JoinCounter<Avx512>(tables, scratch, tuning, kinds).count(job);
}
template <int kBlocks, int kSparse, bool kOddFold>
QUEENS_AVX2 [[gnu::noinline]] Count countKindAvx2(JoinCounter<Avx2>& counter, Mask west,
                                                  const Slice* slices, int count, JoinFold fold) {
  return counter.countKind<kBlocks, kSparse, kOddFold>(west, slices, count, fold);
}
QUEENS_AVX2 Count countJoinAvx2(const JoinTables& tables, Job& job, char* scratch,
                                JoinTuning tuning) {
  static constexpr JoinCounter<Avx2>::KindCounts kinds = {
      {countKindAvx2<1, 0, false>, countKindAvx2<2, 0, false>},
      {{countKindAvx2<0, 0, false>, countKindAvx2<0, 0, true>},
       {countKindAvx2<0, 1, false>, countKindAvx2<0, 1, true>},
       {countKindAvx2<0, 2, false>, countKindAvx2<0, 2, true>}}};
  return JoinCounter<Avx2>(tables, scratch, tuning, kinds).count(job);
}
#endif
template <int kBlocks, int kSparse, bool kOddFold>
[[gnu::noinline]] Count countKindPortable(JoinCounter<Portable>& counter, Mask west,
                                          const Slice* slices, int count, JoinFold fold) {
  return counter.countKind<kBlocks, kSparse, kOddFold>(west, slices, count, fold);
}
inline Count countJoinPortable(const JoinTables& tables, Job& job, char* scratch,
                               JoinTuning tuning) {
  static constexpr JoinCounter<Portable>::KindCounts kinds = {
      {countKindPortable<1, 0, false>, countKindPortable<2, 0, false>},
      {{countKindPortable<0, 0, false>, countKindPortable<0, 0, true>},
       {countKindPortable<0, 1, false>, countKindPortable<0, 1, true>},
       {countKindPortable<0, 2, false>, countKindPortable<0, 2, true>}}};
  return JoinCounter<Portable>(tables, scratch, tuning, kinds).count(job);
}

// Counts the board with its tables on an instruction set (the fuzzer tries each).
inline Count countJoining(const JoinTables& tables, Job& job, JoinIsa isa, JoinTuning tuning = {}) {
  char* scratch = tables.scratchFor(job.worker);
  if (tuning.chunk == 0) tuning.chunk = tables.chunk();
#ifdef QUEENS_X86
  if (isa == JoinIsa::kAvx512) return countJoinAvx512(tables, job, scratch, tuning);
  if (isa == JoinIsa::kAvx2) return countJoinAvx2(tables, job, scratch, tuning);
#endif
  return countJoinPortable(tables, job, scratch, tuning);
}

}  // namespace queens
