// The event page: its print button (the browser's own print works without it: the page
// prints the registration sheets, one per page).
const printSheets = document.getElementById("print-sheets");
if (printSheets) {
  printSheets.hidden = false;
  printSheets.addEventListener("click", function () { window.print(); });
}
