// ===== A checkpoint's records ===============================================
#include "lasts/checkpoint_file.hpp"

namespace queens {

uint32_t crc32(const char* text, size_t length) {
  uint32_t crc = 0xFFFFFFFFu;
  for (size_t i = 0; i < length; ++i) {
    crc ^= uint8_t(text[i]);
    for (int bit = 0; bit < 8; ++bit) crc = crc >> 1 ^ (0xEDB88320u & (0u - (crc & 1)));
  }
  return ~crc;
}

bool checkRecordLine(char* line) {
  char* mark = std::strrchr(line, '~');
  unsigned crc = 0;
  int end = 0;
  if (!mark || mark == line || mark[-1] != ' ' || std::sscanf(mark + 1, "%8x%n", &crc, &end) != 1 ||
      end != 8 || mark[9] != '\0')
    return false;
  mark[-1] = '\0';
  return crc32(line, size_t(mark - 1 - line)) == crc;
}

const char* parseRecord(char* line, Record& record) {
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

std::string unitList(const RecordBatch& batch) {
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

char* RecordReader::next() {
  char* line = lines_.next();
  if (!line || lines_.torn()) return nullptr;
  if (lines_.lineNumber() == 1 && std::strncmp(line, "queens checkpoint ", 18) != 0)
    return fail("not a checkpoint of queens");
  if (!checkRecordLine(line)) return fail("damaged: its checksum does not match");
  return line;
}

char* RecordReader::fail(const char* why) {
  std::snprintf(fault_, sizeof fault_, "line %ld: %s", lines_.lineNumber(), why);
  return nullptr;
}
}  // namespace queens
