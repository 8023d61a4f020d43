// ===== The join: its entry point ==========================================
// Counts a board with its tables on the widest instruction set the CPU
// allows, or the one the fuzzer or tests/join_tunings asks for. The
// counter is one source, join_isa.cpp, compiled once per instruction set
// into the engines' library: the compiles run side by side, and once for
// every program that links them.
#pragma once

#include "engines/join/join_tables.hpp"
#include "work/units.hpp"

namespace queens {

// An instruction set's count of the units a job claims; scratch is the
// thread's work space (JoinTables::scratchFor). Each is made by
// join_isa.cpp's compile for that set (AVX2 and AVX-512 on x86-64 only).
template <JoinIsa kIsa>
Count countJoinOn(const JoinTables& tables, Job& job, char* scratch, JoinTuning tuning);
template <>
Count countJoinOn<JoinIsa::kPortable>(const JoinTables&, Job&, char*, JoinTuning);
#ifdef QUEENS_X86
template <>
Count countJoinOn<JoinIsa::kAvx2>(const JoinTables&, Job&, char*, JoinTuning);
template <>
Count countJoinOn<JoinIsa::kAvx512>(const JoinTables&, Job&, char*, JoinTuning);
#endif

// Counts the board with its tables on an instruction set (the fuzzer tries each).
inline Count countJoining(const JoinTables& tables, Job& job, JoinIsa isa, JoinTuning tuning = {}) {
  char* scratch = tables.scratchFor(job.worker);
  if (tuning.chunk == 0) tuning.chunk = tables.chunk();
#ifdef QUEENS_X86
  if (isa == JoinIsa::kAvx512) return countJoinOn<JoinIsa::kAvx512>(tables, job, scratch, tuning);
  if (isa == JoinIsa::kAvx2) return countJoinOn<JoinIsa::kAvx2>(tables, job, scratch, tuning);
#endif
  return countJoinOn<JoinIsa::kPortable>(tables, job, scratch, tuning);
}

}  // namespace queens
