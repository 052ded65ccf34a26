// Card-name autocompletion for the position builder, from the search engine
// (/adjudicate/cards.json). Each catalogue-card field gets a list of suggestions under
// it: names that start with or contain what was typed, then the search engine's matches
// (typos, words of the card's text). Without this script the fields keep their
// datalist of every name, and the form works the same.
(function () {
  "use strict";
  const fields = document.querySelectorAll('input[list="cards"], input[list="artifacts"]');
  fields.forEach(function (input) {
    const type = input.getAttribute("list") === "artifacts" ? "artifact" : "creature";
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
})();
