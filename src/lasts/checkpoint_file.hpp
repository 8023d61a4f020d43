// ===== --checkpoint's file: records that check themselves ==================
// A checkpoint is text, a record a line, appended as the count runs. Each
// line ends in " ~" and the CRC-32 of the text before it, so a crash at any
// byte leaves a file whose whole lines all check:
//   queens checkpoint format 1 share 1/1 numbering 5
//   board 1 input 9f1c2e0a units 1024 cut 7 method symmetry-propagate
//   done 1 count 52 units 0-3,9
//   counted 1 input 9f1c2e0a units 1024 cut 7 count 95815104 method join
//   end boards 1 input 9f1c2e0a
// `board` begins a board split into units (`units` of them in all shares,
// cut at `cut`), `done` gives a batch of its units (numbered within the
// share) and their count, `counted` the board's count, and `end` says that
// the whole input is counted. `input` fingerprints the boards up to this one,
// as a share's header does the whole input. The records of a board come
// together, boards in order; only the last may lack its `counted`.
#pragma once

#include <cstdio>
#include <cstring>
#include <string>

#include "lasts/lines.hpp"
#include "lasts/shares.hpp"
#include "work/units.hpp"

namespace queens {

constexpr int kCheckpointFormat = 1;

// CRC-32 (the polynomial of zip and Ethernet, bit-reversed as 0xEDB88320),
// one bit at a time: records are short. Unlike a hash, it catches every
// change of up to 32 bits in a row, so any one byte flipped.
inline uint32_t crc32(const char* text, size_t length) {
  uint32_t crc = 0xFFFFFFFFu;
  for (size_t i = 0; i < length; ++i) {
    crc ^= uint8_t(text[i]);
    for (int bit = 0; bit < 8; ++bit) crc = crc >> 1 ^ (0xEDB88320u & (0u - (crc & 1)));
  }
  return ~crc;
}

// Whether a line (without its line end) ends in the CRC of the text before
// " ~"; if so, cuts the CRC off.
inline bool checkRecordLine(char* line) {
  char* mark = std::strrchr(line, '~');
  unsigned crc = 0;
  int end = 0;
  if (!mark || mark == line || mark[-1] != ' ' || std::sscanf(mark + 1, "%8x%n", &crc, &end) != 1 ||
      end != 8 || mark[9] != '\0')
    return false;
  mark[-1] = '\0';
  return crc32(line, size_t(mark - 1 - line)) == crc;
}

// One record, read back.
struct Record {
  enum Kind { kHeader, kBoard, kDone, kCounted, kEnd } kind = kHeader;
  long board = 0;      // board, done, counted; end: how many
  unsigned input = 0;  // board, counted, end
  long units = 0;      // board, counted: the units of every share
  long cut = 0;        // board, counted: where the units are cut
  Count count = 0;     // done, counted
  char method[48] = "";
  const char* list = nullptr;  // done: the units, in the line read
  long part = 0, parts = 0;    // header: the share
  long numbering = 0;          // header: kUnitNumbering
  int format = 0;              // header
};

// Reads the text of a record; null if it is one, else why not.
inline const char* parseRecord(char* line, Record& record) {
  int end = 0;
  char digits[48];
  auto rest = [&](const char* field) {  // the text after " FIELD " at `end`
    const size_t length = std::strlen(field);
    return std::strncmp(line + end, field, length) == 0 ? line + end + length : nullptr;
  };
  if (std::sscanf(line, "queens checkpoint format %d share %ld/%ld numbering %ld%n", &record.format,
                  &record.part, &record.parts, &record.numbering, &end) == 4 &&
      !line[end]) {
    record.kind = Record::kHeader;
    return nullptr;
  }
  if (std::sscanf(line, "board %ld input %8x units %ld cut %ld%n", &record.board, &record.input,
                  &record.units, &record.cut, &end) == 4) {
    record.kind = Record::kBoard;
    const char* method = rest(" method ");
    if (!method || std::strlen(method) >= sizeof record.method) return "a board record cut short";
    std::strcpy(record.method, method);
    return nullptr;
  }
  if (std::sscanf(line, "done %ld count %40s%n", &record.board, digits, &end) == 2) {
    record.kind = Record::kDone;
    record.list = rest(" units ");
    return record.list && parseCount(digits, record.count) ? nullptr : "a done record cut short";
  }
  if (std::sscanf(line, "counted %ld input %8x units %ld cut %ld count %40s%n", &record.board,
                  &record.input, &record.units, &record.cut, digits, &end) == 5) {
    record.kind = Record::kCounted;
    const char* method = rest(" method ");
    if (!method || std::strlen(method) >= sizeof record.method || !parseCount(digits, record.count))
      return "a counted record cut short";
    std::strcpy(record.method, method);
    return nullptr;
  }
  if (std::sscanf(line, "end boards %ld input %8x%n", &record.board, &record.input, &end) == 2 &&
      !line[end]) {
    record.kind = Record::kEnd;
    return nullptr;
  }
  return "not a checkpoint record";
}

// Calls add(unit) for each unit of a done record's list ("0-3,9"); false if
// the list is not one of units below `units`, rising.
template <class Add>
bool forEachListedUnit(const char* list, long units, Add add) {
  long next = 0;  // units must rise: each is at least this
  for (const char* at = list;; ++at) {
    long first = 0, last = 0;
    int length = 0;
    if (std::sscanf(at, "%ld%n", &first, &length) != 1 || *at == '-' || *at == '+') return false;
    at += length, last = first;
    if (*at == '-' && (std::sscanf(at + 1, "%ld%n", &last, &length) != 1 || at[1] == '-'))
      return false;
    if (*at == '-') at += 1 + length;
    if (first < next || last < first || last >= units) return false;
    for (long unit = first; unit <= last; ++unit) add(unit);
    next = last + 1;
    if (*at == '\0') return true;
    if (*at != ',') return false;
  }
}

// The longest record: a done record of UnitBatch::kMostUnits units of up
// to 19 digits, with commas, and its words.
constexpr size_t kMostRecordBytes = UnitBatch::kMostUnits * 20 + 256;

// A batch's units as a list, runs of consecutive units as "a-b".
inline std::string unitList(const UnitBatch& batch) {
  std::string list;
  for (int i = 0; i < batch.size;) {
    int j = i;
    while (j + 1 < batch.size && batch.units[j + 1] == batch.units[j] + 1) ++j;
    if (i > 0) list += ',';
    list += std::to_string(batch.units[i]);
    if (j > i) list += '-' + std::to_string(batch.units[j]);
    i = j + 1;
  }
  return list;
}

static_assert(kMostRecordBytes + 16 <= LineReader::kMostBytes, "a record and its CRC fit a line");

// Reads a checkpoint's records: its lines, each one's CRC checked. With the
// lines' error convention: fault() is a whole phrase, with the line.
class RecordReader {
 public:
  explicit RecordReader(std::FILE* file) : lines_(file) {}

  // The next record's text, or null at the end, at a torn last line
  // (torn()), or at a fault (fault()).
  char* next() {
    char* line = lines_.next();
    if (!line || lines_.torn()) return nullptr;
    if (lines_.lineNumber() == 1 && std::strncmp(line, "queens checkpoint ", 18) != 0)
      return fail("not a checkpoint of queens");
    if (!checkRecordLine(line)) return fail("damaged: its checksum does not match");
    return line;
  }
  long lineNumber() const { return lines_.lineNumber(); }  // of the line read last
  const char* fault() const { return *fault_ ? fault_ : lines_.fault(); }
  bool torn() const { return lines_.torn(); }

 private:
  char* fail(const char* why) {
    std::snprintf(fault_, sizeof fault_, "line %ld: %s", lines_.lineNumber(), why);
    return nullptr;
  }

  LineReader lines_;
  char fault_[96] = "";
};

}  // namespace queens
