// ===== 3. The reader =======================================================
// What feeds the search: boards from a file descriptor, one at a time, in
// O(1) memory. Bad input stops it at the first offending byte, explained in
// error(). It flushes `out` before a read that may wait (a terminal).
#pragma once

#include <sys/stat.h>  // fstat: is the input a regular file
#include <unistd.h>    // read

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "board.hpp"

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

}  // namespace queens
