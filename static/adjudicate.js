// Keyboard for the step-through: ← and → follow the back and forward links.
// The page works without this script; the links are ordinary links.
document.addEventListener("keydown", function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const t = e.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
  const rel = e.key === "ArrowLeft" ? "prev" : e.key === "ArrowRight" ? "next" : null;
  if (!rel) return;
  const link = document.querySelector('a[rel="' + rel + '"]');
  if (link) { e.preventDefault(); location.href = link.href; }
});
