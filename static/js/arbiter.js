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
  markNotSaved(event.target, arbiterMessages.serverError.replace("{status}", event.detail.xhr.status));
});

document.addEventListener("click", (event) => {
  const retry = event.target.closest("tr.result-row button.retry");
  if (!retry) return;
  retry.disabled = true;
  htmx.trigger(retry.closest("tr").querySelector("input.result"), "change");
});
