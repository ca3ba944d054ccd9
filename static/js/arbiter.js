// Arbiter pages: no second click on a button that starts an action, and fast result entry.
// The messages, in the page's language, come with the script tag (templates/arbiter/_script.html).
const arbiterMessages = document.currentScript.dataset;

document.addEventListener("submit", (event) => {
  const button = event.target.querySelector("button[data-once]");
  if (button) {
    if (button.disabled) { event.preventDefault(); return; }
    button.disabled = true;
    button.textContent = arbiterMessages.working;
  }
});

// Result entry: Enter saves the board (the input's change event) and moves to the next one.
document.addEventListener("keydown", (event) => {
  const input = event.target;
  if (event.key !== "Enter" || !input.matches("input.result")) return;
  event.preventDefault();
  const inputs = [...document.querySelectorAll("input.result")];
  const next = inputs[inputs.indexOf(input) + 1];
  if (next) { next.focus(); next.select(); } else { input.blur(); }
});

// Result entry: a save that fails shows at once, in its row, and can be retried.
// A refused result comes back as 422 with the row and the reason: swap it in like a saved one.
document.addEventListener("htmx:beforeSwap", (event) => {
  if (event.detail.xhr.status === 422 && event.target.matches("tr.result-row")) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});

// No answer, or an answer that is not the row (a server error): the typed text stays, marked not saved.
function markNotSaved(input, message) {
  const row = input.closest("tr.result-row");
  if (!row) return;
  row.classList.remove("saved");
  row.classList.add("unsaved");
  row.querySelector(".saved-mark")?.remove();
  row.querySelector(".error")?.remove();
  const alert = document.createElement("div");
  alert.className = "error";
  alert.setAttribute("role", "alert");
  alert.textContent = message + " ";
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "retry";
  retry.textContent = arbiterMessages.retry;
  alert.append(retry);
  input.closest("form").after(alert);
}

document.addEventListener("htmx:sendError", (event) => {
  markNotSaved(event.target, arbiterMessages.connectionLost);
});

document.addEventListener("htmx:responseError", (event) => {
  const status = event.detail.xhr.status;
  markNotSaved(event.target, status === 401 ? arbiterMessages.notSavedSignedOut
    : arbiterMessages.serverError.replace("{status}", status));
});

document.addEventListener("click", (event) => {
  const retry = event.target.closest("tr.result-row button.retry");
  if (!retry) return;
  retry.disabled = true;
  htmx.trigger(retry.closest("tr").querySelector("input.result"), "change");
});

// A lapsed login (the server answers an htmx request with 401, nothing swapped): the page stays as it
// is, a banner says so with a link to log in again in a new tab and one button that saves what was
// typed; the typed results are also kept in this tab's sessionStorage, so that a reload or a login in
// this tab finds them again in their rows.
const pendingKey = "arbiter-pending:" + location.pathname;

function pendingResults() {
  try { return JSON.parse(sessionStorage.getItem(pendingKey)) || {}; } catch { return {}; }
}

function keepPending(rowId, typed) {
  const pending = pendingResults();
  if (typed === null) delete pending[rowId]; else pending[rowId] = typed;
  sessionStorage.setItem(pendingKey, JSON.stringify(pending));
}

function showSignedOut() {
  if (document.getElementById("signed-out")) return;
  const banner = document.createElement("div");
  banner.id = "signed-out";
  banner.className = "error signed-out";
  banner.setAttribute("role", "alert");
  const text = document.createElement("p");
  text.textContent = arbiterMessages.signedOut;
  const login = document.createElement("a");
  login.href = arbiterMessages.loginUrl;
  login.target = "_blank";
  login.className = "button";
  login.textContent = arbiterMessages.logInAgain;
  const save = document.createElement("button");
  save.type = "button";
  save.className = "save-typed";
  save.textContent = arbiterMessages.saveTyped;
  banner.append(text, login, " ", save);
  (document.querySelector("main") || document.body).prepend(banner);
}

function saveTyped() {
  document.querySelectorAll("tr.result-row.unsaved input.result").forEach((input) => htmx.trigger(input, "change"));
}

document.addEventListener("click", (event) => {
  if (event.target.closest("#signed-out button.save-typed")) saveTyped();
});

// Django gives a new CSRF token at login: a request made after logging in again (in another tab)
// sends the current one, read from its cookie, not the one this page was served with.
document.addEventListener("htmx:configRequest", (event) => {
  const token = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="))?.split("=")[1];
  if (!token) return;
  event.detail.headers["X-CSRFToken"] = token;
  if (event.detail.parameters.csrfmiddlewaretoken !== undefined) {
    event.detail.parameters.csrfmiddlewaretoken = token;
  }
});

document.addEventListener("htmx:afterRequest", (event) => {
  const status = event.detail.xhr.status;
  // The row that asked (its hx-target): still readable once the answer replaced it in the page.
  const row = event.detail.target?.closest?.("tr.result-row");
  if (status === 401) {
    showSignedOut();
    const input = row?.querySelector("input.result");
    if (input) keepPending(row.id, input.value);
    return;
  }
  if (status && status < 500) document.getElementById("signed-out")?.remove();
  // Answered (saved, or refused with its reason in the row): nothing left to keep.
  if (row && (status === 200 || status === 422)) keepPending(row.id, null);
});

// Typed while signed out, then the page was reloaded (after logging in): back in its row, one click saves it.
for (const [rowId, typed] of Object.entries(pendingResults())) {
  const input = document.querySelector(`#${CSS.escape(rowId)} input.result`);
  if (!input || input.value === typed) { keepPending(rowId, null); continue; }
  input.value = typed;
  markNotSaved(input, arbiterMessages.notSavedYet);
}
