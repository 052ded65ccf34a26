// The position builder's enhancements; without this script the form works the same.
//
// 1. Card-name autocompletion from the search engine (/adjudicate/cards.json). Each
//    catalogue-card field gets a list of suggestions under it: names that start with or
//    contain what was typed, then the search engine's matches (typos, words of the
//    card's text). Without the script the fields keep their datalist of every name.
// 2. Empty groups (a slot, a unit): only the first empty one of a list is offered
//    ("add a creature"); opening it offers the next. Without the script every group's
//    line is shown.
// 3. Lists of names typed comma-separated (data-items): the datalist completes the item
//    being typed, keeping the ones before it.
// 4. Rows (a play, an action): the filled ones and one empty one are shown, and an "add
//    another" button shows the next.
// 5. A field that picks its group's kind (data-picks: an action's verb) shows only the
//    fields that kind reads (data-when).
// 6. Spaces and paths picked on a grid drawn from the board's text area (data-pick).
(function () {
  "use strict";
  const kinds = { cards: "creature", artifacts: "artifact", playable: "playable" };
  const fields = document.querySelectorAll('input[list="cards"], input[list="artifacts"], input[list="playable"]');
  fields.forEach(function (input) {
    const type = kinds[input.getAttribute("list")] || "creature";
    input.removeAttribute("list"); // the suggestions replace the datalist
    input.setAttribute("autocomplete", "off");
    const box = document.createElement("ul");
    box.className = "suggest";
    box.hidden = true;
    input.insertAdjacentElement("afterend", box);
    let timer = null;
    let asked = "";
    function show(names) {
      box.replaceChildren();
      names.forEach(function (name) {
        const li = document.createElement("li");
        const b = document.createElement("button");
        b.type = "button";
        b.className = "suggestion";
        b.textContent = name;
        b.addEventListener("mousedown", function (e) { e.preventDefault(); });
        b.addEventListener("click", function () {
          input.value = name;
          input.dispatchEvent(new Event("change"));
          box.hidden = true;
          input.focus();
        });
        li.appendChild(b);
        box.appendChild(li);
      });
      box.hidden = names.length === 0;
    }
    function ask() {
      const q = input.value.trim();
      if (q === asked) return;
      asked = q;
      if (q.length < 2) { show([]); return; }
      fetch("/adjudicate/cards.json?type=" + type + "&q=" + encodeURIComponent(q), {
        headers: { Accept: "application/json" },
      })
        .then(function (r) { return r.ok ? r.json() : { names: [] }; })
        .then(function (j) {
          if (input.value.trim() !== q) return; // typed on since
          // An exact name needs no suggestion.
          show(j.names.length === 1 && j.names[0] === q ? [] : j.names);
        })
        .catch(function () { show([]); });
    }
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(ask, 120);
    });
    input.addEventListener("blur", function () { box.hidden = true; });
    input.addEventListener("focus", function () { if (box.childElementCount) box.hidden = false; });
    input.addEventListener("keydown", function (e) {
      if (e.key === "Escape") box.hidden = true;
    });
  });

  document.querySelectorAll("ol.slots").forEach(function (list) {
    const slots = Array.from(list.querySelectorAll("details.slot"));
    function tidy() {
      let offered = false;
      slots.forEach(function (d) {
        const li = d.parentElement;
        if (d.open || d.classList.contains("filled")) {
          li.hidden = false;
        } else {
          li.hidden = offered;
          offered = true;
        }
      });
    }
    slots.forEach(function (d) {
      d.addEventListener("toggle", tidy);
      // The summary line names what the group holds as it is typed: its fields marked
      // data-summary (their value, then the attribute's suffix), or its "add a …" words.
      const holds = d.querySelector("summary .holds");
      const named = Array.from(d.querySelectorAll("[data-summary]"));
      function say() {
        const parts = named
          .filter(function (e) { return e.value.trim() !== ""; })
          .map(function (e) { return e.value.trim() + e.dataset.summary; });
        d.classList.toggle("filled", parts.length > 0);
        holds.textContent = parts.length ? parts.join(" · ") : holds.dataset.empty;
      }
      if (holds && named.length) {
        named.forEach(function (e) {
          e.addEventListener("input", say);
          e.addEventListener("change", say);
        });
      }
    });
    tidy();
  });

  // Rows (a play, an action): only the filled ones and the first empty one are shown,
  // with an "add another" button that shows the next; without the script every row is.
  document.querySelectorAll("ol.plays").forEach(function (list) {
    const rows = Array.from(list.querySelectorAll("li.play"));
    function empty(li) {
      return !li.classList.contains("filled") &&
        Array.from(li.querySelectorAll("input:not([type=checkbox]), textarea"))
          .every(function (e) { return e.value.trim() === ""; });
    }
    // An empty row is offered only when none is filled: past a filled one, "add
    // another" offers the next.
    let offered = rows.some(function (li) { return !empty(li); });
    rows.forEach(function (li) {
      if (!empty(li)) return;
      li.hidden = offered;
      offered = true;
    });
    const hidden = function () { return rows.filter(function (li) { return li.hidden; }); };
    if (!hidden().length) return;
    const add = document.createElement("button");
    add.type = "button";
    add.className = "add-another";
    add.textContent = "+ add another";
    add.addEventListener("click", function () {
      const next = hidden()[0];
      if (next) {
        next.hidden = false;
        const first = next.querySelector("input, select, textarea");
        if (first) first.focus();
      }
      add.hidden = !hidden().length;
    });
    list.insertAdjacentElement("afterend", add);
  });

  // A field that picks (an action's kind) shows only the fields of its group that its
  // value reads (data-when); with no value, none of them. Without the script every
  // field is shown.
  document.querySelectorAll("select[data-picks]").forEach(function (pick) {
    const group = pick.closest("details.slot, li.play") || pick.form;
    function show() {
      group.querySelectorAll("[data-when]").forEach(function (field) {
        const on = field.dataset.when.split(" ").indexOf(pick.value) >= 0;
        const holds = Array.from(field.querySelectorAll("input, textarea"))
          .some(function (e) { return e.value.trim() !== ""; });
        field.hidden = !on && !holds && !field.classList.contains("invalid");
      });
    }
    pick.addEventListener("change", show);
    show();
  });

  // Spaces picked on the board (data-pick): a "pick on the board" button under a space
  // or a path field opens a grid drawn from the board's text area (a line a row, its
  // comma-separated items the spaces); a tap (or Enter on a focused space, moved with
  // the arrow keys) writes row,column, and a path takes one space per pick.
  const board = document.querySelector('textarea[data-pick="board"]');
  if (board) {
    document.querySelectorAll('input[data-pick="space"], input[data-pick="path"]').forEach(function (input) {
      const isPath = input.dataset.pick === "path";
      const open = document.createElement("button");
      open.type = "button";
      open.className = "pick-open";
      open.textContent = isPath ? "pick the path on the board" : "pick on the board";
      open.setAttribute("aria-expanded", "false");
      const grid = document.createElement("div");
      grid.className = "pick-grid";
      grid.hidden = true;
      grid.setAttribute("role", "group");
      grid.setAttribute("aria-label", "The board: " + (input.labels[0] ? input.labels[0].textContent : input.name));
      input.insertAdjacentElement("afterend", open);
      open.insertAdjacentElement("afterend", grid);
      let cols = 1;
      function chosen() {
        return input.value.split(isPath ? /[;>]/ : /;/).map(function (c) {
          return c.trim().split(/[\s,:]+/).join(",");
        }).filter(function (c) { return c !== ""; });
      }
      function mark() {
        const on = chosen();
        grid.querySelectorAll("button").forEach(function (b) {
          const at = on.indexOf(b.dataset.cell);
          b.classList.toggle("on", at >= 0);
          b.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
          b.dataset.step = isPath && at >= 0 ? String(at + 1) : "";
        });
      }
      function pick(cell) {
        if (isPath) {
          const v = input.value.trim();
          input.value = v ? v + "; " + cell : cell;
        } else {
          input.value = cell;
          grid.hidden = true;
          open.setAttribute("aria-expanded", "false");
          open.focus();
        }
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
        mark();
      }
      function move(e) {
        const cells = Array.from(grid.querySelectorAll("button"));
        const i = cells.indexOf(e.target);
        const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols }[e.key];
        if (step === undefined || i < 0) return;
        const next = cells[i + step];
        if (next) { next.focus(); e.preventDefault(); }
      }
      function draw() {
        const rows = board.value.split(/\n/).map(function (l) { return l.trim(); })
          .filter(function (l) { return l !== ""; })
          .map(function (l) { return l.split(","); });
        cols = rows.reduce(function (m, r) { return Math.max(m, r.length); }, 1);
        grid.style.gridTemplateColumns = "repeat(" + cols + ", 2rem)";
        grid.replaceChildren();
        rows.forEach(function (row, r) {
          for (let c = 0; c < cols; c++) {
            const terrain = (row[c] || "").trim() || "Grassland";
            const b = document.createElement("button");
            b.type = "button";
            b.dataset.cell = (r + 1) + "," + (c + 1);
            b.textContent = terrain.slice(0, 2);
            b.title = terrain;
            b.setAttribute("aria-label", "row " + (r + 1) + ", column " + (c + 1) + ": " + terrain);
            b.addEventListener("click", function () { pick(b.dataset.cell); });
            b.addEventListener("keydown", move);
            grid.appendChild(b);
          }
        });
        mark();
      }
      open.addEventListener("click", function () {
        const show = grid.hidden;
        if (show) draw();
        grid.hidden = !show;
        open.setAttribute("aria-expanded", show ? "true" : "false");
        if (show) {
          const first = grid.querySelector("button.on") || grid.querySelector("button");
          if (first) first.focus();
        }
      });
      input.addEventListener("input", function () { if (!grid.hidden) mark(); });
    });
  }

  // A comma-separated field with a datalist: offer each name after what is typed
  // before the last comma, so the datalist completes the item being typed.
  document.querySelectorAll("input[data-items][list]").forEach(function (input) {
    const source = document.getElementById(input.getAttribute("list"));
    if (!source) return;
    const names = Array.from(source.options, function (o) { return o.value; });
    const own = document.createElement("datalist");
    own.id = input.id + "-items";
    input.insertAdjacentElement("afterend", own);
    input.setAttribute("list", own.id);
    function offer() {
      const v = input.value;
      const cut = Math.max(v.lastIndexOf(","), v.lastIndexOf(";"));
      const before = cut < 0 ? "" : v.slice(0, cut + 1) + " ";
      own.replaceChildren.apply(own, names.map(function (n) {
        const o = document.createElement("option");
        o.value = before + n;
        return o;
      }));
    }
    input.addEventListener("input", offer);
    input.addEventListener("focus", offer);
  });
})();
