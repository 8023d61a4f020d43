// The unit tests' oracle: a board's count by trying every permutation of
// the columns, one queen a row, and keeping those that stand on no '*',
// include every 'Q', and put no two queens on a diagonal. It shares no code
// with src/, nor with tests/oracle/ (which backtracks), and it is only for
// boards of up to 8x8 (40,320 permutations).
#pragma once

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace unit {

using Rows = std::vector<std::string>;  // '.', '*' and 'Q'

inline long countByPermutations(const Rows& rows) {
  const int n = int(rows.size());
  std::vector<int> column(n);
  std::iota(column.begin(), column.end(), 0);
  long count = 0;
  do {
    bool fits = true;
    for (int r = 0; r < n && fits; ++r) {
      fits = rows[r][column[r]] != '*';
      for (int c = 0; c < n && fits; ++c) fits = rows[r][c] != 'Q' || column[r] == c;
      for (int above = 0; above < r && fits; ++above)
        fits = std::abs(column[r] - column[above]) != r - above;
    }
    count += fits;
  } while (std::next_permutation(column.begin(), column.end()));
  return count;
}

// Every board of n x n over `squares` ("." and "*", or with "Q" too), in
// turn, to `visit`.
template <class Visit>
void everyBoard(int n, const std::string& squares, Visit visit) {
  const int cells = n * n, kinds = int(squares.size());
  long total = 1;
  for (int i = 0; i < cells; ++i) total *= kinds;
  Rows rows(n, std::string(n, '.'));
  for (long code = 0; code < total; ++code) {
    long rest = code;
    for (int i = 0; i < cells; ++i, rest /= kinds) rows[i / n][i % n] = squares[rest % kinds];
    visit(rows);
  }
}

// Random boards of n x n, each square reserved with the given chance, and
// now and then a given queen, from a fixed seed.
inline Rows randomBoard(std::mt19937& random, int n, double reserved) {
  std::uniform_real_distribution<double> chance(0, 1);
  Rows rows(n, std::string(n, '.'));
  for (auto& row : rows)
    for (char& square : row) square = chance(random) < reserved ? '*' : '.';
  if (chance(random) < 0.2) rows[random() % n][random() % n] = 'Q';
  return rows;
}

}  // namespace unit
