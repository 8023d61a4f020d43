// ===== The search engines ====================================================
// The row search and propagation, each over the board or over each border
// class of its symmetry (symmetry.hpp). Their units are the search's nodes
// at the split depth: the shallowest depth with enough of them.
#pragma once

#include <memory>

#include "engines/engine.hpp"
#include "engines/symmetry.hpp"

namespace queens {

class SearchEngine : public Engine {
 public:
  // `classes`: the board's border classes, or null (no symmetry).
  SearchEngine(const Board& board, SearchFunction search, const char* name,
               std::unique_ptr<BorderClasses> classes)
      : board_(board), search_(search), name_(name), classes_(std::move(classes)) {}

  const char* name() const override { return name_; }
  Split split(const SplitGoal& goal, bool countsNodes) override;
  bool count(Job& job, Count& counted) override {
    counted = search(job);
    return true;
  }

  // The shallowest depth with `target` units (set in `units`), else the
  // deepest whose walk stays under mostTopNodes.
  int splitDepth(long target, long mostTopNodes, long& units) const;
  const Board& board() const { return board_; }
  const BorderClasses* classes() const { return classes_.get(); }

 private:
  // The search's count of the job, on the CPU: the board, or its classes.
  Count search(Job& job) const {
    return classes_ ? classes_->count(board_, search_, job) : search_(board_, job);
  }

  const Board& board_;
  SearchFunction search_;
  const char* name_;
  std::unique_ptr<BorderClasses> classes_;
};

// A probe counts the tree whole unless it is too big; a big tree is cut.
inline Split SearchEngine::split(const SplitGoal& goal, bool countsNodes) {
  Split split;
  UnitWalk probe = UnitWalk::probe(goal.mostWholeNodes);
  Job probing{&probe, countsNodes};
  const Count probed = search(probing);
  if (!probe.gaveUp()) {
    split.whole = probed;
    split.wholeNodes = probing.nodes;
    return split;
  }
  split.depth = splitDepth(goal.units, goal.mostTopNodes, split.units);
  split.numbering = split.depth + 1;
  return split;
}

inline int SearchEngine::splitDepth(long target, long mostTopNodes, long& units) const {
  for (int depth = 0;; ++depth) {  // depth 0 has no node above it
    UnitWalk measure = UnitWalk::measure(depth, mostTopNodes);
    Job measuring{&measure, false};
    search(measuring);
    if (measure.gaveUp()) return depth - 1;  // `units` still holds its count
    units = measure.unitsSeen();
    if (units >= target || depth == board_.n - 1) return depth;
  }
}

}  // namespace queens
