// Baseline for W3: a counter of Jeff Somers' kind for the empty N x N board
// (N = the length of the first line on stdin; the rest is not read).
// Bitmask rows, an explicit stack instead of recursion, and left-right mirror
// halving: the first queen goes in the left half and the count is doubled;
// for odd N the middle column of the first row is counted separately, with
// the second queen in the left half, and doubled too.
#include <cstdint>
#include <cstdio>
#include <cstring>

// Counts the completions of rows 1..n-1 after the first queen `first`, with
// the second row limited to `secondRowAllowed`.
static unsigned long long completions(int n, std::uint32_t first, std::uint32_t secondRowAllowed) {
  const std::uint32_t all = (n == 32) ? ~0u : (1u << n) - 1;
  std::uint32_t cols[32], left[32], right[32], open[32];
  unsigned long long total = 0;
  int depth = 1;
  cols[1] = first;
  left[1] = first << 1;
  right[1] = first >> 1;
  open[1] = ~(cols[1] | left[1] | right[1]) & all & secondRowAllowed;
  const int last = n - 1;
  while (depth > 0) {
    std::uint32_t available = open[depth];
    if (!available) {
      --depth;
      continue;
    }
    std::uint32_t bit = available & (0u - available);
    open[depth] = available ^ bit;
    std::uint32_t c = cols[depth] | bit, l = (left[depth] | bit) << 1,
                  r = (right[depth] | bit) >> 1;
    if (depth + 1 == last) {  // the last row: count its open squares
      total += __builtin_popcount(~(c | l | r) & all);
      continue;
    }
    ++depth;
    cols[depth] = c;
    left[depth] = l;
    right[depth] = r;
    open[depth] = ~(c | l | r) & all;
  }
  return total;
}

int main() {
  char line[64];
  if (!std::fgets(line, sizeof line, stdin)) return 1;
  int n = static_cast<int>(std::strspn(line, ".*"));
  if (n < 3) {  // no second row to halve on: 1, 0, 0
    std::printf("%d\n", n == 1 ? 1 : 0);
    return 0;
  }
  const std::uint32_t all = (1u << n) - 1;
  unsigned long long total = 0;
  for (int c = 0; c < n / 2; ++c) total += completions(n, 1u << c, all);
  total *= 2;
  if (n % 2 == 1) {
    std::uint32_t leftHalf = (1u << (n / 2)) - 1;
    total += 2 * completions(n, 1u << (n / 2), leftHalf);
  }
  std::printf("%llu\n", total);
}
