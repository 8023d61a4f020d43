// The lasts layer alone (queens_lasts): how counts, shares' headers and
// checkpoints' records are read back, and the fingerprints that keep shares
// of different runs apart. Every value here is worked out by hand.
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "check.hpp"
#include "lasts/checkpoint_file.hpp"
#include "lasts/merge.hpp"

namespace {

using queens::Count;

void countsReadBack() {
  Count count = 7;
  CHECK(queens::parseCount("0", count) && count == 0);
  CHECK(queens::parseCount("2691008701644", count) && count == Count{2691008701644u});
  CHECK(queens::parseCount("340282366920938463463374607431768211455", count) && count == ~Count{0});
  CHECK(!queens::parseCount("340282366920938463463374607431768211456", count));  // 2^128
  CHECK(!queens::parseCount("", count));
  CHECK(!queens::parseCount("12 ", count));
  CHECK(!queens::parseCount("-1", count));
}

void shareHeaders() {
  queens::ShareHeader header;
  CHECK(queens::parseShareHeader(
            "# queens share 3/64 format 2 numbering 5 input 9f1c2e0a plan 5d0a77c1 boards 2",
            header) == nullptr);
  CHECK(header.part == 3 && header.parts == 64 && header.boards == 2 && header.numbering == 5);
  CHECK(header.input == 0x9f1c2e0au && header.plan == 0x5d0a77c1u);
  CHECK(queens::parseShareHeader("# queens share 5/4 format 2 numbering 5 input 0 plan 0 boards 1",
                                 header));
  CHECK(queens::parseShareHeader("# queens share 1/4 format 1 input 0 plan 0 boards 1", header));
  CHECK(queens::parseShareHeader("# queens share 1/4 format 3 numbering 5 input 0 plan 0 boards 1",
                                 header));
  CHECK(queens::parseShareHeader("# queens share 1/4 format 2 numbering 5 input 0", header));
  CHECK(queens::parseShareHeader("12", header));
}

void fingerprints() {
  queens::Fingerprint a, b, c;
  a.addText("ab"), a.addText("c");
  b.addText("a"), b.addText("bc");
  c.addText("ab"), c.addText("c");
  CHECK(a.digest() == c.digest());  // the same values, the same digest
  CHECK(a.digest() != b.digest());  // the ends of the texts count
  queens::Fingerprint empty;
  CHECK(empty.digest() ==
        uint32_t(0xCBF29CE484222325u ^ 0xCBF29CE484222325u >> 32));  // FNV-1a's basis
}

// A record line: its text, " ~", and the CRC-32 of the text in hex.
std::string recordLine(const std::string& text) {
  char crc[16];
  std::snprintf(crc, sizeof crc, " ~%08x", queens::crc32(text.data(), text.size()));
  return text + crc;
}

void checkpointRecords() {
  CHECK(queens::crc32("123456789", 9) == 0xCBF43926u);  // CRC-32's check value
  std::string line = recordLine("done 2 count 14200 units 0-3,9");
  std::string damaged = line;
  damaged[5] = '3';
  CHECK(!queens::checkRecordLine(&damaged[0]));
  CHECK(queens::checkRecordLine(&line[0]));
  queens::Record record;
  CHECK(queens::parseRecord(&line[0], record) == nullptr);
  CHECK(record.kind == queens::Record::kDone && record.board == 2 && record.count == 14200);
  long units[8], listed = 0;
  CHECK(queens::forEachListedUnit(record.list, 10, [&](long unit) { units[listed++] = unit; }));
  CHECK(listed == 5 && units[0] == 0 && units[3] == 3 && units[4] == 9);
  CHECK(!queens::forEachListedUnit("3,1", 10, [](long) {}));   // units must rise
  CHECK(!queens::forEachListedUnit("9-12", 10, [](long) {}));  // and stay below the units
  char end[] = "end boards 3 input 32de7634";
  CHECK(queens::parseRecord(end, record) == nullptr && record.kind == queens::Record::kEnd);
  char other[] = "begin 3";
  CHECK(queens::parseRecord(other, record) != nullptr);
}

// `text` as a file, for a LineReader.
std::FILE* fileOf(const std::string& text) {
  std::FILE* file = std::tmpfile();
  std::fwrite(text.data(), 1, text.size(), file);
  std::rewind(file);
  return file;
}

void linesReadBack() {
  std::FILE* file = fileOf("first  \r\n\nsecond");
  queens::LineReader lines(file);
  const char* line = lines.next();
  CHECK(line && std::strcmp(line, "first") == 0 && !lines.torn());  // no end, no trailing blanks
  line = lines.next();
  CHECK(line && !*line && lines.lineNumber() == 2);
  line = lines.next();
  CHECK(line && std::strcmp(line, "second") == 0 && lines.torn());  // no line end: torn
  CHECK(!lines.next() && !lines.fault() && lines.lineNumber() == 3);
  std::fclose(file);

  file = fileOf(std::string("ok\nbad\0byte\n", 12));
  queens::LineReader withNul(file);
  CHECK(withNul.next() && !withNul.next());
  CHECK(withNul.fault() &&
        std::strcmp(withNul.fault(), "line 2: a NUL byte, which no line holds") == 0);
  std::fclose(file);

  file = fileOf(std::string(queens::LineReader::kMostBytes + 1, '1') + "\n");
  auto tooLong = std::make_unique<queens::LineReader>(file);  // 96 KiB: on the heap
  CHECK(!tooLong->next() && std::strcmp(tooLong->fault(), "line 1: over 96 KiB long") == 0);
  std::fclose(file);
}

void recordsReadBack() {
  std::FILE* file = fileOf(recordLine("queens checkpoint format 1 share 1/1 numbering 5") + "\n" +
                           recordLine("end boards 0 input 0") + "\nend boards");
  queens::RecordReader records(file);
  CHECK(records.next() && records.next() && !records.next());
  CHECK(records.torn() && !records.fault());  // a crash's torn last line: no fault
  std::fclose(file);
  file = fileOf("# queens share 1/1 format 2 numbering 5 input 0 plan 0 boards 0\n");
  queens::RecordReader share(file);
  CHECK(!share.next() && std::strcmp(share.fault(), "line 1: not a checkpoint of queens") == 0);
  std::fclose(file);
}

}  // namespace

int main() {
  countsReadBack();
  shareHeaders();
  fingerprints();
  checkpointRecords();
  linesReadBack();
  recordsReadBack();
  return unit::finish("lasts");
}
