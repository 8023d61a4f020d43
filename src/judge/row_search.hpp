// ===== The row search ======================================================
// The classic backtracking: fill the rows in order, each queen on a square
// still open. The queens placed take three masks, relative to the current
// row: `columns`; bit c of `sumDiagonals`, the diagonal r + c through (row,
// c) is taken; bit c of `differenceDiagonals`, the same for r - c + N - 1.
// One row down, the diagonal through column c passes through column c - 1,
// so that mask shifts right, and the other left. A row's open squares are
// one AND away; the last row's count is how many.
//
// Each step is reported to an observer: counting's ignores them (the
// compiler removes the calls); --list and --trace have their own, and so do
// the counter's --stats and units of work:
//   kSeesEveryPlacement: it needs each queen of the last row;
//   enter(row): a call of the search; false skips the subtree (a unit that
//     another thread or share counts);
//   place(row, column): a queen goes on (row, column);
//   deadEnd(row), exhausted(row): no open square, or none left: back up;
//   placement(): every row has its queen;
//   stopped(): true to abandon the search (its output cannot be written).
#pragma once

#include "board.hpp"

namespace queens {

struct SilentObserver {
  static constexpr bool kSeesEveryPlacement = false;
  bool enter(int) { return true; }
  void place(int, int) {}
  void deadEnd(int) {}
  void exhausted(int) {}
  void placement() {}
  bool stopped() const { return false; }
  Count nodes() const { return 0; }
};

template <class Mask, class Observer>
Count searchRows(const Board& board, int row, Mask columns, Mask sumDiagonals,
                 Mask differenceDiagonals, Observer& observer) {
  if (!observer.enter(row)) return 0;
  Mask open = board.freeSquares[row] & ~(columns | sumDiagonals | differenceDiagonals);
  if (!Observer::kSeesEveryPlacement && row == board.n - 1) return popcount(open);
  if (!open) {
    observer.deadEnd(row);
    return 0;
  }
  Count total = 0;
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

// Counts the nodes, the calls of the search (the counter's --stats): it
// costs 7% more instructions, so plain counting does not.
struct NodeCounter : SilentObserver {
  bool enter(int) { return ++nodesVisited, true; }
  Count nodes() const { return nodesVisited; }
  Count nodesVisited = 0;
};

// An observer that sees each placement whole: the queen of each row.
struct PlacementObserver : NodeCounter {
  static constexpr bool kSeesEveryPlacement = true;
  void place(int row, int column) { queenColumns[row] = column; }
  int queenColumns[kMaxN];
};

// The whole row search, on the narrowest Mask that holds the board.
template <class Observer>
Count searchBoard(const Board& board, Observer& observer) {
  return board.n > kNarrowMaxN ? searchRows<uint64_t>(board, 0, 0, 0, 0, observer)
                               : searchRows<uint32_t>(board, 0, 0, 0, 0, observer);
}

}  // namespace queens
