// Baseline for W4: plain row-by-row bitmask backtracking in fixed row order,
// the reserved squares as one mask per row, the last row counted by popcount.
// Reads boards of any size up to 32 from stdin, one count per line.
#include <cstdint>
#include <iostream>
#include <string>

int n;
std::uint32_t freeMask[32];

unsigned long long count(int row, std::uint32_t cols, std::uint32_t left, std::uint32_t right) {
  std::uint32_t open = freeMask[row] & ~(cols | left | right);
  if (row == n - 1) return __builtin_popcount(open);
  unsigned long long total = 0;
  while (open) {
    std::uint32_t bit = open & (0u - open);
    open ^= bit;
    total += count(row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1);
  }
  return total;
}

int main() {
  std::string row;
  while (std::cin >> row) {
    n = static_cast<int>(row.size());
    for (int r = 0; r < n; ++r) {
      if (r > 0) std::cin >> row;
      freeMask[r] = 0;
      for (int c = 0; c < n; ++c)
        if (row[c] == '.') freeMask[r] |= std::uint32_t{1} << c;
    }
    std::cout << count(0, 0, 0, 0) << "\n";
  }
}
