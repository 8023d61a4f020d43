// ===== The judge's program =================================================
// `solution`: one count per board read from stdin, or with --list and
// --trace the search drawn. The options that both programs know, and how
// both report a bad one, are here too: the counter's command line builds
// on them.
#pragma once

#include <cstdio>
#include <cstring>

#include "output.hpp"
#include "show.hpp"
#include "small_boards.hpp"

namespace queens {

// What --help says of both programs, after the usage lines (%s: the name).
constexpr const char* kAbout =
    "Counts the ways to place N queens that do not attack each other on each\n"
    "board read from stdin: N rows of N characters, '.' free, '*' reserved and\n"
    "'Q' a queen already placed, 1 <= N <= 64. Prints one count per board.\n"
    "  example: printf '.Q..\\n....\\n....\\n....\\n' | %s   prints 1\n"
    "\n"
    "  --list         before each count, print every placement as a board\n"
    "  --trace        before each count, show the row-by-row search step by step\n";

constexpr const char* kSolutionUsage =
    "                 (--trace=text is --trace)\n"
    "  -h, --help     print this help and exit\n"
    "\n"
    "This is the CSES solution: the row search, on one thread. The counter,\n"
    "queens, built from the same source, counts large boards far faster, on\n"
    "every core and machine, and has the other options.\n"
    "\n"
    "Exit status: 0 on success; 1 on bad input (after the counts before it) or\n"
    "when the output cannot be written; 2 on a bad option.\n";

// The options both programs know.
struct ShowOptions {
  bool listing = false, tracing = false, help = false;
};

// Reads one of those options into `options`; false if `arg` is none of them.
inline bool parseShowOption(const char* arg, ShowOptions& options) {
  auto is = [arg](const char* option) { return std::strcmp(arg, option) == 0; };
  if (is("--help") || is("-h")) return options.help = true;
  if (is("--list")) return options.listing = true;
  if (is("--trace") || is("--trace=text")) return options.tracing = true;
  return false;
}

// Why the options cannot go together, or null.
inline const char* clashOf(const ShowOptions& options) {
  if (options.listing && options.tracing)
    return "--list and --trace both print the placements; choose one";
  return nullptr;
}

// The program's name as it was called, without its folder.
inline const char* programName(int argc, const char* const* argv, const char* fallback) {
  const char* name = argc > 0 ? argv[0] : fallback;
  return std::strrchr(name, '/') ? std::strrchr(name, '/') + 1 : name;
}

// An error about the options, as GNU tools give it; returns status 2.
inline int badOptions(std::FILE* err, const char* name, const char* format, const char* arg = "") {
  std::fputs("error: ", err);
  std::fprintf(err, format, arg);
  std::fprintf(err, "\nTry '%s --help' for more information.\n", name);
  return 2;
}

// The judge's count of one board: the filter up to 8x8, else the row search.
inline Count countOneBoard(const Board& board, SmallBoardFilter& smallBoards) {
  if (hasGivenQueens(board)) {  // a board with none is not copied (1 KiB)
    Board pinned = board;
    return pinGivenQueens(pinned) ? countOneBoard(pinned, smallBoards) : 0;
  }
  SilentObserver silent;
  return board.n <= kFilterMaxN ? smallBoards.count(board, silent) : searchBoard(board, silent);
}

// Counts, lists or traces every board of the input; returns the status.
inline int showOrCountBoards(int in, std::FILE* out, std::FILE* err, const ShowOptions& options) {
  BoardReader reader(in, out);
  SmallBoardFilter smallBoards;  // the small empty boards' placements
  Board board;
  int writeError = 0;
  while (!writeError && reader.next(board)) {
    Count count = options.listing   ? showSearch<PlacementPrinter>(board, out).placements
                  : options.tracing ? showSearch<SearchTracer>(board, out).placements
                                    : countOneBoard(board, smallBoards);
    printCount(count, out);
    writeError = writeErrorOf(out);
  }
  return endRun(out, err, reader, writeError);
}

// The whole judge's program on the given streams; returns the exit status.
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
