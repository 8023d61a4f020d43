// ===== --checkpoint: a long count that survives being stopped ==============
// The run appends what it counts to the file (checkpoint_file.hpp says how):
// each batch of units as the threads finish it, each board's count. Run
// again with the same file, the records are read back as the boards come: a
// board counted before is not counted again, and a split board's units done
// are skipped. A file of other boards, another plan or another share is
// refused, never reused. Its records stream in and out: a checkpoint of a
// million boards takes no more memory than one of one board (checkpoint.cpp).
#pragma once

#include <atomic>

#include "lasts/checkpoint_parts.hpp"

namespace queens {

// What the checkpoint holds of a board when the input reaches it.
struct Replayed {
  bool counted = false;  // its count is known: it is not counted again
  Count count = 0;
  uint64_t numbering = 0;  // as a share's plan names it
  char method[48] = "";
};

class Checkpoint {
 public:
  Checkpoint(const char* path, Share share, long everySeconds,
             SyncPolicy policy = SyncPolicy::kDurable)
      : path_(path),
        share_(share),
        everyMs_(everySeconds * 1000),
        order_(share),
        writer_(everyMs_, policy) {}

  // Reads the file through and checks every record; a torn last line is cut
  // off, with a note on `err`. Then opens it to append, made if new. False,
  // with error(), if it is refused.
  bool open(std::FILE* err);

  // The next board of the input; false (error()) if the file recorded
  // another board as this one.
  bool nextBoard(const Board& board, Replayed& replayed);

  // The plan that an earlier run cut the board now into units by, or null.
  const char* recordedPlan() const { return hasPending_ ? pending_.board.method : nullptr; }

  // A board split into `units` (of every share), cut at `cut`: fills the
  // units of this share counted before, and their count; or records the
  // board as begun. False (error()) if it was split another way before.
  bool resumeSplit(const char* method, long units, long cut, DoneUnits& done, Count& resumed);

  // A batch of units counted, by any thread: written out at once.
  void recordBatch(const RecordBatch& batch, Count count);

  // The board's count, as a share names its plan.
  void recordCounted(const char* method, uint64_t numbering, Count count);

  // After the input's last board: says so in the file. False (error()) if
  // the file holds more boards.
  bool finish();

  // Writes out what is held and has the system keep it; false (error()) if
  // it cannot.
  bool sync();

  // False (error()) once a write has failed. Between boards.
  bool writing() {
    return !writer_.error() || fail("cannot write: %s", std::strerror(writer_.error()));
  }
  // The board now: the units of this share, and how many are done (0, 0:
  // not split).
  long boardUnits() const { return boardUnits_; }
  long boardUnitsDone() const { return boardUnitsDone_; }
  const char* error() const { return error_; }
  const char* path() const { return path_; }
  long everyMs() const { return everyMs_; }

 private:
  // Why the file is refused, after "checkpoint PATH: "; returns false.
  bool fail(const char* format, ...);
  // Checks each whole line of the file, in order; notes a torn last one.
  bool check(std::FILE* file, long& wholeBytes);
  // Opens the file to append, made if new, and to read it back.
  bool openToAppend(long wholeBytes);
  // Formats a record and appends it (RecordWriter).
  void append(bool now, const char* format, ...);

  const char* path_;
  Share share_;
  long everyMs_;
  std::FILE* err_ = stderr;  // for notes
  long recordLines_ = 0;     // whole records in the file
  bool torn_ = false;        // its last line was cut short
  RecordOrder order_;
  Replay replay_;
  PendingSplit pending_;  // the board now, if earlier runs split it
  bool hasPending_ = false;
  RecordWriter writer_;
  long board_ = 0;  // the input's board now
  long boardUnits_ = 0;
  std::atomic<long> boardUnitsDone_{0};
  Fingerprint input_;
  char error_[512] = "";
};

}  // namespace queens
