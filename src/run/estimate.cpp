// ===== --estimate: what a count will cost, before it runs ==================
#include "run/estimate.hpp"

#include <time.h>    // clock_gettime
#include <unistd.h>  // isatty

#include <memory>
#include <optional>

namespace queens {
namespace {

// The sample is every M-th unit, about kSampleUnits of them (as a count's
// is: work/profile.hpp), in up to kMostRounds rounds.
constexpr long kMostRounds = 16;
// A search on the CPU is split finely, so that the sample is a small share
// of it. A device's engine is split as its count is, and sampled as its
// count's line samples (sampleStride): a sample of a few units would time
// the device's start-up and its launches, not its pace.
constexpr long kEstimateUnits = kSampleUnits * 256;
long estimateUnits(const Engine& engine) {
  return engine.unitTiming() == UnitTiming::kEach ? kEstimateUnits : kUnitsPerShare;
}
long estimateStride(const Engine& engine, long units) {
  return engine.unitTiming() == UnitTiming::kEach ? std::max(1L, units / kSampleUnits)
                                                  : sampleStride(units);
}

double secondsOf(clockid_t clock) {
  timespec now;
  clock_gettime(clock, &now);
  return double(now.tv_sec) + 1e-9 * double(now.tv_nsec);
}

// The sample, every M-th unit (--part=1/M), and its rounds: with R rounds,
// round i counts every (R M)-th unit from the M first(i)-th, so that each
// round spans the whole board, and together they are the sample. The
// firsts go in the order of their bits reversed (0, 8, 4, 12, 2, ... of
// 16), so that the rounds done when the budget runs out are spread too.
class SampleRounds {
 public:
  SampleRounds(long units, long stride)
      : stride_(stride), rounds_(std::min(kMostRounds, sample().unitsOf(units))) {
    long width = 1;  // the next power of 2
    while (width < rounds_) width *= 2;
    for (long index = 0; index < width; ++index) {
      long reversed = 0;
      for (long bit = 1, high = width / 2; bit < width; bit *= 2, high /= 2)
        if (index & bit) reversed |= high;
      if (reversed < rounds_) order_.push_back(reversed);  // those past rounds_ are left out
    }
  }
  long rounds() const { return rounds_; }
  Share sample() const { return Share{0, int(stride_)}; }
  Share round(long round) const {
    return Share{int(order_[size_t(round)] * stride_), int(rounds_ * stride_)};
  }
  // The first round's units, as the sample's units done.
  DoneUnits firstRound(long units) const {
    const long sampled = sample().unitsOf(units);
    DoneUnits done(sampled);
    for (long unit = 0; unit < sampled; unit += rounds_) done.add(unit);
    return done;
  }

 private:
  long stride_, rounds_;
  std::vector<long> order_;
};

// Counts the sample's units done, over all its rounds, for the line, and
// stops the claims once the budget is spent.
class SampleProgress final : public UnitsProgress {
 public:
  SampleProgress(ProgressLine* line, double deadline) : line_(line), deadline_(deadline) {}

  bool update(long /*unitsDone*/, long /*units*/) override {  // one more unit done
    const long done = 1 + done_.fetch_add(1, std::memory_order_relaxed);
    if (line_) line_->update(done, 0);
    return !timeUp();
  }
  bool timeUp() const { return secondsOf(CLOCK_MONOTONIC) >= deadline_; }
  // Whether `seconds` more end well before the budget does.
  bool fits(double seconds) const { return secondsOf(CLOCK_MONOTONIC) + 1.5 * seconds < deadline_; }
  long done() const { return done_.load(std::memory_order_relaxed); }

 private:
  ProgressLine* line_;
  double deadline_;  // CLOCK_MONOTONIC's seconds
  std::atomic<long> done_{0};
};

// The board's progress line, as a count's: for a board worth splitting,
// when --progress asks, or by default when stderr is a terminal.
std::unique_ptr<ProgressLine> lineOf(const Board& board, long boardNumber, const Settings& settings,
                                     std::FILE* err) {
  const bool terminal = isatty(fileno(err));
  if (board.n < kSplitMinN || settings.progress == ProgressMode::kOff ||
      (settings.progress == ProgressMode::kAuto && !terminal))
    return nullptr;
  return std::make_unique<ProgressLine>(err, terminal, true, boardNumber, board.n, Share{});
}

// What the sample measured: its first round on one thread, the rest on the
// estimate's threads, each spread over the board's units, so that the
// figure for each thread count is measured.
struct SampleTimes {
  long firstUnits = 0, restUnits = 0;
  double firstSeconds = 0, restSeconds = 0;
};

// Counts the sample's first round on one thread, then the rest on the
// threads, in one walk if they fit in the budget at that pace (the fewest
// walks over the top of the tree), else round by round until the budget is
// spent. False if the engine failed.
bool countSample(Engine& engine, const Split& split, int threads, const SampleRounds& rounds,
                 SampleProgress& progress, SampleTimes& times) {
  auto count = [&](Share share, const DoneUnits& done, int on) {
    return !countUnits({engine, split, share, on, false, nullptr}, done, &progress).failed;
  };
  double start = secondsOf(CLOCK_MONOTONIC);
  if (!count(rounds.round(0), DoneUnits(), 1)) return false;
  times.firstSeconds = secondsOf(CLOCK_MONOTONIC) - start;
  times.firstUnits = progress.done();
  if (rounds.rounds() == 1 || progress.timeUp()) return true;
  start = secondsOf(CLOCK_MONOTONIC);
  bool counted = true;
  if (progress.fits(times.firstSeconds * double(rounds.rounds() - 1) / threads)) {
    counted = count(rounds.sample(), rounds.firstRound(split.units), threads);
  } else {
    for (long round = 1; round < rounds.rounds() && !progress.timeUp() && counted; ++round)
      counted = count(rounds.round(round), DoneUnits(), threads);
  }
  times.restSeconds = secondsOf(CLOCK_MONOTONIC) - start;
  times.restUnits = progress.done() - times.firstUnits;
  return counted;
}

// The sample's figures scaled to the board's units, as a count's progress
// line scales its own sample (UnitSample): on one thread, and on the
// threads where the budget let the sample's rest run on them.
void scaleSample(const SampleTimes& times, Estimate& estimate) {
  estimate.sampled = times.firstUnits + times.restUnits;
  estimate.oneThread =
      estimate.setupSeconds + scaledSample(times.firstSeconds, times.firstUnits, estimate.units);
  if (estimate.threads == 1) {
    estimate.oneThread =
        estimate.setupSeconds +
        scaledSample(times.firstSeconds + times.restSeconds, estimate.sampled, estimate.units);
  } else if (times.restUnits == 0) {
    estimate.threads = 1;  // measured on one thread alone
  }
  estimate.threadsAll = estimate.threads == 1
                            ? estimate.oneThread
                            : estimate.setupSeconds +
                                  scaledSample(times.restSeconds, times.restUnits, estimate.units);
}

}  // namespace

Estimate estimateBoard(const Board& given, long boardNumber, const Settings& settings,
                       double budget, std::FILE* err) {
  Estimate estimate;
  estimate.budget = budget;
  const double wallStart = secondsOf(CLOCK_MONOTONIC);
  Board board = given;
  if (hasGivenQueens(board) && !pinGivenQueens(board)) return estimate;  // no placement
  std::unique_ptr<ProgressLine> line = lineOf(board, boardNumber, settings, err);
  if (line) line->setBudget(budget);
  std::optional<ProgressTicker> ticker;
  if (line) ticker.emplace(line.get());
  if (line && joinAsked(board, settings.method)) line->setPhase("preparing the join's tables");
  estimate.threads = board.n >= kSplitMinN ? settings.threadCount() : 1;
  PlanRequest request;  // no filter of small boards: a board's own engine
  request.method = settings.method;
  request.budget = {settings.memory, estimate.threads};
  request.gpu = settings.gpu();
  Plan plan = planBoard(board, request);
  if (!plan.engine()) {
    estimate.failure = plan.reason;
    return estimate;
  }
  Engine& engine = *plan.engine();
  estimate.method = engine.name();
  estimate.memory = engine.use().bytes;
  estimate.threads = std::min(estimate.threads, engine.mostThreads());
  if (line) line->setPhase("splitting the board into units");
  const Split split = engine.split({estimateUnits(engine), kSmallTreeNodes, kMostTopNodes}, false);
  estimate.units = split.units;
  estimate.setupSeconds = secondsOf(CLOCK_MONOTONIC) - wallStart;
  if (split.units == 0) {  // counted whole, in a millisecond
    estimate.oneThread = estimate.threadsAll = estimate.setupSeconds;
    return estimate;
  }
  const double sampleStart = secondsOf(CLOCK_MONOTONIC);
  const SampleRounds rounds(split.units, estimateStride(engine, split.units));
  const long planned = rounds.sample().unitsOf(split.units);
  if (line) line->setUnits(planned, 0, UnitProfile({}, 1, planned));  // equal costs
  SampleProgress progress(line.get(), wallStart + budget);
  SampleTimes times;
  if (!countSample(engine, split, estimate.threads, rounds, progress, times))
    estimate.failure = engine.failure() ? engine.failure() : "its engine failed";
  estimate.sampleSeconds = secondsOf(CLOCK_MONOTONIC) - sampleStart;
  scaleSample(times, estimate);
  estimate.timeUp = estimate.sampled < planned;
  return estimate;
}

namespace {

// Seconds as a person reads them: 42 s, 12.5 min, 3.4 h, 2.1 days.
void printDuration(double seconds, std::FILE* out) {
  if (seconds < 120)
    std::fprintf(out, "%.1f s", seconds);
  else if (seconds < 7200)
    std::fprintf(out, "%.1f min", seconds / 60);
  else if (seconds < 172800)
    std::fprintf(out, "%.1f h", seconds / 3600);
  else
    std::fprintf(out, "%.1f days", seconds / 86400);
}

}  // namespace

void printEstimate(const Estimate& estimate, long boardNumber, int n, std::FILE* out) {
  std::fprintf(out, "board %ld, %dx%d, %s: about ", boardNumber, n, n, estimate.method);
  printDuration(estimate.oneThread, out);
  std::fprintf(out, " on 1 thread");
  if (estimate.threads > 1) {
    std::fprintf(out, ", ");
    printDuration(estimate.threadsAll, out);
    std::fprintf(out, " on %d threads", estimate.threads);
  }
  std::fprintf(out, "; memory ");
  if (estimate.memory)
    std::fprintf(out, "%.0f MiB", double(estimate.memory) / double(1 << 20));
  else
    std::fprintf(out, "a few MiB");
  if (estimate.units == 0) {
    std::fprintf(out, " (counted whole)\n");
    return;
  }
  std::fprintf(out, " (%ld of %ld units counted in %.1f s, after %.1f s of setup", estimate.sampled,
               estimate.units, estimate.sampleSeconds, estimate.setupSeconds);
  if (estimate.timeUp) std::fprintf(out, "; the %g s budget ended the sample", estimate.budget);
  std::fprintf(out, ")\n");
}

}  // namespace queens
