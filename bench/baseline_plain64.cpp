// Baseline for W8: a plain counter on 64-bit masks, as a constraint
// programmer writes one first. Each unfilled row keeps the mask of its open
// squares; it fills the most constrained row next, and checks ahead: placing
// a queen removes the squares it attacks from every unfilled row, and gives
// up as soon as one has none left. Nothing more: no forced columns, no
// symmetry. Reads boards of any size up to 64 from stdin, one count per line.
#include <cstdint>
#include <iostream>
#include <string>

int n;

unsigned long long count(std::uint64_t* open, std::uint64_t unfilled) {
  if (!unfilled) return 1;
  int best = -1, fewest = 65;
  for (std::uint64_t left = unfilled; left; left &= left - 1) {
    int row = __builtin_ctzll(left), choices = __builtin_popcountll(open[row]);
    if (choices < fewest) best = row, fewest = choices;
  }
  unsigned long long total = 0;
  std::uint64_t next[64];
  for (std::uint64_t choices = open[best]; choices; choices &= choices - 1) {
    int column = __builtin_ctzll(choices);
    bool dead = false;
    for (std::uint64_t left = unfilled & ~(std::uint64_t{1} << best); left; left &= left - 1) {
      int row = __builtin_ctzll(left), distance = row > best ? row - best : best - row;
      std::uint64_t attacked = std::uint64_t{1} << column;
      if (column + distance < 64) attacked |= std::uint64_t{1} << (column + distance);
      if (column - distance >= 0) attacked |= std::uint64_t{1} << (column - distance);
      next[row] = open[row] & ~attacked;
      dead = dead || !next[row];
    }
    if (!dead) total += count(next, unfilled & ~(std::uint64_t{1} << best));
  }
  return total;
}

int main() {
  std::string row;
  while (std::cin >> row) {
    n = static_cast<int>(row.size());
    std::uint64_t open[64];
    for (int r = 0; r < n; ++r) {
      if (r > 0) std::cin >> row;
      open[r] = 0;
      for (int c = 0; c < n; ++c)
        if (row[c] == '.') open[r] |= std::uint64_t{1} << c;
    }
    std::uint64_t unfilled = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
    std::cout << count(open, unfilled) << "\n";
  }
}
