// The faces layer alone (queens_faces): what --stats prints of a board, as
// text and as JSON; where the boards come from (--empty, files with CRLF,
// a file that is not there); and the command line on streams of its own,
// as a user runs it: counts, a usage error, a refused method, a merge.
#include <fcntl.h>   // open
#include <unistd.h>  // close, write

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "faces/cli.hpp"
#include "faces/input.hpp"
#include "faces/stats.hpp"

namespace {

// What was written to a temporary file.
std::string textOf(std::FILE* file) {
  std::fflush(file);
  std::rewind(file);
  std::string text;
  for (int c; (c = std::fgetc(file)) != EOF;) text += char(c);
  return text;
}

// A file holding `text`, for the program to read.
std::string fileWith(const std::string& text) {
  char path[] = "/tmp/queens_faces_XXXXXX";
  const int fd = mkstemp(path);
  if (write(fd, text.data(), text.size()) != ssize_t(text.size())) std::perror("write");
  close(fd);
  return path;
}

// A board's --stats made up: its size and its report (a method's, and its
// nodes), timed from now.
struct MadeUpStats {
  queens::Board board;
  queens::Report report;
  timespec start{};
  MadeUpStats(int n, const char* method, queens::Count nodes) {
    board.n = n;
    report.method = method;
    report.nodes = nodes;
    clock_gettime(CLOCK_MONOTONIC, &start);
  }
  // What printStats, or printStatsJson, writes of it as board `number`.
  std::string printed(bool json, long number, queens::Share share, bool sharing) const {
    const queens::BoardStats stats{board, number, share, sharing, start, report};
    std::FILE* err = std::tmpfile();
    json ? queens::printStatsJson(stats, err) : queens::printStats(stats, err);
    const std::string text = textOf(err);
    std::fclose(err);
    return text;
  }
};

TEST_CASE("stats lines") {
  MadeUpStats made(16, "join", 1234);
  made.report.reason = "16x16, 0 reserved: the join";
  made.report.threads = 2;
  made.report.bytes = uint64_t{3} << 20;
  const queens::Share firstOfFour{0, 4};
  const std::string line = made.printed(false, 7, firstOfFour, true);
  CHECK(line.rfind("board 7: 16x16, share 1 of 4, join, 1234 nodes, ", 0) == 0);
  CHECK(line.find(" ms, 2 threads, 3.0 MiB allocated; why: 16x16, 0 reserved: the join\n") !=
        std::string::npos);
  made.report.reason = "a \"quoted\" reason";
  const std::string json = made.printed(true, 7, firstOfFour, true);
  CHECK(
      json.rfind("{\"board\":7,\"size\":16,\"share\":{\"part\":1,\"parts\":4},\"method\":\"join\",",
                 0) == 0);
  CHECK(json.find(",\"reason\":\"a \\\"quoted\\\" reason\"}\n") != std::string::npos);
}

TEST_CASE("stats lines of a count on a device") {
  MadeUpStats made(19, "gpu-rows", 5);
  made.report.device = "NVIDIA H200";
  made.report.deviceWait = 0.1005;
  made.report.deviceHanding = 1.25;
  made.report.deviceStart = 0.5;
  const queens::Share whole{0, 1};
  CHECK(made.printed(false, 1, whole, false)
            .find(", 1 thread, 100.500 ms waiting for the device, 1250.000 ms handing it work, "
                  "500.000 ms starting it\n") != std::string::npos);
  CHECK(made.printed(true, 1, whole, false).find("\"device\":\"NVIDIA H200\",\"nodes\":5,") !=
        std::string::npos);
  // A later board on the started device: no start to tell of.
  made.report.deviceStart = 0;
  CHECK(made.printed(false, 2, whole, false).find("1250.000 ms handing it work\n") !=
        std::string::npos);
  CHECK(made.printed(true, 2, whole, false)
            .find("\"device_wait_ms\":100.500,\"device_hand_ms\":1250.000,"
                  "\"device_start_ms\":0.000,") != std::string::npos);
}

TEST_CASE("board sources") {
  queens::BoardSource empty(3, 5);
  queens::Board board;
  std::vector<int> sizes;
  while (empty.next(board)) sizes.push_back(board.n);
  CHECK(((sizes == std::vector<int>{3, 4, 5}) && *empty.error() == '\0'));
  const std::string crlf = fileWith(".*..\r\n....\r\n....\r\n....");  // no final newline
  queens::BoardSource file(0, nullptr, {crlf.c_str(), "/nonexistent/boards.txt"});
  CHECK((file.next(board) && board.n == 4 && board.freeSquares[0] == 0xD));
  CHECK((!file.next(board) && std::strstr(file.error(), "/nonexistent/boards.txt") != nullptr));
  std::remove(crlf.c_str());
}

// The program on its own streams: status, stdout, stderr.
struct Run {
  int status;
  std::string out, err;
};

Run runWith(std::vector<const char*> args, const std::string& input = "") {
  const std::string inputPath = fileWith(input);
  const int in = open(inputPath.c_str(), O_RDONLY);
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  args.insert(args.begin(), "queens");
  const int status = queens::runQueens(in, out, err, int(args.size()), args.data());
  Run run{status, textOf(out), textOf(err)};
  close(in), std::fclose(out), std::fclose(err), std::remove(inputPath.c_str());
  return run;
}

TEST_CASE("command lines") {
  const Run counts = runWith({"--empty=4..6"});
  CHECK((counts.status == 0 && counts.out == "2\n10\n4\n" && counts.err.empty()));
  const Run sample = runWith({}, "....\n....\n....\n....\n");
  CHECK((sample.status == 0 && sample.out == "2\n"));
  const Run usage = runWith({"--method=fast"});
  CHECK((usage.status == 2 && usage.out.empty() &&
         usage.err.rfind("error: '--method=fast': expected a method: auto, rows, ", 0) == 0));
  const Run tooBig = runWith({"--method=join", "--empty=33"});
  CHECK((tooBig.status == 1 &&
         tooBig.err == "error: board 1 (33x33): the join counts boards of up to 32x32 (its "
                       "tables would not fit in memory)\n"));
  // Two shares of the empty 12x12 board, merged: the whole count.
  const std::string first = fileWith(runWith({"--part=1/2", "--empty=12"}).out);
  const std::string second = fileWith(runWith({"--part=2/2", "--empty=12"}).out);
  const Run merged = runWith({"--merge", first.c_str(), second.c_str()});
  CHECK((merged.status == 0 && merged.out == "14200\n"));
  std::remove(first.c_str()), std::remove(second.c_str());
}

}  // namespace
