// ===== The join on one instruction set ====================================
// The join's counter, compiled once per instruction set, each time with
// that set's flags and QUEENS_JOIN_ISA naming it (src/CMakeLists.txt):
// blocks of 128 bits on any CPU, of 256 with AVX2, of 512 with AVX-512.
#include "engines/join/join.hpp"
#include "engines/join/join_counter.hpp"

namespace queens {

template <>
Count countJoinOn<QUEENS_JOIN_ISA>(const JoinTables& tables, Job& job, char* scratch,
                                   JoinTuning tuning) {
  return JoinCounter<BlocksOf<QUEENS_JOIN_ISA>::Type>(tables, scratch, tuning).count(job);
}

}  // namespace queens
