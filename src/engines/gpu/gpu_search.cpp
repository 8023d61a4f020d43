// ===== The GPU engine: listing the prefixes =================================
#include "engines/gpu/gpu.hpp"
#include "engines/row_engine.hpp"

namespace queens {

void PrefixBatch::clear() {
  freeRows.clear(), weights.clear();
  boardOf.clear(), rowOf.clear(), columns.clear(), sums.clear(), differences.clear();
}

uint32_t PrefixBatch::addBoard(const Board& board, unsigned weight) {
  n = board.n;
  freeRows.insert(freeRows.end(), board.freeSquares, board.freeSquares + board.n);
  weights.push_back(weight);
  return uint32_t(weights.size() - 1);
}

Count PrefixBatch::weigh(const std::vector<uint64_t>& counts,
                         const std::vector<uint32_t>& boards) const {
  Count placements = 0;
  for (size_t i = 0; i < counts.size(); ++i) placements += Count(weights[boards[i]]) * counts[i];
  return placements;
}

void PrefixBatch::add(uint32_t board, int row, uint64_t columnMask, uint64_t sumMask,
                      uint64_t differenceMask) {
  boardOf.push_back(board), rowOf.push_back(uint8_t(row));
  columns.push_back(columnMask), sums.push_back(sumMask), differences.push_back(differenceMask);
}

namespace {

// Lists the prefixes below one node, with the judge's search on the rows
// above `depth`: each placement of those rows is a prefix, whose masks on
// row `depth` are the node's, shifted, and its queens'. Each prefix goes to
// `add(row, columns, sums, differences)`.
template <class Mask, class Add>
class PrefixLister : public PlacementObserver {
 public:
  PrefixLister(const Board& board, int depth, Add& add) : top_(board), add_(add) { top_.n = depth; }

  void list(int row, Mask columns, Mask sums, Mask differences) {
    if (row >= top_.n) {  // the node is a prefix itself
      add_(row, columns, sums, differences);
      return;
    }
    from_ = row;
    columns_ = columns;
    sums_ = sums;
    differences_ = differences;
    searchRows<Mask>(top_, row, columns, sums, differences, *this);
  }
  // The nodes it visited: a call of the search follows each queen placed,
  // as every row it lists lies above the last.
  Count nodes() const { return nodes_; }

  void place(int row, int column) {
    PlacementObserver::place(row, column);
    ++nodes_;
  }
  // A queen `apart` rows up takes, in row `depth`, the squares `apart`
  // columns to its sides.
  void placement() {
    const int depth = top_.n;
    Mask columns = columns_, sums = sums_ >> (depth - from_),
         differences = Mask(differences_ << (depth - from_));
    for (int r = from_; r < depth; ++r) {
      const Mask queen = Mask{1} << queenColumns[r];
      columns |= queen;
      sums |= queen >> (depth - r);
      differences |= Mask(queen << (depth - r));
    }
    add_(depth, columns, sums, differences);
  }

 private:
  Board top_;  // the board cut to the rows above the prefixes
  Add& add_;
  int from_ = 0;
  Mask columns_ = 0, sums_ = 0, differences_ = 0;
  Count nodes_ = 0;
};

// Seconds since `start`.
double secondsFrom(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Lists the prefixes of the units a job claims (with none, of the whole
// board) to `add(row, columns, sums, differences)`; the job's nodes grow
// by those walked.
template <class Mask, class Add>
void listPrefixes(const Board& board, int depth, Job& job, Add& add) {
  PrefixLister<Mask, Add> lister(board, depth, add);
  if (!job.units) {
    job.nodes += 1;  // the search's first call
    lister.list(0, 0, 0, 0);
  } else {
    auto listUnit = [&](const Board&, int row, Mask columns, Mask sums, Mask differences) {
      lister.list(row, columns, sums, differences);
      return Count{0};  // counted with the batch
    };
    RowUnits<Mask, decltype(listUnit)> walk(board, *job.units, listUnit);
    walk.count();
    job.nodes += walk.nodes();
  }
  job.nodes += lister.nodes();
}

// Calls visit(board, weight, mask) for each border class's board, weighted
// by the class's size, or for the board itself (weight 1), with a mask of
// the narrowest type that holds a row of the board.
template <class Visit>
void forEachBoard(const Board& board, const BorderClasses* classes, Visit visit) {
  auto withMask = [&](const Board& one, unsigned weight) {
    if (board.n > kNarrowMaxN)
      visit(one, weight, uint64_t{0});
    else
      visit(one, weight, uint32_t{0});
  };
  if (classes)
    classes->forEach(board, withMask);
  else
    withMask(board, 1);
}

}  // namespace

PrefixBatch* GpuSearch::nextBatch() {
  const auto start = std::chrono::steady_clock::now();
  PrefixBatch* batch = counter_.nextBatch();
  waited_ += secondsFrom(start);
  if (batch) progress_.allButLastDone();
  return batch;
}

Count GpuSearch::count(const Board& board, const BorderClasses* classes, int depth, Job& job) {
  UnitWalk* walk = job.units;
  if (stopped_ && walk) return stop(*walk);
  counter_.watchStop([this, walk] {
    progress_.tick();
    return walk && walk->stopping();
  });
  progress_.begin(walk);
  if (walk) walk->defersDone();  // told as the device counts them
  batch_ = failed_ ? nullptr : nextBatch();
  if (!batch_) failed_ = true, batch_ = &discarded_;
  forEachBoard(board, classes, [&](const Board& one, unsigned weight, auto mask) {
    countBoard<decltype(mask)>(one, weight, depth, job);
  });
  if (walk && walk->stopping()) return stop(*walk);
  launchBatch(job);
  Count placements = 0, nodes = 0;
  const auto start = std::chrono::steady_clock::now();
  if (!failed_ && !counter_.finish(placements, nodes)) failed_ = true;
  waited_ += secondsFrom(start);
  if (!failed_) progress_.allDone();
  if (failed_ && walk && walk->stopping()) return stop(*walk);  // while it waited
  job.nodes += nodes;
  forgetWalk();
  return placements;
}

void BatchProgress::launched(double work, bool midUnit) {
  if (walk_)
    inFlight_.push_back(
        {walk_->unitsClaimed() - midUnit, walk_->lastClaimed(), work, Clock::now()});
}

void BatchProgress::allButLastDone() { doneLeaving(1); }

void BatchProgress::doneLeaving(size_t inFlight) {
  for (; inFlight_.size() > inFlight; inFlight_.pop_front()) {
    const InFlight& done = inFlight_.front();
    const Clock::time_point now = Clock::now();
    const double seconds = std::chrono::duration<double>(now - startOf(done)).count();
    if (timesSample_) walk_->batchTimed(done.lastUnit, seconds, done.work);
    secondsDone_ += seconds;
    workDone_ += done.work;
    lastDone_ = now;
    doneUnits_ = done.units;
    walk_->unitsCounted(done.units);
    toldAtDone_ = walk_->unitsTold();
  }
}

// The batches in flight run one after another, each at the board's pace
// so far: the one under way by now, and its share. At most 95% of the last
// one: a batch that runs longer than the pace says waits there until the
// host sees it done.
void BatchProgress::tick() {
  if (inFlight_.empty() || !(secondsDone_ > 0)) return;
  const double secondsPerWork = secondsDone_ / workDone_;
  double seconds = std::chrono::duration<double>(Clock::now() - startOf(inFlight_.front())).count();
  // Where the line ran ahead of the batch that was done last (it took
  // longer than the pace said), the next goes on from there.
  long unitsBefore = std::max(doneUnits_, toldAtDone_);
  for (const InFlight& batch : inFlight_) {
    const double takes = batch.work * secondsPerWork;
    const bool last = &batch == &inFlight_.back();
    if (seconds < takes || last) {
      const double share = std::min(last ? 0.95 : 1.0, seconds / takes);
      walk_->unitsCounted(unitsBefore + long(share * double(batch.units - unitsBefore)));
      return;
    }
    seconds -= takes;
    unitsBefore = batch.units;
  }
}

// A stop under --checkpoint: the batches under way are left to the device
// rather than waited for (a batch may take seconds, and the stop is asked
// to be quick), and the job's units are dropped, to be counted again when
// the count resumes.
Count GpuSearch::stop(UnitWalk& walk) {
  counter_.abandon();
  walk.dropBatch();
  stopped_ = failed_ = true;
  forgetWalk();
  return 0;
}

// The count's walk ends with it: nothing that outlasts the count holds it.
void GpuSearch::forgetWalk() {
  counter_.watchStop({});
  progress_.begin(nullptr);
}

// Lists the board's prefixes (the units the job claims, or the whole
// board) into the batch, which the device counts whenever it is full.
template <class Mask>
void GpuSearch::countBoard(const Board& board, unsigned weight, int depth, Job& job) {
  long inBatch = -1;  // the board's number in the batch, once it has a prefix there
  auto add = [&](int row, Mask columns, Mask sums, Mask differences) {
    if (inBatch < 0 || batch_->weights.empty()) inBatch = batch_->addBoard(board, weight);
    batch_->add(uint32_t(inBatch), row, columns, sums, differences);
    if (batch_->prefixes() >= rampPrefixes_) launchBatch(job, true);
  };
  listPrefixes<Mask>(board, depth, job, add);
}

// Starts the device on the batch filled, and takes the next one to fill
// (once the device is done with what that one held before). After a
// failure the prefixes go on being listed, into a batch that is dropped.
void GpuSearch::launchBatch(Job& job, bool midUnit) {
  if (batch_->prefixes() == 0) return;
  progress_.launched(double(batch_->prefixes()), midUnit);
  rampPrefixes_ = std::min(batchPrefixes_, 4 * rampPrefixes_);
  const double buildingBefore = counter_.secondsBuilding();
  const auto start = std::chrono::steady_clock::now();
  if (!failed_ && !counter_.launch(job.countsNodes)) failed_ = true;
  handed_ += secondsFrom(start) - (counter_.secondsBuilding() - buildingBefore);
  if (!failed_) batch_ = nextBatch();
  if (!batch_ || failed_) failed_ = true, batch_ = &discarded_;
  batch_->clear();
}

std::vector<double> prefixesOfUnits(const Board& board, const BorderClasses* classes,
                                    const UnitsOfShare& units, int depth) {
  const long shareUnits = units.share.unitsOf(units.all), block = units.block;
  std::vector<double> prefixes(size_t((shareUnits + block - 1) / block), 0.0);
  SharedUnits shared(shareUnits, nullptr);
  UnitWalk walk(units.depth, units.share, &shared, false);
  Job listing{&walk, false};
  auto tally = [&](int, auto, auto, auto) {
    prefixes[size_t((walk.unitsClaimed() - 1) / block)] += 1;
  };
  forEachBoard(board, classes, [&](const Board& one, unsigned, auto mask) {
    listPrefixes<decltype(mask)>(one, depth, listing, tally);
  });
  return prefixes;
}

}  // namespace queens
