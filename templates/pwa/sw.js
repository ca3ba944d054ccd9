{% autoescape off %}// The service worker of the installable web app (issue 25, docs/players.md), served at /sw.js by
// tournaments/fronts/public/pwa.py.  It keeps the app shell (styles, scripts, icons) and a copy of the
// pages a player opened that are his own or public: his entry's page (/me/entries/N/) and the public pages
// (/ and /t/...).  It stores nothing else: no arbiter page (/manage/), no API, no sign-in page, no answer
// to a POST, no htmx part, no address with a query.  Online, a page comes from the server (its copy
// renewed); offline, the copy is shown with the note "offline — last updated at ..." (templates/base.html),
// and an address never opened shows the last pairing opened.  Signing in or out forgets the copies.
"use strict";
const VERSION = "{{ version }}";
const SHELL = "swiss-shell-" + VERSION;
const PAGES = "swiss-pages";
const SHELL_FILES = {{ shell }};
const LAST = "/__last-pairing__";
const OWN = /^\/me\/entries\/\d+\/$/;
const PUBLIC = /^\/(t\/[\w-]+\/([\w-]+\/)*)?$/;
const PAIRING = /^\/(me\/entries\/\d+|t\/[\w-]+\/(player|round)\/\d+)\/$/;
const SIGN = /^\/(accounts\/log(in|out)|me\/sign-in)\//;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((name) => name.startsWith("swiss-shell-") && name !== SHELL).map((name) => caches.delete(name))
  )).then(() => self.clients.claim()));
});

function kept(url) {
  if (url.search || url.pathname.endsWith("/live/")) return false;
  return OWN.test(url.pathname) || PUBLIC.test(url.pathname);
}

async function store(url, response) {
  const body = await response.text();
  const headers = new Headers(response.headers);
  ["Content-Encoding", "Content-Length", "Set-Cookie"].forEach((name) => headers.delete(name));
  headers.set("X-Stored-At", new Date().toISOString());
  const cache = await caches.open(PAGES);
  await cache.put(url.pathname, new Response(body, {status: 200, headers}));
  if (PAIRING.test(url.pathname)) await cache.put(LAST, new Response(body, {status: 200, headers}));
}

async function offlineCopy(url) {
  const cache = await caches.open(PAGES);
  const found = (await cache.match(url.pathname, {ignoreVary: true})) || (await cache.match(LAST, {ignoreVary: true}));
  if (!found) return null;
  const stored = found.headers.get("X-Stored-At") || "";
  const body = (await found.text())
    .replace(/(<p [^>]*id="offline-note"[^>]*?) hidden/, "$1")
    .replace('<time id="offline-time">', '<time id="offline-time" datetime="' + stored + '">');
  return new Response(body, {status: 200, headers: found.headers});
}

async function fromNetwork(request, url) {
  try {
    const response = await fetch(request);
    const cacheControl = response.headers.get("Cache-Control") || "";
    if (response.status === 200 && !response.redirected && response.type === "basic" && !cacheControl.includes("no-store")) {
      await store(url, response.clone());
    }
    return response;
  } catch (error) {
    const copy = await offlineCopy(url);
    if (copy) return copy;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && SIGN.test(url.pathname)) {
    event.waitUntil(caches.delete(PAGES));  // another person may sign in next on this phone
    return;
  }
  if (request.method !== "GET") return;
  if (SHELL_FILES.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(request)));  // a new version online, the kept one offline
    return;
  }
  if (!kept(url) || request.headers.get("HX-Request")) return;
  event.respondWith(fromNetwork(request, url));
});
{% endautoescape %}
