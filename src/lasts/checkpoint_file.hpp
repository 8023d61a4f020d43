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
#include "lasts/record_batch.hpp"
#include "lasts/shares.hpp"
#include "work/units.hpp"

namespace queens {

constexpr int kCheckpointFormat = 1;

// CRC-32 (the polynomial of zip and Ethernet, bit-reversed as 0xEDB88320),
// one bit at a time: records are short. Unlike a hash, it catches every
// change of up to 32 bits in a row, so any one byte flipped.
uint32_t crc32(const char* text, size_t length);

// Whether a line (without its line end) ends in the CRC of the text before
// " ~"; if so, cuts the CRC off.
bool checkRecordLine(char* line);

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
const char* parseRecord(char* line, Record& record);

// Calls add(unit) for each unit of a done record's list ("0-3,9"); false if
// the list is not one of units below `units`, rising.
template <class Add>
bool forEachListedUnit(const char* list, long units, Add add) {
  long next = 0;  // units must rise: each is at least this
  for (const char* at = list;; ++at) {
    long first = 0, last = 0;
    int length = 0;
    if (std::sscanf(at, "%ld%n", &first, &length) != 1 || *at == '-' || *at == '+') return false;
    at += length;
    last = first;
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

// The longest record: a done record of RecordBatch::kMostUnits units of up
// to 19 digits, with commas, and its words.
constexpr size_t kMostRecordBytes = RecordBatch::kMostUnits * 20 + 256;

// A batch's units as a list, runs of consecutive units as "a-b".
std::string unitList(const RecordBatch& batch);

static_assert(kMostRecordBytes + 16 <= LineReader::kMostBytes, "a record and its CRC fit a line");

// Reads a checkpoint's records: its lines, each one's CRC checked. With the
// lines' error convention: fault() is a whole phrase, with the line.
class RecordReader {
 public:
  explicit RecordReader(std::FILE* file) : lines_(file) {}

  // The next record's text, or null at the end, at a torn last line
  // (torn()), or at a fault (fault()).
  char* next();
  long lineNumber() const { return lines_.lineNumber(); }  // of the line read last
  const char* fault() const { return *fault_ ? fault_ : lines_.fault(); }
  bool torn() const { return lines_.torn(); }

 private:
  char* fail(const char* why);

  LineReader lines_;
  char fault_[96] = "";
};

}  // namespace queens
