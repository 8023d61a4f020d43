// The checks of what the search shows: --unique, --trace and --stats.
#pragma once

#include "running.hpp"

namespace {

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

// Replays one board's part of a --trace output from line `at`, by the
// rules of the row search: each returns "" if the steps are right, else
// what is wrong.
class TraceReplay {
 public:
  TraceReplay(const std::vector<std::string>& out, std::size_t& at, const Board& drawn,
              const std::string& where)
      : out_(out),
        at_(at),
        drawn_(drawn),
        board_(withQueensPlaced(drawn)),
        n_(static_cast<int>(board_.size())),
        where_(where),
        queens_(n_, -1),
        tried_(n_, -1) {}

  // Every step up to "the search is over", then the count line.
  std::string replay(long& steps) {
    for (bool over = false; !over;) {
      if (at_ >= out_.size()) return "the trace ends early for " + where_;
      const std::string& line = out_[at_++];
      ++steps;
      std::size_t indent = line.find_first_not_of(' ');
      if (indent != 2 * static_cast<std::size_t>(row_))
        return "line '" + line + "': expected an indent of " + std::to_string(2 * row_) + " for " +
               where_;
      int r = 0, c = 0;
      std::string wrong =
          std::sscanf(line.c_str() + indent, "row %d: queen on column %d", &r, &c) == 2
              ? queenStep(line, r, c)
              : backStep(line, line.c_str() + indent, over);
      if (!wrong.empty()) return wrong;
    }
    long long oracle = bruteForceCount(board_);
    if (at_ >= out_.size() || out_[at_] != std::to_string(placements_) || placements_ != oracle)
      return "count line, " + std::to_string(placements_) + " placements traced, oracle " +
             std::to_string(oracle) + " for " + where_;
    ++at_;
    return "";
  }

 private:
  // Whether a queen may stand on (row, column) below the queens above.
  bool isOpen(int row, int column) const {
    if (board_[row][column] != '.') return false;
    for (int above = 0; above < row; ++above) {
      int dc = queens_[above] - column;
      if (dc == 0 || std::abs(dc) == row - above) return false;
    }
    return true;
  }

  // "row r: queen on column c": the next open square of this row; a
  // complete placement is drawn, then an empty line.
  std::string queenStep(const std::string& line, int r, int c) {
    if (r != row_ + 1 || c <= tried_[row_] + 1 || c > n_)
      return "line '" + line + "': out of order for " + where_;
    for (int skipped = tried_[row_] + 1; skipped < c - 1; ++skipped)
      if (isOpen(row_, skipped)) return "line '" + line + "': skips an open square for " + where_;
    if (!isOpen(row_, c - 1)) return "line '" + line + "': the square is not open for " + where_;
    queens_[row_] = tried_[row_] = c - 1;
    if (row_ + 1 < n_) {
      tried_[++row_] = -1;
      return "";
    }
    if (at_ + n_ >= out_.size()) return "a placement is cut short for " + where_;
    for (int pr = 0; pr < n_; ++pr) {
      std::string expected = drawn_[pr];
      expected[queens_[pr]] = 'Q';
      if (out_[at_ + pr] != expected) return "placement drawn wrong for " + where_;
    }
    if (!out_[at_ + n_].empty()) return "no empty line after a placement of " + where_;
    at_ += n_ + 1;
    ++placements_;
    return "";
  }

  // "row r: no (other) open square, back to row r - 1" (or "the search is
  // over" in row 1): only once every open square was tried.
  std::string backStep(const std::string& line, const char* rest, bool& over) {
    int r = 0, back = 0;
    bool none = std::sscanf(rest, "row %d: no open square", &r) == 1 &&
                std::strstr(rest, ": no open square,");
    bool exhausted = std::sscanf(rest, "row %d: no other open square", &r) == 1;
    if ((!none && !exhausted) || r != row_ + 1)
      return "line '" + line + "': not a step of row " + std::to_string(row_ + 1) + " for " +
             where_;
    for (int column = tried_[row_] + 1; column < n_; ++column)
      if (isOpen(row_, column))
        return "line '" + line + "': an open square was not tried for " + where_;
    if (none != (tried_[row_] == -1))
      return "line '" + line + "': wrong kind of return for " + where_;
    if (row_ == 0) {
      over = true;
      if (!std::strstr(rest, ", the search is over"))
        return "line '" + line + "': expected the end for " + where_;
      return "";
    }
    const char* backTo = std::strstr(rest, ", back to row ");
    if (!backTo || std::sscanf(backTo, ", back to row %d", &back) != 1 || back != row_)
      return "line '" + line + "': expected a return to row " + std::to_string(row_) + " for " +
             where_;
    --row_;
    return "";
  }

  const std::vector<std::string>& out_;
  std::size_t& at_;
  const Board& drawn_;
  const Board board_;  // where the search may go: the given queens placed
  const int n_;
  const std::string where_;
  std::vector<int> queens_, tried_;  // tried_: the last column tried in each row
  int row_ = 0;                      // the row the search is in
  long placements_ = 0;
};

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
  std::size_t at = 0;
  long steps = 0;
  for (long i = 0; i < boardCount; ++i) {
    const std::string where = "board " + std::to_string(i) + "\n" + boardText(boards[i]);
    if (givenQueensClash(boards[i])) {  // no search at all, and a count of 0
      if (at >= run.out.size() || run.out[at] != "0")
        return fail("expected only a count of 0 for " + where);
      ++at;
      continue;
    }
    if (std::string wrong = TraceReplay(run.out, at, boards[i], where).replay(steps);
        !wrong.empty())
      return fail(wrong);
  }
  if (at != run.out.size()) return fail("extra lines after the last board");
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

}  // namespace
