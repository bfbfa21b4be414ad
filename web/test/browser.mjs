// The companion page and the npm package checked in a real browser: Debian's Chromium driven
// over the DevTools protocol by playwright-core (no browser download). One browser session:
//
//   node web/test/browser.mjs [--reference DIR] [--out DIR]
//
// - the page loads, from a local server and from the disk, fetches nothing from elsewhere, and
//   shows a playable board in under a second;
// - for every game, a seeded game played to its end through the page's own controls, with
//   random agents at every seat, saves a replay file byte for byte equal to the one the Rust
//   `Match` writes for the same seed and agents (the `tour` program's files in DIR, by default
//   target/tour, written with `tour --seed 7`);
// - dice typed in and clicked in Sequence Dice, an illegal click on the board refused with the
//   engine's reason, a take-back, a replay loaded through the page and a corrupted one refused;
// - screenshots of every game's board at a phone's and a laptop's size (in --out, by default
//   target/web-shots), checked not blank and not cut off;
// - the package's API fed corrupted configs, states, replays and junk arguments: every refusal
//   is an Error of a known kind with the engine's reason, and the module never panics;
// - the same seeded random games as `cargo run --release -p tabula-wasm --example speed`,
//   timed in the browser (games/s, printed and written to --out/speed.json).
//
// Exit code 0 when every check passes. CHROMIUM names the browser (default /usr/bin/chromium).
import { chromium } from "playwright-core";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const web = path.resolve(here, "..");
const root = path.resolve(web, "..");
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const reference = path.resolve(arg("--reference", path.join(root, "target", "tour")));
const out = path.resolve(arg("--out", path.join(root, "target", "web-shots")));
const SEED = 7;
const KINDS = ["UnknownGame", "ConfigError", "IllegalAction", "LoadError", "ReplayError", "TabulaError"];

let failures = 0;
function check(ok, what) {
  if (ok) {
    console.log(`ok   ${what}`);
  } else {
    failures += 1;
    console.log(`FAIL ${what}`);
  }
}

// ---- a static server for web/ on the loopback ----------------------------------------------

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css",
  ".wasm": "application/wasm", ".json": "application/json", ".ts": "text/plain" };

/** The code blocks of docs/web.md in `lang`. */
function docBlocks(lang) {
  const text = fs.readFileSync(path.join(root, "docs", "web.md"), "utf8");
  return Array.from(text.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g")), (m) => m[1]);
}

function serve() {
  const pages = new Map(docBlocks("html").map((html, i) => [`/docs-example-${i}.html`, html]));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://localhost");
    if (pages.has(url.pathname)) {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(pages.get(url.pathname));
      return;
    }
    const file = path.join(web, decodeURIComponent(url.pathname === "/" ? "/index.html" : url.pathname));
    if (!file.startsWith(web) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] || "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

// ---- the page --------------------------------------------------------------------------------

/** A page of the site, its errors and requests watched. */
async function open(context, url, watch) {
  const page = await context.newPage();
  page.on("pageerror", (e) => watch.errors.push(`uncaught: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") watch.errors.push(`console: ${m.text()}`);
  });
  page.on("request", (r) => watch.requests.push(r.url()));
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 30000 });
  return page;
}

/** Starts a game through the setup form. */
async function newGame(page, { game, players, seed, seats, dice }) {
  await page.selectOption("#game", game);
  await page.selectOption("#players", String(players));
  await page.fill("#seed", String(seed));
  for (let i = 0; i < seats.length; i++) await page.selectOption(`#seat${i}`, seats[i]);
  await page.check(`input[name="dice"][value="${dice}"]`);
  await page.click("#start");
}

const step = (page) => page.evaluate(() => document.body.dataset.step);
const actionCount = (page) => page.evaluate(() => document.querySelectorAll("#log li").length);

/** The page's replay file, saved through its "Save replay" button. */
async function savedReplay(page) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#save")]);
  const file = await download.path();
  return fs.readFileSync(file);
}

/** The board at the page's size: drawn (not blank), inside the window (nothing cut off). */
async function boardChecks(page) {
  return page.evaluate(async () => {
    const svg = document.querySelector("#board svg");
    const box = svg.getBoundingClientRect();
    const text = new XMLSerializer().serializeToString(svg);
    const img = new Image();
    img.src = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(box.width));
    canvas.height = Math.max(1, Math.round(box.height));
    const g = canvas.getContext("2d");
    g.drawImage(img, 0, 0, canvas.width, canvas.height);
    const data = g.getImageData(0, 0, canvas.width, canvas.height).data;
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] + data[i + 1] + data[i + 2] < 600 && data[i + 3] > 0) inked += 1;
    }
    return {
      width: box.width,
      height: box.height,
      left: box.left,
      right: box.right,
      window: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      inked: inked / (canvas.width * canvas.height),
    };
  });
}

async function playEveryGame(page, games) {
  for (const g of games) {
    const players = Math.min(Math.max(2, g.minPlayers), g.maxPlayers);
    await page.setViewportSize({ width: 1366, height: 768 });
    await newGame(page, { game: g.name, players, seed: SEED, seats: Array(players).fill("random"), dice: "seeded" });
    await page.selectOption("#pace", "0");
    await page.waitForFunction(() => document.body.dataset.step === "over", null, { timeout: 180000 });
    const saved = await savedReplay(page);
    const file = path.join(reference, `${g.name}-seed${SEED}.json`);
    const expected = fs.existsSync(file) ? fs.readFileSync(file) : null;
    check(expected !== null && Buffer.compare(saved, expected) === 0,
      `${g.name}: the page's replay (${saved.length} bytes) is byte for byte the Rust Match's (${file})`);
    for (const [size, viewport] of [["phone", { width: 390, height: 844 }], ["laptop", { width: 1366, height: 768 }]]) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(50);
      const shot = path.join(out, `${g.name}-${size}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      const b = await boardChecks(page);
      check(b.width > 200 && b.height > 80 && b.inked > 0.01,
        `${g.name} at ${size} size: the board is drawn (${Math.round(b.width)}x${Math.round(b.height)}, ${(100 * b.inked).toFixed(1)}% inked), ${shot}`);
      check(b.left >= 0 && b.right <= b.window + 0.5 && b.scrollWidth <= b.window,
        `${g.name} at ${size} size: nothing is cut off (board ${Math.round(b.left)}..${Math.round(b.right)}, window ${b.window}, page ${b.scrollWidth} wide)`);
    }
  }
}

/** Sequence Dice with a person at seat 0 and dice rolled at the table: a typed roll, clicked
 * faces, an illegal click on the board, a legal choice, a take-back. */
async function tableDice(page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await newGame(page, { game: "sequence-dice", players: 2, seed: 3, seats: ["person", "random"], dice: "table" });
  await page.selectOption("#pace", "0");
  let typed = false;
  let clicked = false;
  let refused = false;
  let chose = false;
  for (let round = 0; round < 40 && !(typed && clicked && refused && chose); round++) {
    await page.waitForFunction(() => ["dice", "person", "over"].includes(document.body.dataset.step));
    const now = await step(page);
    if (now === "over") break;
    if (now === "dice") {
      const before = await actionCount(page);
      if (!typed) {
        await page.fill("#typed-text", "3 4");
        await page.press("#typed-text", "Enter");
        typed = true;
      } else {
        await page.click('#faces button[data-face="7"]');
        clicked = true;
      }
      await page.waitForFunction((n) => document.querySelectorAll("#log li").length > n, before);
      // The newest entries first: the roll, and what agents did after it.
      const added = await page.evaluate((n) => Array.from(document.querySelectorAll("#log li"))
        .slice(0, document.querySelectorAll("#log li").length - n).map((li) => li.textContent), before);
      check(added.at(-1) === "the dice show 7",
        `sequence-dice: a roll ${clicked ? "clicked" : "typed"} at the table is applied ("${added.at(-1)}")`);
      continue;
    }
    // A person decides after a 7: a space whose number is not 7 is refused by the engine.
    if (!refused) {
      const before = await actionCount(page);
      const place = await page.evaluate(() => {
        for (const shape of document.querySelectorAll("#board [data-place]")) {
          const title = shape.querySelector("title").textContent;
          const m = /^([a-f][1-6]): (\d+)$/.exec(title);
          if (m && m[2] !== "7") return m[1];
        }
        return null;
      });
      await page.click(`#board rect[data-place="${place}"]`, { force: true });
      const message = await page.textContent("#message");
      check(place !== null && message.startsWith(`${place}: `) && message.length > place.length + 8 &&
        (await actionCount(page)) === before,
        `sequence-dice: an illegal click on ${place} is refused with the engine's reason ("${message}"), nothing changes`);
      refused = true;
    }
    const before = await actionCount(page);
    await page.fill("#filter", "chip");
    await page.press("#filter", "Enter");
    await page.waitForFunction((n) => document.querySelectorAll("#log li").length > n, before);
    chose = true;
    const after = await actionCount(page);
    await page.click("#undo");
    const undone = await actionCount(page);
    const message = await page.textContent("#message");
    check(undone === after - 1 && message.startsWith("Taken back"), `sequence-dice: take back ("${message}")`);
    await page.click("#pause"); // resume
  }
  check(typed && clicked && refused && chose, "sequence-dice: typed dice, clicked faces, an illegal click and a choice from the list were all tried");
}

async function loadReplays(page) {
  const file = path.join(reference, `pig-seed${SEED}.json`);
  await page.setInputFiles("#load", file);
  await page.waitForFunction(() => document.querySelector("#message").textContent.startsWith("Loaded"));
  const status = await page.textContent("#status");
  check(status.startsWith("pig · 2 players · seed 7"), `a replay loaded through the page is verified and shown ("${status}")`);
  const text = fs.readFileSync(file, "utf8").replace(/"Roll"/, '"Hold"');
  await page.setInputFiles("#load", { name: "broken.json", mimeType: "application/json", buffer: Buffer.from(text) });
  await page.waitForFunction(() => document.querySelector("#message").textContent.startsWith("broken.json"));
  const message = await page.textContent("#message");
  const kept = await page.textContent("#status");
  check(message.includes("is illegal") && kept === status,
    `a corrupted replay is refused with the engine's reason, the game in progress kept ("${message}")`);
}

// ---- the package's API -------------------------------------------------------------------

/** Every game's configs, states and replays corrupted, and junk arguments, through the npm
 * package in the browser: refusals are Errors of a known kind; nothing panics. */
async function corruptedInputs(page, origin) {
  return page.evaluate(async ({ origin, kinds }) => {
    const T = await import(`${origin}/pkg/tabula_wasm.js`);
    await T.default();
    let seed = 12345;
    const rand = (n) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const mutate = (value) => {
      if (Array.isArray(value)) {
        if (value.length && rand(5) === 0) return value.slice(0, rand(value.length));
        return value.map((v) => (rand(8) === 0 ? mutate(v) : v));
      }
      if (value && typeof value === "object") {
        const out = {};
        for (const [k, v] of Object.entries(value)) {
          if (rand(20) === 0) continue;
          out[k] = rand(4) === 0 ? mutate(v) : v;
        }
        return out;
      }
      if (typeof value === "number") return [value + 1, value - 1, 0, 255, 65535, -1, 2 * value + 7, 1e300][rand(8)];
      if (typeof value === "boolean") return !value;
      if (typeof value === "string") return rand(2) ? value + "x" : "";
      return value;
    };
    const report = { calls: 0, refused: 0, accepted: 0, unknown: [] };
    const attempt = (f) => {
      report.calls += 1;
      try {
        f();
        report.accepted += 1;
      } catch (e) {
        if (e instanceof Error && kinds.includes(e.name) && e.message.length > 0 && !e.message.includes("\n")) {
          report.refused += 1;
        } else {
          report.unknown.push(`${e && e.name}: ${e && e.message}`);
        }
      }
    };
    for (const g of T.games()) {
      const game = new T.Game(g.name, Math.max(2, g.minPlayers), 5);
      const agents = [0, 1, 2, 3, 4].map((i) => new T.Agent(g.name, "random", 50 + i));
      for (let i = 0; i < 60 && !game.isOver; i++) {
        if (game.isChance) game.roll();
        else game.apply(agents[game.nextSeat].choose(game));
      }
      const state = JSON.parse(game.toJson());
      const config = game.config();
      const replay = JSON.parse(game.replay());
      for (let i = 0; i < 150; i++) {
        attempt(() => {
          const loaded = T.Game.fromJson(g.name, JSON.stringify(mutate(state)));
          loaded.legalActions();
          loaded.svg();
          if (loaded.isChance) loaded.roll();
        });
        attempt(() => T.Game.fromConfig(g.name, mutate(config), 1).legalActionIds());
        attempt(() => T.runReplay(JSON.stringify(mutate(replay))).scores());
        const text = game.replay();
        attempt(() => T.runReplay(text.slice(0, rand(text.length))));
      }
      const junk = [undefined, null, -1, 2.5, 1e20, NaN, "x", "", {}, [], { id: -3 }, { id: 1e9, seat: 9 }, 10n ** 30n, -5n, true];
      for (const a of junk) {
        for (const b of junk) {
          attempt(() => game.apply(a, b));
          attempt(() => game.action(a, b));
          attempt(() => game.legalActions(a));
          attempt(() => game.view(a));
          attempt(() => game.viewSvg(a));
          attempt(() => game.placeActions(a, b));
          attempt(() => game.chanceFromFaces(a));
          attempt(() => game.chanceFromText(a));
          attempt(() => new T.Game(a, b, a));
          attempt(() => new T.Game(g.name, a, b));
          attempt(() => T.Game.fromConfig(g.name, a, b));
          attempt(() => T.Game.fromJson(g.name, a, b));
          attempt(() => T.Game.fromReplay(a));
          attempt(() => new T.Agent(g.name, a, b));
          attempt(() => agents[0].choose(game, a));
          attempt(() => T.standardConfig(g.name, a, b));
          attempt(() => game.replay(a));
        }
      }
      attempt(() => game.undo());
    }
    // Still whole: a game plays on.
    const after = new T.Game("pig", 2, 1);
    after.apply(after.legalActions().find((a) => a.text.endsWith("rolls")));
    after.roll();
    report.stillWorks = after.history().length === 2 && after.history()[1].text.startsWith("the die shows");
    return report;
  }, { origin, kinds: KINDS });
}

/** The code blocks of docs/web.md: each JavaScript block runs against the package (its
 * `import ... from "tabula-wasm"` read from the local server), each HTML block is a page. */
async function docExamples(context, origin, watch) {
  const blocks = docBlocks("js");
  for (const [i, code] of blocks.entries()) {
    const page = await open(context, origin, watch);
    const body = code.replace(/import\s+(\w+)\s*,\s*\{([^}]*)\}\s*from\s*"tabula-wasm";/,
      (_, def, names) => `const __m = await import("${origin}/pkg/tabula_wasm.js"); const ${def} = __m.default; const {${names}} = __m;`);
    const error = await page.evaluate(async (body) => {
      try {
        await new (Object.getPrototypeOf(async function () {}).constructor)(body)();
        return null;
      } catch (e) {
        return `${e.name}: ${e.message}`;
      }
    }, body);
    check(error === null, `docs/web.md, JavaScript block ${i + 1} runs${error ? ": " + error : ""}`);
    await page.close();
  }
  const pages = docBlocks("html");
  for (const i of pages.keys()) {
    const page = await context.newPage();
    page.on("pageerror", (e) => watch.errors.push(`uncaught: ${e.message}`));
    page.on("request", (r) => watch.requests.push(r.url()));
    await page.goto(`${origin}/docs-example-${i}.html`);
    const done = await page.waitForFunction(() => document.body.dataset.done === "1", null, { timeout: 20000 })
      .then(() => page.evaluate(() => document.querySelectorAll("svg").length === 1), () => false);
    check(done, `docs/web.md, HTML block ${i + 1} shows a board`);
    await page.close();
  }
  return blocks.length + pages.length;
}

/** The seeded random games of web/test/speed-games.json through the package, best of 3, each
 * run timed on the wall clock and in the renderer's CPU time (DevTools' SystemInfo, 10 ms
 * steps), which a machine shared with other work disturbs far less. */
async function speed(browser, page, origin) {
  const spec = JSON.parse(fs.readFileSync(path.join(here, "speed-games.json"), "utf8"));
  const cdp = await browser.newBrowserCDPSession();
  const renderers = async () => new Map((await cdp.send("SystemInfo.getProcessInfo")).processInfo
    .filter((p) => p.type === "renderer").map((p) => [p.id, p.cpuTime]));
  await page.evaluate(async (origin) => {
    window.tabulaPackage = await import(`${origin}/pkg/tabula_wasm.js`);
    await window.tabulaPackage.default();
  }, origin);
  const rows = [];
  for (const [name, games] of Object.entries(spec.games)) {
    let wall = Infinity;
    let cpu = Infinity;
    for (let r = 0; r < 3; r++) {
      const before = await renderers();
      const seconds = await page.evaluate(({ name, players, games, seed }) => {
        const start = performance.now();
        window.tabulaPackage.playRandomGames(name, players, games, seed);
        return (performance.now() - start) / 1000;
      }, { name, players: spec.players, games, seed: spec.seed });
      const after = await renderers();
      const used = Math.max(...Array.from(after, ([id, t]) => t - (before.get(id) || 0)));
      wall = Math.min(wall, seconds);
      cpu = Math.min(cpu, used);
    }
    rows.push({ game: name, games, wallSeconds: wall, perSecond: games / wall, cpuSeconds: cpu, perCpuSecond: games / cpu });
  }
  await cdp.detach();
  return rows;
}

// ---- the session -----------------------------------------------------------------------------

async function main() {
  fs.mkdirSync(out, { recursive: true });
  const server = await serve();
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const watch = { errors: [], requests: [] };
  try {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1366, height: 768 } });

    // Page load to a playable board, three times.
    const loads = [];
    for (let i = 0; i < 3; i++) {
      const page = await open(context, origin, watch);
      loads.push(await page.evaluate(() => window.tabulaReady));
      await page.close();
    }
    loads.sort((a, b) => a - b);
    check(loads[1] < 1000, `page load to a playable board: ${loads.map((t) => `${Math.round(t)} ms`).join(", ")} (median under 1 s)`);

    // Opened from the disk: no server at all.
    const local = await open(context, pathToFileURL(path.join(web, "index.html")).href, watch);
    check(await local.evaluate(() => document.querySelectorAll("#board svg").length === 1), "index.html opened from the disk shows a board");
    await local.close();

    const page = await open(context, origin, watch);
    const games = await page.evaluate(() => wasm_bindgen.games());
    await playEveryGame(page, games);
    await tableDice(page);
    await loadReplays(page);

    await docExamples(context, origin, watch);

    const api = await corruptedInputs(page, origin);
    check(api.unknown.length === 0 && api.stillWorks,
      `corrupted input through the package: ${api.calls} calls, ${api.refused} refused with a reason, ${api.accepted} accepted, ${api.unknown.length} other errors${api.unknown.length ? ": " + api.unknown.slice(0, 3).join(" | ") : ""}; the module still works`);

    const rows = await speed(browser, page, origin);
    console.log("seeded random games in the browser (best of 3): game, games, wall s, games/s, cpu s, games/cpu-s");
    for (const r of rows) {
      console.log(`  ${r.game.padEnd(16)} ${String(r.games).padStart(7)} ${r.wallSeconds.toFixed(3).padStart(8)} ` +
        `${Math.round(r.perSecond).toString().padStart(9)} ${r.cpuSeconds.toFixed(2).padStart(7)} ${Math.round(r.perCpuSecond).toString().padStart(9)}`);
    }
    fs.writeFileSync(path.join(out, "speed.json"), JSON.stringify(rows, null, 2) + "\n");

    const outside = watch.requests.filter((u) => !u.startsWith(origin) && !u.startsWith("file:") && !u.startsWith("blob:") && !u.startsWith("data:"));
    check(outside.length === 0, `nothing fetched from outside (${watch.requests.length} requests${outside.length ? ": " + outside.slice(0, 3).join(", ") : ""})`);
    check(watch.errors.length === 0, `no uncaught exception, panic or console error${watch.errors.length ? ": " + watch.errors.slice(0, 5).join(" | ") : ""}`);
  } finally {
    await browser.close();
    server.close();
  }
  console.log(failures === 0 ? "all browser checks passed" : `${failures} browser check(s) failed`);
  process.exit(failures === 0 ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
