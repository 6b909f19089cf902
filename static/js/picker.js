/* The member picker on the players page (templates/seating/_picker.html) from the keyboard.

   Vocabulary:
     search   the picker's field: the list of members follows its letters (htmx, seating/pick_views.py).
     answer   the list the server sent for a text (#pick-found ul, its data-pick the text it searched).
     guest    the guest line below the list: the answer for a name nobody in the registry has fills in its name.
   Enter in the search waits for the answer to what is typed now, then: nobody found, the cursor goes to the
   guest's club (Enter there adds him); one member found, he is picked. A guest is his name, Enter, his club,
   Enter: no tap. Without this script Enter searches, as the Find button does.
   An answer that comes late (a slow hall network) replaces the guest line with the list: what was already typed
   in the guest's club (and in his name, when the cursor was in the guest line) is kept, and so is the cursor. */
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

  let typed = null; // the guest line's fields as they were before an answer replaced them

  document.body.addEventListener("htmx:beforeSwap", (event) => {
    if (event.detail.target.id !== "pick-found") return;
    const name = document.getElementById("guest-name"), club = document.getElementById("guest-club");
    const inLine = document.activeElement && document.activeElement.closest && document.activeElement.closest(".guest-line");
    typed = club ? { club: club.value, name: inLine && name ? name.value : null,
                     focused: inLine ? document.activeElement.id : null } : null;
  });

  document.body.addEventListener("htmx:afterSwap", (event) => {
    if (event.detail.target.id !== "pick-found" || !typed) return;
    const kept = typed;
    typed = null;
    const name = document.getElementById("guest-name"), club = document.getElementById("guest-club");
    if (club && kept.club && !club.value) club.value = kept.club;
    if (name && kept.name) name.value = kept.name; // a name he typed himself; else the one searched
    const field = kept.focused && document.getElementById(kept.focused);
    if (field) {
      field.focus();
      field.setSelectionRange(field.value.length, field.value.length);
    }
  });

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
