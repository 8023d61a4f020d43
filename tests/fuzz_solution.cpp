// libFuzzer target: the bytes are stdin. It runs the real program (the very
// code of solution.cpp, included below) with several options and, for every
// board the reader accepts, checks that all counting methods agree (the join
// on every instruction set the CPU has, with its usual chunks and with tiny
// ones), that a split into shares adds up to the count, that --list lists as
// many placements as the count, and --list --unique as many as --unique
// counts. Any crash, sanitizer report, mismatch or timeout is a failure.
// Build with -DQUEENS_FUZZ=ON (clang++ only).
#define QUEENS_NO_MAIN
#include "../solution.cpp"

#include <cstdlib>

namespace {

// The fuzzer's bytes as a file descriptor, which is what the reader takes: a
// pipe holds 64 KiB, far more than -max_len.
int openBytes(const std::uint8_t* data, std::size_t size) {
  int ends[2];
  if (pipe(ends) != 0 || write(ends[1], data, size) != static_cast<ssize_t>(size)) std::abort();
  close(ends[1]);
  return ends[0];
}

// The count of share `part` of `parts`, on one thread, as countBoard splits.
queens::Count countShare(const queens::Board& board, int part, int parts,
                         queens::Method method = queens::Method::kAuto) {
  queens::Settings settings;
  settings.share = queens::Share{part, parts};
  settings.method = method;
  queens::Count nodes = 0;
  const char* name = nullptr;
  return queens::countBoard(board, 1, settings, stderr, nodes, name);
}

// The join on each instruction set this CPU has, with the usual chunks of
// west halves and groups of south quarters and with tiny ones.
void checkJoin(const queens::Board& board, queens::Count rows) {
  queens::Board pinned = board;
  if (!queens::pinGivenQueens(pinned)) return;  // no placement; countPlacements checked the 0
  if (!queens::joinTables.build(pinned, {queens::kDefaultMemoryBudget, 1})) return;  // 1x1
  for (int isa = 0; isa <= int(queens::bestJoinIsa()); ++isa)
    for (queens::JoinTuning tuning : {queens::JoinTuning{}, queens::JoinTuning{7, 3}}) {
      queens::Job job;
      if (queens::countJoining(queens::joinTables, job, queens::JoinIsa(isa), tuning) != rows)
        std::abort();
    }
  queens::joinTables.release();
}

void checkMethodsAgree(const std::uint8_t* data, std::size_t size, std::FILE* sink) {
  int in = openBytes(data, size);
  queens::BoardReader reader(in, nullptr);
  queens::Board board;
  while (reader.next(board)) {
    queens::Count rows = queens::countPlacements(board, queens::Method::kRows);
    for (queens::Method method :
         {queens::Method::kAuto, queens::Method::kPropagate, queens::Method::kSymmetryRows,
          queens::Method::kSymmetryPropagate, queens::Method::kJoin})
      if (queens::countPlacements(board, method) != rows) std::abort();
    checkJoin(board, rows);
    if (countShare(board, 0, 2) + countShare(board, 1, 2) != rows) std::abort();
    if (countShare(board, 0, 2, queens::Method::kJoin) +
            countShare(board, 1, 2, queens::Method::kJoin) !=
        rows)
      std::abort();
    queens::Count nodes = 0;
    const char* method = nullptr;
    if (queens::showSearch<queens::PlacementPrinter>(board, sink, nodes, method) != rows)
      std::abort();
    if (queens::showSearch<queens::ClassPrinter>(board, sink, nodes, method) !=
        queens::countUnique(board, rows))
      std::abort();
  }
  close(in);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::FILE* sink = std::fopen("/dev/null", "w");
  for (const char* option : {"", "--list", "--trace", "--stats", "--unique"}) {
    // A trace has a line per node: a million for the empty 12x12 board.
    if (std::strcmp(option, "--trace") == 0 && size > 80) continue;
    const char* argv[] = {"solution", option};
    int in = openBytes(data, size);
    queens::run(in, sink, sink, *option ? 2 : 1, argv);
    close(in);
  }
  checkMethodsAgree(data, size, sink);
  return 0;
}
