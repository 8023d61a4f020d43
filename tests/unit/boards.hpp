// A board of the unit tests' oracle (rows of '.', '*' and 'Q') as the
// solver's masks, for the tests of every layer.
#pragma once

#include "judge/board.hpp"
#include "permutations.hpp"

namespace unit {

inline queens::Board boardOf(const Rows& rows) {
  queens::Board board;
  board.n = int(rows.size());
  for (int r = 0; r < board.n; ++r)
    for (int c = 0; c < board.n; ++c) {
      if (rows[r][c] != '*') board.freeSquares[r] |= queens::Row{1} << c;
      if (rows[r][c] == 'Q') board.queens[r] |= queens::Row{1} << c;
    }
  return board;
}

}  // namespace unit
