// ===== Counting a board ======================================================
#include "run/board.hpp"

#include <unistd.h>  // isatty

namespace queens {
namespace {

// How one board is counted by this process.
struct Counting {
  int threads = 1;
  bool terminal = false, progressShown = false;
};

// Whether a count with its progress shown counts a spread sample of its
// units first, so that its time left rests on what they cost, measured (the
// engine's model of them can be far off: bench/README.md). Not a share
// with too few units left.
bool samplesFirst(const ProgressLine& line, long units, const DoneUnits& done) {
  return line.showsProgress() && units - done.count() >= kLeastSampleStride * 2;
}

// The sample's units, on the threads; once they are all counted, they join
// the units done, and the progress line takes their costs. A resumed
// count's sample is of the units left: those of a checkpoint are skipped.
Counted countSampleFirst(const UnitRun& run, ProgressLine& line, DoneUnits& done) {
  const long units = run.share.unitsOf(run.split.units);
  UnitSample sample(units, sampleStride(units));
  long toTime = 0;
  for (long unit = 0; unit < units; unit += sample.stride()) toTime += !done.has(unit);
  if (toTime == 0) return {};
  line.beginSample(sample.size());
  const double start = line.elapsed();
  const Counted counted = countUnits(run, done, &line, &sample);
  sample.setWall(line.elapsed() - start);
  if (counted.failed || sample.timed() < toTime)
    return counted;  // a failure, or a stop: no unit is claimed after it
  for (long unit = 0; unit < units; unit += sample.stride())
    if (!done.has(unit)) done.add(unit);
  line.setSample(sample, run.engine.unitTiming() == UnitTiming::kEach);
  return counted;
}

// Counts this process's share of the board with the engine, into `total`.
// A tree too small to split is share 1's. False if the checkpoint refused
// the board's split or the engine failed.
bool countShare(Engine& engine, const Settings& settings, const Counting& counting,
                ProgressLine* line, Report& report, Count& total) {
  const Share share = settings.share;
  Checkpoint* checkpoint = settings.checkpoint;  // which needs units to record
  if (share.parts == 1 && counting.threads == 1 && !counting.progressShown && !checkpoint) {
    Job whole{nullptr, settings.stats};
    const bool counted = engine.count(whole, total);
    report.nodes += whole.nodes;
    return counted;
  }
  const Split split =
      engine.split({kUnitsPerShare * share.parts, kSmallTreeNodes, kMostTopNodes}, settings.stats);
  if (split.units == 0) {
    report.nodes += split.wholeNodes;
    if (share.parts > 1) report.note = ", too small to split: counted by share 1";
    total = share.part == 0 ? split.whole : 0;
    return true;
  }
  if (share.parts > 1) report.numbering = uint64_t(split.units) << 32 | uint32_t(split.numbering);
  if (share.part >= split.units) report.note = ", no unit of work in this share";
  const long units = share.unitsOf(split.units);
  DoneUnits done(units);
  Count resumed = 0;
  if (checkpoint &&
      !checkpoint->resumeSplit(engine.unitsName(), split.units, split.numbering, done, resumed))
    return false;
  if (done.count() > 0) {
    std::snprintf(report.noteText, sizeof report.noteText,
                  ", %ld of %ld units resumed from the checkpoint", done.count(), units);
    report.note = report.noteText;
  }
  if (line) line->setUnits(units, done.count(), engine.profile(split.units, share));
  const UnitRun run{engine, split, share, counting.threads, settings.stats, checkpoint};
  Counted counted;
  if (line && samplesFirst(*line, units, done)) counted = countSampleFirst(run, *line, done);
  if (!counted.failed && !(stopRequested() && checkpoint)) counted += countUnits(run, done, line);
  report.nodes += counted.nodes;
  report.threads = counted.threads;
  // A stop that came once the last unit was recorded left the count whole.
  report.unitsLeft = checkpoint && checkpoint->boardUnitsDone() < checkpoint->boardUnits();
  total = resumed + counted.count;
  return !counted.failed;
}

// The threads, and whether the progress line is drawn: for boards worth
// splitting.
Counting countingOf(const Board& board, const Settings& settings, std::FILE* err) {
  Counting counting;
  if (board.n >= kSplitMinN) {
    counting.threads = settings.threadCount();
    counting.terminal = settings.progress != ProgressMode::kOff && isatty(fileno(err));
    counting.progressShown = settings.progress == ProgressMode::kOn || counting.terminal;
  }
  return counting;
}

// A stream's small board, as the planner plans it (filtersSmallBoard), with
// none of what --stats and --part need: its words, a Plan, a split.
Count countSmallBoard(const Board& board, SmallBoardFilter& filter, Report& report) {
  SmallBoardsEngine engine(board, filter);
  report.method = report.plan = engine.name();
  Job whole;
  Count total = 0;
  engine.count(whole, total);
  return total;
}

// A board's given queens, and its squares reserved before they were pinned.
struct GivenQueens {
  int queens = 0, reserved = 0;
};

// What the planner is asked for the board; `explains`: why, in words.
PlanRequest requestOf(const Settings& settings, const Counting& counting,
                      SmallBoardFilter& smallBoards, const GivenQueens& given, const char* recorded,
                      bool explains) {
  PlanRequest request;
  request.method = settings.method;
  request.budget = {settings.memory, counting.threads};
  request.parts = settings.share.parts;
  request.gpu = settings.gpu();
  request.smallBoards = &smallBoards;
  request.explains = explains;
  request.recorded = recorded;
  request.givenQueens = given.queens;
  request.reservedAsGiven = given.reserved;
  return request;
}

// The board (its given queens pinned) counted by the planner's engine.
Count countPinned(const Board& board, const GivenQueens& given, long boardNumber,
                  const Settings& settings, SmallBoardFilter& smallBoards, std::FILE* err,
                  Report& report) {
  const char* recorded = settings.checkpoint ? settings.checkpoint->recordedPlan() : nullptr;
  if (!settings.stats && settings.share.parts == 1 &&
      filtersSmallBoard(board, settings.method, recorded, &smallBoards))
    return countSmallBoard(board, smallBoards, report);
  Counting counting = countingOf(board, settings, err);
  // The method line and the progress line, from a thread of their own.
  std::unique_ptr<ProgressLine> line;
  if (board.n >= kSplitMinN && (counting.progressShown || settings.methodLine))
    line = std::make_unique<ProgressLine>(err, counting.terminal, counting.progressShown,
                                          boardNumber, board.n, settings.share);
  std::unique_ptr<ProgressTicker> ticker;  // none for a board with no line (a stream's)
  if (line) ticker = std::make_unique<ProgressTicker>(line.get());
  if (line && joinAsked(board, settings.method)) line->setPhase("preparing the join's tables");
  const PlanRequest request =
      requestOf(settings, counting, smallBoards, given, recorded, line || settings.stats);
  Plan plan = planBoard(board, request);
  if (!plan.engine()) {
    std::snprintf(report.failure, sizeof report.failure, "board %ld (%dx%d): %s", boardNumber,
                  board.n, board.n, plan.reason.c_str());
    report.refused = true;
    return 0;
  }
  if (request.explains) report.reason = std::move(plan.reason);
  if (!plan.warning.empty())
    std::fprintf(err, "warning: board %ld (%dx%d): %s\n", boardNumber, board.n, board.n,
                 plan.warning.c_str());
  Engine& engine = *plan.engine();
  counting.threads = std::min(counting.threads, engine.mostThreads());
  report.method = engine.name();
  report.plan = engine.unitsName();
  if (settings.stats) {  // its alone, before the count: the device's wait comes after
    const EngineUse use = engine.use();
    report.bytes = use.bytes;
    report.device = use.device;
  }
  if (line) {
    char head[64];
    std::snprintf(head, sizeof head, "board %ld, %dx%d: counted by ", boardNumber, board.n,
                  board.n);
    line->setMethod(head + engine.describe(counting.threads) + plan.passedOver);
    line->setPhase("splitting the board into units");
  }
  Count total = 0;
  const bool counted = countShare(engine, settings, counting, line.get(), report, total);
  const EngineUse use = engine.use();
  report.deviceWait = use.deviceWait;
  report.deviceHanding = use.deviceHanding;
  if (*use.device) report.deviceStart = settings.gpu()->takeStartSeconds();
  if (counted) return total;
  report.refused = true;
  if (const char* failure = engine.failure())
    std::snprintf(report.failure, sizeof report.failure, "board %ld (%dx%d): %s", boardNumber,
                  board.n, board.n, failure);
  return 0;
}

}  // namespace

Count countBoard(const Board& board, long boardNumber, const Settings& settings,
                 SmallBoardFilter& smallBoards, std::FILE* err, Report& report) {
  if (!hasGivenQueens(board))  // a board with none is not copied (1 KiB)
    return countPinned(board, GivenQueens{}, boardNumber, settings, smallBoards, err, report);
  GivenQueens given;
  for (int r = 0; r < board.n; ++r) {
    given.queens += popcount(board.queens[r]);
    given.reserved += board.n - popcount(board.freeSquares[r]);
  }
  Board pinned = board;
  if (!pinGivenQueens(pinned)) {
    report.method = report.plan = kQueensClash;
    return 0;
  }
  return countPinned(pinned, given, boardNumber, settings, smallBoards, err, report);
}

}  // namespace queens
