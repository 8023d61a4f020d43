// Writes the benchmark inputs into DIR, the same bytes on every run and
// platform (fixed seeds, raw std::mt19937_64 output only).
//   make_workloads DIR [--smoke]      (--smoke: tiny versions, for CI)
// Files: w1.txt (one 8x8 board), w2.txt (20,000 8x8 boards, 0-30% reserved),
// w3_15.txt and w3_16.txt (empty boards), w4.txt (hard holed boards, N 20-24,
// 45-60% reserved), w4_minizinc.txt (those of them MiniZinc gets) with
// w4_K.dzn (the same boards as MiniZinc data), memory_1.txt and
// memory_many.txt (1 and 1,000,000 random 8x8 boards), w5_empty.txt and
// w5_holed.txt (the empty 17x17 board and one with 5% reserved, for threads),
// w6_N.txt (the empty boards N = 16, 17, 18, for the quarter-join counter),
// w7_N_P.txt (N x N boards with P% reserved, N = 17, 18, P = 3, 5, 10) and
// w8_N.txt with w8_N.dzn (blocked boards by CSPLib 080's recipe, N = 40, 48,
// 56, 64).
#include <cstdint>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace {

using Board = std::vector<std::string>;

Board randomBoard(std::mt19937_64& random, int n, int reservedPercent) {
  Board board(n, std::string(n, '.'));
  for (auto& row : board)
    for (auto& square : row)
      if (static_cast<int>(random() % 100) < reservedPercent) square = '*';
  return board;
}

void write(std::ofstream& out, const Board& board) {
  for (const std::string& row : board) out << row << '\n';
}

// The MiniZinc data for one board: its size and a 0/1 matrix of free squares.
void writeDzn(const std::string& path, const Board& board) {
  std::ofstream out(path);
  const int n = static_cast<int>(board.size());
  out << "n = " << n << ";\nfree = [|";
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) out << (c ? ", " : " ") << (board[r][c] == '.' ? 1 : 0);
    out << (r + 1 < n ? "\n|" : " |];\n");
  }
}

// W4: one board per size, denser as N grows, so that fixed-order search takes
// seconds (3 to 22 s here) on each. Of three seeds per (N, %), the one with the
// fewest placements, so that MiniZinc, which pays per placement, can finish
// the N = 23 board in about a minute (the others take it minutes each).
struct HoledBoard {
  int n, reservedPercent;
  std::uint64_t seed;
  bool forMiniZinc;
};
const std::vector<HoledBoard> kHardBoards = {{20, 45, 2, false},
                                             {21, 50, 1, false},
                                             {22, 55, 2, false},
                                             {23, 58, 2, true},
                                             {24, 60, 2, false}};
const std::vector<HoledBoard> kSmokeBoards = {{14, 40, 1, false}, {16, 50, 2, true}};

// W7: sparse boards, where the join wins most and search takes longest.
const std::vector<HoledBoard> kSparseBoards = {{17, 3, 1703, false},  {17, 5, 17, false},
                                               {17, 10, 1710, false}, {18, 3, 1803, false},
                                               {18, 5, 1805, false},  {18, 10, 1810, false}};
const std::vector<HoledBoard> kSmokeSparseBoards = {{12, 5, 17, false}, {13, 10, 1710, false}};

// W8: large blocked boards, CSPLib 080's kind (csplibBoard below), denser
// as N grows, as the published instances are: at 85% blocked a 56x56 board
// keeps 8 free squares a row, and did not count in 15 minutes here.
const std::vector<HoledBoard> kBlockedBoards = {
    {40, 85, 1, true}, {48, 87, 1, true}, {56, 88, 1, true}, {64, 90, 1, true}};
const std::vector<HoledBoard> kSmokeBlockedBoards = {{36, 83, 3, true}};

// W8: CSPLib 080's recipe for blocked boards. Visit the squares in a random
// order (a Fisher-Yates shuffle on the raw generator) and block each one
// while its row and its column would keep more than 5 free squares, until
// blockedPercent of the board is blocked or the order runs out.
Board csplibBoard(std::mt19937_64& random, int n, int blockedPercent) {
  std::vector<int> order(n * n);
  for (int i = 0; i < n * n; ++i) order[i] = i;
  for (int i = n * n - 1; i > 0; --i) std::swap(order[i], order[random() % (i + 1)]);
  Board board(n, std::string(n, '.'));
  std::vector<int> rowFree(n, n), columnFree(n, n);
  long blocked = 0;
  for (int square : order) {
    if (100 * blocked >= long(blockedPercent) * n * n) break;
    const int row = square / n, column = square % n;
    if (rowFree[row] <= 6 || columnFree[column] <= 6) continue;
    board[row][column] = '*', --rowFree[row], --columnFree[column], ++blocked;
  }
  return board;
}

// W4: holed boards, some also as MiniZinc data.
void writeHoledBoards(const std::string& dir, bool smoke) {
  std::ofstream w4(dir + "/w4.txt"), w4MiniZinc(dir + "/w4_minizinc.txt");
  int dznCount = 0;
  for (const HoledBoard& h : smoke ? kSmokeBoards : kHardBoards) {
    std::mt19937_64 boardRandom(h.seed);
    Board board = randomBoard(boardRandom, h.n, h.reservedPercent);
    write(w4, board);
    if (!h.forMiniZinc) continue;
    write(w4MiniZinc, board);
    writeDzn(dir + "/w4_" + std::to_string(dznCount++) + ".dzn", board);
  }
}

// W8: large blocked boards, as text and as MiniZinc data.
void writeBlockedBoards(const std::string& dir, bool smoke) {
  for (const HoledBoard& h : smoke ? kSmokeBlockedBoards : kBlockedBoards) {
    std::mt19937_64 boardRandom(h.seed);
    const Board board = csplibBoard(boardRandom, h.n, h.reservedPercent);
    const std::string name = dir + "/w8_" + std::to_string(h.n);
    std::ofstream w8(name + ".txt");
    write(w8, board);
    writeDzn(name + ".dzn", board);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  const std::string dir = argv[1];
  const bool smoke = argc > 2 && std::string(argv[2]) == "--smoke";
  std::mt19937_64 random(1624);

  std::ofstream w1(dir + "/w1.txt");
  write(w1, randomBoard(random, 8, 15));

  std::ofstream w2(dir + "/w2.txt");
  for (int i = 0, boards = smoke ? 200 : 20000; i < boards; ++i)
    write(w2, randomBoard(random, 8, static_cast<int>(random() % 31)));

  for (int n : {15, 16}) {
    std::ofstream w3(dir + "/w3_" + std::to_string(n) + ".txt");
    write(w3, Board(smoke ? n - 5 : n, std::string(smoke ? n - 5 : n, '.')));
  }

  writeHoledBoards(dir, smoke);

  // W5: boards that take seconds on one thread (12x12 in smoke mode).
  const int w5Size = smoke ? 12 : 17;
  {
    std::ofstream empty(dir + "/w5_empty.txt"), holed(dir + "/w5_holed.txt");
    write(empty, Board(w5Size, std::string(w5Size, '.')));
    std::mt19937_64 holedRandom(17);
    write(holed, randomBoard(holedRandom, w5Size, 5));
  }

  for (int n : smoke ? std::vector<int>{12} : std::vector<int>{16, 17, 18}) {
    std::ofstream w6(dir + "/w6_" + std::to_string(n) + ".txt");
    write(w6, Board(n, std::string(n, '.')));
  }
  for (const HoledBoard& h : smoke ? kSmokeSparseBoards : kSparseBoards) {
    std::mt19937_64 boardRandom(h.seed);
    std::ofstream w7(dir + "/w7_" + std::to_string(h.n) + "_" + std::to_string(h.reservedPercent) +
                     ".txt");
    write(w7, randomBoard(boardRandom, h.n, h.reservedPercent));
  }

  writeBlockedBoards(dir, smoke);

  std::ofstream one(dir + "/memory_1.txt"), many(dir + "/memory_many.txt");
  std::mt19937_64 memoryRandom(7);
  for (long i = 0, boards = smoke ? 1000 : 1000000; i < boards; ++i) {
    Board board = randomBoard(memoryRandom, 8, static_cast<int>(memoryRandom() % 31));
    if (i == 0) write(one, board);
    write(many, board);
  }
}
