// ===== Shares: what --part writes =========================================
#include "lasts/shares.hpp"

namespace queens {

ShareOutput::~ShareOutput() {
  if (spilled_) std::fclose(spilled_);
}

bool ShareOutput::add(const Board& board, Count count, const char* method, uint64_t numbering) {
  if (held_ == kHeldCounts && !spill()) return false;
  counts_[held_++] = count;
  counted_.addCount(count);
  ++boards_;
  addBoard(input_, board);
  // A board counted whole by share 1 adds up whatever the method was.
  const std::string name = numbering ? method : "whole";
  plan_.addText(name.c_str());
  plan_.add(numbering);
  if (("," + plans_ + ",").find("," + name + ",") == std::string::npos)
    plans_ += (plans_.empty() ? "" : ",") + name;
  return true;
}

void ShareOutput::write(std::FILE* out) {
  char header[256];
  std::snprintf(header, sizeof header,
                "# queens share %d/%d format %d numbering %ld input %08x plan %08x boards %ld "
                "plans %s",
                share_.part + 1, share_.parts, kShareFormat, long(kUnitNumbering),
                unsigned(input_.digest()), unsigned(plan_.digest()), boards_,
                plans_.empty() ? "none" : plans_.c_str());
  std::fprintf(out, "%s\n", header);
  if (spilled_) {
    std::rewind(spilled_);
    char block[4096];
    while (size_t got = std::fread(block, 1, sizeof block, spilled_))
      std::fwrite(block, 1, got, out);
  }
  printHeld(out);
  std::fprintf(out, "# end share %d/%d counts %ld check %08x\n", share_.part + 1, share_.parts,
               boards_, unsigned(shareCheck(header, counted_.digest())));
}

void ShareOutput::printHeld(std::FILE* file) {
  char digits[40];
  for (int i = 0; i < held_; ++i) std::fprintf(file, "%s\n", formatCount(counts_[i], digits));
  held_ = 0;
}

bool ShareOutput::spill() {
  if (!spilled_ && !(spilled_ = std::tmpfile())) return false;
  printHeld(spilled_);
  return !std::ferror(spilled_);
}
}  // namespace queens
