// The edges answer form (core/kinds/answer.py) on bookmaker's puzzle page: a loop drawn
// along the cells' edges (a Slitherlink's). A cell's given is its clue plus one (1..4 for
// 0..3); the solution says of each cell 1 outside the loop, 2 inside. The reader draws
// edges between the dots, or crosses them out; the page turns the drawn loop into inside
// and outside (by parity) for the digest and Check. Edge states are kept in slots after
// the cells' values (page.js freshState): 0 open, 1 a line, 2 crossed.
"use strict";
window.BOOKMAKER_FORMS = window.BOOKMAKER_FORMS || {};
window.BOOKMAKER_FORMS.edges = function (page) {
  const OPEN = 0, LINE = 1, CROSS = 2, OUTSIDE = 1, INSIDE = 2;
  const SIDES = { ArrowUp: "top", ArrowDown: "bottom", ArrowLeft: "left", ArrowRight: "right" };
  const p = page.puzzle, n = p.cells.length;
  const rows = 1 + Math.max(...p.cells.map((rc) => rc[0]));
  const cols = 1 + Math.max(...p.cells.map((rc) => rc[1]));
  const across = (rows + 1) * cols;  // horizontal edges first, then vertical ones
  const total = across + rows * (cols + 1);
  let drag = null, crossNext = false, layer = null;
  const term = (key, fields) => page.word("edges." + key, fields);  // a word of its own

  // --- the lattice: edges by their ends, cells by their sides ---------------------------------
  const horizontal = (r, c) => r * cols + c;          // (c, r) to (c + 1, r)
  const vertical = (r, c) => across + r * (cols + 1) + c;  // (c, r) to (c, r + 1)
  const slot = (edge) => n + edge;

  function ends(edge) {
    if (edge < across) {
      const r = Math.floor(edge / cols), c = edge % cols;
      return [[c, r], [c + 1, r]];
    }
    const e = edge - across, r = Math.floor(e / (cols + 1)), c = e % (cols + 1);
    return [[c, r], [c, r + 1]];
  }

  // The two cells an edge parts ((row, col), either off the grid where it is its frame).
  function beside(edge) {
    const [[x, y], [x2]] = ends(edge);
    return x2 === x ? [[y, x - 1], [y, x]] : [[y - 1, x], [y, x]];
  }

  function sidesOf(cell) {
    const [r, c] = p.cells[cell];
    return { top: horizontal(r, c), bottom: horizontal(r + 1, c), left: vertical(r, c),
             right: vertical(r, c + 1) };
  }

  const stateOf = (edge) => page.state.values[slot(edge)];
  const cellOf = (r, c) => r * cols + c;
  const within = (r, c) => r >= 0 && c >= 0 && r < rows && c < cols;

  // --- the loop's inside: a cell is inside where an odd number of lines lie to its left ----
  function insideOf(lineAt) {
    const inside = new Array(n).fill(OUTSIDE);
    for (let r = 0; r < rows; r++) {
      let crossings = 0;
      for (let c = 0; c < cols; c++) {
        if (lineAt(vertical(r, c))) crossings++;
        inside[cellOf(r, c)] = crossings % 2 ? INSIDE : OUTSIDE;
      }
    }
    return inside;
  }

  // Every edge a line where the cells either side of it differ: the region's boundary.
  function boundary(inside) {
    const side = ([r, c]) => (within(r, c) ? inside[cellOf(r, c)] : OUTSIDE);
    const lines = [];
    for (let edge = 0; edge < total; edge++) {
      const [a, b] = beside(edge);
      lines.push(side(a) !== side(b));
    }
    return lines;
  }

  // The reader's cells inside and outside, if the lines drawn are exactly the boundary of
  // what they enclose (no stray line, no branch); else no answer (zeros).
  function answer() {
    const inside = insideOf((edge) => stateOf(edge) === LINE);
    const lines = boundary(inside);
    const closed = lines.every((line, edge) => line === (stateOf(edge) === LINE));
    return closed ? inside : new Array(n).fill(0);
  }

  const loop = () => (p.solution ? boundary(p.solution) : null);

  // --- drawing --------------------------------------------------------------------------------
  function drawn(svg) {
    const lines = svg.querySelector("g.lines");
    if (lines) lines.setAttribute("class", "lines faint");  // the dots are the grid
    svg.style.touchAction = "none";
    layer = page.el("g", { class: "edges", "aria-hidden": "true" }, svg);
    for (let edge = 0; edge < total; edge++) {
      const [[x1, y1], [x2, y2]] = ends(edge);
      const g = page.el("g", { id: "edge-" + edge }, layer);
      page.el("line", { x1: x1, y1: y1, x2: x2, y2: y2, class: "edge-line" }, g);
      const mx = (x1 + x2) / 2, my = (y1 + y2) / 2, k = 0.09;
      page.el("path", { d: "M" + (mx - k) + " " + (my - k) + "L" + (mx + k) + " " + (my + k) +
        "M" + (mx - k) + " " + (my + k) + "L" + (mx + k) + " " + (my - k), class: "edge-cross" }, g);
    }
    for (let r = 0; r <= rows; r++) {
      for (let c = 0; c <= cols; c++) {
        page.el("circle", { id: "dot-" + c + "-" + r, cx: c, cy: r, r: 0.06, class: "lattice" }, layer);
      }
    }
    svg.addEventListener("pointermove", move);
    svg.addEventListener("pointerup", release);
    svg.addEventListener("pointercancel", () => { drag = null; });
    svg.addEventListener("contextmenu", (event) => event.preventDefault());
    changed([]);
  }

  // The edges changed (slots) shown anew; none named: all of them.
  function changed(slots) {
    const edges = slots.length ? slots.filter((s) => s >= n).map((s) => s - n)
      : Array.from({ length: total }, (_, e) => e);
    edges.forEach((edge) => {
      const wrong = page.state.wrong.includes(slot(edge));
      const shown = ["open", "line", "cross"][stateOf(edge)] + (wrong ? " wrong" : "");
      document.getElementById("edge-" + edge).setAttribute("class", "edge " + shown);
    });
    // The clues beside a changed edge may now be met: their cells painted and told again.
    const cells = new Set();
    edges.forEach((edge) => beside(edge).forEach(([r, c]) => {
      if (within(r, c)) cells.add(cellOf(r, c));
    }));
    cells.forEach(page.paintCell);
    showCrowded();
  }

  const linesAround = (cell) => Object.values(sidesOf(cell)).filter((e) => stateOf(e) === LINE).length;
  // A clue met: its lines as many as it says (a 0 once its four sides are crossed).
  const met = (cell) => p.givens[cell] && linesAround(cell) === p.givens[cell] - 1 &&
    (p.givens[cell] > 1 || Object.values(sidesOf(cell)).every((e) => stateOf(e) === CROSS));

  function paint(node, cell, r, c) {
    if (p.givens[cell]) {
      const t = page.el("text", { x: c + 0.5, y: r + 0.53, "dominant-baseline": "central",
        "font-size": 0.5, class: "given" + (met(cell) ? " met" : "") }, node);
      t.textContent = String(p.givens[cell] - 1);
    }
    if (page.clashed(cell)) {  // a bar too: a broken rule not told by colour alone
      page.el("line", { x1: c + 0.3, y1: r + 0.8, x2: c + 0.7, y2: r + 0.8, class: "clash" }, node);
    }
  }

  // --- words ----------------------------------------------------------------------------------
  function words(cell) {
    const sides = sidesOf(cell);
    const named = (state) => page.listed(Object.keys(sides).filter(
      (s) => stateOf(sides[s]) === state).map((s) => term("sides." + s)));
    const lines = named(LINE), crosses = named(CROSS);
    const clue = p.givens[cell] ? term("clue", { clue: p.givens[cell] - 1 }) : term("no_clue");
    return clue + ", " + (lines ? term("lines", { sides: lines }) : term("no_lines")) +
      (crosses ? ", " + term("crossed", { sides: crosses }) : "") +
      (met(cell) ? ", " + page.word("met") : "");
  }

  // --- input ----------------------------------------------------------------------------------
  // One edge set, or more (a drag's) added to the one undo step of its first.
  function set(edge, value, join) {
    const s = slot(edge), values = page.state.values;
    if (values[s] === value) return;
    if (join && drag && drag.step) {
      if (!drag.step.some((entry) => entry[0] === s)) drag.step.push(page.snapshot([s])[0]);
      values[s] = value; page.state.revealed[s] = false;
      page.afterChange([s]);
      return;
    }
    page.change([s], () => { values[s] = value; page.state.revealed[s] = false; });
    if (drag) { const undo = page.state.undo; drag.step = undo[undo.length - 1]; }
  }

  function nearestEdge(x, y) {
    const r = Math.round(y), c = Math.round(x);
    const h = { edge: horizontal(r, Math.floor(x)), off: Math.abs(y - r),
                ok: r >= 0 && r <= rows && x >= 0 && x < cols };
    const v = { edge: vertical(Math.floor(y), c), off: Math.abs(x - c),
                ok: c >= 0 && c <= cols && y >= 0 && y < rows };
    const best = [h, v].filter((e) => e.ok).sort((a, b) => a.off - b.off)[0];
    return best ? best.edge : undefined;
  }

  const dotAt = (pt) => [Math.round(pt.x), Math.round(pt.y)];

  function press(event, cell) {
    const pt = page.pointOf(event);
    drag = { at: dotAt(pt), edge: nearestEdge(pt.x, pt.y), value: null, step: null,
             cross: event.button === 2, id: event.pointerId };
    const inner = drag.edge === undefined ? null : beside(drag.edge).find((rc) => within(...rc));
    if (cell === undefined && inner) page.select(cellOf(...inner));
  }

  // A drag from dot to dot draws (or, begun on a line, erases; right button: crosses) the
  // edges between, one at a time along the lattice.
  function move(event) {
    if (!drag || event.pointerId !== drag.id) return;
    const target = dotAt(page.pointOf(event));
    while (target[0] !== drag.at[0] || target[1] !== drag.at[1]) {
      const [x, y] = drag.at, dx = Math.sign(target[0] - x), dy = Math.sign(target[1] - y);
      const step = Math.abs(target[0] - x) >= Math.abs(target[1] - y) ? [x + dx, y] : [x, y + dy];
      const edge = step[1] === y ? horizontal(y, Math.min(x, step[0]))
        : vertical(Math.min(y, step[1]), x);
      if (step[0] < 0 || step[1] < 0 || step[0] > cols || step[1] > rows) return;
      if (drag.value === null) {
        const now = stateOf(edge);
        drag.value = drag.cross ? (now === CROSS ? OPEN : CROSS) : (now === LINE ? OPEN : LINE);
      }
      set(edge, drag.value, drag.step !== null);
      drag.at = step;
    }
  }

  // A press let go where it began: a tap, which steps its nearest edge on (open, line,
  // crossed, open) or, with the right button, crosses it or takes its cross off.
  function release(event) {
    if (drag && event.pointerId === drag.id && drag.value === null && drag.edge !== undefined) {
      const now = stateOf(drag.edge);
      set(drag.edge, drag.cross ? (now === CROSS ? OPEN : CROSS) : (now + 1) % 3, false);
    }
    drag = null;
  }

  // Shift and an arrow draws (or takes off) the line on that side of the selected cell;
  // x and then an arrow crosses it; Backspace clears the cell's four sides.
  function key(event) {
    const side = SIDES[event.key], sides = sidesOf(page.selected);
    if (side && (event.shiftKey || crossNext)) {
      const edge = sides[side], now = stateOf(edge);
      set(edge, crossNext ? (now === CROSS ? OPEN : CROSS) : (now === LINE ? OPEN : LINE), false);
      crossNext = false;
      if (!page.isSolved()) page.say(page.cellLabel(page.selected));
      return true;
    }
    if (event.key === "x" || event.key === "X") {
      crossNext = true; page.say(term("cross_which"));
      return true;
    }
    if (["Backspace", "Delete"].includes(event.key)) {
      const all = Object.values(sides).map(slot);
      page.change(all, () => all.forEach((s) => { page.state.values[s] = OPEN; }));
      return true;
    }
    return false;
  }

  const SIDE_GLYPHS = { top: "\u2594", bottom: "\u2581", left: "\u258f", right: "\u2595" };
  const keypad = (pad) => page.arrowKeypad(pad, term("draw_side"),
    (arrow) => [SIDE_GLYPHS[SIDES[arrow]], term("line_on." + SIDES[arrow])]);

  // The rules the page is told (export/page.py limits), broken as the reader draws: a clue
  // with more lines round it than it says (counted); a dot where more than `meeting` lines
  // meet (a loop's two), drawn larger in red and told in the words of the cells at it.
  let crowded = [];
  function clashes(clash) {
    const limits = p.limits || {};
    if (limits.counted) {
      p.cells.forEach((_, cell) => {
        if (p.givens[cell] && linesAround(cell) > p.givens[cell] - 1) clash(cell, term("too_many_lines"));
      });
    }
    const meeting = {};
    for (let edge = 0; edge < total; edge++) {
      if (stateOf(edge) === LINE) ends(edge).forEach((dot) => { meeting[dot] = (meeting[dot] || 0) + 1; });
    }
    crowded = limits.meeting ? Object.keys(meeting).filter((dot) => meeting[dot] > limits.meeting) : [];
    crowded.forEach((dot) => {
      const [x, y] = dot.split(",").map(Number);
      [[y - 1, x - 1], [y - 1, x], [y, x - 1], [y, x]].forEach(([r, c]) => {
        if (within(r, c)) clash(cellOf(r, c), term("crowded", { count: meeting[dot] }));
      });
    });
  }

  function showCrowded() {
    if (!layer) return;
    layer.querySelectorAll("circle.crowded").forEach((dot) => {
      dot.setAttribute("class", "lattice"); dot.setAttribute("r", 0.06);
    });
    crowded.forEach((dot) => {
      const circle = document.getElementById("dot-" + dot.replace(",", "-"));
      circle.setAttribute("class", "lattice crowded"); circle.setAttribute("r", 0.13);
    });
  }

  function wrong() {
    const inLoop = loop();
    const out = [];
    for (let edge = 0; edge < total; edge++) {
      const now = stateOf(edge);
      if ((now === LINE && !inLoop[edge]) || (now === CROSS && inLoop[edge])) out.push(slot(edge));
    }
    return out;
  }

  // The sides of the cells asked for: the loop's drawn, the others crossed.
  function reveal(cells) {
    const inLoop = loop();
    const edges = Array.from(new Set([].concat(...cells.map((c) => Object.values(sidesOf(c))))));
    const open = edges.filter((e) => stateOf(e) !== (inLoop[e] ? LINE : CROSS)).map(slot);
    if (!open.length) { page.say(page.word("nothing_to_reveal")); return; }
    page.change(open, () => open.forEach((s) => {
      page.state.values[s] = inLoop[s - n] ? LINE : CROSS; page.state.revealed[s] = true;
    }));
    if (!page.isSolved()) page.say(page.word("revealed_some"));
  }

  return {
    slots: () => total,
    margin: 0.16,
    related: () => false,  // a loop's clues share no unit
    howTo: () => term("how"),
    keysHelp: () => term("keys"),
    paint: paint, words: words, clueWords: () => "", press: press, abandon: () => { drag = null; },
    key: key, keypad: keypad, clashes: clashes, drawn: drawn, changed: changed,
    wrong: wrong, reveal: reveal, answer: answer,
  };
};
