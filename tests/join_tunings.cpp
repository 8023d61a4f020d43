// The join with chosen chunk and group sizes and sparse threshold, for the
// oracle's checks: `join_tunings CHUNK GROUP SPARSE_HALVES [mirrors|falling]
// < boards` prints each board's count by the join on every instruction set
// this CPU has, and fails if they disagree; with `mirrors` the east quarters
// are read through the column flip, never copied, as when room is short;
// with `falling` the patterns' differences fall, as from 19x19 on.
// The counter itself always takes the usual sizes, with which the test
// boards (up to 16x16) are never counted sparse, nor in the big chunks of
// boards from 21x21 on.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engines/join/join.hpp"
#include "judge/output.hpp"
#include "judge/reader.hpp"

using namespace queens;

int main(int argc, char** argv) {
  const std::string layout = argc == 5 ? argv[4] : "";
  if (argc < 4 || argc > 5 || (argc == 5 && layout != "mirrors" && layout != "falling")) {
    std::fprintf(stderr,
                 "usage: join_tunings CHUNK GROUP SPARSE_HALVES [mirrors|falling] < boards\n");
    return 2;
  }
  // GROUP is both groups of south quarters: the east's, a product at a
  // time, and the west's, read a block at a time.
  const JoinTuning tuning{std::atol(argv[1]), std::atoi(argv[2]), std::atol(argv[3]),
                          std::atol(argv[2])};
  if (tuning.chunk < 1 || tuning.chunk > kBigJoinChunk || tuning.southGroup < 1 ||
      tuning.southGroup > kSouthGroup) {
    std::fprintf(stderr, "join_tunings: chunk 1..%ld, group 1..%d\n", kBigJoinChunk, kSouthGroup);
    return 2;
  }
  BoardReader reader(0, stdout);
  Board board;
  while (reader.next(board)) {
    Board pinned = board;
    JoinTables tables;
    if (!pinGivenQueens(pinned)) {
      std::puts("0");  // given queens that attack each other
      continue;
    }
    if (!tables.build(pinned, {kDefaultMemoryBudget, 1, tuning.chunk, layout != "mirrors",
                               layout == "falling"})) {
      std::fprintf(stderr, "join_tunings: the join cannot take a %dx%d board\n", board.n, board.n);
      return 1;
    }
    Count counts[3];
    for (int isa = 0; isa <= int(bestJoinIsa()); ++isa) {
      Job job;
      counts[isa] = countJoining(tables, job, JoinIsa(isa), tuning);
      if (counts[isa] != counts[0]) {
        std::fprintf(stderr, "join_tunings: instruction sets 0 and %d disagree\n", isa);
        return 1;
      }
    }
    printCount(counts[0], stdout);  // and a newline
  }
  if (!*reader.error()) return 0;
  std::fprintf(stderr, "join_tunings: %s\n", reader.error());
  return 1;
}
