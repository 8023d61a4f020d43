// ===== The GPU engine ========================================================
// The row search on the device (gpu.hpp) behind the engine interface. Its
// units are the CPU row search's over the same border classes, so they are
// named for it (rows, symmetry-rows): a share or checkpoint begun on a
// GPU node goes on on a CPU node, and back. Where no device was found (a
// checkpoint resumed on a CPU node), the CPU counts them.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <memory>

#include "engines/gpu/gpu.hpp"
#include "engines/row_engine.hpp"
#include "engines/search_engine.hpp"

namespace queens {

// The prefixes: about this many for a share of a board (dozens for each of
// a GPU's threads, so that few sit idle at the end), with at least
// kGpuLeastRowsBelow rows below each for the device to search. They are
// listed all the same: measuring them may walk as many nodes above them.
constexpr long kGpuPrefixes = 1 << 23;
constexpr long kGpuMostTopNodes = 1 << 25;
constexpr int kGpuLeastRowsBelow = 4;
// The prefixes to aim at: kGpuPrefixes, or QUEENS_GPU_PREFIXES where it is
// a positive number (to measure others: fewer prefixes make longer ones,
// and a batch lasts as long as its longest).
inline long gpuPrefixTarget() {
  const char* text = std::getenv("QUEENS_GPU_PREFIXES");
  const long asked = text ? std::atol(text) : 0;
  return asked > 0 ? asked : kGpuPrefixes;
}

// The row search on the device; where there is none, the CPU's row search
// counts the same units. Probes, measures and splits are the CPU's search's.
class GpuEngine final : public Engine {
 public:
  // `gpu`: the device, or null (the CPU counts); `parts`: the shares.
  GpuEngine(const Board& board, std::unique_ptr<BorderClasses> classes, GpuAccess* gpu, int parts)
      : cpu_(board, board.n > kNarrowMaxN ? countRowByRow<uint64_t> : countRowByRow<uint32_t>,
             nameOf(Method::kRows), std::move(classes)),
        gpu_(gpu) {
    if (!gpu_ || !gpu_->search()) return;
    gpu_->search()->beginBoard();
    long prefixes = 0;
    const int depth = cpu_.splitDepth(gpuPrefixTarget() * parts, kGpuMostTopNodes, prefixes);
    prefixDepth_ = std::max(0, std::min(depth, board.n - kGpuLeastRowsBelow));
    waitedBefore_ = gpu_->search()->waited();
    handedBefore_ = gpu_->search()->handed();
  }

  const char* name() const override { return gpu_ ? nameOf(Method::kGpuRows) : unitsName(); }
  UnitTiming unitTiming() const override {
    return gpu_ ? UnitTiming::kTogether : UnitTiming::kEach;
  }
  const char* unitsName() const override {
    return nameOf(cpu_.classes() ? Method::kSymmetryRows : Method::kRows);
  }
  Split split(const SplitGoal& goal, bool countsNodes) override {
    const Split split = cpu_.split(goal, countsNodes);
    unitDepth_ = split.depth;
    return split;
  }
  // On the device, a unit's prefixes (the device's work at a steady pace);
  // in blocks, as the sample's are.
  UnitProfile profile(long units, Share share) const override {
    if (!gpu_ || units <= 0) return Engine::profile(units, share);
    const long block = std::max(1L, share.unitsOf(units) / kSampleUnits);
    const UnitsOfShare ofShare{units, share, unitDepth_, block};
    return UnitProfile(prefixesOfUnits(cpu_.board(), cpu_.classes(), ofShare, prefixDepth_),
                       block * share.parts, units);
  }
  // The device counts what claims units, and a whole board; the walks that
  // only probe or measure run here.
  bool count(Job& job, Count& counted) override {
    if (!gpu_ || (job.units && !job.units->claimsUnits())) return cpu_.count(job, counted);
    counted = gpu_->search()->count(cpu_.board(), cpu_.classes(), prefixDepth_, job);
    // A stop dropped the job's units (none is recorded): not a failure.
    if (gpu_->search()->stopped() && job.units && job.units->stopping()) return true;
    return !failure();
  }
  const char* failure() const override { return gpu_ ? gpu_->search()->failure() : nullptr; }
  std::string describe(int threads) const override {
    if (gpu_) return std::string(name()) + " on " + use().device;
    return "the GPU's units (" + cpu_.describe(threads) + "): no OpenCL device here";
  }
  int mostThreads() const override { return gpu_ ? 1 : cpu_.mostThreads(); }
  EngineUse use() const override {
    if (!gpu_) return {};
    const GpuSearch* search = gpu_->search();
    return {0, gpu_->device()->name.c_str(), search ? search->waited() - waitedBefore_ : 0,
            search ? search->handed() - handedBefore_ : 0};
  }

 private:
  SearchEngine cpu_;  // the CPU's row search of the same units
  GpuAccess* gpu_;
  int unitDepth_ = 0;        // the rows of its units (once split)
  int prefixDepth_ = 0;      // the rows of its prefixes
  double waitedBefore_ = 0;  // by the device's search before this board
  double handedBefore_ = 0;
};

}  // namespace queens
