// New session: show the partner boxes only for four players; tap a recent name to fill a box.
(function () {
  "use strict";
  const form = document.getElementById("new-session");
  if (!form) return;
  const fourPlayers = () => {
    const checked = form.querySelector('input[name="players"]:checked');
    return !checked || checked.value === "4";
  };
  function render() {
    form.classList.toggle("two-players", !fourPlayers());
  }
  form.querySelectorAll(".chip").forEach((chip) => chip.addEventListener("click", () => {
    const boxes = Array.from(form.querySelectorAll(".player-name"))
      .filter((box) => box.offsetParent !== null);
    const taken = boxes.some((box) => box.value.trim().toLowerCase() === chip.dataset.name.toLowerCase());
    const empty = boxes.find((box) => !box.value.trim());
    if (!taken && empty) { empty.value = chip.dataset.name; chip.disabled = true; }
  }));
  form.addEventListener("change", render);
  render();
})();
