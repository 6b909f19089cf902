/* The series clock (scoring.series.clock): counts down every [data-series-clock] element to the end the server sent.

   The page carries the end and the server's time when it was made (milliseconds since 1970), so a phone whose
   own clock is wrong still counts the hall's time: the difference between the two clocks is taken once, when
   the element is first seen (not in the phone's offline copy of the sheet). Elements swapped in later (the live
   board refreshes itself, a save redraws the sheet) are found on the next tick. Without JavaScript the page shows
   the time left when it was made and the end time. Nothing is fetched. */
(function () {
  "use strict";

  function two(n) { return (n < 10 ? "0" : "") + n; }

  // The same face as scoring.series.clock.reading.clock_text: 1:05:09 with hours, 12:03 without.
  function face(seconds) {
    var hours = Math.floor(seconds / 3600), minutes = Math.floor((seconds % 3600) / 60), secs = seconds % 60;
    return hours ? hours + ":" + two(minutes) + ":" + two(secs) : minutes + ":" + two(secs);
  }

  function tick() {
    var clocks = document.querySelectorAll("[data-series-clock]");
    for (var i = 0; i < clocks.length; i++) {
      var clock = clocks[i];
      if (clock.dataset.skew === undefined) {
        // The phone's copy of the sheet kept for a reload without connection (scoring/sheet_worker.js shows its
        // notice) was made earlier: its server time is old, so the phone's own clock is all there is.
        var copy = document.getElementById("offline-copy");
        clock.dataset.skew = copy && !copy.hidden ? "0" : String(Number(clock.dataset.now) - Date.now());
      }
      var now = Date.now() + Number(clock.dataset.skew);
      var left = Math.max(0, Math.floor((Number(clock.dataset.ends) - now) / 1000));
      var warning = left > 0 && left <= Number(clock.dataset.warn);
      clock.classList.toggle("running", left > 0 && !warning);
      clock.classList.toggle("warning", warning);
      clock.classList.toggle("over", left === 0);
      var label = clock.querySelector("[data-label]"), out = clock.querySelector("[data-left]");
      if (label) {
        label.textContent = left === 0 ? clock.dataset.overText
          : (warning ? clock.dataset.warningText : clock.dataset.leftText);
      }
      if (out) { out.textContent = left === 0 ? "" : face(left); }
    }
  }

  tick();
  setInterval(tick, 1000);
})();
