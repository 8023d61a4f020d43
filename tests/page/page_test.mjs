/* The --trace=html page in headless Chromium, driven by puppeteer-core:
     node tests/page/page_test.mjs QUEENS CASES_FOLDER CHROMIUM
   - its search tree against the text trace (--trace), node by node;
   - its own search (the learner's boards) against the program's trace, on
     the test boards up to 10x10 (larger ones it replays, and never
     searches), on 300 random boards (a fixed seed) and on boards
     edited by clicks;
   - clicks on squares, on the size control and on tree nodes, the keys,
     the address (#cells=), and the messages for bad boards.
   It prints the page's timings (not asserted: the machine's load moves
   them). The expected trees are worked out here from the text trace, with
   no code of the page's. */
import {execFileSync} from "node:child_process";
import {mkdtempSync, readdirSync, readFileSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import puppeteer from "puppeteer-core";

const [queens, cases, chromium] = process.argv.slice(2);
const work = mkdtempSync(join(tmpdir(), "page-test-"));
let failures = 0, checks = 0;
function check(ok, what) {
  ++checks;
  if (!ok) ++failures, console.log(`FAILED: ${what}`);
}

/* The program's text trace of one board: its lines (the count's last). */
function traceOf(rows) {
  return execFileSync(queens, ["--trace"], {input: rows.join("\n") + "\n", maxBuffer: 1 << 26}).toString().trimEnd().split("\n");
}
function pageOf(name, text) {
  const file = join(work, name);
  try {
    writeFileSync(file, execFileSync(queens, ["--trace=html"], {input: text, stdio: ["pipe", "pipe", "ignore"], maxBuffer: 1 << 26}));
  } catch (error) {  /* a board whose trace is too long ends the page before it */
    writeFileSync(file, error.stdout);
  }
  return "file://" + file;
}

/* The tree the trace of an n x n board describes, worked out by
   indentation: each line "row R: queen on column C" is a node whose path
   is the columns of the queen lines above it at rows 1..R-1; a node's
   steps are the row lines from its own to the next at its row or above,
   and its placements the queen lines at row n among them. */
function expectedTree(lines, n) {
  const rows = lines.filter(line => /^ *row \d+:/.test(line)).map(line => {
    const m = /^ *row (\d+): (?:queen on column (\d+))?/.exec(line);
    return {row: +m[1], column: m[2] ? +m[2] : 0, dead: / no open square/.test(line)};
  });
  const nodes = new Map([["", {placements: 0, steps: rows.length, first: 0}]]), columns = [];
  rows.forEach((line, i) => {
    if (!line.column) return;
    columns.length = line.row - 1;
    columns.push(line.column);
    let steps = 1, placements = line.row == n ? 1 : 0;
    for (let j = i + 1; j < rows.length && rows[j].row > line.row; ++j, ++steps)
      if (rows[j].column && rows[j].row == n) ++placements;
    /* first: the page's step that places the queen; deadEnd: the one that
       finds its next row with no open square, if one does */
    const next = rows[i + 1], deadEnd = next && next.row == line.row + 1 && next.dead ? i + 2 : -1;
    nodes.set(columns.join(","), {placements, steps, first: i + 1, deadEnd});
    if (line.row == n) ++nodes.get("").placements;
  });
  return nodes;
}

const browser = await puppeteer.launch({executablePath: chromium, args: ["--no-sandbox"]});
const page = await browser.newPage();
page.on("pageerror", error => check(false, `the page threw: ${error.message}`));
const text = selector => page.$eval(selector, element => element.value ?? element.textContent);
/* The page draws a board's tree in a task of its own, just after the board. */
const treeDrawn = () => page.waitForSelector('.node[data-path=""]');

/* 1. The tree of each board, every node unfolded, against the trace. */
const fiveBoards = readFileSync(new URL("boards.txt", import.meta.url)).toString();
const fivePage = pageOf("five.html", fiveBoards);
const boardTexts = fiveBoards.trim().split(/\n\s*\n/);
for (let b = 0; b < boardTexts.length; ++b) {
  const rows = boardTexts[b].split("\n"), lines = traceOf(rows);
  lines.pop();  /* the count */
  const want = expectedTree(lines, rows.length);
  await page.goto(`${fivePage}#board=${b + 1}&step=0`);
  await treeDrawn();
  await page.click("#unfold");
  const drawn = await page.$$eval(".node", nodes => nodes.map(node =>
    [node.dataset.path, +node.dataset.placements, +node.dataset.steps]));
  check(drawn.length == want.size, `board ${b + 1}: ${drawn.length} nodes drawn, the trace has ${want.size}`);
  for (const [path, placements, steps] of drawn) {
    const node = want.get(path);
    check(node && node.placements == placements && node.steps == steps,
          `board ${b + 1}, node "${path}": ${placements} placements, ${steps} steps; the trace: ${JSON.stringify(node)}`);
  }
  check(+(await text("#count")) == drawn[0]?.[1], `board ${b + 1}: the root's placements are not the count`);
}

/* 2. The page's own search against the program's trace, on every board of
   the test cases that a page holds, and on random boards. */
async function compareSearches(url, what) {
  await page.goto(url);
  const differences = await page.evaluate(() => [...document.querySelectorAll(".trace")].map((script, b) => {
    const lines = script.textContent.trim().split("\n"), n = lines[0].length;
    if (n > 10) return undefined;  /* replayed from the program's trace: the page searches up to 10x10 */
    const own = window.queensSearch(lines.slice(0, n));
    const want = lines.slice(n).join("\n"), got = [...own.lines, String(own.count)].join("\n");
    return want == got ? null : `board ${b + 1}: the page's search differs from the program's trace`;
  }));
  differences.filter(Boolean).forEach(why => check(false, `${what}, ${why}`));
  return differences.filter(difference => difference !== undefined).length;
}
let compared = 0;
for (const file of readdirSync(cases).filter(name => name.endsWith(".in")).sort()) {
  const url = pageOf(file + ".html", readFileSync(join(cases, file)));
  if (readFileSync(url.slice(7)).includes('class="trace"'))  /* its first board too big for a page: none */
    compared += await compareSearches(url, file);
}
let seed = 1624;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const randomBoards = [];
for (let i = 0; i < 300; ++i) {
  const n = 1 + Math.floor(random() * 9), reserved = random() * 0.3, queensGiven = Math.floor(random() * 3);
  const rows = Array.from({length: n}, () => Array.from({length: n}, () => random() < reserved ? "*" : "."));
  for (let q = 0; q < queensGiven; ++q) rows[Math.floor(random() * n)][Math.floor(random() * n)] = "Q";
  randomBoards.push(rows.map(row => row.join("")).join("\n"));
}
compared += await compareSearches(pageOf("random.html", randomBoards.join("\n\n") + "\n"), "random boards");
console.log(`page_test: the page's search gave the program's trace on ${compared} boards`);

/* 3. Clicks. A square cycles . * Q; the page searches the board, and its
   count, steps and tree are the program's. */
async function ownBoardMatches(what) {
  await treeDrawn();
  const cells = decodeURIComponent(/cells=([^&]*)/.exec(await page.evaluate(() => location.hash))[1]).split("/");
  const lines = traceOf(cells), count = lines.pop(), steps = lines.filter(line => /^ *row /.test(line)).length;
  check(await text("#count") == count, `${what}: count ${await text("#count")}, the program's ${count}`);
  check(+(await text("#steps")) == steps, `${what}: ${await text("#steps")} steps, the program's ${steps}`);
  const root = await page.$eval('.node[data-path=""]', node => [+node.dataset.placements, +node.dataset.steps]);
  check(root[0] == +count && root[1] == steps, `${what}: the tree's root says ${root}`);
  return cells;
}
await page.goto(`${fivePage}#cells=..../..../..../....`);
check(await text("#count") == "2", "#cells= of the empty 4x4 board: not 2 placements");
await page.click('[data-square="1,2"]');
check((await ownBoardMatches("(1, 2) clicked once")).join("/") == ".*../..../..../....", "one click makes a reserved square");
await page.click('[data-square="1,2"]');
check((await ownBoardMatches("(1, 2) clicked twice")).join("/") == ".Q../..../..../....", "two clicks make a queen");
await page.select("#size", "6");
check((await ownBoardMatches("6x6 chosen")).length == 6, "the size control makes a 6x6 board");
await page.click('[data-square="3,3"]');
await ownBoardMatches("6x6, (3, 3) reserved");
/* A tree node jumps to the step of its queen; the keys step on. At the
   last step every node has been reached, so every drawn node shows. */
await treeDrawn();
await page.keyboard.press("End");
await page.click('.node[data-path="2"] > .label');
check(await text("#step-text") == "row 1: queen on column 2", `a node clicked: "${await text("#step-text")}"`);
const before = +(await text("#step"));
await page.keyboard.press("ArrowRight");
check(+(await text("#step")) == before + 1, "ArrowRight did not step on");
check(await page.$eval(".node.now", node => node.dataset.path) == "2,4", "the current node is not highlighted");

/* 4. The page explains itself (issue 73). At step 14 of the CSES sample
   the tree shows only the nodes the search has reached: each drawn node is
   hidden exactly when the trace places its queen after step 14; the root
   counts 15 steps so far; no dead end is marked before its step. */
const sampleRows = readFileSync(join(cases, "sample.in")).toString().trim().split("\n");
const sampleLines = traceOf(sampleRows);
sampleLines.pop();
const sampleTree = expectedTree(sampleLines, sampleRows.length);
await page.goto(`${pageOf("sample.html", sampleRows.join("\n") + "\n")}#board=1&step=14`);
await treeDrawn();
await page.click("#unfold");
await page.goto(`${pageOf("sample.html", sampleRows.join("\n") + "\n")}#board=1&step=14`);
await treeDrawn();
const shownAt14 = await page.$$eval(".node", nodes => nodes.map(node =>
  [node.dataset.path, node.classList.contains("future"), node.firstChild.textContent]));
let hiddenAt14 = 0;
for (const [path, future, label] of shownAt14) {
  const first = sampleTree.get(path)?.first;
  check(future == first > 14, `step 14: node "${path}" (first reached at step ${first}) ${future ? "hidden" : "shown"}`);
  hiddenAt14 += future;
  const deadEnd = sampleTree.get(path)?.deadEnd;
  check(future || /\u2715/.test(label) == (deadEnd >= 0 && deadEnd <= 14),
        `step 14: node "${path}" (a dead end from step ${deadEnd}): ${label}`);
}
check(hiddenAt14 > 0, "step 14: no node of the sample's later steps was drawn to hide");
check(/ 15 steps$/.test(await page.$eval('.node[data-path=""] .counts', e => e.textContent)),
      `step 14: the root says ${await page.$eval('.node[data-path=""] .counts', e => e.textContent)}`);
/* The legend names the board's colours and marks. */
const legend = await text("#board-legend");
for (const words of ["free", "attacked", "reserved", "queen placed", "queen given", "dead end"])
  check(legend.includes(words), `the board's legend says nothing of "${words}": ${legend}`);
/* One placement is a placement; a greyed button says why. */
await page.goto(`${fivePage}#cells=.`);
await treeDrawn();
check(await text("#count-word") == "placement", `a 1x1 board: "${await text("#count")} ${await text("#count-word")}"`);
await page.goto(`${pageOf("ten-unfold.html", Array(10).fill(".".repeat(10)).join("\n") + "\n")}#board=1`);
await treeDrawn();
check(await page.$eval("#unfold", b => b.disabled) && /offered up to 5000 steps/.test(await text("#unfold-why")),
      `the empty 10x10 board's greyed unfold says: "${await text("#unfold-why")}"`);

/* 5. Bad boards: a message, never a wrong count. */
await page.goto(`${fivePage}#cells=Q.../.Q../..../....`);
check(/attack each other/.test(await text("#message")) && await text("#count") == "0",
      `two queens attacking: "${await text("#message")}", count ${await text("#count")}`);
await page.goto(`${fivePage}#board=1`);
await page.goto(`${fivePage}#cells=${Array(11).fill(".".repeat(11)).join("/")}`);
check(/1x1 to 10x10/.test(await text("#message")), `an 11x11 board: "${await text("#message")}"`);
await page.goto(`${fivePage}#cells=..x./..../..../....`);
check(/"x"/.test(await text("#message")), `a bad square: "${await text("#message")}"`);

/* 6. Timings, for bench/README.md: not asserted. */
const empty = n => Array(n).fill(".".repeat(n)).join("\n") + "\n";
const eight = pageOf("eight.html", empty(8)), ten = pageOf("ten.html", empty(10));
await page.goto(eight);
const drawn = await page.evaluate(() => performance.getEntriesByType("navigation")[0].loadEventEnd.toFixed(0));
const bytes = readFileSync(eight.slice(7)).length;
await page.goto(`${eight}#cells=${empty(8).trim().split("\n").join("/")}`);
await treeDrawn();
const edit = await page.evaluate(async () => {  /* until the board, the count and the tree are drawn */
  const start = performance.now();
  document.querySelector('[data-square="4,5"]').click();
  while (!document.querySelector('.node[data-path=""]')) await new Promise(done => setTimeout(done, 0));
  return performance.now() - start;
});
/* The empty 10x10 page, in a tab of its own that records its long tasks
   (over 50 ms) from the start. */
const tab = await browser.newPage();
await tab.evaluateOnNewDocument(() => {
  window.longTasks = [];
  new PerformanceObserver(list => list.getEntries().forEach(task => window.longTasks.push(task.duration)))
    .observe({type: "longtask", buffered: true});
});
const load = Date.now();
await tab.goto(ten);
const tenLoad = Date.now() - load;
await tab.waitForSelector('.node[data-path=""]');
const longest = await tab.evaluate(() => Math.max(0, ...window.longTasks));
await tab.close();
await page.goto(ten);
const steps = await page.evaluate(() => {
  let most = 0;
  for (let i = 0; i < 200; ++i) {
    const start = performance.now();
    document.getElementById(i % 50 == 49 ? "last" : "forward").click();
    if (i % 50 == 49) document.getElementById("first").click();
    most = Math.max(most, performance.now() - start);
  }
  return most;
});
console.log(`page timings: empty 8x8 page ${bytes} bytes, drawn (its load event over) at ${drawn} ms; an edit of the 8x8 board redrawn in ${edit.toFixed(0)} ms; ` +
            `the empty 10x10 page opened in ${tenLoad} ms (its longest task ${longest.toFixed(0)} ms), its longest of 200 steps ${steps.toFixed(0)} ms`);

await browser.close();
console.log(`page_test: ${checks} checks, ${failures} failed`);
process.exit(failures ? 1 : 0);
