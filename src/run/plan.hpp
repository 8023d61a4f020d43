// ===== Choosing the plan ==================================================
// Which engine counts a board: the join, or a search with or without
// propagation and symmetry, by the method asked for or by auto's rules.
#pragma once

#include "engines/join.hpp"
#include "engines/propagation.hpp"
#include "engines/row_engine.hpp"
#include "engines/symmetry.hpp"

namespace queens {

enum class Method { kAuto, kRows, kPropagate, kSymmetryRows, kSymmetryPropagate, kJoin };
constexpr const char* kMethodNames[] = {
    "auto", "rows", "propagate", "symmetry-rows", "symmetry-propagate", "join"};
constexpr int kMethods = sizeof kMethodNames / sizeof *kMethodNames;

// Where auto switches engines: each engine's section says why.
constexpr int kPropagateMinN = 10, kSymmetricPropagateMinN = 13;
constexpr int kJoinMinN = 14;
constexpr int kJoinMostReservedPercent = 15, kJoinMostReservedPercentFrom16 = 20;

// Whether auto counts the board by the join (given queens already pinned).
inline bool joinWins(const Board& board) {
  if (board.n < kJoinMinN || board.n > kJoinMaxN || bestJoinIsa() == JoinIsa::kPortable)
    return false;
  int reserved = 0;
  for (int r = 0; r < board.n; ++r) reserved += board.n - popcount(board.freeSquares[r]);
  int most = board.n >= 16 ? kJoinMostReservedPercentFrom16 : kJoinMostReservedPercent;
  return reserved * 100 <= most * board.n * board.n;
}

// How one board is counted: by the join, or a search engine, with symmetry
// if the board has some.
struct Plan {
  Engine engine = countRowByRow<uint32_t>;
  bool symmetric = false, joined = false;
  BorderClasses classes;      // when symmetric
  JoinTables join;            // when joined
  const char* name = "rows";  // what --stats calls it
};

// Chooses the join if the method or auto asks for it and its tables fit;
// else a search.
inline void choosePlan(const Board& board, Method method, JoinBudget budget, Plan& plan) {
  bool automatic = method == Method::kAuto;
  if ((method == Method::kJoin || (automatic && joinWins(board))) && board.n <= kJoinMaxN &&
      plan.join.build(board, budget)) {
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

inline Count countWithPlan(const Board& board, const Plan& plan, Job& job) {
  if (plan.joined) return countJoining(plan.join, job, plan.join.isa());
  return plan.symmetric ? plan.classes.count(board, plan.engine, job) : plan.engine(board, job);
}

// What --stats says when the given queens leave no placement.
constexpr const char* kQueensClash = "given queens attack each other";

// What --stats prints of a board besides its number, size and time.
struct Report {
  const char* method = "rows";
  Count nodes = 0;
  const char* note = "";     // how --part split the board, when it matters
  char noteText[80] = "";    // a note made for this board
  char methodText[48] = "";  // a method read back from a checkpoint
  bool refused = false;      // the checkpoint was refused (its error says why)
  int threads = 1;
  uint64_t joinBytes = 0;  // what the join allocated
  uint64_t numbering = 0;  // its units' numbering, for a share's plan (0: whole)
};

}  // namespace queens
