// ===== Propagation ========================================================
// Fill the most constrained row next. The queens placed are a mask of
// `columns` and their Diagonals. Each node scans the empty rows once, then
//   - gives up if a row has no open square, or a column no row can use;
//   - if a column is open in only one row, places that queen (it is forced),
//     unless some row is down to one square, which is then placed first;
//   - else branches on the row with the fewest open squares; on a tie, the
//     one nearest the middle, whose queen attacks the most other rows
//     (fewer nodes than the topmost: bench/README.md);
//   - but if every row has 3 or more, and a column is open in exactly two
//     rows, branches on that column instead: two children, not three.
// When auto picks it: from 10x10 up (13x13 with symmetry), unless the join
// wins: 0.91 of the row search's time on the empty 10x10 board, 0.74 on the
// empty 13x13 with four border queens pinned, far less on large blocked
// boards (W8). It counts on popcnt (20% fewer instructions), which a build
// for plain x86-64 may not assume: only these functions use it, and
// the planner (run/plan.cpp) checks the CPU.
#pragma once

#include "engines/cpu.hpp"
#include "engines/geometry.hpp"
#include "work/units.hpp"

namespace queens {

#ifdef QUEENS_X86
#define QUEENS_USES_POPCNT [[gnu::target("popcnt")]]
#else
#define QUEENS_USES_POPCNT
#endif

template <class Mask>
class Propagation {
 public:
  // Rows are kept in "slots" from the middle outwards: a scan meets the most
  // central row of a tie first.
  Propagation(const Board& board, const Job& job)
      : n_(board.n), units_(job.units), countsNodes_(job.countsNodes) {
    for (int slot = 0, up = (n_ - 1) / 2, down = up + 1; slot < n_; ++slot) {
      int row = (slot % 2 == 0 && up >= 0) || down >= n_ ? up-- : down++;
      rowOf_[slot] = row;
      freeSquares_[slot] = board.freeSquares[row];
    }
  }

  Count countAll() {
    if (countsNodes_)
      return units_ ? count<true, true>(allColumns_, 0, 0, 0)
                    : count<false, true>(allColumns_, 0, 0, 0);
    return units_ ? count<true, false>(allColumns_, 0, 0, 0)
                  : count<false, false>(allColumns_, 0, 0, 0);
  }
  Count nodes() const { return nodes_; }

 private:
  // The placements of the rows in slotsLeft, given the queens' columns and
  // diagonals as masks (a struct would go through memory: 12% more time).
  using Diagonals = DiagonalsFor<Mask>;
  using Wide = decltype(Diagonals::sums);
  static constexpr int kWidth = 8 * sizeof(Mask);
  QUEENS_USES_POPCNT static int countOf(Mask m) {
    return kWidth == 32 ? __builtin_popcount(uint32_t(m)) : __builtin_popcountll(m);
  }

  template <bool kSplits, bool kCountsNodes>
  QUEENS_USES_POPCNT Count count(Mask slotsLeft, Mask columns, Wide sums, Wide differences) {
    const Diagonals taken{sums, differences};
    if constexpr (kSplits) {
      int placed = n_ - countOf(slotsLeft);
      if (placed == units_->depth())
        return units_->claim() ? count<false, kCountsNodes>(slotsLeft, columns, sums, differences)
                               : 0;
      if (!units_->enter()) return 0;  // a probe that gave up
      if (kCountsNodes) nodes_ += units_->reportsTop();
    } else if (kCountsNodes) {
      ++nodes_;
    }
    Mask open[kWidth];  // by slot, filled for the slots in slotsLeft
    int best = 0, bestChoices = kWidth + 1;
    // Columns open in at least one, two, three of the rows scanned so far.
    Mask reachable = 0, reachableTwice = 0, reachableThrice = 0;
    for (Mask left = slotsLeft; left; left &= left - 1) {
      int slot = indexOfLowestBit(left);
      Mask squares = freeSquares_[slot] & ~(columns | taken.inRow(rowOf_[slot], n_));
      int choices = countOf(squares);
      if (choices == 0) return 0;  // a row with no square left: dead end
      open[slot] = squares;
      // Selects, not an if: a mispredicted branch cost more than the loop.
      bool better = choices < bestChoices;
      best = better ? slot : best;
      bestChoices = better ? choices : bestChoices;
      reachableThrice |= reachableTwice & squares;
      reachableTwice |= reachable & squares;
      reachable |= squares;
    }
    if ((columns | reachable) != allColumns_) return 0;                 // a column no row can fill
    if ((slotsLeft & (slotsLeft - 1)) == 0) return Count(bestChoices);  // the last row
    if (Mask onlyOnce = reachable & ~reachableTwice; onlyOnce && bestChoices > 1) {
      Mask queen = lowestBit(onlyOnce);
      for (Mask left = slotsLeft;; left &= left - 1)
        if (int slot = indexOfLowestBit(left); open[slot] & queen)
          return place<kSplits, kCountsNodes>(slotsLeft, columns, taken, slot,
                                              indexOfLowestBit(queen));
    }
    Count total = 0;
    if (Mask exactlyTwice = reachableTwice & ~reachableThrice; exactlyTwice && bestChoices > 2) {
      Mask queen = lowestBit(exactlyTwice);
      for (Mask left = slotsLeft; left; left &= left - 1)
        if (int slot = indexOfLowestBit(left); open[slot] & queen)
          total += place<kSplits, kCountsNodes>(slotsLeft, columns, taken, slot,
                                                indexOfLowestBit(queen));
      return total;
    }
    for (Mask choices = open[best]; choices; choices &= choices - 1)
      total +=
          place<kSplits, kCountsNodes>(slotsLeft, columns, taken, best, indexOfLowestBit(choices));
    return total;
  }

  // Counts the placements that put a queen on (the row of slot, column).
  template <bool kSplits, bool kCountsNodes>
  QUEENS_USES_POPCNT Count place(Mask slotsLeft, Mask columns, Diagonals taken, int slot,
                                 int column) {
    taken = taken.with(diagonalsOf<Wide>(n_, rowOf_[slot], column));
    return count<kSplits, kCountsNodes>(slotsLeft & ~(Mask{1} << slot), columns | Mask{1} << column,
                                        taken.sums, taken.differences);
  }

  int n_;
  Mask allColumns_ = allColumns<Mask>(n_);
  UnitWalk* units_;  // null when not split
  // Only --stats counts nodes: it costs 1.5% more instructions.
  bool countsNodes_;
  Count nodes_ = 0;
  int rowOf_[kWidth];
  Mask freeSquares_[kWidth];  // by slot
};

template <class Mask>
Count countPropagating(const Board& board, Job& job) {
  Propagation<Mask> propagation(board, job);
  Count total = propagation.countAll();
  job.nodes += propagation.nodes();
  return total;
}

}  // namespace queens
