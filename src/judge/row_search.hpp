// ===== 2. The row search ===================================================
// Fill the rows in order, each queen on a square still open. The queens
// placed take three masks, relative to the current row: bit c of `columns`
// is column c; of `sumDiagonals`, the diagonal r + c through (row, c); of
// `differenceDiagonals`, r - c + N - 1. One row down, the diagonal r + c
// passes through column c - 1, so its mask shifts right; the other's shifts
// left. A row's open squares are one AND away, and on the last row their
// number is the count below. At a placement a nanosecond, a count would
// take 585 years to pass 64 bits.
//
// Each step goes to an observer; counting's does nothing, and the compiler
// removes its calls. --list and --trace have their own.
#pragma once

#include "board.hpp"

namespace queens {

struct SilentObserver {
  static constexpr bool kSeesEveryPlacement = false;  // true: told of each last-row queen
  void place(int /*row*/, int /*column*/) {}
  void deadEnd(int /*row*/) {}            // no open square: back up
  void exhausted(int /*row*/) {}          // no open square left: back up
  void placement() {}                     // every row has its queen
  bool stopped() const { return false; }  // abandon the search
};

template <class Mask, class Observer>
uint64_t searchRows(const Board& board, int row, Mask columns, Mask sumDiagonals,
                    Mask differenceDiagonals, Observer& observer) {
  Mask open = board.freeSquares[row] & ~(columns | sumDiagonals | differenceDiagonals);
  if (!Observer::kSeesEveryPlacement && row == board.n - 1) return popcount(open);
  if (!open) {
    observer.deadEnd(row);
    return 0;
  }
  uint64_t total = 0;
  for (; open; open &= open - 1) {  // open - 1 clears the lowest set bit
    if (observer.stopped()) return total;
    Mask queen = lowestBit(open);
    observer.place(row, indexOfLowestBit(queen));
    if (row == board.n - 1) {
      observer.placement();
      ++total;
    } else {
      total += searchRows(board, row + 1, columns | queen, (sumDiagonals | queen) >> 1,
                          (differenceDiagonals | queen) << 1, observer);
    }
  }
  observer.exhausted(row);
  return total;
}

// The whole search, on the narrowest Mask that holds the board.
template <class Observer>
uint64_t searchBoard(const Board& board, Observer& observer) {
  return board.n > kNarrowMaxN ? searchRows<uint64_t>(board, 0, 0, 0, 0, observer)
                               : searchRows<uint32_t>(board, 0, 0, 0, 0, observer);
}

// With the given queens pinned; 0 if two attack each other.
template <class Observer>
uint64_t searchPinned(const Board& board, Observer& observer) {
  if (!hasGivenQueens(board)) return searchBoard(board, observer);  // no 1 KiB copy
  Board pinned = board;
  return pinGivenQueens(pinned) ? searchBoard(pinned, observer) : 0;
}

// Sees each placement whole: the queen of each row.
struct PlacementObserver : SilentObserver {
  static constexpr bool kSeesEveryPlacement = true;
  void place(int row, int column) { queenColumns[row] = column; }
  int queenColumns[kMaxN];
};

}  // namespace queens
