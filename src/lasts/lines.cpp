// ===== Lines of shares and checkpoints =====================================
#include "lasts/lines.hpp"

#include <cerrno>
#include <cstring>

namespace queens {

// Reads a count, 0 to 2^128 - 1, that fills `text`.
bool parseCount(const char* text, Count& count) {
  const char* digit = text;
  for (count = 0; *digit >= '0' && *digit <= '9'; ++digit) {
    if (count > (~Count{0} - Count(*digit - '0')) / 10) return false;  // past 2^128 - 1
    count = count * 10 + Count(*digit - '0');
  }
  return digit != text && !*digit;
}

char* LineReader::next() {
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
    if (length == 0) {
      --lineNumber_;
      return nullptr;
    }
    torn_ = true;
  }
  while (length > 0 && (line_[length - 1] == '\r' || line_[length - 1] == ' ')) --length;
  line_[length] = '\0';
  return line_;
}

}  // namespace queens
