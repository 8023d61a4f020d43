// ===== Symmetry, and placements up to symmetry (--unique) =================
// Every placement has a queen on each border line (top and bottom rows, left
// and right columns), which a symmetry of the board maps onto another's. So
// the border queens are pinned one way per class, an engine counts the
// rest, and each count is weighted by its class's size.
// When auto uses it (run/plan.hpp): from 11x11 up to 32x32, on a board that a symmetry
// other than the identity keeps (0.85 of the row search's time on the empty
// 11x11 board, 2.15 on 10x10); above, countable boards are mostly blocked,
// and pinning costs propagation 1.8 times its time (symmetric 48x48).
#pragma once

#include <algorithm>
#include <array>
#include <cstdlib>

#include "engines/geometry.hpp"
#include "judge/show.hpp"
#include "work/units.hpp"

namespace queens {

// The border classes are listed on boards of up to 32x32 (narrow masks).
constexpr int kSymmetryMaxN = kNarrowMaxN;

// The border queens as squares r * n + c, sorted, a corner queen once,
// padded with n * n: equal sets compare equal.
using BorderSet = std::array<int, 4>;

inline BorderSet borderSet(int n, const Square* queens) {
  BorderSet set;
  for (int i = 0; i < 4; ++i) set[i] = queens[i].row * n + queens[i].column;
  std::sort(set.begin(), set.end());
  for (int i = 3; i > 0; --i)
    if (set[i] == set[i - 1]) set[i] = n * n;  // a corner queen, seen twice
  std::sort(set.begin(), set.end());
  return set;
}

// Whether the four border queens can all stand: on free squares, each pair
// one corner queen or not attacking.
inline bool borderFits(const Board& board, const Square* queens) {
  for (int i = 0; i < 4; ++i) {
    if (!isFree(board, queens[i])) return false;
    for (int j = 0; j < i; ++j) {
      int dr = queens[i].row - queens[j].row, dc = queens[i].column - queens[j].column;
      bool same = dr == 0 && dc == 0;
      if (!same && (dr == 0 || dc == 0 || dr == dc || dr == -dc)) return false;
    }
  }
  return true;
}

// A search over one board: the row search or propagation, for a mask width.
using SearchFunction = Count (*)(const Board&, Job&);

// The classes of border queens under a list of symmetries, each by its
// smallest member and weighted by its size, listed once per board.
class BorderClasses {
 public:
  BorderClasses() = default;
  BorderClasses(const BorderClasses&) = delete;
  BorderClasses& operator=(const BorderClasses&) = delete;
  ~BorderClasses() { std::free(classes_); }

  // Lists the classes; false if memory ran out. Needs n >= 2. Only free
  // squares can hold a border queen, so it tries those alone (a blocked
  // 64x64 board has few: the fuzzer's wide boards list in microseconds),
  // and reserves room for every choice of them, not touched.
  bool list(const Board& board, const Symmetry* symmetries, int symmetryCount) {
    const int n = board.n;
    Row left = 0, right = 0;  // the free squares of the first and last columns, by row
    for (int r = 0; r < n && r < kMaxN; ++r) {  // kMaxN: g++ cannot see that n is at most that
      left |= (board.freeSquares[r] & 1) << r;
      right |= (board.freeSquares[r] >> (n - 1) & 1) << r;
    }
    const Row top = board.freeSquares[0], bottom = board.freeSquares[n - 1];
    const size_t choices = size_t(popcount(top)) * size_t(popcount(bottom)) *
                           size_t(popcount(left)) * size_t(popcount(right));
    classes_ = static_cast<BorderClass*>(std::malloc(sizeof(BorderClass) * (choices + 1)));
    if (!classes_) return false;
    for (Row t = top; t; t &= t - 1)
      for (Row b = bottom; b; b &= b - 1)
        for (Row l = left; l; l &= l - 1)
          for (Row r = right; r; r &= r - 1) {
            const int columnTop = indexOfLowestBit(t), columnBottom = indexOfLowestBit(b);
            const int rowLeft = indexOfLowestBit(l), rowRight = indexOfLowestBit(r);
            Square queens[4] = {
                {0, columnTop}, {n - 1, columnBottom}, {rowLeft, 0}, {rowRight, n - 1}};
            if (!borderFits(board, queens)) continue;
            int size = classSize(n, queens, symmetries, symmetryCount);
            if (size > 0)
              classes_[count_++] = {uint8_t(columnTop), uint8_t(columnBottom), uint8_t(rowLeft),
                                    uint8_t(rowRight), uint8_t(size)};
          }
    return true;
  }

  // Calls visit(pinned, size) for each class: the board with its four border
  // queens pinned, and the class's size.
  template <class Visit>
  void forEach(const Board& board, Visit&& visit) const {
    const int n = board.n;
    for (long i = 0; i < count_; ++i) {
      const BorderClass& c = classes_[i];
      Board pinned = board;
      pinQueen(pinned, 0, c.top);
      pinQueen(pinned, n - 1, c.bottom);
      pinQueen(pinned, c.left, 0);
      pinQueen(pinned, c.right, n - 1);
      visit(pinned, unsigned(c.size));
    }
  }

  // Counts each class with the search, weighted by its size.
  Count count(const Board& board, SearchFunction search, Job& job) const {
    Count total = 0;
    forEach(board, [&](const Board& pinned, unsigned size) {
      total += Count(size) * search(pinned, job);
    });
    return total;
  }

 private:
  // The top and bottom queens' columns, the left and right ones' rows, the
  // class size.
  struct BorderClass {
    uint8_t top, bottom, left, right, size;
  };

  // The size of the queens' class if they are its smallest member, else 0.
  static int classSize(int n, const Square* queens, const Symmetry* symmetries, int count) {
    BorderSet own = borderSet(n, queens), images[kSymmetries];
    int size = 0;
    for (int s = 0; s < count; ++s) {
      Square moved[4];
      for (int i = 0; i < 4; ++i) moved[i] = transform(symmetries[s], n, queens[i]);
      BorderSet image = borderSet(n, moved);
      if (image < own) return 0;
      if (std::find(images, images + size, image) == images + size) images[size++] = image;
    }
    return size;
  }

  BorderClass* classes_ = nullptr;
  long count_ = 0;
};

// Placements up to symmetry (--unique). By Burnside's lemma, the number of
// classes is the mean, over the board's symmetries, of the placements each
// keeps. The identity keeps them all; another keeps few, found by a search
// in which each queen brings its orbit (its images under the symmetry).
class SymmetricPlacements {
 public:
  // `board` has its given queens pinned, and the symmetry maps it onto itself.
  SymmetricPlacements(const Board& board, Symmetry symmetry) : board_(board), symmetry_(symmetry) {
    for (int& column : queenOf_) column = -1;
  }

  Count count() { return countFrom(0); }

 private:
  Count countFrom(int row) {
    while (row < board_.n && queenOf_[row] >= 0) ++row;  // filled by an orbit
    if (row == board_.n) return 1;
    Count total = 0;
    for (Row open = board_.freeSquares[row]; open; open &= open - 1) {
      const Square first{row, indexOfLowestBit(open)};
      Square orbit[4];  // a symmetry of the square repeats within 4 steps
      int placed = 0;
      Square s = first;
      bool fits = true;
      do {
        fits = tryPlace(s);
        if (fits) orbit[placed++] = s;
        s = transform(symmetry_, board_.n, s);
      } while (fits && !(s.row == first.row && s.column == first.column));
      if (fits) total += countFrom(row + 1);
      while (placed > 0) remove(orbit[--placed]);
    }
    return total;
  }

  // Places a queen on s if it is free and no queen attacks it yet.
  bool tryPlace(Square s) {
    const WideDiagonals queen = diagonalsOf<Count>(board_.n, s.row, s.column);
    if (!isFree(board_, s) || queenOf_[s.row] >= 0 || columns_ >> s.column & 1 ||
        taken_.meets(queen))
      return false;
    queenOf_[s.row] = s.column;
    columns_ |= Row{1} << s.column;
    taken_ = taken_.with(queen);
    return true;
  }

  void remove(Square s) {
    queenOf_[s.row] = -1;
    columns_ &= ~(Row{1} << s.column);
    taken_ = taken_.without(diagonalsOf<Count>(board_.n, s.row, s.column));
  }

  const Board& board_;
  Symmetry symmetry_;
  int queenOf_[kMaxN];
  Row columns_ = 0;
  WideDiagonals taken_;
};

// The placements distinct up to the board's symmetries, from `total`, the
// count of them all.
inline Count countUnique(const Board& board, Count total) {
  Board pinned = board;
  if (!pinGivenQueens(pinned)) return 0;
  Symmetry symmetries[kSymmetries];
  int count = boardSymmetries(board, symmetries);
  Count kept = total;  // by the identity, symmetries[0]
  for (int i = 1; i < count; ++i) kept += SymmetricPlacements(pinned, symmetries[i]).count();
  return kept / unsigned(count);
}

// --list --unique: prints a placement unless a symmetry of the board maps it
// onto one whose columns come earlier.
class ClassPrinter : public PlacementPrinter {
 public:
  ClassPrinter(const Board& board, std::FILE* out)
      : PlacementPrinter(board, out), symmetryCount_(boardSymmetries(board, symmetries_)) {}
  void placement() {
    for (int i = 1; i < symmetryCount_; ++i) {  // the identity, first, changes nothing
      int image[kMaxN];
      for (int r = 0; r < n_; ++r) {
        Square moved = transform(symmetries_[i], n_, {r, queenColumns[r]});
        image[moved.row] = moved.column;
      }
      if (std::lexicographical_compare(image, image + n_, queenColumns, queenColumns + n_)) return;
    }
    PlacementPrinter::placement();
    ++printed_;
  }
  Count printed() const { return printed_; }

 private:
  Count printed_ = 0;
  Symmetry symmetries_[kSymmetries];
  int symmetryCount_;
};

}  // namespace queens
