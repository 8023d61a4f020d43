// The work layer alone (queens_work): how the units of a board's work are
// shared out. A walk meets every unit in the search's order and counts only
// those it claims; --part=K/M keeps every M-th unit from the K-th, threads
// claim those one at a time, and units already done are never claimed.
#include <cmath>
#include <vector>

#include <doctest/doctest.h>

#include "work/profile.hpp"
#include "work/units.hpp"

namespace {

// A walk over `units` units, as an engine makes it: claim() at each one.
// Returns the units it claimed.
std::vector<long> walk(queens::UnitWalk& walker, long units) {
  std::vector<long> claimed;
  for (long unit = 0; unit < units; ++unit)
    if (walker.claim()) claimed.push_back(unit);
  walker.finish();
  return claimed;
}

// Records what the progress line would be told.
struct SeenProgress final : queens::UnitsProgress {
  bool update(long unitsDone, long units) override {
    last = unitsDone, total = units, ++calls;
    return true;
  }
  long last = 0, total = 0, calls = 0;
};

TEST_CASE("a share and its threads") {
  const queens::Share share{1, 3};  // --part=2/3 of 10 units: units 1, 4 and 7
  SeenProgress progress;
  queens::SharedUnits shared(3, &progress);
  queens::UnitWalk first(2, share, &shared, true), second(2, share, &shared, false);
  std::vector<long> claimedFirst = walk(first, 10), claimedSecond = walk(second, 10);
  CHECK((claimedFirst == std::vector<long>{1, 4, 7}));  // one after the other: the first takes all
  CHECK(claimedSecond.empty());
  CHECK(first.unitsSeen() == 10);
  CHECK((progress.calls == 3 && progress.last == 3 && progress.total == 3));
}

TEST_CASE("units done are skipped") {
  queens::DoneUnits done(3);
  done.add(1);  // the share's second unit, 4, was counted by an earlier run
  CHECK((done.has(1) && !done.has(0) && !done.has(2) && !done.has(-1) && done.count() == 1));
  queens::SharedUnits shared(3, nullptr, &done);
  queens::UnitWalk walker(2, queens::Share{1, 3}, &shared, true);
  CHECK((walk(walker, 10) == std::vector<long>{1, 7}));
}

TEST_CASE("a measure counts and gives up") {
  queens::UnitWalk measure = queens::UnitWalk::measure(3, 5);
  CHECK((walk(measure, 12).empty() && measure.unitsSeen() == 12));  // it claims nothing
  for (int node = 0; node < 4; ++node) CHECK(measure.enter());
  CHECK((!measure.enter() && measure.gaveUp()));  // the fifth node above the depth is too many
}

// A batch of at most three units, as a checkpoint's is of kMostUnits.
struct ThreeUnits final : queens::UnitBatch {
  bool ends() const override { return units.size() == 3; }
  void add(long unit) override { units.push_back(unit); }
  std::vector<long> units;
};

TEST_CASE("a batch ends when full") {
  ThreeUnits batch;
  queens::SharedUnits shared(10, nullptr);
  queens::UnitWalk walker(4, queens::Share{}, &shared, true, &batch);
  CHECK(((walk(walker, 10) == std::vector<long>{0, 1, 2}) && walker.batchEnded()));
  CHECK((batch.units == std::vector<long>{0, 1, 2}));
  ThreeUnits next;  // the next walk claims the next three
  queens::UnitWalk again(4, queens::Share{}, &shared, true, &next);
  CHECK((walk(again, 10) == std::vector<long>{3, 4, 5}));
}

// After an engine fails, no walk claims a unit: nothing more is counted,
// and nothing recorded.
TEST_CASE("abandoned units are not claimed") {
  queens::SharedUnits shared(10, nullptr);
  queens::UnitWalk first(2, queens::Share{}, &shared, true);
  CHECK(first.claim());  // unit 0 is the first walk's
  shared.abandon();
  CHECK(!first.claim());
  queens::UnitWalk second(2, queens::Share{}, &shared, false);
  CHECK(walk(second, 10).empty());
}

// A progress that says stop once two units are done (an estimate's budget).
struct StopsAfterTwo final : queens::UnitsProgress {
  bool update(long unitsDone, long /*units*/) override { return unitsDone < 2; }
};

TEST_CASE("a progress stops the claims") {
  StopsAfterTwo progress;
  queens::SharedUnits shared(10, &progress);
  queens::UnitWalk walker(2, queens::Share{}, &shared, true);
  CHECK((walk(walker, 10) == std::vector<long>{0, 1}));  // unit 1 done: unit 2 is not claimed
}

// The progress line's weights of units: sampled, interpolated between samples.
TEST_CASE("unit profiles") {
  const queens::UnitProfile equal({}, 1, 100);
  CHECK((equal.before(0) == 0 && equal.before(25) == 0.25 && equal.before(100) == 1));
  // Units 0-9 weigh 1 each, 10-19 weigh 3: sampled every 10th unit.
  const queens::UnitProfile sampled({1, 3}, 10, 20);
  CHECK(sampled.before(10) == 10.0 / 40);
  CHECK(sampled.before(15) == 25.0 / 40);  // half the second sample's
  CHECK(sampled.before(20) == 1);
}

// A sample hands out every stride-th unit alone, timed; the rest's walk
// then skips them as done.
TEST_CASE("a sample's units are counted first, each timed") {
  queens::UnitSample sample(10, 4);  // units 0, 4 and 8
  queens::DoneUnits done(10);
  queens::SharedUnits shared(10, nullptr, &done, &sample);
  queens::UnitWalk first(2, queens::Share{}, &shared, true);
  CHECK((walk(first, 10) == std::vector<long>{0, 4, 8}));
  CHECK(sample.timed() == 3);
  for (long unit = 0; unit < 10; unit += sample.stride()) done.add(unit);
  queens::SharedUnits rest(10, nullptr, &done);
  queens::UnitWalk second(2, queens::Share{}, &rest, true);
  CHECK((walk(second, 10) == std::vector<long>{1, 2, 3, 5, 6, 7, 9}));
}

// The whole at the sample's pace, and the costs its times give the units
// between them; a unit not timed (a checkpoint's) weighs the mean.
TEST_CASE("a sample scaled to the whole") {
  queens::UnitSample sample(40, 10);  // units 0, 10, 20 and 30
  sample.time(0, 1.0);
  sample.time(10, 3.0);
  sample.time(30, 2.0);
  sample.setWall(1.5);
  CHECK((sample.size() == 4 && sample.timed() == 3));
  CHECK(sample.wholeSeconds() == doctest::Approx(20));    // 1.5 s for 3 of 40 units
  const queens::UnitProfile profile = sample.profile(1);  // weights 1, 3, 2 (the mean), 2
  CHECK(profile.before(10) == doctest::Approx(1.0 / 8));
  CHECK(profile.before(20) == doctest::Approx(4.0 / 8));
  CHECK(profile.before(30) == doctest::Approx(6.0 / 8));
  CHECK(queens::scaledSample(2, 4, 100) == doctest::Approx(50));
  CHECK(queens::sampleStride(100) == queens::kLeastSampleStride);  // a count's sample is early
  CHECK(queens::sampleStride(1 << 20) == (1 << 20) / queens::kSampleUnits);
}

// A device times its sample in batches: each batch's seconds per work
// holds for the units it stands for, from the batch before's up to a
// stride past its last; the last batch's holds beyond. The model's weights
// scaled by them.
TEST_CASE("a sample timed in a device's batches") {
  queens::UnitSample sample(100, 10);
  CHECK(!sample.timedInBatches());
  sample.timeBatch(0, 2.0, 1);   // unit 0: units 0 to 9
  sample.timeBatch(30, 3.0, 3);  // units 10 to 30: 10 to 39
  sample.timeBatch(90, 1.0, 2);  // units 40 to 90: 40 to 99
  CHECK(sample.timedInBatches());
  CHECK(sample.secondsPerWork(9) == 2.0);
  CHECK((sample.secondsPerWork(10) == 1.0 && sample.secondsPerWork(39) == 1.0));
  CHECK((sample.secondsPerWork(40) == 0.5 && sample.secondsPerWork(150) == 0.5));
  const queens::UnitProfile model({1, 1, 1, 1}, 25, 100);
  const queens::UnitProfile scaled = model.scaled([](long unit) { return unit < 50 ? 3.0 : 1.0; });
  CHECK(scaled.before(50) == doctest::Approx(6.0 / 8));  // weights 3, 3, 1, 1
  CHECK(scaled.before(75) == doctest::Approx(7.0 / 8));
}

// The pace fitted to the samples: where the time follows the units and
// not the model's work, the time left does too; and the other way round.
TEST_CASE("pace fits") {
  queens::PaceFit byUnits, byWork, once;
  for (int second = 1; second <= 5; ++second) {
    const double units = 0.1 * second, work = 1 - (1 - units) * (1 - units);  // early work heavy
    byUnits.add(work, units, second);    // 10% of the units a second
    byWork.add(work, units, 10 * work);  // 10 s for the whole work
  }
  CHECK(std::abs(byUnits.secondsFor(0.25, 0.5) - 5) < 1e-6);   // half the units left: 5 s
  CHECK(std::abs(byWork.secondsFor(0.25, 0.5) - 2.5) < 1e-6);  // a quarter of the work: 2.5 s
  once.add(0.2, 0.1, 2);  // one sample: the model's pace, 10 s for the work
  CHECK(std::abs(once.secondsFor(0.8, 0.9) - 8) < 1e-6);
  const queens::PaceFit none;
  CHECK(none.secondsFor(1, 1) == 0);
}

}  // namespace
