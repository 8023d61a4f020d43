// ===== Choosing the method =================================================
// The one place that chooses how a board is counted: the method asked for,
// the plan a checkpoint recorded for the board's units, or auto's rules,
// from the one table of thresholds below. It hands back the engine, which
// owns what it needs, and the reason for it (--stats). Adding an engine is
// a class behind engines/engine.hpp, a row of engines/methods.hpp, and its
// rule here (plan.cpp).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "engines/engine.hpp"
#include "engines/gpu/gpu.hpp"
#include "engines/join/join_tables.hpp"
#include "engines/methods.hpp"
#include "engines/small_boards.hpp"

namespace queens {

// Where auto switches engines; bench/README.md has the measurements.
struct AutoThresholds {
  // Symmetry from 11x11 (0.85 of the row search's time on the empty 11x11
  // board, 2.15 on 10x10), to 32x32, where the border classes stop.
  int symmetryMinN = 11;
  // Propagation from 10x10 (0.91 of the row search's time on the empty
  // 10x10 board), from 13x13 with symmetry (0.74 on the empty 13x13).
  int propagateMinN = 10, symmetricPropagateMinN = 13;
  // The join from 14x14, on boards with few reserved squares: at most 15%,
  // 20% from 16x16 up (the join's time grows with its tables, a search's
  // shrinks with its blocked squares).
  int joinMinN = 14, joinMostReservedPercent = 15, joinMostReservedPercentFrom16 = 20;
  // A GPU with memory of its own (never an integrated one, nor a CPU's
  // OpenCL device) from 19x19, on the boards the join would take: on an
  // H200 it took 2.27 s for the empty 19x19 board and the join on 16
  // threads 2.82 s, and 1.49 s against 0.34 s on 18x18.
  int gpuMinN = 19;
};
constexpr AutoThresholds kAutoThresholds;

// What the planner is asked for one board.
struct PlanRequest {
  Method method = Method::kAuto;
  JoinBudget budget{kDefaultMemoryBudget, 1};  // --memory, and the threads that share it
  int parts = 1;                               // --part's M
  GpuAccess* gpu = nullptr;                    // the device, opened only when needed
  SmallBoardFilter* smallBoards = nullptr;     // a stream's small boards (null: searched)
  // Whether to say why (--stats, the method line): words cost a stream of
  // small boards more than their counts, and the join's needs take seconds.
  bool explains = false;
  // The plan a checkpoint recorded for the board's units: followed by auto,
  // and by --method=gpu where it is the row search's (null: none).
  const char* recorded = nullptr;
  // A board with given queens, pinned: its queens, and its squares reserved
  // as the input has them (the reasons say both).
  int givenQueens = 0, reservedAsGiven = 0;
};

// What it chose.
struct Plan {
  // The engine; null: refused, `reason` says why.
  Engine* engine() { return small ? &*small : owned.get(); }
  std::unique_ptr<Engine> owned;
  // A stream's small board's engine, in place: no allocation a board.
  std::optional<SmallBoardsEngine> small;
  std::string reason;           // why this engine, when explained; or why it was refused
  bool joinPassedOver = false;  // the join was asked for, and its tables did not fit
  std::string passedOver;       // when explained, for the method line: what the join would need
  std::string warning;          // what the user should know of the choice (stderr), or empty
};

Plan planBoard(const Board& board, const PlanRequest& request);

// planBoard's first rule: auto counts a stream's board of up to 8x8 (one
// with no plan recorded) with the small-board filter. A stream's board
// asks it alone, with no Plan built and no words: the most it costs.
inline bool filtersSmallBoard(const Board& board, Method method, const char* recorded,
                              const SmallBoardFilter* smallBoards) {
  return method == Method::kAuto && !recorded && smallBoards && board.n <= kFilterMaxN;
}

// Why the method can count no board of this size, or null. Inline: a
// stream of small boards asks it of each.
inline const char* methodRefusal(const Board& board, Method method) {
  static_assert(kJoinMaxN == kNarrowMaxN, "the table of methods says the join's largest board");
  return board.n > rowOf(method).mostN ? rowOf(method).refusal : nullptr;
}

// Whether the method, or auto's rules, ask for the join on this board (the
// progress line says that its tables are being built).
bool joinAsked(const Board& board, Method method);

}  // namespace queens
