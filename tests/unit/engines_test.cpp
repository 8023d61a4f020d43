// The engines alone (queens_engines), each against the permutations: on
// every board of up to 4x4, every board of up to 3x3 with given queens, and
// 600 random boards of 5x5 to 8x8 from a fixed seed. The engines count a
// board whose given queens are pinned; each is asked in turn: the row
// search (whole, with its nodes counted, and split into units in three
// shares), propagation, each search with the symmetry's border classes, the
// join on every instruction set this CPU has, the small-board filter, and
// the GPU engine's listing of prefixes at every depth, whole, in shares and
// by classes, with the CPU's row search counting each prefix in its place
// (the kernel itself runs in oracle_checks gpu, on an OpenCL device).
#include <chrono>
#include <cstdio>
#include <functional>
#include <random>
#include <string>
#include <thread>

#include <doctest/doctest.h>

#include "boards.hpp"
#include "engines/gpu/gpu.hpp"
#include "engines/gpu/gpu_join.hpp"
#include "engines/join/join.hpp"
#include "engines/propagation.hpp"
#include "engines/row_engine.hpp"
#include "engines/small_boards.hpp"
#include "engines/symmetry.hpp"
#include "prefix_counts.hpp"

namespace {

using queens::Board;
using queens::Count;
using queens::Job;

// The row search split at `depth` into the units of three shares, summed.
Count rowsInShares(const Board& board, int depth) {
  Count total = 0;
  for (int part = 0; part < 3; ++part) {
    queens::SharedUnits shared(1 << 20, nullptr);
    queens::UnitWalk walk(depth, queens::Share{part, 3}, &shared, part == 0);
    Job job{&walk};
    total += queens::countRowByRow<uint32_t>(board, job);
    walk.finish();
  }
  return total;
}

// The GPU engine's count, whole and in three shares, at each depth of
// prefixes, with its smallest batches; with classes, each weighted.
bool gpuListingAgrees(const Board& board, const queens::BorderClasses* classes, Count expected) {
  unit::CpuPrefixCounter counter;
  queens::GpuSearch engine(counter);
  engine.setBudget(0);
  bool agree = true;
  for (int depth = 0; depth < board.n; ++depth) {
    Job whole;
    agree = agree && engine.count(board, classes, depth, whole) == expected;
    Count shares = 0;
    for (int part = 0; part < 3; ++part) {
      queens::SharedUnits shared(1 << 20, nullptr);
      queens::UnitWalk walk(depth / 2, queens::Share{part, 3}, &shared, part == 0);
      Job job{&walk};
      shares += engine.count(board, classes, depth, job);
      walk.finish();
    }
    agree = agree && shares == expected;
  }
  return agree && engine.failure() == nullptr;
}

// Each engine's count of a pinned board, and whether all are `expected`.
bool enginesAgree(const Board& board, Count expected, queens::SmallBoardFilter& filter) {
  bool agree = true;
  auto expect = [&](Count count) { agree = agree && count == expected; };
  Job whole, counting{nullptr, true};
  expect(queens::countRowByRow<uint32_t>(board, whole));
  expect(queens::countRowByRow<uint64_t>(board, counting));
  for (int depth = 0; depth < board.n; ++depth) expect(rowsInShares(board, depth));
  expect(queens::countPropagating<uint32_t>(board, whole));
  queens::Symmetry symmetries[queens::kSymmetries];
  const int symmetryCount = board.n >= 2 ? queens::boardSymmetries(board, symmetries) : 1;
  queens::BorderClasses classes;
  if (symmetryCount > 1 && classes.list(board, symmetries, symmetryCount)) {
    expect(classes.count(board, queens::countRowByRow<uint32_t>, whole));
    expect(classes.count(board, queens::countPropagating<uint32_t>, whole));
    agree = agree && gpuListingAgrees(board, &classes, expected);
  }
  agree = agree && gpuListingAgrees(board, nullptr, expected);
  queens::JoinTables tables;
  if (board.n <= queens::kJoinMaxN && tables.build(board, {queens::kDefaultMemoryBudget, 1}))
    for (int isa = 0; isa <= int(queens::bestJoinIsa()); ++isa)
      expect(queens::countJoining(tables, whole, queens::JoinIsa(isa)));
  queens::SilentObserver silent;
  if (board.n <= queens::kFilterMaxN) expect(filter.count(board, silent));
  return agree;
}

bool near(double a, double b) { return a > b - 1e-9 && a < b + 1e-9; }

// How long a batch may take on the device: the allowance alone until a
// batch is timed, then also ten times its work at the slowest pace seen.
TEST_CASE("device deadlines") {
  queens::DeviceDeadline deadline(60);
  CHECK(near(deadline.boundFor(1e6), 60));
  deadline.took(1000, 2);  // 2 ms a unit of work
  CHECK(near(deadline.boundFor(4000), 60 + 10 * 4000 * 0.002));
  deadline.took(1000, 1);  // a faster batch: the slowest pace stays
  CHECK(near(deadline.boundFor(4000), 140));
  deadline.took(0, 5);  // no work: no pace
  CHECK(near(deadline.boundFor(1000), 80));
  CHECK(near(queens::DeviceDeadline().allowance(), queens::DeviceDeadline::kDefaultAllowance));
}

// The device join's flights on every board size, 1x1 too, whose patterns
// take no byte: each flight holds a table word at least. A division by that
// byte count stopped `--method=gpu-join --empty=1` with SIGFPE on an H200
// (pocl's own SIGFPE handler hid it), so this runs without a device.
TEST_CASE("the device join's flights on every size") {
  for (int n = 1; n <= queens::kJoinMaxN; ++n) {
    const queens::FlightLimits limits = queens::flightLimitsFor(n, uint64_t{1} << 30);
    CHECK(limits.tableWords >= 256);
    CHECK(limits.flightHalves >= 64);
  }
}

// The device's work in each unit, for the progress line: its prefixes. On
// the empty 4x4 board, cut into units of one row and listed to the last
// row, the first queen in column 0 or 3 leaves no placement, in column 1 or
// 2 one each (by hand). On the empty 8x8 board, the 42 units of two rows,
// in two shares and blocks of 1 or 3, hold its 92 placements.
TEST_CASE("the device's work in each unit") {
  const Board four = unit::boardOf(unit::Rows(4, "...."));
  CHECK(queens::prefixesOfUnits(four, nullptr, {4, queens::Share{}, 1, 1}, 4) ==
        std::vector<double>{0, 1, 1, 0});
  const Board eight = unit::boardOf(unit::Rows(8, "........"));
  for (long block : {1L, 3L}) {
    double placements = 0;
    for (int part = 0; part < 2; ++part) {
      const queens::UnitsOfShare units{42, queens::Share{part, 2}, 2, block};
      const std::vector<double> blocks = queens::prefixesOfUnits(eight, nullptr, units, 8);
      CHECK(long(blocks.size()) == (21 + block - 1) / block);
      for (double prefixes : blocks) placements += prefixes;
    }
    CHECK(placements == 92);
  }
}

// The units done, as a walk tells them.
class UnitsTold final : public queens::UnitsProgress {
 public:
  bool update(long unitsDone, long /*units*/) override {
    done = unitsDone;
    return true;
  }
  long done = 0;
};

// A walk whose units a device's batches tell done, as the device's engines
// make it; with a sample, its units alone.
struct BatchedWalk {
  explicit BatchedWalk(long units, queens::UnitSample* sample = nullptr, bool timesSample = false)
      : shared(units, &told, nullptr, sample),
        walk(1, queens::Share{}, &shared, false),
        batches(timesSample) {
    walk.defersDone();
    batches.begin(&walk);
  }
  UnitsTold told;
  queens::SharedUnits shared;
  queens::UnitWalk walk;
  queens::BatchProgress batches;
};

// A device's batches (the row search's, the join's flights) tell their
// units when the host sees them done: those listed whole before each was
// launched, never the unit it holds part of; the walk's end tells the rest.
TEST_CASE("batches tell their units as the device counts them") {
  BatchedWalk batched(10);
  UnitsTold& told = batched.told;
  queens::UnitWalk& walk = batched.walk;
  queens::BatchProgress& batches = batched.batches;
  for (int unit = 0; unit < 3; ++unit) CHECK(walk.claim());
  batches.launched(100, true);  // units 0 and 1 whole, unit 2 part-way
  CHECK(walk.claim());
  batches.launched(100, false);  // units 0 to 3
  CHECK(told.done == 0);
  batches.allButLastDone();  // the first batch
  CHECK(told.done == 2);
  walk.finish();
  CHECK(told.done == 4);
}

// Between batches the line moves at the pace so far, and may run ahead of
// a batch that takes longer: once it is done, the next batch goes on from
// where the line is, never back to its own start (the line would stand
// still until it caught up). Any timing: the line waits at 95% of the last
// batch, and moves on by a share of what is left.
TEST_CASE("the line goes on from where it ran ahead") {
  using namespace std::chrono_literals;
  BatchedWalk batched(300000);
  UnitsTold& told = batched.told;
  queens::UnitWalk& walk = batched.walk;
  queens::BatchProgress& batches = batched.batches;
  auto claimUpTo = [&](long units) {
    while (walk.unitsClaimed() < units) walk.claim();
  };
  claimUpTo(1);
  batches.launched(1, false);  // the pace's
  claimUpTo(2);
  batches.launched(1, false);  // a batch the pace will miss
  std::this_thread::sleep_for(10ms);
  batches.allButLastDone();  // the pace: about 10 ms a work
  claimUpTo(100002);
  batches.launched(1, false);  // the next, 100,000 units
  std::this_thread::sleep_for(25ms);
  batches.tick();  // past the second batch's time: 95% into the third
  const long ahead = told.done;
  CHECK(ahead > 2 + 90000);
  batches.allButLastDone();  // the second batch, late
  std::this_thread::sleep_for(2ms);
  batches.tick();
  CHECK(told.done > ahead);
}

// The row search's batches time a sample's units, for the units each
// stands for; the join's (whose work is not its profile's) do not.
TEST_CASE("a device's batches time its sample") {
  for (bool timesSample : {true, false}) {
    queens::UnitSample sample(8, 4);  // units 0 and 4
    BatchedWalk batched(8, &sample, timesSample);
    queens::UnitWalk& walk = batched.walk;
    queens::BatchProgress& batches = batched.batches;
    CHECK(walk.claim());  // unit 0
    batches.launched(10, false);
    for (int unit = 1; unit < 4; ++unit) CHECK(!walk.claim());
    CHECK(walk.claim());  // unit 4
    batches.launched(30, false);
    batches.allButLastDone();
    CHECK(sample.timedInBatches() == timesSample);
    batches.allDone();
    if (!timesSample) continue;
    // Each batch's pace where it stands: units 0 to 3, then 4 on.
    const double first = sample.secondsPerWork(3), second = sample.secondsPerWork(4);
    sample.timeBatch(8, 1e9, 1);  // a third batch, of units past 8
    CHECK((sample.secondsPerWork(3) == first && sample.secondsPerWork(7) == second));
    CHECK(sample.secondsPerWork(12) == 1e9);
  }
}

// Under a sanitizer (5 to 15 times slower) every board up to 3x3, not 4x4.
#ifdef QUEENS_UNIT_SMALLER
constexpr int kLargestEvery = 3;
#else
constexpr int kLargestEvery = 4;
#endif

// Each engine's count of each board, against the permutations'; the number
// of boards where one disagrees.
struct Compared {
  queens::SmallBoardFilter filter;  // it lists each size's placements on its second board
  long boards = 0, wrong = 0;
  void operator()(const unit::Rows& rows) {
    Board board = unit::boardOf(rows);
    const long expected = unit::countByPermutations(rows);
    if (!queens::pinGivenQueens(board)) {
      wrong += expected != 0;  // given queens that attack each other leave none
    } else {
      wrong += !enginesAgree(board, Count(expected), filter);
    }
    ++boards;
  }
};

TEST_CASE("every board of free and reserved squares, each engine") {
  Compared compare;
  for (int n = 1; n <= kLargestEvery; ++n) unit::everyBoard(n, ".*", std::ref(compare));
  CHECK(compare.boards > 0);
  CHECK(compare.wrong == 0);
}

TEST_CASE("every board with given queens up to 3x3, each engine") {
  Compared compare;
  for (int n = 1; n <= 3; ++n) unit::everyBoard(n, ".*Q", std::ref(compare));
  CHECK(compare.boards > 0);
  CHECK(compare.wrong == 0);
}

TEST_CASE("600 random boards of 5x5 to 8x8, each engine") {
  Compared compare;
  std::mt19937 random(20261127);
  for (int i = 0; i < 600; ++i) compare(unit::randomBoard(random, 5 + i % 4, (i % 5) * 0.05));
  CHECK(compare.wrong == 0);
}

}  // namespace
