// What the join on the GPU asks of the host, measured without a device:
//   join_listing N K M     share K of M (as --part=K/M) of the empty NxN
//       board, listed on one thread as --method=gpu-join lists it, into
//       flights that a stand-in device measures and drops.
// It prints the host's seconds, and the work the flights would give a
// device: the tiles and the pairs in them (a tile has room for 256), the
// words of products that the tiles' threads AND (idle or not: a tile's 256
// threads step through its words together) and that its pairs need, and
// the table words that staging the products reads. The host's listing is
// the real one (gpu_join.cpp); only the counting is left out, so its count
// is 0.
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "engines/gpu/gpu_join.hpp"

namespace {

using queens::Count;
using queens::JoinFlight;

// The work of every flight launched, for a device that counts nothing.
class MeasuringJoiner final : public queens::JoinDevice, public queens::JoinDevices {
 public:
  JoinFlight* nextFlight() override {
    flight_.clear();
    return &flight_;
  }
  bool launch() override;
  bool finish(Count& total) override {
    total = 0;
    return true;
  }
  const char* error() const override { return ""; }
  JoinDevice* forWorker(int) override { return this; }

  void print(double seconds) const {
    std::printf(
        "host %.2f s, %ld flights, %ld chunks, %ld tiles %.3f full, %.4g thread-words "
        "(%.4g of pairs), %.4g staged table words\n",
        seconds, flights_, chunks_, tiles_,
        double(pairs_) / double(JoinFlight::kTilePairs * tiles_), double(threadWords_),
        double(pairWords_), double(stagedWords_));
  }

 private:
  JoinFlight flight_;
  long flights_ = 0, chunks_ = 0, tiles_ = 0;
  Count pairs_ = 0, threadWords_ = 0, pairWords_ = 0, stagedWords_ = 0;
};

bool MeasuringJoiner::launch() {
  ++flights_;
  chunks_ += long(flight_.chunks.size());
  for (size_t t = 0; t < flight_.tileCount(); ++t) {
    const uint32_t* tile = &flight_.tiles[t * JoinFlight::kTileFields];
    const uint64_t words = flight_.chunks[tile[0]].words;
    const uint64_t pairs = uint64_t(tile[2]) * tile[4];
    ++tiles_;
    pairs_ += pairs;
    threadWords_ += JoinFlight::kTilePairs * words;
    pairWords_ += pairs * words;
    // Each quarter's product: a table word per byte of its pattern, a word.
    for (uint32_t q : {tile[1], tile[3]})
      for (uint32_t i = 0; i < (q == tile[1] ? tile[2] : tile[4]); ++i) {
        const uint64_t fields = flight_.quarters[(q + i) * JoinFlight::kQuarterWords + 3];
        stagedWords_ += (fields >> 8 & 255) * words;
      }
  }
  return true;
}

// A stand-in for the row kernel, which this bench never asks.
class NoPrefixCounter final : public queens::PrefixCounter {
 public:
  queens::PrefixBatch* nextBatch() override { return nullptr; }
  bool launch(bool) override { return false; }
  bool finish(queens::Count&, queens::Count&) override { return false; }
  const char* error() const override { return "join_listing has no row kernel"; }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: join_listing N K M   (share K of M of the empty NxN board)\n");
    return 2;
  }
  queens::Board board;
  board.n = std::atoi(argv[1]);
  const queens::Share share{std::atoi(argv[2]) - 1, std::atoi(argv[3])};  // --part counts from 1
  if (board.n < 4 || board.n > queens::kJoinMaxN || share.parts < 1 || share.part < 0 ||
      share.part >= share.parts) {
    std::fprintf(stderr, "join_listing: N from 4 to %d, 1 <= K <= M\n", queens::kJoinMaxN);
    return 2;
  }
  for (int r = 0; r < board.n; ++r) board.freeSquares[r] = (queens::Row{1} << board.n) - 1;

  auto* joiner = new MeasuringJoiner;
  queens::GpuDevice device;
  device.name = "join_listing's stand-in";
  device.counter = std::make_unique<NoPrefixCounter>();
  device.joiners.reset(joiner);
  queens::GpuAccess access(std::move(device));
  queens::GpuJoinEngine engine(access);
  if (!engine.build(board, {queens::kDefaultMemoryBudget, 1})) {  // as --memory's default
    std::fprintf(stderr, "join_listing: the tables do not fit in --memory's default\n");
    return 1;
  }
  const long units = engine.split({}, false).units;
  queens::SharedUnits shared(share.unitsOf(units), nullptr);
  queens::UnitWalk walk(0, share, &shared, false);
  queens::Job job{&walk};
  Count counted = 0;
  const auto start = std::chrono::steady_clock::now();
  engine.count(job, counted);
  walk.finish();
  const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
  std::printf("%dx%d share %d/%d of %ld units: ", board.n, board.n, share.part + 1, share.parts,
              units);
  joiner->print(seconds.count());
  return 0;
}
