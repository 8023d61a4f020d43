// ===== The join as an engine =================================================
// The join (join_tables.hpp, join.hpp) behind the engine interface: it
// owns the board's tables. Its units are the sets W of west rows with
// slices, fixed by the tables, so a split never probes.
#pragma once

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "engines/engine.hpp"
#include "engines/join/join.hpp"

namespace queens {

// Bytes as a user writes them: 4.8 GiB, 512 MiB, 96 KiB.
inline std::string bytesText(uint64_t bytes) {
  char text[32];
  if (bytes >= uint64_t{1} << 30)
    std::snprintf(text, sizeof text, "%.1f GiB", double(bytes) / double(uint64_t{1} << 30));
  else if (bytes >= uint64_t{1} << 20)
    std::snprintf(text, sizeof text, "%.0f MiB", double(bytes) / double(uint64_t{1} << 20));
  else
    std::snprintf(text, sizeof text, "%.0f KiB", double(bytes) / 1024);
  return text;
}

// Not final: the join on the GPU (gpu_join.hpp) is one, counted on a device.
class JoinEngine : public Engine {
 public:
  // Builds the tables; false if they do not fit the budget.
  bool build(const Board& board, JoinBudget budget) { return tables_.build(board, budget); }

  const char* name() const override { return nameOf(Method::kJoin); }
  Split split(const SplitGoal& /*goal*/, bool /*countsNodes*/) override {
    Split split;
    split.units = tables_.units();
    split.numbering = (tables_.westColumns() << 8 | tables_.northRows()) + 1;
    return split;
  }
  bool count(Job& job, Count& counted) override {
    counted = countJoining(tables_, job, tables_.isa());
    return true;
  }
  // Each W weighs its halves (unitWeight), sampled.
  UnitProfile profile(long units, Share) const override {
    if (units <= 0) return UnitProfile({}, 1, units);
    constexpr long kSamples = 4096;
    const long stride = std::max(1L, units / kSamples);
    std::vector<double> weights;
    long unit = 0;
    forEachUnit([&](Mask west, const Slice*, int) {
      if (unit++ % stride == 0) weights.push_back(tables_.unitWeight(west));
      return true;
    });
    return UnitProfile(weights, stride, units);
  }
  std::string describe(int threads) const override {
    return Engine::describe(threads) + ", its tables in " + bytesText(tables_.allocated());
  }
  EngineUse use() const override { return {tables_.allocated()}; }
  const JoinTables& tables() const { return tables_; }

 protected:
  // Calls visit(W, slices, sliceCount) for each unit, in order, while it
  // returns true.
  template <class Visit>
  void forEachUnit(Visit visit) const {
    Slice slices[kJoinMaxN];
    for (uint64_t west = firstSubset(tables_.westColumns()); west <= allColumns(tables_.n());
         west = nextSubset(west)) {
      const int sliceCount = tables_.slicesOf(Mask(west), slices);
      if (sliceCount > 0 && !visit(Mask(west), slices, sliceCount)) return;
    }
  }

 private:
  JoinTables tables_;
};

}  // namespace queens
