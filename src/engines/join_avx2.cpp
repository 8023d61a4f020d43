// ===== The join on AVX2 ===================================================
// The join's counter in blocks of 256 bits, its functions compiled for AVX2
// (the rest of the program is plain x86-64, and asks the CPU first).
#include "engines/join_kinds.hpp"

#ifdef QUEENS_X86
namespace queens {

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

}  // namespace queens
#endif
