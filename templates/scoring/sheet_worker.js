{% load static %}{# rendered by scoring.entry.views.sheet_worker: a template only for the static files' addresses #}
/* The table sheet's service worker: a reload without the hall's Wi-Fi still shows the sheet, with the deals
   waiting on this phone (static/js/entry.js keeps and sends them; this script only keeps the page).

   Served at /t/sw.js (scoring/entry/views.py, sheet_worker), so its scope is /t/: only pages of a table link
   are ever controlled, never a staff or committee page.

   Kept: the sheet page of the table link last opened on this phone (/t/<token>/, GET, network first: the copy
   is answered only when the network fails) and the files that page loads. Never a POST's answer.

   The table-link pages are sent "Cache-Control: no-store" so that no shared cache and no back-button store
   keeps a page whose address is the table's password. The one copy kept here is in this phone's own Cache
   Storage, for this origin and this table's link only: the same phone already holds that link (its history,
   its QR scan) and the queue of that table's deals in localStorage, so the copy tells nobody at that phone
   anything more. A link reissued (the server answers 404) or another table's link opened drops the copy. */
"use strict";

const CACHE = "skat-sheet-v1"; // a new name drops every copy an older version of this script kept
const ASSETS = ["{% static 'css/site.css' %}", "{% static 'css/sheet.css' %}", "{% static 'js/entry.js' %}",
                "{% static 'js/series-clock.js' %}", "{% static 'django_htmx/htmx-2.min.js' %}"];
const SHEET = /^\/t\/[^/]+\/$/; // a table link's sheet; its other addresses are POSTs
const MARK = 'id="offline-copy" hidden'; // the copy's notice (scoring/table_sheet.html), shown only in the copy

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    const cache = await caches.open(CACHE);
    for (const request of await cache.keys()) { // files of an older deployment
      const path = new URL(request.url).pathname;
      if (!SHEET.test(path) && !ASSETS.includes(path)) await cache.delete(request);
    }
    await self.clients.claim();
    // The page that registered this worker was loaded without it: keep its sheet now, for the first reload.
    for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
      const url = new URL(client.url);
      if (SHEET.test(url.pathname)) await keepSheet(cache, url.href, await fetch(url.href).catch(() => null));
    }
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return; // the browser's own way
  if (request.mode === "navigate" && SHEET.test(url.pathname)) event.respondWith(sheet(request));
  else if (ASSETS.includes(url.pathname)) event.respondWith(asset(request));
});

/* Network first: the server's sheet whenever it answers; the copy only when the network fails. */
async function sheet(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    await keepSheet(cache, request.url, response.clone());
    return response;
  } catch (error) {
    const copy = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
    if (!copy) throw error;
    const html = (await copy.text()).replace(MARK, 'id="offline-copy"');
    return new Response(html, { status: copy.status, headers: copy.headers });
  }
}

/* One sheet at a time: the last one the server showed; a link the server no longer knows is dropped. */
async function keepSheet(cache, url, response) {
  if (!response) return;
  const key = new URL(url);
  key.search = "";
  if (response.status === 200 && !response.redirected) {
    for (const request of await cache.keys()) {
      if (SHEET.test(new URL(request.url).pathname) && request.url !== key.href) await cache.delete(request);
    }
    await cache.put(key.href, response);
  } else if (response.status === 404) {
    await cache.delete(key.href);
  }
}

async function asset(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const copy = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
    if (!copy) throw error;
    return copy;
  }
}
