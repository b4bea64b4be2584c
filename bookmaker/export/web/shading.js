// The shading answer form (core/kinds/answer.py) on bookmaker's puzzle page: a cell is
// empty (0), marked white with a dot (1) or shaded (2), as the solution's values are; and
// the colours form, a colour Nonogram's, whose cells are painted in its palette's colours
// (value c + 1 for colour c), the colour a tap paints picked from the keypad or keys 1-9.
// A Nonogram's clues beside its grid are greyed as their lines meet them; a kind whose
// shaded glyph is a star (a Star Battle's) draws a star where a Nonogram fills the cell, and
// marks the stars that break its limits (touching, too many or too few in a unit).
// page.js asks these hooks of the puzzle on show; it does the rest (undo, progress, timer).
"use strict";
window.BOOKMAKER_FORMS = window.BOOKMAKER_FORMS || {};
window.BOOKMAKER_FORMS.shading = function (page) {
  const EMPTY = 0, WHITE = 1, SHADED = 2;
  const STARS = ["*", "\u2605", "\u2606"];  // a shaded glyph drawn as a star
  const LONG_PRESS_MS = 450;
  const WORDS = ["empty", "white", "shaded"].map((key) => page.word("shading." + key));
  const term = (key, fields) => page.word("shading." + key, fields);  // a word of its own
  const filled = (value) => value >= SHADED;
  const colourOf = (value) => palette[value - SHADED];
  // A tap from each: empty -> the chosen colour (shaded) -> dot -> empty; another colour
  // -> the chosen one.
  const next = (was) => (was === EMPTY ? chosen : was === WHITE ? EMPTY :
    was === chosen ? WHITE : chosen);
  const p = page.puzzle;
  const palette = p.palette || null;  // a colour Nonogram's: value c + 1 is palette[c - 1]
  let chosen = SHADED;  // what a tap or Space paints: a Nonogram's black, or a colour
  const starred = STARS.includes(p.symbols[SHADED - 1]);
  const lines = linesOf(p);
  const at = {};  // "r,c" -> its cell
  p.cells.forEach(([r, c], cell) => { at[r + "," + c] = cell; });
  let drag = null;  // a press being dragged: the state it paints, its line, its undo step

  // Each row and column: its cells in order, its clue (runs, from the edge marks: the ring
  // counts outward, so the last run is ring 0), and the clue's text elements.
  function linesOf(puzzle) {
    const found = {};
    const line = (side, index) => {
      const name = side + index;
      if (!found[name]) found[name] = { name: name, cells: [], runs: [], side: side, index: index };
      return found[name];
    };
    puzzle.cells.forEach(([r, c], cell) => {
      line("left", r).cells.push([c, cell]);
      line("top", c).cells.push([r, cell]);
    });
    const rings = {};
    puzzle.edges.forEach((e) => {
      (rings[e.side + e.index] = rings[e.side + e.index] || []).push([e.ring, e.text,
                                                                    (e.colour || 1) + 1]);
    });
    Object.values(found).forEach((l) => {
      l.cells = l.cells.sort((a, b) => a[0] - b[0]).map((pair) => pair[1]);
      l.runs = (rings[l.name] || []).sort((a, b) => b[0] - a[0])
        .map((rt) => [Number(rt[1]), rt[2]]).filter((run) => run[0] > 0);
      l.clued = l.name in rings;
    });
    return found;
  }

  // A line's runs: each [length, value], a run one value's cells side by side.
  function runsOf(cells) {
    const runs = [];
    let last = EMPTY;
    cells.forEach((cell) => {
      const value = page.state.values[cell];
      if (filled(value) && value === last) runs[runs.length - 1][0]++;
      else if (filled(value)) runs.push([1, value]);
      last = value;
    });
    return runs;
  }

  const runsText = (runs) => runs.map((run) => run.join(":")).join(",");
  const met = (l) => l.clued && runsText(runsOf(l.cells)) === runsText(l.runs);
  const countOf = (l, value) => l.cells.filter((c) => page.state.values[c] === value).length;
  // A value as words: "shaded", or a colour's name ("red").
  const named = (value) => (palette && filled(value) ? colourOf(value).name : WORDS[value]);

  // --- drawing ------------------------------------------------------------------------------
  function paint(node, cell, r, c) {
    const value = page.state.values[cell];
    const who = p.givens[cell] ? "given" : page.state.revealed[cell] ? "revealed" : "entry";
    if (filled(value) && starred) {
      page.el("polygon", { points: star(c + 0.5, r + 0.5, 0.4), class: "star " + who }, node);
    } else if (filled(value) && palette) {
      paintColour(node, value, who, r, c);
    } else if (filled(value)) {
      page.el("rect", { x: c, y: r, width: 1, height: 1, class: "fill " + who }, node);
    } else if (value === WHITE) {
      page.el("circle", { cx: c + 0.5, cy: r + 0.5, r: p.givens[cell] ? 0.14 : 0.1,
                          class: "dot " + who }, node);
    }
    // A broken rule: a star, or every cell of a Nonogram's broken line, marked with a bar
    // too (not told by colour alone).
    if ((value || !starred) && page.clashed(cell)) {
      if (value) node.lastChild.classList.add("clashing");
      page.el("line", { x1: c + 0.25, y1: r + 0.89, x2: c + 0.75, y2: r + 0.89, class: "clash" },
              node);
    }
    if (page.state.wrong.includes(cell)) {
      page.el("line", { x1: c + 0.2, y1: r + 0.8, x2: c + 0.8, y2: r + 0.2,
                        class: "strike" }, node);
    }
  }

  // A colour's cell, and where the colour is near the paper (black on a dark page) a ring
  // inside it in the ink, so that it never looks empty.
  function paintColour(node, value, who, r, c) {
    const colour = colourOf(value);
    page.el("rect", { x: c, y: r, width: 1, height: 1, class: "fill colour " + who,
                      style: "--paint:" + colour.rgb }, node);
    if (nearPaper[value - SHADED]) {
      page.el("rect", { x: c + 0.2, y: r + 0.2, width: 0.6, height: 0.6, class: "paper-ring" },
              node);
    }
  }

  // Which colours hardly stand out from the page's paper (under 1.3:1: black on a dark
  // page): their cells ringed, their clues' squares and swatches edged in the ink. Asked
  // again when the reader's scheme turns light or dark.
  let nearPaper = [];
  function findNearPaper() {
    const paper = getComputedStyle(document.documentElement).getPropertyValue("--paper").trim();
    nearPaper = palette.map((colour) => {
      if (!/^#[0-9a-f]{6}$/i.test(paper)) return false;
      const [a, b] = [luminance(colour.rgb), luminance(paper)];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) < 1.3;
    });
    page.svg.querySelectorAll(".clue-tint").forEach((t) => t.classList.toggle("near-paper",
      nearPaper[palette.findIndex((colour) => t.style.getPropertyValue("--paint") === colour.rgb)]));
    document.querySelectorAll("#keypad .swatch").forEach((b, i) =>
      b.classList.toggle("near-paper", nearPaper[i]));
    p.cells.forEach((_, cell) => page.paintCell(cell));
  }

  function luminance(hex) {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const v = parseInt(hex.slice(at, at + 2), 16) / 255;
      return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }

  function star(x, y, outer) {
    const points = [];
    for (let i = 0; i < 10; i++) {
      const radius = i % 2 ? outer * 0.42 : outer, angle = Math.PI * (i / 5 - 0.5);
      points.push([x + radius * Math.cos(angle), y + radius * Math.sin(angle)]
        .map((v) => Math.round(v * 1000) / 1000).join(","));
    }
    return points.join(" ");
  }

  // A clue greyed where its line's shaded runs are the clue's, and its cells' words told.
  function greyClues() {
    Object.values(lines).forEach((l) => {
      const done = met(l);
      if (done === l.done) return;
      l.done = done;
      page.svg.querySelectorAll('[data-line="' + l.name + '"]').forEach((t) =>
        t.classList.toggle("met", done));
      l.cells.forEach((c) => document.getElementById("cell-" + c)
        .setAttribute("aria-label", page.cellLabel(c)));
    });
  }

  // --- words ----------------------------------------------------------------------------------
  function words(cell) {
    const value = page.state.values[cell];
    const star = starred && value === SHADED ? term("star") : named(value);
    return (p.givens[cell] ? page.word("given", { symbol: star }) : star) +
      (page.state.revealed[cell] ? ", " + page.word("revealed") : "") +
      (page.state.wrong.includes(cell) ? ", " + page.word("wrong") : "");
  }

  function clueWords(cell) {
    const [r, c] = p.cells[cell];
    return [[lines["left" + r], "row"], [lines["top" + c], "column"]].filter(([l]) => l.clued)
      .map(([l, name]) => ", " + term(name + "_clue", { runs: runWords(l.runs) || "0" }) +
        (met(l) ? ", " + page.word("met") : "")).join("");
  }

  // A clue's runs as heard: "1 1 1", or with their colours, "2 red 1 green".
  function runWords(runs) {
    return runs.map(([length, value]) => (palette ? length + " " + named(value) : length))
      .join(" ");
  }

  // --- input ----------------------------------------------------------------------------------
  function set(cell, value) {
    if (p.givens[cell]) { page.say(page.word("given_fixed")); return; }
    page.enter(value);
  }

  // A press: a tap steps the cell on, a right click dots it (or clears its dot); a long
  // press on a touch screen dots it. Moving on paints the same along its row or column.
  function press(event, cell) {
    cancel();
    if (cell === undefined) return;
    if (p.givens[cell]) { page.say(page.word("given_fixed")); return; }
    const was = page.state.values[cell];
    const value = event.button === 2 ? (was === WHITE ? EMPTY : WHITE) : next(was);
    page.enter(value);
    drag = { from: cell, value: value, was: was, cells: [cell], step: lastStep(), axis: null,
             id: event.pointerId };
    if (event.pointerType !== "mouse") {
      drag.timer = setTimeout(() => longPress(cell), LONG_PRESS_MS);
    }
  }

  function lastStep() { const undo = page.state.undo; return undo[undo.length - 1]; }

  function longPress(cell) {
    if (!drag || drag.cells.length > 1) return;
    drag.value = drag.was === WHITE ? EMPTY : WHITE;
    paintOne(cell);
  }

  function move(event) {
    if (!drag || event.pointerId !== drag.id) return;
    const cell = page.cellUnder(event);
    if (cell === undefined || cell === drag.cells[drag.cells.length - 1]) return;
    const [r0, c0] = p.cells[drag.from], [r, c] = p.cells[cell];
    if (drag.axis === null && (r !== r0) !== (c !== c0)) drag.axis = r === r0 ? "row" : "column";
    if (drag.axis === null) return;
    clearTimeout(drag.timer);
    const l = drag.axis === "row" ? lines["left" + r0] : lines["top" + c0];
    const at = (x) => l.cells.indexOf(x), to = drag.axis === "row" ? c : r;
    const end = l.cells.find((x) => p.cells[x][drag.axis === "row" ? 1 : 0] === to);
    if (end === undefined) return;
    const [a, b] = [at(drag.from), at(end)].sort((x, y) => x - y);
    l.cells.slice(a, b + 1).forEach(paintOne);
  }

  // One cell painted with the drag's state, in the drag's one undo step.
  function paintOne(cell) {
    const values = page.state.values;
    if (p.givens[cell] || values[cell] === drag.value) return;
    if (!drag.cells.includes(cell)) drag.cells.push(cell);
    if (!drag.step.some((s) => s[0] === cell)) drag.step.push(page.snapshot([cell])[0]);
    values[cell] = drag.value;
    page.state.revealed[cell] = false;
    page.afterChange([cell]);
  }

  // A second finger down: the first's paint was the start of a pinch or pan, not a tap.
  function abandon() {
    if (drag && drag.step === lastStep()) page.undo(true);
    cancel();
  }

  function cancel() {
    if (drag) clearTimeout(drag.timer);
    drag = null;
  }

  // Shift and an arrow carries the cell's state on to the next cell: a keyboard's drag.
  function key(event) {
    const k = event.key, cell = page.selected, value = page.state.values[cell];
    if (event.shiftKey && k.startsWith("Arrow")) {
      page.move(k);
      if (page.selected !== cell && !p.givens[page.selected]) set(page.selected, value);
    } else if (k === " " || k === "Enter") set(cell, value === chosen ? EMPTY : chosen);
    else if (palette && k >= "1" && k <= "9" && Number(k) <= palette.length) {
      choose(Number(k) + 1);
    }
    else if (k === "." || k === "x" || k === "X") set(cell, value === WHITE ? EMPTY : WHITE);
    else if (["Backspace", "Delete", "0"].includes(k)) set(cell, EMPTY);
    else return false;
    return true;
  }

  // The colour a tap or Space paints, picked (keys 1-9, or its swatch), and said.
  function choose(value) {
    chosen = value;
    document.querySelectorAll("#keypad .swatch").forEach((b, i) =>
      b.setAttribute("aria-pressed", String(i + SHADED === value)));
    page.say(term("painting", { colour: named(value) }));
  }

  // A colour Nonogram's keypad: a swatch a colour, which picks it, then Dot and Erase.
  function swatches(pad) {
    pad.setAttribute("aria-label", term("pick_colour"));
    palette.forEach((colour, i) => {
      const b = document.createElement("button");
      b.type = "button"; b.className = "swatch"; b.title = String(i + 1);
      b.textContent = String(i + 1);
      b.style.setProperty("--paint", colour.rgb);
      b.style.setProperty("--clue-ink", colour.ink);
      b.setAttribute("aria-label", colour.name + " (" + (i + 1) + ")");
      b.setAttribute("aria-pressed", String(i + SHADED === chosen));
      b.classList.toggle("near-paper", Boolean(nearPaper[i]));
      b.addEventListener("click", () => { choose(i + SHADED); page.svg.focus(); });
      pad.appendChild(b);
    });
  }

  function keypad(pad) {
    if (palette) swatches(pad);
    [[palette ? null : starred ? "star_button" : "shade", SHADED, "space_key"],
     ["dot", WHITE, "dot_key"], ["erase", EMPTY, "erase_key"]].filter(([name]) => name)
      .forEach(([name, value, keyName]) => {
        const b = document.createElement("button");
        b.type = "button"; b.textContent = name === "erase" ? page.word("erase") : term(name);
        b.title = term(keyName);
        b.addEventListener("click", () => { set(page.selected, value); page.svg.focus(); });
        pad.appendChild(b);
      });
  }

  // A line with more shaded cells (of a colour) than its clue asks, or decided in full and
  // not its clue.
  function clashes(clash) {
    starClashes(clash);
    Object.values(lines).forEach((l) => {
      if (!l.clued) return;
      const unit = l.side === "left" ? "row" : "column";
      const over = (palette ? palette.map((_, i) => i + SHADED) : [SHADED]).find((value) =>
        countOf(l, value) > l.runs.filter((run) => run[1] === value)
          .reduce((sum, run) => sum + run[0], 0));
      if (over !== undefined) {
        l.cells.forEach((c) => clash(c, term("over." + unit, { colour: named(over) })));
      } else if (l.cells.every((c) => page.state.values[c]) && !met(l)) {
        l.cells.forEach((c) => clash(c, term("unmatched." + unit)));
      }
    });
  }

  // A Star Battle's rules, as its limits say them (export/page.py): no two stars touching,
  // not even at a corner (apart); no row, column or region with more than `most` stars,
  // nor, every cell of it starred or dotted, with fewer.
  function starClashes(clash) {
    const values = page.state.values, limits = p.limits;
    const things = term(starred ? "stars" : "shaded_cells");
    if (limits.apart) {
      values.forEach((v, cell) => {
        if (v === SHADED && around(cell).some((o) => values[o] === SHADED)) {
          clash(cell, term(starred ? "touches_star" : "touches_shaded"));
        }
      });
    }
    if (!limits.most) return;
    for (const kind in p.units) {
      p.units[kind].forEach((cells) => {
        const count = cells.filter((c) => values[c] === SHADED).length;
        if (count > limits.most) {
          cells.filter((c) => values[c] === SHADED).forEach((c) =>
            clash(c, term("too_many." + kind, { things: things })));
        } else if (count < limits.most && cells.every((c) => values[c])) {
          cells.forEach((c) => clash(c, term("too_few." + kind, { things: things })));
        }
      });
    }
  }

  // The cells touching a cell, at a side or a corner.
  function around(cell) {
    const [r, c] = p.cells[cell];
    return [-1, 0, 1].flatMap((dr) => [-1, 0, 1].map((dc) => at[(r + dr) + "," + (c + dc)]))
      .filter((o) => o !== undefined && o !== cell);
  }

  // The answer's shaded cells shown, a shading where it is white taken off; the reader's
  // dots and empty white cells left as they are (a page of dots would hide the picture).
  function reveal(cells) {
    const values = page.state.values;
    const wanted = (c) => (filled(p.solution[c]) ? p.solution[c] :
      filled(values[c]) ? EMPTY : values[c]);
    const open = cells.filter((c) => values[c] !== wanted(c));
    if (!open.length) { page.say(page.word("nothing_to_reveal")); return; }
    page.change(open, () => open.forEach((c) => {
      page.state.revealed[c] = filled(p.solution[c]); values[c] = wanted(c);
    }));
    if (!page.isSolved()) page.sayRevealed(open);
  }

  function drawn(svg) {
    svg.style.touchAction = "none";  // a finger drags paint across cells, not the page
    svg.addEventListener("pointermove", move);
    svg.addEventListener("pointerup", cancel);
    svg.addEventListener("pointercancel", cancel);
    svg.addEventListener("contextmenu", (event) => event.preventDefault());
    pinBands(svg);
    greyClues();
    if (palette) {
      findNearPaper();
      window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
        if (svg.isConnected) findNearPaper();
      });
    }
  }

  // --- clue bands kept in view ----------------------------------------------------------------
  // A grid larger than the screen (a 25x25 on a phone) pans: its row clues stay at the left
  // of what is shown and its column clues at the top, over the cells they pass, as a
  // spreadsheet's headings do. Each band is its clues on a strip of paper.
  function pinBands(svg) {
    const ring = p.ring, rows = 1 + Math.max(...p.cells.map((rc) => rc[0]));
    const cols = 1 + Math.max(...p.cells.map((rc) => rc[1]));
    if (!ring || !p.edges.length) return;
    const box = svg.viewBox.baseVal, edge = 0.04;  // clear of the grid's outline
    const bands = {};
    [["left", [box.x, box.y, -box.x - edge, rows - box.y]],
     ["top", [box.x, box.y, cols - box.x, -box.y - edge]]].forEach(([side, [x, y, w, h]]) => {
      const g = page.el("g", { class: "band", "aria-hidden": "true" }, svg);
      page.el("rect", { x: x, y: y, width: w, height: h, class: "band-paper" }, g);
      svg.querySelectorAll('[data-line^="' + side + '"]').forEach((t) => g.appendChild(t));
      bands[side] = { g: g, most: (side === "left" ? cols : rows) - 1 };
    });
    const board = svg.parentNode;
    const place = () => {
      if (!svg.isConnected) { window.removeEventListener("scroll", place); return; }
      const scale = svg.getScreenCTM().a, at = svg.getBoundingClientRect();
      const shown = board.getBoundingClientRect();
      const dx = Math.min(Math.max(0, (Math.max(shown.left, 0) - at.left) / scale), bands.left.most);
      const dy = Math.min(Math.max(0, (Math.max(shown.top, 0) - at.top) / scale), bands.top.most);
      bands.left.g.setAttribute("transform", "translate(" + dx + " 0)");
      bands.top.g.setAttribute("transform", "translate(0 " + dy + ")");
      bands.left.g.classList.toggle("floating", dx > 0);
      bands.top.g.classList.toggle("floating", dy > 0);
    };
    board.addEventListener("scroll", place, { passive: true });
    window.addEventListener("scroll", place, { passive: true });
    if (window.ResizeObserver) new ResizeObserver(place).observe(svg);
  }

  // The keys, told apart for a colour Nonogram (its palette's count of colours) and a
  // Star Battle (stars placed, not cells shaded).
  const ways = palette ? "colour" : starred ? "star" : "shade";
  const count = palette ? palette.length : 0;

  return {
    howTo: () => term("how_" + ways, { count: count }),
    keysHelp: () => term("keys_" + ways, { count: count }),
    paint: paint, words: words, clueWords: clueWords, press: press, abandon: abandon, key: key,
    keypad: keypad, clashes: clashes, drawn: drawn, reveal: reveal,
    changed: greyClues,
    // A Nonogram's boxes are the print's guide lines every five cells, not a rule's unit.
    related: (group) => group.kind !== "box",
    // The reader's grid as the solution holds it: a dot or an empty cell is white.
    answer: () => page.state.values.map((v) => (filled(v) ? v : WHITE)),
  };
};
// A colour Nonogram's cells are shaded in its palette's colours: the same hooks.
window.BOOKMAKER_FORMS.colours = window.BOOKMAKER_FORMS.shading;
