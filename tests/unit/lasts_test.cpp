// The lasts layer alone (queens_lasts): how counts, shares' headers and
// checkpoints' records are read back, and the fingerprints that keep shares
// of different runs apart. Every value here is worked out by hand.
#include <unistd.h>  // mkstemp, write

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include "lasts/checkpoint_file.hpp"
#include "lasts/checkpoint_parts.hpp"
#include "lasts/merge.hpp"
#include "lasts/shares.hpp"

namespace {

using queens::Count;

TEST_CASE("counts read back") {
  Count count = 7;
  CHECK((queens::parseCount("0", count) && count == 0));
  CHECK((queens::parseCount("2691008701644", count) && count == Count{2691008701644u}));
  CHECK(
      (queens::parseCount("340282366920938463463374607431768211455", count) && count == ~Count{0}));
  CHECK(!queens::parseCount("340282366920938463463374607431768211456", count));  // 2^128
  CHECK(!queens::parseCount("", count));
  CHECK(!queens::parseCount("12 ", count));
  CHECK(!queens::parseCount("-1", count));
}

TEST_CASE("share headers") {
  queens::ShareHeader header;
  CHECK(queens::parseShareHeader("# queens share 3/64 format 4 numbering 5 input 9f1c2e0a plan "
                                 "5d0a77c1 boards 2 plans whole,join",
                                 header) == nullptr);
  CHECK((header.part == 3 && header.parts == 64 && header.boards == 2 && header.numbering == 5));
  CHECK((header.input == 0x9f1c2e0au && header.plan == 0x5d0a77c1u));
  CHECK(std::strcmp(header.plans, "whole,join") == 0);
  // Formats 2 and 3 have no end line to check them by.
  CHECK(queens::parseShareHeader(
      "# queens share 3/64 format 3 numbering 5 input 9f1c2e0a plan 5d0a77c1 boards 2 plans join",
      header));
  CHECK(queens::parseShareHeader(
      "# queens share 3/64 format 2 numbering 5 input 9f1c2e0a plan 5d0a77c1 boards 2", header));
  CHECK(queens::parseShareHeader(
      "# queens share 5/4 format 4 numbering 5 input 0 plan 0 boards 1 plans join", header));
  CHECK(queens::parseShareHeader("# queens share 1/4 format 1 input 0 plan 0 boards 1", header));
  CHECK(queens::parseShareHeader(
      "# queens share 1/4 format 5 numbering 5 input 0 plan 0 boards 1 plans join", header));
  CHECK(queens::parseShareHeader("# queens share 1/4 format 4 numbering 5 input 0 plan 0 boards 1",
                                 header));  // no plans
  CHECK(queens::parseShareHeader(
      "# queens share 1/4 format 4 numbering 5 input 0 plan 0 boards 1 plans join more", header));
  CHECK(queens::parseShareHeader("# queens share 1/4 format 4 numbering 5 input 0", header));
  CHECK(queens::parseShareHeader("12", header));
}

// The text of share `part` of 2 of one empty 4x4 board, with `count`.
std::string shareText(int part, queens::Count count) {
  queens::Board board;
  board.n = 4;
  for (int r = 0; r < 4; ++r) board.freeSquares[r] = 0xF;
  queens::ShareOutput share(queens::Share{part - 1, 2});
  CHECK(share.add(board, count, "rows", 7));
  std::FILE* file = std::tmpfile();
  share.write(file);
  std::string text(256, '\0');
  std::rewind(file);
  text.resize(std::fread(&text[0], 1, text.size(), file));
  std::fclose(file);
  return text;
}

// Merges shares, each a file's text; the status, with stdout and stderr.
int merged(const std::vector<std::string>& texts, std::string& out, std::string& err) {
  std::vector<std::string> paths;
  std::vector<const char*> names;
  for (const std::string& text : texts) {
    char path[] = "/tmp/queens_unit_XXXXXX";
    const int fd = mkstemp(path);
    CHECK((fd >= 0 && write(fd, text.data(), text.size()) == ssize_t(text.size())));
    close(fd);
    paths.push_back(path);
  }
  for (const std::string& path : paths) names.push_back(path.c_str());
  std::FILE* outFile = std::tmpfile();
  std::FILE* errFile = std::tmpfile();
  const int status = queens::mergeShares(names, 0, outFile, errFile);
  for (auto [file, text] : {std::pair{outFile, &out}, std::pair{errFile, &err}}) {
    text->assign(4096, '\0');
    std::rewind(file);
    text->resize(std::fread(&(*text)[0], 1, text->size(), file));
    std::fclose(file);
  }
  for (const std::string& path : paths) std::remove(path.c_str());
  return status;
}

// Shares with their end lines add up; a share whose check holds but whose
// counts differ from another copy's is refused (a run that counted wrong).
TEST_CASE("shares merge") {
  const std::string first = shareText(1, 1), second = shareText(2, 1);
  CHECK(first.find("\n1\n# end share 1/2 counts 1 check ") != std::string::npos);
  std::string out, err;
  CHECK((merged({first, second}, out, err) == 0 && out == "2\n" && err.empty()));
  CHECK((merged({first, second, shareText(2, 5)}, out, err) == 1 && out.empty()));
  CHECK((err.find("share 2/2 is also in") != std::string::npos &&
         err.find("with other counts") != std::string::npos));
  std::string edited = second;
  edited[edited.find("\n1\n") + 1] = '3';
  CHECK((merged({first, edited}, out, err) == 1 && out.empty()));
  CHECK(err.find("line 3: share 2/2: its check") != std::string::npos);
}

TEST_CASE("fingerprints") {
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

TEST_CASE("checkpoint records") {
  CHECK(queens::crc32("123456789", 9) == 0xCBF43926u);  // CRC-32's check value
  std::string line = recordLine("done 2 count 14200 units 0-3,9");
  std::string damaged = line;
  damaged[5] = '3';
  CHECK(!queens::checkRecordLine(&damaged[0]));
  CHECK(queens::checkRecordLine(&line[0]));
  queens::Record record;
  CHECK(queens::parseRecord(&line[0], record) == nullptr);
  CHECK((record.kind == queens::Record::kDone && record.board == 2 && record.count == 14200));
  long units[8], listed = 0;
  CHECK(queens::forEachListedUnit(record.list, 10, [&](long unit) { units[listed++] = unit; }));
  CHECK((listed == 5 && units[0] == 0 && units[3] == 3 && units[4] == 9));
  CHECK(!queens::forEachListedUnit("3,1", 10, [](long) {}));   // units must rise
  CHECK(!queens::forEachListedUnit("9-12", 10, [](long) {}));  // and stay below the units
  char end[] = "end boards 3 input 32de7634";
  CHECK((queens::parseRecord(end, record) == nullptr && record.kind == queens::Record::kEnd));
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

TEST_CASE("lines read back") {
  std::FILE* file = fileOf("first  \r\n\nsecond");
  queens::LineReader lines(file);
  const char* line = lines.next();
  CHECK((line && std::strcmp(line, "first") == 0 && !lines.torn()));  // no end, no trailing blanks
  line = lines.next();
  CHECK((line && !*line && lines.lineNumber() == 2));
  line = lines.next();
  CHECK((line && std::strcmp(line, "second") == 0 && lines.torn()));  // no line end: torn
  CHECK((!lines.next() && !lines.fault() && lines.lineNumber() == 3));
  std::fclose(file);

  file = fileOf(std::string("ok\nbad\0byte\n", 12));
  queens::LineReader withNul(file);
  CHECK((withNul.next() && !withNul.next()));
  CHECK((withNul.fault() &&
         std::strcmp(withNul.fault(), "line 2: a NUL byte, which no line holds") == 0));
  std::fclose(file);

  file = fileOf(std::string(queens::LineReader::kMostBytes + 1, '1') + "\n");
  auto tooLong = std::make_unique<queens::LineReader>(file);  // 96 KiB: on the heap
  CHECK((!tooLong->next() && std::strcmp(tooLong->fault(), "line 1: over 96 KiB long") == 0));
  std::fclose(file);
}

TEST_CASE("records read back") {
  std::FILE* file = fileOf(recordLine("queens checkpoint format 1 share 1/1 numbering 5") + "\n" +
                           recordLine("end boards 0 input 0") + "\nend boards");
  queens::RecordReader records(file);
  CHECK((records.next() && records.next() && !records.next()));
  CHECK((records.torn() && !records.fault()));  // a crash's torn last line: no fault
  std::fclose(file);
  file = fileOf("# queens share 1/1 format 2 numbering 5 input 0 plan 0 boards 0\n");
  queens::RecordReader share(file);
  CHECK((!share.next() && std::strcmp(share.fault(), "line 1: not a checkpoint of queens") == 0));
  std::fclose(file);
}

queens::Record recordOf(const char* text) {
  static char line[256];
  std::snprintf(line, sizeof line, "%s", text);
  queens::Record record;
  CHECK(queens::parseRecord(line, record) == nullptr);
  return record;
}

// A checkpoint's records in the order a run writes them, and out of it.
TEST_CASE("record order") {
  const queens::Share second{1, 3};  // share 2/3
  const queens::Share first{0, 3};
  CHECK((second.unitsOf(10) == 3 && first.unitsOf(10) == 4));
  queens::RecordOrder order(second);
  const char* lines[] = {"queens checkpoint format 1 share 2/3 numbering 5",
                         "board 1 input 1 units 10 cut 4 method rows",  // 3 units are share 2's
                         "done 1 count 7 units 0-2",
                         "counted 1 input 1 units 10 cut 4 count 7 method rows",
                         "counted 2 input 2 units 0 cut 0 count 5 method rows",
                         "end boards 2 input 2"};
  long line = 0;
  for (const char* text : lines) CHECK(order.accept(recordOf(text), ++line) == nullptr);
  CHECK(order.accept(recordOf("counted 3 input 3 units 0 cut 0 count 5 method rows"), 7) !=
        nullptr);
  queens::RecordOrder other(second);
  const char* why = other.accept(recordOf("queens checkpoint format 1 share 1/3 numbering 5"), 1);
  CHECK((why && std::strcmp(why, "a checkpoint of share 1/3, and this run counts share 2/3") == 0));
  queens::RecordOrder skips(second);
  skips.accept(recordOf(lines[0]), 1);
  skips.accept(recordOf(lines[1]), 2);
  why = skips.accept(recordOf("done 1 count 7 units 3"), 3);  // unit 3 of 3: past the share's
  CHECK((why && std::strcmp(why, "line 3: a record out of place (damaged?)") == 0));
}

// A split board read back with its units done; a unit done twice refused.
TEST_CASE("splits read back") {
  const std::string header = recordLine("queens checkpoint format 1 share 1/1 numbering 5") + "\n";
  const std::string board = recordLine("board 1 input 1 units 10 cut 4 method rows") + "\n";
  const std::string text = header + board + recordLine("done 1 count 7 units 0-2") + "\n" +
                           recordLine("done 1 count 5 units 5") + "\n";
  char path[] = "/tmp/queens_unit_XXXXXX";
  const int fd = mkstemp(path);
  CHECK((fd >= 0 && write(fd, text.data(), text.size()) == ssize_t(text.size())));
  close(fd);
  queens::Replay replay;
  CHECK(replay.open(path, 4));
  CHECK((replay.peek() && replay.peek()->kind == queens::Record::kHeader));
  replay.take();
  queens::PendingSplit split;
  CHECK((replay.peek() && replay.takeSplit(queens::Share{}, split)));
  CHECK((split.count == 12 && split.done.count() == 4 && split.done.has(5) && !split.done.has(3)));
  CHECK(replay.peek() == nullptr);
  std::FILE* again = std::fopen(path, "w");
  const std::string twice = header + board + recordLine("done 1 count 7 units 0-2") + "\n" +
                            recordLine("done 1 count 5 units 2") + "\n";
  std::fputs(twice.c_str(), again);
  std::fclose(again);
  queens::Replay damaged;
  CHECK(damaged.open(path, 4));
  damaged.peek(), damaged.take();
  CHECK((damaged.peek() && !damaged.takeSplit(queens::Share{}, split)));
  std::remove(path);
}

// Records written with their CRCs, read back whole.
TEST_CASE("records written") {
  char path[] = "/tmp/queens_unit_XXXXXX";
  close(mkstemp(path));
  {
    queens::RecordWriter writer(1000);
    writer.start(std::fopen(path, "a"));
    writer.append(false, "queens checkpoint format 1 share 1/1 numbering 5");
    writer.append(true, "end boards 0 input 0");
    CHECK((writer.sync() == 0 && writer.error() == 0));
  }
  std::FILE* file = std::fopen(path, "r");
  queens::RecordReader records(file);
  CHECK(records.next());
  char* second = records.next();
  CHECK((second && std::strcmp(second, "end boards 0 input 0") == 0));
  CHECK((!records.next() && !records.torn() && !records.fault()));
  std::fclose(file);
  std::remove(path);
}

// A checkpoint's batch is full at kMostUnits units, or at its deadline
// once it holds one.
TEST_CASE("batches fill") {
  static queens::RecordBatch batch;  // 32 KiB: not on the stack
  batch.start(60000);
  CHECK(!batch.full());
  for (long unit = 0; unit < queens::RecordBatch::kMostUnits; ++unit) batch.add(unit);
  CHECK((batch.full() && batch.units[0] == 0));
  batch.start(0);        // its deadline now
  CHECK(!batch.full());  // empty: a batch holds at least one unit
  batch.add(7);
  CHECK(batch.full());
}

}  // namespace
