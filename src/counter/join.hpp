// ===== The join: its entry point ==========================================
// Counts a board with its tables on the widest instruction set the CPU
// allows, or the one the fuzzer or tests/join_tunings asks for.
#pragma once

#include "join_counter.hpp"

namespace queens {

// Each instruction set's count, and its count of sparse chunks apart.
#ifdef QUEENS_X86
QUEENS_AVX512 [[gnu::noinline]] Count countSparseAvx512(JoinCounter<Avx512>& counter, Mask west,
                                                        const Slice* slices, int count,
                                                        JoinFold fold) {
  return counter.countSparse(west, slices, count, fold);
}
QUEENS_AVX512 Count countJoinAvx512(const JoinTables& tables, Job& job, char* scratch,
                                    JoinTuning tuning) {
  return JoinCounter<Avx512>(tables, scratch, tuning, countSparseAvx512).count(job);
}
QUEENS_AVX2 [[gnu::noinline]] Count countSparseAvx2(JoinCounter<Avx2>& counter, Mask west,
                                                    const Slice* slices, int count, JoinFold fold) {
  return counter.countSparse(west, slices, count, fold);
}
QUEENS_AVX2 Count countJoinAvx2(const JoinTables& tables, Job& job, char* scratch,
                                JoinTuning tuning) {
  return JoinCounter<Avx2>(tables, scratch, tuning, countSparseAvx2).count(job);
}
#endif
[[gnu::noinline]] inline Count countSparsePortable(JoinCounter<Portable>& counter, Mask west,
                                                   const Slice* slices, int count, JoinFold fold) {
  return counter.countSparse(west, slices, count, fold);
}

// Counts the board with its tables on an instruction set (the fuzzer tries each).
inline Count countJoining(const JoinTables& tables, Job& job, JoinIsa isa, JoinTuning tuning = {}) {
  char* scratch = tables.scratchFor(job.worker);
#ifdef QUEENS_X86
  if (isa == JoinIsa::kAvx512) return countJoinAvx512(tables, job, scratch, tuning);
  if (isa == JoinIsa::kAvx2) return countJoinAvx2(tables, job, scratch, tuning);
#endif
  return JoinCounter<Portable>(tables, scratch, tuning, countSparsePortable).count(job);
}

}  // namespace queens
