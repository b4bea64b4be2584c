// bookmaker's puzzle page: draws each puzzle as print draws it (inline SVG in cell units,
// from the board and marks the page carries) and lets a reader solve it by mouse, touch
// or keyboard. Nothing leaves the page: progress is kept in this browser (localStorage);
// in an iframe the page tells its parent its height, nothing else.
"use strict";
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const DATA = JSON.parse(document.getElementById("puzzles").textContent);
  // Line weights as parts of the grid's side (so a 6x6 is drawn with the pen a 9x9 is).
  const PENS = { thin: 0.0026, heavy: 0.0075, outline: 0.0095, cage: 0.0022 };
  // Clue text sizes in cells: a cage's label, a block's sum, an edge clue.
  const CLUE = { label: 0.24, block: 0.26, edge: 0.55 };
  const LEAST_CLUE_PX = 11, LEAST_TARGET_PX = 24;
  const COLOURS = ["ink", "paper", "line", "entry", "wrong", "select", "related", "same",
                   "shade", "block", "block-ink", "pencil", "revealed", "focus"];
  const TEXT_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";  // keys for 10 and more
  let WEIGHTS = {};
  const $ = (id) => document.getElementById(id);
  const UNMARKED = "unmarked";  // a cell's shading when it has none (its rect unpainted)
  let puzzle = null;   // the puzzle on show
  let state = null;    // its progress: values, pencils, revealed, wrong, undo, redo, time
  let selected = 0;    // the selected cell
  let pencilMode = false;
  let typed = { cell: -1, text: "", undoable: false };  // a symbol of two keys ("1", "2")
  let clashes = new Map();  // cell -> the rules its symbol breaks ["repeated", ...]
  let cellAt = {};     // "row,col" -> cell
  let peers = [];      // cell -> the cells sharing a unit with it
  let groupsOf = [];   // cell -> its units and cages (cells, and what they are called)
  let svg = null;
  // cell -> its shading under the symbols (selected, related, same, unmarked) and that
  // shading's rect, drawn once: a move changes the class of the cells whose shading changed,
  // never the board's elements (new ones cost the browser a style, layout and paint of all).
  let shadingOf = [], shadingRects = [];
  let zoom = 1, leastZoom = 1;
  let settings = { conflicts: true, highlight: true, timer: true };
  let ticking = null, tickFrom = 0;
  // The puzzle's answer form's hooks (web/shading.js: cells shaded and dotted), or null for
  // a symbol typed in each cell, which this script plays itself.
  const FORMS = window.BOOKMAKER_FORMS || {};
  let form = null;

  function el(name, attrs, parent) {
    const node = document.createElementNS(SVG, name);
    for (const key in attrs) node.setAttribute(key, attrs[key]);
    if (parent) parent.appendChild(node);
    return node;
  }

  // --- words: the page's language's (export/pagewords.py), a counted one in the form its
  // count takes there (the browser's plural rules), its numbers written as the language does.
  const WORDS = DATA.words || {};
  const LANGUAGE = document.documentElement.lang || "en";
  const PLURALS = new Intl.PluralRules(LANGUAGE), NUMBERS = new Intl.NumberFormat(LANGUAGE);

  function word(key, fields) {
    const said = fields || {};
    let text = WORDS[key];
    if (text === undefined) return key;  // a page made without it: say at least its name
    if (typeof text === "object") text = text[PLURALS.select(said.count)] || text.other;
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in said ? shown(said[name]) : whole));
  }

  const shown = (value) => (typeof value === "number" ? NUMBERS.format(value) : value);

  // Items as the language lists them: "top, left and right".
  function listed(items) {
    if (items.length < 2) return items.join("");
    return word("list", { items: items.slice(0, -1).join(", "), last: items[items.length - 1] });
  }

  // --- SHA-256 (FIPS 180-4): an answer-free page knows its answer by its digest alone ----
  const K = [];
  (function () {
    const primes = [];
    for (let n = 2; primes.length < 64; n++) {
      if (primes.every((p) => n % p)) primes.push(n);
    }
    primes.forEach((p) => K.push((Math.cbrt(p) % 1) * 4294967296 >>> 0));
  })();

  function sha256(text) {
    const bytes = Array.from(new TextEncoder().encode(text));
    const length = bytes.length * 8;
    bytes.push(0x80);
    while (bytes.length % 64 !== 56) bytes.push(0);
    for (let shift = 56; shift >= 0; shift -= 8) {
      bytes.push(shift >= 32 ? Math.floor(length / 2 ** shift) & 255 : (length >>> shift) & 255);
    }
    const h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
               0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    const rotr = (x, n) => (x >>> n) | (x << (32 - n));
    for (let at = 0; at < bytes.length; at += 64) {
      const w = [];
      for (let i = 0; i < 64; i++) {
        if (i < 16) {
          const b = at + 4 * i;
          w.push(((bytes[b] << 24) | (bytes[b + 1] << 16) | (bytes[b + 2] << 8) | bytes[b + 3]) >>> 0);
        } else {
          const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
          const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
          w.push((w[i - 16] + s0 + w[i - 7] + s1) >>> 0);
        }
      }
      let [a, b, c, d, e, f, g, hh] = h;
      for (let i = 0; i < 64; i++) {
        const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) +
                    K[i] + w[i]) >>> 0;
        const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
        hh = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
      }
      [a, b, c, d, e, f, g, hh].forEach((v, i) => { h[i] = (h[i] + v) >>> 0; });
    }
    return h.map((v) => v.toString(16).padStart(8, "0")).join("");
  }

  // --- progress, kept per puzzle id -------------------------------------------------------
  const LIMIT = 400;  // undo steps kept
  function storageKey(id) { return "bookmaker/" + (id || puzzle.id); }

  // A form whose answer lies between cells (web/edges.js: a loop's edges) keeps it in
  // slots after the cells' values, undone and kept as they are.
  function freshState() {
    const slots = form && form.slots ? form.slots() : 0;
    const n = puzzle.givens.length + slots;
    return { values: puzzle.givens.concat(new Array(slots).fill(0)),
             pencils: new Array(n).fill(0),
             revealed: new Array(n).fill(false), wrong: [], undo: [], redo: [],
             elapsed: 0, finished: false };
  }

  // The progress as this page last read or wrote it: another tab of the puzzle (or a
  // reset) that saved since has made this page's own copy old.
  let stored = null;

  function load() {
    state = freshState();
    try {
      stored = localStorage.getItem(storageKey());
      const saved = JSON.parse(stored || "null");
      if (saved && saved.values && saved.values.length === state.values.length) {
        saved.values.forEach((v, c) => { if (!puzzle.givens[c]) state.values[c] = v; });
        for (const key of ["pencils", "revealed", "wrong", "undo", "redo", "elapsed",
                           "finished"]) {
          if (saved[key] !== undefined) state[key] = saved[key];
        }
      }
    } catch (e) { /* storage off or spoilt: start afresh */ }
  }

  function save() {
    state.undo = state.undo.slice(-LIMIT);
    try {
      stored = JSON.stringify(state);
      localStorage.setItem(storageKey(), stored);
    } catch (e) { /* off */ }
    markProgress(DATA.puzzles.indexOf(puzzle));
  }

  // The time kept (the clock's, a page paused or hidden), but never over progress another
  // tab saved since: a page left open and closed later would put back what it once read.
  function keepTime() {
    try { if (localStorage.getItem(storageKey()) !== stored) return; } catch (e) { return; }
    save();
  }

  // A page shown again, or told of a save, takes up what another tab saved meanwhile.
  function catchUp() {
    try { if (localStorage.getItem(storageKey()) === stored) return; } catch (e) { return; }
    show(DATA.puzzles.indexOf(puzzle));
  }

  function readSettings() {
    const given = DATA.options || {};
    for (const key in settings) if (given[key] === false) settings[key] = false;
    try {
      Object.assign(settings, JSON.parse(localStorage.getItem("bookmaker/settings") || "{}"));
    } catch (e) { /* keep the page's */ }
    for (const key in settings) $("opt-" + key).checked = settings[key];
  }

  // --- drawing ------------------------------------------------------------------------------
  function draw() {
    // A form drawn on the frame's edges (a loop's) needs room for its lines beyond it.
    const p = puzzle, ring = p.ring, pad = Math.max(PENS.outline * p.frame,
                                                    form && form.margin ? form.margin : 0);
    WEIGHTS = {};
    for (const pen in PENS) WEIGHTS[pen] = PENS[pen] * (p.frame + 2 * ring);
    // Clues only above and left of the grid (a Nonogram's) take no room below or right
    // of it, and a rectangle's frame (its sides) no more than its rows.
    const [rows, cols] = p.leading && ring ? extent(p) : p.sides;
    const after = p.leading && ring ? 0 : ring;
    $("board").textContent = "";
    svg = el("svg", { viewBox: [-ring - pad, -ring - pad, cols + ring + after + 2 * pad,
                                rows + ring + after + 2 * pad].join(" "),
                      role: "grid", tabindex: "0", "aria-rowcount": rows,
                      "aria-colcount": cols,
                      "aria-label": word("board", { kind: p.kind, rows: rows, cols: cols,
                                                    how: form ? form.howTo() : howTo(p) }) });
    $("board").appendChild(svg);
    el("title", {}, svg).textContent = p.heading;
    const paper = el("g", { class: "paper" }, svg);
    p.cells.forEach(([r, c]) => el("rect", { x: c, y: r, width: 1, height: 1 }, paper));
    const shade = el("g", { class: "shade" }, svg);
    p.shaded.forEach(([r, c]) => el("rect", { x: c, y: r, width: 1, height: 1 }, shade));
    // A Star Battle's regions in light greys, as print tints them (Marks.tints).
    p.tints.forEach((level, cell) => level && el("rect", {
      x: p.cells[cell][1], y: p.cells[cell][0], width: 1, height: 1, class: "tint-" + level },
      shade));
    const highlights = el("g", { id: "highlights" }, svg);
    shadingOf = p.cells.map(() => UNMARKED);
    shadingRects = p.cells.map(([r, c]) => el("rect", { x: c, y: r, width: 1, height: 1,
                                                        class: UNMARKED }, highlights));
    indexCells(p);
    drawCages(p);
    drawLines(p);
    drawMarks(p);
    drawCells(p);
    el("rect", { id: "ring", class: "selected-ring", width: 0.92, height: 0.92 }, svg);
    svg.addEventListener("pointerdown", onPointer);
    svg.addEventListener("pointermove", onPinch);
    svg.addEventListener("pointerup", endPinch);
    svg.addEventListener("pointercancel", endPinch);
    svg.addEventListener("keydown", onKey);
    if (form) form.drawn(svg);
  }

  // How a typed symbol's board is played, as its label says it.
  function howTo(p) {
    return word("how_symbols") + (p.cycle ? " " + word("how_cycle", { symbols: p.symbols.join(", ") })
      : "");
  }

  // Rows and columns the cells span: a rectangle's, within its square frame.
  function extent(p) {
    return [0, 1].map((axis) => 1 + Math.max(...p.cells.map((rc) => rc[axis])));
  }

  function drawLines(p) {
    const lines = el("g", { class: "lines", "stroke-linecap": "square" }, svg);
    for (const weight of ["thin", "heavy"].concat(p.full ? [] : ["outline"])) {
      p[weight].forEach(([vertical, at, start, end]) => el("line", vertical
        ? { x1: at, y1: start, x2: at, y2: end, "stroke-width": WEIGHTS[weight] }
        : { x1: start, y1: at, x2: end, y2: at, "stroke-width": WEIGHTS[weight] }, lines));
    }
    if (p.full) {
      el("rect", { x: 0, y: 0, width: p.sides[1], height: p.sides[0], fill: "none",
                   "stroke-width": WEIGHTS.outline }, lines);
    }
  }

  // The kind's marks, as print places them (export/page.py marks_data): the page draws
  // loops, border runs, labels, chevrons, edge clues and blocks, whatever kind they are of.
  function drawCages(p) {
    const group = el("g", { fill: "none", class: "cages" }, svg);
    p.loops.forEach((loop) => el("polygon", {
      points: loop.map((pt) => pt.join(",")).join(" "), "stroke-width": WEIGHTS.cage,
      "stroke-dasharray": p.dash.join(" "), class: "cage" }, group));
    p.borders.forEach(([vertical, at, start, end]) => el("line", vertical
      ? { x1: at, y1: start, x2: at, y2: end, "stroke-width": WEIGHTS.heavy, class: "cage" }
      : { x1: start, y1: at, x2: end, y2: at, "stroke-width": WEIGHTS.heavy, class: "cage" },
      group));
    const shaded = new Set(p.shaded.map((rc) => rc.join(",")));
    p.labels.forEach((label) => {
      const [x, y] = label.at;  // a knock-out of the cell's own colour, as print's
      el("rect", { x: x - 0.02, y: y - 0.02, width: 0.04 + 0.14 * label.text.length,
                   height: 0.28, "data-cell": cellAt[label.cell.join(",")],
                   "data-base": shaded.has(label.cell.join(",")) ? "knockout on-shade" :
                     "knockout" }, svg).setAttribute("class", "knockout");
      el("text", { x: x, y: y, "font-size": CLUE.label, "dominant-baseline": "hanging",
                   class: "corner-label", "aria-hidden": "true" }, svg).textContent = label.text;
    });
  }

  function drawMarks(p) {
    const group = el("g", { "aria-hidden": "true" }, svg);
    p.signs.forEach((s) => {  // a chevron, an = or an x, on a knock-out, as print's
      const points = [].concat(...s.strokes);
      const xs = points.map((pt) => pt[0]), ys = points.map((pt) => pt[1]);
      const pad = WEIGHTS.heavy;
      el("rect", { x: Math.min(...xs) - pad, y: Math.min(...ys) - pad, class: "knockout",
                   width: Math.max(...xs) - Math.min(...xs) + 2 * pad,
                   height: Math.max(...ys) - Math.min(...ys) + 2 * pad }, group);
      s.strokes.forEach((line) => el("polyline", {
        points: line.map((pt) => pt.join(",")).join(" "), fill: "none",
        "stroke-width": WEIGHTS.heavy, class: "sign lines" }, group));
    });
    p.edges.forEach((e) => {
      // A colour Nonogram's clue: its digits on a square of its colour, as print's.
      const colour = e.colour ? p.palette[e.colour - 1] : null;
      if (colour) {
        el("rect", { x: e.at[0] - 0.44, y: e.at[1] - 0.44, width: 0.88, height: 0.88,
                     class: "clue-tint", style: "--paint:" + colour.rgb,
                     "data-line": e.side + e.index }, group);
      }
      const text = el("text", { x: e.at[0], y: e.at[1], "font-size": CLUE.edge,
                                "text-anchor": "middle", "dominant-baseline": "central",
                                class: "edge-clue", "data-line": e.side + e.index }, group);
      text.textContent = e.text;
      if (colour) { text.classList.add("coloured"); text.style.setProperty("--clue-ink", colour.ink); }
    });
    const inset = p.block_inset;
    p.blocks.forEach((b) => {  // as print draws them: tinted, lines whole, dark sums
      const [r, c] = b.at;
      el("rect", { x: c, y: r, width: 1, height: 1, class: "block",
                   "stroke-width": WEIGHTS.thin }, group);
      if (!b.clues.length) return;
      el("line", { x1: c + inset, y1: r + inset, x2: c + 1 - inset, y2: r + 1 - inset,
                   class: "block-line", "stroke-width": WEIGHTS.thin }, group);
      b.clues.forEach((clue) => {
        el("text", { x: clue.at[0], y: clue.at[1], "font-size": CLUE.block,
                     "font-weight": "bold", "text-anchor": "middle",
                     "dominant-baseline": "central", class: "block-clue" }, group)
          .textContent = clue.text;
      });
    });
  }

  function indexCells(p) {
    cellAt = {};
    p.cells.forEach(([r, c], cell) => { cellAt[r + "," + c] = cell; });
  }

  function drawCells(p) {
    const rows = {};
    const grid = el("g", { "font-size": 0.62, "text-anchor": "middle" }, svg);
    p.cells.forEach(([r, c], cell) => {
      if (!rows[r]) rows[r] = el("g", { role: "row", "aria-rowindex": r + 1 }, grid);
      el("g", { id: "cell-" + cell, role: "gridcell", "data-cell": cell,
                "aria-colindex": c + 1 }, rows[r]);
    });
    findClashes();
    p.cells.forEach((_, cell) => paintCell(cell));
  }

  // What a cell shares: its units (rows, columns, boxes, regions, runs) and cages.
  function indexGroups(p) {
    peers = p.cells.map(() => new Set());
    groupsOf = p.cells.map(() => []);
    for (const kind in p.units) {
      p.units[kind].forEach((cells, i) => {
        const clue = (p.unit_clues[kind] || [])[i] || "";
        const group = { kind: kind, cells: cells, clue: clue, unique: true };
        cells.forEach((cell) => {
          groupsOf[cell].push(group);
          cells.forEach((other) => { if (other !== cell) peers[cell].add(other); });
        });
      });
    }
    p.labels.forEach((label) => {
      const group = { kind: "cage", cells: label.cells, clue: label.text, unique: false };
      label.cells.forEach((cell) => groupsOf[cell].push(group));
    });
  }

  function paintCell(cell) {
    const [r, c] = puzzle.cells[cell];
    const node = document.getElementById("cell-" + cell);
    node.textContent = "";
    const value = state.values[cell];
    const given = puzzle.givens[cell] !== 0;
    const wrong = state.wrong.includes(cell);
    const clash = clashes.has(cell);
    node.setAttribute("class", clash ? "conflict" : "");
    if (clash) node.setAttribute("aria-invalid", "true");
    else node.removeAttribute("aria-invalid");
    if (form) form.paint(node, cell, r, c);
    else if (value) {
      const kind = given ? "given" : state.revealed[cell] ? "revealed" :
        wrong ? "entry wrong" : "entry";
      const symbol = puzzle.symbols[value - 1];
      const t = el("text", { x: c + 0.5, y: r + 0.53, "dominant-baseline": "central",
                             class: kind }, node);
      if (symbol.length > 1) t.setAttribute("font-size", 0.5);
      t.textContent = symbol;
      if (wrong) {
        el("line", { x1: c + 0.2, y1: r + 0.8, x2: c + 0.8, y2: r + 0.2, class: "strike" }, node);
      }
      if (clash) {  // a bar under a repeated symbol: not told by colour alone
        el("line", { x1: c + 0.25, y1: r + 0.88, x2: c + 0.75, y2: r + 0.88, class: "clash" },
           node);
      }
      if (state.revealed[cell]) {
        el("polygon", { points: [[c + 1, r + 1], [c + 0.8, r + 1], [c + 1, r + 0.8]].join(" "),
                        class: "corner" }, node);
      }
    } else if (state.pencils[cell]) {
      drawPencils(node, cell, r, c);
    }
    node.setAttribute("aria-label", cellLabel(cell));
  }

  function drawPencils(node, cell, r, c) {
    // Below a cage's label, where the cell has one: the marks never cover its sum.
    const labelled = puzzle.labels.some((k) => k.cell[0] === r && k.cell[1] === c);
    const k = Math.ceil(Math.sqrt(puzzle.symbols.length));
    const top = labelled ? 0.32 : 0.1, size = (labelled ? 0.62 : 0.8) / k;
    const left = c + (1 - size * k) / 2;
    puzzle.symbols.forEach((symbol, i) => {
      if (!(state.pencils[cell] & (1 << i))) return;
      const x = left + size * (i % k + 0.5), y = r + top + size * (Math.floor(i / k) + 0.5);
      // Hidden from the accessibility tree: the cell's label says its marks in words.
      const t = el("text", { x: x, y: y, "font-size": size * (symbol.length > 1 ? 0.6 : 0.85),
                             class: "pencil", "dominant-baseline": "central",
                             "aria-hidden": "true" }, node);
      t.textContent = symbol;
    });
  }

  function cellLabel(cell) {
    const [r, c] = puzzle.cells[cell];
    let text = form ? form.words(cell) : stateWords(cell);
    if (clashes.has(cell)) text += ", " + clashes.get(cell).join(", ");
    text += groupWords(cell) + (form ? form.clueWords(cell) : clueWords(cell, r, c));
    return word("cell", { row: r + 1, col: c + 1, state: text });
  }

  // A typed symbol's cell as heard: "given 5", "3, wrong", "empty, pencil marks 1 3".
  function stateWords(cell) {
    const value = state.values[cell];
    if (puzzle.givens[cell]) return word("given", { symbol: puzzle.symbols[value - 1] });
    if (value) {
      return puzzle.symbols[value - 1] + (state.revealed[cell] ? ", " + word("revealed") : "") +
        (state.wrong.includes(cell) ? ", " + word("wrong") : "");
    }
    if (!state.pencils[cell]) return word("empty");
    return word("pencil_marks", { marks: puzzle.symbols.filter(
      (_, i) => state.pencils[cell] & (1 << i)).join(" ") });
  }

  // Another cell, named in a cell's words: "row 1, column 2".
  function cellName(cell) {
    return word("cell_name", { row: puzzle.cells[cell][0] + 1, col: puzzle.cells[cell][1] + 1 });
  }

  // The cage or runs a cell is in, and their clues: "cage 14 of 3 cells".
  function groupWords(cell) {
    return groupsOf[cell].filter((g) => g.kind === "cage" || g.clue).map((g) =>
      ", " + word(g.kind === "cage" ? "cage" : "runs." + g.kind,
                  { clue: g.clue, count: g.cells.length })).join("");
  }

  // What a screen reader hears of the signs and edge clues at a cell: "less than row 1,
  // column 2", "unlike row 2, column 1", "3 seen from the left" (the marks as data).
  function clueWords(cell, r, c) {
    let words = "";
    puzzle.signs.forEach((s) => {
      const [first, second] = s.cells;
      if (first !== cell && second !== cell) return;
      words += ", " + s.words[first === cell ? 0 : 1].replace(
        "{cell}", cellName(first === cell ? second : first));
    });
    puzzle.edges.forEach((e) => {
      const line = e.side === "left" || e.side === "right" ? r : c;
      const end = { left: c === 0, top: r === 0, right: c === puzzle.frame - 1,
                    bottom: r === puzzle.frame - 1 }[e.side];
      if (line === e.index && end) words += ", " + word("seen." + e.side, { clue: e.text });
    });
    return words;
  }

  // The selected cell's units and cages, and every copy of its symbol, shaded.
  function showHighlights() {
    const value = state.values[selected];
    const related = new Set();
    if (settings.highlight) groupsOf[selected].filter((g) => !form || form.related(g))
      .forEach((g) => g.cells.forEach((c) => related.add(c)));
    const same = value && !form;  // every shaded cell alike tells nothing either
    const shown = (cell) => cell === selected ? "selected" : !settings.highlight ? "" :
      same && state.values[cell] === value ? "same" : related.has(cell) ? "related" : "";
    puzzle.cells.forEach((_, cell) => {
      const mark = shown(cell) || UNMARKED;
      if (shadingOf[cell] !== mark) shadingRects[cell].setAttribute("class", mark);
      shadingOf[cell] = mark;
    });
    // A cage label's knock-out takes its cell's colour, highlighted or not.
    svg.querySelectorAll("rect[data-base]").forEach((knock) => {
      const mark = shown(Number(knock.getAttribute("data-cell")));
      const wanted = mark || knock.getAttribute("data-base");
      if (knock.getAttribute("class") !== wanted) knock.setAttribute("class", wanted);
    });
  }

  function showSelection() {
    const [r, c] = puzzle.cells[selected];
    const mark = shadingRects[selected], ring = $("ring");
    ring.setAttribute("x", c + 0.04); ring.setAttribute("y", r + 0.04);
    svg.setAttribute("aria-activedescendant", "cell-" + selected);
    showHighlights();
    if (zoom > 1) mark.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  // --- zoom: clue text never under 11 px, cells never under 24 px; pinch or buttons --------
  function fitZoom() {
    const clue = Math.min(puzzle.labels.length ? CLUE.label : 1,
                          puzzle.blocks.length ? CLUE.block : 1,
                          puzzle.edges.length ? CLUE.edge : 1);
    // Measured twice: a scroll bar that zooming brings narrows the board a little.
    for (let pass = 0; pass < 2; pass++) {
      const cellPx = svg.getScreenCTM().a / zoom;
      if (!cellPx) return;
      leastZoom = 1.02 * Math.max(1 / 1.02, LEAST_CLUE_PX / (clue * cellPx),
                                  LEAST_TARGET_PX / cellPx);
      setZoom(Math.max(zoom, leastZoom));
    }
  }

  function setZoom(wanted) {
    zoom = Math.min(Math.max(wanted, leastZoom), leastZoom * 4);
    svg.style.width = (zoom * 100) + "%";
    $("zoom-out").disabled = zoom <= leastZoom + 1e-6;
  }

  const pointers = new Map();
  let pinchFrom = null;

  function onPinch(event) {
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (pointers.size !== 2) return;
    const [a, b] = Array.from(pointers.values());
    const apart = Math.hypot(a[0] - b[0], a[1] - b[1]);
    const middle = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    if (!pinchFrom) pinchFrom = { apart: apart, zoom: zoom, middle: middle };
    else setZoom(pinchFrom.zoom * apart / pinchFrom.apart);
    // Where one finger paints (a shading form's board takes no touch panning), two pan.
    if (form) $("board").scrollBy(pinchFrom.middle[0] - middle[0], pinchFrom.middle[1] - middle[1]);
    pinchFrom.middle = middle;
  }

  function endPinch(event) {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinchFrom = null;
  }

  // --- input --------------------------------------------------------------------------------
  function select(cell) {
    if (cell !== selected) typed = { cell: -1, text: "", undoable: false };
    selected = cell; showSelection();
  }

  // Where a pointer is, in cells (x, y), and the cell under it, or undefined.
  function pointOf(event) {
    const point = svg.createSVGPoint();
    point.x = event.clientX; point.y = event.clientY;
    return point.matrixTransform(svg.getScreenCTM().inverse());
  }

  function cellUnder(event) {
    const at = pointOf(event);
    return cellAt[Math.floor(at.y) + "," + Math.floor(at.x)];
  }

  function onPointer(event) {
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (pointers.size > 1) { if (form) form.abandon(); return; }
    const cell = cellUnder(event);
    if (cell !== undefined) select(cell);
    if (form) {
      form.press(event, cell);  // a form between cells takes presses off them too
      svg.focus({ preventScroll: true });
      event.preventDefault();
      return;
    }
    if (cell !== undefined && puzzle.cycle && !puzzle.givens[cell]) cycle(cell);
    svg.focus({ preventScroll: true });
    if (event.pointerType === "mouse") event.preventDefault();
  }

  // A tap on a kind of few symbols steps its cell on: empty, each symbol in turn, empty.
  function cycle(cell) {
    const next = (state.values[cell] + 1) % (puzzle.symbols.length + 1);
    const noting = pencilMode;  // a tap writes a symbol, in pencil mode too
    pencilMode = false;
    enter(next);
    pencilMode = noting;
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
    if (document.body.classList.contains("paused")) return;
    const key = event.key.toLowerCase();
    if ((event.ctrlKey || event.metaKey) && (key === "y" || (key === "z" && event.shiftKey))) {
      redo(); event.preventDefault(); return;
    }
    if ((event.ctrlKey || event.metaKey) && key === "z") { undo(); event.preventDefault(); return; }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (form && form.key(event)) { event.preventDefault(); return; }
    if (MOVES[event.key]) { move(...MOVES[event.key]); event.preventDefault(); return; }
    if (form) return;
    if (event.key === " ") { setPencilMode(!pencilMode); event.preventDefault(); return; }
    if (["Backspace", "Delete"].includes(event.key)) { enter(0); event.preventDefault(); return; }
    if (event.key.length === 1 && typeSymbol(event.key)) event.preventDefault();
    else if (event.key === "0" || event.key === ".") { enter(0); event.preventDefault(); }
  }

  function symbolIndex(text) {
    const index = puzzle.symbols.findIndex((s) => s.toLowerCase() === text.toLowerCase());
    if (index >= 0 || puzzle.symbols[0] !== "1") return index;
    const alias = TEXT_SYMBOLS.indexOf(text.toUpperCase());  // "A" for 10, as text lines
    return alias >= 9 && alias < puzzle.size && text.length === 1 ? alias : -1;
  }

  // A key that completes a symbol of two characters ("1" then "2": 12) takes back what its
  // first key entered; one that starts a longer symbol waits for the next.
  function typeSymbol(key) {
    const joined = typed.cell === selected ? typed.text + key : key;
    let index = symbolIndex(joined), text = joined;
    if (index >= 0 && text !== key && typed.undoable) undo(true);
    if (index < 0) { text = key; index = symbolIndex(key); }
    if (index < 0) return false;
    const changed = enter(index + 1);
    const longer = puzzle.symbols.some((s) => s.length > text.length &&
      s.toLowerCase().startsWith(text.toLowerCase()));
    typed = { cell: selected, text: longer ? text : "", undoable: changed };
    return true;
  }

  function setPencilMode(on) {
    pencilMode = on;
    $("pencil").setAttribute("aria-pressed", String(on));
    say(word(on ? "pencil_on" : "pencil_off"));
  }

  function snapshot(cells) {
    return cells.map((c) => [c, state.values[c], state.pencils[c], state.revealed[c]]);
  }

  function restore(step) {
    step.forEach(([c, v, p, r]) => {
      state.values[c] = v; state.pencils[c] = p; state.revealed[c] = r;
    });
  }

  function change(cells, apply) {
    const before = snapshot(cells);
    apply();
    if (JSON.stringify(before) === JSON.stringify(snapshot(cells))) return false;
    state.undo.push(before);
    state.redo = [];
    afterChange(cells);
    return true;
  }

  function enter(value) {
    const cell = selected;
    if (puzzle.givens[cell]) { say(word("given_fixed")); return false; }
    let changed;
    if (pencilMode && value) {
      changed = change([cell], () => {
        state.values[cell] = 0; state.pencils[cell] ^= 1 << (value - 1);
      });
    } else {
      // The symbol placed leaves the notes of the cells that share a unit with it.
      const noted = value && !puzzle.limits.shared ? Array.from(peers[cell]).filter(
        (c) => state.pencils[c] & (1 << (value - 1))) : [];
      changed = change([cell].concat(noted), () => {
        state.values[cell] = value; state.pencils[cell] = 0; state.revealed[cell] = false;
        noted.forEach((c) => { state.pencils[c] &= ~(1 << (value - 1)); });
      });
    }
    if (!state.finished && emptyCells().length) say(cellLabel(cell));
    return changed;
  }

  function undo(quiet) {
    const step = state.undo.pop();
    if (!step) { say(word("nothing_to_undo")); return; }
    state.redo.push(snapshot(step.map(([c]) => c)));
    restore(step);
    afterChange(step.map(([c]) => c));
    if (quiet !== true) say(word("undone"));
  }

  function redo() {
    const step = state.redo.pop();
    if (!step) { say(word("nothing_to_redo")); return; }
    state.undo.push(snapshot(step.map(([c]) => c)));
    restore(step);
    afterChange(step.map(([c]) => c));
    say(word("redone"));
  }

  function afterChange(cells) {
    state.wrong = state.wrong.filter((c) => !cells.includes(c));
    const before = clashes;
    findClashes();
    const repaint = new Set(cells);
    before.forEach((_, c) => repaint.add(c));
    clashes.forEach((_, c) => repaint.add(c));
    repaint.forEach((c) => { if (c < puzzle.cells.length) paintCell(c); });
    if (form) form.changed(cells);
    showHighlights();
    finishIfSolved();
    save();
  }

  // The rules the puzzle's units keep (its kind's limits, export/page.py): a symbol at most
  // once in a unit, or (shared) at most its equal share of the unit (a Binairo line's
  // half); no more than `run` alike side by side; no repeat in a cage where cages say so.
  function findClashes() {
    clashes = new Map();
    if (!settings.conflicts) return;
    if (form) { form.clashes(clash); return; }
    const limits = puzzle.limits;
    for (const kind in puzzle.units) {
      puzzle.units[kind].forEach((cells) => {
        const most = limits.shared ? Math.floor(cells.length / puzzle.symbols.length) : 1;
        overfilled(cells, most, word(limits.shared ? "clash.too_many." + kind : "clash.repeated"));
        if (limits.run) tooLong(cells, limits.run);
      });
    }
    if (limits.cages) puzzle.labels.forEach((cage) => overfilled(cage.cells, 1, word("clash.repeated")));
    if (limits.distinct) for (const kind in puzzle.units) twins(puzzle.units[kind], kind);
  }

  // Every full unit that holds what another of its kind holds, symbol for symbol.
  function twins(units, kind) {
    const seen = {};
    units.forEach((cells) => {
      if (!cells.every((c) => state.values[c])) return;
      const text = cells.map((c) => state.values[c]).join(",");
      (seen[text] = seen[text] || []).push(cells);
    });
    for (const text in seen) {
      if (seen[text].length < 2) continue;
      seen[text].forEach((cells) => cells.forEach((c) => clash(c, word("clash.twin." + kind))));
    }
  }

  // Every copy of a symbol the cells hold more than `most` times.
  function overfilled(cells, most, why) {
    const copies = {};
    cells.forEach((c) => { const v = state.values[c]; if (v) (copies[v] = copies[v] || []).push(c); });
    for (const v in copies) {
      if (copies[v].length > most) copies[v].forEach((c) => clash(c, why));
    }
  }

  // Every run of more than `longest` alike in neighbouring cells of a unit, in its order.
  function tooLong(cells, longest) {
    let run = [];
    cells.forEach((c, i) => {
      const last = run[run.length - 1];
      if (!state.values[c] || !(i && touching(last, c) && state.values[last] === state.values[c])) {
        run = [];
      }
      if (state.values[c]) run.push(c);
      if (run.length > longest) run.forEach((r) => clash(r, word("clash.alike", { count: longest + 1 })));
    });
  }

  function clash(cell, why) {
    const rules = clashes.get(cell) || [];
    if (!rules.includes(why)) rules.push(why);
    clashes.set(cell, rules);
  }

  function touching(a, b) {
    if (a === undefined) return false;
    const [r1, c1] = puzzle.cells[a], [r2, c2] = puzzle.cells[b];
    return Math.abs(r1 - r2) + Math.abs(c1 - c2) === 1;
  }

  function emptyCells() { return puzzle.cells.map((_, c) => c).filter((c) => !state.values[c]); }

  let digested = { of: "", digest: "" };
  function isSolved() {
    if (puzzle.solution) {
      return (form ? form.answer() : state.values).every((v, c) => v === puzzle.solution[c]);
    }
    if (!form && !state.values.every((v) => v)) return false;
    const grid = (form ? form.answer() : state.values).join(",");
    if (digested.of !== grid) digested = { of: grid, digest: sha256(puzzle.salt + ":" + grid) };
    return digested.digest === puzzle.digest;
  }

  function finishIfSolved() {
    const solved = isSolved();
    document.body.classList.toggle("solved", solved);
    if (solved && !state.finished) {
      state.finished = true;
      stopClock();
    }
    showFinish(solved);
    if (!solved && !emptyCells().length) say(word("every_filled"));
  }

  function showFinish(solved) {
    $("finish").hidden = !solved;
    if (!solved) return;
    const revealed = state.revealed.some((r) => r);
    $("finish-text").textContent = word(revealed ? "revealed_after" : "solved_in",
                                        { time: clock(state.elapsed) });
    say(word(revealed ? "said_revealed" : "said_solved"));
  }

  function check() {
    state.wrong = form && form.wrong ? form.wrong() : puzzle.cells.map((_, c) => c).filter(
      (c) => state.values[c] && state.values[c] !== puzzle.solution[c]);
    puzzle.cells.forEach((_, c) => paintCell(c));
    if (form) form.changed([]);
    save();
    if (isSolved()) { showFinish(true); return; }
    // A form between cells (a loop's edges) has no empty cells to count.
    const left = form && form.slots ? "" : ", " + word("empty_count", { count: emptyCells().length });
    say((state.wrong.length ? word("wrong_count", { count: state.wrong.length })
      : word("no_mistakes")) + left);
  }

  function reveal(cells) {
    if (form && form.reveal) { form.reveal(cells); return; }
    const open = cells.filter((c) => state.values[c] !== puzzle.solution[c]);
    if (!open.length) { say(word("nothing_to_reveal")); return; }
    change(open, () => open.forEach((c) => {
      state.values[c] = puzzle.solution[c]; state.pencils[c] = 0; state.revealed[c] = true;
    }));
    if (!isSolved()) sayRevealed(open);
  }

  function sayRevealed(cells) {
    say(cells.length === 1 ? word("revealed_cell", { cell: cellLabel(cells[0]) })
      : word("revealed_some"));
  }

  function restart() {
    const cells = state.values.map((_, c) => c);
    change(cells, () => {
      const fresh = freshState();
      for (const key of ["values", "pencils", "revealed"]) state[key] = fresh[key];
    });
    Object.assign(state, { elapsed: 0, finished: false, wrong: [], undo: [], redo: [] });
    puzzle.cells.forEach((_, c) => paintCell(c));
    finishIfSolved();
    save();
    startClock();
    say(word("started_again"));
  }

  // Every empty cell's candidates noted: the symbols none of its units holds yet.
  function fillCandidates() {
    const cells = emptyCells();
    change(cells, () => cells.forEach((cell) => {
      let mask = (1 << puzzle.size) - 1;
      peers[cell].forEach((c) => { if (state.values[c]) mask &= ~(1 << (state.values[c] - 1)); });
      state.pencils[cell] = mask;
    }));
    say(word("candidates_filled"));
  }

  // A question before what cannot be undone at a glance.
  let confirmed = null;
  function confirmThen(question, action) {
    const dialog = $("confirm");
    if (!dialog.showModal) { if (window.confirm(question)) action(); return; }
    $("confirm-text").textContent = question;
    confirmed = action;
    dialog.showModal();
    $("confirm-no").focus();
  }

  function answerConfirm(yes) {
    const action = confirmed;
    confirmed = null;
    $("confirm").close();
    svg.focus();
    if (yes && action) action();
  }

  function say(text) { $("status").textContent = text; }

  // --- the clock: time taken, paused while asked or while the page is out of sight --------
  function clock(ms) {
    const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
    const ss = String(s % 60).padStart(2, "0");
    return h ? h + ":" + String(m).padStart(2, "0") + ":" + ss : m + ":" + ss;
  }

  function showClock() { $("timer").textContent = clock(state.elapsed); }

  function startClock() {
    stopClock();
    if (state.finished || document.body.classList.contains("paused") || document.hidden) {
      showClock(); return;
    }
    tickFrom = Date.now();
    ticking = setInterval(tick, 1000);
    showClock();
  }

  function tick() {
    const now = Date.now();
    state.elapsed += now - tickFrom;
    tickFrom = now;
    showClock();
    if (Math.floor(state.elapsed / 1000) % 5 === 0) keepTime();
  }

  function stopClock() {
    if (ticking) { tick(); clearInterval(ticking); ticking = null; }
  }

  function setPaused(on, quiet) {
    document.body.classList.toggle("paused", on);
    $("pause").setAttribute("aria-pressed", String(on));
    $("paused").hidden = !on;
    if (on) { stopClock(); keepTime(); $("resume").focus(); return; }
    startClock();
    if (quiet !== true) svg.focus();
  }

  // --- puzzles and controls -----------------------------------------------------------------
  function show(index) {
    stopClock();
    puzzle = DATA.puzzles[index];
    form = FORMS[puzzle.form] ? FORMS[puzzle.form](api) : null;
    typed = { cell: -1, text: "", undoable: false };
    selected = puzzle.givens.findIndex((v) => !v);
    if (selected < 0) selected = 0;
    load();
    indexGroups(puzzle);
    $("heading").textContent = puzzle.heading;
    $("caption").textContent = [puzzle.kind, puzzle.caption].filter(Boolean).join(" \u00b7 ");
    $("rules").textContent = $("print-rules").textContent = puzzle.rules;
    document.title = puzzle.heading;
    document.body.classList.toggle("no-answer", !puzzle.solution);
    $("app").classList.toggle("wide", puzzle.frame > 12);
    // Candidates are the symbols no peer holds: a kind whose units share symbols has none.
    $("candidates").hidden = puzzle.limits.shared || form !== null;
    $("pencil").hidden = $("pencil-help").hidden = form !== null;
    $("keys-help").textContent = form ? form.keysHelp() : KEYS_HELP;
    draw();
    if (!window.matchMedia("(prefers-color-scheme: dark)").matches) {
      const grey = Math.round(255 * puzzle.shade);
      svg.style.setProperty("--shade", "rgb(" + grey + "," + grey + "," + grey + ")");
    }
    zoom = 1;
    fitZoom();
    showSelection();
    buildKeypad();
    $("pick").value = String(index);
    if (DATA.puzzles.length > 1) historyReplace(puzzle.id);
    say("");
    finishIfSolved();
    setPaused(false, true);
    postHeight();
  }

  function historyReplace(id) {
    if (decodeURIComponent(location.hash.slice(1)) === id) return;
    try { window.history.replaceState(null, "", "#" + encodeURIComponent(id)); } catch (e) { }
  }

  // A form's keypad of the four arrows, each doing what Shift and its arrow key do there
  // (a loop's side drawn, a bridge that way): `named(arrow)` gives its text and its name.
  function arrowKeypad(pad, label, named) {
    pad.setAttribute("aria-label", label);
    ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"].forEach((arrow) => {
      const [text, name] = named(arrow), b = document.createElement("button");
      b.type = "button"; b.textContent = text;
      b.title = word("shift_arrow." + arrow.slice(5).toLowerCase());
      b.setAttribute("aria-label", name);
      b.addEventListener("click", () => { form.key({ key: arrow, shiftKey: true }); svg.focus(); });
      pad.appendChild(b);
    });
  }

  function buildKeypad() {
    const pad = $("keypad");
    pad.textContent = "";
    pad.setAttribute("aria-label", ENTER_SYMBOL);
    if (form) { form.keypad(pad); return; }
    puzzle.symbols.forEach((symbol, i) => {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = symbol;
      b.setAttribute("aria-label", word("enter", { symbol: symbol }));
      b.addEventListener("click", () => { enter(i + 1); svg.focus(); });
      pad.appendChild(b);
    });
    const erase = document.createElement("button");
    erase.type = "button"; erase.textContent = word("erase");
    erase.addEventListener("click", () => { enter(0); svg.focus(); });
    pad.appendChild(erase);
  }

  // The picker says which puzzles are solved and which are begun.
  function markProgress(index) {
    const p = DATA.puzzles[index], option = $("pick").options[index];
    if (!option) return;
    let mark = "";
    try {
      const saved = JSON.parse(localStorage.getItem(storageKey(p.id)) || "null");
      if (saved && saved.finished) mark = " \u2713 " + word("solved_mark");
      else if (saved && saved.values && saved.values.some((v, c) => v && !p.givens[c])) {
        mark = " \u00b7 " + word("begun_mark");
      }
    } catch (e) { /* no marks */ }
    const text = p.heading + (p.caption ? " \u00b7 " + p.caption : "") + mark;
    if (option.textContent !== text) option.textContent = text;
  }

  // In an iframe the page tells its parent how tall it is (its one message, no data).
  function postHeight() {
    if (window.parent === window) return;
    const height = Math.ceil(document.getElementById("app").getBoundingClientRect().height);
    window.parent.postMessage({ type: "bookmaker:height", height: height }, "*");
  }

  function setColours() {
    const root = document.documentElement.style;
    const wanted = Object.assign({}, DATA.colours || {});
    const query = new URLSearchParams(location.search);
    COLOURS.forEach((name) => { if (query.has(name)) wanted[name] = query.get(name); });
    for (const name in wanted) {
      const value = String(wanted[name]).replace(/^#/, "");
      if (COLOURS.includes(name) && /^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) {
        root.setProperty("--" + name, "#" + value);
      }
    }
    const embed = query.has("embed") || location.hash === "#embed";
    document.body.classList.toggle("embed", embed);
  }

  function puzzleOfHash() {
    const wanted = decodeURIComponent(location.hash.slice(1));
    return DATA.puzzles.findIndex((p) => p.id === wanted);
  }

  // What a form's module (web/shading.js) may ask of and do to the page.
  const api = {
    get puzzle() { return puzzle; }, get state() { return state; },
    get selected() { return selected; }, get svg() { return svg; },
    get settings() { return settings; },
    el: el, change: change, afterChange: afterChange, enter: enter, say: say, undo: undo,
    word: word, listed: listed, cellName: cellName, sayRevealed: sayRevealed, cellLabel: cellLabel, cellUnder: cellUnder, snapshot: snapshot, pointOf: pointOf,
    select: select, isSolved: () => isSolved(), arrowKeypad: arrowKeypad,
    paintCell: paintCell, move: (arrow) => move(...MOVES[arrow]),
    clashed: (cell) => clashes.has(cell),
  };
  const KEYS_HELP = $("keys-help").textContent, ENTER_SYMBOL = $("keypad").getAttribute("aria-label");

  function setUp() {
    setColours();
    readSettings();
    const pick = $("pick");
    DATA.puzzles.forEach((p, i) => {
      const option = document.createElement("option");
      option.value = String(i);
      pick.appendChild(option);
      markProgress(i);
    });
    $("picker").hidden = DATA.puzzles.length < 2;
    pick.addEventListener("change", () => show(Number(pick.value)));
    $("previous").addEventListener("click", () => show(Math.max(0, Number(pick.value) - 1)));
    $("next").addEventListener("click", () =>
      show(Math.min(DATA.puzzles.length - 1, Number(pick.value) + 1)));
    $("pencil").addEventListener("click", () => setPencilMode(!pencilMode));
    $("undo").addEventListener("click", () => undo());
    $("redo").addEventListener("click", redo);
    $("candidates").addEventListener("click", fillCandidates);
    $("check").addEventListener("click", check);
    $("reveal-cell").addEventListener("click", () => reveal([selected]));
    $("reveal-all").addEventListener("click", () => confirmThen(
      word("confirm_reveal"), () => reveal(puzzle.cells.map((_, c) => c))));
    $("restart").addEventListener("click", () => confirmThen(word("confirm_restart"), restart));
    $("print").addEventListener("click", () => window.print());
    $("confirm-yes").addEventListener("click", () => answerConfirm(true));
    $("confirm-no").addEventListener("click", () => answerConfirm(false));
    $("confirm").addEventListener("cancel", () => { confirmed = null; });
    $("pause").addEventListener("click", () =>
      setPaused(!document.body.classList.contains("paused")));
    $("resume").addEventListener("click", () => setPaused(false));
    $("zoom-in").addEventListener("click", () => setZoom(zoom * 1.5));
    $("zoom-out").addEventListener("click", () => setZoom(zoom / 1.5));
    for (const key in settings) {
      $("opt-" + key).addEventListener("change", (event) => {
        settings[key] = event.target.checked;
        try { localStorage.setItem("bookmaker/settings", JSON.stringify(settings)); } catch (e) { }
        applySettings();
      });
    }
    document.addEventListener("visibilitychange", () => {
      if (document.hidden) { stopClock(); keepTime(); } else { catchUp(); startClock(); }
    });
    // Two windows of the puzzle side by side, both in sight: each takes up the other's saves.
    window.addEventListener("storage", (event) => {
      if (event.key === null || event.key === storageKey()) catchUp();
    });
    window.addEventListener("hashchange", () => {
      const index = puzzleOfHash();
      if (index >= 0 && DATA.puzzles[index] !== puzzle) show(index);
    });
    window.addEventListener("resize", () => { fitZoom(); postHeight(); });
    if (window.ResizeObserver) new ResizeObserver(postHeight).observe($("app"));
    document.body.classList.toggle("no-timer", !settings.timer);
    const start = puzzleOfHash();
    show(start < 0 ? 0 : start);
  }

  function applySettings() {
    document.body.classList.toggle("no-timer", !settings.timer);
    findClashes();
    puzzle.cells.forEach((_, c) => paintCell(c));
    showHighlights();
  }

  setUp();
})();
