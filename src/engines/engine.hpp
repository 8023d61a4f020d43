// ===== The engine interface ==================================================
// The planner (run/plan.cpp) hands back one engine for a board: the method
// it chose, owning what that method needs (the join's tables, the border
// classes, the device). Running a board (threads, shares, checkpoints, the
// progress line, --estimate) asks the engine alone and names none. A new
// engine is a class that answers these questions, and a line in the
// planner (planBoard).
#pragma once

#include <climits>
#include <cstdint>
#include <string>

#include "engines/methods.hpp"
#include "work/profile.hpp"
#include "work/units.hpp"

namespace queens {

// What a split aims at: about `units` units (of every share), a tree of
// fewer than `mostWholeNodes` nodes counted whole, and at most
// `mostTopNodes` nodes above the split depth, which every walk visits.
struct SplitGoal {
  long units = 0;
  long mostWholeNodes = 0;
  long mostTopNodes = 0;
};

// How a board is cut into units: the same on every machine, so that shares
// and checkpoints of any mix of machines add up.
struct Split {
  long units = 0;                   // of every share; 0: the tree was small, and counted whole
  int depth = 0;                    // the walks' split depth, for a search
  long numbering = 0;               // the cut, as shares and checkpoints record it
  Count whole = 0, wholeNodes = 0;  // when counted whole
};

// What an engine holds and where it counts: the bytes it holds beyond a
// few MiB (the join's tables), and for an engine on a device, the device
// and the seconds its threads spent waiting for it, added up (near the
// time taken where the device bounds the count, near 0 where the host's
// listing does).
struct EngineUse {
  uint64_t bytes = 0;
  const char* device = "";  // "": the CPU
  double deviceWait = 0;
  double deviceHanding = 0;  // the seconds its threads spent handing the device work, added up
};

// How an engine's units can be timed: each while the walk holds it (the
// CPU's engines), or together, a sample's units from the first to the last
// done (the device's engines, whose units the host lists, and the device
// counts later in batches or flights).
enum class UnitTiming { kEach, kTogether };

class Engine {
 public:
  virtual ~Engine() = default;

  // The method's name, in --stats ("join").
  virtual const char* name() const = 0;
  // The plan its units are cut by, in shares and checkpoints: its name,
  // unless it counts another engine's units (the GPU's are the row search's).
  virtual const char* unitsName() const { return name(); }

  // Cuts the board into units for `goal`, or counts a small tree whole.
  virtual Split split(const SplitGoal& goal, bool countsNodes) = 0;

  // Counts the units `job` claims (with none, the whole board) into
  // `counted`. False if it failed (failure() says why): `counted` is then
  // no count, and none of the job's units may be recorded as done.
  virtual bool count(Job& job, Count& counted) = 0;
  virtual const char* failure() const { return nullptr; }

  // The relative costs of its `units` units (those of `share` at least),
  // for the progress line.
  virtual UnitProfile profile(long units, Share /*share*/) const {
    return UnitProfile({}, 1, units);
  }
  // How a sample of its units can be timed (--estimate, the progress line).
  virtual UnitTiming unitTiming() const { return UnitTiming::kEach; }

  // The method line, after "counted by ": "join on 2 threads, its tables
  // in 130 MiB".
  virtual std::string describe(int threads) const;

  // The threads it can use (the GPU's engines: those that feed the device).
  virtual int mostThreads() const { return INT_MAX; }
  // What it holds and where it counts, for --stats and --estimate.
  virtual EngineUse use() const { return {}; }
};

// "counted by NAME on T threads", as most engines describe themselves.
inline std::string Engine::describe(int threads) const {
  return std::string(name()) + " on " + std::to_string(threads) +
         (threads == 1 ? " thread" : " threads");
}

}  // namespace queens
