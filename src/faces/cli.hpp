// ===== The command line ====================================================
// `queens`: the options, the loop over the boards, and --merge (cli.cpp).
#pragma once

#include <cstdio>

namespace queens {

// The whole counter on the given streams; returns the exit status.
int runQueens(int in, std::FILE* out, std::FILE* err, int argc, const char* const* argv);

}  // namespace queens
