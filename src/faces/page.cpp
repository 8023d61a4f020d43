// ===== The page: --trace=html =============================================
// One web page that replays the search of every board on the board itself.
#include "faces/page.hpp"

#include "engines/row_engine.hpp"
#include "judge/show.hpp"

namespace queens {
namespace {

// --trace=html: kPageHead; for each board, the board as read, its text trace
// and its count in a script element; then kPageTail, whose script replays
// them. It names no URL.
constexpr const char* kPageHead = R"page(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>queens: the search</title><style>
body{font-family:sans-serif}
#board{display:inline-block;border:2px solid #444}
.row{display:flex;position:relative}
[data-square]{width:2.4em;height:2.4em;display:grid;place-items:center;position:relative;
 background:#f4ecd8}
.dark{background:#cfbf9c}
[data-state=reserved]{background:#666}
[data-state=attacked]{background-image:linear-gradient(#d003,#d003)}
.given{outline:2px solid #06c;outline-offset:-4px}
.given::before{content:"\2655"}
[data-state=queen]::before{content:"\265B"}
.current>*{box-shadow:inset 0 3px #c80,inset 0 -3px #c80}
.dead>*{box-shadow:inset 0 3px #d00,inset 0 -3px #d00}
.dead::after{content:"dead end";color:#d00;position:absolute;left:105%;top:.7em;white-space:nowrap}
small{display:none;position:absolute;font-size:.5em;left:2px;top:0}
small+small{left:auto;right:2px;top:auto;bottom:0}
.numbers small{display:block}
:focus-visible{outline:3px solid #06c}
</style></head><body>
<p><label>Board <select id="pick"></select></label>
<label><input type="checkbox" id="numbers"> diagonals r + c and r - c + N - 1 (from 0)</label>
<div id="board" aria-label="the board"></div>
<p id="step-text" aria-live="polite">
<p>Step <output id="step"></output> of <output id="steps"></output>:
<output id="found"></output> of <output id="count"></output> placements found
<pre id="placement"></pre>
<p><button id="first" aria-label="first step">|&#x25C0;</button>
<button id="back" aria-label="step back">&#x25C0;</button>
<button id="play">play</button>
<button id="forward" aria-label="step forward">&#x25B6;</button>
<button id="last" aria-label="last step">&#x25B6;|</button>
<label>speed <input type="range" id="speed" min="1" max="50" value="4"></label>
<p><label>step <input type="range" id="slider" min="0" style="width:30em"></label>
<p>Keys: arrows, space, Home, End
)page";
}  // namespace

const char* const kPageTail = R"page(<script>
"use strict";
/* Step k: after the trace's k-th line that begins "row". */
const boards = [...document.querySelectorAll(".trace")].map(script => {
  const lines = script.textContent.trim().split("\n"), n = lines[0].length;
  const steps = [{text: "Before the search", row: 0, column: 0, drawing: ""}];
  for (const line of lines.slice(n, -1)) {
    const m = /^row (\d+): (queen on column (\d+))?/.exec(line.trim());
    if (m) steps.push({text: line.trim(), row: +m[1], column: +(m[3] || 0), drawing: ""});
    else steps[steps.length - 1].drawing += line + "\n";  /* a placement */
  }
  return {n, squares: lines.slice(0, n), steps, count: lines.pop()};
});
const $ = id => document.getElementById(id);
let board, boardIndex, step, timer;

function pick(index) {
  board = boards[boardIndex = index];
  $("pick").value = index;
  $("board").innerHTML = board.squares.map((row, r) => "<div>" + [...row].map((square, c) =>
    `<div data-square="${r + 1},${c + 1}" class="${(r + c) % 2 ? "dark" : ""}${square == "Q" ? " given" : ""}">` +
    `<small>${r + c}</small><small>${r - c + board.n - 1}</small></div>`).join("") + "</div>").join("");
  $("steps").value = $("slider").max = board.steps.length - 1;
  $("count").value = board.count;
}

function go(k) {
  step = Math.max(0, Math.min(k, board.steps.length - 1));
  /* A line about row r lifts the queens of rows r and below; "queen on
     column c" puts row r's on c. */
  const queens = [], now = board.steps[step];  /* queens[r]: row r + 1's column */
  let found = 0;
  for (const s of board.steps.slice(1, step + 1)) {
    queens.length = s.row - 1;
    if (s.column) queens.push(s.column), found += s.row == board.n;
  }
  [...$("board").children].forEach((row, r) => {
    row.className = "row" + (r + 1 == now.row ? (/: no open/.test(now.text) ? " current dead" : " current") : "");
    [...row.children].forEach((square, c) => {
      const attacked = queens.some((q, i) => i == r || q == c + 1 || Math.abs(i - r) == Math.abs(q - c - 1));
      square.dataset.state = queens[r] == c + 1 ? "queen" : board.squares[r][c] == "*" ? "reserved"
                           : attacked ? "attacked" : "open";
    });
  });
  $("step-text").textContent = now.text;
  $("placement").textContent = now.drawing;
  $("found").value = found;
  $("step").value = $("slider").value = step;
  history.replaceState(null, "", `#board=${boardIndex + 1}&step=${step}`);
}

function play(on) {
  clearTimeout(timer);
  on = on && step < board.steps.length - 1;
  timer = on && setTimeout(() => { go(step + 1); play(true); }, 1000 / $("speed").value);
  $("play").textContent = on ? "pause" : "play";
}

function fromAddress() {
  const number = name => +(new RegExp(name + "=(\\d+)").exec(location.hash) || [0, 0])[1];
  pick(Math.min(Math.max(number("board"), 1), boards.length) - 1);
  go(number("step"));
}

boards.forEach((b, i) => $("pick").add(new Option(`${i + 1}: ${b.n}x${b.n}, ${b.count} placements`, i)));
$("pick").onchange = () => { play(false); pick(+$("pick").value); go(0); };
$("numbers").onchange = () => $("board").classList.toggle("numbers", $("numbers").checked);
const moves = {first: -Infinity, back: -1, forward: 1, last: Infinity};
for (const id in moves) $(id).onclick = () => go(step + moves[id]);
$("play").onclick = () => play(!timer);
$("slider").oninput = () => go(+$("slider").value);
const keys = {Home: "first", ArrowLeft: "back", ArrowRight: "forward", End: "last", " ": "play"};
addEventListener("keydown", e => {  /* a focused control keeps its keys */
  const own = /INPUT|SELECT/.test(e.target.tagName) || (e.key == " " && e.target.tagName == "BUTTON");
  if (keys[e.key] && !own) e.preventDefault(), $(keys[e.key]).click();
});
addEventListener("hashchange", fromAddress);
fromAddress();
</script></body></html>
)page";
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
  if (first) std::fputs(kPageHead, out);
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
