// ===== Diagonals and symmetry ==============================================
// The diagonals of queens as two wide masks, which every engine but the row
// search uses, and the 8 symmetries of the square.
#pragma once

#include <type_traits>

#include "work/wide.hpp"

namespace queens {

// The diagonals some queens take: a queen on (r, c) takes bit r + c of
// `sums` and bit c - r + n - 1 of `differences`, in 64 bits up to 32x32 and
// 128 above. All engines but the row search use it.
template <class Wide>
struct DiagonalsOf {
  Wide sums = 0, differences = 0;
  bool meets(const DiagonalsOf& other) const {
    return ((sums & other.sums) | (differences & other.differences)) != 0;
  }
  DiagonalsOf with(const DiagonalsOf& other) const {
    return {sums | other.sums, differences | other.differences};
  }
  DiagonalsOf without(const DiagonalsOf& other) const {
    return {sums & ~other.sums, differences & ~other.differences};
  }
  // The squares of `row` on these diagonals: (row, c) is bit c of sums >> row
  // and of differences >> (n - 1 - row).
  Row inRow(int row, int n) const { return Row(sums >> row) | Row(differences >> (n - 1 - row)); }
};
using Diagonals = DiagonalsOf<uint64_t>;
using WideDiagonals = DiagonalsOf<Count>;  // of any board
// The Diagonals that go with a Mask.
template <class Mask>
using DiagonalsFor = std::conditional_t<sizeof(Mask) == 4, Diagonals, WideDiagonals>;

template <class Wide = uint64_t>
inline DiagonalsOf<Wide> diagonalsOf(int n, int row, int column) {
  return {Wide{1} << (row + column), Wide{1} << (column - row + n - 1)};
}

// The 8 symmetries of the square: the value's bits choose three steps, in
// order: transpose (swap row and column), flip the rows (r becomes n - 1 -
// r), flip the columns.
enum Symmetry {
  kIdentity = 0,
  kFlipColumns = 1,
  kFlipRows = 2,
  kHalfTurn = 3,  // both flips
  kTranspose = 4,
  kTurnClockwise = 5,         // transpose, then flip the columns
  kTurnCounterclockwise = 6,  // transpose, then flip the rows
  kAntiTranspose = 7,         // the reflection in the other diagonal
};
constexpr int kSymmetries = 8;

struct Square {
  int row, column;
};

inline Square transform(Symmetry symmetry, int n, Square s) {
  if (symmetry & kTranspose) s = {s.column, s.row};
  if (symmetry & kFlipRows) s.row = n - 1 - s.row;
  if (symmetry & kFlipColumns) s.column = n - 1 - s.column;
  return s;
}

inline bool isFree(const Board& board, Square s) {
  return board.freeSquares[s.row] >> s.column & 1;
}

// On a square: 0 reserved, 1 free, 3 a given queen.
inline int squareKind(const Board& board, Square s) {
  return isFree(board, s) + 2 * (board.queens[s.row] >> s.column & 1);
}

// Whether the symmetry maps every square onto one that holds the same.
inline bool boardHasSymmetry(const Board& board, Symmetry symmetry) {
  for (int r = 0; r < board.n; ++r)
    for (int c = 0; c < board.n; ++c)
      if (squareKind(board, {r, c}) != squareKind(board, transform(symmetry, board.n, {r, c})))
        return false;
  return true;
}

// The symmetries that keep the board, the identity first; how many.
inline int boardSymmetries(const Board& board, Symmetry (&symmetries)[kSymmetries]) {
  int count = 0;
  for (int s = kIdentity; s < kSymmetries; ++s)
    if (boardHasSymmetry(board, Symmetry(s))) symmetries[count++] = Symmetry(s);
  return count;
}

}  // namespace queens
