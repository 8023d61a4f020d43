// Running a program under test on a batch of boards, and reading back
// what it printed.
#pragma once

#include "oracle.hpp"

namespace {

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

}  // namespace
