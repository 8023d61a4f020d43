// ===== The join: its tables ===============================================
// The join (--method=join) counts placements in groups, without visiting
// each (docs/how-it-works.md draws it). Cut the board into NW, NE,
// SW, SE quarters, w columns and h rows to the west and north. Call W the
// rows of the w west queens. For one W, a placement is a west half (a queen
// in each row of W, west) and an east half (the other rows, east) that
// share no diagonal; a half is a north and a south quarter that fit, from
// tables of each quarter's partial placements (QuarterTable).
//
// Pairs are counted a block at a time (JoinCounter): for one W, bit i of the
// plane of diagonal d says west half i avoids d. The west halves that fit an
// east half are the AND of its north and south quarters' products (of their
// diagonals' planes): a pair that fits costs an AND and a popcount. Only the
// 2n - 2 diagonals through the line between the halves matter.
//
// Large chunks (kSparseHalves halves and more) are counted sparse: sorted by
// a few diagonals that many west halves and many east quarters take, and
// cut into segments of 512 (1024 in big chunks). A product then skips the
// segments where every half takes one of its diagonals, and says in which
// it found halves; a pair ANDs only the segments where both sides have some.
//
// Symmetry: the row flip maps W onto reverse(W), the column flip swaps west
// and east, the half turn does both (odd n: the middle column's queen
// stands apart, and with the column flip or a transpose the middle row's).
// A transpose or a quarter turn maps W onto N, the north queens' columns:
// with phi(X) = min(x, ~x, reversed y, ~reversed y) for X's north (west)
// part x and south (east) part y, placements with phi(W) < phi(N) count
// twice, equal once (JoinFold); odd n: by the middle queens' rows and
// columns r, min(r, n - 1 - r), or with no middle apart by phi, for the
// transpose alone. Up to 8 times less work on the empty board.
//
// When auto picks it: from 14x14 up, with at most 15% of the squares
// reserved (20% from 16x16), and AVX2 or AVX-512: there it takes 0.04 to
// 0.75 of propagation's time, more above those densities.
//
// Memory: the tables (8 bytes an entry, 4 a group), one per quarter that no
// flip maps another onto (one on the empty board), and 5-9 MiB a thread,
// within --memory, or the board is searched; then, if room is left, copies
// of the east quarters that the column flip maps (copyEastQuarters). Above
// 32x32 they never fit: the join is on 32-bit masks.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>

#include "engines/cpu.hpp"
#include "engines/geometry.hpp"

namespace queens {

constexpr int kJoinMaxN = kNarrowMaxN;
using Mask = uint32_t;

// The next larger number with as many bits set (Gosper's hack): adding the
// lowest set bit carries through the lowest run of ones; those cleared,
// less one, go back to the bottom.
inline uint64_t nextSubset(uint64_t subset) {
  if (subset == 0) return ~uint64_t{0};
  uint64_t lowest = subset & (0 - subset), carried = subset + lowest;
  return (((carried ^ subset) >> 2) / lowest) | carried;
}
inline uint64_t firstSubset(int size) { return (uint64_t{1} << size) - 1; }

// What the join may allocate by default (--memory): the empty 22x22 and
// 23x23 boards' tables fit.
constexpr uint64_t kDefaultMemoryBudget = uint64_t{1} << 30;

// What the join may allocate, in bytes, and how many threads will share it
// (0: none counts on the CPU, and no work space is made: the GPU's join);
// the west halves each thread's work space holds (0: the board's chunk);
// whether mirrored quarters may be copied when room is left, and whether
// the differences fall below 19x19 too (the tests try every way).
struct JoinBudget {
  uint64_t bytes;
  int threads;
  long chunk = 0;
  bool copies = true;
  bool fallingDifferences = false;
};

// The rows in reverse order (r becomes n - 1 - r): swap the halves, then
// quarters, down to single bits, then shift the n rows back down. Always
// inlined: left to itself, g++ called it out of line in the join's loops.
[[gnu::always_inline]] inline Mask reverseRows(Mask rows, int n) {
  rows = rows >> 16 | rows << 16;
  rows = (rows >> 8 & 0x00FF00FFu) | (rows & 0x00FF00FFu) << 8;
  rows = (rows >> 4 & 0x0F0F0F0Fu) | (rows & 0x0F0F0F0Fu) << 4;
  rows = (rows >> 2 & 0x33333333u) | (rows & 0x33333333u) << 2;
  rows = (rows >> 1 & 0x55555555u) | (rows & 0x55555555u) << 1;
  return rows >> (kJoinMaxN - n);
}

// The partial placements of one quarter (rows firstRow.., columns
// firstColumn..): every set of queens on free squares that do not attack
// each other, the empty set too, grouped by the rows and columns they use.
// Diagonals are relative to the quarter's first, in 32 bits.
class QuarterTable {
 public:
  struct Entry {
    uint32_t sums, differences;
  };

  // Counts each group's placements, holding only the groups' index, and
  // takes their room from `room`; false if they do not fit.
  bool count(const Board& board, int firstRow, int rows, int firstColumn, int columns,
             uint64_t& room) {
    place(board, firstRow, rows, firstColumn, columns);
    const uint64_t startBytes = ((uint64_t{1} << (rows + columns)) + 1) * sizeof(uint32_t);
    if (startBytes > room) return false;
    start_ = static_cast<uint32_t*>(std::calloc(startBytes, 1));
    if (!start_) return false;
    room -= startBytes;
    entryLimit_ = std::min<uint64_t>(room / sizeof(Entry), UINT32_MAX);
    entryCount_ = 0;
    list<false>(0, 0, 0, 0, 0);
    if (entryCount_ > entryLimit_) return false;
    room -= entryCount_ * sizeof(Entry);
    return true;
  }
  // Once all quarters fit: each group's count becomes its end; listing
  // again writes each entry below it and moves it down, to the start.
  bool fill() {
    if (source_ != this) return true;  // a mirror
    for (uint64_t g = 1; g <= uint64_t{1} << (rows_ + columns_); ++g) start_[g] += start_[g - 1];
    entries_ = static_cast<Entry*>(std::malloc(entryCount_ * sizeof(Entry) + 1));
    if (entries_) list<true>(0, 0, 0, 0, 0);
    return entries_;
  }

  // How many entries count() would list, up to `most` (then more): what
  // the tables would need, without their room.
  uint64_t tally(const Board& board, int firstRow, int rows, int firstColumn, int columns,
                 uint64_t most) {
    place(board, firstRow, rows, firstColumn, columns);
    uint64_t entries = 0;
    tallyFrom(0, 0, 0, 0, entries, most);
    return entries;
  }

  // Or reads the entries of `source`, a quarter that a flip maps onto this
  // one: the row flip swaps the two kinds of diagonals, the column flip
  // swaps them reversed.
  void mirror(const QuarterTable& source, const Board& board, int firstRow, int firstColumn,
              bool flipRows, bool flipColumns) {
    place(board, firstRow, source.rows_, firstColumn, source.columns_);
    source_ = &source;
    flipRows_ = flipRows;
    flipColumns_ = flipColumns;
    if (flipRows) std::swap(sumsField_, differencesField_);  // a swap without a branch
  }

  // A mirror becomes a table of its own, its source's entries stored as
  // they read through the flips, if it fits in `room`: reading them then
  // costs no reversing (JoinTables::copyEastQuarters).
  bool copyMirrored(uint64_t& room) {
    const uint64_t groups = uint64_t{1} << (rows_ + columns_), count = source_->entryCount_;
    const uint64_t bytes = (groups + 1) * sizeof(uint32_t) + count * sizeof(Entry);
    if (source_ == this || bytes > room) return false;
    auto* start = static_cast<uint32_t*>(std::malloc((groups + 1) * sizeof(uint32_t)));
    auto* entries = static_cast<Entry*>(std::malloc(count * sizeof(Entry) + 1));
    if (!start || !entries) {
      std::free(start), std::free(entries);
      return false;
    }
    uint32_t at = 0;
    for (uint64_t g = 0; g < groups; ++g) {  // in the order of group()
      start[g] = at;
      const Mask rows = reverseRows(Mask(g >> columns_), rows_),
                 columns = Mask(g) & allColumns(columns_);
      for (const Entry* e = begin(rows, columns); e != end(rows, columns); ++e) {
        const Diagonals d = diagonals(*e);
        entries[at++] = {uint32_t(d.sums >> sumBase_), uint32_t(d.differences >> differenceBase_)};
      }
    }
    start[groups] = at;
    start_ = start;
    entries_ = entries;
    entryCount_ = count;
    source_ = this;
    flipRows_ = flipColumns_ = false;
    sumsField_ = &Entry::sums;
    differencesField_ = &Entry::differences;
    room -= bytes;
    return true;
  }

  QuarterTable() = default;
  QuarterTable(const QuarterTable&) = delete;
  QuarterTable& operator=(const QuarterTable&) = delete;
  ~QuarterTable() { release(); }
  void release() {
    std::free(start_);
    std::free(entries_);
    start_ = nullptr;
    entries_ = nullptr;
  }

  // The entries on exactly these rows and columns (bit i: the quarter's i-th).
  const Entry* begin(Mask rows, Mask columns) const {
    return source_->entries_ + source_->start_[sourceGroup(rows, columns)];
  }
  const Entry* end(Mask rows, Mask columns) const {
    return source_->entries_ + source_->start_[sourceGroup(rows, columns) + 1];
  }
  [[gnu::always_inline]] Diagonals diagonals(const Entry& entry) const {
    Mask sums = entry.*sumsField_, differences = entry.*differencesField_;
    if (flipColumns_) {
      const int width = rows_ + columns_ - 1;  // of each kind
      const Mask reversedSums = reverseRows(sums, width);
      sums = reverseRows(differences, width);
      differences = reversedSums;
    }
    return {uint64_t{sums} << sumBase_, uint64_t{differences} << differenceBase_};
  }

 private:
  void place(const Board& board, int firstRow, int rows, int firstColumn, int columns) {
    for (int row = 0; row < rows; ++row)
      free_[row] = Mask(board.freeSquares[firstRow + row] >> firstColumn) & allColumns(columns);
    rows_ = rows;
    columns_ = columns;
    sumBase_ = firstRow + firstColumn;
    differenceBase_ = firstColumn - (firstRow + rows - 1) + board.n - 1;
    source_ = this;
    flipRows_ = flipColumns_ = false;
    sumsField_ = &Entry::sums;
    differencesField_ = &Entry::differences;
  }
  // A group's rows are kept reversed, the first row the highest bit: listing
  // decides the first rows first, so it fills nearby groups together and
  // their stores stay in cache (22x22: 0.4 s less a share of the tables).
  uint64_t group(Mask reversedRows, Mask columns) const {
    return uint64_t{reversedRows} << columns_ | columns;
  }
  uint64_t sourceGroup(Mask rows, Mask columns) const {
    return group(flipRows_ ? rows : reverseRows(rows, rows_),
                 flipColumns_ ? reverseRows(columns, columns_) : columns);
  }

  void tallyFrom(int row, Mask columnsUsed, uint32_t sums, uint32_t differences, uint64_t& entries,
                 uint64_t most) const {
    if (entries > most) return;
    if (row == rows_) return void(++entries);
    const int downward = rows_ - 1 - row;
    Mask open = free_[row] & ~columnsUsed & ~(sums >> row | differences >> downward);
    // The last row's entries at once: one without a queen there, and one
    // for each square open (most of the walk's calls were these).
    if (row + 1 == rows_) return void(entries += 1 + uint64_t(popcount(open)));
    tallyFrom(row + 1, columnsUsed, sums, differences, entries, most);
    for (; open; open &= open - 1) {
      const Mask column = open & (0 - open);
      tallyFrom(row + 1, columnsUsed | column, sums | column << row,
                differences | column << downward, entries, most);
    }
  }
  // Each row in turn gets no queen, or one on each square still open. The
  // queens' diagonals are the quarter's own, as its entries hold them: a
  // queen on its row i, column j takes sum i + j and difference
  // j - i + rows - 1, so the squares of row i they attack are
  // sums >> i and differences >> (rows - 1 - i). (Two words, not a
  // Diagonals, go from call to call in registers.)
  template <bool kFill>
  void list(int row, Mask reversedRows, Mask columnsUsed, uint32_t sums, uint32_t differences) {
    if (entryCount_ > entryLimit_) return;  // does not fit: give up
    if (row == rows_) {
      uint64_t g = group(reversedRows, columnsUsed);
      if (kFill) {
        entries_[--start_[g]] = {sums, differences};
      } else {
        ++start_[g];
        ++entryCount_;
      }
      return;
    }
    list<kFill>(row + 1, reversedRows, columnsUsed, sums, differences);
    const int downward = rows_ - 1 - row;
    Mask open = free_[row] & ~columnsUsed & ~(sums >> row | differences >> downward);
    for (; open; open &= open - 1) {
      const Mask column = open & (0 - open);
      list<kFill>(row + 1, reversedRows | Mask{1} << downward, columnsUsed | column,
                  sums | column << row, differences | column << downward);
    }
  }

  Mask free_[kJoinMaxN] = {};  // the free squares of each of its rows
  int rows_ = 0, columns_ = 0;
  int sumBase_ = 0, differenceBase_ = 0;
  const QuarterTable* source_ = this;  // whose entries these are
  bool flipRows_ = false, flipColumns_ = false;
  uint32_t Entry::*sumsField_ = &Entry::sums;  // which field holds which kind
  uint32_t Entry::*differencesField_ = &Entry::differences;
  uint32_t* start_ = nullptr;  // start_[g]: the first entry of group g
  Entry* entries_ = nullptr;
  uint64_t entryCount_ = 0, entryLimit_ = 0;
};

// Each thread's work space: patterns (and their sorted copy and keys),
// planes and tables of a chunk of west halves at a time, and products of
// kSouthGroup south quarters. From 21x21 on a chunk is twice as big: half
// as many products, each over twice the halves (21x21 and 22x22 shares:
// 0.90 of the time); smaller boards lost on it (19x19 share 1.06).
constexpr long kJoinChunk = 32768, kBigJoinChunk = 65536;  // west halves
inline long joinChunk(int n) { return n >= 21 ? kBigJoinChunk : kJoinChunk; }
// A chunk's segments: what a sparse product's live mask counts in, 64 bits
// of it, of 512 halves (an AVX-512 block) or more in the big chunks.
constexpr int kMostSegments = 64;
inline long segmentBits(long chunk) {
  const long fewest = (chunk + kMostSegments - 1) / kMostSegments;
  return (std::max(fewest, 1L) + 511) / 512 * 512;
}
// The halves a chunk's space holds: whole segments.
inline long chunkBits(long chunk) {
  return (chunk + segmentBits(chunk) - 1) / segmentBits(chunk) * segmentBits(chunk);
}
constexpr int kSouthGroup = 128;
// The south quarters of a west group that the listing reads at a time: a
// group can hold up to a quarter's rows' factorial, which no budget
// foresees, so the room for them is fixed (WestLister).
constexpr long kWestSouthBlock = 1024;
constexpr long kProductBits = kBigJoinChunk;  // the room of each product
// From how many west halves a chunk is counted sparse (JoinCounter): below
// it, the sort and the maps cost more than they save (bench/README.md).
constexpr long kSparseHalves = 16384;
constexpr int kMostPlanes = 2 * kJoinMaxN - 2 + 1;  // one per diagonal, one of valid halves
// The chunk and group sizes, the sparse count's threshold and the west
// listing's block: tiny in the tests, to cut their boards into many chunks
// and blocks and count them sparse.
struct JoinTuning {
  long chunk = 0;  // 0: the one the tables' work space holds
  int southGroup = kSouthGroup;
  long sparseHalves = kSparseHalves;
  long westSouthBlock = kWestSouthBlock;
};
inline int patternBytes(int n) { return (2 * n - 2 + 7) / 8; }
// Per west half, its pattern (twice), sort key, and a bit per plane and
// table entry; the products; the south quarters' diagonals.
inline uint64_t joinScratchBytes(int n, long chunk) {
  const int bits = kMostPlanes + 256 * patternBytes(n);
  const uint64_t halves = uint64_t(chunkBits(chunk));
  return halves * (2 * sizeof(uint64_t) + 1) + halves * bits / 8 +
         (kSouthGroup + 1) * kProductBits / 8 + kSouthGroup * sizeof(Diagonals) + 64;
}

// The placements with west rows W and the middle column's queen on
// `middleRow` (-1: none), counted `weight` times (its images).
struct Slice {
  int middleRow, weight;
};

// The fold by phi for one W: a half counts twice when phi of its north
// queens' columns is above phi(W), once when equal, not when below.
struct JoinFold {
  bool on;
  Mask floor;  // phi(W)
};

enum class JoinIsa { kPortable, kAvx2, kAvx512 };

// The widest instruction set the CPU and the system allow, or a narrower one
// that QUEENS_JOIN_ISA names (portable, avx2): the counts are the same, so
// the tests and the bench compare them.
inline JoinIsa bestJoinIsa() {
  const JoinIsa best = cpu().avx512 ? JoinIsa::kAvx512
                       : cpu().avx2 ? JoinIsa::kAvx2
                                    : JoinIsa::kPortable;
  const char* asked = std::getenv("QUEENS_JOIN_ISA");
  if (asked && std::strcmp(asked, "portable") == 0) return JoinIsa::kPortable;
  if (asked && std::strcmp(asked, "avx2") == 0 && best == JoinIsa::kAvx512) return JoinIsa::kAvx2;
  return best;
}

// The board cut in four, and what the count needs to know of it.
class JoinTables {
 public:
  JoinTables() = default;
  JoinTables(const JoinTables&) = delete;
  JoinTables& operator=(const JoinTables&) = delete;
  ~JoinTables() { release(); }
  // Lists the quarters if they and the work spaces fit; else false, keeping nothing.
  bool build(const Board& board, JoinBudget budget);
  // The bytes that build would need for the board, without the copies;
  // past `most`, more than `most`. Allocates nothing.
  uint64_t bytesNeeded(const Board& board, JoinBudget budget, uint64_t most);
  // At least what bytesNeeded says, at once: each quarter's entries as if
  // no two of its queens attacked along a diagonal. Where it fits the
  // budget, so do the tables, and nothing need be tallied.
  uint64_t bytesAtMost(const Board& board, JoinBudget budget);
  void release() {
    for (QuarterTable& quarter : quarters_) quarter.release();
    std::free(scratch_);
    scratch_ = nullptr;
  }
  // The work space of one thread (0 to the budget's threads - 1).
  char* scratchFor(int worker) const {
    return scratch_ + uint64_t(worker % scratchAreas_) * joinScratchBytes(n_, chunk_);
  }
  long chunk() const { return chunk_; }  // the west halves a work space holds

  JoinIsa isa() const { return isa_; }
  int n() const { return n_; }
  int westColumns() const { return west_; }
  int eastColumns() const { return east_; }
  int northRows() const { return north_; }
  // The middle row (north_) too stands apart.
  bool rowApart() const { return middle_ && (columnFlip_ || transposes_); }
  int firstSouthRow() const { return north_ + rowApart(); }
  Mask middleRowColumns() const { return middleRowColumns_; }  // east, free
  // The odd fold's key of a middle queen's row or column x (-1: no fold).
  int middleKey(int x) const { return transposes_ && middle_ ? std::min(x, n_ - 1 - x) : -1; }
  const QuarterTable& quarter(bool south, bool east) const { return quarters_[2 * south + east]; }
  // The units of work: the sets W with slices.
  long units() const { return units_; }
  // The bytes of tables and work spaces.
  uint64_t allocated() const { return allocated_; }

  // The slices of one W to count, each for its images under the flips.
  int slicesOf(Mask west, Slice* slices) const;
  // What one W costs to count, in a cheap model for the progress line's
  // estimate: its west halves times its slices' east halves, each side's
  // quarters paired by their groups' sizes where the fold counts them,
  // clashes on the diagonals not checked (bench/README.md measures it).
  double unitWeight(Mask west) const;

  JoinFold foldOf(Mask west) const {
    return {transposes_ && !middle_, phi(west & allColumns(north_), west >> north_)};
  }
  // A half's north queens' columns (Y west, Z east) against phi(W): -1, 0, 1.
  int westClass(JoinFold fold, Mask y) const { return compare(halfKey(y), fold); }
  int eastClass(JoinFold fold, Mask z) const {
    return compare(halfKey(reverseRows(z, east_)), fold);
  }

  // A half's pattern: its diagonals through the line between the halves.
  // From 19x19 on (fallingDifferences_) the differences come reversed, so
  // that each east quarter's diagonals stand together: a north one takes
  // any sum but only the highest differences, a south one only the highest
  // sums but any difference, so each spans bits 0-25 or 10-35 at 19x19, 4
  // bytes, where a north one spanned 5 (JoinCounter::product). Below, the
  // reversing cost more than the lookup saved (17x17 boards with holes: 1.08).
  uint64_t pattern(Diagonals d) const {
    const uint64_t band = (uint64_t{1} << (n_ - 1)) - 1;
    Mask differences = Mask(d.differences >> west_ & band);
    if (fallingDifferences_) differences = reverseRows(differences, n_ - 1);
    return (d.sums >> west_ & band) | uint64_t{differences} << (n_ - 1);
  }

 private:
  // The pairs of a north and a south quarter's entries, on these rows of
  // each, that use all the side's columns between them and that the fold
  // counts (east: the east side's).
  double pairsOf(const QuarterTable& north, const QuarterTable& south, JoinFold fold, bool east,
                 Mask northRows, Mask southRows) const;
  // The board as the join cuts it: mirrored where only the anti-transpose
  // would fold it.
  static Board foldable(const Board& given);
  // Where the lines between the halves and quarters go, and which of the
  // board's symmetries fold the count.
  void chooseCut(const Board& board, JoinBudget budget);
  // Lists the quarters, mirrors of others where a flip maps one onto
  // another, within `room`; false if they do not fit.
  bool listQuarters(const Board& board, uint64_t& room);
  // min(x, ~x) over a half side's bits: the same for its mirror.
  Mask halfKey(Mask x) const { return std::min(x, x ^ allColumns(west_)); }
  // With room to spare, the east quarters' column mirrors become tables of
  // their own: a product's entries then need no reversing (19x19: 0.9 of
  // the time). The south east one stays a row mirror where it is one.
  void copyEastQuarters(const Board& board, uint64_t& room) {
    QuarterTable &northEast = quarters_[1], &southEast = quarters_[3];
    if (!northEast.copyMirrored(room)) return;
    if (n_ - firstSouthRow() == north_ && rowFlip_)
      southEast.mirror(northEast, board, firstSouthRow(), n_ - east_, true, false);
    else
      southEast.copyMirrored(room);
  }
  Mask phi(Mask north, Mask south) const {
    return std::min(halfKey(north), halfKey(reverseRows(south, east_)));
  }
  static int compare(Mask key, JoinFold fold) {
    return !fold.on ? 1 : (key > fold.floor) - (key < fold.floor);
  }

  int n_ = 0, north_ = 0, west_ = 0, east_ = 0;
  bool fallingDifferences_ = false;  // in the pattern (pattern())
  bool transposes_ = false;          // folded by a transpose or quarter turn
  Mask middleRowColumns_ = 0;
  bool middle_ = false;  // odd n: the middle column stands apart
  Mask middleRows_ = 0;  // the rows where the middle column is free
  bool rowFlip_ = false, columnFlip_ = false, halfTurn_ = false;
  long units_ = 0;
  uint64_t allocated_ = 0;
  JoinIsa isa_ = JoinIsa::kPortable;
  QuarterTable quarters_[4];  // NW, NE, SW, SE
  char* scratch_ = nullptr;
  int scratchAreas_ = 1;
  long chunk_ = kJoinChunk;
};

}  // namespace queens
