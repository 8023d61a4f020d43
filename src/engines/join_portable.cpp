// ===== The join on plain x86-64 (or any CPU) ==============================
// The join's counter in blocks of 128 bits, for CPUs without AVX2.
#include "engines/join_kinds.hpp"

namespace queens {

template <int kBlocks, int kSparse, bool kOddFold>
struct KindPortable {
  [[gnu::noinline]] static Count count(JoinCounter<Portable>& counter, Mask west,
                                       const Slice* slices, int sliceCount, JoinFold fold) {
    return counter.countKind<kBlocks, kSparse, kOddFold>(west, slices, sliceCount, fold);
  }
};

Count countJoinPortable(const JoinTables& tables, Job& job, char* scratch, JoinTuning tuning) {
  return JoinCounter<Portable>(tables, scratch, tuning, kKindCounts<Portable, KindPortable>)
      .count(job);
}

}  // namespace queens
