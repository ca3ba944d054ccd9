// The tournament's settings: the edition list follows the system.  The editions are grouped by
// system (an <optgroup> each, labelled with the system's title, which begins the system option's
// text); only the chosen system's group is offered, and its latest edition is taken when the
// edition chosen belongs to another system.  Without the script every group stays listed and the
// server refuses an edition of another system.
const systemSelect = document.getElementById("id_system");
const editionSelect = document.getElementById("id_edition");

function followSystem() {
  const system = systemSelect.options[systemSelect.selectedIndex].text;
  let chosenStays = false;
  let latest = null;
  for (const group of editionSelect.querySelectorAll("optgroup")) {
    const mine = system.startsWith(group.label);
    group.hidden = !mine;
    if (mine) {
      latest = group.querySelector("option:last-of-type");
      chosenStays = group.contains(editionSelect.options[editionSelect.selectedIndex]);
    }
  }
  if (!chosenStays && latest) latest.selected = true;
}

if (systemSelect && editionSelect && !systemSelect.disabled) {
  systemSelect.addEventListener("change", followSystem);
  followSystem();
}
