// ===== --stats: how each board was counted ==================================
#include "faces/stats.hpp"

#include <cstring>

#include "run/progress.hpp"

namespace queens {

void printStats(const BoardStats& stats, std::FILE* err) {
  const Report& report = stats.report;
  char shareName[48] = "";
  if (stats.sharing)
    std::snprintf(shareName, sizeof shareName, ", share %d of %d", stats.share.part + 1,
                  stats.share.parts);
  char allocated[48] = "";
  if (report.bytes)
    std::snprintf(allocated, sizeof allocated, ", %.1f MiB allocated",
                  double(report.bytes) / (1 << 20));
  char digits[40];
  char device[160] = "", deviceTimes[160] = "";
  if (*report.device) {
    std::snprintf(device, sizeof device, " on %s", report.device);
    const int length = std::snprintf(deviceTimes, sizeof deviceTimes,
                                     ", %.3f ms waiting for the device, %.3f ms handing it work",
                                     1000 * report.deviceWait, 1000 * report.deviceHanding);
    if (report.deviceStart > 0 && length > 0 && size_t(length) < sizeof deviceTimes)
      std::snprintf(deviceTimes + length, sizeof deviceTimes - size_t(length),
                    ", %.3f ms starting it", 1000 * report.deviceStart);
  }
  std::fprintf(err, "board %ld: %dx%d%s, %s%s, %s nodes, %.3f ms, %d thread%s%s%s%s",
               stats.boardNumber, stats.board.n, stats.board.n, shareName, report.method, device,
               formatCount(report.nodes, digits), 1000 * secondsSince(stats.start), report.threads,
               report.threads > 1 ? "s" : "", deviceTimes, allocated, report.note);
  if (!report.reason.empty()) std::fprintf(err, "; why: %s", report.reason.c_str());
  std::fputc('\n', err);
}

namespace {

// `text` as a JSON string, quoted, its quotes, backslashes and control
// characters escaped.
void printJsonString(const char* text, std::FILE* err) {
  std::fputc('"', err);
  for (; *text; ++text) {
    const unsigned char c = static_cast<unsigned char>(*text);
    if (c == '"' || c == '\\')
      std::fprintf(err, "\\%c", c);
    else if (c < 0x20)
      std::fprintf(err, "\\u%04x", c);
    else
      std::fputc(c, err);
  }
  std::fputc('"', err);
}

}  // namespace

void printStatsJson(const BoardStats& stats, std::FILE* err) {
  const Report& report = stats.report;
  std::fprintf(err, "{\"board\":%ld,\"size\":%d,\"share\":", stats.boardNumber, stats.board.n);
  if (stats.sharing)
    std::fprintf(err, "{\"part\":%d,\"parts\":%d}", stats.share.part + 1, stats.share.parts);
  else
    std::fputs("null", err);
  std::fputs(",\"method\":", err);
  printJsonString(report.method, err);
  char digits[40];
  std::fputs(",\"device\":", err);
  *report.device ? printJsonString(report.device, err) : (void)std::fputs("null", err);
  std::fprintf(err,
               ",\"nodes\":%s,\"ms\":%.3f,\"threads\":%d,\"device_wait_ms\":%.3f,"
               "\"device_hand_ms\":%.3f,\"device_start_ms\":%.3f,\"join_bytes\":%llu,\"note\":",
               formatCount(report.nodes, digits), 1000 * secondsSince(stats.start), report.threads,
               1000 * report.deviceWait, 1000 * report.deviceHanding, 1000 * report.deviceStart,
               static_cast<unsigned long long>(report.bytes));
  const char* note = report.note;
  if (std::strncmp(note, ", ", 2) == 0) note += 2;  // the prose line's notes start with ", "
  printJsonString(note, err);
  std::fputs(",\"reason\":", err);
  !report.reason.empty() ? printJsonString(report.reason.c_str(), err)
                         : (void)std::fputs("null", err);
  std::fputs("}\n", err);
}

}  // namespace queens
