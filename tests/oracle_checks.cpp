// Checks the solver binary against an independent brute-force oracle.
//
//   oracle_checks stress    PROGRAM BOARDS SEED   random boards, every --method
//   oracle_checks stress-large PROGRAM BOARDS SEED  the same, 11x11 to 20x20
//   oracle_checks stress-wide PROGRAM BOARDS SEED  33x33 to 64x64, CSPLib's way
//   oracle_checks join      PROGRAM BOARDS SEED   the join on sparse boards
//   oracle_checks memory-budget PROGRAM BOARD COUNT  the join within --memory, or none
//   oracle_checks list      PROGRAM BOARDS SEED   validates --list output
//   oracle_checks soak      PROGRAM BOARDS SEED   8x8 stream; counts and flat memory
//   oracle_checks long-line PROGRAM [MAX_RSS_KIB] a 64 MiB row must be refused cheaply
//   (oracle_checks measure REPORT COMMAND...      internal: see measure())
//
// Each mode writes its input to a file, runs PROGRAM on it once as one batch
// (stdin from the file, like a judge), and exits non-zero after printing the
// first board that disagrees. The oracle shares no code with solution.cpp: it
// is plain backtracking over board characters with coordinate arithmetic.
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

// ---- Running the solver -----------------------------------------------------
struct Run {
  int status;          // exit status, or 128 + signal
  long peakMemoryKiB;  // the child's peak resident set size
};

// Runs a command with its stdin, stdout and stderr already in place and writes
// "<status> <peak RSS KiB>" to reportPath. This runs in a fresh, small
// process (see runProgram): Linux counts the RSS of the process that forked
// into the child's ru_maxrss, so measuring from a big checker would hide the
// solver's own peak under the checker's.
int measure(const std::string& reportPath, char** command) {
  pid_t pid = fork();
  if (pid < 0) return 2;
  if (pid == 0) {
    execv(command[0], command);
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  std::ofstream(reportPath) << code << ' ' << usage.ru_maxrss << '\n';
  return 0;
}

Run runProgram(const std::vector<std::string>& argv, const std::string& input,
               const std::string& output, const std::string& error) {
  const std::string report = output + ".report";
  pid_t pid = fork();
  if (pid < 0) {
    std::perror("fork");
    std::exit(2);
  }
  if (pid == 0) {
    int in = open(input.c_str(), O_RDONLY);
    int out = open(output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int err = open(error.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0) _exit(126);
    dup2(in, 0), dup2(out, 1), dup2(err, 2);
    std::vector<std::string> measured = {"/proc/self/exe", "measure", report};
    measured.insert(measured.end(), argv.begin(), argv.end());
    std::vector<char*> args;
    for (const std::string& a : measured) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  Run run{-1, 0};
  std::ifstream(report) >> run.status >> run.peakMemoryKiB;
  std::remove(report.c_str());
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || run.status < 0) {
    std::fprintf(stderr, "could not run %s\n", argv[0].c_str());
    std::exit(2);
  }
  return run;
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> result;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) result.push_back(line);
  return result;
}

int fail(const std::string& what) {
  std::fprintf(stderr, "FAIL: %s\n", what.c_str());
  return 1;
}

std::string tempPath(const char* mode, const char* what) {
  return std::string("oracle_checks.") + mode + "." + std::to_string(getpid()) + "." + what;
}

// The lines a run printed on stdout and stderr, and its exit status.
struct Printed {
  int status;
  std::vector<std::string> out, err;
};

// Runs the command (argv) with the input file on stdin, like a judge.
Printed runOn(const std::string& input, const std::vector<std::string>& argv) {
  const std::string output = input + ".out", error = input + ".err";
  Run run = runProgram(argv, input, output, error);
  Printed printed{run.status, lines(readFile(output)), lines(readFile(error))};
  std::remove(output.c_str()), std::remove(error.c_str());
  return printed;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

// Counts the batch in M shares (--part=K/M), each into a file of its own,
// and adds them up with --merge, as the README's recipes do. A share that
// fails is returned as it failed.
Printed mergedShares(std::vector<std::string> argv, const std::string& input, int shares) {
  std::vector<std::string> merge = {argv[0], "--merge"};
  argv.push_back("");
  for (int part = 1; part <= shares; ++part) {
    argv.back() = "--part=" + std::to_string(part) + "/" + std::to_string(shares);
    merge.push_back(input + ".share" + std::to_string(part));
    Run run = runProgram(argv, input, merge.back(), input + ".err");
    if (run.status != 0) return Printed{run.status, {}, lines(readFile(input + ".err"))};
  }
  Printed merged = runOn(input, merge);
  for (std::size_t i = 2; i < merge.size(); ++i) std::remove(merge[i].c_str());
  return merged;
}

// ---- Modes ------------------------------------------------------------------
// Runs the program on a batch file with the given options, whole or in M
// shares that --merge adds up, and compares each output line with
// `expected`; returns 0 or prints the first mismatch.
int checkCounts(const std::string& program, const std::vector<std::string>& options,
                const std::string& input, const std::vector<Board>& boards,
                const std::vector<long long>& expected, const std::string& what, int shares = 0) {
  std::vector<std::string> argv = {program};
  argv.insert(argv.end(), options.begin(), options.end());
  Printed run = shares ? mergedShares(argv, input, shares) : runOn(input, argv);
  std::string command;
  for (const std::string& option : options) command += " " + option;
  if (shares) command += " in " + std::to_string(shares) + " shares, merged";
  if (run.status != 0)
    return fail(command + " exited with " + std::to_string(run.status) + ": " + joined(run.err));
  const std::vector<std::string>& got = run.out;
  for (std::size_t i = 0; i < boards.size(); ++i) {
    std::string want = std::to_string(expected[i]);
    if (i >= got.size() || got[i] != want)
      return fail(command + ", board " + std::to_string(i) + " (" + what + "): expected " + want +
                  ", got " + (i < got.size() ? got[i] : "nothing") + "\n" + boardText(boards[i]));
  }
  if (got.size() != boards.size()) return fail(command + ": extra output lines");
  return 0;
}

const char* const kMethods[] = {"auto", "rows", "propagate", "symmetry-rows", "symmetry-propagate",
                                "join"};

// Boards from RandomBoards::next(maxN), or nextLarge() when maxN is 0.
std::vector<Board> randomBatch(long boardCount, std::uint64_t seed, int maxN) {
  RandomBoards random(seed);
  std::vector<Board> boards;
  for (long i = 0; i < boardCount; ++i)
    boards.push_back(maxN ? random.next(maxN) : random.nextLarge());
  return boards;
}

// Random boards of up to 10x10, counted with no option, as the judge runs
// the program, against the oracle.
int stressJudge(const std::string& program, long boardCount, std::uint64_t seed) {
  std::vector<Board> boards = randomBatch(boardCount, seed, 10);
  std::vector<long long> expected;
  for (const Board& board : boards) expected.push_back(bruteForceCount(board));
  const std::string input = tempPath("judge", "in");
  writeBatch(input, boards, seed);
  if (int failed = checkCounts(program, {}, input, boards, expected, "seed " + std::to_string(seed)))
    return failed;
  std::printf("no option: %ld boards agree with the brute-force oracle\n", boardCount);
  std::remove(input.c_str());
  return 0;
}

// Random boards, every method with 1, 2, 3 and 8 threads, answers compared
// with the oracle.
int stress(const std::string& program, long boardCount, std::uint64_t seed, bool large) {
  std::vector<Board> boards = randomBatch(boardCount, seed, large ? 0 : 10);
  std::vector<long long> expected;
  for (const Board& board : boards) expected.push_back(bruteForceCount(board));
  const std::string input = tempPath("stress", "in");
  writeBatch(input, boards, seed);
  long withPlacements = 0, withQueens = 0, withQueensAndPlacements = 0;
  for (std::size_t i = 0; i < boards.size(); ++i) {
    bool queens = boardText(boards[i]).find('Q') != std::string::npos;
    withPlacements += expected[i] > 0;
    withQueens += queens;
    withQueensAndPlacements += queens && expected[i] > 0;
  }
  const std::string what = "seed " + std::to_string(seed);
  for (const char* method : kMethods) {
    for (int threads : {1, 2, 3, 8}) {
      if (int failed = checkCounts(
              program, {std::string("--method=") + method, "--threads=" + std::to_string(threads)},
              input, boards, expected, what))
        return failed;
    }
    std::printf(
        "--method=%s, 1/2/3/8 threads: %ld boards (%ld with placements; %ld with given queens, "
        "%ld of them with placements) agree with the brute-force oracle\n",
        method, boardCount, withPlacements, withQueens, withQueensAndPlacements);
  }
  std::remove(input.c_str());
  return 0;
}

// Boards of 33x33 to 64x64 (RandomBoards::nextWide), on 64-bit masks, with
// 1, 2 and 3 threads and in 7 shares, merged, against the oracle: boards
// whose rows keep at least 3 free squares for every method, and then boards
// whose rows keep 5, too slow to search in row order, for the methods that
// propagate. --method=join refuses them, with the reason.
int stressWide(const std::string& program, long boardCount, std::uint64_t seed) {
  RandomBoards random(seed);
  for (int keepFree : {2, 4}) {
    std::vector<Board> boards;
    std::vector<long long> expected;
    long withPlacements = 0, most = 0;
    for (long i = 0; i < boardCount; ++i) {
      boards.push_back(random.nextWide(keepFree, 95));
      expected.push_back(checkingAheadCount(boards.back()));
      withPlacements += expected.back() > 0;
      most = std::max(most, long(expected.back()));
    }
    const std::string input = tempPath("wide", "in");
    writeBatch(input, boards, seed);
    const std::string what = "seed " + std::to_string(seed) + ", rows keep " +
                             std::to_string(keepFree + 1) + " free squares";
    for (const char* method : kMethods) {
      const std::string option = std::string("--method=") + method;
      if (keepFree > 2 && option.find("propagate") == std::string::npos &&
          option != "--method=auto")
        continue;
      if (option == "--method=join") {
        Printed run = runOn(input, {program, option});
        const std::string n = std::to_string(boards[0].size()),
                          refusal = "error: board 1 (" + n + "x" + n +
                                    "): the join counts boards of up to 32x32 (its tables would "
                                    "not fit in memory)";
        if (run.status != 1 || !run.out.empty() || joined(run.err) != refusal + "\n")
          return fail(option + " should be refused with '" + refusal + "', got status " +
                      std::to_string(run.status) + " and '" + joined(run.err) + "'");
        std::printf("%s is refused: %s\n", option.c_str(), refusal.c_str());
        continue;
      }
      // auto uses no symmetry past 32x32, where it costs propagation its
      // order (bench/README.md); a third of these boards are symmetric.
      if (option == "--method=auto")
        for (const std::string& line : runOn(input, {program, "--stats", "--threads=1"}).err)
          if (line.find("symmetry") != std::string::npos)
            return fail("auto should not use symmetry past 32x32, but: " + line);
      for (int threads : {1, 2, 3})
        if (int failed = checkCounts(program, {option, "--threads=" + std::to_string(threads)},
                                     input, boards, expected, what))
          return failed;
      if (int failed = checkCounts(program, {option}, input, boards, expected, what, 7))
        return failed;
      std::printf(
          "%s, 1/2/3 threads and 7 shares: %ld boards of 33x33 to 64x64 whose rows keep %d free "
          "squares (%ld with placements, at most %ld) agree with the oracle\n",
          option.c_str(), boardCount, keepFree + 1, withPlacements, most);
    }
    std::remove(input.c_str());
  }
  return 0;
}

// --part=K/M for M = 1, 2, 7 and 64 (and 7 for every method): --merge adds
// the M shares up to the oracle's counts. The boards are those of
// both stress modes, so every engine is split: the filter and the row search
// (up to 9x9), propagation, and symmetry.
int parts(const std::string& program, long boardCount, std::uint64_t seed) {
  std::vector<Board> boards = randomBatch(boardCount, seed, 10),
                     large = randomBatch(boardCount, seed + 1, 0);
  boards.insert(boards.end(), large.begin(), large.end());
  std::vector<long long> expected;
  for (const Board& board : boards) expected.push_back(bruteForceCount(board));
  const std::string input = tempPath("parts", "in");
  writeBatch(input, boards, seed);
  for (const char* method : kMethods)
    for (int shares : {1, 2, 7, 64}) {
      if (shares != 7 && std::string(method) != "auto") continue;
      const std::vector<std::string> options = {std::string("--method=") + method, "--threads=2"};
      if (int failed = checkCounts(program, options, input, boards, expected, "", shares))
        return failed;
      std::printf("--method=%s: %d shares, merged, give the oracle's counts on %zu boards\n",
                  method, shares, boards.size());
    }
  std::remove(input.c_str());
  return 0;
}

// The join on sparse boards, where its tables are large: 10x10 to 13x13 with
// 0..12% reserved against the oracle, with 1 and 2 threads and in 7 shares;
// then 14x14 to 16x16 with 0..8% against propagation (the oracle would take
// minutes), as a second, independent count.
int checkJoin(const std::string& program, long boardCount, std::uint64_t seed) {
  RandomBoards random(seed);
  std::vector<Board> boards;
  std::vector<long long> expected;
  // The even boards that each transpose and quarter turn keeps: the join
  // folds those, and each kind must be among the boards.
  // The boards that the half turn keeps without the flips: the join counts
  // a W for its image under it (odd: with the middle column apart, and with
  // a transpose or quarter turn, the middle row too, and the fold by the
  // middle queens).
  // And the odd boards that all eight symmetries keep, which it folds by
  // the middle queens; and the odd boards that a reflection in a diagonal
  // keeps without the column flip, which it folds by the transpose (the
  // other diagonal's after mirroring the board).
  const char* swapNames[] = {"transpose", "quarter turn", "quarter turn back", "anti-transpose"};
  long keptBy[4] = {}, keptWithQueens = 0, oddKept = 0, oddKeptWithQueens = 0;
  long oddDiagonal[2] = {}, oddDiagonalWithQueens = 0, evenHalfTurn = 0;
  long oddHalfTurn = 0, oddHalfTurnWithQueens = 0, oddHalfTurnFolded = 0;
  for (long i = 0; i < boardCount; ++i) {
    boards.push_back(random.nextSparse(10, 13, 12));
    expected.push_back(bruteForceCount(boards.back()));
    const Board& board = boards.back();
    const bool queens = boardText(board).find('Q') != std::string::npos;
    const bool odd = board.size() % 2 == 1;
    bool kept = false, keptByAll = odd;
    for (int swap = 4; swap < 8 && !odd; ++swap)
      if (keepsBoard(board, swap)) ++keptBy[swap - 4], kept = true;
    keptWithQueens += kept && queens;
    // The half turn without the flips: on odd boards, the middle column apart.
    const bool halfTurnAlone = keepsBoard(board, 3) && !keepsBoard(board, 1);
    evenHalfTurn += !odd && halfTurnAlone;
    oddHalfTurn += odd && halfTurnAlone;
    oddHalfTurnWithQueens += odd && halfTurnAlone && queens;
    oddHalfTurnFolded += odd && halfTurnAlone && (keepsBoard(board, 4) || keepsBoard(board, 5));
    for (int symmetry = 1; symmetry < 8; ++symmetry)
      keptByAll = keptByAll && keepsBoard(board, symmetry);
    oddKept += keptByAll;
    oddKeptWithQueens += keptByAll && queens;
    bool diagonal = false;
    for (int swap : {4, 7})
      if (odd && !keepsBoard(board, 1) && keepsBoard(board, swap))
        ++oddDiagonal[swap == 7], diagonal = true;
    oddDiagonalWithQueens += diagonal && queens;
  }
  std::printf(
      "even boards kept by the transpose %ld, the quarter turns %ld and %ld, the "
      "anti-transpose %ld; %ld of them with given queens; %ld by the half turn without the "
      "flips; odd boards kept by the half turn without the flips %ld, %ld of them with given "
      "queens, %ld with a transpose or quarter turn too; odd boards kept by all eight "
      "symmetries %ld, %ld of them with given queens; odd boards kept without the column flip "
      "by the transpose %ld, the anti-transpose %ld, %ld of them with given queens\n",
      keptBy[0], keptBy[1], keptBy[2], keptBy[3], keptWithQueens, evenHalfTurn, oddHalfTurn,
      oddHalfTurnWithQueens, oddHalfTurnFolded, oddKept, oddKeptWithQueens, oddDiagonal[0],
      oddDiagonal[1], oddDiagonalWithQueens);
  for (int swap = 0; swap < 4; ++swap)
    if (keptBy[swap] == 0)
      return fail(std::string("no even board of seed ") + std::to_string(seed) + " keeps the " +
                  swapNames[swap]);
  if (evenHalfTurn == 0 || oddHalfTurn == oddHalfTurnWithQueens || oddHalfTurnWithQueens == 0 ||
      oddHalfTurnFolded == 0 || oddHalfTurnFolded == oddHalfTurn)
    return fail("seed " + std::to_string(seed) +
                " needs even and odd boards that the half turn keeps without the flips, the "
                "odd ones with and without given queens, and with and without a transpose or "
                "quarter turn");
  if (oddKeptWithQueens == 0 || oddKept == oddKeptWithQueens)
    return fail("seed " + std::to_string(seed) +
                " needs odd boards that all symmetries keep, with and without given queens");
  if (oddDiagonal[0] == 0 || oddDiagonal[1] == 0 || oddDiagonalWithQueens == 0)
    return fail("seed " + std::to_string(seed) +
                " needs odd boards that each diagonal's reflection keeps without the column "
                "flip, some with given queens");
  const std::string input = tempPath("join", "in");
  writeBatch(input, boards, seed);
  const std::string what = "seed " + std::to_string(seed);
  for (const char* threads : {"--threads=1", "--threads=2"})
    if (int failed =
            checkCounts(program, {"--method=join", threads}, input, boards, expected, what))
      return failed;
  if (int failed = checkCounts(program, {"--method=join"}, input, boards, expected, what, 7))
    return failed;
  std::printf(
      "--method=join, 1 and 2 threads and 7 shares: %ld boards of 10x10 to 13x13 agree with "
      "the brute-force oracle\n",
      boardCount);
  std::vector<Board> large;
  for (long i = 0; i < boardCount / 10; ++i) large.push_back(random.nextSparse(14, 16, 8));
  writeBatch(input, large, seed);
  Printed searched = runOn(input, {program, "--method=propagate"});
  Printed joined = runOn(input, {program, "--method=join"});
  if (searched.status != 0 || joined.status != 0 || joined.out != searched.out ||
      joined.out.size() != large.size())
    return fail("--method=join and --method=propagate disagree on boards of 14x14 to 16x16");
  std::printf("--method=join agrees with --method=propagate on %zu boards of 14x14 to 16x16\n",
              large.size());
  std::remove(input.c_str());
  return 0;
}

// The join's memory budget: with room for its tables the board is joined,
// with too little it is searched instead; the count is the same, and the
// peak memory stays within the budget (plus what a run with no join uses).
int checkMemoryBudget(const std::string& program, const std::string& boardFile,
                      const std::string& count) {
  const std::string output = tempPath("memory", "out"), error = tempPath("memory", "err"),
                    tiny = tempPath("memory", "tiny");
  std::ofstream(tiny) << ".\n";
  Run baseline = runProgram({program}, tiny, output, error);
  struct Case {
    const char* budget;
    long budgetKiB;
    const char* method;
  };
  for (Case c : {Case{"--memory=16M", 16 * 1024, "join"},
                 Case{"--memory=3M", 3 * 1024, "symmetry-propagate"}}) {
    Run run = runProgram({program, "--method=join", "--threads=2", "--stats", c.budget}, boardFile,
                         output, error);
    std::string printed = readFile(output), stats = readFile(error);
    if (run.status != 0 || printed != count + "\n")
      return fail(std::string(c.budget) + ": expected " + count + ", got " + printed + stats);
    if (stats.find(std::string(", ") + c.method + ", ") == std::string::npos)
      return fail(std::string(c.budget) + ": expected the method " + c.method + ", got " + stats);
    // The join says what it allocated, and that is within the budget.
    std::size_t said = stats.find(" MiB allocated");
    double allocatedMiB = 0;
    if (c.method == std::string("join") &&
        (said == std::string::npos ||
         std::sscanf(stats.c_str() + stats.rfind(", ", said) + 2, "%lf", &allocatedMiB) != 1 ||
         allocatedMiB <= 0 || allocatedMiB * 1024 > double(c.budgetKiB)))
      return fail(std::string(c.budget) + ": --stats must say what the join allocated: " + stats);
    if (run.peakMemoryKiB > baseline.peakMemoryKiB + c.budgetKiB)
      return fail(std::string(c.budget) + ": peak RSS " + std::to_string(run.peakMemoryKiB) +
                  " KiB, over the budget plus " + std::to_string(baseline.peakMemoryKiB) + " KiB");
    std::printf("%s: counted by %s, %.1f MiB allocated, peak RSS %ld KiB (a 1x1 board: %ld KiB)\n",
                c.budget, c.method, allocatedMiB, run.peakMemoryKiB, baseline.peakMemoryKiB);
  }
  // A board whose tables do not all fit lists none of them before it is
  // searched: a 22x22 board with two reserved corners on its top row, which
  // only the column flip keeps, has two tables (NW, SW) of about 0.5 GiB
  // each, and the default 1 GiB does not hold both. A tiny share keeps the
  // search short.
  const std::string big = tempPath("memory", "22");
  {
    std::ofstream file(big);
    file << '*' << std::string(20, '.') << "*\n";
    for (int r = 1; r < 22; ++r) file << std::string(22, '.') << '\n';
  }
  Run run =
      runProgram({program, "--threads=1", "--stats", "--part=1/1000000000"}, big, output, error);
  std::string stats = readFile(error);
  if (run.status != 0 || stats.find(", symmetry-propagate, ") == std::string::npos)
    return fail("the 22x22 board with two tables should be searched, not joined, in 1 GiB: " +
                stats);
  if (run.peakMemoryKiB > baseline.peakMemoryKiB + 128 * 1024)
    return fail("the 22x22 board with two tables: peak RSS " + std::to_string(run.peakMemoryKiB) +
                " KiB; a join that does not fit must list no table");
  std::printf("22x22 with two tables, default --memory: searched, peak RSS %ld KiB\n",
              run.peakMemoryKiB);
  std::remove(output.c_str()), std::remove(error.c_str()), std::remove(tiny.c_str());
  std::remove(big.c_str());
  return 0;
}

// Reads `--list` output and checks every placement independently: the board
// text with 'Q' on the queens, valid, in strictly increasing lexicographic
// order (so none repeats), and as many as the printed count and the oracle.
int checkListing(const std::string& program, long boardCount, std::uint64_t seed) {
  std::vector<Board> boards = randomBatch(boardCount, seed, 8);
  const std::string input = tempPath("list", "in");
  writeBatch(input, boards, seed);
  Printed run = runOn(input, {program, "--list"});
  std::remove(input.c_str());
  if (run.status != 0) return fail("--list exited with " + std::to_string(run.status));
  const std::vector<std::string>& out = run.out;
  std::size_t at = 0;
  long placementsSeen = 0;
  for (long i = 0; i < boardCount; ++i) {
    const Board& board = boards[i];
    const int n = static_cast<int>(board.size());
    const std::string where = "board " + std::to_string(i) + "\n" + boardText(board);
    std::vector<int> previous;
    long printed = 0;
    while (at < out.size() && out[at].find_first_not_of("0123456789") != std::string::npos) {
      if (at + n >= out.size()) return fail("--list output ends inside a placement of " + where);
      std::vector<int> queens(n, -1);
      for (int r = 0; r < n; ++r) {
        const std::string& row = out[at + r];
        if (static_cast<int>(row.size()) != n)
          return fail("placement row of the wrong length: '" + row + "' for " + where);
        for (int c = 0; c < n; ++c) {
          if (row[c] == 'Q') {
            if (queens[r] != -1) return fail("two queens in one row of a placement of " + where);
            queens[r] = c;
          } else if (row[c] != board[r][c]) {
            return fail("placement changes a square of " + where);
          }
        }
      }
      if (!out[at + n].empty()) return fail("no empty line after a placement of " + where);
      if (!isValidPlacement(board, queens)) return fail("invalid placement listed for " + where);
      if (!previous.empty() && !(previous < queens))
        return fail("placements out of order or repeated for " + where);
      previous = queens;
      ++printed;
      at += n + 1;
    }
    if (at == out.size()) return fail("no count line for " + where);
    long long oracle = bruteForceCount(board);
    if (out[at] != std::to_string(printed) || printed != oracle)
      return fail("count line " + out[at] + ", placements listed " + std::to_string(printed) +
                  ", oracle " + std::to_string(oracle) + " for " + where);
    placementsSeen += printed;
    ++at;
  }
  if (at != out.size()) return fail("extra lines after the last board");
  std::printf("--list: %ld boards, %ld placements, all valid, ordered, complete\n", boardCount,
              placementsSeen);
  return 0;
}

// A long stream of 8x8 boards: every count matches the oracle, and the peak
// memory is that of a one-board run (streaming: nothing grows per board).
int soak(const std::string& program, long boardCount, std::uint64_t seed) {
  const std::string input = tempPath("soak", "in"), output = tempPath("soak", "out"),
                    error = tempPath("soak", "err"), one = tempPath("soak", "one");
  RandomBoards random(seed);
  std::vector<long long> expected;
  {
    std::ofstream in(input, std::ios::binary), single(one, std::ios::binary);
    for (long i = 0; i < boardCount; ++i) {
      Board board = random.withDensity(8, 0, 30);
      expected.push_back(bruteForceCount(board));
      in << boardText(board);
      if (i == 0) single << boardText(board);
    }
  }
  Run oneBoard = runProgram({program}, one, output, error);
  Run manyBoards = runProgram({program}, input, output, error);
  if (oneBoard.status != 0 || manyBoards.status != 0)
    return fail("solver exited non-zero: " + readFile(error));
  std::ifstream got(output);
  std::string line;
  for (long i = 0; i < boardCount; ++i) {
    if (!std::getline(got, line) || line != std::to_string(expected[i]))
      return fail("board " + std::to_string(i) + ": expected " + std::to_string(expected[i]) +
                  ", got " + line);
  }
  std::printf(
      "soak: %ld boards agree with the oracle; peak RSS %ld KiB for 1 board, %ld KiB for %ld\n",
      boardCount, oneBoard.peakMemoryKiB, manyBoards.peakMemoryKiB, boardCount);
  if (manyBoards.peakMemoryKiB > oneBoard.peakMemoryKiB + 1024)
    return fail("memory grows with the number of boards");
  std::remove(input.c_str()), std::remove(output.c_str()), std::remove(error.c_str()),
      std::remove(one.c_str());
  return 0;
}

// One 64 MiB row: refused with the right error, without holding the row.
int longLine(const std::string& program, long maxPeakKiB) {
  const std::string input = tempPath("long", "in"), output = tempPath("long", "out"),
                    error = tempPath("long", "err"), tiny = tempPath("long", "tiny");
  {
    std::ofstream in(input, std::ios::binary);
    std::string chunk(1 << 20, '.');
    for (int i = 0; i < 64; ++i) in << chunk;
    in << '\n';
    std::ofstream(tiny) << ".\n";
  }
  Run small = runProgram({program}, tiny, output, error);
  Run run = runProgram({program}, input, output, error);
  const std::string expectedError =
      "error: line 1: expected a row of at most 64 squares, got more\n";
  std::string got = readFile(error);
  if (run.status != 1 || got != expectedError || !readFile(output).empty())
    return fail("64 MiB row: exit " + std::to_string(run.status) + ", stderr '" + got + "'");
  std::printf("64 MiB row refused; peak RSS %ld KiB (a 1x1 board: %ld KiB)\n", run.peakMemoryKiB,
              small.peakMemoryKiB);
  if (run.peakMemoryKiB > small.peakMemoryKiB + 1024) return fail("the long row was buffered");
  if (maxPeakKiB > 0 && run.peakMemoryKiB > maxPeakKiB)
    return fail("peak RSS over the limit of " + std::to_string(maxPeakKiB) + " KiB");
  std::remove(input.c_str()), std::remove(output.c_str()), std::remove(error.c_str()),
      std::remove(tiny.c_str());
  return 0;
}

// ---- Placements up to symmetry: --unique ------------------------------------------
// Every placement of the board (one column per row), in lexicographic order.
void allPlacements(const Board& placed, std::vector<int>& queens, int row,
                   std::vector<std::vector<int>>& found) {
  const int n = static_cast<int>(placed.size());
  if (row == n) {
    found.push_back(queens);
    return;
  }
  for (int column = 0; column < n; ++column) {
    bool safe = placed[row][column] == '.';
    for (int above = 0; above < row && safe; ++above)
      safe = queens[above] != column && std::abs(queens[above] - column) != row - above;
    if (!safe) continue;
    queens[row] = column;
    allPlacements(placed, queens, row + 1, found);
  }
}

// The eight rotations and reflections of an n x n square, as maps of (r, c).
std::pair<int, int> symmetryOf(int which, int n, int r, int c) {
  switch (which) {
    case 0:
      return {r, c};
    case 1:
      return {r, n - 1 - c};
    case 2:
      return {n - 1 - r, c};
    case 3:
      return {n - 1 - r, n - 1 - c};
    case 4:
      return {c, r};
    case 5:
      return {c, n - 1 - r};
    case 6:
      return {n - 1 - c, r};
    default:
      return {n - 1 - c, n - 1 - r};
  }
}

// The classes of placements under the symmetries that map every square onto
// one with the same character, as canonical forms: the smallest image of
// each placement.
std::set<std::vector<int>> canonicalForms(const Board& board,
                                          const std::vector<std::vector<int>>& placements) {
  const int n = static_cast<int>(board.size());
  std::vector<int> group;
  for (int which = 0; which < 8; ++which) {
    bool keeps = true;
    for (int r = 0; r < n && keeps; ++r)
      for (int c = 0; c < n && keeps; ++c) {
        auto [r2, c2] = symmetryOf(which, n, r, c);
        keeps = board[r][c] == board[r2][c2];
      }
    if (keeps) group.push_back(which);
  }
  std::set<std::vector<int>> forms;
  for (const std::vector<int>& queens : placements) {
    std::vector<int> smallest = queens;
    for (int which : group) {
      std::vector<int> image(n);
      for (int r = 0; r < n; ++r) {
        auto [r2, c2] = symmetryOf(which, n, r, queens[r]);
        image[r2] = c2;
      }
      smallest = std::min(smallest, image);
    }
    forms.insert(smallest);
  }
  return forms;
}

// --unique against the number of canonical forms, and --list --unique: the
// placements it lists are valid, each the canonical form of its class, and
// as many as the count and the classes.
int checkUnique(const std::string& program, long boardCount, std::uint64_t seed) {
  std::vector<Board> boards = randomBatch(boardCount, seed, 8);
  const std::string input = tempPath("unique", "in");
  writeBatch(input, boards, seed);
  Printed counted = runOn(input, {program, "--unique"});
  Printed listed = runOn(input, {program, "--list", "--unique"});
  std::remove(input.c_str());
  if (counted.status != 0 || listed.status != 0 || counted.out.size() != boards.size())
    return fail("--unique exited with " + std::to_string(counted.status) + " / " +
                std::to_string(listed.status));
  std::size_t at = 0;
  long symmetric = 0, classesSeen = 0;
  for (std::size_t i = 0; i < boards.size(); ++i) {
    const Board& board = boards[i];
    const int n = static_cast<int>(board.size());
    const std::string where = "board " + std::to_string(i) + "\n" + boardText(board);
    std::vector<std::vector<int>> placements;
    std::vector<int> queens(n);
    allPlacements(withQueensPlaced(board), queens, 0, placements);
    std::set<std::vector<int>> forms = canonicalForms(board, placements);
    symmetric += forms.size() != placements.size();
    classesSeen += static_cast<long>(forms.size());
    if (counted.out[i] != std::to_string(forms.size()))
      return fail("--unique printed " + counted.out[i] + ", the oracle has " +
                  std::to_string(forms.size()) + " classes for " + where);
    std::set<std::vector<int>> listedForms;
    while (at < listed.out.size() &&
           listed.out[at].find_first_not_of("0123456789") != std::string::npos) {
      if (at + n >= listed.out.size()) return fail("--list --unique ends early for " + where);
      std::vector<int> q(n, -1);
      for (int r = 0; r < n; ++r) q[r] = static_cast<int>(listed.out[at + r].find('Q'));
      if (!forms.count(q) || !listedForms.insert(q).second)
        return fail("--list --unique lists a placement that is not a class's first for " + where);
      at += n + 1;
    }
    if (at >= listed.out.size() || listed.out[at] != std::to_string(forms.size()) ||
        listedForms.size() != forms.size())
      return fail("--list --unique: " + std::to_string(listedForms.size()) +
                  " listed, the oracle has " + std::to_string(forms.size()) + " classes for " +
                  where);
    ++at;
  }
  std::printf(
      "--unique: %zu boards (%ld where symmetry merges placements), %ld classes, counted "
      "and listed as the oracle's canonical forms\n",
      boards.size(), symmetric, classesSeen);
  return 0;
}

// ---- Step by step: --trace and --stats ----------------------------------------
// The partial placements of the first `rows` rows: the row search's nodes.
long long partialPlacements(const Board& board, std::vector<int>& queens, int row, int rows) {
  if (row == rows) return 1;
  long long total = 0;
  for (int column = 0; column < static_cast<int>(board.size()); ++column) {
    queens[row] = column;
    bool safe = board[row][column] == '.';
    for (int above = 0; above < row && safe; ++above) {
      int dc = queens[above] - column;
      safe = dc != 0 && std::abs(dc) != row - above;
    }
    if (safe) total += partialPlacements(board, queens, row + 1, rows);
  }
  return total;
}

// Whether a queen may stand on (row, column) below the queens of rows 0..row-1.
bool isOpen(const Board& board, const std::vector<int>& queens, int row, int column) {
  if (board[row][column] != '.') return false;
  for (int above = 0; above < row; ++above) {
    int dc = queens[above] - column;
    if (dc == 0 || std::abs(dc) == row - above) return false;
  }
  return true;
}

// Replays the --trace of random boards up to 7x7: every step is legal, each
// row tries exactly its open squares from left to right before going back,
// every placement is drawn when complete, and the count is the oracle's.
int checkTrace(const std::string& program, long boardCount, std::uint64_t seed) {
  std::vector<Board> boards = randomBatch(boardCount, seed, 7);
  const std::string input = tempPath("trace", "in");
  writeBatch(input, boards, seed);
  Printed run = runOn(input, {program, "--trace"});
  std::remove(input.c_str());
  if (run.status != 0) return fail("--trace exited with " + std::to_string(run.status));
  const std::vector<std::string>& out = run.out;
  std::size_t at = 0;
  long steps = 0;
  for (long i = 0; i < boardCount; ++i) {
    const Board& drawn = boards[i];
    const Board board = withQueensPlaced(drawn);  // where the search may go
    const int n = static_cast<int>(board.size());
    const std::string where = "board " + std::to_string(i) + "\n" + boardText(drawn);
    if (givenQueensClash(drawn)) {  // no search at all, and a count of 0
      if (at >= out.size() || out[at] != "0")
        return fail("expected only a count of 0 for " + where);
      ++at;
      continue;
    }
    std::vector<int> queens(n, -1);
    std::vector<int> tried(n, -1);  // the last column tried in each row
    int row = 0;                    // the row the search is in
    long placements = 0;
    bool over = false;
    while (!over) {
      if (at >= out.size()) return fail("the trace ends early for " + where);
      const std::string& line = out[at++];
      ++steps;
      std::size_t indent = line.find_first_not_of(' ');
      int r = 0, c = 0, back = 0;
      if (indent != 2 * static_cast<std::size_t>(row))
        return fail("line '" + line + "': expected an indent of " + std::to_string(2 * row) +
                    " for " + where);
      if (std::sscanf(line.c_str() + indent, "row %d: queen on column %d", &r, &c) == 2) {
        if (r != row + 1 || c <= tried[row] + 1 || c > n)
          return fail("line '" + line + "': out of order for " + where);
        for (int skipped = tried[row] + 1; skipped < c - 1; ++skipped)
          if (isOpen(board, queens, row, skipped))
            return fail("line '" + line + "': skips an open square for " + where);
        if (!isOpen(board, queens, row, c - 1))
          return fail("line '" + line + "': the square is not open for " + where);
        queens[row] = tried[row] = c - 1;
        if (row + 1 < n) {
          tried[++row] = -1;
          continue;
        }
        // A complete placement: the board with 'Q' on the queens, an empty line.
        if (at + n >= out.size()) return fail("a placement is cut short for " + where);
        for (int pr = 0; pr < n; ++pr) {
          std::string expected = drawn[pr];
          expected[queens[pr]] = 'Q';
          if (out[at + pr] != expected) return fail("placement drawn wrong for " + where);
        }
        if (!out[at + n].empty()) return fail("no empty line after a placement of " + where);
        at += n + 1;
        ++placements;
        continue;
      }
      const char* rest = line.c_str() + indent;
      bool none = std::sscanf(rest, "row %d: no open square", &r) == 1 &&
                  std::strstr(rest, ": no open square,");
      bool exhausted = std::sscanf(rest, "row %d: no other open square", &r) == 1;
      if ((!none && !exhausted) || r != row + 1)
        return fail("line '" + line + "': not a step of row " + std::to_string(row + 1) + " for " +
                    where);
      for (int column = tried[row] + 1; column < n; ++column)
        if (isOpen(board, queens, row, column))
          return fail("line '" + line + "': an open square was not tried for " + where);
      if (none != (tried[row] == -1))
        return fail("line '" + line + "': wrong kind of return for " + where);
      if (row == 0) {
        if (!std::strstr(rest, ", the search is over"))
          return fail("line '" + line + "': expected the end for " + where);
        over = true;
      } else if (const char* backTo = std::strstr(rest, ", back to row ");
                 !backTo || std::sscanf(backTo, ", back to row %d", &back) != 1 || back != row) {
        return fail("line '" + line + "': expected a return to row " + std::to_string(row) +
                    " for " + where);
      } else {
        --row;
      }
    }
    long long oracle = bruteForceCount(board);
    if (at >= out.size() || out[at] != std::to_string(placements) || placements != oracle)
      return fail("count line, " + std::to_string(placements) + " placements traced, oracle " +
                  std::to_string(oracle) + " for " + where);
    ++at;
  }
  if (at != out.size()) return fail("extra lines after the last board");
  std::printf("--trace: %ld boards, %ld steps replayed, all legal and complete\n", boardCount,
              steps);
  return 0;
}

// --stats: stdout unchanged, one stderr line per board in order, and with
// --method=rows the nodes are the partial placements of the first N - 1 rows
// (the last row is counted at once), as the oracle counts them on the board
// with its given queens in place.
int checkStats(const std::string& program, long boardCount, std::uint64_t seed) {
  std::vector<Board> boards = randomBatch(boardCount, seed, 9);
  const std::string input = tempPath("stats", "in");
  writeBatch(input, boards, seed);
  Printed run = runOn(input, {program, "--method=rows", "--stats"});
  std::remove(input.c_str());
  const std::vector<std::string>&out = run.out, &err = run.err;
  if (run.status != 0 || out.size() != boards.size() || err.size() != boards.size())
    return fail("--stats: exit " + std::to_string(run.status) + ", " + std::to_string(out.size()) +
                " counts, " + std::to_string(err.size()) + " stats lines");
  for (long i = 0; i < boardCount; ++i) {
    const Board& board = boards[i];
    const int n = static_cast<int>(board.size());
    long number = 0, nodes = -1;
    int n1 = 0, n2 = 0;
    double ms = -1;
    char method[64] = "";
    // Given queens that attack each other leave nothing to search.
    const bool clash = givenQueensClash(board);
    const std::string expectedMethod = clash ? "given queens attack each other" : "rows";
    const Board placed = withQueensPlaced(board);
    std::vector<int> queens(n);
    long long expectedNodes = 0;
    for (int rows = 0; rows < n && !clash; ++rows)
      expectedNodes += partialPlacements(placed, queens, 0, rows);
    if (std::sscanf(err[i].c_str(), "board %ld: %dx%d, %63[^,], %ld nodes, %lf ms", &number, &n1,
                    &n2, method, &nodes, &ms) != 6 ||
        number != i + 1 || n1 != n || n2 != n || method != expectedMethod ||
        nodes != expectedNodes || ms < 0 || out[i] != std::to_string(bruteForceCount(board)))
      return fail("stats line '" + err[i] + "' (expected " + std::to_string(expectedNodes) +
                  " nodes), count " + out[i] + " for board " + std::to_string(i) + "\n" +
                  boardText(board));
  }
  std::printf("--stats: %ld boards, counts unchanged, node counts equal the oracle's\n",
              boardCount);
  return 0;
}

// ---- Terminals and full disks -------------------------------------------------
// A pseudo-terminal, as a person's terminal looks to the program: the program
// gets the slave side, and the test reads and types on the master side.
struct Terminal {
  int master = -1;
  std::string slave;
};

Terminal openTerminal() {
  Terminal terminal;
  terminal.master = posix_openpt(O_RDWR | O_NOCTTY);
  if (terminal.master < 0 || grantpt(terminal.master) != 0 || unlockpt(terminal.master) != 0) {
    std::perror("posix_openpt");
    std::exit(2);
  }
  terminal.slave = ptsname(terminal.master);
  return terminal;
}

// Starts PROGRAM with the terminal's slave side on the descriptors in
// `onTerminal` (echo off, so that typed text does not come back) and the
// given files on the others.
pid_t startOnTerminal(const std::vector<std::string>& argv, const Terminal& terminal,
                      const std::vector<int>& onTerminal, int in, int out, int err) {
  pid_t pid = fork();
  if (pid != 0) return pid;
  setsid();  // a session of its own, whose controlling terminal is the slave
  int slave = open(terminal.slave.c_str(), O_RDWR);
  termios settings{};
  tcgetattr(slave, &settings);
  settings.c_lflag &= ~ECHO;
  tcsetattr(slave, TCSANOW, &settings);
  int fds[3] = {in, out, err};
  for (int fd : onTerminal) fds[fd] = slave;
  for (int fd = 0; fd < 3; ++fd) dup2(fds[fd], fd);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  execv(args[0], args.data());
  _exit(127);
}

// Reads what `fd` has within `seconds`; "" when nothing came (or it closed).
std::string readWithin(int fd, double seconds) {
  pollfd ready{fd, POLLIN, 0};
  if (poll(&ready, 1, static_cast<int>(seconds * 1000)) <= 0) return "";
  char buffer[4096];
  ssize_t got = read(fd, buffer, sizeof buffer);
  return got > 0 ? std::string(buffer, got) : "";
}

// The exit status of `pid` if it ends within `seconds`, else -1 (and kills it).
int exitWithin(pid_t pid, double seconds) {
  int status = 0;
  for (int waited = 0; waited < seconds * 100; ++waited) {
    if (waitpid(pid, &status, WNOHANG) == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
    usleep(10000);
  }
  kill(pid, SIGKILL);
  waitpid(pid, &status, 0);
  return -1;
}

// A board typed at a terminal: its count appears as soon as its last row is
// entered, and one Ctrl-D ends the program.
int live(const std::string& program) {
  Terminal terminal = openTerminal();
  int output[2];
  if (pipe(output) != 0) return fail("pipe");
  pid_t pid = startOnTerminal({program}, terminal, {0}, -1, output[1], 2);
  close(output[1]);
  const std::string board = "....\n....\n....\n....\n";
  if (write(terminal.master, board.data(), board.size()) != static_cast<ssize_t>(board.size()))
    return fail("could not type on the terminal");
  std::string got = readWithin(output[0], 30);
  if (got != "2\n") {
    exitWithin(pid, 0);
    return fail("typed a 4x4 board: expected its count '2' at once, got '" + got + "'");
  }
  const char endOfInput = 4;  // Ctrl-D
  if (write(terminal.master, &endOfInput, 1) != 1) return fail("could not type Ctrl-D");
  int status = exitWithin(pid, 30);
  if (status != 0) return fail("one Ctrl-D: expected exit status 0, got " + std::to_string(status));
  std::printf("live: the count came as the last row was typed; one Ctrl-D ended the program\n");
  return 0;
}

// The progress line: on a terminal it is drawn in place ("\r", cleared to the
// end of the line) and erased at the end, and the count on stdout is
// untouched; with stderr in a file it is absent, unless --progress forces it,
// as whole lines. BOARD must take a few seconds with OPTIONS.
int progress(const std::string& program, const std::string& board, long long count,
             const std::vector<std::string>& options) {
  std::vector<std::string> argv = {program};
  argv.insert(argv.end(), options.begin(), options.end());
  const std::string output = tempPath("progress", "out"), error = tempPath("progress", "err");
  const std::string expectedOutput = std::to_string(count) + "\n";
  {
    Terminal terminal = openTerminal();
    int in = open(board.c_str(), O_RDONLY),
        out = open(output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid = startOnTerminal(argv, terminal, {2}, in, out, -1);
    close(in), close(out);
    std::string seen;
    for (int status = -1; status < 0;) {
      seen += readWithin(terminal.master, 0.1);
      if (waitpid(pid, &status, WNOHANG) == pid) {
        seen += readWithin(terminal.master, 0.1);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
          return fail("exit status on a terminal");
        break;
      }
      status = -1;
    }
    const std::string erase = "\r\033[K";
    if (seen.compare(0, 1, "\r") != 0 || seen.find("board 1, ") == std::string::npos ||
        seen.find("units done") == std::string::npos || seen.find('\n') != std::string::npos ||
        seen.size() < erase.size() ||
        seen.compare(seen.size() - erase.size(), erase.size(), erase) != 0)
      return fail("progress on a terminal: got '" + seen + "'");
    if (readFile(output) != expectedOutput) return fail("progress on a terminal changed stdout");
    std::printf("progress on a terminal: %zu bytes drawn in place, then erased\n", seen.size());
  }
  Run quiet = runProgram(argv, board, output, error);
  if (quiet.status != 0 || !readFile(error).empty() || readFile(output) != expectedOutput)
    return fail("stderr in a file: expected no progress, got '" + readFile(error) + "'");
  argv.push_back("--progress");
  Run forced = runProgram(argv, board, output, error);
  std::vector<std::string> logged = lines(readFile(error));
  if (forced.status != 0 || logged.empty() || readFile(output) != expectedOutput ||
      readFile(error).find('\r') != std::string::npos)
    return fail("--progress into a file: got '" + readFile(error) + "'");
  for (const std::string& line : logged)
    if (line.compare(0, 9, "board 1, ") != 0 || line.find("units done") == std::string::npos)
      return fail("--progress into a file: line '" + line + "'");
  std::printf("stderr in a file: no progress; --progress: %zu lines\n", logged.size());
  std::remove(output.c_str()), std::remove(error.c_str());
  return 0;
}

// Output to a full disk: the error is said, with its reason, and exit 1.
int fullDisk(const std::string& program, const std::string& board) {
  const std::string error = tempPath("full", "err");
  const std::string expected = "error: cannot write the output: No space left on device\n";
  for (const std::vector<std::string>& argv :
       {std::vector<std::string>{program}, std::vector<std::string>{program, "--list"}}) {
    Run run = runProgram(argv, board, "/dev/full", error);
    if (run.status != 1 || readFile(error) != expected)
      return fail(argv.back() + " to /dev/full: exit " + std::to_string(run.status) + ", stderr '" +
                  readFile(error) + "'");
  }
  std::printf("/dev/full: 'cannot write the output' and exit 1, with and without --list\n");
  std::remove(error.c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  auto number = [&](std::size_t i, long fallback) {
    return i < args.size() ? std::atol(args[i].c_str()) : fallback;
  };
  if (args.size() >= 4 && args[0] == "stress-judge")
    return stressJudge(args[1], number(2, 0), number(3, 0));
  if (args.size() >= 4 && (args[0] == "stress" || args[0] == "stress-large"))
    return stress(args[1], number(2, 0), number(3, 0), args[0] == "stress-large");
  if (args.size() >= 4 && args[0] == "stress-wide")
    return stressWide(args[1], number(2, 0), number(3, 0));
  if (args.size() >= 4 && args[0] == "parts") return parts(args[1], number(2, 0), number(3, 0));
  if (args.size() >= 4 && args[0] == "join") return checkJoin(args[1], number(2, 0), number(3, 0));
  if (args.size() >= 4 && args[0] == "memory-budget")
    return checkMemoryBudget(args[1], args[2], args[3]);
  if (args.size() >= 4 && args[0] == "unique")
    return checkUnique(args[1], number(2, 0), number(3, 0));
  if (args.size() >= 4 && args[0] == "trace")
    return checkTrace(args[1], number(2, 0), number(3, 0));
  if (args.size() >= 4 && args[0] == "stats")
    return checkStats(args[1], number(2, 0), number(3, 0));
  if (args.size() >= 2 && args[0] == "live") return live(args[1]);
  if (args.size() >= 4 && args[0] == "progress")
    return progress(args[1], args[2], std::atoll(args[3].c_str()),
                    std::vector<std::string>(args.begin() + 4, args.end()));
  if (args.size() >= 3 && args[0] == "full") return fullDisk(args[1], args[2]);
  if (args.size() >= 4 && args[0] == "list")
    return checkListing(args[1], number(2, 0), number(3, 0));
  if (args.size() >= 4 && args[0] == "soak") return soak(args[1], number(2, 0), number(3, 0));
  if (args.size() >= 2 && args[0] == "long-line") return longLine(args[1], number(2, 0));
  if (args.size() >= 3 && args[0] == "measure") return measure(args[1], argv + 3);
  std::fprintf(stderr,
               "usage: oracle_checks stress|stress-judge|stress-large|list|soak PROGRAM BOARDS SEED\n"
               "       oracle_checks long-line PROGRAM [MAX_RSS_KIB]\n");
  return 2;
}
