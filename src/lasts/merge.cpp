// ===== --merge: adding shares up ==========================================
// Reads shares back, checks that they go together, and adds their counts.
#include "lasts/merge.hpp"

#include <unistd.h>  // dup

#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

#include "lasts/lines.hpp"
#include "lasts/shares.hpp"

namespace queens {

// Reads a header line; null if it is one, else why not.
const char* parseShareHeader(const char* line, ShareHeader& header) {
  int format = 0, start = 0, end = 0;
  if (std::sscanf(line, "# queens share %ld/%ld format %d %n", &header.part, &header.parts, &format,
                  &start) != 3)
    return "not a share: expected '# queens share K/M format 4 ...', as --part prints";
  if (format < 2)
    return "a share in format 1, from a queens before 1.0.0, whose units' numbering it does not "
           "name: count it again";
  // Formats 2 and 3 end with their last count: one cut short or edited
  // reads as whole, so it could add up to a wrong total.
  if (format < kShareFormat)
    return "a share in an earlier format, with no end line to check it by (a share cut short or "
           "edited would read as whole): merge it with the queens that wrote it, or count it "
           "again";
  if (format > kShareFormat) return "a share in another format than 4 (from a newer queens?)";
  if (std::sscanf(line + start, "numbering %ld input %8x plan %8x boards %ld%n", &header.numbering,
                  &header.input, &header.plan, &header.boards, &end) != 4 ||
      header.boards < 0)
    return "a share's header cut short: expected 'numbering N input X plan X boards B' after the "
           "format";
  start += end;
  end = 0;
  if (std::sscanf(line + start, " plans %127[a-z,-]%n", header.plans, &end) != 1 || !end)
    return "a share's header cut short: expected 'plans NAMES' after the boards";
  if (line[start + end]) return "a share's header with more after its last field";
  if (header.part < 1 || header.part > header.parts) return "a share K/M with K outside 1..M";
  return nullptr;
}

namespace {

// --merge: adds up shares, one file at a time; the first sets what the
// others must match. It holds a total per board and, per share read, its K,
// counts' fingerprint and file.
class ShareMerge {
 public:
  explicit ShareMerge(std::FILE* err) : err_(err) {}
  ShareMerge(const ShareMerge&) = delete;
  ShareMerge& operator=(const ShareMerge&) = delete;
  ~ShareMerge() { std::free(totals_); }

  // Adds every share of one file, `name` ("-": stdin).
  void read(const char* name, int stdinFd) {
    std::FILE* file =
        std::strcmp(name, "-") == 0 ? fdopen(dup(stdinFd), "r") : std::fopen(name, "r");
    if (!file) {
      refuse("%s: cannot open: %s", name, std::strerror(errno));
      return;
    }
    LineReader lines(file);
    char share[48] = "";  // the last share begun: "share K/M"
    long lastPart = 0;
    bool stopped = false;  // at a line refused: the rest is not read
    while (const char* line = stopped ? nullptr : lines.next()) {
      if (!*line) continue;  // blank lines between shares
      ShareHeader header;
      Count count;
      const char* why = parseShareHeader(line, header);
      if (why && lastPart && parseCount(line, count)) {
        why = "a count after its end line";
        if (Seen* copy = find(lastPart)) copy->refused = true;
      }
      if (why) {
        refuse("%s: line %ld: %s%s%s", name, lines.lineNumber(), share, *share ? ": " : "", why);
        stopped = true;
        continue;
      }
      lastPart = header.part;
      std::snprintf(share, sizeof share, "share %ld/%ld", header.part, header.parts);
      const std::string headerLine = line;  // for the end line's check
      stopped = !readCounts(lines, name, share, header, headerLine.c_str());
    }
    if (lines.fault())
      refuse("%s: %s", name, lines.fault());
    else if (!lastPart && !stopped)
      refuse("%s: empty, not a share (was its run cut short?)", name);
    std::fclose(file);
  }

  // Prints the totals, unless a share is missing or refused; the status.
  int finish(std::FILE* out) {
    if (!totals_ && !failed_) refuse("no share read");
    if (totals_) listMissing();
    if (failed_) return 1;
    char digits[40];
    for (long i = 0; i < first_.boards; ++i)
      std::fprintf(out, "%s\n", formatCount(totals_[i], digits));
    if (std::fflush(out) == 0 && !std::ferror(out)) return 0;
    std::fprintf(err_, "error: cannot write the output: %s\n", std::strerror(errno ? errno : EIO));
    return 1;
  }

 private:
  struct Seen {
    uint32_t counts;
    bool refused;  // listed as missing, to be run again
    const char* file;
  };

  // An error on stderr; the merge prints nothing. False, for the reader
  // that refuses to return.
  [[gnu::format(printf, 2, 3)]] bool refuse(const char* format, ...) {
    std::va_list args;
    va_start(args, format);
    std::fputs("error: ", err_);
    std::vfprintf(err_, format, args);
    std::fputc('\n', err_);
    va_end(args);
    failed_ = true;
    return false;
  }

  // Whether a share goes with the first one read, which it becomes if it is
  // the first; false, refused, if not.
  bool goesWithFirst(const char* name, const char* share, const ShareHeader& header) {
    if (!totals_) {
      totals_ = static_cast<Count*>(std::calloc(size_t(header.boards) + 1, sizeof(Count)));
      if (!totals_) {
        refuse("%s: %s: no memory for its totals", name, share);
        return false;
      }
      first_ = header;
      firstFile_ = name;
    } else if (header.numbering != first_.numbering) {
      refuse(
          "%s: %s numbers its units as version %ld does, and %s's share %ld/%ld as version %ld "
          "does: count them with one version of queens",
          name, share, header.numbering, firstFile_, first_.part, first_.parts, first_.numbering);
      return false;
    } else if (const char* why = header.parts != first_.parts ? "of another M"
                                 : header.input != first_.input || header.boards != first_.boards
                                     ? "of other boards (its input or boards differ)"
                                 : header.plan != first_.plan
                                     ? "of another plan: a --method, --memory or version of "
                                       "queens that cuts the board into other units"
                                     : nullptr) {
      refuse(
          "%s: %s (input %08x plan %08x boards %ld%s%s) does not go with %s's share %ld/%ld "
          "(input %08x plan %08x boards %ld%s%s): it is %s",
          name, share, header.input, header.plan, header.boards, *header.plans ? ", plans " : "",
          header.plans, firstFile_, first_.part, first_.parts, first_.input, first_.plan,
          first_.boards, *first_.plans ? ", plans " : "", first_.plans, why);
      return false;
    }
    return true;
  }

  // The counts of one share, after its header line `headerLine`, and its end
  // line; false if not whole.
  bool readCounts(LineReader& lines, const char* name, const char* share, const ShareHeader& header,
                  const char* headerLine) {
    if (!goesWithFirst(name, share, header)) return false;
    Seen* copy = find(header.part);
    Fingerprint counts;
    for (long board = 0; board < header.boards; ++board) {
      const char* line = lines.next();
      Count count;
      if (!line) {
        if (!lines.fault())
          refuse("%s: %s: only %ld of its %ld counts (was its run cut short?)", name, share, board,
                 header.boards);
        return false;
      }
      if (!parseCount(line, count))
        return refuse("%s: line %ld: %s: expected a count, got '%.40s'", name, lines.lineNumber(),
                      share, line);
      counts.addCount(count);
      if (!copy && (totals_[board] += count) < count) {
        refuse("%s: %s: board %ld's total passes 2^128 - 1", name, share, board + 1);
        return false;
      }
    }
    if (!readEnd(lines, name, share, header, shareCheck(headerLine, counts.digest()))) return false;
    if (!copy) {
      seen_.emplace(header.part, Seen{counts.digest(), false, name});
    } else if (copy->counts == counts.digest()) {
      std::fprintf(err_, "note: %s: %s is also in %s, with the same counts: counted once\n", name,
                   share, copy->file);
    } else {
      refuse("%s: %s is also in %s, with other counts", name, share, copy->file);
      copy->refused = true;
    }
    return true;
  }

  // The end line after a share's counts, which must name the share and its
  // counts and carry `check`; false, refused, if it does not.
  bool readEnd(LineReader& lines, const char* name, const char* share, const ShareHeader& header,
               uint32_t check) {
    const char* line = lines.next();
    if (!line) {
      if (!lines.fault())
        refuse("%s: %s: no end line after its %ld counts (was its run cut short?)", name, share,
               header.boards);
      return false;
    }
    long part = 0, parts = 0, counts = 0;
    unsigned written = 0;
    int end = 0;
    Count count;
    if (parseCount(line, count))
      return refuse("%s: line %ld: %s: more counts than boards", name, lines.lineNumber(), share);
    if (std::sscanf(line, "# end share %ld/%ld counts %ld check %8x%n", &part, &parts, &counts,
                    &written, &end) != 4 ||
        line[end] || part != header.part || parts != header.parts || counts != header.boards)
      return refuse(
          "%s: line %ld: %s: expected its end line, '# end %s counts %ld check ...', got "
          "'%.60s'",
          name, lines.lineNumber(), share, share, header.boards, line);
    if (written != check)
      return refuse(
          "%s: line %ld: %s: its check %08x is not that of its header and counts "
          "(%08x): the share was edited or damaged",
          name, lines.lineNumber(), share, written, unsigned(check));
    return true;
  }

  // The share K read before, or null.
  Seen* find(long part) {
    auto read = seen_.find(part);
    return read == seen_.end() ? nullptr : &read->second;
  }

  // Lists the shares to run again, as sbatch --array= takes them.
  void listMissing() {
    long good = 0;
    bool refused = false;
    for (const auto& [part, share] : seen_) good += !share.refused, refused |= share.refused;
    if (good == first_.parts) return;
    std::fprintf(err_, "error: %ld of %ld shares missing%s: ", first_.parts - good, first_.parts,
                 refused ? " or refused" : "");
    const char* comma = "";
    for (long part = 1; part <= first_.parts; ++part) {
      Seen* share = find(part);
      if (!share || share->refused) std::fprintf(err_, "%s%ld", comma, part), comma = ",";
    }
    std::fputc('\n', err_);
    failed_ = true;
  }

  std::FILE* err_;
  ShareHeader first_;  // the first share read
  const char* firstFile_ = "";
  Count* totals_ = nullptr;    // one per board
  std::map<long, Seen> seen_;  // the shares read, by K
  bool failed_ = false;
};

}  // namespace

int mergeShares(const std::vector<const char*>& names, int in, std::FILE* out, std::FILE* err) {
  ShareMerge merge(err);
  for (const char* name : names) merge.read(name, in);
  return merge.finish(out);
}

}  // namespace queens
