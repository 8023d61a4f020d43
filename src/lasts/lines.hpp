// ===== Lines of shares and checkpoints =====================================
// Both are text that --merge and a resumed --checkpoint read back, a line
// at a time, with counts of up to 128 bits (lines.cpp).
#pragma once

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "work/wide.hpp"

namespace queens {

// Reads a count, 0 to 2^128 - 1, that fills `text`.
bool parseCount(const char* text, Count& count);

// Reads a share or a checkpoint a line at a time, through one buffer: each
// line without its line end and trailing blanks (a file saved with CRLF line
// ends reads the same). next() is null at the end of the file, or at a fault
// that fault() says, with the line where it was met if it has one. A last
// line with no line end, which a crash in the middle of a write leaves, is
// returned, and torn() says so.
class LineReader {
 public:
  static constexpr size_t kMostBytes = 96 * 1024;  // the longest line, without its end
  explicit LineReader(std::FILE* file) : file_(file) {}

  char* next();
  long lineNumber() const { return lineNumber_; }  // of the line read last
  const char* fault() const { return fault_; }     // null: none
  bool torn() const { return torn_; }

 private:
  template <class Value>
  char* fail(const char* format, Value value) {
    std::snprintf(faultText_, sizeof faultText_, format, value);
    fault_ = faultText_;
    return nullptr;
  }

  std::FILE* file_;
  char line_[kMostBytes + 1];
  long lineNumber_ = 0;
  const char* fault_ = nullptr;
  char faultText_[96];
  bool ended_ = false, torn_ = false;
};

}  // namespace queens
