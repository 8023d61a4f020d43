// What the split of one board looks like from inside: the cost (in search
// nodes, which track time closely within one engine) of its units of work
// and of its shares, for the README's figures on many cores and machines.
//   unit_costs threads T... < board.txt   the 1,024-or-so units of one share,
//       handed in order to T threads that each take the next unit when they
//       free up (as --threads does): efficiency = work / (T x slowest thread)
//   unit_costs shares M... < board.txt    --part=K/M for every K: the slowest
//       share over the mean share
// It builds on the counter's parts, so it measures the very split it makes.
#include <cstdlib>
#include <queue>
#include <string>
#include <vector>

#include "judge/reader.hpp"
#include "run/board.hpp"

namespace {

using queens::Count;

// A board's search split as --threads and --part split it (the join left
// out), to measure the cost of its units and shares.
class SearchSplit {
 public:
  // The split for `shares` shares of kUnitsPerShare units each.
  SearchSplit(const queens::Board& board, int shares) {
    using namespace queens;
    PlanRequest request;
    request.budget = JoinBudget{0, 1};                     // no room to join
    engine_ = std::move(planBoard(board, request).owned);  // a search: never a small board's
    split_ = engine_->split({kUnitsPerShare * shares, 0, kMostTopNodes}, false);
  }
  const char* method() const { return engine_->name(); }
  int depth() const { return split_.depth; }
  long units() const { return split_.units; }
  // The nodes that one share visits; with as many shares as units, one unit.
  Count nodesOf(queens::Share share) const {
    queens::SharedUnits shared(1, nullptr);
    queens::UnitWalk walk(split_.depth, share, &shared, false);
    queens::Job job{&walk, true};
    Count counted = 0;
    engine_->count(job, counted);
    return job.nodes;
  }

 private:
  std::unique_ptr<queens::Engine> engine_;
  queens::Split split_;
};

void threads(const queens::Board& board, const std::vector<int>& counts) {
  SearchSplit split(board, 1);
  const long units = split.units();
  std::vector<Count> cost;
  Count total = 0, largest = 0;
  for (long i = 0; i < units; ++i) {
    cost.push_back(split.nodesOf(queens::Share{int(i), int(units)}));
    total += cost.back();
    largest = std::max(largest, cost.back());
  }
  std::printf("%ld units at depth %d, %llu nodes; the largest unit is %.2f%% of the work\n", units,
              split.depth(), (unsigned long long)total, 100.0 * double(largest) / double(total));
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

void shares(const queens::Board& board, const std::vector<int>& counts) {
  for (int m : counts) {
    SearchSplit split(board, m);
    Count total = 0, slowest = 0;
    for (int k = 0; k < m; ++k) {
      Count nodes = split.nodesOf(queens::Share{k, m});
      total += nodes;
      slowest = std::max(slowest, nodes);
    }
    std::printf("%4d shares of %ld units at depth %d: slowest / mean share %.3f\n", m,
                split.units(), split.depth(), double(slowest) * m / double(total));
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
  std::printf("%dx%d board, %s\n", board.n, board.n, SearchSplit(board, 1).method());
  if (std::string(argv[1]) == "threads")
    threads(board, counts);
  else
    shares(board, counts);
}
