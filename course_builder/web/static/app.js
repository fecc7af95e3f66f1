// The page of `course-builder serve`. It displays what the server sends and sends back what the
// user picked: every rule (where boats may start, which dice steps and headings are open, what a
// move does) is decided by the server. The state (a course code, a position or a game record)
// lives in this tab only (sessionStorage, so a reload keeps it) and travels with each request.
"use strict";

const S = {
  view: null,      // what the server last sent
  map: null,       // {code, svg, centres, size}
  undo: [],        // earlier states, for Undo
  pending: null,   // a boat about to be placed: {hex, heading}
  selected: null,  // the colour of a ruling's boat picked for moving
  headings: null,  // the three headings for the dice rolled
  preview: null,   // the heading shown on the board
  outcome: null,   // the last move adjudicated
  step: null,      // the trace line shown (null: the whole move)
  diceStep: null,  // the dice step picked
};

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------------------------------------
// talking to the server
// ---------------------------------------------------------------------------------------------

async function post(name, body) {
  const response = await fetch("/api/" + name, {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  if (!response.ok) {
    let reason = response.statusText;
    try { reason = (await response.json()).error || reason; } catch (e) { /* not JSON */ }
    throw new Error(reason);
  }
  return response;
}

async function call(name, body) {
  return (await post(name, body)).json();
}

function showError(err) {
  const box = $("error");
  box.textContent = err ? String(err.message || err) : "";
  box.hidden = !err;
}

// Run an action with its errors shown on the page, and the buttons quiet meanwhile.
async function act(work) {
  showError(null);
  document.body.classList.add("busy");
  try { await work(); } catch (err) { showError(err); } finally { document.body.classList.remove("busy"); }
}

async function open(view, keepUndo) {
  if (S.view && !keepUndo) S.undo.push(S.view.state);
  if (!S.view) S.undo = [];
  S.view = view;
  S.pending = null; S.headings = null; S.preview = null; S.diceStep = null;
  $("dice").value = "";
  if (!S.map || S.map.code !== view.code) S.map = await call("map", {code: view.code});
  if (!$("board").querySelector("svg") || $("board").dataset.code !== view.code) drawMap();
  try { sessionStorage.setItem("state", JSON.stringify(view.state)); } catch (e) { /* private mode */ }
  render();
}

async function fresh(view) {  // a new course, position or game: nothing to undo into
  S.view = null; S.undo = []; S.outcome = null; S.selected = null;
  await open(view, true);
  // Playing or ruling needs the room: the opening controls fold away (a click opens them again).
  if (view.kind !== "course") $("open-box").open = false;
}

// ---------------------------------------------------------------------------------------------
// the board
// ---------------------------------------------------------------------------------------------

function drawMap() {
  const board = $("board");
  board.innerHTML = S.map.svg;
  board.dataset.code = S.map.code;
  const svg = board.querySelector("svg");
  svg.removeAttribute("width"); svg.removeAttribute("height");
  const overlay = document.createElementNS(SVGNS, "g");
  overlay.id = "overlay";
  svg.appendChild(overlay);
  svg.addEventListener("click", onBoardClick);
  $("map-note").textContent = (S.map.notes || []).join(" ");
  $("map-note").hidden = !(S.map.notes || []).length;
}

function centre(hex) { return mapCentre(S.map, hex); }

function hexPoints(hex, scale) { return mapHexPoints(S.map, hex, scale); }

function crashMark(g, hex, damage) {
  const [x, y] = centre(hex);
  const r = S.map.size * 0.55;
  const mark = el("g", {class: "crash-mark"}, g);
  el("path", {d: `M${x - r},${y - r}L${x + r},${y + r}M${x - r},${y + r}L${x + r},${y - r}`,
    stroke: "#b00020", "stroke-width": 0.9, "stroke-linecap": "round"}, mark);
  if (damage) {
    const t = el("text", {x: x + r * 1.1, y: y - r * 0.9, "font-size": S.map.size * 1.1,
      fill: "#b00020", "font-weight": "bold", stroke: "#fff", "stroke-width": 0.25,
      "paint-order": "stroke"}, mark);
    t.textContent = "+" + damage;
  }
}

function drawOverlay() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const g = svg.querySelector("#overlay");
  g.innerHTML = "";
  const v = S.view;
  if (v.phase === "placing") {
    for (const hex of v.placing.free) {
      el("polygon", {points: hexPoints(hex, 0.92), class: "free", "data-hex": hex.join(","),
        fill: "#1f6fd1", "fill-opacity": 0.22, stroke: "#1f6fd1", "stroke-width": 0.3}, g);
    }
  }
  if (traceOnBoard()) drawTrace(g);
  if (S.preview) drawPreviewPath(g, S.preview);  // under the boats: it starts under the mover
  for (const boat of v.boats) drawBoat(S.map, g, boat, {selected: boat.colour === S.selected});
  if (S.preview) drawPreviewEnd(g, S.preview);
  if (S.pending) {
    drawBoat(S.map, g, {colour: v.to_act, hex: S.pending.hex, heading: S.pending.heading, to_move: true},
             {pending: true, selected: true});
  }
}

// A heading's preview in two layers: the path (and a crash where the boat stands, when it does
// not get away) under the boats, so the boat to move is never hidden by its own move; where it
// ends (the boat as it would stand, and its crash) over them.
function drawPreviewPath(g, choice) {
  const colour = choice.legal ? "#2e7d32" : "#8a1c1c";
  mapPolyline(S.map, g, choice.path, {stroke: "#fff", "stroke-width": 1.5, opacity: 0.8});
  mapPolyline(S.map, g, choice.path, {stroke: colour, "stroke-width": 0.9, "stroke-dasharray": "1.6 1",
    class: "preview-path"});
  if (choice.crash && choice.path.length === 1) crashMark(g, choice.path[0], choice.damage);
}

function drawPreviewEnd(g, choice) {
  if (choice.path.length < 2) return;
  const end = choice.path[choice.path.length - 1];
  drawBoat(S.map, g, {colour: S.view.to_act, hex: end, heading: choice.heading}, {pending: true});
  if (choice.crash) crashMark(g, end, choice.damage);
}

// The last move's trace belongs to the race it was sailed on: once the race (and so the map)
// changes, it is no longer drawn, and the panel says which race it was.
function traceOnBoard() { return Boolean(S.outcome && S.view && S.outcome.code === S.view.code); }

function drawTrace(g) {
  const o = S.outcome;
  const upto = S.step === null ? o.steps.length - 1 : S.step;
  const path = [o.start];
  for (let i = 0; i <= upto; i++) {
    const line = o.steps[i];
    if (line.kind === "sail") path.push(...line.hexes);
  }
  el("polygon", {points: hexPoints(o.start, 0.55), fill: "none", stroke: "#111",
    "stroke-width": 0.4, "stroke-dasharray": "0.8 0.5"}, g);
  mapPolyline(S.map, g, path, {stroke: "#111", "stroke-width": 1.5, opacity: 0.55});
  mapPolyline(S.map, g, path, {stroke: COLOURS[o.boat] || "#888", "stroke-width": 0.9, class: "trace-path"});
  for (let i = 0; i <= upto; i++) {
    const line = o.steps[i];
    if (line.kind === "crash" && line.hexes.length) crashMark(g, line.hexes[line.hexes.length - 1], line.damage);
    if (line.kind === "damage" && line.hexes.length) crashMark(g, line.hexes[0], 0);
  }
  if (S.step !== null) {
    for (const hex of o.steps[S.step].hexes) {
      el("polygon", {points: hexPoints(hex, 0.85), fill: "#00b4d8", "fill-opacity": 0.3,
        stroke: "#0077b6", "stroke-width": 0.45, class: "step-hex"}, g);
    }
  }
}

function onBoardClick(event) {
  const v = S.view;
  if (!v) return;
  const hex = mapHexAt(S.map, $("board").querySelector("svg"), event);
  if (!hex) return;
  if (v.phase === "placing") {
    if (!v.placing.free.some((h) => h[0] === hex[0] && h[1] === hex[1])) {
      $("board-hint").textContent = `(${hex}) is not a free start hex: boats start on or behind the start tile.`;
      return;
    }
    S.pending = {hex, heading: S.pending ? S.pending.heading : v.placing.heading};
    $("board-hint").textContent = `${v.to_act} at (${hex}) heading ${S.pending.heading}: turn it or place it.`;
    render();
  } else if (v.kind === "position" && !S.outcome) {
    const boat = v.boats.find((b) => b.hex[0] === hex[0] && b.hex[1] === hex[1]);
    if (boat) { S.selected = boat.colour; render(); return; }
    if (S.selected) act(async () => open(await call("edit", {state: v.state, colour: S.selected, hex})));
  } else if (v.kind === "position" && S.outcome) {
    const boat = v.boats.find((b) => b.hex[0] === hex[0] && b.hex[1] === hex[1]);
    if (boat) { S.outcome = null; S.selected = boat.colour; render(); }
  }
}

// ---------------------------------------------------------------------------------------------
// the panel
// ---------------------------------------------------------------------------------------------

function render() {
  const v = S.view;
  $("status").textContent = [v.message, v.status].filter(Boolean).join(" · ") || `Race ${v.race}: ${v.code}`;
  $("boats-box").hidden = !v.boats.length;
  $("boats").hidden = !v.boats.length;
  renderBoats(v);
  renderResults(v);
  $("setup-box").hidden = v.kind !== "course";
  $("game-on-course").hidden = v.kind !== "course";
  $("game-on-course-hint").hidden = v.kind !== "course";
  $("game-on-course-hint").textContent = `A game on this course: it is race ${v.race}; the other `
    + "two races are made on its lake from the seed.";
  $("place-box").hidden = v.phase !== "placing";
  if (v.phase === "placing") $("place-title").textContent = `Race ${v.race_name}: ${v.to_act} places its boat`;
  $("place").disabled = !S.pending;
  $("edit-box").hidden = v.kind !== "position";
  for (const id of ["edit-left", "edit-right", "edit-to-move"]) $(id).disabled = !S.selected;
  $("edit-hint").textContent = S.selected ? `${S.selected} picked: click a hex to move it there.`
    : "Click a boat to pick it, then click a hex to move it there.";
  renderMove(v);
  renderTrace();
  $("keep-box").hidden = false;
  $("notation").value = v.notation || "";
  $("notation-row").hidden = !v.notation;
  $("code").value = v.code;
  $("undo").disabled = !S.undo.length;
  const record = v.state.kind === "game" ? v.state.record : null;
  $("download-record").hidden = !record || v.phase === "over";  // game over: the standings offer it
  $("record-box").hidden = !record;
  $("record").textContent = record || "";
  drawOverlay();
}

function renderBoats(v) {
  const body = $("boats").querySelector("tbody");
  body.innerHTML = "";
  for (const b of v.boats) {
    const tr = document.createElement("tr");
    if (b.to_move) tr.className = "to-move";
    const state = b.finished ? `finished ${b.finished}` : b.sunk ? "sunk" : b.to_move ? "to move" : "";
    const cells = [`${swatch(b.colour)}${b.colour}`,
      `(${b.hex}) ${b.heading}`, b.dice.join("-") || "none", b.damage, b.next, state];
    tr.innerHTML = cells.map((c) => `<td>${c}</td>`).join("");
    body.appendChild(tr);
  }
}

const ORDINALS = ["", "1st", "2nd", "3rd", "4th", "5th", "6th"];

// The races sailed so far: each boat's place and points per race and in all, best first, and
// each race's finishing order; at the game's end, with the record to download.
function renderResults(v) {
  const results = v.results || [];
  const over = v.phase === "over";
  $("over-box").hidden = !results.length;
  if (!results.length) return;
  const last = results[results.length - 1].race;
  $("over-title").textContent = over ? "The game is over: final standings" : `Standings after race ${last}`;
  $("final").querySelector("thead").innerHTML = "<tr><th></th>"
    + results.map((r) => `<th>race ${r.race}</th>`).join("") + "<th>points</th></tr>";
  const body = $("final").querySelector("tbody");
  body.innerHTML = "";
  for (const s of v.standings) {
    const tr = document.createElement("tr");
    if (over && s.rank === 1) tr.className = "winner";
    const cells = results.map((r) => {
      const place = r.order.find(([c]) => c === s.colour)[1];
      return `<td>${place ? ORDINALS[place] || place + "th" : "sank"} · ${r.points[s.colour]}</td>`;
    });
    tr.innerHTML = `<td>${s.rank}. ${swatch(s.colour)}${s.colour}</td>${cells.join("")}<td><b>${s.points}</b></td>`;
    body.appendChild(tr);
  }
  $("final-note").textContent = `each race: place · points (${v.scoring} scoring)`;
  $("orders").innerHTML = results.map((r) => `<li>Race ${r.race}: ` + r.order.map(([c, place]) =>
    place ? `${place}. ${c}` : `${c} sank`).join(", ") + "</li>").join("");
  $("over-actions").hidden = !over;
  // During a race the standings wait at the foot of the panel; at the end they come first.
  $("over-box").style.order = over ? "0" : "10";
}

function swatch(colour) {
  return `<span class="swatch" style="background:${COLOURS[colour] || "#888"}"></span>`;
}

function renderMove(v) {
  const moving = v.phase === "moving";
  $("move-box").hidden = !moving;
  if (!moving) return;
  $("move-title").textContent = `Turn ${v.turn}: ${v.to_act} moves`;
  const steps = $("steps");
  steps.innerHTML = "";
  for (const s of v.steps) {
    const b = document.createElement("button");
    b.innerHTML = `<b>${escapeHtml(s.notation || "=")}</b> ${escapeHtml(s.words)}`;
    b.title = s.roll ? `roll ${s.roll} ${s.roll > 1 ? "dice" : "die"}` : "no roll";
    b.dataset.step = s.notation;
    if (S.diceStep && S.diceStep.notation === s.notation) b.className = "chosen";
    b.addEventListener("click", () => { S.diceStep = s; S.headings = null; S.preview = null; render(); });
    steps.appendChild(b);
  }
  const step = S.diceStep;
  $("dice").disabled = !step || !step.roll;
  $("roll").disabled = !step || !step.roll;
  $("show-headings").disabled = !step;
  $("dice").placeholder = step && step.roll ? `${step.roll} value${step.roll > 1 ? "s" : ""} 1-3` : "no roll";
  $("dice-line").textContent = S.headings
    ? `dice ${S.headings.dice.join("-") || "none"} (rolled ${S.headings.rolled.join("-") || "nothing"}): ${S.headings.total} to sail`
    : step ? `${step.words}; keeps ${step.kept.join("-") || "no dice"}${step.roll ? `, rolls ${step.roll}` : ""}` : "Pick the dice step.";
  renderHeadings();
}

function renderHeadings() {
  const box = $("headings");
  box.innerHTML = "";
  if (!S.headings) return;
  for (const c of S.headings.choices) {
    const card = document.createElement("div");
    card.className = "heading-card " + (c.legal ? "legal" : "illegal");
    card.dataset.turn = c.turn;
    const effects = c.effects.map((e) => `<li>${escapeHtml(e)}</li>`).join("");
    card.innerHTML = `<h3>${c.word} &rarr; ${c.heading}</h3>
      <div class="verdict">${c.legal ? "legal" : "not allowed"}</div>
      <div>${escapeHtml(c.summary)}</div>${effects ? `<ul>${effects}</ul>` : ""}`;
    const take = document.createElement("button");
    take.className = "take";
    take.textContent = c.legal ? `Take ${c.move}` : "illegal";
    take.disabled = !c.legal;
    take.addEventListener("click", () => play(c.move));
    card.appendChild(take);
    card.addEventListener("mouseenter", () => { S.preview = c; drawOverlay(); });
    card.addEventListener("mouseleave", () => { S.preview = null; drawOverlay(); });
    box.appendChild(card);
  }
}

function renderTrace() {
  const o = S.outcome;
  $("trace-box").hidden = !o;
  if (!o) return;
  const onBoard = traceOnBoard();
  if (!onBoard) S.step = null;
  $("trace-title").textContent = onBoard ? o.headline : `Last move of race ${o.race}: ${o.headline}`;
  $("trace-box").classList.toggle("off-board", !onBoard);
  for (const id of ["trace-prev", "trace-next", "trace-all", "trace-count"]) $(id).hidden = !onBoard;
  const list = $("trace");
  list.innerHTML = "";
  o.steps.forEach((line, i) => {
    const li = document.createElement("li");
    li.textContent = line.text;
    li.classList.add(line.kind);
    if (S.step === i) li.classList.add("current");
    if (S.step !== null && i > S.step) li.classList.add("later");
    if (onBoard) li.addEventListener("click", () => { S.step = i; render(); });
    list.appendChild(li);
  });
  $("trace-count").textContent = S.step === null ? `${o.steps.length} steps` : `step ${S.step + 1} of ${o.steps.length}`;
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));
}

// ---------------------------------------------------------------------------------------------
// actions
// ---------------------------------------------------------------------------------------------

async function askHeadings(roll) {
  const body = {state: S.view.state, step: S.diceStep.notation};
  if (roll) body.roll = true; else body.rolled = $("dice").value;
  S.headings = await call("headings", body);
  if (roll) $("dice").value = S.headings.rolled.join("");
  S.preview = null;
  render();
}

async function play(move) {
  const result = await call("move", {state: S.view.state, move});
  S.outcome = Object.assign({code: S.view.code, race: S.view.race}, result.outcome);
  S.step = null;
  S.selected = null;
  await open(result.view);
}

function download(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

async function copy(text) {
  try { await navigator.clipboard.writeText(text); }
  catch (e) { const box = $("notation"); box.select(); document.execCommand("copy"); }
  $("board-hint").textContent = "copied: " + text;
}

function readFile(input, then) {
  const file = input.files[0];
  if (!file) return;
  if (file.size > 400000) { showError(new Error(`${file.name}: too large for a course or record`)); return; }
  const reader = new FileReader();
  reader.onload = () => act(() => then(String(reader.result), file.name));
  reader.readAsText(file);
  input.value = "";
}

function wire() {
  $("game-form").addEventListener("submit", (e) => { e.preventDefault(); act(async () => {
    const view = await call("game", gameRequest());
    if (view.seed !== null && view.seed !== undefined) $("seed").value = view.seed;  // as "Show a course" does
    await fresh(view);
  }); });
  $("game-on-course").addEventListener("click", () => act(async () => {
    await fresh(await call("game", Object.assign(gameRequest(), {course: S.view.code})));
  }));
  $("clear-seed").addEventListener("click", () => { $("seed").value = ""; $("seed").focus(); });
  $("course-form").addEventListener("submit", (e) => { e.preventDefault(); act(async () => {
    const view = await call("course", {race: $("race").value, seed: $("seed").value || null,
      expansion: $("expansion").checked, board: $("lake").value});
    $("seed").value = view.seed;
    await fresh(view);
  }); });
  $("paste-form").addEventListener("submit", (e) => { e.preventDefault(); act(async () => {
    await fresh(await call("open", {text: $("paste").value}));
  }); });
  $("course-file").addEventListener("change", (e) => readFile(e.target, async (text, name) => {
    let data;
    try { data = JSON.parse(text); } catch (err) { throw new Error(`${name}: not valid JSON`); }
    await fresh(await call("course-file", {course: data}));
  }));
  $("record-file").addEventListener("change", (e) => readFile(e.target, async (text) => {
    await fresh(await call("open", {text}));
  }));
  $("setup").addEventListener("click", () => act(async () => {
    await open(await call("setup", {state: S.view.state, players: $("ruling-players").value}));
  }));
  for (const b of document.querySelectorAll("button.zoom")) b.addEventListener("click", () => zoom(b));
  $("turn-left").addEventListener("click", () => rotatePending(1));
  $("turn-right").addEventListener("click", () => rotatePending(-1));
  $("place").addEventListener("click", () => act(async () => {
    const p = S.pending;
    await open(await call("place", {state: S.view.state, hex: p.hex, heading: p.heading}));
    $("board-hint").textContent = "";
  }));
  $("edit-left").addEventListener("click", () => editSelected({by: 1}));
  $("edit-right").addEventListener("click", () => editSelected({by: -1}));
  $("edit-to-move").addEventListener("click", () => editSelected({to_move: true}));
  $("show-headings").addEventListener("click", () => act(() => askHeadings(false)));
  $("roll").addEventListener("click", () => act(() => askHeadings(true)));
  $("notation-move").addEventListener("submit", (e) => { e.preventDefault(); act(async () => {
    await play($("move-text").value);
    $("move-text").value = "";
  }); });
  $("trace-prev").addEventListener("click", () => stepTrace(-1));
  $("trace-next").addEventListener("click", () => stepTrace(1));
  $("trace-all").addEventListener("click", () => { S.step = null; render(); });
  $("copy").addEventListener("click", () => copy($("notation").value));
  $("copy-code").addEventListener("click", () => copy($("code").value));
  $("undo").addEventListener("click", () => act(async () => {
    const state = S.undo.pop();
    S.outcome = null;
    await open(await call("state", {state}), true);
  }));
  $("download-record").addEventListener("click", downloadRecord);
  $("over-record").addEventListener("click", downloadRecord);
  $("download-sheet").addEventListener("click", () => act(async () => {
    const response = await post("sheet", {state: S.view.state});
    const name = (response.headers.get("Content-Disposition") || "").match(/filename="([^"]+)"/);
    download(await response.blob(), name ? name[1] : "powerboats.pdf");
  }));
}

function gameRequest() {
  return {players: $("players").value, seed: $("seed").value || null, board: $("lake").value,
    expansion: $("expansion").checked, scoring: $("scoring").value};
}

function downloadRecord() {  // named as play names it: powerboats-game-SEED.pbr
  const seed = S.view.seed !== null && S.view.seed !== undefined ? S.view.seed : "game";
  download(new Blob([S.view.state.record], {type: "text/plain"}), `powerboats-game-${seed}.pbr`);
}

function zoom(button) {
  const factor = Number(button.dataset.zoom);
  $("board").style.setProperty("--zoom", factor);
  for (const b of document.querySelectorAll("button.zoom")) b.classList.toggle("chosen", b === button);
  const focus = document.querySelector("#overlay .boat-to-move") || document.querySelector("#overlay .free");
  if (focus && factor > 1) focus.scrollIntoView({block: "center", inline: "center"});
}

function rotatePending(by) {
  if (!S.pending) return;
  S.pending.heading = turned(S.pending.heading, by);
  $("board-hint").textContent = `${S.view.to_act} at (${S.pending.hex}) heading ${S.pending.heading}: turn it or place it.`;
  render();
}

function editSelected(change) {
  const boat = S.view.boats.find((b) => b.colour === S.selected);
  if (!boat) return;
  const body = {state: S.view.state, colour: boat.colour};
  if (change.by) body.heading = turned(boat.heading, change.by);
  if (change.to_move) body.to_move = true;
  act(async () => { S.outcome = null; await open(await call("edit", body)); });
}

function stepTrace(by) {
  const n = S.outcome.steps.length;
  S.step = S.step === null ? (by > 0 ? 0 : n - 1) : Math.min(n - 1, Math.max(0, S.step + by));
  render();
}

wire();
(async () => {
  let saved = null;
  try { saved = JSON.parse(sessionStorage.getItem("state") || "null"); } catch (e) { saved = null; }
  if (saved) act(async () => fresh(await call("state", {state: saved})));
})();
