// ===== --checkpoint: a long count that survives being stopped ==============
#include "lasts/checkpoint.hpp"

#include <fcntl.h>     // open
#include <sys/file.h>  // flock: one run at a time per file
#include <sys/stat.h>  // stat: a file, not a folder
#include <unistd.h>    // fdatasync, ftruncate

#include <cstdarg>

namespace queens {

Checkpoint::~Checkpoint() {
  if (replay_) std::fclose(replay_);
  if (out_) std::fclose(out_);
}

bool Checkpoint::open(std::FILE* err) {
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

bool Checkpoint::nextBoard(const Board& board, Replayed& replayed) {
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

bool Checkpoint::resumeSplit(const char* method, long units, long cut, DoneUnits& done,
                             Count& resumed) {
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
  append(false, "board %ld input %08x units %ld cut %ld method %s", board_, input_.digest(), units,
         cut, method);
  return true;
}

void Checkpoint::recordBatch(const UnitBatch& batch, Count count) {
  char digits[40];
  const std::string list = unitList(batch);
  boardUnitsDone_ += batch.size;  // read only once the threads are done
  append(true, "done %ld count %s units %s", board_, formatCount(count, digits), list.c_str());
}

void Checkpoint::recordCounted(const char* method, uint64_t numbering, Count count) {
  char digits[40];
  append(false, "counted %ld input %08x units %ld cut %ld count %s method %s", board_,
         input_.digest(), long(numbering >> 32), long(numbering & 0xFFFFFFFFu),
         formatCount(count, digits), method);
}

bool Checkpoint::finish() {
  if (peek() && (ahead_.kind != Record::kEnd || ahead_.board != board_))
    return fail(
        "it holds board %ld, past this input's last (board %ld): it was made from "
        "another input",
        ahead_.board, board_);
  if (!haveAhead_) append(false, "end boards %ld input %08x", board_, input_.digest());
  return sync();
}

bool Checkpoint::sync() {
  std::lock_guard<std::mutex> hold(writing_);
  syncHeld();
  return !writeError_ || fail("cannot write: %s", std::strerror(writeError_));
}

long Checkpoint::unitsInShare(long units) const {
  return units / share_.parts + (share_.part < units % share_.parts);
}

bool Checkpoint::fail(const char* format, ...) {
  int length = std::snprintf(error_, sizeof error_, "checkpoint %s: ", path_);
  std::va_list args;
  va_start(args, format);
  std::vsnprintf(error_ + length, sizeof error_ - size_t(length), format, args);
  va_end(args);
  return false;
}

void Checkpoint::syncHeld() {
  if (!writeError_ && (std::fflush(out_) != 0 || fdatasync(fileno(out_)) != 0))
    writeError_ = errno ? errno : EIO;
  nextSyncMs_ = millisecondsNow() + everyMs_;
}

bool Checkpoint::check(std::FILE* file, long& wholeBytes) {
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

bool Checkpoint::checkRecord(const Record& record, long line) {
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

bool Checkpoint::peek() {
  if (haveAhead_) return true;
  if (replayLines_ == 0) return false;
  char* line = replayReader_->next();
  if (!line || parseRecord(line, ahead_)) return false;  // checked: not for this file
  --replayLines_;
  return haveAhead_ = true;
}

bool Checkpoint::readPending() {
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

void Checkpoint::append(bool now, const char* format, ...) {
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
