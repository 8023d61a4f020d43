// ===== The input: files, stdin, or the empty boards ========================
// Where `queens` reads its boards: each file named on the command line in
// turn ("-" is stdin), as cat reads them, or stdin when none is named; or,
// with --empty=A..B, the empty boards of A x A to B x B, made, not read.
#pragma once

#include <cstdio>
#include <memory>
#include <vector>

#include "judge/reader.hpp"

namespace queens {

class BoardSource {
 public:
  // From `files` (none: the descriptor `in`); `out` is flushed before a
  // read that may wait, as the judge's reader does.
  BoardSource(int in, std::FILE* out, std::vector<const char*> files);
  // The empty boards of first x first to last x last.
  BoardSource(int first, int last);
  BoardSource(const BoardSource&) = delete;
  BoardSource& operator=(const BoardSource&) = delete;
  ~BoardSource();

  // The next board; false at the end of the input or on an error.
  bool next(Board& board);
  // Why the input is bad, with the file's name when files were named; "" if
  // it is not.
  const char* error() const { return error_; }

 private:
  bool openNext();
  bool holdsNoBoard() const;

  int in_ = 0;
  std::FILE* out_ = nullptr;
  std::vector<const char*> files_;
  size_t nextFile_ = 0;
  int fd_ = -1;                           // the file being read, when it is not `in`
  long boardsRead_ = 0, fileBoards_ = 0;  // in the whole input, and in the file being read
  char noBoard_[512] = "";                // a file with no board, said if no file has one
  std::unique_ptr<BoardReader> reader_;
  int nextEmpty_ = 0, lastEmpty_ = -1;  // --empty: the next size, and the last
  char error_[512] = "";
};

}  // namespace queens
