// bookmaker's puzzle page: draws each puzzle as print draws it (inline SVG in cell units,
// from the board and marks the page carries) and lets a reader solve it by mouse, touch
// or keyboard. Nothing leaves the page: progress is kept in this browser (localStorage).
"use strict";
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const DATA = JSON.parse(document.getElementById("puzzles").textContent);
  // Line weights as parts of the grid's side (so a 6x6 is drawn with the pen a 9x9 is).
  const PENS = { thin: 0.0026, heavy: 0.0075, outline: 0.0095, cage: 0.0022 };
  let WEIGHTS = {};
  const $ = (id) => document.getElementById(id);
  let puzzle = null;   // the puzzle on show
  let state = null;    // its progress: values, pencils (bit masks), revealed
  let history = [];    // undo: snapshots of the cells a step changed
  let selected = 0;    // the selected cell
  let pencilMode = false;
  let wrong = new Set();  // cells the last check found wrong (until they change)
  let cellAt = {};     // "row,col" -> cell
  let svg = null;

  function el(name, attrs, parent) {
    const node = document.createElementNS(SVG, name);
    for (const key in attrs) node.setAttribute(key, attrs[key]);
    if (parent) parent.appendChild(node);
    return node;
  }

  // --- progress, kept per puzzle id -------------------------------------------------------
  function storageKey() { return "bookmaker/" + puzzle.id; }

  function freshState() {
    const n = puzzle.givens.length;
    return { values: puzzle.givens.slice(), pencils: new Array(n).fill(0),
             revealed: new Array(n).fill(false) };
  }

  function load() {
    state = freshState();
    try {
      const saved = JSON.parse(localStorage.getItem(storageKey()) || "null");
      if (saved && saved.values && saved.values.length === state.values.length) {
        saved.values.forEach((v, c) => { if (!puzzle.givens[c]) state.values[c] = v; });
        state.pencils = saved.pencils || state.pencils;
        state.revealed = saved.revealed || state.revealed;
      }
    } catch (e) { /* storage off or spoilt: start afresh */ }
  }

  function save() {
    try { localStorage.setItem(storageKey(), JSON.stringify(state)); } catch (e) { /* off */ }
  }

  // --- drawing ------------------------------------------------------------------------------
  function draw() {
    const p = puzzle, ring = p.ring, pad = PENS.outline * p.frame;
    WEIGHTS = {};
    for (const pen in PENS) WEIGHTS[pen] = PENS[pen] * (p.frame + 2 * ring);
    const side = p.frame + 2 * ring + 2 * pad;
    $("board").textContent = "";
    svg = el("svg", { viewBox: [-ring - pad, -ring - pad, side, side].join(" "),
                      role: "grid", tabindex: "0",
                      "aria-label": p.kind + ", " + p.size + " by " + p.size +
                        ". Arrow keys move, symbols enter, Space switches pencil marks." });
    $("board").appendChild(svg);
    el("title", {}, svg).textContent = p.heading;
    const paper = el("g", { fill: "#fff" }, svg);
    p.cells.forEach(([r, c]) => el("rect", { x: c, y: r, width: 1, height: 1 }, paper));
    const grey = Math.round(255 * p.shade);
    const shade = el("g", { fill: "rgb(" + grey + "," + grey + "," + grey + ")" }, svg);
    p.shaded.forEach(([r, c]) => el("rect", { x: c, y: r, width: 1, height: 1 }, shade));
    el("rect", { id: "selection", class: "selected", width: 1, height: 1 }, svg);
    drawCages(p);
    drawLines(p);
    drawMarks(p);
    drawCells(p);
    el("rect", { id: "ring", class: "selected-ring", width: 0.92, height: 0.92 }, svg);
    svg.addEventListener("pointerdown", onPointer);
    svg.addEventListener("keydown", onKey);
  }

  function drawLines(p) {
    const lines = el("g", { stroke: "#000", "stroke-linecap": "square" }, svg);
    for (const weight of ["thin", "heavy"].concat(p.full ? [] : ["outline"])) {
      p[weight].forEach(([vertical, at, start, end]) => el("line", vertical
        ? { x1: at, y1: start, x2: at, y2: end, "stroke-width": WEIGHTS[weight] }
        : { x1: start, y1: at, x2: end, y2: at, "stroke-width": WEIGHTS[weight] }, lines));
    }
    if (p.full) {
      el("rect", { x: 0, y: 0, width: p.frame, height: p.frame, fill: "none",
                   stroke: "#000", "stroke-width": WEIGHTS.outline }, lines);
    }
  }

  // The kind's marks, as print places them (export/page.py marks_data): the page draws
  // loops, border runs, labels, chevrons, edge clues and blocks, whatever kind they are of.
  function drawCages(p) {
    const group = el("g", { fill: "none", stroke: "#000" }, svg);
    p.loops.forEach((loop) => el("polygon", {
      points: loop.map((pt) => pt.join(",")).join(" "), "stroke-width": WEIGHTS.cage,
      "stroke-dasharray": p.dash.join(" "), class: "cage" }, group));
    p.borders.forEach(([vertical, at, start, end]) => el("line", vertical
      ? { x1: at, y1: start, x2: at, y2: end, "stroke-width": WEIGHTS.heavy, class: "cage" }
      : { x1: start, y1: at, x2: end, y2: at, "stroke-width": WEIGHTS.heavy, class: "cage" },
      group));
    const shaded = new Set(p.shaded.map((rc) => rc.join(",")));
    const grey = Math.round(255 * p.shade);
    p.labels.forEach((label) => {
      const [x, y] = label.at;  // a knock-out of the cell's own colour, as print's
      el("rect", { x: x - 0.02, y: y - 0.02, width: 0.04 + 0.14 * label.text.length,
                   height: 0.28, fill: shaded.has(label.cell.join(",")) ?
                     "rgb(" + grey + "," + grey + "," + grey + ")" : "#fff" }, svg);
      el("text", { x: x, y: y, "font-size": 0.24, "dominant-baseline": "hanging",
                   class: "corner-label" }, svg).textContent = label.text;
    });
  }

  function drawMarks(p) {
    const group = el("g", {}, svg);
    p.signs.forEach((s) => {
      const chevron = s.points;
      const xs = chevron.map((pt) => pt[0]), ys = chevron.map((pt) => pt[1]);
      const pad = WEIGHTS.heavy;
      el("rect", { x: Math.min(...xs) - pad, y: Math.min(...ys) - pad, fill: "#fff",
                   width: Math.max(...xs) - Math.min(...xs) + 2 * pad,
                   height: Math.max(...ys) - Math.min(...ys) + 2 * pad }, group);
      el("polyline", { points: chevron.map((pt) => pt.join(",")).join(" "), fill: "none",
                       stroke: "#000", "stroke-width": WEIGHTS.heavy, class: "sign" }, group);
    });
    p.edges.forEach((e) => {
      el("text", { x: e.at[0], y: e.at[1], "font-size": 0.55, "text-anchor": "middle",
                   "dominant-baseline": "central", class: "edge-clue" }, group)
        .textContent = e.text;
    });
    const tint = Math.round(255 * p.block), inset = p.block_inset;
    p.blocks.forEach((b) => {  // as print draws them: tinted, lines whole, black sums
      const [r, c] = b.at;
      el("rect", { x: c, y: r, width: 1, height: 1, class: "block", stroke: "#000",
                   "stroke-width": WEIGHTS.thin,
                   fill: "rgb(" + tint + "," + tint + "," + tint + ")" }, group);
      if (!b.clues.length) return;
      el("line", { x1: c + inset, y1: r + inset, x2: c + 1 - inset, y2: r + 1 - inset,
                   stroke: "#000", "stroke-width": WEIGHTS.thin }, group);
      b.clues.forEach((clue) => {
        el("text", { x: clue.at[0], y: clue.at[1], fill: "#000", "font-size": 0.26,
                     "font-weight": "bold", "text-anchor": "middle",
                     "dominant-baseline": "central", class: "block-clue" }, group)
          .textContent = clue.text;
      });
    });
  }

  function drawCells(p) {
    cellAt = {};
    p.cells.forEach(([r, c], cell) => { cellAt[r + "," + c] = cell; });
    const rows = {};
    const grid = el("g", { "font-size": 0.62, "text-anchor": "middle" }, svg);
    p.cells.forEach(([r, c], cell) => {
      if (!rows[r]) rows[r] = el("g", { role: "row" }, grid);
      el("g", { id: "cell-" + cell, role: "gridcell", "data-cell": cell }, rows[r]);
    });
    p.cells.forEach((_, cell) => paintCell(cell));
  }

  function paintCell(cell) {
    const [r, c] = puzzle.cells[cell];
    const node = document.getElementById("cell-" + cell);
    node.textContent = "";
    const value = state.values[cell];
    const given = puzzle.givens[cell] !== 0;
    if (value) {
      const kind = given ? "given" : state.revealed[cell] ? "revealed" :
        wrong.has(cell) ? "entry wrong" : "entry";
      const t = el("text", { x: c + 0.5, y: r + 0.53, "dominant-baseline": "central",
                             class: kind }, node);
      t.textContent = puzzle.symbols[value - 1];
      if (wrong.has(cell)) {
        el("line", { x1: c + 0.2, y1: r + 0.8, x2: c + 0.8, y2: r + 0.2, class: "strike" }, node);
      }
      if (state.revealed[cell]) {
        el("polygon", { points: [[c + 1, r + 1], [c + 0.8, r + 1], [c + 1, r + 0.8]].join(" "),
                        fill: "#444", class: "corner" }, node);
      }
    } else if (state.pencils[cell]) {
      drawPencils(node, cell, r, c);
    }
    node.setAttribute("aria-label", cellLabel(cell));
  }

  function drawPencils(node, cell, r, c) {
    // Below a cage's label, where the cell has one: the marks never cover its sum.
    const labelled = puzzle.labels.some((k) => k.cell[0] === r && k.cell[1] === c);
    const k = Math.ceil(Math.sqrt(puzzle.size));
    const top = labelled ? 0.32 : 0.1, size = (labelled ? 0.62 : 0.8) / k;
    const left = c + (1 - size * k) / 2;
    puzzle.symbols.forEach((symbol, i) => {
      if (!(state.pencils[cell] & (1 << i))) return;
      const x = left + size * (i % k + 0.5), y = r + top + size * (Math.floor(i / k) + 0.5);
      const t = el("text", { x: x, y: y, "font-size": size * 0.85, class: "pencil",
                             "dominant-baseline": "central" }, node);
      t.textContent = symbol;
    });
  }

  function cellLabel(cell) {
    const [r, c] = puzzle.cells[cell];
    const value = state.values[cell];
    let text = "Row " + (r + 1) + ", column " + (c + 1) + ": ";
    if (puzzle.givens[cell]) text += "given " + puzzle.symbols[value - 1];
    else if (value) {
      text += puzzle.symbols[value - 1] + (state.revealed[cell] ? ", revealed" : "") +
        (wrong.has(cell) ? ", wrong" : "");
    } else if (state.pencils[cell]) {
      text += "empty, pencil marks " + puzzle.symbols.filter(
        (_, i) => state.pencils[cell] & (1 << i)).join(" ");
    } else text += "empty";
    const label = puzzle.labels.find((k) => k.cell[0] === r && k.cell[1] === c);
    return text + (label ? ", cage " + label.text : "") + clueWords(cell, r, c);
  }

  // What a screen reader hears of the signs and edge clues at a cell: "less than row 1,
  // column 2", "3 seen from the left" (the marks as data: any kind's).
  function clueWords(cell, r, c) {
    const name = (other) => "row " + (puzzle.cells[other][0] + 1) + ", column " +
      (puzzle.cells[other][1] + 1);
    let words = "";
    puzzle.signs.forEach((s) => {
      const [first, second] = s.cells;
      if (first !== cell && second !== cell) return;
      const less = (first === cell) === (s.sign === "<");
      words += ", " + (less ? "less than " : "greater than ") +
        name(first === cell ? second : first);
    });
    puzzle.edges.forEach((e) => {
      const line = e.side === "left" || e.side === "right" ? r : c;
      const end = { left: c === 0, top: r === 0, right: c === puzzle.frame - 1,
                    bottom: r === puzzle.frame - 1 }[e.side];
      if (line === e.index && end) words += ", " + e.text + " seen from the " + e.side;
    });
    return words;
  }

  function showSelection() {
    const [r, c] = puzzle.cells[selected];
    const mark = $("selection"), ring = $("ring");
    mark.setAttribute("x", c); mark.setAttribute("y", r);
    ring.setAttribute("x", c + 0.04); ring.setAttribute("y", r + 0.04);
    svg.setAttribute("aria-activedescendant", "cell-" + selected);
  }

  // --- input --------------------------------------------------------------------------------
  function select(cell) { selected = cell; showSelection(); }

  function onPointer(event) {
    const point = svg.createSVGPoint();
    point.x = event.clientX; point.y = event.clientY;
    const at = point.matrixTransform(svg.getScreenCTM().inverse());
    const cell = cellAt[Math.floor(at.y) + "," + Math.floor(at.x)];
    if (cell !== undefined) select(cell);
    svg.focus();
    event.preventDefault();
  }

  function move(dr, dc) {
    let [r, c] = puzzle.cells[selected];
    for (let step = 0; step < puzzle.frame; step++) {
      r += dr; c += dc;
      if (r < 0 || c < 0 || r >= puzzle.frame || c >= puzzle.frame) return;
      const cell = cellAt[r + "," + c];
      if (cell !== undefined) { select(cell); return; }
    }
  }

  const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

  function onKey(event) {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
      undo(); event.preventDefault(); return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (MOVES[event.key]) { move(...MOVES[event.key]); event.preventDefault(); return; }
    if (event.key === " ") { setPencilMode(!pencilMode); event.preventDefault(); return; }
    if (["Backspace", "Delete"].includes(event.key)) { enter(0); event.preventDefault(); return; }
    const index = puzzle.symbols.findIndex((s) => s.toLowerCase() === event.key.toLowerCase());
    if (index >= 0) { enter(index + 1); event.preventDefault(); }
    else if (event.key === "0" || event.key === ".") { enter(0); event.preventDefault(); }
  }

  function setPencilMode(on) {
    pencilMode = on;
    $("pencil").setAttribute("aria-pressed", String(on));
    say(on ? "Pencil marks on" : "Pencil marks off");
  }

  function snapshot(cells) {
    return cells.map((c) => [c, state.values[c], state.pencils[c], state.revealed[c]]);
  }

  function change(cells, apply) {
    const before = snapshot(cells);
    apply();
    if (JSON.stringify(before) === JSON.stringify(snapshot(cells))) return false;
    history.push(before);
    cells.forEach((c) => wrong.delete(c));
    cells.forEach(paintCell);
    save();
    afterChange();
    return true;
  }

  function enter(value) {
    const cell = selected;
    if (puzzle.givens[cell]) { say("A given cannot change"); return; }
    if (pencilMode && value) {
      change([cell], () => { state.values[cell] = 0; state.pencils[cell] ^= 1 << (value - 1); });
    } else {
      change([cell], () => {
        state.values[cell] = value; state.pencils[cell] = 0; state.revealed[cell] = false;
      });
    }
    if (!isSolved()) say(cellLabel(cell));
  }

  function undo() {
    const step = history.pop();
    if (!step) { say("Nothing to undo"); return; }
    step.forEach(([c, v, p, r]) => {
      state.values[c] = v; state.pencils[c] = p; state.revealed[c] = r; wrong.delete(c);
      paintCell(c);
    });
    save();
    afterChange();
    say("Undone");
  }

  function emptyCells() { return puzzle.cells.map((_, c) => c).filter((c) => !state.values[c]); }

  function isSolved() { return state.values.every((v, c) => v === puzzle.solution[c]); }

  function afterChange() {
    const solved = isSolved();
    document.body.classList.toggle("solved", solved);
    if (solved) say("Solved! Every cell is right.");
  }

  function check() {
    wrong = new Set(puzzle.cells.map((_, c) => c).filter(
      (c) => state.values[c] && state.values[c] !== puzzle.solution[c]));
    puzzle.cells.forEach((_, c) => paintCell(c));
    if (isSolved()) { say("Solved! Every cell is right."); return; }
    const left = emptyCells().length;
    say(wrong.size ? wrong.size + " wrong (crossed out), " + left + " empty"
      : "No mistakes so far, " + left + " empty");
  }

  function reveal(cells) {
    const open = cells.filter((c) => state.values[c] !== puzzle.solution[c]);
    if (!open.length) { say("Nothing to reveal there"); return; }
    change(open, () => open.forEach((c) => {
      state.values[c] = puzzle.solution[c]; state.pencils[c] = 0; state.revealed[c] = true;
    }));
    if (!isSolved()) say(open.length === 1 ? "Revealed: " + cellLabel(open[0]) : "Revealed");
  }

  function restart() {
    const cells = puzzle.cells.map((_, c) => c).filter((c) => !puzzle.givens[c]);
    change(cells, () => { const fresh = freshState(); Object.assign(state, fresh); });
    say("Started again");
  }

  function say(text) { $("status").textContent = text; }

  // --- puzzles and controls -----------------------------------------------------------------
  function show(index) {
    puzzle = DATA.puzzles[index];
    history = []; wrong = new Set(); selected = puzzle.givens.findIndex((v) => !v);
    if (selected < 0) selected = 0;
    load();
    $("heading").textContent = puzzle.heading;
    $("caption").textContent = [puzzle.kind, puzzle.caption].filter(Boolean).join(" \u00b7 ");
    $("rules").textContent = puzzle.rules;
    document.title = puzzle.heading;
    draw();
    showSelection();
    buildKeypad();
    $("pick").value = String(index);
    if (DATA.puzzles.length > 1) history_replace(puzzle.id);
    say(""); afterChange();
  }

  function history_replace(id) {
    try { window.history.replaceState(null, "", "#" + encodeURIComponent(id)); } catch (e) { }
  }

  function buildKeypad() {
    const pad = $("keypad");
    pad.textContent = "";
    puzzle.symbols.forEach((symbol, i) => {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = symbol; b.setAttribute("aria-label", "Enter " + symbol);
      b.addEventListener("click", () => { enter(i + 1); svg.focus(); });
      pad.appendChild(b);
    });
    const erase = document.createElement("button");
    erase.type = "button"; erase.textContent = "Erase";
    erase.addEventListener("click", () => { enter(0); svg.focus(); });
    pad.appendChild(erase);
  }

  function setUp() {
    const pick = $("pick");
    DATA.puzzles.forEach((p, i) => {
      const option = document.createElement("option");
      option.value = String(i);
      option.textContent = p.heading + (p.caption ? " \u00b7 " + p.caption : "");
      pick.appendChild(option);
    });
    $("picker").hidden = DATA.puzzles.length < 2;
    pick.addEventListener("change", () => show(Number(pick.value)));
    $("previous").addEventListener("click", () => show(Math.max(0, Number(pick.value) - 1)));
    $("next").addEventListener("click", () =>
      show(Math.min(DATA.puzzles.length - 1, Number(pick.value) + 1)));
    $("pencil").addEventListener("click", () => setPencilMode(!pencilMode));
    $("undo").addEventListener("click", undo);
    $("check").addEventListener("click", check);
    $("reveal-cell").addEventListener("click", () => reveal([selected]));
    $("reveal-all").addEventListener("click", () => reveal(puzzle.cells.map((_, c) => c)));
    $("restart").addEventListener("click", restart);
    $("print").addEventListener("click", () => window.print());
    const wanted = decodeURIComponent(location.hash.slice(1));
    const start = DATA.puzzles.findIndex((p) => p.id === wanted);
    show(start < 0 ? 0 : start);
  }

  setUp();
})();
