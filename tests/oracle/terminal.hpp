// The checks of a program's surroundings: a live terminal, the progress
// line, and a full disk.
#pragma once

#include <chrono>

#include "running.hpp"

namespace {

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

// What a program writes on a terminal's stderr until it exits, and how
// many seconds passed before `first` appeared (-1: never); false if it
// failed.
bool readTerminal(const std::vector<std::string>& argv, const std::string& board,
                  const std::string& output, const std::string& first, std::string& seen,
                  double& firstSeconds) {
  Terminal terminal = openTerminal();
  int in = open(board.c_str(), O_RDONLY),
      out = open(output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = startOnTerminal(argv, terminal, {2}, in, out, -1);
  close(in), close(out);
  const auto start = std::chrono::steady_clock::now();
  firstSeconds = -1;
  for (;;) {
    seen += readWithin(terminal.master, 0.1);
    if (firstSeconds < 0 && seen.find(first) != std::string::npos)
      firstSeconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid) {
      seen += readWithin(terminal.master, 0.1);
      return WIFEXITED(status) && WEXITSTATUS(status) == 0;
    }
  }
}

// On a terminal: the method line first, a whole line; then the progress
// line drawn in place ("\r", cleared to the end of the line) within 2
// seconds of the start, and erased at the end; the count on stdout
// untouched.
int progressOnTerminal(const std::vector<std::string>& argv, const std::string& board,
                       const std::string& output, const std::string& expectedOutput) {
  std::string seen;
  double firstLine = -1;
  if (!readTerminal(argv, board, output, "units done", seen, firstLine))
    return fail("exit status on a terminal");
  const std::string erase = "\r\033[K";
  const size_t methodEnd = seen.find('\n');
  const std::string drawn = methodEnd == std::string::npos ? "" : seen.substr(methodEnd + 1);
  if (seen.compare(0, 9, "board 1, ") != 0 || seen.find(": counted by ") > methodEnd ||
      drawn.compare(0, 1, "\r") != 0 || drawn.find("units done") == std::string::npos ||
      drawn.find('\n') != std::string::npos || drawn.size() < erase.size() ||
      drawn.compare(drawn.size() - erase.size(), erase.size(), erase) != 0)
    return fail("progress on a terminal: got '" + seen + "'");
  if (firstLine < 0 || firstLine > 2)
    return fail("progress on a terminal: the first line came after " + std::to_string(firstLine) +
                " s, not within 2 s");
  if (readFile(output) != expectedOutput) return fail("progress on a terminal changed stdout");
  std::printf(
      "progress on a terminal: the method line, then %zu bytes drawn in place from %.1f s, "
      "then erased\n",
      drawn.size(), firstLine);
  return 0;
}

// The progress line on a terminal (above); with stderr in a file it is
// absent, unless --progress forces it, as whole lines, a line a second.
// BOARD must take a few seconds with OPTIONS.
int progress(const std::string& program, const std::string& board, long long count,
             const std::vector<std::string>& options) {
  std::vector<std::string> argv = {program};
  argv.insert(argv.end(), options.begin(), options.end());
  const std::string output = tempPath("progress", "out"), error = tempPath("progress", "err");
  const std::string expectedOutput = std::to_string(count) + "\n";
  if (int failed = progressOnTerminal(argv, board, output, expectedOutput)) return failed;
  Run quiet = runProgram(argv, board, output, error);
  if (quiet.status != 0 || !readFile(error).empty() || readFile(output) != expectedOutput)
    return fail("stderr in a file: expected no progress, got '" + readFile(error) + "'");
  argv.push_back("--progress");
  const auto start = std::chrono::steady_clock::now();
  Run forced = runProgram(argv, board, output, error);
  const double took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::vector<std::string> logged = lines(readFile(error));
  if (forced.status != 0 || logged.size() < 2 || readFile(output) != expectedOutput ||
      readFile(error).find('\r') != std::string::npos ||
      logged[0].find(": counted by ") == std::string::npos)
    return fail("--progress into a file: got '" + readFile(error) + "'");
  for (size_t i = 1; i < logged.size(); ++i)
    if (logged[i].compare(0, 9, "board 1, ") != 0 ||
        logged[i].find("units done") == std::string::npos)
      return fail("--progress into a file: line '" + logged[i] + "'");
  // A line a second from the first: never 5 seconds without one.
  if (double(logged.size() - 1) < took - 2)
    return fail("--progress into a file: " + std::to_string(logged.size() - 1) + " lines in " +
                std::to_string(took) + " s");
  std::printf("stderr in a file: no progress; --progress: the method line, %zu lines in %.1f s\n",
              logged.size() - 1, took);
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
