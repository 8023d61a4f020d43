// ===== The command line ====================================================
// `queens`: the options, the loop over the boards, and --merge.

#include <getopt.h>  // getopt_long
#include <signal.h>  // sigaction: --checkpoint's stop
#include <time.h>    // clock_gettime, for --stats
#include <unistd.h>  // _exit, isatty

#include <cctype>
#include <string>
#include <type_traits>
#include <vector>

#include "faces/cli.hpp"
#include "faces/input.hpp"
#include "faces/kept_counts.hpp"
#include "faces/page.hpp"
#include "faces/stats.hpp"
#include "faces/usage.hpp"
#include "judge/program.hpp"
#include "lasts/merge.hpp"
#include "lasts/shares.hpp"
#include "run/board.hpp"
#include "run/estimate.hpp"

namespace queens {
namespace {

constexpr long kDefaultCheckpointSeconds = 10, kMostCheckpointSeconds = 3600;
constexpr int kMostMemoryShift = 50;  // --memory is at most 2^50 bytes
// Reads a size: a number from 1 up, then K, M, G or T (or k, m, g, t) for
// 1024^1..4 bytes; 0 if it is not one, or over 2^50 bytes.
uint64_t parseSize(const char* text) {
  const char* suffix = text;
  while (*suffix >= '0' && *suffix <= '9') ++suffix;
  const char* units = std::strchr("KMGT", std::toupper(static_cast<unsigned char>(*suffix)));
  const int shift = *suffix && units ? 10 * int(units - "KMGT" + 1) : 0;
  if (*suffix && (!shift || suffix[1])) return 0;
  long number = parseNumber(text, *suffix, 1L << (kMostMemoryShift - shift));  // before the shift
  return uint64_t(number) << shift;
}

// The most OpenCL devices --device may name (16 platforms of 16 are listed).
constexpr long kMostDevices = 64;

// What the command line asks for.
struct Options {
  ShowOptions show;                       // --list, --trace, --help
  bool unique = false, page = false;      // --unique, --trace=html
  bool sharing = false, merging = false;  // --part, --merge
  bool version = false;                   // --version
  bool listingMethods = false;            // --list-methods
  bool statsJson = false;                 // --stats=json
  double estimate = 0;                    // --estimate: each board's seconds (0: none)
  const char* counting = nullptr;         // an option that counts boards
  std::vector<const char*> files;         // the files named: the boards, or --merge's shares
  int emptyFirst = 0, emptyLast = 0;      // --empty=A..B: the sizes (none: 0)
  const char* checkpoint = nullptr;       // --checkpoint: the file
  long checkpointEvery = 0;               // --checkpoint-every: seconds (0: not given)
  Settings settings;
  const char* name = "queens";  // the command line, which a stopped count repeats
  int argc = 0;
  const char* const* argv = nullptr;
};

// --empty=N or --empty=A..B: the empty boards of those sizes, 1 to 64.
bool parseEmpty(const char* sizes, Options& options, const char*& why) {
  const char* dots = std::strstr(sizes, "..");
  options.emptyFirst = int(parseNumber(sizes, dots ? '.' : '\0', kMaxN));
  options.emptyLast = dots ? int(parseNumber(dots + 2, '\0', kMaxN)) : options.emptyFirst;
  why = "'%s': expected --empty=N or --empty=A..B, with 1 <= A <= B <= 64";
  return options.emptyFirst > 0 && options.emptyLast >= options.emptyFirst;
}

// The text after "--option=" in `arg`, or null.
const char* valueAfter(const char* arg, const char* option) {
  const size_t length = std::strlen(option);
  return std::strncmp(arg, option, length) == 0 ? arg + length : nullptr;
}

// Reads one of the counter's options of how it runs (a checkpoint, the
// device, --estimate, --empty) into `options`; else false, with why.
bool parseRunOption(const char* arg, Options& options, const char*& why) {
  auto value = [arg](const char* option) { return valueAfter(arg, option); };
  if (const char* file = value("--checkpoint=")) {
    options.checkpoint = file;
    why = "'%s': expected --checkpoint=FILE";
    return *file != '\0';
  }
  if (const char* number = value("--device=")) {
    options.settings.device = int(parseNumber(number, '\0', kMostDevices));
    why = "'%s': expected --device=N with 1 <= N <= 64 (the N-th OpenCL device)";
    return options.settings.device != 0;
  }
  if (const char* seconds = value("--device-timeout=")) {
    options.settings.deviceTimeout = double(parseNumber(seconds, '\0', kMostEstimateSeconds));
    why = "'%s': expected --device-timeout=SECONDS with 1 <= SECONDS <= 86400";
    return options.settings.deviceTimeout != 0;
  }
  if (const char* seconds = value("--estimate=")) {
    options.estimate = double(parseNumber(seconds, '\0', kMostEstimateSeconds));
    why = "'%s': expected --estimate=SECONDS with 1 <= SECONDS <= 86400";
    return options.estimate != 0;
  }
  if (const char* seconds = value("--checkpoint-every=")) {
    options.checkpointEvery = parseNumber(seconds, '\0', kMostCheckpointSeconds);
    why = "'%s': expected --checkpoint-every=SECONDS with 1 <= SECONDS <= 3600";
    return options.checkpointEvery != 0;
  }
  if (const char* sizes = value("--empty=")) return parseEmpty(sizes, options, why);
  why = "unknown option '%s'";
  return false;
}

// Reads one of the counter's own options into `settings`; else false, with
// why (a format).
bool parseSetting(const char* arg, Options& options, const char*& why) {
  auto value = [arg](const char* option) { return valueAfter(arg, option); };
  Settings& settings = options.settings;
  if (const char* name = value("--method=")) {
    static const std::string expected = "'%s': expected a method: " + askedNames();
    why = expected.c_str();
    return methodNamed(name, settings.method);
  }
  if (const char* size = value("--memory=")) {
    settings.memory = parseSize(size);
    why =
        "'%s': expected --memory=SIZE from 1 to 1024T, such as 512M or 4G (K, M, G, T: "
        "1024^1..4)";
    return settings.memory != 0;
  }
  if (const char* count = value("--threads=")) {
    settings.threads = int(parseNumber(count, '\0', kMaxThreads));
    why = "'%s': expected --threads=N with 1 <= N <= 1024";
    return settings.threads != 0;
  }
  if (const char* share = value("--part=")) {
    long part = parseNumber(share, '/', 1L << 30);
    const char* slash = std::strchr(share, '/');
    long parts = slash ? parseNumber(slash + 1, '\0', 1L << 30) : 0;
    settings.share = Share{int(part - 1), int(parts)};
    options.sharing = true;
    why = "'%s': expected --part=K/M with 1 <= K <= M <= 1073741824";
    return part && parts && part <= parts;
  }
  return parseRunOption(arg, options, why);
}

// Reads one option into `options`; else false, with why (a format).
bool parseOption(const char* arg, Options& options, const char*& why) {
  auto is = [arg](const char* option) { return std::strcmp(arg, option) == 0; };
  Settings& settings = options.settings;
  if (is("--merge")) return options.merging = true;
  if (is("--version")) return options.version = true;
  if (is("--list-methods")) return options.listingMethods = true;
  if (parseShowOption(arg, options.show)) {
    if (!options.show.help) options.counting = arg;
    return true;
  }
  options.counting = arg;
  if (is("--trace=html")) return options.show.tracing = options.page = true;
  if (is("--unique")) return options.unique = true;
  if (is("--estimate")) {
    options.estimate = kDefaultEstimateSeconds;
    return true;
  }
  if (is("--stats") || is("--stats=text")) {  // the last --stats given wins, as for every option
    options.statsJson = false;
    return settings.stats = settings.methodLine = true;
  }
  if (is("--stats=json")) {
    settings.methodLine = false;  // stderr stays JSON Lines: --progress asks for the line
    return settings.stats = options.statsJson = true;
  }
  if (is("--progress")) {
    settings.progress = ProgressMode::kOn;
    return true;
  }
  if (is("--no-progress")) {
    settings.progress = ProgressMode::kOff;
    return true;
  }
  return parseSetting(arg, options, why);
}

// Why the options cannot go together (a format for `arg`), or null.
const char* clashOf(const Options& options, const char*& arg) {
  const Settings& settings = options.settings;
  arg = options.merging ? options.counting : options.files.empty() ? "" : options.files[0];
  if (options.merging && options.counting) return "--merge only adds up shares; drop '%s'";
  if (options.merging && options.files.empty())
    return "--merge needs the files of the shares ('-': stdin)";
  if (options.emptyLast > 0 && !options.files.empty())
    return "'%s': --empty makes the boards it counts; drop the files";
  const bool showing = options.show.listing || options.show.tracing;
  if (const char* clash = clashOf(options.show)) return clash;
  if (showing && settings.method != Method::kAuto && settings.method != Method::kRows)
    return "--list and --trace always search row by row; drop --method";
  if (showing && settings.share.parts > 1)
    return "--list and --trace show the whole search; drop --part";
  if (options.unique && options.show.tracing) return "--trace shows every placement; drop --unique";
  if (showing && options.checkpoint)
    return "--list and --trace show the whole search; drop --checkpoint";
  if (options.checkpointEvery && !options.checkpoint)
    return "--checkpoint-every says how often to save a checkpoint: give --checkpoint=FILE too";
  if (options.unique && settings.share.parts > 1)
    return "--unique divides the whole count by the symmetries; drop --part";
  if (options.estimate &&
      (showing || options.unique || settings.share.parts > 1 || options.checkpoint))
    return "--estimate counts a sample of each board's whole count; drop --list, --trace, "
           "--unique, --part and --checkpoint";
  const bool watchesDevice =
      settings.device || settings.deviceTimeout != DeviceDeadline::kDefaultAllowance;
  if (watchesDevice && settings.method != Method::kAuto && !onDevice(settings.method)) {
    arg = nameOf(settings.method);
    return "--device and --device-timeout choose and watch an OpenCL device, and --method=%s "
           "counts on the CPU; drop them";
  }
  return nullptr;
}

// Why a board cannot be counted as asked (a format for kMostPageLines), or
// null; --trace=html adds the board to the page, with its count.
const char* refusalOf(const Board& board, const Options& options, long pageBoards, std::FILE* out,
                      Report& report, Count& count) {
  if (const char* refusal = methodRefusal(board, options.settings.method)) return refusal;
  if (options.page && !addToPage(board, pageBoards == 0, out, report, count))
    return "its trace has over %ld lines, too long to watch on a page; --trace prints it";
  return nullptr;
}

// Lists or traces one board with a Printer (not for the page, which did
// already); returns the placements drawn.
template <class Printer>
Count showWith(const Board& board, std::FILE* out, Report& report) {
  NodeCounting<Printer> printer(board, out);
  Drawn drawn = drawWithNodes(board, printer);
  report.nodes = drawn.nodes;
  if (drawn.queensClash) report.method = kQueensClash;
  if constexpr (std::is_same_v<Printer, ClassPrinter>) return printer.printed();  // one a class
  return drawn.placements;
}

Count showOne(const Board& board, const Options& options, std::FILE* out, Report& report) {
  return !options.show.listing ? showWith<SearchTracer>(board, out, report)
         : options.unique      ? showWith<ClassPrinter>(board, out, report)
                               : showWith<PlacementPrinter>(board, out, report);
}

// Counts one board, or reads its count back from the checkpoint, which
// records it. False if the checkpoint is refused (its error() says why).
bool countOrResume(const Board& board, long boardNumber, const Options& options,
                   SmallBoardFilter& smallBoards, std::FILE* err, Report& report, Count& count) {
  Checkpoint* checkpoint = options.settings.checkpoint;
  Replayed replayed;
  if (checkpoint && !checkpoint->nextBoard(board, replayed)) return false;
  if (replayed.counted) {
    count = replayed.count;
    report.method = report.plan = std::strcpy(report.methodText, replayed.method);
    report.numbering = replayed.numbering;
    report.note = ", counted before: read from the checkpoint";
  } else {
    count = countBoard(board, boardNumber, options.settings, smallBoards, err, report);
    if (report.refused) return false;
    if (checkpoint && !report.unitsLeft)
      checkpoint->recordCounted(report.plan, report.numbering, count);
  }
  if (checkpoint && !checkpoint->writing()) return false;
  if (options.unique) count = countUnique(board, count);
  return true;
}

// A space, then `word` as a shell reads it back: quoted ('...') unless it
// is made of characters that need none.
void printShellWord(const char* word, std::FILE* err) {
  const bool plain = *word && std::strspn(word,
                                          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                          "0123456789_-+=/.,:@%") == std::strlen(word);
  if (plain) {
    std::fprintf(err, " %s", word);
    return;
  }
  std::fputs(" '", err);
  for (; *word; ++word) *word == '\'' ? std::fputs("'\\''", err) : std::fputc(*word, err);
  std::fputc('\'', err);
}

// After SIGINT or SIGTERM stopped a count (--checkpoint): what is done is
// saved, and one line says how far it got and how to resume. Returns 128 +
// the signal, as a shell reports a program killed by it.
int stopCount(std::FILE* out, std::FILE* err, const Options& options, long boardNumber) {
  Checkpoint& checkpoint = *options.settings.checkpoint;
  const int signal = stopSignal.load();
  std::fflush(out);
  if (!checkpoint.sync()) std::fprintf(err, "error: %s\n", checkpoint.error());
  char units[96] = "";
  if (checkpoint.boardUnitsDone() < checkpoint.boardUnits())  // the board it stopped in
    std::snprintf(units, sizeof units, ", and %ld of the %ld units of board %ld",
                  checkpoint.boardUnitsDone(), checkpoint.boardUnits(), boardNumber);
  std::fprintf(err,
               "%s: stopped by %s: %ld board%s counted%s, saved in %s; to resume, run the same",
               options.name, signal == SIGINT ? "SIGINT" : "SIGTERM", boardNumber - 1,
               boardNumber == 2 ? "" : "s", units, checkpoint.path());
  std::fputs(" command again, with the same input:", err);
  for (int i = 0; i < options.argc; ++i) printShellWord(options.argv[i], err);
  std::fputc('\n', err);
  return 128 + signal;
}

// The error line of a board that cannot be counted as asked.
void sayRefused(const Board& board, long boardNumber, const char* refusal, std::FILE* err) {
  std::fprintf(err, "error: board %ld (%dx%d): ", boardNumber, board.n, board.n);
  std::fprintf(err, refusal, kMostPageLines);
  std::fputc('\n', err);
}

// --estimate, in place of a board's count: its line; false, said, if the
// board cannot be estimated.
bool estimateOne(const Board& board, long boardNumber, const Options& options, std::FILE* out,
                 std::FILE* err) {
  const Estimate estimate =
      estimateBoard(board, boardNumber, options.settings, options.estimate, err);
  if (!estimate.failure.empty()) {
    std::fflush(out);
    std::fprintf(err, "error: board %ld (%dx%d): %s\n", boardNumber, board.n, board.n,
                 estimate.failure.c_str());
    return false;
  }
  printEstimate(estimate, boardNumber, board.n, out);
  return true;
}

// A run that cannot go on: the counts already written go out, then why.
int failedRun(std::FILE* out, std::FILE* err, const char* why) {
  std::fflush(out);
  std::fprintf(err, "error: %s\n", why);
  return 1;
}

// Counts (or lists, or traces) every board of the input; with --part, holds
// the counts in `share` and prints it at the end. Returns the status.
int countBoards(BoardSource& source, std::FILE* out, std::FILE* err, const Options& options,
                ShareOutput& share) {
  const Settings& settings = options.settings;
  SmallBoardFilter smallBoards;  // the small empty boards' placements
  Board board;
  int writeError = 0;
  long pageBoards = 0, boardNumber = 1;  // --trace=html: the boards in the page
  const char* refusal = nullptr;         // why a board cannot be counted as asked
  const bool countsOnly = !options.sharing && !options.page && !options.estimate &&
                          !options.show.listing && !options.show.tracing;
  KeptCounts kept(out, err, options.name, countsOnly && !settings.checkpoint);
  for (; !writeError && source.next(board); ++boardNumber) {
    kept.begin(board.n);
    timespec start;
    if (settings.stats) clock_gettime(CLOCK_MONOTONIC, &start);
    Report report;
    Count count = 0;
    if ((refusal = refusalOf(board, options, pageBoards, out, report, count))) {
      sayRefused(board, boardNumber, refusal, err);
      break;
    }
    if (options.estimate) {  // in place of the count
      if (!estimateOne(board, boardNumber, options, out, err)) return 1;
      if ((writeError = writeErrorOf(out))) break;
      continue;
    }
    if (options.page)
      ++pageBoards;  // the page holds its counts
    else if (options.show.listing || options.show.tracing)
      count = showOne(board, options, out, report);
    else if (!countOrResume(board, boardNumber, options, smallBoards, err, report, count))
      return failedRun(out, err, *report.failure ? report.failure : settings.checkpoint->error());
    if (stopRequested() && report.unitsLeft) return stopCount(out, err, options, boardNumber);
    if (options.sharing && !share.add(board, count, report.plan, report.numbering)) {
      std::fprintf(err, "error: cannot keep the share's counts in a temporary file: %s\n",
                   std::strerror(errno));
      return 1;
    }
    if (countsOnly)
      kept.print(count);
    else if (!options.sharing && !options.page)
      printCount(count, out);
    if (settings.stats) {
      const BoardStats stats{board, boardNumber, settings.share, options.sharing, start, report};
      options.statsJson ? printStatsJson(stats, err) : printStats(stats, err);
    }
    writeError = writeErrorOf(out);
    if (stopRequested()) return stopCount(out, err, options, boardNumber + 1);  // this one whole
  }
  const bool whole = !writeError && !*source.error() && !refusal;
  if (whole && settings.checkpoint && !settings.checkpoint->finish())
    return failedRun(out, err, settings.checkpoint->error());
  if (options.sharing && !writeError && !*source.error()) share.write(out);
  if (pageBoards > 0 && !writeError) endPage(out);
  const int status = endRun(out, err, source.error(), writeError);
  return status ? status : refusal != nullptr;
}

int countBoardsAsShare(int in, std::FILE* out, std::FILE* err, const Options& options) {
  ShareOutput share(options.settings.share);  // no memory until it holds a count
  if (options.emptyLast > 0) {
    BoardSource empty(options.emptyFirst, options.emptyLast);
    return countBoards(empty, out, err, options, share);
  }
  BoardSource input(in, out, options.files);
  return countBoards(input, out, err, options, share);
}

// The first SIGINT or SIGTERM asks the count to stop at its next unit. A
// second SIGINT (Ctrl-C again) stops the program at once; what is saved
// stays saved. A second SIGTERM changes nothing: a batch system sends one
// to every process of a job, so a wrapper that passes it on sends two.
void onStopSignal(int signal) {
  int first = 0;
  if (!stopSignal.compare_exchange_strong(first, signal) && signal == SIGINT) _exit(128 + signal);
}

// Counts with --checkpoint: the file opened and checked first, and the
// signals caught while the boards count (the handlers before are put back,
// for a caller such as the fuzzer).
int countWithCheckpoint(int in, std::FILE* out, std::FILE* err, Options options) {
  const long every = options.checkpointEvery ? options.checkpointEvery : kDefaultCheckpointSeconds;
  Checkpoint checkpoint(options.checkpoint, options.settings.share, every);
  if (!checkpoint.open(err)) {
    std::fprintf(err, "error: %s\n", checkpoint.error());
    return 1;
  }
  options.settings.checkpoint = &checkpoint;
  struct sigaction action = {}, interrupt, terminate;
  action.sa_handler = onStopSignal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &interrupt);
  sigaction(SIGTERM, &action, &terminate);
  const int status = countBoardsAsShare(in, out, err, options);
  sigaction(SIGINT, &interrupt, nullptr);
  sigaction(SIGTERM, &terminate, nullptr);
  return status;
}

// The options as getopt_long knows them. Each is handed on as the text
// "--NAME" or "--NAME=VALUE", whichever form it came in (--threads 2 and
// --threads=2 alike), to parseOption, which the judge's options start.
constexpr option kLongOptions[] = {{"help", no_argument, nullptr, 'h'},
                                   {"version", no_argument, nullptr, 0},
                                   {"list-methods", no_argument, nullptr, 0},
                                   {"list", no_argument, nullptr, 0},
                                   {"trace", optional_argument, nullptr, 0},
                                   {"unique", no_argument, nullptr, 0},
                                   {"estimate", optional_argument, nullptr, 0},
                                   {"stats", optional_argument, nullptr, 0},
                                   {"method", required_argument, nullptr, 0},
                                   {"memory", required_argument, nullptr, 0},
                                   {"device", required_argument, nullptr, 0},
                                   {"device-timeout", required_argument, nullptr, 0},
                                   {"threads", required_argument, nullptr, 0},
                                   {"part", required_argument, nullptr, 0},
                                   {"merge", no_argument, nullptr, 0},
                                   {"checkpoint", required_argument, nullptr, 0},
                                   {"checkpoint-every", required_argument, nullptr, 0},
                                   {"progress", no_argument, nullptr, 0},
                                   {"no-progress", no_argument, nullptr, 0},
                                   {"empty", required_argument, nullptr, 0},
                                   {nullptr, 0, nullptr, 0}};

// Reads the options with getopt_long, GNU's way: options and files in any
// order, "--" ends the options, and a value after "=" or as the next word.
// The files are left in options.files. 0, or the exit status of a bad option.
// `texts` keeps the options' texts, which `options` points into, for as long
// as it is used.
int readOptions(int argc, const char* const* argv, Options& options,
                std::vector<std::string>& texts, std::FILE* err) {
  std::vector<char*> args;  // getopt_long reorders them, and leaves their text as it is
  for (int i = 0; i < argc; ++i) args.push_back(const_cast<char*>(argv[i]));
  args.push_back(nullptr);
  optind = 0;  // 0, not 1: GNU's getopt starts afresh (the fuzzer runs it many times)
  opterr = 0;  // its errors are said here
  int which = 0;
  for (int got; (got = getopt_long(argc, args.data(), ":h", kLongOptions, &which)) != -1;) {
    const char* arg = args[optind - 1];
    if (got == '?') return badOptions(err, options.name, "unknown option '%s'", arg);
    if (got == ':') {
      char why[160];
      std::snprintf(why, sizeof why, "%s needs a value: '%s=VALUE' or '%s VALUE'", arg, arg, arg);
      return badOptions(err, options.name, "%s", why);
    }
    const std::string name = got == 'h' ? "--help" : std::string("--") + kLongOptions[which].name;
    const char* text = texts.emplace_back(optarg ? name + "=" + optarg : name).c_str();
    const char* why = nullptr;
    if (!parseOption(text, options, why)) return badOptions(err, options.name, why, text);
  }
  options.files.assign(args.begin() + optind, args.end() - 1);
  return 0;
}

}  // namespace

int runQueens(int in, std::FILE* out, std::FILE* err, int argc, const char* const* argv) {
  Options options;
  options.name = programName(argc, argv, "queens");
  std::vector<std::string> texts;
  texts.reserve(argc);  // never moved: `options` points into them
  if (int status = readOptions(argc, argv, options, texts, err)) return status;
  const char* name = options.name;
  if (options.version) return printVersion(name, out);
  if (options.listingMethods) return listMethods(out);
  if (options.show.help) return printHelp(name, out);
  const char* arg = nullptr;
  if (const char* clash = clashOf(options, arg)) return badOptions(err, name, clash, arg);
  if (options.page && isatty(fileno(out)))  // a page is 100 kB and more of HTML
    return badOptions(err, name,
                      "--trace=html writes a web page, not for a terminal: send it to a file "
                      "('%s --trace=html BOARDS > search.html') and open that in a browser",
                      name);
  if (!options.merging) {
    options.argc = argc;
    options.argv = argv;
    // The run's device, shared by every copy of the settings; opened by
    // the first board that asks. A checkpoint may hold the GPU's units,
    // which the CPU can count: its boards are refused one at a time, where
    // no record says so.
    GpuAccess& gpu = *options.settings.gpu();
    const Method method = options.settings.method;
    if (onDevice(method) && !options.checkpoint && !gpu.search()) {
      std::fprintf(err, "error: --method=%s: %s\n", nameOf(method), gpu.why().c_str());
      return 1;
    }
    const int status = options.checkpoint ? countWithCheckpoint(in, out, err, options)
                                          : countBoardsAsShare(in, out, err, options);
    if (options.settings.device && !gpu.started())  // auto, whose boards no GPU counted
      std::fprintf(err,
                   "note: --device=%d: no board was counted on it (auto counts on a GPU with "
                   "memory of its own, from %dx%d, where the join would count)\n",
                   options.settings.device, rowOf(Method::kGpuRows).autoRule.fromN,
                   rowOf(Method::kGpuRows).autoRule.fromN);
    return status;
  }
  return mergeShares(options.files, in, out, err);
}

}  // namespace queens
