// ===== Choosing the plan ==================================================
#include "run/plan.hpp"

namespace queens {
namespace {

// Whether auto counts the board by the join (given queens already pinned).
bool joinWins(const Board& board) {
  // Not the CPU's instruction set: it changes how fast a unit counts, never
  // which units there are, so that shares of any mix of machines add up.
  if (board.n < kJoinMinN || board.n > kJoinMaxN) return false;
  int reserved = 0;
  for (int r = 0; r < board.n; ++r) reserved += board.n - popcount(board.freeSquares[r]);
  int most = board.n >= 16 ? kJoinMostReservedPercentFrom16 : kJoinMostReservedPercent;
  return reserved * 100 <= most * board.n * board.n;
}

}  // namespace

bool joinAsked(const Board& board, Method method) {
  return board.n <= kJoinMaxN &&
         (method == Method::kJoin || (method == Method::kAuto && joinWins(board)));
}

GpuEngine* GpuAccess::engine() {
  if (!tried_) {
    tried_ = true;
    if (openGpuDevice(device_, why_)) engine_ = std::make_unique<GpuEngine>(*device_.counter);
  }
  return engine_.get();
}

namespace {

// Whether the board is counted on the GPU: as asked, or by auto on a device
// of GPU type (not a CPU's, such as pocl's), from the size where it beat the
// join, on the boards the join would take.
bool gpuChosen(const Board& board, Method method, GpuAccess* gpu) {
  if (method == Method::kGpu) return true;
  return method == Method::kAuto && board.n >= kGpuMinN && joinWins(board) && gpu &&
         gpu->engine() && gpu->device().isGpu;
}

// The GPU's plan: the border classes if the board has symmetry, and the
// depth of the prefixes, about kGpuPrefixes in each of `parts` shares.
void planGpu(const Board& board, GpuAccess& gpu, int parts, Plan& plan) {
  plan.gpu = &gpu;
  plan.name = "gpu";
  Symmetry symmetries[kSymmetries];
  const bool trySymmetry = board.n >= 2 && board.n <= kSymmetryMaxN;
  int symmetryCount = trySymmetry ? boardSymmetries(board, symmetries) : 1;
  plan.symmetric = symmetryCount > 1 && plan.classes.list(board, symmetries, symmetryCount);
  plan.engine = board.n > kNarrowMaxN ? countRowByRow<uint64_t> : countRowByRow<uint32_t>;
  long prefixes = 0;
  const int depth = chooseSplitDepth(board, plan, kGpuPrefixes * parts, prefixes, kGpuMostTopNodes);
  plan.gpuDepth = std::max(0, std::min(depth, board.n - kGpuLeastRowsBelow));
}

}  // namespace

// Chooses the GPU if asked, or if auto finds it faster; else the join if
// the method or auto asks for it and its tables fit; else a search.
void choosePlan(const Board& board, Method method, JoinBudget budget, Plan& plan, GpuAccess* gpu,
                int parts) {
  if (gpu && gpuChosen(board, method, gpu) && gpu->engine())
    return gpu->engine()->setBudget(budget.bytes), planGpu(board, *gpu, parts, plan);
  bool automatic = method == Method::kAuto;
  if (joinAsked(board, method) && plan.join.build(board, budget)) {
    plan.joined = true;
    plan.name = "join";
    return;
  }
  automatic = automatic || method == Method::kJoin;  // too big to join: search
  bool trySymmetry = automatic
                         ? board.n >= kSymmetryMinN && board.n <= kSymmetryMaxN
                         : method == Method::kSymmetryRows || method == Method::kSymmetryPropagate;
  Symmetry symmetries[kSymmetries];
  int symmetryCount = trySymmetry && board.n >= 2 ? boardSymmetries(board, symmetries) : 1;
  plan.symmetric = symmetryCount > 1 && plan.classes.list(board, symmetries, symmetryCount);
  bool propagate = automatic
                       ? board.n >= (plan.symmetric ? kSymmetricPropagateMinN : kPropagateMinN)
                       : method == Method::kPropagate || method == Method::kSymmetryPropagate;
  propagate = propagate && cpu().popcnt;    // else the same count, found more slowly
  const bool wide = board.n > kNarrowMaxN;  // 64-bit masks
  plan.engine = propagate ? (wide ? countPropagating<uint64_t> : countPropagating<uint32_t>)
                          : (wide ? countRowByRow<uint64_t> : countRowByRow<uint32_t>);
  plan.name = plan.symmetric ? (propagate ? "symmetry-propagate" : "symmetry-rows")
                             : (propagate ? "propagate" : "rows");
}

// Bytes as a user writes them: 4.8 GiB, 512 MiB.
std::string bytesText(uint64_t bytes) {
  char text[32];
  if (bytes >= uint64_t{1} << 30)
    std::snprintf(text, sizeof text, "%.1f GiB", double(bytes) / double(uint64_t{1} << 30));
  else
    std::snprintf(text, sizeof text, "%.0f MiB", double(bytes) / double(uint64_t{1} << 20));
  return text;
}

std::string describePlan(const Board& board, long boardNumber, const Plan& plan, Method method,
                         JoinBudget budget) {
  char line[320];
  if (plan.gpu) {
    std::snprintf(line, sizeof line, "board %ld, %dx%d: counted by gpu on %s", boardNumber, board.n,
                  board.n, plan.gpu->device().name.c_str());
    return line;
  }
  int length = std::snprintf(line, sizeof line, "board %ld, %dx%d: counted by %s on %d thread%s",
                             boardNumber, board.n, board.n, plan.name, budget.threads,
                             budget.threads == 1 ? "" : "s");
  if (plan.joined) {
    std::snprintf(line + length, sizeof line - size_t(length), ", its tables in %s",
                  bytesText(plan.join.allocated()).c_str());
  } else if (joinAsked(board, method)) {                   // passed over for memory
    constexpr uint64_t kMostTallied = uint64_t{16} << 30;  // seconds of tally at most
    JoinTables measure;
    const uint64_t needed = measure.bytesNeeded(board, budget, kMostTallied);
    const uint64_t gib = uint64_t{1} << 30, mib = uint64_t{1} << 20;
    char memory[32];
    if (needed >= gib)
      std::snprintf(memory, sizeof memory, "%lluG", (unsigned long long)((needed + gib - 1) / gib));
    else
      std::snprintf(memory, sizeof memory, "%lluM", (unsigned long long)((needed + mib - 1) / mib));
    if (needed > kMostTallied)
      std::snprintf(line + length, sizeof line - size_t(length),
                    "; the join would need more than %s, and --memory allows %s",
                    bytesText(kMostTallied).c_str(), bytesText(budget.bytes).c_str());
    else
      std::snprintf(line + length, sizeof line - size_t(length),
                    "; the join would need %s, and --memory allows %s: --memory=%s lets it run",
                    bytesText(needed).c_str(), bytesText(budget.bytes).c_str(), memory);
  }
  return line;
}

UnitProfile profileOf(const Plan& plan, long units) {
  if (!plan.joined || units <= 0) return UnitProfile({}, 1, units);  // equal costs
  constexpr long kSamples = 4096;
  const long stride = std::max(1L, units / kSamples);
  std::vector<double> weights;
  Slice slices[kJoinMaxN];
  const JoinTables& join = plan.join;
  long unit = 0;
  for (uint64_t west = firstSubset(join.westColumns()); west <= allColumns(join.n());
       west = nextSubset(west)) {
    if (join.slicesOf(Mask(west), slices) == 0) continue;
    if (unit++ % stride == 0) weights.push_back(join.unitWeight(Mask(west)));
  }
  return UnitProfile(std::move(weights), stride, units);
}

int chooseSplitDepth(const Board& board, const Plan& plan, long target, long& units,
                     long mostTopNodes) {
  for (int depth = 0;; ++depth) {  // depth 0 has no node above it
    UnitWalk measure = UnitWalk::measure(depth, mostTopNodes);
    Job measuring{&measure, false};
    countWithPlan(board, plan, measuring);
    if (measure.gaveUp()) return depth - 1;  // `units` still holds its count
    units = measure.unitsSeen();
    if (units >= target || depth == board.n - 1) return depth;
  }
}

Count countWithPlan(const Board& board, const Plan& plan, Job& job) {
  // The GPU counts units; the walks that only measure or probe run here.
  if (plan.gpu && (!job.units || job.units->claimsUnits()))
    return plan.gpu->engine()->count(board, plan.symmetric ? &plan.classes : nullptr, plan.gpuDepth,
                                     job);
  if (plan.joined) return countJoining(plan.join, job, plan.join.isa());
  return plan.symmetric ? plan.classes.count(board, plan.engine, job) : plan.engine(board, job);
}

}  // namespace queens
