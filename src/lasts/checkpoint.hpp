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
#include <memory>
#include <mutex>

#include "lasts/checkpoint_file.hpp"

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
  Checkpoint(const char* path, Share share, long everySeconds)
      : path_(path), share_(share), everyMs_(everySeconds * 1000) {}
  Checkpoint(const Checkpoint&) = delete;
  Checkpoint& operator=(const Checkpoint&) = delete;
  ~Checkpoint();

  // Reads the file through and checks every record; a torn last line is cut
  // off, with a note on `err`. Then opens it to append, made if new. False,
  // with error(), if it is refused.
  bool open(std::FILE* err);

  // The next board of the input; false (error()) if the file recorded
  // another board as this one.
  bool nextBoard(const Board& board, Replayed& replayed);

  // A board split into `units` (of every share), cut at `cut`: fills the
  // units of this share counted before, and their count; or records the
  // board as begun. False (error()) if it was split another way before.
  bool resumeSplit(const char* method, long units, long cut, DoneUnits& done, Count& resumed);

  // A batch of units counted, by any thread: written out at once.
  void recordBatch(const UnitBatch& batch, Count count);

  // The board's count, as a share names its plan.
  void recordCounted(const char* method, uint64_t numbering, Count count);

  // After the input's last board: says so in the file. False (error()) if
  // the file holds more boards.
  bool finish();

  // Writes out what is held and has the system keep it; false (error()) if
  // it cannot.
  bool sync();

  // False (error()) once a write has failed. Between boards.
  bool writing() { return !writeError_ || fail("cannot write: %s", std::strerror(writeError_)); }
  // The board now: the units of this share, and how many are done (0, 0:
  // not split).
  long boardUnits() const { return boardUnits_; }
  long boardUnitsDone() const { return boardUnitsDone_; }
  const char* error() const { return error_; }
  const char* path() const { return path_; }
  long everyMs() const { return everyMs_; }

 private:
  // The units of this share, of `units` in every share.
  long unitsInShare(long units) const;

  // Why the file is refused, after "checkpoint PATH: "; returns false.
  bool fail(const char* format, ...);

  // Checks each whole line of the file, in order; notes a torn last one.
  bool check(std::FILE* file, long& wholeBytes);
  // Whether a record may come where it does: the header first, a board's
  // records together, boards in order, the end last.
  bool checkRecord(const Record& record, long line);
  // Reads a split board's record and the units done after it.
  bool readPending();
  // Reads the next record of earlier runs into ahead_, unless it is there;
  // false when none is left.
  bool peek();
  // Appends one record with its CRC. It is written out now (a batch: about
  // everyMs_ of work), else with the next sync, at most everyMs_ later: a
  // stream of small boards makes no system call per board.
  void append(bool now, const char* format, ...);
  // With writing_ held: out_ written out and kept by the system.
  void syncHeld();

  const char* path_;
  Share share_;
  long everyMs_;
  std::FILE* err_ = stderr;      // for notes
  std::FILE* out_ = nullptr;     // appends
  std::FILE* replay_ = nullptr;  // reads the records of earlier runs back
  std::unique_ptr<RecordReader> replayReader_;
  long recordLines_ = 0, replayLines_ = 0;
  bool torn_ = false;
  // Reading back: the record ahead, and a split board's units done.
  Record ahead_;
  bool haveAhead_ = false;
  Record pending_;
  bool hasPending_ = false;
  DoneUnits pendingDone_;
  Count pendingCount_ = 0;
  // Checking: the last board recorded, whether its count is still to come,
  // whether the end was.
  long lastBoard_ = 0, lastUnits_ = 0;
  bool boardOpen_ = false, ended_ = false;
  // Writing.
  long board_ = 0;  // the input's board now
  long boardUnits_ = 0;
  std::atomic<long> boardUnitsDone_{0};
  Fingerprint input_;
  std::mutex writing_;
  long nextSyncMs_ = 0;
  int writeError_ = 0;
  char error_[512] = "";
};

}  // namespace queens
