/* Deal entry on a table's sheet (templates/scoring/_entry_form.html).

   Vocabulary:
     plan     the deals still to enter, as the server laid them out (number, stay, dealer, the three who hold
              cards): the phone opens the next deal by itself, with or without a connection.
     queue    deals saved while the connection was gone, kept in this browser (localStorage, per table link),
              sent in order when it returns. Each carries the key made here (submission_key): the server takes
              a repeated key as the same deal, so a deal is never doubled however often it is sent.
     hung     a send with no whole answer after SEND_TIMEOUT_MS: given up (aborted), so the deal waits in the
              queue and the queue moves on at its next try instead of waiting for ever. The server may have
              saved it all the same: the key makes the repeat the same deal.
     problem  a queued deal the server would not take (someone else entered that deal meanwhile, or the rules
              refuse it): it stays, is shown, and the controller chooses; nothing is overwritten.
     copy     the sheet as the service worker kept it (templates/scoring/sheet_worker.js), answered on a reload
              without network: it may be older than the deals entered since, so the next deal is the highest
              this phone knows (the page's, the one it last opened, the queue's), and a deal someone else
              entered meanwhile still comes back as a problem when sent.
   Without this script the form still posts and the sheet reloads. */
(function () {
  "use strict";
  const SEND_TIMEOUT_MS = 15000; // a hung send: see "hung" above
  let active = null; // the flush of the form on the page now (htmx may swap the workspace, form and all)
  let registered = false;

  window.addEventListener("online", () => active && active());
  setInterval(() => active && active(), 10000);
  document.addEventListener("htmx:afterSettle", (event) => {
    if (event.detail.target && event.detail.target.id === "workspace") init();
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();

  /* The worker that keeps the sheet for a reload without network. Browsers allow one only in a secure context
     (HTTPS, or localhost): on plain http on the hall's network nothing is registered, and the queue above
     still keeps and sends the deals once the page is loaded. Staff pages carry no data-worker. */
  function register(url) {
    if (registered || !url || !("serviceWorker" in navigator) || !window.isSecureContext) return;
    registered = true;
    navigator.serviceWorker.register(url).catch(() => { registered = false; });
  }

  function init() {
    const form = document.getElementById("deal-form");
    active = null;
    if (!form) return;
    const plan = JSON.parse(document.getElementById("deal-plan").textContent);
    const words = JSON.parse(document.getElementById("entry-words").textContent);
    const saveUrl = form.getAttribute("action");
    const storeKey = "skat-entry-queue:" + saveUrl;
    const nextKey = "skat-entry-next:" + saveUrl; // the deal this phone opened last, for the copy
    const offlineCopy = document.getElementById("offline-copy");
    const isCopy = Boolean(offlineCopy && !offlineCopy.hidden);
    const status = document.getElementById("entry-status");
    const preview = document.getElementById("preview");
    const queueCount = document.getElementById("queue-count");
    const queueList = document.getElementById("queue");
    const undoButton = document.getElementById("undo");
    const undoBarred = document.getElementById("undo-barred"); // why the last deal has no Undo, and who can change it
    const saveButton = form.querySelector("button.save");
    const csrf = form.querySelector("input[name=csrfmiddlewaretoken]").value;
    let sending = false;
    let lastSaved = null; // {number, key, queued}

    function load() {
      try { return JSON.parse(localStorage.getItem(storeKey)) || []; } catch (e) { return []; }
    }
    function store(queue) { localStorage.setItem(storeKey, JSON.stringify(queue)); }
    function removeKey(key) { store(load().filter((item) => item.key !== key)); }
    function newKey() {
      const bytes = new Uint8Array(16);
      crypto.getRandomValues(bytes); // also on a plain-http hall network, unlike crypto.randomUUID
      return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    }
    function current() { return Number(form.elements.number.value); }
    function remember(n) { try { localStorage.setItem(nextKey, String(n)); } catch (e) { /* full: the queue first */ } }

    function say(text, kind) {
      status.setAttribute("aria-live", kind === "refused" ? "assertive" : "polite");
      status.className = kind || "";
      status.textContent = text;
    }

    /* Open deal n: its number, dealer and players, a fresh key, nothing picked. */
    function openDeal(n) {
      const slot = plan.find((s) => s.n === n);
      form.reset();
      delete form.dataset.autoH;
      preview.textContent = "";
      form.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
      remember(n);
      if (!slot) {
        form.querySelectorAll("fieldset, details").forEach((el) => { el.hidden = true; });
        saveButton.hidden = true;
        document.querySelector("[data-deal-title]").textContent = words.done;
        document.querySelector("[data-deal-sub]").textContent = "";
        return;
      }
      form.elements.number.value = n;
      form.elements.submission_key.value = newKey();
      document.querySelector("[data-deal-title]").textContent = words.deal + " " + n;
      document.querySelector("[data-deal-sub]").textContent =
        words.sub.replace("{stay}", slot.stay).replace("{dealer}", slot.dealer);
      form.querySelectorAll("fieldset.who label.pill").forEach((label, i) => {
        label.querySelector("input").value = slot.active[i][0];
        label.querySelector("span").textContent = "VMH"[i] + " " + slot.active[i][1];
        label.classList.toggle("long", label.querySelector("span").textContent.length > 24); // as _deal_picker.html
      });
      document.querySelectorAll("[data-active]").forEach((el) => {
        el.textContent = slot.active[Number(el.dataset.active)][1];
      });
      saveButton.textContent = words.save + " " + n;
      const heading = document.getElementById("deal-heading");
      if (heading.getBoundingClientRect().top < 0) heading.scrollIntoView();
      form.querySelector("fieldset.who input").focus({ preventScroll: true });
    }

    /* The server's answer: the status line, the new line of the sheet, its stay's totals, and when the deal ends
       its stay the slips' section again (now offering that stay's slips). */
    function apply(html) {
      const answer = document.createElement("template");
      answer.innerHTML = html;
      const said = answer.content.getElementById("entry-status");
      if (said) {
        status.setAttribute("aria-live", said.classList.contains("refused") ? "assertive" : "polite");
        status.className = said.className;
        status.innerHTML = said.innerHTML;
      }
      answer.content.querySelectorAll("template[data-append]").forEach((part) => {
        const target = document.querySelector(part.dataset.append);
        const row = part.content.querySelector("tr[id]");
        if (target && !(row && document.getElementById(row.id))) target.append(part.content.cloneNode(true));
      });
      answer.content.querySelectorAll("template[data-replace]").forEach((part) => {
        const target = document.querySelector(part.dataset.replace);
        if (!target) return;
        const parts = Array.from(part.content.cloneNode(true).children);
        target.replaceWith(...parts);
        // The slips' section comes again when a deal ends its stay: its forms post through htmx as the page's do.
        if (window.htmx) parts.forEach((el) => window.htmx.process(el));
      });
      answer.content.querySelectorAll("[data-field]").forEach((el) => {
        const field = form.querySelector(`[data-field="${el.dataset.field}"]`);
        if (field) field.setAttribute("aria-invalid", "true");
      });
    }

    function textOf(html) {
      const answer = document.createElement("template");
      answer.innerHTML = html;
      return answer.content.textContent.replace(/\s+/g, " ").trim();
    }

    /* The answer, read whole ({status, ok, headers, html}), or a rejection when there is no connection or the
       send hung: the timeout covers the answer's body too, which can stall as well as its headers. */
    async function post(url, body) {
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), SEND_TIMEOUT_MS);
      try {
        const response = await fetch(url, {
          method: "POST", body, credentials: "same-origin", signal: abort.signal,
          headers: { "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true", "X-CSRFToken": csrf },
        });
        return { status: response.status, ok: response.ok, headers: response.headers, html: await response.text() };
      } finally {
        clearTimeout(timer);
      }
    }

    function summary() {
      const picked = Array.from(form.querySelectorAll(".pill input:checked"))
        .filter((input) => input.name !== "mat_sign" && input.offsetParent !== null)
        .map((input) => input.closest("label").textContent.trim());
      const points = form.elements.points.value;
      return picked.join(" ") + (points ? " " + points : "");
    }

    function showUndo(saved) {
      lastSaved = saved;
      if (undoBarred) undoBarred.hidden = true; // it spoke of an earlier deal: the one saved now can be undone
      undoButton.hidden = false;
      undoButton.textContent = undoButton.dataset.word + " " + saved.number;
    }

    /* Upright on a phone, the site's bar and the sheet's heading above would push a deal's last choices under the
       bar at the bottom: a page opened at its top opens at the workspace instead (the series clock, then the deal),
       the headings a swipe up. Not the phone's kept copy: the notice above it says that it is a copy. */
    function openAtTheDeal() {
      if (isCopy || window.scrollY > 0 || !window.matchMedia("(max-width: 699px)").matches) return;
      const workspace = document.getElementById("workspace");
      if (workspace && workspace.getBoundingClientRect().top > 0) workspace.scrollIntoView({ block: "start" });
    }

    function enqueue(item) {
      const queue = load();
      if (!queue.some((queued) => queued.key === item.key)) queue.push(item);
      store(queue);
      say(words.deal + " " + item.number + ": " + words.kept, "queued");
      openDeal(item.number + 1);
      showUndo({ number: item.number, key: item.key, queued: true });
      render();
    }

    async function submitDeal(item) {
      if (load().length) { enqueue(item); flush(); return; } // queued deals go first, in order
      let response;
      saveButton.disabled = true;
      try {
        response = await post(saveUrl, item.body);
      } catch (e) {
        enqueue(item); // no connection, or no answer in time: kept on the phone
        return;
      } finally {
        saveButton.disabled = false;
      }
      if (response.status >= 500) { enqueue(item); return; }
      const html = response.html;
      if (response.ok) {
        apply(html);
        openDeal(item.number + 1);
        showUndo({ number: item.number, key: item.key, queued: false });
      } else if (response.status === 422) {
        preview.textContent = ""; // the refusal is said once, beside Save
        apply(html); // the form stays as it was
      } else if (response.status === 409) {
        apply(html);
        openDeal(Number(response.headers.get("X-Deal-Next")) || item.number + 1);
      } else {
        say(words.failed + " (" + response.status + "): " + textOf(html).slice(0, 200), "refused");
      }
    }

    async function flush() {
      if (sending) return;
      sending = true;
      try {
        for (let queue = load(); queue.length && !queue[0].problem; queue = load()) {
          const item = queue[0];
          let response;
          try { response = await post(saveUrl, item.body); } catch (e) { break; } // offline or hung: later
          if (response.status >= 500) break; // the server's trouble: try again later
          const html = response.html;
          if (response.ok) {
            apply(html);
            removeKey(item.key);
            if (lastSaved && lastSaved.key === item.key) lastSaved.queued = false;
          } else {
            store(load().map((q) => (q.key === item.key
              ? { ...q, problem: textOf(html) || words.failed, next: Number(response.headers.get("X-Deal-Next")) || null }
              : q)));
            break;
          }
        }
      } finally {
        sending = false;
        render();
      }
    }

    function render() {
      const queue = load();
      queueCount.hidden = queue.length === 0;
      queueCount.textContent = queue.length + " " + (queue.length === 1 ? words.waiting1 : words.waiting);
      queueList.hidden = queue.length === 0;
      queueList.replaceChildren(...queue.map((item) => {
        const line = document.createElement("p");
        line.textContent = words.deal + " " + item.number + ": " + item.summary;
        if (item.problem) {
          line.className = "conflict";
          line.setAttribute("role", "alert");
          line.append(" — " + words.conflict + ": " + item.problem + " ");
          const drop = button(words.drop, () => { removeKey(item.key); render(); flush(); });
          line.append(drop);
          if (item.next && item.next !== item.number) {
            line.append(" ", button(words.as + " " + item.next, () => {
              const body = new URLSearchParams(item.body);
              body.set("number", item.next);
              store(load().map((q) => (q.key === item.key
                ? { ...q, number: item.next, body: body.toString(), problem: null, next: null } : q)));
              flush();
            }));
          } else {
            line.append(" ", button(words.retry, () => {
              store(load().map((q) => (q.key === item.key ? { ...q, problem: null } : q)));
              flush();
            }));
          }
        }
        return line;
      }));
    }

    function button(text, onClick) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "small secondary";
      b.textContent = text;
      b.addEventListener("click", onClick);
      return b;
    }

    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const body = new URLSearchParams(new FormData(form)).toString();
      submitDeal({ number: current(), key: form.elements.submission_key.value, body, summary: summary() });
    });

    // On a laptop: Enter on any choice saves, as it does in a number field.
    form.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && event.target.matches("input[type=radio], input[type=checkbox]")) {
        event.preventDefault();
        form.requestSubmit();
      }
    });

    undoButton.dataset.word = undoButton.textContent.trim();
    undoButton.addEventListener("click", async () => {
      if (!lastSaved) return;
      const saved = lastSaved;
      undoButton.hidden = true;
      lastSaved = null;
      if (saved.queued && load().some((item) => item.key === saved.key)) {
        removeKey(saved.key);
        render();
        openDeal(saved.number);
        say(words.deal + " " + saved.number + ": " + words.undone);
        return;
      }
      try {
        const response = await post(form.dataset.undoUrl, "number=" + saved.number);
        if (response.ok) { window.location.reload(); return; }
        say(textOf(response.html), "refused");
      } catch (e) {
        say(words.offline, "refused");
      }
    });

    /* Ramsch: the tricks add up to ten, so H's follow from V's and M's (he can still change them); the card
       points are typed on the keypad, V's first. */
    form.addEventListener("change", (event) => {
      const name = event.target.name;
      if (name === "kind" && event.target.value === "ramsch") form.elements.ramsch_v_points.focus();
      if (name === "ramsch_h_tricks") delete form.dataset.autoH;
      if (name === "ramsch_v_tricks" || name === "ramsch_m_tricks") {
        const v = form.querySelector("input[name=ramsch_v_tricks]:checked");
        const m = form.querySelector("input[name=ramsch_m_tricks]:checked");
        const h = form.querySelector("input[name=ramsch_h_tricks]:checked");
        if (v && m && (!h || form.dataset.autoH)) {
          const rest = 10 - Number(v.value) - Number(m.value);
          const target = form.querySelector(`input[name=ramsch_h_tricks][value="${rest}"]`);
          if (target) { target.checked = true; form.dataset.autoH = "1"; }
        }
      }
    });

    // The copy's last deal may not be the server's last any more: no undo offered for it.
    if (form.dataset.last && !isCopy) showUndo({ number: Number(form.dataset.last), key: null, queued: false });
    const queued = load();
    const opened = isCopy ? Number(localStorage.getItem(nextKey)) || 0 : 0; // a fresh page knows better
    const after = Math.max(opened, ...queued.map((item) => item.number + 1));
    if (after > current()) openDeal(after);
    else remember(current());
    if (queued.length) {
      render();
      flush();
    }
    openAtTheDeal();
    register(form.dataset.worker);
    active = () => { if (load().length) flush(); };
  }
})();
