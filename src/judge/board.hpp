// ===== 1. The board and its masks ==========================================
// Bit c of freeSquares[r]: (r, c) may hold a queen. A given queen is pinned
// before the search: its row keeps its square alone; the others lose those
// it attacks.
#pragma once

#include <cstdint>

namespace queens {

using std::size_t, std::uint32_t, std::uint64_t;

constexpr int kMaxN = 64;
// Rows are 64 bits; the search is faster on 32 bits, up to 32x32.
using Row = uint64_t;
constexpr int kNarrowMaxN = 32;

struct Board {
  int n = 0;
  Row freeSquares[kMaxN] = {};  // '.' or 'Q'
  Row queens[kMaxN] = {};       // 'Q'
};

// Set bits, counted with no call (-O2 may not assume popcnt): in pairs,
// nibbles, then bytes summed by one multiply.
inline int popcount(uint64_t m) {
  m = m - ((m >> 1) & 0x5555555555555555u);
  m = (m & 0x3333333333333333u) + ((m >> 2) & 0x3333333333333333u);
  return int((((m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Fu) * 0x0101010101010101u) >> 56);
}
inline int indexOfLowestBit(uint64_t m) { return __builtin_ctzll(m); }
// -m flips every bit above m's lowest set bit, so only that bit survives.
template <class Mask>
inline Mask lowestBit(Mask m) {
  return m & (Mask{0} - m);
}

// A queen on (row, column) takes, in a row `apart` rows away, its column
// and the squares `apart` columns to each side.
inline void pinQueen(Board& board, int row, int column) {
  const Row queen = Row{1} << column;
  for (int r = 0; r < board.n; ++r) {
    const int apart = r > row ? r - row : row - r;
    const Row attacked = queen | queen << apart | queen >> apart;
    board.freeSquares[r] = r == row ? queen : board.freeSquares[r] & ~attacked;
  }
}

inline bool hasGivenQueens(const Board& board) {
  Row queens = 0;
  for (int r = 0; r < board.n; ++r) queens |= board.queens[r];
  return queens != 0;
}

// Pins every given queen, then forgets them; false if two attack each other.
inline bool pinGivenQueens(Board& board) {
  for (int r = 0; r < board.n; ++r) {
    for (Row left = board.queens[r]; left; left &= left - 1) {
      int column = indexOfLowestBit(left);
      if (!(board.freeSquares[r] >> column & 1)) return false;  // attacked
      pinQueen(board, r, column);
    }
    board.queens[r] = 0;
  }
  return true;
}

}  // namespace queens
