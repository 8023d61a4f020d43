// ===== The page: --trace=html =============================================
// One web page that replays the search of every board on the board itself.
#include "faces/page.hpp"

#include <cstring>

#include "engines/row_engine.hpp"
#include "judge/show.hpp"

namespace queens {

// faces/page/'s files (page_html.cpp and the others, made at build time).
extern const char* const kPageHtml;
extern const char* const kPageStyle;
extern const char* const kPageScript;

namespace {

// page.html names its style sheet and script, which the page holds instead
// (it names no file and no URL), and marks where the boards go.
constexpr const char* kStyleLink = "<link rel=\"stylesheet\" href=\"page.css\">";
constexpr const char* kBoardsMark = "<!-- boards -->";
constexpr const char* kScriptElement = "<script src=\"page.js\"></script>";

// Writes the text from `begin` up to `end`.
void writeBetween(const char* begin, const char* end, std::FILE* out) {
  std::fwrite(begin, 1, size_t(end - begin), out);
}

// page.html up to the boards, its style sheet inlined.
void startPage(std::FILE* out) {
  const char* link = std::strstr(kPageHtml, kStyleLink);
  const char* boards = std::strstr(kPageHtml, kBoardsMark);
  writeBetween(kPageHtml, link, out);
  std::fprintf(out, "<style>\n%s</style>", kPageStyle);
  writeBetween(link + std::strlen(kStyleLink), boards, out);
}

}  // namespace

void endPage(std::FILE* out) {
  const char* boards = std::strstr(kPageHtml, kBoardsMark) + std::strlen(kBoardsMark);
  const char* script = std::strstr(boards, kScriptElement);
  writeBetween(boards, script, out);
  std::fprintf(out, "<script>\n%s</script>", kPageScript);
  std::fputs(script + std::strlen(kScriptElement), out);
}

namespace {

// Counts a trace's lines; stops past kMostPageLines.
struct TraceLineCounter : PlacementObserver {
  explicit TraceLineCounter(int n) : n(n) {}
  void place(int, int) { ++lines; }
  void deadEnd(int) { ++lines; }
  void exhausted(int) { ++lines; }
  void placement() { lines += n + 1; }  // drawn, then an empty line
  bool stopped() const { return lines > kMostPageLines; }
  int n;
  long lines = 0;
};

}  // namespace

bool addToPage(const Board& board, bool first, std::FILE* out, Report& report, Count& count) {
  Board pinned = board;
  TraceLineCounter trace(board.n);
  if (pinGivenQueens(pinned)) searchBoard(pinned, trace);
  if (trace.stopped()) return false;
  if (first) startPage(out);
  std::fputs("<script type=\"text/plain\" class=\"trace\">\n", out);
  for (int r = 0; r < board.n; ++r) {
    for (int c = 0; c < board.n; ++c) std::fputc(squareOf(board, r, c), out);
    std::fputc('\n', out);
  }
  NodeCounting<SearchTracer> tracer(board, out);
  Drawn drawn = drawWithNodes(board, tracer);
  count = drawn.placements;
  report.nodes = drawn.nodes;
  if (drawn.queensClash) report.method = kQueensClash;
  char digits[40];
  std::fprintf(out, "%s\n</script>\n", formatCount(count, digits));
  return true;
}

}  // namespace queens
