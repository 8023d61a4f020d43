// ===== Units of work =======================================================
// For --threads, --part and the progress line. A search tree is cut at a
// fixed depth (queens placed); each node there is a unit, numbered in the
// search's order on every machine. Every thread walks the top of the tree
// and counts the units it claims: --part=K/M keeps unit i if i % M == K - 1
// (neighbours, which cost alike, go to different shares), and a share's
// threads claim them one at a time, so they finish together.
#pragma once

#include <time.h>  // clock_gettime: a sample's units are timed

#include <atomic>
#include <climits>
#include <vector>

#include "work/profile.hpp"
#include "work/wide.hpp"

namespace queens {

// A share of the work: --part=K/M counts every M-th unit from the K-th.
struct Share {
  int part = 0, parts = 1;  // share part + 1 of parts, as --part=K/M says
  // How many of `units` (those of every share) are this share's.
  long unitsOf(long units) const { return units / parts + (part < units % parts); }
};

// Told of each unit done (the progress line, which is drawn above this
// layer). False: no thread claims another unit (an estimate's time is up).
class UnitsProgress {
 public:
  virtual bool update(long unitsDone, long units) = 0;

 protected:
  ~UnitsProgress() = default;
};

class SharedUnits;  // the threads' common state, below
class UnitWalk;

// What one call of an engine counts and reports.
struct Job {
  UnitWalk* units = nullptr;  // null: the whole board; else the units it claims
  bool countsNodes = false;   // --stats
  int worker = 0;             // which thread: the join's work space is its own
  Count nodes = 0;            // nodes visited, when countsNodes
};

// Where a walk puts the units it claims when they are recorded in batches
// (a checkpoint's): it claims no more once the batch ends, so that the
// engine returns the batch's count, which is recorded with its units. The
// next walk over the top of the tree (which is small) counts the next.
class UnitBatch {
 public:
  // Whether to stop before claiming another unit.
  virtual bool ends() const = 0;
  virtual void add(long unit) = 0;
  // Whether a stop was asked for: an engine that cannot finish its units
  // at once (a device's batch under way) drops them, to be counted again
  // when the count resumes.
  virtual bool stopping() const { return false; }
  // Forgets the units added since the batch began: none of them is counted.
  virtual void drop() {}

 protected:
  ~UnitBatch() = default;
};

// The units of one board's share already counted (a resumed checkpoint): a
// bit each, so the claims skip them.
class DoneUnits {
 public:
  explicit DoneUnits(long units = 0) : bits_((units + 63) / 64) {}
  bool has(long unit) const {
    return unit >= 0 && unit / 64 < long(bits_.size()) && (bits_[unit / 64] >> unit % 64 & 1);
  }
  void add(long unit) { bits_[unit / 64] |= uint64_t{1} << unit % 64, ++count_; }
  long count() const { return count_; }

 private:
  std::vector<uint64_t> bits_;
  long count_ = 0;
};

// One thread's walk over the top of a search tree: engines call enter()
// above the split depth, claim() on it.
class UnitWalk {
 public:
  // Counts the board whole, unless it visits `most` nodes: then it gives up.
  static UnitWalk probe(long most) {
    UnitWalk walk(kMaxN, Share{}, nullptr, true);  // no node is that deep
    walk.mostTopNodes_ = most;
    return walk;
  }
  // Counts nothing: how many units `depth` gives, unless the walk above it
  // visits `most` nodes.
  static UnitWalk measure(int depth, long most) {
    UnitWalk walk(depth, Share{}, nullptr, false);
    walk.mostTopNodes_ = most;
    return walk;
  }
  // Counts the units of `share` that it claims from `shared`; with a batch,
  // that batch's units alone.
  UnitWalk(int depth, Share share, SharedUnits* shared, bool reportsTop, UnitBatch* batch = nullptr)
      : depth_(depth), share_(share), shared_(shared), reportsTop_(reportsTop), batch_(batch) {}

  int depth() const { return depth_; }
  // Whether it claims units to count (a probe and a measure claim none).
  bool claimsUnits() const { return shared_ != nullptr; }
  // Whether it reports the nodes above the split depth (one thread does).
  bool reportsTop() const { return reportsTop_; }
  long unitsSeen() const { return seen_; }
  bool gaveUp() const { return gaveUp_; }
  // Whether its batch ended before the walk did: more units may be left.
  bool batchEnded() const { return batchEnded_; }
  // Whether a stop was asked for (UnitBatch::stopping), and, once the
  // engine gives up its units, that none of them is recorded.
  bool stopping() const { return batch_ && batch_->stopping(); }
  void dropBatch() {
    if (batch_) batch_->drop();
  }

  // Whether to search below a node above the split depth.
  bool enter() {
    gaveUp_ = gaveUp_ || ++topNodes_ >= mostTopNodes_;
    return !gaveUp_ && !batchEnded_;
  }
  // Called at each unit, in the search's order: whether this walk counts it.
  bool claim();
  // Called when the walk is over: the last claimed unit is done.
  void finish();
  // For an engine that counts a unit after the walk has passed it (a
  // device's batches): the progress hears of units when the engine says,
  // by unitsCounted (the first `units` claimed), not as the walk passes
  // them; finish() tells of the rest.
  void defersDone() { defers_ = true; }
  long unitsClaimed() const { return claims_; }
  void unitsCounted(long units);
  long unitsTold() const { return told_; }
  // The unit of the share claimed last, and, while a sample is counted,
  // the time of a batch of its units, up to that one (UnitSample::timeBatch).
  long lastClaimed() const { return counted_; }
  void batchTimed(long lastUnit, double seconds, double work);

 private:
  void closeUnit();  // the unit claimed last is listed (and, unless deferred, done)
  static double now() {
    timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return double(time.tv_sec) + 1e-9 * double(time.tv_nsec);
  }

  int depth_;
  Share share_;
  SharedUnits* shared_;  // null: claims nothing
  bool reportsTop_;
  UnitBatch* batch_;  // null: every unit it can claim
  bool batchEnded_ = false;
  long seen_ = 0;                                // units met, of every share
  long claimed_ = -1;                            // the unit of this share this walk holds, or -1
  bool counting_ = false;                        // a claimed unit is being counted
  long counted_ = 0;                             // which, for a sample's time
  double countStart_ = 0;                        // when it began (a sample's units alone)
  bool defers_ = false;                          // the engine tells when units are counted
  long claims_ = 0, told_ = 0;                   // units claimed, and told done
  long topNodes_ = 0, mostTopNodes_ = LONG_MAX;  // nodes above the split depth
  bool gaveUp_ = false;
};

// What one board's threads share: the next unit to hand out, the units done.
class SharedUnits {
 public:
  // `done`: units counted before, which no walk claims (null: none).
  // `sample`: only its units are handed out, and each is timed (null: all).
  SharedUnits(long units, UnitsProgress* progress, const DoneUnits* done = nullptr,
              UnitSample* sample = nullptr)
      : units_(units), progress_(progress), done_(done), sample_(sample) {
    if (done) unitsDone_ = done->count();
  }
  long claimNext() {
    const long step = sample_ ? sample_->stride() : 1;
    long unit;
    do unit = nextUnit_.fetch_add(step, std::memory_order_relaxed);
    while (done_ && done_->has(unit));
    return unit;
  }
  UnitSample* sample() const { return sample_; }
  // After a failure, or when the progress says so: no walk claims another
  // unit (those claimed go on).
  void abandon() { nextUnit_.store(LONG_MAX / 2, std::memory_order_relaxed); }
  void unitDone() {
    long done = 1 + unitsDone_.fetch_add(1, std::memory_order_relaxed);
    if (progress_ && !progress_->update(done, units_)) abandon();
  }

 private:
  std::atomic<long> nextUnit_{0}, unitsDone_{0};  // counted within the share
  long units_;
  UnitsProgress* progress_;  // null: no progress line
  const DoneUnits* done_;
  UnitSample* sample_;
};

// Each thread walks every unit and claims the next free one of its share:
// the counter only grows, so each unit gets one thread.
inline bool UnitWalk::claim() {
  closeUnit();
  long index = seen_++;
  if (batchEnded_ || !shared_ || index % share_.parts != share_.part) return false;
  if (claimed_ < 0) {
    if (batch_ && batch_->ends()) {
      batchEnded_ = true;
      return false;
    }
    claimed_ = shared_->claimNext();
  }
  if (index / share_.parts != claimed_) return false;
  if (batch_) batch_->add(claimed_);
  if (shared_->sample()) countStart_ = now();
  counted_ = claimed_;
  claimed_ = -1;
  counting_ = true;
  ++claims_;
  return true;
}

inline void UnitWalk::unitsCounted(long units) {
  for (; told_ < units; ++told_) shared_->unitDone();
}

inline void UnitWalk::batchTimed(long lastUnit, double seconds, double work) {
  if (shared_ && shared_->sample()) shared_->sample()->timeBatch(lastUnit, seconds, work);
}

inline void UnitWalk::closeUnit() {
  if (counting_ && shared_->sample()) shared_->sample()->time(counted_, now() - countStart_);
  if (counting_ && !defers_) shared_->unitDone();
  counting_ = false;
}

inline void UnitWalk::finish() {
  closeUnit();
  if (defers_) unitsCounted(claims_);
}

}  // namespace queens
