// libFuzzer target: the bytes are stdin. It runs both real programs (the
// very code of src/: the judge's `solution` and the counter `queens`) with
// several options, checks that they print the same, and, for every
// board the reader accepts, checks that all counting methods agree (the join
// on every instruction set the CPU has, with its usual chunks and with tiny
// ones), that a split into shares adds up to the count, that --list lists as
// many placements as the count, and --list --unique as many as --unique
// counts; that shares 1/2 and 2/2, merged, print what a whole run prints.
// It does the same with a board of up to 64x64 (or a row of 65 squares)
// that the bytes describe. It feeds the bytes to --merge as shares, and to
// --checkpoint as a checkpoint, whole and as damage to a real one. Any
// crash, sanitizer report, mismatch or timeout is a failure.
// Build with -DQUEENS_FUZZ=ON (clang++ only).
#include <cstdlib>
#include <string>
#include <vector>

#include "engines/join/join.hpp"
#include "faces/cli.hpp"
#include "judge/program.hpp"
#include "run/board.hpp"

namespace {

using namespace queens;

// One board's count (or --part's share) by one method, on one thread. Small
// boards of a size seen before are filtered, as in a batch.
Count countWith(const Board& board, Method method, Share share = {}) {
  static SmallBoardFilter smallBoards;
  Settings settings;
  settings.method = method;
  settings.threads = 1;
  settings.share = share;
  settings.progress = ProgressMode::kOff;
  Report report;
  return countBoard(board, 1, settings, smallBoards, stderr, report);
}

// Whether the join counts `expected` on every instruction set this CPU has,
// with the usual chunk and group sizes, tiny ones, and chunks of a few
// blocks, which hold the halves above phi(W) and those equal together, also
// counted sparse, with its mirrored quarters copied and read through the
// flips (and then the patterns of 19x19 and up); true if it can't join.
bool joinAgrees(const Board& board, Count expected) {
  Board pinned = board;
  if (board.n > kJoinMaxN || !pinGivenQueens(pinned)) return true;  // the join refuses it
  for (bool copies : {true, false}) {  // the mirrored quarters copied, or read through flips
    JoinTables tables;
    if (!tables.build(pinned, {kDefaultMemoryBudget, 1, 0, copies, !copies})) return true;  // 1x1
    for (int isa = 0; isa <= int(bestJoinIsa()); ++isa)
      for (JoinTuning tuning : {JoinTuning{}, JoinTuning{7, 3, kSparseHalves, 2},
                                JoinTuning{1100, 5}, JoinTuning{1100, 5, 0, 3}}) {
        Job job;
        if (countJoining(tables, job, JoinIsa(isa), tuning) != expected) return false;
      }
  }
  return true;
}

// --list (or --list --unique) of one board into `out`; how many it drew.
Count listed(const Board& board, bool unique, std::FILE* out) {
  if (!unique) return showSearch<PlacementPrinter>(board, out);
  ClassPrinter printer(board, out);
  searchPinned(board, printer);
  return printer.printed();
}

// The fuzzer's bytes as a file descriptor, which is what the reader takes: a
// pipe holds 64 KiB, far more than -max_len.
int openBytes(const std::uint8_t* data, std::size_t size) {
  int ends[2];
  if (pipe(ends) != 0 || write(ends[1], data, size) != static_cast<ssize_t>(size)) std::abort();
  close(ends[1]);
  return ends[0];
}

void checkMethodsAgree(const std::uint8_t* data, std::size_t size, std::FILE* sink) {
  int in = openBytes(data, size);
  BoardReader reader(in, nullptr);
  Board board;
  while (reader.next(board)) {
    Count rows = countWith(board, Method::kRows);
    for (const MethodRow& row : kMethodTable)  // each method the CPU counts by
      if (row.asked && !row.onDevice && countWith(board, row.method) != rows) std::abort();
    if (!joinAgrees(board, rows)) std::abort();
    for (Method method : {Method::kAuto, Method::kJoin})
      if (countWith(board, method, {0, 2}) + countWith(board, method, {1, 2}) != rows) std::abort();
    if (listed(board, false, sink) != rows) std::abort();
    if (listed(board, true, sink) != countUnique(board, rows)) std::abort();
  }
  close(in);
}

using Program = int (*)(int, std::FILE*, std::FILE*, int, const char* const*);

// Runs a program on `input` with the options; returns its stdout, and its
// exit status in `status`.
std::string runOn(const std::string& input, std::vector<const char*> argv, int& status,
                  Program program = runQueens) {
  char* text = nullptr;
  std::size_t size = 0;
  std::FILE* out = open_memstream(&text, &size);
  static std::FILE* sink = std::fopen("/dev/null", "w");
  argv.insert(argv.begin(), "program");
  int in = openBytes(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
  status = program(in, out, sink, int(argv.size()), argv.data());
  close(in);
  std::fclose(out);
  std::string printed(text, size);
  std::free(text);
  return printed;
}

// Shares 1/2 and 2/2, written one after the other and merged from stdin,
// print exactly what a whole run prints.
void checkSharesMerge(const std::uint8_t* data, std::size_t size) {
  int status = 0, shareStatus = 0;
  const std::string input(reinterpret_cast<const char*>(data), size);
  std::string whole = runOn(input, {}, status);
  if (status != 0) return;  // bad input: no share is written
  std::string shares = runOn(input, {"--part=1/2"}, shareStatus);
  if (shareStatus != 0) std::abort();
  shares += runOn(input, {"--part=2/2"}, shareStatus);
  if (shareStatus != 0 || shares.size() >= 65536) return;  // a pipe holds 64 KiB
  if (runOn(shares, {"--merge", "-"}, status) != whole || status != 0) std::abort();
}

// A board of 33x33 to 64x64, past 32-bit masks, or one row of 65 squares,
// from the bytes: the first sets N, and each pair after it frees a square
// (row, column), a given queen if the row's byte is odd. The rest is '*'.
std::string wideBoard(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return "";
  const int n = 33 + data[0] % 33;
  if (n > kMaxN) return std::string(n, '.') + "\n";  // the reader refuses it
  std::vector<std::string> rows(n, std::string(n, '*'));
  for (std::size_t i = 1; i + 1 < size; i += 2)
    rows[data[i] % n][data[i + 1] % n] = data[i] % 2 ? 'Q' : '.';
  std::string text;
  for (const std::string& row : rows) text += row + "\n";
  return text;
}

// The judge's program prints what the counter prints, with no option,
// --list and --trace, and exits with the same status.
void checkProgramsAgree(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  for (const char* option : {"", "--list", "--trace"}) {
    // A trace has a line per node: a million for the empty 12x12 board.
    if (*option && size > 80) continue;
    std::vector<const char*> argv;
    if (*option) argv.push_back(option);
    int judged = 0, counted = 0;
    if (runOn(input, argv, judged, runSolution) != runOn(input, argv, counted) || judged != counted)
      std::abort();
  }
}

// --checkpoint's reader: the run below, given a checkpoint that the bytes
// make, either refuses it (status 1) or prints the exact counts. The bytes
// are the checkpoint, then a real checkpoint of the run, cut and with a byte
// changed where the bytes say. The join splits even small boards into
// units (its sets W), as a search splits only a tree of 2^15 nodes or more.
const char* const kCheckpointBoards =
    "......\n......\n......\n......\n......\n......\n\n"
    ".......\n.......\n..*....\n.......\n.......\n.......\n.......\n";

void checkCheckpoint(const std::uint8_t* data, std::size_t size) {
  static char path[] = "/tmp/queens-fuzz-checkpoint-XXXXXX";
  static const int made = mkstemp(path);
  static const std::string option = std::string("--checkpoint=") + path;
  auto runWith = [&](const std::string& checkpoint) {  // the counts, or "refused"
    std::FILE* file = std::fopen(path, "w");
    if (made < 0 || !file ||
        std::fwrite(checkpoint.data(), 1, checkpoint.size(), file) != checkpoint.size())
      std::abort();
    std::fclose(file);
    int status = 0;
    std::string printed =
        runOn(kCheckpointBoards, {option.c_str(), "--method=join", "--threads=1"}, status);
    if (status != 0 && status != 1) std::abort();
    return status == 0 ? printed : std::string("refused");
  };
  static const std::string counts = "4\n34\n";
  static const std::string real = [&] {  // a whole run's checkpoint
    if (runWith("") != counts) std::abort();
    std::FILE* file = std::fopen(path, "r");
    std::string text;
    for (int c; file && (c = std::fgetc(file)) != EOF;) text += char(c);
    if (file) std::fclose(file);
    return text;
  }();
  // A run counts both boards with the join, whose work space is 3 MiB a
  // board, fresh each time: about 1.5 ms under the sanitizers. One input in
  // four (by its length, which leaves any text possible) keeps the fuzzer
  // near 500 inputs a second.
  if (size % 4 != 0) return;
  std::string mine(reinterpret_cast<const char*>(data), size);
  if (std::string got = runWith(mine); got != counts && got != "refused") std::abort();
  if (size < 5 || real.empty()) return;
  std::string damaged = real.substr(0, (data[0] << 8 | data[1]) % (real.size() + 1));
  if (!damaged.empty()) damaged[(data[2] << 8 | data[3]) % damaged.size()] ^= char(data[4]);
  if (std::string got = runWith(damaged); got != counts && got != "refused") std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::FILE* sink = std::fopen("/dev/null", "w");
  for (const char* option : {"--trace=html", "--stats", "--unique"}) {
    if (std::strncmp(option, "--trace", 7) == 0 && size > 80) continue;
    const char* argv[] = {"queens", option};
    int in = openBytes(data, size);
    runQueens(in, sink, sink, 2, argv);
    close(in);
  }
  checkProgramsAgree(data, size);
  checkMethodsAgree(data, size, sink);
  checkSharesMerge(data, size);
  const std::string wide = wideBoard(data, size);
  const auto* wideBytes = reinterpret_cast<const std::uint8_t*>(wide.data());
  checkMethodsAgree(wideBytes, wide.size(), sink);
  checkSharesMerge(wideBytes, wide.size());
  checkCheckpoint(data, size);
  const char* merge[] = {"queens", "--merge", "-"};
  int in = openBytes(data, size);
  runQueens(in, sink, sink, 3, merge);
  close(in);
  return 0;
}
