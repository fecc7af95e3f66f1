// The rooms page of `course-builder serve`: make a room, or play in one from a link.
//
// A link is /room/ID#TOKEN. The token stays in the fragment (a browser never sends it in a
// request line) and goes to the server in an Authorization header, and in the first message of
// the live connection. The page decides nothing: it shows the room the server sends (after every
// change, over a WebSocket) and sends back what the player picked. Everything the players wrote
// (their names) is put on the page as text, never as markup.
"use strict";

const SAVED = "course-builder-rooms";  // localStorage: the rooms opened on this device

const R = {
  id: null,         // the room's id
  token: null,      // this link's token
  you: null,        // {role, seat, colour}
  msg: null,        // the room as last sent
  map: null,        // {code, svg, centres, size}
  socket: null,
  retries: 0,
  placing: null,    // the boat about to be placed: {hex, heading}
  step: null,       // the dice step picked (notation)
  preview: null,    // the heading card pointed at
  links: null,      // the creator's: every seat's link and QR code
};

const $ = (id) => document.getElementById(id);

function setText(id, text) { $(id).textContent = text; }

function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

function make(tag, props, parent) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === "text") node.textContent = v;
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  if (parent) parent.appendChild(node);
  return node;
}

function swatch(colour, parent) {
  const s = make("span", {class: "swatch"}, parent);
  s.style.background = COLOURS[colour] || "#888";
  return s;
}

function seatLabel(seat) {  // "red (Bob)": the name is the player's own text
  return seat.name ? `${seat.colour} (${seat.name})` : seat.colour;
}

// ---------------------------------------------------------------------------------------------
// talking to the server
// ---------------------------------------------------------------------------------------------

async function api(method, path, body) {
  const headers = {};
  if (R.token) headers.Authorization = "Bearer " + R.token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {method, headers, cache: "no-store",
    body: body === undefined ? undefined : JSON.stringify(body)});
  if (!response.ok) {
    let reason = response.statusText;
    try { reason = (await response.json()).error || reason; } catch (e) { /* not JSON */ }
    const err = new Error(reason);
    err.status = response.status;
    throw err;
  }
  return response;
}

function showError(err, id) {
  const box = $(id || "error");
  box.textContent = err ? String(err.message || err) : "";
  box.hidden = !err;
}

async function act(work) {
  showError(null);
  document.body.classList.add("busy");
  try { await work(); } catch (err) { showError(err); } finally { document.body.classList.remove("busy"); }
}

// The live connection: the token first, then the room after every change. A dropped connection
// is opened again (sooner when the page is looked at again), saying which version it last saw.
function connect() {
  if (R.socket && R.socket.readyState <= 1) return;
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const socket = new WebSocket(`${scheme}${location.host}/api/rooms/${encodeURIComponent(R.id)}/live`);
  R.socket = socket;
  liveState("connecting");
  socket.onopen = () => {
    socket.send(JSON.stringify({token: R.token, seen: R.msg ? R.msg.version : -1}));
  };
  socket.onmessage = (event) => {
    let data;
    try { data = JSON.parse(event.data); } catch (e) { return; }
    if (data.type === "hello") { R.you = data.you; R.retries = 0; liveState("live"); }
    else if (data.type === "room") receive(data);
  };
  socket.onclose = (event) => {
    if (R.socket !== socket) return;
    R.socket = null;
    if (event.code >= 4400 && event.code < 4500 && event.code !== 4429 && event.code !== 4408) {
      liveState("closed");
      showError(new Error(event.reason || "this link does not open the room"));
      return;
    }
    liveState("reconnecting");
    const wait = Math.min(10000, 500 * 2 ** R.retries++);
    setTimeout(connect, wait);
  };
}

function liveState(state) {
  const badge = $("live");
  badge.hidden = false;
  badge.textContent = {live: "live", connecting: "connecting…", reconnecting: "reconnecting…",
                       closed: "not connected"}[state];
  badge.className = "live " + state;
}

async function refresh() {  // the room as it is now (a page woken from sleep)
  const data = await (await api("GET", `/api/rooms/${encodeURIComponent(R.id)}`)).json();
  R.you = data.you;
  receive(data.room);
}

async function receive(msg) {
  if (R.msg && msg.version <= R.msg.version) return;
  if (!R.msg || msg.entries !== R.msg.entries || Boolean(msg.pending) !== Boolean(R.msg.pending)) {
    R.placing = null; R.step = null; R.preview = null;
  }
  R.msg = msg;
  if (!R.map || R.map.code !== msg.view.code) {
    const response = await api("POST", "/api/map", {code: msg.view.code});
    R.map = await response.json();
    drawMap();
  }
  render();
}

// ---------------------------------------------------------------------------------------------
// the board
// ---------------------------------------------------------------------------------------------

function drawMap() {
  const board = $("board");
  board.innerHTML = R.map.svg;  // the setup sheet's map, drawn by the server from the course code
  const svg = board.querySelector("svg");
  svg.removeAttribute("width"); svg.removeAttribute("height");
  const overlay = document.createElementNS(SVGNS, "g");
  overlay.id = "overlay";
  svg.appendChild(overlay);
  svg.addEventListener("click", onBoardClick);
}

function centre(hex) { return mapCentre(R.map, hex); }

function hexPoints(hex, scale) { return mapHexPoints(R.map, hex, scale); }

function drawOverlay() {
  const svg = $("board").querySelector("svg");
  if (!svg || !R.msg) return;
  const g = svg.querySelector("#overlay");
  while (g.firstChild) g.removeChild(g.firstChild);
  const v = R.msg.view;
  if (v.phase === "placing" && myTurn()) {
    for (const hex of v.placing.free) {
      el("polygon", {points: hexPoints(hex, 0.92), class: "free", "data-hex": hex.join(","),
        fill: "#1f6fd1", "fill-opacity": 0.22, stroke: "#1f6fd1", "stroke-width": 0.3}, g);
    }
  }
  const last = R.msg.last;
  if (last && last.code === v.code) {
    const path = [last.start, ...last.path.slice(1)];
    mapPolyline(R.map, g, path, {stroke: "#111", "stroke-width": 1.5, opacity: 0.5});
    mapPolyline(R.map, g, path, {stroke: COLOURS[last.boat] || "#888", "stroke-width": 0.9, class: "trace-path"});
  }
  for (const boat of v.boats) drawBoat(R.map, g, boat, {});
  if (R.preview) {
    mapPolyline(R.map, g, R.preview.path, {stroke: R.preview.legal ? "#2e7d32" : "#8a1c1c", "stroke-width": 0.9,
      "stroke-dasharray": "1.6 1", class: "preview-path"});
    const end = R.preview.path[R.preview.path.length - 1];
    if (R.preview.path.length > 1) drawBoat(R.map, g, {colour: v.to_act, hex: end, heading: R.preview.heading}, {pending: true});
  }
  if (R.placing) drawBoat(R.map, g, {colour: v.to_act, hex: R.placing.hex, heading: R.placing.heading, to_move: true}, {pending: true});
}

function onBoardClick(event) {
  const v = R.msg && R.msg.view;
  if (!v || v.phase !== "placing" || !myTurn()) return;
  const hex = mapHexAt(R.map, $("board").querySelector("svg"), event);
  if (!hex) return;
  if (!v.placing.free.some((h) => h[0] === hex[0] && h[1] === hex[1])) {
    setText("board-hint", `(${hex}) is not a free start hex`);
    return;
  }
  R.placing = {hex, heading: R.placing ? R.placing.heading : v.placing.heading};
  setText("board-hint", `(${hex}) heading ${R.placing.heading}`);
  render();
}

// ---------------------------------------------------------------------------------------------
// the panel
// ---------------------------------------------------------------------------------------------

function mySeat() {
  if (!R.you || R.you.role !== "seat" || !R.msg) return null;
  return R.msg.seats.find((s) => s.seat === R.you.seat) || null;
}

function myTurn() {
  const seat = mySeat();
  return Boolean(seat && seat.to_act && !seat.bot);
}

function render() {
  const m = R.msg, v = m.view;
  document.body.classList.toggle("my-turn", myTurn());
  document.body.dataset.version = m.version;  // what the page shows, for anyone checking it
  document.body.dataset.entries = m.entries;
  setText("status", v.status || "");
  renderYou(m);
  renderAct(m);
  renderPending(m);
  renderTrace(m);
  renderBoats(v);
  renderStandings(v);
  renderSeats(m);
  renderLog(m);
  drawOverlay();
}

function renderYou(m) {
  const seat = mySeat();
  const you = !R.you ? "" : R.you.role === "creator"
    ? "You made this room: give each player the join link (or QR code) of their seat."
    : R.you.role === "spectator" ? "You are watching." : `You sail ${seatLabel(seat)}.`;
  setText("you", you);
  const v = m.view;
  const acting = m.seats.find((s) => s.to_act);
  let turn;
  if (v.phase === "over") turn = "The game is over.";
  else if (!acting) turn = "";
  else if (myTurn()) turn = v.phase === "placing" ? "Your turn: place your boat." : "Your turn.";
  else turn = `${v.phase === "placing" ? "Placing" : `Race ${v.race_name}, turn ${v.turn}`}: `
    + `${seatLabel(acting)}${acting.bot ? ` (bot ${acting.bot})` : ""} to ${v.phase === "placing" ? "place" : "move"}.`;
  setText("turn", turn);
}

function renderAct(m) {
  const v = m.view;
  const mine = myTurn() && (v.phase === "placing" || (v.phase === "moving" && !m.pending));
  $("act-box").hidden = !mine;
  if (!mine) return;
  $("place-controls").hidden = v.phase !== "placing";
  $("roll-controls").hidden = v.phase !== "moving";
  if (v.phase === "placing") {
    setText("act-title", `Race ${v.race_name}: place your boat`);
    $("place").disabled = !R.placing;
    return;
  }
  setText("act-title", `Turn ${v.turn}: your dice step`);
  const steps = $("steps");
  clear(steps);
  for (const s of v.steps) {
    const b = make("button", {"data-step": s.notation}, steps);
    make("b", {text: s.notation || "="}, b);
    b.appendChild(document.createTextNode(" " + s.words));
    if (R.step === s.notation) b.className = "chosen";
    b.addEventListener("click", () => { R.step = s.notation; render(); });
  }
  const step = v.steps.find((s) => s.notation === R.step);
  $("typed-label").hidden = m.dice !== "table" || !step || !step.roll;
  $("roll").disabled = !step;
  setText("roll", step && !step.roll ? "Keep these dice" : m.dice === "table" ? "These were rolled" : "Roll");
}

function renderPending(m) {
  const p = m.pending;
  $("pending-box").hidden = !p;
  if (!p) return;
  const acting = m.seats.find((s) => s.to_act);
  setText("pending-title", `${acting ? seatLabel(acting) : m.view.to_act}: dice ${p.dice.join("-") || "none"}`
    + ` (rolled ${p.rolled.join("-") || "nothing"}), ${p.total} to sail`
    + (myTurn() ? ": take a heading" : ""));
  const box = $("headings");
  clear(box);
  for (const c of p.choices) {
    const card = make("div", {class: "heading-card " + (c.legal ? "legal" : "illegal"), "data-turn": c.turn}, box);
    make("h3", {text: `${c.word} → ${c.heading}`}, card);
    make("div", {class: "verdict", text: c.legal ? "legal" : "not allowed"}, card);
    make("div", {text: c.summary}, card);
    if (c.effects.length) {
      const list = make("ul", {}, card);
      for (const e of c.effects) make("li", {text: e}, list);
    }
    if (myTurn()) {
      const take = make("button", {class: "take", text: c.legal ? `Take ${c.turn}` : "illegal"}, card);
      take.disabled = !c.legal;
      take.addEventListener("click", () => act(() => send({action: "move", turn: c.turn})));
    }
    card.addEventListener("mouseenter", () => { R.preview = c; drawOverlay(); });
    card.addEventListener("mouseleave", () => { R.preview = null; drawOverlay(); });
  }
}

function renderTrace(m) {
  const o = m.last;
  $("trace-box").hidden = !o;
  if (!o) return;
  setText("trace-title", (o.code === m.view.code ? "" : `Last move of race ${o.race}: `) + o.headline);
  const list = $("trace");
  clear(list);
  for (const line of o.steps) make("li", {class: line.kind, text: line.text}, list);
}

function renderBoats(v) {
  $("boats-box").hidden = !v.boats.length;
  const body = $("boats").querySelector("tbody");
  clear(body);
  for (const b of v.boats) {
    const tr = make("tr", b.to_move ? {class: "to-move"} : {}, body);
    const first = make("td", {}, tr);
    swatch(b.colour, first);
    first.appendChild(document.createTextNode(b.colour));
    const state = b.finished ? `finished ${b.finished}` : b.sunk ? "sunk" : b.to_move ? "to move" : "";
    for (const cell of [`(${b.hex}) ${b.heading}`, b.dice.join("-") || "none", String(b.damage), b.next, state]) {
      make("td", {text: cell}, tr);
    }
  }
}

const ORDINALS = ["", "1st", "2nd", "3rd", "4th", "5th", "6th"];

function renderStandings(v) {
  const results = v.results || [];
  $("standings-box").hidden = !results.length;
  if (!results.length) return;
  const over = v.phase === "over";
  setText("standings-title", over ? "Final standings" : `Standings after race ${results[results.length - 1].race}`);
  const head = $("standings").querySelector("thead");
  clear(head);
  const hr = make("tr", {}, head);
  make("th", {}, hr);
  for (const r of results) make("th", {text: `race ${r.race}`}, hr);
  make("th", {text: "points"}, hr);
  const body = $("standings").querySelector("tbody");
  clear(body);
  for (const s of v.standings) {
    const tr = make("tr", over && s.rank === 1 ? {class: "winner"} : {}, body);
    const first = make("td", {text: `${s.rank}. `}, tr);
    swatch(s.colour, first);
    first.appendChild(document.createTextNode(s.colour));
    for (const r of results) {
      const place = r.order.find(([c]) => c === s.colour)[1];
      make("td", {text: `${place ? ORDINALS[place] || place + "th" : "sank"} · ${r.points[s.colour]}`}, tr);
    }
    make("td", {text: String(s.points)}, tr);
  }
}

function renderSeats(m) {
  const list = $("seats");
  clear(list);
  const creator = R.you && R.you.role === "creator";
  for (const seat of m.seats) {
    const li = make("li", {class: seat.to_act ? "to-act" : "", "data-seat": seat.seat}, list);
    const title = make("div", {class: "seat-title"}, li);
    swatch(seat.colour, title);
    title.appendChild(document.createTextNode(seatLabel(seat)
      + (seat.bot ? ` · bot ${seat.bot}` : "") + (seat.to_act ? " · to act" : "")
      + (R.you && R.you.seat === seat.seat ? " · you" : "")));
    if (creator) creatorSeat(li, seat);
  }
  $("spectator").hidden = !creator;
  if (creator) showLink($("spectator"), "Spectators", R.links && R.links.spectator);
}

function creatorSeat(li, seat) {
  const row = make("div", {class: "row"}, li);
  const label = make("label", {text: "Sailed by "}, row);
  const select = make("select", {class: "bot", "aria-label": `who sails ${seat.colour}`}, label);
  make("option", {value: "", text: "its player"}, select);
  for (const bot of R.msg.bots) make("option", {value: bot, text: `the ${bot} bot`}, select);
  select.value = seat.bot || "";
  select.addEventListener("change", () => act(async () => {
    const body = {seat: seat.seat, bot: select.value || null};
    receive(await (await api("POST", `/api/rooms/${encodeURIComponent(R.id)}/seats`, body)).json());
  }));
  if (!seat.bot) showLink(make("div", {}, li), "Join link", R.links && R.links.seats[seat.seat]);
}

function showLink(box, title, entry) {
  clear(box);
  if (!entry) return;
  const row = make("div", {class: "row link-row"}, box);
  make("span", {text: title + ":"}, row);
  const input = make("input", {readonly: "", class: "link", "aria-label": title}, row);
  input.value = entry.link;
  const copy = make("button", {text: "Copy"}, row);
  copy.addEventListener("click", () => copyText(input));
  const img = make("img", {class: "qr", alt: `QR code: ${title}`}, box);
  img.src = entry.qr;  // an SVG image the server drew (an image: nothing in it runs)
}

async function copyText(input) {
  try { await navigator.clipboard.writeText(input.value); }
  catch (e) { input.select(); document.execCommand("copy"); }
  setText("board-hint", "link copied");
}

function renderLog(m) {
  const list = $("log");
  clear(list);
  for (const line of m.log) make("li", {text: line}, list);
  const days = Math.round((m.expires_at - Date.now() / 1000) / 86400);
  setText("expiry", `The room is kept until ${days >= 1 ? `${days} day${days > 1 ? "s" : ""}` : "less than a day"} after its last move.`);
}

// ---------------------------------------------------------------------------------------------
// actions
// ---------------------------------------------------------------------------------------------

async function send(action) {
  const body = Object.assign({at: R.msg.entries}, action);
  receive(await (await api("POST", `/api/rooms/${encodeURIComponent(R.id)}/act`, body)).json());
}

function rotatePlacing(by) {
  if (!R.placing) return;
  R.placing.heading = turned(R.placing.heading, by);
  render();
}

function wireRoom() {
  $("turn-left").addEventListener("click", () => rotatePlacing(1));
  $("turn-right").addEventListener("click", () => rotatePlacing(-1));
  $("place").addEventListener("click", () => act(() =>
    send({action: "place", hex: R.placing.hex, heading: R.placing.heading})));
  $("roll").addEventListener("click", () => act(() => {
    const action = {action: "roll", step: R.step};
    if (R.msg.dice === "table") action.rolled = $("typed").value;
    return send(action);
  }));
  $("download-record").addEventListener("click", () => act(async () => {
    const blob = await (await api("GET", `/api/rooms/${encodeURIComponent(R.id)}/record`)).blob();
    const a = make("a", {download: `powerboats-room-${R.id}.pbr`}, document.body);
    a.href = URL.createObjectURL(blob);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }));
  for (const b of document.querySelectorAll("button.zoom")) {
    b.addEventListener("click", () => {
      $("board").style.setProperty("--zoom", Number(b.dataset.zoom));
      for (const o of document.querySelectorAll("button.zoom")) o.classList.toggle("chosen", o === b);
      const focus = document.querySelector("#overlay circle") || document.querySelector("#overlay .free");
      if (focus && Number(b.dataset.zoom) > 1) focus.scrollIntoView({block: "center", inline: "center"});
    });
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    R.retries = 0;
    connect();
    act(refresh);
  });
  window.addEventListener("online", () => { R.retries = 0; connect(); });
}

async function openRoom(id, token) {
  $("room-view").hidden = false;
  R.id = id; R.token = token;
  wireRoom();
  if (!token) { showError(new Error("this link lacks its token (the part after #)")); return; }
  await act(async () => {
    await refresh();
    remember(R.msg, R.you);
    if (R.you.role === "creator") {
      R.links = await (await api("GET", `/api/rooms/${encodeURIComponent(R.id)}/links`)).json();
      render();
    }
    connect();
  });
}

// ---------------------------------------------------------------------------------------------
// making a room, and the rooms this device has opened
// ---------------------------------------------------------------------------------------------

function saved() {
  try { return JSON.parse(localStorage.getItem(SAVED) || "[]"); } catch (e) { return []; }
}

function remember(msg, you) {
  if (!msg || !you) return;
  const seat = you.role === "seat" ? msg.seats.find((s) => s.seat === you.seat) : null;
  const label = you.role === "creator" ? "creator" : you.role === "spectator" ? "spectator" : seatLabel(seat);
  const others = saved().filter((r) => !(r.id === R.id && r.token === R.token));
  others.unshift({id: R.id, token: R.token, label, at: Date.now()});
  try { localStorage.setItem(SAVED, JSON.stringify(others.slice(0, 20))); } catch (e) { /* private mode */ }
}

function listSaved() {
  const rooms = saved();
  $("mine-box").hidden = !rooms.length;
  const list = $("mine");
  clear(list);
  for (const r of rooms) {
    const li = make("li", {}, list);
    const a = make("a", {text: `room ${r.id}: ${r.label}`}, li);
    a.href = `/room/${encodeURIComponent(r.id)}#${encodeURIComponent(r.token)}`;
    make("span", {class: "hint", text: ` opened ${new Date(r.at).toLocaleString()}`}, li);
  }
}

async function makeRoom(body) {
  const response = await api("POST", "/api/rooms", body);
  const made = await response.json();
  location.assign(`${made.path}#${made.token}`);
}

function openMaker() {
  $("make-view").hidden = false;
  listSaved();
  $("make-form").addEventListener("submit", (e) => {
    e.preventDefault();
    showError(null, "make-error");
    makeRoom({players: $("players").value, names: $("names").value, board: $("lake").value,
      seed: $("seed").value || null, expansion: $("expansion").checked,
      scoring: $("scoring").value, dice: $("dice").value}).catch((err) => showError(err, "make-error"));
  });
  $("record-file").addEventListener("change", (e) => {
    const file = e.target.files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => makeRoom({record: String(reader.result), dice: $("dice").value})
      .catch((err) => showError(err, "make-error"));
    reader.readAsText(file);
  });
}

const match = location.pathname.match(/^\/room\/([A-Za-z0-9_-]+)$/);
if (match) openRoom(match[1], decodeURIComponent(location.hash.slice(1)));
else openMaker();
