/* The member picker on the players page (templates/seating/_picker.html) from the keyboard.

   Vocabulary:
     search   the picker's field: the list of members follows its letters (htmx, seating/pick_views.py).
     answer   the list the server sent for a text (#pick-found ul, its data-pick the text it searched).
     guest    the guest line below the list: the answer for a name nobody in the registry has fills in its name.
   Enter in the search waits for the answer to what is typed now, then: nobody found, the cursor goes to the
   guest's club (Enter there adds him); one member found, he is picked. A guest is his name, Enter, his club,
   Enter: no tap. Without this script Enter searches, as the Find button does. */
(function () {
  "use strict";

  function squeezed(text) { return text.split(/\s+/).filter(Boolean).join(" "); }

  function answered(text) {
    const list = document.querySelector("#pick-found ul[data-pick]");
    return list && list.dataset.pick === squeezed(text) && !document.querySelector("#pick-found.htmx-request, #pick-text.htmx-request") ? list : null;
  }

  function act(list) {
    const members = list.querySelectorAll("button.pick");
    if (list.querySelector(".nobody")) {
      const club = document.getElementById("guest-club");
      if (club && document.getElementById("guest-name").value.trim()) club.focus();
    } else if (members.length === 1) {
      members[0].click();
    }
  }

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.target.id !== "pick-text") return;
    event.preventDefault(); // the list follows the letters already: nothing to send
    const text = event.target.value;
    const list = answered(text);
    if (list) { act(list); return; }
    const later = () => {
      const now = answered(text);
      if (!now && document.getElementById("pick-text")?.value === text) return; // still on its way
      document.body.removeEventListener("htmx:afterSettle", later);
      if (now) act(now);
    };
    document.body.addEventListener("htmx:afterSettle", later);
  });
})();
