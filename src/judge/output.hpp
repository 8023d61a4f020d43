// ===== Output ==============================================================
// Counts in decimal, and how a run ends: its write errors and bad input,
// said on stderr, and its exit status.
#pragma once

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "reader.hpp"

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
