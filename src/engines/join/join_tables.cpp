// ===== The join: building its tables ======================================
// Compiled once, for plain x86-64: what the join does before it counts,
// and once a unit (join_tables.hpp explains the join).
#include "engines/join/join_tables.hpp"

#include <algorithm>

namespace queens {

bool JoinTables::build(const Board& given, JoinBudget budget) {
  if (given.n < 2) return false;  // no line to draw
  const Board board = foldable(given);
  chooseCut(board, budget);
  chunk_ = budget.chunk ? budget.chunk : joinChunk(n_);
  const uint64_t scratch = joinScratchBytes(n_, chunk_) * uint64_t(budget.threads);
  if (scratch > budget.bytes) return false;
  scratch_ = scratch ? static_cast<char*>(std::malloc(scratch)) : nullptr;
  scratchAreas_ = budget.threads;
  uint64_t room = budget.bytes - scratch;
  if ((scratch && !scratch_) || !listQuarters(board, room)) {
    release();
    return false;
  }
  if (columnFlip_ && budget.copies) copyEastQuarters(board, room);
  allocated_ = budget.bytes - room;
  units_ = 0;
  Slice slices[kJoinMaxN];
  for (uint64_t west = firstSubset(west_); west <= allColumns(n_); west = nextSubset(west))
    units_ += slicesOf(Mask(west), slices) > 0;
  return true;
}

uint64_t JoinTables::bytesNeeded(const Board& given, JoinBudget budget, uint64_t most) {
  if (given.n < 2) return 0;
  const Board board = foldable(given);
  chooseCut(board, budget);
  const uint64_t chunk = budget.chunk ? budget.chunk : joinChunk(n_);
  uint64_t bytes = joinScratchBytes(n_, long(chunk)) * uint64_t(budget.threads);
  const bool rowMirror = rowFlip_ && n_ - firstSouthRow() == north_;
  for (int q = 0; q < 4 && bytes <= most; ++q) {
    const bool south = q >= 2, east = q % 2 == 1;
    if ((south && rowMirror) || (east && columnFlip_)) continue;  // a mirror: no room
    const int rows = south ? n_ - firstSouthRow() : north_, columns = east ? east_ : west_;
    const uint64_t entries = quarters_[q].tally(board, south ? firstSouthRow() : 0, rows,
                                                east ? n_ - east_ : 0, columns, most / 8);
    bytes += ((uint64_t{1} << (rows + columns)) + 1) * sizeof(uint32_t) + entries * 8;
  }
  return std::min(bytes, most + 1);
}

namespace {

// The placements of up to one queen a row and a column on `rows` by
// `columns` squares, every square free: the sum over k queens of
// C(rows, k) * columns! / (columns - k)!, saturating at 2^62.
uint64_t rookPlacements(int rows, int columns) {
  constexpr uint64_t kMost = uint64_t{1} << 62;
  uint64_t total = 0, term = 1;  // term: k = 0
  for (int k = 0; k <= std::min(rows, columns) && total < kMost; ++k) {
    total = std::min(kMost, total + term);
    const long double next = (long double)term * (rows - k) / (k + 1) * (columns - k);
    term = next >= (long double)kMost ? kMost : uint64_t(next);
  }
  return total;
}

}  // namespace

uint64_t JoinTables::bytesAtMost(const Board& given, JoinBudget budget) {
  if (given.n < 2) return 0;
  chooseCut(foldable(given), budget);
  const uint64_t chunk = budget.chunk ? budget.chunk : joinChunk(n_);
  uint64_t bytes = joinScratchBytes(n_, long(chunk)) * uint64_t(budget.threads);
  const bool rowMirror = rowFlip_ && n_ - firstSouthRow() == north_;
  for (int q = 0; q < 4; ++q) {
    const bool south = q >= 2, east = q % 2 == 1;
    if ((south && rowMirror) || (east && columnFlip_)) continue;  // a mirror: no room
    const int rows = south ? n_ - firstSouthRow() : north_, columns = east ? east_ : west_;
    const uint64_t entries = rookPlacements(rows, columns);
    if (entries >= uint64_t{1} << 58) return UINT64_MAX;
    bytes += ((uint64_t{1} << (rows + columns)) + 1) * sizeof(uint32_t) + entries * 8;
  }
  return bytes;
}

// With no middle apart only the transpose folds: the other diagonal does
// mirrored.
Board JoinTables::foldable(const Board& given) {
  Board board = given;
  const int n = given.n;
  const bool mirror = n % 2 && boardHasSymmetry(given, kAntiTranspose);
  for (int r = 0; r < n && mirror; ++r)
    board.freeSquares[r] = reverseRows(Mask(given.freeSquares[r]), n);
  return board;
}

void JoinTables::chooseCut(const Board& board, JoinBudget budget) {
  const int n = board.n;
  n_ = n;
  fallingDifferences_ = n >= 19 || budget.fallingDifferences;
  isa_ = bestJoinIsa();
  north_ = n / 2;
  west_ = n / 2;
  rowFlip_ = boardHasSymmetry(board, kFlipRows);
  columnFlip_ = boardHasSymmetry(board, kFlipColumns);
  halfTurn_ = boardHasSymmetry(board, kHalfTurn);
  transposes_ = false;
  for (Symmetry swap : {kTranspose, kTurnClockwise, kTurnCounterclockwise, kAntiTranspose})
    transposes_ = transposes_ || boardHasSymmetry(board, swap);
  // Odd n: the middles stand apart as join_tables.hpp says.
  middle_ = n % 2 == 1 && (columnFlip_ || halfTurn_);
  transposes_ = transposes_ && (n % 2 == 0 || middle_ || boardHasSymmetry(board, kTranspose));
  east_ = n - west_ - middle_;
  middleRowColumns_ = rowApart() ? Mask(board.freeSquares[north_] >> (n - east_)) : 0;
  middleRows_ = 0;
  for (int r = 0; r < n && middle_; ++r)
    middleRows_ |= Mask(board.freeSquares[r] >> west_ & 1) << r;
}

bool JoinTables::listQuarters(const Board& board, uint64_t& room) {
  const bool rowMirror = rowFlip_ && n_ - firstSouthRow() == north_;
  bool fits = true;
  for (int q = 0; q < 4 && fits; ++q) {
    const bool south = q >= 2, east = q % 2 == 1;
    const bool flipRows = south && rowMirror, flipColumns = east && columnFlip_;
    const int firstRow = south ? firstSouthRow() : 0, firstColumn = east ? n_ - east_ : 0;
    if (flipRows || flipColumns)
      quarters_[q].mirror(quarters_[q - 2 * flipRows - flipColumns], board, firstRow, firstColumn,
                          flipRows, flipColumns);
    else
      fits = quarters_[q].count(board, firstRow, south ? n_ - firstSouthRow() : north_, firstColumn,
                                east ? east_ : west_, room);
  }
  for (QuarterTable& quarter : quarters_) fits = fits && quarter.fill();
  return fits;
}

int JoinTables::slicesOf(Mask west, Slice* slices) const {
  const Mask others = allColumns(n_) & ~west;
  const Mask westFlipped = reverseRows(west, n_), othersFlipped = reverseRows(others, n_);
  auto key = [](Mask rows, int middleRow) {  // orders the images of a slice
    return uint64_t(rows) << 8 | (middleRow + 1);
  };
  // The middle row apart: a W holding it counts as its column flip or half turn.
  const Mask middleRowBit = rowApart() ? Mask{1} << north_ : 0;
  if (west & middleRowBit) return 0;
  int count = 0;
  for (int middleRow = middle_ ? 0 : -1; middleRow < (middle_ ? n_ : 0); ++middleRow) {
    if (middle_ && !((others & middleRows_) >> middleRow & 1)) continue;
    const int flippedRow = middle_ ? n_ - 1 - middleRow : -1;
    const Mask middleBit = middle_ ? Mask{1} << middleRow : 0;
    const uint64_t own = key(west, middleRow);
    uint64_t images[4] = {own};
    int imageCount = 1;
    if (rowFlip_) images[imageCount++] = key(westFlipped, flippedRow);
    if (columnFlip_) images[imageCount++] = key(others & ~middleBit, middleRow);
    if (halfTurn_)
      images[imageCount++] = key(othersFlipped & ~reverseRows(middleBit, n_), flippedRow);
    int distinct = 0;
    bool smallest = true;
    for (int i = 0; i < imageCount; ++i) {
      smallest = smallest && (images[i] >= own || (images[i] >> 8 & middleRowBit));
      distinct += std::find(images, images + i, images[i]) == images + i;
    }
    if (smallest) slices[count++] = {middleRow, distinct};  // else counted with a smaller image
  }
  return count;
}

double JoinTables::unitWeight(Mask west) const {
  const Mask others = allColumns(n_) & ~west & ~(rowApart() ? Mask{1} << north_ : 0);
  const JoinFold fold = foldOf(west);
  const double westHalves = pairsOf(quarter(false, false), quarter(true, false), fold, false,
                                    west & allColumns(north_), west >> firstSouthRow());
  Slice slices[kJoinMaxN];
  const int sliceCount = slicesOf(west, slices);
  double eastHalves = 0;  // each slice's: its middle queen's row is not the east side's
  for (int i = 0; i < sliceCount; ++i) {
    const Mask rows = others & ~(slices[i].middleRow >= 0 ? Mask{1} << slices[i].middleRow : 0);
    eastHalves += pairsOf(quarter(false, true), quarter(true, true), fold, true,
                          rows & allColumns(north_), rows >> firstSouthRow());
  }
  return westHalves * eastHalves;
}

double JoinTables::pairsOf(const QuarterTable& north, const QuarterTable& south, JoinFold fold,
                           bool east, Mask northRows, Mask southRows) const {
  const Mask columns = allColumns(east ? east_ : west_);
  const int northQueens = popcount(northRows);
  double pairs = 0;
  for (uint64_t y = firstSubset(northQueens); y <= columns; y = nextSubset(y)) {
    if ((east ? eastClass(fold, Mask(y)) : westClass(fold, Mask(y))) < 0) continue;  // folded away
    const Mask rest = columns & ~Mask(y);
    pairs += double(north.end(northRows, Mask(y)) - north.begin(northRows, Mask(y))) *
             double(south.end(southRows, rest) - south.begin(southRows, rest));
  }
  return pairs;
}

}  // namespace queens
