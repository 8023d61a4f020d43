// ===== The progress line ===================================================
// A board that counts for over a second says, on stderr, which method
// counts it (once), and then how far along it is, from a thread of its own
// that draws whether or not a unit has finished: the phase before the
// units (the join's tables), the units done of its share, the time so far
// and an estimate of the time left (progress.cpp).
#pragma once

#include <time.h>  // clock_gettime

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "work/profile.hpp"
#include "work/units.hpp"

namespace queens {

enum class ProgressMode { kAuto, kOn, kOff };  // auto: when stderr is a terminal

inline double secondsSince(const timespec& start) {
  timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return double(now.tv_sec - start.tv_sec) + 1e-9 * double(now.tv_nsec - start.tv_nsec);
}

// How far along a board is, and what its line says. The threads report the
// units done (update); the ticker draws.
class ProgressLine final : public UnitsProgress {
 public:
  // progress: whether the progress line is drawn; else only the method line.
  ProgressLine(std::FILE* err, bool terminal, bool progress, long boardNumber, int n, Share share)
      : err_(err),
        terminal_(terminal),
        progress_(progress),
        boardNumber_(boardNumber),
        n_(n),
        share_(share) {
    clock_gettime(CLOCK_MONOTONIC, &start_);
  }

  // What the board is doing before its units ("preparing the join's tables").
  void setPhase(const char* phase);
  // The method line, said once the board has counted for a second.
  void setMethod(const std::string& line);
  // The units of the share, those resumed from a checkpoint, and their
  // costs (set before any unit is done).
  void setUnits(long units, long resumed, UnitProfile profile);
  // A count that counts a sample of its units first (UnitSample): the time
  // left is a first guess until it is done, then the sample's pace scaled,
  // weighed by the costs it measured where its units were timed each, or
  // with the model's weights scaled by what its batches cost on a device.
  void beginSample(long sampled);
  void setSample(const UnitSample& sample, bool timedEach);
  bool showsProgress() const { return progress_; }
  // An estimate's line: its units are a sample's, which stops claiming
  // them `seconds` after the line began.
  void setBudget(double seconds) { budget_ = seconds; }

  // After each unit, from the threads: only counts (the units are known).
  bool update(long unitsDone, long /*units*/) override {
    unitsDone_.store(unitsDone, std::memory_order_relaxed);
    return true;
  }

  // Draws what is due at `elapsed` seconds: nothing before the first second.
  void drawDue(double elapsed);
  double elapsed() const { return secondsSince(start_); }
  bool terminal() const { return terminal_; }
  // Once the count is done.
  void erase();

 private:
  std::string progressText(double elapsed);
  std::string timeLeft(double elapsed, long done);
  double prefixWork(double units) const;
  double workDone(long done) const;

  std::FILE* err_;
  bool terminal_, progress_;
  long boardNumber_;
  int n_;
  Share share_;
  timespec start_;
  std::mutex text_;  // guards what the counting thread sets and the ticker reads
  std::string phase_ = "choosing the method", method_;
  bool methodSaid_ = false;
  long units_ = 0, resumed_ = 0;  // units_ 0: not split yet
  double unitsStart_ = 0;         // the seconds before the first unit: tables, split
  UnitProfile profile_;
  long sampling_ = 0, sampled_ = 0;  // the sample's units: being timed, then timed
  PaceFit pace_;                     // fitted at each line drawn
  std::atomic<long> unitsDone_{0};
  double budget_ = 0;  // an estimate's seconds (0: a count)
  bool drawn_ = false;
  double nextLine_ = 0;  // elsewhere than a terminal: the next progress line's second
};

// The thread that draws a board's lines: from its first second, 4 times a
// second (ProgressLine draws a progress line once a second elsewhere than
// on a terminal), until the count is done.
class ProgressTicker {
 public:
  explicit ProgressTicker(ProgressLine* line);  // null: no thread
  ProgressTicker(const ProgressTicker&) = delete;
  ProgressTicker& operator=(const ProgressTicker&) = delete;
  ~ProgressTicker();

 private:
  void run();

  ProgressLine* line_;
  std::mutex lock_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace queens
