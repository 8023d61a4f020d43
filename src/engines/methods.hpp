// ===== The methods ==========================================================
// Every way to count a board, a row each: its name (as --method takes it,
// --stats and the method line say it, and a share's or checkpoint's plan
// records its units), its line of --help, how its engine is made, when
// auto takes it, whether it counts on an OpenCL device, the largest board
// it counts, and whose units it counts: a device's method counts a CPU
// method's units, so that its shares and checkpoints move between a GPU
// node and a CPU node. Each name is written here alone; --help, the
// unknown method's error and `queens --list-methods` (which the tests read)
// list this table. The planner (run/plan.cpp) reads the rows: a planner
// for each kind of engine makes it, and auto tries the kinds in the order
// of plan.cpp's kPlanners (the device, then the join, then the searches),
// each by its row's rule.
#pragma once

#include <cstring>
#include <string>

#include "judge/board.hpp"  // kMaxN, kNarrowMaxN

namespace queens {

enum class Method {
  kAuto,
  kRows,
  kPropagate,
  kSymmetryRows,
  kSymmetryPropagate,
  kJoin,
  kGpu,
  kGpuJoin,
  kGpuRows,
  kFilter  // not asked for: auto's on a stream's small boards
};

constexpr unsigned bitOf(Method method) { return 1u << int(method); }
// The row search's units, with or without the symmetry classes, and the join's.
constexpr unsigned kRowUnits = bitOf(Method::kRows) | bitOf(Method::kSymmetryRows);
constexpr unsigned kJoinUnits = bitOf(Method::kJoin);

// How a method's engine is made: auto's choice among the others; the row
// search, with or without the symmetry classes and propagation; the join,
// on the CPU or with its pairs counted on a device; the row search on a
// device; a stream's small boards among their size's placements.
enum class EngineKind { kChosen, kSearch, kJoin, kDeviceJoin, kDeviceRows, kFilter };

struct Making {
  EngineKind kind;
  bool symmetric = false, propagates = false;  // a search's
};

// When auto takes a method: boards from `fromN` to `toN` rows (fromN 0:
// never), with at most `mostReservedPercent` of their squares reserved
// (`fromSixteen` from 16x16 up), where a GPU with memory of its own is
// found if `discreteGpu`. Why each threshold stands is beside its row;
// bench/README.md ("Choosing the method") has the measurements.
struct AutoRule {
  int fromN = 0, toN = 0;
  int mostReservedPercent = 100, fromSixteen = 100;
  bool discreteGpu = false;

  bool sizeFits(int n) const { return fromN > 0 && n >= fromN && n <= toN; }
  // Whether `reserved` squares of an n x n board are few enough.
  bool fewReserved(int n, int reserved) const {
    return reserved * 100 <= (n >= 16 ? fromSixteen : mostReservedPercent) * n * n;
  }
};

struct MethodRow {
  Method method;
  const char* name;
  const char* help;  // what it does, after its name in --help
  Making making;
  AutoRule autoRule;
  bool onDevice;  // counts on an OpenCL device
  bool asked;     // --method takes it (the filter is auto's alone)
  // The methods whose units, recorded by a checkpoint, it counts in their
  // place (bitOf each): auto follows any plan, a device's method the CPU
  // method whose units it shares.
  unsigned follows;
  // The largest board it counts; a larger one is refused, with `refusal`.
  int mostN;
  const char* refusal;
};

// The join's tables of a larger board would not fit in memory.
constexpr const char* kJoinRefusal =
    "the join counts boards of up to 32x32 (its tables would not fit in memory)";

// The largest board the small-board filter counts (small_boards.hpp).
constexpr int kFilterMaxN = 8;

// The join's rule: from 14x14, where it beat the searches, on boards with
// few reserved squares (its time grows with its tables, a search's shrinks
// with its blocked squares).
constexpr AutoRule kJoinRule{14, kNarrowMaxN, 15, 20, false};

inline constexpr MethodRow kMethodTable[] = {
    {Method::kAuto,
     "auto",
     "the method each board suits",
     {EngineKind::kChosen},
     {},
     false,
     true,
     ~0u,
     kMaxN,
     nullptr},
    // Auto's last resort: any board.
    {Method::kRows,
     "rows",
     "the judge's row search",
     {EngineKind::kSearch},
     {1, kMaxN},
     false,
     true,
     0,
     kMaxN,
     nullptr},
    // From 10x10: 0.91 of the row search's time on the empty 10x10 board.
    {Method::kPropagate,
     "propagate",
     "the row search, forced rows first",
     {EngineKind::kSearch, false, true},
     {10, kMaxN},
     false,
     true,
     0,
     kMaxN,
     nullptr},
    // From 11x11, where a symmetry keeps the board: 0.85 of the row
    // search's time on the empty 11x11 board, 2.15 on 10x10; to 32x32,
    // where the border classes stop.
    {Method::kSymmetryRows,
     "symmetry-rows",
     "the row search over the symmetry classes",
     {EngineKind::kSearch, true, false},
     {11, kNarrowMaxN},
     false,
     true,
     0,
     kMaxN,
     nullptr},
    // From 13x13 with symmetry: 0.74 of symmetry-rows' time on the empty 13x13 board.
    {Method::kSymmetryPropagate,
     "symmetry-propagate",
     "propagation over the symmetry classes",
     {EngineKind::kSearch, true, true},
     {13, kNarrowMaxN},
     false,
     true,
     0,
     kMaxN,
     nullptr},
    {Method::kJoin,
     "join",
     "the join of half-boards, up to 32x32",
     {EngineKind::kJoin},
     kJoinRule,
     false,
     true,
     0,
     kNarrowMaxN,
     kJoinRefusal},
    {Method::kGpu,
     "gpu",
     "the fastest on a GPU: gpu-rows",
     {EngineKind::kDeviceRows},
     {},
     true,
     true,
     kRowUnits | kJoinUnits,
     kMaxN,
     nullptr},
    {Method::kGpuJoin,
     "gpu-join",
     "the join, its pairs counted on the device",
     {EngineKind::kDeviceJoin},
     {},
     true,
     true,
     kJoinUnits,
     kNarrowMaxN,
     kJoinRefusal},
    // On a GPU with memory of its own (never an integrated one, nor a
    // CPU's OpenCL device) from 19x19, on the boards the join would take:
    // on an H200 it took 2.27 s for the empty 19x19 board and the join on
    // 16 threads 2.82 s, and 1.49 s against 0.34 s on 18x18.
    {Method::kGpuRows,
     "gpu-rows",
     "the row search on the device",
     {EngineKind::kDeviceRows},
     {19, kNarrowMaxN, kJoinRule.mostReservedPercent, kJoinRule.fromSixteen, true},
     true,
     true,
     kRowUnits,
     kMaxN,
     nullptr},
    // A stream's board of up to 8x8: its words cost more than its count.
    {Method::kFilter,
     "filter",
     "a stream's small board, among its size's placements",
     {EngineKind::kFilter},
     {1, kFilterMaxN},
     false,
     false,
     0,
     kMaxN,
     nullptr},
};

inline const MethodRow& rowOf(Method method) { return kMethodTable[int(method)]; }
inline const char* nameOf(Method method) { return rowOf(method).name; }
inline bool onDevice(Method method) { return rowOf(method).onDevice; }

// The method --method=NAME asks for; false if none is so named.
inline bool methodNamed(const char* name, Method& method) {
  for (const MethodRow& row : kMethodTable)
    if (row.asked && std::strcmp(name, row.name) == 0) {
      method = row.method;
      return true;
    }
  return false;
}

// The names --method takes, "auto, rows, ... or gpu-rows".
inline std::string askedNames() {
  std::string names, last;
  for (const MethodRow& row : kMethodTable) {
    if (!row.asked) continue;
    if (!last.empty()) names += (names.empty() ? "" : ", ") + last;
    last = row.name;
  }
  return names + " or " + last;
}

}  // namespace queens
