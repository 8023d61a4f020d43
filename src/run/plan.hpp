// ===== Choosing the method =================================================
// The one place that chooses how a board is counted: the method asked for,
// the plan a checkpoint recorded for the board's units, or auto's rules,
// which are the rows of the table of methods (engines/methods.hpp). It hands back
// the engine, which owns what it needs, and the reason for it (--stats).
// Adding an engine is a class behind engines/engine.hpp, a row of
// engines/methods.hpp, and, for a new kind of engine, its planner here, in
// auto's order (plan.cpp's kPlanners).
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
  return method == Method::kAuto && !recorded && smallBoards &&
         rowOf(Method::kFilter).autoRule.sizeFits(board.n);
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
