// ===== The methods ==========================================================
// Every way to count a board, a row each: its name (as --method takes it,
// --stats and the method line say it, and a share's or checkpoint's plan
// records its units), its line of --help, whether it counts on an OpenCL
// device, the largest board it counts, and whose units it counts: a device's method counts a CPU
// method's units, so that its shares and checkpoints move between a GPU
// node and a CPU node. Each name is written here alone; --help, the
// unknown method's error and `queens --list-methods` (which the tests read)
// list this table. Which engine counts a board is the planner's
// (run/plan.cpp), by the rules of kAutoThresholds.
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

struct MethodRow {
  Method method;
  const char* name;
  const char* help;  // what it does, after its name in --help
  bool onDevice;     // counts on an OpenCL device
  bool asked;        // --method takes it (the filter is auto's alone)
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

inline constexpr MethodRow kMethodTable[] = {
    {Method::kAuto, "auto", "the method each board suits", false, true, ~0u, kMaxN, nullptr},
    {Method::kRows, "rows", "the judge's row search", false, true, 0, kMaxN, nullptr},
    {Method::kPropagate, "propagate", "the row search, forced rows first", false, true, 0, kMaxN,
     nullptr},
    {Method::kSymmetryRows, "symmetry-rows", "the row search over the symmetry classes", false,
     true, 0, kMaxN, nullptr},
    {Method::kSymmetryPropagate, "symmetry-propagate", "propagation over the symmetry classes",
     false, true, 0, kMaxN, nullptr},
    {Method::kJoin, "join", "the join of half-boards, up to 32x32", false, true, 0, kNarrowMaxN,
     kJoinRefusal},
    {Method::kGpu, "gpu", "the fastest on a GPU: gpu-rows", true, true, kRowUnits | kJoinUnits,
     kMaxN, nullptr},
    {Method::kGpuJoin, "gpu-join", "the join, its pairs counted on the device", true, true,
     kJoinUnits, kNarrowMaxN, kJoinRefusal},
    {Method::kGpuRows, "gpu-rows", "the row search on the device", true, true, kRowUnits, kMaxN,
     nullptr},
    {Method::kFilter, "filter", "a stream's small board, among its size's placements", false, false,
     0, kMaxN, nullptr},
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
