// Checks the solver binary against an independent brute-force oracle.
//
//   oracle_checks stress    PROGRAM BOARDS SEED   random boards, every --method
//   oracle_checks stress-judge PROGRAM BOARDS SEED  random boards, no option (the judge)
//   oracle_checks stress-large PROGRAM BOARDS SEED  the same, 11x11 to 20x20
//   oracle_checks stress-wide PROGRAM BOARDS SEED  33x33 to 64x64, CSPLib's way
//   oracle_checks join      PROGRAM BOARDS SEED TUNED  the join on sparse boards,
//                           and TUNED (join_tunings) with other chunk sizes
//   oracle_checks checkpoint PROGRAM BOARDS SEED  --checkpoint, whole and cut
//   oracle_checks gpu       PROGRAM BOARDS SEED   --method=gpu on an OpenCL device
//   oracle_checks gpu-join  PROGRAM BOARDS SEED   the join on an OpenCL device
//   oracle_checks memory-budget PROGRAM BOARD COUNT  the join within --memory, or none
//   oracle_checks list      PROGRAM BOARDS SEED   validates --list output
//   oracle_checks soak      PROGRAM BOARDS SEED   8x8 stream; counts and flat memory
//   oracle_checks long-line PROGRAM [MAX_RSS_KIB] a 64 MiB row must be refused cheaply
//   (oracle_checks measure REPORT COMMAND...      internal: see measure())
//
// Each mode writes its input to a file, runs PROGRAM on it once as one batch
// (stdin from the file, like a judge), and exits non-zero after printing the
// first board that disagrees. The oracle (oracle/oracle.hpp) shares no code
// with src/: it is plain backtracking over board characters with coordinate
// arithmetic. Each oracle/ header holds one family of checks; this file,
// their one translation unit, picks the mode.

#include "oracle/counts.hpp"
#include "oracle/gpu.hpp"
#include "oracle/shown.hpp"
#include "oracle/terminal.hpp"

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
  if (args.size() >= 4 && args[0] == "gpu") return checkGpu(args[1], number(2, 0), number(3, 0));
  if (args.size() >= 4 && args[0] == "gpu-join")
    return checkGpuJoin(args[1], number(2, 0), number(3, 0));
  if (args.size() >= 4 && args[0] == "checkpoint")
    return checkpoints(args[1], number(2, 0), number(3, 0));
  if (args.size() >= 5 && args[0] == "join")
    return checkJoin(args[1], number(2, 0), number(3, 0), args[4]);
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
  std::fprintf(
      stderr,
      "usage: oracle_checks stress|stress-judge|stress-large|list|soak PROGRAM BOARDS SEED\n"
      "       oracle_checks long-line PROGRAM [MAX_RSS_KIB]\n");
  return 2;
}
