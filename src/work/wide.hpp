// ===== Wide counts =========================================================
// What the counter adds to the judge's board and output: counts of 128
// bits, since the join adds counts in groups and shares add up, and a mask
// of n columns.
#pragma once

#include <cstdint>

#include "judge/board.hpp"
#include "judge/output.hpp"

namespace queens {

using std::uint8_t;

// A count of 128 bits never wraps: at a placement a nanosecond, 2^128 is
// 10^22 years away. __extension__: -pedantic knows no 128-bit type.
__extension__ typedef unsigned __int128 Count;

// The judge's decimal output for a Count: on 64 bits while it fits them, as
// a 128-bit division per digit is a call into libgcc.
inline const char* formatCount(Count count, char (&digits)[40]) {
  return count >> 64 ? formatCount<Count>(count, digits)
                     : formatCount<uint64_t>(uint64_t(count), digits);
}
inline void printCount(Count count, std::FILE* out) {
  count >> 64 ? printCount<Count>(count, out) : printCount<uint64_t>(uint64_t(count), out);
}

// n ones; two shifts, so that n = 64 shifts by no more than 63.
template <class Mask = uint32_t>
inline Mask allColumns(int n) {
  return Mask(~(~Row{0} << n / 2 << (n - n / 2)));
}

}  // namespace queens
