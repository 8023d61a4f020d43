// Counts wider than 64 bits: the join adds counts in groups, so a count may
// pass 2^64 (18,446,744,073,709,551,615) long before any search could reach
// it, and the solver counts in 128 bits. No board with such a count can be
// counted here in a test's time, so this checks the arithmetic on its own:
// the decimal output and the division by small numbers (--unique divides by
// the number of symmetries), on values worked out by hand (powers of two
// and of ten, and their neighbours), each also checked by multiplying back.
#include <cstdio>
#include <cstring>
#include <initializer_list>

#include "judge/output.hpp"

namespace {

int failures = 0;

void expect(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "FAILED: %s\n", what);
    ++failures;
  }
}

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

  // Division by each group size and by 10, above and below 64 bits.
  for (Count value : {Count{12345}, power(2, 64) + 7, power(10, 30) + 3, ~Count{0}}) {
    for (std::uint32_t divisor : {1u, 2u, 4u, 8u, 10u, 3u}) {
      Count quotient = value;
      std::uint32_t remainder = queens::divideCount(quotient, divisor);
      expect(remainder < divisor && quotient * divisor + remainder == value,
             "divideCount: quotient * divisor + remainder == value");
    }
  }
  Count eighth = power(2, 100);
  expect(queens::divideCount(eighth, 8) == 0 && eighth == power(2, 97), "2^100 / 8 == 2^97");

  if (failures) return 1;
  std::printf("wide counts: 9 decimal outputs and 25 divisions checked\n");
  return 0;
}
