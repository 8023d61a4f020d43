// Baseline for W1/W2: the seed algorithm of the CSES 1624 write-ups, looped
// over every 8x8 board on stdin. bool arrays for the columns and the two
// diagonals (r + c and r - c + 7), recursion, the board as strings from cin.
#include <iostream>
#include <string>

std::string board[8];
bool column[8], diagonal1[15], diagonal2[15];
long long ways;

void search(int r) {
  if (r == 8) {
    ++ways;
    return;
  }
  for (int c = 0; c < 8; ++c) {
    if (board[r][c] == '*' || column[c] || diagonal1[r + c] || diagonal2[r - c + 7]) continue;
    column[c] = diagonal1[r + c] = diagonal2[r - c + 7] = true;
    search(r + 1);
    column[c] = diagonal1[r + c] = diagonal2[r - c + 7] = false;
  }
}

int main() {
  while (std::cin >> board[0]) {
    for (int r = 1; r < 8; ++r) std::cin >> board[r];
    ways = 0;
    search(0);
    std::cout << ways << "\n";
  }
}
