"use strict";
/* The page of queens --trace=html. Each board the program wrote comes with
   its text trace (--trace) and its count, in a script element of class
   "trace". A board the learner edits is searched here, by the judge's row
   search (src/judge/row_search.hpp) written again in JavaScript, which
   writes the same trace: tests/page checks it against the program. Both
   replay the same way: step k is the state after the trace's k-th line
   that begins "row". */

const kMostSize = 10;  /* the size control's largest board */
const kMostUnfolded = 5000;  /* "unfold every node" up to this many steps */
const $ = id => document.getElementById(id);

/* ===== The search: the judge's, line for line ============================
   Bit c of a mask is column c + 1. Queens placed take their column and
   both diagonals; one row down, a diagonal r + c moves one column left, the
   other one right. A given queen is pinned first: its row keeps its square
   alone, and every other row loses the squares it attacks. */

/* The rows' open squares as masks, the given queens pinned; null if two
   given queens attack each other. */
function openSquares(squares) {
  const n = squares.length, open = squares.map(row =>
    [...row].reduce((mask, square, c) => square == "*" ? mask : mask | 1 << c, 0));
  for (let r = 0; r < n; ++r)
    for (let c = 0; c < n; ++c) {
      if (squares[r][c] != "Q") continue;
      if (!(open[r] >> c & 1)) return null;  /* attacked by a queen pinned before */
      for (let row = 0; row < n; ++row) {
        const apart = Math.abs(row - r), queen = 1 << c;
        open[row] = row == r ? queen : open[row] & ~(queen | queen << apart | queen >> apart);
      }
    }
  return open;
}

/* The trace's lines, as --trace writes them, and the count; or clash. */
function searchBoard(squares) {
  const n = squares.length, open = openSquares(squares), lines = [], columns = [];
  let count = 0;
  if (!open) return {lines, count, clash: true};
  const indent = row => "  ".repeat(row);
  const backUp = (row, why) => lines.push(row == 0 ? `row 1: ${why}, the search is over`
    : `${indent(row)}row ${row + 1}: ${why}, back to row ${row}`);
  function searchRows(row, taken, sums, differences) {
    let left = open[row] & ~(taken | sums | differences);
    if (!left) return backUp(row, "no open square");
    for (; left; left &= left - 1) {  /* left - 1 clears the lowest set bit */
      /* -left flips every bit above the lowest set one, so only it survives;
         its index is 31 less its leading zeros. */
      const queen = left & -left, column = 31 - Math.clz32(queen);
      lines.push(`${indent(row)}row ${row + 1}: queen on column ${column + 1}`);
      columns[row] = column;
      if (row == n - 1) {  /* a placement: the board as read, Q on its queens */
        ++count;
        for (let r = 0; r < n; ++r)
          lines.push(squares[r].slice(0, columns[r]) + "Q" + squares[r].slice(columns[r] + 1));
        lines.push("");
      } else {
        searchRows(row + 1, taken | queen, (sums | queen) >>> 1, (differences | queen) << 1);
      }
    }
    backUp(row, "no other open square");
  }
  searchRows(0, 0, 0, 0);
  return {lines, count, clash: false};
}

/* ===== Steps and the tree ================================================
   A "row" line is a step. A queen placed is a node, under the node of the
   queens above it; a line that backs up from row r belongs to the node of
   row r - 1, whose subtree it ends. A node's steps are its own line and
   those of its subtree; the root's are every step. */

/* By indexOf, not a regular expression: the empty 10x10 board's trace has
   78,318 lines. A placement's drawing holds no "row ". */
function stepsOf(lines) {
  const steps = [{text: "Before the search", row: 0, column: 0, drawing: "", node: null}];
  const queen = ": queen on column ";
  for (const line of lines) {
    const at = line.indexOf("row ");
    if (at < 0) {
      steps[steps.length - 1].drawing += line + "\n";  /* a placement drawn */
      continue;
    }
    const colon = line.indexOf(":", at), column = line.startsWith(queen, colon) ? +line.slice(colon + queen.length) : 0;
    steps.push({text: line.slice(at), row: +line.slice(at + 4, colon), column, drawing: "", node: null});
  }
  return steps;
}

function newNode(parent, column, step) {
  return {parent, path: parent ? [...parent.path, column] : [], kids: [], first: step,
          last: step, steps: 0, placements: 0, deadEnd: -1, element: null, open: false, userOpen: false};
}

/* Sets each step's node, and returns the root. */
function treeOf(steps, n) {
  const root = newNode(null, 0, 0), above = [root];  /* above[d]: the path's node of depth d */
  steps.forEach((step, k) => {
    if (k == 0) return (step.node = root, step.found = 0);
    above.length = step.row;
    let node = above[step.row - 1];
    if (step.column) {
      node.kids.push(node = newNode(node, step.column, k));
      above.push(node);
    } else if (step.text.includes(": no open square")) {
      node.deadEnd = k;  /* the step that finds it a dead end */
    }
    step.node = node;
    const placement = step.column && step.row == n ? 1 : 0;
    step.found = steps[k - 1].found + placement;  /* placements found by step k */
    for (let up = node; up; up = up.parent) up.steps++, up.last = k, up.placements += placement;
  });
  return root;
}

/* ===== The boards ======================================================== */

function fromTrace(script) {
  const lines = script.textContent.trim().split("\n"), n = lines[0].length;
  return board(lines.slice(0, n), lines.slice(n, -1), lines[lines.length - 1]);
}

function board(squares, lines, count) {
  const steps = stepsOf(lines);
  return {n: squares.length, squares, steps, count, tree: null};  /* the tree once shown */
}

/* The learner's board, searched here; or why it cannot be. */
function ownBoard(squares) {
  const n = squares.length;
  if (n < 1 || n > kMostSize) return {why: `Boards from 1x1 to ${kMostSize}x${kMostSize} only: this one is ${n}x${n}.`};
  for (let r = 0; r < n; ++r) {
    if (squares[r].length != n) return {why: `Row ${r + 1} has ${squares[r].length} squares, not ${n}: a board is square.`};
    const bad = /[^.*Q]/.exec(squares[r]);
    if (bad) return {why: `Row ${r + 1}, column ${bad.index + 1} is "${bad[0]}": a square is ".", "*" or "Q".`};
  }
  const searched = searchBoard(squares), own = board(squares, searched.lines, String(searched.count));
  if (searched.clash) own.why = "Two given queens attack each other: no placement.";
  return own;
}

const boards = [...document.querySelectorAll(".trace")].map(fromTrace);
let shown, shownIndex, step, timer, ownSquares = null;

/* ===== Drawing the board ================================================= */

function drawBoard() {
  $("board").innerHTML = shown.squares.map((row, r) => "<div>" + [...row].map((square, c) =>
    `<div data-square="${r + 1},${c + 1}" class="${(r + c) % 2 ? "dark" : ""}${square == "Q" ? " given" : ""}">` +
    `<small>${r + c}</small><small>${r - c + shown.n - 1}</small></div>`).join("") + "</div>").join("");
  $("steps").value = $("slider").max = shown.steps.length - 1;
  $("count").value = shown.count;
  $("count-word").textContent = shown.count == "1" ? "placement" : "placements";
}

/* The queens standing after step k: a line about row r lifts the queens of
   rows r and below; "queen on column c" puts row r's on c. */
function queensAt(k) {
  const queens = [];  /* queens[r]: row r + 1's column */
  let found = 0;
  for (let i = 1; i <= k; ++i) {
    const s = shown.steps[i];
    queens.length = s.row - 1;
    if (s.column) queens.push(s.column), found += s.row == shown.n;
  }
  return {queens, found};
}

function drawSquares(queens, now) {
  [...$("board").children].forEach((row, r) => {
    row.className = "row" + (r + 1 == now.row ? (/: no open/.test(now.text) ? " current dead" : " current") : "");
    [...row.children].forEach((square, c) => {
      const attacked = queens.some((q, i) => i == r || q == c + 1 || Math.abs(i - r) == Math.abs(q - c - 1));
      square.dataset.state = queens[r] == c + 1 ? "queen" : shown.squares[r][c] == "*" ? "reserved"
                           : attacked ? "attacked" : "open";
    });
  });
}

/* ===== Drawing the tree ==================================================
   Only open nodes have their children drawn: the nodes on the current
   step's path, and those the learner unfolds. The empty 10x10 board's tree
   has 35,539 nodes; a path shows at most a few hundred. */

/* "1 placement", "2 placements". */
function plural(count, word) {
  return `${count} ${word}${count == 1 ? "" : "s"}`;
}

/* A node's words at step k: the search has found its dead end, or its
   placement, only once it reached them. */
function nodeLabel(node, k) {
  if (!node.parent) return "start";
  const row = node.path.length, dead = node.deadEnd >= 0 && node.deadEnd <= k;
  return `row ${row}, column ${node.path[row - 1]}${row == shown.n ? " \u2605" : dead ? " \u2715" : ""}`;
}

/* What the search has found below the node, and the steps it took there,
   by step k: a subtree's steps are consecutive, from its first to its last. */
function soFar(node, k) {
  const upTo = Math.min(k, node.last);
  if (upTo < node.first) return {found: 0, steps: 0};
  const before = node.first ? shown.steps[node.first - 1].found : 0;
  return {found: shown.steps[upTo].found - before, steps: upTo - node.first + 1};
}

/* The node's label, bar and counts as they stand at step k; a node the
   search has not reached is hidden. */
function showNodeAt(node, k) {
  const element = node.element, label = element.firstChild, {found, steps} = soFar(node, k);
  element.classList.toggle("future", node.first > k);
  element.classList.toggle("dead-end", node.deadEnd >= 0 && node.deadEnd <= k);
  element.classList.toggle("has-placements", found > 0);
  label.querySelector(".text").textContent = nodeLabel(node, k);
  label.querySelector(".bar").style.setProperty("--share", Math.sqrt(steps / shown.tree.steps));
  label.querySelector(".counts").textContent = `${found} found, ${plural(steps, "step")}`;
}

function drawNode(node) {
  const element = document.createElement("div"), label = document.createElement("div");
  element.className = "node" + (node.path.length == shown.n ? " placement" : "");
  element.dataset.path = node.path.join(",");
  element.dataset.placements = node.placements;
  element.dataset.steps = node.steps;
  label.className = "label";
  label.innerHTML = `<span class="fold">${node.kids.length ? "\u25B8" : ""}</span>` +
    `<span class="text"></span><span class="bar"></span><span class="counts"></span>`;
  label.querySelector(".fold").onclick = e => { e.stopPropagation(); node.userOpen = !node.open; setOpen(node, !node.open); };
  label.onclick = () => { play(false); go(node.first); };
  element.append(label);
  node.element = element;
  showNodeAt(node, step ?? 0);
  return element;
}

function setOpen(node, open) {
  if (node.open == open || !node.kids.length) return;
  node.open = open;
  node.element.querySelector(".fold").textContent = open ? "\u25BE" : "\u25B8";
  if (!open) {
    node.element.querySelector(".kids").remove();
    node.kids.forEach(forget);
    return;
  }
  const kids = document.createElement("div");
  kids.className = "kids";
  kids.append(...node.kids.map(drawNode));
  node.element.append(kids);
}

/* A node no longer drawn, nor its subtree. */
function forget(node) {
  if (node.open) node.kids.forEach(forget);
  node.open = node.userOpen = false;
  node.element = null;
}

function forEachDrawn(node, visit) {
  visit(node);
  if (node.open) node.kids.forEach(kid => forEachDrawn(kid, visit));
}

function drawTree() {
  forget(shown.tree);  /* as a board shown before left it */
  $("tree").replaceChildren(drawNode(shown.tree));
  setOpen(shown.tree, true);
  const many = shown.steps.length > kMostUnfolded;  /* every node drawn: a few thousand at most */
  $("unfold").disabled = many;
  $("unfold").title = $("unfold-why").textContent =
    many ? `offered up to ${kMostUnfolded} steps: this search takes ${shown.steps.length - 1}` : "";
}

/* Opens the path to the step's node, folds the paths left behind (unless
   unfolded by hand), and marks the node, and the subtrees already done. */
function drawTreeAt(k) {
  const now = shown.steps[k].node, path = new Set();
  for (let up = now; up; up = up.parent) path.add(up);
  forEachDrawn(shown.tree, node => {
    if (node.open && !path.has(node) && !node.userOpen) setOpen(node, false);
  });
  [...path].reverse().forEach(node => setOpen(node, true));
  forEachDrawn(shown.tree, node => {
    node.element.classList.toggle("now", node == now);
    node.element.classList.toggle("done", node.last < k && !path.has(node));
    showNodeAt(node, k);
  });
  const label = now.element.firstChild, tree = $("tree");
  if (label.offsetTop < tree.scrollTop || label.offsetTop > tree.scrollTop + tree.clientHeight - 40)
    tree.scrollTop = label.offsetTop - tree.clientHeight / 3;  /* kept in view */
}

/* ===== Stepping ========================================================== */

function go(k) {
  step = Math.max(0, Math.min(k, shown.steps.length - 1));
  const now = shown.steps[step], {queens, found} = queensAt(step);
  drawSquares(queens, now);
  if (shown.tree && shown.tree.element) drawTreeAt(step);
  $("step-text").textContent = now.text;
  $("placement").textContent = now.drawing;
  $("found").value = found;
  $("step").value = $("slider").value = step;
  history.replaceState(null, "", ownSquares ? `#cells=${ownSquares.join("/")}&step=${step}`
                                            : `#board=${shownIndex + 1}&step=${step}`);
}

function play(on) {
  clearTimeout(timer);
  on = on && step < shown.steps.length - 1;
  timer = on && setTimeout(() => { go(step + 1); play(true); }, 1000 / $("speed").value);
  $("play").textContent = on ? "pause" : "play";
}

/* ===== Choosing and editing a board ====================================== */

/* The board first; its tree in a task of its own, just after, so that no
   task of the empty 10x10 page's opening takes over 200 ms. */
function show(chosen, index) {
  shown = chosen, shownIndex = index;
  $("pick").value = index;
  $("size").value = shown.n;
  drawBoard();
  $("tree").replaceChildren();
  setTimeout(() => {
    if (shown != chosen) return;  /* another board was chosen first */
    chosen.tree = chosen.tree || treeOf(chosen.steps, chosen.n);
    drawTree();
    drawTreeAt(step);
  });
}

/* The learner's board: shown and searched, or refused with a message. */
function showOwn(squares, k) {
  play(false);
  const own = ownBoard(squares);
  $("message").hidden = !own.why;
  $("message").textContent = own.why || "";
  if (!own.steps) return;  /* not a board: the one shown stays */
  ownSquares = squares;
  $("pick").options[boards.length].hidden = false;
  show(own, boards.length);
  go(k);
}

/* A click on a square cycles it: free, reserved, queen. */
function edit(event) {
  const square = event.target.closest("[data-square]");
  if (!square) return;
  const [r, c] = square.dataset.square.split(",").map(x => x - 1), next = {".": "*", "*": "Q", "Q": "."};
  const squares = [...shown.squares];
  squares[r] = squares[r].slice(0, c) + next[squares[r][c]] + squares[r].slice(c + 1);
  showOwn(squares, 0);
}

function resize(n) {
  const squares = [];
  for (let r = 0; r < n; ++r) squares.push(((shown.squares[r] || "").slice(0, n)).padEnd(n, "."));
  showOwn(squares, 0);
}

/* #board=B&step=K: the program's board B; #cells=ROWS&step=K: the
   learner's, its rows joined by "/". */
function fromAddress() {
  const number = name => +(new RegExp(name + "=(\\d+)").exec(location.hash) || [0, 0])[1];
  const cells = /cells=([^&]*)/.exec(location.hash);
  if (cells) return showOwn(decodeURIComponent(cells[1]).split("/"), number("step"));
  $("message").hidden = true;
  ownSquares = null;
  if (!boards.length) return showOwn(["....", "....", "....", "...."], 0);
  show(boards[Math.min(Math.max(number("board"), 1), boards.length) - 1],
       Math.min(Math.max(number("board"), 1), boards.length) - 1);
  go(number("step"));
}

boards.forEach((b, i) => $("pick").add(new Option(`${i + 1}: ${b.n}x${b.n}, ${plural(b.count, "placement")}`, i)));
$("pick").add(new Option("your board", boards.length));
$("pick").options[boards.length].hidden = true;
for (let n = 1; n <= kMostSize; ++n) $("size").add(new Option(`${n}x${n}`, n));
$("pick").onchange = () => {
  play(false);
  const index = +$("pick").value;
  if (index == boards.length) return;
  ownSquares = null;
  $("message").hidden = true;
  show(boards[index], index);
  go(0);
};
$("size").onchange = () => resize(+$("size").value);
$("board").onclick = edit;
$("numbers").onchange = () => {
  $("board").classList.toggle("numbers", $("numbers").checked);
  $("numbers-key").hidden = !$("numbers").checked;
};
$("unfold").onclick = () => shown.tree && (function unfold(node) {
  node.userOpen = true;
  setOpen(node, true);
  node.kids.forEach(unfold);
})(shown.tree);
$("fold").onclick = () => shown.tree && (drawTree(), go(step));
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
window.queensSearch = searchBoard;  /* for tests/page: the trace of any board */
fromAddress();
