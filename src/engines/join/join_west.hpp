// ===== The join: a chunk's west halves ====================================
// The west halves of one W, a chunk at a time, as patterns: their diagonals
// through the line between the halves (join_tables.hpp explains the join;
// join_blocks.hpp why the namespace).
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>

#include "engines/join/join_blocks.hpp"

namespace queens {
namespace {

// Where the listing of one W's west halves of one class stands: the north
// quarter's columns, and how many of their halves earlier chunks took.
struct WestCursor {
  uint64_t northColumns;
  int foldClass;
  long taken = 0;
};

class WestLister {
 public:
  // patterns: room for a chunk of `chunk` halves; southBlock: the south
  // quarters read at a time (1 to kWestSouthBlock).
  WestLister(const JoinTables& tables, long chunk, uint64_t* patterns,
             long southBlock = kWestSouthBlock)
      : t_(tables), chunk_(chunk), southBlock_(southBlock), patterns_(patterns) {
    assert(southBlock >= 1 && southBlock <= kWestSouthBlock);  // the room is for these
  }

  const uint64_t* patterns() const { return patterns_; }
  uint64_t* patterns() { return patterns_; }
  long chunk() const { return chunk_; }
  int northRows() const { return t_.northRows(); }

  // Lists the next west halves' patterns from `listed` up to a chunk, by the
  // north quarters' columns from the cursor, moved past them; returns where
  // they end, and adds their diagonals to `reach`. A full chunk walks the
  // rest of its group (a plain inner loop).
  long list(Mask west, JoinFold fold, WestCursor& at, long listed, uint64_t& reach) {
    const QuarterTable &northWest = t_.quarter(false, false), &southWest = t_.quarter(true, false);
    const Mask northRows = west & allColumns(t_.northRows()),
               southRows = west >> t_.firstSouthRow();
    const Mask columns = allColumns(t_.westColumns());
    uint64_t reached = 0;  // in a register: `reach` might alias the patterns
    for (; at.northColumns <= columns; at.northColumns = nextSubset(at.northColumns)) {
      const Mask northColumns = Mask(at.northColumns);
      if (t_.westClass(fold, northColumns) != at.foldClass) continue;
      const auto *north = northWest.begin(northRows, northColumns),
                 *northEnd = northWest.end(northRows, northColumns);
      const auto *south = southWest.begin(southRows, columns ^ northColumns),
                 *southEnd = southWest.end(southRows, columns ^ northColumns);
      const long skip = at.taken, listedBefore = listed;
      long index = 0;  // of the group's halves, block by block of south quarters
      for (auto *block = south, *blockEnd = south; north != northEnd && block != southEnd;
           block = blockEnd) {
        blockEnd = block + std::min(southBlock_, long(southEnd - block));
        const long souths = readSouths(southWest, block, blockEnd);
        const uint64_t *sums = souths_, *differences = sums + souths, *patterns = sums + 2 * souths;
        for (auto* top = north; top != northEnd; ++top) {
          const Diagonals topDiagonals = northWest.diagonals(*top);
          const uint64_t topPattern = t_.pattern(topDiagonals);
          for (long j = 0; j < souths; ++j) {
            if ((topDiagonals.sums & sums[j]) | (topDiagonals.differences & differences[j]))
              continue;  // they meet
            if (index++ < skip || listed == chunk_) continue;
            const uint64_t pattern = topPattern | patterns[j];
            patterns_[listed++] = pattern;
            reached |= pattern;
          }
        }
      }
      at.taken = skip + (listed - listedBefore);
      if (at.taken < index) break;  // full: the group goes on next time
      at.taken = 0;
    }
    reach |= reached;
    return listed;
  }

 private:
  // A block of a group's south quarters, read once for all its north ones:
  // their sums, then differences, then patterns (a half's pattern is its
  // quarters' OR, as each bit of a pattern is a diagonal's).
  long readSouths(const QuarterTable& southWest, const QuarterTable::Entry* south,
                  const QuarterTable::Entry* southEnd) {
    const long souths = southEnd - south;
    for (long j = 0; j < souths; ++j) {
      const Diagonals bottom = southWest.diagonals(south[j]);
      souths_[j] = bottom.sums;
      souths_[souths + j] = bottom.differences;
      souths_[2 * souths + j] = t_.pattern(bottom);
    }
    return souths;
  }

  const JoinTables& t_;
  long chunk_, southBlock_;
  uint64_t* patterns_;
  uint64_t souths_[3 * kWestSouthBlock];  // a block's: 24 KiB a thread, whatever the board
};

// One chunk of a W's west halves: [0, aboveEnd) above phi(W), and, where
// listed > aboveEnd, [equalStart, listed) equal to it.
struct WestChunk {
  long aboveEnd = 0, equalStart = 0, listed = 0;
  uint64_t reach = 0;  // the diagonals some half of it takes
  bool hasEqual() const { return listed > aboveEnd; }
  long halves() const { return aboveEnd + std::max(0L, listed - equalStart); }
};

// A W's west halves, a chunk at a time, as the CPU's counter and the
// device's listing both take them: those above phi(W), then, from the next
// segment of `segment` halves (which a count skips whole or not at all),
// those equal, where the fold keeps them.
class WestChunks {
 public:
  WestChunks(WestLister& lister, Mask west, JoinFold fold, long segment)
      : lister_(lister),
        west_(west),
        fold_(fold),
        segment_(segment),
        above_{firstSubset(popcount(west & allColumns(lister.northRows()))), 1},
        equal_{above_.northColumns, 0},
        equalLeft_(fold.on) {}

  // The next chunk; false once every half is listed.
  bool next(WestChunk& chunk) {
    if (!aboveLeft_ && !equalLeft_) return false;
    chunk = WestChunk{};
    const long room = lister_.chunk();
    chunk.aboveEnd = aboveLeft_ ? lister_.list(west_, fold_, above_, 0, chunk.reach) : 0;
    aboveLeft_ = chunk.aboveEnd == room;
    chunk.equalStart = (chunk.aboveEnd + segment_ - 1) / segment_ * segment_;
    chunk.listed = chunk.aboveEnd;
    if (!aboveLeft_ && equalLeft_ && chunk.equalStart < room) {
      chunk.listed = lister_.list(west_, fold_, equal_, chunk.equalStart, chunk.reach);
      equalLeft_ = chunk.listed == room;
      if (chunk.listed == chunk.equalStart) chunk.listed = chunk.aboveEnd;  // none
    }
    return chunk.listed > 0;
  }

 private:
  WestLister& lister_;
  Mask west_;
  JoinFold fold_;
  long segment_;
  WestCursor above_, equal_;
  bool aboveLeft_ = true, equalLeft_;
};

}  // namespace
}  // namespace queens
