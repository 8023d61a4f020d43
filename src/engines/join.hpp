// ===== The join: its entry point ==========================================
// Counts a board with its tables on the widest instruction set the CPU
// allows, or the one the fuzzer or tests/join_tunings asks for. Each
// instruction set's counter is compiled in a file of its own
// (join_portable.cpp, join_avx2.cpp, join_avx512.cpp): the three compile
// side by side, and once for every program that links them.
#pragma once

#include "engines/join_tables.hpp"
#include "work/units.hpp"

namespace queens {

// Each instruction set's count of the units a job claims; scratch is the
// thread's work space (JoinTables::scratchFor).
Count countJoinPortable(const JoinTables& tables, Job& job, char* scratch, JoinTuning tuning);
#ifdef QUEENS_X86
Count countJoinAvx2(const JoinTables& tables, Job& job, char* scratch, JoinTuning tuning);
Count countJoinAvx512(const JoinTables& tables, Job& job, char* scratch, JoinTuning tuning);
#endif

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
