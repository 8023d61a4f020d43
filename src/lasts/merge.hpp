// ===== --merge: adding shares up ==========================================
// Reads shares back, checks that they go together, and adds their counts
// (merge.cpp).
#pragma once

#include <cstdio>
#include <vector>

namespace queens {

// A share's header, read back.
struct ShareHeader {
  long part = 0, parts = 0, boards = 0;
  long numbering = 0;  // how the units were numbered (kUnitNumbering)
  unsigned input = 0, plan = 0;
  char plans[128] = "";  // the methods its boards were split by
};

// Reads a header line; null if it is one, else why not.
const char* parseShareHeader(const char* line, ShareHeader& header);

// Adds up the shares in the files `names`, in order ("-": the file
// descriptor `in`), and prints the totals; returns the exit status, after
// saying on `err` why shares were refused.
int mergeShares(const std::vector<const char*>& names, int in, std::FILE* out, std::FILE* err);

}  // namespace queens
