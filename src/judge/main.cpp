/**
 * CSES 1624 "Chessboard and Queens" (https://cses.fi/problemset/task/1624),
 * for the judge and for learners.
 *
 * The contract. Input (stdin): boards of N rows of N characters, '.' free,
 *   '*' reserved, 'Q' a queen already placed; N, 1..64, is the first row's
 *   length. LF or CRLF, trailing blanks, blank lines between boards and no
 *   final newline are fine. Output: a line per board, the ways to place N
 *   queens, one per row and column, none on '*', no two on a diagonal, every
 *   'Q' among them; a reserved square does not block an attack. Bad input:
 *   the counts before it, "error: line L: ..." on stderr, status 1.
 *
 * The idea. Place the queens row by row; back up when a row has no open
 *   square. A queen on (r, c) takes column c and two diagonals: the squares
 *   with its r + c, and those with its r - c + N - 1. Each column and each
 *   diagonal is one bit of a mask, so a square is open when three bits are
 *   clear: an AND, not a walk over the queens placed. O(N!) time at worst
 *   (an 8x8 board, read and counted, takes about 5 microseconds in a stream
 *   of 10,000), O(N) memory: the input is a stream.
 *
 * Checked on the CSES tests, against a brute-force oracle and by a fuzzer
 *   (docs/correctness.md). The counter, queens, builds on these parts.
 *
 * Map, in order (the judge's path: main -> runSolution -> showOrCountBoards
 *   -> BoardReader::next -> searchPinned -> searchRows -> printCount):
 *   1. The board and its masks: Board, pinGivenQueens
 *   2. The row search: searchRows and its observers
 *   3. The reader: BoardReader
 *   4. Counts out: printCount, endRun
 *   5. --list and --trace: PlacementPrinter, SearchTracer
 *   6. The program: options, runSolution, main
 */
#include "board.hpp"

#include "row_search.hpp"

#include "reader.hpp"

#include "output.hpp"

#include "show.hpp"

#include "program.hpp"

int main(int argc, char** argv) { return queens::runSolution(0, stdout, stderr, argc, argv); }
