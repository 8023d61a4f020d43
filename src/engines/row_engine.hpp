// ===== The row search as an engine =========================================
// The judge's row search, run the counter's ways: with its nodes counted
// (--stats), and split into units (threads, --part, --checkpoint).
#pragma once

#include <algorithm>

#include "judge/row_search.hpp"
#include "work/units.hpp"

namespace queens {

// An observer that also counts nodes, the calls of searchRows below the
// first (the caller counts that one): one for each queen placed, but the
// last row's when Observer sees every placement, as no call follows them.
template <class Observer>
struct NodeCounting : Observer {
  using Observer::Observer;
  void place(int row, int column) {
    ++nodes;
    Observer::place(row, column);
  }
  void placement() {
    --nodes;
    Observer::placement();
  }
  Count nodes = 0;
};

// Counts a unit with the judge's search from there, for an observer.
template <class Observer>
struct SearchBelow {
  Observer& observer;
  template <class Mask>
  Count operator()(const Board& board, int row, Mask columns, Mask sums, Mask differences) {
    return searchRows(board, row, columns, sums, differences, observer);
  }
};

// The units of a row search are its nodes at the split depth, which are the
// placements of the board's first `depth` rows. This observer finds them
// with the judge's search on those rows alone, and hands each unit that its
// walk claims, by its row and masks, to `countUnit` (SearchBelow, or the
// GPU engine's listing).
template <class Mask, class CountUnit>
class RowUnits : public PlacementObserver {
 public:
  RowUnits(const Board& board, UnitWalk& units, CountUnit& countUnit)
      : board_(board), top_(board), units_(units), countUnit_(countUnit) {
    top_.n = std::min(units.depth(), board.n);  // a probe's depth is past the last row
  }

  Count count() {
    if (top_.n == 0) {  // one unit, the whole search
      placement();
      return total_;
    }
    enterTop();
    if (!stopped()) searchRows<Mask>(top_, 0, 0, 0, 0, *this);
    return total_;
  }
  // The nodes of the walk above the depth (if it reports them) and of the
  // units it counted.
  Count nodes() const { return nodes_; }

  void place(int row, int column) {
    PlacementObserver::place(row, column);
    if (row + 1 < top_.n) enterTop();  // a call of the search above the depth follows
  }
  void placement() {
    if (top_.n == board_.n) {  // a probe's whole board: no unit
      ++total_;
      return;
    }
    if (!units_.claim()) return;
    // A queen `apart` rows up takes, in this row, the squares `apart` columns to its sides.
    Mask columns = 0, sumDiagonals = 0, differenceDiagonals = 0;
    for (int r = 0; r < top_.n; ++r) {
      const Mask queen = Mask{1} << queenColumns[r];
      const int apart = top_.n - r;
      columns |= queen;
      sumDiagonals |= queen >> apart;
      differenceDiagonals |= queen << apart;
    }
    ++nodes_;
    total_ += countUnit_(board_, top_.n, columns, sumDiagonals, differenceDiagonals);
  }
  bool stopped() const { return units_.gaveUp() || units_.batchEnded(); }

 private:
  void enterTop() {
    if (units_.enter() && units_.reportsTop()) ++nodes_;
  }

  const Board& board_;
  Board top_;  // the board cut to its rows above the depth
  UnitWalk& units_;
  CountUnit& countUnit_;
  Count total_ = 0, nodes_ = 0;
};

// The row search as an engine: the whole board, or the units the job claims.
template <class Mask, class Observer>
Count countRowsWith(const Board& board, Job& job, Observer& observer) {
  if (!job.units) {
    job.nodes += 1;  // the first call
    return searchRows<Mask>(board, 0, 0, 0, 0, observer);
  }
  SearchBelow<Observer> below{observer};
  RowUnits<Mask, SearchBelow<Observer>> walk(board, *job.units, below);
  Count total = walk.count();
  job.nodes += walk.nodes();
  return total;
}

template <class Mask>
Count countRowByRow(const Board& board, Job& job) {
  if (!job.countsNodes) {
    SilentObserver silent;
    return countRowsWith<Mask>(board, job, silent);
  }
  NodeCounting<SilentObserver> counter;  // it costs time: --stats only
  Count total = countRowsWith<Mask>(board, job, counter);
  job.nodes += counter.nodes;
  return total;
}

// --list and --trace as the counter runs them: the judge's drawing, with
// its nodes counted for --stats.
struct Drawn {
  Count placements = 0, nodes = 0;
  bool queensClash = false;  // the given queens attack each other: nothing drawn
};

template <class Printer>
Drawn drawWithNodes(const Board& board, NodeCounting<Printer>& printer) {
  Drawn drawn;
  Board pinned = board;
  if (!pinGivenQueens(pinned)) {
    drawn.queensClash = true;
    return drawn;
  }
  drawn.placements = searchBoard(pinned, printer);
  drawn.nodes = 1 + printer.nodes;  // and the first call
  return drawn;
}

}  // namespace queens
