// The run layer alone (queens_run): which engine the planner chooses for a
// board, and why; a board's count the same on one thread, on three, and in
// shares; and an engine that fails at its k-th job under a checkpoint: the
// run says so, records none of that job's units, and a rerun gives the
// exact count.
#include <unistd.h>  // close

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "boards.hpp"
#include "engines/search_engine.hpp"
#include "prefix_counts.hpp"
#include "run/board.hpp"
#include "run/progress.hpp"

namespace {

using queens::Board;
using queens::Count;

Board emptyBoard(int n) {
  Board board;
  board.n = n;
  for (int r = 0; r < n; ++r) board.freeSquares[r] = queens::allColumns<queens::Row>(n);
  return board;
}

queens::Plan planOf(const Board& board, queens::Method method = queens::Method::kAuto) {
  queens::PlanRequest request;
  request.method = method;
  request.explains = true;
  return queens::planBoard(board, request);
}

// The name --stats gives the engine (a string that outlives the engine).
const char* engineName(const Board& board, queens::Method method = queens::Method::kAuto) {
  return planOf(board, method).engine()->name();
}

bool has(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

// What a progress line writes, kept in memory.
class WrittenLines {
 public:
  WrittenLines() : file_(open_memstream(&text_, &size_)) {}
  WrittenLines(const WrittenLines&) = delete;
  WrittenLines& operator=(const WrittenLines&) = delete;
  ~WrittenLines() {
    std::fclose(file_);
    std::free(text_);
  }
  std::FILE* file() const { return file_; }
  std::string text() {
    std::fflush(file_);
    return text_;
  }

 private:
  char* text_ = nullptr;
  size_t size_ = 0;
  std::FILE* file_;
};

// The empty 12x12 board with a corner and one more square reserved: no
// symmetry but a diagonal's.
Board holedBoard() {
  Board holed = emptyBoard(12);
  holed.freeSquares[0] &= ~queens::Row{1};
  holed.freeSquares[5] &= ~queens::Row{8};
  return holed;
}

TEST_CASE("auto chooses an engine by size, symmetry and the join's rule") {
  CHECK(std::strcmp(engineName(emptyBoard(8)), "rows") == 0);
  CHECK(std::strcmp(engineName(emptyBoard(12)), "symmetry-rows") == 0);
  CHECK(std::strcmp(engineName(holedBoard()), "propagate") == 0);
  CHECK(std::strcmp(engineName(emptyBoard(16)), "join") == 0);  // on any instruction set
  CHECK(std::strcmp(engineName(emptyBoard(16), queens::Method::kRows), "rows") == 0);
}

TEST_CASE("the planner's reasons, as --stats gives them") {
  const Board holed = holedBoard();
  const std::string join = planOf(emptyBoard(16)).reason;
  CHECK((has(join,
             "16x16, 0 reserved: the join from 14x14 with at most 20% reserved, its tables in ") &&
         has(join, "fit --memory (1.0 GiB)")));
  CHECK(planOf(holed).reason == "12x12, 2 reserved: no symmetry, propagation from 10x10");
  CHECK(planOf(emptyBoard(9)).reason ==
        "9x9, 0 reserved: symmetry only from 11x11, propagation only from 10x10");
  CHECK(planOf(emptyBoard(16), queens::Method::kRows).reason == "16x16, 0 reserved: --method=rows");
}

TEST_CASE("a board with given queens: the reasons name its reserved squares and queens") {
  queens::PlanRequest request;
  request.explains = true;
  request.method = queens::Method::kRows;
  request.givenQueens = 1;
  request.reservedAsGiven = 0;
  Board pinned = emptyBoard(4);
  queens::pinQueen(pinned, 0, 1);  // a queen on row 1, column 2: 9 squares blocked
  CHECK(queens::planBoard(pinned, request).reason ==
        "4x4, 0 reserved, 1 queen given (9 squares blocked in all): --method=rows");
}

TEST_CASE("a stream's small board is filtered, the first of its size searched") {
  queens::SmallBoardFilter filter;
  queens::PlanRequest stream;
  stream.smallBoards = &filter;
  CHECK(std::strcmp(queens::planBoard(emptyBoard(6), stream).engine()->name(), "rows") == 0);
}

TEST_CASE("the join passed over for memory: a search, and what the join would need") {
  queens::PlanRequest tight;
  tight.budget.bytes = 1 << 20;
  tight.explains = true;
  queens::Plan passed = queens::planBoard(emptyBoard(20), tight);
  CHECK(std::strcmp(passed.engine()->name(), "symmetry-propagate") == 0);
  CHECK((has(passed.passedOver, "--memory allows 1 MiB") &&
         has(passed.reason, "the join's tables did not fit --memory")));
  // Unasked, no words (a stream of small boards would pay for them), and
  // no tally of what the join would need.
  tight.explains = false;
  queens::Plan silent = queens::planBoard(emptyBoard(20), tight);
  CHECK((silent.reason.empty() && silent.passedOver.empty() && silent.joinPassedOver));
}

TEST_CASE("auto follows a checkpoint's plan, and another method asked for is planned") {
  queens::PlanRequest automatic;  // auto follows the checkpoint, not its own rules
  automatic.recorded = "symmetry-rows";
  automatic.explains = true;
  queens::Plan followed = queens::planBoard(emptyBoard(16), automatic);
  CHECK((std::strcmp(followed.engine()->name(), "symmetry-rows") == 0 &&
         followed.reason ==
             "16x16, 0 reserved: the units the checkpoint recorded, cut by symmetry-rows"));
  queens::PlanRequest
      other;  // another method asked for: its own plan, which the checkpoint refuses
  other.method = queens::Method::kPropagate;
  other.recorded = "join";
  CHECK(std::strcmp(queens::planBoard(emptyBoard(16), other).engine()->name(), "propagate") == 0);
}

queens::Settings settingsOf(int threads, queens::Share share = {}) {
  queens::Settings settings;
  settings.threads = threads;
  settings.share = share;
  settings.progress = queens::ProgressMode::kOff;
  return settings;
}

Count countWith(const Board& board, const queens::Settings& settings, queens::Report& report) {
  queens::SmallBoardFilter filter;
  return queens::countBoard(board, 1, settings, filter, stderr, report);
}

Count countWith(const Board& board, int threads, queens::Share share = {}) {
  queens::Report report;
  return countWith(board, settingsOf(threads, share), report);
}

// The device's plans where there is no device: --method=gpu refused, and
// a checkpoint's units counted on the CPU by their own engine.
TEST_CASE("device plans without device") {
  // --method=gpu with no device, and no checkpoint that holds its units.
  queens::PlanRequest gpu;
  gpu.method = queens::Method::kGpu;
  queens::Plan refused = queens::planBoard(emptyBoard(12), gpu);
  CHECK((!refused.engine() && has(refused.reason, "--method=gpu")));
  // A checkpoint's plan wins over auto's: the GPU's units on the CPU.
  gpu.recorded = "symmetry-rows";
  queens::Plan recorded = queens::planBoard(emptyBoard(12), gpu);
  CHECK((recorded.engine() && std::strcmp(recorded.engine()->unitsName(), "symmetry-rows") == 0));
  gpu.recorded = "join";  // the join's units, which the CPU's join counts here
  queens::Plan joined = queens::planBoard(emptyBoard(16), gpu);
  CHECK((joined.engine() && std::strcmp(joined.engine()->name(), "join") == 0));
  gpu.method = queens::Method::kGpuRows;  // not the row search's units: refused
  CHECK(!queens::planBoard(emptyBoard(16), gpu).engine());
}

TEST_CASE("threads and shares") {
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

// With its progress shown, a count times a spread sample of its units
// first: the same count, on one thread or three, whole or in shares, and
// under a checkpoint.
TEST_CASE("a count that samples its units first") {
  std::mt19937 random(20261128);
  WrittenLines lines;
  for (int i = 0; i < 4; ++i) {
    const Board board = unit::boardOf(unit::randomBoard(random, 12 + i % 3, 0.05 * i));
    const Count one = countWith(board, 1);
    for (int parts : {1, 3}) {
      Count shares = 0;
      for (int part = 0; part < parts; ++part) {
        queens::Settings settings = settingsOf(1 + 2 * (part % 2), queens::Share{part, parts});
        settings.progress = queens::ProgressMode::kOn;
        queens::Report report;
        queens::SmallBoardFilter filter;
        shares += queens::countBoard(board, 1, settings, filter, lines.file(), report);
      }
      CHECK(shares == one);
    }
  }
}

// The time left: while the sample is counted, a first guess by the model;
// then the sample's pace scaled to the whole, as --estimate scales its own.
TEST_CASE("the progress line's time left after a sample") {
  WrittenLines lines;
  queens::ProgressLine line(lines.file(), false, true, 1, 20, queens::Share{});
  line.setUnits(100, 0, queens::UnitProfile({}, 1, 100));
  line.beginSample(10);
  line.update(4, 100);
  line.drawDue(1.5);
  // 4 of the sample's 10 units, each standing for 10 units: 40% of the
  // work (the model's costs are equal here) took 1.5 s / 10.
  CHECK(has(lines.text(), "4 of 100 units done (4%), 1.5 s so far, about 36 s left"));
  queens::UnitSample sample(100, 10);
  for (long unit = 0; unit < 100; unit += 10) sample.time(unit, unit < 50 ? 1.0 : 3.0);
  sample.setWall(10);
  line.setSample(sample, true);
  line.update(10, 100);
  line.drawDue(10);  // 10 s from the units' start: the sample's time
  // A tenth of the units, spread: a tenth of the work. The rest takes 9
  // times as long, as 10 s scaled by the units (UnitSample::wholeSeconds).
  CHECK(sample.wholeSeconds() == doctest::Approx(100));
  CHECK(has(lines.text(), "10 of 100 units done (10%), 10.0 s so far, about 90 s left"));
}

// A resumed count samples the units left: here units 0 to 49 were counted
// before, and its sample's 5 units left (50, 60 ... 90) stand for the 50
// units left. Its time left is theirs alone, as they take it.
TEST_CASE("the progress line's time left after a resumed count's sample") {
  WrittenLines lines;
  queens::ProgressLine line(lines.file(), false, true, 1, 20, queens::Share{});
  line.setUnits(100, 50, queens::UnitProfile({}, 1, 100));
  line.beginSample(10);
  line.update(52, 100);
  line.drawDue(1.5);
  // 2 units of the sample in 1.5 s: the 50 left take 37.5 s.
  CHECK(has(lines.text(),
            "52 of 100 units done (52%; 50 resumed from the checkpoint), 1.5 s so far, "
            "about 36 s left"));
  queens::UnitSample sample(100, 10);
  for (long unit = 50; unit < 100; unit += 10) sample.time(unit, 1.0);
  sample.setWall(5);
  line.setSample(sample, true);
  line.update(55, 100);
  line.drawDue(5);
  // 5 units in 5 s: the 45 left take 45 s.
  CHECK(has(lines.text(),
            "55 of 100 units done (55%; 50 resumed from the checkpoint), 5.0 s so far, "
            "about 45 s left"));
}

// A device's sample is timed in its batches: here the first batch, unit 0
// alone, took 1 s for its 1 prefix, and the second, units 10 to 90, 0.9 s
// for 9. The model's weights (a prefix a unit) are scaled by those paces:
// units 0 to 9 weigh 10 times the rest, 10 s of the board's 19.
TEST_CASE("the progress line's time left after a device's sample") {
  WrittenLines lines;
  queens::ProgressLine line(lines.file(), false, true, 1, 20, queens::Share{});
  line.setUnits(100, 0, queens::UnitProfile(std::vector<double>(10, 10.0), 10, 100));
  line.beginSample(10);
  queens::UnitSample sample(100, 10);
  for (long unit = 0; unit < 100; unit += 10) sample.time(unit, 0.001);  // the listing's
  sample.timeBatch(0, 1.0, 1);
  sample.timeBatch(90, 0.9, 9);
  sample.setWall(1.9);
  line.setSample(sample, false);
  // The sample, then units 1 to 9: 1.9 s + 9 s, and 8.1 s left (units
  // 11 to 99 but the sample's, at 0.1 s each). By the prefixes alone, the
  // line would say 46 s.
  line.update(19, 100);
  line.drawDue(10.9);
  CHECK(has(lines.text(), "19 of 100 units done (19%), 10.9 s so far, about 8 s left"));
}

queens::GpuDevice deviceFailingAt(long failAt) {
  queens::GpuDevice device;
  device.name = "a stand-in";
  device.counter = std::make_unique<unit::CpuPrefixCounter>(failAt);
  return device;
}

// The board counted under the checkpoint at `path` (made, or resumed).
Count countChecked(const Board& board, const char* path, queens::Settings settings,
                   queens::Report& report) {
  queens::Checkpoint checkpoint(path, settings.share, 0,  // a batch a unit
                                queens::SyncPolicy::kWrittenOnly);
  queens::Replayed replayed;
  CHECK((checkpoint.open(stderr) && checkpoint.nextBoard(board, replayed)));
  settings.checkpoint = &checkpoint;
  return countWith(board, settings, report);
}

// The device fails at its k-th batch: the run says so, and the rerun on a
// device that works resumes to the exact count.
TEST_CASE("devices that fail") {
  const Board board = emptyBoard(11);
  for (long failAt : {1L, 3L, 20L, 100L}) {
    char path[] = "/tmp/queens_unit_XXXXXX";
    close(mkstemp(path));
    std::remove(path);
    queens::Settings settings = settingsOf(1);
    settings.method = queens::Method::kGpu;
    settings.memory = 0;  // the smallest device batches
    settings.useGpu(std::make_shared<queens::GpuAccess>(deviceFailingAt(failAt)));
    queens::Report failed;
    countChecked(board, path, settings, failed);
    CHECK((failed.refused &&
           std::string(failed.failure) == "board 1 (11x11): the stand-in device failed"));
    settings.useGpu(std::make_shared<queens::GpuAccess>(deviceFailingAt(1L << 40)));
    queens::Report resumed;
    CHECK((countChecked(board, path, settings, resumed) == 2680 && !resumed.refused));
    std::remove(path);
  }
  // --method=gpu on a large board that the join would not count (40x40,
  // 86% reserved) warns that the device's row search counts it; on a small
  // one, and with gpu-rows, it says nothing.
  Board sparse = emptyBoard(40);
  for (int r = 0; r < 40; ++r)
    for (int c = 0; c < 40; ++c)
      if ((r * 7 + c * 3) % 7 != 0) sparse.freeSquares[r] &= ~(queens::Row{1} << c);
  queens::GpuAccess device(deviceFailingAt(1L << 40));
  queens::PlanRequest request;
  request.method = queens::Method::kGpu;
  request.gpu = &device;
  CHECK(has(queens::planBoard(sparse, request).warning, "by the row search on the device"));
  CHECK(queens::planBoard(emptyBoard(11), request).warning.empty());
  request.method = queens::Method::kGpuRows;
  CHECK(queens::planBoard(sparse, request).warning.empty());
}

// Any engine that fails at its k-th job, among several threads: the units
// of the other threads' jobs are recorded, none of the failed one's.
class FailingEngine final : public queens::SearchEngine {
 public:
  FailingEngine(const Board& board, long failAt)
      : SearchEngine(board, queens::countRowByRow<uint32_t>, "rows", nullptr), failAt_(failAt) {}
  bool count(queens::Job& job, Count& counted) override {
    if (job.units && job.units->claimsUnits() && ++jobs_ >= failAt_) return false;
    return SearchEngine::count(job, counted);
  }

 private:
  long failAt_;
  std::atomic<long> jobs_{0};
};

// Counts the board's units under the checkpoint at `path` on two threads.
queens::Counted countUnitsChecked(const Board& board, const char* path, long failAt,
                                  Count& resumed) {
  FailingEngine engine(board, failAt);
  const queens::Split split = engine.split({1024, 0, 1 << 20}, false);
  queens::Checkpoint checkpoint(path, queens::Share{}, 0, queens::SyncPolicy::kWrittenOnly);
  queens::Replayed replayed;
  queens::DoneUnits done;
  CHECK((checkpoint.open(stderr) && checkpoint.nextBoard(board, replayed)));
  CHECK(checkpoint.resumeSplit("rows", split.units, split.numbering, done, resumed));
  return queens::countUnits({engine, split, queens::Share{}, 2, false, &checkpoint}, done, nullptr);
}

TEST_CASE("engines that fail") {
  const Board board = emptyBoard(11);
  for (long failAt : {1L, 5L, 300L}) {
    char path[] = "/tmp/queens_unit_XXXXXX";
    close(mkstemp(path));
    std::remove(path);
    Count resumed = 0;
    CHECK(countUnitsChecked(board, path, failAt, resumed).failed);
    const queens::Counted rest = countUnitsChecked(board, path, 1L << 40, resumed);
    CHECK((!rest.failed && resumed + rest.count == 2680));
    std::remove(path);
  }
}

// The join's weights of its units, each W's halves: on the empty 14x14
// board its profile rises from 0 before the first unit to 1 after the last.
TEST_CASE("join weights") {
  queens::Plan plan = planOf(emptyBoard(14), queens::Method::kJoin);
  queens::Engine& join = *plan.engine();
  const long units = join.split({1024, 0, 1 << 20}, false).units;
  const queens::UnitProfile profile = join.profile(units, queens::Share{});
  CHECK((units > 0 && profile.before(0) == 0 && profile.before(units) == 1));
  double last = 0;
  bool rising = true;
  for (long unit = 0; unit <= units; unit += 7) {
    rising = rising && profile.before(unit) >= last;
    last = profile.before(unit);
  }
  CHECK((rising && last > 0.9));
}

}  // namespace
