// ===== Counts that leave as they are known ===================================
// Without --checkpoint nothing is saved, so SIGINT or SIGTERM ends the run
// at once, as it ends other Unix tools; but the counts of the boards already
// done are written first, which a user who stops a long run expects to keep,
// and the status is 130 or 143, as a shell reports a program killed by the
// signal. A board that took long has its count flushed at once, so that a
// pipe sees it when it is known (kept_counts.cpp).
#pragma once

#include <signal.h>  // sigset_t
#include <time.h>    // timespec

#include <atomic>
#include <cstdio>
#include <thread>

#include "judge/output.hpp"
#include "work/wide.hpp"

namespace queens {

class KeptCounts {
 public:
  // Counts printed to `out`; the signals' words to `err`, naming `program`.
  // `catchesSignals`: false where something else stops the run (--checkpoint)
  // or where the output is more than whole counts (--list, a share).
  KeptCounts(std::FILE* out, std::FILE* err, const char* program, bool catchesSignals)
      : out_(out), err_(err), program_(program), catchesSignals_(catchesSignals) {}
  KeptCounts(const KeptCounts&) = delete;
  KeptCounts& operator=(const KeptCounts&) = delete;
  ~KeptCounts();  // the waiter stopped, the signals as they were

  // A board begins: its start, when it is large enough to take long. The
  // first such board starts the thread that waits for the signals, so that
  // a stream of small boards never pays for a thread. Counts that wait are
  // flushed before a board that may take seconds, so that a pipe is not
  // kept waiting for what is known.
  void begin(int n) {
    timed_ = n > kAlwaysQuickN;
    if (timed_) beginTimed(n);
  }
  // Prints a board's count as one whole line, flushed if the board took
  // longer than kFlushAfter. A small board's, with no thread to share the
  // stream with, goes straight to the buffer: a stream of them pays
  // nothing more than its counts.
  void print(Count count) {
    if (timed_ || armed_) return printTimed(count);
    printCount(count, out_);
    printed_.store(printed_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    waiting_ = true;
  }

  // Boards of up to this size never take long (an 8x8 one, microseconds):
  // their counts are buffered, and no clock is read.
  static constexpr int kAlwaysQuickN = 8;
  // From this size a board may take seconds (the empty 14x14 board takes
  // tens of milliseconds on one thread, the empty 18x18 one seconds).
  static constexpr int kMayTakeLongN = 14;
  static constexpr double kFlushAfter = 0.1;  // seconds

 private:
  void beginTimed(int n);
  void printTimed(Count count);
  void waitForSignal();

  std::FILE* out_;
  std::FILE* err_;
  const char* program_;
  bool catchesSignals_;
  timespec start_{};
  bool timed_ = false;    // the board begun may take long: start_ is its start
  bool armed_ = false;    // the waiter runs, and the signals are blocked here
  bool waiting_ = false;  // counts printed since the last flush
  sigset_t signals_, before_;
  std::thread waiter_;
  std::atomic<long> printed_{0};
  std::atomic<bool> finished_{false};
};

}  // namespace queens
