// ===== --checkpoint's parts: checking, reading back, writing ===============
#include "lasts/checkpoint_parts.hpp"

#include <unistd.h>  // fdatasync

#include <cerrno>
#include <cstdarg>

namespace queens {

const char* RecordOrder::accept(const Record& record, long line) {
  const bool first = line == 1;
  if (first != (record.kind == Record::kHeader))
    return refuse("line %ld: %s", line, first ? "not a checkpoint of queens" : "a second header");
  if (first && record.format != kCheckpointFormat)
    return refuse("a checkpoint in format %d, not %d (of another version of queens?)",
                  record.format, kCheckpointFormat);
  if (first && record.numbering != long(kUnitNumbering))
    return refuse(
        "its units are numbered as version %ld numbers them, not %ld: count again with "
        "another file",
        record.numbering, long(kUnitNumbering));
  if (first && (record.part != share_.part + 1 || record.parts != share_.parts))
    return refuse("a checkpoint of share %ld/%ld, and this run counts share %d/%d", record.part,
                  record.parts, share_.part + 1, share_.parts);
  if (ended_ && !first) return refuse("line %ld: a record after the end", line);
  const bool sameBoard = boardOpen_ && record.board == lastBoard_;
  const bool nextBoard = !boardOpen_ && record.board == lastBoard_ + 1;
  bool fits = first;
  if (record.kind == Record::kBoard) fits = nextBoard && record.units >= 0;
  if (record.kind == Record::kDone)
    fits = sameBoard && forEachListedUnit(record.list, lastUnits_, [](long) {});
  if (record.kind == Record::kCounted) fits = sameBoard || nextBoard;
  if (record.kind == Record::kEnd) fits = !boardOpen_ && record.board == lastBoard_;
  if (!fits) return refuse("line %ld: a record out of place (damaged?)", line);
  if (record.kind == Record::kBoard) lastUnits_ = share_.unitsOf(record.units);
  if (!first && record.kind != Record::kEnd) lastBoard_ = record.board;
  boardOpen_ = record.kind == Record::kBoard || record.kind == Record::kDone;
  ended_ = record.kind == Record::kEnd;
  return nullptr;
}

const char* RecordOrder::refuse(const char* format, ...) {
  std::va_list args;
  va_start(args, format);
  std::vsnprintf(why_, sizeof why_, format, args);
  va_end(args);
  return why_;
}

Replay::~Replay() {
  if (file_) std::fclose(file_);
}

bool Replay::open(const char* path, long lines) {
  file_ = std::fopen(path, "r");
  if (!file_) return false;
  reader_ = std::make_unique<RecordReader>(file_);  // 96 KiB: on the heap
  linesLeft_ = lines;
  return true;
}

const Record* Replay::peek() {
  if (haveAhead_) return &ahead_;
  if (linesLeft_ == 0) return nullptr;
  char* line = reader_->next();
  if (!line || parseRecord(line, ahead_)) return nullptr;  // checked: not for this file
  --linesLeft_;
  haveAhead_ = true;
  return &ahead_;
}

bool Replay::takeSplit(Share share, PendingSplit& split) {
  split.board = ahead_;
  take();
  const long units = share.unitsOf(split.board.units);
  split.done = DoneUnits(units);
  split.count = 0;
  for (const Record* done = peek(); done && done->kind == Record::kDone; done = peek()) {
    bool repeated = false;
    forEachListedUnit(done->list, units, [&](long unit) {
      repeated = repeated || split.done.has(unit);
      if (!repeated) split.done.add(unit);
    });
    if (repeated) return false;
    split.count += done->count;
    take();
  }
  return true;
}

RecordWriter::~RecordWriter() {
  if (out_) std::fclose(out_);
}

void RecordWriter::start(std::FILE* out) {
  out_ = out;
  nextSyncMs_ = millisecondsNow() + everyMs_;
}

void RecordWriter::append(bool now, const std::string& text) {
  std::lock_guard<std::mutex> hold(writing_);
  std::fprintf(out_, "%s ~%08x\n", text.c_str(), unsigned(crc32(text.data(), text.size())));
  if (millisecondsNow() >= nextSyncMs_)
    syncHeld();
  else if (now && std::fflush(out_) != 0)
    error_ = errno ? errno : EIO;
}

int RecordWriter::sync() {
  std::lock_guard<std::mutex> hold(writing_);
  syncHeld();
  return error_;
}

void RecordWriter::syncHeld() {
  if (!error_ &&
      (std::fflush(out_) != 0 || (policy_ == SyncPolicy::kDurable && fdatasync(fileno(out_)) != 0)))
    error_ = errno ? errno : EIO;
  nextSyncMs_ = millisecondsNow() + everyMs_;
}

}  // namespace queens
