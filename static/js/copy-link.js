// Copy buttons: a button with data-copy="text" puts the text on the clipboard and says so for a moment.
// The clipboard API needs HTTPS or localhost; on a plain-HTTP hall address the text is selected instead.
// What it says comes from the page, in the reader's language: data-copied, data-selected, data-select-it.
document.addEventListener("click", function (event) {
  var button = event.target.closest("button[data-copy]");
  if (!button) return;
  var text = button.getAttribute("data-copy");
  var label = button.textContent;
  function said(word) {
    button.textContent = word;
    setTimeout(function () { button.textContent = label; }, 1500);
  }
  function selectLink() {
    var link = button.parentElement.querySelector("a");
    if (!link) return said(button.dataset.selectIt || "Select it");
    var range = document.createRange();
    range.selectNodeContents(link);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    said(button.dataset.selected || "Selected: copy it");
  }
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(function () { said(button.dataset.copied || "Copied"); }, selectLink);
  } else {
    selectLink();
  }
});
