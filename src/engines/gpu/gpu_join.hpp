// ===== The join on the GPU ==================================================
// The join (join_tables.hpp) with its pairs counted on an OpenCL device. The
// host keeps what is cheap there: the quarters' tables, the listing of each
// W's west halves in chunks, and of the east side's north and south
// quarters, each with the weights that the symmetries give it (every case
// that the CPU's join folds). The device takes each chunk's planes and
// tables, every quarter's product (the west halves it fits) and the pairs'
// AND and popcount sums (gpu_join_kernel.cl), a flight of chunks at a time,
// while the host lists the next flight (gpu_join_device.cpp). Every thread
// lists flights of its own, on a queue of its own.
//
// Its units are the join's, cut by its tables: a share or a checkpoint
// moves between a GPU node and a CPU node, and merges with the CPU's.
#pragma once

#include <atomic>
#include <string>

#include "engines/gpu/gpu.hpp"
#include "engines/join/join_engine.hpp"

namespace queens {

// What one flight may hold: its west halves' chunk size, and its tables',
// quarters' and tiles' room (gpu_join.cpp sizes them from --memory).
struct FlightLimits {
  long chunkHalves = 0;       // a chunk's west halves
  uint64_t flightHalves = 0;  // the west halves of all of a flight's chunks
  uint64_t tableWords = 0;    // of the flight's tables, on the device
  uint64_t quarters = 0, tiles = 0;
  // On the host: a chunk, and two flights (the device holds the tables too).
  uint64_t bytes() const {
    return uint64_t(chunkHalves) * 8 + 2 * (flightHalves * 8 + quarters * 32 + tiles * 28);
  }
};
// Limits within `bytes`, for the tables of a board of size n.
FlightLimits flightLimitsFor(int n, uint64_t bytes);

// The host threads that list the join's flights at most: on an H200, 8
// took 0.56 of 16's time on 20x20, and 4 1.4 of 8's (bench/README.md).
constexpr int kDeviceJoinThreads = 8;

class GpuJoinEngine final : public JoinEngine {
 public:
  explicit GpuJoinEngine(GpuAccess& gpu) : gpu_(gpu) {}
  // Builds the tables within the budget, and sizes the flights from what
  // is left; false if the tables do not fit.
  bool build(const Board& board, JoinBudget budget);

  const char* name() const override { return nameOf(Method::kGpuJoin); }
  const char* unitsName() const override { return nameOf(Method::kJoin); }
  UnitTiming unitTiming() const override { return UnitTiming::kTogether; }
  // Each thread lists its units' flights, and the device counts them.
  bool count(Job& job, Count& counted) override;
  const char* failure() const override { return failure_; }
  std::string describe(int threads) const override;
  int mostThreads() const override { return kDeviceJoinThreads; }
  EngineUse use() const override {
    return {bytes(), gpu_.device()->name.c_str(), double(waitedNanoseconds_) * 1e-9,
            double(handedNanoseconds_) * 1e-9};
  }

 private:
  // The tables' bytes and the threads' flights'.
  uint64_t bytes() const { return JoinEngine::use().bytes + limits_.bytes() * uint64_t(threads_); }

  GpuAccess& gpu_;
  int threads_ = 1;      // that share --memory
  FlightLimits limits_;  // of each thread's flights
  std::atomic<const char*> failure_{nullptr};
  std::atomic<int64_t> waitedNanoseconds_{0};  // by its threads, added up
  std::atomic<int64_t> handedNanoseconds_{0};  // alike
};

}  // namespace queens
