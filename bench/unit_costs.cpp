// What the split of one board looks like from inside: the cost (in search
// nodes, which track time closely within one engine) of its units of work
// and of its shares, for the README's figures on many cores and machines.
//   unit_costs threads T... < board.txt   the 1,024-or-so units of one share,
//       handed in order to T threads that each take the next unit when they
//       free up (as --threads does): efficiency = work / (T x slowest thread)
//   unit_costs shares M... < board.txt    --part=K/M for every K: the slowest
//       share over the mean share
// It includes solution.cpp, so it measures the very split the solver makes.
#define QUEENS_NO_MAIN
#include "../solution.cpp"

#include <cstdlib>
#include <queue>
#include <string>
#include <vector>

namespace {

using queens::Count;

// Nodes visited by share `part` of `parts` at the given depth: with parts
// equal to the number of units, that is one unit.
Count shareNodes(const queens::Board& board, const queens::Plan& plan, int depth, int part,
                 int parts) {
  queens::SharedUnits shared(1, nullptr);
  queens::UnitWalk walk(depth, queens::Share{part, parts}, &shared, false);
  queens::Job job{&walk, true};
  queens::countWithPlan(board, plan, job);
  return job.nodes;
}

void threads(const queens::Board& board, const queens::Plan& plan, const std::vector<int>& counts) {
  long units = 0;
  int depth = queens::chooseSplitDepth(board, plan, queens::kUnitsPerShare, units);
  std::vector<Count> cost;
  Count total = 0, largest = 0;
  for (long i = 0; i < units; ++i) {
    cost.push_back(shareNodes(board, plan, depth, int(i), int(units)));
    total += cost.back();
    largest = std::max(largest, cost.back());
  }
  std::printf("%ld units at depth %d, %llu nodes; the largest unit is %.2f%% of the work\n", units,
              depth, (unsigned long long)total, 100.0 * double(largest) / double(total));
  for (int t : counts) {
    // Each unit, in order, goes to the thread that frees up first.
    std::priority_queue<Count, std::vector<Count>, std::greater<Count>> freeAt;
    for (int i = 0; i < t; ++i) freeAt.push(0);
    Count slowest = 0;
    for (Count c : cost) {
      Count finish = freeAt.top() + c;
      freeAt.pop();
      freeAt.push(finish);
      slowest = std::max(slowest, finish);
    }
    std::printf("%4d threads: efficiency %.3f\n", t, double(total) / (double(t) * double(slowest)));
  }
}

void shares(const queens::Board& board, const queens::Plan& plan, const std::vector<int>& counts) {
  for (int m : counts) {
    long units = 0;
    int depth = queens::chooseSplitDepth(board, plan, queens::kUnitsPerShare * m, units);
    Count total = 0, slowest = 0;
    for (int k = 0; k < m; ++k) {
      Count nodes = shareNodes(board, plan, depth, k, m);
      total += nodes;
      slowest = std::max(slowest, nodes);
    }
    std::printf("%4d shares of %ld units at depth %d: slowest / mean share %.3f\n", m, units, depth,
                double(slowest) * m / double(total));
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> counts;
  for (int i = 2; i < argc; ++i) counts.push_back(std::atoi(argv[i]));
  queens::BoardReader reader(0, nullptr);
  queens::Board board;
  if (argc < 3 || !reader.next(board)) {
    std::fprintf(stderr, "usage: unit_costs threads|shares N... < board.txt\n");
    return 2;
  }
  queens::Plan plan;
  // No room for the join's tables: this tool measures the search's units.
  queens::choosePlan(board, queens::Method::kAuto, queens::JoinBudget{0, 1}, plan);
  std::printf("%dx%d board, %s\n", board.n, board.n, plan.name);
  if (std::string(argv[1]) == "threads")
    threads(board, plan, counts);
  else
    shares(board, plan, counts);
}
