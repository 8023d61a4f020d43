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
// terminal, then erased; else a line a second.
class ProgressLine final : public UnitsProgress {
 public:
  ProgressLine(std::FILE* err, bool terminal, long boardNumber, int n, Share share)
      : err_(err), terminal_(terminal), boardNumber_(boardNumber), n_(n), share_(share) {
    clock_gettime(CLOCK_MONOTONIC, &start_);
  }

  // Units counted by an earlier run (--checkpoint), which the line names.
  void setResumed(long units) { resumed_ = units; }

  // After each unit.
  void update(long unitsDone, long units) override {
    long now = long(1000 * secondsSince(start_));
    if (now < nextDrawMs_.load(std::memory_order_relaxed)) return;
    if (drawing_.test_and_set(std::memory_order_acquire)) return;  // another thread draws
    if (now >= nextDrawMs_.load(std::memory_order_relaxed)) {
      draw(unitsDone, units, now / 1000.0);
      nextDrawMs_.store(now + (terminal_ ? 250 : 1000), std::memory_order_relaxed);
    }
    drawing_.clear(std::memory_order_release);
  }

  // Once the threads are done.
  void erase() {
    if (drawn_ && terminal_) std::fputs("\r\033[K", err_);  // back to the start, clear
  }

 private:
  void draw(long unitsDone, long units, double elapsed) {
    char share[48] = "";
    if (share_.parts > 1)
      std::snprintf(share, sizeof share, ", share %d of %d", share_.part + 1, share_.parts);
    char resumed[64] = "";
    if (resumed_)
      std::snprintf(resumed, sizeof resumed, "; %ld resumed from the checkpoint", resumed_);
    // The time left is from this run's pace: resumed units took no time.
    double done = units ? double(unitsDone) / double(units) : 1;
    double pace = double(unitsDone - resumed_) / std::max(elapsed, 1e-9);
    std::fprintf(err_, "%sboard %ld, %dx%d%s: %ld of %ld units done (%.0f%%%s), %.1f s so far, ",
                 terminal_ ? "\r" : "", boardNumber_, n_, n_, share, unitsDone, units, 100 * done,
                 resumed, elapsed);
    std::fprintf(err_, "about %.0f s left%s", pace > 0 ? double(units - unitsDone) / pace : 0.0,
                 terminal_ ? "\033[K" : "\n");
    std::fflush(err_);
    drawn_ = true;
  }

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
