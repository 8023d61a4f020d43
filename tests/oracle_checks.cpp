// Checks the solver binary against an independent brute-force oracle.
//
//   oracle_checks stress    PROGRAM BOARDS SEED   random boards, every --method
//   oracle_checks stress-large PROGRAM BOARDS SEED  the same, 11x11 to 20x20
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
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Board = std::vector<std::string>;  // rows of '.' and '*'

// ---- The oracle -------------------------------------------------------------
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
  BruteForce search{board, std::vector<int>(board.size())};
  return search.countFrom(0);
}

// Whether `queens` (one column per row) is a valid placement on `board`.
bool isValidPlacement(const Board& board, const std::vector<int>& queens) {
  const int n = static_cast<int>(board.size());
  for (int r = 0; r < n; ++r) {
    if (queens[r] < 0 || queens[r] >= n || board[r][queens[r]] != '.') return false;
    for (int above = 0; above < r; ++above) {
      int dc = queens[above] - queens[r];
      if (dc == 0 || std::abs(dc) == r - above) return false;
    }
  }
  return true;
}

// ---- Random boards ------------------------------------------------------------
// Deterministic for a seed on every platform: std::mt19937_64 is fully
// specified, and only its raw output is used.
class RandomBoards {
 public:
  explicit RandomBoards(std::uint64_t seed) : random_(seed) {}

  std::uint64_t below(std::uint64_t bound) { return random_() % bound; }

  // A board of side 1..maxN with 0..60% reserved; one in three is made
  // symmetric under a random rotation or reflection, one in twenty is empty.
  Board next(int maxN) {
    int n = 1 + static_cast<int>(below(maxN));
    if (below(20) == 0) return Board(n, std::string(n, '.'));
    Board board = withDensity(n, 0, 60);
    if (below(3) == 0) symmetrize(board, 1 + static_cast<int>(below(7)));
    return board;
  }

  // A board of side 11..20, where the solver propagates: 35..65% reserved up
  // to 16x16 and 60..80% above, so that the oracle (and --method=rows) stays
  // quick; one in three is made symmetric.
  Board nextLarge() {
    int n = 11 + static_cast<int>(below(10));
    Board board = n <= 16 ? withDensity(n, 35, 65) : withDensity(n, 60, 80);
    if (below(3) == 0) symmetrize(board, 1 + static_cast<int>(below(7)));
    return board;
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
  // Reserves every square whose image under the symmetry (bit 4 transpose,
  // then bit 2 flip rows, bit 1 flip columns) is reserved, until stable.
  static void symmetrize(Board& board, int symmetry) {
    const int n = static_cast<int>(board.size());
    for (bool changed = true; changed;) {
      changed = false;
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
          int r2 = r, c2 = c;
          if (symmetry & 4) std::swap(r2, c2);
          if (symmetry & 2) r2 = n - 1 - r2;
          if (symmetry & 1) c2 = n - 1 - c2;
          if (board[r][c] == '*' && board[r2][c2] != '*') board[r2][c2] = '*', changed = true;
        }
    }
  }

  std::mt19937_64 random_;
};

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

// ---- Modes ------------------------------------------------------------------
// Random boards up to 10x10, every method, answers compared with the oracle.
int stress(const std::string& program, long boardCount, std::uint64_t seed, bool large) {
  RandomBoards random(seed);
  std::vector<Board> boards;
  std::vector<long long> expected;
  for (long i = 0; i < boardCount; ++i) {
    boards.push_back(large ? random.nextLarge() : random.next(10));
    expected.push_back(bruteForceCount(boards.back()));
  }
  const std::string input = tempPath("stress", "in"), output = tempPath("stress", "out"),
                    error = tempPath("stress", "err");
  writeBatch(input, boards, seed);
  long withPlacements = 0;
  for (long long count : expected) withPlacements += count > 0;
  for (const char* method : {"auto", "rows", "propagate", "symmetry-rows", "symmetry-propagate"}) {
    Run run = runProgram({program, std::string("--method=") + method}, input, output, error);
    std::vector<std::string> got = lines(readFile(output));
    if (run.status != 0)
      return fail(std::string("--method=") + method + " exited with " + std::to_string(run.status) +
                  ": " + readFile(error));
    for (long i = 0; i < boardCount; ++i) {
      std::string want = std::to_string(expected[i]);
      if (i >= static_cast<long>(got.size()) || got[i] != want)
        return fail("--method=" + std::string(method) + ", board " + std::to_string(i) + " (seed " +
                    std::to_string(seed) + "): expected " + want + ", got " +
                    (i < static_cast<long>(got.size()) ? got[i] : "nothing") + "\n" +
                    boardText(boards[i]));
    }
    if (static_cast<long>(got.size()) != boardCount) return fail("extra output lines");
    std::printf("--method=%s: %ld boards (%ld with placements) agree with the brute-force oracle\n",
                method, boardCount, withPlacements);
  }
  std::remove(input.c_str()), std::remove(output.c_str()), std::remove(error.c_str());
  return 0;
}

// Reads `--list` output and checks every placement independently: the board
// text with 'Q' on the queens, valid, in strictly increasing lexicographic
// order (so none repeats), and as many as the printed count and the oracle.
int checkListing(const std::string& program, long boardCount, std::uint64_t seed) {
  RandomBoards random(seed);
  std::vector<Board> boards;
  for (long i = 0; i < boardCount; ++i) boards.push_back(random.next(8));
  const std::string input = tempPath("list", "in"), output = tempPath("list", "out"),
                    error = tempPath("list", "err");
  writeBatch(input, boards, seed);
  Run run = runProgram({program, "--list"}, input, output, error);
  if (run.status != 0) return fail("--list exited with " + std::to_string(run.status));
  std::vector<std::string> out = lines(readFile(output));
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
  std::remove(input.c_str()), std::remove(output.c_str()), std::remove(error.c_str());
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
      "error: line 1: expected a row of at most 32 squares, got more\n";
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

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  auto number = [&](std::size_t i, long fallback) {
    return i < args.size() ? std::atol(args[i].c_str()) : fallback;
  };
  if (args.size() >= 4 && (args[0] == "stress" || args[0] == "stress-large"))
    return stress(args[1], number(2, 0), number(3, 0), args[0] == "stress-large");
  if (args.size() >= 4 && args[0] == "list")
    return checkListing(args[1], number(2, 0), number(3, 0));
  if (args.size() >= 4 && args[0] == "soak") return soak(args[1], number(2, 0), number(3, 0));
  if (args.size() >= 2 && args[0] == "long-line") return longLine(args[1], number(2, 0));
  if (args.size() >= 3 && args[0] == "measure") return measure(args[1], argv + 3);
  std::fprintf(stderr,
               "usage: oracle_checks stress|stress-large|list|soak PROGRAM BOARDS SEED\n"
               "       oracle_checks long-line PROGRAM [MAX_RSS_KIB]\n");
  return 2;
}
