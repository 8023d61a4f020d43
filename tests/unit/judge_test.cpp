// The judge's parts alone (queens_judge): the reader on real files' text,
// and the row search against the permutations on every board of up to 4x4,
// and every board of up to 3x3 with given queens.
#include <cstdio>
#include <cstring>
#include <string>

#include <doctest/doctest.h>

#include "boards.hpp"
#include "judge/reader.hpp"
#include "judge/row_search.hpp"

namespace {

// Reads `text` as a file; returns the boards' sizes read, then "error: ..." if any.
std::string readAll(const char* text) {
  std::FILE* file = std::tmpfile();
  std::fputs(text, file);
  std::rewind(file);
  queens::BoardReader reader(fileno(file), nullptr);
  queens::Board board;
  std::string seen;
  while (reader.next(board)) seen += std::to_string(board.n) + " ";
  if (*reader.error()) seen += std::string("error: ") + reader.error();
  std::fclose(file);
  return seen;
}

TEST_CASE("the reader takes real files' line ends and blanks") {
  CHECK(readAll(".*..\r\n....\r\n....\r\n....") == "4 ");  // CRLF, no final newline
  CHECK(readAll("  .Q \t\n..\n\n\n.\n") == "2 1 ");        // blanks around rows and boards
}

TEST_CASE("the reader says where a board is wrong") {
  CHECK(readAll("..\n.x\n") == "error: line 2, column 2: expected '.', '*' or 'Q', got 'x'");
  CHECK(readAll("...\n...\n") ==
        "error: line 3: the 3x3 board that starts on line 1 has 2 rows and needs 3, got the end "
        "of the input");
  CHECK(readAll("..\n...\n") == "error: line 2: expected a row of 2 squares, got more");
  CHECK(readAll("\n \n") == "error: line 3: expected a board, got the end of the input");
}

TEST_CASE("the reader's masks: free squares and given queens") {
  queens::Board board;
  std::FILE* file = std::tmpfile();
  std::fputs(".*Q\n...\n*..\n", file);
  std::rewind(file);
  queens::BoardReader reader(fileno(file), nullptr);
  CHECK((reader.next(board) && board.n == 3));
  CHECK(
      (board.freeSquares[0] == 0b101 && board.queens[0] == 0b100 && board.freeSquares[2] == 0b110));
  std::fclose(file);
}

// Counts placements one by one, as --list sees them.
struct Counter : queens::PlacementObserver {
  void placement() { ++seen; }
  long seen = 0;
};

// The row search on every board of `n` squares a row, up to `largest`,
// made of `squares`, against the permutations: the boards where it is wrong.
long searchesWrong(int largest, const char* squares) {
  long boards = 0, wrong = 0;
  auto compare = [&](const unit::Rows& rows) {
    const long expected = unit::countByPermutations(rows);
    queens::Board board = unit::boardOf(rows);
    queens::SilentObserver silent;
    Counter counter;
    wrong += long(queens::searchPinned(board, silent)) != expected;
    wrong += long(queens::searchPinned(board, counter)) != expected || counter.seen != expected;
    ++boards;
  };
  for (int n = 1; n <= largest; ++n) unit::everyBoard(n, squares, compare);
  CHECK(boards > 0);
  return wrong;
}

TEST_CASE("the search on every board of up to 4x4") { CHECK(searchesWrong(4, ".*") == 0); }

TEST_CASE("the search on every board of up to 3x3 with given queens") {
  CHECK(searchesWrong(3, ".*Q") == 0);
}

}  // namespace
