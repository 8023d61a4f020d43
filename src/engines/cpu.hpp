// ===== The CPU =============================================================
// Which vector instructions the CPU and the system allow: the engines are
// built for plain x86-64 and choose at run time.
#pragma once

#if defined(__x86_64__)
#include <cpuid.h>      // __get_cpuid: which instructions this CPU has
#include <immintrin.h>  // the join's vector popcounts
#define QUEENS_X86 1
#endif

namespace queens {

// What the CPU runs beyond x86-64, asked once, when needed (CPUID costs 3 us
// in a virtual machine; __builtin_cpu_supports asks at start).
struct CpuFeatures {
  bool popcnt, avx2, avx512;  // avx512: AVX-512F with VPOPCNTDQ
};
#ifdef QUEENS_X86
// XCR0: the registers the system saves, bits 1-2 YMM's, 5-7 ZMM's (AVX-512).
constexpr unsigned kXcr0YmmState = 0x06, kXcr0ZmmState = 0xE6;
inline CpuFeatures askCpu() {
  CpuFeatures has{false, false, false};
  unsigned eax, ebx, ecx, edx;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return has;
  has.popcnt = ecx & bit_POPCNT;
  if (!(ecx & bit_OSXSAVE) || !(ecx & bit_AVX)) return has;
  unsigned saved, savedHigh;
  __asm__("xgetbv" : "=a"(saved), "=d"(savedHigh) : "c"(0));  // XCR0
  if ((saved & kXcr0YmmState) != kXcr0YmmState || !__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx))
    return has;
  has.avx2 = has.popcnt && (ebx & bit_AVX2);
  has.avx512 = has.popcnt && (saved & kXcr0ZmmState) == kXcr0ZmmState && (ebx & bit_AVX512F) &&
               (ecx & bit_AVX512VPOPCNTDQ);
  return has;
}
#else
inline CpuFeatures askCpu() { return {true, false, false}; }  // popcount is native elsewhere
#endif
// Plain statics need no thread-safe guard (libstdc++): the main thread asks
// before any other starts.
inline const CpuFeatures& cpu() {
  static bool asked = false;
  static CpuFeatures features{};
  if (!asked) features = askCpu(), asked = true;
  return features;
}

}  // namespace queens
