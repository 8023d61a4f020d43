// ===== What the counter says of itself ======================================
// --help (the methods listed from the table of methods), --version and
// --list-methods (usage.cpp). Each returns the exit status: 0, or 1 if the
// output cannot be written.
#pragma once

#include <cstdio>

namespace queens {

int printHelp(const char* name, std::FILE* out);
int printVersion(const char* name, std::FILE* out);
// The methods --method takes, a line each, with where each counts, for
// scripts and the tests: "rows cpu", "gpu-join device".
int listMethods(std::FILE* out);

}  // namespace queens
