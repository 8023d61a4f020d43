// ===== --list and --trace ==================================================
// The row search drawn: every placement as a board (--list), or each step
// as a textbook's dry run (--trace).
#pragma once

#include <cstdio>

#include "row_search.hpp"

namespace queens {

// A square as the input writes it.
inline char squareOf(const Board& board, int r, int c) {
  return board.queens[r] >> c & 1 ? 'Q' : board.freeSquares[r] >> c & 1 ? '.' : '*';
}

// --list: draws each placement, the board as read with 'Q' on the queens,
// then an empty line (valid input, whose count is 1), until output fails.
class PlacementPrinter : public PlacementObserver {
 public:
  PlacementPrinter(const Board& board, std::FILE* out) : out_(out), n_(board.n) {
    for (int r = 0; r < n_; ++r) {
      for (int c = 0; c < n_; ++c) text_[r][c] = squareOf(board, r, c);
      text_[r][n_] = '\n';
    }
  }
  void placement() {
    ++printed_;
    for (int r = 0; r < n_; ++r) {
      char square = text_[r][queenColumns[r]];  // '.', or 'Q' for a given queen
      text_[r][queenColumns[r]] = 'Q';
      std::fwrite(text_[r], 1, n_ + 1, out_);
      text_[r][queenColumns[r]] = square;
    }
    std::fputc('\n', out_);
  }
  bool stopped() const { return std::ferror(out_); }
  Count printed() const { return printed_; }

 protected:
  std::FILE* out_;
  int n_;

 private:
  char text_[kMaxN][kMaxN + 1];
  Count printed_ = 0;
};

// --trace: the row search as a textbook's dry run, a line per step indented
// two spaces a row, rows and columns from 1, and each placement drawn.
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

// What showSearch found: the placements drawn and the nodes visited, or
// that the given queens attack each other (then nothing is drawn).
struct Shown {
  Count placements = 0, nodes = 0;
  bool queensClash = false;
};

// --list and --trace: the row search on the pinned board, drawn as read.
template <class Printer>
Shown showSearch(const Board& board, std::FILE* out) {
  Shown shown;
  Board pinned = board;
  if (!pinGivenQueens(pinned)) return shown.queensClash = true, shown;
  Printer printer(board, out);
  searchBoard(pinned, printer);
  shown.nodes = printer.nodes();
  shown.placements = printer.printed();
  return shown;
}

}  // namespace queens
