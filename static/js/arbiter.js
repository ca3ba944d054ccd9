// Arbiter pages: no second click on a button that starts an action, and fast result entry.
document.addEventListener("submit", (event) => {
  const button = event.target.querySelector("button[data-once]");
  if (button) {
    if (button.disabled) { event.preventDefault(); return; }
    button.disabled = true;
    button.textContent = "Working…";
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
