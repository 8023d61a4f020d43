// ===== 6. The program ======================================================
// `solution`: a count per board of stdin, or the search drawn. The options
// both programs know, and how both refuse a bad one, are the counter's too.
#pragma once

#include <cstdio>
#include <cstring>

#include "output.hpp"
#include "reader.hpp"
#include "show.hpp"

namespace queens {

// What --help says of both programs, after the usage (%s: the name).
constexpr const char* kAbout =
    "Counts the ways to place N queens that do not attack each other on each\n"
    "board of the input: N rows of N characters, '.' free, '*' reserved and\n"
    "'Q' a queen already placed, 1 <= N <= 64. Prints one count per board.\n"
    "  example: printf '.Q..\\n....\\n....\\n....\\n' | %s   prints 1\n"
    "\n"
    "  --list         before each count, print every placement as a board\n"
    "  --trace        before each count, show the row-by-row search step by step\n";

constexpr const char* kSolutionUsage =
    "  -h, --help     print this help and exit\n"
    "\n"
    "The CSES solution. The counter, queens, is far faster on large boards.\n"
    "Exit status: 0 on success; 1 on bad input (after the counts before it) or\n"
    "when the output cannot be written; 2 on a bad option.\n";

// The options both programs know.
struct ShowOptions {
  bool listing = false, tracing = false, help = false;
};

// Reads one into `options`; false if `arg` is none of them.
inline bool parseShowOption(const char* arg, ShowOptions& options) {
  auto is = [arg](const char* option) { return std::strcmp(arg, option) == 0; };
  if (is("--help") || is("-h")) return options.help = true;
  if (is("--list")) return options.listing = true;
  if (is("--trace") || is("--trace=text")) return options.tracing = true;
  return false;
}

// Why the options cannot go together, or null.
inline const char* clashOf(const ShowOptions& options) {
  return options.listing && options.tracing
             ? "--list and --trace both print the placements; choose one"
             : nullptr;
}

// The name it was called by, without its folder.
inline const char* programName(int argc, const char* const* argv, const char* fallback) {
  const char* name = argc > 0 ? argv[0] : fallback;
  return std::strrchr(name, '/') ? std::strrchr(name, '/') + 1 : name;
}

// A bad option, as GNU tools say it; returns status 2.
inline int badOptions(std::FILE* err, const char* name, const char* format, const char* arg = "") {
  std::fputs("error: ", err);
  std::fprintf(err, format, arg);
  std::fprintf(err, "\nTry '%s --help' for more information.\n", name);
  return 2;
}

// Counts, lists or traces every board of the input; returns the status.
inline int showOrCountBoards(int in, std::FILE* out, std::FILE* err, const ShowOptions& options) {
  BoardReader reader(in, out);
  Board board;
  int writeError = 0;
  while (!writeError && reader.next(board)) {
    SilentObserver silent;
    uint64_t count = options.listing   ? showSearch<PlacementPrinter>(board, out)
                     : options.tracing ? showSearch<SearchTracer>(board, out)
                                       : searchPinned(board, silent);
    printCount(count, out);
    writeError = writeErrorOf(out);
  }
  return endRun(out, err, reader.error(), writeError);
}

// The judge's program on the given streams; returns the exit status.
inline int runSolution(int in, std::FILE* out, std::FILE* err, int argc, const char* const* argv) {
  const char* name = programName(argc, argv, "solution");
  ShowOptions options;
  for (int i = 1; i < argc; ++i) {
    if (parseShowOption(argv[i], options)) continue;
    const bool file = argv[i][0] != '-' || argv[i][1] == '\0';  // "-" too
    return badOptions(err, name,
                      file ? "'%s': the boards come from stdin ('< FILE')"
                           : "unknown option '%s' (the counter, queens, may have it)",
                      argv[i]);
  }
  if (options.help) {
    std::fprintf(out, "usage: %s [--list | --trace] < boards.txt\n", name);
    std::fprintf(out, kAbout, name);
    std::fputs(kSolutionUsage, out);
    return std::fflush(out) == 0 ? 0 : 1;
  }
  if (const char* clash = clashOf(options)) return badOptions(err, name, clash);
  return showOrCountBoards(in, out, err, options);
}

}  // namespace queens
