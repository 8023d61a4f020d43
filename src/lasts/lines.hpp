// ===== Lines of shares and checkpoints =====================================
// Both are text that --merge and a resumed --checkpoint read back, a line
// at a time, with counts of up to 128 bits.
#pragma once

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "work/wide.hpp"

namespace queens {

// Reads a count, 0 to 2^128 - 1, that fills `text`.
inline bool parseCount(const char* text, Count& count) {
  const char* digit = text;
  for (count = 0; *digit >= '0' && *digit <= '9'; ++digit) {
    if (count > (~Count{0} - Count(*digit - '0')) / 10) return false;  // past 2^128 - 1
    count = count * 10 + Count(*digit - '0');
  }
  return digit != text && !*digit;
}

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

  char* next() {
    if (fault_ || ended_) return nullptr;
    size_t length = 0;
    int c;
    ++lineNumber_;
    while ((c = std::getc(file_)) != EOF && c != '\n') {
      if (length == kMostBytes) return fail("line %ld: over 96 KiB long", lineNumber_);
      if (c == '\0') return fail("line %ld: a NUL byte, which no line holds", lineNumber_);
      line_[length++] = char(c);
    }
    if (c == EOF) {
      ended_ = true;
      if (std::ferror(file_)) return fail("cannot read: %s", std::strerror(errno));
      if (length == 0) return --lineNumber_, nullptr;
      torn_ = true;
    }
    while (length > 0 && (line_[length - 1] == '\r' || line_[length - 1] == ' ')) --length;
    line_[length] = '\0';
    return line_;
  }
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
