// ===== The join on the GPU: the host's listing ==============================
// Lists what the device counts (gpu_join.hpp): for each W, its west halves
// a chunk at a time, and for each chunk the east side's quarters, as the
// CPU's counter walks them (join_counter.hpp, join_south.hpp), each with
// its weights, in tiles of up to 256 pairs of quarters (spanOf).
#include "engines/gpu/gpu_join.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <vector>

#include "engines/join/join_south.hpp"
#include "engines/join/join_west.hpp"

namespace queens {

FlightLimits flightLimitsFor(int n, uint64_t bytes) {
  // An eighth of --memory on the host, within 64 KiB and 64 MiB; the
  // device's tables take as much as the host's flights.
  constexpr uint64_t kLeast = uint64_t{64} << 10, kMost = uint64_t{64} << 20;
  const uint64_t allowance = std::min(std::max(bytes / 8, kLeast), kMost);
  // Table words a word of halves: a pattern has a byte at least (a 1x1
  // board's has none, and a division by none stopped the run on an H200).
  const uint64_t wordsPerWord = 256 * uint64_t(std::max(1, patternBytes(n)));
  FlightLimits limits;
  const uint64_t flightWords = std::max<uint64_t>(1, allowance / 2 / 8 / wordsPerWord);
  limits.tableWords = flightWords * wordsPerWord;
  limits.flightHalves = flightWords * 64;
  limits.chunkHalves = long(std::min<uint64_t>(limits.flightHalves, kBigJoinChunk));
  limits.quarters = allowance / 4 / (JoinFlight::kQuarterWords * 8);
  limits.tiles = allowance / 4 / (JoinFlight::kTileFields * 4 + 8);
  return limits;
}

namespace {

// What the device weighs a pair of quarters by (gpu_join_kernel.cl's
// pairWeight), as the CPU's PairCounter does: the product of the quarters'
// weights (their slice's, on the side that the slices do not share), and
// the odd fold's keys. With that fold, a pair counts not at all where the
// south quarter's key is below the key of the pair's slice (its `own` key,
// on one side of the pair), once where they are equal, and its halves
// above phi(W) `above` times (the north quarter's) where the key is above.
struct QuarterWeights {
  unsigned weight = 1;
  int key = 0;         // a south quarter's
  int own = -1;        // the slice's key, on its own side; -1: none
  unsigned above = 1;  // a north quarter's

  // The quarter's fourth word, with its pattern's first byte and byte count.
  uint64_t word(int first, int count) const {
    using F = JoinFlight;
    const uint64_t ownKey = own < 0 ? uint64_t(F::kNoKey) : uint64_t(own);
    return uint64_t(first) | uint64_t(count) << F::kCountShift |
           uint64_t(weight) << F::kWeightShift | uint64_t(key & 255) << F::kKeyShift |
           ownKey << F::kOwnShift | uint64_t(above) << F::kAboveShift;
  }
};

// Quarters as the device reads them (kQuarterWords each), listed in a
// buffer that keeps its room from batch to batch: growing a vector for each
// group zeroed what was then written over (21x21: 0.08 of the listing).
class QuarterList {
 public:
  static constexpr size_t kWords = JoinFlight::kQuarterWords;
  long count() const { return long(used_ / kWords); }
  bool empty() const { return used_ == 0; }
  const uint64_t* quarter(long i) const { return words_.data() + size_t(i) * kWords; }
  void clear() { used_ = 0; }
  // Room for `quarters` more, to be kept with keep().
  uint64_t* room(long quarters) {
    const size_t needed = used_ + size_t(quarters) * kWords;
    if (words_.size() < needed) words_.resize(std::max(needed, 2 * words_.size()));
    return words_.data() + used_;
  }
  void keep(const uint64_t* end) { used_ = size_t(end - words_.data()); }

 private:
  std::vector<uint64_t> words_;
  size_t used_ = 0;
};

// Fills flights with one W's chunks and quarters, and launches them.
class FlightBuilder {
 public:
  FlightBuilder(const JoinTables& tables, JoinDevice& device, const FlightLimits& limits,
                BatchProgress& progress)
      : t_(tables),
        device_(device),
        progress_(progress),
        limits_(limits),
        patterns_(size_t(limits.chunkHalves)),
        west_(tables, limits.chunkHalves, patterns_.data()) {
    // A batch's quarters of each side go in pieces that fit a flight: a
    // piece of each, and their tiles (the most: 16 by 16 quarters a tile,
    // the narrowest span).
    const long side = JoinFlight::kLeastSpan;
    const long tilesAcross = long(std::sqrt(double(limits.tiles)));
    piece_ = std::min<long>({4096, long(limits.quarters / 2), tilesAcross * side}) / side * side;
    piece_ = std::max(piece_, side);
  }

  // One W's placements, into flights; false if the device failed.
  bool addUnit(Mask west, const Slice* slices, int sliceCount, Count& halves);
  // Launches the last flight and waits for all: their total.
  bool finish(Count& total) {
    if (flight_) progress_.launched(double(flight_->tileCount()), false);
    bool launched = !flight_ || launch();
    const auto start = std::chrono::steady_clock::now();
    const bool finished = device_.finish(total);
    waited_ += std::chrono::steady_clock::now() - start;
    return finished && launched;
  }
  // The time spent waiting for the device, and handing it flights.
  std::chrono::nanoseconds waited() const { return waited_; }
  std::chrono::nanoseconds handed() const { return handed_; }

 private:
  bool listEastHalves(Mask west, const Slice* slices, int sliceCount, JoinFold fold);
  void listSouths(const EastSlices& east, const Slice* slices, int sliceCount, Mask northColumns,
                  bool northShared);
  void listNorths(const EastSlices& east, const Slice* slices, int sliceCount, Mask northColumns,
                  bool northShared, unsigned aboveWeight);
  // The tiles of every north quarter with the south ones its key allows.
  bool addTiles();
  bool addPiece(long n0, long northPiece, long s0, long southPiece);
  bool room(uint64_t quarters, uint64_t tiles);
  bool launch();  // the flight filled, timed
  bool startFlight();
  void addChunk();
  void addQuarters(QuarterList& to, const QuarterTable& table, Mask rows, Mask columns,
                   Diagonals middles, QuarterWeights weights);

  const JoinTables& t_;
  JoinDevice& device_;
  BatchProgress& progress_;  // the units of the flights the device counted
  const FlightLimits& limits_;
  long piece_;
  std::vector<uint64_t> patterns_;  // the chunk now
  WestLister west_;
  JoinFlight::Chunk chunk_{};  // its fields, but where it stands in the flight
  uint64_t reach_ = 0;         // the diagonals some half of it takes
  int chunkInFlight_ = -1;     // its number in the flight, or -1
  JoinFlight* flight_ = nullptr;
  QuarterList norths_, souths_;
  std::chrono::nanoseconds waited_{0};  // in nextFlight() and finish()
  std::chrono::nanoseconds handed_{0};  // in launch()
};

bool FlightBuilder::addUnit(Mask west, const Slice* slices, int sliceCount, Count& halves) {
  const JoinFold fold = t_.foldOf(west);
  // As the CPU's counter lists them (JoinCounter::countUnit), the equal
  // halves from the next word.
  WestChunks chunks(west_, west, fold, 64);
  WestChunk bounds;
  while (chunks.next(bounds)) {
    reach_ = bounds.reach;
    halves += Count(bounds.halves());
    const bool gap = bounds.hasEqual();
    chunk_.listed = uint32_t(bounds.listed);
    chunk_.gapStart = uint32_t(bounds.aboveEnd);
    chunk_.gapEnd = uint32_t(gap ? bounds.equalStart : bounds.aboveEnd);
    chunk_.words = uint32_t((bounds.listed + 63) / 64);
    chunk_.equalWord = gap ? uint32_t(bounds.equalStart / 64) : chunk_.words;
    chunkInFlight_ = -1;  // added with its first tile
    // Slices whose middle queens stand north, listed first, share south
    // quarters; the others share north quarters.
    int shared = 0;
    while (shared < sliceCount && !standsSouth(t_, slices[shared])) ++shared;
    if (shared && !listEastHalves(west, slices, shared, fold)) return false;
    if (shared < sliceCount && !listEastHalves(west, slices + shared, sliceCount - shared, fold))
      return false;
  }
  return true;
}

// The east halves of the chunk, as JoinCounter::countEastHalvesIn walks
// them: for each set of north quarter columns, the south quarters and the
// north ones of every slice, paired in one batch of tiles.
bool FlightBuilder::listEastHalves(Mask west, const Slice* slices, int sliceCount, JoinFold fold) {
  const Mask columns = allColumns(t_.eastColumns());
  const EastSlices east = describeSlices(t_, west, slices, sliceCount);
  const bool northShared = standsSouth(t_, slices[0]), oddFold = t_.middleKey(0) == 0;
  for (uint64_t northColumns = firstSubset(popcount(east.northRows[0])); northColumns <= columns;
       northColumns = nextSubset(northColumns)) {
    const int eastClass = t_.eastClass(fold, Mask(northColumns));
    if (eastClass < 0) continue;
    const int weight = (fold.on && eastClass > 0) || oddFold ? 2 : 1;  // of pairs above
    // No north quarter on these columns: no south quarter to list.
    const QuarterTable& northEast = t_.quarter(false, true);
    bool northern = false;
    for (int i = 0; i < (northShared ? 1 : sliceCount) && !northern; ++i)
      northern = northEast.begin(east.northRows[i], Mask(northColumns)) !=
                 northEast.end(east.northRows[i], Mask(northColumns));
    if (!northern) continue;
    listSouths(east, slices, sliceCount, Mask(northColumns), northShared);
    if (souths_.empty()) continue;
    listNorths(east, slices, sliceCount, Mask(northColumns), northShared, unsigned(weight));
    if (!norths_.empty() && !addTiles()) return false;
  }
  return true;
}

// The south east quarters that complete the north ones' columns, as
// SouthWalk lists them: for each slice (one, where they share them), the
// middle row's queen on each column its key allows, or none. Their keys
// fall: the columns rise from the middle.
void FlightBuilder::listSouths(const EastSlices& east, const Slice* slices, int sliceCount,
                               Mask northColumns, bool northShared) {
  souths_.clear();
  const QuarterTable& southEast = t_.quarter(true, true);
  const int n = t_.n(), firstEast = n - t_.eastColumns();
  const Mask columns = allColumns(t_.eastColumns());
  const Mask rowFree = (columns ^ northColumns) & t_.middleRowColumns();
  for (int s = 0; s < (northShared ? sliceCount : 1); ++s) {
    QuarterWeights weights;  // shared by the slices: the north quarters weigh them
    if (northShared)
      weights.weight = unsigned(slices[s].weight), weights.own = t_.middleKey(slices[s].middleRow);
    const bool rowQueen = t_.rowApart() && slices[s].middleRow != t_.northRows();
    const int keyColumns = t_.eastColumns() - east.lowestKeys[s];
    uint64_t choices = rowQueen ? rowFree & allColumns(keyColumns) : uint64_t{1} << 32;
    weights.key = n / 2;
    for (; choices; choices &= choices - 1) {
      const int column = __builtin_ctzll(choices);
      const Mask taken = Mask(choices & (0 - choices)), left = columns ^ taken;
      const Diagonals queen =
          taken ? diagonalsOf(n, t_.northRows(), firstEast + column) : Diagonals{};
      if (taken) weights.key = t_.middleKey(firstEast + column);
      if (queen.meets(east.southMiddles[s]) || weights.key < weights.own) continue;
      const Diagonals middles = east.southMiddles[s].with(queen);
      addQuarters(souths_, southEast, east.southRows[s], left ^ northColumns, middles, weights);
    }
  }
}

// The north east quarters of each slice (one list, where they share them),
// by rising key, so that a block of them pairs with the south quarters
// down to its first one's key (addPiece). Each weighs its halves above
// phi(W) `aboveWeight` times.
void FlightBuilder::listNorths(const EastSlices& east, const Slice* slices, int sliceCount,
                               Mask northColumns, bool northShared, unsigned aboveWeight) {
  norths_.clear();
  const QuarterTable& northEast = t_.quarter(false, true);
  const int lists = northShared ? 1 : sliceCount;
  int order[kJoinMaxN];
  std::iota(order, order + lists, 0);
  auto key = [&](int i) { return t_.middleKey(slices[i].middleRow); };
  std::sort(order, order + lists, [&](int a, int b) { return key(a) < key(b); });
  for (int k = 0; k < lists; ++k) {
    const int i = order[k];
    QuarterWeights weights;
    weights.above = aboveWeight;
    if (!northShared) weights.weight = unsigned(slices[i].weight), weights.own = key(i);
    addQuarters(norths_, northEast, east.northRows[i], northColumns, east.northMiddles[i], weights);
  }
}

// The entries of a group of `table` that avoid `middles`, each with them,
// as quarters weighed by `weights`: written in place, with room for all.
void FlightBuilder::addQuarters(QuarterList& to, const QuarterTable& table, Mask rows, Mask columns,
                                Diagonals middles, QuarterWeights weights) {
  const auto *begin = table.begin(rows, columns), *end = table.end(rows, columns);
  uint64_t* out = to.room(end - begin);
  for (auto* e = begin; e != end; ++e) {
    const Diagonals d = table.diagonals(*e);
    if (d.meets(middles)) continue;
    const Diagonals quarter = d.with(middles);
    // Only the diagonals some west half of the chunk takes, from the first
    // byte that has one (JoinCounter's products do the same).
    const uint64_t wide = t_.pattern(quarter) & reach_;
    const int first = wide ? __builtin_ctzll(wide) / 8 : 0;
    const int count = wide ? (63 - __builtin_clzll(wide)) / 8 + 1 - first : 1;
    out[0] = wide >> 8 * first;
    out[1] = quarter.sums;
    out[2] = quarter.differences;
    out[3] = weights.word(first, count);
    out += JoinFlight::kQuarterWords;
  }
  to.keep(out);
}

// The span of a batch's tiles, from kLeastSpan to kMostSpan: the one that
// needs the fewest tiles, the narrowest of those (it stages the fewest
// quarters). For each count of columns of tiles the narrowest span that
// makes it has the most rows, so only those spans are tried.
long spanOf(long northCount, long southCount) {
  long best = 0, fewest = 0;
  auto consider = [&](long span) {
    span = std::min(std::max(span, long(JoinFlight::kLeastSpan)), long(JoinFlight::kMostSpan));
    const long rows = JoinFlight::kTilePairs / span;
    const long tiles = (northCount + rows - 1) / rows * ((southCount + span - 1) / span);
    if (best == 0 || tiles < fewest || (tiles == fewest && span < best))
      best = span, fewest = tiles;
  };
  consider(JoinFlight::kLeastSpan);  // a batch of fewer south quarters
  for (long columns = 1; (southCount + columns - 1) / columns >= JoinFlight::kLeastSpan; ++columns)
    consider((southCount + columns - 1) / columns);
  return best;
}

// Tiles of every piece of north quarters with every piece of south ones.
bool FlightBuilder::addTiles() {
  const long northCount = norths_.count(), southCount = souths_.count();
  for (long n0 = 0; n0 < northCount; n0 += piece_)
    for (long s0 = 0; s0 < southCount; s0 += piece_)
      if (!addPiece(n0, std::min(piece_, northCount - n0), s0, std::min(piece_, southCount - s0)))
        return false;
  return true;
}

// A piece's quarters and tiles: each block of its north quarters (a row of
// tiles) with its south quarters up to the last whose key reaches the
// block's first own key (the least), as the odd fold counts no pair below.
bool FlightBuilder::addPiece(long n0, long northPiece, long s0, long southPiece) {
  constexpr long kWords = JoinFlight::kQuarterWords;
  const long span = spanOf(northPiece, southPiece), rows = JoinFlight::kTilePairs / span;
  const uint64_t most =
      uint64_t((northPiece + rows - 1) / rows) * uint64_t((southPiece + span - 1) / span);
  if (!room(uint64_t(northPiece + southPiece), most)) return false;
  std::vector<uint64_t>& quarters = flight_->quarters;
  const uint32_t northAt = uint32_t(quarters.size() / kWords);
  quarters.insert(quarters.end(), norths_.quarter(n0), norths_.quarter(n0 + northPiece));
  const uint32_t southAt = uint32_t(quarters.size() / kWords);
  quarters.insert(quarters.end(), souths_.quarter(s0), souths_.quarter(s0 + southPiece));
  auto field = [&](uint32_t quarter, int shift) {
    return int(quarters[(size_t(quarter) + 1) * kWords - 1] >> shift & 255);
  };
  long reach = southPiece;  // falls as the blocks' own keys rise
  for (long i = 0; i < northPiece; i += rows) {
    const int own = field(northAt + uint32_t(i), JoinFlight::kOwnShift);
    while (own != JoinFlight::kNoKey && reach > 0 &&
           field(southAt + uint32_t(reach - 1), JoinFlight::kKeyShift) < own)
      --reach;
    for (long j = 0; j < reach; j += span)
      flight_->tiles.insert(flight_->tiles.end(),
                            {uint32_t(chunkInFlight_), northAt + uint32_t(i),
                             uint32_t(std::min(rows, northPiece - i)), southAt + uint32_t(j),
                             uint32_t(std::min(span, reach - j)), uint32_t(span)});
  }
  return true;
}

// Room in the flight for the chunk, these quarters and tiles: the full
// flight launched, and the chunk put in the next, where it must be.
bool FlightBuilder::room(uint64_t quarters, uint64_t tiles) {
  if (!flight_ && !startFlight()) return false;
  const uint64_t tableWords =
      chunkInFlight_ < 0 ? 256 * uint64_t(patternBytes(t_.n())) * chunk_.words : 0;
  const bool fits =
      flight_->tableStarts.back() + tableWords <= limits_.tableWords &&
      flight_->quarters.size() / JoinFlight::kQuarterWords + quarters <= limits_.quarters &&
      flight_->tileCount() + tiles <= std::min(limits_.tiles, flight_->mostTiles);
  if (!fits && !flight_->tiles.empty()) {
    progress_.launched(double(flight_->tileCount()), true);
    if (!launch() || !startFlight()) return false;
  }
  if (chunkInFlight_ < 0) addChunk();
  return true;
}

bool FlightBuilder::launch() {
  const auto start = std::chrono::steady_clock::now();
  const bool launched = device_.launch();
  handed_ += std::chrono::steady_clock::now() - start;
  return launched;
}

bool FlightBuilder::startFlight() {
  const auto start = std::chrono::steady_clock::now();
  flight_ = device_.nextFlight();
  waited_ += std::chrono::steady_clock::now() - start;
  chunkInFlight_ = -1;
  if (!flight_) return false;
  progress_.allButLastDone();
  flight_->planeCount = 2 * t_.n() - 1;
  flight_->patternBytes = patternBytes(t_.n());
  return true;
}

void FlightBuilder::addChunk() {
  JoinFlight& flight = *flight_;
  JoinFlight::Chunk chunk = chunk_;
  chunk.patternAt = uint32_t(flight.patterns.size());
  chunk.tableAt = flight.tableStarts.back();
  flight.patterns.insert(flight.patterns.end(), patterns_.begin(),
                         patterns_.begin() + chunk.listed);
  flight.planeStarts.push_back(flight.planeStarts.back() +
                               uint32_t(flight.planeCount) * chunk.words);
  flight.tableStarts.push_back(chunk.tableAt + 256 * uint32_t(flight.patternBytes) * chunk.words);
  chunkInFlight_ = int(flight.chunks.size());
  flight.chunks.push_back(chunk);
}

}  // namespace

bool GpuJoinEngine::build(const Board& board, JoinBudget budget) {
  if (board.n < 2) return false;  // no line to draw, as JoinTables::build says
  threads_ = std::min(std::max(1, budget.threads), kDeviceJoinThreads);
  limits_ = flightLimitsFor(board.n, budget.bytes / uint64_t(threads_));
  if (bytes() - JoinEngine::use().bytes >= budget.bytes) return false;
  // The tables alone: the host lists no products, and needs no work space.
  return JoinEngine::build(
      board, {budget.bytes - limits_.bytes() * uint64_t(threads_), 0, 0, budget.copies});
}

bool GpuJoinEngine::count(Job& job, Count& counted) {
  JoinDevices* devices = gpu_.joiners();
  JoinDevice* device = devices->forWorker(job.worker);
  if (!device) {
    failure_ = devices->error();
    return false;
  }
  // The units are told done as the device counts their flights.
  BatchProgress progress;
  progress.begin(job.units);
  if (job.units) job.units->defersDone();
  device->watchStop([&job, &progress] {
    progress.tick();
    return job.units && job.units->stopping();
  });
  FlightBuilder builder(tables(), *device, limits_, progress);
  Count halves = 0;
  bool working = true;
  forEachUnit([&](Mask west, const Slice* slices, int sliceCount) {
    if (job.units && !job.units->claim()) return !job.units->batchEnded();
    working = builder.addUnit(west, slices, sliceCount, halves);
    return working;
  });
  working = builder.finish(counted) && working;
  device->watchStop({});  // nothing it holds outlasts the count
  waitedNanoseconds_ += builder.waited().count();
  handedNanoseconds_ += builder.handed().count();
  if (!working && job.units && job.units->stopping()) {
    // A stop: the flights under way are left to the device, and the job's
    // units dropped, to be counted again when the count resumes.
    device->abandon();
    job.units->dropBatch();
    counted = 0;
    return true;
  }
  job.nodes += halves;
  if (!working) failure_ = device->error();
  return working;
}

std::string GpuJoinEngine::describe(int threads) const {
  return std::string("gpu join on ") + use().device + ", " + std::to_string(threads) +
         (threads == 1 ? " thread" : " threads") + " listing, its tables in " +
         bytesText(tables().allocated()) + " and its flights in " +
         bytesText(bytes() - tables().allocated());
}

}  // namespace queens
