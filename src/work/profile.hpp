// ===== A profile of units' costs =============================================
// The relative costs of a board's units, sampled at every stride-th unit of
// every share: what share of the work lies before a unit. They come from a
// cheap model of its engine (the join's: each W's halves), or, better, from
// a sample of the units timed as they are counted (UnitSample). The
// progress line's time left weighs the units done by it, and --estimate
// scales a sample as the progress line does.
#pragma once

#include <algorithm>
#include <vector>

namespace queens {

class UnitProfile {
 public:
  UnitProfile() = default;
  // weights: of units 0, stride, 2 stride...; none: equal costs.
  UnitProfile(const std::vector<double>& weights, long stride, long units)
      : cumulative_(weights.size() + 1, 0.0), stride_(stride), units_(units) {
    for (size_t i = 0; i < weights.size(); ++i) cumulative_[i + 1] = cumulative_[i] + weights[i];
  }

  // The share of the whole work before unit `unit` (of every share; a
  // fraction of a unit takes that share of its work).
  double before(double unit) const {
    if (units_ <= 0) return 0;
    if (cumulative_.size() < 2 || cumulative_.back() <= 0) return unit / double(units_);
    // Each sample stands for the stride of units from it; interpolated within.
    const double samples = unit / double(stride_);
    const size_t whole = std::min(size_t(samples), cumulative_.size() - 1);
    double weight = cumulative_[whole];
    if (whole + 1 < cumulative_.size())
      weight += (samples - double(whole)) * (cumulative_[whole + 1] - cumulative_[whole]);
    return std::min(1.0, weight / cumulative_.back());
  }
  // The profile with each sample's weight times `scaleAt(unit)`, at the
  // sample's first unit: a model's work weighed by what it was measured to
  // cost there (a device's seconds per prefix).
  template <class Scale>
  UnitProfile scaled(Scale scaleAt) const {
    UnitProfile result = *this;
    for (size_t i = 1; i < cumulative_.size(); ++i)
      result.cumulative_[i] = result.cumulative_[i - 1] + (cumulative_[i] - cumulative_[i - 1]) *
                                                              scaleAt(long(i - 1) * stride_);
    return result;
  }

 private:
  std::vector<double> cumulative_;  // before each sample
  long stride_ = 1, units_ = 0;
};

// A sample of about kSampleUnits units: the empty 22x22 board's takes 12 s
// on 2 cores, and its estimate's spread is then a few percent
// (bench/README.md). A count samples at most every 16th unit, so that its
// sample is done early.
constexpr long kSampleUnits = 1024;
constexpr long kLeastSampleStride = 16;
inline long sampleStride(long units) { return std::max(kLeastSampleStride, units / kSampleUnits); }

// The seconds of `units` units at the pace of `sampled` of them, spread
// evenly over them, that took `seconds`.
inline double scaledSample(double seconds, long sampled, long units) {
  return seconds * double(units) / double(std::max(1L, sampled));
}

// A spread sample of a share's units, every stride-th (0, stride, 2 stride
// ...), each timed on the thread that counts it (or, on a device, timed
// together in the batches it counts them in). A count whose progress is
// shown counts its sample first, and --estimate counts one alone: both
// scale it the same way, so they agree. The whole, on the threads that
// counted the sample, is its time scaled by the units it stands for; the
// costs of the units between the sampled ones are interpolated.
class UnitSample {
 public:
  UnitSample() = default;
  UnitSample(long units, long stride)
      : units_(units), stride_(stride), seconds_(size_t((units + stride - 1) / stride), -1.0) {}

  long units() const { return units_; }
  long stride() const { return stride_; }
  long size() const { return long(seconds_.size()); }  // the units sampled
  // Called from the counting threads, each with a unit of its own.
  void time(long unit, double seconds) { seconds_[size_t(unit / stride_)] = seconds; }
  // The sample's time on the threads (set once it is counted), and the
  // units it holds; a unit counted before (a checkpoint's) is not timed.
  void setWall(double seconds) { wall_ = seconds; }
  double wall() const { return wall_; }
  long timed() const {
    return long(std::count_if(seconds_.begin(), seconds_.end(), [](double s) { return s >= 0; }));
  }
  // A device's batch of the sample, done: its units, claimed up to
  // `lastUnit` after the batch before's, took `seconds` for `work` (of the
  // engine's profile). Each sampled unit stands for the stride of units from it.
  void timeBatch(long lastUnit, double seconds, double work) {
    if (work > 0) batches_.push_back({lastUnit + stride_, seconds / work});
  }
  bool timedInBatches() const { return !batches_.empty(); }
  // The seconds per work its batch took where unit `unit` lies (the last
  // batch's beyond it).
  double secondsPerWork(long unit) const {
    auto holds = std::upper_bound(batches_.begin(), batches_.end(), unit,
                                  [](long u, const Batch& batch) { return u < batch.end; });
    return (holds == batches_.end() ? batches_.back() : *holds).secondsPerWork;
  }
  // The whole share's seconds on the same threads, at the sample's pace.
  double wholeSeconds() const { return scaledSample(wall_, timed(), units_); }
  // The profile the times make, for a share of `parts` (a unit not timed
  // weighs the mean).
  UnitProfile profile(int parts) const {
    double total = 0;
    for (double s : seconds_) total += std::max(0.0, s);
    const double mean = total / double(std::max(1L, timed()));
    std::vector<double> weights(seconds_);
    for (double& weight : weights)
      if (weight < 0) weight = mean;
    return UnitProfile(weights, stride_ * parts, units_ * parts);
  }

 private:
  long units_ = 0, stride_ = 1;
  std::vector<double> seconds_;  // each sampled unit's; -1: not timed
  double wall_ = 0;
  struct Batch {
    long end;  // the units it stands for end here
    double secondsPerWork;
  };
  std::vector<Batch> batches_;  // a device's, in the order counted
};

// The pace of a count, fitted to what it has done: its seconds so far as
// a * work + b * units, the shares of the modelled work and of the units
// done since its units began (least squares over each sample, neither
// coefficient negative). The model alone misses where its weights do not
// follow the costs (the empty 19x19 board's last 30% of units cost 30% of
// the time, and the model gave them 2%); units alike miss where the costs
// do follow it (20x20). The samples tell which holds. With one sample, or
// when the two cannot be told apart, it keeps to the model.
class PaceFit {
 public:
  void add(double work, double units, double seconds) {
    ww_ += work * work;
    uu_ += units * units;
    wu_ += work * units;
    wt_ += work * seconds;
    ut_ += units * seconds;
    tt_ += seconds * seconds;
  }
  // Seconds for `work` and `units` more.
  double secondsFor(double work, double units) const {
    const double det = ww_ * uu_ - wu_ * wu_;
    if (det > 1e-6 * ww_ * uu_) {  // the two apart: both coefficients
      const double a = (wt_ * uu_ - ut_ * wu_) / det, b = (ut_ * ww_ - wt_ * wu_) / det;
      if (a >= 0 && b >= 0) return a * work + b * units;
    }
    if (!(ww_ > 0)) return 0;
    // One of them: the one whose fit leaves less, the model on a tie.
    const double byWork = tt_ - wt_ * wt_ / ww_;
    const double byUnits = uu_ > 0 ? tt_ - ut_ * ut_ / uu_ : byWork;
    return byUnits < byWork - 1e-9 * tt_ ? ut_ / uu_ * units : wt_ / ww_ * work;
  }

 private:
  double ww_ = 0, uu_ = 0, wu_ = 0, wt_ = 0, ut_ = 0, tt_ = 0;
};

}  // namespace queens
