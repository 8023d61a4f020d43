// libFuzzer target: the bytes are stdin. It runs the real program (the very
// code of solution.cpp, included below) and, for every board the reader
// accepts, checks that all counting methods agree and that --list lists as
// many placements as the count. Any crash, sanitizer report, mismatch or
// timeout is a failure. Build with -DQUEENS_FUZZ=ON (clang++ only).
#define QUEENS_NO_MAIN
#include "../solution.cpp"

#include <cstdlib>

namespace {

// A stream over the fuzzer's bytes (fmemopen refuses a zero size).
std::FILE* openBytes(const std::uint8_t* data, std::size_t size) {
  static char nothing;
  return size ? fmemopen(const_cast<std::uint8_t*>(data), size, "r") : fmemopen(&nothing, 1, "w+");
}

void checkMethodsAgree(const std::uint8_t* data, std::size_t size, std::FILE* sink) {
  std::FILE* in = openBytes(data, size);
  queens::BoardReader reader(in);
  queens::Board board;
  while (reader.next(board)) {
    queens::Count rows = queens::countPlacements(board, queens::Method::kRows);
    for (queens::Method method :
         {queens::Method::kAuto, queens::Method::kPropagate, queens::Method::kSymmetryRows,
          queens::Method::kSymmetryPropagate})
      if (queens::countPlacements(board, method) != rows) std::abort();
    if (queens::listPlacements(board, sink) != rows) std::abort();
  }
  std::fclose(in);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::FILE* sink = std::fopen("/dev/null", "w");
  for (const char* option : {"", "--list"}) {
    const char* argv[] = {"solution", option};
    std::FILE* in = openBytes(data, size);
    queens::run(in, sink, sink, *option ? 2 : 1, argv);
    std::fclose(in);
  }
  checkMethodsAgree(data, size, sink);
  return 0;
}
