// The links answer form (core/kinds/answer.py) on bookmaker's puzzle page: bridges between
// islands (a Hashi's). A given is an island's count (1..8), 0 water; the solution says of
// each cell its island's count, or of water 9 no bridge, 10 or 11 one or two across, 12 or
// 13 one or two down. The reader joins islands in a line with 0, 1 or 2 bridges, never
// crossing another; the page turns the bridges into that grid for the digest and Check.
// Each possible link (two islands with water between them) is a slot after the cells'.
"use strict";
window.BOOKMAKER_FORMS = window.BOOKMAKER_FORMS || {};
window.BOOKMAKER_FORMS.links = function (page) {
  const NONE = 9, ACROSS = 10, DOWN = 12;  // water: no bridge, ACROSS + 0|1, DOWN + 0|1
  const DIRECTIONS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const p = page.puzzle, n = p.cells.length;
  const at = {};
  p.cells.forEach(([r, c], cell) => { at[r + "," + c] = cell; });
  const island = (cell) => p.givens[cell] > 0;
  const links = linksOf();
  const linksAt = p.cells.map(() => []);  // cell -> links ending at it or passing over it
  links.forEach((link, i) => [link.a, link.b].concat(link.over).forEach((c) => linksAt[c].push(i)));
  let drag = null, layer = null;
  const term = (key, fields) => page.word("links." + key, fields);  // a word of its own

  // Every pair of islands in a line with only water, and at least one cell of it, between.
  function linksOf() {
    const found = [];
    p.cells.forEach(([r, c], a) => {
      if (!island(a)) return;
      for (const [dr, dc, across] of [[0, 1, true], [1, 0, false]]) {
        const over = [];
        let rr = r + dr, cc = c + dc;
        while (at[rr + "," + cc] !== undefined && !island(at[rr + "," + cc])) {
          over.push(at[rr + "," + cc]); rr += dr; cc += dc;
        }
        const b = at[rr + "," + cc];
        if (b !== undefined && over.length) found.push({ a: a, b: b, across: across, over: over });
      }
    });
    return found;
  }

  const count = (i) => page.state.values[n + i];
  const bridgesOf = (cell) => linksAt[cell].filter((i) => links[i].a === cell || links[i].b === cell)
    .reduce((sum, i) => sum + count(i), 0);
  const met = (cell) => bridgesOf(cell) === p.givens[cell];

  // The reader's grid as the solution holds it.
  function answer() {
    const grid = p.givens.slice();
    p.cells.forEach((_, cell) => { if (!island(cell)) grid[cell] = NONE; });
    links.forEach((link, i) => {
      if (count(i)) link.over.forEach((c) => { grid[c] = (link.across ? ACROSS : DOWN) + count(i) - 1; });
    });
    return grid;
  }

  // A link's bridges in the solution: read off its first water cell.
  function solved(i) {
    const v = p.solution[links[i].over[0]], base = links[i].across ? ACROSS : DOWN;
    return v === base ? 1 : v === base + 1 ? 2 : 0;
  }

  // The link that a bridge on `i` would cross, with bridges on it, if any.
  function crossing(i) {
    return links[i].over.map((c) => linksAt[c].find((j) => j !== i && count(j) &&
      links[j].across !== links[i].across && links[j].over.includes(c)))
      .find((j) => j !== undefined);
  }

  // --- drawing --------------------------------------------------------------------------------
  function drawn(svg) {
    const lines = svg.querySelector("g.lines");
    if (lines) lines.setAttribute("class", "lines faint");
    svg.style.touchAction = "none";
    layer = page.el("g", { class: "bridges", "aria-hidden": "true" }, svg);
    svg.insertBefore(layer, svg.querySelector("g[role=row]") ? svg.querySelector("g[role=row]").parentNode : null);
    links.forEach((link, i) => {
      const [r1, c1] = p.cells[link.a], [r2, c2] = p.cells[link.b];
      const g = page.el("g", { id: "link-" + i, class: "link" }, layer);
      [-0.09, 0, 0.09].forEach((off, k) => {
        const [dx, dy] = link.across ? [0, off] : [off, 0];
        page.el("line", { x1: c1 + 0.5 + dx, y1: r1 + 0.5 + dy, x2: c2 + 0.5 + dx, y2: r2 + 0.5 + dy,
                          class: k === 1 ? "single" : "double" }, g);
      });
    });
    svg.addEventListener("pointerup", release);
    svg.addEventListener("pointercancel", () => { drag = null; });
    svg.addEventListener("contextmenu", (event) => event.preventDefault());
    changed([]);
  }

  function changed(slots) {
    const shown = slots.length ? slots.filter((s) => s >= n).map((s) => s - n) : links.map((_, i) => i);
    const islands = new Set();
    shown.forEach((i) => {
      const wrong = page.state.wrong.includes(n + i);
      document.getElementById("link-" + i).setAttribute("class", "link bridges-" + count(i) +
        (wrong ? " wrong" : ""));
      islands.add(links[i].a); islands.add(links[i].b);
      links[i].over.forEach((c) => islands.add(c));
    });
    islands.forEach(page.paintCell);  // their numbers met or not, their words
  }

  function paint(node, cell, r, c) {
    if (!island(cell)) return;
    const clashing = page.clashed(cell) ? " clashing" : "";
    page.el("circle", { cx: c + 0.5, cy: r + 0.5, r: 0.4,
                        class: "island" + (met(cell) ? " met" : "") + clashing }, node);
    const t = page.el("text", { x: c + 0.5, y: r + 0.53, "dominant-baseline": "central",
                                "font-size": 0.5, class: "given" + (met(cell) ? " met" : "") }, node);
    t.textContent = String(p.givens[cell]);
    if (clashing) {  // a bar too, inside its circle: not told by colour alone
      page.el("line", { x1: c + 0.33, y1: r + 0.8, x2: c + 0.67, y2: r + 0.8, class: "clash" }, node);
    }
  }

  // --- words ----------------------------------------------------------------------------------
  function words(cell) {
    const way = (i) => term("bridge_to", { count: count(i),
      cell: page.cellName(links[i].a === cell ? links[i].b : links[i].a) });
    if (!island(cell)) {
      const on = linksAt[cell].filter((i) => count(i));
      return on.length ? term(links[on[0]].across ? "water_across" : "water_down",
                              { count: count(on[0]) }) : term("water");
    }
    const ends = linksAt[cell].filter((i) => (links[i].a === cell || links[i].b === cell) && count(i));
    return term("island", { number: p.givens[cell] }) + ", " +
      (ends.length ? term("bridges", { list: ends.map(way).join(", ") }) : term("no_bridges")) +
      (met(cell) ? ", " + page.word("met") : "");
  }

  // --- input ----------------------------------------------------------------------------------
  // A link stepped on: 0, 1, 2 bridges, 0 again; refused where it would cross a bridge.
  function step(i) {
    const next = (count(i) + 1) % 3;
    if (next && crossing(i) !== undefined) { page.say(term("crossing")); return; }
    const s = n + i;
    page.change([s], () => { page.state.values[s] = next; page.state.revealed[s] = false; });
    if (!page.isSolved()) page.say(page.cellLabel(links[i].a));
  }

  const between = (a, b) => links.findIndex((l) => (l.a === a && l.b === b) || (l.a === b && l.b === a));

  // A press on an island starts a drag to another; a press on water steps the link over it.
  function press(event, cell) {
    drag = null;
    if (cell === undefined) return;
    if (island(cell)) { drag = { from: cell, id: event.pointerId }; return; }
    const over = linksAt[cell];
    if (!over.length) return;
    const pt = page.pointOf(event), [r, c] = p.cells[cell];
    // Where a cell lies under a link each way, the way the press is nearer the middle of.
    const across = Math.abs(pt.y - r - 0.5) <= Math.abs(pt.x - c - 0.5);
    step(over.find((i) => links[i].across === across) ?? over[0]);
  }

  function release(event) {
    if (!drag || event.pointerId !== drag.id) return;
    const to = page.cellUnder(event);
    const i = to === undefined ? -1 : between(drag.from, to);
    drag = null;
    if (i >= 0) { step(i); page.select(to); }
  }

  // Shift and an arrow steps the bridges from the selected island that way on.
  function key(event) {
    const way = DIRECTIONS[event.key], cell = page.selected;
    if (way && event.shiftKey && island(cell)) {
      const i = linksAt[cell].findIndex((j) => {
        const l = links[j], other = l.a === cell ? l.b : l.b === cell ? l.a : -1;
        if (other < 0) return false;
        const [r, c] = p.cells[cell], [r2, c2] = p.cells[other];
        return Math.sign(r2 - r) === way[0] && Math.sign(c2 - c) === way[1];
      });
      if (i < 0) page.say(term("no_island"));
      else step(linksAt[cell][i]);
      return true;
    }
    if (["Backspace", "Delete"].includes(event.key) && island(cell)) {
      const all = linksAt[cell].filter((j) => links[j].a === cell || links[j].b === cell).map((j) => n + j);
      page.change(all, () => all.forEach((s) => { page.state.values[s] = 0; }));
      return true;
    }
    return false;
  }

  const ARROWS = { ArrowUp: ["\u2191", "up"], ArrowDown: ["\u2193", "down"],
                   ArrowLeft: ["\u2190", "left"], ArrowRight: ["\u2192", "right"] };
  const keypad = (pad) => page.arrowKeypad(pad, term("keypad"),
    (arrow) => [ARROWS[arrow][0], term("arrows." + ARROWS[arrow][1])]);

  // The rule the page is told (export/page.py limits): no island with more bridges than
  // its number (counted).
  function clashes(clash) {
    if (!(p.limits || {}).counted) return;
    p.cells.forEach((_, cell) => {
      if (island(cell) && bridgesOf(cell) > p.givens[cell]) clash(cell, term("too_many"));
    });
  }

  function wrong() {
    return links.map((_, i) => i).filter((i) => count(i) && count(i) !== solved(i)).map((i) => n + i);
  }

  // The links at the cells asked for, as the solution has them.
  function reveal(cells) {
    const ids = Array.from(new Set([].concat(...cells.map((c) => linksAt[c]))));
    const open = ids.filter((i) => count(i) !== solved(i)).map((i) => n + i);
    if (!open.length) { page.say(page.word("nothing_to_reveal")); return; }
    page.change(open, () => open.forEach((s) => {
      page.state.values[s] = solved(s - n); page.state.revealed[s] = true;
    }));
    if (!page.isSolved()) page.say(page.word("revealed_some"));
  }

  return {
    slots: () => links.length,
    margin: 0,
    related: () => false,
    howTo: () => term("how"),
    keysHelp: () => term("keys"),
    paint: paint, words: words, clueWords: () => "", press: press, abandon: () => { drag = null; },
    key: key, keypad: keypad, clashes: clashes, drawn: drawn, changed: changed,
    wrong: wrong, reveal: reveal, answer: answer,
  };
};
