// The table companion page: a game of any registered game played at a real table, with the
// engines of tabula compiled to WebAssembly (the npm package tabula-wasm, built by web/build).
// This script holds no rule of any game: it asks the engine what is legal, what a click or a
// typed roll means and who acts next, and shows its answers; every refusal shown is the
// engine's own reason. It is a classic script (no modules, nothing fetched), so the page works
// when index.html is opened from the disk as well as when the folder is served.
(function () {
  "use strict";

  const $ = (id) => document.getElementById(id);
  const AGENTS = ["random", "mc:50", "mc:200", "ismcts:200", "ismcts:1000"];

  /** The engines (wasm_bindgen's namespace), once loaded. */
  let T = null;
  /** The game in progress (a tabula `Game`), or null. */
  let game = null;
  /** Per seat: `{ kind: "person" }` or `{ kind: "agent", spec, agent }`. */
  let seats = [];
  /** Whether chance is entered at the table (clicked faces) rather than rolled by the page. */
  let tableDice = false;
  /** Whether automatic play (agents, seeded dice) waits for "Resume". */
  let paused = false;
  /** The pending automatic step, if any. */
  let timer = null;
  /** The faces clicked so far for the pending roll. */
  let chosenFaces = [];
  /** The person seat whose view was last shown (several people share the device). */
  let lastViewer = null;

  function say(text, note) {
    const m = $("message");
    m.textContent = text || "";
    m.className = note ? "note" : "";
  }

  /** Runs `f`; a thrown error (the engine's refusal, or anything else) is shown, not raised. */
  function guarded(f) {
    return function (...args) {
      try {
        return f.apply(this, args);
      } catch (e) {
        say(describe(e));
        return undefined;
      }
    };
  }

  /** An error as a person reads it: the engine's one-line reason. */
  function describe(e) {
    if (e && typeof e === "object" && "message" in e) {
      return e.message;
    }
    return String(e);
  }

  // ---- setup ------------------------------------------------------------------------------

  function fillGames() {
    const select = $("game");
    for (const g of T.games()) {
      const option = document.createElement("option");
      option.value = g.name;
      option.textContent = g.title.replace(/\s*\(.*$/, "").replace(/[.,].*$/, "");
      option.title = g.title;
      option.dataset.min = g.minPlayers;
      option.dataset.max = g.maxPlayers;
      select.append(option);
    }
    select.value = "sequence-dice";
  }

  function fillPlayers() {
    const option = $("game").selectedOptions[0];
    const select = $("players");
    const keep = Number(select.value) || 2;
    select.replaceChildren();
    for (let n = Number(option.dataset.min); n <= Number(option.dataset.max); n++) {
      const o = document.createElement("option");
      o.value = String(n);
      o.textContent = String(n);
      select.append(o);
    }
    select.value = String(Math.min(Math.max(keep, Number(option.dataset.min)), Number(option.dataset.max)));
    fillSeats();
  }

  function fillSeats() {
    const box = $("seats");
    const n = Number($("players").value);
    const old = Array.from(box.querySelectorAll("select")).map((s) => s.value);
    box.querySelectorAll("label").forEach((l) => l.remove());
    for (let i = 0; i < n; i++) {
      const label = document.createElement("label");
      label.textContent = `Seat ${i} `;
      const select = document.createElement("select");
      select.name = `seat${i}`;
      select.id = `seat${i}`;
      const person = document.createElement("option");
      person.value = "person";
      person.textContent = "a person at this device";
      select.append(person);
      for (const spec of AGENTS) {
        const o = document.createElement("option");
        o.value = spec;
        o.textContent = `agent ${spec}`;
        select.append(o);
      }
      select.value = old[i] || (i === 0 ? "person" : "mc:200");
      label.append(select);
      box.append(label);
    }
  }

  /** The seed typed in, as a BigInt (seeds are 64-bit). */
  function seedValue() {
    const text = $("seed").value.trim() || "0";
    if (!/^\d+$/.test(text)) {
      throw new Error(`a seed is a whole number from 0 up, not '${text}'`);
    }
    return BigInt(text);
  }

  /** Seat `i`'s agent is seeded `seed + i`, as the `tour` program seeds its random agents. */
  function makeSeats(name, seed, n, kinds) {
    return kinds.slice(0, n).map((kind, i) =>
      kind === "person"
        ? { kind: "person" }
        : { kind: "agent", spec: kind, agent: new T.Agent(name, kind, seed + BigInt(i)) });
  }

  const start = guarded(function (event) {
    if (event) event.preventDefault();
    const name = $("game").value;
    const n = Number($("players").value);
    const seed = seedValue();
    const kinds = Array.from({ length: n }, (_, i) => $(`seat${i}`).value);
    const next = new T.Game(name, n, seed);
    const nextSeats = makeSeats(name, seed, n, kinds);
    stop();
    replaceGame(next, nextSeats);
    tableDice = document.querySelector('input[name="dice"]:checked').value === "table";
    say(`New game of ${name}, seed ${seed}.`, true);
    afterChange();
  });

  function replaceGame(next, nextSeats) {
    if (game) game.free();
    for (const s of seats) if (s.agent) s.agent.free();
    game = next;
    seats = nextSeats;
    paused = false;
    chosenFaces = [];
    lastViewer = null;
    $("log").replaceChildren();
    $("filter").value = "";
    $("table").hidden = false;
    for (const a of game.history()) logText(a.text, false);
  }

  const loadReplay = guarded(async function () {
    const file = $("load").files[0];
    $("load").value = "";
    if (!file) return;
    const text = await file.text();
    try {
      const loaded = T.Game.fromReplay(text);
      stop();
      // Everyone at the table decides from here; the recorded seed's dice roll on.
      const kinds = Array.from({ length: loaded.players }, () => "person");
      replaceGame(loaded, makeSeats(loaded.name, loaded.seed, loaded.players, kinds));
      $("game").value = loaded.name;
      fillPlayers();
      $("players").value = String(loaded.players);
      fillSeats();
      for (let i = 0; i < loaded.players; i++) $(`seat${i}`).value = "person";
      $("seed").value = String(loaded.seed);
      say(`Loaded ${file.name}: ${loaded.history().length} actions, verified.`, true);
      afterChange();
    } catch (e) {
      say(`${file.name} was not loaded: ${describe(e)}`);
    }
  });

  // ---- who acts --------------------------------------------------------------------------

  /** The seat to decide now: at a turn of several seats, a person's seat first. */
  function deciding() {
    const turn = game.turn();
    if (turn.kind === "seat" || turn.kind === "seats") {
      const person = turn.seats.find((s) => seats[s].kind === "person");
      return person !== undefined ? person : turn.seats[0];
    }
    return null;
  }

  /** What happens next: "over", "roll" (the page rolls), "dice" (a person enters the roll),
   * "agent" or "person". */
  function nextStep() {
    const turn = game.turn();
    if (turn.kind === "over") return "over";
    if (turn.kind === "chance") return tableDice ? "dice" : "roll";
    return seats[deciding()].kind;
  }

  function pace() {
    return Number($("pace").value);
  }

  function stop() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  /** Plays the automatic steps (seeded rolls, agents) until a person must act. */
  function schedule() {
    stop();
    if (!game || paused) return;
    const step = nextStep();
    if (step !== "roll" && step !== "agent") return;
    timer = setTimeout(guarded(autoSteps), pace());
  }

  function autoSteps() {
    timer = null;
    const started = performance.now();
    do {
      const step = nextStep();
      if (step === "roll") {
        logAction(game.roll(), false);
      } else if (step === "agent") {
        const seat = deciding();
        const action = seats[seat].agent.choose(game, seat);
        logAction(game.apply(action), false);
      } else {
        break;
      }
      // "instant" plays on for a frame's time before the board is drawn again.
    } while (pace() === 0 && performance.now() - started < 30);
    afterChange();
  }

  /** Applies a person's action (an Action, as the engine listed or read it). */
  const act = guarded(function (action) {
    const applied = game.apply(action);
    logAction(applied, applied.seat === null);
    chosenFaces = [];
    $("filter").value = "";
    $("typed-text").value = "";
    say("");
    afterChange();
  });

  function afterChange() {
    render();
    schedule();
  }

  // ---- drawing ---------------------------------------------------------------------------

  function seatName(i) {
    const s = seats[i];
    return s.kind === "person" ? `seat ${i} (person)` : `seat ${i} (${s.spec})`;
  }

  function personSeats() {
    return seats.map((s, i) => (s.kind === "person" ? i : -1)).filter((i) => i >= 0);
  }

  function logText(text, hidden) {
    const li = document.createElement("li");
    li.textContent = text;
    if (hidden) li.className = "hidden-action";
    $("log").prepend(li);
  }

  /** Logs the action just applied: without its details when a person at this device may not
   * know it (another player's card, a tile drawn face down), as `play` prints it. A roll
   * entered at the table is known to everyone there. */
  function logAction(action, typed) {
    const people = personSeats();
    const hidden = typed || people.length === 0 ? undefined : game.lastHiddenFrom(people);
    if (hidden === undefined || hidden === null) {
      logText(action.text, false);
    } else {
      const who = action.seat === null ? "chance" : seatName(action.seat);
      logText(`${who}: (hidden from ${people.length === 1 ? "you" : `seat ${hidden}`})`, true);
    }
  }

  /** The whole log in full, once nothing is hidden any more (the game is over). */
  function revealLog() {
    if (!$("log").querySelector(".hidden-action")) return;
    $("log").replaceChildren();
    for (const a of game.history()) logText(a.text, false);
  }

  /** Whose view the board shows: the whole table when only agents play, when the game is over
   * or when asked; otherwise the view of the person deciding (the others look away). */
  function viewer() {
    if ($("whole").checked || game.isOver) return null;
    const people = seats.map((s, i) => (s.kind === "person" ? i : -1)).filter((i) => i >= 0);
    if (people.length === 0) return null;
    const d = deciding();
    if (d !== null && seats[d].kind === "person") lastViewer = d;
    if (lastViewer === null || !people.includes(lastViewer)) lastViewer = people[0];
    return lastViewer;
  }

  function drawBoard() {
    const seat = viewer();
    const svg = seat === null ? game.svg() : game.viewSvg(seat);
    const board = $("board");
    board.innerHTML = svg;
    board.setAttribute("aria-label", seat === null ? "the whole table" : `the view of seat ${seat}`);
    // Shapes whose title names a place can be clicked (the engine says what a click means).
    for (const title of board.querySelectorAll("title")) {
      const text = title.textContent || "";
      const place = text.split(":")[0].trim();
      const shape = title.parentElement;
      if (text.includes(":") && place && shape && shape.tagName.toLowerCase() !== "svg") {
        shape.dataset.place = place;
      }
    }
  }

  function drawScores() {
    const scores = game.scores();
    const outcome = game.outcome();
    const turn = game.turn();
    const table = $("scores");
    table.replaceChildren();
    const head = table.insertRow();
    head.innerHTML = "<th>seat</th><th>score</th>";
    scores.forEach((score, i) => {
      const row = table.insertRow();
      row.insertCell().textContent = seatName(i);
      const cell = row.insertCell();
      cell.className = "score";
      cell.textContent = String(score);
      if (turn.seats.includes(i)) row.className = "to-move";
      if (outcome && outcome.winners.includes(i)) row.className = "winner";
    });
  }

  function drawTurn() {
    const turn = game.turn();
    let text;
    if (turn.kind === "over") {
      const o = game.outcome();
      text = `Game over: ${o.winners.map((w) => `seat ${w}`).join(" and ")} won.`;
    } else if (turn.kind === "chance") {
      text = tableDice ? "Roll at the table and enter what came up." : "The page rolls the dice.";
    } else {
      text = `${turn.seats.map(seatName).join(", ")} to decide.`;
    }
    if (paused && (nextStep() === "agent" || nextStep() === "roll")) text += " (paused)";
    $("turn").textContent = text;
    $("status").textContent = `${game.name} · ${game.players} players · seed ${game.seed} · ${game.history().length} actions`;
  }

  function drawDecision() {
    const step = nextStep();
    const decide = $("decide");
    decide.hidden = step !== "person" && step !== "dice";
    $("pad").hidden = step !== "dice";
    $("typed").hidden = step !== "dice";
    $("choose").hidden = step !== "person";
    if (step === "dice") {
      const pad = game.dicePad();
      $("prompt").textContent = pad.count === 1
        ? "What came up? Click it."
        : `What came up? Click the ${pad.count} faces, in any order.`;
      const faces = $("faces");
      faces.replaceChildren();
      for (const face of pad.faces) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = face;
        b.dataset.face = face;
        b.addEventListener("click", () => clickFace(face, pad.count));
        faces.append(b);
      }
      $("chosen").textContent = chosenFaces.length ? `Chosen: ${chosenFaces.join(" ")}` : "";
    } else if (step === "person") {
      const seat = deciding();
      $("prompt").textContent = `Your move, ${seatName(seat)}: click the board where it allows, or choose below.`;
      drawActions();
    }
  }

  /** The legal actions of the person deciding, narrowed by the words typed (as `play` does). */
  function drawActions() {
    const seat = deciding();
    const words = $("filter").value.toLowerCase().split(/\s+/).filter(Boolean);
    const all = game.legalActions(seat);
    const shown = all.filter((a) => words.every((w) => a.text.toLowerCase().includes(w)));
    const list = $("actions");
    list.replaceChildren();
    const limit = 200;
    for (const a of shown.slice(0, limit)) {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = a.text;
      b.dataset.id = String(a.id);
      b.addEventListener("click", () => act(a));
      li.append(b);
      list.append(li);
    }
    if (shown.length > limit || shown.length === 0) {
      const li = document.createElement("li");
      li.className = "more";
      li.textContent = shown.length === 0
        ? `Nothing matches: ${all.length} actions are legal.`
        : `${shown.length - limit} more: type to narrow the list.`;
      list.append(li);
    }
  }

  function render() {
    if (!game) return;
    if (game.isOver) revealLog();
    drawBoard();
    drawScores();
    drawTurn();
    drawDecision();
    $("pause").textContent = paused ? "Resume" : "Pause";
    $("undo").disabled = game.history().length === 0;
    document.body.dataset.step = nextStep();
  }

  // ---- input -----------------------------------------------------------------------------

  const clickFace = guarded(function (face, count) {
    chosenFaces.push(face);
    if (chosenFaces.length < count) {
      $("chosen").textContent = `Chosen: ${chosenFaces.join(" ")}`;
      return;
    }
    const faces = chosenFaces;
    chosenFaces = [];
    $("chosen").textContent = "";
    act(game.chanceFromFaces(faces));
  });

  const typedRoll = guarded(function (event) {
    event.preventDefault();
    act(game.chanceFromText($("typed-text").value));
  });

  /** A click on the board: the engine says which actions name the place clicked. */
  const clickBoard = guarded(function (event) {
    const shape = event.target.closest("[data-place]");
    if (!shape || nextStep() !== "person") return;
    const seat = deciding();
    const place = shape.dataset.place;
    const at = game.placeActions(place, seat);
    if (at.legal.length === 1) {
      act(at.legal[0]);
    } else if (at.legal.length > 1) {
      $("filter").value = place;
      drawActions();
      say(`${at.legal.length} actions at ${place}: choose one below.`, true);
    } else if (at.other.length > 0) {
      // Not legal now: the engine's reason, and nothing changes.
      try {
        logAction(game.apply(at.other[0]), false);
        afterChange();
      } catch (e) {
        say(`${place}: ${describe(e)}`);
      }
    } else {
      say(`Nothing to do at ${place}.`);
    }
  });

  const undo = guarded(function () {
    const taken = game.undo();
    $("log").firstElementChild?.remove();
    // Agents and seeded dice wait, so the take-back is not played again at once.
    paused = true;
    chosenFaces = [];
    say(`Taken back: ${taken.text}. Automatic play is paused.`, true);
    afterChange();
  });

  const togglePause = guarded(function () {
    paused = !paused;
    afterChange();
  });

  const saveReplay = guarded(function () {
    const text = game.replay();
    const blob = new Blob([text], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `${game.name}-seed${game.seed}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    say(`Saved ${a.download}.`, true);
  });

  // ---- start -----------------------------------------------------------------------------

  function bytesOf(base64) {
    const raw = atob(base64);
    const bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  async function main() {
    window.addEventListener("error", (e) => say(`Unexpected: ${e.message}`));
    window.addEventListener("unhandledrejection", (e) => say(`Unexpected: ${describe(e.reason)}`));
    if (typeof wasm_bindgen === "undefined" || typeof TABULA_WASM === "undefined") {
      $("status").textContent = "The engines are not built: run web/build first.";
      return;
    }
    await wasm_bindgen({ module_or_path: bytesOf(TABULA_WASM) });
    T = wasm_bindgen;
    fillGames();
    fillPlayers();
    $("game").addEventListener("change", guarded(fillPlayers));
    $("players").addEventListener("change", guarded(fillSeats));
    $("setup").addEventListener("submit", start);
    $("load").addEventListener("change", loadReplay);
    $("typed").addEventListener("submit", typedRoll);
    $("clear-faces").addEventListener("click", () => { chosenFaces = []; $("chosen").textContent = ""; });
    $("filter").addEventListener("input", guarded(drawActions));
    $("filter").addEventListener("keydown", guarded((e) => {
      if (e.key !== "Enter") return;
      e.preventDefault();
      const first = $("actions").querySelector("button");
      if (first) first.click();
    }));
    $("board").addEventListener("click", clickBoard);
    $("undo").addEventListener("click", undo);
    $("pause").addEventListener("click", togglePause);
    $("save").addEventListener("click", saveReplay);
    $("whole").addEventListener("change", guarded(render));
    $("pace").addEventListener("change", guarded(schedule));
    start();
    window.tabulaReady = performance.now();
    document.body.dataset.ready = "1";
  }

  main().catch((e) => {
    $("status").textContent = `The engines did not load: ${describe(e)}`;
  });
})();
