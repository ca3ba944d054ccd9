// The live parts of the player's and the public pages (issue 25, docs/players.md), with the service worker.
// - htmx asks for each [data-live] part every few seconds (its hx-trigger); not while the tab is hidden,
//   and at once when it is shown again.
// - A part that changed (a 200 swapped in, not the 204 of an unchanged revision) has the page fetched again in the
//   background, so the service worker's offline copy of the page holds the new board too.
// - The service worker (served at /sw.js) is registered here: only these pages load this script.
// - An offline copy says when it was kept: the worker sets the time, written here in the page's language.
(function () {
  "use strict";
  var script = document.currentScript;

  if ("serviceWorker" in navigator && script && script.dataset.worker) {
    navigator.serviceWorker.register(script.dataset.worker, {scope: "/"}).catch(function () {});
  }

  function live(element) {
    return element && element.hasAttribute && element.hasAttribute("data-live");
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (document.hidden && live(event.detail.elt)) event.preventDefault();
  });

  document.addEventListener("visibilitychange", function () {
    if (document.hidden || !window.htmx) return;
    document.querySelectorAll("[data-live]").forEach(function (element) { window.htmx.trigger(element, "live-refresh"); });
  });

  // A part swapped in (htmx:load on the new element: a 204 swaps nothing).
  document.addEventListener("htmx:load", function (event) {
    if (!live(event.detail.elt)) return;
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      fetch(window.location.pathname, {credentials: "same-origin"}).catch(function () {});
    }
  });

  function offlineTime() {
    var time = document.getElementById("offline-time");
    var at = time && time.getAttribute("datetime");
    if (!at) return;
    var moment = new Date(at);
    if (!isNaN(moment)) time.textContent = moment.toLocaleString(document.documentElement.lang || undefined);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", offlineTime);
  else offlineTime();
}());
