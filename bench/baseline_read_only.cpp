// Baseline for W1: does everything the solver does on the judge's input
// except solving. Same I/O (fread into a 4 KiB buffer, printf of one number):
// reads the whole board and prints how many free squares it has.
#include <cstdio>

int main() {
  static unsigned char buffer[1 << 12];
  long long freeSquares = 0;
  for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, stdin)) > 0;)
    for (std::size_t i = 0; i < got; ++i) freeSquares += buffer[i] == '.';
  std::printf("%lld\n", freeSquares);
}
