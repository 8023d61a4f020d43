// ===== A checkpoint's batch of units ========================================
// With --checkpoint, a thread's walk counts one batch of units, which the
// checkpoint records with their count (a "done" record). A batch is full at
// kMostUnits or at its deadline, with at least one unit in it.
#pragma once

#include <time.h>  // clock_gettime, for a batch's deadline

namespace queens {

inline long millisecondsNow() {
  timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return long(now.tv_sec) * 1000 + now.tv_nsec / 1000000;
}

struct RecordBatch {
  // A record's line stays within kMostRecordBytes; each batch restarts the
  // walk over the top, which costs the join a pass over its sets W, so
  // batches are not small (at 256, 3.3% more instructions on 16x16).
  static constexpr int kMostUnits = 4096;
  long deadlineMs = 0;
  int size = 0;
  long units[kMostUnits];  // indices within the share, rising

  // Empties it, to fill within `everyMs` milliseconds from now.
  void start(long everyMs) { size = 0, deadlineMs = millisecondsNow() + everyMs; }
  bool full() const { return size > 0 && (size == kMostUnits || millisecondsNow() >= deadlineMs); }
  void add(long unit) { units[size++] = unit; }
};

}  // namespace queens
