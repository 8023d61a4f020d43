// The unit tests' harness: CHECK(condition) notes a failure with its place
// and goes on, and finish() prints the summary and gives the exit status.
// Each unit test is one program that tests one layer through its own target.
#pragma once

#include <cstdio>

namespace unit {

inline int checks = 0, failures = 0;

inline void check(bool ok, const char* what, const char* file, int line) {
  ++checks;
  if (!ok) ++failures, std::fprintf(stderr, "%s:%d: FAILED: %s\n", file, line, what);
}

inline int finish(const char* layer) {
  std::printf("%s: %d checks, %d failed\n", layer, checks, failures);
  return failures == 0 ? 0 : 1;
}

}  // namespace unit

#define CHECK(condition) unit::check((condition), #condition, __FILE__, __LINE__)
