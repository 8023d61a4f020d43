// ===== --checkpoint: a long count that survives being stopped ==============
// The run appends what it counts to the file (checkpoint_file.hpp says how):
// each batch of units as the threads finish it, each board's count. Run
// again with the same file, the records are read back as the boards come: a
// board counted before is not counted again, and a split board's units done
// are skipped. A file of other boards, another plan or another share is
// refused, never reused. Its records stream in and out: a checkpoint of a
// million boards takes no more memory than one of one board.
#pragma once

#include <fcntl.h>     // open
#include <sys/file.h>  // flock: one run at a time per file
#include <sys/stat.h>  // stat: a file, not a folder
#include <unistd.h>    // fdatasync, ftruncate

#include <cstdarg>
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
  ~Checkpoint() {
    if (replay_) std::fclose(replay_);
    if (out_) std::fclose(out_);
  }

  // Reads the file through and checks every record; a torn last line is cut
  // off, with a note on `err`. Then opens it to append, made if new. False,
  // with error(), if it is refused.
  bool open(std::FILE* err) {
    err_ = err;
    struct stat status;
    if (stat(path_, &status) == 0 && !S_ISREG(status.st_mode))
      return fail("not a file (a folder?): name a file to keep the checkpoint in");
    std::FILE* file = std::fopen(path_, "r");
    if (!file && errno != ENOENT) return fail("cannot open: %s", std::strerror(errno));
    long wholeBytes = 0;  // the whole lines' bytes
    bool checked = !file || check(file, wholeBytes);
    if (file) std::fclose(file);
    if (!checked) return false;
    int fd = ::open(path_, O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (fd < 0) return fail("cannot open to write: %s", std::strerror(errno));
    out_ = fdopen(fd, "a");
    if (!out_) return ::close(fd), fail("cannot open to write: %s", std::strerror(errno));
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) return fail("in use by another run of queens");
    if (torn_) {
      std::fprintf(err,
                   "note: checkpoint %s: its last line was cut short (a run stopped while writing "
                   "it): dropped, and what it held is counted again\n",
                   path_);
      if (ftruncate(fd, wholeBytes) != 0) return fail("cannot cut: %s", std::strerror(errno));
    }
    if (recordLines_ == 0) {  // new: written out with the first records
      nextSyncMs_ = millisecondsNow() + everyMs_;
      append(false, "queens checkpoint format %d share %d/%d numbering %ld", kCheckpointFormat,
             share_.part + 1, share_.parts, long(kUnitNumbering));
      return true;
    }
    replay_ = std::fopen(path_, "r");
    if (!replay_) return fail("cannot open: %s", std::strerror(errno));
    replayReader_ = std::make_unique<RecordReader>(replay_);
    replayLines_ = recordLines_;
    peek();  // the header, checked already
    haveAhead_ = false;
    return true;
  }

  // The next board of the input; false (error()) if the file recorded
  // another board as this one.
  bool nextBoard(const Board& board, Replayed& replayed) {
    ++board_;
    addBoard(input_, board);
    hasPending_ = false;
    boardUnits_ = boardUnitsDone_ = 0;
    if (!peek()) return true;
    if (ahead_.kind == Record::kEnd)
      return fail(
          "it says the input ended after board %ld, but this input goes on: it was made "
          "from another input",
          ahead_.board);
    if (ahead_.input != input_.digest())
      return fail("board %ld is not the board it recorded: it was made from another input", board_);
    if (ahead_.kind == Record::kBoard && !readPending()) return false;
    if (!peek() || ahead_.kind != Record::kCounted || ahead_.board != board_) return true;
    replayed.counted = true;
    replayed.count = ahead_.count;
    replayed.numbering = uint64_t(ahead_.units) << 32 | uint64_t(ahead_.cut);
    std::strcpy(replayed.method, ahead_.method);
    haveAhead_ = false;
    return true;
  }

  // A board split into `units` (of every share), cut at `cut`: fills the
  // units of this share counted before, and their count; or records the
  // board as begun. False (error()) if it was split another way before.
  bool resumeSplit(const char* method, long units, long cut, DoneUnits& done, Count& resumed) {
    if (hasPending_) {
      const Record& was = pending_;
      if (std::strcmp(method, was.method) != 0 || units != was.units || cut != was.cut)
        return fail(
            "board %ld was split another way (%s, %ld units cut at %ld; now %s, %ld units "
            "cut at %ld): run with the first run's options, or use another file",
            board_, was.method, was.units, was.cut, method, units, cut);
      done = std::move(pendingDone_);
      resumed = pendingCount_;
      hasPending_ = false;
      boardUnits_ = unitsInShare(units), boardUnitsDone_ = done.count();
      std::fprintf(err_, "note: checkpoint %s: board %ld resumes with %ld of its %ld units done\n",
                   path_, board_, done.count(), boardUnits_);
      return true;
    }
    done = DoneUnits(unitsInShare(units));
    resumed = 0;
    boardUnits_ = unitsInShare(units);
    append(false, "board %ld input %08x units %ld cut %ld method %s", board_, input_.digest(),
           units, cut, method);
    return true;
  }

  // A batch of units counted, by any thread: written out at once.
  void recordBatch(const UnitBatch& batch, Count count) {
    char digits[40];
    const std::string list = unitList(batch);
    boardUnitsDone_ += batch.size;  // read only once the threads are done
    append(true, "done %ld count %s units %s", board_, formatCount(count, digits), list.c_str());
  }

  // The board's count, as a share names its plan.
  void recordCounted(const char* method, uint64_t numbering, Count count) {
    char digits[40];
    append(false, "counted %ld input %08x units %ld cut %ld count %s method %s", board_,
           input_.digest(), long(numbering >> 32), long(numbering & 0xFFFFFFFFu),
           formatCount(count, digits), method);
  }

  // After the input's last board: says so in the file. False (error()) if
  // the file holds more boards.
  bool finish() {
    if (peek() && (ahead_.kind != Record::kEnd || ahead_.board != board_))
      return fail(
          "it holds board %ld, past this input's last (board %ld): it was made from "
          "another input",
          ahead_.board, board_);
    if (!haveAhead_) append(false, "end boards %ld input %08x", board_, input_.digest());
    return sync();
  }

  // Writes out what is held and has the system keep it; false (error()) if
  // it cannot.
  bool sync() {
    std::lock_guard<std::mutex> hold(writing_);
    syncHeld();
    return !writeError_ || fail("cannot write: %s", std::strerror(writeError_));
  }

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
  long unitsInShare(long units) const {
    return units / share_.parts + (share_.part < units % share_.parts);
  }

  // Why the file is refused, after "checkpoint PATH: "; returns false.
  bool fail(const char* format, ...) {
    int length = std::snprintf(error_, sizeof error_, "checkpoint %s: ", path_);
    std::va_list args;
    va_start(args, format);
    std::vsnprintf(error_ + length, sizeof error_ - size_t(length), format, args);
    va_end(args);
    return false;
  }

  bool check(std::FILE* file, long& wholeBytes);
  bool checkRecord(const Record& record, long line);
  bool readPending();
  bool peek();
  void append(bool now, const char* format, ...);
  // With writing_ held: out_ written out and kept by the system.
  void syncHeld() {
    if (!writeError_ && (std::fflush(out_) != 0 || fdatasync(fileno(out_)) != 0))
      writeError_ = errno ? errno : EIO;
    nextSyncMs_ = millisecondsNow() + everyMs_;
  }

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

// Checks each whole line of the file, in order; notes a torn last one.
inline bool Checkpoint::check(std::FILE* file, long& wholeBytes) {
  auto lines = std::make_unique<RecordReader>(file);  // 96 KiB: on the heap
  while (char* line = lines->next()) {
    Record record;
    const char* why = parseRecord(line, record);
    if (why) return fail("line %ld: %s", lines->lineNumber(), why);
    if (!checkRecord(record, lines->lineNumber())) return false;
    ++recordLines_;
    wholeBytes = std::ftell(file);
  }
  if (lines->fault()) return fail("%s", lines->fault());
  torn_ = lines->torn();
  return true;
}

// Whether a record may come where it does: the header first, a board's
// records together, boards in order, the end last.
inline bool Checkpoint::checkRecord(const Record& record, long line) {
  const bool first = line == 1;
  if (first != (record.kind == Record::kHeader))
    return fail("line %ld: %s", line, first ? "not a checkpoint of queens" : "a second header");
  if (first && record.format != kCheckpointFormat)
    return fail("a checkpoint in format %d, not %d (of another version of queens?)", record.format,
                kCheckpointFormat);
  if (first && record.numbering != long(kUnitNumbering))
    return fail(
        "its units are numbered as version %ld numbers them, not %ld: count again with "
        "another file",
        record.numbering, long(kUnitNumbering));
  if (first && (record.part != share_.part + 1 || record.parts != share_.parts))
    return fail("a checkpoint of share %ld/%ld, and this run counts share %d/%d", record.part,
                record.parts, share_.part + 1, share_.parts);
  if (ended_ && !first) return fail("line %ld: a record after the end", line);
  const bool sameBoard = boardOpen_ && record.board == lastBoard_;
  const bool nextBoard = !boardOpen_ && record.board == lastBoard_ + 1;
  bool fits = first;
  if (record.kind == Record::kBoard) fits = nextBoard && record.units >= 0;
  if (record.kind == Record::kDone)
    fits = sameBoard && forEachListedUnit(record.list, lastUnits_, [](long) {});
  if (record.kind == Record::kCounted) fits = sameBoard || nextBoard;
  if (record.kind == Record::kEnd) fits = !boardOpen_ && record.board == lastBoard_;
  if (!fits) return fail("line %ld: a record out of place (damaged?)", line);
  if (record.kind == Record::kBoard) lastUnits_ = unitsInShare(record.units);
  if (!first && record.kind != Record::kEnd) lastBoard_ = record.board;
  boardOpen_ = record.kind == Record::kBoard || record.kind == Record::kDone;
  ended_ = record.kind == Record::kEnd;
  return true;
}

// Reads the next record of earlier runs into ahead_, unless it is there;
// false when none is left.
inline bool Checkpoint::peek() {
  if (haveAhead_) return true;
  if (replayLines_ == 0) return false;
  char* line = replayReader_->next();
  if (!line || parseRecord(line, ahead_)) return false;  // checked: not for this file
  --replayLines_;
  return haveAhead_ = true;
}

// Reads a split board's record and the units done after it.
inline bool Checkpoint::readPending() {
  pending_ = ahead_;
  haveAhead_ = false;
  hasPending_ = true;
  pendingDone_ = DoneUnits(unitsInShare(pending_.units));
  pendingCount_ = 0;
  while (peek() && ahead_.kind == Record::kDone) {
    bool repeated = false;
    forEachListedUnit(ahead_.list, unitsInShare(pending_.units), [&](long unit) {
      repeated = repeated || pendingDone_.has(unit);
      if (!repeated) pendingDone_.add(unit);
    });
    if (repeated) return fail("board %ld: a unit recorded as done twice (damaged?)", board_);
    pendingCount_ += ahead_.count;
    haveAhead_ = false;
  }
  return true;
}

// Appends one record with its CRC. It is written out now (a batch: about
// everyMs_ of work), else with the next sync, at most everyMs_ later: a
// stream of small boards makes no system call per board.
inline void Checkpoint::append(bool now, const char* format, ...) {
  std::va_list args, again;
  va_start(args, format);
  va_copy(again, args);
  std::string text(size_t(std::max(0, std::vsnprintf(nullptr, 0, format, args))), '\0');
  std::vsnprintf(&text[0], text.size() + 1, format, again);  // and the NUL after it
  va_end(again);
  va_end(args);
  std::lock_guard<std::mutex> hold(writing_);
  std::fprintf(out_, "%s ~%08x\n", text.c_str(), unsigned(crc32(text.data(), text.size())));
  if (millisecondsNow() >= nextSyncMs_)
    syncHeld();
  else if (now && std::fflush(out_) != 0)
    writeError_ = errno ? errno : EIO;
}

}  // namespace queens
