// The GPU engine (--method=gpu) on whatever OpenCL device there is (pocl's
// CPU device in CI): its kernel's counts against the oracle, and its nodes
// against the CPU's row search.
#pragma once

#include "counts.hpp"

namespace {

// --stats=json's "nodes" of each board, or empty if the run failed.
std::vector<std::string> nodesOf(const std::string& program, const std::string& method,
                                 const std::string& input) {
  Printed run = runOn(input, {program, method, "--stats=json", "--threads=1"});
  std::vector<std::string> nodes;
  if (run.status != 0) return nodes;
  for (const std::string& line : run.err) {
    const std::size_t at = line.find("\"nodes\":");
    if (at != std::string::npos) nodes.push_back(line.substr(at + 8, line.find(',', at) - at - 8));
  }
  return nodes;
}

// The kernel visits the nodes that the row search would below each prefix,
// and the border classes are the CPU's: --stats gives the nodes of
// --method=symmetry-rows (the row search, on a board with no symmetry).
int gpuNodesAgree(const std::string& program, const std::string& input, std::size_t boards) {
  const std::vector<std::string> gpu = nodesOf(program, "--method=gpu", input),
                                 rows = nodesOf(program, "--method=symmetry-rows", input);
  if (gpu.size() != boards || gpu != rows)
    return fail("--method=gpu --stats: its nodes differ from --method=symmetry-rows' (" +
                std::to_string(gpu.size()) + " and " + std::to_string(rows.size()) +
                " boards said)");
  std::printf("--method=gpu --stats: the nodes of symmetry-rows on %zu boards\n", boards);
  return 0;
}

// Whether to skip a GPU test: OpenCL finds no device (pocl's, in CI). It
// says why; under CI (CI=true), where pocl is installed, the test runs and
// fails instead.
bool skipsWithoutDevice(const std::string& program) {
  const std::string input = tempPath("gpu-probe", "in");
  writeBatch(input, {Board(4, std::string(4, '.'))}, 0);
  Printed probe = runOn(input, {program, "--method=gpu-rows"});
  std::remove(input.c_str());
  const char* ci = std::getenv("CI");
  if (probe.status == 0 || (ci && std::string(ci) == "true")) return false;
  std::printf("SKIPPED: %s\n", joined(probe.err).c_str());
  return true;
}

// Random boards of up to 10x10 and of 11x11 to 20x20 (holes, given queens,
// a third symmetric, some nearly empty 12x12 boards that split into units):
// whole, in batches of 1,024 prefixes (--memory=64K), in 7 shares, and
// with a checkpoint; then boards of 33x33 to 64x64 on 64-bit masks.
int checkGpu(const std::string& program, long boardCount, std::uint64_t seed) {
  if (skipsWithoutDevice(program)) return 77;
  const std::vector<Board> boards = smallAndLarge(boardCount, seed);
  std::vector<long long> expected;
  for (const Board& board : boards) expected.push_back(bruteForceCount(board));
  const std::string input = tempPath("gpu", "in"), file = tempPath("gpu", "ckpt");
  writeBatch(input, boards, seed);
  const std::string what = "seed " + std::to_string(seed);
  const std::vector<std::vector<std::string>> ways = {
      {"--method=gpu"}, {"--method=gpu", "--memory=64K"}, {"--method=gpu", "--checkpoint=" + file}};
  for (const std::vector<std::string>& options : ways) {
    std::remove(file.c_str());
    if (int failed = checkCounts(program, options, input, boards, expected, what)) return failed;
  }
  std::remove(file.c_str());
  if (int failed = checkCounts(program, {"--method=gpu"}, input, boards, expected, what, 7))
    return failed;
  std::printf(
      "--method=gpu: whole, in batches of 1,024 prefixes, with a checkpoint and in 7 shares: "
      "%zu boards of 1x1 to 20x20 agree with the oracle\n",
      boards.size());
  if (int failed = gpuNodesAgree(program, input, boards.size())) return failed;
  RandomBoards random(seed + 2);
  std::vector<Board> wide;
  std::vector<long long> wideExpected;
  for (long i = 0; i < boardCount / 20 + 1; ++i) {
    wide.push_back(random.nextWide(2, 95));
    wideExpected.push_back(checkingAheadCount(wide.back()));
  }
  writeBatch(input, wide, seed);
  for (int shares : {0, 3})
    if (int failed = checkCounts(program, {"--method=gpu"}, input, wide, wideExpected,
                                 what + ", 33x33 to 64x64", shares))
      return failed;
  std::printf("--method=gpu, whole and in 3 shares: %zu boards of 33x33 to 64x64 agree\n",
              wide.size());
  std::remove(input.c_str());
  return 0;
}

// The join on the device (--method=gpu-join) on the join's sparse boards of
// 4x4 to 13x13 (every kind of symmetry the join folds, with holes and given
// queens, as checkJoin asks): whole, in tiny flights (--memory=256K: chunks
// of a few hundred halves, and many flights a W), in 7 shares, and with a
// checkpoint, against the oracle; its halves (--stats' nodes) against the
// CPU join's; and 14x14 to 16x16 boards against the CPU join, listed by
// the default threads and by 8 (whose launches overlapped on pocl 3.1's
// CPU device, and aborted it, until each thread built its own kernels).
int checkGpuJoin(const std::string& program, long boardCount, std::uint64_t seed) {
  if (skipsWithoutDevice(program)) return 77;
  RandomBoards random(seed);
  std::vector<Board> boards;
  std::vector<long long> expected;
  JoinKinds kinds;
  for (long i = 0; i < boardCount; ++i) {  // the join's test's boards (checkJoin)
    boards.push_back(random.nextSparse(10, 13, 12));
    kinds.add(boards.back());
  }
  const std::string what = "seed " + std::to_string(seed);
  if (std::string missing = kinds.missing(); !missing.empty())
    return fail(what + " needs " + missing);
  for (long i = 0; i < boardCount / 4; ++i) boards.push_back(random.nextSparse(4, 9, 12));
  for (const Board& board : boards) expected.push_back(bruteForceCount(board));
  const std::string input = tempPath("gpu-join", "in"), file = tempPath("gpu-join", "ckpt");
  writeBatch(input, boards, seed);
  const std::vector<std::vector<std::string>> ways = {
      {"--method=gpu-join"},
      {"--method=gpu-join", "--memory=256K"},
      {"--method=gpu-join", "--checkpoint=" + file}};
  for (const std::vector<std::string>& options : ways) {
    std::remove(file.c_str());
    if (int failed = checkCounts(program, options, input, boards, expected, what)) return failed;
  }
  std::remove(file.c_str());
  if (int failed = checkCounts(program, {"--method=gpu-join"}, input, boards, expected, what, 7))
    return failed;
  const std::vector<std::string> device = nodesOf(program, "--method=gpu-join", input),
                                 cpu = nodesOf(program, "--method=join", input);
  if (device.size() != boards.size() || device != cpu)
    return fail("--method=gpu-join --stats: its halves differ from --method=join's");
  std::printf(
      "--method=gpu-join: whole, in tiny flights, with a checkpoint and in 7 shares: %zu boards "
      "of 4x4 to 13x13 agree with the oracle, and their halves with the join's\n",
      boards.size());
  std::vector<Board> large;
  for (long i = 0; i < boardCount / 10 + 1; ++i) large.push_back(random.nextSparse(14, 16, 8));
  writeBatch(input, large, seed);
  Printed join = runOn(input, {program, "--method=join"});
  for (const std::string threads : {"", "--threads=8"}) {  // "": the default
    std::vector<std::string> command = {program, "--method=gpu-join"};
    if (!threads.empty()) command.push_back(threads);
    const Printed onDevice = runOn(input, command);
    if (join.status != 0 || onDevice.status != 0 || onDevice.out != join.out ||
        join.out.size() != large.size())
      return fail("--method=gpu-join " + threads +
                  " and --method=join disagree on boards of 14x14 to 16x16 (status " +
                  std::to_string(onDevice.status) + "): " + joined(onDevice.err));
  }
  std::printf(
      "--method=gpu-join, by the default threads and by 8, agrees with --method=join on %zu "
      "boards of 14x14 to 16x16\n",
      large.size());
  std::remove(input.c_str());
  return 0;
}

}  // namespace
