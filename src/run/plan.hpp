// ===== Choosing the plan ==================================================
// Which engine counts a board: the join, or a search with or without
// propagation and symmetry, by the method asked for or by auto's rules
// (plan.cpp, where the engines' templates are made for the plans).
#pragma once

#include <string>

#include "engines/gpu.hpp"
#include "engines/join.hpp"
#include "engines/propagation.hpp"
#include "engines/row_engine.hpp"
#include "engines/symmetry.hpp"
#include "run/progress.hpp"

namespace queens {

enum class Method { kAuto, kRows, kPropagate, kSymmetryRows, kSymmetryPropagate, kJoin, kGpu };
constexpr const char* kMethodNames[] = {
    "auto", "rows", "propagate", "symmetry-rows", "symmetry-propagate", "join", "gpu"};
constexpr int kMethods = sizeof kMethodNames / sizeof *kMethodNames;

// Where auto switches engines: each engine's section says why.
constexpr int kPropagateMinN = 10, kSymmetricPropagateMinN = 13;
constexpr int kJoinMinN = 14;
constexpr int kJoinMostReservedPercent = 15, kJoinMostReservedPercentFrom16 = 20;
// auto counts on a GPU the boards that it would join, from 19x19: on an
// H200 the GPU took 2.27 s for the empty 19x19 board and the join on 16
// threads 2.82 s, and 1.49 s against 0.34 s on 18x18 (bench/README.md).
constexpr int kGpuMinN = 19;

// Every thread walks the tree above the split depth: at most this many nodes.
constexpr long kMostTopNodes = 1 << 20;
// The GPU's prefixes: about this many for a share of a board (dozens for
// each of a GPU's threads, so that few sit idle at the end), with at least
// kGpuLeastRowsBelow rows below each for the device to search. They are
// listed all the same: measuring them may walk as many nodes above them.
constexpr long kGpuPrefixes = 1 << 23;
constexpr long kGpuMostTopNodes = 1 << 25;
constexpr int kGpuLeastRowsBelow = 4;

// The OpenCL device, opened the first time a board asks for it: once a
// run, and never for a board that the CPU counts.
class GpuAccess {
 public:
  // The engine on the device, or null (why() says why).
  GpuEngine* engine();
  const GpuDevice& device() const { return device_; }
  const std::string& why() const { return why_; }

 private:
  bool tried_ = false;
  GpuDevice device_;
  std::unique_ptr<GpuEngine> engine_;
  std::string why_;
};

// How one board is counted: by the join, the GPU, or a search engine, with
// symmetry if the board has some.
struct Plan {
  Engine engine = countRowByRow<uint32_t>;  // with the GPU, the walks that count no unit
  bool symmetric = false, joined = false;
  BorderClasses classes;      // when symmetric
  JoinTables join;            // when joined
  GpuAccess* gpu = nullptr;   // on the GPU: its device and engine
  int gpuDepth = 0;           // and the rows of its prefixes
  const char* name = "rows";  // what --stats calls it
};

// Chooses the GPU if the method asks for it, or auto on a GPU where it is
// faster (for a share of `parts`); else the join if the method or auto asks
// for it and its tables fit; else a search (plan.cpp).
void choosePlan(const Board& board, Method method, JoinBudget budget, Plan& plan,
                GpuAccess* gpu = nullptr, int parts = 1);

// The shallowest depth with `target` units (set in `units`), else the
// deepest whose walk stays under mostTopNodes.
int chooseSplitDepth(const Board& board, const Plan& plan, long target, long& units,
                     long mostTopNodes = kMostTopNodes);

// Whether the method, or auto's rules, ask for the join on this board.
bool joinAsked(const Board& board, Method method);

// The method line: which method counts the board, on how many threads, and
// when the join was passed over for memory, what it would need.
std::string describePlan(const Board& board, long boardNumber, const Plan& plan, Method method,
                         JoinBudget budget);

// The costs of a plan's units, sampled, for the progress line's estimate.
UnitProfile profileOf(const Plan& plan, long units);

// Counts the board, or the units `job` claims, by its plan.
Count countWithPlan(const Board& board, const Plan& plan, Job& job);

// What --stats says when the given queens leave no placement.
constexpr const char* kQueensClash = "given queens attack each other";

// What --stats prints of a board besides its number, size and time.
struct Report {
  const char* method = "rows";
  Count nodes = 0;
  const char* note = "";     // how --part split the board, when it matters
  char noteText[80] = "";    // a note made for this board
  char methodText[48] = "";  // a method read back from a checkpoint
  bool refused = false;      // the checkpoint was refused (its error says why), or:
  char failure[320] = "";    // why the GPU failed
  const char* device = "";   // the GPU's device
  int threads = 1;
  uint64_t joinBytes = 0;  // what the join allocated
  uint64_t numbering = 0;  // its units' numbering, for a share's plan (0: whole)
};

}  // namespace queens
