/* The DOM of each page, after its scripts ran, as Chromium's --dump-dom
   writes it, but in one browser rather than one an address:
     node tests/page/dump_dom.mjs CHROMIUM FOLDER URL...
   writes FOLDER/dom.1.html, dom.2.html... (tests/trace_page.sh). */
import {writeFileSync} from "node:fs";
import puppeteer from "puppeteer-core";

const [chromium, folder, ...urls] = process.argv.slice(2);
const browser = await puppeteer.launch({executablePath: chromium, args: ["--no-sandbox"]});
const page = await browser.newPage();
for (const [i, url] of urls.entries()) {
  await page.goto("about:blank");  /* each address opens the page afresh, not by its hash */
  await page.goto(url);
  writeFileSync(`${folder}/dom.${i + 1}.html`, await page.content());
}
await browser.close();
