// ===== Shares: what --part writes =========================================
// A share is text: one header line, one count per board, and an end line:
//   # queens share 3/64 format 4 numbering 5 input 9f1c2e0a plan 5d0a77c1 boards 2 plans join
//   92
//   73712
//   # end share 3/64 counts 2 check 6c0e3f1d
// `numbering` is how the units are numbered (--version says it), `input`
// fingerprints the boards as read, and `plan` how each was counted:
// whole by share 1, or split, with the method and its units' numbering.
// `plans` names those methods ("whole" for share 1's whole boards), so
// that --merge can say how two plans differ. Shares of one M, input and
// plan add up; --merge refuses the rest. The end line's check covers the
// header and the counts, so that a share cut short, edited or with lines
// added is refused, not added up.
#pragma once

#include <cstdio>
#include <string>

#include "work/units.hpp"
#include "work/wide.hpp"

namespace queens {

// 2: the header names the units' numbering; 3: and the plans' methods;
// 4: an end line closes the share, with a check over its header and counts.
constexpr int kShareFormat = 4;
// In every plan fingerprint: a version that numbers units in another way
// changes it, so that shares do not mix.
constexpr uint64_t kUnitNumbering = 5;

// FNV-1a over 64 bits, folded to 32: it catches accidents, not forgeries.
class Fingerprint {
 public:
  void add(uint64_t value) {
    for (int byte = 0; byte < 8; ++byte, value >>= 8) hash_ = (hash_ ^ (value & 0xFF)) * kPrime;
  }
  void addText(const char* text) {
    while (*text) add(uint8_t(*text++));
    add(0);  // the end: "ab", "c" differs from "a", "bc"
  }
  void addCount(Count count) {
    add(uint64_t(count));
    add(uint64_t(count >> 64));
  }
  uint32_t digest() const { return uint32_t(hash_ ^ hash_ >> 32); }

 private:
  static constexpr uint64_t kPrime = 0x100000001B3u;
  uint64_t hash_ = 0xCBF29CE484222325u;
};

// The check on a share's end line: a fingerprint of its header line, as
// printed (without its line end), and of its counts' fingerprint.
inline uint32_t shareCheck(const char* header, uint32_t counts) {
  Fingerprint check;
  check.addText(header);
  check.add(counts);
  return check.digest();
}

// Adds a board, as read, to the input's fingerprint.
inline void addBoard(Fingerprint& input, const Board& board) {
  input.add(uint64_t(board.n));
  for (int r = 0; r < board.n; ++r)
    input.add(uint64_t(board.freeSquares[r]) << 32 | board.queens[r]);
}

// What --part prints. The header needs the whole input, so the counts wait:
// the first kHeldCounts in memory, the rest in a temporary file. A run cut
// short prints no header.
class ShareOutput {
 public:
  explicit ShareOutput(Share share) : share_(share) { plan_.add(kUnitNumbering); }
  ShareOutput(const ShareOutput&) = delete;
  ShareOutput& operator=(const ShareOutput&) = delete;
  ~ShareOutput();

  // Keeps one board's count; false, with errno, if it cannot.
  // `method` and `numbering` name how it was split (numbering 0: whole).
  bool add(const Board& board, Count count, const char* method, uint64_t numbering);

  void write(std::FILE* out);

 private:
  static constexpr int kHeldCounts = 4096;  // 64 KiB

  void printHeld(std::FILE* file);
  bool spill();

  Share share_;
  Fingerprint input_, plan_, counted_;  // counted_: the counts, for the end line's check
  std::string plans_;                   // the methods of the boards' plans, each once, in order
  Count counts_[kHeldCounts];
  int held_ = 0;
  long boards_ = 0;
  std::FILE* spilled_ = nullptr;  // the counts before those held
};

}  // namespace queens
