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

}  // namespace queens
