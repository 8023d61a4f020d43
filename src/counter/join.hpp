// ===== The join: its entry point ==========================================
// Counts a board with its tables on the widest instruction set the CPU
// allows, or the one the fuzzer asks for.
#pragma once

#include "join_counter.hpp"

namespace queens {

#ifdef QUEENS_X86
QUEENS_AVX512 Count countJoinAvx512(const JoinTables& tables, Job& job, char* scratch,
                                    JoinTuning tuning) {
  return JoinCounter<Avx512>(tables, scratch, tuning).count(job);
}
QUEENS_AVX2 Count countJoinAvx2(const JoinTables& tables, Job& job, char* scratch,
                                JoinTuning tuning) {
  return JoinCounter<Avx2>(tables, scratch, tuning).count(job);
}
#endif

// Counts the board with its tables on an instruction set (the fuzzer tries each).
inline Count countJoining(const JoinTables& tables, Job& job, JoinIsa isa, JoinTuning tuning = {}) {
  char* scratch = tables.scratchFor(job.worker);
#ifdef QUEENS_X86
  if (isa == JoinIsa::kAvx512) return countJoinAvx512(tables, job, scratch, tuning);
  if (isa == JoinIsa::kAvx2) return countJoinAvx2(tables, job, scratch, tuning);
#endif
  return JoinCounter<Portable>(tables, scratch, tuning).count(job);
}

}  // namespace queens
