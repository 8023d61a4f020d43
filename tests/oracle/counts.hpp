// The checks of counts: every method, thread count and share against the
// oracle, the join, the memory budget, --list, and long streams.
#pragma once

#include "running.hpp"

namespace {

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
  if (command.empty()) command = "no option";
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

// The methods that count on the CPU, as the program lists them
// (--list-methods, from its table of methods): a method added there is
// checked here too. Exits if the program cannot say.
std::vector<std::string> cpuMethods(const std::string& program) {
  const std::string empty = tempPath("methods", "in");
  std::fclose(std::fopen(empty.c_str(), "w"));
  const Printed listed = runOn(empty, {program, "--list-methods"});
  std::remove(empty.c_str());
  std::vector<std::string> methods;
  for (const std::string& line : listed.out)
    if (line.size() > 4 && line.compare(line.size() - 4, 4, " cpu") == 0)
      methods.push_back(line.substr(0, line.size() - 4));
  if (listed.status != 0 || methods.size() < 2) {
    std::fprintf(stderr, "%s --list-methods: status %d, %zu methods on the CPU\n", program.c_str(),
                 listed.status, methods.size());
    std::exit(1);
  }
  return methods;
}

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
  if (int failed =
          checkCounts(program, {}, input, boards, expected, "seed " + std::to_string(seed)))
    return failed;
  std::printf("no option: %ld boards agree with the brute-force oracle\n", boardCount);
  std::remove(input.c_str());
  return 0;
}

// Random boards, every method with 1, 2, 3 and 8 threads, answers compared
// with the oracle. The counter counts boards under 12x12 on the calling
// thread whatever --threads says, so the small ones (up to 10x10) take 1
// and 8 threads: 2 and 3 took half the test's time and reached no other code.
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
  const std::vector<int> threadCounts =
      large ? std::vector<int>{1, 2, 3, 8} : std::vector<int>{1, 8};
  for (const std::string& method : cpuMethods(program)) {
    for (int threads : threadCounts) {
      if (int failed = checkCounts(
              program, {std::string("--method=") + method, "--threads=" + std::to_string(threads)},
              input, boards, expected, what))
        return failed;
    }
    std::printf(
        "--method=%s, %s threads: %ld boards (%ld with placements; %ld with given queens, "
        "%ld of them with placements) agree with the brute-force oracle\n",
        method.c_str(), large ? "1/2/3/8" : "1/8", boardCount, withPlacements, withQueens,
        withQueensAndPlacements);
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
    for (const std::string& method : cpuMethods(program)) {
      const std::string option = "--method=" + method;
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
          if (line.substr(0, line.find("; why: ")).find("symmetry") != std::string::npos)
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

// The boards of both stress modes, so that every engine is split: the
// filter and the row search (up to 9x9), propagation, and symmetry.
std::vector<Board> smallAndLarge(long boardCount, std::uint64_t seed) {
  std::vector<Board> boards = randomBatch(boardCount, seed, 10),
                     large = randomBatch(boardCount, seed + 1, 0);
  boards.insert(boards.end(), large.begin(), large.end());
  return boards;
}

// --part=K/M for M = 1, 2, 7 and 64 (and 7 for every method): --merge adds
// the M shares up to the oracle's counts.
int parts(const std::string& program, long boardCount, std::uint64_t seed) {
  std::vector<Board> boards = smallAndLarge(boardCount, seed);
  std::vector<long long> expected;
  for (const Board& board : boards) expected.push_back(bruteForceCount(board));
  const std::string input = tempPath("parts", "in");
  writeBatch(input, boards, seed);
  for (const std::string& method : cpuMethods(program))
    for (int shares : {1, 2, 7, 64}) {
      if (shares != 7 && method != "auto") continue;
      const std::vector<std::string> options = {"--method=" + method, "--threads=2"};
      if (int failed = checkCounts(program, options, input, boards, expected, "", shares))
        return failed;
      std::printf("--method=%s: %d shares, merged, give the oracle's counts on %zu boards\n",
                  method.c_str(), shares, boards.size());
    }
  std::remove(input.c_str());
  return 0;
}

// --checkpoint against the oracle: every method counts a batch with a new
// checkpoint, then again with the checkpoint cut at 6 bytes drawn from the
// seed (a run killed while it wrote), which it resumes: each gives the
// oracle's counts.
int checkpoints(const std::string& program, long boardCount, std::uint64_t seed) {
  std::vector<Board> boards = smallAndLarge(boardCount, seed);
  std::vector<long long> expected;
  for (const Board& board : boards) expected.push_back(bruteForceCount(board));
  const std::string input = tempPath("checkpoint", "in"), file = tempPath("checkpoint", "ckpt");
  writeBatch(input, boards, seed);
  RandomBoards random(seed);  // for its numbers: where to cut
  for (const std::string& method : cpuMethods(program)) {
    const std::vector<std::string> options = {"--method=" + method, "--threads=2",
                                              "--checkpoint=" + file};
    std::remove(file.c_str());
    if (int failed = checkCounts(program, options, input, boards, expected, "a new checkpoint"))
      return failed;
    const std::string whole = readFile(file);
    if (whole.compare(whole.size() - std::min<std::size_t>(whole.size(), 1), 1, "\n") != 0 ||
        whole.find("\nend boards " + std::to_string(boards.size()) + " ") == std::string::npos)
      return fail(std::string("--method=") + method + ": the checkpoint has no end record");
    for (int cut = 0; cut < 6; ++cut) {
      const std::size_t bytes = random.below(whole.size());
      std::ofstream(file, std::ios::binary | std::ios::trunc) << whole.substr(0, bytes);
      const std::string what = "the checkpoint cut at byte " + std::to_string(bytes);
      if (int failed = checkCounts(program, options, input, boards, expected, what)) return failed;
    }
    std::printf(
        "--method=%s: a checkpoint of %zu records, and 6 cuts of it resumed, give the "
        "oracle's counts on %zu boards\n",
        method.c_str(), lines(whole).size(), boards.size());
  }
  std::remove(input.c_str());
  std::remove(file.c_str());
  return 0;
}

// The kinds of symmetric board the join folds in its own way, tallied, so
// that a check can show each kind was among its boards:
// - the even boards that each transpose and quarter turn keeps;
// - the boards that the half turn keeps without the flips: the join counts
//   a W for its image under it (odd: with the middle column apart, and with
//   a transpose or quarter turn, the middle row too, and the fold by the
//   middle queens);
// - the odd boards that all eight symmetries keep, which it folds by the
//   middle queens; and the odd boards that a reflection in a diagonal keeps
//   without the column flip, which it folds by the transpose (the other
//   diagonal's after mirroring the board).
struct JoinKinds {
  long keptBy[4] = {}, keptWithQueens = 0, oddKept = 0, oddKeptWithQueens = 0;
  long oddDiagonal[2] = {}, oddDiagonalWithQueens = 0, evenHalfTurn = 0;
  long oddHalfTurn = 0, oddHalfTurnWithQueens = 0, oddHalfTurnFolded = 0;

  void add(const Board& board) {
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

  void print() const {
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
  }

  // The kind no board was of, or "" if every kind was there.
  std::string missing() const {
    const char* swapNames[] = {"transpose", "quarter turn", "quarter turn back", "anti-transpose"};
    for (int swap = 0; swap < 4; ++swap)
      if (keptBy[swap] == 0) return std::string("an even board that keeps the ") + swapNames[swap];
    if (evenHalfTurn == 0 || oddHalfTurn == oddHalfTurnWithQueens || oddHalfTurnWithQueens == 0 ||
        oddHalfTurnFolded == 0 || oddHalfTurnFolded == oddHalfTurn)
      return "even and odd boards that the half turn keeps without the flips, the odd ones with "
             "and without given queens, and with and without a transpose or quarter turn";
    if (oddKeptWithQueens == 0 || oddKept == oddKeptWithQueens)
      return "odd boards that all symmetries keep, with and without given queens";
    if (oddDiagonal[0] == 0 || oddDiagonal[1] == 0 || oddDiagonalWithQueens == 0)
      return "odd boards that each diagonal's reflection keeps without the column flip, some "
             "with given queens";
    return "";
  }
};

// The join against propagation on 14x14 to 16x16 boards with 0..8% reserved
// (the oracle would take minutes), as a second, independent count.
int checkJoinAgainstPropagation(const std::string& program, const std::string& tuned,
                                RandomBoards& random, long boardCount, const std::string& input,
                                std::uint64_t seed) {
  std::vector<Board> large;
  for (long i = 0; i < boardCount; ++i) large.push_back(random.nextSparse(14, 16, 8));
  writeBatch(input, large, seed);
  Printed searched = runOn(input, {program, "--method=propagate"});
  Printed join = runOn(input, {program, "--method=join"});
  Printed sparse = runOn(input, {tuned, "32768", "128", "0"});  // usual sizes, all sparse
  Printed big = runOn(input, {tuned, "65536", "128", "0"});     // big chunks, all sparse
  if (searched.status != 0 || join.status != 0 || join.out != searched.out ||
      join.out.size() != large.size() || sparse.status != 0 || sparse.out != searched.out ||
      big.status != 0 || big.out != searched.out)
    return fail(
        "--method=join, the join counted sparse (also in big chunks) and --method=propagate "
        "disagree on boards of 14x14 to 16x16: " +
        joined(sparse.err) + joined(big.err));
  std::printf(
      "--method=join, and counted sparse in chunks of both sizes, agrees with "
      "--method=propagate on %zu boards of 14x14 to 16x16\n",
      large.size());
  return 0;
}

// The join on sparse boards, where its tables are large: 10x10 to 13x13 with
// 0..12% reserved against the oracle, with 1 and 2 threads and in 7 shares,
// and by `tuned` (join_tunings) with tiny chunks and counted sparse; then
// larger boards against propagation.
int checkJoin(const std::string& program, long boardCount, std::uint64_t seed,
              const std::string& tuned) {
  RandomBoards random(seed);
  std::vector<Board> boards;
  std::vector<long long> expected;
  JoinKinds kinds;
  for (long i = 0; i < boardCount; ++i) {
    boards.push_back(random.nextSparse(10, 13, 12));
    expected.push_back(bruteForceCount(boards.back()));
    kinds.add(boards.back());
  }
  kinds.print();
  const std::string what = "seed " + std::to_string(seed);
  if (std::string missing = kinds.missing(); !missing.empty())
    return fail(what + " needs " + missing);
  const std::string input = tempPath("join", "in");
  writeBatch(input, boards, seed);
  for (const char* threads : {"--threads=1", "--threads=2"})
    if (int failed =
            checkCounts(program, {"--method=join", threads}, input, boards, expected, what))
      return failed;
  if (int failed = checkCounts(program, {"--method=join"}, input, boards, expected, what, 7))
    return failed;
  // Chunks of 7 and 1100 halves, groups of 3 and 5 south quarters; sparse from 0 halves;
  // the big chunks of 21x21 and up (segments of 1024), dense and sparse; the
  // east quarters read through the column flip, and the patterns of 19x19
  // and up, each dense and sparse.
  for (std::vector<std::string> tuning : {std::vector<std::string>{"7", "3", "0"},
                                          {"1100", "5", "0"},
                                          {"32768", "128", "0"},
                                          {"65536", "128", "65536"},
                                          {"65536", "128", "0"},
                                          {"32768", "128", "16384", "mirrors"},
                                          {"1100", "5", "0", "mirrors"},
                                          {"32768", "128", "16384", "falling"},
                                          {"1100", "5", "0", "falling"}})
    if (int failed = checkCounts(tuned, tuning, input, boards, expected, what)) return failed;
  std::printf(
      "--method=join, 1 and 2 threads and 7 shares, and the join with tiny and big chunks, "
      "counted sparse, with mirrored quarters and with falling differences: %ld boards of 10x10 to "
      "13x13 agree with the "
      "brute-force oracle\n",
      boardCount);
  if (int failed =
          checkJoinAgainstPropagation(program, tuned, random, boardCount / 10, input, seed))
    return failed;
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

}  // namespace
