// ===== Choosing the plan ==================================================
// Which engine counts a board: the join, or a search with or without
// propagation and symmetry, by the method asked for or by auto's rules
// (plan.cpp, where the engines' templates are made for the plans).
#pragma once

#include <string>

#include "engines/join.hpp"
#include "engines/propagation.hpp"
#include "engines/row_engine.hpp"
#include "engines/symmetry.hpp"
#include "run/progress.hpp"

namespace queens {

enum class Method { kAuto, kRows, kPropagate, kSymmetryRows, kSymmetryPropagate, kJoin };
constexpr const char* kMethodNames[] = {
    "auto", "rows", "propagate", "symmetry-rows", "symmetry-propagate", "join"};
constexpr int kMethods = sizeof kMethodNames / sizeof *kMethodNames;

// Where auto switches engines: each engine's section says why.
constexpr int kPropagateMinN = 10, kSymmetricPropagateMinN = 13;
constexpr int kJoinMinN = 14;
constexpr int kJoinMostReservedPercent = 15, kJoinMostReservedPercentFrom16 = 20;

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
// else a search (plan.cpp).
void choosePlan(const Board& board, Method method, JoinBudget budget, Plan& plan);

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
  bool refused = false;      // the checkpoint was refused (its error says why)
  int threads = 1;
  uint64_t joinBytes = 0;  // what the join allocated
  uint64_t numbering = 0;  // its units' numbering, for a share's plan (0: whole)
};

}  // namespace queens
