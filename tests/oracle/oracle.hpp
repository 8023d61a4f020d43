// The independent oracle: boards as rows of characters, counted by plain
// backtracking with coordinate arithmetic (it shares no code with src/),
// and the random boards that the checks draw with fixed seeds.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Board = std::vector<std::string>;  // rows of '.', '*' and 'Q'

// ---- The oracle -------------------------------------------------------------
// The board as a placement sees it once its given queens ('Q') are in place,
// in '.' and '*' only: a row with one given queen keeps only that square (a
// row with two keeps none), and in every other row the squares a given queen
// attacks are reserved. The placements of the result are exactly those of
// `board` that include every given queen.
Board withQueensPlaced(const Board& board) {
  const int n = static_cast<int>(board.size());
  Board placed = board;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      bool allowed;
      if (std::count(board[r].begin(), board[r].end(), 'Q') > 0) {
        allowed = board[r][c] == 'Q' && std::count(board[r].begin(), board[r].end(), 'Q') == 1;
      } else {
        allowed = board[r][c] == '.';
        for (int qr = 0; qr < n; ++qr)
          for (int qc = 0; qc < n; ++qc)
            if (board[qr][qc] == 'Q' && (qc == c || std::abs(qc - c) == std::abs(qr - r)))
              allowed = false;
      }
      placed[r][c] = allowed ? '.' : '*';
    }
  return placed;
}

// Whether two given queens share a row, a column or a diagonal.
bool givenQueensClash(const Board& board) {
  const int n = static_cast<int>(board.size());
  std::vector<std::pair<int, int>> queens;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      if (board[r][c] == 'Q') queens.push_back({r, c});
  for (std::size_t i = 0; i < queens.size(); ++i)
    for (std::size_t j = 0; j < i; ++j) {
      int dr = queens[i].first - queens[j].first, dc = queens[i].second - queens[j].second;
      if (dr == 0 || dc == 0 || std::abs(dr) == std::abs(dc)) return true;
    }
  return false;
}

// Tries every column of every row; a queen is kept only if it is on a '.' and
// no queen above shares its column or a diagonal (|dr| == |dc|).
struct BruteForce {
  const Board& board;
  std::vector<int> queenColumn;

  long long countFrom(int row) {
    const int n = static_cast<int>(board.size());
    if (row == n) return 1;
    long long total = 0;
    for (int column = 0; column < n; ++column) {
      if (board[row][column] != '.') continue;
      bool safe = true;
      for (int above = 0; above < row && safe; ++above) {
        int dc = queenColumn[above] - column;
        safe = dc != 0 && std::abs(dc) != row - above;
      }
      if (!safe) continue;
      queenColumn[row] = column;
      total += countFrom(row + 1);
    }
    return total;
  }
};

long long bruteForceCount(const Board& board) {
  Board placed = withQueensPlaced(board);
  BruteForce search{placed, std::vector<int>(board.size())};
  return search.countFrom(0);
}

// The same count for boards up to 64x64, where trying the rows in order
// takes hours, as a constraint programmer writes it on 64-bit masks: fill
// the row with the fewest open squares next, and check ahead. Each unfilled
// row keeps a mask of its open columns; a queen strikes the squares it
// attacks from every unfilled row, and the branch ends when a row is left
// with none, or a column that no queen holds with no row open on it.
struct CheckingAhead {
  int n;

  long long countFrom(const std::uint64_t* open, std::uint64_t unfilled, std::uint64_t held) {
    if (!unfilled) return 1;
    int best = -1;
    for (int r = 0; r < n; ++r)
      if (unfilled >> r & 1 &&
          (best < 0 || __builtin_popcountll(open[r]) < __builtin_popcountll(open[best])))
        best = r;
    const std::uint64_t rest = unfilled & ~(std::uint64_t{1} << best);
    long long total = 0;
    for (int column = 0; column < n; ++column) {
      if (!(open[best] >> column & 1)) continue;
      std::uint64_t next[64], reachable = held | std::uint64_t{1} << column;
      bool dead = false;
      for (int r = 0; r < n && !dead; ++r) {
        if (!(rest >> r & 1)) continue;
        const int distance = std::abs(r - best);
        std::uint64_t attacked = std::uint64_t{1} << column;
        if (column + distance < n) attacked |= std::uint64_t{1} << (column + distance);
        if (column - distance >= 0) attacked |= std::uint64_t{1} << (column - distance);
        next[r] = open[r] & ~attacked;
        reachable |= next[r];
        dead = next[r] == 0;
      }
      const std::uint64_t all = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
      if (!dead && reachable == all)
        total += countFrom(next, rest, held | std::uint64_t{1} << column);
    }
    return total;
  }
};

long long checkingAheadCount(const Board& board) {
  Board placed = withQueensPlaced(board);
  const int n = static_cast<int>(board.size());
  std::uint64_t open[64] = {};
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      if (placed[r][c] == '.') open[r] |= std::uint64_t{1} << c;
  const std::uint64_t rows = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  for (int r = 0; r < n; ++r)
    if (!open[r]) return 0;
  return CheckingAhead{n}.countFrom(open, rows, 0);
}

// Whether `queens` (one column per row) is a valid placement on `board`,
// given queens included.
bool isValidPlacement(const Board& board, const std::vector<int>& queens) {
  const int n = static_cast<int>(board.size());
  const Board placed = withQueensPlaced(board);
  for (int r = 0; r < n; ++r) {
    if (queens[r] < 0 || queens[r] >= n || placed[r][queens[r]] != '.') return false;
    for (int above = 0; above < r; ++above) {
      int dc = queens[above] - queens[r];
      if (dc == 0 || std::abs(dc) == r - above) return false;
    }
  }
  return true;
}

// ---- Random boards ------------------------------------------------------------
// Moves (r, c) to its image under a symmetry of the square: bit 4
// transpose, then bit 2 flip rows, bit 1 flip columns.
void transform(int symmetry, int n, int& r, int& c) {
  if (symmetry & 4) std::swap(r, c);
  if (symmetry & 2) r = n - 1 - r;
  if (symmetry & 1) c = n - 1 - c;
}

// Deterministic for a seed on every platform: std::mt19937_64 is fully
// specified, and only its raw output is used.
class RandomBoards {
 public:
  explicit RandomBoards(std::uint64_t seed) : random_(seed) {}

  std::uint64_t below(std::uint64_t bound) { return random_() % bound; }

  // A board of side 1..maxN with 0..60% reserved; one in three is made
  // symmetric under a random rotation or reflection, one in twenty is empty,
  // and one in four gets 1 to 3 given queens, which may attack each other.
  Board next(int maxN) {
    int n = 1 + static_cast<int>(below(maxN));
    if (below(20) == 0) return Board(n, std::string(n, '.'));
    Board board = withDensity(n, 0, 60);
    if (below(3) == 0) symmetrize(board, 1 + static_cast<int>(below(7)));
    maybeGiveQueens(board);
    return board;
  }

  // A board of side 11..20, where the solver propagates: 35..65% reserved up
  // to 16x16 and 60..80% above, so that the oracle (and --method=rows) stays
  // quick; one in three is made symmetric. One in eight is instead a 12x12
  // board with 0..8% reserved: big enough that threads and shares split it.
  Board nextLarge() {
    if (below(8) == 0) {
      Board board = withDensity(12, 0, 8);
      if (below(3) == 0) symmetrize(board, 1 + static_cast<int>(below(7)));
      maybeGiveQueens(board);
      return board;
    }
    int n = 11 + static_cast<int>(below(10));
    Board board = n <= 16 ? withDensity(n, 35, 65) : withDensity(n, 60, 80);
    if (below(3) == 0) symmetrize(board, 1 + static_cast<int>(below(7)));
    maybeGiveQueens(board);
    return board;
  }

  // A board of side minN..maxN with 0..maxPercent% reserved, where the join
  // has big quarter tables; one in two is made symmetric (every kind: the
  // join uses the row and column flips and the transposes and quarter turns,
  // and odd boards with the column flip get a middle column), and one in four
  // gets given queens, on symmetric boards half the time as symmetric too.
  // One odd symmetric board in three keeps all eight symmetries (the join
  // folds those by its middle queens), half of them with the middle queen;
  // of the rest, half keep a reflection in a diagonal (the join folds those
  // by the transpose, mirrored for the other diagonal) or the half or
  // quarter turn (it sets the middle column apart), half of them with a
  // queen that keeps the symmetry.
  Board nextSparse(int minN, int maxN, int maxPercent) {
    Board board = withDensity(minN + static_cast<int>(below(maxN - minN + 1)), 0, maxPercent);
    int symmetry = below(2) == 0 ? 1 + static_cast<int>(below(7)) : 0;
    const int n = static_cast<int>(board.size());
    if (symmetry && n % 2 == 1 && below(3) == 0) {
      for (Board before; before != board;) {
        before = board;
        symmetrize(board, 1);  // the column flip
        symmetrize(board, 4);  // the transpose
      }
      if (below(2) == 0) board[n / 2][n / 2] = 'Q';
      return board;
    }
    if (symmetry && n % 2 == 1 && below(2) == 0) {
      const int kinds[] = {4, 7, 3, 5, 6};  // the diagonals, the half turn, the quarter turns
      const int kind = kinds[below(5)];
      symmetrize(board, kind);
      // Half the time a queen it keeps: on the axis, or in the centre.
      const int k = static_cast<int>(below(n));
      if (below(2) == 0) {
        if (kind == 4 || kind == 7)
          board[k][kind == 4 ? k : n - 1 - k] = 'Q';
        else
          board[n / 2][n / 2] = 'Q';
      }
      return board;
    }
    if (symmetry) symmetrize(board, symmetry);
    maybeGiveQueens(board, below(2) == 0 ? symmetry : 0);
    return board;
  }

  // A board of side 33..64, past 32-bit masks, blocked as CSPLib problem 080
  // makes its instances: visit the squares in random order and reserve one
  // while its row and its column each keep more than `keepFree` free squares,
  // until `percent`% are reserved. Two boards in three keep the squares of a
  // known placement (under a random symmetry) free, so that they have one.
  // One in three is then made symmetric, and one in four gets given queens.
  Board nextWide(int keepFree, int percent) {
    const int n = 33 + static_cast<int>(below(32));
    Board board(n, std::string(n, '.')), kept(n, std::string(n, '.'));
    if (below(3) != 0) {
      const int symmetry = static_cast<int>(below(8));
      std::vector<int> queens = knownPlacement(n);
      for (int r = 0; r < n; ++r) {
        int row = r, column = queens[r];
        transform(symmetry, n, row, column);
        kept[row][column] = 'k';
      }
    }
    std::vector<int> squares(n * n), freeInRow(n, n), freeInColumn(n, n);
    for (int i = 0; i < n * n; ++i) squares[i] = i;
    for (int i = n * n - 1; i > 0; --i) std::swap(squares[i], squares[below(i + 1)]);
    long reserved = 0;
    for (int square : squares) {
      if (reserved * 100 >= long(percent) * n * n) break;
      int r = square / n, c = square % n;
      if (freeInRow[r] <= keepFree || freeInColumn[c] <= keepFree || kept[r][c] == 'k') continue;
      board[r][c] = '*', --freeInRow[r], --freeInColumn[c], ++reserved;
    }
    if (below(3) == 0) symmetrize(board, 1 + static_cast<int>(below(7)));
    maybeGiveQueens(board);
    return board;
  }

  // One board in four gets 1 to 3 given queens, on any squares; with a
  // symmetry, each queen's images under it are given queens too.
  void maybeGiveQueens(Board& board, int symmetry = 0) {
    if (below(4) != 0) return;
    const int n = static_cast<int>(board.size());
    for (std::uint64_t queens = 1 + below(3); queens > 0; --queens) {
      int r = static_cast<int>(below(n)), c = static_cast<int>(below(n));
      for (int image = 0; image < 4; ++image) {  // a symmetry's order is 1, 2 or 4
        board[r][c] = 'Q';
        transform(symmetry, n, r, c);
      }
    }
  }

  // An n x n board with a random minPercent..maxPercent% of its squares reserved.
  Board withDensity(int n, int minPercent, int maxPercent) {
    Board board(n, std::string(n, '.'));
    std::uint64_t reservedPercent = minPercent + below(maxPercent - minPercent + 1);
    for (auto& row : board)
      for (auto& square : row)
        if (below(100) < reservedPercent) square = '*';
    return board;
  }

 private:
  // Reserves every square whose image under the symmetry is reserved, until
  // stable.
  static void symmetrize(Board& board, int symmetry) {
    const int n = static_cast<int>(board.size());
    for (bool changed = true; changed;) {
      changed = false;
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
          int r2 = r, c2 = c;
          transform(symmetry, n, r2, c2);
          if (board[r][c] == '*' && board[r2][c2] != '*') board[r2][c2] = '*', changed = true;
        }
    }
  }

  // One placement on the empty n x n board, n >= 4 (queens[r]: row r's
  // column), by the explicit construction (Hoffman, Loessi and Moore, 1969):
  // the even columns, then the odd ones, counted from 1; when n % 6 is 2,
  // swap 1 and 3 and move 5 to the end; when it is 3, move 2 to the end of
  // the evens and 1 and 3 to the end of the odds. Checked before it is used.
  static std::vector<int> knownPlacement(int n) {
    std::vector<int> evens, odds;
    for (int c = 2; c <= n; c += 2) evens.push_back(c);
    for (int c = 1; c <= n; c += 2) odds.push_back(c);
    if (n % 6 == 2) {
      std::swap(odds[0], odds[1]);
      odds.erase(odds.begin() + 2);
      odds.push_back(5);
    }
    if (n % 6 == 3) {
      evens.erase(evens.begin());
      evens.push_back(2);
      odds.erase(odds.begin(), odds.begin() + 2);
      odds.push_back(1);
      odds.push_back(3);
    }
    std::vector<int> queens;
    for (int c : evens) queens.push_back(c - 1);
    for (int c : odds) queens.push_back(c - 1);
    for (int r = 0; r < n; ++r)
      for (int above = 0; above < r; ++above)
        if (queens[above] == queens[r] || std::abs(queens[above] - queens[r]) == r - above) {
          std::fprintf(stderr, "knownPlacement(%d) is not a placement\n", n);
          std::abort();
        }
    return queens;
  }

  std::mt19937_64 random_;
};

// Whether the symmetry (bits as in RandomBoards::transform) maps every square
// onto one that holds the same.
bool keepsBoard(const Board& board, int symmetry) {
  const int n = static_cast<int>(board.size());
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      int r2 = r, c2 = c;
      transform(symmetry, n, r2, c2);
      if (board[r][c] != board[r2][c2]) return false;
    }
  return true;
}

// Writes boards the way real files look: LF or CRLF, some trailing blanks,
// some blank lines between boards.
void writeBatch(const std::string& path, const std::vector<Board>& boards, std::uint64_t seed) {
  RandomBoards noise(seed ^ 0x5eedULL);
  std::ofstream out(path, std::ios::binary);
  for (const Board& board : boards) {
    const char* lineEnd = noise.below(4) == 0 ? "\r\n" : "\n";
    for (const std::string& row : board)
      out << row << (noise.below(8) == 0 ? " \t" : "") << lineEnd;
    if (noise.below(4) == 0) out << lineEnd;
  }
}

std::string boardText(const Board& board) {
  std::string text;
  for (const std::string& row : board) text += row + "\n";
  return text;
}

}  // namespace
