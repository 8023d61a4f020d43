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

// The estimate's weights of units: sampled, interpolated between samples.
void unitProfiles() {
  const queens::UnitProfile equal({}, 1, 100);
  CHECK(equal.before(0) == 0 && equal.before(25) == 0.25 && equal.before(100) == 1);
  // Units 0-9 weigh 1 each, 10-19 weigh 3: sampled every 10th unit.
  const queens::UnitProfile sampled({1, 3}, 10, 20);
  CHECK(sampled.before(10) == 10.0 / 40);
  CHECK(sampled.before(15) == 25.0 / 40);  // half the second sample's
  CHECK(sampled.before(20) == 1);
}

// The join's weights: each W's west halves times its east halves. On the
// empty 14x14 board the profile rises from 0 before the first unit to 1
// after the last.
void joinWeights() {
  queens::Plan plan;
  queens::choosePlan(emptyBoard(14), queens::Method::kJoin, {queens::kDefaultMemoryBudget, 1},
                     plan);
  CHECK(plan.joined);
  const queens::UnitProfile profile = queens::profileOf(plan, plan.join.units());
  CHECK(profile.before(0) == 0 && profile.before(plan.join.units()) == 1);
  double last = 0;
  bool rising = true;
  for (long unit = 0; unit <= plan.join.units(); unit += 7) {
    rising = rising && profile.before(unit) >= last;
    last = profile.before(unit);
  }
  CHECK(rising);
  // W = rows 0-6 (the north half): west halves of 7 queens on the NW
  // quarter's 7 x 7 alone, east halves on the south east quarter alone.
  CHECK(plan.join.unitWeight(queens::Mask(0x7F)) > 0);
}

}  // namespace

int main() {
  unitProfiles();
  joinWeights();
  autoChooses();
  threadsAndShares();
  return unit::finish("run");
}
