// Makes the judge's one-file solution.cpp from its parts in src/judge, as
// SQLite makes its amalgamation and the AtCoder Library's expander a contest
// file: the entry file's text, with each `#include "part"` replaced by the
// part's own text, once, in order, and every system header included once,
// where the entry file includes its first part.
//   bundle ENTRY OUTPUT     writes OUTPUT (- for stdout)
// Exits 1, with a message, if a file cannot be read or written.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

const char* kNotice =
    "// MADE BY src/bundle.cpp from the parts in src/judge/ (src/judge/main.cpp\n"
    "// includes them in order): edit those, not this file, then run\n"
    "//   cmake --build build --target bundle_solution\n"
    "// CI fails when this file differs from what the parts make.\n";

struct Bundle {
  std::set<std::string> partsSeen, headersSeen;
  std::vector<std::string> headers;  // system #include lines, first seen first
  std::string text;
  bool failed = false;
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

// Appends one file's lines, its parts expanded; a marker line goes where
// the first part is included (the system headers' place).
void expand(const std::string& path, Bundle& bundle, bool& markerPlaced) {
  std::ifstream file(path);
  if (!file) {
    std::cerr << "bundle: cannot read " << path << "\n";
    bundle.failed = true;
    return;
  }
  for (std::string line; std::getline(file, line);) {
    if (line == "#pragma once") continue;
    if (std::string header = includedName(line, '<', '>'); !header.empty()) {
      if (bundle.headersSeen.insert(header).second) bundle.headers.push_back(line);
      continue;
    }
    std::string part = includedName(line, '"', '"');
    if (part.empty()) {
      bundle.text += line + "\n";
      continue;
    }
    if (!markerPlaced) bundle.text += "\x01\n", markerPlaced = true;
    std::string partPath = folderOf(path) + part;
    if (bundle.partsSeen.insert(partPath).second) expand(partPath, bundle, markerPlaced);
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
    if (line == "\x01") {  // a blank line follows the headers
      out += headerBlocks(bundle.headers) + "\n";
      afterBlank = true;
      continue;
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: bundle ENTRY OUTPUT\n";
    return 2;
  }
  Bundle bundle;
  bool markerPlaced = false;
  expand(argv[1], bundle, markerPlaced);
  if (bundle.failed) return 1;
  const std::string text = finish(bundle);
  if (std::string(argv[2]) == "-") return std::cout << text ? 0 : 1;
  std::ofstream out(argv[2], std::ios::binary);
  if (!(out << text) || !out.flush()) {
    std::cerr << "bundle: cannot write " << argv[2] << "\n";
    return 1;
  }
  return 0;
}
