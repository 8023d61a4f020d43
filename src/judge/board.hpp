// ===== Board and masks =====================================================
// A board as bit masks, its counts, and the given queens pinned.
#pragma once

#include <cstdint>

namespace queens {

using std::size_t, std::uint8_t, std::uint32_t, std::uint64_t;

constexpr int kMaxN = 64;
// A set of columns (or rows) is a mask: bit c stands for column c. The board
// keeps 64-bit Rows; a search is a template over its Mask, 32 bits up to
// 32x32 (every CSES board) and 64 above.
using Row = uint64_t;
constexpr int kNarrowMaxN = 32;
// Counts are 128 bits wide: the counter's join counts in groups, and never
// wraps. __extension__: -pedantic knows no 128-bit type.
__extension__ typedef unsigned __int128 Count;

// Divides `count` by a small divisor; returns the remainder. Above 64 bits,
// in 32-bit pieces: a 128-bit division would call libgcc's __udivti3, and
// 32-bit pieces over 64-bit words need no library.
inline uint32_t divideCount(Count& count, uint32_t divisor) {
  if (count <= UINT64_MAX) {
    uint64_t small = uint64_t(count);
    count = small / divisor;
    return uint32_t(small % divisor);
  }
  uint64_t remainder = 0;
  Count quotient = 0;
  for (int shift = 96; shift >= 0; shift -= 32) {
    uint64_t piece = remainder << 32 | uint64_t(count >> shift & 0xFFFFFFFFu);
    quotient |= Count(piece / divisor) << shift;
    remainder = piece % divisor;
  }
  count = quotient;
  return uint32_t(remainder);
}

struct Board {
  int n = 0;
  Row freeSquares[kMaxN] = {};  // bit c of freeSquares[r]: (r, c) is '.' or 'Q'
  Row queens[kMaxN] = {};       // bit c of queens[r]: (r, c) is 'Q', a given queen
};

// n ones; two shifts, so that n = 64 shifts by no more than 63.
template <class Mask = uint32_t>
inline Mask allColumns(int n) {
  return Mask(~(~Row{0} << n / 2 << (n - n / 2)));
}

// Counts set bits with no call (the judge's -O2 may not assume popcnt): sum
// pairs, then nibbles, then the bytes with one multiply (SWAR).
inline int popcount(uint64_t m) {
  m = m - ((m >> 1) & 0x5555555555555555u);
  m = (m & 0x3333333333333333u) + ((m >> 2) & 0x3333333333333333u);
  return int((((m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Fu) * 0x0101010101010101u) >> 56);
}
inline int indexOfLowestBit(uint64_t m) { return __builtin_ctzll(m); }
// In two's complement -m flips every bit above m's lowest set bit, so only
// that bit survives the AND.
template <class Mask>
inline Mask lowestBit(Mask m) {
  return m & (Mask{0} - m);
}

// The squares of `row` that a queen on (queenRow, queenColumn) attacks: its
// column, and those as far to each side as the rows are apart.
inline Row attackedInRow(int row, int queenRow, int queenColumn) {
  const Row queen = Row{1} << queenColumn;
  const int apart = row > queenRow ? row - queenRow : queenRow - row;
  return queen | queen << apart | queen >> apart;
}

// Puts a queen on (row, column): its row keeps only that square, the other
// rows lose the squares it attacks.
inline void pinQueen(Board& board, int row, int column) {
  for (int r = 0; r < board.n; ++r)
    board.freeSquares[r] =
        r == row ? Row{1} << column : board.freeSquares[r] & ~attackedInRow(r, row, column);
}

inline bool hasGivenQueens(const Board& board) {
  Row queens = 0;
  for (int r = 0; r < board.n; ++r) queens |= board.queens[r];
  return queens != 0;
}

// Pins every given queen ('Q'), then forgets them: every search, option and
// split works on the pinned board unchanged. False if two attack each other.
inline bool pinGivenQueens(Board& board) {
  for (int r = 0; r < board.n; ++r) {
    for (Row left = board.queens[r]; left; left &= left - 1) {
      int column = indexOfLowestBit(left);
      if (!(board.freeSquares[r] >> column & 1)) return false;  // a queen pinned attacks it
      pinQueen(board, r, column);
    }
    board.queens[r] = 0;
  }
  return true;
}

}  // namespace queens
