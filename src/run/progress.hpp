// ===== The progress line ===================================================
// A board that counts for over a second says how far along it is, on
// stderr; and a share of the work, which the line names.
#pragma once

#include <time.h>  // clock_gettime

#include <algorithm>
#include <atomic>
#include <cstdio>

#include "work/units.hpp"

namespace queens {

enum class ProgressMode { kAuto, kOn, kOff };  // auto: when stderr is a terminal

inline double secondsSince(const timespec& start) {
  timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return double(now.tv_sec - start.tv_sec) + 1e-9 * double(now.tv_nsec - start.tv_nsec);
}

// After a board has counted for a second: a line on stderr with the share of
// its units done and the time so far and left, redrawn 4 times a second on a
// terminal, then erased; else a line a second (progress.cpp).
class ProgressLine final : public UnitsProgress {
 public:
  ProgressLine(std::FILE* err, bool terminal, long boardNumber, int n, Share share)
      : err_(err), terminal_(terminal), boardNumber_(boardNumber), n_(n), share_(share) {
    clock_gettime(CLOCK_MONOTONIC, &start_);
  }

  // Units counted by an earlier run (--checkpoint), which the line names.
  void setResumed(long units) { resumed_ = units; }

  // After each unit.
  void update(long unitsDone, long units) override;

  // Once the threads are done.
  void erase() {
    if (drawn_ && terminal_) std::fputs("\r\033[K", err_);  // back to the start, clear
  }

 private:
  void draw(long unitsDone, long units, double elapsed);

  std::FILE* err_;
  bool terminal_;
  long boardNumber_;
  int n_;
  Share share_;
  long resumed_ = 0;
  timespec start_;
  std::atomic<long> nextDrawMs_{1000};  // nothing for the first second
  std::atomic_flag drawing_ = ATOMIC_FLAG_INIT;
  bool drawn_ = false;  // written only by the thread that holds drawing_
};

}  // namespace queens
