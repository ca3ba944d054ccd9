// The tournament page's share link: "Copy link" (Clipboard API) and "Share…" (Web Share API, on
// phones), each shown only where the browser has it.  Without script the address stays in its box,
// selected on focus.  A file of its own: the Content-Security-Policy allows no inline script.  Its
// messages in the page's language come with the script tag (data-copied, data-copy-from-box).
(function () {
  "use strict";
  var messages = document.currentScript.dataset;
  var input = document.getElementById("share-url");
  if (!input) return;
  var copy = document.getElementById("copy-link");
  var share = document.getElementById("share-button");
  var status = document.getElementById("share-status");
  function say(text) { status.textContent = text; }

  input.addEventListener("focus", function () { input.select(); });

  if (navigator.clipboard && window.isSecureContext) {
    copy.hidden = false;
    copy.addEventListener("click", function () {
      navigator.clipboard.writeText(input.value).then(
        function () { say(messages.copied || "Link copied."); },
        function () { input.select(); say(messages.copyFromBox || "Copy it from the box."); });
    });
  }
  if (navigator.share) {
    share.hidden = false;
    share.addEventListener("click", function () {
      navigator.share({ title: document.title, url: input.value }).catch(function () { /* dismissed */ });
    });
  }
})();
