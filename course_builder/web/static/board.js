// Drawing shared by both pages of `serve` (the table page, app.js, and the rooms page,
// rooms.js): SVG elements, hex outlines and boats on a map as /api/map sends it
// ({centres: {"row,col": [x, y]}, size, ...}).
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const COLOURS = {yellow: "#f2c500", red: "#d7263d", orange: "#f28c28", purple: "#7b3fa0",
                 black: "#222222", green: "#2e9e44", blue: "#1f6fd1", white: "#fafafa"};
const HEADINGS = ["E", "NE", "NW", "W", "SW", "SE"];  // counter-clockwise, 60 degrees apart

function el(name, attrs, parent) {
  const node = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function mapCentre(map, hex) { return map.centres[hex[0] + "," + hex[1]]; }

function mapHexPoints(map, hex, scale) {
  const [x, y] = mapCentre(map, hex);
  const r = map.size * (scale || 1);
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i - 30);
    pts.push((x + r * Math.cos(a)).toFixed(2) + "," + (y + r * Math.sin(a)).toFixed(2));
  }
  return pts.join(" ");
}

// A boat: its hull pointing along its heading, cased in white so it stands out on the dark hexes
// of the start/finish tile and over the map's red and green arrows. The boat to move (or picked)
// is ringed by the outline of its own hex, white under dark, so the ring never reaches into the
// next hex, where a spot's label may sit.
function drawBoat(map, g, boat, opts) {
  const c = mapCentre(map, boat.hex);
  if (!c) return;
  const s = map.size;
  const angle = -60 * HEADINGS.indexOf(boat.heading);
  const kind = opts.pending ? "boat pending" : boat.to_move ? "boat boat-to-move" : "boat";
  const group = el("g", {class: kind, "data-colour": boat.colour, opacity: opts.pending ? 0.75 : 1}, g);
  if (boat.to_move || opts.selected) {
    const points = mapHexPoints(map, boat.hex, 0.88);
    el("polygon", {points, fill: "none", stroke: "#fff", "stroke-width": 0.9,
      "stroke-linejoin": "round", class: "boat-ring-casing"}, group);
    el("polygon", {points, fill: "none", stroke: opts.selected ? "#1f6fd1" : "#111",
      "stroke-width": 0.45, "stroke-dasharray": opts.selected ? "1 0.6" : "none",
      "stroke-linejoin": "round", class: "boat-ring"}, group);
  }
  const hull = el("g", {transform: `translate(${c[0]},${c[1]}) rotate(${angle})`}, group);
  const L = s * 0.78, W = s * 0.4;
  const outline = `${L},0 ${L * 0.35},${-W} ${-L * 0.8},${-W} ${-L * 0.8},${W} ${L * 0.35},${W}`;
  el("polygon", {points: outline, fill: "none", stroke: "#fff", "stroke-width": 1.0,
    "stroke-linejoin": "round", class: "boat-casing"}, hull);
  el("polygon", {points: outline, fill: COLOURS[boat.colour] || "#888", stroke: "#111",
    "stroke-width": 0.35, "stroke-linejoin": "round"}, hull);
  if (boat.sunk || boat.finished) {
    const t = el("text", {x: 0, y: s * 0.3, "font-size": s * 0.8, "text-anchor": "middle",
      fill: boat.colour === "black" || boat.colour === "purple" ? "#fff" : "#111",
      transform: `rotate(${-angle})`}, hull);
    t.textContent = boat.sunk ? "x" : String(boat.finished);
  }
}

// The hex under a click or tap on the map drawn in `svg` (null off the lake).
function mapHexAt(map, svg, event) {
  const pt = svg.createSVGPoint();
  pt.x = event.clientX; pt.y = event.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  let best = null, bestD = Infinity;
  for (const [key, [x, y]] of Object.entries(map.centres)) {
    const d = (x - p.x) ** 2 + (y - p.y) ** 2;
    if (d < bestD) { bestD = d; best = key; }
  }
  if (best === null || bestD > (map.size * 1.05) ** 2) return null;
  return best.split(",").map(Number);
}

function mapPolyline(map, g, hexes, attrs) {
  const pts = hexes.map((hex) => mapCentre(map, hex)).filter(Boolean).map((p) => p.join(",")).join(" ");
  return el("polyline", Object.assign({points: pts, fill: "none", "stroke-linecap": "round",
    "stroke-linejoin": "round"}, attrs), g);
}

// A heading turned by `by` steps of 60 degrees (positive: to the left).
function turned(heading, by) { return HEADINGS[(HEADINGS.indexOf(heading) + by + 6) % 6]; }
