// ===== What the counter says of itself ======================================
#include "faces/usage.hpp"

#include "engines/methods.hpp"
#include "judge/program.hpp"
#include "lasts/shares.hpp"

namespace queens {
namespace {

// What --help says after kAbout, the part both programs share, up to the
// methods, which the table of methods lists (printMethods).
constexpr const char* kQueensUsage =
    "  --empty=N, --empty=A..B  count the empty boards of N x N, or of A x A to\n"
    "                 B x B, instead of reading boards\n"
    "  --trace=html   write it as a web page that replays it on the board;\n"
    "                 --trace=text is --trace\n"
    "  --unique       count the placements distinct up to the board's rotations\n"
    "                 and reflections; with --list, list one of each class\n"
    "  --stats        after each board, print on stderr how it was counted;\n"
    "                 --stats=json: as a JSON object a line\n"
    "  --method=NAME  count with one method only (default: auto, chosen per board):\n";

// What --help says after the methods.
constexpr const char* kQueensUsageAfterMethods =
    "  --memory=SIZE  let the join use at most SIZE bytes, such as 512M or 4g\n"
    "                 (K, M, G, T; default 1G); a board whose join needs more is\n"
    "                 searched; the GPU's batches of work stay within it too\n"
    "  --device=N     count on the N-th OpenCL device (default: the first GPU with\n"
    "                 memory of its own, for --method=gpu the first device too)\n"
    "  --device-timeout=SECONDS  give up on the device, as hung, when a batch\n"
    "                 takes SECONDS more than ten times its work at the device's\n"
    "                 pace so far (default 60); its work is not counted\n"
    "  --threads=N    count with N threads, 1 to 1024 (default: one per CPU)\n"
    "  --part=K/M     count only the K-th of M shares of each board's work and\n"
    "                 print it as a share, for --merge\n"
    "  --merge SHARE...  add up the shares in these files ('-': stdin); refuse\n"
    "                 shares missing, cut short, repeated, or of another run\n"
    "  --checkpoint=FILE  save the count's progress in FILE as it runs; run the\n"
    "                 same command again to resume it; SIGINT or SIGTERM stops\n"
    "                 at the next unit of work, saved, with status 130 or 143\n"
    "  --checkpoint-every=SECONDS  how often the checkpoint is saved, 1 to 3600\n"
    "                 (default 10)\n"
    "  --estimate[=SECONDS]  count a sample of each board's work, for at most\n"
    "                 SECONDS (default 20) once the units begun are done, and print\n"
    "                 how long the whole count would take on 1 thread and on all,\n"
    "                 and its memory\n"
    "  --progress     show the progress line on stderr even when it is not a\n"
    "                 terminal; --no-progress: never\n"
    "  -h, --help     print this help and exit\n"
    "  --list-methods  print the methods --method takes, a line each, with where\n"
    "                 each counts (cpu or device), and exit\n"
    "  --version      print the version, and that of how units are numbered\n"
    "\n"
    "With no FILE, or when FILE is -, the boards come from stdin. An option's\n"
    "value follows '=' or comes as the next word (--threads 2); '--' ends them.\n"
    "\n"
    "Exit status: 0 on success; 1 on bad input (after the counts before it), on\n"
    "a board that cannot be counted as asked, on shares --merge refuses, on a\n"
    "checkpoint refused, or when the output cannot be written; 2 on a bad option;\n"
    "130 or 143 when SIGINT or SIGTERM stopped the run (with --checkpoint, at\n"
    "the next unit of work, saved; without, at once, the counts done written).\n"
    "\n"
    "Full documentation: man queens; README.md and docs/, which cmake --install\n"
    "puts in PREFIX/share/doc/queens.\n";

// The methods --method takes, a line each, from the table of methods: the
// CPU's, then the device's.
void printMethods(std::FILE* out) {
  for (bool device : {false, true}) {
    if (device) std::fputs("                 and on an OpenCL device:\n", out);
    for (const MethodRow& row : kMethodTable)
      if (row.asked && row.onDevice == device)
        std::fprintf(out, "                 %-19s %s\n", row.name, row.help);
  }
}

int flushed(std::FILE* out) { return std::fflush(out) == 0 ? 0 : 1; }

}  // namespace

int printHelp(const char* name, std::FILE* out) {
  std::fprintf(out, "usage: %s [OPTION]... [FILE]...\n   or: %s --merge SHARE...\n", name, name);
  std::fprintf(out, kAbout, name);
  std::fputs(kQueensUsage, out);
  printMethods(out);
  std::fputs(kQueensUsageAfterMethods, out);
  return flushed(out);
}

int printVersion(const char* name, std::FILE* out) {
  std::fprintf(out, "%s %s\n", name, QUEENS_VERSION);
  std::fprintf(out, "units of work numbered as version %ld numbers them\n", long(kUnitNumbering));
  std::fputs("(shares and checkpoints of another numbering are refused)\n", out);
  return flushed(out);
}

int listMethods(std::FILE* out) {
  for (const MethodRow& row : kMethodTable)
    if (row.asked) std::fprintf(out, "%s %s\n", row.name, row.onDevice ? "device" : "cpu");
  return flushed(out);
}

}  // namespace queens
