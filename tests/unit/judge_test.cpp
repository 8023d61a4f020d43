// The judge's parts alone (queens_judge): the reader on real files' text,
// and the row search against the permutations on every board of up to 4x4,
// and every board of up to 3x3 with given queens.
#include <cstdio>
#include <cstring>
#include <string>

#include "boards.hpp"
#include "check.hpp"
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

void theReader() {
  CHECK(readAll(".*..\r\n....\r\n....\r\n....") == "4 ");  // CRLF, no final newline
  CHECK(readAll("  .Q \t\n..\n\n\n.\n") == "2 1 ");        // blanks around rows and boards
  CHECK(readAll("..\n.x\n") == "error: line 2, column 2: expected '.', '*' or 'Q', got 'x'");
  CHECK(readAll("...\n...\n") ==
        "error: line 3: the 3x3 board that starts on line 1 has 2 rows and needs 3, got the end "
        "of the input");
  CHECK(readAll("..\n...\n") == "error: line 2: expected a row of 2 squares, got more");
  CHECK(readAll("\n \n") == "error: line 3: expected a board, got the end of the input");
  queens::Board board;
  std::FILE* file = std::tmpfile();
  std::fputs(".*Q\n...\n*..\n", file);
  std::rewind(file);
  queens::BoardReader reader(fileno(file), nullptr);
  CHECK(reader.next(board) && board.n == 3);
  CHECK(board.freeSquares[0] == 0b101 && board.queens[0] == 0b100 && board.freeSquares[2] == 0b110);
  std::fclose(file);
}

// Counts placements one by one, as --list sees them.
struct Counter : queens::PlacementObserver {
  void placement() { ++seen; }
  long seen = 0;
};

void theSearch() {
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
  for (int n = 1; n <= 4; ++n) unit::everyBoard(n, ".*", compare);
  for (int n = 1; n <= 3; ++n) unit::everyBoard(n, ".*Q", compare);
  std::printf("judge: the row search on %ld boards, %ld wrong\n", boards, wrong);
  CHECK(wrong == 0);
}

}  // namespace

int main() {
  theReader();
  theSearch();
  return unit::finish("judge");
}
