// The decks page: load decklist files into the textarea (optional; pasting always works).
document.getElementById("files").addEventListener("change", async function (e) {
  const texts = [];
  for (const f of e.target.files) { texts.push(await f.text()); }
  if (texts.length) { document.getElementById("list").value = texts.join("\n---\n"); }
});
