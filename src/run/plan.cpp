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

// Chooses the join if the method or auto asks for it and its tables fit;
// else a search.
void choosePlan(const Board& board, Method method, JoinBudget budget, Plan& plan) {
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

Count countWithPlan(const Board& board, const Plan& plan, Job& job) {
  if (plan.joined) return countJoining(plan.join, job, plan.join.isa());
  return plan.symmetric ? plan.classes.count(board, plan.engine, job) : plan.engine(board, job);
}

}  // namespace queens
