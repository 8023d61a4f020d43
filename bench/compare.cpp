// Times two commands side by side on the same stdin, interleaved (A, B, A, B,
// ...) so that both see the same machine load, and prints one line:
//   <median seconds A> <median seconds B> <peak RSS KiB A> <peak RSS KiB B>
// Usage: compare RUNS INPUT -- COMMAND_A ARGS... -- COMMAND_B ARGS...
// Output of the commands is discarded; a command that fails stops the run.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace {

struct Sample {
  double seconds;
  long peakKiB;
};

Sample runOnce(char** command, const char* input) {
  timespec start{}, end{};
  clock_gettime(CLOCK_MONOTONIC, &start);
  pid_t pid = fork();
  if (pid == 0) {
    int in = open(input, O_RDONLY), out = open("/dev/null", O_WRONLY);
    if (in < 0 || out < 0) _exit(126);
    dup2(in, 0), dup2(out, 1);
    execvp(command[0], command);
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  clock_gettime(CLOCK_MONOTONIC, &end);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::fprintf(stderr, "compare: %s failed on %s (status %d)\n", command[0], input, status);
    std::exit(1);
  }
  return {double(end.tv_sec - start.tv_sec) + 1e-9 * double(end.tv_nsec - start.tv_nsec),
          usage.ru_maxrss};
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 6 || std::string_view(argv[3]) != "--") {
    std::fprintf(stderr, "usage: compare RUNS INPUT -- COMMAND_A... -- COMMAND_B...\n");
    return 2;
  }
  int runs = std::atoi(argv[1]);
  const char* input = argv[2];
  char** commandA = argv + 4;
  char** commandB = nullptr;
  for (int i = 4; i < argc; ++i)
    if (std::string_view(argv[i]) == "--") argv[i] = nullptr, commandB = argv + i + 1;
  if (!commandB || !*commandB) return 2;
  std::vector<double> timesA, timesB;
  long peakA = 0, peakB = 0;
  for (int i = 0; i < runs; ++i) {
    Sample a = runOnce(commandA, input), b = runOnce(commandB, input);
    timesA.push_back(a.seconds), timesB.push_back(b.seconds);
    peakA = std::max(peakA, a.peakKiB);
    peakB = std::max(peakB, b.peakKiB);
  }
  std::printf("%.6f %.6f %ld %ld\n", median(timesA), median(timesB), peakA, peakB);
}
