// The decks page: load decklist files into the textarea, and print every verdict open
// (its card list and keyword sheet stay as they are)
// (optional; pasting and the browser's own print work without it).
document.getElementById("files").addEventListener("change", async function (e) {
  const texts = [];
  // Each file keeps its name as the deck's name (issue #31), unless it names itself.
  for (const f of e.target.files) {
    const t = await f.text();
    texts.push(/^\s*(deck|name|title)\s*:/im.test(t) ? t : "Deck: " + f.name + "\n" + t);
  }
  if (texts.length) { document.getElementById("list").value = texts.join("\n---\n"); }
});
let closed = [];
window.addEventListener("beforeprint", function () {
  closed = Array.from(document.querySelectorAll("section.verdict > details.verdict-body:not([open])"));
  closed.forEach(function (d) { d.open = true; });
});
window.addEventListener("afterprint", function () {
  closed.forEach(function (d) { d.open = false; });
  closed = [];
});
const print = document.getElementById("print");
if (print) {
  print.hidden = false;
  print.addEventListener("click", function () { window.print(); });
}
