// ===== The page: --trace=html =============================================
// One web page that replays the search of every board on the board itself,
// beside its search tree, and searches the learner's own boards (page.cpp):
// the page's head and each board as the boards come, then the tail, whose
// script replays them. Its HTML, style sheet and script are the files of
// faces/page/, embedded at build time.
#pragma once

#include <cstdio>

#include "run/board.hpp"

namespace queens {

// A longer trace is refused (the empty 10x10 board's 78,318 lines: 3.3 MB).
constexpr long kMostPageLines = 100000;

// Adds one board to the page (after the head, if `first`) and sets `count`;
// false, writing nothing, if its trace is too long.
bool addToPage(const Board& board, bool first, std::FILE* out, Report& report, Count& count);

// What follows the last board: the script that replays them.
void endPage(std::FILE* out);

}  // namespace queens
