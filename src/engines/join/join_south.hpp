// ===== The join: the east side's south quarters ===========================
// For one W and one north east quarter's columns, the south east quarters
// that complete the east halves, a group at a time, each with its product
// (join_tables.hpp explains the join; join_blocks.hpp why the namespace).
#pragma once

#include <algorithm>
#include <cstdint>

#include "engines/join/join_planes.hpp"

namespace queens {
namespace {

// What the slices of one W need of the east side: a middle queen goes
// into the products of its side's quarters.
struct EastSlices {
  Diagonals northMiddles[kJoinMaxN], southMiddles[kJoinMaxN];
  Mask northRows[kJoinMaxN], southRows[kJoinMaxN];
  int lowestKeys[kJoinMaxN];  // the lowest odd-fold key each slice's south quarters take
};

// Whether a slice's middle queen stands south (odd n): the slices whose
// queens stand south share their north quarters, the others their south.
inline bool standsSouth(const JoinTables& t, const Slice& slice) {
  return slice.middleRow >= t.northRows();
}

inline EastSlices describeSlices(const JoinTables& t, Mask west, const Slice* slices,
                                 int sliceCount) {
  EastSlices east;
  const int n = t.n(), north = t.northRows();
  const Mask others = allColumns(n) & ~west;
  int lowest = n;
  for (int i = 0; i < sliceCount; ++i) {
    const int row = slices[i].middleRow;
    const Mask middleRow = row >= 0 ? Mask{1} << row : 0;
    east.northMiddles[i] = east.southMiddles[i] = Diagonals{};
    (standsSouth(t, slices[i]) ? east.southMiddles[i] : east.northMiddles[i]) =
        row >= 0 ? diagonalsOf(n, row, t.westColumns()) : Diagonals{};
    east.northRows[i] = others & allColumns(north) & ~middleRow;
    east.southRows[i] = (others & ~middleRow) >> t.firstSouthRow();
    lowest = std::min(lowest, east.lowestKeys[i] = t.middleKey(row));
  }
  if (!standsSouth(t, slices[0]))  // the slices share their south quarters
    std::fill(east.lowestKeys, east.lowestKeys + sliceCount, lowest);
  return east;
}

// A group of south east quarters that fit the middle queens, with their
// products: what the pairs read.
template <class Block>
struct SouthGroup {
  int count = 0;
  Block* products;        // kProductBlocks blocks each
  Diagonals* diagonals;   // with their middle queens
  int keys[kSouthGroup];  // the middle row queen's key (odd fold)
  int slices[kSouthGroup];
  uint64_t live[kSouthGroup];  // the segments where each may have halves
};

// Where the walk over one north quarter's south quarters stands: the
// slice, its group of south east quarters, and the middle row's columns
// still to try (bit 32 alone: no queen of the middle row to place).
struct SouthCursor {
  const QuarterTable::Entry *south = nullptr, *end = nullptr;
  uint64_t rowChoices, rowFree;  // rowFree: the middle row's columns to try
  Diagonals middles;             // the south quarter's middle queens
  int key;                       // the middle row queen's key
  int slice = -1, slices;        // slices that share the north quarters
  bool walking() const { return south != end || rowChoices; }
  bool left() const { return walking() || slice + 1 < slices; }
};

// Walks the south east quarters that complete one north quarter's columns.
template <class Isa>
class SouthWalk {
 public:
  using Block = typename Isa::Block;
  // A product's room, the same whatever the chunk: a stride the compiler
  // knows (a run-time stride cost 20x20 5%).
  static constexpr long kProductBlocks = kProductBits / WestPlanes<Isa>::kBlockBits;

  SouthWalk(const JoinTables& tables, const WestPlanes<Isa>& planes, int groupSize)
      : t_(tables), planes_(planes), groupSize_(groupSize) {}

  // Starts the walk of the next slice's south quarters: the middle row's
  // queen on each column with a key the slice takes, west to east, so with
  // falling keys. Its middle queen on the middle row (the centre) leaves
  // no row queen to place.
  void startSlice(const EastSlices& east, const Slice* slices, SouthCursor& at) const {
    ++at.slice;
    const bool rowQueen = t_.rowApart() && slices[at.slice].middleRow != t_.northRows();
    const int keyColumns = t_.eastColumns() - east.lowestKeys[at.slice];
    at.rowChoices = rowQueen ? at.rowFree & allColumns(keyColumns) : uint64_t{1} << 32;
    at.key = t_.n() / 2;
    at.south = at.end = nullptr;
  }

  // Fills the group with the next south quarters that the middle queens
  // allow, each with its product and slice.
  template <int kBlocks, int kSparse>
  void fill(const Chunk& chunk, const EastSlices& east, const Slice* slices, Mask northColumns,
            SouthCursor& at, SouthGroup<Block>& group) const {
    const QuarterTable& southEast = t_.quarter(true, true);
    int count = 0;  // in a register: the group's stores might alias it
    while (count < groupSize_ && at.left()) {
      if (!at.walking()) {
        startSlice(east, slices, at);
      } else if (at.south == at.end) {
        nextRowQueen(east, northColumns, at);
        continue;
      }
      for (; at.south != at.end && count < groupSize_; ++at.south) {
        Diagonals bottom = southEast.diagonals(*at.south);
        if (bottom.meets(at.middles)) continue;
        group.diagonals[count] = bottom = bottom.with(at.middles);
        group.keys[count] = at.key;
        group.slices[count] = at.slice;
        group.live[count] = planes_.template product<kBlocks, kSparse>(
            chunk, bottom, group.products + count * kProductBlocks);
        count += !kSparse || group.live[count] != 0;  // else it fits no west half
      }
    }
    group.count = count;
  }

 private:
  // The middle row's queen on its next column: the south quarters of the
  // columns left.
  void nextRowQueen(const EastSlices& east, Mask northColumns, SouthCursor& at) const {
    const int n = t_.n(), firstEast = n - t_.eastColumns();
    const QuarterTable& southEast = t_.quarter(true, true);
    const Mask columns = allColumns(t_.eastColumns());
    const int column = __builtin_ctzll(at.rowChoices);
    const Mask taken = Mask(at.rowChoices & (0 - at.rowChoices)), left = columns ^ taken;
    at.rowChoices &= at.rowChoices - 1;
    at.south = southEast.begin(east.southRows[at.slice], left ^ northColumns);
    at.end = southEast.end(east.southRows[at.slice], left ^ northColumns);
    const Diagonals queen =
        taken ? diagonalsOf(n, t_.northRows(), firstEast + column) : Diagonals{};
    if (queen.meets(east.southMiddles[at.slice])) at.south = at.end;
    at.middles = east.southMiddles[at.slice].with(queen);
    if (taken) at.key = t_.middleKey(firstEast + column);
  }

  const JoinTables& t_;
  const WestPlanes<Isa>& planes_;
  int groupSize_;
};

}  // namespace
}  // namespace queens
