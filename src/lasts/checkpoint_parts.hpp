// ===== --checkpoint's parts: checking, reading back, writing ===============
// The three jobs of a checkpoint (checkpoint.hpp), one class each: whether
// the records of a file come in an order a run writes them; the records of
// earlier runs, read back as the boards come; and the records this run
// appends, written out in time.
#pragma once

#include <cstdio>
#include <memory>
#include <mutex>
#include <string>

#include "lasts/checkpoint_file.hpp"

namespace queens {

// Checks that each record may come where it does: the header first (of
// this version and this share), a board's records together, boards in
// order, the end last.
class RecordOrder {
 public:
  explicit RecordOrder(Share share) : share_(share) {}
  // Null if the record, on line `line`, may come next; else why not.
  const char* accept(const Record& record, long line);

 private:
  const char* refuse(const char* format, ...);

  Share share_;
  long lastBoard_ = 0, lastUnits_ = 0;  // the last board recorded, its units
  bool boardOpen_ = false;              // its count is still to come
  bool ended_ = false;                  // the end was recorded
  char why_[256] = "";
};

// A board that earlier runs split and did not finish: its record, the units
// done, and their count.
struct PendingSplit {
  Record board;
  DoneUnits done;
  Count count = 0;
};

// Reads back the records of earlier runs, checked already (RecordOrder), as
// the boards of the input come.
class Replay {
 public:
  Replay() = default;
  Replay(const Replay&) = delete;
  Replay& operator=(const Replay&) = delete;
  ~Replay();
  // Opens the file to read its first `lines` records; false (errno) if it
  // cannot.
  bool open(const char* path, long lines);
  // The next record, read ahead and kept until taken; null when none is left.
  const Record* peek();
  void take() { haveAhead_ = false; }
  // Takes a split board's record, peeked, and the units done after it;
  // false if a unit is recorded twice.
  bool takeSplit(Share share, PendingSplit& split);

 private:
  std::FILE* file_ = nullptr;
  std::unique_ptr<RecordReader> reader_;
  long linesLeft_ = 0;
  Record ahead_;
  bool haveAhead_ = false;
};

// How a checkpoint's records are kept: written out and made to last
// through a crash of the machine (fdatasync), as a count needs; or only
// written out, which is enough where the file need not outlive the process
// (the unit tests, whose thousands of syncs took most of their time).
enum class SyncPolicy { kDurable, kWrittenOnly };

// Appends records with their CRCs, from any thread. A record is written
// out now (a batch: about everyMs of work), else with the next sync, at
// most everyMs later: a stream of small boards makes no system call per
// board.
class RecordWriter {
 public:
  explicit RecordWriter(long everyMs, SyncPolicy policy = SyncPolicy::kDurable)
      : everyMs_(everyMs), policy_(policy) {}
  RecordWriter(const RecordWriter&) = delete;
  RecordWriter& operator=(const RecordWriter&) = delete;
  ~RecordWriter();
  // Writes to `out`, from now on (taken: closed with this).
  void start(std::FILE* out);
  void append(bool now, const std::string& text);
  // Writes out what is held and has the system keep it; the error since
  // the first failed write, or 0.
  int sync();
  int error() const { return error_; }

 private:
  // With writing_ held: out_ written out and kept by the system.
  void syncHeld();

  std::FILE* out_ = nullptr;
  std::mutex writing_;
  long everyMs_, nextSyncMs_ = 0;
  SyncPolicy policy_;
  int error_ = 0;
};

}  // namespace queens
