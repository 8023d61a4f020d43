// The run layer alone (queens_run): which plan auto chooses for a board,
// and a board's count the same on one thread, on three, and in shares.
#include <cstdio>
#include <cstring>
#include <random>

#include "boards.hpp"
#include "check.hpp"
#include "run/threads.hpp"

namespace {

using queens::Board;
using queens::Count;

Board emptyBoard(int n) {
  Board board;
  board.n = n;
  for (int r = 0; r < n; ++r) board.freeSquares[r] = queens::allColumns<queens::Row>(n);
  return board;
}

// The name --stats gives the plan (a string that outlives the plan).
const char* planName(const Board& board, queens::Method method = queens::Method::kAuto) {
  queens::Plan plan;
  queens::choosePlan(board, method, {queens::kDefaultMemoryBudget, 1}, plan);
  return plan.name;
}

void autoChooses() {
  CHECK(std::strcmp(planName(emptyBoard(8)), "rows") == 0);
  CHECK(std::strcmp(planName(emptyBoard(12)), "symmetry-rows") == 0);
  Board holed = emptyBoard(12);
  holed.freeSquares[0] &= ~queens::Row{1};  // a corner reserved: no symmetry but a diagonal's
  holed.freeSquares[5] &= ~queens::Row{8};
  CHECK(std::strcmp(planName(holed), "propagate") == 0);
  CHECK(std::strcmp(planName(emptyBoard(16)), "join") == 0);  // on any instruction set
  CHECK(std::strcmp(planName(emptyBoard(16), queens::Method::kRows), "rows") == 0);
}

Count countWith(const Board& board, int threads, queens::Share share = {}) {
  queens::Settings settings;
  settings.threads = threads;
  settings.share = share;
  settings.progress = queens::ProgressMode::kOff;
  queens::SmallBoardFilter filter;
  queens::Report report;
  return queens::countBoard(board, 1, settings, filter, stderr, report);
}

void threadsAndShares() {
  std::mt19937 random(20261127);
  for (int i = 0; i < 6; ++i) {
    const Board board = unit::boardOf(unit::randomBoard(random, 12 + i % 2, 0.1));
    const Count one = countWith(board, 1);
    CHECK(countWith(board, 3) == one);
    Count shares = 0;
    for (int part = 0; part < 5; ++part) shares += countWith(board, 2, queens::Share{part, 5});
    CHECK(shares == one);
  }
  CHECK(countWith(emptyBoard(12), 2) == 14200);  // A000170
}

}  // namespace

int main() {
  autoChooses();
  threadsAndShares();
  return unit::finish("run");
}
