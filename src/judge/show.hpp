// ===== 5. --list and --trace ===============================================
// The search drawn: each placement as a board (--list), or each step as a
// textbook's dry run (--trace).
#pragma once

#include <cstdio>

#include "row_search.hpp"

namespace queens {

// A square as the input writes it.
inline char squareOf(const Board& board, int r, int c) {
  return board.queens[r] >> c & 1 ? 'Q' : board.freeSquares[r] >> c & 1 ? '.' : '*';
}

// --list: each placement as the board read, 'Q' on its queens, then an
// empty line: valid input, whose count is 1.
class PlacementPrinter : public PlacementObserver {
 public:
  PlacementPrinter(const Board& board, std::FILE* out) : out_(out), n_(board.n) {
    for (int r = 0; r < n_; ++r) {
      for (int c = 0; c < n_; ++c) text_[r][c] = squareOf(board, r, c);
      text_[r][n_] = '\n';
    }
  }
  void placement() {
    for (int r = 0; r < n_; ++r) {
      char square = text_[r][queenColumns[r]];  // '.', or 'Q' for a given queen
      text_[r][queenColumns[r]] = 'Q';
      std::fwrite(text_[r], 1, n_ + 1, out_);
      text_[r][queenColumns[r]] = square;
    }
    std::fputc('\n', out_);
  }
  bool stopped() const { return std::ferror(out_); }

 protected:
  std::FILE* out_;
  int n_;

 private:
  char text_[kMaxN][kMaxN + 1];
};

// --trace: a line a step, indented two spaces a row, rows and columns from
// 1, and each placement drawn.
class SearchTracer : public PlacementPrinter {
 public:
  using PlacementPrinter::PlacementPrinter;
  void place(int row, int column) {
    PlacementPrinter::place(row, column);
    std::fprintf(out_, "%*srow %d: queen on column %d\n", 2 * row, "", row + 1, column + 1);
  }
  void deadEnd(int row) { backUp(row, "no open square"); }
  void exhausted(int row) { backUp(row, "no other open square"); }

 private:
  void backUp(int row, const char* why) {
    if (row == 0)
      std::fprintf(out_, "row 1: %s, the search is over\n", why);
    else
      std::fprintf(out_, "%*srow %d: %s, back to row %d\n", 2 * row, "", row + 1, why, row);
  }
};

// The search drawn by a Printer, which draws the board as read.
template <class Printer>
uint64_t showSearch(const Board& board, std::FILE* out) {
  Printer printer(board, out);
  return searchPinned(board, printer);
}

}  // namespace queens
