// ===== --stats: how each board was counted ==================================
// A line for people, or with --stats=json a JSON object (JSON Lines) for a
// cluster's scripts, on stderr after each board (stats.cpp).
#pragma once

#include <time.h>  // timespec

#include <cstdio>

#include "run/board.hpp"

namespace queens {

// What --stats says of one board: its number and size, the share, and the
// run's report, timed from `start`.
struct BoardStats {
  const Board& board;
  long boardNumber;
  Share share;
  bool sharing;  // --part: the share is named
  const timespec& start;
  const Report& report;
};

void printStats(const BoardStats& stats, std::FILE* err);

// The same fields as one JSON object on a line of its own:
//   {"board":1,"size":12,"share":null,"method":"symmetry-rows","device":null,
//    "nodes":0,"ms":0.077,"threads":1,"device_wait_ms":0.000,
//    "device_hand_ms":0.000,"device_start_ms":0.000,"join_bytes":0,
//    "note":"counted before: ...",
//    "reason":"12x12, 0 reserved: a symmetry keeps it, propagation from 13x13"}
void printStatsJson(const BoardStats& stats, std::FILE* err);

}  // namespace queens
