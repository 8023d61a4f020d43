// ===== --checkpoint: a long count that survives being stopped ==============
#include "lasts/checkpoint.hpp"

#include <fcntl.h>     // open
#include <sys/file.h>  // flock: one run at a time per file
#include <sys/stat.h>  // stat: a file, not a folder
#include <unistd.h>    // ftruncate

#include <cstdarg>

namespace queens {

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
  return checked && openToAppend(wholeBytes);
}

bool Checkpoint::openToAppend(long wholeBytes) {
  int fd = ::open(path_, O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (fd < 0) return fail("cannot open to write: %s", std::strerror(errno));
  std::FILE* out = fdopen(fd, "a");
  if (!out) {
    ::close(fd);
    return fail("cannot open to write: %s", std::strerror(errno));
  }
  writer_.start(out);
  if (flock(fd, LOCK_EX | LOCK_NB) != 0) return fail("in use by another run of queens");
  if (torn_) {
    std::fprintf(err_,
                 "note: checkpoint %s: its last line was cut short (a run stopped while writing "
                 "it): dropped, and what it held is counted again\n",
                 path_);
    if (ftruncate(fd, wholeBytes) != 0) return fail("cannot cut: %s", std::strerror(errno));
  }
  if (recordLines_ == 0) {  // new: written out with the first records
    append(false, "queens checkpoint format %d share %d/%d numbering %ld", kCheckpointFormat,
           share_.part + 1, share_.parts, long(kUnitNumbering));
    return true;
  }
  if (!replay_.open(path_, recordLines_)) return fail("cannot open: %s", std::strerror(errno));
  replay_.peek(), replay_.take();  // the header, checked already
  return true;
}

bool Checkpoint::nextBoard(const Board& board, Replayed& replayed) {
  ++board_;
  addBoard(input_, board);
  hasPending_ = false;
  boardUnits_ = boardUnitsDone_ = 0;
  const Record* ahead = replay_.peek();
  if (!ahead) return true;
  if (ahead->kind == Record::kEnd)
    return fail(
        "it says the input ended after board %ld, but this input goes on: it was made "
        "from another input",
        ahead->board);
  if (ahead->input != input_.digest())
    return fail("board %ld is not the board it recorded: it was made from another input", board_);
  if (ahead->kind == Record::kBoard) {
    if (!replay_.takeSplit(share_, pending_))
      return fail("board %ld: a unit recorded as done twice (damaged?)", board_);
    hasPending_ = true;
  }
  ahead = replay_.peek();
  if (!ahead || ahead->kind != Record::kCounted || ahead->board != board_) return true;
  replayed.counted = true;
  replayed.count = ahead->count;
  replayed.numbering = uint64_t(ahead->units) << 32 | uint64_t(ahead->cut);
  std::strcpy(replayed.method, ahead->method);
  replay_.take();
  return true;
}

bool Checkpoint::resumeSplit(const char* method, long units, long cut, DoneUnits& done,
                             Count& resumed) {
  if (hasPending_) {
    const Record& was = pending_.board;
    if (std::strcmp(method, was.method) != 0 || units != was.units || cut != was.cut)
      return fail(
          "board %ld was split another way (%s, %ld units cut at %ld; now %s, %ld units "
          "cut at %ld): run with the first run's options, or use another file",
          board_, was.method, was.units, was.cut, method, units, cut);
    done = std::move(pending_.done);
    resumed = pending_.count;
    hasPending_ = false;
    boardUnits_ = share_.unitsOf(units);
    boardUnitsDone_ = done.count();
    std::fprintf(err_, "note: checkpoint %s: board %ld resumes with %ld of its %ld units done\n",
                 path_, board_, done.count(), boardUnits_);
    return true;
  }
  done = DoneUnits(share_.unitsOf(units));
  resumed = 0;
  boardUnits_ = share_.unitsOf(units);
  append(false, "board %ld input %08x units %ld cut %ld method %s", board_, input_.digest(), units,
         cut, method);
  return true;
}

void Checkpoint::recordBatch(const RecordBatch& batch, Count count) {
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
  const Record* ahead = replay_.peek();
  if (ahead && (ahead->kind != Record::kEnd || ahead->board != board_))
    return fail(
        "it holds board %ld, past this input's last (board %ld): it was made from "
        "another input",
        ahead->board, board_);
  if (!ahead) append(false, "end boards %ld input %08x", board_, input_.digest());
  return sync();
}

bool Checkpoint::sync() {
  const int error = writer_.sync();
  return !error || fail("cannot write: %s", std::strerror(error));
}

bool Checkpoint::fail(const char* format, ...) {
  int length = std::snprintf(error_, sizeof error_, "checkpoint %s: ", path_);
  std::va_list args;
  va_start(args, format);
  std::vsnprintf(error_ + length, sizeof error_ - size_t(length), format, args);
  va_end(args);
  return false;
}

bool Checkpoint::check(std::FILE* file, long& wholeBytes) {
  auto lines = std::make_unique<RecordReader>(file);  // 96 KiB: on the heap
  while (char* line = lines->next()) {
    Record record;
    const char* why = parseRecord(line, record);
    if (why) return fail("line %ld: %s", lines->lineNumber(), why);
    why = order_.accept(record, lines->lineNumber());
    if (why) return fail("%s", why);
    ++recordLines_;
    wholeBytes = std::ftell(file);
  }
  if (lines->fault()) return fail("%s", lines->fault());
  torn_ = lines->torn();
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
  writer_.append(now, text);
}

}  // namespace queens
