// ===== A profile of units' costs =============================================
// The relative costs of a board's units, from a cheap model of its engine
// (the join's: each W's halves), sampled at every stride-th unit of every
// share: what share of the work lies before a unit. The progress line's
// time left weighs the units done by it.
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

  // The share of the whole work before unit `unit` (of every share).
  double before(long unit) const {
    if (units_ <= 0) return 0;
    if (cumulative_.size() < 2 || cumulative_.back() <= 0) return double(unit) / double(units_);
    // Each sample stands for the stride of units from it; interpolated within.
    const double samples = double(unit) / double(stride_);
    const size_t whole = std::min(size_t(samples), cumulative_.size() - 1);
    double weight = cumulative_[whole];
    if (whole + 1 < cumulative_.size())
      weight += (samples - double(whole)) * (cumulative_[whole + 1] - cumulative_[whole]);
    return std::min(1.0, weight / cumulative_.back());
  }

 private:
  std::vector<double> cumulative_;  // before each sample
  long stride_ = 1, units_ = 0;
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
    ww_ += work * work, uu_ += units * units, wu_ += work * units;
    wt_ += work * seconds, ut_ += units * seconds, tt_ += seconds * seconds;
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
