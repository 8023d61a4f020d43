// ===== Small boards ========================================================
// For streams of many small boards. N <= 8: a board fits in 64 bits (bit
// r * N + c). The empty board's placements are listed once; a board's count
// is how many miss its reserved squares: at most 92 ANDs. The first board of
// each size is searched, as listing costs a few searches; the second lists.
#pragma once

#include <cassert>

#include "engines/engine.hpp"
#include "engines/row_engine.hpp"
#include "judge/row_search.hpp"
#include "work/wide.hpp"

namespace queens {

// kFilterMaxN, the largest board it counts, is in the table of methods.
constexpr int kMostSmallPlacements = 92;  // the empty 8x8 board's

class SmallBoardFilter {
 public:
  // A board of at most kFilterMaxN rows, its given queens pinned; a board
  // that is searched (searchesNext) reports to `observer`.
  template <class Observer>
  Count count(const Board& board, Observer& observer) {
    const int n = board.n;
    assert(n <= kFilterMaxN);
    Placements& empty = placements_[n];
    if (!empty.listed) {
      if (!empty.seen) {
        empty.seen = true;
        return searchRows<uint32_t>(board, 0, 0, 0, 0, observer);
      }
      listEmptyBoard(n, empty);
    }
    uint64_t reserved = 0;
    for (int r = 0; r < n; ++r)
      reserved |= uint64_t{~board.freeSquares[r] & allColumns(n)} << (r * n);
    Count total = 0;
    for (int i = 0; i < empty.count; ++i) total += (empty.queens[i] & reserved) == 0;
    return total;
  }

  // Whether the next board of this size is searched.
  bool searchesNext(int n) const { return !placements_[n].seen; }

 private:
  struct Placements {
    bool seen = false, listed = false;
    int count = 0;
    uint64_t queens[kMostSmallPlacements] = {};
  };

  struct Lister : PlacementObserver {
    Lister(int n, Placements& empty) : n(n), empty(empty) {}
    void placement() {
      uint64_t queens = 0;
      for (int r = 0; r < n; ++r) queens |= uint64_t{1} << (r * n + queenColumns[r]);
      empty.queens[empty.count++] = queens;
    }
    int n;
    Placements& empty;
  };

  static void listEmptyBoard(int n, Placements& empty) {
    Board board;
    board.n = n;
    for (int r = 0; r < n; ++r) board.freeSquares[r] = allColumns(n);
    Lister lister(n, empty);
    searchRows<uint32_t>(board, 0, 0, 0, 0, lister);
    empty.listed = true;
  }

  Placements placements_[kFilterMaxN + 1];
};

// The filter as an engine, for one board of a stream: it counts the board
// whole, as share 1 (a split finds no unit), and is named for how it counts
// it: the row search's name for the first board of its size, searched,
// then the filter's.
class SmallBoardsEngine final : public Engine {
 public:
  SmallBoardsEngine(const Board& board, SmallBoardFilter& filter)
      : board_(board), filter_(filter), searched_(filter.searchesNext(board.n)) {}

  const char* name() const override { return nameOf(searched_ ? Method::kRows : Method::kFilter); }
  Split split(const SplitGoal& /*goal*/, bool countsNodes) override {
    Split split;
    Job whole{nullptr, countsNodes};
    count(whole, split.whole);
    split.wholeNodes = whole.nodes;
    return split;
  }
  bool count(Job& job, Count& counted) override {
    if (!job.countsNodes) {
      SilentObserver silent;
      counted = filter_.count(board_, silent);
      return true;
    }
    NodeCounting<SilentObserver> counter;
    counted = filter_.count(board_, counter);
    job.nodes += searched_ + counter.nodes;  // a search's first call, and the rest
    return true;
  }

 private:
  const Board& board_;
  SmallBoardFilter& filter_;
  bool searched_;
};

}  // namespace queens
