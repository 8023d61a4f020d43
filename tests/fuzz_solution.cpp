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

void checkMethodsAgree(const std::uint8_t* data, std::size_t size, std::FILE* sink) {
  using queens::Method;
  namespace hooks = queens::hooks;
  int in = openBytes(data, size);
  queens::BoardReader reader(in, nullptr);
  queens::Board board;
  while (reader.next(board)) {
    queens::Count rows = hooks::countWith(board, Method::kRows);
    for (Method method : {Method::kAuto, Method::kPropagate, Method::kSymmetryRows,
                          Method::kSymmetryPropagate, Method::kJoin})
      if (hooks::countWith(board, method) != rows) std::abort();
    if (!hooks::joinAgrees(board, rows)) std::abort();
    for (Method method : {Method::kAuto, Method::kJoin})
      if (hooks::countWith(board, method, {0, 2}) + hooks::countWith(board, method, {1, 2}) != rows)
        std::abort();
    if (hooks::listed(board, false, sink) != rows) std::abort();
    if (hooks::listed(board, true, sink) != queens::countUnique(board, rows)) std::abort();
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
