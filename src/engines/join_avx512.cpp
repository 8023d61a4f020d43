// ===== The join on AVX-512 ================================================
// The join's counter in blocks of 512 bits, its functions compiled for
// AVX-512F with VPOPCNTDQ (the rest of the program is plain x86-64, and
// asks the CPU first).
#include "engines/join_kinds.hpp"

#ifdef QUEENS_X86
namespace queens {

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

}  // namespace queens
#endif
