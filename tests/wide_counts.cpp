// Counts wider than 64 bits: the join adds counts in groups, so a count may
// pass 2^64 (18,446,744,073,709,551,615) long before any search could reach
// it, and the solver counts in 128 bits. No board with such a count can be
// counted here in a test's time, so this checks the decimal output on its
// own, on values worked out by hand (powers of two and of ten, and their
// neighbours), on both sides of 2^64, where the counter's output passes from
// the judge's 64-bit path to 128 bits.
#include <cstdio>
#include <cstring>

#include "work/wide.hpp"

namespace {

int failures = 0;

queens::Count power(unsigned base, int exponent) {
  queens::Count value = 1;
  for (int i = 0; i < exponent; ++i) value *= base;
  return value;
}

void expectDecimal(queens::Count value, const char* decimal) {
  char digits[40];
  const char* text = queens::formatCount(value, digits);
  if (std::strcmp(text, decimal) != 0) {
    std::fprintf(stderr, "FAILED: expected %s, printed %s\n", decimal, text);
    ++failures;
  }
}

}  // namespace

int main() {
  using queens::Count;
  expectDecimal(0, "0");
  expectDecimal(666090624, "666090624");                    // the empty 18x18 board
  expectDecimal(power(2, 64) - 1, "18446744073709551615");  // the widest 64-bit count
  expectDecimal(power(2, 64), "18446744073709551616");      // one more wraps in 64 bits
  expectDecimal(power(2, 64) + 10, "18446744073709551626");
  expectDecimal(power(10, 20), "100000000000000000000");
  expectDecimal(power(10, 38), "100000000000000000000000000000000000000");
  expectDecimal(power(2, 100), "1267650600228229401496703205376");
  expectDecimal(~Count{0}, "340282366920938463463374607431768211455");  // 2^128 - 1

  if (failures) return 1;
  std::printf("wide counts: 9 decimal outputs checked\n");
  return 0;
}
