// MADE BY src/bundle.cpp: src/judge/main.cpp's notes, then the parts it includes,
// in order. Edit those, then: cmake --build build --target bundle_solution
/**
 * CSES 1624 "Chessboard and Queens" (https://cses.fi/problemset/task/1624),
 * for the judge and for learners.
 *
 * The contract. Input (stdin): boards of N rows of N characters, '.' free,
 *   '*' reserved, 'Q' a queen already placed; N, 1..64, is the first row's
 *   length. LF or CRLF, trailing blanks, blank lines between boards and no
 *   final newline are fine. Output: a line per board, the ways to place N
 *   queens, one per row and column, none on '*', no two on a diagonal, every
 *   'Q' among them; a reserved square does not block an attack. Bad input:
 *   the counts before it, "error: line L: ..." on stderr, status 1.
 *
 * The idea. Place the queens row by row; back up when a row has no open
 *   square. A queen on (r, c) takes column c and two diagonals: the squares
 *   with its r + c, and those with its r - c + N - 1. Each column and each
 *   diagonal is one bit of a mask, so a square is open when three bits are
 *   clear: an AND, not a walk over the queens placed. O(N!) time at worst
 *   (an 8x8 board, read and counted, takes about 5 microseconds in a stream
 *   of 10,000), O(N) memory: the input is a stream.
 *
 * Checked on the CSES tests, against a brute-force oracle and by a fuzzer
 *   (docs/correctness.md). The counter, queens, builds on these parts.
 *
 * Map, in order (the judge's path: main -> runSolution -> showOrCountBoards
 *   -> BoardReader::next -> searchPinned -> searchRows -> printCount):
 *   1. The board and its masks: Board, pinGivenQueens
 *   2. The row search: searchRows and its observers
 *   3. The reader: BoardReader
 *   4. Counts out: printCount, endRun
 *   5. --list and --trace: PlacementPrinter, SearchTracer
 *   6. The program: options, runSolution, main
 */
#include <sys/stat.h>  // fstat: is the input a regular file
#include <unistd.h>    // read

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace queens {

// ===== 1. The board and its masks ==========================================
// Bit c of freeSquares[r]: (r, c) may hold a queen. A given queen is pinned
// before the search: its row keeps its square alone; the others lose those
// it attacks.

using std::size_t, std::uint32_t, std::uint64_t;

constexpr int kMaxN = 64;
// Rows are 64 bits; the search is faster on 32 bits, up to 32x32.
using Row = uint64_t;
constexpr int kNarrowMaxN = 32;

struct Board {
  int n = 0;
  Row freeSquares[kMaxN] = {};  // '.' or 'Q'
  Row queens[kMaxN] = {};       // 'Q'
};

// Set bits, counted with no call (-O2 may not assume popcnt): in pairs,
// nibbles, then bytes summed by one multiply.
inline int popcount(uint64_t m) {
  m = m - ((m >> 1) & 0x5555555555555555u);
  m = (m & 0x3333333333333333u) + ((m >> 2) & 0x3333333333333333u);
  return int((((m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Fu) * 0x0101010101010101u) >> 56);
}
inline int indexOfLowestBit(uint64_t m) { return __builtin_ctzll(m); }
// -m flips every bit above m's lowest set bit, so only that bit survives.
template <class Mask>
inline Mask lowestBit(Mask m) {
  return m & (Mask{0} - m);
}

// A queen on (row, column) takes, in a row `apart` rows away, its column
// and the squares `apart` columns to each side.
inline void pinQueen(Board& board, int row, int column) {
  const Row queen = Row{1} << column;
  for (int r = 0; r < board.n; ++r) {
    const int apart = r > row ? r - row : row - r;
    const Row attacked = queen | queen << apart | queen >> apart;
    board.freeSquares[r] = r == row ? queen : board.freeSquares[r] & ~attacked;
  }
}

inline bool hasGivenQueens(const Board& board) {
  Row queens = 0;
  for (int r = 0; r < board.n; ++r) queens |= board.queens[r];
  return queens != 0;
}

// Pins every given queen, then forgets them; false if two attack each other.
inline bool pinGivenQueens(Board& board) {
  for (int r = 0; r < board.n; ++r) {
    for (Row left = board.queens[r]; left; left &= left - 1) {
      int column = indexOfLowestBit(left);
      if (!(board.freeSquares[r] >> column & 1)) return false;  // attacked
      pinQueen(board, r, column);
    }
    board.queens[r] = 0;
  }
  return true;
}

// ===== 2. The row search ===================================================
// Fill the rows in order, each queen on a square still open. The queens
// placed take three masks, relative to the current row: bit c of `columns`
// is column c; of `sumDiagonals`, the diagonal r + c through (row, c); of
// `differenceDiagonals`, r - c + N - 1. One row down, the diagonal r + c
// passes through column c - 1, so its mask shifts right; the other's shifts
// left. A row's open squares are one AND away, and on the last row their
// number is the count below. At a placement a nanosecond, a count would
// take 585 years to pass 64 bits.
//
// Each step goes to an observer; counting's does nothing, and the compiler
// removes its calls. --list and --trace have their own.

struct SilentObserver {
  static constexpr bool kSeesEveryPlacement = false;  // true: told of each last-row queen
  void place(int /*row*/, int /*column*/) {}
  void deadEnd(int /*row*/) {}            // no open square: back up
  void exhausted(int /*row*/) {}          // no open square left: back up
  void placement() {}                     // every row has its queen
  bool stopped() const { return false; }  // abandon the search
};

template <class Mask, class Observer>
uint64_t searchRows(const Board& board, int row, Mask columns, Mask sumDiagonals,
                    Mask differenceDiagonals, Observer& observer) {
  Mask open = board.freeSquares[row] & ~(columns | sumDiagonals | differenceDiagonals);
  if (!Observer::kSeesEveryPlacement && row == board.n - 1) return popcount(open);
  if (!open) {
    observer.deadEnd(row);
    return 0;
  }
  uint64_t total = 0;
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

// The whole search, on the narrowest Mask that holds the board.
template <class Observer>
uint64_t searchBoard(const Board& board, Observer& observer) {
  return board.n > kNarrowMaxN ? searchRows<uint64_t>(board, 0, 0, 0, 0, observer)
                               : searchRows<uint32_t>(board, 0, 0, 0, 0, observer);
}

// With the given queens pinned; 0 if two attack each other.
template <class Observer>
uint64_t searchPinned(const Board& board, Observer& observer) {
  if (!hasGivenQueens(board)) return searchBoard(board, observer);  // no 1 KiB copy
  Board pinned = board;
  return pinGivenQueens(pinned) ? searchBoard(pinned, observer) : 0;
}

// Sees each placement whole: the queen of each row.
struct PlacementObserver : SilentObserver {
  static constexpr bool kSeesEveryPlacement = true;
  void place(int row, int column) { queenColumns[row] = column; }
  int queenColumns[kMaxN];
};

// ===== 3. The reader =======================================================
// What feeds the search: boards from a file descriptor, one at a time, in
// O(1) memory. Bad input stops it at the first offending byte, explained in
// error(). It flushes `out` before a read that may wait (a terminal).

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

  // Reads one row and its line's end into masks; returns its length, or -1
  // after an error (as soon as it passes maxLength).
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
    char shown[16];  // printable, or its code
    std::snprintf(shown, sizeof shown, byte >= 0x20 && byte < 0x7f ? "'%c'" : "byte 0x%02X", byte);
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
  // One page: a board touches all the memory a million do.
  unsigned char buffer_[1 << 12];
  size_t position_ = 0, length_ = 0;
  long line_ = 1, column_ = 0;  // of the next byte; column_ counts bytes
  long boardsRead_ = 0;
  char error_[256] = "";
};

// ===== 4. Counts out =======================================================
// What the search feeds: counts in decimal, a line each, then how the run
// ends: write errors and bad input said on stderr, and the exit status.

// A count in decimal, into `digits`; a template, as the counter's are wider.
template <class Number>
const char* formatCount(Number count, char (&digits)[40]) {
  char* at = digits + sizeof digits - 1;
  *at = '\0';
  do *--at = char('0' + count % 10);
  while (count /= 10);
  return at;
}

// fputs, not fprintf: a stream of 8x8 boards takes 3% longer with fprintf.
template <class Number>
void printCount(Number count, std::FILE* out) {
  char digits[40];
  std::fputs(formatCount(count, digits), out);
  std::fputc('\n', out);
}

// The errno of a failed write (EIO if none was set), else 0.
inline int writeErrorOf(std::FILE* out) { return std::ferror(out) ? (errno ? errno : EIO) : 0; }

// Flushes `out`, then says why the run failed, if it did (a write error
// first: it hides the rest; then the reader's error); returns the status.
inline int endRun(std::FILE* out, std::FILE* err, const char* inputError, int writeError) {
  if (!writeError && std::fflush(out) != 0) writeError = errno ? errno : EIO;
  if (writeError) {
    std::fprintf(err, "error: cannot write the output: %s\n", std::strerror(writeError));
    return 1;
  }
  if (*inputError) {
    std::fprintf(err, "error: %s\n", inputError);
    return 1;
  }
  return 0;
}

// ===== 5. --list and --trace ===============================================
// The search drawn: each placement as a board (--list), or each step as a
// textbook's dry run (--trace).

// A square as the input writes it.
inline char squareOf(const Board& board, int r, int c) {
  return board.queens[r] >> c & 1 ? 'Q' : board.freeSquares[r] >> c & 1 ? '.' : '*';
}

// --list: each placement as the board read, 'Q' on its queens, then an
// empty line: valid input, whose count is 1.
class PlacementPrinter : public PlacementObserver {
 public:
  PlacementPrinter(const Board& board, std::FILE* out) : out_(out), n_(board.n) {
    for (int r = 0; r < n_; ++r) {
      for (int c = 0; c < n_; ++c) text_[r][c] = squareOf(board, r, c);
      text_[r][n_] = '\n';
    }
  }
  void placement() {
    for (int r = 0; r < n_; ++r) {
      char square = text_[r][queenColumns[r]];  // '.', or 'Q' for a given queen
      text_[r][queenColumns[r]] = 'Q';
      std::fwrite(text_[r], 1, n_ + 1, out_);
      text_[r][queenColumns[r]] = square;
    }
    std::fputc('\n', out_);
  }
  bool stopped() const { return std::ferror(out_); }

 protected:
  std::FILE* out_;
  int n_;

 private:
  char text_[kMaxN][kMaxN + 1];
};

// --trace: a line a step, indented two spaces a row, rows and columns from
// 1, and each placement drawn.
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

// The search drawn by a Printer, which draws the board as read.
template <class Printer>
uint64_t showSearch(const Board& board, std::FILE* out) {
  Printer printer(board, out);
  return searchPinned(board, printer);
}

// ===== 6. The program ======================================================
// `solution`: a count per board of stdin, or the search drawn. The options
// both programs know, and how both refuse a bad one, are the counter's too.

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

int main(int argc, char** argv) { return queens::runSolution(0, stdout, stderr, argc, argv); }
