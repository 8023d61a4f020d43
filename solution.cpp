// MADE BY src/bundle.cpp from the parts in src/judge/ (src/judge/main.cpp
// includes them in order): edit those, not this file, then run
//   cmake --build build --target bundle_solution
// CI fails when this file differs from what the parts make.
/**
 * solution.cpp: CSES 1624 "Chessboard and Queens", for the judge and for
 * learners. Problem: https://cses.fi/problemset/task/1624
 *
 * Input (stdin): boards of N rows of N characters, '.' free, '*' reserved,
 *   'Q' a queen already placed; N is the length of the first row, 1..64. LF
 *   or CRLF, trailing blanks, blank lines between boards and a missing final
 *   newline are all fine.
 * Output (stdout): one line per board, the number of ways to place N queens,
 *   one per row and column, none on a reserved square, no two on a diagonal,
 *   every 'Q' among them. A reserved square does not block an attack. On bad
 *   input: the counts before it, "error: line L: ..." on stderr, status 1.
 *   With no option this is exactly what CSES expects; --list draws every
 *   placement and --trace every step of the search (--help says more).
 *
 * Approach: backtracking, one queen per row. A queen on (r, c) occupies
 *   column c, the diagonal r + c and the anti-diagonal r - c + N - 1, each a
 *   bit mask (searchRows). Boards of up to 8x8 after the first of their size
 *   are counted against the empty board's placements (SmallBoardFilter).
 * Complexity: O(N!) time at worst, about a microsecond for an 8x8 board;
 *   O(N) memory for the search and the input (a stream).
 * Status: every CSES test passes; stress-tested against an independent
 *   brute-force oracle on 100,000 random boards, and fuzzed; the same reader
 *   and search run inside the counter, queens, whose engines are checked
 *   against them (the README's "How we know it is right").
 *
 * Map, in order (the judge's path: main -> runSolution -> showOrCountBoards
 *   -> BoardReader::next -> countOneBoard -> SmallBoardFilter::count or
 *   searchBoard -> searchRows -> printCount):
 *   1. Board and masks: Board, popcount, pinGivenQueens
 *   2. The reader: BoardReader
 *   3. Output: formatCount, printCount, endRun
 *   4. The row search: searchRows and its observers
 *   5. --list and --trace: PlacementPrinter, SearchTracer
 *   6. Small boards: SmallBoardFilter
 *   7. The program: options, runSolution, main
 */
#include <sys/stat.h>  // fstat: is the input a regular file
#include <unistd.h>    // read

#include <cassert>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>

// ===== The judge's program =================================================
// `solution`: one count per board read from stdin, or with --list and
// --trace the search drawn. The options that both programs know, and how
// both report a bad one, are here too: the counter's command line builds
// on them.

// ===== Output ==============================================================
// Counts in decimal, and how a run ends: its write errors and bad input,
// said on stderr, and its exit status.

// ===== The reader ==========================================================
// Reads boards from a file descriptor, one at a time, in O(1) memory; on bad
// input, stops at the first offending byte and explains it in error(). It
// flushes `out` before a read that may wait (a terminal's line).

// ===== Board and masks =====================================================
// A board as bit masks, its counts, and the given queens pinned.

namespace queens {

using std::size_t, std::uint8_t, std::uint32_t, std::uint64_t;

constexpr int kMaxN = 64;
// A set of columns (or rows) is a mask: bit c stands for column c. The board
// keeps 64-bit Rows; a search is a template over its Mask, 32 bits up to
// 32x32 (every CSES board) and 64 above.
using Row = uint64_t;
constexpr int kNarrowMaxN = 32;
// Counts are 128 bits wide: the counter's join counts in groups, and never
// wraps. __extension__: -pedantic knows no 128-bit type.
__extension__ typedef unsigned __int128 Count;

// Divides `count` by a small divisor; returns the remainder. Above 64 bits,
// in 32-bit pieces: a 128-bit division would call libgcc's __udivti3, and
// 32-bit pieces over 64-bit words need no library.
inline uint32_t divideCount(Count& count, uint32_t divisor) {
  if (count <= UINT64_MAX) {
    uint64_t small = uint64_t(count);
    count = small / divisor;
    return uint32_t(small % divisor);
  }
  uint64_t remainder = 0;
  Count quotient = 0;
  for (int shift = 96; shift >= 0; shift -= 32) {
    uint64_t piece = remainder << 32 | uint64_t(count >> shift & 0xFFFFFFFFu);
    quotient |= Count(piece / divisor) << shift;
    remainder = piece % divisor;
  }
  count = quotient;
  return uint32_t(remainder);
}

struct Board {
  int n = 0;
  Row freeSquares[kMaxN] = {};  // bit c of freeSquares[r]: (r, c) is '.' or 'Q'
  Row queens[kMaxN] = {};       // bit c of queens[r]: (r, c) is 'Q', a given queen
};

// n ones; two shifts, so that n = 64 shifts by no more than 63.
template <class Mask = uint32_t>
inline Mask allColumns(int n) {
  return Mask(~(~Row{0} << n / 2 << (n - n / 2)));
}

// Counts set bits with no call (the judge's -O2 may not assume popcnt): sum
// pairs, then nibbles, then the bytes with one multiply (SWAR).
inline int popcount(uint64_t m) {
  m = m - ((m >> 1) & 0x5555555555555555u);
  m = (m & 0x3333333333333333u) + ((m >> 2) & 0x3333333333333333u);
  return int((((m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Fu) * 0x0101010101010101u) >> 56);
}
inline int indexOfLowestBit(uint64_t m) { return __builtin_ctzll(m); }
// In two's complement -m flips every bit above m's lowest set bit, so only
// that bit survives the AND.
template <class Mask>
inline Mask lowestBit(Mask m) {
  return m & (Mask{0} - m);
}

// The squares of `row` that a queen on (queenRow, queenColumn) attacks: its
// column, and those as far to each side as the rows are apart.
inline Row attackedInRow(int row, int queenRow, int queenColumn) {
  const Row queen = Row{1} << queenColumn;
  const int apart = row > queenRow ? row - queenRow : queenRow - row;
  return queen | queen << apart | queen >> apart;
}

// Puts a queen on (row, column): its row keeps only that square, the other
// rows lose the squares it attacks.
inline void pinQueen(Board& board, int row, int column) {
  for (int r = 0; r < board.n; ++r)
    board.freeSquares[r] =
        r == row ? Row{1} << column : board.freeSquares[r] & ~attackedInRow(r, row, column);
}

inline bool hasGivenQueens(const Board& board) {
  Row queens = 0;
  for (int r = 0; r < board.n; ++r) queens |= board.queens[r];
  return queens != 0;
}

// Pins every given queen ('Q'), then forgets them: every search, option and
// split works on the pinned board unchanged. False if two attack each other.
inline bool pinGivenQueens(Board& board) {
  for (int r = 0; r < board.n; ++r) {
    for (Row left = board.queens[r]; left; left &= left - 1) {
      int column = indexOfLowestBit(left);
      if (!(board.freeSquares[r] >> column & 1)) return false;  // a queen pinned attacks it
      pinQueen(board, r, column);
    }
    board.queens[r] = 0;
  }
  return true;
}

}  // namespace queens

namespace queens {

class BoardReader {
 public:
  BoardReader(int in, std::FILE* out) : in_(in) {
    struct stat input;
    flushBeforeRead_ = out && !(fstat(in, &input) == 0 && S_ISREG(input.st_mode)) ? out : nullptr;
  }

  // Reads the next board; false at the end of the input or on an error.
  bool next(Board& board) {
    skipWhitespace();
    if (peek() == EOF) {
      if (boardsRead_ == 0) fail("line %ld: expected a board, got the end of the input", line_);
      return false;
    }
    long firstLine = line_;
    board.n = readRow(kMaxN, board.freeSquares[0], board.queens[0]);
    if (board.n < 0) return false;
    // A board's rows stand on consecutive lines: a blank line or the end cuts it short.
    for (int r = 1; r < board.n; ++r) {
      int ch = peek();
      if (ch == '\n') advance(), ch = peek();
      while (isBlank(ch)) advance(), ch = peek();  // leading blanks are fine
      if (ch == EOF || ch == '\n') return cutShort(board.n, firstLine, r, ch);
      long rowLine = line_;
      int length = readRow(board.n, board.freeSquares[r], board.queens[r]);
      if (length < 0) return false;
      if (length != board.n)
        return fail("line %ld: expected a row of %d squares, got %d", rowLine, board.n, length);
    }
    ++boardsRead_;
    return true;
  }

  const char* error() const { return error_; }

 private:
  static bool isBlank(int ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }

  int peek() {
    if (position_ == length_) {
      if (ended_) return EOF;
      if (flushBeforeRead_) std::fflush(flushBeforeRead_);
      ssize_t got;
      do got = read(in_, buffer_, sizeof buffer_);
      while (got < 0 && errno == EINTR);  // a signal came first: read again
      if (got < 0) fail("cannot read the input: %s", std::strerror(errno));
      ended_ = got <= 0;
      length_ = got > 0 ? size_t(got) : 0;
      position_ = 0;
      if (ended_) return EOF;
    }
    return buffer_[position_];
  }

  void advance() {
    if (buffer_[position_++] == '\n')
      ++line_, column_ = 0;
    else
      ++column_;
  }

  void skipWhitespace() {
    for (int ch = peek(); ch == '\n' || isBlank(ch); ch = peek()) advance();
  }

  // Reads one row, a run of '.', '*' and 'Q' then its line's end, into masks
  // of its free squares and given queens. Returns its length, or -1 after an
  // error (as soon as it passes maxLength).
  int readRow(int maxLength, Row& freeSquares, Row& queens) {
    freeSquares = queens = 0;
    int length = 0;
    for (int ch = peek(); ch != EOF && ch != '\n' && !isBlank(ch); ch = peek()) {
      if (ch != '.' && ch != '*' && ch != 'Q') return failAtByte(ch, "'.', '*' or 'Q'");
      if (length == maxLength) {
        fail("line %ld: expected a row of %s%d squares, got more", line_,
             maxLength == kMaxN ? "at most " : "", maxLength);
        return -1;
      }
      if (ch != '*') {
        freeSquares |= Row{1} << length;
        if (ch == 'Q') queens |= Row{1} << length;
      }
      ++length;
      advance();
    }
    while (isBlank(peek())) advance();
    int after = peek();
    if (after != EOF && after != '\n')
      return failAtByte(after,
                        "the end of the row (a row is one unbroken run of '.', '*' and 'Q')");
    return length;
  }

  [[gnu::noinline, gnu::cold]] bool cutShort(int n, long firstLine, int rows, int ch) {
    return fail(
        "line %ld: the %dx%d board that starts on line %ld has %d rows and needs %d, got %s", line_,
        n, n, firstLine, rows, n, ch == EOF ? "the end of the input" : "a blank line");
  }

  int failAtByte(int byte, const char* expected) {
    char shown[16];
    if (byte >= 0x20 && byte < 0x7f)
      std::snprintf(shown, sizeof shown, "'%c'", byte);
    else
      std::snprintf(shown, sizeof shown, "byte 0x%02X", byte);
    fail("line %ld, column %ld: expected %s, got %s", line_, column_ + 1, expected, shown);
    return -1;
  }

  template <class... Args>
  bool fail(const char* format, Args... args) {
    if (!*error_) std::snprintf(error_, sizeof error_, format, args...);  // the first one stands
    return false;
  }

  int in_;
  std::FILE* flushBeforeRead_;  // null: reads do not wait
  bool ended_ = false;          // the input ended, or could not be read
  // One 4 KiB page: a board touches all the memory a million do (bench/README.md).
  unsigned char buffer_[1 << 12];
  size_t position_ = 0, length_ = 0;
  long line_ = 1, column_ = 0;  // of the next byte; column_ counts bytes
  long boardsRead_ = 0;
  char error_[256] = "";
};

}  // namespace queens

namespace queens {

// Writes a count in decimal into `digits`; returns where the text starts.
inline const char* formatCount(Count count, char (&digits)[40]) {
  char* at = digits + sizeof digits - 1;
  *at = '\0';
  do *--at = char('0' + divideCount(count, 10));
  while (count);
  return at;
}

// One count on its own line; fputs and fputc, not fprintf: a stream of 8x8
// boards takes 3% longer with fprintf.
inline void printCount(Count count, std::FILE* out) {
  char digits[40];
  std::fputs(formatCount(count, digits), out);
  std::fputc('\n', out);
}

// The errno of a failed write to `out` (EIO if none was set), else 0.
inline int writeErrorOf(std::FILE* out) { return std::ferror(out) ? (errno ? errno : EIO) : 0; }

// After the last board: flushes `out`, then says on stderr why the run
// failed, if it did (a write error first, as it hides the rest). Returns 1
// then, else 0.
inline int endRun(std::FILE* out, std::FILE* err, const BoardReader& reader, int writeError) {
  if (!writeError && std::fflush(out) != 0) writeError = errno ? errno : EIO;
  if (writeError) {
    std::fprintf(err, "error: cannot write the output: %s\n", std::strerror(writeError));
    return 1;
  }
  if (*reader.error()) {
    std::fprintf(err, "error: %s\n", reader.error());
    return 1;
  }
  return 0;
}

}  // namespace queens
// ===== --list and --trace ==================================================
// The row search drawn: every placement as a board (--list), or each step
// as a textbook's dry run (--trace).

// ===== The row search ======================================================
// The classic backtracking: fill the rows in order, each queen on a square
// still open. The queens placed take three masks, relative to the current
// row: `columns`; bit c of `sumDiagonals`, the diagonal r + c through (row,
// c) is taken; bit c of `differenceDiagonals`, the same for r - c + N - 1.
// One row down, the diagonal through column c passes through column c - 1,
// so that mask shifts right, and the other left. A row's open squares are
// one AND away; the last row's count is how many.
//
// Each step is reported to an observer: counting's ignores them (the
// compiler removes the calls); --list and --trace have their own, and so do
// the counter's --stats and units of work:
//   kSeesEveryPlacement: it needs each queen of the last row;
//   enter(row): a call of the search; false skips the subtree (a unit that
//     another thread or share counts);
//   place(row, column): a queen goes on (row, column);
//   deadEnd(row), exhausted(row): no open square, or none left: back up;
//   placement(): every row has its queen;
//   stopped(): true to abandon the search (its output cannot be written).

namespace queens {

struct SilentObserver {
  static constexpr bool kSeesEveryPlacement = false;
  bool enter(int) { return true; }
  void place(int, int) {}
  void deadEnd(int) {}
  void exhausted(int) {}
  void placement() {}
  bool stopped() const { return false; }
  Count nodes() const { return 0; }
};

template <class Mask, class Observer>
Count searchRows(const Board& board, int row, Mask columns, Mask sumDiagonals,
                 Mask differenceDiagonals, Observer& observer) {
  if (!observer.enter(row)) return 0;
  Mask open = board.freeSquares[row] & ~(columns | sumDiagonals | differenceDiagonals);
  if (!Observer::kSeesEveryPlacement && row == board.n - 1) return popcount(open);
  if (!open) {
    observer.deadEnd(row);
    return 0;
  }
  Count total = 0;
  for (; open; open &= open - 1) {  // open - 1 clears the lowest set bit
    if (observer.stopped()) return total;
    Mask queen = lowestBit(open);
    observer.place(row, indexOfLowestBit(queen));
    if (row == board.n - 1) {
      observer.placement();
      ++total;
    } else {
      total += searchRows(board, row + 1, columns | queen, (sumDiagonals | queen) >> 1,
                          (differenceDiagonals | queen) << 1, observer);
    }
  }
  observer.exhausted(row);
  return total;
}

// Counts the nodes, the calls of the search (the counter's --stats): it
// costs 7% more instructions, so plain counting does not.
struct NodeCounter : SilentObserver {
  bool enter(int) { return ++nodesVisited, true; }
  Count nodes() const { return nodesVisited; }
  Count nodesVisited = 0;
};

// An observer that sees each placement whole: the queen of each row.
struct PlacementObserver : NodeCounter {
  static constexpr bool kSeesEveryPlacement = true;
  void place(int row, int column) { queenColumns[row] = column; }
  int queenColumns[kMaxN];
};

// The whole row search, on the narrowest Mask that holds the board.
template <class Observer>
Count searchBoard(const Board& board, Observer& observer) {
  return board.n > kNarrowMaxN ? searchRows<uint64_t>(board, 0, 0, 0, 0, observer)
                               : searchRows<uint32_t>(board, 0, 0, 0, 0, observer);
}

}  // namespace queens

namespace queens {

// A square as the input writes it.
inline char squareOf(const Board& board, int r, int c) {
  return board.queens[r] >> c & 1 ? 'Q' : board.freeSquares[r] >> c & 1 ? '.' : '*';
}

// --list: draws each placement, the board as read with 'Q' on the queens,
// then an empty line (valid input, whose count is 1), until output fails.
class PlacementPrinter : public PlacementObserver {
 public:
  PlacementPrinter(const Board& board, std::FILE* out) : out_(out), n_(board.n) {
    for (int r = 0; r < n_; ++r) {
      for (int c = 0; c < n_; ++c) text_[r][c] = squareOf(board, r, c);
      text_[r][n_] = '\n';
    }
  }
  void placement() {
    ++printed_;
    for (int r = 0; r < n_; ++r) {
      char square = text_[r][queenColumns[r]];  // '.', or 'Q' for a given queen
      text_[r][queenColumns[r]] = 'Q';
      std::fwrite(text_[r], 1, n_ + 1, out_);
      text_[r][queenColumns[r]] = square;
    }
    std::fputc('\n', out_);
  }
  bool stopped() const { return std::ferror(out_); }
  Count printed() const { return printed_; }

 protected:
  std::FILE* out_;
  int n_;

 private:
  char text_[kMaxN][kMaxN + 1];
  Count printed_ = 0;
};

// --trace: the row search as a textbook's dry run, a line per step indented
// two spaces a row, rows and columns from 1, and each placement drawn.
class SearchTracer : public PlacementPrinter {
 public:
  using PlacementPrinter::PlacementPrinter;
  void place(int row, int column) {
    PlacementPrinter::place(row, column);
    std::fprintf(out_, "%*srow %d: queen on column %d\n", 2 * row, "", row + 1, column + 1);
  }
  void deadEnd(int row) { backUp(row, "no open square"); }
  void exhausted(int row) { backUp(row, "no other open square"); }

 private:
  void backUp(int row, const char* why) {
    if (row == 0)
      std::fprintf(out_, "row 1: %s, the search is over\n", why);
    else
      std::fprintf(out_, "%*srow %d: %s, back to row %d\n", 2 * row, "", row + 1, why, row);
  }
};

// What showSearch found: the placements drawn and the nodes visited, or
// that the given queens attack each other (then nothing is drawn).
struct Shown {
  Count placements = 0, nodes = 0;
  bool queensClash = false;
};

// --list and --trace: the row search on the pinned board, drawn as read.
template <class Printer>
Shown showSearch(const Board& board, std::FILE* out) {
  Shown shown;
  Board pinned = board;
  if (!pinGivenQueens(pinned)) return shown.queensClash = true, shown;
  Printer printer(board, out);
  searchBoard(pinned, printer);
  shown.nodes = printer.nodes();
  shown.placements = printer.printed();
  return shown;
}

}  // namespace queens
// ===== Small boards ========================================================
// N <= 8: a board fits in 64 bits (bit r * N + c). The empty board's
// placements are listed once; a board's count is how many miss its
// reserved squares: at most 92 ANDs. The first board of each size (the
// judge's one board) is searched, as listing costs a few searches; the
// second lists.

namespace queens {

constexpr int kFilterMaxN = 8;
constexpr int kMostSmallPlacements = 92;  // the empty 8x8 board's

class SmallBoardFilter {
 public:
  // A board of at most kFilterMaxN rows, its given queens pinned; a board
  // that is searched reports to `observer`.
  template <class Observer>
  Count count(const Board& board, Observer& observer) {
    const int n = board.n;
    assert(n <= kFilterMaxN);
    Placements& empty = placements_[n];
    if (!empty.listed) {
      if (!empty.seen) {
        empty.seen = true;
        return searchRows<uint32_t>(board, 0, 0, 0, 0, observer);
      }
      listEmptyBoard(n, empty);
    }
    uint64_t reserved = 0;
    for (int r = 0; r < n; ++r)
      reserved |= uint64_t{~board.freeSquares[r] & allColumns(n)} << (r * n);
    Count total = 0;
    for (int i = 0; i < empty.count; ++i) total += (empty.queens[i] & reserved) == 0;
    return total;
  }

  // Whether the next board of this size is searched.
  bool searchesNext(int n) const { return !placements_[n].seen; }

 private:
  struct Placements {
    bool seen = false, listed = false;
    int count = 0;
    uint64_t queens[kMostSmallPlacements] = {};
  };

  struct Lister : PlacementObserver {
    Lister(int n, Placements& empty) : n(n), empty(empty) {}
    void placement() {
      uint64_t queens = 0;
      for (int r = 0; r < n; ++r) queens |= uint64_t{1} << (r * n + queenColumns[r]);
      empty.queens[empty.count++] = queens;
    }
    int n;
    Placements& empty;
  };

  static void listEmptyBoard(int n, Placements& empty) {
    Board board;
    board.n = n;
    for (int r = 0; r < n; ++r) board.freeSquares[r] = allColumns(n);
    Lister lister(n, empty);
    searchRows<uint32_t>(board, 0, 0, 0, 0, lister);
    empty.listed = true;
  }

  Placements placements_[kFilterMaxN + 1];
};

}  // namespace queens

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

int main(int argc, char** argv) { return queens::runSolution(0, stdout, stderr, argc, argv); }
