// Makes the judge's one-file solution.cpp from its parts in src/judge, as
// SQLite makes its amalgamation: the entry file's notes and map, then each
// part it includes, once, in order, each part's banner (its first comment)
// directly over its code, all in one `namespace queens` block; every system
// header is included once, at the top.
//   bundle ENTRY OUTPUT     writes OUTPUT (- for stdout)
// Exits 1, with a message, if a file cannot be read or written, or if the
// result does not read in order: two banners with no code between them, or
// banners that are not the map's sections in the map's order.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

const char* kNotice =
    "// MADE BY src/bundle.cpp: src/judge/main.cpp's notes, then the parts it includes,\n"
    "// in order. Edit those, then: cmake --build build --target bundle_solution\n";
const std::string kOpen = "namespace queens {", kClose = "}  // namespace queens";
const char kHeadersHere = '\x01';  // a marker line: where the system headers go

struct Bundle {
  std::set<std::string> partsSeen, headersSeen;
  std::vector<std::string> headers;  // system #include lines, first seen first
  std::string text;
  std::string error;
};

std::string folderOf(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

// The name between the delimiters after "#include", or "" if the line is no
// include of that kind ("..." for a part, <...> for a system header).
std::string includedName(const std::string& line, char open, char close) {
  const std::string directive = "#include ";
  if (line.compare(0, directive.size(), directive) != 0 || line.size() <= directive.size() ||
      line[directive.size()] != open)
    return "";
  size_t end = line.find(close, directive.size() + 1);
  return end == std::string::npos ? ""
                                  : line.substr(directive.size() + 1, end - directive.size() - 1);
}

bool isComment(const std::string& line) { return line.compare(0, 2, "//") == 0; }

// Appends one part: the parts it includes first, then its banner (the
// comment it starts with), then its code, without its namespace lines.
void expandPart(const std::string& path, Bundle& bundle) {
  std::ifstream file(path);
  if (!file) {
    bundle.error = "cannot read " + path;
    return;
  }
  std::string banner, line;
  while (std::getline(file, line) && isComment(line)) banner += line + "\n";
  bool bannerPlaced = false;
  do {
    if (line == "#pragma once" || line == kOpen || line == kClose) continue;
    if (std::string header = includedName(line, '<', '>'); !header.empty()) {
      if (bundle.headersSeen.insert(header).second) bundle.headers.push_back(line);
      continue;
    }
    if (std::string part = includedName(line, '"', '"'); !part.empty()) {
      std::string partPath = folderOf(path) + part;
      if (bundle.partsSeen.insert(partPath).second) expandPart(partPath, bundle);
      continue;
    }
    if (!bannerPlaced && !line.empty()) bundle.text += "\n" + banner + "\n", bannerPlaced = true;
    if (bannerPlaced) bundle.text += line + "\n";
  } while (std::getline(file, line));
}

// Appends the entry file: its lines, with its parts in one namespace block
// where it includes them, and the system headers' marker before them.
void expandEntry(const std::string& path, Bundle& bundle) {
  std::ifstream file(path);
  if (!file) {
    bundle.error = "cannot read " + path;
    return;
  }
  bool inParts = false, partsDone = false;
  for (std::string line; std::getline(file, line) && bundle.error.empty();) {
    std::string part = includedName(line, '"', '"');
    if (!part.empty() && !partsDone) {
      if (!inParts) bundle.text += std::string(1, kHeadersHere) + "\n" + kOpen + "\n";
      inParts = true;
      std::string partPath = folderOf(path) + part;
      if (bundle.partsSeen.insert(partPath).second) expandPart(partPath, bundle);
      continue;
    }
    if (inParts && !partsDone && !line.empty()) bundle.text += "\n" + kClose + "\n\n";
    partsDone = partsDone || (inParts && !line.empty());
    bundle.text += line + "\n";
  }
}

// The system headers, as clang-format orders them: the C and POSIX ones
// (name.h) first, then C++'s, each block sorted.
std::string headerBlocks(std::vector<std::string> headers) {
  auto isC = [](const std::string& line) { return line.find(".h>") != std::string::npos; };
  auto cEnd = std::stable_partition(headers.begin(), headers.end(), isC);
  std::sort(headers.begin(), cEnd);
  std::sort(cEnd, headers.end());
  std::string out;
  for (auto at = headers.begin(); at != headers.end(); ++at)
    out += (at == cEnd && at != headers.begin() ? "\n" : "") + *at + "\n";
  return out;
}

// The text with runs of blank lines cut to one, and the headers at the marker.
std::string finish(const Bundle& bundle) {
  std::istringstream lines(bundle.text);
  std::string out = kNotice;
  bool afterBlank = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() && afterBlank) continue;
    afterBlank = line.empty();
    if (line == std::string(1, kHeadersHere)) {  // a blank line follows the headers
      out += headerBlocks(bundle.headers) + "\n";
      afterBlank = true;
      continue;
    }
    out += line + "\n";
  }
  return out;
}

// Why the made file does not read in order, or "": the banners' titles
// ("// ===== TITLE ====") must be the map's sections (" *   TITLE: ..."),
// in the same order, with code between each banner and the next.
std::string readingOrderError(const std::string& text) {
  static const std::regex banner("^// ===== (.*[^ ]) =+$"), section(R"(^ \*   (\d+\. [^:]+):)");
  std::vector<std::string> banners, sections;
  std::istringstream lines(text);
  bool codeSinceBanner = true;
  int lineNumber = 0;
  for (std::string line; std::getline(lines, line);) {
    ++lineNumber;
    std::smatch match;
    if (std::regex_match(line, match, banner)) {
      if (!codeSinceBanner)
        return "line " + std::to_string(lineNumber) + ": banner '" + match[1].str() +
               "' follows banner '" + banners.back() + "' with no code between them";
      banners.push_back(match[1]), codeSinceBanner = false;
    } else if (std::regex_search(line, match, section)) {
      sections.push_back(match[1]);
    } else if (!line.empty() && !isComment(line)) {
      codeSinceBanner = true;
    }
  }
  if (banners == sections) return "";
  std::string error = "the banners are not the map's sections in its order:\n  map:";
  for (const std::string& title : sections) error += " [" + title + "]";
  error += "\n  banners:";
  for (const std::string& title : banners) error += " [" + title + "]";
  return error;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: bundle ENTRY OUTPUT\n";
    return 2;
  }
  Bundle bundle;
  expandEntry(argv[1], bundle);
  const std::string text = bundle.error.empty() ? finish(bundle) : "";
  if (bundle.error.empty()) bundle.error = readingOrderError(text);
  if (!bundle.error.empty()) {
    std::cerr << "bundle: " << bundle.error << "\n";
    return 1;
  }
  if (std::string(argv[2]) == "-") return std::cout << text ? 0 : 1;
  std::ofstream out(argv[2], std::ios::binary);
  if (!(out << text) || !out.flush()) {
    std::cerr << "bundle: cannot write " << argv[2] << "\n";
    return 1;
  }
  return 0;
}
